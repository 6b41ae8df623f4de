import type { Extracted } from "../facts.ts";
import type { Syntax } from "./strip.ts";

/**
 * A language plug-in: which files it claims and how it reads them. Resolution of its
 * import specifiers to files lives in analysis/resolve/, keyed by the same id.
 */
export type Language = {
  id: string;
  name: string;
  /** File name endings it claims, with the dot: ".ts". */
  extensions: readonly string[];
  /** How the language writes comments and strings: what `strip` removes before any pattern runs. */
  syntax: Syntax;
  extract(text: string, path: string): Extracted;
};

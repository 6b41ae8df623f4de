/**
 * The framework table: every route scanner, and the comment/string syntax of each language
 * they read. Adding a framework is one module and one line here.
 */
import { javascriptSyntax } from "../../languages/javascript/syntax.ts";
import type { Syntax } from "../../languages/strip.ts";
import type { Framework } from "../framework.ts";
import { express } from "./express.ts";

export const FRAMEWORKS: readonly Framework[] = [express];

/** How each language writes comments and strings, so scanners never read inside them. */
export const SYNTAX: Record<string, Syntax> = {
  javascript: javascriptSyntax,
  typescript: javascriptSyntax,
  vue: javascriptSyntax,
  svelte: javascriptSyntax,
};

/** Languages whose files carry JS import bindings and exports for the linker. */
export const JS_LANGUAGES = new Set(["javascript", "typescript", "vue", "svelte"]);

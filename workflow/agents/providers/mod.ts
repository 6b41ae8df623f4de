import { claude } from "./claude.ts";
import { codex } from "./codex.ts";
import { customProvider, type CustomProvider } from "./custom.ts";
import { gemini } from "./gemini.ts";
import { opencode } from "./opencode.ts";
import type { Provider } from "./provider.ts";

export type { Provider, RunRequest } from "./provider.ts";
export { CustomProvider, SAFE_WORD } from "./custom.ts";

/** The built-in providers, in the order the console offers them. */
export const BUILT_IN: readonly Provider[] = [claude, codex, gemini, opencode];

/** Built-in and custom providers; a custom one cannot take a built-in id. */
export function providerTable(custom: readonly CustomProvider[]): Provider[] {
  const ids = new Set(BUILT_IN.map((p) => p.id));
  return [...BUILT_IN, ...custom.filter((c) => !ids.has(c.id)).map(customProvider)];
}

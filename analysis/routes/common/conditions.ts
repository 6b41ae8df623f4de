import { closing } from "../../languages/curly.ts";

/**
 * The conditions of the `if`s (and PHP's `elseif`s) whose block holds offset `at` in a
 * language of braces, outermost first; undefined when a `catch` block holds it. Blocks are
 * found by braces (a braceless `if` holds its next statement).
 */
export function enclosingTests(text: string, at: number): string[] | undefined {
  return enclosingTestSpans(text, at)?.map(({ start, end }) => text.slice(start, end));
}

/** Where the conditions enclosingTests reads are written: to read them from the text where the code has its strings blanked. */
export function enclosingTestSpans(text: string, at: number): { start: number; end: number }[] | undefined {
  const tests: { start: number; end: number }[] = [];
  for (const m of text.slice(0, at).matchAll(/\b(if|elseif|catch)\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const close = closing(text, open) - 1;
    if (close >= text.length - 1 || close > at) continue;
    const after = /^\s*\{/.exec(text.slice(close + 1));
    const end = after ? closing(text, close + 1 + after[0].length - 1) - 1 : text.indexOf(";", close);
    if (end === -1 || at > end) continue;
    if (m[1] === "catch") return undefined;
    tests.push({ start: open + 1, end: close });
  }
  return tests;
}

/**
 * The one runtime-specific tuning of the analysis: keeping its hottest loops out of
 * JavaScriptCore's top tier (FTL) under Bun; under any other runtime it does nothing.
 *
 * Why: a cold analysis runs each of these functions on thousands of files for well under a
 * second, and FTL compiles them while that happens: on payload (5,000 TypeScript files) the FTL
 * compiled the lexer three times and the import extractor once, about half a second of CPU in
 * all, on the second core that the garbage collector and an extraction worker need. The code
 * of the tier below (DFG) is as fast for runs this short: a cold `tool graph` there went from
 * 770 to 700 ms, and its CPU time from 1.1 to 0.75 s (ARCHITECTURE.md has the figures).
 */
type Jsc = { noFTL(fn: (...args: never[]) => unknown): void };

const jsc: Jsc | undefined = typeof Bun === "undefined" ? undefined : (import.meta.require("bun:jsc") as Jsc);

/** Never compile these functions with the FTL (Bun only); they still get the DFG tier. */
export function belowTopTier(...functions: ((...args: never[]) => unknown)[]): void {
  for (const fn of functions) jsc?.noFTL(fn);
}

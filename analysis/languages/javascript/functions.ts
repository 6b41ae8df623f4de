/**
 * The functions of a JavaScript or TypeScript file, for its most complex one (../functions.ts):
 * a line opens a function body when it holds `function`, ends a method or function-valued
 * property header (`name(params): T {`, with modifiers), or ends an arrow with a block body
 * (`=> {`, or `=> (` for an expression over several lines). A header whose parameters run over several lines ends with `(`: it is one when the
 * line that closes them, at the header's indentation, ends with `{`.
 */
import type { FunctionFact } from "../../facts.ts";
import { functionSpans, lineStarts, MEASURED_FROM, mostComplex, NOT_A_NAME } from "../functions.ts";
import { indentWidth } from "../nesting.ts";

/**
 * Lines that may open a function: ending with `{` or `(`, or holding the word `function`. The
 * match is where the line says so, not the whole line (functionSpans takes its line): a
 * pattern that spans lines with `.*` backtracks over each and took three times as long.
 */
const CANDIDATE = /[{(][ \t]*\r?$|\bfunction\b/gm;
const COMMENT_LINE = /^[ \t]*(?:\/\/|\/\*|\*)/;
const FUNCTION_KEYWORD = /\bfunction\b[ \t]*\*?[ \t]*([\w$]+)?[ \t]*[(<]/;
/** An arrow whose body is a block, or a parenthesised expression over several lines (JSX). */
const ARROW_BLOCK = /=>[ \t]*[{(][ \t]*\r?$/;
/** The name a function value is given: `const name =`, `name =` (a class field), `name:` (a property). */
const BOUND_NAME = /(?:^|[\s,{(])(#?[\w$]+)[ \t]*(?:![ \t]*)?(?::[^=]*?)?(?:=(?![=>])|:)[ \t]*(?:async\b[ \t]*)?(?:function\b|\(|[\w$]+[ \t]*=>|<)/;
const METHOD = /^[ \t]*(?:(?:export|default|public|private|protected|static|async|override|readonly|abstract|declare|get|set|accessor)[ \t]+)*\*?[ \t]*(#?[\w$]+)[ \t]*(?:<[^>\n]*>)?[ \t]*\(/;
const ENDS_BLOCK = /\{[ \t]*\r?$/;
const ENDS_OPEN_PAREN = /\([ \t]*\r?$/;
const CLOSES_PARAMS = /^[ \t]*\)/;

/** The most complex function of `src`, given the line (1-based) of each decision point (from MEASURED_FROM of them). */
export function mostComplexScriptFunction(src: string, decisionLines: readonly number[]): FunctionFact | undefined {
  if (decisionLines.length < MEASURED_FROM) return undefined;
  const lines = src.split("\n");
  const starts = lineStarts(src);
  const spans = functionSpans(src, starts, CANDIDATE, (_match, line) => functionName(lines, line));
  // Decision points before each line (0-based), so a range's count is one subtraction.
  const before = new Uint32Array(lines.length + 1);
  for (const line of decisionLines) if (line >= 1 && line <= lines.length) before[line]!++;
  for (let i = 1; i <= lines.length; i++) before[i]! += before[i - 1]!;
  return mostComplex(spans, src, starts, (start, end) => before[end]! - before[start]!);
}

/** The name of the function line `at` opens, "(anonymous)" for an unnamed one, or undefined. */
function functionName(lines: readonly string[], at: number): string | undefined {
  const text = lines[at]!;
  // A line closing parameters (`): T => {`) belongs to the header that opened them.
  if (COMMENT_LINE.test(text) || CLOSES_PARAMS.test(text)) return undefined;
  const keyword = FUNCTION_KEYWORD.exec(text);
  if (keyword) return keyword[1] ?? BOUND_NAME.exec(text)?.[1] ?? "(anonymous)";
  if (ARROW_BLOCK.test(text)) return BOUND_NAME.exec(text)?.[1] ?? "(anonymous)";
  const method = METHOD.exec(text);
  if (!method || NOT_A_NAME.has(method[1]!)) {
    // `const name = async (` with its parameters on the lines below.
    const bound = ENDS_OPEN_PAREN.test(text) ? BOUND_NAME.exec(text) : null;
    return bound && paramsOpenBlock(lines, at, true) ? bound[1] : undefined;
  }
  if (ENDS_BLOCK.test(text)) return method[1];
  return ENDS_OPEN_PAREN.test(text) && paramsOpenBlock(lines, at, false) ? method[1] : undefined;
}

/** Whether the parameters opened at the end of line `at` close, at its indentation, with a block. */
function paramsOpenBlock(lines: readonly string[], at: number, arrow: boolean): boolean {
  const indent = indentWidth(lines[at]!);
  for (let i = at + 1; i < lines.length && i < at + 60; i++) {
    const width = indentWidth(lines[i]!);
    if (width < 0 || width > indent) continue;
    if (!CLOSES_PARAMS.test(lines[i]!)) return false;
    return arrow ? ARROW_BLOCK.test(lines[i]!) : ENDS_BLOCK.test(lines[i]!);
  }
  return false;
}

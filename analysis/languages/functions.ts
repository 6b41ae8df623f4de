import type { FunctionFact } from "../facts.ts";

/**
 * A file's most complex function: the unit a person simplifies. A file's total decision points
 * say how much logic it holds, not whether any of it is hard to follow: a long module of forty
 * small functions totals as much as one with a 60-branch function, and only the second needs
 * work. So each language names its function headers, and this module finds each function's
 * extent and counts its own decision points (those of the functions nested in it are theirs,
 * as lizard and ESLint's `complexity` count them).
 *
 * A function's body is found by indentation, which every mainstream formatter makes reliable
 * (gofmt, black, prettier, rustfmt...): it runs from the header to the first later line indented
 * no deeper than the header, included when that line closes the body (`}`, Ruby and Elixir's
 * `end`), excluded otherwise (Python's next statement). A line at the header's depth that starts
 * with `{`, `)` or `]` continues the header (Allman braces, parameters over several lines), as
 * does a `where` clause (Rust, C#, Swift generic constraints), or one that closes a parameter's
 * object type, a destructured parameter or a return type over several lines and opens the body
 * (`}): Promise<R> {`, `}: Props) {`), and
 * a label or a Ruby `rescue` there is still the body's.
 */

/** A function's lines: `start` is the header's (0-based), `end` the first line after the body. */
export type FunctionSpan = { name: string; start: number; end: number };

const CONTINUES_HEADER = /[ \t]*(?:[{)\]]|where\b)/y;
/**
 * A line at the header's depth closing what the header opened, then opening the body: the end of a
 * parameter's object type (`}): Promise<Result> {`), of a destructured parameter and its type
 * (`}: Props) {`), or of a return type over several lines (`> {`); or a destructured parameter's
 * end opening its object type (`}: {`, as prettier writes it, unlike a ternary's `} : {`).
 */
const CLOSES_HEADER = /[ \t]*(?:(?:\}(?::[^\n]*?)?[ \t]*[)\]>]|>)[^\n]*?(?:\{|=>)|\}:[ \t]*\{)[ \t]*\r?$/my;
/**
 * Lines at the header's own depth that are still the body's: a label (gofmt and C style put
 * `walk:` and `out:` there), and Ruby's method-level `rescue` and `ensure`.
 */
const SAME_DEPTH_BODY = /[ \t]*(?:(?!(?:else|try|finally|default)\b)[A-Za-z_]\w*:[ \t]*\r?$|(?:rescue|ensure)\b)/my;
const CLOSES_BODY = /[ \t]*(?:\}|end\b)/y;

/** The offset where each line of `text` starts, and one past the end. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  starts.push(text.length + 1);
  return starts;
}

/** The indentation width of the line starting at `at` (a tab counts as four), or -1 when blank. */
function indentAt(text: string, at: number): number {
  let width = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) width++;
    else if (c === 9) width += 4;
    else if (c === 10) return -1;
    else if (c !== 13) return width;
  }
  return -1;
}

const matchesAt = (pattern: RegExp, text: string, at: number) => {
  pattern.lastIndex = at;
  return pattern.test(text);
};

/** Where the body of the function whose header is on line `start` ends (exclusive). */
export function bodyEnd(text: string, starts: readonly number[], start: number): number {
  const lineCount = starts.length - 1;
  const indent = indentAt(text, starts[start]!);
  for (let i = start + 1; i < lineCount; i++) {
    const at = starts[i]!;
    const width = indentAt(text, at);
    if (width < 0 || width > indent) continue;
    if (matchesAt(CLOSES_HEADER, text, at)) continue;
    const closes = matchesAt(CLOSES_BODY, text, at);
    if (!closes && matchesAt(CONTINUES_HEADER, text, at)) continue;
    if (width === indent && matchesAt(SAME_DEPTH_BODY, text, at)) continue;
    return closes ? i + 1 : i;
  }
  return lineCount;
}

/**
 * The functions whose headers `header` (a global, multiline pattern over `code`) matches; the
 * name is the match's `name` group, or what `nameOf` makes of the match (undefined: no header).
 */
export function functionSpans(
  code: string,
  starts: readonly number[],
  header: RegExp,
  nameOf: (match: RegExpExecArray, line: number) => string | undefined = (match) => match.groups?.name,
): FunctionSpan[] {
  const spans: FunctionSpan[] = [];
  let line = 0;
  let last = -1;
  for (const match of code.matchAll(header)) {
    while (starts[line + 1]! <= match.index) line++;
    if (line === last) continue; // one function per header line
    const name = nameOf(match, line);
    if (name === undefined) continue;
    last = line;
    spans.push({ name, start: line, end: bodyEnd(code, starts, line) });
  }
  return spans;
}

/** The name given to a file's code outside every function (a script's body, class-level set-up). */
export const TOP_LEVEL = "code outside functions";

/**
 * A line that starts a control statement: it opens a block one level deeper (`} else if` and
 * `} catch` included). Branch labels (`case`, `when`) count too: the code under them is indented
 * once more, and that is what a reader follows.
 */
const CONTROL_LINE = /[ \t]*(?:\}[ \t]*)?(?:if|elif|elsif|else|for|foreach|while|do|switch|match|select|case|when|try|catch|except|rescue|unless|until|loop|guard|cond)\b/y;

/**
 * How deep a unit's control statements nest: 1 for one at the unit's own level, one more for
 * each control statement it sits in. Only control statements count, as ESLint's `max-depth`
 * counts them: the closures a middleware factory returns, a long argument list or an object
 * literal indent code without making it branch. A control statement holds the lines after it
 * indented deeper than itself; `lines` are the unit's lines after its header.
 */
export function controlDepth(text: string, starts: readonly number[], lines: Iterable<number>): number {
  const open: number[] = []; // the indentation of each control statement the current line sits in
  let deepest = 0;
  for (const i of lines) {
    const width = indentAt(text, starts[i]!);
    if (width < 0) continue;
    while (open.length && open[open.length - 1]! >= width) open.pop();
    if (!matchesAt(CONTROL_LINE, text, starts[i]!)) continue;
    open.push(width);
    deepest = Math.max(deepest, open.length);
  }
  return deepest;
}

/**
 * The function with the most decision points of its own, given a count over a range of lines
 * (end exclusive), and how deep its control statements nest. The code outside every function
 * competes as TOP_LEVEL (line 1): a script with no function is judged by its body. Undefined
 * when the file has no decision point.
 */
export function mostComplex(spans: readonly FunctionSpan[], text: string, starts: readonly number[], decisions: (start: number, end: number) => number): FunctionFact | undefined {
  const best = mostDecisions(spans, starts.length - 1, decisions);
  if (!best) return undefined;
  const span = best.span;
  // A callback's lines count: its branches inside a loop of the function are read inside it.
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
  const outside = () => {
    const lines: number[] = [];
    let covered = 0; // spans come in order of their start: lines before `covered` are inside one
    for (let i = 0, j = 0; i < starts.length - 1; i++) {
      while (j < spans.length && spans[j]!.start <= i) covered = Math.max(covered, spans[j++]!.end);
      if (i >= covered) lines.push(i);
    }
    return lines;
  };
  const depth = span
    ? controlDepth(text, starts, range(span.start + 1, span.end))
    : controlDepth(text, starts, outside());
  const cases = span ? text.slice(starts[span.start], starts[span.end]! - 1).match(CASE_LABEL)?.length ?? 0 : 0;
  return { name: best.name, line: best.line, ...(span ? { end: span.end } : {}), complexity: best.complexity, depth, ...(cases ? { cases } : {}) };
}

// The arms of a switch (`case` in the C family, Go, Swift, Scala, Python's match; `when` in Ruby).
const CASE_LABEL = /(?<![\w$.])(?:case|when)(?![\w$])/g;

/** The unit with the most decision points of its own, and its span (none for the code outside functions). */
function mostDecisions(spans: readonly FunctionSpan[], lineCount: number, decisions: (start: number, end: number) => number): (Omit<FunctionFact, "depth"> & { span?: FunctionSpan }) | undefined {
  let outside = decisions(0, lineCount);
  for (let j = 0; j < spans.length;) {
    const end = spans[j]!.end;
    outside -= decisions(spans[j]!.start, end);
    while (j < spans.length && spans[j]!.start < end) j++;
  }
  let best: (Omit<FunctionFact, "depth"> & { span?: FunctionSpan }) | undefined = outside > 0 ? { name: TOP_LEVEL, line: 1, complexity: outside } : undefined;
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i]!;
    let own = decisions(span.start, span.end);
    // Direct children: the spans starting inside this one, skipping those nested deeper.
    for (let j = i + 1; j < spans.length && spans[j]!.start < span.end;) {
      const child = spans[j]!;
      const childEnd = Math.min(child.end, span.end);
      own -= decisions(child.start, childEnd);
      while (j < spans.length && spans[j]!.start < childEnd) j++;
    }
    if (!best || own > best.complexity) best = { name: span.name, line: span.start + 1, complexity: Math.max(0, own), span };
  }
  return best;
}

/**
 * Functions are measured in files of at least this many decision points: below it no function
 * can reach the findings' limit for a complex one (analysis/findings/code.ts), and most files are
 * below it, so they cost nothing more to extract.
 */
export const MEASURED_FROM = 20;

/**
 * The most complex function of stripped `code` (comments and strings blanked, lines kept), with
 * the language's own count of decision points applied to each function's lines; `total` is the
 * file's count. Undefined below MEASURED_FROM.
 */
export function mostComplexFunction(
  code: string,
  total: number,
  header: RegExp,
  count: (text: string) => number,
  nameOf?: Parameters<typeof functionSpans>[3],
): FunctionFact | undefined {
  if (total < MEASURED_FROM) return undefined;
  const starts = lineStarts(code);
  const lineCount = starts.length - 1;
  const spans = functionSpans(code, starts, header, nameOf);
  return mostComplex(spans, code, starts, (start, end) => (start === 0 && end === lineCount ? total : count(code.slice(starts[start], starts[end]! - 1))));
}

/** Words that start a statement or an expression, never a function's name or its return type. */
export const NOT_A_NAME = new Set([
  "if", "else", "for", "foreach", "while", "do", "switch", "case", "catch", "try", "finally", "return", "throw", "new",
  "delete", "await", "yield", "goto", "sizeof", "typeof", "using", "lock", "fixed", "when", "in", "is", "as", "with",
  "function", "defer", "go", "unless", "until", "elif", "except",
]);

/**
 * The method and function headers of the C family (C, C++, Java, C#, Dart): a return type or
 * modifiers, a name (with its type parameters, as C#'s `RetryAsync<TResult>(`) and an opening
 * parenthesis, on a line that is not a statement (no `;` before the body's `{`, so one-line
 * methods count). A control statement (`else if (`, `return foo(`) is told apart by its words.
 */
export const C_FAMILY_HEADER = /^[ \t]*(?<prefix>(?:[\w<>[\],.?*&:@()]+[ \t]+)+)(?<name>~?[A-Za-z_][\w:]*)(?:[ \t]*<[^<>\n]*(?:<[^<>\n]*>[^<>\n]*)*>)?[ \t]*\((?:[^;{\n]*\{.*|[^;\n]*)$/gm;

/** The name of a C-family header, or undefined when its words say it is a statement. */
export function cFamilyName(match: RegExpExecArray): string | undefined {
  const name = match.groups!.name!;
  const words = match.groups!.prefix!.trim().split(/[ \t]+/);
  if (NOT_A_NAME.has(name) || words.some((word) => NOT_A_NAME.has(word))) return undefined;
  return name.slice(name.lastIndexOf(":") + 1);
}

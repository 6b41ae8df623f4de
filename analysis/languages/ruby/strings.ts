/**
 * Ruby's literals for the stripper: quotes with `#{}` interpolation (which may hold strings of
 * its own), `%q %Q %w %W %i %I %r %s %x %()` with any delimiter (paired ones nest), regular
 * expressions where an expression may start, heredocs (`<<~ID`, `<<-ID`, `<<ID`, quoted IDs,
 * several on one line), `=begin`/`=end` blocks and the `__END__` data section.
 */
import { skipInterpolation, type StringMatch, type Syntax } from "../strip.ts";

const isIdentChar = (c: string | undefined) => c !== undefined && /[\w\u0080-\uffff]/.test(c);
const PAIRS: Record<string, string> = { "(": ")", "[": "]", "{": "}", "<": ">" };
const INTERPOLATING_PERCENT = new Set(["Q", "W", "I", "r", "x", ""]);
// After these words an expression starts, so `/` and `%` open literals.
const KEYWORDS = new Set([
  "if",
  "elsif",
  "unless",
  "while",
  "until",
  "when",
  "and",
  "or",
  "not",
  "return",
  "then",
  "do",
  "else",
  "case",
  "in",
  "puts",
  "print",
  "p",
  "raise",
  "yield",
  "break",
  "next",
]);
const HEREDOC = /<<([~-]?)(?:(["'`])([^"'`\n]+)\2|([A-Za-z_]\w*))/y;

/** Whether a literal may start at `pos` (as opposed to a division or modulo operator). */
function expressionStarts(src: string, pos: number, next: string | undefined): boolean {
  let i = pos - 1;
  while (i >= 0 && (src[i] === " " || src[i] === "\t")) i--;
  if (i < 0 || src[i] === "\n" || src[i] === "\r" || src.charCodeAt(i) === 0xfeff) return true;
  const prev = src[i]!;
  if ("(,=[{;|&!~^*+-<>?:".includes(prev)) return true;
  if (!isIdentChar(prev)) return false;
  let start = i;
  while (start > 0 && isIdentChar(src[start - 1])) start--;
  const word = src.slice(start, i + 1);
  if (KEYWORDS.has(word)) return true;
  if (/^\d/.test(word) || src[start - 1] === "@" || src[start - 1] === "$" || src[start - 1] === ".") return false;
  // `puts %w[a b]`, `split /,/`: a method call with a literal argument.
  return i < pos - 1 && next !== undefined && !/[\s=]/.test(next);
}

/** Scans a literal's body from `i` to its closing delimiter; returns the closer's offset. */
function scanBody(
  src: string,
  i: number,
  close: string,
  open: string | undefined,
  interpolate: boolean,
  singleLine = false,
): number {
  let depth = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (singleLine && c === "\n") return -1;
    if (interpolate && c === "#" && src[i + 1] === "{") {
      i = skipInterpolation(src, i + 2, matchRubyString);
      continue;
    }
    if (open !== undefined && c === open) depth++;
    else if (c === close) {
      if (depth === 0) return i;
      depth--;
    }
    i++;
  }
  return singleLine ? -1 : src.length;
}


const delimited = (src: string, pos: number, open: number, interpolate: boolean): StringMatch => {
  const opener = src[open]!;
  const close = PAIRS[opener] ?? opener;
  const closeAt = scanBody(src, open + 1, close, PAIRS[opener] ? opener : undefined, interpolate);
  return { end: Math.min(src.length, closeAt + 1), valueStart: open + 1, valueEnd: closeAt };
};

function percentLiteral(src: string, pos: number): StringMatch | undefined {
  let type = src[pos + 1] ?? "";
  let open = pos + 2;
  if (!/^[qQwWiIrsx]$/.test(type)) {
    type = "";
    open = pos + 1;
  }
  const opener = src[open];
  if (opener === undefined || /[\w\s=]/.test(opener)) return undefined;
  if (!expressionStarts(src, pos, src[pos + 1])) return undefined;
  const match = delimited(src, pos, open, INTERPOLATING_PERCENT.has(type));
  if (type === "r") { while (/[a-z]/.test(src[match.end] ?? "")) match.end++; }
  return match;
}

function regexLiteral(src: string, pos: number): StringMatch | undefined {
  if (!expressionStarts(src, pos, src[pos + 1])) return undefined;
  const closeAt = scanBody(src, pos + 1, "/", undefined, true, true);
  if (closeAt === -1) return undefined;
  let end = closeAt + 1;
  while (/[mixounse]/.test(src[end] ?? "")) end++;
  return { end, valueStart: pos + 1, valueEnd: closeAt, slashes: true };
}

const atLineStart = (src: string, pos: number) =>
  pos === 0 || src[pos - 1] === "\n" || (pos === 1 && src.charCodeAt(0) === 0xfeff);

/** All heredocs opened on the line of `pos`, read in order: their bodies follow that line. */
function heredoc(src: string, pos: number): StringMatch | undefined {
  HEREDOC.lastIndex = pos;
  const first = HEREDOC.exec(src);
  if (!first || (!first[1] && !first[2] && !/^[A-Z_]/.test(first[4]!))) return undefined;
  if (pos > 0 && !/[\s(,=[{]/.test(src[pos - 1]!) && !atLineStart(src, pos)) return undefined;
  const lineEnd = src.indexOf("\n", pos);
  if (lineEnd === -1) return undefined;
  const openers = [...src.slice(pos, lineEnd).matchAll(new RegExp(HEREDOC.source, "g"))];
  let cursor = lineEnd + 1;
  let end = src.length;
  for (const opener of openers) {
    const id = opener[3] ?? opener[4]!;
    const indented = opener[1] !== "";
    end = src.length;
    while (cursor < src.length) {
      const next = src.indexOf("\n", cursor);
      const stop = next === -1 ? src.length : next;
      const line = src.slice(cursor, stop).replace(/\r$/, "");
      cursor = stop + 1;
      if ((indented ? line.trim() : line) === id) {
        end = stop;
        break;
      }
    }
  }
  return { end, valueStart: pos + 2, valueEnd: end };
}

/** A Ruby literal starting at `pos`, or undefined. */
export function matchRubyString(src: string, pos: number): StringMatch | undefined {
  const code = src.charCodeAt(pos);
  // Only " ' ` % / < = _ can open a literal here: answer everything else at once.
  if (
    code !== 34 && code !== 39 && code !== 96 && code !== 37 && code !== 47 && code !== 60 && code !== 61 && code !== 95
  ) return undefined;
  const c = src[pos];
  switch (c) {
    case '"':
    case "`":
    case "'": {
      const before = src[pos - 1];
      if (before === "$") return undefined; // $" and $' are globals
      if (before === "?" && !isIdentChar(src[pos - 2])) return { end: pos + 1, valueStart: pos + 1, valueEnd: pos + 1 };
      return delimited(src, pos, pos, c !== "'");
    }
    case "%":
      return percentLiteral(src, pos);
    case "/":
      return regexLiteral(src, pos);
    case "<":
      return src[pos + 1] === "<" ? heredoc(src, pos) : undefined;
    case "=":
      if (src.startsWith("=begin", pos) && atLineStart(src, pos) && /\s/.test(src[pos + 6] ?? "\n")) {
        const close = src.indexOf("\n=end", pos);
        if (close === -1) return { end: src.length, valueStart: pos + 6, valueEnd: src.length };
        const lineEnd = src.indexOf("\n", close + 1);
        return { end: lineEnd === -1 ? src.length : lineEnd, valueStart: pos + 6, valueEnd: close + 1 };
      }
      return undefined;
    case "_":
      if (src.startsWith("__END__", pos) && atLineStart(src, pos) && /^\r?(\n|$)/.test(src.slice(pos + 7, pos + 9))) {
        return { end: src.length, valueStart: pos + 7, valueEnd: src.length };
      }
      return undefined;
    default:
      return undefined;
  }
}

export const RUBY_SYNTAX: Syntax = { lineComments: ["#"], blockComments: [], matchString: matchRubyString };

import type { CommentText } from "./markers.ts";

/**
 * A string literal found by a language's matcher: where it ends, and where its text lies.
 * Offsets are into the source; `valueStart`/`valueEnd` exclude quotes and prefixes.
 */
/**
 * A literal at a position: where it ends and where its text lies. `slashes`: a regular expression
 * literal whose slashes stay in the code, as a string's quotes do (Ruby's `:id => /\d+/` blanked
 * whole would leave `:id =>` ending its line, which reads as continued on the next).
 */
export type StringMatch = { end: number; valueStart: number; valueEnd: number; slashes?: true };

/**
 * How a language writes comments and strings. `matchString` is asked at every position in
 * code; it returns a match when a literal starts there (the language decides prefixes, raw
 * forms, heredocs, triple quotes), or undefined.
 */
export type Syntax = {
  lineComments: readonly string[];
  blockComments: readonly { open: string; close: string; nested?: boolean }[];
  matchString(src: string, pos: number): StringMatch | undefined;
  /**
   * Every character at which `matchString` can find a literal, when the language can name them:
   * the stripper then jumps from one such character (or comment opener) to the next instead of
   * asking at every position. Left out, every position is asked.
   */
  literalStarts?: string;
  /**
   * Where a regular-expression literal that starts at `pos` (a character that also opens
   * comments, `/`) ends, for languages that have them: its text is blanked like a string's, so
   * that a `//` or a quote inside it opens nothing. Undefined when none starts there.
   */
  regexEnd?(src: string, pos: number): number | undefined;
};

export type StringLiteral = { start: number; end: number; value: string; line: number };

export type Stripped = {
  /** The source with every comment and every string's text replaced by spaces (newlines kept). */
  code: string;
  comments: CommentText[];
  strings: StringLiteral[];
  /** The string literal whose opening quote is at `offset`, if any. */
  stringAt(offset: number): StringLiteral | undefined;
  /** The first string literal starting at or after `offset` (and before `limit`). */
  stringAfter(offset: number, limit?: number): StringLiteral | undefined;
  lineAt(offset: number): number;
  /** Indentation width (tab = 4) of every line that has code after stripping. */
  indents: number[];
  lines: number;
};

/**
 * Removes comments and string contents from source text, so that later regular expressions
 * over `code` can never match inside them, while offsets and lines stay as in the source.
 * A leading UTF-8 byte order mark is blanked too.
 */
export function strip(src: string, syntax: Syntax): Stripped {
  const out: string[] = [];
  const comments: CommentText[] = [];
  const strings: StringLiteral[] = [];
  const lineStarts = [0];
  for (let i = src.indexOf("\n"); i !== -1; i = src.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const lineAt = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const blank = (from: number, to: number) => {
    const text = src.slice(from, to);
    // Most blanked text is one line: spaces of its length, without a pass per character.
    out.push(LINE_BREAK.test(text) ? text.replace(NOT_LINE_BREAKS, (run) => " ".repeat(run.length)) : " ".repeat(to - from));
  };
  // A literal's delimiters keep their quotes; prefixes and hashes (`r#"`, `@$"`) are blanked.
  const delimiter = (from: number, to: number) => {
    const text = src.slice(from, to);
    out.push(QUOTE.test(text) && text.length === 1 ? text : text.replace(/[^\n\r]/g, (c) => (QUOTE.test(c) ? c : " ")));
  };

  let pos = src.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (pos) out.push(" ");
  let codeStart = pos;
  const flush = (to: number) => {
    if (to > codeStart) out.push(src.slice(codeStart, to));
  };
  // Offsets inside comments and strings: a line that starts there has no code indentation.
  const hidden: [number, number][] = [];
  const { openers, next } = startsOf(syntax);

  const takeString = (match: StringMatch) => {
    flush(pos);
    strings.push({ start: pos, end: match.end, value: src.slice(match.valueStart, match.valueEnd), line: lineAt(pos) });
    hidden.push([pos, match.end]);
    // Keep the delimiters, blank the text: `"abc"` becomes `"   "` (and `/abc/i`, `/   / `).
    if (match.slashes) out.push("/");
    else delimiter(pos, match.valueStart);
    blank(match.valueStart, match.valueEnd);
    if (match.slashes) {
      out.push("/");
      blank(match.valueEnd + 1, match.end);
    } else delimiter(match.valueEnd, match.end);
    pos = codeStart = Math.max(match.end, pos + 1);
  };

  outer: while (pos < src.length) {
    if (next) {
      next.lastIndex = pos;
      if (!next.exec(src)) break;
      pos = next.lastIndex - 1;
    }
    if (openers.has(src.charCodeAt(pos))) {
      for (const open of syntax.lineComments) {
        if (!src.startsWith(open, pos)) continue;
        flush(pos);
        const newline = src.indexOf("\n", pos);
        const end = newline === -1 ? src.length : newline;
        comments.push({ text: src.slice(pos + open.length, end), line: lineAt(pos) });
        blank(pos, end);
        pos = codeStart = end;
        continue outer;
      }
      for (const block of syntax.blockComments) {
        if (!src.startsWith(block.open, pos)) continue;
        flush(pos);
        const end = blockEnd(src, pos, block);
        comments.push({ text: src.slice(pos + block.open.length, Math.max(pos + block.open.length, end - block.close.length)), line: lineAt(pos) });
        hidden.push([pos, end]);
        blank(pos, end);
        pos = codeStart = end;
        continue outer;
      }
      const regex = syntax.regexEnd?.(src, pos);
      if (regex !== undefined) {
        // Its delimiters stay, as a string's quotes do: `/a"b/g` becomes `/   /` and a blanked flag.
        const closing = src.lastIndexOf("/", regex - 1);
        flush(pos);
        hidden.push([pos, regex]);
        out.push("/");
        blank(pos + 1, closing);
        out.push("/");
        blank(closing + 1, regex);
        pos = codeStart = regex;
        continue;
      }
    }
    const match = syntax.matchString(src, pos);
    if (match) takeString(match);
    else pos++;
  }
  flush(src.length);
  const code = out.join("");

  const byStart = new Map(strings.map((s) => [s.start, s]));
  const indents: number[] = [];
  let region = 0;
  for (const start of lineStarts) {
    while (region < hidden.length && hidden[region]![1] <= start) region++;
    if (region < hidden.length && hidden[region]![0] < start) continue; // the line starts inside a string or comment
    let width = 0;
    let i = start === 0 && src.charCodeAt(0) === 0xfeff ? 1 : start; // a byte order mark is not indentation
    for (; i < code.length; i++) {
      const c = code.charCodeAt(i);
      if (c === 32) width++;
      else if (c === 9) width += 4;
      else break;
    }
    const c = code.charCodeAt(i);
    if (i < code.length && c !== 10 && c !== 13) indents.push(width);
  }
  const lines = src.length === 0 ? 0 : lineStarts.length - (src.endsWith("\n") ? 1 : 0);
  return {
    code,
    comments,
    strings,
    stringAt: (offset) => byStart.get(offset),
    stringAfter: (offset, limit = Infinity) => strings.find((s) => s.start >= offset && s.start < limit),
    lineAt,
    indents,
    lines,
  };
}

const LINE_BREAK = /[\n\r]/;
const NOT_LINE_BREAKS = /[^\n\r]+/g;
const QUOTE = /["'`]/;

const startsBySyntax = new WeakMap<Syntax, { openers: Set<number>; next?: RegExp }>();

/**
 * The first characters of the syntax's comment openers (only these can open a comment, so they
 * are checked first), and with `literalStarts` a pattern finding the next character where a
 * comment or a literal can begin.
 */
function startsOf(syntax: Syntax): { openers: Set<number>; next?: RegExp } {
  let starts = startsBySyntax.get(syntax);
  if (!starts) {
    const first = [...syntax.lineComments, ...syntax.blockComments.map((b) => b.open)].map((o) => o[0]!);
    const chars = syntax.literalStarts === undefined ? undefined : [...new Set([...first, ...syntax.literalStarts])];
    starts = {
      openers: new Set(first.map((c) => c.charCodeAt(0))),
      ...(chars && { next: new RegExp(`[${chars.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}]`, "g") }),
    };
    startsBySyntax.set(syntax, starts);
  }
  return starts;
}

function blockEnd(src: string, pos: number, block: Syntax["blockComments"][number]): number {
  if (!block.nested) {
    const close = src.indexOf(block.close, pos + block.open.length);
    return close === -1 ? src.length : close + block.close.length;
  }
  let depth = 0;
  let i = pos;
  while (i < src.length) {
    if (src.startsWith(block.open, i)) {
      depth++;
      i += block.open.length;
    } else if (src.startsWith(block.close, i)) {
      depth--;
      i += block.close.length;
      if (depth === 0) return i;
    } else i++;
  }
  return src.length;
}

/**
 * A quoted string starting at `pos` with the given quote: backslash escapes, and unless
 * `multiline`, it ends at the end of the line when unclosed.
 */
export function quoted(src: string, pos: number, quote: string, options: { escapes?: boolean; multiline?: boolean } = {}): StringMatch | undefined {
  if (!src.startsWith(quote, pos)) return undefined;
  const escapes = options.escapes ?? true;
  const multiline = options.multiline ?? false;
  // Character codes, not one-character strings: this loop runs over every string's text.
  const first = quote.charCodeAt(0);
  let i = pos + quote.length;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (escapes && c === 92) {
      i += 2;
      continue;
    }
    if (c === first && (quote.length === 1 || src.startsWith(quote, i))) return { end: i + quote.length, valueStart: pos + quote.length, valueEnd: i };
    if (!multiline && c === 10) return { end: i, valueStart: pos + quote.length, valueEnd: i };
    i++;
  }
  return { end: src.length, valueStart: pos + quote.length, valueEnd: src.length };
}

/**
 * Skips the code of a string interpolation (`#{...}`, `{$...}`) from `i`, just after its
 * opening brace, to just after the brace that closes it: nested braces are counted and nested
 * string literals (found by the language's `matchString`) are stepped over whole.
 */
export function skipInterpolation(src: string, i: number, matchString: (src: string, pos: number) => StringMatch | undefined): number {
  let depth = 0;
  while (i < src.length) {
    const literal = matchString(src, i);
    if (literal) {
      i = Math.max(literal.end, i + 1);
      continue;
    }
    const c = src[i];
    if (c === "{") depth++;
    else if (c === "}") {
      if (depth === 0) return i + 1;
      depth--;
    }
    i++;
  }
  return i;
}

/** Counts whole-word matches of `words` and occurrences of `operators` in stripped code. */
export function countDecisions(code: string, words: readonly string[], operators: readonly string[] = []): number {
  let count = 0;
  if (words.length) {
    const pattern = new RegExp(`(?<![\\w$.])(?:${words.join("|")})(?![\\w$])`, "g");
    count += code.match(pattern)?.length ?? 0;
  }
  for (const operator of operators) {
    for (let i = code.indexOf(operator); i !== -1; i = code.indexOf(operator, i + operator.length)) count++;
  }
  return count;
}

/**
 * PHP's literals for the stripper: 'single', "double" and `backtick` strings (with `{$...}` and
 * `${...}` interpolation that may hold strings of its own), heredoc `<<<EOT` / `<<<"EOT"` and
 * nowdoc `<<<'EOT'` (closing marker indented or not), and the inline HTML outside
 * `<?php ... ?>`, which is text, not code. Line comments (`//` and `#`, but not a `#[...]`
 * attribute) are matched here too, because PHP ends them at `?>`; `isLineComment` tells them
 * apart from strings.
 */
import { skipInterpolation, strip, type StringMatch, type Syntax } from "../strip.ts";

const OPEN_TAG = /<\?(?:php(?![\w])|=)/gi;
const HEREDOC = /<<<[ \t]*(["']?)([A-Za-z_]\w*)\1\r?\n/y;

/** Inline HTML from `from` up to the next `<?php` or `<?=` (short `<?` tags are not read). */
function html(src: string, pos: number, from: number): StringMatch {
  OPEN_TAG.lastIndex = from;
  const tag = OPEN_TAG.exec(src);
  const end = tag ? tag.index : src.length;
  return { end, valueStart: from, valueEnd: end };
}

function scanBody(src: string, i: number, quote: string): number {
  while (i < src.length) {
    const c = src[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === quote) return i;
    if ((c === "{" && src[i + 1] === "$") || (c === "$" && src[i + 1] === "{")) {
      i = skipInterpolation(src, i + 2, phpQuoted);
      continue;
    }
    i++;
  }
  return src.length;
}



function heredoc(src: string, pos: number): StringMatch | undefined {
  HEREDOC.lastIndex = pos;
  const opener = HEREDOC.exec(src);
  if (!opener) return undefined;
  const closer = new RegExp(String.raw`^[ \t]*${opener[2]}(?![A-Za-z0-9_\x80-\uffff])`, "gm");
  const bodyStart = pos + opener[0].length;
  closer.lastIndex = bodyStart;
  const close = closer.exec(src);
  if (!close) return { end: src.length, valueStart: bodyStart, valueEnd: src.length };
  const end = close.index + close[0].length;
  return { end, valueStart: bodyStart, valueEnd: end };
}

function lineComment(src: string, pos: number, open: number): StringMatch {
  let end = pos + open;
  while (
    end < src.length && src.charCodeAt(end) !== 10 && !(src.charCodeAt(end) === 63 && src.charCodeAt(end + 1) === 62)
  ) end++;
  return { end, valueStart: pos + open, valueEnd: end };
}

/** Whether a literal found by matchPhpString at `start` is a line comment. */
export function isLineComment(src: string, start: number): boolean {
  return src[start] === "#" || src.startsWith("//", start);
}

/** A PHP literal (or inline HTML, or a line comment) starting at `pos`, or undefined. */
export function matchPhpString(src: string, pos: number): StringMatch | undefined {
  const code = src.charCodeAt(pos);
  // Letters, digits, spaces and most punctuation open nothing: answer those at once.
  if (
    pos > 1 && code !== 34 && code !== 35 && code !== 39 && code !== 47 && code !== 60 && code !== 63 && code !== 96
  ) return undefined;
  if (pos === (src.charCodeAt(0) === 0xfeff ? 1 : 0) && !src.startsWith("<?", pos)) return html(src, pos, pos);
  const c = src[pos];
  switch (c) {
    case "'":
    case '"':
    case "`": {
      const closeAt = scanBody(src, pos + 1, c);
      return { end: Math.min(src.length, closeAt + 1), valueStart: pos + 1, valueEnd: closeAt };
    }
    case "<":
      return src.startsWith("<<<", pos) ? heredoc(src, pos) : undefined;
    case "?":
      return src[pos + 1] === ">" ? html(src, pos, pos + 2) : undefined;
    case "#":
      return src[pos + 1] === "[" ? undefined : lineComment(src, pos, 1);
    case "/":
      return src[pos + 1] === "/" ? lineComment(src, pos, 2) : undefined;
    default:
      return undefined;
  }
}

export const PHP_SYNTAX: Syntax = {
  lineComments: [],
  blockComments: [{ open: "/*", close: "*/" }],
  matchString: matchPhpString,
};

/** Inside `{$...}` only quoted strings nest; a heredoc cannot open there. */
const phpQuoted = (src: string, pos: number) => (src[pos] === "'" || src[pos] === '"' ? matchPhpString(src, pos) : undefined);

/** The source with its comments blanked and its strings kept, offsets as in the source. */
export function phpWithoutComments(src: string): string {
  const { code, strings } = strip(src, PHP_SYNTAX);
  let out = "";
  let at = 0;
  for (const s of strings) {
    if (isLineComment(src, s.start)) continue;
    out += code.slice(at, s.start) + src.slice(s.start, s.end);
    at = s.end;
  }
  return out + code.slice(at);
}

/**
 * Elixir's literals for the stripper: "strings" and 'charlists' (multi-line, with `#{}`
 * interpolation that may hold literals of its own), heredocs `"""` and `'''`, sigils (`~s`,
 * `~S`, `~r`, `~w`, `~H`, ...) with every delimiter pair and heredoc form, and character
 * literals (`?"`, `?#`) that would otherwise open a string or a comment.
 */
import { skipInterpolation, type StringMatch, type Syntax } from "../strip.ts";

const isIdentChar = (c: string | undefined) => c !== undefined && /[\w\u0080-\uffff]/.test(c);
const PAIRS: Record<string, string> = { "(": ")", "[": "]", "{": "}", "<": ">" };
const SIGIL = /~([a-z]|[A-Z][A-Z0-9]*)(?=["'(\[{<\/|])/y;

/** Scans to the closer of a literal body from `i`; returns the closer's offset (or the end). */
function scanBody(src: string, i: number, close: string, open: string | undefined, interpolate: boolean): number {
  let depth = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (interpolate && c === "#" && src[i + 1] === "{") {
      i = skipInterpolation(src, i + 2, matchElixirString);
      continue;
    }
    if (open !== undefined && c === open) depth++;
    else if (src.startsWith(close, i)) {
      if (depth === 0) return i;
      depth--;
    }
    i++;
  }
  return src.length;
}



/** A quoted body opening at `open` (a quote, a triple quote or a sigil delimiter). */
function body(src: string, open: number, interpolate: boolean): StringMatch {
  const opener = src[open]!;
  const triple = (opener === '"' || opener === "'") && src.startsWith(opener.repeat(3), open);
  const close = triple ? opener.repeat(3) : PAIRS[opener] ?? opener;
  const valueStart = open + (triple ? 3 : 1);
  const closeAt = scanBody(
    src,
    valueStart,
    close,
    triple ? undefined : PAIRS[opener] ? opener : undefined,
    interpolate,
  );
  return { end: Math.min(src.length, closeAt + close.length), valueStart, valueEnd: closeAt };
}

/** An Elixir literal starting at `pos`, or undefined. */
export function matchElixirString(src: string, pos: number): StringMatch | undefined {
  const code = src.charCodeAt(pos);
  if (code !== 34 && code !== 39 && code !== 126 && code !== 63) return undefined;
  const c = src[pos];
  if (c === '"' || c === "'") return body(src, pos, true);
  if (c === "~") {
    SIGIL.lastIndex = pos;
    const sigil = SIGIL.exec(src);
    if (!sigil) return undefined;
    const match = body(src, pos + sigil[0].length, /^[a-z]$/.test(sigil[1]!));
    while (/[a-zA-Z]/.test(src[match.end] ?? "")) match.end++;
    return match;
  }
  if (c === "?" && !isIdentChar(src[pos - 1]) && src[pos - 1] !== "?" && /["'#\\]/.test(src[pos + 1] ?? "")) {
    const end = Math.min(src.length, pos + (src[pos + 1] === "\\" ? 3 : 2));
    return { end, valueStart: pos + 1, valueEnd: end };
  }
  return undefined;
}

export const ELIXIR_SYNTAX: Syntax = { lineComments: ["#"], blockComments: [], matchString: matchElixirString };

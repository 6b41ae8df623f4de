import type { Stripped } from "../languages/strip.ts";

/** What a framework scanner reads: the file's path and text, and the text with comments and strings blanked. */
export type RouteSource = Stripped & { path: string; text: string };

/**
 * The arguments of a call whose opening parenthesis is at `open` in `code`: each argument's
 * start and end offsets, split at top-level commas. Offsets index both `code` and `text`.
 */
export function callArguments(code: string, open: number): { args: { start: number; end: number }[]; end: number } {
  const args: { start: number; end: number }[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) {
        if (code.slice(start, i).trim()) args.push({ start, end: i });
        return { args: trimAll(code, args), end: i + 1 };
      }
    } else if (c === "," && depth === 1) {
      args.push({ start, end: i });
      start = i + 1;
    }
  }
  return { args: trimAll(code, args), end: code.length };
}

function trimAll(code: string, args: { start: number; end: number }[]) {
  return args.map(({ start, end }) => {
    while (start < end && /\s/.test(code[start]!)) start++;
    while (end > start && /\s/.test(code[end - 1]!)) end--;
    return { start, end };
  });
}

/** The offset where line `line` (1-based) of `text` starts; the last line's start past the end. */
export function lineStart(text: string, line: number): number {
  let offset = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf("\n", offset);
    if (next === -1) break;
    offset = next + 1;
  }
  return offset;
}

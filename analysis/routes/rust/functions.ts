import { closing } from "../../languages/curly.ts";
import type { Span } from "../js/objects.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { inTests, type RustFile } from "./source.ts";

/** A function: its name, parameter list text, return type text and body, outside test code. */
export type RustFn = { name: string; params: string; returns: string; body: Span; start: number };

const FN = /(?<![\w])fn\s+([A-Za-z_]\w*)\s*(?:<[^>{]*>)?\s*\(/g;

/** The functions of a file with a body (trait declarations without one are left out), test code excepted. */
export function rustFunctions(source: RouteSource, file: RustFile): RustFn[] {
  const { code } = source;
  const found: RustFn[] = [];
  for (const m of code.matchAll(FN)) {
    if (inTests(file, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const params = callArguments(code, open);
    const brace = code.indexOf("{", params.end);
    const semicolon = code.indexOf(";", params.end);
    if (brace === -1 || (semicolon !== -1 && semicolon < brace)) continue;
    found.push({ name: m[1]!, params: code.slice(open + 1, params.end - 1), returns: code.slice(params.end, brace), body: { start: brace, end: closing(code, brace) }, start: m.index });
  }
  return found;
}

/** The expression a block ends with (its value), if it does not end with a statement. */
export function tailOf(code: string, body: Span): Span | undefined {
  let depth = 0;
  let last = body.start + 1;
  for (let i = body.start + 1; i < body.end - 1; i++) {
    const c = code[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      // A block statement (`if`, `match`, a nested block) ends at its brace; so it does before
      // a name alone that ends the body (`if debug { return ret.merge(dev); } ret`).
      const statementFollows = /^\s*(?:let\b|[A-Za-z_]\w*\s*(?:=|\.|::|\()|$)/.test(code.slice(i + 1, i + 40)) || /^\s*[A-Za-z_]\w*\s*$/.test(code.slice(i + 1, body.end - 1));
      if (depth === 0 && c === "}" && statementFollows && !/^\s*[.?]/.test(code.slice(i + 1, i + 10))) last = i + 1;
    } else if (c === ";" && depth === 0) last = i + 1;
  }
  const text = code.slice(last, body.end - 1);
  return text.trim() ? { start: last + text.length - text.trimStart().length, end: body.end - 1 } : undefined;
}

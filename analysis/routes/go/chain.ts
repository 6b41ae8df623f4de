import { statementEnd as commonEnd } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import { closing } from "../../languages/curly.ts";
import { callArguments } from "../source.ts";

export { joinPrefix as join } from "../common/values.ts";

/** One `.name(args)` of a call chain; `args` is undefined for a field (`s.router`); a direct call `F(x)` has the name "". */
export type GoLink = { name: string; args?: Span[]; start: number; end: number };

/**
 * `base.a(x).b.c(y)`: an identifier and what follows it, up to where the chain ends. `literal`:
 * the base is a composite literal of that type (`usersResource{}.Routes()`).
 */
export type GoChain = { base: string; start: number; links: GoLink[]; end: number; literal?: boolean };

const IDENT = /^[A-Za-z_]\w*/;

/**
 * The chain that starts with the identifier at `at`. Go continues a chain on the next line
 * only after a dot, so a line break ends it unless a dot precedes it.
 */
export function parseChain(code: string, at: number): GoChain {
  const base = IDENT.exec(code.slice(at, at + 200))![0];
  const links: GoLink[] = [];
  let i = at + base.length;
  // `T{...}.Method()`: a composite literal whose method is called (a block never has a dot after it).
  let literal = false;
  if (code[i] === "{") {
    const close = closing(code, i);
    if (code[skip(code, close, false)] === ".") {
      literal = true;
      i = close;
    }
  }
  for (;;) {
    const j = skip(code, i, false);
    if (code[j] === "(" && links.length === 0 && j === i) {
      const call = callArguments(code, j);
      links.push({ name: "", args: call.args, start: j, end: call.end });
      i = call.end;
      continue;
    }
    if (code[j] !== ".") break;
    const k = skip(code, j + 1, true);
    const name = IDENT.exec(code.slice(k, k + 200))?.[0];
    if (!name) break;
    const after = k + name.length;
    if (code[after] === "(") {
      const call = callArguments(code, after);
      links.push({ name, args: call.args, start: j, end: call.end });
      i = call.end;
    } else {
      links.push({ name, start: j, end: after });
      i = after;
    }
  }
  return { base, start: at, links, end: i, ...(literal ? { literal } : {}) };
}

/** Index after white space from `i`; line breaks only when `lines` (after a dot). */
export function skip(code: string, i: number, lines: boolean): number {
  while (i < code.length && (code[i] === " " || code[i] === "\t" || (lines && (code[i] === "\n" || code[i] === "\r")))) i++;
  return i;
}

/**
 * Where a statement or an expression starting at `start` ends: a line break, `;` or `,` outside
 * brackets, or a bracket it did not open; a line ending in an operator, a dot or a comma
 * continues on the next one.
 */
export function statementEnd(code: string, start: number, limit = code.length): number {
  let from = start;
  for (;;) {
    const end = Math.min(limit, commonEnd(code, from, ";,\n"));
    if (code[end] !== "\n" || !/[.+,(&|=]\s*$/.test(code.slice(Math.max(start, end - 40), end))) return end;
    from = end + 1;
  }
}

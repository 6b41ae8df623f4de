import type { StringLiteral } from "../../languages/strip.ts";
import { expressionEnd } from "../js/values.ts";
import type { RouteSource } from "../source.ts";

/**
 * How a language writes string expressions beyond plain literals: which names it reads as
 * constants (`ApiPaths.USERS`, `paths::API`) and the holes of an interpolated literal,
 * given the text before its opening quote (`$` in C#, `r` for a raw Dart string).
 */
export type ValueSyntax = {
  name: RegExp;
  interpolation?(prefix: string): RegExp | undefined;
  /** Whether a declaration ends at its `;` (Java, C#) rather than at the end of its line. */
  semicolons?: boolean;
};

/** The usual identifier, dotted for members of a class or an object. */
export const DOTTED = /^[A-Za-z_][\w]*(?:\s*\.\s*[A-Za-z_][\w]*)*/;

/**
 * The static string value of the expression between `start` and `end`: literals, known
 * constants and interpolations of known constants, joined with `+`. Undefined when any part
 * is not statically known, so a route is never given a guessed path.
 */
export function staticValue(source: RouteSource, start: number, end: number, constants: ReadonlyMap<string, string>, syntax: ValueSyntax): string | undefined {
  let result = "";
  let i = start;
  let operand = true;
  while (i < end) {
    const literal = source.stringAt(i) ?? prefixedLiteral(source, i);
    const c = source.code[i]!;
    if (!literal && /[\s()]/.test(c)) {
      i++;
      continue;
    }
    if (!operand) {
      if (c !== "+") return undefined;
      operand = true;
      i++;
      continue;
    }
    if (literal) {
      const value = interpolated(source, literal, constants, syntax);
      if (value === undefined) return undefined;
      result += value;
      i = literal.end;
    } else {
      const name = syntax.name.exec(source.code.slice(i, end))?.[0];
      const key = name?.replace(/\s+/g, "");
      if (!name || !key || !constants.has(key)) return undefined;
      result += constants.get(key);
      i += name.length;
    }
    operand = false;
  }
  return operand ? undefined : result;
}

/**
 * The literal whose quote is at `at` when a prefix the stripper blanked comes before it: C#'s
 * verbatim and interpolated `@"..."`, `$@"..."`, whose span (trimmed of the blank) starts at the quote.
 */
function prefixedLiteral(source: RouteSource, at: number): StringLiteral | undefined {
  for (let k = 1; k <= 2 && at - k >= 0; k++) {
    const literal = source.stringAt(at - k);
    if (literal && literal.end > at && /^[@$]+$/.test(source.text.slice(at - k, at))) return literal;
  }
  return undefined;
}

function interpolated(source: RouteSource, literal: StringLiteral, constants: ReadonlyMap<string, string>, syntax: ValueSyntax): string | undefined {
  const raw = source.text.slice(literal.start, literal.end);
  const holes = syntax.interpolation?.(raw.slice(0, raw.search(/["'`]/)));
  if (!holes) return literal.value;
  let unknown = false;
  const value = literal.value.replace(holes, (whole, name: string | undefined) => {
    if (name === undefined) return whole.slice(1);
    const known = constants.get(name);
    if (known === undefined) unknown = true;
    return known ?? "";
  });
  return unknown ? undefined : value;
}

/**
 * The string constants a file declares, by name: each match of `declaration` names one (its
 * first matching group, also qualified by `qualify` from the match offset, as `Class.NAME`)
 * and its value starts where the match ends; `accept` can refuse a match. Later constants may
 * use earlier ones.
 */
export function stringConstants(
  source: RouteSource,
  declaration: RegExp,
  syntax: ValueSyntax,
  options: { qualify?: (offset: number) => string[]; accept?: (match: RegExpMatchArray) => boolean } = {},
): Map<string, string> {
  const constants = new Map<string, string>();
  for (const m of source.code.matchAll(declaration)) {
    const name = m.slice(1).find((g) => g !== undefined);
    if (!name || options.accept?.(m) === false) continue;
    const start = m.index + m[0].length;
    const value = staticValue(source, start, declarationEnd(source.code, start, syntax), constants, syntax);
    if (value === undefined) continue;
    constants.set(name, value);
    for (const owner of options.qualify?.(m.index) ?? []) constants.set(`${owner}.${name}`, value);
  }
  return constants;
}

/** Where a declaration's value ends: at its `;` (or a `,` or bracket closing around it) in languages that write one, else at its line's end. */
function declarationEnd(code: string, start: number, syntax: ValueSyntax): number {
  return syntax.semicolons ? statementEnd(code, start, ";,") : expressionEnd(code, start);
}

/**
 * Where a statement or an argument starting at `from` ends: at the first of `stops` outside
 * brackets, or at the bracket that closes around it. For languages that end statements with `;`.
 */
export function statementEnd(code: string, from: number, stops = ";"): number {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth-- === 0) return i;
    } else if (depth === 0 && stops.includes(c)) return i;
  }
  return code.length;
}

/** A prefix and a path joined with one slash, as written (normalised later by the linker); either may be empty. */
export function joinPrefix(prefix: string, path: string): string {
  if (!prefix) return path;
  if (!path) return prefix;
  return prefix.replace(/\/+$/, "") + "/" + path.replace(/^\/+/, "");
}

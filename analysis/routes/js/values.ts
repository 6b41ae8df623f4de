import type { RouteSource } from "../source.ts";
import { jsBindings } from "./bindings.ts";
import { arrayElements, objectProperties, type Span } from "./objects.ts";

/** What stands for a name whose value is not known here: a placeholder, or undefined (unknown). */
export type Hole = (name: string) => string | undefined;

const CONSTANT = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*string\s*)?=\s*/g;

/**
 * The string constants of a JS/TS file whose value is statically known: a literal, a
 * template or a concatenation of literals and earlier constants. Route prefixes are often
 * held in such constants (`const API = "/api/v1"`).
 */
export function jsConstants(source: RouteSource, hole?: Hole): Map<string, string> {
  const constants = new Map<string, string>();
  for (const match of source.code.matchAll(CONSTANT)) {
    const start = match.index + match[0].length;
    if (source.code[start] === "{") objectConstants(source, start, match[1]!, constants, hole);
    const value = jsValue(source, start, expressionEnd(source.code, start), constants, hole);
    if (value !== undefined) constants.set(match[1]!, value);
  }
  return constants;
}

const holes = new WeakMap<RouteSource, Hole>();

/**
 * Placeholders for imported names: `${API.USERS}` for `API.USERS` when `API` is imported,
 * so a path built from another module's constants is kept for the routes stage to fill in
 * (imported.ts). Names that are not imported stay unknown.
 */
export function importHoles(source: RouteSource): Hole {
  let hole = holes.get(source);
  if (!hole) {
    const imported = new Set(jsBindings(source).map((b) => b.local));
    hole = (name) => (imported.has(name.split(".")[0]!) ? `\${${name}}` : undefined);
    holes.set(source, hole);
  }
  return hole;
}

/**
 * Whether a value read where either a prefix or a middleware may stand (`app.use(x, ...)`)
 * is a prefix: a path, or an imported constant named like one (`API_PREFIX`,
 * `config.basePath`); `${authenticate}` or `${admin.routes}` is middleware or a router.
 */
export function isPrefixValue(value: string): boolean {
  const whole = /^\$\{([^}]*)\}$/.exec(value);
  if (!whole) return true;
  const last = whole[1]!.split(".").at(-1)!;
  return /^[A-Z][A-Z0-9_]*$/.test(last) || /prefix|path|url|base|root/i.test(last);
}

/** The route path or prefix an argument holds, when it is statically known. */
export const spanPath = (source: RouteSource, span: Span | undefined, constants: Map<string, string>): string | undefined =>
  span ? jsPath(source, span.start, span.end, constants) : undefined;

/**
 * `owner.use([prefix,] ...rest)`: the leading prefix when the first argument is one (see
 * `isPrefixValue`), and the arguments after it.
 */
export function usePrefix(source: RouteSource, args: readonly Span[], constants: Map<string, string>): { prefix: string | undefined; rest: Span[] } {
  const read = spanPath(source, args[0], constants);
  const prefix = read !== undefined && isPrefixValue(read) ? read : undefined;
  return { prefix, rest: prefix === undefined ? [...args] : args.slice(1) };
}

/** The file's constants for route paths: `jsConstants`, with imported constants kept as placeholders. */
export const pathConstants = (source: RouteSource): Map<string, string> => jsConstants(source, importHoles(source));

/** A route path or prefix: `jsValue`, with imported constants kept as placeholders. */
export const jsPath = (source: RouteSource, start: number, end: number, constants: Map<string, string>): string | undefined =>
  jsValue(source, start, end, constants, importHoles(source));

/** Route paths: `stringList`, with imported constants kept as placeholders. */
export const pathList = (source: RouteSource, span: Span, constants: Map<string, string>): string[] =>
  stringList(source, span, constants, importHoles(source));

/** The string values of an object constant by their dotted names: `paths.admin.root` for `const paths = { admin: { root: "/admin" } }`. */
function objectConstants(source: RouteSource, open: number, name: string, constants: Map<string, string>, hole: Hole | undefined, depth = 0): void {
  if (depth > 4) return;
  for (const [key, span] of objectProperties(source, open)) {
    if (source.code[span.start] === "{") objectConstants(source, span.start, `${name}.${key}`, constants, hole, depth + 1);
    else {
      const value = jsValue(source, span.start, span.end, constants, hole);
      if (value !== undefined) constants.set(`${name}.${key}`, value);
    }
  }
}

/**
 * Where the expression starting at `start` ends: at the first `;`, line break or `,` outside
 * brackets, or at a closing bracket it did not open. `const GET = withAuth(async () => {...})`
 * ends after the call, however many lines it spans.
 */
export function expressionEnd(code: string, start: number): number {
  let depth = 0;
  for (let end = start; end < code.length; end++) {
    const c = code[end];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return end;
      depth--;
    } else if ((c === ";" || c === "\n" || c === ",") && depth === 0) return end;
  }
  return code.length;
}

/**
 * The static string value of the expression between `start` and `end`: string literals,
 * templates whose substitutions are known constants, known identifiers, joined with `+`.
 * Undefined when any part is not statically known and `hole` has no placeholder for it.
 */
export function jsValue(source: RouteSource, start: number, end: number, constants: Map<string, string>, hole?: Hole): string | undefined {
  let result = "";
  let i = start;
  let expectOperand = true;
  while (i < end) {
    const c = source.code[i]!;
    if (/\s|\(|\)/.test(c)) {
      i++;
      continue;
    }
    if (!expectOperand) {
      if (c !== "+") return undefined;
      expectOperand = true;
      i++;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      const literal = source.stringAt(i);
      if (!literal) return undefined;
      let value = literal.value;
      if (c === "`") {
        const substituted = substitute(value, constants, hole);
        if (substituted === undefined) return undefined;
        value = substituted;
      }
      result += value;
      i = literal.end;
    } else {
      const name = /^[A-Za-z_$][\w$.]*/.exec(source.code.slice(i, end))?.[0];
      const known = name === undefined ? undefined : constants.get(name) ?? hole?.(name);
      if (known === undefined) return undefined;
      result += known;
      i += name!.length;
    }
    expectOperand = false;
  }
  return expectOperand && result === "" ? undefined : result;
}

function substitute(template: string, constants: Map<string, string>, hole: Hole | undefined): string | undefined {
  let unknown = false;
  const value = template.replace(/\$\{\s*([^}]*?)\s*\}/g, (_, name: string) => {
    const known = constants.get(name) ?? (/^[A-Za-z_$][\w$.]*$/.test(name) ? hole?.(name) : undefined);
    if (known === undefined) unknown = true;
    return known ?? "";
  });
  return unknown ? undefined : value;
}

/**
 * The static strings of an expression that is a string or an array of strings:
 * `"GET"` or `["GET", "POST"]`. Elements that are not statically known are left out.
 */
export function stringList(source: RouteSource, span: Span, constants: Map<string, string>, hole?: Hole): string[] {
  if (source.code[span.start] !== "[") {
    const value = jsValue(source, span.start, span.end, constants, hole);
    return value === undefined ? [] : [value];
  }
  return arrayElements(source, span.start).map((e) => jsValue(source, e.start, e.end, constants, hole)).filter((v): v is string => v !== undefined);
}

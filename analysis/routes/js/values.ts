import { callArguments, type RouteSource } from "../source.ts";
import { jsBindings } from "./bindings.ts";
import { arrayElements, objectProperties, type Span } from "./objects.ts";

/** What stands for a name whose value is not known here: a placeholder, or undefined (unknown). */
export type Hole = (name: string) => string | undefined;

const CONSTANT = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*string\s*)?=\s*/g;
const NEXT_DECLARED = /^,\s*([A-Za-z_$][\w$]*)\s*(?::\s*string\s*)?=(?!=)\s*/;
// A module whose export is an object literal: its properties are `default.name`.
const DEFAULT_OBJECT = /(?:\bmodule\s*\.\s*exports\s*=|\bexport\s+default)\s*(?=\{)/g;

/**
 * The string constants of a JS/TS file whose value is statically known: a literal, a
 * template or a concatenation of literals and earlier constants. Route prefixes are often
 * held in such constants (`const API = "/api/v1"`).
 */
export function jsConstants(source: RouteSource, hole?: Hole): Map<string, string> {
  const constants = new Map<string, string>();
  for (const match of source.code.matchAll(CONSTANT)) {
    // A declaration list names one after another: `const GET = "get", POST = "post";`.
    for (let name = match[1], start = match.index + match[0].length; name !== undefined;) {
      // `const routes = { ... }`, also frozen: `Object.freeze({ ... })`.
      const frozen = /^Object\s*\.\s*freeze\s*\(\s*(?=\{)/.exec(source.code.slice(start, start + 40));
      const object = frozen ? start + frozen[0].length : start;
      if (source.code[object] === "{") objectConstants(source, object, name, constants, hole);
      const end = expressionEnd(source.code, start);
      const value = jsValue(source, start, end, constants, hole);
      if (value !== undefined) constants.set(name, value);
      const next = source.code[end] === "," ? NEXT_DECLARED.exec(source.code.slice(end, end + 200)) : null;
      name = next?.[1];
      start = end + (next?.[0].length ?? 0);
    }
  }
  // `module.exports = { apiPath: "/api" }`, read where another module requires it (`config.apiPath`).
  for (const match of source.code.matchAll(DEFAULT_OBJECT)) objectConstants(source, match.index + match[0].length, "default", constants, hole);
  return constants;
}

const holes = new WeakMap<RouteSource, Hole>();

/**
 * Placeholders for imported names: `${API.USERS}` for `API.USERS` when `API` is imported,
 * so a path built from another module's constants is kept for the routes stage to fill in
 * (imported.ts); the same for an environment variable (`${process.env.API_PREFIX}`), whose
 * value only the project's example env file gives. Other names stay unknown.
 */
export function importHoles(source: RouteSource): Hole {
  let hole = holes.get(source);
  if (!hole) {
    const imported = new Set(jsBindings(source).map((b) => b.local));
    hole = (name) => (imported.has(name.split(".")[0]!) || ENV_NAME.test(name) ? `\${${name}}` : undefined);
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
  // A helper that builds a path from one (`${apiPath("/users")}`).
  if (/^\$\{[\w$.]+\("\//.test(value)) return true;
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
    } else if ((c === ";" || c === ",") && depth === 0) return end;
    // An arrow whose body starts on the next line (`async (request) =>\n  authenticatedApiClient({...})`) goes on.
    else if (c === "\n" && depth === 0 && !/=>\s*$/.test(code.slice(Math.max(start, end - 40), end))) return end;
  }
  return code.length;
}

/** How an environment variable is read: `process.env.NAME`, also written `process.env["NAME"]`. */
export const ENV_NAME = /^process\.env\.[A-Za-z_]\w*$/;
/** Node's path joining, which code that builds prefixes uses: `join`, `path.join`, `posix.join`. */
const JOIN = /^(?:path\.)?(?:posix\.)?join$/;

/**
 * The static string value of the expression between `start` and `end`: string literals,
 * templates whose substitutions are known constants, known identifiers, joined with `+`;
 * `path.join(...)` of known values; a TypeScript `!` after a name is read past. A call of
 * another function with known string arguments (`apiPath("/users")`) is a placeholder, as an
 * imported name is, when `hole` gives placeholders: the routes stage evaluates the function
 * (imported.ts). Undefined when any part is not statically known and `hole` has no
 * placeholder for it.
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
      const named = nameAt(source, i, end);
      if (!named) return undefined;
      const known = named.call
        ? callValue(source, named.name, named.call, constants, hole)
        : constants.get(named.name) ?? hole?.(named.name);
      if (known === undefined) return undefined;
      result += known;
      i = named.end;
    }
    expectOperand = false;
  }
  return expectOperand && result === "" ? undefined : result;
}

/** The (dotted) name at `i`, `process.env["X"]` read as `process.env.X`, and its call's arguments when it is called. */
function nameAt(source: RouteSource, i: number, end: number): { name: string; end: number; call?: { start: number; end: number }[] } | undefined {
  const { code } = source;
  let name = /^[A-Za-z_$][\w$.]*/.exec(code.slice(i, end))?.[0];
  if (name === undefined) return undefined;
  let next = i + name.length;
  if (name === "process.env" && code[next] === "[") {
    const key = /^\[\s*/.exec(code.slice(next))!;
    const literal = source.stringAt(next + key[0].length);
    const close = literal && /^\s*\]/.exec(code.slice(literal.end));
    if (!literal || !close) return undefined;
    name = `process.env.${literal.value}`;
    next = literal.end + close[0].length;
  }
  while (code[next] === "!" && code[next + 1] !== "=") next++; // `value!`: not null, says TypeScript
  const open = /^\s*\(/.exec(code.slice(next, end));
  if (!open) return { name, end: next };
  const call = callArguments(code, next + open[0].length - 1);
  return { name, end: call.end, call: call.args };
}

/**
 * A call's value: a join of known values, or a placeholder for the routes stage to evaluate
 * (`${apiPath("/users")}`) when every argument is a known string and placeholders are wanted.
 */
function callValue(source: RouteSource, name: string, args: { start: number; end: number }[], constants: Map<string, string>, hole?: Hole): string | undefined {
  const values: string[] = [];
  for (const arg of args) {
    // `...rest` in a helper's own `join(base, ...paths)`: the rest is bound to its arguments joined.
    const spread = /^\.\.\.\s*/.exec(source.code.slice(arg.start, arg.end));
    const value = jsValue(source, arg.start + (spread?.[0].length ?? 0), arg.end, constants, hole);
    if (value === undefined) return undefined;
    values.push(value);
  }
  if (JOIN.test(name)) return values.length ? joinSegments(values) : undefined;
  // The function is evaluated in its own module, where this file's placeholders mean nothing.
  if (!hole || !values.length || values.some((v) => v.includes("${"))) return undefined;
  const evaluable = hole(name) !== undefined || definesFunction(source, name);
  return evaluable ? `\${${name}(${values.map((v) => JSON.stringify(v)).join(",")})}` : undefined;
}

/** Whether the file defines a function of this name: `function name(`, `const name = (`. */
function definesFunction(source: RouteSource, name: string): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const escaped = name.replace(/\$/g, "\\$");
  return new RegExp(`\\bfunction\\s*\\*?\\s*${escaped}\\s*[<(]|\\b(?:const|let|var)\\s+${escaped}\\s*(?::[^=]+)?=\\s*(?:async\\s*)?(?:function\\b|\\()`).test(source.code);
}

/** Node's `path.posix.join` of path pieces: one slash between them, none doubled. */
export function joinSegments(pieces: readonly string[]): string {
  return pieces.filter((p) => p !== "").join("/").replace(/\/{2,}/g, "/");
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

import { callArguments, type RouteSource } from "../source.ts";

export type Span = { start: number; end: number };

/**
 * The static string value of a PHP expression: single- or double-quoted literals without
 * interpolation, joined with `.`, and known constants (`self::PREFIX`, `PREFIX`).
 * Undefined when any part is not statically known.
 */
export function phpValue(source: RouteSource, span: Span, constants: Map<string, string> = new Map()): string | undefined {
  let result = "";
  let parts = 0;
  let i = span.start;
  while (i < span.end) {
    const c = source.code[i]!;
    if (/[\s().]/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      const literal = source.stringAt(i);
      if (!literal || (c === '"' && /\$/.test(literal.value))) return undefined;
      result += literal.value.replace(c === "'" ? /\\(['\\])/g : /\\(["\\$])/g, "$1");
      i = literal.end;
      parts++;
      continue;
    }
    const name = /^(?:(?:self|static|[A-Z]\w*)::)?[A-Z_][A-Z0-9_]*\b/.exec(source.code.slice(i, span.end))?.[0];
    const value = name === undefined ? undefined : constants.get(name) ?? constants.get(name.replace(/^\w+::/, ""));
    if (value === undefined) return undefined;
    result += value;
    i += name!.length;
    parts++;
  }
  return parts ? result : undefined;
}

/** String constants of a file: `const PREFIX = '/api';` in a class or at the top level, `define('PREFIX', '/api')`. */
export function phpConstants(source: RouteSource): Map<string, string> {
  const constants = new Map<string, string>();
  for (const m of source.code.matchAll(/\bconst\s+([A-Z_][A-Z0-9_]*)\s*=\s*/g)) {
    const start = m.index + m[0].length;
    const end = source.code.indexOf(";", start);
    const value = phpValue(source, { start, end: end === -1 ? source.code.length : end }, constants);
    if (value !== undefined) constants.set(m[1]!, value);
  }
  return constants;
}

/**
 * The array a variable of the file holds, when the file assigns it one once (`$middleware =
 * ['auth:api', 'validemail'];` at the top of a routes file, used as `->middleware($middleware)`).
 */
export function phpAssignedArray(source: RouteSource, span: Span): Span | undefined {
  const name = /^\$([A-Za-z_]\w*)$/.exec(source.code.slice(span.start, span.end).trim())?.[1];
  if (!name) return undefined;
  const assigned = [...source.code.matchAll(new RegExp(String.raw`\$${name}\s*=\s*(?=\[|array\s*\()`, "gi"))];
  if (assigned.length !== 1) return undefined;
  const start = assigned[0]!.index + assigned[0]![0].length;
  const open = source.code[start] === "[" ? start : source.code.indexOf("(", start);
  return { start, end: callArguments(source.code, open).end };
}

/** The elements of `[...]` or `array(...)`, or the expression itself. */
export function phpElements(source: RouteSource, span: Span): Span[] {
  const text = source.code.slice(span.start, span.end);
  if (text.startsWith("[")) return callArguments(source.code, span.start).args;
  const array = /^array\s*\(/i.exec(text);
  if (array) return callArguments(source.code, span.start + array[0].length - 1).args;
  return [span];
}

/** The static strings of a list or of one string: `['auth', 'verified']`, `'auth'`. */
export function phpList(source: RouteSource, span: Span, constants?: Map<string, string>): string[] {
  return phpElements(source, span).map((e) => phpValue(source, e, constants)).filter((v): v is string => v !== undefined);
}

/** The `'key' => value` entries of an array literal, by key. */
export function phpArray(source: RouteSource, span: Span): Map<string, Span> {
  const entries = new Map<string, Span>();
  for (const element of phpElements(source, span)) {
    const arrow = source.code.slice(element.start, element.end).indexOf("=>");
    if (arrow === -1) continue;
    const key = phpValue(source, { start: element.start, end: element.start + arrow });
    let start = element.start + arrow + 2;
    while (start < element.end && /\s/.test(source.text[start]!)) start++;
    if (key !== undefined) entries.set(key, { start, end: element.end });
  }
  return entries;
}

/** A class reference as a short name: `UserController::class`, `\App\Http\Controllers\UserController::class` -> "UserController". */
export function className(source: RouteSource, span: Span): string | undefined {
  const m = /^\\?((?:\w+\\)*(\w+))::class\b/.exec(source.code.slice(span.start, span.end).trim());
  return m?.[2];
}

const CHAINED = /^\s*->\s*(\w+)\s*\(/;

/** The calls chained on a call ending at `end` (`->controller(X::class)->methods([...])`), by name: each one's first argument. */
export function chainedArguments(source: RouteSource, end: number): Map<string, Span> {
  const found = new Map<string, Span>();
  let at = end;
  for (let m = CHAINED.exec(source.code.slice(at)); m; m = CHAINED.exec(source.code.slice(at))) {
    const call = callArguments(source.code, at + m[0].length - 1);
    if (call.args[0]) found.set(m[1]!, call.args[0]);
    at = call.end;
  }
  return found;
}

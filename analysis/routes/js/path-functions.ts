/**
 * Functions that build a path from their arguments, which route code calls for a prefix:
 * `app.use(apiPath("/tags"), tags)` with `function apiPath(...paths) { return join(base, ...paths) }`
 * or `const apiPath = (p: string) => `${API_PREFIX}${p}``. Only a function whose value is one
 * returned expression is read: a block body with a single `return` (checks that throw before
 * it are fine), or an arrow's expression body. imported.ts evaluates the expression with the
 * parameters bound to the call's arguments.
 */
import { callArguments, type RouteSource } from "../source.ts";
import { functionScopes } from "./functions.ts";
import { expressionEnd } from "./values.ts";

export type PathFunction = {
  /** Parameter names in order; with `rest`, the last takes every argument from its place on. */
  params: string[];
  rest: boolean;
  /** The returned expression. */
  returns: { start: number; end: number };
};

// `const name = (a, b) => expression` or `const name = async (a: string): string => expression`.
const EXPRESSION_ARROW = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]{0,200})?=\s*(?:async\s*)?\(([^()]*)\)\s*(?::[^=;{]{0,200})?=>\s*(?!\{)/g;

/** The path functions of a file by name. */
export function pathFunctions(source: RouteSource): Map<string, PathFunction> {
  const found = new Map<string, PathFunction>();
  for (const scope of functionScopes(source)) {
    if (!scope.name || found.has(scope.name)) continue;
    const body = source.code.slice(scope.bodyStart, scope.bodyEnd);
    const returns = [...body.matchAll(/\breturn\b/g)];
    if (returns.length !== 1) continue;
    const start = scope.bodyStart + returns[0]!.index + "return".length;
    // The raw parameter list, for `...rest` (the scope keeps only the names).
    const open = source.code.indexOf("(", scope.start);
    const raw = open === -1 || open > scope.bodyStart ? [] : callArguments(source.code, open).args.map((a) => source.code.slice(a.start, a.end));
    found.set(scope.name, { ...parameters(raw), returns: { start, end: Math.min(expressionEnd(source.code, start), scope.bodyEnd) } });
  }
  for (const m of source.code.matchAll(EXPRESSION_ARROW)) {
    if (found.has(m[1]!)) continue;
    const start = m.index + m[0].length;
    found.set(m[1]!, { ...parameters(m[2]!.split(",")), returns: { start, end: expressionEnd(source.code, start) } });
  }
  return found;
}

/** `...paths: string[]`, `base = "/"`, `p?: string` -> their names, and whether the last is a rest. */
function parameters(raw: readonly string[]): { params: string[]; rest: boolean } {
  const params: string[] = [];
  let rest = false;
  for (const param of raw) {
    const m = /^\s*(\.\.\.)?\s*([A-Za-z_$][\w$]*)/.exec(param);
    if (!m) continue;
    params.push(m[2]!);
    rest = !!m[1];
  }
  return { params, rest };
}

import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { functionScopes, type FunctionScope, positionalParameters } from "./functions.ts";

type Helper = NonNullable<Extract<Registration, { type: "router" }>["helper"]>;

const METHODS = new Set(["get", "post", "put", "patch", "delete", "del", "options", "head", "all"]);
// A verb called on a name, or a method chosen by a name: `router.get(`, `router[verb](`.
const VERB_CALL = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:\.\s*([a-z]+)|\[\s*([A-Za-z_$][\w$]*)\s*\])\s*\(/g;
// The module's exports under another name: `const helpers = module.exports;`.
const EXPORTS_ALIAS = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*module\s*\.\s*exports\s*;/g;

/**
 * Functions of the app's that register routes on a router they are handed, from their other
 * arguments: NodeBB's
 *
 *     helpers.setupApiRoute = function (...args) {
 *       const [router, verb, name] = args;
 *       router[verb](name, middlewares, helpers.tryRoute(controller));
 *     };
 *
 * is a router named `setupApiRoute` whose `helper` routes are `{ method: 1, path: [2] }`; its
 * `setupPageRoute` adds `router.get(`/api${name}`, ...)`, `{ method: "GET", path: ["/api", 1] }`.
 * A helper whose every path is written out is an ordinary function taking a router (express.ts).
 * Functions assigned to the module's exports are exported by their names.
 */
export function routeHelpers(source: RouteSource): Registration[] {
  if (!/\[\s*[A-Za-z_$][\w$]*\s*\]\s*\(|\.\s*(?:get|post|put|patch|delete|all)\s*\(\s*[`A-Za-z_$]/.test(source.code)) return [];
  const exportObjects = new Set(["exports", "module.exports", ...[...source.code.matchAll(EXPORTS_ALIAS)].map((m) => m[1]!)]);
  const found: Registration[] = [];
  for (const f of functionScopes(source)) {
    if (!f.name || f.name === "default" || f.name === "constructor") continue;
    const positional = positionalParameters(source, f);
    const routes = helperRoutes(source, f, positional);
    if (!routes.length) continue;
    found.push({ type: "router", framework: "express", name: f.name, prefix: "", guards: [], mountedOnly: true, helper: routes, line: f.line });
    const owner = /([A-Za-z_$][\w$]*(?:\s*\.\s*exports)?)\s*\.\s*[A-Za-z_$][\w$]*\s*=\s*(?:async\s+)?$/.exec(source.code.slice(Math.max(0, f.start - 120), f.start))?.[1];
    if (owner && exportObjects.has(owner.replace(/\s+/g, ""))) found.push({ type: "export", local: f.name, as: f.name });
  }
  return found;
}

/** The routes a function registers on one of its arguments with a path made from another. */
function helperRoutes(source: RouteSource, f: FunctionScope, positional: readonly string[]): Helper {
  const routes: Helper = [];
  const body = source.code.slice(f.bodyStart, f.bodyEnd);
  for (const m of body.matchAll(VERB_CALL)) {
    const router = positional.indexOf(m[1]!);
    if (router === -1) continue;
    const method = m[2] !== undefined ? (METHODS.has(m[2]) ? (m[2] === "del" ? "DELETE" : m[2].toUpperCase()) : undefined) : positional.indexOf(m[3]!);
    if (method === undefined || method === -1) continue;
    const open = f.bodyStart + m.index + m[0].length - 1;
    const first = callArguments(source.code, open).args[0];
    const path = first && pathTemplate(source, first, positional);
    if (path && path.some((part) => typeof part === "number")) routes.push({ method, path });
  }
  return routes;
}

/** A path argument as literal parts and argument positions: `name`, `` `/api${name}` ``, `"/api" + name`. */
function pathTemplate(source: RouteSource, span: { start: number; end: number }, positional: readonly string[]): (string | number)[] | undefined {
  const code = source.code.slice(span.start, span.end).trim();
  const named = positional.indexOf(code);
  if (named !== -1) return [named];
  if (!source.text.slice(span.start, span.end).trim().startsWith("`")) return undefined;
  // A template: the text, with each `${name}` of an argument spliced in; anything else is unknown.
  const text = source.text.slice(span.start, span.end).trim().slice(1, -1);
  const parts: (string | number)[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g)) {
    const at = positional.indexOf(m[1]!);
    if (at === -1) return undefined;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(at);
    last = m.index + m[0].length;
  }
  if (text.slice(last).includes("${")) return undefined;
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

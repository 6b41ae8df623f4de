import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { functionScopes, type FunctionScope, positionalParameters } from "./functions.ts";
import { argumentName, endsRequests, guardNames } from "./names.ts";
import type { Span } from "./objects.ts";
import { jsPath } from "./values.ts";

type Helper = NonNullable<Extract<Registration, { type: "router" }>["helper"]>;
/**
 * A route a helper registers: `Helper`'s method and path, and the argument positions of the
 * middleware its body passes on (`...middleware`) and of the handler.
 */
type HelperRoute = Helper[number] & { lists: number[]; handler?: number };

const METHODS = new Set(["get", "post", "put", "patch", "delete", "del", "options", "head", "all"]);
// A verb called on a name, or a method chosen by a name: `router.get(`, `router[verb](`.
const VERB_CALL = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:\.\s*([a-z]+)|\[\s*([A-Za-z_$][\w$]*)\s*\])\s*\(/g;
// The module's exports under another name: `const helpers = module.exports;`.
const EXPORTS_ALIAS = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*module\s*\.\s*exports\s*;/g;
const NAME = /^\s*([A-Za-z_$][\w$]*)\s*$/;

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
 *
 * A helper may register on a router of the module's instead (Trilium's `route(method, path,
 * middleware, handler)` calls `router[method](path, ...middleware, ...)`, and its `apiRoute(method,
 * path, handler)` calls `route` with `[auth.checkApiAuth]`): each call of it in the module
 * (`route(GET, "/login", [limiter], login.login)`) is a route on that router.
 */
export function routeHelpers(source: RouteSource, routers: ReadonlySet<string>, constants: Map<string, string>): Registration[] {
  if (!/\[\s*[A-Za-z_$][\w$]*\s*\]\s*\(|\.\s*(?:get|post|put|patch|delete|all|use)\s*\(\s*[`A-Za-z_$]/.test(source.code)) return [];
  const exportObjects = new Set(["exports", "module.exports", ...[...source.code.matchAll(EXPORTS_ALIAS)].map((m) => m[1]!)]);
  const found: Registration[] = [];
  const named = functionScopes(source).filter((f) => f.name && f.name !== "default" && f.name !== "constructor");
  const onModuleRouters = new Map<string, { router: string; routes: HelperRoute[]; f: FunctionScope }>();
  for (const f of named) {
    const positional = positionalParameters(source, f);
    const { handed, own } = helperRoutes(source, f, positional, routers);
    if (own) onModuleRouters.set(f.name!, { ...own, f });
    if (!handed.length) continue;
    const routes = handed.map(({ method, path, guards }) => ({ method, path, ...(guards?.length ? { guards } : {}) }));
    found.push({ type: "router", framework: "express", name: f.name!, prefix: "", guards: [], mountedOnly: true, helper: routes, line: f.line });
    const owner = /([A-Za-z_$][\w$]*(?:\s*\.\s*exports)?)\s*\.\s*[A-Za-z_$][\w$]*\s*=\s*(?:async\s+)?$/.exec(source.code.slice(Math.max(0, f.start - 120), f.start))?.[1];
    if (owner && exportObjects.has(owner.replace(/\s+/g, ""))) found.push({ type: "export", local: f.name!, as: f.name! });
  }
  if (onModuleRouters.size) found.push(...moduleHelperCalls(source, named, onModuleRouters, constants));
  return found;
}

/**
 * The routes a function registers with a path made from its arguments: on one of its arguments
 * (`handed`), or on a router of the module's (`own`).
 */
function helperRoutes(source: RouteSource, f: FunctionScope, positional: readonly string[], routers: ReadonlySet<string>): { handed: HelperRoute[]; own?: { router: string; routes: HelperRoute[] } } {
  const handed: HelperRoute[] = [];
  let own: { router: string; routes: HelperRoute[] } | undefined;
  const body = source.code.slice(f.bodyStart, f.bodyEnd);
  for (const m of body.matchAll(VERB_CALL)) {
    const router = positional.indexOf(m[1]!);
    const moduleRouter = router === -1 && routers.has(m[1]!) && (!own || own.router === m[1]) ? m[1]! : undefined;
    if (router === -1 && !moduleRouter) continue;
    const open = f.bodyStart + m.index + m[0].length - 1;
    const args = callArguments(source.code, open).args;
    // `app.use(src, (req, res) => res.redirect(308, to))`: an endpoint of every method (express.ts).
    const ends = m[2] === "use" && args.length >= 2 && endsRequests(source, args.at(-1)!);
    const method = ends ? "ALL" : m[2] !== undefined ? (METHODS.has(m[2]) ? (m[2] === "del" ? "DELETE" : m[2].toUpperCase()) : undefined) : positional.indexOf(m[3]!);
    if (method === undefined || method === -1) continue;
    const path = args[0] && pathTemplate(source, args[0], positional);
    if (!path || !path.some((part) => typeof part === "number")) continue;
    const route = { method, path, ...passedOn(source, args, positional) };
    if (moduleRouter) (own ??= { router: moduleRouter, routes: [] }).routes.push(route);
    else handed.push(route);
  }
  return { handed, ...(own ? { own } : {}) };
}

/**
 * What a helper's verb call hands the router after the path: the guards it names, the argument
 * positions of middleware it passes on (`...middleware`, `mw`), and of the handler, the last
 * argument or the argument the last one calls (`(req, res) => routeHandler(req, res)`).
 */
function passedOn(source: RouteSource, args: readonly Span[], positional: readonly string[]): { guards: string[]; lists: number[]; handler?: number } {
  const guards: string[] = [];
  const lists: number[] = [];
  for (const a of args.slice(1, -1)) {
    const text = source.code.slice(a.start, a.end).trim();
    const at = positional.indexOf(text.replace(/^\.\.\.\s*/, ""));
    if (at !== -1) lists.push(at);
    else guards.push(...guardNames(source, a.start, a.end));
  }
  const last = args.length > 1 ? source.code.slice(args.at(-1)!.start, args.at(-1)!.end) : "";
  const handler = positional.findIndex((p, i) => p && !lists.includes(i) && new RegExp(String.raw`(?<![\w$.])${p.replace(/\$/g, "\\$")}(?![\w$])`).test(last));
  return { guards, lists, ...(handler !== -1 ? { handler } : {}) };
}

/**
 * The calls of helpers that register on a module's router: first the helpers that call them
 * with their own arguments (`apiRoute`), then each other call as routes on that router.
 */
function moduleHelperCalls(source: RouteSource, named: readonly FunctionScope[], helpers: Map<string, { router: string; routes: HelperRoute[]; f: FunctionScope }>, constants: Map<string, string>): Registration[] {
  const callsOf = (name: string) => [...source.code.matchAll(new RegExp(String.raw`(?<![\w$.])${name.replace(/\$/g, "\\$")}\s*\(`, "g"))]
    .filter((m) => !/\bfunction\s*$/.test(source.code.slice(Math.max(0, m.index - 20), m.index)))
    .map((m) => ({ at: m.index, args: callArguments(source.code, m.index + m[0].length - 1).args }));
  // A helper passing its arguments on to another (three deep at most).
  for (let round = 0; round < 3; round++) {
    let grown = false;
    for (const [name, helper] of [...helpers]) {
      for (const call of callsOf(name)) {
        const f = named.find((g) => g.bodyStart < call.at && call.at < g.bodyEnd && !helpers.has(g.name!));
        if (!f) continue;
        const positional = positionalParameters(source, f);
        const routes = helper.routes.flatMap((route) => passedThrough(source, route, call.args, positional));
        if (routes.length) {
          helpers.set(f.name!, { router: helper.router, routes, f });
          grown = true;
        }
      }
    }
    if (!grown) break;
  }
  const bodies = [...helpers.values()].map((h) => h.f);
  const found: Registration[] = [];
  for (const [name, helper] of helpers) {
    for (const call of callsOf(name)) {
      if (bodies.some((f) => f.bodyStart < call.at && call.at < f.bodyEnd)) continue;
      const value = (i: number) => (call.args[i] ? jsPath(source, call.args[i]!.start, call.args[i]!.end, constants) : undefined);
      for (const route of helper.routes) {
        const verb = (typeof route.method === "number" ? value(route.method) : route.method)?.toUpperCase();
        const parts = route.path.map((part) => (typeof part === "number" ? value(part) : part));
        if (!verb || !METHODS.has(verb.toLowerCase()) || parts.some((part) => part === undefined)) continue;
        const guards = [...(route.guards ?? []), ...route.lists.flatMap((i) => (call.args[i] ? guardNames(source, call.args[i]!.start, call.args[i]!.end) : []))];
        const handler = route.handler !== undefined && call.args[route.handler] ? argumentName(source, call.args[route.handler]!.start, call.args[route.handler]!.end) : "(inline)";
        found.push({ type: "route", framework: "express", kind: "http", methods: [verb === "DEL" ? "DELETE" : verb], path: parts.join(""), handler, guards: [...new Set(guards)], owner: helper.router, line: source.lineAt(call.at) });
      }
    }
  }
  return found;
}

/**
 * A helper's route as the function calling it with `args` registers it, in that function's
 * argument positions; none when an argument it needs is neither a literal nor one of the
 * function's, or when the function passes none of its own.
 */
function passedThrough(source: RouteSource, route: HelperRoute, args: readonly Span[], positional: readonly string[]): HelperRoute[] {
  const text = (i: number) => (args[i] ? source.code.slice(args[i]!.start, args[i]!.end) : undefined);
  const param = (i: number) => {
    const name = NAME.exec(text(i) ?? "")?.[1];
    return name === undefined ? -1 : positional.indexOf(name);
  };
  const literal = (i: number) => (args[i] && /^\s*["'`]/.test(source.text.slice(args[i]!.start, args[i]!.end)) ? jsPath(source, args[i]!.start, args[i]!.end, new Map()) : undefined);
  const method = typeof route.method === "number" ? (param(route.method) !== -1 ? param(route.method) : literal(route.method)) : route.method;
  const path = route.path.map((part) => (typeof part === "number" ? (param(part) !== -1 ? param(part) : literal(part)) : part));
  // A call whose method and path are written out (`route("put", "/sync", ...)` inside `register`) is a route, not a helper.
  if (method === undefined || path.some((part) => part === undefined) || ![method, ...path].some((part) => typeof part === "number")) return [];
  const guards = [...(route.guards ?? [])];
  const lists: number[] = [];
  for (const i of route.lists) {
    if (param(i) !== -1) lists.push(param(i));
    else if (args[i]) guards.push(...guardNames(source, args[i]!.start, args[i]!.end));
  }
  const handler = route.handler !== undefined && param(route.handler) !== -1 ? param(route.handler) : undefined;
  return [{ method, path: path as (string | number)[], guards, lists, ...(handler !== undefined ? { handler } : {}) }];
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

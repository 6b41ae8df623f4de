import type { Framework } from "../framework.ts";
import { type Definition, members, pythonDefinitions } from "../python/definitions.ts";
import { decoratorGuards, guardNames, isPythonGuard } from "../python/guards.ts";
import { enclosingLoop } from "../python/loops.ts";
import { dottedName, elements, pythonArguments, pythonConstants, pythonValue, type Span } from "../python/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "falcon";
// `app = falcon.App(middleware=[...])`, `self.app = falcon.asgi.App()`, Falcon 1's `falcon.API()`.
const APP = /^[ \t]*((?:self\.)?[A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=[ \t]*falcon[ \t]*\.[ \t]*(?:asgi[ \t]*\.[ \t]*)?(?:App|API)[ \t]*\(/gm;
const ADD_ROUTE = /(?<![\w.])((?:self\.)?[A-Za-z_]\w*)\s*\.\s*add_route\s*\(/g;
// A responder: `on_get`, or `on_get_collection` for the route added with `suffix="collection"`.
const RESPONDER = /^on_(get|post|put|patch|delete|head|options)(?:_(\w+))?$/;

/**
 * Falcon: an app (`falcon.App(middleware=[...])`) serves resources added with `app.add_route(path,
 * Resource(), suffix=...)`, each answering the methods it has responders for (`on_get`,
 * `on_get_<suffix>`), guarded by `@falcon.before(hook)` on the class or the responder and by the
 * app's middleware named like a check. Routes written as data are followed too: a loop adding each
 * `(path, resource)` pair of a list the function writes out, or of the lists a catalog pairs with
 * prefixes (`for prefix, endpoints in catalog: for route, resource in endpoints: app.add_route(prefix + route, resource)`),
 * where a list may be what a function of another module returns (`v2.public_endpoints(...)`, a route table).
 */
export const falcon: Framework = {
  id: FRAMEWORK,
  name: "Falcon",
  languages: ["python"],
  hint: /^[ \t]*(?:import[ \t]+falcon|from[ \t]+falcon\b)|\bdef[ \t]+on_(?:get|post|put|patch|delete)\b|^[ \t]*return[ \t]*\[\s*(?:#[^\n]*\s*)*\(\s*["']\//m,
  scan(source) {
    const constants = pythonConstants(source);
    const definitions = pythonDefinitions(source);
    const found: Registration[] = [];
    for (const m of source.code.matchAll(APP)) found.push(app(source, m[1]!, m.index + m[0].length - 1));
    found.push(...definitions.filter((d) => d.kind === "class").flatMap((cls) => resource(source, definitions, cls)));
    found.push(...definitions.filter((d) => d.kind === "def").flatMap((fn) => routeTable(source, fn, constants)));
    const apps = new Set(found.flatMap((r) => (r.type === "router" && !r.mountedOnly ? [r.name] : [])));
    for (const m of source.code.matchAll(ADD_ROUTE)) {
      if (apps.has(m[1]!)) found.push(...addRoute(source, m[1]!, m.index + m[0].length - 1, constants));
    }
    return found;
  },
};

/** An app, guarded by the middleware it is made with that is named like a check (`AuthMiddleware()`). */
function app(source: RouteSource, name: string, open: number): Registration {
  const middleware = pythonArguments(source.code, open).keywords.get("middleware");
  const guards = middleware && source.code[middleware.start] === "[" ? guardNames(source.code, middleware) : [];
  return { type: "router", framework: FRAMEWORK, name, prefix: "", guards, line: source.lineAt(open) };
}

/** A resource class as routers served where a route names them: one per suffix (`ThingsResource.collection`, found as a member of the class's name), a route per responder. */
function resource(source: RouteSource, definitions: readonly Definition[], cls: Definition): Registration[] {
  const responders = members(definitions, cls).filter((d) => d.kind === "def" && RESPONDER.test(d.name));
  if (!responders.length) return [];
  const classGuards = beforeHooks(source, cls);
  const found: Registration[] = [];
  const routers = new Set<string>();
  for (const responder of responders) {
    const [, method, suffix] = RESPONDER.exec(responder.name)!;
    const router = suffix ? `${cls.name}.${suffix}` : cls.name;
    if (!routers.has(router)) found.push({ type: "router", framework: FRAMEWORK, name: router, prefix: "", guards: classGuards, mountedOnly: true, line: cls.line });
    routers.add(router);
    found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method!.toUpperCase()], path: "", handler: `${cls.name}.${responder.name}`, guards: [...decoratorGuards(source.code, responder.decorators), ...beforeHooks(source, responder)], owner: router, line: responder.line });
  }
  return found;
}

/** The hooks of `@falcon.before(hook, ...)` decorators named like a check. */
function beforeHooks(source: RouteSource, definition: Definition): string[] {
  return definition.decorators.filter((d) => /^(?:falcon\.)?before$/.test(d.name)).flatMap((d) => {
    const hook = d.args?.positional[0];
    const name = hook && dottedName(source.code, hook);
    return name && isPythonGuard(name.split(".").at(-1)!) ? [name] : [];
  });
}

/** A function that returns a list of `(path, Resource(...))` pairs: a route table, served where it is mounted. */
function routeTable(source: RouteSource, fn: Definition, constants: Map<string, string>): Registration[] {
  const body = source.code.slice(fn.start, fn.end);
  const returned = /^[ \t]*return[ \t]*\[/m.exec(body);
  if (!returned) return [];
  const open = fn.start + returned.index + returned[0].length - 1;
  const routes = pairRoutes(source, { start: open, end: callArguments(source.code, open).end }, constants, fn.name, "");
  return routes.length ? [{ type: "router", framework: FRAMEWORK, name: fn.name, prefix: "", guards: [], mountedOnly: true, line: fn.line }, ...routes] : [];
}

/** The routes of a list of `(path, resource)` pairs, on `owner` under `prefix`. */
function pairRoutes(source: RouteSource, list: Span, constants: Map<string, string>, owner: string, prefix: string): Registration[] {
  return elements(source.code, list).flatMap((pair) => {
    const [path, target] = source.code[pair.start] === "(" ? elements(source.code, pair) : [];
    const value = path && pythonValue(source, path, constants);
    const view = target && resourceName(source, target);
    return value !== undefined && view ? [route(owner, prefix + value, view, source.lineAt(pair.start))] : [];
  });
}

/** The resource class an expression makes: `queues.ItemResource(...)`; a Capitalized name, as Python writes classes. */
function resourceName(source: RouteSource, span: Span): string | undefined {
  const text = source.code.slice(span.start, span.end).trim();
  const made = /^([A-Za-z_][\w.]*)\s*\(/.exec(text)?.[1];
  return made && /(?:^|\.)[A-Z]\w*$/.test(made) ? made : undefined;
}

const route = (owner: string, path: string, view: string, line: number): Registration =>
  ({ type: "route", framework: FRAMEWORK, kind: "http", methods: ["ALL"], path, handler: view, guards: [], owner, line, view });

/** What one `app.add_route(path, resource, suffix=...)` adds: one route, or one per pair of the lists its loops walk. */
function addRoute(source: RouteSource, owner: string, open: number, constants: Map<string, string>): Registration[] {
  const { code } = source;
  const { positional, keywords } = pythonArguments(code, open);
  const [path, target] = positional;
  if (!path || !target) return [];
  const suffix = keywords.get("suffix");
  const suffixed = (view: string) => {
    const name = suffix ? pythonValue(source, suffix, constants) : undefined;
    return name ? `${view}.${name}` : view;
  };
  const line = source.lineAt(open);
  const literal = pythonValue(source, path, constants);
  const written = resourceName(source, target) ?? assignedResource(source, dottedName(code, target), open);
  if (literal !== undefined && written) return [route(owner, literal, suffixed(written), line)];
  // In loops: `for route, resource in endpoints:` inside `for prefix, endpoints in catalog:`.
  const inner = enclosingLoop(code, open);
  if (!inner || inner.targets.length !== 2 || dottedName(code, target) !== inner.targets[1]) return [];
  const parts = code.slice(path.start, path.end).split("+").map((p) => p.trim());
  if (parts.at(-1) !== inner.targets[0]) return [];
  const listed = assignedList(source, inner.iterable, inner.at);
  if (parts.length === 1 && listed) return pairRoutes(source, listed, constants, owner, "");
  const outer = parts.length === 2 ? enclosingLoop(code, inner.at) : undefined;
  if (!outer || outer.targets[0] !== parts[0] || outer.targets[1] !== inner.iterable) return [];
  const catalog = assignedList(source, outer.iterable, outer.at);
  if (!catalog) return [];
  return elements(code, catalog).flatMap((entry) => {
    const [prefixSpan, endpoints] = code[entry.start] === "(" ? elements(code, entry) : [];
    const prefix = prefixSpan && pythonValue(source, prefixSpan, constants);
    if (prefix === undefined || !endpoints) return [];
    if (code[endpoints.start] === "[") return pairRoutes(source, endpoints, constants, owner, prefix.replace(/\/$/, ""));
    // A route table another function returns (`v2_0.public_endpoints(self, conf)`), mounted under the prefix.
    const table = /^([A-Za-z_][\w.]*)\s*\(/.exec(code.slice(endpoints.start, endpoints.end).trim())?.[1];
    return table ? [{ type: "use", framework: FRAMEWORK, owner, prefix, args: [table], specifiers: [], guards: [], mountOnly: true, line } satisfies Registration] : [];
  });
}

/** The list literal last assigned to `name` before `at` (`catalog = [...]`). */
function assignedList(source: RouteSource, name: string, at: number): Span | undefined {
  const assigned = [...source.code.slice(0, at).matchAll(new RegExp(String.raw`^[ \t]*${name}[ \t]*(?::[^=\n]+)?=[ \t]*\[`, "gm"))].at(-1);
  if (!assigned) return undefined;
  const open = assigned.index + assigned[0].length - 1;
  return { start: open, end: callArguments(source.code, open).end };
}

/** The resource class a name was last made from before `at` (`things = ThingsResource(db)`). */
function assignedResource(source: RouteSource, name: string | undefined, at: number): string | undefined {
  if (!name) return undefined;
  const assigned = [...source.code.slice(0, at).matchAll(new RegExp(String.raw`^[ \t]*${name.replace(/\./g, "\\.")}[ \t]*=[ \t]*([A-Za-z_][\w.]*)[ \t]*\(`, "gm"))].at(-1);
  return assigned && /(?:^|\.)[A-Z]\w*$/.test(assigned[1]!) ? assigned[1] : undefined;
}

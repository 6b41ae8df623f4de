import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "cakephp";
const ROUTER = "routes";
// A call on a route builder: `$routes->connect(`, `$builder->scope(`.
const CALL = /\$[A-Za-z_]\w*\s*->\s*(scope|prefix|plugin|connect|get|post|put|patch|delete|head|options|redirect|resources|fallbacks)\s*\(/g;
const VERBS: Record<string, string> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE", head: "HEAD", options: "OPTIONS" };
const SET_METHODS = /^\s*->\s*setMethods\s*\(/;
const LINK = /^\s*->\s*[A-Za-z_]\w*\s*\(/;
// The actions `resources()` maps, by the REST route each answers (CakePHP's Router::$_resourceMap).
const RESOURCE_ACTIONS: { action: string; method: string; id: boolean }[] = [
  { action: "index", method: "GET", id: false },
  { action: "add", method: "POST", id: false },
  { action: "view", method: "GET", id: true },
  { action: "edit", method: "PUT", id: true },
  { action: "edit", method: "PATCH", id: true },
  { action: "delete", method: "DELETE", id: true },
];

type Scope = { body: Span; path: string };

/**
 * CakePHP's routes (`config/routes.php`, an application's or a plugin's): `$routes->scope('/auth',
 * function (RouteBuilder $routes) { ... })`, `prefix('Admin', ...)` (its path the prefix
 * dasherized, or `['path' => ...]`), `plugin('Passbolt/Folders', ['path' => '/folders'], ...)`,
 * nested; `connect('/login', [...])` answering the methods its `->setMethods([...])` gives (any
 * without), the verbs `get()`/`post()`/..., `redirect()`, `resources('Articles')` with `only`, and
 * `fallbacks()` (`/{controller}` and `/{controller}/{action}/*`).
 */
export const cakephp: Framework = {
  id: FRAMEWORK,
  name: "CakePHP",
  languages: ["php"],
  paths: /(?:^|\/)config\/routes\.php$/,
  hint: /\bRouteBuilder\b|\$routes\s*->\s*(?:scope|connect|prefix|plugin)\s*\(/,
  scan(source) {
    const { code } = source;
    const calls = [...code.matchAll(CALL)].map((m) => {
      const open = m.index + m[0].length - 1;
      const { args, end } = callArguments(code, open);
      return { name: m[1]!, args, start: m.index, end };
    });
    const scopes: Scope[] = calls.flatMap((c) => {
      if (c.name !== "scope" && c.name !== "prefix" && c.name !== "plugin") return [];
      const body = closureBody(source, c.args.at(-1));
      const path = scopePath(source, c.name, c.args);
      return body && path !== undefined ? [{ body, path }] : [];
    });
    const prefixOf = (at: number) => joinPaths("/", ...scopes.filter((s) => s.body.start < at && at < s.body.end).sort((a, b) => a.body.start - b.body.start).map((s) => s.path));
    const found: Registration[] = [];
    const route = (methods: string[], path: string, handler: string, at: number) =>
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods, path: joinPaths(prefixOf(at), path), handler, guards: [], owner: ROUTER, line: source.lineAt(at) });
    for (const call of calls) {
      const path = call.args[0] ? literal(source, call.args[0]) : undefined;
      if (call.name === "connect" || call.name in VERBS || call.name === "redirect") {
        if (path === undefined) continue;
        const methods = call.name in VERBS ? [VERBS[call.name]!] : call.name === "redirect" ? ["ALL"] : setMethods(source, call.end) ?? ["ALL"];
        route(methods, path, call.name === "redirect" ? "redirect" : target(source, call.args[1]), call.start);
      } else if (call.name === "resources" && path !== undefined) {
        const options = call.args[1] && code[call.args[1].start] === "[" ? source.text.slice(call.args[1].start, call.args[1].end) : "";
        const only = /['"]only['"]\s*=>\s*\[([^\]]*)\]/.exec(options)?.[1];
        const kept = only ? new Set([...only.matchAll(/['"](\w+)['"]/g)].map((m) => m[1]!)) : undefined;
        const base = `/${dasherize(path)}`;
        for (const r of RESOURCE_ACTIONS) if (!kept || kept.has(r.action)) route([r.method], r.id ? `${base}/{id}` : base, `${path}::${r.action}`, call.start);
      } else if (call.name === "fallbacks") {
        route(["ALL"], "/{controller}", "fallbacks", call.start);
        route(["ALL"], "/{controller}/{action}/*", "fallbacks", call.start);
      }
    }
    return found.length ? [{ type: "router", framework: FRAMEWORK, name: ROUTER, prefix: "", guards: [], line: 1 }, ...found] : [];
  },
};

/** A scope's path: `scope('/auth', ...)`; a prefix's or plugin's `['path' => ...]`, else its name dasherized (`Admin` -> `/admin`). */
function scopePath(source: RouteSource, kind: string, args: readonly Span[]): string | undefined {
  const first = args[0] && literal(source, args[0]);
  if (first === undefined) return undefined;
  if (kind === "scope") return first;
  const options = args[1] && source.code[args[1].start] === "[" ? source.text.slice(args[1].start, args[1].end) : "";
  const given = /['"]path['"]\s*=>\s*['"]([^'"]*)['"]/.exec(options)?.[1];
  if (given !== undefined) return given;
  return first.startsWith("/") ? first : `/${first.split("/").map(dasherize).join("/")}`;
}

/** `ArticleComments` -> `article-comments`, as DashedRoute writes a name in a path. */
const dasherize = (name: string): string => name.replace(/([a-z\d])([A-Z])/g, "$1-$2").replace(/_/g, "-").toLowerCase();

/** The body of a closure argument (`function (RouteBuilder $routes) { ... }`, `static fn`). */
function closureBody(source: RouteSource, span: Span | undefined): Span | undefined {
  if (!span) return undefined;
  const text = source.code.slice(span.start, span.end);
  const m = /^\s*(?:static\s+)?function\s*\([^)]*\)\s*(?::\s*\??\w+\s*)?(?:use\s*\([^)]*\)\s*)?\{/.exec(text);
  if (!m) return undefined;
  return { start: span.start + m[0].length - 1, end: span.end };
}

/** The methods of `->setMethods(['GET', 'POST'])` chained after a route, if it is. */
function setMethods(source: RouteSource, from: number): string[] | undefined {
  const { code } = source;
  for (let at = from, link = LINK.exec(code.slice(at, at + 200)); link; link = LINK.exec(code.slice(at, at + 200))) {
    const { args, end } = callArguments(code, at + link[0].length - 1);
    if (SET_METHODS.test(code.slice(at, at + 200)) && args[0]) {
      const methods = [...source.text.slice(args[0].start, args[0].end).matchAll(/['"](\w+)['"]/g)].map((m) => m[1]!.toUpperCase());
      if (methods.length) return methods;
    }
    at = end;
  }
  return undefined;
}

/** A route's target as a handler: `['controller' => 'AuthLogin', 'action' => 'loginPost']` -> `AuthLogin::loginPost`, or `'Pages::display'`. */
function target(source: RouteSource, span: Span | undefined): string {
  if (!span) return "(inline)";
  const text = source.text.slice(span.start, span.end);
  const given = literal(source, span);
  if (given !== undefined) return given;
  const controller = /['"]controller['"]\s*=>\s*['"]([\w/]+)['"]/.exec(text)?.[1];
  const action = /['"]action['"]\s*=>\s*['"](\w+)['"]/.exec(text)?.[1];
  return controller ? `${controller}::${action ?? "index"}` : "(inline)";
}

/** A string literal's value, or undefined. */
function literal(source: RouteSource, span: Span): string | undefined {
  let start = span.start;
  while (start < span.end && /\s/.test(source.code[start]!)) start++;
  const value = source.stringAt(start);
  return value && value.end >= span.end - 1 ? value.value : undefined;
}

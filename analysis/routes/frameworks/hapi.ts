import type { Framework } from "../framework.ts";
import { argumentName } from "../js/names.ts";
import { arrayElements, enclosingBrace, objectProperties, type Span } from "../js/objects.ts";
import { pathConstants, spanPath, stringList } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "hapi";
// A plugin's or a server's module is one router: hapi names routes by the plugin registering them.
const ROUTER = "default";
const REGISTER = /\.\s*register\s*\(/g;
const AUTH_DEFAULT = /\.\s*auth\s*\.\s*default\s*\(/g;
const REQUIRE = /^\s*require\s*\(\s*(["'`])([^"'`]+)\1\s*\)\s*$/;
const HAPI_MODULE = /["'`](?:@hapi\/hapi|hapi)["'`]|\bserver\s*\.\s*(?:route|register)\s*\(/;

/**
 * hapi: route objects (`{ method: "GET", path: "/users/{id}", handler, options: { auth } }`) in
 * the module that registers them or in one that exports them (`server.route(require("./routes"))`);
 * plugins registered with a prefix (`server.register({ plugin: require("./api"), routes: { prefix:
 * "/api" } })`, or by name); a route's `auth` (a strategy guards it; `mode: "try"`/`"optional"`
 * lets everyone in; `false` declares it public) and the server's `auth.default(...)`.
 */
export const hapi: Framework = {
  id: FRAMEWORK,
  name: "hapi",
  languages: ["javascript", "typescript"],
  // Route objects may sit in a module that names no hapi at all (`module.exports = [{ method, path }]`),
  // and a plugin may only mount them (`server.route(Routes(server))`).
  hint: /\bhapi\b|\.\s*route\s*\(\s*(?:require\b|[A-Z]\w*\s*\(|\{|\[)|\bmethod\s*:\s*["'`[][^;]{0,300}?\bpath\s*:\s*["'`]|\bpath\s*:\s*["'`][^;]{0,300}?\bmethod\s*:\s*["'`[]/,
  scan(source) {
    const constants = pathConstants(source);
    const found: Registration[] = [];
    const { code } = source;
    for (const route of routeObjects(source, constants)) found.push(route);
    for (const m of code.matchAll(REGISTER)) {
      const args = callArguments(code, m.index + m[0].length - 1).args;
      if (!args[0]) continue;
      const options = args[1] && code[args[1].start] === "{" ? objectProperties(source, args[1].start) : undefined;
      const outerPrefix = prefixOf(source, options, constants);
      const plugins = code[args[0].start] === "[" ? arrayElements(source, args[0].start) : [args[0]];
      for (const plugin of plugins) {
        const own = code[plugin.start] === "{" ? objectProperties(source, plugin.start) : undefined;
        const target = own?.get("plugin") ?? (own ? undefined : plugin);
        if (!target) continue;
        const prefix = prefixOf(source, own, constants) ?? outerPrefix ?? "";
        const text = code.slice(target.start, target.end);
        const required = REQUIRE.exec(source.text.slice(target.start, target.end));
        const name = required ? undefined : argumentName(source, target.start, target.end);
        if (!required && (!name || name === "(inline)" || /\(/.test(text))) continue;
        found.push({ type: "use", framework: FRAMEWORK, owner: ROUTER, prefix, args: name ? [name] : [], specifiers: required ? [required[2]!] : [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
      }
    }
    for (const m of code.matchAll(AUTH_DEFAULT)) {
      const arg = callArguments(code, m.index + m[0].length - 1).args[0];
      const inObject = arg && code[arg.start] === "{" ? objectProperties(source, arg.start).get("strategy") : undefined;
      const strategy = arg && (source.stringAt(arg.start)?.value ?? (inObject ? stringList(source, inObject, constants)[0] : undefined));
      if (strategy) found.push({ type: "global", framework: FRAMEWORK, guard: `auth(${strategy})`, line: source.lineAt(m.index) });
    }
    // `server.route(Routes(server))`, `server.route(require("./routes"))`: another module's route objects, mounted here.
    for (const m of code.matchAll(/\.\s*route\s*\(/g)) {
      const arg = callArguments(code, m.index + m[0].length - 1).args[0];
      if (!arg || code[arg.start] === "{" || code[arg.start] === "[") continue;
      const required = REQUIRE.exec(source.text.slice(arg.start, arg.end));
      const name = required ? undefined : /^\s*([A-Za-z_$][\w$.]*)/.exec(code.slice(arg.start, arg.end))?.[1];
      if (required || name) found.push({ type: "use", framework: FRAMEWORK, owner: ROUTER, prefix: "", args: name ? [name] : [], specifiers: required ? [required[2]!] : [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
    }
    if (!found.length) return [];
    // A module that names no hapi only holds route objects: routes once a hapi module mounts it
    // (an API client's `{ method, path }` table is no server).
    const served = HAPI_MODULE.test(source.text);
    return [{ type: "router", framework: FRAMEWORK, name: ROUTER, prefix: "", guards: [], line: 1, ...(served ? {} : { mountedOnly: true }) }, ...found];
  },
};

/** `routes: { prefix: "/api" }` of a registration's options. */
function prefixOf(source: RouteSource, options: Map<string, Span> | undefined, constants: Map<string, string>): string | undefined {
  const routes = options?.get("routes");
  if (!routes || source.code[routes.start] !== "{") return undefined;
  return spanPath(source, objectProperties(source, routes.start).get("prefix"), constants);
}

/** Every object literal with a `method` and a `path`: a route, wherever it is written. */
function routeObjects(source: RouteSource, constants: Map<string, string>): Registration[] {
  const { code } = source;
  const found: Registration[] = [];
  for (const m of code.matchAll(/\bpath\s*:/g)) {
    // The object around this `path:`: its opening brace, found by walking back over balanced brackets.
    const open = enclosingBrace(code, m.index);
    if (open < 0) continue;
    const properties = objectProperties(source, open);
    const pathSpan = properties.get("path");
    const methodSpan = properties.get("method");
    if (!pathSpan || !methodSpan) continue;
    const path = spanPath(source, pathSpan, constants);
    const methods = stringList(source, methodSpan, constants).map((v) => (v === "*" ? "ALL" : v.toUpperCase()));
    if (path === undefined || !path.startsWith("/") || !methods.length) continue;
    const options = properties.get("options") ?? properties.get("config");
    const settings = options && code[options.start] === "{" ? objectProperties(source, options.start) : undefined;
    const auth = settings?.get("auth") ?? properties.get("auth");
    const handlerSpan = properties.get("handler") ?? settings?.get("handler");
    const handler = handlerSpan ? argumentName(source, handlerSpan.start, handlerSpan.end) : "(inline)";
    const { guards, open: anonymous } = authOf(source, auth, constants);
    found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler, guards, owner: ROUTER, line: source.lineAt(open), ...(anonymous ? { anonymous: true } : {}) });
  }
  return found;
}

/** A route's `auth`: a strategy guards it; `false`, `mode: "try"` or `"optional"` let everyone in. */
function authOf(source: RouteSource, auth: Span | undefined, constants: Map<string, string>): { guards: string[]; open: boolean } {
  if (!auth) return { guards: [], open: false };
  const text = source.code.slice(auth.start, auth.end).trim();
  if (text === "false") return { guards: [], open: true };
  const literal = source.stringAt(auth.start)?.value;
  if (literal) return { guards: [`auth(${literal})`], open: false };
  if (source.code[auth.start] !== "{") return { guards: [], open: false };
  const properties = objectProperties(source, auth.start);
  const mode = properties.get("mode") && source.stringAt(properties.get("mode")!.start)?.value;
  if (mode === "try" || mode === "optional") return { guards: [], open: true };
  const named = (key: string) => {
    const span = properties.get(key);
    return span ? stringList(source, span, constants) : [];
  };
  const strategies = [...named("strategy"), ...named("strategies")];
  return { guards: [`auth(${strategies.join(",") || "default"})`], open: false };
}

import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import type { Span } from "../js/objects.ts";
import { type GoContext, type GoLink, type GoRef, scanGo } from "../go/engine.ts";
import { goFile } from "../go/source.ts";

const FRAMEWORK = "beego";
const IMPORTS = /^github\.com\/(?:astaxie\/beego|beego\/beego(?:\/v2)?(?:\/server\/web|\/adapter)?)$/;
// The application every package-level registration (`web.Router`, `beego.Get`) lands on.
const APP = "beego::BeeApp";
const VERBS: Record<string, string> = { Get: "GET", Post: "POST", Put: "PUT", Delete: "DELETE", Patch: "PATCH", Head: "HEAD", Options: "OPTIONS", Any: "ALL" };
// A controller's methods named for an HTTP method serve it when a route maps none (`web.Router("/", &MainController{})`).
const CONTROLLER_VERB = /^(?:Get|Post|Put|Delete|Patch|Head|Options)$/;
// Filters that run before the controller can turn a request away; the ones after it cannot.
const BEFORE = /\b(?:BeforeStatic|BeforeRouter|BeforeExec)\b/;
// `web.NSRouter(...)`: an option of a namespace, by its function's name.
const OPTION = /^\s*(?:[A-Za-z_]\w*\s*\.\s*)?(NS\w+)\s*\(/;

/**
 * Beego (v1 `github.com/astaxie/beego`, v2 `server/web`): package-level registrations on the
 * one application, `web.Router("/api/login", &controllers.ApiController{}, "post:Login")` with
 * its `"get,post:Method;put:Other"` mapping (`*` is every method), or without one, served by the
 * controller's methods named `Get`, `Post`...; `web.Get("/x", func)` and `web.CtrlGet("/x",
 * (*C).M)`; namespaces, `web.NewNamespace("/v1", web.NSRouter(...), web.NSNamespace("/sub",
 * ...), web.NSBefore(auth))`, and the same calls on a namespace value; `web.InsertFilter("/api/*",
 * web.BeforeRouter, auth)` guarding the routes under its pattern. Annotation routes
 * (`NSInclude` with `// @router` comments) are served only from code `bee` generates, read as
 * any other registration when it is committed.
 */
export const beego: Framework = {
  id: FRAMEWORK,
  name: "Beego",
  languages: ["go"],
  hint: /"github\.com\/(?:astaxie|beego)\/beego/,
  scan: (source) => [...scanGo(source, { id: FRAMEWORK, imports: IMPORTS, constructors: /(?!)/, types: /^(?:Namespace|ControllerRegister|HttpServer)$/, chain }), ...controllers(source)],
};

function chain(ctx: GoContext, start: GoRef | undefined, links: readonly GoLink[]): { ref?: GoRef } | undefined {
  let ref = start;
  for (const link of links) {
    const args = link.args;
    if (!args) return undefined;
    if (!ref && link.name === "NewNamespace") {
      ref = namespace(ctx, ctx.named(APP, link.start), args, link.start);
      if (!ref) return undefined;
      continue;
    }
    const target = ref ?? ctx.named(APP, link.start);
    if (link.name === "AddNamespace") continue;
    if (link.name === "InsertFilter" || (link.name === "Filter" && ref)) {
      if (!filter(ctx, target, link.name, args, link.start)) return undefined;
    } else if (!register(ctx, target, link.name, args, link.start)) return link === links[0] ? undefined : { ref: target };
    ref = target;
  }
  return { ref };
}

/** A route registration by name, on the app or a namespace: false when the call is none. */
function register(ctx: GoContext, ref: GoRef, name: string, args: readonly Span[], at: number): boolean {
  // `Get`, `CtrlGet`, `NSGet`, `NSCtrlGet`: the same verb.
  const verb = VERBS[name.replace(/^(?:NSCtrl|NS|Ctrl)(?=[A-Z])/, "")];
  if (name === "Router" || name === "NSRouter") return controllerRoute(ctx, ref, args, at);
  if (name === "Handler" || name === "NSHandler") return route(ctx, ref, ["ALL"], args, at);
  if (verb) return route(ctx, ref, [verb], args, at);
  if (name === "NSNamespace") return !!namespace(ctx, ref, args, at);
  if (name === "NSBefore") return (ctx.middleware(ref, "", ctx.guards(args), at), true);
  return false;
}

function route(ctx: GoContext, ref: GoRef, methods: string[], args: readonly Span[], at: number): boolean {
  const path = ctx.value(args[0]);
  if (path === undefined || !args[1]) return false;
  // `(*MainController).GetUser`: a controller's method as a value.
  const method = /^\s*\(\s*\*?\s*([\w.]+)\s*\)\s*\.\s*(\w+)\s*$/.exec(ctx.code.slice(args[1].start, args[1].end));
  ctx.route(ref, methods, beegoPath(path), args.slice(1), "last", at, undefined, method ? `${method[1]}.${method[2]}` : undefined);
  return true;
}

/** `Router(path, &C{}, "get,post:Login;put:Update")`; without a mapping, the controller's own verb methods answer. */
function controllerRoute(ctx: GoContext, ref: GoRef, args: readonly Span[], at: number): boolean {
  const path = ctx.value(args[0]);
  if (path === undefined || !args[1]) return false;
  const mapping = args[2] ? ctx.value(args[2]) : undefined;
  if (mapping === undefined) {
    ctx.mountValue(ref, beegoPath(path), args[1], at);
    return true;
  }
  const controller = /^\s*(?:&\s*|new\s*\(\s*)?([\w.]+)/.exec(ctx.code.slice(args[1].start, args[1].end))?.[1] ?? "(controller)";
  for (const entry of mapping.split(";")) {
    const [verbs, method] = entry.split(":").map((s) => s.trim());
    if (!verbs || !method) continue;
    const methods = verbs.split(",").map((v) => (v.trim() === "*" ? "ALL" : v.trim().toUpperCase())).filter(Boolean);
    ctx.route(ref, methods, beegoPath(path), [args[1]], "last", at, undefined, `${controller}.${method}`);
  }
  return true;
}

/** `NewNamespace(prefix, options...)` and `NSNamespace(prefix, options...)`: a router under `ref` with the options applied. */
function namespace(ctx: GoContext, parent: GoRef, args: readonly Span[], at: number): GoRef | undefined {
  const prefix = ctx.value(args[0]);
  if (prefix === undefined) return undefined;
  const ref = ctx.subrouter(parent, beegoPath(prefix), at);
  for (const option of args.slice(1)) {
    const m = OPTION.exec(ctx.code.slice(option.start, option.end));
    if (m) register(ctx, ref, m[1]!, ctx.arguments(option.start + m[0].length - 1), option.start);
  }
  return ref;
}

/**
 * `InsertFilter("/api/*", web.BeforeRouter, auth)` guards the routes its pattern covers, when it
 * runs before the controller (the app is one, whichever file registers on it); a namespace's
 * `Filter("before", auth)` guards the namespace.
 */
function filter(ctx: GoContext, ref: GoRef, name: string, args: readonly Span[], at: number): boolean {
  const [first, second, ...rest] = args;
  if (!first || !second) return false;
  if (name === "Filter") {
    if (ctx.value(first) === "before") ctx.middleware(ref, "", ctx.guards([second, ...rest]), at);
    return true;
  }
  const pattern = ctx.value(first);
  const filters = args[2];
  if (pattern === undefined || !filters) return false;
  // Patterns are matched against full paths, whatever router registered the route.
  if (BEFORE.test(ctx.code.slice(second.start, second.end))) ctx.globalGuards(ctx.guards([filters]), beegoPath(pattern), at);
  return true;
}

/** Beego's typed parameters (`:id:int`) and its `*.*` (a path and an extension) as the report writes paths. */
function beegoPath(path: string): string {
  return path.replace(/:(\w+):(?:int|string)\b/g, ":$1").replace(/\*\.\*/g, ":path.:ext");
}

/**
 * A controller's methods named for an HTTP method (`func (c *MainController) Get()`): routes at
 * the controller's own path, served where a route maps no method (`web.Router("/", &MainController{})`).
 */
function controllers(source: RouteSource): Registration[] {
  if (!/"github\.com\/(?:astaxie|beego)\/beego/.test(source.text)) return [];
  const file = goFile(source);
  const found: Registration[] = [];
  const types = new Set<string>();
  for (const fn of file.functions) {
    if (!fn.receiver || !CONTROLLER_VERB.test(fn.name) || fn.params.length) continue;
    const type = fn.receiver.type.replace(/^\*/, "");
    const owner = `${file.scope}::${type}`;
    const line = source.lineAt(fn.start);
    if (!types.has(type)) (types.add(type), found.push({ type: "router", framework: FRAMEWORK, name: owner, prefix: "", guards: [], mountedOnly: true, line }));
    found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [fn.name.toUpperCase()], path: "", handler: `${type}.${fn.name}`, guards: [], owner, line });
  }
  return found;
}

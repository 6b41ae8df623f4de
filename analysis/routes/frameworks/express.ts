import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { HANDED, NOT_HANDING, TYPE_ARGUMENTS } from "../js/calls.ts";
import { jsBindings } from "../js/bindings.ts";
import { forOfArray } from "../js/loops.ts";
import { argumentName, endsRequests, guardNames, handlerAndGuards, optionalCall } from "../js/names.ts";
import { functionScopes, routerFactories } from "../js/functions.ts";
import { routeHelpers } from "../js/route-helpers.ts";
import { jsPath, pathConstants, pathList, stringList, usePrefix } from "../js/values.ts";
import { objectLiteralAt, objectProperties, type Span } from "../js/objects.ts";
import { isGuardName, optionalSegmentForms } from "../paths.ts";
import { switchedOnBySetting } from "../js/setting-gates.ts";

const METHODS = ["get", "post", "put", "patch", "delete", "del", "options", "head", "all"];
// `const app = express()`, and the assignments of a class or a module (`this.app = express()`,
// `app = express()`); Express may be required in place (`require("express").Router()`: the
// string is blanked in the code, so `requiresExpress` reads it in the text). A declaration list
// may name it after another: `var express = require("express")\n, app = express()`.
const EXPRESS = String.raw`(?:express|require\s*\(\s*["'] {7}["']\s*\))`;
const CREATE = new RegExp(String.raw`(?:\b(?:const|let|var)\s+|\bthis\s*\.\s*|^[ \t]*|^[ \t]*,\s*)([A-Za-z_$][\w$]*)\s*(?::\s*[\w.<>]+\s*)?=\s*(?:new\s+)?(?:${EXPRESS}\s*\(\s*\)|(?:${EXPRESS}\s*\.\s*)?Router\s*\()`, "gm");
const PARAMETER = /(?:function\s*[\w$]*\s*\(|\(\s*)(app|router|api)\s*(?::\s*[\w.<>]+\s*)?[,)]/g;
// `app = createExpressApp(settings)`, `const router = utils.makeRouter()`: what a factory named for an app or a router makes.
const FACTORY_MADE = /(?:\b(?:const|let|var)\s+|^[ \t]*)([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?(?:[A-Za-z_$][\w$]*\s*\.\s*)*(?:create|make|build)\w*(?:App|Application|Router)\s*\(/gm;
// A class's member (a field, or a parameter property of its constructor) that holds the app: named so with
// an app's type (`private server: AutopilotApplication`), or of any name typed as Express's own (`private _app: Application`).
const APP_MEMBER = /\b(?:private|public|protected)\s+(?:readonly\s+)?([A-Za-z_$][\w$]*)\s*[!?]?\s*:\s*([\w.]+)/g;
const APP_NAME = /^(?:app|router|api|server)$/;
const APP_TYPE = /(?:Application|App|Router|Express)$/;
const EXPRESS_TYPE = /^(?:express\.)?(?:Application|Express|Router|IRouter)$/;
// The app another module made, taken from where it keeps it: `const app = server.app`, `const { app } = server`.
const TAKEN_APP = /\b(?:const|let|var)\s+(?:(app|router)\s*=\s*[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*\.\s*(?:app|router)|\{\s*(app|router)\s*\}\s*=\s*[A-Za-z_$][\w$.]*)\s*[;\n]/g;
const CALL = new RegExp(String.raw`\b([A-Za-z_$][\w$]*)\s*\.\s*(get|post|put|patch|delete|del|options|head|all|use|route)\s*${TYPE_ARGUMENTS}\(`, "g");
const CHAIN = /^\s*\.\s*(get|post|put|patch|delete|del|options|head|all)\s*\(/;
const CHAINED = /^\s*\.\s*(get|post|put|patch|delete|del|options|head|all|use|route)\s*\(/;
const EXPORTED_ROUTER = new RegExp(String.raw`(?:\bexport\s+default|\bmodule\.exports\s*=)\s*(?:new\s+)?(?:${EXPRESS}\s*\.\s*)?Router\s*\(`, "g");
// Etherpad's plugin hooks, which it calls with the Express app (`{app}`, or `args.app`): a file
// exporting one registers on that app.
const ETHERPAD_HOOK = /\bexports\s*\.\s*express(?:CreateServer|PreSession|Configure)\s*=|\bexport\s+(?:const|let|(?:async\s+)?function)\s+express(?:CreateServer|PreSession|Configure)\b/;
// Parameter names that hold a router or an app, and a function taking one (`(router) =>`, `router =>`, `function f(app)`).
// Or any router named for what it serves (`apiRouter`, Overleaf's `initialize(webRouter, privateApiRouter, publicApiRouter)`).
const ROUTER_PARAM = /^(?:app|router|api|routes|server|[a-z][\w$]*Router)$/;
const TAKES_ROUTER = /\(\s*(?:app|router|api|routes|server|[a-z][\w$]*Router)\s*[,):]|\b(?:app|router|api|routes|server|[a-z][\w$]*Router)\s*=>/;
const CLASS = /\bclass\s+[A-Za-z_$][\w$]*[^{]*\{/g;
const METEOR_APP = /\bWebApp\s*\.\s*handlers\s*\.\s*(?:get|post|put|patch|delete|all|use|route)\s*\(/;

/**
 * Express: apps and routers (`express()`, `express.Router()`), `owner.METHOD(path, ...mw,
 * handler)`, `owner.route(path).get().post()` chains, and `owner.use(prefix?, ...)` mounts
 * and middleware. Paths may be literals, templates or concatenations of known constants.
 */
export const express: Framework = {
  id: "express",
  name: "Express",
  languages: ["javascript", "typescript"],
  hint: /\bexpress(?:\b|CreateServer|PreSession|Configure)|\bthis\s*\.\s*route\s*\(\s*\{|\bRouter\s*\(|\.(?:get|post|put|patch|delete|all|use|route)\s*\(\s*["'`/A-Z_]|\(\s*(?:app|router|api|routes|apiRouter|server)\s*[,)]/,
  scan(source) {
    const registrations: Registration[] = [];
    const routers = new Set<string>();
    const usesExpress = /\bexpress\b/.test(source.text);
    for (const m of source.code.matchAll(CREATE)) {
      // `new Router()` without Express in sight is another framework's router (@koa/router).
      if (!usesExpress || !requiresExpress(source, m)) continue;
      routers.add(m[1]!);
      registrations.push({ type: "router", framework: "express", name: m[1]!, prefix: "", guards: [], line: source.lineAt(m.index) });
    }
    // A router of its own, once per name, for the first place that names it.
    const addRouter = (name: string, at: number) => {
      if (routers.has(name)) return;
      routers.add(name);
      registrations.push({ type: "router", framework: "express", name, prefix: "", guards: [], line: source.lineAt(at) });
    };
    // A function that receives the app or a router (`module.exports = (app) => {...}`) registers
    // on it, as a file does on the app it takes from another module.
    if (usesExpress) {
      for (const m of source.code.matchAll(TAKEN_APP)) addRouter((m[1] ?? m[2])!, m.index);
      for (const m of source.code.matchAll(PARAMETER)) addRouter(m[1]!, m.index);
      // An app another module's factory makes (`const editorApp = apiUtil.createExpressApp(settings)`, a
      // function wrapping `express()`): an app of its own, named by the variable.
      for (const m of source.code.matchAll(FACTORY_MADE)) addRouter(m[1]!, m.index);
      // A class handed the app (`constructor(private server: AutopilotApplication)`, an interface extending
      // Express's IRouter; or a field `private app: NotificationApplication`) registers on it through `this.server`.
      for (const m of source.code.matchAll(APP_MEMBER)) if ((APP_NAME.test(m[1]!) && APP_TYPE.test(m[2]!)) || EXPRESS_TYPE.test(m[2]!)) addRouter(m[1]!, m.index);
    }
    // A factory names the router it returns (`function configure(app, ctx) { const api = express.Router(); ...; return api; }`).
    for (const { name, of, at } of usesExpress ? routerFactories(source, routers) : []) {
      registrations.push({ type: "router", framework: "express", name, prefix: "", guards: [], aliasOf: of, line: source.lineAt(at) });
    }
    const etherpad = ETHERPAD_HOOK.exec(source.code);
    if (etherpad) addRouter("app", etherpad.index);
    // Meteor 3's app, which Meteor makes with Express and serves: `WebApp.handlers.get("/api/users", ...)`.
    const meteor = METEOR_APP.exec(source.code);
    if (meteor) addRouter("handlers", meteor.index);
    const constants = pathConstants(source);
    // Outside a file that names Express, a named function that takes a router registers on it
    // (`const init = router => { router.post(...) }`): a router of its own, served only where
    // an Express file hands it one (`initControllers(router)`), as a Koa file never does.
    // Reading every function of the file costs: only when one may take a router.
    // In an Express file, a class's method that takes a router (`async initAuthRoutes(router) {...}`)
    // registers on the router its caller hands it (`this.auth.initAuthRoutes(router)`).
    const classes = usesExpress && TAKES_ROUTER.test(source.code) ? [...source.code.matchAll(CLASS)].map((m) => ({ start: m.index, end: callArguments(source.code, m.index + m[0].length - 1).end })) : [];
    const inClass = (at: number) => classes.some((c) => c.start < at && at < c.end);
    // So does the function a module exports (`module.exports = function (app) { app.get(...) }`, Send's routes), called with the app where an Express file requires it.
    const handed = !TAKES_ROUTER.test(source.code) ? [] : functionScopes(source).filter((f) => f.name && (f.name !== "default" || !usesExpress) && f.name !== "constructor" && f.params.some((p) => ROUTER_PARAM.test(p)) && (!usesExpress || inClass(f.start)));
    const handedRouters = new Set<string>();
    const ownerAt = (name: string, at: number) => {
      const scope = handed.findLast((f) => f.bodyStart < at && at < f.bodyEnd && f.params.includes(name));
      // A function handed two routers (`developerEndpoints(app, router)`): the one after the first is
      // a router of its own, named by its position (`developerEndpoints(2)`), where callers hand theirs.
      const position = scope ? scope.params.indexOf(name) : -1;
      const owner = !scope ? name : position > 0 && scope.params.slice(0, position).some((p) => ROUTER_PARAM.test(p)) ? `${scope.name}(${position + 1})` : scope.name!;
      if (owner !== name && !handedRouters.has(owner)) {
        handedRouters.add(owner);
        // A class's method in an Express file stays served at the root when no caller is found, as its parameter's router was.
        registrations.push({ type: "router", framework: "express", name: owner, prefix: "", guards: [], ...(usesExpress ? {} : { mountedOnly: true }), line: source.lineAt(at) });
      }
      return owner;
    };
    const instances = instanceClasses(source);
    const controllers = /\bthis\s*\.\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)?(?:get|post|put|patch|delete|del|all|use|route)\s*\(/.test(source.code) ? controllerClasses(source) : [];
    const madeControllers = new Set<string>();
    for (const m of source.code.matchAll(CALL)) {
      const controller = controllers.length ? controllerOwner(source, controllers, routers, m) : undefined;
      if (controller && !madeControllers.has(controller)) {
        madeControllers.add(controller);
        registrations.push({ type: "router", framework: "express", name: controller, prefix: "", guards: [], line: source.lineAt(m.index) });
      }
      if (controller && m[2] === "route" && source.code[callArguments(source.code, m.index + m[0].length - 1).args[0]?.start ?? 0] === "{") {
        registrations.push(...optionsRoute(source, controller, m.index + m[0].length - 1, source.lineAt(m.index), constants));
        continue;
      }
      registrations.push(...callRegistrations(source, controller ?? ownerAt(m[1]!, m.index), m[2]!, m.index + m[0].length - 1, source.lineAt(m.index), constants, instances).registrations);
    }
    // A router handed to a function (`initControllers(router)`, `users.init(router)`) is where
    // that function's routes hang.
    let imports: Set<string> | undefined;
    for (const m of source.code.matchAll(HANDED)) {
      const callee = instanceMember(m[1]!.replace(/\s+/g, ""), instances);
      const at = m.index + m[0].length;
      // A function or method declared (`function configure(app, ctx) {`, `async initAuthRoutes(router) {`), not called.
      if (functionScopes(source).some((f) => f.start <= m.index && m.index < f.bodyStart)) continue;
      // `app.route(path)` starts a chain; another module's `route(router, "get", path, ...)` is a helper handed the router.
      const receiver = callee.includes(".") ? callee.slice(0, callee.lastIndexOf(".")) : undefined;
      const helperNamedRoute = callee.split(".").at(-1) === "route" && (receiver === undefined || (!routers.has(receiver) && !handedRouters.has(receiver) && receiver !== "this"));
      // A module's own `apply` (Overleaf's `CollaboratorsRouter.apply(webRouter, privateApiRouter)`, a default export
      // `{ apply(webRouter) {...} }`) is no Function.prototype.apply: its receiver is an import.
      const moduleApply = receiver !== undefined && /\.apply$/.test(callee) && (imports ??= new Set(jsBindings(source).map((b) => b.local))).has(receiver);
      if (METHODS.includes(callee.split(".").at(-1)!) || (NOT_HANDING.test(callee) && !helperNamedRoute && !moduleApply)) continue;
      const router = ownerAt(m[2]!, at);
      if (!routers.has(router) && !handedRouters.has(router)) continue;
      // The other arguments, for a helper that builds routes from them (`setupPageRoute(app, "/world", [mw], controller)`).
      const { args } = callArguments(source.code, source.code.indexOf("(", m.index + m[1]!.length));
      const values = args.map((a, i) => (i === 0 ? null : jsPath(source, a.start, a.end, constants) ?? (i === args.length - 1 ? argumentName(source, a.start, a.end) : null)));
      const lists = args.slice(1, -1).filter((a) => source.code[a.start] === "[").flatMap((a) => guardNames(source, a.start, a.end));
      const handed = args.length > 1 ? { handed: { args: values, guards: lists } } : {};
      registrations.push({ type: "use", framework: "express", owner: router, prefix: "", args: [callee], specifiers: [], guards: [], mountOnly: true, ...handed, line: source.lineAt(m.index) });
      // A router handed after the first goes to the function's router of that position.
      args.slice(1).forEach((a, i) => {
        const other = /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(source.code.slice(a.start, a.end))?.[1];
        const owner = other && ownerAt(other, a.start);
        if (owner && (routers.has(owner) || handedRouters.has(owner))) registrations.push({ type: "use", framework: "express", owner, prefix: "", args: [`${callee}(${i + 2})`], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
      });
    }
    // Calls chained on an app or a router as it is made: `const api = Router().use(a).use(b)`,
    // `const app = express().get("/healthz", h).use(json())`, and `export default Router().use("/api", api)`,
    // a router nobody names, exported as it is made.
    const chained = (name: string, open: number) => {
      let offset = callArguments(source.code, open).end;
      for (let chain = CHAINED.exec(source.code.slice(offset)); chain; chain = CHAINED.exec(source.code.slice(offset))) {
        const call = callRegistrations(source, name, chain[1]!, offset + chain[0].length - 1, source.lineAt(offset + chain[0].length - 1), constants, instances);
        registrations.push(...call.registrations);
        offset = call.end;
      }
    };
    if (usesExpress) {
      for (const m of source.code.matchAll(CREATE)) if (requiresExpress(source, m)) chained(m[1]!, m.index + m[0].lastIndexOf("("));
      for (const m of source.code.matchAll(EXPORTED_ROUTER)) {
        if (!requiresExpress(source, m)) continue;
        const name = `(default router ${source.lineAt(m.index)})`;
        registrations.push({ type: "router", framework: "express", name, prefix: "", guards: [], line: source.lineAt(m.index) });
        registrations.push({ type: "export", local: name, as: "default" });
        chained(name, m.index + m[0].length - 1);
      }
    }
    // Last: a helper is the router of its name, whatever an earlier reading of the function made it.
    registrations.push(...routeHelpers(source, routers, constants));
    return registrations;
  },
};

// A class that inherits its router (`class HealthCheckController extends Controller`).
const SUBCLASS = /\bclass\s+([A-Za-z_$][\w$]*)(?:\s*<[^{}]{0,300}>)?\s+extends\s+[A-Za-z_$][\w$.]*[^{};]*\{/g;

/** The classes of a file that extend another, with their body spans. */
function controllerClasses(source: RouteSource): { name: string; start: number; end: number }[] {
  return [...source.code.matchAll(SUBCLASS)].map((m) => ({ name: m[1]!, start: m.index + m[0].length, end: callArguments(source.code, m.index + m[0].length - 1).end }));
}

/**
 * A controller whose base class keeps the router and wraps its verbs (Unleash's `Controller`,
 * whose constructor makes `this.app = Router()`): in a class extending it, `this.get(path, ...)`,
 * `this.route({ method, path })`, `this.use(path, router)` and `this.app.get(...)` (when the file
 * makes no `app`) register on a router of the class's own, named for the class, which
 * `new HealthCheckController(config).router` mounts elsewhere.
 */
function controllerOwner(source: RouteSource, controllers: readonly { name: string; start: number; end: number }[], routers: ReadonlySet<string>, call: RegExpMatchArray): string | undefined {
  const at = call.index!;
  const onThis = call[1] === "this" || (/\bthis\s*\.\s*$/.test(source.code.slice(Math.max(0, at - 12), at)) && !routers.has(call[1]!));
  if (!onThis) return undefined;
  // A registration is a statement of its own; a call whose answer is used (`return this.post("/api/workspaces/", data)`,
  // `await this.get(url)`) is an HTTP client's request, made by a class extending an API client.
  const start = call[1] === "this" ? at : source.code.lastIndexOf("this", at);
  if (USED_VALUE.test(source.code.slice(Math.max(0, start - 12), start))) return undefined;
  return controllers.findLast((c) => c.start <= at && at < c.end)?.name;
}

const USED_VALUE = /(?:\b(?:return|await|yield)|[=(,?:|&!]|=>)\s*$/;

/**
 * `this.route({ method: "get", path: "/x", handler: this.getX, permission: ADMIN, middleware: [...] })`:
 * a route given as options. A permission other than NONE is checked before the handler runs.
 */
function optionsRoute(source: RouteSource, owner: string, open: number, line: number, constants: ReturnType<typeof pathConstants>): Registration[] {
  const options = objectProperties(source, callArguments(source.code, open).args[0]!.start);
  const method = options.get("method") && source.stringAt(options.get("method")!.start)?.value;
  const pathSpan = options.get("path");
  const path = pathSpan && jsPath(source, pathSpan.start, pathSpan.end, constants);
  if (!method || !METHODS.includes(method.toLowerCase()) || path === undefined) return [];
  const handler = options.get("handler");
  const permission = options.get("permission") ?? options.get("permissions");
  const checked = permission ? source.code.slice(permission.start, permission.end).replace(/\s+/g, "") : "";
  const guards = [
    ...(checked && !/^(?:NONE|\[\]|null|undefined|["']\s*["'])$/.test(checked) ? [`permission(${checked})`] : []),
    ...(options.get("middleware") ? guardNames(source, options.get("middleware")!.start, options.get("middleware")!.end) : []),
  ];
  const verb = method.toLowerCase() === "del" ? "DELETE" : method.toUpperCase();
  return [{ type: "route", framework: "express", kind: "http", methods: [verb], path, handler: handler ? argumentName(source, handler.start, handler.end) : "(inline)", guards, owner, line }];
}

/** Whether a match that requires a module in place (`require("...").Router()`) requires Express. */
function requiresExpress(source: RouteSource, match: RegExpMatchArray): boolean {
  const text = source.text.slice(match.index!, match.index! + match[0].length);
  return !/\brequire\s*\(/.test(text) || /\brequire\s*\(\s*["']express["']/.test(text);
}

/**
 * A guard made conditional with express-unless (`jwt(options).unless(skip)`, `skip` written in
 * place or a const of the file): its name, and the routes its options skip: `path` entries that
 * are paths (`"/api/users"`), `{ url, methods }` objects, or regular expressions (which must find
 * the route's full path). Undefined when the argument is no such guard or its options are not read.
 */
function unlessGuard(source: RouteSource, arg: Span, constants: ReturnType<typeof pathConstants>): { guard: string; except: { path: string; method: string }[]; exceptMatching: string[] } | undefined {
  const text = source.code.slice(arg.start, arg.end);
  const open = text.search(/\.\s*unless\s*\(/);
  if (open === -1) return undefined;
  const guard = argumentName(source, arg.start, arg.start + open);
  if (!isGuardName(guard)) return undefined;
  const call = arg.start + open + text.slice(open).indexOf("(");
  const options = callArguments(source.code, call).args[0];
  if (!options) return undefined;
  const object = objectLiteralAt(source, options);
  const paths = object === undefined ? undefined : objectProperties(source, object).get("path");
  if (!paths) return undefined;
  const except: { path: string; method: string }[] = [];
  const exceptMatching: string[] = [];
  const entries = source.code[paths.start] === "[" ? callArguments(source.code, paths.start).args : [paths];
  for (const entry of entries) {
    const object = source.code[entry.start] === "{" ? objectProperties(source, entry.start) : undefined;
    const url = object ? object.get("url") : entry;
    if (!url) continue;
    const methods = object?.get("methods") ? stringList(source, object.get("methods")!, constants).map((m) => m.toUpperCase()) : ["ALL"];
    const regex = /^\/(.+)\/[a-z]*$/s.exec(source.text.slice(url.start, url.end).trim());
    if (regex) exceptMatching.push(regex[1]!);
    else {
      const path = jsPath(source, url.start, url.end, constants);
      if (path !== undefined) for (const method of methods) except.push({ path, method });
    }
  }
  return { guard, except, exceptMatching };
}

/** What one `owner.method(...)` call registers (a route, a `.route()` chain, a mount), and where the call ends. */
function callRegistrations(
  source: RouteSource,
  owner: string,
  method: string,
  open: number,
  line: number,
  constants: ReturnType<typeof pathConstants>,
  /** The classes the file makes instances of, by where it keeps them (`instanceClasses`). */
  instances: ReadonlyMap<string, string>,
): { registrations: Registration[]; end: number } {
  const registrations: Registration[] = [];
  const { args, end } = callArguments(source.code, open);
  const first = args[0];
  const path = first ? jsPath(source, first.start, first.end, constants) : undefined;
  if (method === "use") {
    const { prefix, rest: given } = usePrefix(source, args, constants);
    // `app.use(global.RouterBasePath, router)`: a path the code does not state, which no middleware is named for.
    const first = source.code.slice(given[0]?.start ?? 0, given[0]?.end ?? 0).trim();
    const unknownPrefix = prefix === undefined && given.length > 1 && PATH_VALUE.test(first) && PATH_NAMED.test(first);
    const rest = unknownPrefix ? given.slice(1) : given;
    // `app.use("/old", (req, res) => res.redirect(308, "/new"))`: a function that takes no `next` ends every
    // request under the prefix, so it is an endpoint of every method there, behind the middleware before it.
    if (prefix !== undefined && rest.length && endsRequests(source, rest.at(-1)!)) {
      registrations.push(...route(source, owner, "all", prefix, rest, line));
      return { registrations, end };
    }
    const names = rest.map((a) => instanceMember(argumentName(source, a.start, a.end), instances));
    const specifiers = rest.map((a) => requiredSpecifier(source, a.start, a.end) ?? folderModule(source, a.start, a.end)).filter((s): s is string => s !== undefined);
    const specifierExports = Object.fromEntries(rest.flatMap((a) => {
      const member = /\)\s*\.\s*([A-Za-z_$][\w$]*)\s*$/.exec(source.code.slice(a.start, a.end))?.[1];
      const specifier = member && requiredSpecifier(source, a.start, a.end);
      return specifier ? [[specifier, member]] : [];
    }));
    // `app.use(jwt(options).unless({ path: [...] }))`: a guard of every route but those it skips.
    const skipping = prefix ? [] : rest.map((a) => unlessGuard(source, a, constants));
    for (const global of skipping) if (global) registrations.push({ type: "global", framework: "express", line, ...global });
    // A guard made optional by its arguments (`jwt({ credentialsRequired: false })`) reads the caller, refusing none.
    // One mounted only when a setting switches it on (`if (OIDC.enabled) app.use(auth(config))`) is off as shipped.
    const switchedOn = names.some(isGuardName) && switchedOnBySetting(source.code, open);
    const used = names.filter((n, i) => n !== "(inline)" && !skipping[i] && !(isGuardName(n) && (switchedOn || optionalCall(source, rest[i]!))));
    // A list of middleware, in place or declared in the file (`const adminMiddleware = [requireInstallAdmin]`): the guards it holds.
    for (const a of rest) {
      const text = source.code.slice(a.start, a.end).trim();
      if (!switchedOn && (text.startsWith("[") || /^[A-Za-z_$][\w$]*$/.test(text))) for (const guard of guardNames(source, a.start, a.end)) if (!used.includes(guard)) used.push(guard);
    }
    registrations.push({ type: "use", framework: "express", owner, prefix: prefix ?? "", args: used, specifiers, ...(Object.keys(specifierExports).length ? { specifierExports } : {}), guards: [], line, ...(unknownPrefix ? { prefixUnknown: true } : {}) });
    return { registrations, end };
  }
  // `router.get(["/a", "/a/*"], handler)`: one route per path of the list.
  if (first && source.code[first.start] === "[" && method !== "route" && args.length >= 2) {
    const paths = pathList(source, first, constants).filter((p) => p.startsWith("/") || p === "*");
    for (const each of paths) registrations.push(...route(source, owner, method, each, args.slice(1), line));
    return { registrations, end };
  }
  // `for (const route of ["/a", "/b"]) router.get(route, ...)`: one route per path the loop walks.
  const walked = first && path === undefined && /^[A-Za-z_$][\w$]*$/.test(source.code.slice(first.start, first.end).trim()) && method !== "route" && args.length >= 2
    ? forOfArray(source, source.code.slice(first.start, first.end).trim(), first.start)
    : undefined;
  if (walked !== undefined) {
    const paths = pathList(source, { start: walked, end: callArguments(source.code, walked).end }, constants).filter((p) => p.startsWith("/"));
    for (const each of paths) registrations.push(...route(source, owner, method, each, args.slice(1), line));
    return { registrations, end };
  }
  // `router.get("", ...)` serves the router's own path, as "/" does.
  if (path === undefined || !(path.startsWith("/") || path.startsWith("${") || path === "*" || path === "")) return { registrations, end };
  if (method === "route") {
    let rest = source.code.slice(end);
    let offset = end;
    for (let chain = CHAIN.exec(rest); chain; chain = CHAIN.exec(rest)) {
      const call = callArguments(source.code, offset + chain[0].length - 1);
      registrations.push(...route(source, owner, chain[1]!, path, call.args, line));
      offset = call.end;
      rest = source.code.slice(offset);
    }
    return { registrations, end: offset };
  }
  if (args.length < 2) return { registrations, end }; // `map.get("/key")` is a lookup, not a route
  registrations.push(...route(source, owner, method, path, args.slice(1), line));
  return { registrations, end };
}

function route(source: RouteSource, owner: string, method: string, path: string, handlers: { start: number; end: number }[], line: number): Registration[] {
  const verb = method === "del" ? "DELETE" : method.toUpperCase();
  const read = handlerAndGuards(source, handlers);
  const dispatch = dispatchedTo(source, handlers.at(-1));
  return optionalGroupForms(path).map((form) => ({ type: "route", framework: "express", kind: "http", methods: [verb], path: form, ...read, owner, ...(dispatch ? { dispatch } : {}), line }));
}

/** The last handler of a route when it may be a router: a plain name, or a module required in place (and called). */
function dispatchedTo(source: RouteSource, last: { start: number; end: number } | undefined): { name?: string; specifier?: string } | undefined {
  if (!last) return undefined;
  const text = source.code.slice(last.start, last.end).trim();
  if (/^[A-Za-z_$][\w$]*$/.test(text)) return { name: text };
  const specifier = requiredSpecifier(source, last.start, last.end);
  return specifier === undefined ? undefined : { specifier };
}

/**
 * Express 5's optional groups (`/p/:pad{/:rev}/export/:type`, `/files{/*rest}`): the route
 * answers each form. Express 4 gives braces no meaning, and a template's `${...}` is no group.
 */
const optionalGroupForms = (path: string): string[] => (!path.includes("${") && /\{[/:*.]/.test(path) ? optionalSegmentForms(path, "{}") : [path]);

// A value named for a path (`basePath`, `config.apiPrefix`, `global.RouterBasePath`), not a call.
const PATH_VALUE = /^[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*$/;
const PATH_NAMED = /(?:path|prefix|base|url|root|mount)$/i;

/**
 * The classes a file makes instances of, by where it keeps them: `this.apiRouter = new ApiRouter(this)`
 * and `const api = new ApiRouter()` give `this.apiRouter` and `api` -> `ApiRouter`.
 */
const instanceClasses = (source: RouteSource): Map<string, string> =>
  new Map([...source.code.matchAll(/(?:\bthis\s*\.\s*|\b(?:const|let|var)\s+)([A-Za-z_$][\w$]*)\s*=\s*new\s+([A-Z][\w$]*)\s*\(/g)]
    .filter((m) => m[2] !== "Router")
    .map((m) => [m[0].startsWith("this") ? `this.${m[1]}` : m[1]!, m[2]!]));

/**
 * A router kept on an instance (`this.apiRouter.router`) as a member of its class (`ApiRouter.router`),
 * which the linker finds in the module the class comes from: its constructor's `this.router = express()`.
 */
function instanceMember(name: string, instances: ReadonlyMap<string, string>): string {
  const m = /^((?:this\.)?[A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)$/.exec(name);
  const cls = m ? instances.get(m[1]!) : undefined;
  return cls ? `${cls}.${m![2]}` : name;
}

// `require(path.join(__dirname, "api", r))`: a module of a folder, by the name a loop gives (its strings read in the text).
const FOLDER_REQUIRE = /\b([A-Za-z_$][\w$]*)\s*=\s*require\s*\(\s*path\s*\.\s*(?:join|resolve)\s*\(\s*__dirname\s*,\s*((?:["'][^"'\n]+["']\s*,\s*)+)([A-Za-z_$][\w$]*)\s*\)\s*\)/g;

/**
 * Each module of a folder the file lists and requires in a loop, as the argument mounted
 * (`readdirSync(path.join(__dirname, "api")).forEach((r) => { const route = require(path.join(__dirname,
 * "api", r)); const router = route.default || route; app.use("/api", router) })`): the folder, as a
 * specifier mounting every module of it under the prefix.
 */
function folderModule(source: RouteSource, start: number, end: number): string | undefined {
  const name = source.code.slice(start, end).trim();
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const before = source.text.slice(Math.max(0, start - 1500), start);
  if (!/\breaddirSync\s*\(/.test(before)) return undefined;
  for (const m of before.matchAll(FOLDER_REQUIRE)) {
    const [, module, parts, element] = m as unknown as [string, string, string, string];
    // Mounted as itself, or as its default export when it has one (`route.default || route`).
    const mounted = module === name || new RegExp(String.raw`\b${name}\s*=\s*${module}(?:\s*\.\s*default\s*\|\|\s*${module})?\s*[;\n]`).test(before.slice(m.index));
    const looped = new RegExp(String.raw`\breaddirSync\s*\([^]*?\)\s*(?:\.\s*filter\s*\([^]*?\)\s*)?\.\s*forEach\s*\(\s*(?:\(\s*${element}\s*\)|${element})\s*=>|\bfor\s*\(\s*(?:const|let|var)\s+${element}\s+of\s+(?:[\w$.]+\.)?readdirSync\s*\(`).test(before);
    if (mounted && looped) return `./${[...parts.matchAll(/["']([^"'\n]+)["']/g)].map((p) => p[1]!.replace(/^\.\/|\/$/g, "")).join("/")}/*`;
  }
  return undefined;
}

function requiredSpecifier(source: RouteSource, start: number, end: number): string | undefined {
  const m = /^require\s*\(\s*(["'`])/.exec(source.code.slice(start, end));
  return m ? source.stringAt(start + m[0].length - 1)?.value : undefined;
}

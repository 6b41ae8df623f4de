import { dirOf } from "../../project.ts";
import { configuredPlaceholder, isConfigured, withoutConfigured } from "../common/configured.ts";
import { joinPrefix } from "../common/values.ts";
import type { Framework } from "../framework.ts";
import { singular } from "../inflect.ts";
import { isGuardName, joinPaths } from "../paths.ts";
import { className, phpArray, phpAssignedArray, phpConstants, phpElements, phpList, phpValue, type Span } from "../php/values.ts";
import { type Bindings, literalLoops } from "../php/loops.ts";
import { lumenRoutes } from "../php/lumen.ts";
import type { Registration } from "../registration.ts";
import { API_PREFIX } from "../php/config-values.ts";
import { FORM_ACTIONS, restActions } from "../resources.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "laravel";
const ROUTER = "routes";
const START = /(?:\bRoute|\$router|\$route|\bAuth(?=\s*::\s*routes\b))\s*(?:::|->)\s*(\w+)\s*\(/g;
// The Route facade imported under another name (`use Illuminate\Support\Facades\Route as Facade;`).
const FACADE_ALIAS = /^\s*use\s+\\?Illuminate\\Support\\Facades\\Route\s+as\s+(\w+)\s*;/m;

/** The calls that start a route chain in a file: Laravel's names, the facade's alias when the file gives it one, and old Lumen's `$app`. */
function startPattern(text: string): RegExp {
  const alias = FACADE_ALIAS.exec(text)?.[1];
  const source = alias ? START.source.replace("\\bRoute|", `\\bRoute|\\b${alias}(?=\\s*::)|`) : START.source;
  return lumenRoutes(text) ? new RegExp(source.replace("\\$router|", "\\$router|\\$app|"), "g") : alias ? new RegExp(source, "g") : START;
}
const LINK = /^\s*->\s*(\w+)\s*\(/;
// `fallback`: Laravel's route for any GET no other route matches (`Route::fallback([MetaController::class, 'notFound'])`).
const VERBS = new Set(["get", "post", "put", "patch", "delete", "options", "any", "match", "view", "redirect", "permanentRedirect", "fallback"]);
const RESOURCES = new Set(["resource", "apiResource", "resources", "apiResources", "singleton", "apiSingleton"]);
// The files Laravel loads by convention, under /api for routes/api.php: mounted by a provider,
// they take its prefix instead.
const CONVENTIONAL = /(?:^|\/)routes\/(?:web|api)\.php$/;

type Call = { name: string; args: Span[]; start: number };
/**
 * `prefixUnknown`: a prefix was given that is not known here (`prefix(config('api.prefix'))`).
 * `forGuests`: the `guest` middleware lets only signed-out callers in (sign-up, applications):
 * the routes are public by design.
 */
// `without`: middleware the scope excludes by name (`Route::withoutMiddleware(['user'])->group(...)`).
// `namespace`: what a group puts before the controllers its routes name as strings (`['namespace' => 'Admin']`).
type Attributes = { prefix: string; guards: string[]; controller: string | undefined; prefixUnknown?: boolean; forGuests?: boolean; without?: string[]; namespace?: string };
/** `bindings`: what a loop over a literal array binds its variables to, for each of its entries (php/loops.ts). */
type Context = { source: RouteSource; constants: Map<string, string>; found: Registration[]; start: RegExp; bindings?: Bindings };


/**
 * Laravel: `Route::get('/x', [C::class, 'm'])` and the other verbs, `match`, `any`, `view`,
 * `redirect`, `resource`/`apiResource` (only, except, parameters, nested `photos.comments`),
 * groups with prefix, middleware and controller (`Route::prefix('x')->middleware('auth')->group(fn)`
 * and `Route::group(['prefix' => 'x'], fn)`), route files loaded by groups and `require`;
 * routes/api.php is served under `/api`. Auth-like middleware (`auth`, `auth:sanctum`,
 * `can:...`, `role:...`) are guards at the scope they are declared in.
 */
export const laravel: Framework = {
  id: FRAMEWORK,
  name: "Laravel",
  languages: ["php"],
  // A route file may only load others (`require 'leads-routes.php';`, Krayin's Routes/Admin/web.php).
  hint: /\bRoute\s*::|Facades\\Route\s+as\s|\$(?:router|app)\s*->\s*(?:get|post|put|patch|delete|group|resource)\b|->\s*withRouting\s*\(|\b(?:require|include)(?:_once)?\b\s*\(?\s*(?:__DIR__\s*\.\s*)?["'][^"'\n]*\broutes?\b[^"'\n]*\.php["']/,
  scan(source) {
    // PHPStan's type tests (`assertType(Route::class, RouteFacade::get('/')->...)`) call the router to check its types: no route.
    if (/\bPHPStan\\Testing\\assertType\b/.test(source.text)) return [];
    const context: Context = { source, constants: phpConstants(source), found: [], start: startPattern(source.text) };
    block(context, { start: 0, end: source.code.length }, { prefix: "", guards: [], controller: undefined });
    context.found.push(...healthRoute(source));
    if (!context.found.length) return [];
    const api = /(?:^|\/)routes\/api\.php$/.test(source.path);
    // Laravel runs the `api` middleware group for routes/api.php and `web` for routes/web.php: what the app puts in them guards those routes.
    const group = api ? ["api"] : /(?:^|\/)routes\/web\.php$/.test(source.path) ? ["web"] : [];
    // The file's router is what a group loading the file mounts, beside the routers of the files it loads itself.
    // Under `/api`, unless bootstrap/app.php gives routes/api.php another prefix (`apiPrefix: 'api/v1'`): found before linking.
    return [{ type: "router", framework: FRAMEWORK, name: ROUTER, prefix: api ? configuredPlaceholder("laravel", API_PREFIX) : "", guards: group, line: 1 }, { type: "export", local: ROUTER, as: "default" }, ...context.found];
  },
};

/**
 * Laravel 11's health check, which bootstrap/app.php asks for by its path:
 * `->withRouting(web: ..., health: '/up')` serves `GET /up`.
 */
function healthRoute(source: RouteSource): Registration[] {
  const call = /->\s*withRouting\s*\(/.exec(source.code);
  if (!call) return [];
  const { args } = callArguments(source.code, call.index + call[0].length - 1);
  for (const arg of args) {
    const named = /^health\s*:\s*/.exec(source.code.slice(arg.start, arg.end));
    const path = named ? source.stringAt(arg.start + named[0].length)?.value : undefined;
    if (path !== undefined) return [route(["GET"], path, "(health check)", [], source.lineAt(arg.start))];
  }
  return [];
}

/** The route chains and `require`d route files of a block (a file, a group's closure), in order. */
function block(context: Context, span: Span, attributes: Attributes): void {
  const { code } = context.source;
  let skip = span.start;
  // A loop in this block (not in a group's closure, which its own block reads) runs its body once per entry.
  const every = literalLoops(context.source, span, context.constants);
  const inLoop = (at: number) => every.some((l) => l.body.start <= at && at < l.body.end);
  const starts = [...code.slice(span.start, span.end).matchAll(context.start)].map((m) => ({ at: span.start + m.index, name: m[1]!, open: span.start + m.index + m[0].length - 1 })).filter((s) => !inLoop(s.at));
  const chains = starts.map((s) => ({ start: s.at, ...chain(code, s.name, s.at, s.open) }));
  const loops = every.filter((l) => !chains.some((c) => c.start < l.body.start && l.body.start < c.end) && !every.some((outer) => outer !== l && outer.body.start < l.body.start && l.body.start < outer.body.end));
  for (const loop of loops) for (const bindings of loop.entries) block({ ...context, bindings: new Map([...(context.bindings ?? []), ...bindings]) }, loop.body, attributes);
  const requires = [...code.slice(span.start, span.end).matchAll(/\b(?:require|include)(?:_once)?\b\s*\(?/g)].map((m) => ({ at: span.start + m.index, end: span.start + m.index + m[0].length }));
  const ranges: Span[] = [];
  for (const { start, end, calls } of chains) {
    if (start < skip) continue;
    skip = end;
    ranges.push({ start, end });
    routeChain(context, calls, attributes);
  }
  for (const r of requires) {
    if (ranges.some((range) => range.start < r.at && r.at < range.end)) continue;
    const end = code.indexOf(";", r.end);
    mountFile(context, { start: r.end, end: end === -1 || end > span.end ? span.end : end }, attributes, r.at);
  }
}

/** `Route::a(...)->b(...)->c(...)`: each call with its arguments. */
function chain(code: string, name: string, at: number, open: number): { calls: Call[]; end: number } {
  const first = callArguments(code, open);
  const calls: Call[] = [{ name, args: first.args, start: at }];
  let end = first.end;
  for (let link = LINK.exec(code.slice(end, end + 200)); link; link = LINK.exec(code.slice(end, end + 200))) {
    const call = callArguments(code, end + link[0].length - 1);
    calls.push({ name: link[1]!, args: call.args, start: end });
    end = call.end;
  }
  return { calls, end };
}

/** One chain: attributes (prefix, middleware, controller), then a group, a route or a resource. */
function routeChain(context: Context, calls: readonly Call[], outer: Attributes): void {
  const { source, constants } = context;
  const attributes: Attributes = { ...outer, guards: [...outer.guards] };
  const modifiers = new Map<string, Span[]>();
  let main: Call | undefined;
  for (const call of calls) {
    const first = call.args[0];
    if (call.name === "prefix" && first) {
      const value = prefixValue(source, first, constants);
      attributes.prefix = joinPaths(attributes.prefix, value ?? "");
      if (value === undefined) attributes.prefixUnknown = true;
    }
    else if (call.name === "middleware" && first) {
      const names = call.args.flatMap((a) => middleware(source, a, constants));
      attributes.guards.push(...names.filter(mayGuard));
      if (names.some(forGuests)) attributes.forGuests = true;
    }
    else if (call.name === "withoutMiddleware" && first) attributes.without = [...(attributes.without ?? []), ...call.args.flatMap((a) => middleware(source, a, constants))];
    else if (call.name === "can" && first) attributes.guards.push(`can:${call.args.map((a) => phpValue(source, a, constants) ?? "").join(",")}`);
    else if (call.name === "controller" && first) attributes.controller = className(source, first) ?? phpValue(source, first, constants);
    else if (call.name === "namespace" && first) attributes.namespace = nested(attributes.namespace, phpValue(source, first, constants));
    else if (!main && (VERBS.has(call.name) || RESOURCES.has(call.name) || AUTH_ROUTES.has(call.name) || call.name === "group")) main = call;
    else modifiers.set(call.name, call.args);
  }
  if (!main) return;
  const line = source.lineAt(main.start);
  if (main.name === "group") return group(context, main, attributes);
  if (RESOURCES.has(main.name)) return resources(context, main, modifiers, attributes, line);
  if (AUTH_ROUTES.has(main.name)) return authRoutes(context, main, attributes, line);
  const [methods, pathArg, action] = main.name === "match"
    ? [phpList(source, main.args[0]!, constants).map((m) => m.toUpperCase()), main.args[1], main.args[2]]
    : main.name === "fallback"
    ? [["GET"], undefined, main.args[0]]
    : [verbMethods(main.name), main.args[0], main.args[1]];
  const path = main.name === "fallback" ? "/*" : pathArg ? boundValue(context, pathArg) ?? phpValue(source, pathArg, constants) : undefined;
  if (path === undefined) return;
  const options = action && source.code[action.start] === "[" ? phpArray(source, action) : new Map<string, Span>();
  const extra = options.get("middleware");
  const guards = [...attributes.guards, ...(extra ? middleware(source, extra, constants).filter(mayGuard) : [])];
  const bound = action && context.bindings?.get(/^\s*\$(\w+)\s*$/.exec(source.code.slice(action.start, action.end))?.[1] ?? "")?.span;
  let handler = action ? handlerOf(source, bound ?? options.get("uses") ?? action, attributes.controller, attributes.namespace) : "(inline)";
  if (main.name === "view") handler = `view:${action ? phpValue(source, action, constants) ?? "" : ""}`;
  if (main.name.endsWith("edirect")) handler = `redirect:${action ? phpValue(source, action, constants) ?? "" : ""}`;
  // `ping{format?}`: an optional parameter ending a segment's text is a variant of one route
  // (`ping`, `ping.view`), written as the text alone.
  const written = path.replace(/(\w)\{\w+\?\}(?=\/|$)/g, "$1");
  const registered = route(methods, withOptional(attributes.prefix, written), handler, guards, line);
  context.found.push(excluding(attributes, attributes.forGuests && registered.type === "route" ? { ...registered, declaredPublic: true } : registered));
}

/**
 * A prefix and a path joined, an optional parameter (`{backto?}`) kept as written: the route
 * answers with and without it, and linking draws both forms (joining normalises it away).
 */
const withOptional = (prefix: string, path: string): string => (/\{\w+\?\}/.test(path) ? joinPrefix(joinPaths(prefix), path) : joinPaths(prefix, path));

/** A string interpolating only bound loop variables: `"{$endpoint}{format?}"`, `"$name"`. */
function boundValue(context: Context, span: Span): string | undefined {
  if (!context.bindings?.size) return undefined;
  const raw = context.source.code.slice(span.start, span.end);
  const text = raw.trim();
  const variable = /^\$(\w+)$/.exec(text);
  if (variable) return context.bindings.get(variable[1]!)?.value;
  const literal = context.source.stringAt(span.start + raw.length - raw.trimStart().length);
  if (!literal || !text.startsWith('"')) return undefined;
  let missing = false;
  const value = literal.value.replace(/\{\$(\w+)\}|\$(\w+)/g, (_, a: string | undefined, b: string | undefined) => context.bindings!.get((a ?? b)!)?.value ?? ((missing = true), ""));
  return missing ? undefined : value;
}

/** A prefix's value, or for one the app's configuration gives (`config('app.admin_url')`) a placeholder filled in before linking (php/config-values.ts). */
function prefixValue(source: RouteSource, span: Span, constants: Map<string, string>): string | undefined {
  const key = /^\s*config\s*\(\s*(["'])([\w.-]+)\1\s*\)\s*$/.exec(source.text.slice(span.start, span.end))?.[2];
  return phpValue(source, span, constants) ?? (key?.includes(".") ? configuredPlaceholder("laravel", key) : undefined);
}

/**
 * A route with the middleware its scope excludes: Laravel drops an excluded middleware from the
 * route's whole list, also where a group inside or the route file's mount adds it (linking does).
 */
function excluding(attributes: Attributes, registered: Registration): Registration {
  return attributes.without?.length && registered.type === "route" ? { ...registered, without: attributes.without } : registered;
}

const verbMethods = (name: string) => (name === "any" || name.endsWith("edirect") ? ["ALL"] : name === "view" ? ["GET"] : [name.toUpperCase()]);

/** A group: an old-style attribute array, then a closure whose routes it scopes, or a route file it loads. */
function group(context: Context, call: Call, attributes: Attributes): void {
  const { source, constants } = context;
  let [first, second] = call.args;
  const scoped = { ...attributes, guards: [...attributes.guards] };
  if (first && /^(?:\[|array\s*\()/i.test(source.code.slice(first.start, first.end))) {
    const options = phpArray(source, first);
    const prefix = options.get("prefix");
    const middlewareSpan = options.get("middleware");
    if (prefix) scoped.prefix = joinPaths(scoped.prefix, prefixValue(source, prefix, constants) ?? "");
    const namespace = options.get("namespace");
    if (namespace) scoped.namespace = nested(scoped.namespace, phpValue(source, namespace, constants));
    const names = middlewareSpan ? middleware(source, middlewareSpan, constants) : [];
    scoped.guards.push(...names.filter(mayGuard));
    if (names.some(forGuests)) scoped.forGuests = true;
    first = second;
  }
  if (!first) return;
  const text = source.code.slice(first.start, first.end);
  const fn = /^(?:static\s+)?function\b[^{]*\{/.exec(text);
  const arrow = /^(?:static\s+)?fn\s*\([^)]*\)\s*=>/.exec(text);
  if (fn) block(context, { start: first.start + fn[0].length, end: callArguments(source.code, first.start + fn[0].length - 1).end - 1 }, scoped);
  else if (arrow) block(context, { start: first.start + arrow[0].length, end: first.end }, scoped);
  else mountFile(context, first, scoped, call.start);
}

/** A route file loaded in place (`require __DIR__.'/auth.php'`, `require 'sales-routes.php'`, `group(base_path('routes/admin.php'))`): mounted under the scope. */
function mountFile(context: Context, span: Span, scope: Attributes, at: number): void {
  let attributes = scope;
  const { source, constants } = context;
  const text = source.code.slice(span.start, span.end);
  let target: string | undefined;
  const base = /^\s*base_path\s*\(/.exec(text);
  if (base) {
    const relative = phpValue(source, callArguments(source.code, span.start + base[0].length - 1).args[0] ?? span, constants);
    const root = /^(.*?)(?:^|\/)(?:app|routes|bootstrap|config)\//.exec(source.path)?.[1] ?? "";
    const depth = dirOf(source.path).slice(root.length).split("/").filter(Boolean).length;
    if (relative !== undefined) target = "./" + "../".repeat(depth) + relative.replace(/^\/+/, "");
  } else {
    const dir = /^\s*(?:__DIR__|dirname\s*\(\s*__DIR__\s*\))/.exec(text);
    const rest = dir ? phpValue(source, { start: span.start + dir[0].length, end: span.end }, constants) : undefined;
    if (dir && rest !== undefined) target = (dir[0].includes("dirname") ? "./../" : "./") + rest.replace(/^\/+/, "");
    // `require 'sales-routes.php'`: a relative name PHP finds beside the including file (the include path aside).
    const named = dir ? undefined : phpValue(source, span, constants);
    if (named !== undefined && /^[\w\-./]+\.php$/.test(named) && !named.startsWith("/")) target = `./${named.replace(/^\.\//, "")}`;
  }
  if (!target) return;
  // routes/web.php and routes/api.php loaded by the app's RouteServiceProvider: under the prefix
  // it gives them, in place of the one Laravel's convention does, and with its middleware. A
  // prefix not known here (`prefix(config('api.prefix'))`) leaves the convention's, its usual value.
  let conventional = CONVENTIONAL.test(target.replace(/^(?:\.\.?\/)+/, ""));
  // A configured prefix on routes/api.php (`prefix(config('api.prefix'))`) is not resolved there:
  // the file keeps the convention's, its usual value, as for any prefix not known here.
  if (conventional && isConfigured(attributes.prefix)) attributes = { ...attributes, prefix: withoutConfigured(attributes.prefix), prefixUnknown: true };
  conventional &&= !attributes.prefixUnknown;
  const line = source.lineAt(at);
  // Middleware given with no prefix guards the loaded file's routes only: a router of its own in between keeps it there.
  let owner = ROUTER;
  if (attributes.guards.length && (attributes.prefix === "" || attributes.prefix === "/")) {
    owner = `${ROUTER}@${line}`;
    context.found.push({ type: "router", framework: FRAMEWORK, name: owner, prefix: "", guards: attributes.guards, line }, { type: "use", framework: FRAMEWORK, owner: ROUTER, prefix: "", args: [owner], specifiers: [], guards: [], mountOnly: true, line });
  }
  context.found.push({ type: "use", framework: FRAMEWORK, owner, prefix: attributes.prefix, args: [], specifiers: [target], guards: owner === ROUTER ? attributes.guards : [], mountOnly: true, ...(conventional ? { replacesPrefix: true } : {}), line });
}

// `Auth::routes([...])` (laravel/ui) and `Route::auth()` (Laravel 5): the sign-in, sign-up,
// password and e-mail verification routes, each turned on by its option (default in brackets).
// The password confirmation is on by default when the app has its ConfirmPasswordController,
// which laravel/ui scaffolds with the rest: drawn here, and dropped when the project has no such
// class (php/actions.ts).
const AUTH_ROUTES = new Set(["routes", "auth"]);
const AUTH_ROUTE_TABLE: { option: string; on: boolean; routes: [string, string, string][] }[] = [
  { option: "login", on: true, routes: [["GET", "login", "LoginController@showLoginForm"], ["POST", "login", "LoginController@login"]] },
  { option: "logout", on: true, routes: [["POST", "logout", "LoginController@logout"]] },
  { option: "register", on: true, routes: [["GET", "register", "RegisterController@showRegistrationForm"], ["POST", "register", "RegisterController@register"]] },
  {
    option: "reset",
    on: true,
    routes: [
      ["GET", "password/reset", "ForgotPasswordController@showLinkRequestForm"],
      ["POST", "password/email", "ForgotPasswordController@sendResetLinkEmail"],
      ["GET", "password/reset/{token}", "ResetPasswordController@showResetForm"],
      ["POST", "password/reset", "ResetPasswordController@reset"],
    ],
  },
  { option: "confirm", on: true, routes: [["GET", "password/confirm", "ConfirmPasswordController@showConfirmForm"], ["POST", "password/confirm", "ConfirmPasswordController@confirm"]] },
  {
    option: "verify",
    on: false,
    routes: [["GET", "email/verify", "VerificationController@show"], ["GET", "email/verify/{id}/{hash}", "VerificationController@verify"], ["POST", "email/resend", "VerificationController@resend"]],
  },
];

/** The routes of `Auth::routes(['verify' => true])`; their guards are the controllers' own (`$this->middleware('auth')`). */
function authRoutes(context: Context, call: Call, attributes: Attributes, line: number): void {
  const { source } = context;
  const options = call.args[0] ? phpArray(source, call.args[0]) : new Map<string, Span>();
  const option = (name: string) => {
    const span = options.get(name);
    return span ? source.code.slice(span.start, span.end).trim().toLowerCase() : undefined;
  };
  for (const { option: name, on, routes } of AUTH_ROUTE_TABLE) {
    const value = option(name);
    if (value === undefined ? !on : value === "false" || value === "0") continue;
    for (const [method, path, handler] of routes) context.found.push(excluding(attributes, route([method], joinPaths(attributes.prefix, path), `Auth\\${handler}`, attributes.guards, line)));
  }
}

/** `Route::resource('photos.comments', C::class)->only([...])`, `apiResource`, `resources([...])`, `singleton`. */
function resources(context: Context, call: Call, modifiers: Map<string, Span[]>, attributes: Attributes, line: number): void {
  const { source, constants } = context;
  const plural = call.name === "resources" || call.name === "apiResources";
  const entries: [string | undefined, Span | undefined][] = plural && call.args[0]
    ? [...phpArray(source, call.args[0])].map(([name, controller]) => [name, controller])
    : [[call.args[0] ? phpValue(source, call.args[0], constants) : undefined, call.args[1]]];
  const options = call.args[2] ? phpArray(source, call.args[2]) : new Map<string, Span>();
  const list = (key: string) => {
    // `->only(['index', 'show'])` or `->only('index', 'show')`, or the `only` option.
    const spans = modifiers.get(key) ?? (options.has(key) ? [options.get(key)!] : undefined);
    return spans?.flatMap((span) => phpList(source, span, constants));
  };
  const renamed = modifiers.get("parameters")?.[0] ?? options.get("parameters");
  const parameters = renamed ? new Map([...phpArray(source, renamed)].map(([k, v]) => [k, phpValue(source, v, constants) ?? k])) : new Map<string, string>();
  const api = call.name.startsWith("api");
  const singleton = call.name.endsWith("ingleton");
  for (const [name, controllerSpan] of entries) {
    if (!name) continue;
    const named = controllerSpan && !className(source, controllerSpan) ? phpValue(source, controllerSpan, constants) : undefined;
    const controller = controllerSpan ? className(source, controllerSpan) ?? (named !== undefined ? nested(attributes.namespace, named) ?? named : undefined) ?? "(unknown)" : "(unknown)";
    const segments = name.split(".");
    const param = (s: string) => `{${parameters.get(s) ?? singular(s).replace(/-/g, "_")}}`;
    const parent = segments.slice(0, -1).map((s) => `${s}/${param(s)}`).join("/");
    // `articles/{article}/comments`: as Laravel does, what comes before the last slash is a
    // prefix, and the resource (and its parameter's name) is the last word.
    const last = segments.at(-1)!;
    const own = last.slice(last.lastIndexOf("/") + 1);
    const collection = joinPaths(attributes.prefix, parent, last.slice(0, last.lastIndexOf("/") + 1), own);
    // Shallow nesting (`->shallow()`): what acts on one child needs no parent, `comments/{comment}`.
    const shallow = segments.length > 1 && (modifiers.has("shallow") || /^true$/i.test(options.has("shallow") ? source.code.slice(options.get("shallow")!.start, options.get("shallow")!.end).trim() : ""));
    const member = singleton ? collection : shallow ? joinPaths(attributes.prefix, own, param(own)) : joinPaths(collection, param(own));
    const except = [...(list("except") ?? []), ...(api ? [...FORM_ACTIONS].filter((a) => a !== "new") : [])];
    let actions = restActions("laravel", { only: list("only"), except });
    if (singleton) actions = actions.filter((a) => ["show", "edit", "update"].includes(a.action) && !(api && a.action === "edit"));
    // `->middleware('auth')`, or the `middleware` option (`Route::resource('photos', C::class, ['middleware' => ['auth']])`).
    const given = modifiers.get("middleware") ?? (options.has("middleware") ? [options.get("middleware")!] : []);
    const chained = given.flatMap((a) => middleware(source, a, constants)).filter(mayGuard);
    for (const a of actions) context.found.push(excluding(attributes, route(a.methods, joinPaths(a.member ? member : collection, a.suffix), `${controller}@${a.action}`, [...attributes.guards, ...chained], line)));
  }
}

/** The handler a route names: `[C::class, 'm']` is C@m, `'C@m'` stays, `C::class` is an invokable controller, a closure is inline. */
function handlerOf(source: RouteSource, span: Span, controller: string | undefined, namespace?: string): string {
  const text = source.code.slice(span.start, span.end);
  if (text.startsWith("[")) {
    const [cls, method] = phpElements(source, span);
    const name = cls ? className(source, cls) ?? phpValue(source, cls) : undefined;
    const action = method ? phpValue(source, method) : undefined;
    if (name) return action ? `${name}@${action}` : name;
  }
  const invokable = className(source, span);
  if (invokable) return invokable;
  const literal = phpValue(source, span);
  // A controller named as a string is under its groups' namespace; the name alone where none is given.
  if (literal !== undefined) return controller && !literal.includes("@") ? `${controller}@${literal}` : namespace ? nested(namespace, literal)! : literal.replace(/^.*\\/, "");
  return "(inline)";
}

/** Middleware named by alias (`'auth:sanctum'`) or by class (`AdminAuthenticate::class`), one or a list. */
function middleware(source: RouteSource, given: Span, constants: Map<string, string>): string[] {
  const { start } = trimmed(source.code, given.start, given.end);
  // `array_merge($a, [X::class])`: the middleware of each list.
  const merged = /^array_merge\s*\(/.exec(source.code.slice(start, given.end));
  if (merged) return callArguments(source.code, start + merged[0].length - 1).args.flatMap((a) => middleware(source, trimmed(source.code, a.start, a.end), constants));
  // `config('app.verify') ? ['auth', 'verified'] : ['auth']`: what runs either way, the middleware both arms name.
  const arms = ternaryArms(source.code, given);
  if (arms) {
    const [yes, no] = arms.map((arm) => middleware(source, arm, constants));
    return yes!.filter((name) => no!.includes(name));
  }
  const span = phpAssignedArray(source, given) ?? given;
  return phpElements(source, span).map((e) => phpValue(source, e, constants) ?? className(source, e)).filter((m): m is string => m !== undefined);
}

/** The two arms of a conditional expression written at the top level of a span (`c ? a : b`), if it is one. */
function ternaryArms(code: string, span: Span): [Span, Span] | undefined {
  let depth = 0;
  let question = -1;
  for (let i = span.start; i < span.end; i++) {
    const c = code[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (depth > 0) continue;
    // Not `??`, `?->` (null-safe) or `?:` (the short form, whose first arm is the condition).
    else if (c === "?" && question === -1 && !/^\?[?>:-]/.test(code.slice(i, i + 2)) && code[i - 1] !== "?") question = i;
    else if (c === ":" && question !== -1 && code[i + 1] !== ":" && code[i - 1] !== ":") return [trimmed(code, question + 1, i), trimmed(code, i + 1, span.end)];
  }
  return undefined;
}

function trimmed(code: string, start: number, end: number): Span {
  while (start < end && /\s/.test(code[start]!)) start++;
  while (end > start && /\s/.test(code[end - 1]!)) end--;
  return { start, end };
}

/**
 * Middleware kept on a route: guards, and names that may be a middleware group or an alias of
 * the app's (`api`, `client-api`, `perm:settings-manage`), which guards-away expands to its
 * members or reads as its class, or drops (php/middleware-groups.ts, php/middleware-aliases.ts).
 */
const mayGuard = (name: string): boolean => isLaravelGuard(name) || /^[a-z][\w.-]*(?::.*)?$/.test(name);

/** Middleware that decide who may call: `auth`, `auth:sanctum`, `can:update,post`, `role:admin`, `admin`. */
// `signed` (ValidateSignature) refuses a request whose URL's signature is missing or wrong: a credential in the link.
export const isLaravelGuard = (name: string): boolean => isGuardName(name.split(":")[0]!) || /^(?:can|role|roles|permission|ability|abilities|scopes?|admin|password\.confirm|signed)\b/.test(name);

/** Laravel's `guest` middleware (RedirectIfAuthenticated): only signed-out callers get through. */
const forGuests = (name: string): boolean => /^guest(?::|$)/.test(name);

const route = (methods: string[], path: string, handler: string, guards: string[], line: number): Registration => ({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler, guards: [...new Set(guards)], owner: ROUTER, line });

/** A namespace inside another (`Forum` inside `Admin` is `Admin\Forum`); one written from the root (`\App\Admin`) stands alone. */
function nested(outer: string | undefined, inner: string | undefined): string | undefined {
  if (inner === undefined || inner === "") return outer;
  if (inner.startsWith("\\")) return inner.slice(1);
  return outer ? `${outer}\\${inner}` : inner;
}

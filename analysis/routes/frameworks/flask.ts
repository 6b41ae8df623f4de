import { configuredPlaceholder } from "../common/configured.ts";
import { withImportedAttributes } from "../python/imported-attributes.ts";
import type { Framework } from "../framework.ts";
import { appParameters, handedBlueprints } from "../python/app-parameters.ts";
import { classAt, type Definition, parameterNames, pythonDefinitions } from "../python/definitions.ts";
import { decoratorGuards, handlerCheckGuards, isNamedNotGuard, isPythonGuard } from "../python/guards.ts";
import { CANDIDATE } from "../paths.ts";
import { dottedName, elements, moduleListItems, pythonArguments, pythonConstants, pythonValue, type Span, stringList } from "../python/values.ts";
import { enclosingLoop, loopBindings } from "../python/loops.ts";
import { viewClasses, viewRouter, withLocalBases } from "../python/views.ts";
import type { Registration, UseRegistration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "flask";
const VERBS = new Set(["route", "get", "post", "put", "patch", "delete"]);
// A project's own blueprint class, named for what it is (Indico's `IndicoBlueprint`, defined in another module), is one too.
// Also made inside a function of the app's that wraps it (`api_bp = timed_blueprint(Blueprint("api", __name__), ...)`).
const CREATE = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.]+[ \t]*)?=[ \t]*(?:[a-z_][\w.]*[ \t]*\([ \t]*)?(?:[A-Za-z_]\w*[ \t]*\.[ \t]*)?(Flask|Quart|APIFlask|Sanic|[A-Z]?\w*Blueprint|Api|Namespace)[ \t]*\(/gm;
// `api = ApiController(prefix="/api/0")`: a name made by calling a class.
const IMPORTED_MADE = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Z]\w*)[ \t]*\(/gm;
/** Sanic's `api = Blueprint.group(auth, articles, url_prefix="/api")`: one prefix over several blueprints. */
const GROUP = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*(?:[A-Za-z_]\w*[ \t]*\.[ \t]*)?Blueprint[ \t]*\.[ \t]*group[ \t]*\(/gm;
// Werkzeug's `DispatcherMiddleware(app.wsgi_app, {"/api": api_app})` and CherryPy's `cherrypy.tree.graft(app, "/api")`: WSGI apps served under a path.
const DISPATCHER = /(?<![\w.])(?:[\w.]+\.)?DispatcherMiddleware\s*\(/g;
const GRAFT = /(?<![\w.])(?:cherrypy\s*\.\s*)?tree\s*\.\s*graft\s*\(/g;
/** The router WSGI apps CherryPy grafts are mounted on: the server's own tree. */
const CHERRYPY_TREE = "(cherrypy tree)";
const RESTX = /\bflask_rest(?:x|plus)\b/;
const NAMESPACE_OF_API = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*\.[ \t]*namespace[ \t]*\(/gm;
// `add_resource` of Flask-RESTful, and an Api subclass's own variant of it (Redash's `add_org_resource`).
/** How a preprocessor's guard names the URL parameter it checks: `pull_project@project_id`. */
export const PARAMETER_GUARD = "@";
/** Between a `before_request` hook's name and the view functions it lets through (`setup_g!login,get_token`). */
export const EXCEPT_ENDPOINTS = "!";
/** After them, the path prefixes it lets through (`check_perms~/login,/static`). */
export const EXCEPT_PATHS = "~";

const CALL = /(?<![\w.])([A-Za-z_][\w.]*)\s*\.\s*(add_url_rule|register_blueprint|blueprint|add_route|add_\w*resource|add_namespace|before_request)\s*\(/g;
const INIT_APP = /^[ \t]*([A-Za-z_]\w*)\s*\.\s*init_app\s*\(\s*([A-Za-z_][\w.]*)\s*\)/gm;
// `functools.partial(app.register_blueprint, api, url_prefix="/api")`, called later with nothing more.
const PARTIAL = /((?<![\w.])(?:functools\s*\.\s*)?partial\s*\()\s*([A-Za-z_][\w.]*)\s*\.\s*register_blueprint\s*,/g;

/**
 * Flask (and Quart, APIFlask, and Sanic, which took Flask's shapes): apps and blueprints with
 * their `url_prefix`, `@bp.route(path, methods=[...])` and `@bp.get(...)`, `add_url_rule`,
 * `register_blueprint(bp, url_prefix=...)` across modules, Sanic's `app.blueprint(bp)`,
 * `Blueprint.group(...)` and `app.add_route(handler, uri)`, MethodView classes,
 * Flask-RESTful/RESTX resources and namespaces, and WSGI apps mounted under a path
 * (`DispatcherMiddleware`, CherryPy's `tree.graft`). Guards are
 * the guard decorators under a route decorator (those above it wrap a function Flask never
 * sees), view classes' `decorators`, and auth-like `before_request` hooks of a blueprint.
 */
export const flask: Framework = {
  id: FRAMEWORK,
  name: "Flask",
  languages: ["python"],
  // Route modules often import only their blueprint (`from . import bp`), so decorators count too.
  hint: /\b(?:flask|quart|apiflask|sanic)|DispatcherMiddleware|tree\s*\.\s*graft|register_blueprint|add_url_rule|add_\w*resource|\.route\s*\(|@\s*\w+\.(?:get|post|put|patch|delete)\s*\(|^class\s+\w+\s*\([^)]*(?:Resource|View)\s*\)/im,
  scan(source) {
    const constants = pythonConstants(source, undefined, withImportedAttributes(source, new Map()));
    const definitions = pythonDefinitions(source);
    const registrations: Registration[] = [];
    for (const m of source.code.matchAll(CREATE)) registrations.push(...created(source, m[1]!, m[2]!, m.index + m[0].length - 1, constants));
    // A subclass of the module's own (`class ApiExt(Api)`, then `api = ApiExt()`) makes what its base makes.
    for (const [subclass, kind] of subclasses(source.code)) {
      for (const m of source.code.matchAll(new RegExp(`^[ \\t]*([A-Za-z_]\\w*)[ \\t]*=[ \\t]*${subclass}[ \\t]*\\(`, "gm"))) registrations.push(...created(source, m[1]!, kind, m.index + m[0].length - 1, constants));
    }
    // An object made by a class of another module that the module adds resources to (`api = ApiController(prefix="/api/0")`,
    // `class ApiController(Api)` elsewhere, then `api.add_resource(...)`) is a Flask-RESTful Api.
    const named = new Set(registrations.flatMap((r) => (r.type === "router" ? [r.name] : [])));
    for (const m of source.code.matchAll(IMPORTED_MADE)) {
      if (named.has(m[1]!) || !new RegExp(String.raw`(?<![\w.])${m[1]}\s*\.\s*add_\w*resource\s*\(`).test(source.code)) continue;
      if (!new RegExp(String.raw`^[ \t]*from[ \t]+[\w.]+[ \t]+import[ \t][^\n]*\b${m[2]}\b`, "m").test(source.code)) continue;
      registrations.push(...created(source, m[1]!, "Api", m.index + m[0].length - 1, constants));
    }
    for (const m of source.code.matchAll(GROUP)) registrations.push(...group(source, m[1]!, m.index + m[0].length - 1, constants));
    // RESTX's `alias = api.namespace("alias")`: a namespace at `/alias` the Api adds as it makes it.
    if (RESTX.test(source.text)) {
      for (const m of source.code.matchAll(NAMESPACE_OF_API)) {
        registrations.push(...created(source, m[1]!, "Namespace", m.index + m[0].length - 1, constants));
        registrations.push({ type: "use", framework: FRAMEWORK, owner: m[2]!, prefix: "", args: [m[1]!], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
      }
    }
    const viewName = shadowedClassNames(definitions);
    for (const def of definitions) registrations.push(...decorated(source, def, constants, viewName, (at) => classAt(definitions, at)));
    registrations.push(...classBlueprints(source, definitions, constants));
    // A name a blueprint is created under is that blueprint, whatever else the module assigns it later.
    const blueprints = new Set(registrations.flatMap((r) => (r.type === "router" ? [r.name] : [])));
    const made = new Map([...madeBy(source.code)].filter(([name]) => !blueprints.has(name)));
    for (const m of source.code.matchAll(CALL)) registrations.push(...call(source, m[1]!, m[2]!, m.index + m[0].length - 1, constants, made, definitions));
    for (const m of source.code.matchAll(PARTIAL)) registrations.push(...call(source, m[2]!, "register_blueprint", m.index + m[1]!.length - 1, constants, made, definitions, 1));
    registrations.push(...wsgiMounts(source, constants));
    registrations.push(...helperRoutes(source, constants));
    registrations.push(...resourceDecorators(source, definitions), ...decoratedResources(source, definitions, constants));
    // `api.init_app(api_bp)`: a Flask-RESTful Api of the module serves its resources on the blueprint (or app) it is given.
    const routers = new Set(registrations.flatMap((r) => (r.type === "router" && !r.aliasOf ? [r.name] : [])));
    for (const m of source.code.matchAll(INIT_APP)) {
      if (routers.has(m[1]!)) registrations.push({ type: "use", framework: FRAMEWORK, owner: m[2]!, prefix: "", args: [m[1]!], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
    }
    registrations.push(...appParameters(source, definitions, registrations, FRAMEWORK));
    registrations.push(...handedBlueprints(source, definitions, registrations, FRAMEWORK));
    registrations.push(...factories(source.code, definitions, new Set(registrations.flatMap((r) => (r.type === "router" ? [r.name] : [])))));
    for (const view of withLocalBases(viewClasses(source, definitions, (base) => /(?:View|Resource)$/.test(base)))) registrations.push(...viewRouter(source, FRAMEWORK, view, undefined, viewName(view.cls)));
    return registrations;
  },
};

/**
 * WSGI apps served under a path by the app that dispatches to them: Werkzeug's
 * `DispatcherMiddleware(frontend.wsgi_app, {"/api": api_app})` mounts each app of the mapping on
 * the first one, and CherryPy's `cherrypy.tree.graft(api_app, "/api")` on the server's tree.
 */
function wsgiMounts(source: RouteSource, constants: Map<string, string>): Registration[] {
  const found: Registration[] = [];
  const app = (span: Span | undefined) => (span ? /^\s*([A-Za-z_][\w.]*?)(?:\s*\.\s*wsgi_app)?\s*$/.exec(source.code.slice(span.start, span.end))?.[1] : undefined);
  const mount = (owner: string, prefix: string | undefined, target: string | undefined, at: number) => {
    if (prefix !== undefined && target) found.push({ type: "use", framework: FRAMEWORK, owner, prefix, args: [target], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(at) });
  };
  for (const m of source.code.matchAll(DISPATCHER)) {
    const { positional } = pythonArguments(source.code, m.index + m[0].length - 1);
    const owner = app(positional[0]);
    const mapping = positional[1];
    if (!owner || !mapping || source.code[mapping.start] !== "{") continue;
    for (const pair of elements(source.code, mapping)) {
      const colon = source.code.indexOf(":", pair.start);
      if (colon === -1 || colon >= pair.end) continue;
      mount(owner, pythonValue(source, { start: pair.start, end: colon }, constants), app({ start: colon + 1, end: pair.end }), m.index);
    }
  }
  let tree = false;
  for (const m of source.code.matchAll(GRAFT)) {
    const { positional, keywords } = pythonArguments(source.code, m.index + m[0].length - 1);
    const prefix = keywords.get("script_name") ?? positional[1];
    const before = found.length;
    mount(CHERRYPY_TREE, prefix ? pythonValue(source, prefix, constants) : "", app(positional[0]), m.index);
    tree ||= found.length > before;
  }
  if (tree) found.unshift({ type: "router", framework: FRAMEWORK, name: CHERRYPY_TREE, prefix: "", guards: [], line: 1 });
  return found;
}

/** Classes of a module that extend an app, blueprint, `Api` or `Namespace` class, with that kind. */
function subclasses(code: string): Map<string, string> {
  return new Map([...code.matchAll(/^class[ \t]+([A-Za-z_]\w*)[ \t]*\([ \t]*(?:[\w]+\.)?(Flask|Quart|APIFlask|Blueprint|APIBlueprint|Api|Namespace)[ \t]*\)/gm)].map((m) => [m[1]!, m[2]!]));
}

/** An app, blueprint, RESTful `Api` or RESTX `Namespace` assigned to a name. */
function created(source: RouteSource, name: string, kind: string, open: number, constants: Map<string, string>): Registration[] {
  const { positional, keywords } = pythonArguments(source.code, open);
  const value = (span: Span | undefined) => (span ? pythonValue(source, span, constants) : undefined);
  const line = source.lineAt(open);
  let prefix = "";
  if (kind.endsWith("Blueprint")) prefix = value(keywords.get("url_prefix")) ?? "";
  else if (kind === "Api") prefix = value(keywords.get("prefix")) ?? "";
  else if (kind === "Namespace") prefix = value(keywords.get("path")) ?? `/${value(positional[0]) ?? ""}`;
  const found: Registration[] = [{ type: "router", framework: FRAMEWORK, name, prefix, guards: [], line }];
  const app = kind === "Api" ? positional[0] ?? keywords.get("app") : undefined;
  const owner = app ? dottedName(source.code, app) : undefined;
  if (owner) found.push({ type: "use", framework: FRAMEWORK, owner, prefix: "", args: [name], specifiers: [], guards: [], mountOnly: true, line });
  return found;
}

/** A Sanic blueprint group: a router of its own prefix, with each member blueprint mounted on it. */
function group(source: RouteSource, name: string, open: number, constants: Map<string, string>): Registration[] {
  const { positional, keywords } = pythonArguments(source.code, open);
  const url = keywords.get("url_prefix");
  const prefix = (url ? pythonValue(source, url, constants) : undefined) ?? "";
  const line = source.lineAt(open);
  const members = positional.map((span) => dottedName(source.code, span)).filter((m): m is string => !!m);
  return [
    { type: "router", framework: FRAMEWORK, name, prefix, guards: [], line },
    ...(members.length ? [{ type: "use" as const, framework: FRAMEWORK, owner: name, prefix: "", args: members, specifiers: [], guards: [], mountOnly: true, line }] : []),
  ];
}

/**
 * The name a view class is known by in the module's routes: its own, unless a later class of
 * the module takes that name (Flask-RESTX modules repeat `class Domain(Resource)` under each
 * `@ns.route`, each decorator registering the class below it), then its name and line. The
 * last keeps the plain name, as it is the one the module's attribute holds.
 */
function shadowedClassNames(definitions: readonly Definition[]): (cls: Definition) => string {
  const last = new Map<string, number>();
  for (const d of definitions) if (d.kind === "class") last.set(`${d.indent}:${d.name}`, d.line);
  return (cls) => (last.get(`${cls.indent}:${cls.name}`) === cls.line ? cls.name : `${cls.name}:${cls.line}`);
}

/** Route decorators on a function or a view class, and `before_request` hooks. */
function decorated(source: RouteSource, def: Definition, constants: Map<string, string>, viewName: (cls: Definition) => string, classOf: (at: number) => Definition | undefined): Registration[] {
  const found: Registration[] = [];
  def.decorators.forEach((d, index) => {
    const dot = d.name.lastIndexOf(".");
    const verb = d.name.slice(dot + 1);
    // A bare `@route("/login", methods=["POST"])` on a method: the route of the blueprint its class is (classBlueprints).
    const cls = dot < 0 && d.name === "route" && def.kind === "def" ? classOf(def.start) : undefined;
    const owner = cls ? cls.name : d.name.slice(0, dot);
    if (dot < 0 && !cls) return;
    if (verb === "before_request" && !d.args && def.kind === "def" && hookGuards(source, def)) {
      const through = exemptEndpoints(source, def);
      const under = exemptPaths(source, def);
      const guard = `${def.name}${through.length ? `${EXCEPT_ENDPOINTS}${through.join(",")}` : ""}${under.length ? `${EXCEPT_PATHS}${under.join(",")}` : ""}`;
      found.push({ type: "use", framework: FRAMEWORK, owner, prefix: "", args: [], specifiers: [], guards: [guard], mountOnly: true, line: d.line });
    }
    // `@main.url_value_preprocessor def pull_project(endpoint, values)` that takes a URL value
    // (`values.pop("project_id")`) and turns away a caller whose session does not hold it: it
    // guards the routes of the blueprint that have that parameter (guards-away.ts keeps it there).
    const parameter = verb === "url_value_preprocessor" && !d.args && def.kind === "def" ? preprocessedParameter(source, def) : undefined;
    if (parameter) found.push({ type: "use", framework: FRAMEWORK, owner, prefix: "", args: [], specifiers: [], guards: [`${def.name}${PARAMETER_GUARD}${parameter}`], mountOnly: true, line: d.line });
    if (!VERBS.has(verb) || !d.args) return;
    const path = pythonValue(source, d.args.keywords.get("rule") ?? d.args.positional[0] ?? { start: 0, end: 0 }, constants);
    if (path === undefined) return;
    const methods = verb === "route" ? listed(source, d.args.keywords.get("methods"), constants) : [verb.toUpperCase()];
    if (def.kind === "class") {
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: verb === "route" && !d.args.keywords.has("methods") ? ["ALL"] : methods, path, handler: def.name, guards: [], owner, line: d.line, view: viewName(def) });
      return;
    }
    // Decorators above the route decorator wrap a function Flask has already registered; the view may turn an anonymous caller away itself.
    // One of the project's not named like a check is a candidate, a guard where its definition refuses (decorator-guards.ts).
    const below = def.decorators.slice(index + 1);
    const named = decoratorGuards(source.code, below);
    // A check named so but left out lets anonymous callers through (`@token_required(allow_anonymous=True)`): nothing else stacked with it can refuse them.
    const lastName = (d: { name: string }) => d.name.split(".").at(-1)!;
    const letsAnonymousIn = below.some((d) => isPythonGuard(lastName(d)) && !named.includes(d.name));
    const candidates = letsAnonymousIn ? [] : below.filter((d) => !isPythonGuard(lastName(d)) && !VERBS.has(lastName(d)) && !isNamedNotGuard(lastName(d))).map((d) => `${CANDIDATE}${d.name}`);
    const guards = [...named, ...candidates, ...handlerCheckGuards(source, def)];
    // Flask-CORS's `@cross_origin()` answers a preflight itself: what it wraps never sees an OPTIONS request.
    const cors = def.decorators.findIndex((c, i) => i > index && /(?:^|\.)cross_origin$/.test(c.name));
    if (cors !== -1 && methods.includes("OPTIONS") && methods.length > 1) {
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: methods.filter((m) => m !== "OPTIONS"), path, handler: def.name, guards, owner, line: d.line });
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: ["OPTIONS"], path, handler: def.name, guards: decoratorGuards(source.code, def.decorators.slice(index + 1, cors)), owner, line: d.line });
      return;
    }
    found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler: def.name, guards, owner, line: d.line });
  });
  return found;
}

/**
 * A class whose methods carry a bare `@route(...)`, as a blueprint class of the project's collects
 * them (hedy's `class AuthModule(WebsiteModule)`, a `Blueprint` subclass registering each method's
 * routing data in its `__init__`): a router named for the class, under the `url_prefix` its
 * `__init__` hands its base (`super().__init__("auth", __name__, url_prefix="/auth")`).
 */
function classBlueprints(source: RouteSource, definitions: readonly Definition[], constants: Map<string, string>): Registration[] {
  const classes = new Set(definitions.filter((d) => d.kind === "def" && d.decorators.some((dec) => dec.name === "route" && dec.args)).flatMap((d) => classAt(definitions, d.start) ?? []));
  return [...classes].map((cls): Registration => {
    const init = /\bsuper\s*\(\s*\)\s*\.\s*__init__\s*\(/.exec(source.code.slice(cls.start, cls.end));
    const prefix = init ? pythonArguments(source.code, cls.start + init.index + init[0].length - 1).keywords.get("url_prefix") : undefined;
    return { type: "router", framework: FRAMEWORK, name: cls.name, prefix: (prefix && pythonValue(source, prefix, constants)) ?? "", guards: [], line: cls.line };
  });
}

/** The URL value a preprocessor takes and checks the caller's session for, refusing otherwise (a redirect raised, an abort). */
function preprocessedParameter(source: RouteSource, def: Definition): string | undefined {
  const body = source.text.slice(def.start, def.end);
  const taken = /\bvalues\s*\.\s*pop\s*\(\s*["'](\w+)["']/.exec(body)?.[1];
  const refuses = /\braise\s+\w*(?:Redirect|Forbidden|Unauthorized)\w*|\babort\s*\(\s*40[13]\b|\breturn\s+redirect\s*\(/.test(body);
  return taken && refuses && /\bsession\b|current_user|\bg\.user\b/.test(body) ? taken : undefined;
}

/**
 * Whether a `before_request` hook checks auth: its name, its decorators, a check it calls
 * (`verify_jwt_in_request()`), or a refusal under a test that the caller is anonymous
 * (`if not current_user.is_authenticated: abort(401)`, `if not session.logged_in(): return redirect(...)`), or a 401/403 refusal of a hook that looks at
 * the caller (an access check for administrators). Reading the user is not enough: a hook
 * that records when a signed-in user was last seen, or shows a maintenance page to signed-in
 * users, lets everyone through.
 */
function hookGuards(source: RouteSource, def: Definition): boolean {
  if (isPythonGuard(def.name) || decoratorGuards(source.code, def.decorators).length) return true;
  const body = source.code.slice(def.start, def.end);
  if (/\b(?:verify_jwt\w*|login_required)\b/.test(body)) return true;
  const anonymous = /\bnot\s+(?:current_user\s*\.\s*is_authenticated\b|current_user\b(?!\s*\.)|g\s*\.\s*user\b(?!\s*\.)|login_fresh\s*\(|(?:\w+\s*\.\s*)?(?:is_)?logged_in\s*\()|\bcurrent_user\s*\.\s*is_anonymous\b|\bis_authenticated\b(?:\s*\(\s*\))?\s*(?:==|is)\s*False\b/.exec(body);
  if (anonymous && /\b(?:return\s+[^\sN]|raise\s|abort\s*\()/.test(body.slice(anonymous.index))) return true;
  // A 401/403 refusal of a hook that looks at the caller (`check_access("sysadmin", {"user": current_user.name})`, then `abort(403)`).
  return /\bcurrent_user\b|\bg\s*\.\s*user\b|\bsession\b|token|auth/i.test(body) && /\babort\s*\(\s*40[13]\b|\braise\s+\w*(?:Unauthorized|Forbidden)\w*/.test(body);
}

/**
 * The view functions a `before_request` hook lets through by their endpoint, before its check
 * (SecureDrop's `if request.endpoint not in _insecure_views and not session.logged_in():`, with
 * `_insecure_views = ["main.login", "static"]` in the module): each by its function's name.
 */
function exemptEndpoints(source: RouteSource, def: Definition): string[] {
  const body = source.text.slice(def.start, def.end);
  const names: string[] = [];
  for (const m of body.matchAll(/request\s*\.\s*endpoint\s+not\s+in\s+(?:([A-Za-z_]\w*)|([[({][^\])}]*[\])}]))/g)) {
    const list = m[2] ?? new RegExp(String.raw`^[ \t]*${m[1]}[ \t]*(?::[^=\n]*)?=[ \t]*([[({][^\])}]*[\])}])`, "m").exec(source.text)?.[1] ?? "";
    for (const e of list.matchAll(/["']([\w.]+)["']/g)) names.push(e[1]!.split(".").at(-1)!);
  }
  return [...new Set(names)];
}

/**
 * The path prefixes a `before_request` hook lets through before its check, by a negated test of
 * the request's path (archivy's `allowed_path = (request.path.startswith("/login") or ...)`, then
 * `if not current_user.is_authenticated and not allowed_path:`; or `not request.path.startswith(("/static", "/login"))`).
 */
function exemptPaths(source: RouteSource, def: Definition): string[] {
  const body = source.text.slice(def.start, def.end);
  const negated = (at: number) => {
    if (/\bnot\s+$/.test(body.slice(Math.max(0, at - 10), at))) return true;
    // Kept in a name the check negates: `allowed = (request.path.startswith(...) or ...)`, `... and not allowed`.
    const assigned = [...body.slice(0, at).matchAll(/^[ \t]*([A-Za-z_]\w*)[ \t]*=(?!=)[ \t]*(\(?)/gm)].at(-1);
    if (!assigned) return false;
    // The test is part of the value: on the assignment's line, or inside the parentheses it opens.
    const between = body.slice(assigned.index + assigned[0].length, at);
    const open = (between.match(/\(/g)?.length ?? 0) - (between.match(/\)/g)?.length ?? 0);
    const inValue = assigned[2] ? open >= 0 : !between.includes("\n");
    return inValue && new RegExp(String.raw`\bnot\s+${assigned[1]}\b`).test(body);
  };
  const prefixes: string[] = [];
  for (const m of body.matchAll(/\brequest\s*\.\s*path\s*\.\s*startswith\s*\(\s*(\([^)]*\)|["'][^"']*["'])/g)) {
    if (negated(m.index)) for (const p of m[1]!.matchAll(/["'](\/[^"']*)["']/g)) prefixes.push(p[1]!);
  }
  return [...new Set(prefixes)];
}

/** `add_url_rule`, `register_blueprint` (Sanic's `blueprint`), Sanic's `add_route`, `add_resource`, `add_namespace` and `before_request(fn)` calls. */
function call(source: RouteSource, owner: string, name: string, open: number, constants: Map<string, string>, made: Map<string, string>, definitions: readonly Definition[], shift = 0): Registration[] {
  const { code } = source;
  const parsed = pythonArguments(code, open);
  // A call made later through `functools.partial(app.register_blueprint, api, url_prefix="/api")`: its arguments after the method.
  const positional = parsed.positional.slice(shift);
  const { keywords } = parsed;
  const line = source.lineAt(open);
  const value = (span: Span | undefined) => (span ? pythonValue(source, span, constants) : undefined);
  const use = (args: string[], prefix: string, guards: string[] = [], replacesPrefix = false): UseRegistration => ({ type: "use", framework: FRAMEWORK, owner, prefix, args, specifiers: [], guards, mountOnly: true, ...(replacesPrefix ? { replacesPrefix } : {}), line });
  const first = positional[0] ? dottedName(code, positional[0]) : undefined;
  // An Api subclass's own variant of add_resource (`add_org_resource`) registers alike.
  switch (/^add_\w*resource$/.test(name) ? "add_resource" : name) {
    case "register_blueprint":
    case "blueprint": {
      // A url_prefix given here replaces the blueprint's own, as Flask does. A blueprint a
      // function makes (`register_blueprint(tags.construct_blueprint(store))`, or a name
      // assigned from such a call) is the one that function returns (`factories`).
      const prefixSpan = keywords.get("url_prefix");
      const prefix = value(prefixSpan);
      // `for bp in blueprints: app.register_blueprint(bp, ...)`: each item of the sequence.
      const items = first && !first.includes(".") ? loopItems(code, definitions, open, first) : undefined;
      const eachOf = items && "eachOf" in items ? items.eachOf : undefined;
      const blueprints = items && "names" in items ? items.names : eachOf ? [] : [first ? made.get(first) ?? first : positional[0] ? CALLED.exec(code.slice(positional[0].start, positional[0].end))?.[1] : undefined];
      if (blueprints.some((b) => !b)) return [];
      const mount = (prefix: string, replacesPrefix: boolean): UseRegistration => ({ ...use(blueprints as string[], prefix, [], replacesPrefix), ...(eachOf ? { eachOf } : {}) });
      // `url_prefix=app.config["AUTH_URL_PREFIX"]`: the configuration's value, filled in before linking.
      const key = prefix === undefined && prefixSpan ? CONFIG_KEY.exec(source.text.slice(prefixSpan.start, prefixSpan.end)) : null;
      if (key) return [{ ...mount(configuredPlaceholder("py", (key[1] ?? key[2])!), true), prefixUnknown: true }];
      // A url_prefix not known here (`f"{web_api_root}/v1"`, a function's parameter) is somewhere: the routes say so.
      if (prefix === undefined && prefixSpan) return [{ ...mount("", true), prefixUnknown: true }];
      return [mount(prefix ?? "", prefix !== undefined)];
    }
    case "add_namespace": {
      const path = value(keywords.get("path") ?? positional[1]);
      if (!first) return [];
      // `for item in ns_list: api.add_namespace(item, "/")`: each namespace of the list.
      const items = first.includes(".") ? undefined : loopItems(code, definitions, open, first);
      if (items && "eachOf" in items) return [{ ...use([], path ?? "", [], path !== undefined), eachOf: items.eachOf }];
      return [use(items?.names ?? [first], path ?? "", [], path !== undefined)];
    }
    case "before_request":
      return first && isPythonGuard(first.split(".").at(-1)!) ? [use([], "", [first])] : [];
    case "add_route":
      // Sanic: add_route(handler, uri, methods=...).
      return ruleRoute(value(keywords.get("uri") ?? positional[1]), keywords.get("handler") ?? positional[0]);
    case "add_resource":
      if (!first) return [];
      return positional.slice(1).map((p) => value(p)).filter((p): p is string => p !== undefined)
        .map((path) => ({ type: "route", framework: FRAMEWORK, kind: "http", methods: ["ALL"], path, handler: first, guards: [], owner, line, view: first, ...(customConverter(path) ? { convertedValues: true } : {}) }));
  }
  const rule = keywords.get("rule") ?? positional[0];
  const target = keywords.get("view_func") ?? positional[2];
  // Inside `for rule, view_func in util_rules:` over a list of tuples the module writes out: one rule per tuple.
  const iterations = rule && value(rule) === undefined ? loopBindings(source, open, constants) : [];
  if (iterations.length) {
    return iterations.flatMap((bound) => {
      const path = pythonValue(source, rule!, new Map([...constants, ...bound.values]));
      const handler = target && bound.names.get(code.slice(target.start, target.end).trim());
      return path !== undefined && handler ? [{ type: "route", framework: FRAMEWORK, kind: "http", methods: keywords.has("methods") ? listed(source, keywords.get("methods"), constants) : ["GET"], path, handler, guards: [], owner, line } satisfies Registration] : [];
    });
  }
  return ruleRoute(value(rule), target);

  /** A rule and the view serving it: GET unless `methods` say otherwise (a view class serves its own). */
  function ruleRoute(path: string | undefined, target: Span | undefined): Registration[] {
    if (path === undefined || !target) return [];
    const { handler, view, guards } = viewFunction(code, target);
    const methods = keywords.has("methods") ? listed(source, keywords.get("methods"), constants) : view ? ["ALL"] : ["GET"];
    return [{ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler, guards, owner, line, ...(view ? { view } : {}) }];
  }
}

type EachOf = { parameter: string; fn: string; index: number } | { sequence: string; depth: number };

/**
 * What a call inside `for x in xs:` registers for `variable`, its loop's: the names a list of the module
 * writes out; else the sequence to follow before linking (python/blueprint-sequences.ts): a parameter of
 * the enclosing function, or a list the module imports or walks from an outer loop (`for ns in ns_lists:
 * for item in ns:`, the items of its items). Undefined outside such a loop.
 */
function loopItems(code: string, definitions: readonly Definition[], at: number, variable: string): { names: string[] } | { eachOf: EachOf } | undefined {
  let loop = enclosingLoop(code, at, variable);
  // A sequence an object holds (`self.blueprints`) is not followed.
  if (!loop || loop.iterable.includes(".")) return undefined;
  let depth = 1;
  for (let outer = enclosingLoop(code, loop.at, loop.iterable); outer && depth < 4; outer = enclosingLoop(code, outer.at, outer.iterable)) {
    loop = outer;
    depth++;
  }
  const names = depth === 1 ? listedNames(code, loop.iterable) : undefined;
  if (names) return { names };
  const def = definitions.filter((d) => d.kind === "def" && d.start <= at && at < d.end).at(-1);
  const index = def ? parameterNames(code, def).indexOf(loop.iterable) : -1;
  if (def && index !== -1) return depth === 1 ? { eachOf: { parameter: loop.iterable, fn: def.name, index } } : undefined;
  return { eachOf: { sequence: loop.iterable, depth } };
}

/** The names a module-level list or tuple holds (`BLUEPRINTS = (auth_bp, users.mod)`); undefined unless it holds names alone. */
function listedNames(code: string, name: string): string[] | undefined {
  const items = moduleListItems(code, name);
  return items?.length && items.every((item) => /^[A-Za-z_][\w.]*$/.test(item)) ? items : undefined;
}

// `app.config["KEY"]`, `current_app.config.get("KEY", ...)`: a configuration value by its key (in the text, where strings are kept).
const CONFIG_KEY = /^\s*[\w.]*\bconfig\s*(?:\[\s*["'](\w+)["']\s*\]|\.\s*get\s*\(\s*["'](\w+)["'])/;

/**
 * A decorator of the app's that adds the class it decorates to a Flask-RESTful Api at the URLs it
 * is given (Quay's `def resource(*urls, **kwargs): def wrapper(api_resource): ...
 * api.add_resource(api_resource, *urls, **kwargs)`): another name of that Api, which the classes
 * it decorates in other modules are added to (`decoratedResources`).
 */
function resourceDecorators(source: RouteSource, definitions: readonly Definition[]): Registration[] {
  const found: Registration[] = [];
  for (const def of definitions) {
    if (def.kind !== "def" || def.indent !== 0) continue;
    const rest = def.params.map((p) => /^\s*\*([A-Za-z_]\w*)\s*$/.exec(source.code.slice(p.start, p.end))?.[1]).find((n) => n !== undefined);
    if (!rest) continue;
    const body = source.code.slice(def.start, def.end);
    const added = new RegExp(String.raw`(?<![\w.])([A-Za-z_][\w.]*)\s*\.\s*add_\w*resource\s*\(\s*[A-Za-z_]\w*\s*,\s*\*${rest}\b`).exec(body);
    if (added) found.push({ type: "router", framework: FRAMEWORK, name: def.name, prefix: "", guards: [], line: def.line, aliasOf: added[1]! });
  }
  return found;
}

// Werkzeug's own converters; any other in a rule (`<apirepopath:repository>`) is the app's, and may hand its view several values.
const WERKZEUG_CONVERTERS = new Set(["string", "int", "float", "path", "uuid", "any", "default"]);
const customConverter = (path: string) => [...path.matchAll(/<(\w+)(?:\([^)]*\))?:\w+>/g)].some((m) => !WERKZEUG_CONVERTERS.has(m[1]!));

/**
 * A Flask-RESTful resource class a decorator adds at the URLs it names (`@resource("/v1/repository")`
 * on `class RepositoryList(ApiResource)`): a resource at each, on the router the decorator stands
 * for (an Api, through `resourceDecorators` where the decorator is defined); nothing where it stands for none.
 */
function decoratedResources(source: RouteSource, definitions: readonly Definition[], constants: Map<string, string>): Registration[] {
  const found: Registration[] = [];
  for (const cls of definitions) {
    if (cls.kind !== "class" || !cls.params.some((b) => /(?:Resource|View)\s*$/.test(source.code.slice(b.start, b.end)))) continue;
    for (const decorator of cls.decorators) {
      if (decorator.name.includes(".") || !decorator.args?.positional.length) continue;
      const paths = decorator.args.positional.map((p) => pythonValue(source, p, constants));
      if (!paths.every((p) => p?.startsWith("/"))) continue;
      for (const path of paths as string[]) found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: ["ALL"], path, handler: cls.name, guards: [], owner: decorator.name, line: decorator.line, view: cls.name, ...(customConverter(path) ? { convertedValues: true } : {}) });
    }
  }
  return found;
}

// A helper of the app's around add_url_rule: `register_view(bp, routes=["/login"], view_func=Login.as_view("login"))`.
const HELPER_CALL = /(?<![\w.])([A-Za-z_]\w*)\s*\(\s*([A-Za-z_]\w*)\s*,/g;
const HELPER_RULES = ["routes", "rules", "rule", "urls", "url"];

/** The routes of calls to a helper that takes a blueprint, its rules and a `view_func`, as add_url_rule does. */
function helperRoutes(source: RouteSource, constants: Map<string, string>): Registration[] {
  const found: Registration[] = [];
  for (const m of source.code.matchAll(HELPER_CALL)) {
    if (/^(?:Blueprint|Flask|Quart|APIFlask|Sanic|print|len|isinstance|getattr|setattr)$/.test(m[1]!)) continue;
    const open = m.index + m[0].indexOf("(");
    const { positional, keywords } = pythonArguments(source.code, open);
    const target = keywords.get("view_func");
    const rules = HELPER_RULES.map((k) => keywords.get(k)).find(Boolean) ?? (target ? positional[1] : undefined);
    if (!target || !rules) continue;
    const { handler, view, guards } = viewFunction(source.code, target);
    const methods = keywords.has("methods") ? listed(source, keywords.get("methods"), constants) : view ? ["ALL"] : ["GET"];
    for (const path of stringList(source, rules, constants)) {
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler, guards, owner: m[2]!, line: source.lineAt(m.index), ...(view ? { view } : {}) });
    }
  }
  return found;
}

// `name(...)` or `module.name(...)`: a call, by the name called.
const CALLED = /^\s*([A-Za-z_][\w.]*)\s*\(/;
const ASSIGNED_CALL = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Za-z_][\w.]*)[ \t]*\(/gm;
const RETURNED = /^[ \t]+return[ \t]+([A-Za-z_]\w*)[ \t]*$/gm;

/** Names assigned from a call (`edit_blueprint = construct_edit_blueprint(store)`), with the name called. */
function madeBy(code: string): Map<string, string> {
  return new Map([...code.matchAll(ASSIGNED_CALL)].filter((m) => m[2] !== "Blueprint" && !m[2]!.endsWith(".Blueprint")).map((m) => [m[1]!, m[2]!]));
}

/**
 * A function that makes a blueprint and returns it (`def construct_blueprint(store): bp =
 * Blueprint(...); ...; return bp`) exports it under its own name, so a module that registers
 * what the function returns mounts that blueprint.
 */
function factories(code: string, definitions: readonly Definition[], routers: ReadonlySet<string>): Registration[] {
  return definitions.flatMap((def): Registration[] => {
    if (def.kind !== "def" || def.indent !== 0) return [];
    const body = code.slice(def.start, def.end);
    const returned = [...body.matchAll(RETURNED)].map((m) => m[1]!).find((name) => routers.has(name));
    return returned ? [{ type: "export", local: returned, as: def.name }] : [];
  });
}

/** What a `view_func` names: `login_required(views.index)` is views.index behind login_required; `UserAPI.as_view("users")` is the class. */
function viewFunction(code: string, span: Span): { handler: string; view?: string; guards: string[] } {
  const text = code.slice(span.start, span.end);
  const asView = /^([A-Za-z_][\w.]*)\s*\.\s*as_view\s*\(/.exec(text);
  if (asView) return { handler: asView[1]!, view: asView[1]!, guards: [] };
  const wrapper = /^([A-Za-z_][\w.]*)\s*\(/.exec(text);
  if (wrapper) {
    const inner = pythonArguments(code, span.start + wrapper[0].length - 1).positional[0];
    const unwrapped = inner ? viewFunction(code, inner) : { handler: "(inline)", guards: [] };
    return { ...unwrapped, guards: [...(isPythonGuard(wrapper[1]!.split(".").at(-1)!) ? [wrapper[1]!] : []), ...unwrapped.guards] };
  }
  return { handler: dottedName(code, span) ?? "(inline)", guards: [] };
}

/** `methods=["GET", "POST"]` upper-cased; Flask's default is GET. */
function listed(source: RouteSource, span: Span | undefined, constants: Map<string, string>): string[] {
  const methods = span ? stringList(source, span, constants).map((m) => m.toUpperCase()) : [];
  return methods.length ? methods : ["GET"];
}

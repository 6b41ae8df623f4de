import type { Framework } from "../framework.ts";
import { withImportedAttributes } from "../python/imported-attributes.ts";
import { fastapiUsersRouter } from "../python/fastapi-users.ts";
import { includeHelperMounts } from "../python/include-helpers.ts";
import { appParameters } from "../python/app-parameters.ts";
import { classAt, type Definition, enclosingLines, pythonDefinitions } from "../python/definitions.ts";
import { decoratorGuards, dependencyGuards, handlerCheckGuards, isPythonGuard, otherDependencies } from "../python/guards.ts";
import { dottedName, elements, pythonArguments, pythonConstants, pythonValue, type Span, stringList } from "../python/values.ts";
import { pythonBindings } from "../python/bindings.ts";
import { loopBindings } from "../python/loops.ts";
import { constantReference, constantRouters, importedPathParts, mountThrough, PREFIX_CONSTANT } from "../python/prefixes.ts";
import { CANDIDATE } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "fastapi";
const VERBS = new Set(["get", "post", "put", "patch", "delete", "options", "head", "trace"]);
// `APIRouter(...)`, or a project's subclass of it (`AdminAPIRouter(prefix="/admin")`), which
// guards-away reads (python/router-classes.ts): the class's name stands among the router's guards until then.
// A class may keep its router in a field (`self.router = APIRouter()`), named then for the class (`WorkflowsRouter.router`).
const CREATE = /^[ \t]*((?:self\.)?[A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.]+[ \t]*)?=[ \t]*(?:fastapi[ \t]*\.[ \t]*)?(FastAPI|APIRouter|[A-Z]\w*Router)[ \t]*\(/gm;
// A request or response model, by its name: what a form posts (`LoginUsr`, `UpdateSuperuserPassword`, `UserCreate`).
const MODEL = /(?:In|Out|Create|Update|Login|Schema|Model|Request|Response|Base|Body|Form|Data|Payload|Read|Password|Credentials)$|^(?:Login|Signin|SignIn|Signup|SignUp|Register|Create|Update|Reset|Change)(?=[A-Z_])/;
const CALL = /(?<![\w.])([A-Za-z_][\w.]*)\s*\.\s*(include_router|add_api_route|mount|add_middleware)\s*\(/g;
// A package's `__init__.py` passing an app or router on under another name (`from fief.apps.api.app import app as api_app`).
const RENAMED_APP = /\bimport[ \t]+\w+[ \t]+as[ \t]+(\w*(?:app|router))\b/;

/**
 * FastAPI: apps and routers (`FastAPI(root_path=...)`, `APIRouter(prefix=..., dependencies=[...])`),
 * route decorators (`@router.get`, `@app.api_route(methods=[...])`, `@router.websocket`),
 * `add_api_route`, and mounts (`include_router(r, prefix=..., dependencies=[...])`,
 * `mount("/v2", sub_app)`). A router may be a class's field (`self.router`), a function's own
 * (returned to be included), or the app a function is handed. Guards are the auth-like
 * dependencies of the app, the router, the include, the decorator and the handler's parameters
 * (`user = Depends(get_current_user)`, `user: CurrentUser`), and the app's middleware that
 * refuses, a class (`app.add_middleware(...)`) or a function (`@app.middleware("http")`), judged
 * after linking (python/middleware-guards.ts).
 */
export const fastapi: Framework = {
  id: FRAMEWORK,
  name: "FastAPI",
  languages: ["python"],
  // A module that only lists routers (`ROUTERS = [agents_router, ...]`) is read for the list.
  hint: new RegExp(`\\bfastapi\\b|APIRouter|include_router|=\\s*\\[\\s*[\\w.]*[Rr]outer\\b|${RENAMED_APP.source}|@\\s*\\w+\\.(?:get|post|put|patch|delete|api_route)\\s*\\(|${PREFIX_CONSTANT.source}`, "m"),
  scan(source) {
    const constants = pythonConstants(source, undefined, withImportedAttributes(source, new Map()));
    const registrations: Registration[] = [];
    // Routers whose prefix is a constant of another module (`APIRouter(prefix=API_PREFIX)`, `API_PREFIX` imported): read when
    // linking, for the routers mounted under them too (`prefixFrom`).
    const prefixedBy = new Map<string, string[]>();
    const definitions = pythonDefinitions(source);
    const held = heldRouters(definitions, localRouters(source.code, definitions));
    for (const m of source.code.matchAll(CREATE)) {
      const name = held(m[1]!, m.index);
      if (name === undefined) continue;
      const { keywords } = pythonArguments(source.code, m.index + m[0].length - 1);
      // An app's `root_path="/api"`: where the app is served (behind a proxy that forwards or strips it), its routes' prefix.
      const prefix = keywords.get(m[2] === "FastAPI" ? "root_path" : "prefix");
      const named = prefix && pythonValue(source, prefix, constants) === undefined ? /^\s*([A-Za-z_][\w.]*)\s*$/.exec(source.code.slice(prefix.start, prefix.end))?.[1] : undefined;
      if (named && PREFIX_NAME.test(named.split(".").at(-1)!)) prefixedBy.set(name, [constantReference(pythonBindings(source), named)]);
      // `prefix=f"{V1_URL_PREFIX}/system"`: the constant, then the path written after it.
      else if (prefix && !named) {
        const parts = importedPathParts(source, prefix, constants);
        if (parts) prefixedBy.set(name, parts);
      }
      const dependencies = keywords.get("dependencies");
      // Its dependencies not named like a guard (`FastAPI(dependencies=[Depends(get_admin)])`) are
      // candidates, judged after linking by their bodies, wherever the routers they reach are.
      const candidates = dependencies ? otherDependencies(source.code, dependencies).map((name) => `${CANDIDATE}${name}`) : [];
      registrations.push({
        type: "router",
        framework: FRAMEWORK,
        name,
        prefix: prefix ? pythonValue(source, prefix, constants) ?? "" : "",
        ...(prefixedBy.has(name) ? { prefixFrom: prefixedBy.get(name)! } : {}),
        guards: [...(dependencies ? dependencyGuards(source.code, dependencies) : []), ...candidates, ...(m[2] === "FastAPI" || m[2] === "APIRouter" ? [] : [m[2]!])],
        line: source.lineAt(m.index + m[0].length - m[2]!.length),
      });
      if (m[2] === "FastAPI") registrations.push(...docsRoutes(source, keywords, constants));
    }
    const aliases = annotatedAliases(source.code);
    const instances = routerInstances(source.code, definitions);
    for (const def of definitions) {
      if (def.kind === "def") registrations.push(...decoratedRoutes(source, def, constants, classAt(definitions, def.start), aliases, held));
    }
    const mounted = new Set<string>();
    for (const m of source.code.matchAll(CALL)) {
      const owner = held(m[1]!, m.index);
      if (owner !== undefined) registrations.push(...call(source, owner, m[2]!, m.index + m[0].length - 1, constants, mounted, definitions, instances, held));
    }
    registrations.push(...routerLists(source), ...fieldRouters(instances, registrations), ...functionMiddleware(source, definitions), ...returnedRouters(source.code, definitions, held));
    // The renamed app is a name of this module, found through the import it comes from.
    for (const m of source.code.matchAll(new RegExp(RENAMED_APP.source, "g"))) registrations.push({ type: "export", local: m[1]!, as: m[1]! });
    registrations.push(...includeHelperMounts(source, definitions, held, constants, FRAMEWORK, (called, name, line) => fastapiUsersRouter(called, name, FRAMEWORK, line)));
    registrations.push(...appParameters(source, definitions, registrations, FRAMEWORK));
    registrations.push(...handedRouters(source, registrations, held));
    return [...registrations, ...constantRouters(source, FRAMEWORK, constants)];
  },
};

// A constant's name that reads as a URL prefix (`API_PREFIX`, `settings.API_V1_STR`, `api_prefix`).
const PREFIX_NAME = /^(?:[A-Z][A-Z0-9_]*|\w*[Pp]refix\w*)$/;

// The documentation FastAPI serves, when the app names where (the defaults are the framework's).
const DOCS: Record<string, string> = { docs_url: "(Swagger UI)", redoc_url: "(ReDoc)", openapi_url: "(OpenAPI document)" };

/** `FastAPI(docs_url="/", redoc_url="/redoc")`: the pages at the paths the app writes, outside its routers and dependencies. */
function docsRoutes(source: RouteSource, keywords: Map<string, Span>, constants: Map<string, string>): Registration[] {
  return Object.entries(DOCS).flatMap(([keyword, handler]): Registration[] => {
    const span = keywords.get(keyword);
    const path = span ? pythonValue(source, span, constants) : undefined;
    return path?.startsWith("/") ? [{ type: "route", framework: FRAMEWORK, kind: "http", methods: ["GET"], path, handler, guards: [], owner: "", line: source.lineAt(span!.start) }] : [];
  });
}

/** The routes the decorators of one function declare. */
function decoratedRoutes(source: RouteSource, def: Definition, constants: Map<string, string>, cls: Definition | undefined, aliases: ReadonlyMap<string, Span>, held: (name: string, at: number) => string | undefined): Registration[] {
  const found: Registration[] = [];
  for (const d of def.decorators) {
    const dot = d.name.lastIndexOf(".");
    const verb = d.name.slice(dot + 1);
    if (dot < 0 || !d.args || !(VERBS.has(verb) || verb === "api_route" || verb === "websocket")) continue;
    // `@self.pubsub_router.websocket("/ws")` in a method of `PubSub`: the router the class keeps in that field.
    const owner = held(d.name.slice(0, dot), d.start);
    if (owner === undefined) continue;
    const path = d.args.keywords.get("path") ?? d.args.positional[0];
    const value = path ? pythonValue(source, path, constants) : undefined;
    const named = value === undefined && path ? importedPathParts(source, path, constants) : undefined;
    if (value === undefined && !named) continue;
    const methods = verb === "api_route" ? listedMethods(source, d.args.keywords.get("methods"), constants) : verb === "websocket" ? ["WS"] : [verb.toUpperCase()];
    const dependencies = d.args.keywords.get("dependencies");
    // A parameter typed by the module's own alias (`user: UserParam` with `UserParam = Annotated[User, Depends(get_current_user)]`) runs its dependency.
    const aliased = def.params.flatMap((p) => aliases.get(annotationOf(source, p) ?? "") ?? []);
    // A decorator of the handler's own that checks the caller (Starlette's `@requires("authenticated")`, `@login_required`).
    const decorated = decoratorGuards(source.code, def.decorators.filter((other) => other !== d && !routeDecorator(other.name)));
    const guards = [...(dependencies ? dependencyGuards(source.code, dependencies) : []), ...parameterGuards(source, def.params), ...aliased.flatMap((span) => dependencyGuards(source.code, span)), ...decorated, ...handlerCheckGuards(source, def)];
    // The other dependencies may guard through one of their own: read after linking (python/dependency-guards.ts).
    // A method of a class-based view (`@cbv(router)`, a project's `@controller(router)`) runs the
    // dependencies of the class's attributes and its bases' (python/class-dependencies.ts): its class stands among them.
    const helpers = [...new Set([...[dependencies, ...def.params, ...aliased].flatMap((span) => (span ? otherDependencies(source.code, span) : [])), ...importedAliases(source, def.params, aliases), ...(cls ? [cls.name] : [])])];
    found.push({ type: "route", framework: FRAMEWORK, kind: verb === "websocket" ? "ws" : "http", methods, path: value ?? "", ...(named ? { pathFrom: [], pathRest: named } : {}), handler: def.name, guards: [...new Set(guards)], owner, line: d.line, ...(helpers.length ? { helpers } : {}) });
  }
  return found;
}

/**
 * The parameters' types that may be aliases of another module carrying a dependency
 * (`auth_subject: auth.BenefitsRead`): judged after linking by the alias's dependency (python/dependency-guards.ts).
 */
function importedAliases(source: RouteSource, params: readonly Span[], aliases: ReadonlyMap<string, Span>): string[] {
  return params.flatMap((p) => {
    const type = annotationOf(source, p);
    const name = type?.split(".").at(-1);
    return type && name && /^[A-Z]/.test(name) && !aliases.has(type) ? [type] : [];
  });
}

/** A parameter's type when it is a name (`user: UserParam`, `auth_subject: auth.BenefitsRead = None`). */
const annotationOf = (source: RouteSource, param: Span): string | undefined => /^\s*\w+\s*:\s*([A-Za-z_][\w.]*)\s*(?:=|$)/.exec(source.code.slice(param.start, param.end))?.[1];

/** Whether a decorator declares a route (`@router.get`, `@app.api_route`), not a check. */
const routeDecorator = (name: string): boolean => {
  const dot = name.lastIndexOf(".");
  return dot >= 0 && (VERBS.has(name.slice(dot + 1)) || name.slice(dot + 1) === "api_route");
};

/** The module's type aliases that carry a dependency: `UserParam = Annotated[GenericUser, Depends(get_current_user)]`, by name. */
function annotatedAliases(code: string): Map<string, Span> {
  const found = new Map<string, Span>();
  for (const m of code.matchAll(/^([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.]+[ \t]*)?=[ \t]*(?:typing\.)?Annotated\[/gm)) {
    const open = m.index + m[0].length - 1;
    const end = code.indexOf("\n", open);
    const span = { start: open, end: end === -1 ? code.length : end };
    if (/\b(?:Depends|Security)\s*\(/.test(code.slice(span.start, span.end))) found.set(m[1]!, span);
  }
  return found;
}

/** `include_router`, `add_api_route` and `mount` calls on an app or router. */
function call(source: RouteSource, owner: string, name: string, open: number, constants: Map<string, string>, mounted: Set<string>, definitions: readonly Definition[], instances: ReadonlyMap<string, string>, held: (name: string, at: number) => string | undefined): Registration[] {
  const { code } = source;
  const { positional, keywords } = pythonArguments(code, open);
  const line = source.lineAt(open);
  const value = (span: Span | undefined) => (span ? pythonValue(source, span, constants) : undefined);
  if (name === "add_middleware") {
    // Middleware of the whole app (`app.add_middleware(CheckPasswordMiddleware)`): a candidate, judged by its class after linking.
    const cls = positional[0] ? dottedName(code, positional[0]) : undefined;
    return cls ? [{ type: "use", framework: FRAMEWORK, owner, prefix: "", args: [`${CANDIDATE}${cls}`], specifiers: [], guards: [], line }] : [];
  }
  if (name === "add_api_route") {
    const span = keywords.get("path") ?? positional[0];
    const path = value(span);
    const named = path === undefined && span ? importedPathParts(source, span, constants) : undefined;
    const endpoint = keywords.get("endpoint") ?? positional[1];
    if (!endpoint) return [];
    const dependencies = keywords.get("dependencies");
    const methods = listedMethods(source, keywords.get("methods"), constants);
    const route = (at: string, handler: string, parts?: string[]): Registration => ({ type: "route", framework: FRAMEWORK, kind: "http", methods, path: at, ...(parts ? { pathFrom: [], pathRest: parts } : {}), handler, guards: dependencies ? dependencyGuards(code, dependencies) : [], owner, line });
    if (path !== undefined || named) return [route(path ?? "", dottedName(code, endpoint) ?? "(inline)", named)];
    // `for path, endpoint in route_mapping.items(): router.add_api_route(path, endpoint)`: one route per entry of the literal walked.
    const variable = span && /^\s*([A-Za-z_]\w*)\s*$/.exec(code.slice(span.start, span.end))?.[1];
    const handlerName = dottedName(code, endpoint);
    return (variable ? loopBindings(source, open, constants) : []).flatMap(({ values, names }) => {
      const at = values.get(variable!);
      return at === undefined ? [] : [route(at, (handlerName && names.get(handlerName)) ?? handlerName ?? "(inline)")];
    });
  }
  const child = name === "mount" ? positional[1] ?? keywords.get("app") : positional[0] ?? keywords.get("router");
  const dotted = child ? dottedName(code, child) ?? calledFunction(code, child) : undefined;
  // A router FastAPI Users builds in place (`fastapi_users.get_auth_router(backend)`): its routes, here.
  const built = child && dotted && !dottedName(code, child) ? fastapiUsersRouter(dotted, `${dotted}@${line}`, FRAMEWORK, line) : undefined;
  const written = built ? `${dotted}@${line}` : dotted === undefined ? undefined : held(dotted, open);
  // `workflows.router` of `workflows = WorkflowsRouter(...)`: the router that class keeps in that field;
  // `self.pubsub.pubsub_router` in `OpalServer` of `self.pubsub = PubSub(...)`: `PubSub.pubsub_router`.
  const parts = written?.split(".") ?? [];
  const field = parts.length > 2 ? instances.get(`${parts[0]}.${parts[1]}`) : undefined;
  const named = built ? written : field ? [field, ...parts.slice(2)].join(".") : parts.length > 1 && instances.has(parts[0]!) ? [instances.get(parts[0]!)!, ...parts.slice(1)].join(".") : written;
  if (!named) return [];
  // `for router in ROUTERS: app.include_router(router, ...)`: the loop's list, a router of the routers it holds,
  // or the list a parameter it walks defaults to.
  const iterable = loopIterable(code, open, named);
  const childName = iterable === undefined ? named : parameterDefault(source, definitions, open, iterable) ?? iterable;
  const prefixSpan = name === "mount" ? positional[0] ?? keywords.get("path") : keywords.get("prefix");
  const known = value(prefixSpan);
  const constant = known === undefined && prefixSpan ? dottedName(code, prefixSpan) : undefined;
  const dependencies = keywords.get("dependencies");
  const guards = dependencies ? dependencyGuards(code, dependencies) : [];
  // An app mounted (`app.mount("/api/v1", app=api)`) is served where the mount says, whatever root_path it
  // declares for itself (`FastAPI(root_path="/api/v1")` says where it is when served alone).
  const replacesPrefix = name === "mount";
  const use = (from: string, args: string[], at: string): Registration => ({ type: "use", framework: FRAMEWORK, owner: from, prefix: at, args, specifiers: [], guards: [], mountOnly: true, ...(replacesPrefix ? { replacesPrefix } : {}), line });
  const found: Registration[] = [...(built ?? [])];
  let parent = owner;
  if (guards.length) {
    // The include's dependencies guard the included router only: a router of their own in between keeps them there.
    parent = `${owner}.include_router@${line}`;
    found.push({ type: "router", framework: FRAMEWORK, name: parent, prefix: known ?? "", guards, line }, use(owner, [parent], ""));
  }
  if (constant) found.push(...mountThrough(FRAMEWORK, parent, constantReference(pythonBindings(source), constant), childName, line, mounted));
  else found.push(use(parent, [childName], guards.length ? "" : known ?? ""));
  return found;
}

/**
 * The name of a router as the module knows it: `self.router` in a method of `WorkflowsRouter` is
 * `WorkflowsRouter.router`, the field every instance of the class holds; undefined for `self.`
 * outside a class. A router a function makes for itself (`def init_scope_router(): router =
 * APIRouter()`) is that function's: `init_scope_router/router`, apart from other functions' routers of the same name.
 */
function heldRouters(definitions: readonly Definition[], locals: ReadonlyMap<Definition, ReadonlySet<string>>): (name: string, at: number) => string | undefined {
  return (name, at) => {
    if (!name.startsWith("self.")) {
      if (name.includes(".")) return name;
      const def = definitions.filter((d) => d.kind === "def" && d.start <= at && at < d.end && locals.get(d)?.has(name)).at(-1);
      return def ? `${def.name}/${name}` : name;
    }
    const cls = classAt(definitions, at);
    return cls ? `${cls.name}.${name.slice("self.".length)}` : undefined;
  };
}

/** The routers each function makes in its own body (`router = APIRouter()` indented under a `def`), by function. */
function localRouters(code: string, definitions: readonly Definition[]): Map<Definition, Set<string>> {
  const found = new Map<Definition, Set<string>>();
  for (const m of code.matchAll(LOCAL_CREATE)) {
    const def = definitions.filter((d) => d.kind === "def" && d.start <= m.index && m.index < d.end).at(-1);
    if (def) found.set(def, new Set([...(found.get(def) ?? []), m[1]!]));
  }
  return found;
}
const LOCAL_CREATE = /^[ \t]+([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.]+[ \t]*)?=[ \t]*(?:fastapi[ \t]*\.[ \t]*)?(?:FastAPI|APIRouter|[A-Z]\w*Router)[ \t]*\(/gm;

/**
 * A function returning the router it made (`return router`) stands for it, wherever it is
 * called: `app.include_router(init_scope_router(scopes), prefix="/scopes")` mounts it.
 */
function returnedRouters(code: string, definitions: readonly Definition[], held: (name: string, at: number) => string | undefined): Registration[] {
  const found: Registration[] = [];
  for (const def of definitions) {
    if (def.kind !== "def") continue;
    const body = code.slice(def.start, def.end);
    for (const m of body.matchAll(/^[ \t]+return[ \t]+([A-Za-z_]\w*)[ \t]*$/gm)) {
      const name = held(m[1]!, def.start + m.index);
      if (name?.startsWith(`${def.name}/`)) {
        found.push({ type: "router", framework: FRAMEWORK, name: def.name, prefix: "", guards: [], aliasOf: name, line: def.line });
        break;
      }
    }
  }
  return found;
}

/**
 * Routers reached through a field holding another class's instance: `self.streams =
 * SessionStreamsRouter(...)` in `SessionsRouter` makes `SessionsRouter.streams.router` another
 * name of `SessionStreamsRouter.router` (a class of this module keeping its router in a field).
 */
function fieldRouters(instances: ReadonlyMap<string, string>, registrations: readonly Registration[]): Registration[] {
  const held = registrations.flatMap((r) => (r.type === "router" && /^[A-Z]\w*\.\w+$/.test(r.name) ? [r] : []));
  const found: Registration[] = [];
  for (const [field, cls] of instances) {
    // A class's field (`SessionsRouter.streams`), not a module-level instance.
    if (!field.includes(".")) continue;
    for (const r of held) if (r.name.startsWith(`${cls}.`)) found.push({ type: "router", framework: FRAMEWORK, name: `${field}.${r.name.slice(cls.length + 1)}`, prefix: "", guards: [], aliasOf: r.name, line: r.line });
  }
  return found;
}

/**
 * HTTP middleware written as a function, for every request of the app: `@app.middleware("http")`
 * on it, or `app.middleware("http")(auth_middleware)`. A candidate, judged by its body after
 * linking (python/middleware-guards.ts), as a class given to `add_middleware` is.
 */
function functionMiddleware(source: RouteSource, definitions: readonly Definition[]): Registration[] {
  const use = (owner: string, fn: string, at: number): Registration => ({ type: "use", framework: FRAMEWORK, owner, prefix: "", args: [`${CANDIDATE}${fn}`], specifiers: [], guards: [], line: source.lineAt(at) });
  const found: Registration[] = [];
  for (const def of definitions) {
    if (def.kind !== "def") continue;
    for (const d of def.decorators) {
      const kind = d.args?.positional[0];
      if (d.name.endsWith(".middleware") && kind && /^\s*["']http["']\s*$/.test(source.text.slice(kind.start, kind.end))) found.push(use(d.name.slice(0, -".middleware".length), def.name, d.start));
    }
  }
  // Matched in the text: the code has its strings blanked.
  for (const m of source.text.matchAll(/(?<![\w.])([A-Za-z_]\w*)\.middleware\(\s*["']http["']\s*\)\s*\(\s*([A-Za-z_][\w.]*)\s*\)/g)) {
    if (source.code[m.index] === source.text[m.index]) found.push(use(m[1]!, m[2]!, m.index));
  }
  return found;
}

/**
 * Instances of classes the module makes: at its top (`workflows = WorkflowsRouter(service)`), and
 * in a class's fields (`self.pubsub = PubSub(...)` in `OpalServer`, kept as `OpalServer.pubsub`),
 * each to its class.
 */
function routerInstances(code: string, definitions: readonly Definition[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of code.matchAll(/^([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Z]\w*)[ \t]*\(/gm)) found.set(m[1]!, m[2]!);
  for (const m of code.matchAll(/^[ \t]+self\.(\w+)[ \t]*=[ \t]*([A-Z]\w*)[ \t]*\(/gm)) {
    const owner = classAt(definitions, m.index);
    if (owner) found.set(`${owner.name}.${m[1]}`, m[2]!);
  }
  return found;
}

/**
 * A router of this module handed to a function alone (`app = ee.extend_main(app)`,
 * `register_routes(app)`): what the function registers on its parameter is the router's
 * (python/app-parameters.ts names the function for it).
 */
function handedRouters(source: RouteSource, registrations: readonly Registration[], held: (name: string, at: number) => string | undefined): Registration[] {
  const routers = new Set(registrations.flatMap((r) => (r.type === "router" && r.aliasOf === undefined ? [r.name] : [])));
  const found: Registration[] = [];
  for (const m of source.code.matchAll(/(?<![\w.])([A-Za-z_][\w.]*)\s*\(\s*([A-Za-z_]\w*)\s*\)/g)) {
    const router = held(m[2]!, m.index);
    if (router === undefined || !routers.has(router) || NOT_HANDED.test(m[1]!)) continue;
    found.push({ type: "use", framework: FRAMEWORK, owner: router, prefix: "", args: [m[1]!], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
  }
  return found;
}
// Calls on a router that are none of a function's registering on it.
const NOT_HANDED = /^(?:print|len|id|type|str|repr|isinstance|getattr|setattr|hasattr|vars|dir|super|FastAPI|APIRouter|\w+\.(?:include_router|add_api_route|mount|add_middleware|middleware|get|post|put|patch|delete|route|api_route))$/;

/** `init_scope_router(scopes, authenticator)`, the whole of `span`: the function called, whose returned router it is (returnedRouters). */
function calledFunction(code: string, span: Span): string | undefined {
  const called = /^\s*([A-Za-z_][\w.]*)\s*\(/.exec(code.slice(span.start, span.end));
  if (!called) return undefined;
  const { end } = callArguments(code, span.start + called[0].length - 1);
  return code.slice(end, span.end).trim() === "" ? called[1] : undefined;
}

/**
 * The name of the list the `for` loop around `at` walks when its variable is `name`
 * (`for route in v1_routes:`), so that what it includes is the list's routers.
 */
function loopIterable(code: string, at: number, name: string): string | undefined {
  for (const { line } of enclosingLines(code, at + 1)) {
    const loop = /^[ \t]*(?:async[ \t]+)?for[ \t]+([A-Za-z_]\w*)[ \t]+in[ \t]+([A-Za-z_][\w.]*)[ \t]*:/.exec(line);
    if (loop) return loop[1] === name ? loop[2] : undefined;
    if (/^[ \t]*(?:async[ \t]+)?(?:def|class)\b/.test(line)) return undefined;
  }
  return undefined;
}

/**
 * The default of the parameter `name` of the function around `at`, when it is a name:
 * `def create_app(routers: List = ROUTERS):` loops over ROUTERS unless a caller hands another list.
 */
function parameterDefault(source: RouteSource, definitions: readonly Definition[], at: number, name: string): string | undefined {
  const def = definitions.filter((d) => d.kind === "def" && d.start <= at && at < d.end).at(-1);
  const pattern = new RegExp(String.raw`^${name.replaceAll(".", "\\.")}\s*(?::[^=]*)?=\s*([A-Za-z_][\w.]*)$`);
  for (const p of def?.params ?? []) {
    const given = pattern.exec(source.code.slice(p.start, p.end).trim());
    if (given) return given[1];
  }
  return undefined;
}

/**
 * `ROUTERS = [agents_router, tools_router]` at the top of a module: mounting the list (a loop
 * including each) mounts every router in it. Only a list of names, and only when mounted.
 */
function routerLists(source: RouteSource): Registration[] {
  const found: Registration[] = [];
  for (const m of source.code.matchAll(/^([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*\[/gm)) {
    const items = elements(source.code, { start: m.index + m[0].length - 1, end: m.index + m[0].length }).map((e) => dottedName(source.code, e));
    if (!items.length || items.some((i) => !i)) continue;
    const line = source.lineAt(m.index);
    found.push(
      { type: "router", framework: FRAMEWORK, name: m[1]!, prefix: "", guards: [], mountedOnly: true, line },
      { type: "use", framework: FRAMEWORK, owner: m[1]!, prefix: "", args: items as string[], specifiers: [], guards: [], mountOnly: true, line },
    );
  }
  return found;
}

/** `methods=["GET", "POST"]` upper-cased; FastAPI's default is GET. */
function listedMethods(source: RouteSource, span: Span | undefined, constants: Map<string, string>): string[] {
  const methods = span ? stringList(source, span, constants).map((m) => m.toUpperCase()) : [];
  return methods.length ? methods : ["GET"];
}

/**
 * The guards among a handler's parameters: `Depends(...)`/`Security(...)` defaults and
 * annotations, and annotated aliases named like a check (`user: CurrentUser`).
 */
function parameterGuards(source: RouteSource, params: readonly Span[]): string[] {
  return params.flatMap((p) => {
    const found = dependencyGuards(source.code, p);
    if (found.length) return found;
    const annotation = /^\s*\w+\s*:\s*([A-Za-z_][\w.]*)\s*$/.exec(source.code.slice(p.start, p.end));
    // Request and response models (`UserLogin`, `TokenData`) are named like checks but check nothing.
    const type = annotation?.[1]!.split(".").at(-1);
    return type && isPythonGuard(type) && !MODEL.test(type) ? [annotation![1]!] : [];
  });
}

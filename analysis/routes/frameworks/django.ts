import { configuredPlaceholder } from "../common/configured.ts";
import type { Framework } from "../framework.ts";
import { type Definition, enclosingLines, parameterNames, pythonDefinitions } from "../python/definitions.ts";
import { djangoViewGuards, isPythonGuard } from "../python/guards.ts";
import { DRF_DEFAULT_PERMISSIONS } from "../python/drf-settings.ts";
import { dottedName, elements, lineEnd, pythonArguments, pythonConstants, pythonString, pythonValue, type Span } from "../python/values.ts";
import type { Binding, Registration, RouteRegistration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { djangoViews, genericMethods, packageFunctionMethods } from "./django-views.ts";
import { pythonBindings } from "../python/bindings.ts";
import { smartminCrudls } from "../python/smartmin.ts";

const FRAMEWORK = "django";
/** What an f-string field not known is written as in a URLconf's patterns. */
const UNKNOWN_FIELD = "\u0005";
const ROUTER = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*(?:[\w.]+\.)?((?:Default|Simple|ExtendedSimple|ExtendedDefault|NestedSimple|NestedDefault|OptionalSlash)Router)[ \t]*\(/gm;
// Among its bases, after mixins (`class RalphRouter(NestedCustomFieldsRouterMixin, routers.DefaultRouter):`).
const ROUTER_SUBCLASS = /^[ \t]*class[ \t]+([A-Za-z_]\w*)[ \t]*\([^)]*?(?<![\w.])(?:[\w.]+\.)?((?:Default|Simple|ExtendedSimple|ExtendedDefault|OptionalSlash)Router)[ \t]*[,)]/gm;
// `router = OrderedDefaultRouter(...)`, `router = DefaultRouterWithNesting()`: a router made from some class named so.
const IMPORTED_ROUTER = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*(?:[\w.]+\.)?([A-Z]\w*Router(?:With[A-Z]\w*)?)[ \t]*\(/gm;
const ASSIGN = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?(\+?=)(?!=)[ \t]*|^[ \t]*([A-Za-z_]\w*)\.(append|extend|insert)[ \t]*\(/gm;
const ENTRY = /^(?:[\w.]+\.)?(path|re_path|url)\s*\(/;
const CRUDL_PATTERNS = /^([A-Za-z_][\w.]*)\s*\(\s*\)\s*\.\s*as_urlpatterns\s*\(\s*\)$/;
const WRAPPING = /^(?:[\w.]+\.)?(i18n_patterns|format_suffix_patterns)\s*\(/;
const MAPPED = /^(?:(?:list|tuple)\s*\(\s*)?map\s*\((?=\s*lambda\s+([A-Za-z_]\w*)\s*:)/;

type Context = { source: RouteSource; constants: Map<string, string>; owner: string; found: Registration[]; bindings: readonly Binding[] };

/**
 * Django: URLconfs (`urlpatterns = [path("x/<int:id>/", view), re_path(r"^y/$", view)]`,
 * `+=`, `append`), `include("app.urls")` across apps and `include([...])` in place, DRF routers
 * (`router.register("users", UserViewSet)`, nested routers), smartmin's CRUDL classes
 * (`ContactCRUDL().as_urlpatterns()`, python/smartmin.ts), and the views they name, read in
 * their own modules (django-views.ts): class-based views, ViewSets and decorated function
 * views. Guards: wrapping calls (`login_required(view)`), guard decorators, mixins and
 * `permission_classes`.
 */
export const django: Framework = {
  id: FRAMEWORK,
  name: "Django",
  languages: ["python"],
  // A module of ViewSets built only on the project's own bases (`class CircuitViewSet(NautobotModelViewSet):`) is read for them too,
  // and one whose function registers ViewSets on the router it is handed (`def add_product_urls(router):`).
  hint: /\bdjango\b|rest_framework|urlpatterns|\brouter\s*\.\s*register\s*\(|\bSmartCRUDL\b|\bre_path\s*\(|\.as_view\s*\(|^class[ \t]+\w+[ \t]*\([^)]*ViewSet\b/m,
  scan(source) {
    // A route's regular expression may interpolate a pattern of another module (`rf"^user/(?P<username>{regex.USERNAME})"`):
    // inside a group it does not change the path.
    const constants = pythonConstants(source, UNKNOWN_FIELD);
    const found: Registration[] = [];
    for (const m of source.code.matchAll(ROUTER)) found.push(...drfRouter(source, m[1]!, m[2]!, m.index + m[0].length - 1, constants));
    // A router class of the module's own (`class CustomRouterWithExtraPaths(routers.DefaultRouter):`) routes as its base does.
    for (const sub of source.code.matchAll(ROUTER_SUBCLASS)) {
      const made = new RegExp(`^[ \\t]*([A-Za-z_]\\w*)[ \\t]*=[ \\t]*${sub[1]}[ \\t]*\\(`, "gm");
      for (const m of source.code.matchAll(made)) found.push(...drfRouter(source, m[1]!, sub[2]!, m.index + m[0].length - 1, constants, sub[1]!));
    }
    // A router class of another module of the app's (`router = OrderedDefaultRouter(view_name="DCIM")`,
    // imported from the project's own routers module) that ViewSets are registered on: a router
    // as DRF's are. Its root view, if it has one, is left out: what it serves there is not known.
    const known = new Set(found.flatMap((r) => (r.type === "router" ? [r.name] : [])));
    for (const m of source.code.matchAll(IMPORTED_ROUTER)) {
      if (known.has(m[1]!) || !new RegExp(`(?<![\\w.])${m[1]}\\s*\\.\\s*register\\s*\\(`).test(source.code)) continue;
      known.add(m[1]!);
      found.push(...drfRouter(source, m[1]!, "SimpleRouter", m.index + m[0].length - 1, constants, m[2]!));
    }
    let bindings: Binding[] | undefined;
    // ViewSets registered on a router another module of the project makes (`from ralph.api import router`,
    // then `router.register(r'access-card', AccessCardViewSet)`): routes of that router, found through the import.
    for (const m of source.code.matchAll(/(?<![\w.])([A-Za-z_]\w*)\s*\.\s*register\s*\(/g)) {
      if (known.has(m[1]!) || !(bindings ??= pythonBindings(source)).some((b) => b.local === m[1] && !/^(?:rest_framework|django)\b/.test(b.specifier))) continue;
      known.add(m[1]!);
      found.push(...registered(source, m[1]!, constants));
    }
    const definitions = pythonDefinitions(source);
    found.push(...routerHelpers(source, definitions, known, constants));
    const builder = urlconfBuilder(source, definitions);
    const lists = new Set<string>();
    for (const m of source.code.matchAll(ASSIGN)) {
      // Lists built inside a function (a ModelAdmin's get_urls) are served under prefixes the code
      // does not state, unless the module's URLconf is what that function returns.
      const inside = definitions.filter((d) => d.start < m.index && m.index < d.end);
      const inBuilder = builder !== undefined && inside.length === 1 && inside[0] === builder.definition;
      if (inside.length && !inBuilder) continue;
      // Patterns added only in development (`if settings.DEBUG:`, `if MODE == 'development':`) are not served by default.
      if (inDevelopmentBranch(source, m.index)) continue;
      if (builder && !inBuilder && m[1] === "urlpatterns" && m.index === builder.call) continue;
      const owner = inBuilder && (m[1] ?? m[3]) === builder.returned ? "urlpatterns" : (m[1] ?? m[3])!;
      const start = m.index + m[0].length;
      const value = m[4] ? { start: start - 1, end: pythonArguments(source.code, start - 1).end } : { start, end: lineEnd(source.code, start) };
      const context = { source, constants: inBuilder ? builder.constants(constants) : constants, owner, found: [], bindings: (bindings ??= pythonBindings(source)) };
      if (m[4] === "insert") value.start = pythonArguments(source.code, start - 1).positional[1]?.start ?? value.end;
      patterns(context, m[4] ? inner(source.code, value) : value, "", []);
      // An empty URLconf (`urlpatterns = []` in a module that only registers ViewSets) is still the module's: including it mounts nothing.
      if (!context.found.length && owner !== "urlpatterns") continue;
      if (!lists.has(owner)) found.push({ type: "router", framework: FRAMEWORK, name: owner, prefix: "", guards: [], line: source.lineAt(m.index) });
      lists.add(owner);
      found.push(...context.found);
    }
    if (lists.has("urlpatterns")) {
      // A URLconf is included by module path (`include("app.urls")`) or as an imported module (`include(urls)`).
      const module = /([A-Za-z_]\w*)\.py$/.exec(source.path)?.[1] ?? "urls";
      found.push({ type: "export", local: "urlpatterns", as: "default" }, { type: "export", local: "urlpatterns", as: module });
    } else if (/\bimport\b[^\n]*\burlpatterns\b/.test(source.code) && (bindings ??= pythonBindings(source)).some((b) => b.local === "urlpatterns")) {
      // A URLconf taken from another module (a package's `__init__.py` doing `from .urls import urlpatterns`) is this module's.
      found.push({ type: "export", local: "urlpatterns", as: "default" });
    }
    return [...found, ...djangoViews(source, definitions), ...smartminCrudls(source, definitions, regexPaths)];
  },
};

// `if settings.DEBUG:`, `if MODE == 'development':`; not `if not settings.DEBUG:`, which holds in production.
const DEVELOPMENT = /^if\s+(?!not\b)(?:[\w.]*\bDEBUG\b(?!\s*(?:is\s+False|==\s*False))|[^:]*==\s*["'](?:dev|development|local)["'])/;

/** Whether the statement at `at` is in the block of an `if` that holds only in development. */
function inDevelopmentBranch(source: RouteSource, at: number): boolean {
  // The condition as written: the code has its strings blanked.
  return enclosingLines(source.code, at).some(({ start, line }) => DEVELOPMENT.test(source.text.slice(start, start + line.length).trim()));
}

// `urlpatterns = get_urlpatterns()`: a URLconf the module builds in a function of its own.
const BUILT = /^urlpatterns[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*\([ \t]*\)/m;
const LOCAL_STRING = /^[ \t]+([A-Za-z_]\w*)[ \t]*=[ \t]*(?=["'])/gm;

/**
 * The function a module-level `urlpatterns = get_urlpatterns()` calls (AWX builds its root
 * URLconf so, for an optional path prefix): its lists are read as the module's, the one it
 * returns as `urlpatterns`, and its string locals by the literal each is first given (`prefix =
 * '/'` when called without a prefix).
 */
function urlconfBuilder(source: RouteSource, definitions: readonly Definition[]) {
  const call = BUILT.exec(source.code);
  const definition = call && definitions.find((d) => d.kind === "def" && d.indent === 0 && d.name === call[1]);
  if (!call || !definition) return undefined;
  const body = source.code.slice(definition.start, definition.end);
  const returned = /^[ \t]+return[ \t]+([A-Za-z_]\w*)[ \t]*$/m.exec(body)?.[1];
  if (!returned) return undefined;
  return {
    definition,
    call: call.index,
    returned,
    constants(module: ReadonlyMap<string, string>): Map<string, string> {
      const locals = new Map(module);
      const seen = new Set<string>();
      for (const m of body.matchAll(LOCAL_STRING)) {
        if (seen.has(m[1]!)) continue;
        seen.add(m[1]!);
        const literal = pythonString(source, definition.start + m.index + m[0].length);
        if (literal && !literal.value.includes("{")) locals.set(m[1]!, literal.value);
      }
      return locals;
    },
  };
}

/** The span inside a call's parentheses. */
const inner = (code: string, span: Span): Span => ({ start: span.start + 1, end: Math.max(span.start + 1, span.end - 1) });

/** Reads a URL patterns expression: lists, `+`, wrapped lists, `router.urls`, other pattern lists. */
function patterns(context: Context, span: Span, prefix: string, guards: string[]): void {
  const { code } = context.source;
  const text = code.slice(span.start, span.end).trim();
  const start = span.start + code.slice(span.start, span.end).indexOf(text[0] ?? "");
  if (!text) return;
  // A list unpacked into another (`[..., *api_router.urls]`) is its patterns in place.
  if (text.startsWith("*")) return patterns(context, { start: start + 1, end: span.end }, prefix, guards);
  const parts = splitPlus(code, { start, end: span.end });
  if (parts.length > 1) {
    for (const part of parts) patterns(context, part, prefix, guards);
    return;
  }
  if (text.startsWith("[") || text.startsWith("(")) {
    for (const element of elements(code, { start, end: span.end })) patterns(context, element, prefix, guards);
    return;
  }
  const entry = ENTRY.exec(text);
  if (entry) return void pattern(context, entry[1]!, start + entry[0].length - 1, prefix, guards);
  // `list(map(lambda u: url(r'^', include(u)), ['app.api', ...]))`: the lambda's entry once per module the list names.
  const mapped = MAPPED.exec(text);
  if (mapped) {
    const [lambda, iterable] = pythonArguments(code, start + mapped[0].length - 1).positional;
    const body = lambda && /^\s*lambda\s+[A-Za-z_]\w*\s*:\s*/.exec(code.slice(lambda.start, lambda.end));
    if (!lambda || !iterable || !body || code[iterable.start] !== "[") return;
    for (const element of elements(code, iterable)) {
      const value = pythonString(context.source, element.start)?.value;
      if (value !== undefined) patterns({ ...context, constants: new Map([...context.constants, [mapped[1]!, value]]) }, { start: lambda.start + body[0].length, end: lambda.end }, prefix, guards);
    }
    return;
  }
  const wrapping = WRAPPING.exec(text);
  if (wrapping) {
    const { positional, keywords } = pythonArguments(code, start + wrapping[0].length - 1);
    // `i18n_patterns(...)` serves its patterns under the language code (`/en/dashboard`), unless
    // `prefix_default_language=False` serves the default language without one.
    const unprefixed = wrapping[1] !== "i18n_patterns" || /^\s*False\s*$/.test(code.slice(keywords.get("prefix_default_language")?.start ?? 0, keywords.get("prefix_default_language")?.end ?? 0));
    for (const arg of positional) patterns(context, arg, unprefixed ? prefix : joinRoute(prefix, "{language}/"), guards);
    return;
  }
  // smartmin's CRUDL patterns (`ContactCRUDL().as_urlpatterns()`): the class's routes (python/smartmin.ts).
  const crudl = CRUDL_PATTERNS.exec(text);
  if (crudl) return mountName(context, crudl[1]!, prefix, guards, start);
  // Another pattern list or a router's URLs (`api_patterns`, `router.urls`), or a list the module
  // assigns (`api_v1 = resource_api + [...]`); other names are not URLs.
  const name = dottedName(code, { start, end: span.end });
  if (name && (/urls|patterns/i.test(name) || new RegExp(String.raw`^${name}[ \t]*=[ \t]*(?:\[|[A-Za-z_]\w*[ \t]*\+)`, "m").test(code))) mountName(context, name, prefix, guards, start);
}

/** The parts of `a + b + c` at the top level of a span. */
function splitPlus(code: string, span: Span): Span[] {
  const parts: Span[] = [];
  let depth = 0;
  let from = span.start;
  for (let i = span.start; i < span.end; i++) {
    const c = code[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === "+" && depth === 0) {
      parts.push({ start: from, end: i });
      from = i + 1;
    }
  }
  parts.push({ start: from, end: span.end });
  return parts.filter((p) => code.slice(p.start, p.end).trim());
}

/** Mounts another pattern list or a DRF router (`router.urls`) by name. */
function mountName(context: Context, name: string, prefix: string, guards: string[], at: number): void {
  if (name === "admin.site.urls" || name.endsWith(".site.urls")) return;
  // A list of a module the file imports whole (`import peeringdb_server.rest` ... `include((peeringdb_server.rest.urls, "app"))`).
  const dot = name.lastIndexOf(".");
  const module = name.slice(0, dot);
  if (dot > 0 && new RegExp(String.raw`^[ \t]*import[ \t]+${module.replace(/\./g, "\\.")}[ \t]*$`, "m").test(context.source.code)) {
    context.found.push({ type: "use", framework: FRAMEWORK, owner: context.owner, prefix, args: [], specifiers: [module], specifierExports: { [module]: name.slice(dot + 1) }, guards, mountOnly: true, line: context.source.lineAt(at) });
    return;
  }
  // A router's URLs, the router named in place or through the module that defines it (`api.router.urls`).
  const target = name.endsWith(".urls") && [2, 3].includes(name.split(".").length) ? name.slice(0, -5) : name;
  context.found.push({ type: "use", framework: FRAMEWORK, owner: context.owner, prefix, args: [target], specifiers: [], guards, mountOnly: true, line: context.source.lineAt(at) });
}

/** One `path()`, `re_path()` or `url()` entry. */
function pattern(context: Context, kind: string, open: number, prefix: string, guards: string[]): void {
  const { source, constants } = context;
  const { positional, keywords } = pythonArguments(source.code, open);
  const route = keywords.get("route") ?? keywords.get("regex") ?? positional[0];
  const view = keywords.get("view") ?? positional[1];
  // `path(settings.SECRET_CRM_PREFIX, include(...))`: the project's settings module's value, filled in before linking.
  const setting = route ? SETTING.exec(source.code.slice(route.start, route.end)) : null;
  const value = route ? pythonValue(source, route, constants, UNKNOWN_FIELD) ?? (setting ? configuredPlaceholder("py", setting[1]!) : undefined) : undefined;
  if (value === undefined || !view) return;
  const paths = kind === "path" ? (value.includes(UNKNOWN_FIELD) ? [] : [value]) : regexPaths(value);
  const before = context.found.length;
  for (const path of paths) viewTarget(context, view, joinRoute(prefix, path), guards, source.lineAt(open));
  if (setting) for (const r of context.found.slice(before)) if (r.type === "use" || r.type === "route") r.prefixUnknown = true;
  // A URLconf included under a prefix not known here (`rf'^{ANALYTICS_PREFIX}/'` of another module) is still
  // mounted there, not served at the root: under what is known before it, its routes saying their prefix is unknown.
  const include = /^(?:[\w.]+\.)?include\s*\(/.exec(source.code.slice(view.start, view.end));
  if (paths.length === 0 && value.includes(UNKNOWN_FIELD) && include) {
    const arg = pythonArguments(source.code, view.start + include[0].length - 1).positional[0];
    const cut = value.indexOf(UNKNOWN_FIELD);
    const head = kind === "path" ? value.slice(0, cut) : regexPaths(value.slice(0, cut))[0];
    // Unknown from the start (`r"^{}api/v2/".format(url_prefix)`): the prefix is unknown, and what follows it is the path.
    const tail = head === "" && !value.includes(UNKNOWN_FIELD, cut + 1) ? (kind === "path" ? value.slice(cut + 1) : regexPaths(value.slice(cut + 1))[0]) : "";
    const known = head === undefined || tail === undefined ? undefined : head + tail;
    if (!arg || known === undefined || source.code[arg.start] === "[") return;
    const first = context.found.length;
    included(context, arg, joinRoute(prefix, known), guards, source.lineAt(open));
    for (const r of context.found.slice(first)) if (r.type === "use") r.prefixUnknown = true;
  }
}

const SETTING = /^\s*(?:django\s*\.\s*conf\s*\.\s*)?settings\s*\.\s*([A-Z][A-Z0-9_]*)\s*$/;

/** Joins a prefix and a route of a URLconf, as Django concatenates them. */
const joinRoute = (prefix: string, route: string) => (prefix && route && !prefix.endsWith("/") && !route.startsWith("/") ? `${prefix}/${route}` : prefix + route);

/** What an entry's view is: an include, a class-based view, a wrapped view, or a function. */
function viewTarget(context: Context, span: Span, path: string, guards: string[], line: number): void {
  const { source, owner, found } = context;
  const { code } = source;
  const text = code.slice(span.start, span.end);
  const include = /^(?:[\w.]+\.)?include\s*\(/.exec(text);
  if (include) {
    const arg = pythonArguments(code, span.start + include[0].length - 1).positional[0];
    if (arg) included(context, code[arg.start] === "(" ? elements(code, arg)[0] ?? arg : arg, path, guards, line);
    return;
  }
  // `extensions.get(ThreadView).as_view()`: a hook that answers the class it is given (or one extending it).
  const asView = /^([A-Za-z_][\w.]*)\s*\.\s*as_view\s*\(/.exec(text) ?? /^[A-Za-z_][\w.]*\s*\(\s*([A-Z]\w*)\s*\)\s*\.\s*as_view\s*\(/.exec(text);
  if (asView) {
    const cls = asView[1]!;
    const argument = pythonArguments(code, span.start + asView[0].length - 1).positional[0];
    // The actions as a dict, or a dict the module names once for many entries (`detail_methods = {"get": "retrieve", ...}`).
    const named = argument && /^[A-Za-z_]\w*$/.test(code.slice(argument.start, argument.end)) ? moduleValue(code, code.slice(argument.start, argument.end)) : undefined;
    const actions = named ?? argument;
    if (actions && code[actions.start] === "{") {
      for (const pair of elements(code, actions)) {
        const colon = pair.start + code.slice(pair.start, pair.end).indexOf(":");
        const verb = pythonString(source, pair.start)?.value;
        const action = pythonString(source, colon + 1 + /^\s*/.exec(code.slice(colon + 1))![0].length)?.value;
        // The viewset's class is the view: its permission classes guard each action it maps.
        if (verb && colon > pair.start) found.push({ ...route(owner, [verb.toUpperCase()], path, `${cls}.${action ?? verb}`, [...guards, ...djangoViewGuards(cls)], line), actionOf: cls });
      }
      return;
    }
    found.push({ ...route(owner, genericMethods(cls), path, cls, [...guards, ...djangoViewGuards(cls)], line), view: cls });
    return;
  }
  const wrapper = /^([A-Za-z_][\w.]*)\s*\(/.exec(text);
  if (wrapper) {
    const call = pythonArguments(code, span.start + wrapper[0].length - 1);
    const guard = isPythonGuard(wrapper[1]!.split(".").at(-1)!) ? [wrapper[1]!] : [];
    // `cache_page(60)(view)` wraps with the second call; `login_required(view)` with the first.
    const curried = /^\s*\(/.exec(code.slice(call.end, span.end));
    const wrapped = curried ? pythonArguments(code, call.end + curried[0].length - 1).positional[0] : call.positional[0];
    if (wrapped) viewTarget(context, wrapped, path, [...guards, ...guard], line);
    // An instance of a class as the view (a syndication feed, `feeds.AllBookmarksFeed()`): it is called with every request.
    else if (!curried && !call.keywords.size && /^[A-Z]\w*$/.test(wrapper[1]!.split(".").at(-1)!)) found.push(route(owner, ["ALL"], path, wrapper[1]!, guards, line));
    return;
  }
  const name = dottedName(code, span);
  const binding = name === undefined ? undefined : context.bindings.find((b) => b.local === name);
  // A view the module made first (`thread_view = ThreadView.as_view()`): what it was made from.
  const made = name && !binding && !name.includes(".") ? moduleValue(code, name) : undefined;
  if (made && /\.\s*as_view\s*\(/.test(code.slice(made.start, made.end))) viewTarget(context, made, path, guards, line);
  else if (name?.endsWith(".urls")) mountName(context, name, path, guards, span.start);
  // A module's URLs imported under a name (`from .v1_api import urls as v1_api_urls`): no view; Django Ninja's scanner mounts an API's.
  else if (binding && /(?:^|\.)urls$/.test(binding.specifier)) return;
  else if (name) {
    // A package's view (`allauth_account_views.login`, `from allauth.account import views as ...`) serves what that package's does.
    const methods = binding ? packageFunctionMethods(binding.specifier, binding.imported) : undefined;
    found.push({ ...route(owner, methods ?? ["ALL"], path, name, guards, line), view: name });
  }
  else if (pythonString(source, span.start)) found.push(route(owner, ["ALL"], path, pythonString(source, span.start)!.value, guards, line));
}

/** The span of the value a module assigns a name at its top level (`name = value`, to the end of its brackets), if it does. */
function moduleValue(code: string, name: string): Span | undefined {
  const assigned = new RegExp(String.raw`^${name}[ \t]*=[ \t]*(?=\S)`, "m").exec(code);
  if (!assigned) return undefined;
  const start = assigned.index + assigned[0].length;
  let depth = 0;
  let end = start;
  for (; end < code.length; end++) {
    const c = code[end];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === "\n" && depth <= 0) break;
  }
  return { start, end };
}

// Django's own URLconfs a project includes (`path("accounts/", include("django.contrib.auth.urls"))`), and
// those of the sign-in package most projects use: their paths, the methods their views answer (Django 5:
// signing out is a POST) and whether a user is required.
/** Urlconfs of Django and of packages; `signedIn` views refuse anonymous callers, `drfDefaults` ones apply the project's DRF default permissions. */
const DJANGO_URLCONFS: Record<string, { path: string; methods: string[]; view: string; signedIn?: true; drfDefaults?: true }[]> = {
  "django.contrib.auth.urls": [
    { path: "login/", methods: ["GET", "POST"], view: "LoginView" },
    { path: "logout/", methods: ["POST"], view: "LogoutView" },
    { path: "password_change/", methods: ["GET", "POST"], view: "PasswordChangeView", signedIn: true },
    { path: "password_change/done/", methods: ["GET"], view: "PasswordChangeDoneView", signedIn: true },
    { path: "password_reset/", methods: ["GET", "POST"], view: "PasswordResetView" },
    { path: "password_reset/done/", methods: ["GET"], view: "PasswordResetDoneView" },
    { path: "reset/<uidb64>/<token>/", methods: ["GET", "POST"], view: "PasswordResetConfirmView" },
    { path: "reset/done/", methods: ["GET"], view: "PasswordResetCompleteView" },
  ],
  "django.conf.urls.i18n": [{ path: "setlang/", methods: ["POST"], view: "set_language" }],
  // Django REST framework's sign-in pages for its browsable API (`path("api-auth/", include("rest_framework.urls"))`):
  // Django's LoginView and LogoutView (a POST since Django 5).
  "rest_framework.urls": [
    { path: "login/", methods: ["GET", "POST"], view: "LoginView" },
    { path: "logout/", methods: ["POST"], view: "LogoutView" },
  ],
  // django-allauth's routes (allauth.urls includes allauth.account.urls), as its default settings draw them (65.x).
  "allauth.urls": [
    { path: "login/", methods: ["GET", "POST"], view: "allauth.account.views.login" },
    { path: "logout/", methods: ["GET", "POST"], view: "allauth.account.views.logout" },
    { path: "inactive/", methods: ["GET"], view: "allauth.account.views.account_inactive" },
    { path: "signup/", methods: ["GET", "POST"], view: "allauth.account.views.signup" },
    { path: "reauthenticate/", methods: ["GET", "POST"], view: "allauth.account.views.reauthenticate", signedIn: true },
    { path: "email/", methods: ["GET", "POST"], view: "allauth.account.views.email", signedIn: true },
    { path: "confirm-email/", methods: ["GET"], view: "allauth.account.views.email_verification_sent" },
    { path: "confirm-email/<key>/", methods: ["GET", "POST"], view: "allauth.account.views.confirm_email" },
    { path: "password/change/", methods: ["GET", "POST"], view: "allauth.account.views.password_change", signedIn: true },
    { path: "password/set/", methods: ["GET", "POST"], view: "allauth.account.views.password_set", signedIn: true },
    { path: "password/reset/", methods: ["GET", "POST"], view: "allauth.account.views.password_reset" },
    { path: "login/code/confirm/", methods: ["GET", "POST"], view: "allauth.account.views.confirm_login_code" },
    { path: "password/reset/done/", methods: ["GET"], view: "allauth.account.views.password_reset_done" },
    { path: "password/reset/key/<uidb36>-<key>/", methods: ["GET", "POST"], view: "allauth.account.views.password_reset_from_key" },
    { path: "password/reset/key/done/", methods: ["GET"], view: "allauth.account.views.password_reset_from_key_done" },
    // Those of its apps the project must install (allauth.mfa, allauth.socialaccount, allauth.usersessions):
    // drawn here, and kept only where the settings' INSTALLED_APPS hold the app (python/installed-apps.ts).
    { path: "2fa/", methods: ["GET"], view: "allauth.mfa.base.views.index", signedIn: true },
    { path: "2fa/authenticate/", methods: ["GET", "POST"], view: "allauth.mfa.base.views.authenticate" },
    { path: "2fa/reauthenticate/", methods: ["GET", "POST"], view: "allauth.mfa.base.views.reauthenticate", signedIn: true },
    { path: "2fa/totp/activate/", methods: ["GET", "POST"], view: "allauth.mfa.totp.views.activate_totp", signedIn: true },
    { path: "2fa/totp/deactivate/", methods: ["GET", "POST"], view: "allauth.mfa.totp.views.deactivate_totp", signedIn: true },
    { path: "2fa/recovery-codes/", methods: ["GET"], view: "allauth.mfa.recovery_codes.views.view_recovery_codes", signedIn: true },
    { path: "2fa/recovery-codes/generate/", methods: ["GET", "POST"], view: "allauth.mfa.recovery_codes.views.generate_recovery_codes", signedIn: true },
    { path: "2fa/recovery-codes/download/", methods: ["GET"], view: "allauth.mfa.recovery_codes.views.download_recovery_codes", signedIn: true },
    { path: "3rdparty/login/cancelled/", methods: ["GET"], view: "allauth.socialaccount.views.login_cancelled" },
    { path: "3rdparty/login/error/", methods: ["GET"], view: "allauth.socialaccount.views.login_error" },
    { path: "3rdparty/signup/", methods: ["GET", "POST"], view: "allauth.socialaccount.views.signup" },
    { path: "3rdparty/", methods: ["GET", "POST"], view: "allauth.socialaccount.views.connections", signedIn: true },
    // The old paths of those, redirecting (a RedirectView answers every method).
    { path: "social/login/cancelled/", methods: ["ALL"], view: "allauth.socialaccount.(redirect)" },
    { path: "social/login/error/", methods: ["ALL"], view: "allauth.socialaccount.(redirect)" },
    { path: "social/signup/", methods: ["ALL"], view: "allauth.socialaccount.(redirect)" },
    { path: "social/connections/", methods: ["ALL"], view: "allauth.socialaccount.(redirect)" },
    { path: "sessions/", methods: ["GET", "POST"], view: "allauth.usersessions.views.list_usersessions", signedIn: true },
  ],
  // djoser's REST endpoints (2.x): its UserViewSet on a DefaultRouter at "users", with its default
  // permissions (CurrentUserOrAdmin where signed in). The username actions take the user model's
  // USERNAME_FIELD in their paths: drawn for both usual fields, one kept (python/installed-apps.ts).
  "djoser.urls": [
    { path: "", methods: ["GET"], view: "djoser.(API root)", drfDefaults: true },
    { path: "users/", methods: ["GET"], view: "djoser.views.UserViewSet.list", signedIn: true },
    { path: "users/", methods: ["POST"], view: "djoser.views.UserViewSet.create" },
    { path: "users/me/", methods: ["GET", "PUT", "PATCH", "DELETE"], view: "djoser.views.UserViewSet.me", signedIn: true },
    { path: "users/activation/", methods: ["POST"], view: "djoser.views.UserViewSet.activation" },
    { path: "users/resend_activation/", methods: ["POST"], view: "djoser.views.UserViewSet.resend_activation" },
    { path: "users/set_password/", methods: ["POST"], view: "djoser.views.UserViewSet.set_password", signedIn: true },
    { path: "users/reset_password/", methods: ["POST"], view: "djoser.views.UserViewSet.reset_password" },
    { path: "users/reset_password_confirm/", methods: ["POST"], view: "djoser.views.UserViewSet.reset_password_confirm" },
    ...(["username", "email"] as const).flatMap((field) => [
      { path: `users/set_${field}/`, methods: ["POST"], view: `djoser.views.UserViewSet.set_username@${field}`, signedIn: true as const },
      { path: `users/reset_${field}/`, methods: ["POST"], view: `djoser.views.UserViewSet.reset_username@${field}` },
      { path: `users/reset_${field}_confirm/`, methods: ["POST"], view: `djoser.views.UserViewSet.reset_username_confirm@${field}` },
    ]),
    { path: "users/<id>/", methods: ["GET", "PUT", "PATCH", "DELETE"], view: "djoser.views.UserViewSet.retrieve", signedIn: true },
  ],
  "djoser.urls.authtoken": [
    { path: "token/login/", methods: ["POST"], view: "djoser.views.TokenCreateView" },
    { path: "token/logout/", methods: ["POST"], view: "djoser.views.TokenDestroyView", signedIn: true },
  ],
  "djoser.urls.jwt": [
    { path: "jwt/create/", methods: ["POST"], view: "rest_framework_simplejwt.views.TokenObtainPairView" },
    { path: "jwt/refresh/", methods: ["POST"], view: "rest_framework_simplejwt.views.TokenRefreshView" },
    { path: "jwt/verify/", methods: ["POST"], view: "rest_framework_simplejwt.views.TokenVerifyView" },
  ],
  // django-oauth-toolkit (`path("o/", include("oauth2_provider.urls"))`), as its urls.py draws them (1.7, with 2.0's
  // RP-initiated logout): the OAuth endpoints, which authenticate the client or its token themselves (introspection and
  // userinfo take a bearer token); the application and token management pages, behind LoginRequiredMixin; OIDC discovery.
  "oauth2_provider.urls": [
    { path: "authorize/", methods: ["GET", "POST"], view: "oauth2_provider.views.AuthorizationView", signedIn: true },
    { path: "token/", methods: ["POST"], view: "oauth2_provider.views.TokenView" },
    { path: "revoke_token/", methods: ["POST"], view: "oauth2_provider.views.RevokeTokenView" },
    { path: "introspect/", methods: ["GET", "POST"], view: "oauth2_provider.views.IntrospectTokenView", signedIn: true },
    { path: "applications/", methods: ["GET"], view: "oauth2_provider.views.ApplicationList", signedIn: true },
    { path: "applications/register/", methods: ["GET", "POST"], view: "oauth2_provider.views.ApplicationRegistration", signedIn: true },
    { path: "applications/<pk>/", methods: ["GET"], view: "oauth2_provider.views.ApplicationDetail", signedIn: true },
    { path: "applications/<pk>/delete/", methods: ["GET", "POST", "DELETE"], view: "oauth2_provider.views.ApplicationDelete", signedIn: true },
    { path: "applications/<pk>/update/", methods: ["GET", "POST"], view: "oauth2_provider.views.ApplicationUpdate", signedIn: true },
    { path: "authorized_tokens/", methods: ["GET"], view: "oauth2_provider.views.AuthorizedTokensListView", signedIn: true },
    { path: "authorized_tokens/<pk>/delete/", methods: ["GET", "POST", "DELETE"], view: "oauth2_provider.views.AuthorizedTokenDeleteView", signedIn: true },
    { path: ".well-known/openid-configuration/", methods: ["GET"], view: "oauth2_provider.views.ConnectDiscoveryInfoView" },
    { path: ".well-known/jwks.json", methods: ["GET"], view: "oauth2_provider.views.JwksInfoView" },
    { path: "userinfo/", methods: ["GET", "POST"], view: "oauth2_provider.views.UserInfoView", signedIn: true },
    { path: "logout/", methods: ["GET", "POST"], view: "oauth2_provider.views.RPInitiatedLogoutView" },
  ],
  // django-prometheus's exporter, and django-hijack's views (POST only; the hijacker signed in).
  "django_prometheus.urls": [{ path: "metrics", methods: ["ALL"], view: "django_prometheus.exports.ExportToDjangoView" }],
  "hijack.urls": [
    { path: "acquire/", methods: ["POST"], view: "hijack.views.AcquireUserView", signedIn: true },
    { path: "release/", methods: ["POST"], view: "hijack.views.ReleaseUserView", signedIn: true },
  ],
  // python-social-auth's views (SOCIAL_AUTH_TRAILING_SLASH on, SOCIAL_AUTH_REQUIRE_POST off, as by default):
  // signing in with a backend and its callback answer any method; disconnecting is a POST of a signed-in user.
  "social_django.urls": [
    { path: "login/<str:backend>/", methods: ["ALL"], view: "social_django.views.auth" },
    { path: "complete/<str:backend>/", methods: ["ALL"], view: "social_django.views.complete" },
    { path: "disconnect/<str:backend>/", methods: ["POST"], view: "social_django.views.disconnect", signedIn: true },
    { path: "disconnect/<str:backend>/<int:association_id>/", methods: ["POST"], view: "social_django.views.disconnect", signedIn: true },
  ],
  // django-impersonate's views: stopping answers anyone; the others only a user allowed to impersonate.
  "impersonate.urls": [
    { path: "stop/", methods: ["ALL"], view: "impersonate.views.stop_impersonate" },
    { path: "list/", methods: ["ALL"], view: "impersonate.views.list_users", signedIn: true },
    { path: "search/", methods: ["ALL"], view: "impersonate.views.search_users", signedIn: true },
    { path: "<path:uid>/", methods: ["ALL"], view: "impersonate.views.impersonate", signedIn: true },
  ],
};

/** `include("app.urls")`, `include([...])`, `include(router.urls)`, `include(api_patterns)`, `include(ContactCRUDL().as_urlpatterns())`. */
function included(context: Context, arg: Span, prefix: string, guards: string[], line: number): void {
  const { source } = context;
  // A module named in place, or by the name a loop over module names gives it (`include(u)` in `map(lambda u: ...)`).
  const named = /^\s*([A-Za-z_]\w*)\s*$/.exec(source.code.slice(arg.start, arg.end))?.[1];
  const given = named !== undefined ? context.constants.get(named) : undefined;
  const module = pythonString(source, arg.start) ?? (given !== undefined && /^[\w.]+$/.test(given) ? { value: given } : undefined);
  const builtIn = module && DJANGO_URLCONFS[module.value];
  if (builtIn) {
    for (const r of builtIn) context.found.push(route(context.owner, r.methods, joinRoute(prefix, r.path), r.view, r.signedIn ? [...guards, "login_required"] : r.drfDefaults ? [...guards, DRF_DEFAULT_PERMISSIONS] : guards, line));
  } else if (module) {
    context.found.push({ type: "use", framework: FRAMEWORK, owner: context.owner, prefix, args: [], specifiers: [module.value], guards, mountOnly: true, line });
  } else if (source.code[arg.start] === "[" || CRUDL_PATTERNS.test(source.code.slice(arg.start, arg.end).trim())) patterns(context, arg, prefix, guards);
  else {
    const name = dottedName(source.code, arg);
    if (name) mountName(context, name, prefix, guards, arg.start);
  }
}

const route = (owner: string, methods: string[], path: string, handler: string, guards: string[], line: number): RouteRegistration => ({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler, guards, owner, line });

/** A DRF router and its `register()` calls; a nested router mounts itself under its parent's lookup. */
function drfRouter(source: RouteSource, name: string, kind: string, open: number, constants: Map<string, string>, routerClass?: string): Registration[] {
  const { code } = source;
  const line = source.lineAt(open);
  const found: Registration[] = [];
  if (kind.startsWith("Nested")) {
    const prefix = nestedPrefix(source, open, constants);
    if (prefix !== undefined) {
      found.push({ type: "router", framework: FRAMEWORK, name, prefix, guards: [], line });
      return [...found, ...registered(source, name, constants)];
    }
  }
  found.push({ type: "router", framework: FRAMEWORK, name, prefix: "", guards: [], line, ...(routerClass ? { routerClass } : {}) });
  // A DefaultRouter also serves its API root view (an APIView, under the default permissions),
  // unless told not to (`include_root_view=False`).
  const rootView = pythonArguments(code, open).keywords.get("include_root_view");
  if (kind.includes("Default") && !(rootView && code.slice(rootView.start, rootView.end).trim() === "False")) {
    found.push(route(name, ["GET"], "", "(API root)", [DRF_DEFAULT_PERMISSIONS], line));
  }
  return [...found, ...registered(source, name, constants)];
}

/**
 * The prefix of a drf-nested-routers router (`NestedSimpleRouter(parent, r"environments",
 * lookup="environment")`): its parent's own prefix (itself nested, or none), the parent prefix
 * it nests under and that one's lookup. Its routes are served where its own `urls` are
 * included, not its parent's, which do not hold them.
 */
function nestedPrefix(source: RouteSource, open: number, constants: Map<string, string>, depth = 0): string | undefined {
  const { code } = source;
  const { positional, keywords } = pythonArguments(code, open);
  const parent = positional[0] ? dottedName(code, positional[0]) : undefined;
  const value = positional[1] ? pythonValue(source, positional[1], constants) : undefined;
  if (!parent || value === undefined || depth > 8) return undefined;
  const lookup = keywords.get("lookup");
  const own = `${regexPath(value)}/{${lookup ? pythonValue(source, lookup, constants) ?? "parent" : "parent"}_pk}`;
  const made = [...code.matchAll(ROUTER)].find((m) => m[1] === parent && m[2]!.startsWith("Nested"));
  if (!made) return own;
  const above = nestedPrefix(source, made.index + made[0].length - 1, constants, depth + 1);
  return above === undefined ? undefined : `${above.replace(/\/+$/, "")}/${own.replace(/^\/+/, "")}`;
}

/**
 * Functions handed a DRF router that register ViewSets on it (DefectDojo's `def
 * add_product_urls(router): router.register("products", ProductViewSet)`, in each app's module):
 * their registrations hang on a router named for the function, served where a module hands it
 * one of its routers (`v2_api = add_product_urls(v2_api)`), under that router's mount.
 */
function routerHelpers(source: RouteSource, definitions: readonly Definition[], routers: ReadonlySet<string>, constants: Map<string, string>): Registration[] {
  const { code } = source;
  const found: Registration[] = [];
  for (const def of definitions) {
    const handed = def.kind === "def" && def.indent === 0 ? parameterNames(code, def)[0] : undefined;
    if (!handed || !new RegExp(String.raw`(?<![\w.])${handed}\s*\.\s*register\s*\(`).test(code.slice(def.start, def.end))) continue;
    const [from, to] = [def.line, source.lineAt(def.end)];
    const own = registered(source, def.name, constants, undefined, handed).filter((r) => r.type === "route" && r.line >= from && r.line <= to);
    if (own.length) found.push({ type: "router", framework: FRAMEWORK, name: def.name, prefix: "", guards: [], mountedOnly: true, line: def.line }, ...own);
  }
  for (const router of routers) {
    for (const m of code.matchAll(new RegExp(String.raw`(?<![\w.])([A-Za-z_][\w.]*)\s*\(\s*${router}\s*\)`, "g"))) {
      found.push({ type: "use", framework: FRAMEWORK, owner: router, prefix: "", args: [m[1]!], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
    }
  }
  return found;
}

/**
 * `router.register(r"users", UserViewSet, basename="user")`: the ViewSet's routes under the prefix.
 * drf-extensions' nested routes: what `register` returns registers under the parent's lookup
 * (`asset_routes = router.register(r'assets', ...)`, then `asset_routes.register(r'files', ...,
 * parents_query_lookups=['asset'])` serves `assets/{parent_lookup_asset}/files`), level by level.
 */
function registered(source: RouteSource, router: string, constants: Map<string, string>, item?: { name: string; prefix: string; depth: number }, calledOn = router): Registration[] {
  const found: Registration[] = [];
  const { code } = source;
  const on = item?.name ?? calledOn;
  for (const m of code.matchAll(new RegExp(`(?<![\\w.])${on}\\s*\\.\\s*register\\s*\\(`, "g"))) {
    const { positional, keywords } = pythonArguments(code, m.index + m[0].length - 1);
    const value = positional[0] ? pythonValue(source, positional[0], constants) : undefined;
    const own = value === undefined ? undefined : regexPath(value);
    const viewSet = keywords.get("viewset") ?? positional[1];
    const name = viewSet ? dottedName(code, viewSet) : undefined;
    if (own === undefined || !name) continue;
    let prefix = own;
    if (item) {
      const lookups = keywords.get("parents_query_lookups");
      // The lookups name each level's parent, outermost first: this level's is the last (`['asset']`).
      const lookup = lookups ? /["'](\w+)["']\s*[\])]?\s*$/.exec(source.text.slice(lookups.start, lookups.end))?.[1] : undefined;
      prefix = `${item.prefix.replace(/\/+$/, "")}/{parent_lookup_${lookup ?? "parent"}}/${own.replace(/^\/+/, "")}`;
    }
    found.push({ ...route(router, ["ALL"], prefix, name, [], source.lineAt(m.index)), view: name });
    // What this registration returns, kept in a name, registers nested routes.
    const assigned = /(?:^|\n)[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*$/.exec(code.slice(Math.max(0, m.index - 200), m.index))?.[1];
    if (assigned && (item?.depth ?? 0) < 3) found.push(...registered(source, router, constants, { name: assigned, prefix, depth: (item?.depth ?? 0) + 1 }));
  }
  return found;
}

/**
 * A regular-expression route as the paths it serves: anchors dropped, named groups as `{name}`,
 * a group of fixed words (`(shelf|books)`) as each word, other groups as `{arg1}`, `{arg2}`...,
 * escapes unescaped, a character made optional (`/?`, `activate?`) kept, a character class
 * (`[-\w]+`) as a parameter, left out where it may match nothing (`[-\w]*`); any characters ending
 * the pattern (`.*`) the rest of the path, a subtree (`*`). An optional group
 * that names a parameter gives the path without it and with it; other optional groups (`(.json)?`)
 * are left out. None when a part of the pattern outside any group is not known (UNKNOWN_FIELD).
 */
export function regexPaths(regex: string): string[] {
  let paths = [""];
  let unnamed = 0;
  const add = (texts: readonly string[]) => (paths = paths.flatMap((p) => texts.map((t) => p + t)).slice(0, MAX_PATHS));
  const alternatives = topLevelAlternatives(regex);
  if (alternatives.length > 1) return [...new Set(alternatives.flatMap(regexPaths))].slice(0, MAX_PATHS);
  let i = regex.startsWith("^") ? 1 : 0;
  while (i < regex.length) {
    const c = regex[i]!;
    if (c === UNKNOWN_FIELD) return [];
    if (c === "\\") {
      add([regex[i + 1] ?? ""]);
      i += 2;
    } else if (c === "(") {
      const end = groupEnd(regex, i);
      const body = regex.slice(i + 1, end - 1);
      const named = /^\?P?<(\w+)>/.exec(body);
      let texts: string[];
      // A parameter that takes one value only (`(?P<version>(v2))`) is that value.
      const only = named && /^\(?([\w-]+)\)?$/.exec(body.slice(named[0].length))?.[1];
      if (only) texts = [only];
      else if (named) texts = [`{${named[1]}}`];
      else if (body.startsWith("?:")) texts = regexPaths(body.slice(2));
      else if (/^[\w-]+(?:\|[\w-]+)*$/.test(body)) texts = body.split("|");
      else texts = [`{arg${++unnamed}}`];
      const optional = regex[end] === "?";
      if (optional) texts = texts.some((t) => NAMED_PARAMETER.test(t)) ? ["", ...texts] : [""];
      add(texts);
      i = end + (optional ? 1 : 0);
    } else if (c === "[" || (c === "." && /[*+?{]/.test(regex[i + 1] ?? ""))) {
      // A character class or any character (`[-\w\d]*`, `.+`): a parameter; left out where it may match nothing.
      const close = c === "[" ? regex.indexOf("]", i + 2) : i;
      if (close === -1) return [];
      const after = regex[close + 1] ?? "";
      const length = after === "{" ? regex.indexOf("}", close) - close : /[*+?]/.test(after) ? 1 : 0;
      // Any characters, nothing after (`.*`, `^app/.*$`): the rest of the path, a subtree.
      if (c === "." && (after === "*" || after === "+") && /^\$?$/.test(regex.slice(close + 2))) add(["*"]);
      else if (!(after === "*" || after === "?" || /^\{0,/.test(regex.slice(close + 1)))) add([`{arg${++unnamed}}`]);
      i = close + 1 + length;
    } else if (c === "$" || c === "?") i++;
    else {
      add([c]);
      i++;
    }
  }
  // A subtree takes what follows it too (`^(?:.*)/?$`).
  return paths.map((p) => p.replace(/\*\/+$/, "*"));
}

/** The first path of a regular-expression route, or undefined when it has none. */
export const regexPath = (regex: string): string | undefined => regexPaths(regex)[0];

const NAMED_PARAMETER = /\{(?!arg\d+\})\w+\}/;
// Patterns are few per URL, but a route of several groups of words multiplies them.
const MAX_PATHS = 16;

/** The alternatives of a pattern split at its top-level `|`. */
function topLevelAlternatives(regex: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < regex.length; i++) {
    const c = regex[i];
    if (c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      parts.push(regex.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(regex.slice(from));
  return parts;
}

/** The offset after the parenthesis closing the group opened at `open`. */
function groupEnd(regex: string, open: number): number {
  let depth = 0;
  for (let i = open; i < regex.length; i++) {
    if (regex[i] === "\\") i++;
    else if (regex[i] === "(") depth++;
    else if (regex[i] === ")" && --depth === 0) return i + 1;
  }
  return regex.length;
}

import { bases, classAttribute, members, type Definition } from "../python/definitions.ts";
import { decoratorGuards, handlerCheckGuards, permissionGuards } from "../python/guards.ts";
import { pythonValue, stringList } from "../python/values.ts";
import { permissionChoice } from "../python/drf-get-permissions.ts";
import { DRF_DEFAULT_PERMISSIONS } from "../python/drf-settings.ts";
import { viewClasses, viewRouter, type ViewClass } from "../python/views.ts";
import { pythonBindings } from "../python/bindings.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const FRAMEWORK = "django";

// The methods Django's and DRF's generic views handle, by class name.
const GET = ["GET"];
const FORM = ["GET", "POST"];
const GENERIC: Record<string, string[]> = {
  TemplateView: GET, ListView: GET, DetailView: GET, ArchiveIndexView: GET, YearArchiveView: GET, MonthArchiveView: GET,
  WeekArchiveView: GET, DayArchiveView: GET, TodayArchiveView: GET, DateDetailView: GET, RedirectView: ["ALL"],
  FormView: FORM, CreateView: FORM, UpdateView: FORM, DeleteView: FORM, LoginView: FORM, LogoutView: FORM,
  PasswordChangeView: FORM, PasswordResetView: FORM, PasswordResetConfirmView: FORM, PasswordChangeDoneView: GET,
  PasswordResetDoneView: GET, PasswordResetCompleteView: GET,
  ListAPIView: GET, RetrieveAPIView: GET, CreateAPIView: ["POST"], DestroyAPIView: ["DELETE"], UpdateAPIView: ["PUT", "PATCH"],
  ListCreateAPIView: ["GET", "POST"], RetrieveUpdateAPIView: ["GET", "PUT", "PATCH"], RetrieveDestroyAPIView: ["GET", "DELETE"],
  RetrieveUpdateDestroyAPIView: ["GET", "PUT", "PATCH", "DELETE"],
  // Views of widely used packages: DRF's token views, Simple JWT's, drf-spectacular's documents.
  ObtainAuthToken: ["POST"], TokenObtainPairView: ["POST"], TokenRefreshView: ["POST"], TokenVerifyView: ["POST"],
  TokenObtainSlidingView: ["POST"], TokenRefreshSlidingView: ["POST"], TokenBlacklistView: ["POST"],
  SpectacularAPIView: GET, SpectacularSwaggerView: GET, SpectacularRedocView: GET, SpectacularJSONAPIView: GET, SpectacularYAMLAPIView: GET,
  // django-filter's list view.
  FilterView: GET,
  // django-allauth's class views: forms (a page, and its post), and its pages.
  SignupView: FORM, ConnectionsView: FORM, EmailView: FORM, PasswordSetView: FORM, PasswordResetFromKeyView: FORM,
  ConfirmEmailView: FORM, ReauthenticateView: FORM, AccountInactiveView: GET, EmailVerificationSentView: GET, PasswordResetFromKeyDoneView: GET,
};

/**
 * Function views of packages, by the module they are imported from and their name: allauth's
 * account views are forms (a page, and its post); DRF's `obtain_auth_token` takes a post.
 */
const PACKAGE_FUNCTIONS: { module: RegExp; methods: Record<string, string[]> }[] = [
  {
    module: /^allauth\./,
    methods: {
      login: FORM, logout: FORM, signup: FORM, reauthenticate: FORM, email: FORM, confirm_email: FORM, password_change: FORM,
      password_set: FORM, password_reset: FORM, password_reset_from_key: FORM, connections: FORM, authenticate: FORM,
      password_reset_done: GET, password_reset_from_key_done: GET, account_inactive: GET, email_verification_sent: GET,
      login_cancelled: GET, login_error: GET,
    },
  },
  { module: /^rest_framework\.authtoken\./, methods: { obtain_auth_token: ["POST"] } },
];

/** The methods a package's function view serves (`allauth_account_views.login` imported from allauth), if known. */
export function packageFunctionMethods(specifier: string | undefined, name: string): string[] | undefined {
  return specifier ? PACKAGE_FUNCTIONS.find((p) => p.module.test(specifier))?.methods[name] : undefined;
}

/** A ViewSet action: its method, and whether it acts on one object (the detail route). */
const ACTIONS: Record<string, { method: string; detail: boolean }> = {
  list: { method: "GET", detail: false },
  create: { method: "POST", detail: false },
  retrieve: { method: "GET", detail: true },
  update: { method: "PUT", detail: true },
  partial_update: { method: "PATCH", detail: true },
  destroy: { method: "DELETE", detail: true },
};
const ALL_ACTIONS = Object.keys(ACTIONS);
/** DRF's ViewSets and their mixins, by the actions they give (python/drf-custom-routers.ts reads it too). */
export const VIEWSET_ACTIONS: Record<string, string[]> = {
  ModelViewSet: ALL_ACTIONS,
  ReadOnlyModelViewSet: ["list", "retrieve"],
  ViewSet: [],
  GenericViewSet: [],
  ViewSetMixin: [],
  ListModelMixin: ["list"],
  CreateModelMixin: ["create"],
  RetrieveModelMixin: ["retrieve"],
  UpdateModelMixin: ["update", "partial_update"],
  DestroyModelMixin: ["destroy"],
};

const isView = (base: string) => /(?:View|ViewSet|APIView|ViewSetMixin)$/.test(base) || base.split(".").at(-1)! in VIEWSET_ACTIONS || base.split(".").at(-1)! in GENERIC;
const last = (name: string) => name.split(".").at(-1)!;
// DRF's own view classes (APIView, generics.*, ViewSets, their mixins), as opposed to Django's.
export const DRF_BASE = /^(?:\w*APIView|\w*ViewSet|ViewSetMixin|\w+ModelMixin)$/;
/**
 * Package views that set their own permission classes, letting anyone in: DRF's and Simple JWT's
 * token views (`permission_classes = ()`: they are the sign-in), drf-spectacular's schema and
 * docs (its SERVE_PERMISSIONS, AllowAny unless the settings say otherwise), also under an alias
 * that keeps the name (`SpectacularAPIView as DrfSpectacularAPIView`, extended by the project).
 */
export const OPEN_PACKAGE_VIEW = /^(?:ObtainAuthToken|Token(?:Obtain|Refresh|Verify|Blacklist)\w*View|\w*Spectacular\w*View)$/;

/**
 * The views a Django module defines, each as a router that serves only where a URLconf names
 * it: class-based views with the methods they handle (their own handlers, else those of the
 * generic views they extend, else every method), DRF ViewSets with their list and detail
 * routes and `@action`s, and function views whose decorators say more than "any method"
 * (`@api_view(["GET"])`, `@require_POST`, `@login_required`).
 */
export function djangoViews(source: RouteSource, definitions: readonly Definition[]): Registration[] {
  const classes = new Map(definitions.filter((d) => d.kind === "class").map((d) => [d.name, d]));
  const viewNames = viewsThroughModule(source, [...classes.values()]);
  const read = viewClasses(source, definitions, (base) => isView(base) || viewNames.has(last(base)));
  const local = new Map(read.map((v) => [v.cls.name, v]));
  // A generic view imported under another name (`from django.contrib.auth.views import LoginView as AuthLoginView`).
  const aliases = new Map(pythonBindings(source).filter((b) => b.imported !== "*" && b.local !== b.imported).map((b) => [b.local, b.imported]));
  const found: Registration[] = [];
  for (const own of read) {
    // Django's view mixins (`LoginRequiredMixin`) reach the views that extend a class of the module that has them.
    const inherited = DRF_BASE.test(last(own.bases[0] ?? "")) ? [] : inheritedGuards(own, local, new Set([own.cls.name]));
    const plain = inherited.length ? { ...own, guards: [...new Set([...own.guards, ...inherited])] } : own;
    const chosen = chosenPermissions(source, definitions, plain, local);
    const permissions = chosen ? [] : drfPermissions(source, definitions, plain, local);
    const view = chosen ? { ...plain, guards: plain.guards.filter((g) => !chosen.own.includes(g)) } : { ...plain, guards: [...new Set([...plain.guards, ...permissions])] };
    if (viewSetActions(view, local) !== undefined) found.push(...viewSet(source, definitions, view, local, actionMethods(source, definitions, view.cls, classes), chosen?.decide));
    else {
      // A route per method, each with what the choice gives it.
      const perMethod = (r: Registration): Registration[] =>
        r.type === "route" && chosen ? r.methods.map((m) => ({ ...r, methods: [m], guards: [...new Set([...r.guards, ...chosen.decide(m, undefined)])] })) : [r];
      found.push(...viewRouter(source, FRAMEWORK, view, inheritedMethods(view, local, aliases, new Set([view.cls.name]))).flatMap(perMethod));
    }
  }
  const functions = new Map(definitions.filter((d) => d.kind === "def" && d.indent === 0).map((d) => [d.name, d]));
  for (const def of functions.values()) found.push(...functionView(source, def, functions));
  return found;
}

type Decide = (method: string, action: string | undefined) => string[];

/**
 * A view whose own `get_permissions` is a plain choice on the action or the method
 * (drf-get-permissions.ts): the guards it gives each route, and the guards of its own
 * `permission_classes` (they apply only where the choice returns `super().get_permissions()`).
 * A test that cannot be decided for a route gives the class's permissions, as `super()` does.
 */
function chosenPermissions(source: RouteSource, definitions: readonly Definition[], view: ViewClass, local: Map<string, ViewClass>): { decide: Decide; own: string[] } | undefined {
  const method = view.methods.find((m) => m.name === "get_permissions");
  const choice = method && permissionChoice(source, method);
  if (!choice) return undefined;
  const attribute = classAttribute(source, definitions, view.cls, "permission_classes");
  const own = attribute ? permissionGuards(source.code, attribute) : [];
  const classPermissions = attribute ? own : drfPermissions(source, definitions, view, local, true);
  return {
    own,
    decide: (httpMethod, action) => {
      const chosen = choice(httpMethod, action);
      return chosen === undefined || chosen === "super" ? classPermissions : chosen;
    },
  };
}

/**
 * The permission guards a DRF view has beyond its own `permission_classes`: those of the nearest
 * base in its module that sets them, or, when nothing up the chain sets them (nor decides them in
 * `get_permissions`), the settings' default (DRF_DEFAULT_PERMISSIONS, read after linking).
 * Django's own views get none.
 */
function drfPermissions(source: RouteSource, definitions: readonly Definition[], view: ViewClass, local: Map<string, ViewClass>, besideOwnChoice = false): string[] {
  const seen = new Set<string>([view.cls.name]);
  let drf = false;
  const visit = (current: ViewClass): string[] | undefined => {
    const own = classAttribute(source, definitions, current.cls, "permission_classes");
    if (own) return current === view ? [] : permissionGuards(source.code, own);
    // The view's own get_permissions is read apart (chosenPermissions): here it is what super() gives.
    if (current.methods.some((m) => m.name === "get_permissions") && !(besideOwnChoice && current === view)) return [];
    for (const base of current.bases) {
      const parent = local.get(last(base));
      if (parent && !seen.has(parent.cls.name)) {
        seen.add(parent.cls.name);
        const found = visit(parent);
        if (found) return found;
      } else if (OPEN_PACKAGE_VIEW.test(last(base))) return [];
      else if (DRF_BASE.test(last(base))) drf = true;
    }
    return undefined;
  };
  const inherited = visit(view);
  return inherited ?? (drf ? [DRF_DEFAULT_PERMISSIONS] : []);
}

/**
 * The classes of a module that are views through other classes of the module: `class
 * TreeMixin(MergeMixin, FuzzyFilterMixin)` over `class MergeMixin(ViewSetMixin)`, whatever
 * their own names say.
 */
function viewsThroughModule(source: RouteSource, classes: readonly Definition[]): Set<string> {
  const written = new Map(classes.map((c) => [c.name, bases(source, c).map(last)]));
  const views = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, names] of written) {
      if (views.has(name) || !names.some((b) => b !== name && (isView(b) || views.has(b)))) continue;
      views.add(name);
      grew = true;
    }
  }
  return views;
}

/**
 * The methods a ViewSet's `@action`s may be on: its own, then those of the module's classes it
 * extends, mixins included (`class DeleteRelationMixin:` giving `protecting`), the nearest
 * first, so a method the class overrides is its own.
 */
function actionMethods(source: RouteSource, definitions: readonly Definition[], cls: Definition, classes: ReadonlyMap<string, Definition>): Definition[] {
  const methods: Definition[] = [];
  const named = new Set<string>();
  const seen = new Set<string>();
  const visit = (current: Definition) => {
    seen.add(current.name);
    for (const m of members(definitions, current)) {
      if (m.kind !== "def" || named.has(m.name)) continue;
      named.add(m.name);
      methods.push(m);
    }
    for (const base of bases(source, current)) {
      const parent = classes.get(last(base));
      if (parent && !seen.has(parent.name)) visit(parent);
    }
  };
  visit(cls);
  return methods;
}

/** The methods a class view handles through its bases, following bases defined in the same file. */
function inheritedMethods(view: ViewClass, local: Map<string, ViewClass>, aliases: ReadonlyMap<string, string>, seen: Set<string>): string[] {
  const methods = new Set<string>();
  for (const base of view.bases) {
    const parent = local.get(last(base));
    if (parent && !seen.has(parent.cls.name)) {
      seen.add(parent.cls.name);
      for (const h of parent.handlers) methods.add(h.name.toUpperCase());
      for (const m of inheritedMethods(parent, local, aliases, seen)) methods.add(m);
    } else for (const m of genericOf(last(aliases.get(base) ?? base)) ?? []) methods.add(m);
  }
  return [...methods];
}

/**
 * The methods of a generic view by its name, or by the generic it is named for when it is a
 * view of the app's another module defines (`BabyBuddyFilterView`, a FilterView: a page).
 */
export function genericOf(name: string): string[] | undefined {
  if (GENERIC[name]) return GENERIC[name];
  const named = Object.keys(GENERIC).filter((g) => name.endsWith(g) && /View$/.test(g)).sort((a, b) => b.length - a.length)[0];
  return named ? GENERIC[named] : undefined;
}

/** The guards a view takes from the classes of its module it extends (`BMIAdd(CoreAddView)` with `CoreAddView(PermissionRequiredMixin, ...)`). */
function inheritedGuards(view: ViewClass, local: ReadonlyMap<string, ViewClass>, seen: Set<string>): string[] {
  return view.bases.flatMap((base) => {
    const parent = local.get(last(base));
    if (!parent || seen.has(parent.cls.name)) return [];
    seen.add(parent.cls.name);
    return [...parent.guards, ...inheritedGuards(parent, local, seen)];
  });
}

/**
 * The standard actions of a ViewSet through its bases, or undefined when it is not a ViewSet. A
 * base named like a class of the module is that class, unless it is the class itself or one
 * already seen (`class CreateModelMixin(mixins.CreateModelMixin)` extends DRF's mixin). The model
 * mixins give actions but do not make a ViewSet: `class V(GenericAPIView, RetrieveModelMixin)`
 * served by `path(..., V.as_view())` answers only the methods it defines.
 */
function viewSetActions(view: ViewClass, local: Map<string, ViewClass>): string[] | undefined {
  const { viewSet, actions } = inheritedActions(view, local, new Set([view.cls.name]));
  if (!viewSet) return undefined;
  for (const m of view.methods) if (m.name in ACTIONS) actions.add(m.name);
  return [...actions];
}

function inheritedActions(view: ViewClass, local: Map<string, ViewClass>, seen: Set<string>): { viewSet: boolean; actions: Set<string> } {
  let viewSet = false;
  const actions = new Set<string>();
  for (const base of view.bases) {
    const found = local.get(last(base));
    const parent = found && !seen.has(found.cls.name) ? found : undefined;
    if (parent) {
      seen.add(parent.cls.name);
      const inherited = inheritedActions(parent, local, seen);
      viewSet ||= inherited.viewSet;
      for (const a of inherited.actions) actions.add(a);
      for (const m of parent.methods) if (m.name in ACTIONS) actions.add(m.name);
      continue;
    }
    const name = last(base);
    const inherited = VIEWSET_ACTIONS[name] ?? (/ViewSet$/.test(name) ? actionsByName(name) : undefined);
    if (inherited === undefined) continue;
    viewSet ||= !/ModelMixin$/.test(name);
    for (const a of inherited) actions.add(a);
  }
  return { viewSet, actions };
}

/**
 * The actions of a ViewSet base defined elsewhere, read from its name as projects name them
 * (`ListViewSet`, `ReadOnlyViewSet`, `CreateListRetrieveViewSet`); a name that says none is
 * taken for a ModelViewSet.
 */
function actionsByName(name: string): string[] {
  if (/ReadOnly/.test(name)) return ["list", "retrieve"];
  const words: [RegExp, string[]][] = [[/List/, ["list"]], [/Create/, ["create"]], [/Retrieve|Detail/, ["retrieve"]], [/Update/, ["update", "partial_update"]], [/Destroy|Delete/, ["destroy"]]];
  const named = words.filter(([word]) => word.test(name)).flatMap(([, actions]) => actions);
  return named.length ? named : ALL_ACTIONS;
}

/** A ViewSet's routes as a DRF router generates them: list, `{lookup}` detail, and `@action` routes. */
function viewSet(source: RouteSource, definitions: readonly Definition[], view: ViewClass, local: Map<string, ViewClass>, methods: readonly Definition[], decide?: Decide): Registration[] {
  const { cls } = view;
  const attribute = (name: string) => classAttribute(source, definitions, cls, name);
  const lookupSpan = attribute("lookup_url_kwarg") ?? attribute("lookup_field");
  const lookup = `{${(lookupSpan && pythonValue(source, lookupSpan, new Map())) || "pk"}}`;
  const allowedSpan = attribute("http_method_names");
  const allowed = allowedSpan ? new Set(stringList(source, allowedSpan, new Map()).map((m) => m.toUpperCase())) : undefined;
  const found: Registration[] = [{ type: "router", framework: FRAMEWORK, name: cls.name, prefix: "", guards: view.guards, mountedOnly: true, line: cls.line }];
  const route = (method: string, path: string, handler: string, line: number, guards: string[]) => {
    const chosen = decide ? [...new Set([...guards, ...decide(method, handler)])] : guards;
    if (!allowed || allowed.has(method)) found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method], path, handler: `${cls.name}.${handler}`, guards: chosen, owner: cls.name, line });
  };
  for (const action of viewSetActions(view, local) ?? []) {
    const own = view.methods.find((m) => m.name === action);
    route(ACTIONS[action]!.method, ACTIONS[action]!.detail ? lookup : "", action, own?.line ?? cls.line, own ? [...decoratorGuards(source.code, own.decorators), ...handlerCheckGuards(source, own)] : []);
  }
  for (const method of methods) {
    // `@action(detail=True)`, and DRF 3.7's `@detail_route`/`@list_route`.
    const decorator = method.decorators.find((d) => /^(?:action|detail_route|list_route)$/.test(last(d.name)));
    if (!decorator?.args) continue;
    const { keywords } = decorator.args;
    const detail = keywords.get("detail");
    const urlPath = keywords.get("url_path");
    const segment = (urlPath && pythonValue(source, urlPath, new Map())) ?? method.name;
    const isDetail = last(decorator.name) === "detail_route" || (detail !== undefined && source.code.slice(detail.start, detail.end).trim() === "True");
    const path = isDetail ? `${lookup}/${segment}` : segment;
    const methods = keywords.get("methods");
    const permissions = keywords.get("permission_classes");
    const guards = [...(permissions ? permissionGuards(source.code, permissions) : []), ...decoratorGuards(source.code, method.decorators), ...handlerCheckGuards(source, method)];
    for (const m of methods ? stringList(source, methods, new Map()) : ["get"]) route(m.toUpperCase(), path, method.name, decorator.line, guards);
  }
  return found;
}

const REQUIRE: Record<string, string[]> = { require_GET: ["GET"], require_POST: ["POST"], require_safe: ["GET", "HEAD"] };

/**
 * A function view as a router when its decorators say which methods it serves
 * (`@api_view`, `@require_http_methods`, `@require_POST`) or what guards it; an undecorated
 * function keeps the route its URLconf entry gives it.
 */
function functionView(source: RouteSource, def: Definition, functions: ReadonlyMap<string, Definition>): Registration[] {
  let methods: string[] | undefined;
  for (const d of def.decorators) {
    const name = last(d.name);
    const first = d.args?.positional[0] ?? d.args?.keywords.get("http_method_names");
    if (name === "api_view") methods = first ? stringList(source, first, new Map()).map((m) => m.toUpperCase()) : ["GET"];
    else if (name === "require_http_methods" && first) methods = stringList(source, first, new Map()).map((m) => m.toUpperCase());
    else if (REQUIRE[name]) methods = REQUIRE[name];
    else if (!methods && d.args?.positional.length) {
      // A project's own method filter (`@cors("GET", "POST")`, `@methods("GET")`): every argument is a method.
      const listed = d.args.positional.flatMap((a) => stringList(source, a, new Map()));
      if (listed.length === d.args.positional.length && listed.every((m) => /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/.test(m))) methods = listed;
    }
  }
  const guards = [...decoratorGuards(source.code, def.decorators), ...handlerCheckGuards(source, def)];
  // An `@api_view` without `@permission_classes` has the settings' default permissions.
  const names = def.decorators.map((d) => last(d.name));
  if (names.includes("api_view") && !names.includes("permission_classes")) guards.push(DRF_DEFAULT_PERMISSIONS);
  const handedTo = dispatches(source, def, functions);
  // Every method reaches a view no decorator restricts, so it is a route of them all; the methods
  // it was written for are kept beside (a form acting on POST is a write).
  let handles: string[] | undefined;
  if (!handedTo && !methods) {
    // A view that hands the request to a helper of its module (`return email_form(request, channel)`) serves what the helper tells apart.
    const bodies = withHelpers(source, def, functions);
    const told = bodies.map((body) => comparedMethods(source, body)).find(Boolean);
    if (told && "only" in told) methods = told.only;
    else handles = told?.handles ?? plainMethods(source, def, bodies);
  }
  if (!methods && !handles && !guards.length && !handedTo) return [];
  const router: Registration = { type: "router", framework: FRAMEWORK, name: def.name, prefix: "", guards: [], mountedOnly: true, line: def.line };
  const csrfExempt = names.includes("csrf_exempt");
  const route = (served: string[], extra: string[]): Registration => ({ type: "route", framework: FRAMEWORK, kind: "http", methods: served, path: "", handler: def.name, guards: [...new Set([...guards, ...extra])], owner: def.name, line: def.line, ...(csrfExempt ? { csrfExempt } : {}), ...(handles && !methods && written(handles) ? { handles } : {}) });
  if (!handedTo) return [router, route(methods ?? ["ALL"], [])];
  // Each method takes the guards of the view it is handed to.
  const served = methods ?? [...new Set([...handedTo.byMethod.keys(), "GET"])];
  return [router, ...served.map((method) => {
    const target = functions.get(handedTo.byMethod.get(method) ?? handedTo.otherwise ?? "");
    return route([method], target ? [...decoratorGuards(source.code, target.decorators), ...handlerCheckGuards(source, target)] : []);
  })];
}

// A page (GET alone) is what a route of every method is taken for anyway: said only of a view written for more.
const written = (handles: readonly string[]) => handles.some((m) => m !== "GET");

// What a view reads of a request's body: posted form fields, files, the raw body.
const READS_POSTED = /\b(?:request|req)\.(?:POST|FILES|body|read\s*\()/;

/**
 * The methods a view that tells none apart is written for, when it is a view (its first
 * parameter is the request): every method reaches it, but one that never reads what is posted
 * is a page (GET), and one that reads it a form and its submission (GET and POST).
 */
function plainMethods(source: RouteSource, def: Definition, bodies: readonly Definition[]): string[] | undefined {
  if (!takesRequest(source, def)) return undefined;
  return bodies.some((body) => READS_POSTED.test(source.code.slice(body.start, body.end))) ? ["GET", "POST"] : ["GET"];
}

const takesRequest = (source: RouteSource, def: Definition) => /^(?:request|req)\b/.test(def.params[0] ? source.code.slice(def.params[0].start, def.params[0].end).trim() : "");

/** A view and the functions of its module it hands the request to (`helper(request, ...)`), three calls deep at most. */
function withHelpers(source: RouteSource, def: Definition, functions: ReadonlyMap<string, Definition>): Definition[] {
  const reached = [def];
  let level = [def];
  for (let depth = 0; depth < 3 && level.length; depth++) {
    const next: Definition[] = [];
    for (const current of level) {
      for (const m of source.code.slice(current.start, current.end).matchAll(/\b([A-Za-z_]\w*)\s*\(\s*(?:request|req)\b/g)) {
        const helper = functions.get(m[1]!);
        if (!helper || reached.includes(helper) || !takesRequest(source, helper)) continue;
        reached.push(helper);
        next.push(helper);
      }
    }
    level = next;
  }
  return reached;
}

// `request.method == "POST"`, `req.method != 'GET'`, `request.method in ("PUT", "PATCH")`.
const METHOD_COMPARED = /\b(?:request|req)\.method\s*(?:(==|!=)\s*(["'])([A-Z]+)\2|in\s*[([{]([^)\]}]*)[)\]}])/g;

/**
 * The methods a plain view tells apart in its body: a form view that acts on `request.method ==
 * "POST"` and renders otherwise is written for GET and POST (every method reaching it); one that
 * turns away `request.method != "POST"` serves POST only. Undefined when it compares none.
 */
function comparedMethods(source: RouteSource, def: Definition): { handles: string[] } | { only: string[] } | undefined {
  const equal = new Set<string>();
  const refused = new Set<string>();
  // The text, not the stripped code: the methods compared with are string literals.
  const text = source.text.slice(def.start, def.end);
  for (const m of text.matchAll(METHOD_COMPARED)) {
    const listed = m[3] ? [m[3]] : quotedMethods(m[4]!);
    // `if request.method != "POST":` that renders a confirmation page tells GET and POST apart; one that refuses turns GET away.
    // `if not request.method == "POST":` says `!=` too.
    const unequal = m[1] === "!=" || (m[1] === "==" && /\bnot\s+$/.test(text.slice(Math.max(0, m.index - 8), m.index)));
    const refuses = unequal && REFUSAL.test(text.slice(m.index + m[0].length).split("\n").slice(0, 4).join("\n"));
    for (const method of listed) (refuses ? refused : equal).add(method);
  }
  if (equal.size) return { handles: [...new Set(["GET", ...equal])] };
  return refused.size ? { only: [...refused] } : undefined;
}

// What a branch answers to turn a request away: 405, 400, 403, or an exception that gives one.
// Or an error answered as data (opencve's `return JsonResponse({"status": "error"})`).
const REFUSAL = /HttpResponse(?:NotAllowed|BadRequest|Forbidden)|\bstatus\s*=\s*40[035]\b|raise\s+\w*(?:NotAllowed|BadRequest|Http404|PermissionDenied|SuspiciousOperation)|\bJsonResponse\s*\(\s*\{\s*["'](?:status|error)["']\s*:\s*["']error["']/;

/** The methods of a list compared with (`"POST", "DELETE"` of `request.method in ("POST", "DELETE")`). */
const quotedMethods = (list: string): string[] => [...list.matchAll(/["']([A-Z]+)["']/g)].map((m) => m[1]!);

const METHOD_TEST = /^\s*(?:el)?if\s+request\.method\s*(?:==\s*(["'])([A-Z]+)\1|in\s*[([{]([^)\]}]*)[)\]}])\s*:\s*(.*)$/;
const HANDS_TO = /^\s*return\s+([A-Za-z_]\w*)\s*\(\s*request\b/;

/**
 * A view that only dispatches by method to other views of its module (`if request.method ==
 * "POST": return create_check(request)`, then `return get_checks(request)`): which function
 * each method is handed to, and the one the others fall through to. Undefined when the body
 * does anything else, or names a function the module does not define.
 */
function dispatches(source: RouteSource, def: Definition, functions: ReadonlyMap<string, Definition>): { byMethod: Map<string, string>; otherwise?: string } | undefined {
  // The text, not the stripped code: the methods compared with are string literals.
  const lines = source.text.slice(def.start, def.end).split("\n");
  const body = lines.slice(lines.findIndex((l) => /\bdef\s/.test(l)) + 1).filter((l) => l.trim() && !l.trim().startsWith("#"));
  const byMethod = new Map<string, string>();
  let otherwise: string | undefined;
  for (let i = 0; i < body.length; i++) {
    const test = METHOD_TEST.exec(body[i]!);
    if (test) {
      const target = HANDS_TO.exec(test[4] || body[++i] || "")?.[1];
      if (!target || !functions.has(target)) return undefined;
      const listed = test[2] ? [test[2]] : quotedMethods(test[3]!);
      for (const method of listed) if (!byMethod.has(method)) byMethod.set(method, target);
      continue;
    }
    const handed = HANDS_TO.exec(body[i]!)?.[1];
    if (!handed || !functions.has(handed) || i !== body.length - 1) return undefined;
    otherwise = handed;
  }
  return byMethod.size ? { byMethod, ...(otherwise ? { otherwise } : {}) } : undefined;
}

/** The methods of a generic view named in a URLconf that is not defined in the project (`TemplateView.as_view()`). */
export const genericMethods = (name: string): string[] => GENERIC[last(name)] ?? ["ALL"];

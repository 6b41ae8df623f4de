/**
 * A Django view a URLconf names whose class its module could not tell for a view: one that
 * extends the project's classes of other modules (`class S3ImportStorageListAPI(ImportStorageListAPI)`
 * with `class ImportStorageListAPI(generics.ListCreateAPIView)` in io_storages/api.py). Its
 * route, of every method until now, serves the handlers the classes up its chain define and the
 * methods of the generic views they extend. A DRF view whose chain sets no `permission_classes`
 * takes the settings' default (DRF_DEFAULT_PERMISSIONS, read next, drf-settings.ts). An action
 * of a ViewSet a URLconf maps (`ProfileViewSet.retrieve`) takes the permission classes its chain sets.
 */
import { DRF_BASE, genericOf, OPEN_PACKAGE_VIEW, VIEWSET_ACTIONS } from "../frameworks/django-views.ts";
import type { LinkedRoute } from "../link.ts";
import { DRF_DEFAULT_PERMISSIONS } from "./drf-settings.ts";
import { isPythonGuard, permissionGuards } from "./guards.ts";
import { ambiguousFrom, chainUp, type ClassLookup, methodBody, projectClasses, seenFrom, throughAccessMixin } from "./project-classes.ts";
import { signedInAttributes, turnsAwayAnonymous } from "./signed-in-attributes.ts";
import { HANDLERS } from "./views.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const HANDLER = /^[ \t]+(?:async[ \t]+)?def[ \t]+([a-z]+)[ \t]*\(/gm;
const PERMISSIONS = /^[ \t]+permission_classes[ \t]*=[ \t]*[[(]([^\])]*)[\])]/m;

/** A step after linking: the route of such a view becomes one route per method it serves. */
export function projectViewMethods(project: Project | undefined): <R extends LinkedRoute>(route: R) => R[] {
  const classes = projectClasses(project);
  const signedIn = signedInAttributes(project);
  const memo = new Map<string, { methods: string[]; guards: string[] } | undefined>();
  const chainGuards = new Map<string, string[] | undefined>();
  const mixins = new Map<string, string[]>();
  const selfChecks = new Map<string, string[]>();
  const declaredPublic = new Map<string, boolean>();
  const provided = new Map<string, Set<string> | undefined>();
  // A view whose chain has a class named public (`PublicTournamentPageMixin`, `PublicAddFeedbackView`)
  // serves a page its project means for anyone: left unguarded, it is declared public.
  const publicView = (route: LinkedRoute) => {
    const cls = /^(?:[a-z_]\w*\.)*([A-Z]\w*)(?:\.[a-z_]\w*)?$/.exec(route.handler)?.[1];
    if (!cls) return false;
    const key = `${route.file}:${cls}`;
    if (!declaredPublic.has(key)) declaredPublic.set(key, chainUp(seenFrom(classes(), route.file), cls, 8).some((name) => PUBLIC_CLASS.test(name)));
    return declaredPublic.get(key)!;
  };
  const methodsOf = <R extends LinkedRoute>(route: R): R[] => {
    if (route.framework !== "django" || route.kind !== "http") return [route];
    // A class is looked up as the route's module sees it, and remembered so (namesakes in other modules).
    const seen = seenFrom(classes(), route.file);
    const at = (name: string) => `${route.file}:${name}`;
    // The class a route is an action of (`ProfileViewSet.retrieve`, `views.ProfileViewSet.retrieve`), or the
    // class view it names (`views.EligibilityView`).
    const named = /^(?:[a-z_]\w*\.)*([A-Z]\w*)(?:\.([a-z_]\w*))?$/.exec(route.handler);
    const action = named?.[2] ? named[1] : undefined;
    // A standard action its ViewSet does not have: its module took a base of another module for a
    // ModelViewSet (KPI's `LanguageViewSet(BaseViewSet)`, BaseViewSet a ReadOnlyModelViewSet).
    if (action && named![2]! in STANDARD_ACTIONS) {
      if (!provided.has(at(action))) provided.set(at(action), actionsUp(seen, action));
      if (provided.get(at(action))?.has(named![2]!) === false) return [];
    }
    // A view or an action of a ViewSet that nothing guards but the settings' default, which its module put
    // there not seeing its bases in other modules (`class V(AdministratorAPIMixin, RetrieveUpdateAPIView)`
    // with the mixin's `permission_classes` in mixins.py): the permission classes up its class's chain.
    // One left unguarded on purpose (`get_permissions` giving AllowAny for it) stays so.
    const onlyDefault = route.guards.length > 0 && route.guards.every((g) => g === DRF_DEFAULT_PERMISSIONS);
    // A chain that sets `permission_classes = []` lets anyone through DRF's checks: the class's own checks decide (below).
    let emptied = false;
    if (named && route.method !== "ALL" && onlyDefault) {
      const cls = named[1]!;
      if (!chainGuards.has(at(cls))) chainGuards.set(at(cls), permissionsUp(seen, cls));
      const guards = chainGuards.get(at(cls));
      if (guards?.length || guards === undefined) return [guards?.length ? { ...route, guards } : route];
      emptied = true;
    }
    // A method of a class view its module could not tell for DRF's (`class ChannelAggsApiView(ApiBaseView)`, the
    // base in common/views_base.py setting `permission_classes = [permissions.IsAuthenticated]`): the permission
    // classes up its chain, or the settings' default where the chain reaches DRF's views setting none. Not
    // where a class up the chain chooses them itself (`get_permissions`, read by drf-get-permissions.ts), nor
    // where classes of several modules bear its name, nor where a library's class is up the chain (djoser's
    // `UserViewSet`, whose `get_permissions` lets anyone sign up).
    if (action && !emptied && !route.guards.length && !ambiguousFrom(classes(), route.file, action) && onlyDrfAbove(seen, action) && !choosesPermissions(seen, action)) {
      if (!chainGuards.has(at(action))) chainGuards.set(at(action), permissionsUp(seen, action));
      const guards = chainGuards.get(at(action));
      if (guards?.length) return [{ ...route, guards }];
    }
    // An action of a class up whose chain the request's permissions are checked by hand (Nautobot's
    // UI ViewSets: `permission_classes = []`, and `check_permissions` refusing what the model's permissions do not allow).
    // A method of a class view (`ChangePasswordView.post`) takes the guard mixins up its chain, as the view does.
    if (action && (emptied || !route.guards.length)) {
      if (!mixins.has(at(action))) mixins.set(at(action), mixinsUp(seen, action));
      if (!selfChecks.has(at(action))) selfChecks.set(at(action), checksUp(seen, action, signedIn()));
      const guards = mixins.get(at(action))!.length ? mixins.get(at(action))! : selfChecks.get(at(action))!;
      if (guards.length || emptied) return [{ ...route, guards }];
    }
    // The view by its class's name (`S3ListAPI`, `views.S3ListAPI`).
    const name = route.handler.split(".").at(-1)!;
    if (!/^[A-Z]\w*$/.test(name)) return [route];
    // A guard mixin up its chain in other modules (`generic.ObjectEditView` with `ObjectPermissionRequiredMixin`),
    // else a check its chain makes before every handler (zentral's `BackendBaseView.dispatch`, answering 401 to a bad token).
    if (!mixins.has(at(name))) mixins.set(at(name), mixinsUp(seen, name));
    // A chain through Django's access mixins is accessMixinGuards' (guards-away.ts), which knows an optional page's.
    if (!selfChecks.has(at(name))) selfChecks.set(at(name), throughAccessMixin(seen, name) ? [] : checksUp(seen, name, signedIn()));
    const chained = mixins.get(at(name))!.length ? mixins.get(at(name))! : selfChecks.get(at(name))!;
    const mixed = route.guards.length && !emptied ? route : { ...route, guards: chained };
    if (route.method !== "ALL") return [mixed];
    if (!memo.has(at(name))) memo.set(at(name), served(seen, name));
    const view = memo.get(at(name));
    if (!view) return [mixed];
    const guards = mixed.guards.length && !onlyDefault ? mixed.guards : view.guards;
    return view.methods.map((method) => ({ ...route, method, guards }));
  };
  return (route) => methodsOf(route).map((r) => (r.framework === "django" && publicView(r) ? { ...r, declaredPublic: true } : r));
}

const STANDARD_ACTIONS = { list: 1, create: 1, retrieve: 1, update: 1, partial_update: 1, destroy: 1 };

/**
 * The standard actions a ViewSet has through its whole chain, the project's classes of every
 * module and DRF's bases (`VIEWSET_ACTIONS`); undefined when a base is neither (a library's ViewSet).
 */
function actionsUp(classes: ClassLookup, name: string): Set<string> | undefined {
  const actions = new Set<string>();
  // The chain must reach DRF: a base it cannot read (`ModelViewSet[Tag]`) leaves the answer unknown.
  let reached = false;
  for (const current of chainUp(classes, name, 8)) {
    const cls = classes.get(current);
    if (cls) {
      for (const m of cls.body.matchAll(/^[ \t]+def[ \t]+(list|create|retrieve|update|partial_update|destroy)[ \t]*\(/gm)) actions.add(m[1]!);
      continue;
    }
    const known = VIEWSET_ACTIONS[current.split(".").at(-1)!];
    if (known === undefined && !/^(?:object|Generic\w*|\w*Mixin)$/.test(current)) return undefined;
    reached ||= known !== undefined;
    for (const a of known ?? []) actions.add(a);
  }
  return reached ? actions : undefined;
}

/** The word Public in a class's name (`PublicTournamentPageMixin`, `OldPublicNewBallotSetView`), not `PublicationView`. */
const PUBLIC_CLASS = /(?:^|[a-z])Public(?=[A-Z])/;

// A method of a view that runs before every handler, and how it refuses a caller.
const BEFORE_HANDLERS = /^([ \t]+)def[ \t]+(check_permissions|initial|dispatch)[ \t]*\(/gm;
// Or answers 401 or 403 itself: `return HttpResponse("Unauthorized", status=401)`, `HttpResponseForbidden()`,
// `Response(status=status.HTTP_403_FORBIDDEN)`.
const REFUSES = /\bpermission_denied\s*\(|\braise\s+(?:\w+\.)*(?:PermissionDenied|NotAuthenticated)\b|\bhandle_no_permission\s*\(|\breturn\s+(?:\w+\.)*HttpResponseForbidden\s*\(|\breturn\s+(?:\w+\.)*\w*Response\s*\([^\n]*\bstatus\s*=\s*(?:40[13]\b|(?:\w+\.)*HTTP_40[13]_)/;

/**
 * The checks a class or one up its chain makes itself before every handler: a `check_permissions`,
 * `initial` or `dispatch` of its own that refuses (`self.permission_denied(request, ...)`,
 * `raise PermissionDenied`, `return self.handle_no_permission()`, an answer of 401 or 403), or
 * turns away a request lacking what only a signed-in caller has (signed-in-attributes.ts), named `Class.method`.
 */
function checksUp(classes: ClassLookup, name: string, signedIn: ReadonlySet<string>): string[] {
  for (const current of chainUp(classes, name, 8)) {
    const cls = classes.get(current);
    for (const m of cls?.body.matchAll(BEFORE_HANDLERS) ?? []) {
      const body = methodBody(cls!, m[2]!) ?? "";
      if (REFUSES.test(body) || turnsAwayAnonymous(body, signedIn)) return [`${current}.${m[2]}`];
    }
  }
  return [];
}

/** The guard mixins (`LoginRequiredMixin`, `ObjectPermissionRequiredMixin`) a class extends through the project's classes. */
function mixinsUp(classes: ClassLookup, name: string): string[] {
  const bases = chainUp(classes, name, 6).flatMap((current) => classes.get(current)?.bases ?? []);
  return [...new Set(bases.filter((base) => /Mixin$/.test(base) && isPythonGuard(base)))];
}

/** The permission classes the nearest class up the chain of `name` sets, or the settings' default for a DRF view that sets none. */
function permissionsUp(classes: ClassLookup, name: string): string[] | undefined {
  let drf = false;
  for (const current of chainUp(classes, name, 6)) {
    const cls = classes.get(current);
    if (!cls) {
      if (OPEN_PACKAGE_VIEW.test(current.split(".").at(-1)!)) return [];
      if (DRF_BASE.test(current.split(".").at(-1)!)) drf = true;
      continue;
    }
    const own = PERMISSIONS.exec(cls.body);
    if (own) return permissionGuards(own[1]!, { start: 0, end: own[1]!.length });
  }
  return drf ? [DRF_DEFAULT_PERMISSIONS] : undefined;
}

// DRF's own views, viewsets and mixins: a chain of the project's classes ending in these sets all its permissions in sight.
const DRF_OWN = /^(?:APIView|GenericAPIView|(?:List|Create|Retrieve|Update|Destroy|ListCreate|RetrieveUpdate|RetrieveDestroy|RetrieveUpdateDestroy)APIView|ViewSet|GenericViewSet|ModelViewSet|ReadOnlyModelViewSet|ViewSetMixin|(?:List|Create|Retrieve|Update|Destroy)ModelMixin|object)$/;

/** Whether every class up the chain of `name` is the project's or DRF's own. */
function onlyDrfAbove(classes: ClassLookup, name: string): boolean {
  return chainUp(classes, name, 6).every((current) => !!classes.get(current) || DRF_OWN.test(current.split(".").at(-1)!));
}

/** Whether a class up the chain of `name` chooses its permissions itself (`def get_permissions(self):`). */
function choosesPermissions(classes: ClassLookup, name: string): boolean {
  return chainUp(classes, name, 6).some((current) => /^[ \t]+def[ \t]+get_permissions[ \t]*\(/m.test(classes.get(current)?.body ?? ""));
}

/** What the class named `name` serves through its chain, or undefined when no class up the chain tells. */
function served(classes: ClassLookup, name: string): { methods: string[]; guards: string[] } | undefined {
  const methods = new Set<string>();
  for (const current of chainUp(classes, name, 6)) {
    const cls = classes.get(current);
    if (!cls) for (const m of genericOf(current) ?? []) methods.add(m);
    else for (const m of cls.body.matchAll(HANDLER)) if (HANDLERS.has(m[1]!)) methods.add(m[1]!.toUpperCase());
  }
  if (!methods.size) return undefined;
  return { methods: [...methods], guards: permissionsUp(classes, name) ?? [] };
}

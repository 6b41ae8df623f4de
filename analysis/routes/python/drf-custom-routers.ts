/**
 * A DRF router class of the app's that replaces the routes DRF's routers make (Nautobot's
 * `NautobotUIViewSetRouter(SimpleRouter)` with `routes = [Route(url=r"^{prefix}/add/$",
 * mapping={"get": "create", "post": "create"}, ...), DynamicRoute(url=r"^{prefix}/{lookup}/{url_path}/$", detail=True)]`):
 * a ViewSet registered on a router made from it serves, for each `Route`, each method whose
 * action its class has (defined up its chain, in the project's classes), and for each
 * `DynamicRoute` its `@action` methods of that kind (detail or not), at `url_path`, with its
 * `lookup_field` in the detail routes. A class that keeps DRF's routes but extends a mapping in
 * its constructor (`self.routes[0].mapping.update({"delete": "bulk_destroy"})`, Nautobot's and
 * NetBox's bulk operations) is read the same way, as is django-rest-framework-bulk's `BulkRouter`,
 * whose list route maps PUT, PATCH and DELETE to the bulk actions of its `BulkModelViewSet`. Read before linking: the registration of the
 * ViewSet becomes these routes, each an action of its class (`actionOf`), which guards them.
 */
import type { FileRoutes, Registration } from "../registration.ts";
import { callArguments } from "../source.ts";
import { DRF_DEFAULT_PERMISSIONS } from "./drf-settings.ts";
import { chainUp, type ProjectClass, projectClasses } from "./project-classes.ts";
import { VIEWSET_ACTIONS } from "../frameworks/django-views.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
type Template = { url: string; mapping?: [string, string][]; detail: boolean };
type Action = { name: string; detail: boolean; path: string; methods: string[] };

const ROUTES = /^[ \t]+routes[ \t]*=[ \t]*\[/m;
const ROUTE = /\b(Route|DynamicRoute)\s*\(/g;
const DEF = /^[ \t]+(?:async[ \t]+)?def[ \t]+([a-z_]\w*)[ \t]*\(/gm;
// `@action(detail=True, url_path="data-compliance")`, an import of it under another name (`@drf_action(...)`).
const DECORATED = /^[ \t]+@(?:\w+\.)?\w*action[ \t]*\(([^]*?)\)[ \t]*\n(?:[ \t]+@[^\n]*\n)*[ \t]+(?:async[ \t]+)?def[ \t]+([a-z_]\w*)/gm;

export function withCustomDrfRouters(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  const result = new Map(files);
  if (!project) return result;
  let classes: ReadonlyMap<string, ProjectClass> | undefined;
  const templates = new Map<string, Template[] | undefined>();
  const actions = new Map<string, { names: Set<string>; dynamic: Action[]; lookup: string }>();
  for (const [file, routes] of files) {
    const custom = new Map<string, Template[]>();
    for (const r of routes.registrations) {
      if (r.type !== "router" || r.framework !== "django" || !r.routerClass) continue;
      classes ??= projectClasses(project)();
      if (!templates.has(r.routerClass)) templates.set(r.routerClass, classes.has(r.routerClass) ? routeTemplates(classes.get(r.routerClass)) : LIBRARY_ROUTERS[r.routerClass]);
      const own = templates.get(r.routerClass);
      if (own) custom.set(r.name, own);
    }
    if (!custom.size) continue;
    const registrations = routes.registrations.flatMap((r): Registration[] => {
      const own = r.type === "route" && r.view ? custom.get(r.owner) : undefined;
      if (!own || r.type !== "route" || !r.view) return [r];
      const view = r.view.split(".").at(-1)!;
      if (!actions.has(view)) actions.set(view, classActions(classes!, view));
      const { names, dynamic, lookup } = actions.get(view)!;
      const { view: _, ...rest } = r;
      // A ViewSet's action is guarded by DRF's permission classes: the settings' default until its chain says otherwise (python/project-views.ts).
      rest.guards = [...new Set([...rest.guards, DRF_DEFAULT_PERMISSIONS])];
      const found: Registration[] = [];
      for (const t of own) {
        const path = (url: string, urlPath = "") => r.path + url.replace(/^\^?\{prefix\}/, "").replace(/\{lookup\}/g, `{${lookup}}`).replace(/\{trailing_slash\}/g, "/").replace(/\{url_path\}/g, urlPath).replace(/\$$/, "");
        if (t.mapping) {
          for (const [method, action] of t.mapping) if (names.has(action)) found.push({ ...rest, methods: [method.toUpperCase()], path: path(t.url), handler: `${view}.${action}`, actionOf: view });
        } else {
          for (const a of dynamic.filter((d) => d.detail === t.detail)) found.push({ ...rest, methods: a.methods, path: path(t.url, a.path), handler: `${view}.${a.name}`, actionOf: view });
        }
      }
      return found;
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

// DRF's SimpleRouter.routes, which a router class may extend (`self.routes[0].mapping.update({"delete": "bulk_destroy"})`).
const DRF_ROUTES: Template[] = [
  { url: "^{prefix}{trailing_slash}$", detail: false, mapping: [["get", "list"], ["post", "create"]] },
  { url: "^{prefix}/{url_path}{trailing_slash}$", detail: false },
  { url: "^{prefix}/{lookup}{trailing_slash}$", detail: true, mapping: [["get", "retrieve"], ["put", "update"], ["patch", "partial_update"], ["delete", "destroy"]] },
  { url: "^{prefix}/{lookup}/{url_path}{trailing_slash}$", detail: true },
];
const EXTENDED = /\bself\s*\.\s*routes\s*\[\s*(\d)\s*\]\s*\.\s*mapping\s*\.\s*update\s*\(/g;

// Router classes of libraries: django-rest-framework-bulk's `BulkRouter` maps bulk operations on the list route.
const LIBRARY_ROUTERS: Record<string, Template[]> = {
  BulkRouter: [
    { ...DRF_ROUTES[0]!, mapping: [...DRF_ROUTES[0]!.mapping!, ["put", "bulk_update"], ["patch", "partial_bulk_update"], ["delete", "bulk_destroy"]] },
    ...DRF_ROUTES.slice(1),
  ],
};
// And the actions its ViewSets and mixins give.
const LIBRARY_ACTIONS: Record<string, string[]> = {
  BulkModelViewSet: [...VIEWSET_ACTIONS.ModelViewSet!, "bulk_update", "partial_bulk_update", "bulk_destroy"],
  BulkUpdateModelMixin: ["bulk_update", "partial_bulk_update"],
  BulkDestroyModelMixin: ["bulk_destroy"],
};

/**
 * A router class's own `routes = [...]`, or DRF's with the mappings its constructor adds
 * (Nautobot's and NetBox's bulk operations on the list route); undefined when it keeps DRF's as they are.
 */
function routeTemplates(cls: ProjectClass | undefined): Template[] | undefined {
  if (!cls) return undefined;
  const { text, body } = cls;
  const list = ROUTES.exec(body);
  if (!list) {
    const extended = [...body.matchAll(EXTENDED)];
    if (!extended.length) return undefined;
    const routes = DRF_ROUTES.filter((t) => t.mapping).map((t) => ({ ...t, mapping: [...t.mapping!] }));
    for (const m of extended) {
      const added = text.slice(m.index + m[0].length - 1, m.index + callArguments(body, m.index + m[0].length - 1).end);
      routes[Number(m[1])]?.mapping.push(...[...added.matchAll(/(["'])(\w+)\1\s*:\s*(["'])(\w+)\3/g)].map((p): [string, string] => [p[2]!, p[4]!]));
    }
    return [routes[0]!, DRF_ROUTES[1]!, routes[1]!, DRF_ROUTES[3]!];
  }
  const open = list.index + list[0].length - 1;
  const span = body.slice(open, callArguments(body, open).end);
  const found: Template[] = [];
  for (const m of span.matchAll(ROUTE)) {
    const start = open + m.index + m[0].length - 1;
    const args = text.slice(start, open + callArguments(span, m.index + m[0].length - 1).end);
    const url = /\burl\s*=\s*r?(["'])(.*?)\1/.exec(args)?.[2];
    if (url === undefined) continue;
    const detail = /\bdetail\s*=\s*True\b/.test(args);
    if (m[1] === "DynamicRoute") found.push({ url, detail });
    else {
      const mapping = /\bmapping\s*=\s*\{([^}]*)\}/.exec(args)?.[1] ?? "";
      found.push({ url, detail, mapping: [...mapping.matchAll(/(["'])(\w+)\1\s*:\s*(["'])(\w+)\3/g)].map((p) => [p[2]!, p[4]!]) });
    }
  }
  return found.length ? found : undefined;
}

// `lookup_url_kwarg = "name"` (else `lookup_field`) names the detail routes' parameter.
const LOOKUP = /^[ \t]+lookup_(url_kwarg|field)[ \t]*=[ \t]*(["'])(\w+)\2/gm;

/**
 * The actions a ViewSet class has up its chain: the methods it and its bases define, DRF's
 * mixins' actions, and its `@action`s; and the parameter of its detail routes (`pk` by default).
 */
function classActions(classes: ReadonlyMap<string, ProjectClass>, name: string): { names: Set<string>; dynamic: Action[]; lookup: string } {
  const names = new Set<string>();
  const dynamic = new Map<string, Action>();
  let lookup: string | undefined;
  for (const current of chainUp(classes, name, 8)) {
    for (const action of VIEWSET_ACTIONS[current] ?? LIBRARY_ACTIONS[current] ?? []) names.add(action);
    const cls = classes.get(current);
    if (!cls) continue;
    if (lookup === undefined) {
      const found = [...cls.text.matchAll(LOOKUP)];
      lookup = (found.find((m) => m[1] === "url_kwarg") ?? found[0])?.[3];
    }
    for (const m of cls.body.matchAll(DEF)) names.add(m[1]!);
    for (const m of cls.text.matchAll(DECORATED)) {
      if (!/\bdetail\s*=/.test(m[1]!) || dynamic.has(m[2]!)) continue;
      const path = /\burl_path\s*=\s*r?(["'])(.*?)\1/.exec(m[1]!)?.[2] ?? m[2]!;
      // Methods as strings (`["post"]`) or constants named for them (`[POST, PUT]`).
      const methods = [.../\bmethods\s*=\s*[[(]([^\])]*)/.exec(m[1]!)?.[1]?.matchAll(/(["']?)(\w+)\1/g) ?? []].map((x) => x[2]!.toUpperCase()).filter((x) => /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/.test(x));
      dynamic.set(m[2]!, { name: m[2]!, detail: /\bdetail\s*=\s*True\b/.test(m[1]!), path, methods: methods.length ? methods : ["GET"] });
    }
  }
  return { names, dynamic: [...dynamic.values()], lookup: lookup ?? "pk" };
}

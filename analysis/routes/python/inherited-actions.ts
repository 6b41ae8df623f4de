/**
 * The `@action`s a DRF ViewSet takes from mixins of other modules of the project: a ViewSet's
 * module reads the actions of its own classes and of the module's classes it extends, but
 * JumpServer's `CommonApiMixin` (common/api/mixin.py) brings `RenderToJsonMixin`'s
 * `@action(methods=[POST, PUT], detail=False, url_path='render-to-json')` from common/api/action.py
 * to every ViewSet built on it. After linking, each ViewSet's list route (`UserViewSet.list`)
 * gives those actions' routes beside it, under the ViewSet's prefix and with its guards.
 */
import type { LinkedRoute } from "../link.ts";
import { chainUp, type ProjectClass, projectClasses } from "./project-classes.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
type Action = { name: string; methods: string[]; detail: boolean; segment: string };

// `@action(detail=False, methods=["post"], url_path="render-to-json")` over `def render_to_json(self, request...)`;
// DRF 3.7's `@list_route` and `@detail_route` alike.
const ACTION = /^[ \t]*@(?:[\w.]+\.)?(action|list_route|detail_route)[ \t]*\(([^)]*(?:\([^)]*\)[^)]*)*)\)[ \t]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+([a-z_]\w*)/gm;
const VERB = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;

/** A step after linking: the routes, with those of the actions each ViewSet's chain brings from other modules after its list route, unless there already. */
export function inheritedActions(project: Project | undefined): <R extends LinkedRoute>(routes: readonly R[]) => R[] {
  const classes = projectClasses(project);
  const memo = new Map<string, Action[]>();
  return (routes) => {
    // Parameters compare equal whatever their names: an action another step added at `{slug}` is the one at `{pk}`.
    const key = (r: LinkedRoute) => `${r.method} ${r.path.replace(/\{[^}]*\}/g, "{}")} ${r.handler}`;
    const known = new Set(routes.map(key));
    return routes.flatMap((route) => {
      const viewSet = route.framework === "django" && route.method === "GET" ? /^([A-Z]\w*)\.list$/.exec(route.handler)?.[1] : undefined;
      if (!viewSet) return [route];
      if (!memo.has(viewSet)) memo.set(viewSet, actionsUp(classes(), viewSet));
      const base = route.path.replace(/\/$/, "");
      // The detail routes' parameter, as the ViewSet's retrieve or update route has it (its `lookup_field`).
      const lookup = routes.find((r) => r.handler.startsWith(`${viewSet}.`) && r.path.startsWith(`${base}/{`))?.path.slice(base.length + 1).split("/")[0] ?? "{pk}";
      const added = memo.get(viewSet)!.flatMap((action) => action.methods.map((method) => ({
        ...route,
        method,
        path: `${base}${action.detail ? `/${lookup}` : ""}/${action.segment}`,
        handler: `${viewSet}.${action.name}`,
      })));
      return [route, ...added.filter((r) => !known.has(key(r)))];
    });
  };
}

/** The actions of the classes up a ViewSet's chain defined in other files than its own (those its module has read already). */
function actionsUp(classes: ReadonlyMap<string, ProjectClass>, name: string): Action[] {
  const own = classes.get(name)?.file;
  if (!own) return [];
  const found = new Map<string, Action>();
  const overridden = new Set<string>();
  const chain = chainUp(classes, name, 8);
  for (const current of chain) {
    const cls = classes.get(current);
    if (!cls) continue;
    if (cls.file === own) {
      // A method the ViewSet's module defines shadows a mixin's action of that name.
      for (const m of cls.body.matchAll(/^[ \t]+(?:async[ \t]+)?def[ \t]+([a-z_]\w*)/gm)) overridden.add(m[1]!);
      continue;
    }
    for (const m of cls.text.matchAll(ACTION)) {
      const [, kind, args, method] = m;
      if (found.has(method!) || overridden.has(method!)) continue;
      const methods = /\bmethods[ \t]*=[ \t]*[[(]([^\])]*)[\])]/.exec(args!)?.[1];
      const listed = methods === undefined ? ["GET"] : methods.split(",").map((v) => v.trim().replace(/^["']|["']$/g, "").toUpperCase()).filter((v) => VERB.test(v));
      const urlPath = /\burl_path[ \t]*=[ \t]*["']([^"']+)["']/.exec(args!)?.[1];
      const detail = kind === "detail_route" || /\bdetail[ \t]*=[ \t]*True\b/.test(args!);
      found.set(method!, { name: method!, methods: listed, detail, segment: urlPath ?? method! });
    }
  }
  // `http_method_names = ['get', 'options']` on the ViewSet or up its chain, the nearest first, answers those alone.
  const restricted = chain.map((c) => /^[ \t]+http_method_names[ \t]*=[ \t]*[[(]([^\])]*)[\])]/m.exec(classes.get(c)?.text ?? "")?.[1]).find((v) => v !== undefined);
  const allowed = restricted === undefined ? undefined : new Set(restricted.split(",").map((v) => v.trim().replace(/^["']|["']$/g, "").toUpperCase()));
  return [...found.values()].map((a) => (allowed ? { ...a, methods: a.methods.filter((m) => allowed.has(m)) } : a)).filter((a) => a.methods.length);
}

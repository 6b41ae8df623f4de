import type { Framework } from "../framework.ts";
import { argumentName, isInline } from "../js/names.ts";
import { arrayElements, code, objectProperties, type Span } from "../js/objects.ts";
import { componentName, declaredRouteTrees, type RouteObjects, routeTree } from "../js/route-tree.ts";
import { pathConstants } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import type { RouteSource } from "../source.ts";

const TYPED = /^(?:RouteRecordRaw|RouteConfig|RouteRecord)\s*\[\s*\]$|^Array\s*<\s*(?:RouteRecordRaw|RouteConfig)\s*>$/;
const OPTION = /\broutes\s*:\s*\[/g;

/**
 * Vue Router: route arrays (typed `RouteRecordRaw[]`, or arrays of `{ path, component }`
 * objects: declared, exported by default from a module, or inline in `createRouter({ routes
 * })`), nested `children`, spread modules (`...adminRoutes`); guards are `beforeEnter`
 * (its name, or `beforeEnter` when written in place) and auth-like `meta` flags
 * (`meta: { requiresAuth: true }`).
 */
export const vueRouter: Framework = {
  id: "vue-router",
  name: "Vue Router",
  languages: ["javascript", "typescript", "vue"],
  hint: /vue-router|RouteRecordRaw|component\s*:\s*\(\s*\)\s*=>\s*import\s*\(/,
  scan(source) {
    const constants = pathConstants(source);
    const tree: RouteObjects = {
      framework: "vue-router",
      handler: (p) => componentName(source, p.get("component") ?? p.get("components")),
      guards: (p) => [...beforeEnter(source, p.get("beforeEnter")), ...metaGuards(source, p.get("meta"))],
      cleanPath: (path) => path.replace(/(:\w+)(?:\([^)]*\))?[*+]/g, "$1"),
    };
    const found = declaredRouteTrees(source, tree, constants, TYPED, isRouteObject);
    for (const m of source.code.matchAll(OPTION)) {
      found.push(...routeTree(source, m.index + m[0].length - 1, `(routes:${source.lineAt(m.index)})`, tree, constants));
    }
    return found;
  },
};

/** Whether an object is a route: it has a path and renders or nests something. */
function isRouteObject(p: Map<string, Span>): boolean {
  return p.has("path") && (p.has("component") || p.has("components") || p.has("children") || p.has("redirect"));
}

function beforeEnter(source: RouteSource, span: Span | undefined): string[] {
  if (!span) return [];
  const elements = source.code[span.start] === "[" ? arrayElements(source, span.start) : [span];
  return elements.map((e) => (isInline(source, e.start, e.end) ? "beforeEnter" : argumentName(source, e.start, e.end)));
}

/** `meta: { requiresAuth: true }` is a guard named after its flag. */
function metaGuards(source: RouteSource, span: Span | undefined): string[] {
  if (!span || source.code[span.start] !== "{") return [];
  return [...objectProperties(source, span.start)].filter(([key, value]) =>
    isGuardName(key) && code(source, value) === "true"
  ).map(([key]) => `meta.${key}`);
}

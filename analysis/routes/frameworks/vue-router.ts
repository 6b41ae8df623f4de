import type { Framework } from "../framework.ts";
import { argumentName, isInline } from "../js/names.ts";
import { arrayElements, code, objectProperties, type Span } from "../js/objects.ts";
import { componentName, type RouteObjects, routeTree } from "../js/route-tree.ts";
import { pathConstants } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const DECLARED = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*([^=;]+?))?\s*=\s*\[/g;
const TYPED = /^(?:RouteRecordRaw|RouteConfig|RouteRecord)\s*\[\s*\]$|^Array\s*<\s*(?:RouteRecordRaw|RouteConfig)\s*>$/;
const DEFAULT = /\bexport\s+default\s*\[/g;
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
    const found: Registration[] = [];
    const add = (open: number, name: string) => found.push(...routeTree(source, open, name, tree, constants));
    for (const m of source.code.matchAll(DECLARED)) {
      const open = m.index + m[0].length - 1;
      if (TYPED.test(m[2]?.trim() ?? "") || looksLikeRoutes(source, open)) add(open, m[1]!);
    }
    for (const m of source.code.matchAll(DEFAULT)) {
      if (looksLikeRoutes(source, m.index + m[0].length - 1)) add(m.index + m[0].length - 1, "default");
    }
    for (const m of source.code.matchAll(OPTION)) add(m.index + m[0].length - 1, `(routes:${source.lineAt(m.index)})`);
    return found;
  },
};

/** Whether an array literal holds route objects: its first object has a path and renders or nests something. */
function looksLikeRoutes(source: RouteSource, open: number): boolean {
  const first = arrayElements(source, open).find((e) => source.code[e.start] === "{");
  if (!first) return false;
  const p = objectProperties(source, first.start);
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

import type { Framework } from "../framework.ts";
import { argumentName } from "../js/names.ts";
import { code, type Span } from "../js/objects.ts";
import { componentName, declaredRouteTrees, importedModule, type RouteObjects, routeTree } from "../js/route-tree.ts";
import { pathConstants } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import type { RouteSource } from "../source.ts";
import { jsxRoutes } from "./react-router-jsx.ts";

const TYPED = /^(?:RouteObject|RouteConfig)\s*\[\s*\]$|^Array\s*<\s*RouteObject\s*>$/;
const INLINE = /\b(?:create(?:Browser|Hash|Memory)Router|useRoutes)\s*\(\s*\[/g;

/**
 * React Router: route objects (`createBrowserRouter([...])`, `useRoutes`, typed
 * `RouteObject[]` arrays, or arrays of `{ path, element }` objects) with nested `children`,
 * index routes and lazy modules, and JSX `<Route path element>` trees (react-router-jsx.ts).
 * What a route renders is its handler (a route rendering only a guard is a guard layout, no
 * page); guard components wrapping it (`<RequireAuth><Admin /></RequireAuth>`, a
 * `<ProtectedRoute />` layout) and auth-like loaders are its guards, and its children's.
 */
export const reactRouter: Framework = {
  id: "react-router",
  name: "React Router",
  languages: ["javascript", "typescript"],
  hint: /react-router|createBrowserRouter|RouteObject/,
  scan(source) {
    const constants = pathConstants(source);
    const tree: RouteObjects = {
      framework: "react-router",
      handler: (p) =>
        element(source, p.get("element")).handler ?? componentName(source, p.get("Component") ?? p.get("component")) ??
          lazyName(source, p.get("lazy")),
      guards: (p) => [...element(source, p.get("element")).guards, ...loaderGuard(source, p.get("loader"))],
    };
    const found = declaredRouteTrees(source, tree, constants, TYPED, (p) => isRouteObject(source, p));
    for (const m of source.code.matchAll(INLINE)) {
      found.push(...routeTree(source, m.index + m[0].length - 1, `(routes:${source.lineAt(m.index)})`, tree, constants));
    }
    found.push(...jsxRoutes(source, constants, (span) => element(source, span)));
    return found;
  },
};

/** What a JSX element renders, and the guard components around it: `<RequireAuth><Admin /></RequireAuth>`. */
export function element(
  source: RouteSource,
  span: Span | undefined,
): { handler: string | undefined; guards: string[] } {
  if (!span) return { handler: undefined, guards: [] };
  const names = [...source.code.slice(span.start, span.end).matchAll(/<\s*([A-Za-z_$][\w$.]*)/g)].map((m) => m[1]!)
    .filter((n) => /^[A-Z]/.test(n.split(".").at(-1)!));
  const guards = names.filter(isGuardComponent);
  return { handler: names.find((n) => !isGuardComponent(n)), guards };
}

// Pages and layouts named after what they show (`RoleCreatePage`, `AuthLayout`) guard nothing.
const SCREEN = /(?:Page|View|Screen|Layout|Container|Form|List|Details?|Provider|Component|Modal|Dialog)$/;
const isGuardComponent = (name: string): boolean => isGuardName(name) && !SCREEN.test(name);

function loaderGuard(source: RouteSource, span: Span | undefined): string[] {
  const name = span ? argumentName(source, span.start, span.end) : "(inline)";
  return name !== "(inline)" && isGuardName(name) ? [name] : [];
}

const lazyName = (source: RouteSource, span: Span | undefined) =>
  importedModule(source, span)?.split("/").at(-1)!.replace(/\.[jt]sx?$/, "");

/** Whether an object is a route: it has a path or index and renders or nests something. */
function isRouteObject(source: RouteSource, p: Map<string, Span>): boolean {
  return (p.has("path") || p.has("index")) && ["element", "Component", "lazy", "children"].some((k) => p.has(k)) &&
    !code(source, p.get("component")).includes("import");
}

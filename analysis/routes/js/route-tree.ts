import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { arrayElements, code, objectProperties, type Span } from "./objects.ts";
import { jsPath } from "./values.ts";

/** How one client router writes its route objects (`{ path, component, children }`). */
export type RouteObjects = {
  framework: string;
  /** What the route renders, as a handler name; undefined for a route that renders nothing itself. */
  handler(properties: Map<string, Span>): string | undefined;
  /** The guards a route declares; they protect its children too. */
  guards(properties: Map<string, Span>): string[];
  /** The module holding its children, loaded lazily (Angular's `loadChildren`). */
  lazyChildren?(properties: Map<string, Span>): string | undefined;
  /** Path syntax of the router written the common way (`:id(\\d+)` and `**` are framework-specific). */
  cleanPath?(path: string): string;
};

const IMPORTED = /import\s*\(\s*(["'`])/;

/**
 * The registrations of a route array: a router node `name` holding every route object below
 * it, with paths joined down the `children` tree (a child path starting with `/` is
 * absolute), and mounts for children held elsewhere (`children: adminRoutes`,
 * `...userRoutes`, lazily loaded modules). Index routes (`index: true`, `path: ""`) take
 * their parent's path; route objects without a path only group their children.
 */
const DECLARED = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*([^=;]+?))?\s*=\s*\[/g;
const DEFAULT = /\bexport\s+default\s*\[/g;

/**
 * The route arrays a file declares, read as route trees: `const routes: <typed> = [...]`, or any
 * declared or default-exported array whose first object `isRoute` accepts (by its properties).
 */
export function declaredRouteTrees(
  source: RouteSource,
  tree: RouteObjects,
  constants: Map<string, string>,
  typed: RegExp,
  isRoute: (properties: Map<string, Span>) => boolean,
): Registration[] {
  const looksLikeRoutes = (open: number) => {
    const first = arrayElements(source, open).find((e) => source.code[e.start] === "{");
    return first !== undefined && isRoute(objectProperties(source, first.start));
  };
  const found: Registration[] = [];
  for (const m of source.code.matchAll(DECLARED)) {
    const open = m.index + m[0].length - 1;
    if (typed.test(m[2]?.trim() ?? "") || looksLikeRoutes(open)) found.push(...routeTree(source, open, m[1]!, tree, constants));
  }
  for (const m of source.code.matchAll(DEFAULT)) {
    const open = m.index + m[0].length - 1;
    if (looksLikeRoutes(open)) found.push(...routeTree(source, open, "default", tree, constants));
  }
  return found;
}

export function routeTree(
  source: RouteSource,
  open: number,
  name: string,
  objects: RouteObjects,
  constants: Map<string, string>,
): Registration[] {
  const found: Registration[] = [{
    type: "router",
    framework: objects.framework,
    name,
    prefix: "",
    guards: [],
    line: source.lineAt(open),
  }];
  const mount = (prefix: string, guards: string[], line: number, args: string[], specifiers: string[]) =>
    found.push({
      type: "use",
      framework: objects.framework,
      owner: name,
      prefix,
      args,
      specifiers,
      guards,
      mountOnly: true,
      line,
    });
  const walk = (array: number, prefix: string, inherited: string[]) => {
    for (const element of arrayElements(source, array)) {
      const text = source.code.slice(element.start, element.end);
      const line = source.lineAt(element.start);
      const spread = /^\.\.\.\s*([A-Za-z_$][\w$]*)$/.exec(text);
      if (spread) mount(prefix, inherited, line, [spread[1]!], []);
      if (source.code[element.start] !== "{") continue;
      const properties = objectProperties(source, element.start);
      const pathSpan = properties.get("path");
      const raw = pathSpan ? jsPath(source, pathSpan.start, pathSpan.end, constants) : "";
      if (raw === undefined) continue;
      const path = objects.cleanPath ? objects.cleanPath(raw) : raw;
      const full = path.startsWith("/") ? joinPaths(path) : joinPaths(prefix, path);
      const guards = [...inherited, ...objects.guards(properties)];
      const handler = objects.handler(properties);
      if (handler && (pathSpan || /^true$/.test(code(source, properties.get("index"))))) {
        found.push({
          type: "route",
          framework: objects.framework,
          kind: "client",
          methods: ["GET"],
          path: full,
          handler,
          guards: [...new Set(guards)],
          owner: name,
          line,
        });
      }
      const children = properties.get("children");
      if (children && source.code[children.start] === "[") walk(children.start, full, guards);
      else if (children && /^[A-Za-z_$][\w$]*$/.test(code(source, children))) {
        mount(full, guards, line, [code(source, children)], []);
      }
      const lazy = objects.lazyChildren?.(properties);
      if (lazy) mount(full, guards, line, [], [lazy]);
    }
  };
  walk(open, "", []);
  return found;
}

/** The module a lazy `() => import("./x")` loads, if the span holds one. */
export function importedModule(source: RouteSource, span: Span | undefined): string | undefined {
  if (!span) return undefined;
  const m = IMPORTED.exec(source.code.slice(span.start, span.end));
  return m ? source.stringAt(span.start + m.index + m[0].length - 1)?.value : undefined;
}

/**
 * A readable name for what a route renders: `UsersPage`, `users.component` for
 * `() => import("./users.component")`, `UsersComponent` for `.then((m) => m.UsersComponent)`.
 */
export function componentName(source: RouteSource, span: Span | undefined): string | undefined {
  if (!span) return undefined;
  const text = source.code.slice(span.start, span.end);
  const picked = /\.then\s*\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*\1\s*\.\s*([A-Za-z_$][\w$]*)/.exec(text);
  if (picked) return picked[2];
  const module = importedModule(source, span);
  if (module) return module.split("/").at(-1)!.replace(/\.(?:[jt]sx?|vue)$/, "");
  const jsx = /<\s*([A-Za-z_$][\w$.]*)/.exec(text);
  if (jsx) return jsx[1];
  return /^[A-Za-z_$][\w$.]*$/.test(text.trim()) ? text.trim() : undefined;
}

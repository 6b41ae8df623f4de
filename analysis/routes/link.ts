import { isGuardName, joinPaths } from "./paths.ts";
import type { FileRoutes, RouteKind, RouteRegistration, RouterRegistration } from "./registration.ts";

/** A route with its full path, as the linker produces it. */
export type LinkedRoute = {
  method: string;
  path: string;
  file: string;
  line: number;
  framework: string;
  handler: string;
  guards: string[];
  kind: RouteKind;
};

type Node = {
  key: string;
  file: string;
  router: RouterRegistration | undefined;
  routes: RouteRegistration[];
  /** Middleware guards registered on the node, each under a prefix relative to it. */
  guards: { prefix: string; name: string }[];
  mounts: { child: string; prefix: string; guards: string[] }[];
};

/** Resolves an import specifier of a file to a repository file, through the graph's edges. */
export type ResolveSpecifier = (from: string, specifier: string) => string | undefined;

const MAX_DEPTH = 12;

/**
 * Puts the registrations of every file together: routes hang on routers, routers are mounted
 * on other routers under prefixes (in the same file or across files, through imports and
 * exports), and guards apply to the scope they were registered in. Routes whose owner is not
 * a known router are dropped: `cache.get("/x", y)` is not a route.
 */
export function linkRoutes(files: ReadonlyMap<string, FileRoutes>, resolve: ResolveSpecifier): LinkedRoute[] {
  const nodes = new Map<string, Node>();
  const node = (file: string, name: string): Node => {
    const key = `${file}#${name}`;
    let found = nodes.get(key);
    if (!found) nodes.set(key, (found = { key, file, router: undefined, routes: [], guards: [], mounts: [] }));
    return found;
  };
  const exportsOf = new Map<string, Map<string, string>>();
  for (const [file, routes] of files) {
    const exported = new Map<string, string>();
    for (const r of routes.registrations) {
      if (r.type === "export") exported.set(r.as, r.local);
      if (r.type === "router") node(file, r.name).router = r;
    }
    exportsOf.set(file, exported);
  }

  /** The router node a name stands for in a file: a local router, or an imported one. */
  const lookup = (file: string, name: string, depth = 0): Node | undefined => {
    if (depth > 5) return undefined;
    const local = nodes.get(`${file}#${name}`);
    if (local?.router) return local;
    const binding = files.get(file)?.bindings.find((b) => b.local === name);
    if (!binding) return undefined;
    const target = resolve(file, binding.specifier);
    return target ? exported(target, binding.imported, depth + 1) : undefined;
  };
  const exported = (file: string, name: string, depth: number): Node | undefined => {
    const local = exportsOf.get(file)?.get(name);
    if (local) return lookup(file, local, depth);
    if (name === "default" || name === "*") {
      const routers = [...nodes.values()].filter((n) => n.file === file && n.router);
      if (routers.length === 1) return routers[0];
    }
    return lookup(file, name, depth);
  };

  const standalone: LinkedRoute[] = [];
  const globalPrefix = new Map<string, string>();
  const globalGuards = new Map<string, string[]>();
  const mounted = new Set<string>();
  for (const [file, routes] of files) {
    for (const r of routes.registrations) {
      if (r.type === "global") {
        if (r.prefix) globalPrefix.set(r.framework, r.prefix);
        if (r.guard) globalGuards.set(r.framework, [...(globalGuards.get(r.framework) ?? []), r.guard]);
      } else if (r.type === "route") {
        if (r.owner === "") standalone.push(...emit(r, file, "", r.guards));
        else lookup(file, r.owner)?.routes.push(r);
      } else if (r.type === "use") {
        const parent = lookup(file, r.owner);
        if (!parent) continue;
        const children = [
          ...r.args.map((arg) => ({ arg, child: lookup(file, arg) })),
          ...r.specifiers.map((s) => {
            const target = resolve(file, s);
            return { arg: s, child: target ? exported(target, "default", 1) : undefined };
          }),
        ];
        const middleware = children.filter((c) => !c.child).map((c) => c.arg).filter(isGuardName);
        for (const { child } of children) {
          if (child && child !== parent) {
            parent.mounts.push({ child: child.key, prefix: r.prefix, guards: [...r.guards, ...middleware] });
            mounted.add(child.key);
          }
        }
        for (const name of [...middleware, ...r.guards]) parent.guards.push({ prefix: r.prefix, name });
      }
    }
  }

  const linked: LinkedRoute[] = [];
  const walk = (current: Node, prefix: string, guards: string[], depth: number, path: Set<string>) => {
    if (depth > MAX_DEPTH || path.has(current.key)) return;
    const base = joinPaths(prefix, current.router?.prefix ?? "");
    const own = [...guards, ...(current.router?.guards ?? [])];
    for (const route of current.routes) {
      const scoped = current.guards.filter((g) => covers(g.prefix, route.path)).map((g) => g.name);
      linked.push(...emit(route, current.file, base, [...own, ...scoped, ...route.guards]));
    }
    const next = new Set(path).add(current.key);
    for (const mount of current.mounts) {
      const child = nodes.get(mount.child)!;
      const scoped = current.guards.filter((g) => covers(g.prefix, mount.prefix) && !mount.guards.includes(g.name)).map((g) => g.name);
      walk(child, joinPaths(base, mount.prefix), [...own, ...scoped, ...mount.guards], depth + 1, next);
    }
  };
  for (const root of nodes.values()) if (!mounted.has(root.key)) walk(root, "", [], 0, new Set());

  return [...linked, ...standalone].map((route) => ({
    ...route,
    path: route.kind === "http" ? joinPaths(globalPrefix.get(route.framework) ?? "", route.path) : route.path,
    guards: [...new Set([...(globalGuards.get(route.framework) ?? []), ...route.guards])],
  }));
}

/** One linked route per method of a registration. */
function emit(route: RouteRegistration, file: string, prefix: string, guards: string[]): LinkedRoute[] {
  return route.methods.map((method) => ({
    method,
    path: route.kind === "http" || route.kind === "fs" || route.kind === "client" ? joinPaths(prefix, route.path) : route.path,
    file,
    line: route.line,
    framework: route.framework,
    handler: route.handler,
    guards: [...new Set(guards)],
    kind: route.kind,
  }));
}

/** Whether middleware registered under `prefix` runs for `path` (both relative to the same router). */
function covers(prefix: string, path: string): boolean {
  const p = joinPaths(prefix);
  return p === "/" || joinPaths(path) === p || joinPaths(path).startsWith(p + "/");
}

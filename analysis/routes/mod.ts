/** Entry points: routes found by the framework scanners, linked across files, with what they reach. */
import { isTestFile } from "../entry-points.ts";
import type { FileFacts } from "../facts.ts";
import type { Edge, Route, RoutesSection } from "../schema.ts";
import { linkRoutes } from "./link.ts";
import { WRITE_METHODS } from "./paths.ts";
import type { FileRoutes } from "./registration.ts";

export { extractRoutes } from "./extract.ts";

/**
 * The `routes` section: every entry point with its full path, guards and what its handler's
 * file reaches; routes defined twice; write routes without a route-level guard when no
 * global guard exists.
 */
export function routesSection(facts: readonly FileFacts[], edges: readonly Edge[], componentOf: Map<string, string>): RoutesSection {
  const files = new Map<string, FileRoutes>();
  // Routes in tests are fakes (msw, nock, stub servers), never the application's entry points.
  for (const f of facts) if (f.routes && !isTestFile(f.path)) files.set(f.path, f.routes);
  const bySpecifier = new Map<string, string>();
  for (const edge of edges) bySpecifier.set(`${edge.from}\0${edge.specifier}`, edge.to);
  const linked = linkRoutes(files, (from, specifier) => bySpecifier.get(`${from}\0${specifier}`));

  const reach = reachability(edges, componentOf);
  const items: Route[] = linked
    .map((route) => ({ ...route, reaches: { components: reach(route.file), integrations: [] } }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method) || a.file.localeCompare(b.file));

  const globalGuard = items.some((r) => r.kind === "http" && r.guards.length > 0 && isAppLevel(r, items));
  const ref = (r: Route) => ({ method: r.method, path: r.path, file: r.file, line: r.line });
  const groups = new Map<string, Route[]>();
  for (const r of items) {
    if (r.kind !== "http") continue;
    const key = `${r.method} ${r.path}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const duplicates = [...groups.values()]
    .filter((g) => g.length > 1 && new Set(g.map((r) => `${r.file}:${r.line}`)).size > 1)
    .map((g) => ({ method: g[0]!.method, path: g[0]!.path, routes: g.map(ref) }));
  const unguardedWrites = globalGuard ? [] : items.filter((r) => r.kind === "http" && WRITE_METHODS.has(r.method) && r.guards.length === 0).map(ref);

  return {
    items,
    frameworks: [...new Set(items.map((r) => r.framework))].sort(),
    duplicates,
    unguardedWrites,
    globalGuard,
    contracts: [],
    drift: { documentedNotImplemented: [], implementedNotDocumented: [] },
  };
}

/** A guard every route of the app shares counts as global: it was registered at the root. */
function isAppLevel(route: Route, items: readonly Route[]): boolean {
  const http = items.filter((r) => r.kind === "http" && r.framework === route.framework);
  return route.guards.some((guard) => http.every((r) => r.guards.includes(guard)));
}

/** Components a file reaches through runtime imports, itself included, memoised per file. */
function reachability(edges: readonly Edge[], componentOf: Map<string, string>): (file: string) => string[] {
  const adjacency = new Map<string, string[]>();
  for (const e of edges) if (e.kind !== "type") (adjacency.get(e.from) ?? adjacency.set(e.from, []).get(e.from)!).push(e.to);
  const memo = new Map<string, string[]>();
  return (file) => {
    const known = memo.get(file);
    if (known) return known;
    const seen = new Set([file]);
    const queue = [file];
    for (let i = 0; i < queue.length; i++) for (const next of adjacency.get(queue[i]!) ?? []) if (!seen.has(next)) (seen.add(next), queue.push(next));
    const components = [...new Set([...seen].map((f) => componentOf.get(f)).filter((c): c is string => !!c))].sort();
    memo.set(file, components);
    return components;
  };
}

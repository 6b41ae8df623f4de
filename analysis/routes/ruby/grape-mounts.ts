/**
 * Grape APIs a Rails app mounts, filled in before linking: `mount Api::V3 => "/"` in
 * config/routes.rb serves the API class's routes (frameworks/grape.ts) under the mount's path,
 * with the guards around the mount, where the repository holds the class; a mounted Rack app it
 * does not hold (`Sidekiq::Web`) stays one route for every path under the mount.
 */
import type { FileRoutes, Registration } from "../registration.ts";

// The router a Rails route file's routes hang on (frameworks/rails.ts).
const ROUTER = "routes";

export function withGrapeMounts(files: ReadonlyMap<string, FileRoutes>): ReadonlyMap<string, FileRoutes> {
  const apis = new Set<string>();
  for (const f of files.values()) for (const r of f.registrations) if (r.type === "router" && r.framework === "grape") apis.add(r.name.replace(/^::/, ""));
  if (!apis.size) return files;
  const mounted = (r: Registration) => r.type === "route" && r.framework === "rails" && apis.has(r.handler.replace(/^::/, ""));
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!routes.registrations.some(mounted)) {
      result.set(file, routes);
      continue;
    }
    const registrations = routes.registrations.map((r): Registration => {
      if (r.type !== "route" || !mounted(r)) return r;
      const name = r.handler.replace(/^::/, "");
      return { type: "use", framework: "rails", owner: ROUTER, prefix: r.path, args: [`grape:${name.includes("::") ? name : `::${name}`}`], specifiers: [], guards: r.guards, mountOnly: true, line: r.line };
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

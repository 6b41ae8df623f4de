/**
 * Rails engines of the repository mounted by the app, filled in before linking: `mount
 * DfcProvider::Engine, at: "/dfc"` serves the routes the engine draws in its own route file
 * (`DfcProvider::Engine.routes.draw do ... end` in engines/dfc_provider/config/routes.rb) under
 * the mount's path, once per mount, with the guards around the mount; they are then served
 * nowhere else. An engine whose routes the repository does not hold (a gem's) stays one route
 * for every path under the mount. One drawn in a file that draws the app's own routes as well
 * (config/routes/spree.rb) stays where it is drawn, at the root, and its mount is no route of its own.
 */
import { dirname, relative } from "node:path";
import type { FileRoutes, Registration } from "../registration.ts";

type Project = { text(path: string): string | undefined };

const ENGINE = /^(?:::)?((?:[A-Z]\w*::)*[A-Z]\w*::Engine)$/;
const ROUTER = "routes";

export function withRailsEngineMounts(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): ReadonlyMap<string, FileRoutes> {
  const mounted = (r: Registration) => r.type === "route" && r.framework === "rails" && ENGINE.test(r.handler);
  if (!project || ![...files.values()].some((f) => f.registrations.some(mounted))) return files;
  const drawing = new Map<string, { file: string; appToo: boolean } | undefined>();
  /** The route file that draws an engine's routes, if the repository holds one, and whether it draws the app's too. */
  const fileOf = (engine: string) => {
    if (!drawing.has(engine)) {
      const draws = new RegExp(String.raw`(?:^|[^\w:])${engine}\.routes\.draw\b`, "m");
      const found = [...files.keys()].flatMap((file) => {
        const text = /(?:^|\/)config\/routes(?:\/[\w/]+)?\.rb$/.test(file) ? project.text(file) : undefined;
        return text && draws.test(text) ? [{ file, appToo: /\bApplication\.routes\.draw\b/.test(text) }] : [];
      });
      drawing.set(engine, found.length === 1 ? found[0] : undefined);
    }
    return drawing.get(engine);
  };
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!routes.registrations.some(mounted)) {
      result.set(file, routes);
      continue;
    }
    const registrations = routes.registrations.flatMap((r): Registration[] => {
      if (r.type !== "route" || !mounted(r)) return [r];
      const target = fileOf(ENGINE.exec(r.handler)![1]!);
      if (target === undefined || target.file === file) return [r];
      if (target.appToo) return [];
      const specifier = relative(dirname(file), target.file);
      return [{ type: "use", framework: "rails", owner: ROUTER, prefix: r.path, args: [], specifiers: [specifier.startsWith(".") ? specifier : `./${specifier}`], guards: r.guards, mountOnly: true, line: r.line }];
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

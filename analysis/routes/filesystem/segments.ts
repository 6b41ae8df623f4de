import { moduleExports } from "../frameworks/fs-exports.ts";
import { dirOf, joinPath } from "../../project.ts";
import { joinPaths } from "../paths.ts";
import type { FsApp, FsRoute } from "./framework.ts";

/**
 * A folder or file name with its parameters written `{name}`: `[id]`, `[...slug]`,
 * `[[...slug]]`, `[[lang]]`, SvelteKit's `[id=integer]`, also inside a name (`post-[id]`).
 */
export const paramSegment = (segment: string): string =>
  segment.replace(/\[{1,2}(?:\.\.\.)?([\w$-]+)(?:=\w+)?\]{1,2}/g, "{$1}");

/** A route group `(marketing)`: it organises files and adds nothing to the path. */
export const isGroup = (segment: string): boolean => /^\(.+\)$/.test(segment);

/** The path the folders and name of a route file make, once groups and index names are dropped. */
export function routePath(segments: readonly string[]): string {
  return joinPaths(...segments.filter((s) => s && s !== "index" && !isGroup(s)).map(paramSegment));
}

/** A page: served with GET, rendered by the module's default export. */
export const page = (file: string, path: string): FsRoute => ({
  method: "GET",
  path,
  file,
  line: 1,
  handler: "(page)",
  guards: [],
  kind: "fs",
});

const REEXPORT_ALL = /\bexport\s*\*\s*from\s*["'](\.{1,2}\/[^"']+)["']/;
const MODULE_EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", "/route.ts", "/route.js", "/index.ts", "/index.js"];

/**
 * The route module whose handlers a module passes on whole (`export * from "../../workspaces/route"`,
 * an old path kept as an alias of a new one), when it exports none of its own.
 */
function reexportedModule(app: FsApp, file: string): string | undefined {
  if (moduleExports(app.exports(file)).handlers.length) return undefined;
  const specifier = REEXPORT_ALL.exec(app.text(file) ?? "")?.[1];
  if (!specifier) return undefined;
  const base = joinPath(dirOf(file), specifier);
  return base === undefined ? undefined : MODULE_EXTENSIONS.map((ext) => base + ext).find((candidate) => app.files.includes(candidate));
}

/**
 * The request handlers of an API module under `path`: one route per exported method, or
 * `fallback` methods (`ALL`) at line 1 when the module names none it could read.
 */
export function handlerRoutes(
  app: FsApp,
  file: string,
  path: string,
  fallback: readonly string[] = ["ALL"],
): FsRoute[] {
  const { handlers } = moduleExports(app.exports(reexportedModule(app, file) ?? file));
  if (handlers.length === 0) {
    return fallback.map((method) => ({ method, path, file, line: 1, handler: "default", guards: [], kind: "http" }));
  }
  return handlers.map((h) => ({
    method: h.methods[0]!,
    path,
    file,
    line: h.line,
    handler: h.handler,
    guards: h.guards,
    kind: "http",
    ...(h.anonymous ? { public: true } : {}),
  }));
}

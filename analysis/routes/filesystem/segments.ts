import { moduleExports } from "../frameworks/fs-exports.ts";
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
  const { handlers } = moduleExports(app.exports(file));
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

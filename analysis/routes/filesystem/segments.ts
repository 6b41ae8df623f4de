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
  return specifier ? appModule(app, file, specifier) : undefined;
}

/**
 * The app's module a specifier names from `file`: relative (`../lib/auth`), or through the alias
 * of the app's root most apps set (`@/modules/auth`, `~/lib/auth`, also under `src/`).
 */
export function appModule(app: FsApp, file: string, specifier: string): string | undefined {
  const bases = specifier.startsWith(".") ? [joinPath(dirOf(file), specifier)] : /^[@~]\//.test(specifier) ? [specifier.slice(2), `src/${specifier.slice(2)}`] : [];
  return bases.flatMap((base) => (base === undefined ? [] : MODULE_EXTENSIONS.map((ext) => base + ext))).find((candidate) => app.files.includes(candidate));
}

/**
 * The module a handler a route module passes on by name comes from (`import { GET } from
 * "@/modules/api/v2/management/webhooks/route"; export { GET }`, or `export { GET } from "..."`).
 */
function passedOnFrom(app: FsApp, file: string, name: string): string | undefined {
  const escaped = name.replace(/\$/g, "\\$");
  const specifier = new RegExp(String.raw`\b(?:import|export)\s*(?:type\s+)?\{[^}]*\b${escaped}\b[^}]*\}\s*from\s*(["'])([^"']+)\1`).exec(app.text(file) ?? "")?.[2];
  return specifier === undefined ? undefined : appModule(app, file, specifier);
}

/**
 * The request handlers of an API module under `path`: one route per exported method, or
 * `fallback` methods (`ALL`) at line 1 when the module names none it could read. A handler the
 * module passes on from another module is guarded as it is there.
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
  return handlers.map((h) => {
    const from = h.guards.length ? undefined : passedOnFrom(app, file, h.handler);
    const there = from && from !== file ? moduleExports(app.exports(from)).handlers.find((other) => other.handler === h.handler) : undefined;
    const { guards, anonymous } = there ?? h;
    return {
      method: h.methods[0]!,
      path,
      file,
      line: h.line,
      handler: h.handler,
      guards,
      kind: "http",
      ...(anonymous ? { public: true } : {}),
    };
  });
}

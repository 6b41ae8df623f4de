import { delegatedHandlers, moduleExports } from "../frameworks/fs-exports.ts";
import { SYNTAX } from "../frameworks/mod.ts";
import { strip } from "../../languages/strip.ts";
import type { RouteRegistration } from "../registration.ts";
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

// `export default limitsHandler;`, or a default handler that only hands the request on: `return handleRoute(req, res)`.
const DEFAULT_PASSED_ON = /\bexport\s*\{\s*default\s*\}\s*from\s*(["'])([^"']+)\1/;
const DEFAULT_NAME = /\bexport\s+default\s+([A-Za-z_$][\w$]*)\s*;/;
const HANDS_ON = /\bexport\s+default\s+(?:async\s+)?function\b[^(]*\(([^)]*)\)\s*(?::[^{]*)?\{\s*return\s+(?:await\s+)?([A-Za-z_$][\w$]*)\s*\(\s*([\w$]+)\s*,\s*([\w$]+)\s*\)\s*;?\s*\}/;

/**
 * The handlers of the function a page route's default export is, or hands its request to, when
 * another module of the app defines it (`import limitsHandler from "@/ee/limits/handler"`): the
 * methods it compares `req.method` with, guarded as there, at the line of the export.
 */
function delegatedRoutes(app: FsApp, file: string): { handlers: RouteRegistration[]; line: number } {
  const none = { handlers: [], line: 1 };
  const text = app.text(file) ?? "";
  const lineAt = (at: number) => text.slice(0, at).split("\n").length;
  // `export { default } from "@/ee/features/templates/api/apply-template"`: that module's default export, whole.
  const passed = DEFAULT_PASSED_ON.exec(text);
  if (passed) return handlersIn(app, file, passed[2]!, "default", lineAt(passed.index)) ?? none;
  const direct = DEFAULT_NAME.exec(text);
  const handing = direct ? undefined : HANDS_ON.exec(text);
  // The request and response, handed on as they came.
  if (handing && !handing[1]!.includes(handing[3]!)) return none;
  const local = direct?.[1] ?? handing?.[2];
  if (!local) return none;
  const escaped = local.replace(/\$/g, "\\$");
  const byDefault = new RegExp(String.raw`\bimport\s+${escaped}\s+from\s*(["'])([^"']+)\1`).exec(text);
  const byName = byDefault ? undefined : new RegExp(String.raw`\bimport\s*\{[^}]*?\b(?:([\w$]+)\s+as\s+)?${escaped}\b[^}]*\}\s*from\s*(["'])([^"']+)\2`).exec(text);
  const specifier = byDefault?.[2] ?? byName?.[3];
  return (specifier !== undefined && handlersIn(app, file, specifier, byDefault ? "default" : byName?.[1] ?? local, lineAt((direct ?? handing)!.index))) || none;
}

/** The handlers of what the app's module `specifier` exports as `name`, reported at `line` of `file`. */
function handlersIn(app: FsApp, file: string, specifier: string, name: string, line: number): { handlers: RouteRegistration[]; line: number } | undefined {
  const module = appModule(app, file, specifier);
  const text = module === undefined ? undefined : app.text(module);
  if (module === undefined || text === undefined) return undefined;
  return { handlers: delegatedHandlers({ ...strip(text, SYNTAX.typescript!), path: module, text }, name), line };
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
    const delegated = delegatedRoutes(app, file);
    if (delegated.handlers.length) {
      return delegated.handlers.map((h) => ({ method: h.methods[0]!, path, file, line: delegated.line, handler: h.handler, guards: h.guards, kind: "http", ...(h.anonymous ? { public: true } : {}) }));
    }
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

const layoutMemo = new WeakMap<FsApp, { files: Set<string>; checks: Map<string, string | undefined> }>();

/**
 * The check of the nearest layout above a route (Next.js's `app/dashboard/layout.tsx`, SvelteKit's
 * `+layout.server.ts`): a layout wraps every page below it, so its check guards them all. `folders`
 * are the route's folders from the app's root, searched up to the first `stop` of them; `layouts`
 * the names a layout file may have; `judge` reads a layout's text for its check. Each folder's
 * answer is kept for the app.
 */
export function nearestLayoutCheck(app: FsApp, folders: readonly string[], stop: number, layouts: readonly string[], judge: (text: string) => string | undefined): string | undefined {
  let memo = layoutMemo.get(app);
  if (!memo) layoutMemo.set(app, (memo = { files: new Set(app.files), checks: new Map() }));
  const { files, checks } = memo;
  for (let depth = folders.length; depth >= stop; depth--) {
    const folder = folders.slice(0, depth).join("/");
    const key = `${layouts[0]}\0${folder}`;
    if (!checks.has(key)) {
      const layout = layouts.map((name) => `${folder}/${name}`).find((f) => files.has(f));
      checks.set(key, layout ? judge(app.text(layout) ?? "") : undefined);
    }
    const check = checks.get(key);
    if (check) return check;
  }
  return undefined;
}

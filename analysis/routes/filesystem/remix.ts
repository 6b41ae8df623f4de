import { moduleExports } from "../frameworks/fs-exports.ts";
import { joinPaths } from "../paths.ts";
import type { FsApp, FsFramework, FsRoute } from "./framework.ts";
import { handlerRoutes } from "./segments.ts";

const MODULE = /\.(?:[jt]sx?|mdx?)$/;

/**
 * Remix and React Router's file routes (`app/routes/`): flat names where `.` is `/`
 * (`users.$id.tsx`, or a folder `users.$id/route.tsx`), `$id` parameters, `$` splats,
 * `_index` index routes, `_layout` pathless layouts, `users_` escaping the parent layout,
 * `($lang)` optional segments, `[.]` escapes; Remix 1's nested folders. A module with a
 * default export is a page (its loader's guards protect it) whose `action` takes its form
 * posts; one without is a resource route serving its `loader` (GET) and `action` (POST).
 */
export const remix: FsFramework = {
  id: "remix",
  name: "Remix",
  packages: /^@remix-run\/(?:react|node|dev|serve|cloudflare|deno)$|^@react-router\/(?:dev|fs-routes)$/,
  configs: /^(?:remix|react-router)\.config\.[cm]?[jt]s$/,
  routes(app) {
    // React Router's app/routes.ts lists its routes in code unless it asks for file routes (its own, or remix-flat-routes').
    const config = app.files.find((f) => /^app\/routes\.[jt]s$/.test(f));
    const flat = !!app.version("remix-flat-routes") && (!config || /["']remix-flat-routes["']/.test(app.text(config) ?? ""));
    if (config && !flat && !app.version("@react-router/fs-routes")) return [];
    const nested = /^[~^]?1\./.test(app.version("@remix-run/react") ?? "");
    // Each route module by the segments of its name (`users_.$id.edit` is `users_`, `$id`, `edit`), with its path.
    const modules = new Map<string, { file: string; segments: string[]; path: string }>();
    for (const file of app.files) {
      const segments = file.split("/");
      if (segments[0] !== "app" || segments[1] !== "routes") continue;
      const rest = segments.slice(2);
      if (flat) {
        const route = flatRoute(rest.join("/"));
        if (route) modules.set(route.segments.join("/"), { file, ...route });
        continue;
      }
      const name = rest.length === 1 && MODULE.test(rest[0]!)
        ? rest[0]!.replace(MODULE, "")
        : !nested && rest.length === 2 && /^route\.[jt]sx?$/.test(rest[1]!)
        ? rest[0]!
        : nested && MODULE.test(rest.at(-1)!)
        ? [...rest.slice(0, -1), rest.at(-1)!.replace(MODULE, "")].join(".")
        : undefined;
      if (name !== undefined) modules.set(name.split(".").join("/"), { file, segments: name.split("."), path: remixPath(name, nested) });
    }
    // A layout's loader runs before every page below it: `_auth.tsx` requiring a user protects `_auth.settings.tsx`.
    const loaderGuards = (segments: string[]) =>
      moduleExports(app.exports(modules.get(segments.join("/"))?.file ?? "")).handlers.find((h) => h.handler === "loader")?.guards ?? [];
    const inherited = (segments: string[]) => segments.slice(1).flatMap((_, i) => loaderGuards(segments.slice(0, i + 1)));
    // A pathless layout (`_auth.tsx`) only wraps its children: it has no URL of its own.
    const pathless = (segments: string[]) => /^_(?!index$)/.test(segments.at(-1)!);
    return [...modules.values()].filter(({ segments }) => !pathless(segments)).flatMap(({ file, segments, path }) =>
      fileRoutes(app, file, path, inherited(segments))
    );
  },
};

// remix-flat-routes (its defaults): a file in a folder is a route module when the folder ends in
// `+` (hybrid routes: `_layout+/assets.$id.tsx` is `_layout.assets.$id`), or when it is the
// folder's `route`, `index`, `layout`, `page`, `_`-named or `*.route` file; `.server` files and
// tests (the ignoredRouteFiles the apps set) never are.
const FLAT_ROUTE_FILE = /((\+\/[^/:?*]+)|\/((index|route|layout|page)|(_[^/:?*]+)|([^/:?*]+\.route)))\.(ts|tsx|js|jsx|md|mdx)$/;
const FLAT_INDEX = /((^|[.]|[+]\/)(index|_index))(\/[^/]+)?$|(\/_?index\/)/;

/** A remix-flat-routes module by its path under `app/routes/`: its name's segments and its URL. */
function flatRoute(relative: string): { segments: string[]; path: string } | undefined {
  const base = relative.split("/").at(-1)!;
  if (!MODULE.test(base) || base.startsWith(".") || /\.(?:test|spec)\./.test(base) || /\.server\.[jt]sx?$/.test(base)) return undefined;
  if (relative.includes("/") && !FLAT_ROUTE_FILE.test(relative)) return undefined;
  let name = relative.replace(MODULE, "");
  const index = FLAT_INDEX.test(name);
  const plus = /\+\//.test(name);
  if (plus) name = name.replace(/\+\/_\./g, "_+/").replace(/\+\//g, ".");
  // A file in a plain folder (left after flattening `+` folders) is the module of the folder's route.
  if (name.includes("/") && !name.endsWith(".route")) name = name.slice(0, name.lastIndexOf("/"));
  let segments = splitUnescaped(name);
  if (segments.at(-1) === "route") segments = segments.slice(0, -1);
  // A `+` folder's `_layout.tsx` is the folder's own route.
  if (!index && plus && segments.at(-1)?.startsWith("_")) segments = segments.slice(0, -1);
  const parts = segments.map((segment, i) => (index && i === segments.length - 1 ? "" : segment));
  return { segments, path: flatPath(parts) };
}

/** The segments of a flat name, split at `.` and `/` outside `[...]` escapes. */
function splitUnescaped(name: string): string[] {
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const c of name) {
    if (c === "[" || c === "]") escaped = c === "[";
    if ((c === "." || c === "/") && !escaped) (current && segments.push(current), current = "");
    else current += c;
  }
  if (current) segments.push(current);
  return segments;
}

/** remix-flat-routes' path of a route's segments: `_x` pathless, `x_` unnested, `[...]` escapes, `$id`, `$`, `($lang)`. */
function flatPath(segments: readonly string[]): string {
  return joinPaths(...segments.flatMap((raw) => {
    if (!raw || raw.startsWith("_")) return [];
    const segment = raw.replace(/_$/, "").replace(/\[([^\]]*)\]/g, "$1");
    if (segment === "$") return ["*"];
    // A parameter may have an escaped suffix (`$fileName[.csv]` is `{fileName}.csv`).
    if (raw.startsWith("$")) return [segment.replace(/^\$([\w-]+)/, "{$1}")];
    if (raw.startsWith("($")) return [`{${segment.slice(2, -1)}}`];
    if (raw.startsWith("(")) return [segment.slice(1, -1)];
    return [segment];
  }));
}

function fileRoutes(app: FsApp, file: string, path: string, inherited: string[]): FsRoute[] {
  const { handlers, page } = moduleExports(app.exports(file));
  if (page || handlers.length === 0) {
    const loader = handlers.find((h) => h.handler === "loader");
    // Its action takes the form posts, or the methods it tells apart.
    const form: FsRoute[] = handlers.filter((h) => h.handler === "action")
      .map((action) => ({ method: action.methods[0]!, path, file, line: action.line, handler: "action", guards: action.guards, kind: "http" }));
    const guards = [...new Set([...inherited, ...(loader?.guards ?? [])])];
    return [{ method: "GET", path, file, line: 1, handler: "(page)", guards, kind: "fs" }, ...form];
  }
  return handlerRoutes(app, file, path);
}

/** A flat route name as a path: `users_.$id.edit` is `/users/{id}/edit`, `_auth.login` is `/login`. */
export function remixPath(name: string, nested: boolean): string {
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const c of name) {
    if (c === "[" || c === "]") escaped = c === "[";
    else if (c === "." && !escaped) (segments.push(current), current = "");
    else current += escaped && c === "$" ? "\0" : c;
  }
  segments.push(current);
  return joinPaths(...segments.flatMap((segment) => {
    if (segment === "_index" || (nested && segment === "index") || segment.startsWith("_")) return [];
    const s = segment.replace(/_$/, "");
    if (s === "$") return ["*"];
    return [
      s.replace(/^\(\$?([\w-]+)\)$/, (_, p: string) => (segment.startsWith("($") ? `{${p}}` : p)).replace(
        /^\$([\w-]+)$/,
        "{$1}",
      ).replace(/\0/g, "$"),
    ];
  }));
}

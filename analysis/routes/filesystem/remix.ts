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
    // React Router's app/routes.ts lists its routes in code unless it asks for file routes.
    if (app.files.some((f) => /^app\/routes\.[jt]s$/.test(f)) && !app.version("@react-router/fs-routes")) return [];
    const nested = /^[~^]?1\./.test(app.version("@remix-run/react") ?? "");
    const modules = new Map<string, string>();
    for (const file of app.files) {
      const segments = file.split("/");
      if (segments[0] !== "app" || segments[1] !== "routes") continue;
      const rest = segments.slice(2);
      const name = rest.length === 1 && MODULE.test(rest[0]!)
        ? rest[0]!.replace(MODULE, "")
        : !nested && rest.length === 2 && /^route\.[jt]sx?$/.test(rest[1]!)
        ? rest[0]!
        : nested && MODULE.test(rest.at(-1)!)
        ? [...rest.slice(0, -1), rest.at(-1)!.replace(MODULE, "")].join(".")
        : undefined;
      if (name !== undefined) modules.set(name, file);
    }
    // A layout's loader runs before every page below it: `_auth.tsx` requiring a user protects `_auth.settings.tsx`.
    const loaderGuards = (name: string) =>
      moduleExports(app.exports(modules.get(name) ?? "")).handlers.find((h) => h.handler === "loader")?.guards ?? [];
    const inherited = (name: string) => {
      const segments = name.split(".");
      return segments.slice(1).flatMap((_, i) => loaderGuards(segments.slice(0, i + 1).join(".")));
    };
    // A pathless layout (`_auth.tsx`) only wraps its children: it has no URL of its own.
    const pathless = (name: string) => /^_(?!index$)/.test(name.split(".").at(-1)!);
    return [...modules].filter(([name]) => !pathless(name)).flatMap(([name, file]) =>
      fileRoutes(app, file, remixPath(name, nested), inherited(name))
    );
  },
};

function fileRoutes(app: FsApp, file: string, path: string, inherited: string[]): FsRoute[] {
  const { handlers, page } = moduleExports(app.exports(file));
  if (page || handlers.length === 0) {
    const loader = handlers.find((h) => h.handler === "loader");
    const action = handlers.find((h) => h.handler === "action");
    const form: FsRoute[] = action
      ? [{ method: "POST", path, file, line: action.line, handler: "action", guards: action.guards, kind: "http" }]
      : [];
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

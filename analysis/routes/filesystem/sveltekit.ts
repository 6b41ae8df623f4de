import { moduleExports } from "../frameworks/fs-exports.ts";
import type { FsFramework, FsRoute } from "./framework.ts";
import { handlerRoutes, page, routePath } from "./segments.ts";

/**
 * SvelteKit: `src/routes/**` folders, `+page.svelte` pages and `+server.ts` handlers
 * (exported GET, POST, ...; `fallback` answers any method), form actions of `+page.server.ts`
 * (POST, a named one at `?/name`); groups `(x)` add nothing and
 * `[id]`, `[...rest]`, `[[optional]]`, `[id=matcher]` are parameters.
 */
export const sveltekit: FsFramework = {
  id: "sveltekit",
  name: "SvelteKit",
  packages: /^@sveltejs\/kit$/,
  configs: /^svelte\.config\.[cm]?js$/,
  routes(app) {
    const routes: FsRoute[] = [];
    for (const file of app.files) {
      const segments = file.split("/");
      if (segments[0] !== "src" || segments[1] !== "routes") continue;
      const name = segments.at(-1)!;
      const path = routePath(segments.slice(2, -1));
      if (/^\+page\.(?:svelte|md|svx)$/.test(name)) routes.push(page(file, path));
      else if (/^\+server\.[jt]s$/.test(name)) routes.push(...handlerRoutes(app, file, path));
      else if (/^\+page\.server\.[jt]s$/.test(name)) {
        for (
          const action of moduleExports(app.exports(file)).handlers.filter((h) => h.handler.startsWith("actions."))
        ) {
          const named = action.handler.slice("actions.".length);
          const served = named === "default" ? path : `${path === "/" ? "" : path}?/${named}`;
          routes.push({
            method: "POST",
            path: served,
            file,
            line: action.line,
            handler: action.handler,
            guards: action.guards,
            kind: "http",
          });
        }
      }
    }
    return routes;
  },
};

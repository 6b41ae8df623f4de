import { moduleExports } from "../frameworks/fs-exports.ts";
import type { FsApp, FsFramework, FsRoute } from "./framework.ts";
import { handlerRoutes, nearestLayoutCheck, page, routePath } from "./segments.ts";
import { type PathGuard, pathGuard } from "./path-guard.ts";

/**
 * SvelteKit: `src/routes/**` folders, `+page.svelte` pages and `+server.ts` handlers
 * (exported GET, POST, ...; `fallback` answers any method), form actions of `+page.server.ts`
 * (POST, a named one at `?/name`); groups `(x)` add nothing and
 * `[id]`, `[...rest]`, `[[optional]]`, `[id=matcher]` are parameters. A `+layout.server.ts` whose
 * `load` sends a caller without a session away guards the pages and form actions below it; a
 * `handle` hook that answers 401 under a path prefix guards every route there (hookGuard).
 */
export const sveltekit: FsFramework = {
  id: "sveltekit",
  name: "SvelteKit",
  packages: /^@sveltejs\/kit$/,
  configs: /^svelte\.config\.[cm]?js$/,
  routes(app) {
    const routes: FsRoute[] = [];
    const hook = hookGuard(app);
    for (const file of app.files) {
      const segments = file.split("/");
      if (segments[0] !== "src" || segments[1] !== "routes") continue;
      const name = segments.at(-1)!;
      const path = routePath(segments.slice(2, -1));
      const guard = () => layoutGuard(app, segments.slice(0, -1));
      if (/^\+page\.(?:svelte|md|svx)$/.test(name)) {
        const guarded = guard();
        routes.push(guarded ? { ...page(file, path), guards: [guarded] } : page(file, path));
      }
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
            guards: [...action.guards, ...[guard()].filter((g): g is string => !!g)],
            kind: "http",
          });
        }
      }
    }
    return hook ? routes.map((r) => (hook.covers(r.path) ? { ...r, guards: [...new Set([...r.guards, hook.guard])] } : r)) : routes;
  },
};

const LAYOUTS = ["+layout.server.ts", "+layout.server.js"];
// `if (!loggedInUser) { throw redirect(302, "/account/signin"); }`, `if (!locals.session) error(401)`.
const SENDS_AWAY = /\bif\s*\(\s*!\s*(?:await\s+)?[\w$.?]*(?:session|user|auth|token)\w*\s*\)\s*\{?\s*(?:throw\s+|return\s+)?(?:redirect\s*\(|error\s*\(\s*40[13]\b)/i;

/** The check of the nearest `+layout.server.ts` above a route's folder (under src/routes) that sends a caller without a session away, if any. */
function layoutGuard(app: FsApp, folders: readonly string[]): string | undefined {
  return nearestLayoutCheck(app, folders, 2, LAYOUTS, (text) => (SENDS_AWAY.test(text) ? "(layout sends callers without a session away)" : undefined));
}

const HOOKS = /^src\/hooks\.server\.[jt]s$/;

/** The guard of `src/hooks.server.ts`'s handle, when it answers 401 or 403 under a path prefix (filesystem/path-guard.ts). */
function hookGuard(app: FsApp): PathGuard | undefined {
  const file = app.files.find((f) => HOOKS.test(f));
  return file ? pathGuard(app.text(file) ?? "", "(hooks.server handle)") : undefined;
}

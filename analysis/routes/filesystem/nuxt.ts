import { moduleExports } from "../frameworks/fs-exports.ts";
import type { FsApp, FsFramework, FsRoute } from "./framework.ts";
import { strip } from "../../languages/strip.ts";
import { closing } from "../../languages/curly.ts";
import { javascriptSyntax } from "../../languages/javascript/syntax.ts";
import { page, routePath } from "./segments.ts";
import { pathGuard, signInRedirectGuard } from "./path-guard.ts";

const PAGE = /\.(?:vue|[jt]sx)$/;
const HANDLER = /\.[cm]?[jt]s$/;
const METHOD = /\.(get|post|put|patch|delete|head|options)$/;

/**
 * Nuxt: `pages/` (or Nuxt 4's `app/pages/`) components, and Nitro handlers in `server/api/`
 * (under `/api`) and `server/routes/`, whose method is the file name's suffix
 * (`users.post.ts`) or any method without one. A server middleware (`server/middleware/*.ts`,
 * run before every request) that answers 401 under a path prefix guards the routes there; a route
 * middleware run before every page (`middleware/auth.global.ts`) that sends a caller not signed in to
 * sign in guards the pages it does not let through first. With
 * `ssr: false` the pages are a single-page app's, rendered in the browser. A route rule that
 * redirects one path (`routeRules: { "/dashboard": { redirect: "/dashboard/links" } }`) serves it.
 */
export const nuxt: FsFramework = {
  id: "nuxt",
  name: "Nuxt",
  packages: /^nuxt3?$/,
  configs: /^nuxt\.config\.[cm]?[jt]s$/,
  routes(app) {
    const routes: FsRoute[] = [];
    const config = nuxtConfig(app);
    const spa = singlePageApp(config);
    for (const file of app.files) {
      const segments = file.split("/");
      const root = segments[0] === "app" && segments[1] === "pages" ? 1 : 0;
      const name = segments.at(-1)!;
      if (segments[root] === "pages" && segments.length > root + 1 && PAGE.test(name)) {
        const served = page(file, routePath([...segments.slice(root + 1, -1), name.replace(PAGE, "")]));
        routes.push(spa ? { ...served, kind: "client" } : served);
      } else if (
        segments[0] === "server" && (segments[1] === "api" || segments[1] === "routes") && HANDLER.test(name) &&
        !/\.d\.ts$/.test(name)
      ) {
        const stem = name.replace(HANDLER, "");
        const method = METHOD.exec(stem)?.[1]?.toUpperCase() ?? "ALL";
        const path = routePath([
          segments[1] === "api" ? "api" : "",
          ...segments.slice(2, -1),
          stem.replace(METHOD, ""),
        ]);
        const handler = moduleExports(app.exports(file)).page;
        routes.push({
          method,
          path,
          file,
          line: handler?.line ?? 1,
          handler: handler?.handler ?? "default",
          guards: handler?.guards ?? [],
          kind: "http",
        });
      }
    }
    routes.push(...redirectRules(config));
    const middleware = app.files.filter((f) => /^server\/middleware\/[^/]+\.[cm]?[jt]s$/.test(f)).flatMap((f) => pathGuard(app.text(f) ?? "", `(server middleware ${f.split("/").at(-1)})`) ?? []);
    // Route middleware named `.global` runs before every page, rendered on the server too.
    const pageMiddleware = app.files.filter((f) => /^(?:app\/)?middleware\/[^/]+\.global\.[cm]?[jt]s$/.test(f)).flatMap((f) => signInRedirectGuard(app.text(f) ?? "", `(route middleware ${f.split("/").at(-1)})`) ?? []);
    return routes.map((r) => {
      const guards = [...middleware, ...(r.handler === "(page)" && r.kind === "fs" ? pageMiddleware : [])].filter((m) => m.covers(r.path)).map((m) => m.guard);
      return guards.length ? { ...r, guards: [...new Set([...r.guards, ...guards])] } : r;
    });
  },
};

/** The app's nuxt.config: its path, its text, and its code with strings and comments blanked. */
type NuxtConfig = { file: string; text: string; code: string } | undefined;

function nuxtConfig(app: FsApp): NuxtConfig {
  const file = app.files.find((f) => /^nuxt\.config\.[cm]?[jt]s$/.test(f));
  const text = file ? app.text(file) : undefined;
  return file && text !== undefined ? { file, text, code: strip(text, javascriptSyntax).code } : undefined;
}

/** Whether nuxt.config turns server rendering off for the whole app (`ssr: false` at its top level, not a route rule's). */
function singlePageApp(config: NuxtConfig): boolean {
  if (!config) return false;
  const { code } = config;
  return [...code.matchAll(/\bssr\s*:\s*false\b/g)].some((m) => {
    const before = code.slice(0, m.index);
    return (before.match(/\{/g)?.length ?? 0) - (before.match(/\}/g)?.length ?? 0) === 1;
  });
}

/** The paths nuxt.config's route rules redirect (`"/dashboard": { redirect: "/dashboard/links" }`), each one GET route; patterns (`/old/**`) are not. */
function redirectRules(config: NuxtConfig): FsRoute[] {
  const rules = config && /\brouteRules\s*:\s*\{/.exec(config.code);
  if (!config || !rules) return [];
  const { file, text, code } = config;
  const open = rules.index + rules[0].length - 1;
  const body = text.slice(open, closing(code, open));
  const routes: FsRoute[] = [];
  for (const rule of body.matchAll(/(["'])(\/[^"'*]*)\1\s*:\s*\{([^{}]*)\}/g)) {
    if (/\bredirect\s*:/.test(rule[3]!)) routes.push({ method: "GET", path: rule[2]!, file, line: text.slice(0, open + rule.index).split("\n").length, handler: "(redirect)", guards: [], kind: "http" });
  }
  return routes;
}

import { callArguments } from "../source.ts";
import { enclosingBrace } from "../js/objects.ts";
import { isGuardName } from "../paths.ts";
import type { FsApp, FsFramework, FsRoute } from "./framework.ts";
import { matcherPattern } from "./matcher.ts";
import { handlerRoutes, routePath } from "./segments.ts";

const ROUTE = /^route\.[cm]?[jt]s$/;
const MIDDLEWARES = /^src\/api\/(?:.+\/)?middlewares\.[cm]?[jt]s$/;
const OPTS_OUT = /\bexport\s+const\s+AUTHENTICATE\b[^=]*=\s*false\b/;

/**
 * Medusa (v2): each `src/api/.../route.ts` serves the methods it exports under its folder's path
 * (`[id]` a parameter). Medusa's router authenticates a user on every `/admin` route whose module
 * does not export `AUTHENTICATE = false`, and refuses `/store` requests without a publishable
 * API key. The `middlewares.ts` files put their guards (`authenticate("customer", ...)`) on the
 * paths their matchers cover: that is where routes that opted out take authentication back.
 */
export const medusa: FsFramework = {
  id: "medusa",
  name: "Medusa",
  packages: /^@medusajs\/(?:medusa|framework)$/,
  configs: /^medusa-config\.[cm]?[jt]s$/,
  routes(app) {
    const routes: FsRoute[] = [];
    for (const file of app.files) {
      const segments = file.split("/");
      if (segments[0] !== "src" || segments[1] !== "api" || !ROUTE.test(segments.at(-1)!)) continue;
      const path = routePath(segments.slice(2, -1));
      const optsOut = OPTS_OUT.test(app.text(file) ?? "");
      for (const route of handlerRoutes(app, file, path, [])) {
        const framework = path === "/store" || path.startsWith("/store/")
          ? ["ensurePublishableApiKey"]
          : !optsOut && (path === "/admin" || path.startsWith("/admin/")) ? ["authenticate"] : [];
        routes.push({ ...route, guards: [...new Set([...framework, ...route.guards])] });
      }
    }
    const rules = app.files.filter((f) => MIDDLEWARES.test(f)).flatMap((f) => middlewareRules(app.text(f) ?? ""));
    return routes.map((route) => {
      const guards = rules.filter((rule) => rule.covers(route.method, route.path)).flatMap((rule) => rule.guards);
      return guards.length ? { ...route, guards: [...new Set([...route.guards, ...guards])] } : route;
    });
  },
};

type Rule = { guards: string[]; covers(method: string, path: string): boolean };

const MATCHER = /\bmatcher\s*:\s*(["'`])([^"'`]+)\1/g;
const METHOD = /\bmethods?\s*:\s*(\[[^\]]*\]|["'`]\w+["'`])/;
const GUARD_CALL = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g;
// `authenticate("customer", ["session"], { allowUnauthenticated: true })` reads the caller and lets anyone through.
const LETS_THROUGH = /\ballowUnauthenticated\s*:\s*true\b/;

/**
 * The `{ matcher, method?, middlewares: [...] }` objects of a middlewares module that run a guard.
 * With methods, a rule covers those methods on the matched path; without, every method on the
 * path and below it (Express's `router.use(matcher)`).
 */
function middlewareRules(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const m of text.matchAll(MATCHER)) {
    const open = enclosingBrace(text, m.index);
    if (open === -1) continue;
    const body = text.slice(open, callArguments(text, open).end);
    const list = /\bmiddlewares\s*:\s*\[/.exec(body);
    if (!list) continue;
    const middlewares = body.slice(list.index + list[0].length - 1, callArguments(body, list.index + list[0].length - 1).end);
    const guards: string[] = [];
    for (const call of middlewares.matchAll(GUARD_CALL)) {
      const args = middlewares.slice(call.index, callArguments(middlewares, call.index + call[0].length - 1).end);
      if (isGuardName(call[1]!) && !LETS_THROUGH.test(args)) guards.push(call[1]!);
    }
    if (guards.length === 0) continue;
    const methods = METHOD.exec(body)?.[1]?.match(/\w+/g)?.map((w) => w.toUpperCase());
    const pattern = matcherPattern(m[2]!.replace(/\/$/, ""));
    rules.push({
      guards,
      covers: (method, path) => {
        if (methods) return (methods.includes(method) || methods.includes("ALL")) && pattern.test(path);
        for (let at = path.length; at > 0; at = path.lastIndexOf("/", at - 1)) if (pattern.test(path.slice(0, at))) return true;
        return false;
      },
    });
  }
  return rules;
}

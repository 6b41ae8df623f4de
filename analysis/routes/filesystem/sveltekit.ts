import { moduleExports } from "../frameworks/fs-exports.ts";
import type { FsApp, FsFramework, FsRoute } from "./framework.ts";
import { handlerRoutes, nearestLayoutCheck, page, routePath } from "./segments.ts";
import { closing } from "../../languages/curly.ts";
import { callArguments } from "../source.ts";
import { strip } from "../../languages/strip.ts";
import { javascriptSyntax } from "../../languages/javascript/syntax.ts";

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
// A refusal of the caller and the credential it reads.
const REFUSES = /\bstatus\s*:\s*40[13]\b|\berror\s*\(\s*40[13]\b|\bnew\s+Response\s*\([^)]*\{\s*status\s*:\s*40[13]\b/;
const READS_CREDENTIAL = /authorization|[Bb]earer|[Tt]oken|cookies\s*\.\s*get|locals\s*\.\s*(?:user|session)/;
const STARTS_WITH = /\.\s*startsWith\s*\(\s*(?:(["'`])(\/[^"'`]*)\1|([A-Z_][A-Z0-9_]*))\s*\)/;

/**
 * The guard of `src/hooks.server.ts`'s handle: an `if` on the request's path (`pathname.startsWith("/api/")`,
 * or a function of the module's testing so) whose block answers 401 or 403 after reading a credential
 * covers the routes under that prefix, but for the paths a negated test leaves out (`!isPublicApiPath(pathname)`,
 * whose list the module holds).
 */
function hookGuard(app: FsApp): { guard: string; covers: (path: string) => boolean } | undefined {
  const file = app.files.find((f) => HOOKS.test(f));
  const text = file ? app.text(file) ?? "" : "";
  if (!text || !REFUSES.test(text)) return undefined;
  // Brackets are matched in the code, whose strings and comments are blanked; values are read in the text.
  const { code } = strip(text, javascriptSyntax);
  const constant = (name: string) => new RegExp(String.raw`\bconst\s+${name}\s*(?::[^=]+)?=\s*(["'\`])(\/[^"'\`]*)\1`).exec(text)?.[2];
  const list = (name: string) => {
    const m = new RegExp(String.raw`\bconst\s+${name}\s*(?::[^=]+)?=\s*\[([^\]]*)\]`).exec(text);
    return m ? [...m[1]!.matchAll(/["'`](\/[^"'`]*)["'`]/g)].map((v) => v[1]!) : undefined;
  };
  const body = (fn: string) => {
    const m = new RegExp(String.raw`\bfunction\s+${fn}\s*\([^)]*\)[^{]*\{`).exec(text);
    return m ? text.slice(m.index, closing(code, m.index + m[0].length - 1)) : undefined;
  };
  const prefixOf = (test: string): string | undefined => {
    const direct = STARTS_WITH.exec(test);
    if (direct) return direct[2] ?? constant(direct[3]!);
    const called = /^\s*([A-Za-z_$][\w$]*)\s*\(/.exec(test)?.[1];
    const inner = called ? body(called) : undefined;
    const viaHelper = inner ? STARTS_WITH.exec(inner) : null;
    return viaHelper ? viaHelper[2] ?? constant(viaHelper[3]!) : undefined;
  };
  for (const m of code.matchAll(/\bif\s*\(/g)) {
    const { end } = callArguments(code, m.index + m[0].length - 1);
    const condition = text.slice(m.index + m[0].length, end - 1);
    const open = /^\s*\{/.exec(code.slice(end));
    if (!open) continue;
    const brace = end + open[0].length - 1;
    const block = text.slice(brace, closing(code, brace));
    if (!REFUSES.test(block) || !READS_CREDENTIAL.test(block)) continue;
    const conjuncts = condition.split("&&").map((c) => c.trim());
    const prefixes = conjuncts.filter((c) => !c.startsWith("!")).map(prefixOf);
    if (prefixes.length !== 1 || prefixes[0] === undefined) continue;
    const prefix = prefixes[0].replace(/\/$/, "");
    const except = conjuncts.filter((c) => c.startsWith("!")).flatMap((c) => {
      const called = /^!\s*([A-Za-z_$][\w$]*)\s*\(/.exec(c)?.[1];
      const inner = called ? body(called) ?? "" : "";
      const named = /\b([A-Z_][A-Z0-9_]*)\s*\.\s*(?:some|includes)\s*\(/.exec(inner)?.[1];
      return named ? list(named) ?? [] : [];
    }).map((p) => p.replace(/\/$/, ""));
    return {
      guard: "(hooks.server handle)",
      covers: (path) => (path === prefix || path.startsWith(`${prefix}/`)) && !except.includes(path.replace(/\/$/, "")),
    };
  }
  return undefined;
}

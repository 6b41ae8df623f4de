import { callArguments } from "../source.ts";
import { joinPaths } from "../paths.ts";
import type { FsFramework, FsRoute } from "./framework.ts";

const MODULE = /\.[cm]?[jt]sx?$/;
// `createFileRoute('/_app/$organizationId/cohorts')(`, and the older `createServerFileRoute('/api/x')` and `createAPIFileRoute('/api/x')(`.
const FILE_ROUTE = /\bcreate(File|ServerFile|APIFile)Route\s*\(\s*(["'`])([^"'`]*)\2\s*,?\s*\)/;
const METHODS = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ANY)$/;
// A layout's `beforeLoad` that sends a caller without a session away: `if (!context.session?.session) { throw redirect({ to: '/login' }) }`,
// or without what a session lookup gave (`const result = await getSessionWithConfig(); if (!result) throw redirect(...)`).
const REDIRECTS_WITHOUT = /\bif\s*\(\s*!\s*([\w$.?]+)\s*\)\s*\{?\s*throw\s+redirect\s*\(/g;
const CALLER = /session|user|auth|token/i;
const SERVER_FN = /\bcreateServerFn\s*\(\s*(\{[^}]*\})?\s*\)/g;

/**
 * TanStack Start's file routes: each route module declares its route's ID, which the router
 * generates from the file's name under its routes folder (`_app.$organizationId.cohorts.tsx`
 * is `createFileRoute('/_app/$organizationId/cohorts')`), so the ID is read rather than the
 * folder, wherever the app's config puts it. In an ID `_name` is a pathless layout, `name_` a
 * segment out of its parent's layout, `(group)` no segment, `$id` a parameter, `$` the rest of
 * the path, `{-$id}` an optional parameter, and a trailing `/` an index route. A module whose
 * options have `server: { handlers: { GET, POST } }` serves those methods (`ANY` every one), and
 * a page (GET) too when it has a component; any other module is a page. A pathless layout is no
 * URL of its own. A `beforeLoad` that redirects a caller without a session guards its route and
 * every route under it (`/_app` guards `/_app/$organizationId/cohorts`). Server functions
 * (`createServerFn({ method: 'POST' })`, GET by default) are served at `/_serverFn/*`.
 */
export const tanstackStart: FsFramework = {
  id: "tanstack-start",
  name: "TanStack Start",
  packages: /^@tanstack\/(?:react|solid)-start$|^@tanstack\/start$/,
  configs: /(?!)/,
  routes(app) {
    const modules: { file: string; id: string; options: string; line: number }[] = [];
    const serverFns = new Map<string, FsRoute>();
    for (const file of app.files) {
      if (!MODULE.test(file) || /(?:^|\/)node_modules\//.test(file) || /\.(?:test|spec)\.[cm]?[jt]sx?$/.test(file)) continue;
      const text = app.text(file);
      if (!text) continue;
      const route = FILE_ROUTE.exec(text);
      if (route) {
        const open = text.indexOf("(", route.index + route[0].length);
        const options = /^\s*\(/.test(text.slice(route.index + route[0].length)) ? text.slice(open, callArguments(text, open).end) : text.slice(route.index + route[0].length);
        modules.push({ file, id: route[3]!, options, line: text.slice(0, route.index).split("\n").length });
      }
      for (const fn of text.includes("createServerFn") ? text.matchAll(SERVER_FN) : []) {
        const method = /\bmethod\s*:\s*["'](GET|POST)["']/.exec(fn[1] ?? "")?.[1] ?? "GET";
        if (!serverFns.has(method)) serverFns.set(method, { method, path: "/_serverFn/*", file, line: text.slice(0, fn.index).split("\n").length, handler: "createServerFn", guards: [], kind: "http" });
      }
    }
    // The routes that send a caller without a session to sign in, by ID: a layout's check runs for
    // every route under it; an index route's (`/`, `/posts/`) for itself alone.
    const guarding = new Set(modules.filter((m) => sendsAnonymousAway(beforeLoad(m.options))).map((m) => m.id));
    const guardsOf = (id: string) => ([...guarding].some((g) => id === g || (!g.endsWith("/") && id.startsWith(`${g}/`))) ? ["beforeLoad"] : []);
    const routes: FsRoute[] = [];
    for (const { file, id, options, line } of modules) {
      const segments = id.replace(/\/$/, "").split("/").filter(Boolean);
      // A pathless layout only wraps the routes under it (its index route, `/events/_tabs/`, is the URL).
      // (The root route is made by `createRootRoute`, no file route.)
      if (!id.endsWith("/") && segments.at(-1)?.startsWith("_")) continue;
      const path = routeIdPath(segments);
      const guards = guardsOf(id);
      const handlers = serverHandlers(options);
      for (const method of handlers) routes.push({ method: method === "ANY" ? "ALL" : method, path, file, line, handler: method, guards, kind: "http" });
      if (!handlers.length || /\bcomponent\s*:/.test(options)) routes.push({ method: "GET", path, file, line, handler: "(page)", guards, kind: "fs" });
    }
    // A layout and its index route serve one URL: listed once.
    const seen = new Set<string>();
    return [...routes, ...serverFns.values()].filter((r) => !seen.has(`${r.method} ${r.path}`) && !!seen.add(`${r.method} ${r.path}`));
  },
};

/** The path of a route ID's segments (the pathless and grouping ones left out). */
function routeIdPath(segments: readonly string[]): string {
  return joinPaths(...segments.flatMap((raw) => {
    if (raw.startsWith("_") || /^\(.*\)$/.test(raw)) return [];
    const segment = raw.replace(/_$/, "").replace(/\[([^\]]*)\]/g, "$1");
    if (segment === "$") return ["*"];
    const optional = /^\{-\$(\w+)\}$/.exec(segment);
    if (optional) return [`{${optional[1]}}`];
    return [segment.replace(/^\$(\w+)/, "{$1}").replace(/\{\$(\w+)\}/g, "{$1}")];
  }));
}

/** Whether a `beforeLoad` redirects when the caller's session (or user, or what a lookup of it gave) is missing. */
function sendsAnonymousAway(text: string): boolean {
  return [...text.matchAll(REDIRECTS_WITHOUT)].some((m) => {
    const name = m[1]!;
    if (CALLER.test(name)) return true;
    const assigned = new RegExp(`\\b(?:const|let|var)\\s+${name.replace(/[$.?]/g, "\\$&")}\\s*=\\s*(?:await\\s+)?([\\w$.]+)\\s*\\(`).exec(text)?.[1];
    return !!assigned && CALLER.test(assigned);
  });
}

/** The `beforeLoad` option of a route's options, as written. */
function beforeLoad(options: string): string {
  const m = /\bbeforeLoad\s*:/.exec(options) ?? /\bbeforeLoad\s*\(/.exec(options);
  return m ? options.slice(m.index, m.index + 1500) : "";
}

/** The methods `server: { handlers: { GET: ..., POST: ... } }` (or the older `.methods({ GET })`, `({ GET })`) serves. */
function serverHandlers(options: string): string[] {
  const at = /\bhandlers\s*:\s*(?:\([^)]*\)\s*=>\s*\(?\s*)?\{/.exec(options) ?? /\bmethods\s*\(\s*\{/.exec(options) ?? /^\s*\(\s*\{/.exec(options);
  if (!at) return [];
  const open = at.index + at[0].length - 1;
  const body = options.slice(open + 1, callArguments(options, open).end - 1);
  // The keys at the object's top level.
  const keys: string[] = [];
  let depth = 0;
  for (const m of body.matchAll(/[{([]|[})\]]|\b([A-Z]+)\s*:/g)) {
    if (m[1] === undefined) depth += "{([".includes(m[0]) ? 1 : -1;
    else if (depth === 0 && METHODS.test(m[1])) keys.push(m[1]);
  }
  return keys;
}


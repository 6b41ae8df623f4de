/**
 * NextAuth.js (Auth.js) answers its REST API from one catch-all route a Next.js app names for it,
 * `pages/api/auth/[...nextauth].ts` or `app/api/auth/[...nextauth]/route.ts`, as its documentation
 * has it: the route is that API's actions (GET /providers, POST /signin/{provider}, GET and POST
 * /callback/{provider}, ...) under the route's folder, each a step of signing in or out, no check
 * of the caller. A route of the catch-all answering one method (the App Router's `export { handler
 * as GET }`) is the actions of that method.
 */
import type { LinkedRoute } from "../link.ts";

// The catch-all segment NextAuth.js's documentation names: `[...nextauth]`.
const NEXTAUTH_CATCH_ALL = /(?:^|\/)\[\.\.\.nextauth\](?:\.[cm]?[jt]sx?$|\/route\.[cm]?[jt]sx?$)/;

// NextAuth.js v4's REST API (next-auth.js.org/getting-started/rest-api), and its internal `_log` of client errors.
const ACTIONS: readonly [method: string, path: string][] = [
  ["GET", "providers"], ["GET", "session"], ["POST", "session"], ["GET", "csrf"],
  ["GET", "signin"], ["POST", "signin/{provider}"], ["GET", "signout"], ["POST", "signout"],
  ["GET", "callback/{provider}"], ["POST", "callback/{provider}"], ["GET", "verify-request"], ["GET", "error"], ["POST", "_log"],
];

export function nextAuthRoutes<R extends LinkedRoute>(route: R): R[] {
  if (route.kind !== "http" || !NEXTAUTH_CATCH_ALL.test(route.file)) return [route];
  const base = route.path.replace(/\/(?:\{[^}]*\}|\*)$/, "");
  if (base === route.path) return [route];
  const actions = ACTIONS.filter(([method]) => route.method === "ALL" || route.method === method);
  return actions.length ? actions.map(([method, path]) => ({ ...route, method, path: `${base}/${path}`, guards: [] })) : [route];
}

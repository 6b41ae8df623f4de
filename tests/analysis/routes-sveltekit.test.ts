import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, fixtureRepo, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

const kit = suite("SvelteKit routes");

kit("+page pages, +server handlers, form actions, groups and matcher parameters, exactly", () => {
  assert.equal(routeLines("routes-sveltekit"), [
    "GET / src/routes/+page.svelte:1 (page)",
    "DELETE /api/items/{id} src/routes/api/items/[id=integer]/+server.ts:8 DELETE [requireUser]",
    "GET /api/items/{id} src/routes/api/items/[id=integer]/+server.ts:4 GET",
    "GET /blog/{slug} src/routes/blog/[slug]/+page.svelte:1 (page)",
    "GET /dashboard src/routes/(app)/dashboard/+page.svelte:1 (page)",
    "GET /login src/routes/login/+page.svelte:1 (page)",
    "POST /login src/routes/login/+page.server.ts:4 actions.default",
    "POST /login?/reset src/routes/login/+page.server.ts:8 actions.reset",
  ]);
});

kit("layouts, load functions and $lib modules are not routes", () => {
  const items = analyze(fixtureRepo("routes-sveltekit")).routes.items;
  assert.not.ok(items.some((r) => r.file.includes("+layout") || r.file.startsWith("src/lib/")));
  assert.equal(new Set(items.map((r) => r.framework)), new Set(["sveltekit"]));
});

kit("a +layout.server.ts whose load sends a caller without a session away guards the pages below it; a handle hook answering 401 under a path prefix guards the routes there, but for those its negated test leaves out; a layout that only reads the session guards nothing", () => {
  const root = tempDir("tool-sveltekit-guards-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "status", devDependencies: { "@sveltejs/kit": "^2.0.0" } }),
    "src/hooks.server.ts": [
      'import { json, type Handle } from "@sveltejs/kit";',
      'const API_PATH_PREFIX = "/api/";',
      'const PUBLIC_API_PATHS = ["/api/status"];',
      "function isApiRoute(pathname: string): boolean {",
      "  return pathname.startsWith(API_PATH_PREFIX);",
      "}",
      "function isPublicApiPath(pathname: string): boolean {",
      '  return PUBLIC_API_PATHS.some((path) => pathname === path || pathname === path + "/");',
      "}",
      "export const handle: Handle = async ({ event, resolve }) => {",
      "  const { pathname } = event.url;",
      "  if (isApiRoute(pathname) && !isPublicApiPath(pathname)) {",
      '    const token = event.request.headers.get("authorization");',
      "    if (!token) {",
      '      return json({ error: "unauthorized" }, { status: 401 });',
      "    }",
      "  }",
      "  return resolve(event);",
      "};",
    ].join("\n"),
    "src/routes/(api)/api/v4/monitors/+server.ts": "export async function GET() { return new Response(\"[]\"); }\n",
    "src/routes/(api)/api/status/+server.ts": "export async function GET() { return new Response(\"ok\"); }\n",
    "src/routes/(manage)/+layout.server.ts": [
      'import { redirect } from "@sveltejs/kit";',
      "export const load = async ({ cookies }) => {",
      "  let loggedInUser = await GetLoggedInSession(cookies);",
      "  if (!loggedInUser) {",
      '    throw redirect(302, "/account/signin");',
      "  }",
      "  return { loggedInUser };",
      "};",
    ].join("\n"),
    "src/routes/(manage)/manage/app/monitors/+page.svelte": "<h1>Monitors</h1>\n",
    "src/routes/(kener)/+layout.server.ts": "export const load = async ({ cookies }) => ({ user: await GetLoggedInSession(cookies) });\n",
    "src/routes/(kener)/+page.svelte": "<h1>Status</h1>\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /", "GET /api/status", "GET /api/v4/monitors [(hooks.server handle)]", "GET /manage/app/monitors [(layout sends callers without a session away)]"].sort());
});

kit.run();

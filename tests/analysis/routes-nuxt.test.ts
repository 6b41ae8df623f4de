import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const nuxt = suite("Nuxt routes");

nuxt("pages, server/api with method suffixes, server/routes, groups, guards in handlers, exactly", () => {
  assert.equal(routeLines("routes-nuxt"), [
    "GET / pages/index.vue:1 (page)",
    "ALL /api/health server/api/health.ts:1 eventHandler",
    "GET /api/users server/api/users/index.get.ts:1 defineEventHandler",
    "POST /api/users server/api/users/index.post.ts:1 defineEventHandler [requireUserSession]",
    "DELETE /api/users/{id} server/api/users/[id].delete.ts:1 defineEventHandler [requireUserSession]",
    "GET /settings pages/(account)/settings.vue:1 (page)",
    "ALL /sitemap.xml server/routes/sitemap.xml.ts:1 defineEventHandler",
    "GET /users pages/users/index.vue:1 (page)",
    "GET /users/{id} pages/users/[id].vue:1 (page)",
  ]);
});

nuxt("server middleware and components are not routes", () => {
  const items = analyze(fixtureRepo("routes-nuxt")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("server/middleware/") || r.file.startsWith("components/")));
});

nuxt("a server middleware that answers 401 under a path prefix guards the routes there, but for the subtree it leaves out; one that checks no credential guards nothing", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { nuxt: "^4.0.0" } }),
    "server/middleware/1.cors.ts": [
      "export default defineEventHandler((event) => {",
      "  const origin = getRequestHeader(event, 'origin')",
      "  if (origin && event.path.startsWith('/api/') && !allowed(origin)) {",
      "    throw createError({ statusCode: 403, statusMessage: 'Origin not allowed' })",
      "  }",
      "})",
    ].join("\n"),
    "server/middleware/2.auth.ts": [
      "export default eventHandler((event) => {",
      "  const token = getHeader(event, 'Authorization')?.replace(/^Bearer\\s+/, '')",
      "  if (event.path.startsWith('/api/') && !event.path.startsWith('/api/_') && token !== useRuntimeConfig(event).siteToken) {",
      "    throw createError({ status: 401, statusText: 'Unauthorized' })",
      "  }",
      "})",
    ].join("\n"),
    "server/api/link/create.post.ts": "export default eventHandler(async (event) => ({ ok: true }))\n",
    "server/api/_public/status.get.ts": "export default eventHandler(() => ({ up: true }))\n",
    "server/routes/[slug].get.ts": "export default eventHandler(() => sendRedirect(event, '/'))\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /{slug}",
    "GET /api/_public/status",
    "POST /api/link/create [(server middleware 2.auth.ts)]",
  ]);
});

nuxt("with ssr: false the pages are a single-page app's, rendered in the browser; a route rule's ssr: false leaves the app's pages served; a rule redirecting one path serves it", () => {
  const root = tempDir();
  writeFiles(root, {
    "spa/package.json": JSON.stringify({ dependencies: { nuxt: "^4.0.0" } }),
    "spa/nuxt.config.ts": "export default defineNuxtConfig({\n  ssr: false,\n  modules: ['@nuxt/ui'],\n})\n",
    "spa/app/pages/index.vue": "<template><div /></template>\n",
    "spa/server/api/hello.get.ts": "export default defineEventHandler(() => 'hi')\n",
    "site/package.json": JSON.stringify({ dependencies: { nuxt: "^4.0.0" } }),
    "site/nuxt.config.ts": "export default defineNuxtConfig({\n  routeRules: {\n    '/admin/**': { ssr: false },\n    '/old': { redirect: '/about' },\n    '/blog/**': { redirect: '/news/**' },\n  },\n})\n",
    "site/app/pages/about.vue": "<template><div /></template>\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.kind} ${r.method} ${r.path} ${r.file}`), [
    "client GET / spa/app/pages/index.vue",
    "fs GET /about site/app/pages/about.vue",
    "http GET /api/hello spa/server/api/hello.get.ts",
    "http GET /old site/nuxt.config.ts",
  ]);
});

nuxt("the steps of a sign-in the app runs itself (a device flow, an OAuth handler and its user, a one-time code) are the way in, no check of the caller; requireUserSession beside them is", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { nuxt: "^4.0.0", "nuxt-auth-utils": "^0.5.0" } }),
    "server/api/auth/device/index.post.ts": "export default defineEventHandler(async (event) => startDeviceAuth(await readBody(event)))\n",
    "server/api/auth/device/token.post.ts": "export default defineEventHandler(async (event) => pollDeviceAuthToken(await readBody(event)))\n",
    "server/api/auth/otp/verify.post.ts": "export default defineEventHandler(async (event) => {\n  const user = await verifyOTPForUser(await readBody(event))\n  await setUserSession(event, { user })\n})\n",
    "server/routes/auth/github.get.ts": "export default defineOAuthGitHubEventHandler({\n  async onSuccess(event, { user }) {\n    const u = await handleOAuthUser(user, event)\n    await setUserSession(event, { user: u })\n  },\n})\n",
    "server/api/auth/device/approve.post.ts": "export default defineEventHandler(async (event) => {\n  const { user } = await requireUserSession(event)\n  return approveDeviceAuth(user)\n})\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "POST /api/auth/device",
    "POST /api/auth/device/approve [requireUserSession]",
    "POST /api/auth/device/token",
    "POST /api/auth/otp/verify",
    "GET /auth/github",
  ]);
});

nuxt("a handler made by the app's own maker of h3 handlers (definePermissionEventHandler) is guarded by its name; a handler whose top throws 401 for a caller without a session is guarded; a global route middleware sending callers without a session to sign in guards the pages it does not let through first", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { nuxt: "^4.0.0" } }),
    "server/api/admin/general.get.ts": "import { definePermissionEventHandler } from '#server/utils/handler';\n\nexport default definePermissionEventHandler('admin', 'any', async () => {\n  return Database.general.getConfig();\n});\n",
    // A maker named for nothing it checks guards nothing.
    "server/api/setup/2.post.ts": "export default defineSetupEventHandler(2, async ({ event }) => {\n  return readBody(event);\n});\n",
    "server/api/session.get.ts": "export default defineEventHandler(async (event) => {\n  const session = await useWGSession(event);\n  if (!session.data.userId || session.data.pendingLogin) {\n    // not logged in\n    throw createError({\n      statusCode: 401,\n      statusMessage: 'Not authenticated',\n    });\n  }\n  return session.data;\n});\n",
    // The sign-in's start sends the caller to the provider: no check of who calls.
    "server/api/auth/[provider]/index.get.ts": "import * as client from 'openid-client';\n\nexport default defineEventHandler(async (event) => {\n  const url = client.buildAuthorizationUrl(config, parameters);\n  return sendRedirect(event, url.href);\n});\n",
    "app/middleware/auth.global.ts": [
      "export default defineNuxtRouteMiddleware(async (to) => {",
      "  if (to.path.startsWith('/api/') || to.path.startsWith('/setup')) {",
      "    return;",
      "  }",
      "  const authStore = useAuthStore();",
      "  const isLoginRoute = to.path === '/login' || to.path === '/login/2fa';",
      "  if (isLoginRoute) {",
      "    return;",
      "  }",
      "  if (!authStore.userData?.username) {",
      "    return navigateTo('/login', { redirectCode: 302 });",
      "  }",
      "});",
      "",
    ].join("\n"),
    // A route middleware not run globally guards only the pages naming it.
    "app/middleware/admin.ts": "export default defineNuxtRouteMiddleware(() => {\n  if (!useAuthStore().admin) return navigateTo('/login');\n});\n",
    "app/pages/index.vue": "<template><div /></template>\n",
    "app/pages/login/index.vue": "<template><div /></template>\n",
    "app/pages/login/2fa.vue": "<template><div /></template>\n",
    "app/pages/setup/1.vue": "<template><div /></template>\n",
    "app/pages/clients/[id].vue": "<template><div /></template>\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET / [(route middleware auth.global.ts)]",
    "GET /api/admin/general [definePermissionEventHandler]",
    "GET /api/auth/{provider}",
    "GET /api/session [401 without credentials]",
    "POST /api/setup/2",
    "GET /clients/{id} [(route middleware auth.global.ts)]",
    "GET /login",
    "GET /login/2fa",
    "GET /setup/1",
  ]);
});

nuxt.run();

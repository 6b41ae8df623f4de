import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, fixtureRepo, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

const hono = suite("Hono routes");

hono(
  "basePath, app.route mounts (sub-apps from functions too), chains, app.on, openapi routes, scoped guards, exactly",
  () => {
    assert.equal(routeLines("routes-hono"), [
      "DELETE /api/admin/books/{id} src/routes/admin.ts:6 (inline) [basicAuth]",
      "GET /api/admin/stats src/routes/admin.ts:5 (inline) [basicAuth]",
      "GET /api/books src/routes/books.ts:8 listBooks",
      "POST /api/books src/routes/books.ts:9 createBook [jwt]",
      "GET /api/books/{id} src/routes/books.ts:10 showBook",
      "GET /api/echo src/index.ts:20 (inline)",
      "POST /api/echo src/index.ts:20 (inline)",
      "GET /api/health src/routes/health.ts:4 (inline)",
      "ALL /api/ping src/index.ts:21 (inline)",
      "GET /api/reports/monthly/{year} src/routes/report-routes.ts:8 monthly [bearerAuth]",
      "GET /api/reports/openapi.json src/routes/reports.ts:8 (openapi document)",
      "POST /api/reports/rebuild src/routes/report-routes.ts:16 rebuild [bearerAuth,requireRole]",
      "GET /api/stats src/routes/health.ts:8 (inline)",
    ]);
  },
);

hono("openapi route definitions are followed through a namespace import and a barrel's export *", () => {
  const routes = analyze(fixtureRepo("routes-hono")).routes.items.filter((r) => r.path.startsWith("/api/reports/"));
  assert.equal(routes.map((r) => `${r.method} ${r.path}`), [
    "GET /api/reports/monthly/{year}",
    "GET /api/reports/openapi.json",
    "POST /api/reports/rebuild",
  ]);
});

hono("mounts inside a method that is handed the app (createFactory({ initApp(app) {...} })) take their prefix", () => {
  const root = tempDir("tool-hono-init-app-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { hono: "^4" } }),
    "src/factory.ts": 'import { createFactory } from "hono/factory";\nimport users from "./users";\n\nexport const factory = createFactory({\n  initApp(app) {\n    if (process.env.DEBUG) {\n      console.log("debug");\n    }\n    app.route("/api/users", users);\n  },\n});\n',
    "src/index.ts": 'import { factory } from "./factory";\nconst app = factory.createApp();\nexport default app;\n',
    "src/users.ts": 'import { Hono } from "hono";\nconst users = new Hono();\nusers.get("/", (c) => c.json([]));\nusers.post("/login", (c) => c.json({}));\nexport default users;\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/users", "POST /api/users/login"]);
});

hono("a sub-app made by the project's factory in a file that names no Hono (const tags = createRouter()) is read", () => {
  const root = tempDir("tool-hono-factory-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { hono: "^4" } }),
    "src/index.ts": 'import { Hono } from "hono";\nimport tags from "./routes/tags";\nconst app = new Hono();\napp.route("/api", tags);\nexport default app;\n',
    "src/utils/create-router.ts": 'import { Hono } from "hono";\nexport const createRouter = () => new Hono();\n',
    "src/routes/tags.ts": 'import { createRouter } from "../utils/create-router";\nimport { requireAuth } from "../middleware/auth";\nconst tags = createRouter();\ntags.get("/tags", (c) => c.json([]));\ntags.post("/tags", requireAuth, (c) => c.json({}));\nexport default tags;\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), ["GET /api/tags []", "POST /api/tags [requireAuth]"]);
});

hono("middleware scoped to /admin/* guards only the admin routes", () => {
  const section = analyze(fixtureRepo("routes-hono")).routes;
  assert.equal(section.globalGuard, false);
  assert.equal(section.unguardedWrites.map((r) => `${r.method} ${r.path}`), ["POST /api/echo"]);
});

hono("a function of another module handed a sub-app (registerGetMonitor(monitorsApi), registering api.openapi(getRoute, ...) on its parameter) serves under the prefix the sub-app is mounted at", () => {
  const root = tempDir("tool-hono-handed-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { hono: "^4", "@hono/zod-openapi": "^0.18" } }),
    "src/index.ts": 'import { OpenAPIHono } from "@hono/zod-openapi";\nimport { monitorsApi } from "./routes/monitors";\nconst app = new OpenAPIHono();\napp.route("/v1/monitor", monitorsApi);\nexport default app;\n',
    "src/routes/monitors/index.ts": 'import { OpenAPIHono } from "@hono/zod-openapi";\nimport { registerGetMonitor } from "./get";\nexport const monitorsApi = new OpenAPIHono();\nregisterGetMonitor(monitorsApi);\n',
    "src/routes/monitors/get.ts": 'import { createRoute } from "@hono/zod-openapi";\nimport type { monitorsApi } from "./index";\nconst getRoute = createRoute({ method: "get", path: "/{id}", responses: {} });\nexport function registerGetMonitor(api: typeof monitorsApi) {\n  return api.openapi(getRoute, async (c) => c.json({}));\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /v1/monitor/{id}"]);
});

hono("a sub-app a function of the module builds and returns, given to a name there (export const slackRoute = createSlackRoute(config)), serves where that name is mounted; a name given another function's result is no sub-app", () => {
  const root = tempDir("tool-hono-made-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { hono: "^4" } }),
    "src/index.ts": 'import { Hono } from "hono";\nimport { slackRoute, config } from "./routes/slack";\nconst app = new Hono();\napp.route("/slack", slackRoute);\napp.route("/config", config);\nexport default app;\n',
    "src/routes/slack.ts": [
      'import { Hono } from "hono";',
      'import { verifySlackSignature } from "./verify";',
      "export function createSlackRoute(config: SlackConfig) {",
      "  const slack = new Hono();",
      '  slack.get("/install", (c) => c.text("ok"));',
      '  slack.post("/events", verifySlackSignature, (c) => c.json({}));',
      "  return slack;",
      "}",
      "function readConfig() {",
      "  const settings = loadSettings();",
      "  return settings;",
      "}",
      "export const config = readConfig();",
      "export const slackRoute = createSlackRoute(slackConfigFromEnv());",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), ["POST /slack/events [verifySlackSignature]", "GET /slack/install []"]);
});

hono("a sub-app an imported function builds, given to a name that is mounted here (const apiRoutes = createApiRoutes(core); app.route(\"/api\", apiRoutes)), serves under that mount; an imported function's result not mounted is no sub-app", () => {
  const root = tempDir("tool-hono-imported-factory-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { hono: "^4.0.0" } }),
    "src/api/router.ts": 'import { Hono } from "hono";\nexport function createApiRoutes(core: unknown): Hono {\n  const app = new Hono();\n  app.get("/queues", (c) => c.json([]));\n  app.post("/queues/:name/pause", (c) => c.json({}));\n  return app;\n}\n',
    "src/adapter.ts": 'import { Hono } from "hono";\nimport { createApiRoutes } from "./api/router";\nimport { createCore } from "./core";\nexport function workbench(options: unknown): Hono {\n  const core = createCore(options);\n  const app = new Hono();\n  const apiRoutes = createApiRoutes(core);\n  app.route("/api", apiRoutes);\n  app.get("/config", (c) => c.json({}));\n  return app;\n}\n',
    "src/core.ts": "export function createCore(options: unknown) { return { options }; }\n",
    "src/index.ts": 'import { Hono } from "hono";\nimport { workbench } from "./adapter";\nconst app = new Hono();\napp.route("/admin", workbench({}));\nexport default app;\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["GET /admin/api/queues", "GET /admin/config", "POST /admin/api/queues/{name}/pause"]);
});

hono("a handler that first hands its context to a function of the app's that throws an unauthorised error for an unknown caller (or calls one that does, in its module or one it imports) is guarded, however far below its validators the handler is written; one reading an optional session, or calling a function that refuses nobody, is not", () => {
  const root = tempDir("tool-hono-callee-check-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { hono: "4" } }),
    "src/lib/get-session.ts": [
      "export const getOptionalSession = async (c: Context) => readCookie(c);",
      "",
      "export const getSession = async (c: Context) => {",
      "  const { session, user } = await getOptionalSession(c);",
      "  if (session && user) {",
      "    return { session, user };",
      "  }",
      "  throw new AppError(AuthenticationErrorCode.Unauthorized);",
      "};",
      "",
      "export const getActiveSessions = async (c: Context) => {",
      "  const { user } = await getSession(c);",
      "  return prisma.session.findMany({ where: { userId: user.id } });",
      "};",
      "",
      "export const loadPreferences = async (c: Context) => {",
      "  return prisma.preference.findMany({ where: { locale: c.req.header('accept-language') } });",
      "};",
    ].join("\n"),
    "src/lib/get-accounts.ts": "import { getSession } from './get-session';\n\nexport const getAccounts = async (c: Context) => {\n  const { user } = await getSession(c);\n  return prisma.account.findMany({ where: { userId: user.id } });\n};\n",
    "src/routes/account.ts": [
      "import { Hono } from 'hono';",
      "import { getAccounts } from '../lib/get-accounts';",
      "import { getSession } from '../lib/get-session';",
      "",
      "export const accountRoute = new Hono()",
      "  .get('/accounts', async (c) => c.json(await getAccounts(c)))",
      "  .post(",
      "    '/2fa/enable',",
      "    sValidator(",
      "      'json',",
      "      z.object({ code: z.string() }),",
      "    ),",
      "    async (c) => {",
      "      const requestMetadata = c.get('requestMetadata');",
      "      const { user } = await getSession(c);",
      "      return c.json(await enableTwoFactor(user, requestMetadata));",
      "    },",
      "  );",
    ].join("\n"),
    "src/routes/session.ts": [
      "import { Hono } from 'hono';",
      "import { getActiveSessions, getOptionalSession, getSession, loadPreferences } from '../lib/get-session';",
      "",
      "export const sessionRoute = new Hono()",
      "  .get('/session', async (c) => {",
      "    const session = await getOptionalSession(c);",
      "    return c.json(session);",
      "  })",
      "  .get('/sessions', async (c) => {",
      "    const sessions = await getActiveSessions(c);",
      "    return c.json({ sessions });",
      "  })",
      "  .post('/password', async (c) => {",
      "    const { user } = await getSession(c);",
      "    return c.json(await updatePassword(user));",
      "  })",
      "  .get('/preferences', async (c) => {",
      "    const preferences = await loadPreferences(c);",
      "    return c.json(preferences);",
      "  });",
    ].join("\n"),
    "src/server.ts": "import { Hono } from 'hono';\nimport { accountRoute } from './routes/account';\nimport { sessionRoute } from './routes/session';\nconst app = new Hono();\napp.route('/api/auth', sessionRoute);\napp.route('/api/auth', accountRoute);\nexport default app;\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/auth/accounts [getAccounts]",
    "GET /api/auth/preferences",
    "GET /api/auth/session",
    "GET /api/auth/sessions [getActiveSessions]",
    "POST /api/auth/2fa/enable [getSession]",
    "POST /api/auth/password [getSession]",
  ]);
});

hono("an app assigned on the first request to a variable declared before (_app = new Hono()) is one; a sub-app mounted under a prefix the code computes (`/v${apiVersion}`) serves its routes saying their prefix is unknown, not at the root", () => {
  const root = tempDir("tool-hono-computed-prefix-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { hono: "^4.0.0" } }),
    "src/routes/patches.ts": 'import { Hono } from "hono";\nconst app = new Hono();\napp.get("/", (c) => c.json([]));\napp.get("/keys", (c) => c.json([]));\nexport default app;\n',
    "src/index.ts": [
      'import { Hono } from "hono";',
      'import patchesApp from "./routes/patches";',
      "",
      "let _app: Hono | undefined;",
      "",
      "export default {",
      "  async fetch(request: Request, env: Env) {",
      "    if (!_app) {",
      "      const { apiVersion } = getConfig(env);",
      "      _app = new Hono();",
      "      const versionedApp = new Hono();",
      '      versionedApp.route("/patches", patchesApp);',
      "      _app.route(`/v${apiVersion}`, versionedApp);",
      '      _app.get("/", (c) => c.text("docs"));',
      "    }",
      "    return _app.fetch(request, env);",
      "  },",
      "};",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), ["GET /", "GET /patches (prefix unknown)", "GET /patches/keys (prefix unknown)"]);
});

hono.run();

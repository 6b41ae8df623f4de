import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, fixtureRepo, runTool, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

const fastify = suite("Fastify routes");

fastify("plugins, register prefixes, route() with several methods, autoload folders and hooks, exactly", () => {
  assert.equal(routeLines("routes-fastify"), [
    "GET /api/admin/reports/daily src/routes/admin.ts:8 (inline) [fastify.verifyAdmin]",
    "POST /api/admin/reports/rebuild src/routes/admin.ts:9 (inline) [fastify.verifyAdmin]",
    "GET /api/admin/stats src/routes/admin.ts:5 (inline) [fastify.verifyAdmin]",
    "GET /api/status src/plugins/status.ts:4 (inline)",
    "GET /api/tenants src/plugins/tenants/index.ts:4 (inline) [onRequest]",
    "GET /api/tenants/{tenantId} src/plugins/tenants/_tenantId/index.ts:4 (inline) [onRequest]",
    "POST /api/tenants/{tenantId}/invite src/plugins/tenants/_tenantId/index.ts:5 (inline) [onRequest]",
    "GET /api/v1/users src/routes/users.ts:5 list",
    "DELETE /api/v1/users/{id} src/routes/users.ts:13 remove [requireAdmin]",
    "GET /api/v1/users/{id} src/routes/users.ts:6 show [fastify.authenticate]",
    "PATCH /api/v1/users/{id} src/routes/users.ts:7 update [fastify.authenticate]",
    "PUT /api/v1/users/{id} src/routes/users.ts:7 update [fastify.authenticate]",
    "GET /health src/server.ts:19 (inline)",
  ]);
});

fastify("a registered auth plugin guards nothing by itself; every write route here has its own guard", () => {
  const section = analyze(fixtureRepo("routes-fastify")).routes;
  assert.equal(section.frameworks, ["fastify"]);
  assert.equal(section.unguardedWrites, []);
  assert.not.ok(section.items.some((r) => r.guards.includes("authPlugin")));
});

fastify("calls chained on what a call returns register on the variable (createApp().withTypeProvider<T>().register(autoload)); auth([allowAnonymous, ...]) is optional", () => {
  const root = tempDir("tool-fastify-chained-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { fastify: "^4", "@fastify/autoload": "^5", "@fastify/auth": "^4" } }),
    "src/app.ts": [
      'import Fastify from "fastify";', 'import autoload from "@fastify/autoload";', 'import { dirname, join } from "node:path";', "",
      "function createApp() {", "  return Fastify({ logger: true });", "}", "",
      "const app = createApp()", "  .withTypeProvider<TypeBoxTypeProvider>()", "  .setErrorHandler((error, _req, reply) => reply.send(error))",
      "  .register(autoload, {", '    dir: join(dirname(import.meta.url), "routes"),', "  });", "", "export default app;", "",
    ].join("\n"),
    "src/routes/api/articles.ts": [
      'import type { FastifyInstance } from "fastify";', "",
      "export default async function (app: FastifyInstance) {",
      '  app.route({ method: "GET", url: "/articles", preHandler: app.auth([app.allowAnonymous, app.allowCredentials]), handler: list });',
      '  app.route({ method: "POST", url: "/articles", preHandler: app.auth([app.allowCredentials]), handler: create });',
      "}", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), ["GET /api/articles []", "POST /api/articles [app.auth]"]);
});

fastify("an auth hook added by a fastify-plugin (fp) reaches every route of the app; a route's config auth: false or 'OPTIONAL' lets callers in", () => {
  const root = tempDir("tool-fastify-fp-hook-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { fastify: "^4", "fastify-plugin": "^4" } }),
    "src/hooks/authenticate.ts": [
      'import fp from "fastify-plugin";',
      "export default fp(async (fastify) => {",
      '  fastify.addHook("onRequest", async (request, reply) => {',
      "    if (request.routeOptions.config.auth === false) return;",
      "    const header = request.headers.authorization;",
      '    if (!header) { if (request.routeOptions.config.auth === "OPTIONAL") return; throw unauthorized; }',
      "    request.user = verify(header);",
      "  });",
      "});",
    ].join("\n"),
    // An fp plugin whose hook times requests guards nothing.
    "src/hooks/timing.ts": 'import fp from "fastify-plugin";\nexport default fp(async (fastify) => {\n  fastify.addHook("onRequest", async (request) => { request.started = Date.now(); });\n});\n',
    "src/server.ts": [
      'import Fastify from "fastify";',
      'import authenticate from "./hooks/authenticate";',
      'import timing from "./hooks/timing";',
      'import users from "./users";',
      "const app = Fastify();",
      "app.register(authenticate);",
      "app.register(timing);",
      'app.register(users, { prefix: "/api" });',
      'app.get("/", { config: { auth: false } }, () => "hello");',
    ].join("\n"),
    "src/users.ts": [
      "export default async function (fastify) {",
      '  fastify.route({ method: "POST", url: "/users/login", config: { auth: false }, handler: login });',
      '  fastify.route({ method: "GET", url: "/profiles/:name", config: { auth: "OPTIONAL" }, handler: profile });',
      '  fastify.route({ method: "PUT", url: "/user", config: { auth: true }, handler: update });',
      '  fastify.delete("/user", remove);',
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]${r.public ? " public" : ""}`), [
    "GET / [] public",
    "DELETE /api/user [onRequest]",
    "PUT /api/user [onRequest]",
    "POST /api/users/login [] public",
    "GET /api/profiles/{name} [] public",
  ].sort((a, b) => a.split(" ")[1]!.localeCompare(b.split(" ")[1]!)));
});

fastify("a path written after opts.prefix, in a plugin handed options the analysis cannot read, says its prefix is unknown", () => {
  const root = tempDir("tool-fastify-options-prefix-");
  const plugin = (name: string) => `const fp = require("fastify-plugin");\nasync function ${name}(server, options) {\n  server.route({ method: "POST", path: options.prefix + "${name}/login", handler: login });\n}\nmodule.exports = fp(${name});\n`;
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { fastify: "^4", "fastify-plugin": "^4" } }),
    "index.js": 'const getConfig = require("./config");\nconst users = require("./users");\nconst admins = require("./admins");\nconst main = async () => {\n  const config = await getConfig();\n  const server = require("fastify")();\n  server.register(users, config);\n  server.register(admins, { prefix: "/staff/" });\n};\nmain();\n',
    "config.js": "module.exports = async () => ({ prefix: process.env.API_PREFIX });\n",
    "users.js": plugin("users"),
    "admins.js": plugin("admins"),
  });
  commitAll(root);
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  assert.equal(routes, ["POST /staff/admins/login", "POST /users/login (prefix unknown)"]);
  const text = runTool(["routes", "--root", root]).stdout;
  assert.match(text, /POST\s+\/users\/login\s+users\.js:3\s+login\s+\(prefix unknown\)/);
  assert.match(text, /1 route marked \(prefix unknown\) is written after a prefix from configuration/);
});

fastify("register options held in a const of the file (const options = { prefix: API_PREFIX }) give their prefix", () => {
  const root = tempDir("tool-fastify-options-const-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { fastify: "^4" } }),
    "src/server.ts": 'import Fastify from "fastify";\nimport users from "./users";\nconst API_PREFIX = "api";\nconst fastify = Fastify();\nconst _options = { prefix: API_PREFIX };\nfastify.register(users, _options);\nexport default fastify;\n',
    "src/users.ts": 'import type { FastifyInstance } from "fastify";\nexport default async function (fastify: FastifyInstance) {\n  fastify.route({ method: "POST", url: "/users/login", handler: login });\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), ["POST /api/users/login"]);
});

fastify("a prefix the config takes from the environment (prefix: process.env.API_PREFIX) is read from .env.example, never from .env", () => {
  const root = tempDir("tool-fastify-sample-prefix-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { fastify: "^4", "fastify-plugin": "^4" } }),
    "index.js": 'const getConfig = require("./config");\nconst users = require("./users");\nconst main = async () => {\n  const config = await getConfig();\n  const server = require("fastify")();\n  server.register(users, config);\n};\nmain();\n',
    "config.js": "module.exports = async () => ({ prefix: process.env.API_PREFIX, port: process.env.PORT });\n",
    "users.js": 'const fp = require("fastify-plugin");\nasync function users(server, options) {\n  server.route({ method: "POST", path: options.prefix + "/users/login", handler: login });\n}\nmodule.exports = fp(users);\n',
    ".env.example": "PORT=3000\nAPI_PREFIX=/api\n",
    ".env": "API_PREFIX=/secret-local\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), ["POST /api/users/login"]);
});

fastify("routes written with type arguments (instance.get<Generic>(...)) in a plugin assigned to a typed const; an onRequest hook that only rewrites the Authorization header guards nothing", () => {
  const root = tempDir("tool-fastify-generics-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { fastify: "^3" } }),
    "src/server.ts": [
      "import fastify from 'fastify';",
      "import { router as profilesRouter } from './profiles';",
      "export const server = fastify();",
      "server.addHook('onRequest', (request, reply, done) => {",
      "  if (request.headers.authorization?.startsWith('Token ')) {",
      "    request.headers.authorization = request.headers.authorization.replace('Token', 'Bearer');",
      "  }",
      "  done();",
      "});",
      "server.decorate('authenticate', async (request, reply) => { await request.jwtVerify(); });",
      "void server.register(profilesRouter, { prefix: '/profiles' });",
      "",
    ].join("\n"),
    "src/profiles.ts": [
      "import type { FastifyPluginCallback } from 'fastify';",
      "interface ProfileGeneric { Params: { username: string }; Reply: { profile: Profile<string> | null } }",
      "export const router: FastifyPluginCallback = (instance, options, done) => {",
      "  instance.get<ProfileGeneric>('/:username', async (request, reply) => reply.send({}));",
      "  instance.post<{ Params: { username: string } }>('/:username/follow', { onRequest: [instance.authenticate] }, follow);",
      "  instance.delete<Map<string, Array<number>>>('/:username/follow', { onRequest: [instance.authenticate], handler: unfollow });",
      "  done();",
      "};",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "GET /profiles/{username}",
    "DELETE /profiles/{username}/follow [instance.authenticate]",
    "POST /profiles/{username}/follow [instance.authenticate]",
  ]);
});

fastify("a route registered through the instance's type provider (fastify.withTypeProvider<TypeBoxTypeProvider>().get(...)) is the instance's", () => {
  const root = tempDir("tool-fastify-type-provider-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { fastify: "^4" } }),
    "src/app.ts": 'import Fastify from "fastify";\nimport eventsController from "./events";\nconst app = Fastify();\nawait app.register(eventsController, { prefix: "/api/events" });\nawait app.listen({ port: 3000 });\n',
    "src/events.ts": [
      'import { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";',
      'import { FastifyInstance } from "fastify";',
      "export default async function eventsController(fastify: FastifyInstance) {",
      '  fastify.withTypeProvider<TypeBoxTypeProvider>().get("/", { schema: {} }, async () => []);',
      "  fastify",
      "    .withTypeProvider<TypeBoxTypeProvider>()",
      '    .post("/traits", { schema: {} }, async () => ({}));',
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /api/events", "POST /api/events/traits"]);
});

fastify("an instance handed to functions that register on it (registerRoutes(server), then authRoutes(fastify)) serves their routes under its hooks, added before or after: a preHandler that refuses with 401 guards all but the URLs it lets through first", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { fastify: "^5.0.0" } }),
    "src/main.ts": [
      'import Fastify, { FastifyInstance } from "fastify";',
      'import { registerRoutes } from "./routes";',
      "",
      "const server: FastifyInstance = Fastify({ logger: true });",
      "registerRoutes(server);",
      'server.get("/", async () => ({ healthy: true }));',
      "",
      'server.addHook("preHandler", async function (request: any, reply: any) {',
      "  try {",
      '    if (request.url === "/api/v1/auth/login" && request.method === "POST") {',
      "      return true;",
      "    }",
      '    const bearer = request.headers.authorization!.split(" ")[1];',
      "    checkToken(bearer);",
      "  } catch (err) {",
      '    reply.status(401).send({ message: "Unauthorized" });',
      "  }",
      "});",
      "",
      "server.listen({ port: 5003 });",
      "",
    ].join("\n"),
    "src/routes.ts": [
      'import { FastifyInstance } from "fastify";',
      'import { authRoutes } from "./controllers/auth";',
      'import { ticketRoutes } from "./controllers/ticket";',
      "",
      "export function registerRoutes(fastify: FastifyInstance) {",
      "  authRoutes(fastify);",
      "  ticketRoutes(fastify);",
      "}",
      "",
    ].join("\n"),
    "src/controllers/auth.ts": [
      'import { FastifyInstance } from "fastify";',
      "",
      "export function authRoutes(fastify: FastifyInstance) {",
      '  fastify.post("/api/v1/auth/login", async (request, reply) => reply.send({}));',
      '  fastify.get("/api/v1/auth/sessions", async (request, reply) => reply.send([]));',
      "}",
      "",
    ].join("\n"),
    "src/controllers/ticket.ts": [
      'import { FastifyInstance } from "fastify";',
      "",
      "export function ticketRoutes(fastify: FastifyInstance) {",
      '  fastify.post("/api/v1/ticket/create", async (request, reply) => reply.send({}));',
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET / [preHandler]",
    "GET /api/v1/auth/sessions [preHandler]",
    "POST /api/v1/auth/login",
    "POST /api/v1/ticket/create [preHandler]",
  ]);
});

fastify("a plugin's hook written in place that answers 401 itself guards the plugin's routes, whatever its check is named; a hook that only rewrites the query guards nothing", () => {
  const root = tempDir("tool-fastify-hook-401-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "api", dependencies: { fastify: "^5.0.0" } }),
    "src/app.ts": [
      'import Fastify from "fastify";',
      'import exportRouter from "./export.router";',
      'import publicRouter from "./public.router";',
      "const fastify = Fastify();",
      "fastify.register(exportRouter, { prefix: '/export' });",
      "fastify.register(publicRouter, { prefix: '/public' });",
      "fastify.listen({ port: 3000 });",
      "",
    ].join("\n"),
    "src/export.router.ts": [
      'import { validateExportRequest } from "./client";',
      "const exportRouter = async (fastify) => {",
      "  fastify.addHook('preHandler', async (req, reply) => {",
      "    try {",
      "      req.client = await validateExportRequest(req.headers);",
      "    } catch (e) {",
      "      return reply.status(401).send({ error: 'Unauthorized' });",
      "    }",
      "  });",
      "  fastify.get('/events', async () => []);",
      "};",
      "export default exportRouter;",
      "",
    ].join("\n"),
    "src/public.router.ts": [
      "const publicRouter = async (fastify) => {",
      "  fastify.addHook('preValidation', async (req) => {",
      "    req.query = { ...req.query, page: Number(req.query.page ?? 1) };",
      "  });",
      "  fastify.get('/stats', async () => []);",
      "};",
      "export default publicRouter;",
      "",
    ].join("\n"),
    "src/client.ts": "export async function validateExportRequest(headers) { return headers; }\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /export/events [preHandler]", "GET /public/stats"]);
});

fastify.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, fixtureRepo, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

const koa = suite("Koa routes");

koa("@koa/router prefixes, named routes, chains, nested routers and router middleware, exactly", () => {
  assert.equal(routeLines("routes-koa"), [
    "GET /api/v2 src/routes/index.js:9 (inline)",
    "DELETE /api/v2/admin/cache/{key} src/routes/admin.js:11 (inline) [requireAdmin]",
    "GET /api/v2/admin/stats src/routes/admin.js:8 (inline) [requireAdmin]",
    "GET /api/v2/users src/routes/users.js:8 users.list",
    "POST /api/v2/users src/routes/users.js:8 users.create [requireUser]",
    "GET /api/v2/users/{id} src/routes/users.js:9 users.show",
    "ALL /api/v2/users/{id}/legacy src/routes/users.js:10 users.legacy",
  ]);
});

koa("Koa routers are not mistaken for Express routers, and mocks in tests are no routes", () => {
  const section = analyze(fixtureRepo("routes-koa")).routes;
  assert.equal(section.frameworks, ["koa"]);
  assert.not.ok(section.items.some((r) => r.file.startsWith("test/")));
});

koa("mounts chained on a router (router.use(a.routes()).use(b.routes())) each take the router's prefix", () => {
  const root = tempDir("tool-koa-chained-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { koa: "^2", "koa-router": "^12" } }),
    "app/router/index.ts": "import KoaRouter from 'koa-router'\nimport users from './users'\nimport articles from './articles'\n\nconst router = new KoaRouter({ prefix: '/api/v1' })\n\nrouter\n  .use(users.routes())\n  .use(articles.routes())\n\nexport default router\n",
    "app/router/users.ts": "import KoaRouter from 'koa-router'\nconst users = new KoaRouter()\nusers.post('/users/login', login)\nexport default users\n",
    "app/router/articles.ts": "import KoaRouter from 'koa-router'\nconst articles = new KoaRouter({ prefix: '/articles' })\narticles.get('/', list)\nexport default articles\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/v1/articles", "POST /api/v1/users/login"]);
});

koa("a module exporting router.routes() is that router where it is mounted; a JWT middleware made with passthrough: true in another module reads the caller without guarding", () => {
  const root = tempDir("tool-koa-exported-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { koa: "^2", "koa-router": "^7", "koa-jwt": "^3" } }),
    "src/app.ts": [
      "import * as Koa from 'koa';",
      "import { router } from './routes';",
      "import { jwt } from './middleware/jwt';",
      "const app = new Koa();",
      "app.use(jwt);",
      "app.use(router.routes());",
      "",
    ].join("\n"),
    "src/middleware/jwt.ts": "const koaJwt = require('koa-jwt');\nexport const jwt = koaJwt({ secret: process.env.SECRET, passthrough: true, key: 'jwt' });\n",
    "src/middleware/auth-required.ts": "export const authRequired = koaJwt({ secret: process.env.SECRET });\nconst koaJwt = require('koa-jwt');\n",
    "src/routes/index.ts": [
      "import * as Router from 'koa-router';",
      "import { usersRoutes } from './users';",
      "export const router = new Router();",
      "const api = new Router();",
      "api.use(usersRoutes);",
      "router.use('/api', api.routes());",
      "",
    ].join("\n"),
    "src/routes/users.ts": [
      "import * as Router from 'koa-router';",
      "import { authRequired } from '../middleware/auth-required';",
      "const router = new Router();",
      "router.post('/users/login', login);",
      "router.get('/user', authRequired, show);",
      "export const usersRoutes: Router.IMiddleware = router.routes();",
      "",
    ].join("\n"),
  });
  commitAll(root);
  const lines = guardedRoutes(root);
  assert.equal(lines, ["GET /api/user [authRequired]", "POST /api/users/login"]);
});

koa("a module whose export is koaJwt({ passthrough: true }) itself is no guard where it is required; one without passthrough is", () => {
  const root = tempDir("tool-koa-cjs-jwt-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { koa: "^2", "koa-router": "^7", "koa-jwt": "^3" } }),
    "src/middleware/jwt.js": "const koaJwt = require('koa-jwt')\nmodule.exports = koaJwt({ secret: 's', passthrough: true, key: 'jwt' })\n",
    "src/middleware/auth.js": "const koaJwt = require('koa-jwt')\nmodule.exports = koaJwt({ secret: 's' })\n",
    "src/app.js": "const Koa = require('koa')\nconst Router = require('koa-router')\nconst jwt = require('./middleware/jwt')\nconst auth = require('./middleware/auth')\nconst app = new Koa()\nconst router = new Router()\napp.use(jwt)\nrouter.get('/articles', list)\nrouter.post('/articles', auth, create)\napp.use(router.routes())\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /articles", "POST /articles [auth]"]);
});

koa("a koa-router made by calling Router() without new is a router; passport.initialize() on the app guards nothing", () => {
  const root = tempDir("tool-koa-call-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { koa: "^2", "koa-router": "^7", "koa-passport": "^4" } }),
    "routes/profiles.js": "const Router = require('koa-router')\nconst { authJWT } = require('../auth')\nconst router = Router()\nrouter.get('/profiles/:username', show)\nrouter.post('/profiles/:username/follow', authJWT.required, follow)\nmodule.exports = router.routes()\n",
    "routes/index.js": "const Router = require('koa-router')\nconst profiles = require('./profiles')\nconst router = new Router()\nconst api = new Router()\napi.use(profiles)\nrouter.use('/api', api.routes())\nmodule.exports = router\n",
    "auth.js": "const jwt = require('koa-jwt')\nmodule.exports.authJWT = { required: jwt({ secret: 's' }) }\n",
    "index.js": "const Koa = require('koa')\nconst passport = require('koa-passport')\nconst router = require('./routes')\nconst app = new Koa()\napp.use(passport.initialize())\napp.use(router.routes())\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /api/profiles/{username}", "POST /api/profiles/{username}/follow [authJWT.required]"]);
});

koa("an app mounted with koa-mount, a router reached through a folder's index (export { default } from), routes written without a leading slash, and a CSRF check that is no guard", () => {
  const root = tempDir("tool-koa-mount-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { koa: "^2", "koa-router": "^7", "koa-mount": "^4" } }),
    "server/services/web.ts": [
      'import Koa from "koa";',
      'import mount from "koa-mount";',
      'import api from "../routes/api";',
      "export default function init(app: Koa = new Koa()) {",
      '  app.use(mount("/api", api));',
      "  return app;",
      "}",
    ].join("\n"),
    "server/routes/api/index.ts": [
      'import Koa from "koa";',
      'import Router from "koa-router";',
      'import { verifyCSRFToken } from "../../middlewares/csrf";',
      'import documents from "./documents";',
      "const api = new Koa();",
      "const router = new Router();",
      "api.use(verifyCSRFToken());",
      'router.use("/", documents.routes());',
      "api.use(router.routes());",
      "export default api;",
    ].join("\n"),
    "server/routes/api/documents/index.ts": 'export { default } from "./documents";\n',
    "server/routes/api/documents/documents.ts": [
      'import Router from "koa-router";',
      'import auth from "../../../middlewares/authentication";',
      "const router = new Router();",
      'router.post("documents.list", auth(), async (ctx) => { ctx.body = []; });',
      'router.post("documents.info", auth({ optional: true }), async (ctx) => { ctx.body = {}; });',
      "export default router;",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "POST /api/documents.info",
    "POST /api/documents.list [auth]",
  ]);
});

koa("route modules handed a router (...[router, ctx] and const [router] = args), passed on with ...args, routers walked from a factory's list, a second router of the same name in another function, and a validation guard that checks no caller", () => {
  const root = tempDir("tool-koa-route-modules-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { koa: "^2", "koa-router": "^12", "koa-mount": "^4" } }),
    "src/routes/types.ts": "import type Router from 'koa-router';\nexport type ManagementApiRouter = Router<unknown, Context>;\ntype RouterInit<T> = (router: T, tenant: Tenant) => void;\nexport type RouterInitArgs<T> = Parameters<RouterInit<T>>;\n",
    "src/routes/log.ts": [
      "import koaGuard from '../middleware/koa-guard.js';",
      "import type { ManagementApiRouter, RouterInitArgs } from './types.js';",
      "export default function logRoutes<T extends ManagementApiRouter>(...[router, { queries }]: RouterInitArgs<T>) {",
      "  router.get('/logs', koaGuard({ query: object({ userId: string() }), response: Logs.guard.array(), status: [200, 400] }), async (ctx, next) => next());",
      "}",
    ].join("\n"),
    "src/routes/users/index.ts": [
      "import type { ManagementApiRouter, RouterInitArgs } from '../types.js';",
      "import userBasicsRoutes from './basics.js';",
      "export default function adminUserRoutes<T extends ManagementApiRouter>(...args: RouterInitArgs<T>) {",
      "  userBasicsRoutes(...args);",
      "}",
    ].join("\n"),
    "src/routes/users/basics.ts": [
      "import koaGuard from '../../middleware/koa-guard.js';",
      "export default function userBasicsRoutes<T extends ManagementApiRouter>(...args: RouterInitArgs<T>) {",
      "  const [router, { queries }] = args;",
      "  router.delete('/users/:userId', requireAdmin({ roles: ['admin'] }), async (ctx, next) => next());",
      "}",
    ].join("\n"),
    "src/routes/status.ts": "export default function statusRoutes<T extends AnonymousRouter>(...[router]: RouterInitArgs<T>) {\n  router.get('/status', async (ctx) => { ctx.status = 204; });\n}\n",
    "src/routes/well-known.ts": "export default function publicWellKnownRoutes<T extends AnonymousRouter>(...[router]: RouterInitArgs<T>) {\n  router.get('/openid-configuration', async (ctx) => { ctx.body = {}; });\n}\n",
    "src/routes/init.ts": [
      "import Koa from 'koa';",
      "import Router from 'koa-router';",
      "import koaAuth from '../middleware/koa-auth.js';",
      "import logRoutes from './log.js';",
      "import adminUserRoutes from './users/index.js';",
      "import statusRoutes from './status.js';",
      "import publicWellKnownRoutes from './well-known.js';",
      "const createRouters = (tenant) => {",
      "  const managementRouter = new Router();",
      "  managementRouter.use(koaAuth(tenant.envSet));",
      "  logRoutes(managementRouter, tenant);",
      "  adminUserRoutes(managementRouter, tenant);",
      "  const anonymousRouter = new Router();",
      "  statusRoutes(anonymousRouter, tenant);",
      "  return [managementRouter, anonymousRouter];",
      "};",
      "export default function initApis(tenant): Koa {",
      "  const apisApp = new Koa();",
      "  for (const router of createRouters(tenant)) {",
      "    apisApp.use(router.routes()).use(router.allowedMethods());",
      "  }",
      "  return apisApp;",
      "}",
      "export function initPublicWellKnownApis(tenant): Koa {",
      "  const globalApisApp = new Koa();",
      "  const anonymousRouter = new Router();",
      "  publicWellKnownRoutes(anonymousRouter, tenant);",
      "  globalApisApp.use(anonymousRouter.routes());",
      "  return globalApisApp;",
      "}",
    ].join("\n"),
    "src/app.ts": [
      "import Koa from 'koa';",
      "import mount from 'koa-mount';",
      "import initApis, { initPublicWellKnownApis } from './routes/init.js';",
      "const app = new Koa();",
      "app.use(mount('/.well-known', initPublicWellKnownApis(tenant)));",
      "app.use(mount('/api', initApis(tenant)));",
      "app.listen(3001);",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET /.well-known/openid-configuration",
    "GET /api/logs [koaAuth]",
    "GET /api/status",
    "DELETE /api/users/{userId} [koaAuth,requireAdmin]",
  ]);
});

koa("the router koa-router's use() returns is the same router under another name (const experienceRouter = (anonymousRouter as Router<C>).use(...)); paths from a frozen object of another module (Object.freeze({ prefix, profile: `${prefix}/profile` }))", () => {
  const root = tempDir("tool-koa-use-alias-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { koa: "^2", "koa-router": "^12" } }),
    "src/routes/experience/const.ts": "const prefix = '/experience';\nexport const experienceRoutes = Object.freeze({\n  prefix,\n  profile: `${prefix}/profile`,\n});\n",
    "src/routes/experience/index.ts": [
      "import type Router from 'koa-router';",
      "import { experienceRoutes } from './const.js';",
      "export default function experienceApiRoutes<T extends AnonymousRouter>(...[anonymousRouter, tenant]: RouterInitArgs<T>) {",
      "  const experienceRouter =",
      "    (anonymousRouter as Router<unknown, ExperienceContext>).use(koaInteractionDetails(tenant.provider));",
      "  experienceRouter.put(experienceRoutes.prefix, koaGuard({ body: z.object({}) }), async (ctx, next) => next());",
      "  experienceRouter.post(`${experienceRoutes.profile}/password`, async (ctx, next) => next());",
      "}",
    ].join("\n"),
    "src/app.ts": "import Koa from 'koa';\nimport Router from 'koa-router';\nimport experienceApiRoutes from './routes/experience/index.js';\nconst app = new Koa();\nconst router = new Router({ prefix: '/api' });\nexperienceApiRoutes(router, tenant);\napp.use(router.routes());\napp.listen(3001);\n",
  });
  assert.equal(guardedRoutes(root), ["PUT /api/experience", "POST /api/experience/profile/password"]);
});

koa.run();

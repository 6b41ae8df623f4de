import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { joinPaths, normalizePath } from "../../analysis/routes/paths.ts";
import { commitAll, fixtureRepo, runTool, tempDir, writeFiles, git } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const paths = suite("route paths");

paths("normalizePath() writes every framework's parameters as {name}, and a trailing path converter as a subtree", () => {
  assert.is(normalizePath("users/:id"), "/users/{id}");
  assert.is(normalizePath("/users/<int:id>/"), "/users/{id}");
  assert.is(normalizePath("/create/<any(lecture,meeting,conference):event_type>"), "/create/{event_type}");
  assert.is(normalizePath("/lang/<string(length=2):code>/"), "/lang/{code}");
  // A trailing path converter matches the rest: a subtree; elsewhere it is one parameter.
  assert.is(normalizePath("/servers/<string:server_id>/zones/<string:zone_id>/<path:subpath>"), "/servers/{server_id}/zones/{zone_id}/*");
  assert.is(normalizePath("/files/<path:name>/raw"), "/files/{name}/raw");
  assert.is(normalizePath("/a/{id:int}"), "/a/{id}");
  assert.is(normalizePath("/a/[id]/[...slug]"), "/a/{id}/{slug}");
  assert.is(normalizePath("^users/(?P<pk>[0-9]+)/$"), "/users/{pk}");
  assert.is(normalizePath("//x//y/"), "/x/y");
  assert.is(normalizePath("/Album::rename"), "/Album::rename");
  assert.is(normalizePath(""), "/");
  assert.is(joinPaths("/api", "v1/", "/users", ":id"), "/api/v1/users/{id}");
  assert.is(joinPaths("/api", "/"), "/api");
});

paths.run();

const express = suite("Express routes");

express("routes are found with full paths across files, mounts, constants and templates", () => {
  assert.equal(list(fixtureRepo("routes-express")), [
    "POST /admin/reindex src/routes/admin.js:5 (inline) [requireAuth]",
    "GET /admin/stats src/routes/admin.js:4 (inline) [requireAuth]",
    "GET /api/v1/orders src/routes/orders.js:6 listOrders",
    "DELETE /api/v1/orders/{orderId} src/routes/orders.js:7 removeOrder",
    "GET /api/v1/users src/routes/users.js:8 controller.list",
    "POST /api/v1/users src/routes/users.js:10 controller.create [requireAuth]",
    "GET /api/v1/users/{id} src/routes/users.js:9 controller.show",
    "GET /api/v1/users/{id}/avatar src/routes/users.js:11 controller.avatar",
    "PUT /api/v1/users/{id}/avatar src/routes/users.js:11 controller.setAvatar [requireAuth]",
    "ALL /api/v1/users/legacy/* src/routes/users.js:12 controller.legacy",
    "GET /health src/server.js:12 (inline)",
  ]);
});

express("a router made and exported in one expression (export default Router().use(...)) mounts its routers with the prefix", () => {
  const root = tempDir("tool-express-chained-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "src/app.ts": 'import express from "express";\nimport routes from "./routes/index";\nconst app = express();\napp.use(routes);\napp.listen(3000);\n',
    "src/routes/index.ts": 'import { Router } from "express";\nimport users from "./users";\nimport tags from "./tags";\n\nexport default Router({ mergeParams: true })\n  .use("/api", users)\n  .use("/api/tags", tags);\n',
    "src/routes/users.ts": 'import { Router } from "express";\nconst router = Router();\nrouter.get("/user", auth, current);\nrouter.post("/users/login", login);\nexport default router;\n',
    "src/routes/tags.ts": 'const express = require("express");\nmodule.exports = express.Router().get("/", list);\n',
    // A decoy: a default export of a Router from another library is not Express's.
    "src/other/koa.ts": 'import Router from "@koa/router";\nexport default new Router().get("/koa", handler);\n',
  });
  assert.equal(list(root).map((r) => r.split(" ").slice(0, 2).join(" ")), ["GET /api/tags", "GET /api/user", "POST /api/users/login"]);
});

express("calls chained on a router as it is made into a variable (const api = Router().use(a).use(b)) are its mounts", () => {
  const root = tempDir("tool-express-chained-const-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "src/main.ts": 'import express from "express";\nimport routes from "./routes";\nconst app = express();\napp.use(routes);\n',
    "src/routes.ts": 'import { Router } from "express";\nimport tags from "./tags";\nimport users from "./users";\n\nconst api = Router()\n  .use(tags)\n  .use("/users", users);\n\nexport default Router().use("/api", api);\n',
    "src/tags.ts": 'import { Router } from "express";\nconst router = Router();\nrouter.get("/tags", list);\nexport default router;\n',
    "src/users.ts": 'import { Router } from "express";\nconst router = Router();\nrouter.post("/login", login);\nexport default router;\n',
  });
  assert.equal(list(root).map((r) => r.split(" ").slice(0, 2).join(" ")), ["GET /api/tags", "POST /api/users/login"]);
});

express("calls chained on the app as it is made (const app = express().get(...).use(json()).post(...)) are its routes, with the guards named in them; a statement after the app's is no part of its chain", () => {
  const root = tempDir("tool-express-chained-app-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "server.js": [
      'const express = require("express");',
      'const ENDPOINTS = { health: "/healthz", save: "/config/save" };',
      "const app = express()",
      "  .get(ENDPOINTS.health, (req, res) => res.end('ok'))",
      "  .use(express.json())",
      "  .post(ENDPOINTS.save, requireAuth, (req, res) => res.end('saved'));",
      "const other = express();",
      "[1, 2].map((n) => n)",
      "  .filter(Boolean);",
      "module.exports = app;",
      "",
    ].join("\n"),
  });
  assert.equal(list(root), ["POST /config/save server.js:6 (inline) [requireAuth]", "GET /healthz server.js:4 (inline)"]);
});

express("an app taken from the module that made it (const app = server.app) registers routes; an optional parameter serves the path with and without it, unless a route is written for the shorter one", () => {
  const root = tempDir("tool-express-taken-app-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "server/kuma-server.js": 'const express = require("express");\nclass KumaServer {\n  constructor() {\n    this.app = express();\n  }\n}\nmodule.exports = { KumaServer };\n',
    "server/server.js": [
      'const express = require("express");',
      'const { KumaServer } = require("./kuma-server");',
      "const server = new KumaServer();",
      "const app = server.app;",
      'app.get("/robots.txt", (req, res) => res.send(""));',
      'app.get("/api/badge/:id/uptime/:duration?", badge);',
      'app.get("/api/badge/:id/ping", ping);',
      'app.get("/api/badge/:id/ping/:duration?", pingFor);',
      "",
    ].join("\n"),
  });
  assert.equal(list(root).map((r) => r.split(" ").slice(0, 4).join(" ")), [
    "GET /api/badge/{id}/ping server/server.js:7 ping",
    "GET /api/badge/{id}/ping/{duration} server/server.js:8 pingFor",
    "GET /api/badge/{id}/uptime server/server.js:6 badge",
    "GET /api/badge/{id}/uptime/{duration} server/server.js:6 badge",
    "GET /robots.txt server/server.js:5 (inline)",
  ]);
});

express("Etherpad's plugin hooks hand the Express app to exported functions (exports.expressCreateServer = (hookName, args) => args.app.get(...), {app} destructured); another exported function's app parameter elsewhere is not the hook's; Express 5's optional groups serve each form", () => {
  const root = tempDir("tool-express-etherpad-hooks-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "ep_pad_stats", dependencies: { express: "^5" } }),
    "ep.json": JSON.stringify({ parts: [{ name: "stats", hooks: { expressCreateServer: "ep_pad_stats/stats", expressPreSession: "ep_pad_stats/locales" } }] }),
    "stats.ts": [
      "import {ArgsExpressType} from './types';",
      "",
      "exports.expressCreateServer = (hookName: string, args: ArgsExpressType, cb: Function) => {",
      "  args.app.get('/p/:pad/stats', (req: any, res: any) => res.json({}));",
      "  args.app.post('/p/:pad/stats/reset', resetStats);",
      "  args.app.get('/p/:pad{/:rev}/export/:type', exportPad);",
      "  args.app.get('/files{/*rest}', serveFile);",
      "  return cb();",
      "};",
      "",
    ].join("\n"),
    "locales.ts": [
      "exports.expressPreSession = async (hookName: string, {app}: any) => {",
      "  app.get('/stats/locales.json', (req: any, res: any) => res.json([]));",
      "};",
      "",
    ].join("\n"),
    "cache.ts": [
      "export const warm = (hookName: string, {app}: any) => {",
      "  app.get('/not-a-route', () => null);",
      "};",
      "",
    ].join("\n"),
  });
  assert.equal(list(root).map((r) => r.split(" ").slice(0, 3).join(" ")), [
    "GET /files stats.ts:7",
    "GET /files/{rest} stats.ts:7",
    "GET /p/{pad}/{rev}/export/{type} stats.ts:6",
    "GET /p/{pad}/export/{type} stats.ts:6",
    "GET /p/{pad}/stats stats.ts:4",
    "POST /p/{pad}/stats/reset stats.ts:5",
    "GET /stats/locales.json locales.ts:2",
  ]);
});

express("a router object reached through a folder's index that is another module (module.exports = require(\"./routes\")), mounted under two prefixes, serves under both", () => {
  const root = tempDir("tool-express-cjs-index-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "server/server.js": 'const express = require("express");\nconst routes = require("./routes");\nconst app = express();\napp.use("/api/v2", routes.api);\napp.use("/api", routes.api);\napp.listen(3000);\n',
    "server/routes/index.js": 'module.exports = require("./routes");\n',
    "server/routes/routes.js": 'const { Router } = require("express");\nconst link = require("./link.routes");\nconst apiRouter = Router();\napiRouter.use("/links", link);\nmodule.exports = {\n  api: apiRouter,\n};\n',
    "server/routes/link.routes.js": 'const { Router } = require("express");\nconst router = Router();\nrouter.get("/", (req, res) => res.send([]));\nmodule.exports = router;\n',
  });
  assert.equal(list(root).map((r) => r.split(" ").slice(0, 2).join(" ")), ["GET /api/links", "GET /api/v2/links"]);
});

express("middleware and handlers wrapped for async errors (asyncHandler(auth.jwt)) are read as what they wrap; a validation step named verify, a feature switch and passport's local sign-in check guard nothing", () => {
  const root = tempDir("tool-express-async-wrapper-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "server.js": [
      'const express = require("express");',
      'const auth = require("./auth.handler");',
      'const helpers = require("./helpers.handler");',
      'const asyncHandler = require("./asyncHandler");',
      "const app = express();",
      'app.post("/domains", asyncHandler(auth.jwt), helpers.verify, asyncHandler(domains.add));',
      'app.post("/login", helpers.verify, asyncHandler(auth.local), asyncHandler(auth.login));',
      'app.get("/me", async (req, res) => res.send(req.user));',
      'app.post("/signup", auth.featureAccess([env.DISALLOW_REGISTRATION]), asyncHandler(auth.signup));',
      "app.listen(3000);",
    ].join("\n"),
  });
  assert.equal(list(root).map((r) => r.split(" ").slice(0, 2).concat(r.split(" ").slice(3)).join(" ")), [
    "POST /domains domains.add [auth.jwt]",
    "POST /login auth.login",
    "GET /me (inline)",
    "POST /signup auth.signup",
  ]);
});

express("write routes without a guard are listed when no global guard exists", () => {
  const section = analyze(fixtureRepo("routes-express")).routes;
  assert.is(section.globalGuard, false);
  assert.equal(section.unguardedWrites.map((r) => `${r.method} ${r.path}`), ["DELETE /api/v1/orders/{orderId}"]);
});

express("ES modules and TypeScript: imported routers, named exports, a global guard, duplicates", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x", dependencies: { express: "4" } }),
    "src/app.ts": [
      'import express from "express";',
      'import { authenticate } from "./auth";',
      'import accounts from "./accounts";',
      'import { billingRouter as billing } from "./billing";',
      "export const app = express();",
      "app.use(authenticate);",
      'app.use("/accounts", accounts);',
      'app.use("/billing", billing);',
      'app.get("/accounts", (req, res) => res.end());',
    ].join("\n"),
    "src/auth.ts": "export const authenticate = (req: unknown, res: unknown, next: () => void) => next();\n",
    "src/accounts.ts": 'import { Router } from "express";\nconst router = Router();\nrouter.get("/", list);\nrouter.post("/", create);\nfunction list() {}\nfunction create() {}\nexport default router;\n',
    "src/billing.ts": 'import { Router } from "express";\nexport const billingRouter = Router();\nbillingRouter.patch(`/invoices/:id`, update);\nfunction update() {}\n',
  });
  git(root, "init", "-q");
  const section = analyze(root).routes;
  assert.equal(section.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /accounts [authenticate]",
    "GET /accounts [authenticate]",
    "POST /accounts [authenticate]",
    "PATCH /billing/invoices/{id} [authenticate]",
  ]);
  assert.ok(section.globalGuard);
  assert.equal(section.unguardedWrites, []);
  assert.equal(section.duplicates.map((d) => [d.method, d.path, d.routes.map((r) => r.file)]), [
    ["GET", "/accounts", ["src/accounts.ts", "src/app.ts"]],
  ]);
});

express("routes in tests, comments and strings are not routes, and route files are not dead code", () => {
  const report = analyze(fixtureRepo("routes-express"));
  assert.not.ok(report.routes.items.some((r) => r.file.startsWith("test/")));
  assert.not.ok(report.routes.items.some((r) => r.path.includes("commented") || r.path.includes("not-a-route")));
  assert.not.ok(report.files.find((f) => f.path === "src/routes/admin.js")!.unused);
});

express("a router handed to functions of other modules (initControllers(router), users.init(router)) carries their routes, under its mount", () => {
  const root = tempDir("tool-express-handed-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "api/index.js": "const express = require('express');\nconst { initControllers } = require('./controllers/index.js');\nconst app = express();\nconst router = express.Router();\ninitControllers(router);\napp.use('/api', router);\napp.listen(3000);\n",
    "api/controllers/index.js": "const { userController } = require('./userController.js');\nconst articles = require('./articleController.js');\n\nconst init = async router => {\n  userController.init(router);\n  articles.register(router);\n};\n\nmodule.exports = { initControllers: init };\n",
    "api/controllers/userController.js": "const init = async router => {\n  router.post('/users', register);\n  router.get('/user', requireUser, current);\n};\n\nmodule.exports = { userController: { init } };\n",
    "api/controllers/articleController.js": "function register(router) {\n  router.get('/articles', list);\n}\n\nmodule.exports = { register };\n",
    "api/unused.js": "const mount = router => {\n  router.get('/never', never);\n};\nmodule.exports = { mount };\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /api/articles", "GET /api/user [requireUser]", "POST /api/users"]);
});

express("a middleware that passes a caller without a token on (if (!token) return next()) reads the caller without guarding; one that refuses guards", () => {
  const root = tempDir("tool-express-passing-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "src/auth.js": [
      "const authenticate = async (req, res, next) => {",
      "  const token = req.headers.authorization;",
      "  if (!token) {",
      "    return next();",
      "  }",
      "  req.user = verify(token);",
      "  return next();",
      "};",
      "function requireUser(req, res, next) {",
      "  if (!req.user) return res.status(401).end();",
      "  return next();",
      "}",
      "module.exports = { authenticate, requireUser };",
      "",
    ].join("\n"),
    "src/app.js": "const express = require('express');\nconst { authenticate, requireUser } = require('./auth');\nconst app = express();\napp.use(authenticate);\napp.get('/articles', list);\napp.post('/articles', requireUser, create);\napp.listen(3000);\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /articles", "POST /articles [requireUser]"]);
});

express("an app made in a class (this.app = express()); a guard with express-unless skips the paths it lists (strings, { url, methods }, regular expressions); a JWT made optional by its options guards nothing", () => {
  const root = tempDir("tool-express-unless-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4", "express-jwt": "^6", "express-unless": "^0.3" } }),
    "src/server.ts": [
      "import express from 'express';",
      "import jwt from 'express-jwt';",
      "import api from './api';",
      "class Server {",
      "  private app;",
      "  constructor() {",
      "    this.app = express();",
      "    const skipAuthOn = {",
      "      path: [",
      "        { methods: ['POST'], url: '/api/users/login' },",
      "        '/api/tags',",
      "        { methods: ['GET'], url: /api\\/profiles\\/[^/]+$/ },",
      "      ],",
      "    };",
      "    this.app.use(jwt({ secret: 's' }).unless(skipAuthOn));",
      "    this.app.use(jwt({ secret: 's', credentialsRequired: false }).unless((req) => req.auth !== undefined));",
      "    this.app.use('/api', api);",
      "  }",
      "}",
      "export default Server;",
    ].join("\n"),
    "src/api.ts": [
      "import { Router } from 'express';",
      "const router = Router();",
      "router.post('/users/login', login);",
      "router.post('/users', register);",
      "router.get('/tags', tags);",
      "router.get('/profiles/:username', profile);",
      "export default router;",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "GET /api/profiles/{username}",
    "GET /api/tags",
    "POST /api/users [jwt]",
    "POST /api/users/login",
  ]);
});

express("a mount path built by a helper function (its own module's, or this file's) is evaluated: path.join, templates, a rest parameter, an env variable read from the example env file, never .env; an unknown one keeps what is known and says its prefix is unknown; a route at \"\" is the router's own path", () => {
  const root = tempDir("tool-express-path-helpers-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "app.ts": [
      'import express from "express";',
      'import path from "path";',
      'import { apiPath } from "./utils/api-path";',
      'import { tags, users, admin, hooks } from "./routes";',
      'const version = (p: string) => `/v2${p}`;',
      "const app = express();",
      'app.use(apiPath("/tags"), tags);',
      'app.use(version("/users"), users);',
      'app.use(path.join("/admin", "panel"), admin);',
      'app.use(hookPath("/hooks"), hooks);',
      "function hookPath(p: string) {",
      "  return process.env.HOOKS_BASE + p;",
      "}",
      "app.listen(3000);",
      "",
    ].join("\n"),
    "utils/api-path.ts": [
      'import { join } from "path";',
      "export function apiPath(...paths: string[]): string {",
      "  const basePath = process.env['BASE_PATH']!;",
      '  if (basePath === undefined) throw new Error("BASE_PATH is missing");',
      "  return join(basePath, ...paths);",
      "}",
      "",
    ].join("\n"),
    "routes.ts": [
      'import { Router } from "express";',
      "export const tags = Router();",
      'tags.get("/", listTags);',
      "export const users = Router();",
      'users.post("/login", login);',
      'users.get("", listUsers);',
      "export const admin = Router();",
      'admin.get("/stats", stats);',
      "export const hooks = Router();",
      'hooks.post("/github", github);',
      "",
    ].join("\n"),
    ".env.development": "BASE_PATH=/api\nPORT=3000\n",
    ".env": "BASE_PATH=/secret\nHOOKS_BASE=/private-hooks\n",
  });
  commitAll(root);
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  assert.equal(routes.sort(), [
    "GET /admin/panel/stats",
    "GET /api/tags",
    "GET /v2/users",
    "POST /hooks/github (prefix unknown)",
    "POST /v2/users/login",
  ]);
});

express("a router made from Express required in place (`require(\"express\").Router()`) registers routes, and a prefix read from a required module's exported object (`config.apiPath`) is filled in; another module's Router() is not Express's", () => {
  const root = tempDir("tool-express-require-router-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4", } }),
    "app.js": [
      "const express = require('express')",
      "const api = require('./api')",
      "const admin = require('./admin')",
      "const config = require('./config')",
      "function start() {",
      "  const app = express()",
      "  {",
      "    const router = express.Router()",
      "    router.use(config.apiPath, api)",
      "    router.use(config.adminPath, admin)",
      "    app.use(router)",
      "  }",
      "  app.listen(3000)",
      "}",
      "start()",
      "",
    ].join("\n"),
    "config.js": "module.exports = {\n  apiPath: '/api',\n  appName: 'Conduit',\n}\n",
    "api/index.js": [
      "const router = require('express').Router()",
      "router.get('/', (req, res) => res.json({ up: true }))",
      "router.use('/articles', require('./articles'))",
      "module.exports = router",
      "",
    ].join("\n"),
    "api/articles.js": [
      "const router = require(\"express\").Router({ mergeParams: true })",
      "router.get('/:article', show)",
      "router.post('/', create)",
      "module.exports = router",
      "",
    ].join("\n"),
    "admin.js": "const router = require('express').Router()\nrouter.get('/stats', stats)\nmodule.exports = router\n",
    // A name as long as "express", in a file that mentions Express: its router is not Express's.
    "other.js": "// served apart from the express app\nconst router = require('restify').Router()\nrouter.get('/not-express', handler)\nmodule.exports = router\n",
  });
  commitAll(root);
  const routes = analyze(root).routes.items.filter((r) => r.framework === "express").map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  assert.equal(routes.sort(), [
    "GET /api",
    "GET /api/articles/{article}",
    "GET /stats (prefix unknown)",
    "POST /api/articles",
  ]);
});

express("a handler that refuses an anonymous caller in its first statements is guarded, behind an optional middleware: imported by name, an object's method, or written in place; a check of another value, or of a user looked up rather than the caller, is no guard", () => {
  const root = tempDir("tool-express-handler-checks-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "app.js": [
      "const express = require('express')",
      "const verifyToken = require('./middleware/authentication')",
      "const { createArticle, allArticles, lookup } = require('./controllers/articles')",
      "const comments = require('./controllers/comments')",
      "const app = express()",
      "app.get('/articles', verifyToken, allArticles)",
      "app.post('/articles', verifyToken, createArticle)",
      "app.post('/lookup', verifyToken, lookup)",
      "app.delete('/comments/:id', verifyToken, comments.remove)",
      "app.post('/comments', verifyToken, comments.add)",
      "app.put('/user', verifyToken, async (req, res) => {",
      "  if (!req.user) return res.sendStatus(401)",
      "  res.json(req.user)",
      "})",
      "app.post('/feedback', (req, res) => {",
      "  if (!req.body.text) return res.status(400).end()",
      "  res.end()",
      "})",
      "app.listen(3000)",
      "",
    ].join("\n"),
    "middleware/authentication.js": [
      "const verifyToken = async (req, res, next) => {",
      "  if (!req.headers.authorization) return next()",
      "  req.loggedUser = await findUser(req.headers.authorization)",
      "  next()",
      "}",
      "module.exports = verifyToken",
      "",
    ].join("\n"),
    "controllers/articles.js": [
      "const allArticles = async (req, res, next) => {",
      "  const { loggedUser } = req",
      "  res.json(await list(loggedUser))",
      "}",
      "const createArticle = async (req, res, next) => {",
      "  try {",
      "    const { loggedUser } = req",
      "    if (!loggedUser) throw new UnauthorizedError()",
      "    const { title } = req.body.article",
      "    if (!title) throw new FieldRequiredError('A title')",
      "  } catch (error) { next(error) }",
      "}",
      "const lookup = async (req, res, next) => {",
      "  const user = await User.findOne({ where: { name: req.body.name } })",
      "  if (!user) throw new UnauthorizedError()",
      "  res.json(user)",
      "}",
      "module.exports = { allArticles, createArticle, lookup }",
      "",
    ].join("\n"),
    "controllers/comments.js": [
      "module.exports = {",
      "  async remove(req, res) {",
      "    if (!req.session.userId) return res.status(401).json({ error: 'sign in' })",
      "    await Comment.destroy({ where: { id: req.params.id } })",
      "  },",
      "  async add(req, res) {",
      "    const comment = await Comment.create(req.body)",
      "    res.json(comment)",
      "  },",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /comments/{id} [401 without credentials]",
    "GET /articles",
    "POST /articles [401 without credentials]",
    "POST /comments",
    "POST /feedback",
    "POST /lookup",
    "PUT /user [401 without credentials]",
  ]);
});

express("a router exported under another name (`export const MainRouter: Router = router`) is the router mounted where that name is imported", () => {
  const root = tempDir("tool-express-export-alias-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "src/app.ts": 'import express from "express";\nimport { MainRouter } from "./routes";\nconst app = express();\napp.use("/api", MainRouter);\napp.listen(3000);\n',
    "src/routes/index.ts": [
      'import { Router } from "express";',
      'import { TagRoutes } from "./tags";',
      "const router: Router = Router();",
      'router.use("/tags", TagRoutes);',
      "export const MainRouter: Router = router;",
      "",
    ].join("\n"),
    "src/routes/tags.ts": 'import { Router } from "express";\nconst router: Router = Router();\nrouter.get("/", listTags);\nexport const TagRoutes: Router = router;\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/tags"]);
});

express("a router kept on an instance of a class of another module (this.apiRouter.router, with this.apiRouter = new ApiRouter()) is that class's router, and one handed to an instance's method (this.auth.initAuthRoutes(router)) takes its routes; a prefix held in a value named for a path says it is unknown", () => {
  const root = tempDir("tool-express-instance-router-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "server/Server.js": [
      "const express = require('express')",
      "const ApiRouter = require('./routers/ApiRouter')",
      "const HlsRouter = require('./routers/HlsRouter')",
      "const Auth = require('./Auth')",
      "class Server {",
      "  constructor() {",
      "    this.auth = new Auth()",
      "    this.apiRouter = new ApiRouter(this)",
      "  }",
      "  start() {",
      "    const app = express()",
      "    const hls = new HlsRouter()",
      "    app.use('/api', requireUser, this.apiRouter.router)",
      "    app.use('/hls', hls.router)",
      "    const pages = express.Router()",
      "    app.use(global.RouterBasePath, pages)",
      "    pages.get('/login', (req, res) => res.render('login'))",
      "    const auth = express.Router()",
      "    app.use('/auth', auth)",
      "    await this.auth.initAuthRoutes(auth)",
      "  }",
      "}",
      "module.exports = Server",
    ].join("\n"),
    "server/Auth.js": "const { Request } = require('express')\nclass Auth {\n  async initAuthRoutes(router) {\n    router.post('/refresh', this.refresh.bind(this))\n  }\n}\nmodule.exports = Auth\n",
    "server/routers/ApiRouter.js": "const express = require('express')\nclass ApiRouter {\n  constructor() {\n    this.router = express()\n    this.router.get('/libraries', LibraryController.findAll)\n  }\n}\nmodule.exports = ApiRouter\n",
    "server/routers/HlsRouter.js": "const express = require('express')\nclass HlsRouter {\n  constructor() {\n    this.router = express()\n    this.router.get('/:stream/:file', this.streamFile.bind(this))\n  }\n}\nmodule.exports = HlsRouter\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /api/libraries [requireUser]",
    "POST /auth/refresh",
    "GET /hls/{stream}/{file}",
    "GET /login (prefix unknown)",
  ]);
});

express("a route given a list of paths (router.get(['/a', '/a/*'], handler)) serves each", () => {
  const root = tempDir("tool-express-path-list-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "server/index.js": "const express = require('express')\nconst app = express()\napp.use('/', require('./common'))\n",
    "server/common.js": "const express = require('express')\nconst router = express.Router()\nrouter.get(['/a', '/a/*'], (req, res) => res.render('admin'))\nrouter.get(['/i', '/i/:id'], history)\nmodule.exports = router\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /a", "GET /a/*", "GET /i", "GET /i/{id}"]);
});

express("factories that return a router, and a router given as a route's handler (app.all('/entries*', entriesRouter)), serve its routes with the path unchanged", () => {
  const root = tempDir("tool-express-factories-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "lib/server/app.js": [
      "const express = require('express');",
      "function create (env, ctx) {",
      "  var app = express();",
      "  var api = require('../api/')(env, ctx);",
      "  app.use('/api/v1', api);",
      "  return app;",
      "}",
      "module.exports = create;",
    ].join("\n"),
    "lib/api/index.js": [
      "'use strict';",
      "function create (env, ctx) {",
      "  var express = require('express')",
      "    ,  app = express( )",
      "    ;",
      "  var entriesRouter = require('./entries/')(app, ctx);",
      "  app.all('/entries*', entriesRouter);",
      "  app.all('/food*', require('./food')(app, ctx));",
      // A handler factory that makes no router is a handler: the route stays.
      "  app.get('/status', require('./status')(app, ctx));",
      "  return app;",
      "}",
      "module.exports = create;",
    ].join("\n"),
    "lib/api/entries/index.js": [
      "function configure (app, ctx) {",
      "  var express = require('express'),",
      "      api = express.Router( );",
      "  api.get('/entries/current', function (req, res) { res.json({}); });",
      "  api.delete('/entries/:id', function (req, res) { res.json({}); });",
      "  return api;",
      "}",
      "module.exports = configure;",
    ].join("\n"),
    "lib/api/food/index.js": "function configure (app, ctx) {\n  const express = require('express')\n  const api = express.Router()\n  api.get('/food/regular', (req, res) => {\n    const rows = list().map((row) => { return row })\n    res.json(rows)\n  })\n  return api\n}\nmodule.exports = configure\n",
    "lib/api/status.js": "function configure (app, ctx) {\n  return function status (req, res) { res.json({ ok: true }) }\n}\nmodule.exports = configure\n",
    "server.js": "var app = require('./lib/server/app')({}, {});\napp.listen(3000);\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "DELETE /api/v1/entries/{id}",
    "GET /api/v1/entries/current",
    "GET /api/v1/food/regular",
    "GET /api/v1/status",
  ]);
});

express("controllers whose base class keeps the router: this.route({ method, path }), this.get(path, ...) and this.use(path, new Other(config).router) hang on a router of the class's own; an API client's requests (return this.post(url, data), await this.delete(url)) are no routes", () => {
  const root = tempDir("tool-express-controller-classes-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "src/routes/controller.ts": [
      "import { Router, type IRouter } from 'express';",
      "export default class Controller {",
      "  app: IRouter;",
      "  constructor(config) { this.app = Router(); }",
      "  route(options) { this.app[options.method](options.path, checkPermission(options.permission), options.handler.bind(this)); }",
      "  get(path, handler, permission = NONE) { this.route({ method: 'get', path, handler, permission }); }",
      "  use(path, router) { this.app.use(path, router); }",
      "  get router(): IRouter { return this.app; }",
      "}",
    ].join("\n"),
    "src/routes/index.ts": [
      "import Controller from './controller.js';",
      "import { AdminApi } from './admin/index.js';",
      "import HealthCheckController from './health.js';",
      "class IndexRouter extends Controller {",
      "  constructor(config) {",
      "    super(config);",
      "    this.use('/health', new HealthCheckController(config).router);",
      "    this.use('/api/admin', new AdminApi(config).router);",
      "  }",
      "}",
      "export default IndexRouter;",
    ].join("\n"),
    "src/routes/health.ts": "import type { Request } from 'express';\nimport Controller from './controller.js';\nexport default class HealthCheckController extends Controller {\n  constructor(config) {\n    super(config);\n    this.route({ method: 'get', path: '', handler: this.getHealth, permission: NONE });\n  }\n}\n",
    "src/routes/admin/index.ts": [
      "import Controller from '../controller.js';",
      "import FeatureController from './features.js';",
      "export class AdminApi extends Controller {",
      "  constructor(config) {",
      "    super(config);",
      "    this.app.use('/features', new FeatureController(config).router);",
      "  }",
      "}",
    ].join("\n"),
    "src/routes/admin/features.ts": [
      "import Controller from '../controller.js';",
      "const PATH = '/:featureName';",
      "export default class FeatureController extends Controller {",
      "  constructor(config) {",
      "    super(config);",
      "    this.get('', this.getAllToggles, READ_FEATURE);",
      "    this.route({ method: 'delete', path: PATH, handler: this.archiveToggle, permission: DELETE_FEATURE });",
      "  }",
      "}",
    ].join("\n"),
    // A subclass of a Map reads its own entries: no route.
    "src/cache.ts": "import express from 'express';\nexport class Cache extends Map {\n  lookup() { return this.get('/users') }\n}\n",
    // An API client's requests, whose answers it returns or awaits: no routes.
    "src/services/workspace.service.ts": "import express from 'express';\nimport { APIService } from './api.service';\nexport class WorkspaceService extends APIService {\n  async createWorkspace(data) {\n    return this.post('/api/workspaces/', data).then((response) => response?.data);\n  }\n  async remove(slug) {\n    const answer = await this.delete(`/api/workspaces/${slug}/`);\n    return answer;\n  }\n}\n",
    "src/app.ts": "import express from 'express';\nimport IndexRouter from './routes/index.js';\nconst app = express();\napp.use('/', new IndexRouter(config).router);\napp.listen(4242);\n",
  });
  assert.equal(guardedRoutes(root), [
    "GET /api/admin/features",
    "DELETE /api/admin/features/{featureName} [permission(DELETE_FEATURE)]",
    "GET /health",
  ]);
});

express("a class handed the app (a constructor parameter property or a field typed as the app's interface, which extends Express's IRouter) registers its routes on it through this.server / this.app", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "boat", dependencies: { express: "^4.21.0" } }),
    "src/api/autopilot.ts": [
      "import { IRouter, Request, Response } from 'express'",
      "",
      "export interface AutopilotApplication extends IRouter {",
      "  config: object",
      "}",
      "const PATH = `/api/autopilots`",
      "",
      "export class AutopilotApi {",
      "  constructor(private server: AutopilotApplication) {}",
      "",
      "  start() {",
      "    this.server.get(`${PATH}`, (req: Request, res: Response) => res.json([]))",
      "    this.server.post(`${PATH}/:id/engage`, (req: Request, res: Response) => res.json({}))",
      "  }",
      "}",
    ].join("\n"),
    "src/api/notifications.ts": [
      "import { Request, Response } from 'express'",
      "import { NotificationApplication } from './types'",
      "",
      "export class NotificationApi {",
      "  private app: NotificationApplication",
      "",
      "  constructor(private server: NotificationApplication, private readonly cache: Cache) {",
      "    this.app = server",
      "  }",
      "",
      "  init() {",
      "    this.app.get('/api/notifications', (req: Request, res: Response) => res.json([]))",
      "  }",
      "}",
    ].join("\n"),
    "src/cache.ts": [
      "import { Request } from 'express'",
      "export class Lookup {",
      "  constructor(private cache: Map<string, string>) {}",
      "  find(req: Request) { return this.cache.get('/api/x') }",
      "}",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root).sort(), ["GET /api/autopilots", "GET /api/notifications", "POST /api/autopilots/{id}/engage"]);
});

express("an app another module's factory makes (const editorApp = apiUtil.createExpressApp(settings)) registers its routes; a value of another factory does not", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "flows", dependencies: { express: "^4.21.0" } }),
    "lib/util.js": "var express = require('express');\nmodule.exports = {\n  createExpressApp: function (settings) {\n    const app = express();\n    app.set('x-powered-by', false);\n    return app;\n  }\n};\n",
    "lib/editor/index.js": [
      "var apiUtil = require('../util');",
      "var cache = require('../cache');",
      "module.exports = {",
      "  init: function (settings) {",
      "    const editorApp = apiUtil.createExpressApp(settings);",
      "    editorApp.get('/icons', needsPermission('nodes.read'), getIcons);",
      "    const store = cache.createStore();",
      "    store.get('/not-a-route', x);",
      "    return editorApp;",
      "  }",
      "};",
      "// routes are served by express",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), ["GET /icons [needsPermission]"]);
});

express("an app in an examples/ (or playground/) folder, or in a folder of demos each named for one (shop-demo/shop-demo-express/), serves none of the product's routes; a repository of examples alone keeps theirs; a module named for a demo is the product's", () => {
  const product = tempDir("tool-express-examples-");
  writeFiles(product, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "src/server.js": "const express = require('express')\nconst app = express()\napp.get('/health', (req, res) => res.send('ok'))\napp.listen(3000)\n",
    "frontend/examples/express/src/server.js": "const express = require('express')\nconst app = express()\napp.get('/todo', (req, res) => res.json([]))\napp.listen(8080)\n",
    "playground/express/server.js": "const express = require('express')\nconst app = express()\napp.get('/try', (req, res) => res.json([]))\napp.listen(8081)\n",
    "modules/billing-demo/server.js": "const express = require('express')\nconst app = express()\napp.get('/invoices', (req, res) => res.json([]))\napp.listen(3001)\n",
    "shop-demo/shop-demo-express/server.js": "const express = require('express')\nconst app = express()\napp.get('/cart', (req, res) => res.json([]))\napp.listen(8082)\n",
  });
  assert.equal(analyze(product).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /health", "GET /invoices"]);
  const examples = tempDir("tool-express-only-examples-");
  writeFiles(examples, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "examples/hello/server.js": "const express = require('express')\nconst app = express()\napp.get('/hello', (req, res) => res.send('hi'))\napp.listen(3000)\n",
  });
  assert.equal(analyze(examples).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /hello"]);
});

express("route helpers of the app's build routes from the arguments a call hands them (setupApiRoute(router, 'post', '/x', [...middlewares], handler) calls router[verb](name, ...); setupPageRoute adds `/api${name}`); middleware lists name their guards, a list of the file's spread in", () => {
  const root = tempDir("tool-express-route-helpers-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "src/routes/helpers.js": [
      "'use strict';",
      "const helpers = module.exports;",
      "const middleware = require('../middleware');",
      "helpers.setupPageRoute = function (...args) {",
      "\tconst [router, name] = args;",
      "\tconst controller = args[args.length - 1];",
      "\trouter.get(name, middleware.busyCheck, helpers.tryRoute(controller));",
      "\trouter.get(`/api${name}`, helpers.tryRoute(controller));",
      "};",
      "helpers.setupApiRoute = function (...args) {",
      "\tconst [router, verb, name] = args;",
      "\tconst controller = args[args.length - 1];",
      "\trouter[verb](name, helpers.tryRoute(controller));",
      "};",
      // A helper that also writes a route out in full.
      "helpers.setupCrud = function (router, name, controller) {",
      "\trouter.get(name, controller.list);",
      "\trouter.get('/crud-health', (req, res) => res.send('ok'));",
      "};",
      "helpers.tryRoute = function (controller) {",
      "\treturn async (req, res, next) => controller(req, res, next);",
      "};",
    ].join("\n"),
    "src/routes/index.js": [
      "'use strict';",
      "const express = require('express');",
      "const helpers = require('./helpers');",
      "const routeHelpers = require('./helpers');",
      "const { setupApiRoute } = routeHelpers;",
      "const app = express();",
      "const router = express.Router();",
      "helpers.setupPageRoute(app, '/world', [], controllers.world.list);",
      "const middlewares = [middleware.ensureLoggedIn, middleware.admin.checkPrivileges];",
      "setupApiRoute(router, 'delete', '/relays/:url', [...middlewares], controllers.admin.removeRelay);",
      "setupApiRoute(router, 'get', '/relays', [], controllers.admin.listRelays);",
      "helpers.setupCrud(router, '/things', controllers.things);",
      // A path held in a parameter not known here: no route.
      "function adminRoutes(name) { helpers.setupPageRoute(app, `/${name}/dashboard`, [], controllers.admin.dashboard); }",
      "router.get('/self', [...middlewares], controllers.user.self);",
      "app.use('/api/v3/admin', router);",
      "app.listen(4567);",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET /api/v3/admin/crud-health",
    "GET /api/v3/admin/relays",
    "DELETE /api/v3/admin/relays/{url} [middleware.ensureLoggedIn,middleware.admin.checkPrivileges]",
    "GET /api/v3/admin/self [middleware.ensureLoggedIn,middleware.admin.checkPrivileges]",
    "GET /api/v3/admin/things",
    "GET /api/world",
    "GET /world",
  ]);
});

express("a helper of the module that registers on the module's router (route(GET, '/login', [mw], handler) calls router[method](path, ...middleware, handler)) builds routes from its calls, the method a constant's; a helper calling it (apiRoute adds [auth.checkApiAuth]) passes its arguments and guards on; a helper taking the router (eu.route(router, 'get', path, handler)) adds the guard its body names; a middleware checking a token (checkEtapiToken) guards, also in a list chosen by a condition whose other choice is empty", () => {
  const root = tempDir("tool-express-module-helpers-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "src/app.js": [
      "const express = require('express');",
      "const app = express();",
      "require('./routes/routes.js').register(app);",
      "app.listen(8080);",
    ].join("\n"),
    "src/routes/routes.js": [
      "'use strict';",
      "const express = require('express');",
      "const router = express.Router();",
      "const auth = require('../services/auth.js');",
      "const notes = require('./api/notes.js');",
      "const etapiNotes = require('../etapi/notes.js');",
      "const GET = 'get', PST = 'post', DEL = 'delete';",
      "function register(app) {",
      "    route(GET, '/', [auth.checkAuth], index);",
      "    route(PST, '/login', [loginRateLimiter], login);",
      "    route(PST, '/api/sender/note', [auth.checkEtapiToken], sender.saveNote, apiResultHandler);",
      "    const clipperMiddleware = utils.isElectron() ? [] : [auth.checkEtapiToken];",
      "    route(PST, '/api/clipper/notes', clipperMiddleware, clipper.createNote, apiResultHandler);",
      "    apiRoute(GET, '/api/notes/:noteId', notes.getNote);",
      "    apiRoute(DEL, '/api/notes/:noteId', notes.deleteNote);",
      "    route('put', '/api/sync/update', [auth.checkApiAuth], sync.update, apiResultHandler);",
      "    etapiNotes.register(router);",
      "    app.use('', router);",
      "}",
      "function apiRoute(method, path, routeHandler) {",
      "    route(method, path, [auth.checkApiAuth, csrfMiddleware], routeHandler, apiResultHandler);",
      "}",
      "function route(method, path, middleware, routeHandler, resultHandler = null, transactional = true) {",
      "    router[method](path, ...middleware, (req, res, next) => {",
      "        const result = routeHandler(req, res, next);",
      "        if (resultHandler) resultHandler(req, res, result);",
      "    });",
      "}",
      // A call of the module's own cache, named like a verb, is no route.
      "function cached(key) { return cache.get(key); }",
      "module.exports = { register };",
    ].join("\n"),
    "src/etapi/etapi_utils.js": [
      "function checkEtapiAuth(req, res, next) { if (!req.headers.authorization) return res.sendStatus(401); next(); }",
      "function route(router, method, path, routeHandler) {",
      "    router[method](path, checkEtapiAuth, (req, res, next) => routeHandler(req, res, next));",
      "}",
      "function NOT_AUTHENTICATED_ROUTE(router, method, path, middleware, routeHandler) {",
      "    router[method](path, ...middleware, (req, res, next) => routeHandler(req, res, next));",
      "}",
      "module.exports = { route, NOT_AUTHENTICATED_ROUTE, checkEtapiAuth };",
    ].join("\n"),
    "src/etapi/notes.js": [
      "const eu = require('./etapi_utils.js');",
      "function register(router) {",
      "    eu.route(router, 'get', '/etapi/notes', (req, res) => res.json([]));",
      "    eu.route(router, 'delete', '/etapi/notes/:noteId', (req, res) => res.sendStatus(204));",
      "    eu.NOT_AUTHENTICATED_ROUTE(router, 'post', '/etapi/auth/login', [loginRateLimiter], login);",
      "}",
      "module.exports = { register };",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET / [auth.checkAuth]",
    "POST /api/clipper/notes [auth.checkEtapiToken]",
    "DELETE /api/notes/{noteId} [auth.checkApiAuth]",
    "GET /api/notes/{noteId} [auth.checkApiAuth]",
    "POST /api/sender/note [auth.checkEtapiToken]",
    "PUT /api/sync/update [auth.checkApiAuth]",
    "POST /etapi/auth/login",
    "GET /etapi/notes [checkEtapiAuth]",
    "DELETE /etapi/notes/{noteId} [checkEtapiAuth]",
    "POST /login",
  ]);
});

express("a function handed two routers (developerEndpoints(app, apiRouter)) registers on each the one its parameter names: what it hands on from its second parameter hangs under /api; a middleware checking an API key (validApiKey) guards", () => {
  const root = tempDir("tool-express-two-routers-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "server", dependencies: { express: "^4.18.0" } }),
    "server/index.js": [
      'const express = require("express");',
      'const { developerEndpoints } = require("./endpoints/api");',
      "const app = express();",
      "const apiRouter = express.Router();",
      'app.use("/api", apiRouter);',
      "developerEndpoints(app, apiRouter);",
      "app.listen(3001);",
    ].join("\n"),
    "server/endpoints/api/index.js": [
      'const { apiAdminEndpoints } = require("./admin");',
      "function developerEndpoints(app, router) {",
      "  if (!router) return;",
      '  app.get("/api/docs", (_, response) => response.send("docs"));',
      "  apiAdminEndpoints(router);",
      "}",
      "module.exports = { developerEndpoints };",
    ].join("\n"),
    "server/endpoints/api/admin/index.js": [
      "function apiAdminEndpoints(app) {",
      "  if (!app) return;",
      '  app.get("/v1/admin/users", [validApiKey], async (request, response) => response.json([]));',
      "}",
      "module.exports = { apiAdminEndpoints };",
    ].join("\n"),
  });
  // Middleware named for the API key it checks (`validApiKey`) guards.
  assert.equal(guardedRoutes(root), ["GET /api/docs", "GET /api/v1/admin/users [validApiKey]"]);
});

express("a sub-app that uses a middleware validating the session (app.use(validateSessionMiddleware)) guards the routes added after it (not one added before), and so does a handler that returns when a session check it hands the response fails; a middleware validating the body, or a parser, does not", () => {
  const root = tempDir("tool-express-session-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4.21.0" } }),
    "src/app.js": 'import express from "express";\nimport * as syncApp from "./app-sync.js";\nimport * as importApp from "./app-import.js";\nconst app = express();\napp.use("/sync", syncApp.handlers);\napp.use("/import", importApp.handlers);\napp.listen(5006);\n',
    "src/app-sync.js": 'import express from "express";\nimport { validateSessionMiddleware } from "./util/middlewares.js";\nconst app = express();\napp.get("/link", (req, res) => res.send("page"));\napp.use(validateSessionMiddleware);\napp.post("/upload-user-file", (req, res) => res.send("ok"));\nexport { app as handlers };\n',
    "src/app-import.js": 'import express from "express";\nimport { validateBodyMiddleware } from "./util/middlewares.js";\nconst app = express();\napp.use(validateBodyMiddleware);\napp.post("/file", (req, res) => res.send("ok"));\nexport { app as handlers };\n',
    "src/util/middlewares.js": "export const validateSessionMiddleware = (req, res, next) => next();\nexport const validateBodyMiddleware = (req, res, next) => next();\n",
    "src/app-account.js": [
      'import express from "express";',
      'import validateSession from "./util/validate-user.js";',
      "const app = express();",
      'app.post("/change-password", (req, res) => {',
      "  let session = validateSession(req, res);",
      "  if (!session) return;",
      '  res.send("changed");',
      "});",
      'app.get("/validate", (req, res) => {',
      "  let session = validateSession(req, res);",
      "  if (session) {",
      '    res.send({ user: session.user_id });',
      "  }",
      "});",
      'app.post("/import", (req, res) => {',
      "  let parsed = parseUpload(req, res);",
      "  if (!parsed) return;",
      '  res.send("imported");',
      "});",
      "export { app as handlers };",
    ].join("\n"),
  });
  writeFiles(root, { "src/app.js": 'import express from "express";\nimport * as syncApp from "./app-sync.js";\nimport * as importApp from "./app-import.js";\nimport * as accountApp from "./app-account.js";\nconst app = express();\napp.use("/sync", syncApp.handlers);\napp.use("/import", importApp.handlers);\napp.use("/account", accountApp.handlers);\napp.listen(5006);\n' });
  // A handler whose first statement hands the request and the response to a session check and returns when it fails is guarded too.
  assert.equal(guardedRoutes(root), [
    "POST /account/change-password [validateSession]",
    "POST /account/import",
    "GET /account/validate [validateSession]",
    "POST /import/file",
    "GET /sync/link",
    "POST /sync/upload-user-file [validateSessionMiddleware]",
  ]);
});

express("a guard-named middleware that checks only when a setting turns it on (needsPermission: if (settings && settings.adminAuth) { ... } else { next(); }) guards nothing, reached by an alias of a required module's member (const needsPermission = auth.needsPermission) or a required member (require(\"../auth\").needsPermission); one that always checks guards", () => {
  const root = tempDir("tool-express-configured-guard-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4.21.0" } }),
    "lib/auth/index.js": [
      "var settings;",
      "function needsPermission(permission) {",
      "    return function(req, res, next) {",
      "        if (settings && settings.adminAuth) {",
      "            return passport.authenticate(['bearer'], { session: false })(req, res, function() {",
      "                if (hasPermission(req.authInfo.scope, permission)) { return next(); }",
      "                return res.status(401).end();",
      "            });",
      "        } else {",
      "            next();",
      "        }",
      "    }",
      "}",
      "function requirePermission(permission) {",
      "    return function(req, res, next) {",
      "        if (!req.user) { return res.status(401).end(); }",
      "        next();",
      "    }",
      "}",
      "module.exports = { init: function(s) { settings = s; }, needsPermission: needsPermission, requirePermission: requirePermission };",
    ].join("\n"),
    "lib/admin/index.js": [
      'var express = require("express");',
      'var auth = require("../auth");',
      "module.exports = function() {",
      "    const needsPermission = auth.needsPermission;",
      "    const adminApp = express();",
      '    adminApp.get("/flows", needsPermission("flows.read"), listFlows);',
      '    adminApp.post("/nodes", auth.requirePermission("nodes.write"), installNode);',
      "    return adminApp;",
      "};",
    ].join("\n"),
    "lib/editor/projects.js": [
      'var express = require("express");',
      'var needsPermission = require("../auth").needsPermission;',
      "var app = express();",
      'app.get("/projects", needsPermission("projects.read"), listProjects);',
      "module.exports = app;",
    ].join("\n"),
    "lib/index.js": 'var express = require("express");\nvar admin = require("./admin");\nvar projects = require("./editor/projects");\nvar app = express();\napp.use("/", admin());\napp.use("/editor", projects);\napp.listen(1880);\n',
  });
  assert.equal(guardedRoutes(root), [
    "GET /editor/projects",
    "GET /flows",
    "POST /nodes [auth.requirePermission]",
  ]);
});

express("a route's middleware named for nothing it checks (validatedRequest) guards when its definition answers 401 to a request without a token; one that only parses the body does not", () => {
  const root = tempDir("tool-express-named-middleware-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4.21.0" } }),
    "server/utils/middleware/validatedRequest.js": [
      "async function validatedRequest(request, response, next) {",
      '  const auth = request.header("Authorization");',
      '  const token = auth ? auth.split(" ")[1] : null;',
      "  if (!token) {",
      '    response.status(401).json({ error: "No auth token found." });',
      "    return;",
      "  }",
      "  next();",
      "}",
      "module.exports = { validatedRequest };",
    ].join("\n"),
    "server/utils/middleware/parseBody.js": "function parseBody(request, response, next) {\n  request.parsed = JSON.parse(request.body || '{}');\n  next();\n}\nmodule.exports = { parseBody };\n",
    "server/endpoints/scheduledJobs.js": [
      'const { validatedRequest } = require("../utils/middleware/validatedRequest");',
      'const { parseBody } = require("../utils/middleware/parseBody");',
      "function scheduledJobEndpoints(app) {",
      '  app.get("/scheduled-jobs", [validatedRequest], async (request, response) => response.json([]));',
      '  app.post("/scheduled-jobs/new", [parseBody], async (request, response) => response.json({}));',
      "}",
      "module.exports = { scheduledJobEndpoints };",
    ].join("\n"),
    "server/index.js": 'const express = require("express");\nconst { scheduledJobEndpoints } = require("./endpoints/scheduledJobs");\nconst app = express();\nconst apiRouter = express.Router();\nscheduledJobEndpoints(apiRouter);\napp.use("/api", apiRouter);\napp.listen(3001);\n',
  });
  assert.equal(guardedRoutes(root), [
    "GET /api/scheduled-jobs [validatedRequest]",
    "POST /api/scheduled-jobs/new",
  ]);
});

express("routers named for what they serve (webRouter, privateApiRouter) handed to a module's default-exported functions (Router.initialize(...), CollaboratorsRouter.apply(...)) get their routes, a literal list of paths walked by a loop is a route per path; a loop over a list held in another module is not followed", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", type: "module", dependencies: { express: "^4.18.0" } }),
    "app/src/router.mjs": [
      "import UserController from './UserController.mjs'",
      "import CollaboratorsRouter from './CollaboratorsRouter.mjs'",
      "import { extraPaths } from './paths.mjs'",
      "async function initialize(webRouter, privateApiRouter) {",
      "  webRouter.get('/login', UserController.loginPage)",
      "  privateApiRouter.post('/internal/project/:id/flush', UserController.flush)",
      "  CollaboratorsRouter.apply(webRouter, privateApiRouter)",
      "  for (const route of [",
      "    // The old route, kept for its metrics",
      "    '/Project/:Project_id',",
      "    '/Project/:Project_id/:detachRole(detacher|detached)',",
      "  ]) {",
      "    webRouter.get(route, UserController.openProject)",
      "  }",
      "  for (const route of extraPaths) {",
      "    webRouter.get(route, UserController.openProject)",
      "  }",
      "}",
      "export default { initialize }",
    ].join("\n"),
    "app/src/CollaboratorsRouter.mjs": [
      "import CollaboratorsController from './CollaboratorsController.mjs'",
      "export default {",
      "  apply(webRouter) {",
      "    webRouter.post('/project/:Project_id/leave', CollaboratorsController.leave)",
      "  },",
      "}",
    ].join("\n"),
    "app/src/paths.mjs": "export const extraPaths = ['/elsewhere']\n",
    "app/src/UserController.mjs": "export default { loginPage(req, res) {}, flush(req, res) {}, openProject(req, res) {} }\n",
    "app/src/CollaboratorsController.mjs": "export default { leave(req, res) {} }\n",
    "app/src/infrastructure/Server.mjs": [
      "import express from 'express'",
      "import Router from '../router.mjs'",
      "const app = express()",
      "const webRouter = express.Router()",
      "const privateApiRouter = express.Router()",
      "await Router.initialize(webRouter, privateApiRouter)",
      "app.use('/api', privateApiRouter)",
      "app.use(webRouter)",
      "export default app",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/internal/project/{id}/flush",
    "GET /login",
    "GET /Project/{Project_id}",
    "GET /Project/{Project_id}/{detachRole}",
    "POST /project/{Project_id}/leave",
  ]);
});

express("a function that takes no next mounted with use (app.use('/old', (req, res) => res.redirect(...))) is an endpoint of every method, also through a helper called with literal paths; so is one a function of the module makes (createRouteHandler(...) returning (req, res) => ...); one taking next is middleware; a module required in place is taken by the member named (require('./sd').router), whose own sub-routers keep the prefix", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "st", dependencies: { express: "^4.18.0" } }),
    "server.js": [
      "const express = require('express');",
      "const app = express();",
      "app.use('/old', (req, res) => { res.redirect(308, '/new'); });",
      "app.use('/logged', (req, res, next) => { console.log(req.url); next(); });",
      "function redirect(src, destination) {",
      "  app.use(src, (req, res) => {",
      "    res.redirect(308, destination);",
      "  });",
      "}",
      "redirect('/createcharacter', '/api/characters/create');",
      "redirect('/getchat', '/api/chats/get');",
      "app.use('/api/sd', require('./src/sd').router);",
      "function createRouteHandler(directoryFn) {",
      "  return async (req, res) => { res.sendFile(directoryFn(req)); };",
      "}",
      "function logged(name) {",
      "  return (req, res, next) => { console.log(name); next(); };",
      "}",
      "app.use('/backgrounds/*', createRouteHandler(req => req.user.directories.backgrounds));",
      "app.use('/audit', logged('audit'));",
      "app.listen(8000);",
    ].join("\n"),
    "src/sd.js": [
      "const express = require('express');",
      "const router = express.Router();",
      "router.post('/ping', (req, res) => res.sendStatus(200));",
      "const comfy = express.Router();",
      "comfy.post('/generate', (req, res) => res.send({}));",
      "router.use('/comfy', comfy);",
      "module.exports = { router };",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/sd/comfy/generate",
    "POST /api/sd/ping",
    "ALL /backgrounds/*",
    "ALL /createcharacter",
    "ALL /getchat",
    "ALL /old",
  ]);
});

express("Meteor 3's app (WebApp.handlers, made with Express) serves the routes registered on it in any server file; connect's handlers take middleware, no routes", () => {
  const root = tempDir();
  writeFiles(root, {
    ".meteor/release": "METEOR@3.1\n",
    "package.json": JSON.stringify({ dependencies: { "@babel/runtime": "^7.0.0" } }),
    "server/models/boards.js": [
      "const { WebApp } = require('meteor/webapp');",
      "WebApp.handlers.get('/api/boards/:boardId', async function(req, res) {",
      "  Authentication.checkLoggedIn(req.userId);",
      "  res.end('{}');",
      "});",
      "WebApp.handlers.post('/api/boards', async (req, res) => res.end('{}'));",
    ].join("\n"),
    "server/static.js": [
      "import { WebApp } from 'meteor/webapp';",
      "WebApp.connectHandlers.use('/robots.txt', (req, res) => res.end(''));",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "POST /api/boards server/models/boards.js",
    "GET /api/boards/{boardId} server/models/boards.js",
  ]);
});

express("a handler whose first statements call a check handed the request's caller (inside a try, too) is guarded by it: named for the caller's standing, or any check handed req.userId; a check of the body is none", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4.19.0" } }),
    "server.js": [
      "const express = require('express');",
      "const app = express();",
      "app.get('/api/boards/:boardId', async function(req, res) {",
      "  try {",
      "    const boardId = req.params.boardId;",
      "    await Authentication.checkBoardAccess(req.userId, boardId);",
      "    res.json(await Boards.get(boardId));",
      "  } catch (error) { res.json(error); }",
      "});",
      "app.get('/api/users', async (req, res) => {",
      "  await Authentication.checkUserId(req.userId);",
      "  res.json(await Users.all());",
      "});",
      "app.post('/api/feedback', async (req, res) => {",
      "  logRequest(req);",
      "  checkFormat(req.body);",
      "  res.json(await Feedback.add(req.body));",
      "});",
      "app.listen(3000);",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/boards/{boardId} [Authentication.checkBoardAccess]",
    "GET /api/users [Authentication.checkUserId]",
    "POST /api/feedback",
  ]);
});

express("a server in a unittests/ folder is a test's sample: its routes are none of the product's", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4.19.0" } }),
    "server.js": "const express = require('express');\nconst app = express();\napp.get('/health', (req, res) => res.send('ok'));\napp.listen(3000);\n",
    "unittests/scans/njsscan/server.js": "const express = require('express');\nconst app = express();\napp.get('/eval', (req, res) => res.send(eval(req.query.q)));\napp.listen(3001);\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /health"]);
});

express("a guard mounted only when a setting switches it on (if (OIDC.enabled) app.use(auth(...))), or that checks only then, guards no route as shipped; one the setting cannot switch off (if (!config.disableAuth)) still does", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^5.0.0", "express-openid-connect": "^2.17.0" } }),
    "server.js": [
      "const express = require('express');",
      "const { auth } = require('express-openid-connect');",
      "const config = require('./config');",
      "const OIDC = config.oidc;",
      "const app = express();",
      "if (OIDC.enabled) {",
      "  app.use(auth(OIDC.config));",
      "}",
      "function OIDCAuth(req, res, next) {",
      "  if (OIDC.enabled) {",
      "    if (req.oidc.isAuthenticated()) return next();",
      "    res.status(401).send('Unauthorized');",
      "  } else {",
      "    next();",
      "  }",
      "}",
      "app.get('/profile', OIDCAuth, (req, res) => res.json(req.oidc ? req.oidc.user : {}));",
      "app.get('/rooms', (req, res) => res.json([]));",
      "app.post('/rooms', (req, res) => res.json({}));",
      "app.listen(3000);",
    ].join("\n"),
    "admin.js": [
      "const express = require('express');",
      "const config = require('./config');",
      "const requireAuth = require('./require-auth');",
      "const admin = express();",
      "if (!config.disableAuth) admin.use(requireAuth);",
      "admin.post('/reindex', (req, res) => res.json({}));",
      "admin.listen(3001);",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root).sort(), ["GET /profile", "GET /rooms", "POST /reindex [requireAuth]", "POST /rooms"]);
});

express("a handler that builds a check from the request's credentials and refuses when it fails, after logging (const api = new ServerApi(host, authorization, secret); if (!api.isAuthorized()) { log(...); return res.status(403)... }), is guarded; a 403 for a closed room is no check of the caller", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^5.0.0" } }),
    "server.js": [
      "const express = require('express');",
      "const app = express();",
      "app.post('/api/v1/meeting', (req, res) => {",
      "  if (api_disabled.includes('meeting')) {",
      "    return res.status(403).json({ error: 'This endpoint has been disabled' });",
      "  }",
      "  const { host, authorization } = req.headers;",
      "  const api = new ServerApi(host, authorization, api_key_secret);",
      "  if (!api.isAuthorized()) {",
      "    log.debug('get meeting - Unauthorized', { header: req.headers, body: req.body });",
      "    return res.status(403).json({ error: 'Unauthorized!' });",
      "  }",
      "  res.json({ meeting: api.getMeetingURL() });",
      "});",
      "app.post('/rooms/:id/join', (req, res) => {",
      "  const room = rooms.get(req.params.id);",
      "  if (!room.isOpen()) {",
      "    log.debug('closed', { room });",
      "    return res.status(403).json({ error: 'closed' });",
      "  }",
      "  res.json({ ok: true });",
      "});",
      "app.listen(3000);",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? " guarded" : ""}`).sort(), ["POST /api/v1/meeting guarded", "POST /rooms/{id}/join"]);
});

express("a handler of a CommonJS module (exports.getMe = async (req, res) => ...) refusing a caller not signed in is guarded, and so is one whose whole body is the work under a test of the caller with a refusal in its else; one answering something else there is not", () => {
  const root = tempDir("tool-express-cjs-checks-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "4" } }),
    "lib/user/index.js": "exports.getMe = async (req, res) => {\n  if (!req.isAuthenticated()) {\n    return res.status(401).send({ status: 'forbidden' })\n  }\n  res.send(await find(req.user.id))\n}\n",
    "lib/history/index.js": [
      "function historyGet (req, res) {",
      "  if (req.isAuthenticated()) {",
      "    getHistory(req.user.id, (err, history) => res.send({ history }))",
      "  } else {",
      "    return response.errorForbidden(req, res)",
      "  }",
      "}",
      "function historyPublic (req, res) {",
      "  if (req.isAuthenticated()) {",
      "    getHistory(req.user.id, (err, history) => res.send({ history }))",
      "  } else {",
      "    res.send({ history: [] })",
      "  }",
      "}",
      "exports.historyGet = historyGet",
      "exports.historyPublic = historyPublic",
    ].join("\n"),
    "lib/routes.js": [
      "const { Router } = require('express')",
      "const historyController = require('./history')",
      "const userController = require('./user')",
      "const appRouter = Router()",
      "appRouter.get('/history', historyController.historyGet)",
      "appRouter.get('/recent', historyController.historyPublic)",
      "appRouter.get('/me', userController.getMe)",
      "module.exports = appRouter",
    ].join("\n"),
    "app.js": "const express = require('express')\nconst app = express()\napp.use(require('./lib/routes'))\napp.listen(3000)\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /history [401 without credentials]", "GET /me [401 without credentials]", "GET /recent"]);
});

express("routes registered only while developing (if (isDev), NODE_ENV === \"development\", !== \"production\") are not served, those under other tests are; a module making a Socket.IO server serves its engine though connections are handled in another", () => {
  const root = tempDir("tool-express-dev-only-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "kuma", dependencies: { express: "^4.18.0", "socket.io": "^4.7.0" } }),
    "server/util.js": 'exports.isDev = process.env.NODE_ENV === "development";\n',
    "server/kuma-server.js": [
      'const express = require("express");',
      'const http = require("http");',
      'const { Server } = require("socket.io");',
      "class KumaServer {",
      "  constructor() {",
      "    this.app = express();",
      "    this.httpServer = http.createServer(this.app);",
      "    this.io = new Server(this.httpServer, { cors: undefined });",
      "  }",
      "}",
      "module.exports = { KumaServer };",
    ].join("\n"),
    "server/server.js": [
      'const express = require("express");',
      'const { isDev } = require("./util");',
      'const { KumaServer } = require("./kuma-server");',
      "const server = new KumaServer();",
      "const app = server.app;",
      'app.get("/metrics", (req, res) => res.send("ok"));',
      "if (isDev) {",
      '  app.post("/test-webhook", (req, res) => res.end());',
      '  app.get("/_e2e/take-sqlite-snapshot", (req, res) => res.end());',
      "}",
      'if (process.env.NODE_ENV !== "production") {',
      '  app.get("/debug/state", (req, res) => res.json({}));',
      "}",
      'if (process.env.NODE_ENV === "development" && process.env.TRACE) app.get("/debug/trace", (req, res) => res.end());',
      'if (process.env.ENABLE_STATUS === "1") {',
      '  app.get("/status", (req, res) => res.end());',
      "}",
      'if (isDev || process.env.DEMO) {',
      '  app.get("/demo", (req, res) => res.end());',
      "}",
      'server.io.on("connection", (socket) => {',
      '  socket.on("login", (data, callback) => callback({ ok: true }));',
      "});",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.filter((r) => r.kind === "http").map((r) => `${r.method} ${r.path} ${r.handler}`).sort(), [
    "GET /demo (inline)",
    "GET /metrics (inline)",
    "GET /socket.io Socket.IO engine",
    "GET /status (inline)",
    "POST /socket.io Socket.IO engine",
  ]);
});

express("routers a barrel imports under other names and exports in a list (import { router as record } from \"./record\"; export { record }) are mounted where the barrel's names are", () => {
  const root = tempDir("tool-express-renamed-barrel-");
  writeFiles(root, {
    "package.json": '{ "name": "robots", "dependencies": { "express": "^4.21.0" } }\n',
    "src/routes/index.ts": 'import { router as record } from "./record";\nimport { router as storage } from "./storage";\nimport { webhook } from "./webhook";\n\nexport {\n  record,\n  storage,\n  webhook,\n};\n',
    "src/routes/record.ts": 'import { Router } from "express";\nexport const router = Router();\nrouter.get("/start", requireSignIn, start);\n',
    "src/routes/storage.ts": 'import { Router } from "express";\nexport const router = Router();\nrouter.get("/recordings", requireSignIn, recordings);\n',
    "src/routes/webhook.ts": 'import { Router } from "express";\nexport const webhook = Router();\nwebhook.post("/add", requireSignIn, add);\n',
    "src/server.ts": 'import express from "express";\nimport { record, storage, webhook } from "./routes";\nconst app = express();\napp.use("/record", record);\napp.use("/storage", storage);\napp.use("/webhook", webhook);\napp.listen(8080);\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "GET /record/start src/routes/record.ts",
    "GET /storage/recordings src/routes/storage.ts",
    "POST /webhook/add src/routes/webhook.ts",
  ]);
});

express("every module of a folder a loop lists and requires (readdirSync(path.join(__dirname, \"api\")).forEach(r => app.use(\"/api\", require(path.join(__dirname, \"api\", r)).default || ...))) is mounted under the loop's prefix; a folder a loop only reads is not", () => {
  const root = tempDir("tool-express-folder-loop-");
  writeFiles(root, {
    "package.json": '{ "name": "robots", "dependencies": { "express": "^4.21.0" } }\n',
    "src/api/robots.ts": 'import { Router } from "express";\nconst router = Router();\nrouter.get("/robots", requireAPIKey, list);\nrouter.post("/robots/:id/runs", requireAPIKey, run);\nexport default router;\n',
    "src/api/sdk.ts": 'import { Router } from "express";\nconst router = Router();\nrouter.get("/sdk/status", requireAPIKey, status);\nexport default router;\n',
    "src/templates/welcome.ts": 'import { Router } from "express";\nconst router = Router();\nrouter.get("/welcome", welcome);\nexport default router;\n',
    "src/server.ts": [
      'import express from "express";',
      'import path from "path";',
      'import { readdirSync, readFileSync } from "fs";',
      "const app = express();",
      'readdirSync(path.join(__dirname, "api")).forEach((r) => {',
      '  const route = require(path.join(__dirname, "api", r));',
      "  const router = route.default || route;",
      '  if (typeof router === "function") {',
      '    app.use("/api", router);',
      "  }",
      "});",
      "const templates: string[] = [];",
      'for (const t of readdirSync(path.join(__dirname, "templates"))) {',
      '  templates.push(readFileSync(path.join(__dirname, "templates", t), "utf8"));',
      "}",
      "app.listen(8080);",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "GET /api/robots src/api/robots.ts",
    "POST /api/robots/{id}/runs src/api/robots.ts",
    "GET /api/sdk/status src/api/sdk.ts",
    "GET /welcome src/templates/welcome.ts",
  ]);
});

express("a module exporting a function that registers on the app it is handed (module.exports = function (app) { app.get(...) }), without naming Express, serves its routes where an Express file requires and calls it; one no Express file calls serves none", () => {
  const root = tempDir("tool-express-exported-setup-");
  writeFiles(root, {
    "package.json": '{ "name": "send", "dependencies": { "express": "^4.21.0" } }\n',
    "server/routes/index.js": [
      "const helmet = require('helmet');",
      "const auth = require('../middleware/auth');",
      "",
      "module.exports = function(app) {",
      "  app.use(helmet());",
      "  app.get('/config', function(req, res) { res.json({}); });",
      "  app.get('/api/metadata/:id', auth.hmac, require('./metadata'));",
      "};",
      "",
    ].join("\n"),
    "server/routes/metadata.js": "module.exports = function(req, res) { res.json({}); };\n",
    "server/plugins/unused.js": "module.exports = function(app) {\n  app.get('/unused', function(req, res) { res.end(); });\n};\n",
    "server/bin/prod.js": "const express = require('express');\nconst routes = require('../routes');\n\nconst app = express();\nroutes(app);\napp.listen(1443);\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /api/metadata/{id} server/routes/index.js [auth.hmac]",
    "GET /config server/routes/index.js",
  ]);
});

express.run();

const cli = suite("tool routes");

cli("tool routes groups by path prefix and filters by method; --json has the section", () => {
  const repo = fixtureRepo("routes-express");
  const text = runTool(["routes", "--root", repo]);
  assert.is(text.code, 0, text.stderr);
  assert.match(text.stdout, /^11 entry points \(express\)/);
  assert.match(text.stdout, /\n\/admin\n  POST    \/admin\/reindex/);
  assert.match(text.stdout, /write routes without a route-level guard/);
  const json = JSON.parse(runTool(["routes", "--method", "post", "--json", "--root", repo]).stdout);
  assert.equal(json.items.map((r: { path: string }) => r.path), ["/admin/reindex", "/api/v1/users"]);
  const bad = runTool(["routes", "--kind", "rest", "--root", repo]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--kind must be one of http, fs, client/);
});

cli("a class handed the Express app as a parameter property of any name typed as Express's own (private _app: Application) registers on it; a member of another type is no router", () => {
  const root = tempDir("tool-express-app-member-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "docs", dependencies: { express: "4" } }),
    "src/DocApi.ts": [
      'import { Application, RequestHandler } from "express";',
      "",
      "export class DocWorkerApi {",
      "  constructor(private _app: Application, private _cache: Map<string, string>, private readonly _config: AppConfig) {}",
      "",
      "  public addEndpoints() {",
      '    this._app.get("/api/docs/:docId/tables", canView, async (req, res) => { res.json(this._cache.get("/tables")); });',
      '    this._app.post("/api/docs/:docId/apply", canEdit, async (req, res) => { res.json([]); });',
      '    this._config.get("/settings");',
      "  }",
      "}",
    ].join("\n"),
    "src/server.ts": [
      'import express from "express";',
      'import { DocWorkerApi } from "./DocApi";',
      "const app = express();",
      "new DocWorkerApi(app, new Map(), config).addEndpoints();",
      'app.get("/status", (req, res) => res.send("ok"));',
      "app.listen(3000);",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["GET /api/docs/{docId}/tables", "GET /status", "POST /api/docs/{docId}/apply"]);
});

cli("middleware named for a kind of user it requires, a word between (requireInstallAdmin, requireOrgOwner), guards; a requirement of something else (requireBodyParams) does not", () => {
  const root = tempDir("tool-express-required-kind-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "cfg", dependencies: { express: "4" } }),
    "src/config.ts": [
      'import { Application, RequestHandler } from "express";',
      "export function addEndpoints(app: Application, requireInstallAdmin: RequestHandler) {",
      '  app.get("/api/config/auth-providers", requireInstallAdmin, async (req, res) => res.json([]));',
      '  app.post("/api/orgs/:id/transfer", requireOrgOwner, async (req, res) => res.json({}));',
      '  app.post("/api/feedback", requireBodyParams("text"), async (req, res) => res.json({}));',
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /api/config/auth-providers [requireInstallAdmin]", "POST /api/feedback", "POST /api/orgs/{id}/transfer [requireOrgOwner]"].sort());
});

cli("app.use(prefix, list) with a list of middleware the file declares (const adminMiddleware = [requireInstallAdmin]) guards the routes under the prefix; a list of no guards guards nothing", () => {
  const root = tempDir("tool-express-use-list-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "cfg", dependencies: { express: "4" } }),
    "src/server.ts": [
      'import express from "express";',
      "const app = express();",
      "const requireInstallAdmin = installAdmin.getMiddlewareRequireAdmin();",
      "const adminMiddleware = [requireInstallAdmin];",
      "const parsers = [express.json(), compression()];",
      'app.use("/api/admin", adminMiddleware);',
      'app.use("/api/public", parsers);',
      'app.post("/api/admin/restart", (req, res) => res.send("ok"));',
      'app.post("/api/public/feedback", (req, res) => res.send("ok"));',
      "app.listen(3000);",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["POST /api/admin/restart [requireInstallAdmin]", "POST /api/public/feedback"]);
});

cli.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const adonis = suite("AdonisJS routes");

const lines = (files: Record<string, string>) => {
  const root = tempDir("tool-adonis-");
  writeFiles(root, files);
  commitAll(root);
  return analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`);
};

adonis("v4: verbs, nested groups with prefix and middleware, route middleware, an optional middleware, resources with apiOnly and only", () => {
  assert.equal(lines({
    "package.json": JSON.stringify({ dependencies: { "@adonisjs/framework": "^5" } }),
    "start/routes.js": [
      "'use strict'", "const Route = use('Route')", "",
      "Route.post('users/login', 'AuthController.login')",
      "Route.group(() => {",
      "  Route.get('user', 'UserController.index')",
      "  Route.group(() => {",
      "    Route.delete('users/:id', 'AdminController.destroy').middleware(['can:delete'])",
      "  }).prefix('admin')",
      "  Route.resource('posts', 'PostController').apiOnly()",
      "}).prefix('api').middleware('auth')",
      "Route.group(() => {",
      "  Route.get('articles', 'ArticleController.index')",
      "}).middleware('optionalAuth')",
      "Route.resource('tags', 'TagController').only(['index', 'show'])", "",
    ].join("\n"),
  }), [
    "DELETE /api/admin/users/{id} AdminController.destroy [auth,can:delete]",
    "GET /api/posts PostController.index [auth]",
    "POST /api/posts PostController.store [auth]",
    "DELETE /api/posts/{id} PostController.destroy [auth]",
    "GET /api/posts/{id} PostController.show [auth]",
    "PATCH /api/posts/{id} PostController.update [auth]",
    "PUT /api/posts/{id} PostController.update [auth]",
    "GET /api/user UserController.index [auth]",
    "GET /articles ArticleController.index",
    "GET /tags TagController.index",
    "GET /tags/{id} TagController.show",
    "POST /users/login AuthController.login",
  ]);
});

adonis("v6: router groups with .use(middleware.auth())", () => {
  assert.equal(lines({
    "package.json": JSON.stringify({ dependencies: { "@adonisjs/core": "^6" } }),
    "start/routes.ts": [
      "import router from '@adonisjs/core/services/router'", "import { middleware } from '#start/kernel'", "",
      "router.group(() => {", "  router.get('/me', [ProfileController, 'show'])", "}).prefix('/api').use(middleware.auth())",
      "router.get('/', async () => 'ok')", "",
    ].join("\n"),
  }), ["GET / (inline)", "GET /api/me (inline) [auth]"]);
});

adonis("named middleware the kernel registers guards only when its class refuses a caller: a feature switch and guest-only middleware guard nothing", () => {
  assert.equal(lines({
    "package.json": JSON.stringify({ dependencies: { "@adonisjs/core": "^5" } }),
    "start/kernel.ts": [
      "import Server from '@ioc:Adonis/Core/Server'",
      "Server.middleware.registerNamed({",
      "  auth: () => import('App/Middleware/Auth'),",
      "  dashboard: () => import('App/Middleware/Dashboard'),",
      "  guest: () => import('App/Middleware/AllowGuestOnly'),",
      "  subscribed: () => import('App/Middleware/Subscribed'),",
      "})",
    ].join("\n"),
    "app/Middleware/Dashboard.ts": "export default class Dashboard {\n  public async handle({ response }, next) {\n    if (Config.get('dashboard.enabled') === false) {\n      response.send('The dashboard is disabled')\n    } else {\n      await next()\n    }\n  }\n}\n",
    "app/Middleware/AllowGuestOnly.ts": "export default class GuestMiddleware {\n  public async handle({ auth }, next) {\n    if (await auth.check()) throw new AuthenticationException('Unauthorized access', 'E_UNAUTHORIZED_ACCESS')\n    await next()\n  }\n}\n",
    "app/Middleware/Subscribed.ts": "export default class Subscribed {\n  public async handle({ auth, response }, next) {\n    if (!auth.user?.subscribed) return response.status(403).send('Subscribe first')\n    await next()\n  }\n}\n",
    "start/routes.ts": [
      "import Route from '@ioc:Adonis/Core/Route'",
      "Route.group(() => {",
      "  Route.group(() => {",
      "    Route.get('login', 'LoginController.show')",
      "  }).middleware(['dashboard', 'guest'])",
      "  Route.group(() => {",
      "    Route.get('account', 'AccountController.show')",
      "    Route.get('reports', 'ReportController.index').middleware('subscribed')",
      "  }).middleware(['dashboard', 'auth:web'])",
      "}).prefix('user')",
    ].join("\n"),
  }), [
    "GET /user/account AccountController.show [auth:web]",
    "GET /user/login LoginController.show",
    "GET /user/reports ReportController.index [auth:web,subscribed]",
  ]);
});

adonis.run();

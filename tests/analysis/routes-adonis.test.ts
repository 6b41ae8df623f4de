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

adonis.run();

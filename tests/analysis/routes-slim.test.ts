import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const slim = suite("Slim routes");

slim("verbs, map, nested groups (Slim 3 $this and Slim 4 $group), ->add() middleware on routes and groups, optional segments; container lookups are no routes", () => {
  const root = tempDir("tool-slim-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "slim/slim": "^4.0" } }),
    "src/dependencies.php": "<?php\n$container = $app->getContainer();\n$settings = $container->get('settings');\n$db = $c->get('db');\n",
    "src/routes.php": [
      "<?php", "use Slim\\Routing\\RouteCollectorProxy;", "",
      "$app->group('/api', function (RouteCollectorProxy $group) use ($jwt, $optionalAuth) {",
      "    $group->post('/users/login', LoginController::class . ':login');",
      "    $group->get('/user', UserController::class . ':show')->add($jwt);",
      "    $group->get('/articles', [ArticleController::class, 'index'])->add($optionalAuth);",
      "    $group->group('/admin', function (RouteCollectorProxy $admin) {",
      "        $admin->map(['PUT', 'PATCH'], '/settings', 'SettingsController:update');",
      "    })->add(new AdminOnly());",
      "})->add(new CorsMiddleware());",
      "$app->get('/news[/{year}[/{month}]]', function ($request, $response) { return $response; });", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "PATCH /api/admin/settings SettingsController:update [AdminOnly]",
    "PUT /api/admin/settings SettingsController:update [AdminOnly]",
    "GET /api/articles ArticleController:index",
    "GET /api/user UserController:show [jwt]",
    "POST /api/users/login LoginController:login",
    "GET /news (inline)",
    "GET /news/{year} (inline)",
    "GET /news/{year}/{month} (inline)",
  ]);
});

slim("middleware the app adds to itself in another file ($app->add(new $authMiddlewareClass(...))) guards every route when it is named for a guard; other app middleware does not", () => {
  const root = tempDir("tool-slim-app-middleware-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "slim/slim": "^4.0" } }),
    "app.php": [
      "<?php", "use Slim\\Factory\\AppFactory;", "",
      "$app = AppFactory::create();",
      "require __DIR__ . '/routes.php';",
      "$app->add(new LocaleMiddleware($container, $app->getResponseFactory()));",
      "$authMiddlewareClass = GROCY_AUTH_CLASS;",
      "$app->add(new $authMiddlewareClass($container, $app->getResponseFactory()));",
      "$app->addBodyParsingMiddleware();",
    ].join("\n"),
    "routes.php": [
      "<?php", "use Slim\\Routing\\RouteCollectorProxy;", "",
      "$app->get('/stock', '\\Grocy\\Controllers\\StockController:overview');",
      "$app->group('/api', function (RouteCollectorProxy $group) {",
      "    $group->get('/objects/{entity}', '\\Grocy\\Controllers\\GenericEntityApiController:GetObjects');",
      "});",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /api/objects/{entity} [authMiddlewareClass]",
    "GET /stock [authMiddlewareClass]",
  ]);
});

slim.run();

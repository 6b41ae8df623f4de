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

slim("route files included in a group (call_user_func(include(__DIR__ . ...), $group)) take its prefix and middleware; routes from loops over literal arrays; a middleware class that only loads the caller guards nothing", () => {
  const root = tempDir("tool-slim-includes-");
  const php = (...lines: string[]) => ["<?php", "use Slim\\Routing\\RouteCollectorProxy;", "", ...lines, ""].join("\n");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "slim/slim": "^4.0" } }),
    "config/routes.php": php(
      "return static function (App $app) {",
      "    $app->group('', function (RouteCollectorProxy $group) {",
      "        call_user_func(include(__DIR__ . '/routes/public.php'), $group);",
      "    })->add(Middleware\\Auth\\SessionAuth::class);",
      "",
      "    $app->group('/api', function (RouteCollectorProxy $group) {",
      "        $group->group('', function (RouteCollectorProxy $group) {",
      "            call_user_func(include(__DIR__ . '/routes/api_status.php'), $group);",
      "            call_user_func(include(__DIR__ . '/routes/api_admin.php'), $group);",
      "        })->add(Middleware\\Auth\\ApiAuth::class);",
      "    });",
      "};",
    ),
    "config/routes/public.php": php(
      "return static function (RouteCollectorProxy $app) {",
      "    $app->get('/login', Controller\\LoginAction::class);",
      "    $app->group('', function (RouteCollectorProxy $group) {",
      "        $routes = ['dashboard' => '/dashboard', 'profile' => '/profile'];",
      "        foreach ($routes as $name => $path) {",
      "            $group->get($path, Controller\\DashboardAction::class)->setName($name);",
      "        }",
      "    })->add(Middleware\\RequireLogin::class);",
      "};",
    ),
    "config/routes/api_status.php": php(
      "return static function (RouteCollectorProxy $group) {",
      "    $group->get('/status', Controller\\StatusAction::class);",
      "};",
    ),
    "config/routes/api_admin.php": php(
      "return static function (RouteCollectorProxy $group) {",
      "    $group->group('/admin', function (RouteCollectorProxy $group) {",
      "        $endpoints = [",
      "            ['role', 'roles', Controller\\RolesController::class],",
      "            ['user', 'users', Controller\\UsersController::class],",
      "        ];",
      "        foreach ($endpoints as [$singular, $plural, $class]) {",
      "            $group->group('', function (RouteCollectorProxy $group) use ($singular, $plural, $class) {",
      "                $group->get('/' . $plural, $class . ':listAction');",
      "                $group->delete('/' . $singular . '/{id}', $class . ':deleteAction');",
      "            })->add(new Middleware\\Permissions('admin'));",
      "        }",
      "        call_user_func(include(__DIR__ . '/api_admin_extra.php'), $group);",
      "    });",
      "};",
    ),
    "config/routes/api_admin_extra.php": php(
      "return static function (RouteCollectorProxy $group) {",
      "    $group->get('/logs', Controller\\LogsAction::class)->add(new Middleware\\Permissions('logs'));",
      "};",
    ),
    // Loads the caller from the session or an API key and hands every request on; its base checks the request's type.
    "src/Middleware/AbstractMiddleware.php": php(
      "abstract class AbstractMiddleware implements MiddlewareInterface",
      "{",
      "    public function process(ServerRequestInterface $request, RequestHandlerInterface $handler): ResponseInterface",
      "    {",
      "        if (!($request instanceof ServerRequest)) {",
      "            throw new TypeError('Invalid server request.');",
      "        }",
      "        return $this->__invoke($request, $handler);",
      "    }",
      "}",
    ),
    "src/Middleware/Auth/AbstractAuth.php": php(
      "abstract class AbstractAuth extends AbstractMiddleware",
      "{",
      "    public function __invoke(ServerRequest $request, RequestHandlerInterface $handler): ResponseInterface",
      "    {",
      "        AuditLog::setCurrentUser($request->getAttribute('user'));",
      "        return $handler->handle($request);",
      "    }",
      "}",
    ),
    "src/Middleware/Auth/ApiAuth.php": php("final class ApiAuth extends AbstractAuth", "{", "}"),
    "src/Middleware/Auth/SessionAuth.php": php("final class SessionAuth extends AbstractAuth", "{", "}"),
    "src/Middleware/RequireLogin.php": php(
      "class RequireLogin extends AbstractMiddleware",
      "{",
      "    public function __invoke(ServerRequest $request, RequestHandlerInterface $handler): ResponseInterface",
      "    {",
      "        if ($request->getAttribute('user') === null) {",
      "            throw NotLoggedInException::create($request);",
      "        }",
      "        return $handler->handle($request);",
      "    }",
      "}",
    ),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "DELETE /api/admin/role/{id} [Permissions]",
    "DELETE /api/admin/user/{id} [Permissions]",
    "GET /api/admin/logs [Permissions]",
    "GET /api/admin/roles [Permissions]",
    "GET /api/admin/users [Permissions]",
    "GET /api/status",
    "GET /dashboard [RequireLogin]",
    "GET /login",
    "GET /profile [RequireLogin]",
  ]);
});

slim("middleware named by a string class name: one not named like a check guards where it refuses under a test of the caller, not where that test also reads a setting; a settings lookup ($conf->get('dev.debug', false)) is no route", () => {
  const root = tempDir("tool-slim-candidates-");
  const php = (...lines: string[]) => ["<?php", ...lines, ""].join("\n");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "slim/slim": "^3.12" } }),
    "index.php": php(
      "$conf = new ConfigManager();",
      "if ($conf->get('dev.debug', false)) {",
      "    ini_set('display_errors', 1);",
      "}",
      "date_default_timezone_set($conf->get('general.timezone', 'UTC'));",
      "$app = new \\Slim\\App($container);",
      "$app->group('', function () {",
      "    $this->get('/', '\\Bookmarks\\Front\\Controller\\ListController:index');",
      "    $this->post('/login', '\\Bookmarks\\Front\\Controller\\LoginController:login');",
      "})->add('\\Bookmarks\\Front\\BookmarksMiddleware');",
      "$app->group('/admin', function () {",
      "    $this->post('/configure', '\\Bookmarks\\Front\\Controller\\Admin\\ConfigureController:save');",
      "})->add('\\Bookmarks\\Front\\BookmarksAdminMiddleware');",
      "$app->run();",
    ),
    "application/front/BookmarksMiddleware.php": php(
      "namespace Bookmarks\\Front;",
      "class BookmarksMiddleware",
      "{",
      "    public function __invoke($request, $response, $next)",
      "    {",
      "        try {",
      "            $this->checkOpenInstance($next);",
      "            return $next($request, $response);",
      "        } catch (UnauthorizedException $e) {",
      "            return $response->withRedirect('/login');",
      "        }",
      "    }",
      "",
      "    protected function checkOpenInstance($next)",
      "    {",
      "        if (!$this->container->loginManager->isLoggedIn() && $this->container->conf->get('privacy.force_login')) {",
      "            throw new UnauthorizedException();",
      "        }",
      "    }",
      "}",
    ),
    "application/front/BookmarksAdminMiddleware.php": php(
      "namespace Bookmarks\\Front;",
      "class BookmarksAdminMiddleware extends BookmarksMiddleware",
      "{",
      "    public function __invoke($request, $response, $next)",
      "    {",
      "        if (true !== $this->container->loginManager->isLoggedIn()) {",
      "            return $response->withRedirect('/login');",
      "        }",
      "        return parent::__invoke($request, $response, $next);",
      "    }",
      "}",
    ),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /",
    "POST /admin/configure [BookmarksAdminMiddleware]",
    "POST /login",
  ]);
});

slim("FOSSBilling's module controllers: an admin controller's routes are served under the configuration's admin_area_prefix, and a handler of the class that first takes a login service of the container (is_admin_logged, api_client) is guarded by it; api_guest guards nothing", () => {
  const root = tempDir("tool-slim-box-");
  const controller = (ns: string, cls: string, routes: string[], methods: string[]) => [
    "<?php",
    `namespace Box\\Mod\\${ns}\\Controller;`,
    `class ${cls} implements \\FOSSBilling\\InjectionAwareInterface`,
    "{",
    "    public function register(\\Box_App &$app): void",
    "    {",
    ...routes.map((r) => `        ${r}`),
    "    }",
    ...methods,
    "}",
    "",
  ].join("\n");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { php: ">=8.2" } }),
    "src/config-sample.php": "<?php\nreturn [\n    'url' => 'http://localhost/',\n    'admin_area_prefix' => '/admin',\n];\n",
    "src/modules/Activity/Controller/Admin.php": controller("Activity", "Admin", ["$app->get('/activity', 'get_index', [], static::class);"], [
      "    public function get_index(\\Box_App $app): string",
      "    {",
      "        $this->di['is_admin_logged'];",
      "        return $app->render('mod_activity_index');",
      "    }",
    ]),
    "src/modules/Order/Controller/Client.php": controller("Order", "Client", [
      "$app->get('/order', 'get_products', [], static::class);",
      "$app->get('/order/service', 'get_orders', [], static::class);",
    ], [
      "    public function get_products(\\Box_App $app): string",
      "    {",
      "        $api = $this->di['api_guest'];",
      "        return $app->render('mod_order_index');",
      "    }",
      "    public function get_orders(\\Box_App $app): string",
      "    {",
      "        $api = $this->di['api_client'];",
      "        return $app->render('mod_order_list');",
      "    }",
    ]),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`).sort(), [
    "GET /admin/activity [is_admin_logged]",
    "GET /order []",
    "GET /order/service [api_client]",
  ]);
});

slim.run();

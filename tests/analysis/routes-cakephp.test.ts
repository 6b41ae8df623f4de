import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const cake = suite("CakePHP routes");

cake("scopes, prefixes and plugins nest their paths; connect answers the methods setMethods gives (any without); verbs, redirects, resources with only, fallbacks; a plugin's own config/routes.php is read; other PHP is not", () => {
  const root = tempDir("tool-cakephp-");
  const php = (...lines: string[]) => ["<?php", "use Cake\\Routing\\RouteBuilder;", "", ...lines, ""].join("\n");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "cakephp/cakephp": "^5.0" } }),
    "config/routes.php": php(
      "return static function (RouteBuilder $routes): void {",
      "    $routes->scope('/', function (RouteBuilder $builder): void {",
      "        $builder->redirect('login', '/auth/login');",
      "        $builder->connect('/', ['controller' => 'Pages', 'action' => 'home'])->setMethods(['GET']);",
      "        $builder->connect('/pages/*', 'Pages::display');",
      "    });",
      "    $routes->scope('/auth', function (RouteBuilder $routes) {",
      "        $routes->setExtensions(['json']);",
      "        $routes->connect('/login', ['prefix' => 'Auth', 'controller' => 'AuthLogin', 'action' => 'loginPost'])",
      "            ->setMethods(['POST']);",
      "        $routes->get('/is-authenticated', ['controller' => 'AuthIsAuthenticated', 'action' => 'isAuthenticated']);",
      "    });",
      "    $routes->prefix('Admin', function (RouteBuilder $routes) {",
      "        $routes->resources('ArticleComments', ['only' => ['index', 'delete']]);",
      "        $routes->fallbacks();",
      "    });",
      "};",
    ),
    "plugins/Folders/config/routes.php": php(
      "$routes->plugin('Acme/Folders', ['path' => '/folders'], function (RouteBuilder $routes): void {",
      "    $routes->connect('/{folderId}', ['controller' => 'FoldersUpdate', 'action' => 'update'])",
      "        ->setPass(['folderId'])",
      "        ->setMethods(['PUT', 'POST']);",
      "});",
    ),
    // Not a routes file: a connect() elsewhere is no route.
    "src/Application.php": php("class Application {", "    public function example(RouteBuilder $builder): void {", "        $builder->connect('/not-a-route', ['controller' => 'X']);", "    }", "}"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET / Pages::home",
    "ALL /admin/{controller} fallbacks",
    "ALL /admin/{controller}/{action}/* fallbacks",
    "GET /admin/article-comments ArticleComments::index",
    "DELETE /admin/article-comments/{id} ArticleComments::delete",
    "GET /auth/is-authenticated AuthIsAuthenticated::isAuthenticated",
    "POST /auth/login AuthLogin::loginPost",
    "POST /folders/{folderId} FoldersUpdate::update",
    "PUT /folders/{folderId} FoldersUpdate::update",
    "ALL /login redirect",
    "ALL /pages/* Pages::display",
  ]);
});

cake("a controller under the authentication component (loaded in AppController) requires an identity for its actions, but those its allowUnauthenticated names; one under a controller that loads none requires nothing", () => {
  const root = tempDir("tool-cakephp-auth-");
  const php = (...lines: string[]) => ["<?php", ...lines, ""].join("\n");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "cakephp/cakephp": "^5.0", "cakephp/authentication": "^3.0" } }),
    "config/routes.php": php(
      "use Cake\\Routing\\RouteBuilder;",
      "$routes->scope('/auth', function (RouteBuilder $routes) {",
      "    $routes->connect('/login', ['prefix' => 'Auth', 'controller' => 'AuthLogin', 'action' => 'loginPost'])->setMethods(['POST']);",
      "    $routes->connect('/me', ['prefix' => 'Auth', 'controller' => 'AuthLogin', 'action' => 'me'])->setMethods(['GET']);",
      "});",
      "$routes->connect('/status', ['controller' => 'Status', 'action' => 'index'])->setMethods(['GET']);",
    ),
    "src/Controller/AppController.php": php(
      "namespace App\\Controller;",
      "class AppController extends Controller",
      "{",
      "    public function initialize(): void",
      "    {",
      "        // $this->loadComponent('Flash');",
      "        $this->loadComponent('Authentication.Authentication', ['logoutRedirect' => '/auth/login']);",
      "    }",
      "}",
    ),
    "src/Controller/Auth/AuthLoginController.php": php(
      "namespace App\\Controller\\Auth;",
      "use App\\Controller\\AppController;",
      "class AuthLoginController extends AppController",
      "{",
      "    public function beforeFilter(EventInterface $event)",
      "    {",
      "        $this->Authentication->allowUnauthenticated([",
      "            'loginPost',",
      "        ]);",
      "        parent::beforeFilter($event);",
      "    }",
      "    public function loginPost() {}",
      "    public function me() {}",
      "}",
    ),
    "src/Controller/StatusController.php": php("namespace App\\Controller;", "class StatusController extends \\Cake\\Controller\\Controller", "{", "    public function index() {}", "}"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "POST /auth/login",
    "GET /auth/me [Authentication]",
    "GET /status",
  ]);
});

cake.run();

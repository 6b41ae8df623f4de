import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const flarum = suite("Flarum routes");

flarum("each frontend's routes.php serves at its path (the forum at the root, /api, /admin); an extension's Extend\\Routes('api') chain adds its routes; an optional segment is two routes; a RouteCollection used elsewhere is no CodeIgniter route file", () => {
  const root = tempDir("tool-flarum-");
  const php = (...lines: string[]) => ["<?php", ...lines, ""].join("\n");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "flarum/core": "^2.0" } }),
    "framework/core/src/Forum/routes.php": php(
      "use Flarum\\Http\\RouteCollection;",
      "use Flarum\\Http\\RouteHandlerFactory;",
      "return function (RouteCollection $map, RouteHandlerFactory $route) {",
      "    $map->get(",
      "        '/d/{id:\\d+(?:-[^/]*)?}[/{near:[^/]*}]',",
      "        'discussion',",
      "        $route->toForum(Content\\Discussion::class)",
      "    );",
      "    $map->post('/logout', 'logout', $route->toController(Controller\\LogOutController::class));",
      "};",
    ),
    "framework/core/src/Api/routes.php": php(
      "use Flarum\\Http\\RouteCollection;",
      "return function (RouteCollection $map, RouteHandlerFactory $route) {",
      "    $map->post('/token', 'token', $route->toController(Controller\\CreateTokenController::class));",
      "};",
    ),
    "framework/core/src/Forum/ForumServiceProvider.php": php(
      "namespace Flarum\\Forum;",
      "class ForumServiceProvider",
      "{",
      "    protected function setDefaultRoute(RouteCollection $routes, Container $container): void",
      "    {",
      "        $routes->get('/', 'default', $toDefaultController);",
      "    }",
      "}",
    ),
    "extensions/flags/extend.php": php(
      "use Flarum\\Extend;",
      "return [",
      "    (new Extend\\Routes('api'))",
      "        ->delete('/posts/{id}/flags', 'flags.delete', DeleteFlagsController::class),",
      "];",
    ),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.framework}`).sort(), [
    "DELETE /api/posts/{id}/flags flarum",
    "GET /d/{id} flarum",
    "GET /d/{id}/{near} flarum",
    "POST /api/token flarum",
    "POST /logout flarum",
  ]);
});

flarum("a route's handler is the class it hands the request to, guarded when the class asserts its actor is signed in or an administrator (not by a permission a guest may hold); the admin frontend's routes are behind Flarum's administrator middleware", () => {
  const root = tempDir("tool-flarum-guards-");
  const php = (...lines: string[]) => ["<?php", ...lines, ""].join("\n");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "flarum/core": "^2.0" } }),
    "src/Forum/routes.php": php(
      "return function (RouteCollection $map, RouteHandlerFactory $route) {",
      "    $map->get('/settings', 'settings', $route->toForum(Content\\AssertRegistered::class));",
      "    $map->get('/all', 'index', $route->toForum(Content\\Index::class));",
      "};",
    ),
    "src/Api/routes.php": php(
      "return function (RouteCollection $map, RouteHandlerFactory $route) {",
      "    $map->delete('/cache', 'cache.clear', $route->toController(Controller\\ClearCacheController::class));",
      "    $map->get('/posts/search', 'posts.search', $route->toController(Controller\\SearchPostsController::class));",
      "    $map->post('/logo', 'logo', $route->toController(Controller\\UploadLogoController::class));",
      "};",
    ),
    "src/Admin/routes.php": php(
      "return function (RouteCollection $map, RouteHandlerFactory $route) {",
      "    $map->get('/', 'index', $route->toAdmin());",
      "};",
    ),
    "src/Forum/Content/AssertRegistered.php": php(
      "namespace Flarum\\Forum\\Content;",
      "class AssertRegistered",
      "{",
      "    public function __invoke(Document $document, Request $request): Document",
      "    {",
      "        RequestUtil::getActor($request)->assertRegistered();",
      "        return $document;",
      "    }",
      "}",
    ),
    "src/Forum/Content/Index.php": php("namespace Flarum\\Forum\\Content;", "class Index", "{", "    public function __invoke(Document $document, Request $request) { return $document; }", "}"),
    "src/Api/Controller/ClearCacheController.php": php(
      "namespace Flarum\\Api\\Controller;",
      "class ClearCacheController extends AbstractDeleteController",
      "{",
      "    protected function delete(ServerRequestInterface $request): void",
      "    {",
      "        RequestUtil::getActor($request)->assertAdmin();",
      "    }",
      "}",
    ),
    "src/Api/Controller/UploadImageController.php": php(
      "namespace Flarum\\Api\\Controller;",
      "abstract class UploadImageController extends ShowForumController",
      "{",
      "    public function data(ServerRequestInterface $request, Document $document): array",
      "    {",
      "        RequestUtil::getActor($request)->assertAdmin();",
      "    }",
      "}",
    ),
    "src/Api/Controller/UploadLogoController.php": php("namespace Flarum\\Api\\Controller;", "class UploadLogoController extends UploadImageController", "{", "}"),
    "src/Api/Controller/SearchPostsController.php": php(
      "namespace Flarum\\Api\\Controller;",
      "// A decoy: searching is a permission, which guests may be given.",
      "class SearchPostsController",
      "{",
      "    public function handle(ServerRequestInterface $request): ResponseInterface",
      "    {",
      "        RequestUtil::getActor($request)->assertCan('searchPosts');",
      "    }",
      "}",
    ),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`).sort(), [
    "DELETE /api/cache Controller\\ClearCacheController [assertAdmin]",
    "GET /admin index [RequireAdministrateAbility]",
    "GET /all Content\\Index []",
    "GET /api/posts/search Controller\\SearchPostsController []",
    "GET /settings Content\\AssertRegistered [assertRegistered]",
    "POST /api/logo Controller\\UploadLogoController [assertAdmin]",
  ]);
});

flarum.run();

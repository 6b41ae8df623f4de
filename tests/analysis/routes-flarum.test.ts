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

flarum.run();

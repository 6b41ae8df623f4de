import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const scripts = suite("PHP scripts under a document root");

const page = (name: string) => `<?php\n$dic = require __DIR__ . '/../src/Config/Init.php';\necho '${name}';\n`;

scripts("a PHP application without a router serves each script under its document root at its path, every method; included code and assets under the root are no pages", () => {
  const root = tempDir("tool-php-scripts-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { php: ">=8.2" } }),
    "src/Config/Init.php": "<?php\nsession_start();\n",
    "public/index.php": page("home"),
    "public/login.php": page("login"),
    "public/albums.php": page("albums"),
    "public/search.php": page("search"),
    "public/admin/users.php": "<?php\n$dic = require __DIR__ . '/../../src/Config/Init.php';\n",
    "public/server/json.server.php": "<?php\n$dic = require __DIR__ . '/../../src/Config/Init.php';\n",
    "public/templates/header.php": "<?php echo '<header>';\n",
    "public/lib/javascript/search-data.php": "<?php echo '[]';\n",
    "public/themes/reborn/theme.cfg.php": "<?php return [];\n",
  });
  commitAll(root);
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file} [${r.guards.join(",")}]`).sort();
  assert.equal(routes, [
    "ALL /admin/users.php public/admin/users.php []",
    "ALL /albums.php public/albums.php []",
    "ALL /index.php public/index.php []",
    "ALL /login.php public/login.php []",
    "ALL /search.php public/search.php []",
    "ALL /server/json.server.php public/server/json.server.php []",
  ]);
});

scripts("a front controller's document root (public/index.php beside a router's routes, or with few scripts beside it) serves no script routes", () => {
  const routed = tempDir("tool-php-front-");
  writeFiles(routed, {
    "composer.json": JSON.stringify({ require: { "slim/slim": "^4.0" } }),
    "public/index.php": "<?php\n$app = AppFactory::create();\n$app->get('/hello', function ($request, $response) { return $response; });\n$app->run();\n",
    ...Object.fromEntries(["a", "b", "c", "d", "e"].map((n) => [`public/${n}.php`, "<?php\n"])),
  });
  commitAll(routed);
  assert.equal(analyze(routed).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /hello"]);
  const few = tempDir("tool-php-few-");
  writeFiles(few, { "public/index.php": "<?php\necho 'hi';\n", "public/phpinfo.php": "<?php phpinfo();\n", "public/health.php": "<?php echo 'ok';\n" });
  commitAll(few);
  assert.equal(analyze(few).routes.items, []);
});

scripts.run();

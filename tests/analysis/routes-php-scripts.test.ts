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

scripts("a repository that is its own document root serves the scripts that load the application, guarded by a check of the caller they call first; fragments others include are no pages", () => {
  const root = tempDir("tool-php-repo-root-");
  const loads = (depth: number) => `<?php\nrequire_once( dirname(__FILE__) . '${"/..".repeat(depth)}/functions/functions.php' );\n`;
  writeFiles(root, {
    "index.php": "<?php\nrequire_once('functions/functions.php');\ninclude('app/dashboard/index.php');\n",
    ".htaccess": "RewriteEngine on\nRewriteRule ^(.*)$ index.php [L]\n",
    "functions/functions.php": "<?php\nsession_start();\n",
    "app/admin/users/edit.php": `${loads(3)}\n$User->check_user_session();\n$Admin->edit_user($_POST);\n`,
    "app/tools/search/search-results.php": `${loads(3)}\n# no check: a public search\n$Tools->search($_GET['q']);\n`,
    "app/dashboard/widget.php": "<?php\n# included by index.php\nprint $Tools->count_subnets();\n",
    "app/admin/users/print-row.php": "<?php\nprint '<tr>';\n",
  });
  commitAll(root);
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`).sort();
  assert.equal(routes, ["ALL /app/admin/users/edit.php [check_user_session]", "ALL /app/tools/search/search-results.php []"]);
});

scripts.run();

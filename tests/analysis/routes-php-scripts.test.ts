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

scripts("a repository served as it is (index.php and IIS's web.config at the top): a script loading the application through an include file is a page, guarded where that file, or one it loads first, sends a caller to sign in and stops; the include files, tests and command-line scripts are no pages", () => {
  const root = tempDir("tool-php-inc-loaders-");
  writeFiles(root, {
    "index.php": "<?php\nrequire('client.inc.php');\ninclude(CLIENTINC_DIR.'landing.inc.php');\n",
    "web.config": "<configuration></configuration>\n",
    "main.inc.php": "<?php\nrequire('bootstrap.php');\n",
    "bootstrap.php": "<?php\nsession_start();\n",
    "client.inc.php": "<?php\nrequire_once('main.inc.php');\n$thisclient = UserAuthentication::getUser();\n",
    "secure.inc.php": "<?php\nrequire_once('client.inc.php');\nif(!$thisclient || !$thisclient->isValid()) {\n    require('./login.php');\n    exit;\n}\n",
    "login.php": "<?php\nrequire_once('client.inc.php');\n$inc = 'login.inc.php';\n",
    "tickets.php": "<?php\nrequire('secure.inc.php');\n$ticket = Ticket::lookup($_REQUEST['id']);\n",
    "scp/staff.inc.php": "<?php\nrequire_once('../main.inc.php');\nif(!$thisstaff || !$thisstaff->getId()) {\n    Http::redirect(ROOT_PATH.'scp/login.php');\n    exit;\n}\n",
    "scp/admin.inc.php": "<?php\nrequire_once 'staff.inc.php';\nif(!$thisstaff->isAdmin()) { header('Location: index.php'); exit; }\n",
    "scp/apikeys.php": "<?php\nrequire('admin.inc.php');\n$api = API::lookup($_REQUEST['id']);\n",
    "scp/login.php": "<?php\nrequire_once('../main.inc.php');\n$dest = $_SESSION['_staff']['auth']['dest'];\n",
    "manage.php": "<?php\nrequire_once 'bootstrap.php';\nif (php_sapi_name() != 'cli') die('cli only');\n",
    "setup/test/run-tests.php": "<?php\nrequire_once('../../main.inc.php');\n",
  });
  commitAll(root);
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`).sort();
  assert.equal(routes, [
    "ALL /login.php []",
    "ALL /scp/apikeys.php [admin.inc.php]",
    "ALL /scp/login.php []",
    "ALL /tickets.php [secure.inc.php]",
  ]);
});

scripts("a repository a Docker image copies whole into /var/www/html is served as it is: scripts loading files of its includes/ folder are pages, each answering the methods its top (or a file it loads) lets through, guarded where a file it loads refuses a caller the session does not know or sends one to sign in; an API answering a request without its key with an error guards; a command-line-only script, fragments and a file many scripts load are no pages", () => {
  const root = tempDir("tool-php-docker-root-");
  writeFiles(root, {
    "Dockerfile": "FROM php:8.3-fpm-alpine\nWORKDIR /var/www/html\nCOPY . .\nCOPY nginx.conf /etc/nginx/nginx.conf\n",
    "nginx.conf": "server {\n  root /var/www/html;\n  location ~ \\.php$ { fastcgi_pass 127.0.0.1:9000; }\n}\n",
    "index.php": "<?php\nrequire_once 'includes/header.php';\n",
    "includes/connect.php": "<?php\n$db = new SQLite3('db/app.db');\n",
    "includes/checksession.php": "<?php\nsession_start();\nif (!isset($_SESSION['loggedin'])) {\n    header(\"Location: login.php\");\n    exit();\n}\n",
    "includes/header.php": "<?php\nrequire_once 'connect.php';\nrequire_once 'checksession.php';\n",
    "includes/connect_endpoint.php": "<?php\nsession_start();\n$db = new SQLite3(__DIR__ . '/../db/app.db');\n",
    "includes/validate_endpoint.php": "<?php\nif ($_SERVER['REQUEST_METHOD'] !== 'POST') {\n    echo json_encode([\"success\" => false]);\n    exit;\n}\nif (!isset($_SESSION['loggedin']) || $_SESSION['loggedin'] !== true) {\n    echo json_encode([\"success\" => false]);\n    exit;\n}\n",
    "about.php": "<?php\nrequire_once 'includes/header.php';\n?>\n<h1>About</h1>\n",
    "login.php": "<?php\nrequire_once 'includes/connect.php';\nif ($_SERVER['REQUEST_METHOD'] === 'POST') {\n    $user = $_POST['username'];\n}\n?>\n<form method=\"post\"></form>\n",
    "endpoints/subscription/add.php": "<?php\nrequire_once '../../includes/connect_endpoint.php';\nrequire_once '../../includes/validate_endpoint.php';\n$name = $_POST['name'];\n",
    "api/subscriptions/get_subscriptions.php": "<?php\n/*\nThis API Endpoint accepts both POST and GET requests.\nIt receives the following parameters:\n- api_key: the user's key\n*/\n\nrequire_once '../../includes/connect_endpoint.php';\n\nif ($_SERVER[\"REQUEST_METHOD\"] === \"POST\" || $_SERVER[\"REQUEST_METHOD\"] === \"GET\") {\n    $apiKey = $_REQUEST['api_key'] ?? null;\n    if (!$apiKey) {\n        echo json_encode([\"success\" => false]);\n        exit;\n    }\n    echo json_encode([]);\n} else {\n    http_response_code(405);\n}\n",
    "endpoints/cronjobs/validate.php": "<?php\n$userId = $_SESSION['userId'] ?? 0;\nif (php_sapi_name() !== 'cli') {\n    if ($userId !== 1) {\n        die(\"Unauthorized\");\n    }\n}\n",
    "endpoints/cronjobs/sendnotifications.php": "<?php\nrequire_once 'validate.php';\nrequire_once __DIR__ . '/../../includes/connect_endpoint.php';\nif (php_sapi_name() == 'cli') {\n    echo \"sent\\n\";\n}\nif (php_sapi_name() !== 'cli') {\n    echo \"<br>\";\n}\n",
    "scripts/migrate.php": "<?php\nrequire_once __DIR__ . '/../includes/connect.php';\nif (php_sapi_name() !== 'cli') { die('command line only'); }\n",
    "partials/row.php": "<?php\necho '<tr></tr>';\n",
    "functions/loader.php": "<?php\nrequire_once __DIR__ . '/../includes/connect.php';\n",
    "reports/yearly.php": "<?php\nrequire_once '../includes/connect.php';\nrequire_once '../functions/loader.php';\n",
    "reports/monthly.php": "<?php\nrequire_once '../includes/connect.php';\nrequire_once '../functions/loader.php';\n",
    "reports/weekly.php": "<?php\nrequire_once '../includes/connect.php';\nrequire_once '../functions/loader.php';\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`).sort(), [
    "ALL /about.php [header.php]",
    "ALL /endpoints/cronjobs/sendnotifications.php [validate.php]",
    "ALL /login.php []",
    "GET /api/subscriptions/get_subscriptions.php [apiKey]",
    "POST /api/subscriptions/get_subscriptions.php [apiKey]",
    "POST /endpoints/subscription/add.php [validate_endpoint.php]",
    "ALL /reports/monthly.php []",
    "ALL /reports/weekly.php []",
    "ALL /reports/yearly.php []",
  ].sort());
});

scripts.run();

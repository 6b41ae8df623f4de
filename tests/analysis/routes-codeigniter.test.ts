import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const codeigniter = suite("CodeIgniter 4 routes");

codeigniter("verbs, add, match, nested groups with filters, resource, placeholders, handlers in each spelling, routes in a required file", () => {
  assert.equal(routeLines("routes-codeigniter"), [
    "GET / app/Config/Routes.php:11 Home::index",
    "GET /api/feed app/Config/Routes.php:19 Orders::feed",
    "POST /api/login app/Config/Routes.php:14 Home::login",
    "GET /api/orders/{num} app/Config/Routes.php:16 Orders::show [auth:api]",
    "PATCH /api/orders/{num}/notes app/Config/Routes.php:17 Orders::notes [auth:api]",
    "PUT /api/orders/{num}/notes app/Config/Routes.php:17 Orders::notes [auth:api]",
    "GET /api/photos app/Config/Routes.php:20 Photos::index [jwt]",
    "POST /api/photos app/Config/Routes.php:20 Photos::create [jwt]",
    "DELETE /api/photos/{id} app/Config/Routes.php:20 Photos::delete [jwt]",
    "GET /api/photos/{id} app/Config/Routes.php:20 Photos::show [jwt]",
    "PATCH /api/photos/{id} app/Config/Routes.php:20 Photos::update [jwt]",
    "PUT /api/photos/{id} app/Config/Routes.php:20 Photos::update [jwt]",
    "GET /api/photos/{id}/edit app/Config/Routes.php:20 Photos::edit [jwt]",
    "GET /api/photos/new app/Config/Routes.php:20 Photos::new [jwt]",
    "ALL /legacy/{segment} routes/extra.php:3 Legacy::any",
  ]);
});

codeigniter("CodeIgniter 3: every public method of a controller is served by automatic routing (index at the controller's path, optional arguments as shorter forms, subfolders kept), the one method its first statement admits; routes.php maps URIs, per method too, default_controller at /; an action testing its caller at its top, or a constructor calling a check, guards; a command-line controller serves nothing", () => {
  const root = tempDir("tool-codeigniter3-");
  writeFiles(root, {
    "index.php": "<?php\ndefine('BASEPATH', __DIR__ . '/system/');\nrequire_once BASEPATH . 'core/CodeIgniter.php';\n",
    "application/config/routes.php": [
      "<?php defined('BASEPATH') or exit('No direct script access allowed');",
      "",
      "$route['default_controller'] = 'booking';",
      "$route['404_override'] = '';",
      "$route['translate_uri_dashes'] = false;",
      "$route['api/v1/settings']['get'] = 'api/v1/settings_api_v1/index';",
      "$route['api/v1/settings/(:any)']['put'] = 'api/v1/settings_api_v1/update/$1';",
      "$route['signin'] = 'user/login';",
    ].join("\n"),
    "application/controllers/Booking.php": [
      "<?php defined('BASEPATH') or exit('No direct script access allowed');",
      "",
      "class Booking extends EA_Controller {",
      "    public function __construct() { parent::__construct(); }",
      "",
      "    public function index(string $appointment_hash = ''): void {",
      "        method('get');",
      "        $this->load->view('booking');",
      "    }",
      "",
      "    public function register(): void {",
      "        try {",
      "            method('post');",
      "            $this->appointments_model->save(request('post_data'));",
      "        } catch (Throwable $e) {",
      "            json_exception($e);",
      "        }",
      "    }",
      "",
      "    function sync($provider_id, $page = 1) { $this->sync_provider($provider_id, $page); }",
      "",
      "    private function sync_provider($id, $page) {}",
      "",
      "    public function _remap_helper() {}",
      "}",
    ].join("\n"),
    "application/controllers/api/v1/Settings_api_v1.php": [
      "<?php",
      "class Settings_api_v1 extends EA_Controller {",
      "    public function __construct() {",
      "        parent::__construct();",
      "        $this->load->library('api');",
      "        $this->api->auth();",
      "    }",
      "    public function index(): void {}",
      "    public function update(string $name): void {}",
      "}",
    ].join("\n"),
    "application/controllers/Admins.php": [
      "<?php",
      "class Admins extends EA_Controller {",
      "    public function search(): void {",
      "        try {",
      "            method('post');",
      "            if (cannot('view', PRIV_USERS)) {",
      "                abort(403, 'Forbidden');",
      "            }",
      "            json_response($this->admins_model->search(request('keyword')));",
      "        } catch (Throwable $e) {",
      "            json_exception($e);",
      "        }",
      "    }",
      "}",
    ].join("\n"),
    "application/controllers/Console.php": [
      "<?php",
      "class Console extends EA_Controller {",
      "    public function __construct() {",
      "        if (!is_cli()) {",
      "            exit('No direct script access allowed');",
      "        }",
      "        parent::__construct();",
      "    }",
      "    public function migrate(string $type = ''): void {}",
      "}",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "ALL / booking/index",
    "POST /admins/search Admins::search [(checks the caller in the action)]",
    "GET /api/v1/settings api/v1/settings_api_v1/index",
    "ALL /api/v1/settings_api_v1 Settings_api_v1::index [auth]",
    "ALL /api/v1/settings_api_v1/update/{name} Settings_api_v1::update [auth]",
    "PUT /api/v1/settings/{any} api/v1/settings_api_v1/update",
    "GET /booking Booking::index",
    "GET /booking/index/{appointment_hash} Booking::index",
    "POST /booking/register Booking::register",
    "ALL /booking/sync/{provider_id} Booking::sync",
    "ALL /booking/sync/{provider_id}/{page} Booking::sync",
    "ALL /signin user/login",
  ]);
});

codeigniter.run();

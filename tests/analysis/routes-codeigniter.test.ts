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

codeigniter("CodeIgniter 3: every public method of a controller is served by automatic routing (index at the controller's path, optional arguments as shorter forms, subfolders kept), the one method its first statement admits; routes.php maps URIs, per method too, default_controller at /; an action testing its caller at its top, or a constructor calling a check, guards, where routes.php maps a URI too; a command-line controller serves nothing", () => {
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
    "GET /api/v1/settings api/v1/settings_api_v1/index [auth]",
    "ALL /api/v1/settings_api_v1 Settings_api_v1::index [auth]",
    "ALL /api/v1/settings_api_v1/update/{name} Settings_api_v1::update [auth]",
    "PUT /api/v1/settings/{any} api/v1/settings_api_v1/update [auth]",
    "GET /booking Booking::index",
    "GET /booking/index/{appointment_hash} Booking::index",
    "POST /booking/register Booking::register",
    "ALL /booking/sync/{provider_id} Booking::sync",
    "ALL /booking/sync/{provider_id}/{page} Booking::sync",
    "ALL /signin user/login",
  ]);
});

/** A CodeIgniter 4 app whose Routing.php turns auto routing on or off, improved by Feature.php or not. */
function autoRoutedApp(autoRoute: boolean, improved: boolean): string {
  const root = tempDir("tool-codeigniter4-auto-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "codeigniter4/framework": "^4.5" } }),
    "app/Config/Routing.php": `<?php\nnamespace Config;\nclass Routing extends \\CodeIgniter\\Config\\Routing\n{\n    public bool $autoRoute = ${autoRoute};\n    public string $defaultController = 'Home';\n}\n`,
    "app/Config/Feature.php": `<?php\nnamespace Config;\nclass Feature\n{\n    public bool $autoRoutesImproved = ${improved};\n}\n`,
    "app/Config/Routes.php": "<?php\n$routes->get('login', 'Login::index');\n$routes->post('login', 'Login::index');\n// A route for any verb leaves its controller to auto routing as well.\n$routes->add('reports/summary_(:any)', 'Reports::summary_$1');\n",
    "app/Controllers/BaseController.php": "<?php\nnamespace App\\Controllers;\nabstract class BaseController extends \\CodeIgniter\\Controller\n{\n    public function initController($request, $response, $logger) {}\n}\n",
    "app/Controllers/Home.php": "<?php\nnamespace App\\Controllers;\nclass Home extends BaseController\n{\n    public function getIndex(): string { return 'home'; }\n}\n",
    "app/Controllers/Login.php": "<?php\nnamespace App\\Controllers;\nclass Login extends BaseController\n{\n    public function index(): string { return 'form'; }\n    public function getForgot(): string { return ''; }\n}\n",
    "app/Controllers/Secure_Controller.php": [
      "<?php",
      "namespace App\\Controllers;",
      "class Secure_Controller extends BaseController",
      "{",
      "    public function __construct(string $module_id = '')",
      "    {",
      "        $this->employee = model(Employee::class);",
      "        if (!$this->employee->is_logged_in()) {",
      "            header(\"Location:\" . base_url('login'));",
      "            exit();",
      "        }",
      "    }",
      "    public function getView(int $id = -1): string { return ''; }",
      "}",
      "",
    ].join("\n"),
    "app/Controllers/Items.php": [
      "<?php",
      "namespace App\\Controllers;",
      "class Items extends Secure_Controller",
      "{",
      "    public function __construct()",
      "    {",
      "        parent::__construct('items');",
      "    }",
      "    public function getIndex(): string { return ''; }",
      "    public function postSave(int $item_id = -1): string { return ''; }",
      "    public function getRemoveCustomer(): string { return ''; }",
      "    public function suggest_search(): string { return ''; }",
      "    public function get_filtered(array $cart): array { return []; }",
      "    private function getHidden(): string { return ''; }",
      "}",
      "",
    ].join("\n"),
    // A decoy: its constructor does not run its parent's, so nothing checks its caller.
    "app/Controllers/Kiosk.php": "<?php\nnamespace App\\Controllers;\nclass Kiosk extends Secure_Controller\n{\n    public function __construct() { $this->open = true; }\n    public function getIndex(): string { return ''; }\n}\n",
    "app/Controllers/Reports.php": "<?php\nnamespace App\\Controllers;\nclass Reports extends Secure_Controller\n{\n    public function summary_sales(): string { return ''; }\n    public function getGraph(string $kind): string { return ''; }\n}\n",
    "app/Controllers/Api/Status.php": "<?php\nnamespace App\\Controllers\\Api;\nuse App\\Controllers\\BaseController;\nclass Status extends BaseController\n{\n    public function getIndex(): string { return 'ok'; }\n}\n",
  });
  return root;
}

const autoRoutes = (root: string) => analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

codeigniter("CodeIgniter 4's improved auto routing: a controller's methods named for a verb, its inherited ones too, the default method at the controller's path and the default controller's at /; a controller a route names for a verb is left out; a constructor's check, inherited through parent::__construct, guards", () => {
  assert.equal(autoRoutes(autoRoutedApp(true, true)), [
    "GET / Home::getIndex",
    "GET /api/status Status::getIndex",
    "GET /items Items::getIndex [(checks the caller in the action)]",
    "GET /items/removeCustomer Items::getRemoveCustomer [(checks the caller in the action)]",
    "POST /items/save Items::postSave [(checks the caller in the action)]",
    "POST /items/save/{item_id} Items::postSave [(checks the caller in the action)]",
    "GET /items/view Items::getView [(checks the caller in the action)]",
    "GET /items/view/{id} Items::getView [(checks the caller in the action)]",
    "GET /kiosk Kiosk::getIndex",
    "GET /kiosk/view Kiosk::getView",
    "GET /kiosk/view/{id} Kiosk::getView",
    "GET /login Login::index",
    "POST /login Login::index",
    "GET /reports/graph/{kind} Reports::getGraph [(checks the caller in the action)]",
    "ALL /reports/summary_{any} Reports::summary_$1 [(checks the caller in the action)]",
    "GET /reports/view Reports::getView [(checks the caller in the action)]",
    "GET /reports/view/{id} Reports::getView [(checks the caller in the action)]",
  ]);
});

codeigniter("CodeIgniter 4's legacy auto routing serves every public method for any verb, index by name too; with auto routing off, only the routes file's", () => {
  const legacy = autoRoutes(autoRoutedApp(true, false));
  assert.ok(legacy.includes("ALL /items/suggest_search Items::suggest_search [(checks the caller in the action)]"), legacy.join("\n"));
  assert.ok(legacy.includes("ALL /login/index Login::index"), "legacy routing leaves no controller alone");
  assert.ok(legacy.includes("ALL /api/status/getIndex Status::getIndex"));
  assert.not.ok(legacy.some((line) => line.includes("Hidden") || line.includes("filtered") || line.includes("initController")), legacy.join("\n"));
  assert.equal(autoRoutes(autoRoutedApp(false, true)), ["GET /login Login::index", "POST /login Login::index", "ALL /reports/summary_{any} Reports::summary_$1 [(checks the caller in the action)]"]);
});

codeigniter("CodeIgniter 3 with HMVC modules: a module's controllers are served below it, the one named for the module at the module's own path; a controller extending the app's base classes is guarded where a constructor up the chain, run through parent::__construct, sends a caller without the session's user to sign in", () => {
  const root = tempDir();
  const php = (...lines: string[]) => ["<?php", "", ...lines, ""].join("\n");
  writeFiles(root, {
    "application/config/routes.php": php("$route['default_controller'] = 'sessions';"),
    "application/core/User_Controller.php": php(
      "class User_Controller extends CI_Controller",
      "{",
      "    public function __construct($required_key, $required_val)",
      "    {",
      "        parent::__construct();",
      "        if ($this->session->userdata($required_key) != $required_val) {",
      "            session_destroy();",
      "            redirect('sessions/login');",
      "        }",
      "    }",
      "}",
    ),
    "application/core/Admin_Controller.php": php("class Admin_Controller extends User_Controller", "{", "    public function __construct()", "    {", "        parent::__construct('user_type', 1);", "    }", "}"),
    "application/modules/clients/controllers/Clients.php": php(
      "class Clients extends Admin_Controller",
      "{",
      "    public function index()",
      "    {",
      "        redirect('clients/status/active');",
      "    }",
      "",
      "    public function view($client_id)",
      "    {",
      "    }",
      "}",
    ),
    "application/modules/clients/controllers/Ajax.php": php("class Ajax extends Admin_Controller", "{", "    public function save_note()", "    {", "    }", "}"),
    "application/modules/sessions/controllers/Sessions.php": php("class Sessions extends CI_Controller", "{", "    public function login()", "    {", "    }", "}"),
  });
  assert.equal(autoRoutes(root).sort(), [
    "ALL / sessions/index",
    "ALL /clients Clients::index [(checks the caller in the action)]",
    "ALL /clients/ajax/save_note Ajax::save_note [(checks the caller in the action)]",
    "ALL /clients/view/{client_id} Clients::view [(checks the caller in the action)]",
    "ALL /sessions/login Sessions::login",
  ]);
});

codeigniter("CodeIgniter 3: a test that fails the caller (`if (!$this->user_model->authorize(2))`, `validate_session() == 0`) turns them away by any redirect, a 401 or an action's return; a test they pass redirects them on; a URI routes.php maps to a guarded action is guarded", () => {
  const root = tempDir();
  const php = (...lines: string[]) => ["<?php", "", ...lines, ""].join("\n");
  writeFiles(root, {
    "application/config/routes.php": php("$route['default_controller'] = 'dashboard';", "$route['diary/(:any)'] = 'stationdiary/index/$1';", "$route['signin'] = 'user/login';"),
    "application/controllers/Dashboard.php": php(
      "class Dashboard extends CI_Controller {",
      "    function __construct() {",
      "        parent::__construct();",
      "        $this->load->model('user_model');",
      "        if(!$this->user_model->authorize(2)) { $this->session->set_flashdata('notice', 'Not allowed'); redirect('dashboard'); }",
      "    }",
      "    public function index() {",
      "    }",
      "}",
    ),
    "application/controllers/Stationdiary.php": php("class Stationdiary extends CI_Controller {", "    public function index($slug) {", "    }", "}"),
    "application/controllers/Logbook.php": php(
      "class Logbook extends CI_Controller {",
      "    function search_result($id = '') {",
      "        $this->load->model('user_model');",
      "        if (!$this->user_model->authorize($this->config->item('auth_mode'))) {",
      "            return;",
      "        }",
      "    }",
      "    function lookup() {",
      "        if ($this->api_model->authorize($key) == 0) {",
      "            http_response_code(401);",
      "        }",
      "    }",
      "}",
    ),
    // Decoys: a sign-in page sends a caller who passes on; a constructor's return ends only the constructor.
    "application/controllers/User.php": php(
      "class User extends CI_Controller {",
      "    function __construct() {",
      "        parent::__construct();",
      "        if (!$this->user_model->authorize(2)) {",
      "            return;",
      "        }",
      "    }",
      "    function login() {",
      "        if ($this->user_model->validate_session()) {",
      "            redirect('dashboard');",
      "        }",
      "    }",
      "}",
    ),
  });
  assert.equal(autoRoutes(root).sort(), [
    "ALL / dashboard/index [(checks the caller in the action)]",
    "ALL /dashboard Dashboard::index [(checks the caller in the action)]",
    "ALL /diary/{any} stationdiary/index",
    "ALL /logbook/lookup Logbook::lookup [(checks the caller in the action)]",
    "ALL /logbook/search_result Logbook::search_result [(checks the caller in the action)]",
    "ALL /logbook/search_result/{id} Logbook::search_result [(checks the caller in the action)]",
    "ALL /signin user/login",
    "ALL /stationdiary/index/{slug} Stationdiary::index",
    "ALL /user/login User::login",
  ]);
});

codeigniter.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const symfony = suite("Symfony routes");

symfony("a container parameter in an import's prefix or a rule's path (%bolt.backend_url%) takes its value from config/services.yaml; methods given as Request::METHOD_ constants are those methods", () => {
  const root = tempDir();
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "symfony/framework-bundle": "^6.4" } }),
    "config/services.yaml": "parameters:\n  locale: en\n  bolt.backend_url: /bolt\n\nservices:\n  _defaults:\n    autowire: true\n  Bolt\\:\n    resource: '../src/'\n  Bolt\\Menu\\:\n    arguments: [!tagged_iterator bolt.menu]\n",
    "config/routes/bolt.yaml": "control_panel:\n  resource: '../../src/Controller/Backend/'\n  prefix: '%bolt.backend_url%'\n  type: attribute\n",
    "config/packages/security.yaml": [
      "security:",
      "  access_control:",
      "    - { path: '^%bolt.backend_url%/login$', roles: PUBLIC_ACCESS }",
      "    - { path: '^%bolt.backend_url%', roles: IS_AUTHENTICATED_FULLY }",
      "",
    ].join("\n"),
    "src/Controller/Backend/ContentEditController.php": [
      "<?php",
      "namespace Bolt\\Controller\\Backend;",
      "use Symfony\\Component\\HttpFoundation\\Request;",
      "use Symfony\\Component\\Routing\\Attribute\\Route;",
      "class ContentEditController",
      "{",
      "    #[Route(path: '/edit/{id}', name: 'bolt_content_edit', methods: [Request::METHOD_GET])]",
      "    public function edit(int $id) {}",
      "    #[Route(path: '/edit/{id}', name: 'bolt_content_edit_post', methods: [Request::METHOD_POST])]",
      "    public function save(int $id) {}",
      "}",
    ].join("\n"),
    "src/Controller/Backend/AuthenticationController.php": "<?php\nnamespace Bolt\\Controller\\Backend;\nuse Symfony\\Component\\Routing\\Attribute\\Route;\nclass AuthenticationController\n{\n    #[Route('/login', name: 'bolt_login')]\n    public function login() {}\n}\n",
  });
  assert.equal(guardedRoutes(root).sort(), [
    "ALL /bolt/login",
    "GET /bolt/edit/{id} [access_control(IS_AUTHENTICATED_FULLY)]",
    "POST /bolt/edit/{id} [access_control(IS_AUTHENTICATED_FULLY)]",
  ]);
});

symfony("route attributes and annotations with class prefixes (one in a class constant), invokable controllers, IsGranted guards (an expression as written); OpenAPI's attributes route nothing", () => {
  assert.equal(list(fixtureRepo("routes-symfony")), [
    "ALL /admin/dashboard src/Controller/Admin/DashboardController.php:16 DashboardController::dashboard [IsGranted(ROLE_ADMIN)]",
    "GET /blog src/Controller/BlogController.php:16 BlogController::index",
    "DELETE /blog/{id} src/Controller/BlogController.php:38 BlogController::delete [IsGranted(new Expression('is_granted(\"ROLE_ADMIN\") or is_granted(\"ROLE_EDITOR\")')),denyAccessUnlessGranted(ROLE_ADMIN)]",
    "GET /blog/{id}/edit src/Controller/BlogController.php:30 BlogController::edit [IsGranted(ROLE_EDITOR)]",
    "POST /blog/{id}/edit src/Controller/BlogController.php:30 BlogController::edit [IsGranted(ROLE_EDITOR)]",
    "GET /blog/{slug} src/Controller/BlogController.php:24 BlogController::show",
    "HEAD /blog/{slug} src/Controller/BlogController.php:24 BlogController::show",
    "GET /health src/Controller/HealthController.php:8 HealthController",
    "GET /legacy/report/{year} src/Controller/LegacyController.php:15 LegacyController::report [IsGranted(ROLE_USER)]",
  ]);
});

symfony("routes in tests, comments and strings are not routes", () => {
  const items = analyze(fixtureRepo("routes-symfony")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("tests/") || /commented|not-a-route|fake/.test(r.path)));
});

symfony("routes declared in YAML (app/config/routing.yml, config/routes/*.yaml) with their methods and controllers, localized paths, not dev-only ones; guarded by a Symfony 3 app/config/security.yml's access_control (role: or roles:, a list or a string split at commas)", () => {
  const root = tempDir("tool-symfony-yaml-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "symfony/symfony": "^3.4" } }),
    "app/config/routing.yml": [
      "app:",
      "    resource: ../../src/Controller/",
      "    type: annotation",
      "",
      "homepage:",
      '    path: "/{page}"',
      "    methods: GET",
      "    defaults:",
      "        _controller: 'App\\Controller\\EntryController::showUnreadAction'",
      "",
      "settings:",
      "    path: /settings",
      "    methods: [GET, POST]",
      "    controller: 'App\\Controller\\SettingsController::modify'",
      "",
      "feed:",
      "    path: /{username}/{token}/unread.xml",
      "    methods: GET",
      "",
    ].join("\n"),
    "app/config/routing_dev.yml": "profiler:\n    path: /_profiler\n",
    "config/routes/about.yaml": "about:\n    path: { en: /about, fr: /a-propos }\n    controller: App\\Controller\\PageController::about\n",
    "app/config/security.yml": [
      "security:",
      "    access_control:",
      "        - { path: /(unread|starred).xml$, roles: IS_AUTHENTICATED_ANONYMOUSLY }",
      "        - { path: ^/about, roles: PUBLIC_ACCESS }",
      "        - { path: ^/a-propos, roles: PUBLIC_ACCESS }",
      "        - { path: ^/settings, roles: 'ROLE_SUPER_ADMIN, ROLE_OWNER' }",
      "        - { path: ^/, role: ROLE_USER }",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /{page} [access_control(ROLE_USER)]",
    "GET /{username}/{token}/unread.xml",
    "ALL /a-propos",
    "ALL /about",
    "GET /settings [access_control(ROLE_SUPER_ADMIN,ROLE_OWNER)]",
    "POST /settings [access_control(ROLE_SUPER_ADMIN,ROLE_OWNER)]",
  ]);
});

symfony("an import's prefix in a route file goes in front of the attribute routes it loads; of two imports that load a controller, the one loaded last wins (config/routes/*.yaml, then config/routes.yaml)", () => {
  const root = tempDir("tool-symfony-imports-");
  const controller = (namespace: string, name: string, path: string, method: string) =>
    `<?php\nnamespace App\\${namespace};\n\nuse Symfony\\Component\\Routing\\Attribute\\Route;\n\nclass ${name}\n{\n    #[Route(path: '${path}', name: '${name.toLowerCase()}_${method}', methods: ['GET'])]\n    public function ${method}() {}\n}\n`;
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "symfony/framework-bundle": "^6.4" } }),
    "config/routes.yaml": [
      "controllers:",
      "    resource: ../src/Controller/",
      "    type: attribute",
      "    prefix: /{_locale}",
      "    defaults:",
      "        _locale: '%locale%'",
      "",
      "api:",
      "    resource:",
      "        path: ../src/API/",
      "        namespace: App\\API",
      "    type: attribute",
      "    prefix: /api",
      "",
      "auth:",
      "    resource: ../src/Controller/Auth/",
      "    type: attribute",
      "    prefix: /auth",
      "",
      "kernel:",
      "    resource: ../src/Kernel.php",
      "    type: attribute",
      "",
      "bundles:",
      "    resource: '@ShopBundle/Resources/config/routing.yaml'",
      "    prefix: /shop",
    ].join("\n"),
    "config/routes/reports.yaml": "reports:\n    resource: ../../src/Controller/Reporting/\n    type: attribute\n    prefix: /reports\n",
    "src/Controller/TimesheetController.php": controller("Controller", "TimesheetController", "/timesheet/", "index"),
    "src/Controller/Auth/SamlController.php": controller("Controller\\Auth", "SamlController", "/saml/acs", "acs"),
    "src/Controller/Reporting/MonthController.php": controller("Controller\\Reporting", "MonthController", "/reporting/month", "month"),
    "src/API/ProjectController.php": controller("API", "ProjectController", "/projects/{id}", "show"),
    "src/Kernel.php": controller("", "Kernel", "/healthz", "health").replace("namespace App\\;", "namespace App;"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "GET /{_locale}/reporting/month src/Controller/Reporting/MonthController.php",
    "GET /{_locale}/timesheet src/Controller/TimesheetController.php",
    "GET /api/projects/{id} src/API/ProjectController.php",
    "GET /auth/saml/acs src/Controller/Auth/SamlController.php",
    "GET /healthz src/Kernel.php",
  ]);
});

symfony("an import's exclude leaves the files it names to another import; an import of a loader of its own (type: api_platform, resource: .) prefixes no file of the folder", () => {
  const root = tempDir("tool-symfony-import-exclude-");
  const controller = (namespace: string, name: string, path: string) =>
    `<?php\nnamespace App\\${namespace};\n\nuse Symfony\\Component\\Routing\\Attribute\\Route;\n\nclass ${name}\n{\n    #[Route(path: '${path}', methods: ['GET'])]\n    public function show() {}\n}\n`;
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "symfony/framework-bundle": "^7.0" } }),
    "config/routes/attributes.yaml": [
      "controllers:",
      "    resource:",
      "        path: ../../src/Controller/",
      "        namespace: App\\Controller",
      "    type: attribute",
      "    prefix: '{_locale}'",
      "    exclude: '../../src/Controller/NonLocalized/*'",
      "",
      "fixed:",
      "    resource:",
      "        path: ../../src/Controller/NonLocalized/",
      "        namespace: App\\Controller\\NonLocalized",
      "    type: attribute",
    ].join("\n"),
    "config/routes/api_platform.yaml": "api_platform:\n    resource: .\n    type: api_platform\n    prefix: /api\n",
    "config/routes/two_factor.yaml": "2fa_login:\n    path: /{_locale}/2fa\n    controller: scheb_two_factor.form_controller::form\n",
    "src/Controller/PartController.php": controller("Controller", "PartController", "/part/{id}"),
    "src/Controller/NonLocalized/DiscoveryController.php": controller("Controller\\NonLocalized", "DiscoveryController", "/.well-known/openid-configuration"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /.well-known/openid-configuration",
    "ALL /{_locale}/2fa",
    "GET /{_locale}/part/{id}",
  ]);
});

symfony("an action whose first statement calls a method of its controller or its base (return $this->_delete(...), $job = $this->validateJobAccess(...) after set_time_limit(600)) is guarded by the checks that method makes; one whose method checks nothing is not", () => {
  const root = tempDir("tool-symfony-delegated-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "symfony/framework-bundle": "^7.0" } }),
    "src/Controller/AdminPages/BaseAdminController.php": [
      "<?php", "namespace App\\Controller\\AdminPages;", "",
      "abstract class BaseAdminController extends AbstractController", "{",
      "    protected function _delete(Request $request, AbstractDBElement $entity): RedirectResponse", "    {",
      "        $this->denyAccessUnlessGranted('delete', $entity);", "        $this->entityManager->remove($entity);", "        return $this->redirectToRoute('home');", "    }",
      "", "    protected function _export(AbstractDBElement $entity): Response", "    {", "        return $this->exporter->export($entity);", "    }", "}", "",
    ].join("\n"),
    "src/Controller/AdminPages/CategoryController.php": [
      "<?php", "namespace App\\Controller\\AdminPages;", "", "use Symfony\\Component\\Routing\\Attribute\\Route;", "",
      "#[Route(path: '/category')]", "class CategoryController extends BaseAdminController", "{",
      "    #[Route(path: '/{id}', name: 'category_delete', methods: ['DELETE'])]",
      "    public function delete(Request $request, Category $entity): RedirectResponse", "    {", "        return $this->_delete($request, $entity);", "    }", "",
      "    #[Route(path: '/job/{jobId}/stop', name: 'job_stop', methods: ['POST'])]",
      "    public function stop(int $jobId): Response", "    {", "        set_time_limit(600);", "", "        $job = $this->validateJobAccess($jobId);", "        $job->stop();", "        return new Response();", "    }", "",
      "    private function validateJobAccess(int $jobId): ?Job", "    {", "        $this->denyAccessUnlessGranted('@info_providers.create_parts');", "        return $this->jobs->find($jobId);", "    }", "",
      "    #[Route(path: '/{id}/export', name: 'category_export', methods: ['GET'])]",
      "    public function export(Category $entity): Response", "    {", "        return $this->_export($entity);", "    }", "}", "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "DELETE /category/{id} [denyAccessUnlessGranted(delete)]",
    "GET /category/{id}/export",
    "POST /category/job/{jobId}/stop [denyAccessUnlessGranted(@info_providers.create_parts)]",
  ]);
});

symfony("an access_control rule's allow_if expression guards what it matches when each of its alternatives requires a caller (is_granted(...) and is_authenticated()); one that lets an anonymous caller in does not", () => {
  const root = tempDir("tool-symfony-allow-if-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "symfony/framework-bundle": "^7.0" } }),
    "config/packages/security.yaml": [
      "security:",
      "    access_control:",
      "        - { path: ^/logout, role: PUBLIC_ACCESS }",
      "        - { path: \"^/api\", allow_if: 'is_granted(\"@api.access_api\") and is_authenticated()' }",
      "        - { path: \"^/feed\", allow_if: 'is_authenticated() or request.query.has(\"token\")' }",
    ].join("\n"),
    "src/Controller/ApiController.php": [
      "<?php", "namespace App\\Controller;", "", "use Symfony\\Component\\Routing\\Attribute\\Route;", "",
      "class ApiController extends AbstractController", "{",
      "    #[Route('/api/labels/generate', methods: ['POST'])]", "    public function generate(): Response { return new Response(); }", "",
      "    #[Route('/feed/items', methods: ['POST'])]", "    public function feed(): Response { return new Response(); }", "}", "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/labels/generate [access_control(allow_if(is_granted(\"@api.access_api\") and is_authenticated()))]",
    "POST /feed/items",
  ]);
});

symfony("a trailing parameter with a default, from the action's argument (?string $timestamp = null) or inline ({page?1}), may be left out: the route serves the shorter path too; one without a default may not", () => {
  const root = tempDir("tool-symfony-optional-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "symfony/framework-bundle": "^7.0" } }),
    "src/Controller/PartController.php": [
      "<?php", "namespace App\\Controller;", "", "use Symfony\\Component\\Routing\\Attribute\\Route;", "",
      "#[Route(path: '/{_locale}/part')]",
      "class PartController extends AbstractController", "{",
      "    #[Route(path: '/{id}/info/{timestamp}', name: 'part_info')]",
      "    public function show(Part $part, Request $request, ?string $timestamp = null): Response { return new Response(); }", "",
      "    #[Route(path: '/list/{page<\\d+>?1}')]",
      "    public function list(int $page): Response { return new Response(); }", "",
      "    #[Route(path: '/{id}/lots/{lot}')]",
      "    public function lot(Part $part, int $lot): Response { return new Response(); }", "}", "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "ALL /{_locale}/part/{id}/info",
    "ALL /{_locale}/part/{id}/info/{timestamp}",
    "ALL /{_locale}/part/{id}/lots/{lot}",
    "ALL /{_locale}/part/list",
    "ALL /{_locale}/part/list/{page}",
  ]);
});

symfony("routes declared in PHP (RoutingConfigurator: add()->controller()->methods()) are read from config/routes.php down the imports, each file under the prefixes of the imports reaching it (a bundle's routing.php by its bundle class, its ajax.php under /xhr); a trailing parameter with a default, after a slash or a dot ({id}.{_format}), may be left out; a file no import reaches serves nothing; attribute controllers and API Platform imported in PHP take their prefix; security.php's accessControl rules guard, first match winning, a parameter matching a rule written for a UUID", () => {
  const root = tempDir();
  const configurator = (...lines: string[]) => ["<?php", "", "use Symfony\\Component\\Routing\\Loader\\Configurator\\RoutingConfigurator;", "", "return static function (RoutingConfigurator $routes): void {", ...lines.map((l) => `    ${l}`), "};", ""].join("\n");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "symfony/framework-bundle": "^6.4", "api-platform/core": "^3.4" } }),
    "config/routes.php": configurator(
      "$routes->import('@AppClientBundle/Resources/config/routing.php')",
      "    ->prefix('/clients');",
      "$routes->import('../src/Controller/', 'attribute')->prefix('/admin');",
      "$routes->add('_login', '/login')->controller([SecurityController::class, 'login']);",
      "$routes->add('_view_quote', '/view/quote/{uuid}')->controller(ViewQuote::class);",
    ),
    "config/routes/api_platform.php": configurator("$routes->import('@AppApiBundle/Resources/config/routing.php')->prefix('/api');"),
    "src/ClientBundle/AppClientBundle.php": "<?php\nnamespace App\\ClientBundle;\n\nclass AppClientBundle extends Bundle {}\n",
    "src/ClientBundle/Resources/config/routing.php": configurator(
      "$routes->add('_clients_index', '/')->controller(Index::class);",
      "$routes",
      "    ->add('_clients_edit', '/edit/{id}')",
      "    ->controller(Edit::class)",
      "    ->methods(['GET', 'POST']);",
      "$routes->add('_clients_create', '/create/{client}')->controller(Create::class)->defaults(['client' => null]);",
      "$routes->add('_clients_view', '/view/{id}.{_format}')->controller(View::class)->defaults(['_format' => 'html']);",
      "$routes->import('ajax.php')->prefix('/xhr');",
    ),
    "src/ClientBundle/Resources/config/ajax.php": configurator("$routes->add('_xhr_info', '/info/{id}')->controller(Info::class);"),
    "src/ApiBundle/AppApiBundle.php": "<?php\nnamespace App\\ApiBundle;\n\nclass AppApiBundle extends Bundle {}\n",
    "src/ApiBundle/Resources/config/routing.php": configurator("$routes->add('api_login_check', '/login');", "$routes->import('.', 'api_platform');"),
    "src/ApiBundle/Entity/Tag.php": "<?php\nnamespace App\\ApiBundle\\Entity;\n\nuse ApiPlatform\\Metadata\\Get;\n\n#[Get(uriTemplate: '/tags/{id}')]\nclass Tag {}\n",
    "src/OtherBundle/Resources/config/routing.php": configurator("$routes->add('never', '/never');"),
    "src/Controller/DashboardController.php": "<?php\nnamespace App\\Controller;\n\nuse Symfony\\Component\\Routing\\Attribute\\Route;\n\nclass DashboardController\n{\n    #[Route('/dashboard', methods: ['GET'])]\n    public function show() {}\n}\n",
    "config/packages/security.php": [
      "<?php",
      "",
      "return static function (SecurityConfig $config): void {",
      "    $config->accessControl()",
      "        ->path('^(?:' .",
      "            '/(login|api/login)$|' .",
      "            '/view/(quote|invoice)/[a-zA-Z0-9-]{36}$|' .",
      "            '/install(?:.*)' .",
      "        ')')",
      "        ->roles(['PUBLIC_ACCESS']);",
      "    $config->accessControl()->path('^/')->roles(['ROLE_USER']);",
      "};",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /admin/dashboard [access_control(ROLE_USER)]",
    "ALL /api/login",
    "GET /api/tags/{id} [access_control(ROLE_USER)]",
    "ALL /clients [access_control(ROLE_USER)]",
    "ALL /clients/create [access_control(ROLE_USER)]",
    "ALL /clients/create/{client} [access_control(ROLE_USER)]",
    "GET /clients/edit/{id} [access_control(ROLE_USER)]",
    "POST /clients/edit/{id} [access_control(ROLE_USER)]",
    "ALL /clients/view/{id} [access_control(ROLE_USER)]",
    "ALL /clients/view/{id}.{_format} [access_control(ROLE_USER)]",
    "ALL /clients/xhr/info/{id} [access_control(ROLE_USER)]",
    "ALL /login",
    "ALL /view/quote/{uuid}",
  ]);
});

symfony("IsGranted('PUBLIC_ACCESS') lets everyone in; a base method asking isGranted(...) and throwing AccessDeniedException guards the action calling it; an abstract controller's routes are not served; a docblock above code commented out routes nothing", () => {
  const root = tempDir("tool-symfony-wallabag-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "symfony/framework-bundle": "^5.4" } }),
    "src/Controller/Api/RestController.php": [
      "<?php", "namespace App\\Controller\\Api;", "",
      "class RestController extends AbstractController", "{",
      "    protected function validateAuthentication(): void", "    {",
      "        if (false === $this->authorizationChecker->isGranted('IS_AUTHENTICATED_FULLY')) {", "            throw new AccessDeniedException();", "        }", "    }",
      "", "    protected function sendResponse($data)", "    {", "        return new JsonResponse($data);", "    }", "}", "",
    ].join("\n"),
    "src/Controller/Api/UserRestController.php": [
      "<?php", "namespace App\\Controller\\Api;", "", "use Symfony\\Component\\Routing\\Annotation\\Route;", "",
      "class UserRestController extends RestController", "{",
      "    /**", "     * @Route(\"/api/user.{_format}\", name=\"api_get_user\", methods={\"GET\"})", "     */",
      "    public function getUserAction()", "    {", "        $this->validateAuthentication();", "        return $this->sendResponse($this->getUser());", "    }", "",
      "    /**", "     * @Route(\"/api/version.{_format}\", name=\"api_version\", methods={\"GET\"})", "     */",
      "    public function versionAction()", "    {", "        return $this->sendResponse('2.6');", "    }", "}", "",
    ].join("\n"),
    "src/Controller/ConfigController.php": [
      "<?php", "namespace App\\Controller;", "", "use Symfony\\Component\\Routing\\Annotation\\Route;", "",
      "class ConfigController extends AbstractController", "{",
      "    #[Route(path: '/locale/{language}', name: 'changeLocale', methods: ['POST'])]",
      "    #[IsGranted('PUBLIC_ACCESS')]",
      "    public function setLocaleAction(Request $request, $language)", "    {", "        return $this->redirect('/');", "    }", "",
      "    /**", "     * @Route(\"/config/otp/cancel\", name=\"config_otp_cancel\")", "     * @IsGranted(\"EDIT_CONFIG\")", "     */",
      "    /*public function otpCancelAction()", "    {", "        return $this->redirect('/config');", "    }*/", "",
      "    /**", "     * Validate the code.", "     */",
      "    #[Route(path: '/config/otp/check', name: 'config_otp_check', methods: ['POST'])]",
      "    #[IsGranted('EDIT_CONFIG')]",
      "    public function otpCheckAction(Request $request)", "    {", "        return $this->redirect('/config');", "    }", "}", "",
    ].join("\n"),
    "src/Controller/Import/BrowserController.php": [
      "<?php", "namespace App\\Controller\\Import;", "", "use Symfony\\Component\\Routing\\Annotation\\Route;", "",
      "abstract class BrowserController extends AbstractController", "{",
      "    #[Route(path: '/import/browser', name: 'import_browser', methods: ['GET', 'POST'])]",
      "    public function indexAction(Request $request)", "    {", "        return $this->render($this->getImportTemplate());", "    }", "",
      "    abstract protected function getImportTemplate();", "}", "",
    ].join("\n"),
    "src/Controller/Import/ChromeController.php": [
      "<?php", "namespace App\\Controller\\Import;", "", "use Symfony\\Component\\Routing\\Annotation\\Route;", "",
      "class ChromeController extends BrowserController", "{",
      "    #[Route(path: '/import/chrome', name: 'import_chrome', methods: ['GET', 'POST'])]",
      "    public function indexAction(Request $request)", "    {", "        return parent::indexAction($request);", "    }", "",
      "    protected function getImportTemplate()", "    {", "        return 'chrome.html.twig';", "    }", "}", "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/user.{_format} [isGranted(IS_AUTHENTICATED_FULLY)]",
    "GET /api/version.{_format}",
    "POST /config/otp/check [IsGranted(EDIT_CONFIG)]",
    "GET /import/chrome",
    "POST /import/chrome",
    "POST /locale/{language}",
  ]);
});

symfony.run();

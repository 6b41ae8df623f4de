import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const laravel = suite("Laravel routes");

/** A PHP file of the lines given. */
const php = (...lines: string[]) => ["<?php", "", ...lines, ""].join("\n");

laravel("guards a controller's constructor declares ($this->middleware(...)->except/only, option arrays); an optional one guards nothing", () => {
  const root = tempDir("tool-laravel-controller-guards-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/api.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::resource('articles', 'ArticleController')->only(['index', 'store', 'destroy']);\nRoute::get('user', 'UserController@show');\nRoute::get('tags', 'TagController@index');\n",
    "app/Http/Controllers/Api/ArticleController.php": "<?php\nnamespace App\\Http\\Controllers\\Api;\n\nclass ArticleController extends Controller\n{\n    public function __construct()\n    {\n        $this->middleware('auth:api')->except(['index', 'show']);\n        $this->middleware('auth:api,optional')->only('index');\n    }\n}\n",
    "app/Http/Controllers/Api/UserController.php": "<?php\nclass UserController extends Controller\n{\n    public function __construct()\n    {\n        $this->middleware('auth', ['except' => ['create']]);\n    }\n}\n",
    "app/Http/Controllers/Api/TagController.php": "<?php\nclass TagController extends Controller\n{\n    public function __construct()\n    {\n        $this->middleware('throttle:60,1');\n    }\n}\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /api/articles []",
    "POST /api/articles [auth:api]",
    "DELETE /api/articles/{article} [auth:api]",
    "GET /api/tags []",
    "GET /api/user [auth]",
  ]);
});

laravel("a constructor's middleware named by class ($this->middleware([Authenticate::class, VerifyAdmins::class])) guards, found through the route file's imports and their aliases; the guest middleware by class guards nothing", () => {
  const root = tempDir("tool-laravel-class-middleware-");
  const controller = (namespace: string, name: string, middleware: string) =>
    `<?php\nnamespace App\\Http\\Controllers${namespace};\n\nuse Illuminate\\Auth\\Middleware\\Authenticate;\n\nclass ${name} extends Controller\n{\n    public function __construct()\n    {\n        ${middleware}\n    }\n}\n`;
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/web.php": [
      "<?php",
      "use App\\Http\\Controllers\\Admin\\ArticlesController as AdminArticlesController;",
      "use App\\Http\\Controllers\\Articles\\ArticlesController;",
      "use App\\Http\\Controllers\\Auth\\LoginController;",
      "use Illuminate\\Support\\Facades\\Route;",
      "Route::get('articles', [ArticlesController::class, 'index']);",
      "Route::post('articles', [ArticlesController::class, 'store']);",
      "Route::put('admin/articles/{article}/approve', [AdminArticlesController::class, 'approve']);",
      "Route::get('login', [LoginController::class, 'showLoginForm']);",
      "",
    ].join("\n"),
    "app/Http/Controllers/Articles/ArticlesController.php": controller("\\Articles", "ArticlesController", "$this->middleware([Authenticate::class, EnsureEmailIsVerified::class], ['except' => ['index']]);"),
    "app/Http/Controllers/Admin/ArticlesController.php": controller("\\Admin", "ArticlesController", "$this->middleware([Authenticate::class, VerifyAdmins::class]);"),
    "app/Http/Controllers/Auth/LoginController.php": controller("\\Auth", "LoginController", "$this->middleware(RedirectIfAuthenticated::class, ['except' => 'logout']);"),
  });
  assert.equal(guardedRoutes(root).sort(), [
    "GET /articles",
    "GET /login",
    "POST /articles [Authenticate]",
    "PUT /admin/articles/{article}/approve [Authenticate,VerifyAdmins]",
  ]);
});

laravel("a group's middleware built by array_merge from a conditional on a setting guards with what both arms name; a middleware only one arm names guards nothing", () => {
  const root = tempDir("tool-laravel-merged-middleware-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/web.php": [
      "<?php",
      "use Illuminate\\Support\\Facades\\Route;",
      "Route::group([",
      "    'prefix' => '',",
      "    'middleware' => array_merge(",
      "        config('app.verify_email', false) ? ['auth', 'verified'] : ['auth'],",
      "        [HandleInertiaRequests::class]",
      "    ),",
      "], function (): void {",
      "    Route::get('dashboard', [DashboardController::class, 'index']);",
      "});",
      "Route::group(['middleware' => config('app.private') ? ['auth'] : []], function (): void {",
      "    Route::get('news', [NewsController::class, 'index']);",
      "});",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root).sort(), ["GET /dashboard [auth]", "GET /news"]);
});

laravel("an invokable controller's constructor guards its one action; a middleware call commented out guards nothing", () => {
  const root = tempDir("tool-laravel-invokable-guards-");
  const action = (name: string, middleware: string) =>
    `<?php\nnamespace App\\Modules\\Articles\\Actions;\n\nclass ${name} extends Controller\n{\n    public function __construct(ArticleService $service)\n    {\n        $this->service = $service;\n${middleware}\n    }\n    public function __invoke(Request $request)\n    {\n        return $this->service->run($request);\n    }\n}\n`;
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^8.0" } }),
    "routes/api.php": "<?php\nuse App\\Modules\\Articles\\Actions\\ArticleCreateAction;\nuse App\\Modules\\Articles\\Actions\\ArticleListAction;\nuse App\\Modules\\Articles\\Actions\\ArticleShowAction;\nuse Illuminate\\Support\\Facades\\Route;\nRoute::post('articles', ArticleCreateAction::class);\nRoute::get('articles', ArticleListAction::class);\nRoute::get('articles/{slug}', ArticleShowAction::class);\n",
    "app/Modules/Articles/Actions/ArticleCreateAction.php": action("ArticleCreateAction", "        $this->middleware('auth.api');"),
    "app/Modules/Articles/Actions/ArticleListAction.php": action("ArticleListAction", "        //$this->middleware('auth.api');"),
    "app/Modules/Articles/Actions/ArticleShowAction.php": action("ArticleShowAction", "        /* $this->middleware('auth.api'); */\n        $this->middleware('auth.api')->except('__invoke');"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /api/articles []",
    "POST /api/articles [auth.api]",
    "GET /api/articles/{slug} []",
  ]);
});

laravel("Auth::routes() expands to laravel/ui's routes, turned on and off by its options, guarded by its controllers", () => {
  const root = tempDir("tool-laravel-auth-routes-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^7.0", "laravel/ui": "^2.0" } }),
    "routes/web.php": "<?php\nRoute::get('/', 'HomeController@show');\n// Auth::routes(['verify' => true]);\nif (Auth::user()) { logger('signed in'); }\nRoute::prefix('account')->group(function () {\n    Auth::routes(['verify' => true, 'register' => false]);\n});\n",
    "app/Http/Controllers/Auth/LoginController.php": "<?php\nclass LoginController extends Controller\n{\n    public function __construct()\n    {\n        $this->middleware('guest')->except('logout');\n    }\n}\n",
    "app/Http/Controllers/Auth/ConfirmPasswordController.php": "<?php\nclass ConfirmPasswordController extends Controller\n{\n    public function __construct()\n    {\n        $this->middleware('auth');\n    }\n}\n",
    "app/Http/Controllers/Auth/VerificationController.php": "<?php\nclass VerificationController extends Controller\n{\n    public function __construct()\n    {\n        $this->middleware('auth');\n        $this->middleware('signed')->only('verify');\n    }\n}\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET / []",
    "POST /account/email/resend [auth]",
    "GET /account/email/verify [auth]",
    "GET /account/email/verify/{id}/{hash} [auth,signed]",
    "GET /account/login []",
    "POST /account/login []",
    "POST /account/logout []",
    "GET /account/password/confirm [auth]",
    "POST /account/password/confirm [auth]",
    "POST /account/password/email []",
    "GET /account/password/reset []",
    "POST /account/password/reset []",
    "GET /account/password/reset/{token} []",
  ]);
});

laravel("Auth::routes() draws the password confirmation only when the app has its ConfirmPasswordController, as laravel/ui checks", () => {
  const root = tempDir("tool-laravel-auth-no-confirm-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^10.0", "laravel/ui": "^4.0" } }),
    "routes/web.php": "<?php\nRoute::get('/', 'HomeController@index');\nAuth::routes(['register' => false]);\n",
    "app/Http/Controllers/Auth/LoginController.php": "<?php\nclass LoginController extends Controller\n{\n    public function __construct()\n    {\n        $this->middleware('guest')->except('logout');\n    }\n}\n",
  });
  const paths = analyze(root).routes.items.map((r) => `${r.method} ${r.path}`);
  assert.ok(paths.includes("POST /login") && paths.includes("POST /password/reset"), paths.join(", "));
  assert.ok(!paths.some((p) => p.endsWith("/password/confirm")), paths.join(", "));
});

laravel("a middleware whose handle() checks only when asked ($required = false) guards the routes that ask (auth.api:true), not those that name it bare; one that passes a request without a user on first, and auth.session, guard nothing", () => {
  const root = tempDir("tool-laravel-asked-middleware-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^5.7" } }),
    "app/Http/Kernel.php": "<?php\nnamespace App\\Http;\nclass Kernel extends HttpKernel\n{\n    protected $routeMiddleware = [\n        'auth.api' => ApiAuthentication::class,\n        'auth' => Authenticate::class,\n    ];\n}\n",
    "app/Http/Middleware/ApiAuthentication.php": "<?php\nclass ApiAuthentication\n{\n    public function handle(Request $request, Closure $next, $required = false)\n    {\n        if ($required && !$request->header('X-Token')) {\n            throw new HttpException(401);\n        }\n        return $next($request);\n    }\n}\n",
    "app/Http/Middleware/Authenticate.php": "<?php\nclass Authenticate\n{\n    public function handle($request, Closure $next, ...$guards)\n    {\n        return $next($request);\n    }\n}\n",
    "app/Http/Middleware/RequireTwoFactorAuthentication.php": "<?php\nclass RequireTwoFactorAuthentication\n{\n    public function handle(Request $request, \\Closure $next): mixed\n    {\n        $user = $request->user();\n        if (!$user || Str::startsWith($request->path(), 'auth/')) {\n            return $next($request);\n        }\n        throw new TwoFactorAuthRequiredException();\n    }\n}\n",
    "routes/api.php": "<?php\nRoute::group(['middleware' => ['auth.api']], function () {\n    Route::get('components', 'ComponentController@index');\n});\nRoute::group(['middleware' => ['auth.api:true']], function () {\n    Route::post('components', 'ComponentController@store');\n});\nRoute::get('me', 'UserController@show')->middleware('auth');\nRoute::middleware(['auth.session', RequireTwoFactorAuthentication::class])->group(function () {\n    Route::get('account', 'AccountController@show');\n});\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /api/account []",
    "GET /api/components []",
    "POST /api/components [auth.api:true]",
    "GET /api/me [auth]",
  ]);
});

laravel("a middleware group of the app's Kernel (Route::middleware(['api'])) guards with its members that guard; a group of none, and Sanctum's stateful-request middleware, guard nothing", () => {
  const root = tempDir("tool-laravel-groups-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "app/Http/Kernel.php": [
      "<?php",
      "namespace App\\Http;",
      "use Laravel\\Sanctum\\Http\\Middleware\\EnsureFrontendRequestsAreStateful as EnsureStatefulRequests;",
      "class Kernel extends HttpKernel",
      "{",
      "    protected $middlewareGroups = [",
      "        'web' => [",
      "            StartSession::class,",
      "            VerifyCsrfToken::class,",
      "        ],",
      "        'api' => [",
      "            EnsureStatefulRequests::class,",
      "            'auth:sanctum',",
      "            IsValidJson::class,",
      "        ],",
      "        'application-api' => [",
      "            SubstituteBindings::class,",
      "            AuthenticateApplicationUser::class,",
      "        ],",
      "    ];",
      "}",
    ].join("\n"),
    "app/Providers/RouteServiceProvider.php": "<?php\nclass RouteServiceProvider extends ServiceProvider\n{\n    public function boot(): void\n    {\n        $this->routes(function () {\n            Route::middleware('web')->group(base_path('routes/base.php'));\n            Route::middleware(['api'])->group(function () {\n                Route::middleware(['application-api'])->prefix('/api/application')->group(base_path('routes/api-application.php'));\n            });\n        });\n    }\n}\n",
    "routes/base.php": "<?php\nRoute::get('/', 'IndexController@index');\n",
    "routes/api-application.php": "<?php\nRoute::get('/users', 'UserController@index');\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET / []",
    "GET /api/application/users [auth:sanctum,AuthenticateApplicationUser]",
  ]);
});

laravel("routes/api.php loaded by the app's RouteServiceProvider takes the prefix and middleware the provider gives it, once; a group member commented out, and AuthenticateSession, guard nothing", () => {
  const root = tempDir("tool-laravel-provider-api-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^10.0" } }),
    "app/Http/Kernel.php": "<?php\nclass Kernel extends HttpKernel\n{\n    protected $middlewareGroups = [\n        'api' => [\n            ApiAuthenticate::class,\n            'throttle:api',\n        ],\n        'web' => [\n            StartSession::class,\n            // \\App\\Http\\Middleware\\ApiAuthenticate::class,\n            \\Illuminate\\Session\\Middleware\\AuthenticateSession::class,\n        ],\n    ];\n}\n",
    "app/Http/Middleware/ApiAuthenticate.php": "<?php\nclass ApiAuthenticate\n{\n    public function handle(Request $request, Closure $next)\n    {\n        if (!$request->user()) {\n            throw new ApiAuthException('Unauthorised', 401);\n        }\n        return $next($request);\n    }\n}\n",
    "app/Providers/RouteServiceProvider.php": "<?php\nclass RouteServiceProvider extends ServiceProvider\n{\n    public function boot(): void\n    {\n        $this->routes(function () {\n            Route::group(['middleware' => 'web'], function () {\n                require base_path('routes/web.php');\n            });\n            Route::group(['middleware' => 'api', 'prefix' => 'api/v2'], function () {\n                require base_path('routes/api.php');\n            });\n        });\n    }\n}\n",
    "routes/web.php": "<?php\nRoute::get('/', 'HomeController@index');\n",
    "routes/api.php": "<?php\nRoute::get('books', 'BookApiController@list');\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET / []",
    "GET /api/v2/books [ApiAuthenticate]",
  ]);
});

laravel("an alias guards as its class does: one named like a guard (mfa-setup => AuthenticatedOrPendingMfa) guards, one whose handle() never looks at the caller (guard:standard => CheckGuard) does not, nor one that sends signed-in users away", () => {
  const root = tempDir("tool-laravel-aliases-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^10.0" } }),
    "app/Http/Kernel.php": [
      "<?php",
      "class Kernel extends HttpKernel",
      "{",
      "    protected $middlewareAliases = [",
      "        'guard'     => \\Wiki\\Http\\Middleware\\CheckGuard::class,",
      "        'mfa-setup' => \\Wiki\\Http\\Middleware\\AuthenticatedOrPendingMfa::class,",
      "        'anon-only' => \\Wiki\\Http\\Middleware\\RedirectIfAuthenticated::class,",
      "        'perm'      => \\Wiki\\Http\\Middleware\\CheckPermission::class,",
      "    ];",
      "}",
    ].join("\n"),
    "app/Http/Middleware/CheckGuard.php": "<?php\nclass CheckGuard\n{\n    public function handle($request, Closure $next, ...$allowedGuards)\n    {\n        $activeGuard = config('auth.method');\n        if (!in_array($activeGuard, $allowedGuards)) {\n            session()->flash('error', trans('errors.permission'));\n            return redirect('/');\n        }\n        return $next($request);\n    }\n}\n",
    "app/Http/Middleware/AuthenticatedOrPendingMfa.php": "<?php\nclass AuthenticatedOrPendingMfa\n{\n    public function handle($request, Closure $next)\n    {\n        if (!$this->loginService->getLastLoginAttemptUser() && !auth()->check()) {\n            return redirect()->to(url('/login'));\n        }\n        return $next($request);\n    }\n}\n",
    "app/Http/Middleware/RedirectIfAuthenticated.php": "<?php\nclass RedirectIfAuthenticated\n{\n    public function handle($request, Closure $next)\n    {\n        if (Auth::check()) {\n            return redirect('/');\n        }\n        return $next($request);\n    }\n}\n",
    "app/Http/Middleware/CheckPermission.php": "<?php\nclass CheckPermission\n{\n    public function handle($request, Closure $next, $permission)\n    {\n        if (!userCan($permission)) {\n            return $this->errorResponse();\n        }\n        return $next($request);\n    }\n}\n",
    "routes/web.php": [
      "<?php",
      "Route::post('/register', [RegisterController::class, 'store'])->middleware('guard:standard');",
      "Route::get('/mfa/setup', [MfaController::class, 'setup'])->middleware('mfa-setup');",
      "Route::get('/login', [LoginController::class, 'show'])->middleware('anon-only');",
      "Route::get('/settings', [SettingsController::class, 'index'])->middleware('perm:settings-manage');",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /login []",
    "GET /mfa/setup [mfa-setup]",
    "POST /register []",
    "GET /settings [perm:settings-manage]",
  ]);
});

laravel("Laravel 11's health check, asked for in bootstrap/app.php (->withRouting(health: '/up')), is a GET route", () => {
  const root = tempDir("tool-laravel-health-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "bootstrap/app.php": [
      "<?php",
      "use Illuminate\\Foundation\\Application;",
      "",
      "return Application::configure(basePath: dirname(__DIR__))",
      "    ->withRouting(",
      "        web: __DIR__.'/../routes/web.php',",
      "        commands: __DIR__.'/../routes/console.php',",
      "        health: '/up',",
      "    )",
      "    ->withMiddleware(function (Middleware $middleware) {",
      "        //",
      "    })->create();",
      "",
    ].join("\n"),
    "routes/web.php": "<?php\nRoute::get('/', fn () => view('welcome'));\n",
  });
  assert.equal(list(root), [
    "GET / routes/web.php:2 (inline)",
    "GET /up bootstrap/app.php:8 (health check)",
  ]);
});

laravel("a resource named by a path takes its parameter from the last word, not the whole path", () => {
  const root = tempDir("tool-laravel-slashed-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/api.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::resource('articles/{article}/comments', CommentController::class)->only(['index', 'destroy']);\n",
  });
  assert.equal(list(root).map((r) => r.split(" ").slice(0, 2).join(" ")), [
    "GET /api/articles/{article}/comments",
    "DELETE /api/articles/{article}/comments/{comment}",
  ]);
});

laravel("an optional parameter ({backto?}) serves the path with and without it, inside a group's prefix", () => {
  const root = tempDir("tool-laravel-optional-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/web.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::group(['prefix' => 'hardware'], function () {\n    Route::get('{asset}/checkin/{backto?}', [CheckinController::class, 'create']);\n});\n",
  });
  assert.equal(list(root).map((r) => r.split(" ").slice(0, 2).join(" ")), [
    "GET /hardware/{asset}/checkin",
    "GET /hardware/{asset}/checkin/{backto}",
  ]);
});

laravel("the signed middleware (a link's signature checked, signed:relative too) guards a route; throttle does not", () => {
  const root = tempDir("tool-laravel-signed-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/web.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::post('withdrawal', [WithdrawalController::class, 'store'])->middleware(['signed', 'throttle:eu-withdraw-submit']);\nRoute::post('unsubscribe/{user}', [MailController::class, 'unsubscribe'])->middleware('signed:relative');\nRoute::post('contact', [ContactController::class, 'store'])->middleware('throttle:5,1');\n",
  });
  assert.equal(list(root).map((r) => r.split(" ").filter((p) => !/^routes\//.test(p)).join(" ")), [
    "POST /contact ContactController@store",
    "POST /unsubscribe/{user} MailController@unsubscribe [signed:relative]",
    "POST /withdrawal WithdrawalController@store [signed]",
  ]);
});

laravel("a resource's options array guards it with its middleware option (Route::resource('accessories', C::class, ['middleware' => ['auth']]))", () => {
  const root = tempDir("tool-laravel-resource-options-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/web.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::resource('accessories', AccessoriesController::class, [\n    'middleware' => ['auth'],\n    'only' => ['index', 'store'],\n]);\nRoute::resource('kits', KitsController::class, ['only' => ['index']]);\n",
  });
  assert.equal(list(root).map((r) => r.split(" ").filter((p) => !/^routes\//.test(p)).join(" ")), [
    "GET /accessories AccessoriesController@index [auth]",
    "POST /accessories AccessoriesController@store [auth]",
    "GET /kits KitsController@index",
  ]);
});

laravel("verbs, resources, groups with prefixes in constants and middleware, required route files, the api prefix", () => {
  assert.equal(list(fixtureRepo("routes-laravel")), [
    "GET / routes/web.php:11 HomeController@index",
    "GET /about routes/web.php:12 view:pages.about",
    "GET /admin/users routes/web.php:23 AdminController@users [can:admin]",
    "DELETE /admin/users/{user} routes/web.php:24 AdminController@destroy [can:admin,password.confirm]",
    "GET /api/v1/me routes/api.php:12 ProfileController@show [auth:sanctum]",
    "GET /api/v1/orders routes/api.php:11 OrderController@index [auth:sanctum]",
    "POST /api/v1/orders routes/api.php:11 OrderController@store [auth:sanctum]",
    "DELETE /api/v1/orders/{order} routes/api.php:11 OrderController@destroy [auth:sanctum]",
    "GET /api/v1/orders/{order} routes/api.php:11 OrderController@show [auth:sanctum]",
    "PATCH /api/v1/orders/{order} routes/api.php:11 OrderController@update [auth:sanctum]",
    "PUT /api/v1/orders/{order} routes/api.php:11 OrderController@update [auth:sanctum]",
    "POST /api/webhooks/stripe routes/api.php:15 StripeWebhookController",
    "GET /contact routes/web.php:13 HomeController@contact",
    "POST /contact routes/web.php:13 HomeController@contact",
    "GET /dashboard routes/web.php:19 DashboardController [auth]",
    "GET /login routes/auth.php:7 AuthenticatedSessionController@create",
    "POST /login routes/auth.php:8 AuthenticatedSessionController@store",
    "POST /logout routes/auth.php:11 AuthenticatedSessionController@destroy [auth]",
    "GET /posts routes/web.php:15 PostController@index",
    "GET /posts/{post} routes/web.php:15 PostController@show",
    "POST /posts/{post}/comments routes/web.php:18 CommentController@store [auth]",
    "DELETE /posts/{post}/comments/{comment} routes/web.php:18 CommentController@destroy [auth]",
    "PATCH /posts/{post}/comments/{comment} routes/web.php:18 CommentController@update [auth]",
    "PUT /posts/{post}/comments/{comment} routes/web.php:18 CommentController@update [auth]",
    "GET /sanctum/csrf-cookie composer.json:6 Laravel\\Sanctum\\Http\\Controllers\\CsrfCookieController@show",
    "GET /status routes/web.php:27 (inline)",
  ]);
});

laravel("routes in tests, comments and strings are not routes", () => {
  const items = analyze(fixtureRepo("routes-laravel")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("tests/") || /commented|not-a-route|fake/.test(r.path)));
});

laravel("route attributes (spatie/laravel-route-attributes): class prefix and middleware, method verbs and middleware, the prefix of the group that registers the directory", () => {
  const root = tempDir();
  const controller = (name: string, body: string, classAttributes = "") =>
    `<?php\n\nnamespace App\\Http\\Controllers\\${name.startsWith("Admin") ? "Admin" : "Api"};\n\nuse Spatie\\RouteAttributes\\Attributes\\Get;\nuse Spatie\\RouteAttributes\\Attributes\\Post;\nuse Spatie\\RouteAttributes\\Attributes\\Prefix;\nuse Spatie\\RouteAttributes\\Attributes\\Route;\nuse Spatie\\RouteAttributes\\Attributes\\Middleware;\n\n${classAttributes}class ${name} extends Controller\n{\n${body}}\n`;
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0", "spatie/laravel-route-attributes": "^1.20" } }),
    "bootstrap/app.php": [
      "<?php",
      "return Application::configure(basePath: dirname(__DIR__))",
      "    ->withRouting(using: function () {",
      "        Route::prefix('api')->middleware('api')->group(function () {",
      "            (new RouteRegistrar(app(Router::class)))->useRootNamespace(App::getNamespace())->registerDirectory(app_path('Http/Controllers/Api'));",
      "        });",
      "        Route::prefix('legacy')->group(function () {});",
      "        (new RouteRegistrar(app(Router::class)))->registerDirectory(app_path('Http/Controllers/Admin'));",
      "    })->create();",
      "",
    ].join("\n"),
    "app/Http/Controllers/Api/ArticleController.php": controller(
      "ArticleController",
      "    #[Get('/')]\n    public function list() {}\n\n    #[Get('/{slug}')]\n    public function show(string $slug) {}\n\n    #[Post('/', middleware: 'auth')]\n    public function create() {}\n\n    #[Route(['PUT', 'PATCH'], '/{slug}', middleware: ['auth', 'can:update,slug'])]\n    public function update(string $slug) {}\n",
      "#[Prefix('articles')]\n",
    ),
    "app/Http/Controllers/Api/UserController.php": controller("UserController", "    #[Get('user')]\n    public function show() {}\n", "#[Middleware('auth')]\n"),
    "app/Http/Controllers/Admin/AdminReportController.php": controller("AdminReportController", "    #[Get('reports', middleware: 'throttle:60,1')]\n    public function index() {}\n"),
  });
  git(root, "init", "-q");
  assert.equal(list(root).map((line) => line.replace(/ app\/Http\S+/, "")), [
    "GET /api/articles ArticleController@list",
    "POST /api/articles ArticleController@create [auth]",
    "GET /api/articles/{slug} ArticleController@show",
    "PATCH /api/articles/{slug} ArticleController@update [auth,can:update,slug]",
    "PUT /api/articles/{slug} ArticleController@update [auth,can:update,slug]",
    "GET /api/user UserController@show [auth]",
    "GET /reports AdminReportController@index",
  ]);
});

laravel("routes/api.php runs the app's api middleware group and routes/web.php its web group (bootstrap/app.php's $middleware->group / appendToGroup): the guards among their members guard those routes; a member that only signs in a token's user guards nothing", () => {
  const root = tempDir("tool-laravel-groups-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "bootstrap/app.php": [
      "<?php",
      "return Application::configure(basePath: dirname(__DIR__))",
      "    ->withRouting(web: __DIR__ . '/../routes/web.php', api: __DIR__ . '/../routes/api.php')",
      "    ->withMiddleware(function (Middleware $middleware): void {",
      "        $middleware->group('api', [",
      "            AcceptHeaders::class,",
      "            // the API authenticates every request with a token",
      "            'auth:api',",
      "        ]);",
      "        $middleware->appendToGroup('web', [Binder::class, TokenAuth::class]);",
      "    })->create();",
      "",
    ].join("\n"),
    "routes/api.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::get('v1/about', [AboutController::class, 'about']);\n",
    "routes/web.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::get('login', [LoginController::class, 'show']);\nRoute::get('home', [HomeController::class, 'index'])->middleware('auth');\n",
    // Named like a check, it signs in whoever sends a token and turns nobody away.
    "app/Http/Middleware/TokenAuth.php": "<?php\nclass TokenAuth\n{\n    public function handle($request, Closure $next)\n    {\n        if (!$request->user() && !empty($request->auth_token)) {\n            $user = User::where('token', $request->auth_token)->first();\n            if ($user) {\n                \\Auth::login($user);\n            }\n        }\n        return $next($request);\n    }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/v1/about [auth:api]",
    "GET /home [auth]",
    "GET /login",
  ]);
});

laravel("a route provider that imports the Route facade under another name (use ...\\Facades\\Route as Facade) loads route files under its prefixes; a prefix read from configuration leaves routes/api.php its /api", () => {
  const root = tempDir("tool-laravel-facade-alias-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^10.0" } }),
    "app/Providers/Route.php": [
      "<?php",
      "namespace App\\Providers;",
      "use Illuminate\\Support\\Facades\\Route as Facade;",
      "class Route extends Provider",
      "{",
      "    public function map()",
      "    {",
      "        Facade::prefix('install')->middleware('install')->group(base_path('routes/install.php'));",
      "        Facade::prefix(config('api.prefix'))->middleware('auth.basic')->group(base_path('routes/api.php'));",
      "        Facade::prefix('{company_id}')->middleware('auth')->group(base_path('routes/admin.php'));",
      "    }",
      "}",
      "",
    ].join("\n"),
    "routes/install.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::get('requirements', 'Install\\Requirements@show');\n",
    "routes/api.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::get('ping', 'Api\\Ping@show');\n",
    "routes/admin.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::get('dashboard', 'Dashboard@show');\n",
    // PHPStan's type tests call the aliased facade to check its types: no routes.
    "types/Routing/Route.php": "<?php\nuse Illuminate\\Support\\Facades\\Route as RouteFacade;\nuse function PHPStan\\Testing\\assertType;\nassertType('array', RouteFacade::get('/')->middleware());\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /{company_id}/dashboard [auth]",
    "GET /api/ping [auth.basic]",
    "GET /install/requirements",
  ]);
});

laravel("shallow nested resources (->shallow(), 'shallow' => true) serve what acts on one child without its parent", () => {
  const root = tempDir("tool-laravel-shallow-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^8.0" } }),
    "routes/api.php": [
      "<?php",
      "use Illuminate\\Support\\Facades\\Route;",
      "Route::apiResource('articles.comments', \\App\\Http\\Controllers\\CommentController::class)->shallow()",
      "    ->only(['store', 'update', 'destroy'])",
      "    ->middleware(['auth:sanctum']);",
      "Route::resource('users.followers', FollowerController::class, ['shallow' => true, 'only' => ['index', 'show']]);",
      "Route::apiResource('articles.favorites', FavoriteController::class)->only(['store', 'destroy']);",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/articles/{article}/comments [auth:sanctum]",
    "POST /api/articles/{article}/favorites",
    "DELETE /api/articles/{article}/favorites/{favorite}",
    "DELETE /api/comments/{comment} [auth:sanctum]",
    "PATCH /api/comments/{comment} [auth:sanctum]",
    "PUT /api/comments/{comment} [auth:sanctum]",
    "GET /api/followers/{follower}",
    "GET /api/users/{user}/followers",
  ]);
});

laravel("a resource's routes are those its controller defines an action for, with its parents' and traits'; a controller of a package's, or with __call, serves them all", () => {
  const root = tempDir("tool-laravel-actions-served-");
  const controller = (name: string, body: string, header = "", parent = "Controller") =>
    `<?php\nnamespace App\\Http\\Controllers\\API;\n\nuse App\\Http\\Controllers\\Controller;\n${header}\nclass ${name} extends ${parent}\n{\n${body}}\n`;
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/api.php": [
      "<?php",
      "use Illuminate\\Support\\Facades\\Route;",
      "Route::apiResource('albums', AlbumController::class);",
      "Route::apiResource('albums.songs', AlbumSongController::class);",
      "Route::apiResource('genres', GenreController::class)->only(['index', 'destroy']);",
      "Route::apiResource('themes', ThemeController::class)->only(['index', 'show']);",
      "Route::apiResource('radios', RadioController::class)->only(['index', 'show']);",
      "Route::get('albums/{album}/cover', [AlbumController::class, 'cover']);",
    ].join("\n"),
    "app/Http/Controllers/Controller.php": "<?php\nnamespace App\\Http\\Controllers;\n\nuse Illuminate\\Foundation\\Auth\\Access\\AuthorizesRequests;\nuse Illuminate\\Routing\\Controller as BaseController;\n\nabstract class Controller extends BaseController\n{\n    use AuthorizesRequests;\n}\n",
    "app/Http/Controllers/API/AlbumController.php": controller("AlbumController", "    public function __construct(private AlbumService $albums) {}\n\n    public function index() { return AlbumResource::collection(Album::all()); }\n\n    public function SHOW(Album $album) { return AlbumResource::make($album); }\n\n    // public function destroy(Album $album) {}\n    public function cover(Album $album) {}\n"),
    "app/Http/Controllers/API/AlbumSongController.php": controller("AlbumSongController", "    use ListsSongs;\n"),
    "app/Http/Controllers/API/ListsSongs.php": "<?php\nnamespace App\\Http\\Controllers\\API;\n\ntrait ListsSongs\n{\n    public function index() { return []; }\n}\n",
    "app/Http/Controllers/API/GenreController.php": controller("GenreController", "    public function destroy(Genre $genre) {}\n", "", "ResourceController"),
    "app/Http/Controllers/API/ResourceController.php": controller("ResourceController", "    public function index() { return []; }\n"),
    "app/Http/Controllers/API/ThemeController.php": controller("ThemeController", "    public function index() {}\n", "use Vendor\\Crud\\CrudController;\n", "CrudController"),
    "app/Http/Controllers/API/RadioController.php": controller("RadioController", "    public function __call($method, $arguments) { return $this->proxy->$method(...$arguments); }\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /api/albums AlbumController@index",
    "GET /api/albums/{album} AlbumController@show",
    "GET /api/albums/{album}/cover AlbumController@cover",
    "GET /api/albums/{album}/songs AlbumSongController@index",
    "GET /api/genres GenreController@index",
    "DELETE /api/genres/{genre} GenreController@destroy",
    "GET /api/radios RadioController@index",
    "GET /api/radios/{radio} RadioController@show",
    "GET /api/themes ThemeController@index",
    "GET /api/themes/{theme} ThemeController@show",
  ]);
});

laravel("a loop over an array literal of the file registers a route per entry (foreach ($endpoints as $endpoint => $controller)), inside its group; an optional parameter ending a segment's text is one route, written as the text alone", () => {
  const root = tempDir();
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/subsonic.php": [
      "<?php",
      "use App\\Http\\Controllers\\Subsonic\\PingController;",
      "use App\\Http\\Controllers\\Subsonic\\GetAlbumController;",
      "use Illuminate\\Support\\Facades\\Route;",
      "",
      "$endpoints = [",
      "    'ping' => PingController::class,",
      "    'getAlbum' => GetAlbumController::class,",
      "];",
      "",
      "Route::prefix('rest')",
      "    ->middleware([AuthenticateSubsonicRequests::class])",
      "    ->group(static function () use ($endpoints): void {",
      "        foreach ($endpoints as $endpoint => $controller) {",
      "            Route::match(['get', 'post'], \"{$endpoint}{format?}\", $controller)->where('format', '\\.view');",
      "        }",
      "    });",
      "",
      "foreach ($unknown as $name) {",
      "    Route::get(\"/x/{$name}\", XController::class);",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /rest/getAlbum GetAlbumController [AuthenticateSubsonicRequests]",
    "POST /rest/getAlbum GetAlbumController [AuthenticateSubsonicRequests]",
    "GET /rest/ping PingController [AuthenticateSubsonicRequests]",
    "POST /rest/ping PingController [AuthenticateSubsonicRequests]",
  ]);
});

laravel("middleware held in a variable of the routes file (->middleware($middleware)), a middleware that acts on signed-in users only, and actions that check their caller at their top, themselves or in the parent they inherit from", () => {
  const root = tempDir();
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^10.0" } }),
    "app/Http/Kernel.php": "<?php\nnamespace App\\Http;\nclass Kernel extends HttpKernel\n{\n    protected $routeMiddleware = [\n        'auth' => Authenticate::class,\n        'twofactor' => \\App\\Http\\Middleware\\TwoFactorAuth::class,\n    ];\n}\n",
    "app/Http/Middleware/TwoFactorAuth.php": [
      "<?php",
      "class TwoFactorAuth",
      "{",
      "    public function handle($request, Closure $next)",
      "    {",
      "        if($request->user()) {",
      "            if($request->user()->{'2fa_enabled'} && !$request->session()->has('2fa.session.active')) {",
      "                return redirect('/i/auth/checkpoint');",
      "            }",
      "        }",
      "        return $next($request);",
      "    }",
      "}",
    ].join("\n"),
    "routes/api.php": [
      "<?php",
      "$middleware = ['auth:api', 'validemail'];",
      "Route::group(['prefix' => 'admin'], function() use($middleware) {",
      "    Route::get('stats', 'Api\\AdminApiController@getStats')->middleware($middleware);",
      "});",
      "Route::post('/f/inbox', 'FederationController@sharedInbox');",
    ].join("\n"),
    "routes/web.php": [
      "<?php",
      "Route::middleware(['validemail', 'twofactor'])->group(function () {",
      "    Route::get('i/collection/{id}', 'CollectionController@show');",
      "    Route::post('i/collection/{id}', 'CollectionController@store');",
      "    Route::get('api/v1/accounts/verify_credentials', 'ApiController@verifyCredentials');",
      "    Route::get('auth/forgot/email', 'UserEmailForgotController@index');",
      "    Route::post('stories/add', 'StoryController@add');",
      "});",
    ].join("\n"),
    "app/Http/Controllers/CollectionController.php": "<?php\nclass CollectionController extends Controller\n{\n    public function show(Request $request, $id)\n    {\n        $collection = Collection::findOrFail($id);\n        return view('collection.show', compact('collection'));\n    }\n\n    public function store(Request $request, $id)\n    {\n        abort_if(!$request->user(), 403);\n        return Collection::create($request->all());\n    }\n}\n",
    "app/Http/Controllers/Api/BaseApiController.php": "<?php\nnamespace App\\Http\\Controllers\\Api;\nclass BaseApiController extends Controller\n{\n    public function verifyCredentials(Request $request)\n    {\n        $user = $request->user();\n        abort_unless($user, 403);\n        return $user;\n    }\n}\n",
    "app/Http/Controllers/ApiController.php": "<?php\nnamespace App\\Http\\Controllers;\nuse App\\Http\\Controllers\\Api\\BaseApiController;\nclass ApiController extends BaseApiController\n{\n}\n",
    // A guest page: it sends signed-in users away, and anyone else in.
    "app/Http/Controllers/UserEmailForgotController.php": "<?php\nclass UserEmailForgotController extends Controller\n{\n    public function index(Request $request)\n    {\n        abort_if($request->user(), 404);\n        return view('auth.email.forgot');\n    }\n}\n",
    "app/Http/Controllers/StoryController.php": "<?php\nclass StoryController extends Controller\n{\n    public function add(Request $request)\n    {\n        abort_if(!config('stories.enabled') || !$request->user(), 404);\n        return Story::create($request->all());\n    }\n}\n",
    "app/Http/Controllers/FederationController.php": "<?php\nclass FederationController extends Controller\n{\n    public function sharedInbox(Request $request)\n    {\n        dispatch(new InboxWorker($request->getContent()));\n        return response()->json([], 200);\n    }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/admin/stats [auth:api]",
    "POST /api/f/inbox",
    "GET /api/v1/accounts/verify_credentials [(checks the caller in the action)]",
    "GET /auth/forgot/email",
    "GET /i/collection/{id}",
    "POST /i/collection/{id} [(checks the caller in the action)]",
    "POST /stories/add [(checks the caller in the action)]",
  ]);
});

laravel("a prefix the app's configuration gives (config('app.admin_url'), an env() with its default in config/app.php) and route files required by a relative name (require 'sales-routes.php') inside a group; middleware a service provider aliases (aliasMiddleware('customer', AuthenticateCustomer::class)) guards", () => {
  const root = tempDir();
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "config/app.php": "<?php\n\nreturn [\n    'name' => env('APP_NAME', 'Shop'),\n    'admin_url' => env('APP_ADMIN_URL', 'admin'),\n];\n",
    "packages/Shop/src/Providers/ShopServiceProvider.php": [
      "<?php",
      "namespace Shop\\Providers;",
      "class ShopServiceProvider extends ServiceProvider",
      "{",
      "    protected $listen = ['customer.created' => SendWelcomeMail::class];",
      "",
      "    public function boot(Router $router): void",
      "    {",
      "        $router->aliasMiddleware('customer', AuthenticateCustomer::class);",
      "        $router->aliasMiddleware('theme', Theme::class);",
      "    }",
      "}",
    ].join("\n"),
    "routes/web.php": [
      "<?php",
      "Route::group(['middleware' => ['customer', 'theme'], 'prefix' => config('app.admin_url')], function () {",
      "    require 'sales-routes.php';",
      "});",
      "Route::prefix(config('app.missing_url'))->group(function () {",
      "    Route::get('ping', 'PingController@ping');",
      "});",
      "Route::middleware(['theme'])->group(function () {",
      "    Route::get('catalog', 'CatalogController@index');",
      "});",
    ].join("\n"),
    "routes/sales-routes.php": "<?php\nRoute::get('sales/orders', 'OrderController@index');\nRoute::post('sales/orders/{id}/cancel', 'OrderController@cancel');\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /admin/sales/orders [customer]",
    "POST /admin/sales/orders/{id}/cancel [customer]",
    "GET /catalog",
    "GET /ping (prefix unknown)",
  ]);
});

laravel("routes in a group behind the guest middleware (signed-out callers only) are public by design: their unguarded writes are low; a write beside them is not", () => {
  const root = tempDir("tool-laravel-guest-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/web.php": [
      "<?php",
      "use Illuminate\\Support\\Facades\\Route;",
      "Route::middleware('guest')->group(function (): void {",
      "    Route::post('/application', [App\\Http\\Controllers\\ApplicationController::class, 'store']);",
      "});",
      "Route::group(['middleware' => ['guest']], function () {",
      "    Route::post('/join', [App\\Http\\Controllers\\JoinController::class, 'store']);",
      "});",
      "Route::post('/comments', [App\\Http\\Controllers\\CommentController::class, 'store']);",
      "Route::middleware('auth')->post('/profile', [App\\Http\\Controllers\\ProfileController::class, 'update']);",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title.split(" has")[0]}`).sort();
  assert.equal(writes, ["high POST /comments", "low POST /application", "low POST /join"]);
});

laravel("a write route whose action's body is empty (a resource controller's placeholder) writes nothing: no unguarded write; one whose action does something is", () => {
  const root = tempDir("tool-laravel-empty-action-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^10.0" } }),
    "routes/api.php": [
      "<?php",
      "use Illuminate\\Support\\Facades\\Route;",
      "Route::post('events', 'API\\EventsController@store');",
      "Route::put('events/{id}', 'API\\EventsController@update');",
      "Route::middleware('auth:api')->get('user', 'API\\UserController@show');",
      "",
    ].join("\n"),
    "app/Http/Controllers/API/EventsController.php": [
      "<?php",
      "namespace App\\Http\\Controllers\\API;",
      "class EventsController extends ApiBaseController",
      "{",
      "    public function store(Request $request)",
      "    {",
      "        // to be done",
      "    }",
      "",
      "    public function update(Request $request, $id)",
      "    {",
      "        Event::findOrFail($id)->update($request->all());",
      "    }",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  // The one that writes is a finding (low only as left open among the file's guarded routes); the empty one is none.
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title.split(" has")[0]}${/other routes? of its file/.test(f.evidence[0]!.detail ?? "") ? " (among guarded)" : ""}`).sort();
  assert.equal(writes, ["low PUT /api/events/{id} (among guarded)"]);
});

laravel("a package's provider mounts a route file that only requires others, under a configured prefix, with a middleware alias whose class refuses; withoutMiddleware lifts it by name", () => {
  const root = tempDir("tool-laravel-package-routes-");
  const admin = "packages/Acme/Admin/src";
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^10.0" } }),
    "config/app.php": "<?php\nreturn [\n    'admin_path' => env('APP_ADMIN_PATH', 'admin'),\n];\n",
    [`${admin}/Providers/AdminServiceProvider.php`]: [
      "<?php",
      "namespace Acme\\Admin\\Providers;",
      "use Acme\\Admin\\Http\\Middleware\\Bouncer as BouncerMiddleware;",
      "use Acme\\Admin\\Http\\Middleware\\Locale;",
      "use Acme\\Admin\\Http\\Middleware\\SetTenantDb;",
      "use Illuminate\\Support\\Facades\\Route;",
      "class AdminServiceProvider extends ServiceProvider",
      "{",
      "    public function boot(Router $router): void",
      "    {",
      "        $router->aliasMiddleware('user', BouncerMiddleware::class);",
      "        $router->aliasMiddleware('admin_locale', Locale::class);",
      "        $router->aliasMiddleware('tenant_db', SetTenantDb::class);",
      "        Route::middleware(['web', 'admin_locale', 'user'])",
      "            ->prefix(config('app.admin_path'))",
      "            ->group(__DIR__.'/../Routes/Admin/web.php');",
      "    }",
      "}",
      "",
    ].join("\n"),
    [`${admin}/Routes/Admin/web.php`]: "<?php\n\nrequire 'auth-routes.php';\n\nrequire 'leads-routes.php';\n",
    [`${admin}/Routes/Admin/auth-routes.php`]: [
      "<?php",
      "use Illuminate\\Support\\Facades\\Route;",
      "Route::withoutMiddleware(['user'])->group(function () {",
      "    Route::get('login', [SessionController::class, 'create']);",
      "    Route::post('login', [SessionController::class, 'store']);",
      "    Route::middleware(['user'])->group(function () {",
      "        Route::delete('logout', [SessionController::class, 'destroy']);",
      "    });",
      "});",
      "",
    ].join("\n"),
    [`${admin}/Routes/Admin/leads-routes.php`]: [
      "<?php",
      "use Illuminate\\Support\\Facades\\Route;",
      "Route::controller(LeadController::class)->prefix('leads')->group(function () {",
      "    Route::get('', 'index');",
      "    Route::post('create', 'store');",
      "    Route::post('inbound', 'inbound')->name('admin.leads.inbound')->withoutMiddleware('user');",
      "    Route::post('import', 'import')->withoutMiddleware('user')->middleware('tenant_db');",
      "});",
      "",
    ].join("\n"),
    [`${admin}/Http/Middleware/Bouncer.php`]: [
      "<?php",
      "namespace Acme\\Admin\\Http\\Middleware;",
      "class Bouncer",
      "{",
      "    public function handle($request, \\Closure $next, $guard = 'user')",
      "    {",
      "        if (! auth()->guard($guard)->check()) {",
      "            return redirect()->route('admin.session.create');",
      "        }",
      "        return $next($request);",
      "    }",
      "}",
      "",
    ].join("\n"),
    // Decoys: a facade of the same name, and a middleware that sets the locale and refuses nobody.
    [`${admin}/Facades/Bouncer.php`]: "<?php\nnamespace Acme\\Admin\\Facades;\nclass Bouncer extends Facade\n{\n    protected static function getFacadeAccessor()\n    {\n        return 'bouncer';\n    }\n}\n",
    // A middleware that refuses a request for a reason other than its caller (an unknown tenant): no guard.
    [`${admin}/Http/Middleware/SetTenantDb.php`]: "<?php\nnamespace Acme\\Admin\\Http\\Middleware;\nclass SetTenantDb\n{\n    public function handle($request, \\Closure $next)\n    {\n        if (! Tenant::findByHost($request->getHost())) {\n            return response()->json(['message' => 'Invalid token'], 403);\n        }\n        return $next($request);\n    }\n}\n",
    [`${admin}/Http/Middleware/Locale.php`]: "<?php\nnamespace Acme\\Admin\\Http\\Middleware;\nclass Locale\n{\n    public function handle($request, \\Closure $next)\n    {\n        app()->setLocale(core()->getConfigData('general.locale') ?: 'en');\n        return $next($request);\n    }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /admin/logout",
    "GET /admin/leads [user]",
    "GET /admin/login",
    "POST /admin/leads/create [user]",
    "POST /admin/leads/import",
    "POST /admin/leads/inbound",
    "POST /admin/login",
  ]);
});

laravel("a form request whose authorize() asks a policy for an ability taking a User that may not be null (Gate::check(AlbumPolicy::CAN_EDIT, ...)) guards its action: Laravel refuses guests; one taking ?User, one returning true, and Laravel's own Request guard nothing; one checking Auth::check(), answering false without a user ($user?->may_administrate === true), or comparing a key the request sends with a secret, guards (an invokable controller's too); a write whose request asks an ability taking ?User is checked, not unguarded: its finding is low", () => {
  const root = tempDir("tool-laravel-form-requests-");
  const request = (name: string, authorize: string) =>
    `<?php\nnamespace App\\Http\\Requests\\Album;\n\nuse App\\Policies\\AlbumPolicy;\nuse Illuminate\\Foundation\\Http\\FormRequest;\nuse Illuminate\\Support\\Facades\\Gate;\n\nclass ${name} extends FormRequest\n{\n    public function authorize(): bool\n    {\n        ${authorize}\n    }\n\n    public function rules(): array\n    {\n        return ['title' => 'required'];\n    }\n}\n`;
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/api.php": [
      "<?php",
      "namespace App\\Http\\Controllers;",
      "use Illuminate\\Support\\Facades\\Route;",
      "Route::post('/Album', [Gallery\\AlbumController::class, 'createAlbum']);",
      "Route::get('/Album', [Gallery\\AlbumController::class, 'get']);",
      "Route::post('/Album::rename', [Gallery\\AlbumController::class, 'rename']);",
      "Route::get('/Albums', [Gallery\\AlbumController::class, 'list']);",
      "Route::post('/Album::delete', [Gallery\\AlbumController::class, 'delete']);",
      "Route::get('/BulkAlbumEdit', [Gallery\\AlbumController::class, 'bulk']);",
      "Route::post('/Photo', [Gallery\\AlbumController::class, 'upload']);",
      "Route::post('/FaceDetection/results', [Gallery\\AlbumController::class, 'faces']);",
      "Route::post('/Visit', [Gallery\\AlbumController::class, 'visit']);",
      "Route::post('/Import', Gallery\\ImportController::class);",
      "",
    ].join("\n"),
    "app/Http/Controllers/Gallery/AlbumController.php": [
      "<?php",
      "namespace App\\Http\\Controllers\\Gallery;",
      "",
      "use App\\Http\\Requests\\Album\\AddAlbumRequest;",
      "use App\\Http\\Requests\\Album\\GetAlbumRequest;",
      "use App\\Http\\Requests\\Album\\RenameAlbumRequest;",
      "use App\\Http\\Requests\\Album\\DeleteAlbumRequest;",
      "use App\\Http\\Requests\\Album\\UploadPhotoRequest;",
      "use Illuminate\\Http\\Request;",
      "",
      "class AlbumController extends Controller",
      "{",
      "    public function createAlbum(AddAlbumRequest $request): string { return ''; }",
      "    public function get(GetAlbumRequest $request): array { return []; }",
      "    public function rename(RenameAlbumRequest $request): void { $this->albums->rename($request->album, $request->title); }",
      "    public function list(Request $request): array { return []; }",
      "    public function delete(DeleteAlbumRequest $request): void { }",
      "    public function upload(UploadPhotoRequest $request): void { $this->photos->store($request->file('file')); }",
      "    public function bulk(\\App\\Http\\Requests\\Album\\BulkAlbumRequest $request): array { return []; }",
      "    public function faces(\\App\\Http\\Requests\\Album\\FaceResultsRequest $request): void { $this->faces->store($request->results); }",
      "    public function visit(\\App\\Http\\Requests\\Album\\PingRequest $request): void { $this->log->touch(); }",
      "}",
      "",
    ].join("\n"),
    "app/Http/Requests/Album/AddAlbumRequest.php": request("AddAlbumRequest", "return Gate::check(AlbumPolicy::CAN_EDIT, [AbstractAlbum::class, $this->parent_album]);"),
    "app/Http/Requests/Album/GetAlbumRequest.php": request("GetAlbumRequest", "return Gate::check(AlbumPolicy::CAN_ACCESS, [AbstractAlbum::class, $this->album]);"),
    "app/Http/Requests/Album/RenameAlbumRequest.php": request("RenameAlbumRequest", "return true;"),
    "app/Http/Requests/Album/DeleteAlbumRequest.php": request("DeleteAlbumRequest", "return Auth::check() && $this->user()->may_delete;"),
    "app/Http/Requests/Album/BulkAlbumRequest.php": request("BulkAlbumRequest", "/** @var User|null */\n        $user = Auth::user();\n\n        return $user?->may_administrate === true;"),
    // A service's callback, checked by the key it sends; a decoy reads a header and compares it with no secret.
    "app/Http/Requests/Album/FaceResultsRequest.php": request("FaceResultsRequest", "$expected_key = config('services.faces.api_key', '');\n        $provided_key = $this->header('X-API-Key', '');\n\n        return $expected_key !== '' && $provided_key === $expected_key;"),
    // An invokable controller: its action is __invoke.
    "app/Http/Controllers/Gallery/ImportController.php": "<?php\nnamespace App\\Http\\Controllers\\Gallery;\n\nuse App\\Http\\Requests\\Album\\ImportRequest;\n\nclass ImportController extends Controller\n{\n    public function __invoke(ImportRequest $request): void { $this->importer->run($request->directories); }\n}\n",
    "app/Http/Requests/Album/ImportRequest.php": request("ImportRequest", "return Gate::check(AlbumPolicy::CAN_EDIT, [AbstractAlbum::class]);"),
    "app/Http/Requests/Album/PingRequest.php": request("PingRequest", "return $this->header('X-Requested-With', '') !== '';"),
    "app/Http/Requests/Album/UploadPhotoRequest.php": request("UploadPhotoRequest", "return Gate::check(AlbumPolicy::CAN_UPLOAD, [AbstractAlbum::class, $this->album]);"),
    "app/Policies/AlbumPolicy.php": [
      "<?php",
      "namespace App\\Policies;",
      "",
      "class AlbumPolicy extends BasePolicy",
      "{",
      "    public const CAN_ACCESS = 'canAccess';",
      "    public const CAN_EDIT = 'canEdit';",
      "    public const CAN_UPLOAD = 'canUpload';",
      "",
      "    public function canAccess(?User $user, ?AbstractAlbum $album): bool { return $album?->is_public ?? false; }",
      "    public function canEdit(User $user, AbstractAlbum|null $album): bool { return $user->may_upload; }",
      "    public function canUpload(?User $user, ?AbstractAlbum $album = null): bool { return $user?->may_upload ?? $album?->public_upload === true; }",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/Album",
    "POST /api/Album [AlbumPolicy::canEdit]",
    "POST /api/Album::delete [DeleteAlbumRequest::authorize]",
    "POST /api/Album::rename",
    "GET /api/Albums",
    "GET /api/BulkAlbumEdit [BulkAlbumRequest::authorize]",
    "POST /api/FaceDetection/results [FaceResultsRequest::authorize]",
    "POST /api/Import [AlbumPolicy::canEdit]",
    "POST /api/Photo",
    "POST /api/Visit",
  ]);
  // The rename's request lets everyone through: a write with no check at all is the high finding.
  // The upload's asks an ability that takes a guest too: checked, though not surely guarded.
  const report = analyze(root);
  assert.equal(report.routes.items.find((r) => r.path === "/api/Photo")?.checks, ["AlbumPolicy::canUpload"]);
  // (The rename and the visit are low only as left open among the file's guarded routes.)
  assert.equal(report.findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title.split(" has")[0]} ${/asks .* about each caller/.test(f.evidence[0]!.detail ?? "") ? "checked" : /other routes? of its file/.test(f.evidence[0]!.detail ?? "") ? "among guarded" : ""}`).sort(), [
    "low POST /api/Album::rename among guarded",
    "low POST /api/Photo checked",
    "low POST /api/Visit among guarded",
  ]);
});

laravel("a Filament panel serves its discovered and listed pages at their slugs (a dashboard at its root), its resources' pages under theirs, each cluster it discovers and what the cluster groups under the cluster's slug (BillingCluster at billing), and the sign-in pages it turns on, under its path; its auth middleware guards all but signing in", () => {
  const root = tempDir("tool-filament-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^12.0", "filament/filament": "^4.0" } }),
    "routes/web.php": "<?php\n\nuse Illuminate\\Support\\Facades\\Route;\n\nRoute::get('/', fn () => view('welcome'));\n",
    "app/Providers/Filament/AdminPanelProvider.php": [
      "<?php",
      "",
      "namespace App\\Providers\\Filament;",
      "",
      "use App\\Filament\\Pages\\Dashboard;",
      "use Filament\\Http\\Middleware\\Authenticate;",
      "use Filament\\Panel;",
      "use Filament\\PanelProvider;",
      "",
      "class AdminPanelProvider extends PanelProvider",
      "{",
      "    public function panel(Panel $panel): Panel",
      "    {",
      "        return $panel",
      "            ->default()",
      "            ->id('admin')",
      "            ->path('admin')",
      "            ->login()",
      "            ->registration(false)",
      "            ->profile(isSimple: false)",
      "            ->discoverResources(in: app_path('Filament/Resources'), for: 'App\\\\Filament\\\\Resources')",
      "            ->discoverPages(in: app_path('Filament/Pages'), for: 'App\\\\Filament\\\\Pages')",
      "            ->discoverClusters(in: app_path('Filament/Clusters'), for: 'App\\\\Filament\\\\Clusters')",
      "            ->pages([Dashboard::class])",
      "            ->authMiddleware([",
      "                Authenticate::class,",
      "            ]);",
      "    }",
      "}",
    ].join("\n"),
    "app/Filament/Pages/Dashboard.php": "<?php\n\nnamespace App\\Filament\\Pages;\n\nuse Filament\\Pages\\Dashboard as BasePage;\n\nclass Dashboard extends BasePage\n{\n}\n",
    "app/Filament/Pages/Settings/DataIntegration.php": "<?php\n\nnamespace App\\Filament\\Pages\\Settings;\n\nuse Filament\\Pages\\SettingsPage;\n\nclass DataIntegration extends SettingsPage\n{\n}\n",
    "app/Filament/Pages/Tools/ListOoklaServers.php": "<?php\n\nnamespace App\\Filament\\Pages\\Tools;\n\nuse Filament\\Pages\\Page;\n\nclass ListOoklaServers extends Page\n{\n    protected static ?string $slug = 'tools/list-ookla-servers';\n}\n",
    "app/Filament/Pages/BaseSettings.php": "<?php\n\nnamespace App\\Filament\\Pages;\n\nuse Filament\\Pages\\Page;\n\nabstract class BaseSettings extends Page\n{\n}\n",
    "app/Filament/Resources/Users/UserResource.php": [
      "<?php",
      "",
      "namespace App\\Filament\\Resources\\Users;",
      "",
      "use App\\Filament\\Resources\\Users\\Pages\\EditUser;",
      "use App\\Filament\\Resources\\Users\\Pages\\ListUsers;",
      "use Filament\\Resources\\Resource;",
      "",
      "class UserResource extends Resource",
      "{",
      "    public static function getPages(): array",
      "    {",
      "        return [",
      "            'index' => ListUsers::route('/'),",
      "            'edit' => EditUser::route('/{record}/edit'),",
      "        ];",
      "    }",
      "}",
    ].join("\n"),
    "app/Filament/Resources/Users/Pages/ListUsers.php": "<?php\n\nnamespace App\\Filament\\Resources\\Users\\Pages;\n\nuse Filament\\Resources\\Pages\\ListRecords;\n\nclass ListUsers extends ListRecords\n{\n}\n",
    "app/Filament/Resources/ApiTokens/ApiTokenResource.php": "<?php\n\nnamespace App\\Filament\\Resources\\ApiTokens;\n\nuse App\\Filament\\Clusters\\BillingCluster;\nuse Filament\\Resources\\Resource;\n\nclass ApiTokenResource extends Resource\n{\n    protected static ?string $cluster = BillingCluster::class;\n\n    public static function getPages(): array\n    {\n        return ['index' => Pages\\ListApiTokens::route('/')];\n    }\n}\n",
    "app/Filament/Clusters/BillingCluster.php": "<?php\n\nnamespace App\\Filament\\Clusters;\n\nuse Filament\\Clusters\\Cluster;\n\nclass BillingCluster extends Cluster\n{\n    public static ?string $navigationLabel = 'Billing';\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /",
    "GET /admin [Authenticate]",
    "GET /admin/billing [Authenticate]",
    "GET /admin/billing/api-tokens [Authenticate]",
    "GET /admin/data-integration [Authenticate]",
    "GET /admin/login",
    "POST /admin/logout [Authenticate]",
    "GET /admin/profile [Authenticate]",
    "GET /admin/tools/list-ookla-servers [Authenticate]",
    "GET /admin/users [Authenticate]",
    "GET /admin/users/{record}/edit [Authenticate]",
  ]);
});

laravel("a Filament panel provider building on the app's own base (parent::panel($panel)) takes the base's sign-in pages and auth middleware; a panel of tenants serves its pages and resources under {tenant}; a resource's pages may come from a method getPages merges in (getDefaultPages)", () => {
  const root = tempDir("tool-filament-base-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^12.0", "filament/filament": "^4.0" } }),
    "app/Providers/Filament/PanelProvider.php": php(
      "namespace App\\Providers\\Filament;",
      "use Filament\\Http\\Middleware\\Authenticate;",
      "use Filament\\Panel;",
      "use Filament\\PanelProvider as BasePanelProvider;",
      "abstract class PanelProvider extends BasePanelProvider",
      "{",
      "    public function panel(Panel $panel): Panel",
      "    {",
      "        return $panel",
      "            ->login(Login::class)",
      "            ->passwordReset()",
      "            ->authMiddleware([",
      "                Authenticate::class,",
      "            ]);",
      "    }",
      "}",
    ),
    "app/Providers/Filament/ServerPanelProvider.php": php(
      "namespace App\\Providers\\Filament;",
      "use Filament\\Panel;",
      "class ServerPanelProvider extends PanelProvider",
      "{",
      "    public function panel(Panel $panel): Panel",
      "    {",
      "        $panel = parent::panel($panel)",
      "            ->id('server')",
      "            ->path('server')",
      "            ->tenant(Server::class, 'uuid_short')",
      "            ->discoverResources(in: app_path('Filament/Server/Resources'), for: 'App\\\\Filament\\\\Server\\\\Resources')",
      "            ->discoverPages(in: app_path('Filament/Server/Pages'), for: 'App\\\\Filament\\\\Server\\\\Pages');",
      "        return $panel;",
      "    }",
      "}",
    ),
    "app/Filament/Server/Pages/Console.php": php("namespace App\\Filament\\Server\\Pages;", "use Filament\\Pages\\Page;", "class Console extends Page", "{", "}"),
    "app/Filament/Server/Resources/Backups/BackupResource.php": php(
      "namespace App\\Filament\\Server\\Resources\\Backups;",
      "use App\\Filament\\Server\\Resources\\Backups\\Pages\\ListBackups;",
      "use Filament\\Resources\\Resource;",
      "class BackupResource extends Resource",
      "{",
      "    use CanCustomizePages;",
      "    public static function getDefaultPages(): array",
      "    {",
      "        return [",
      "            'index' => ListBackups::route('/'),",
      "        ];",
      "    }",
      "}",
    ),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /server/{tenant}/backups [Authenticate]",
    "GET /server/{tenant}/console [Authenticate]",
    "GET /server/login",
    "POST /server/logout [Authenticate]",
    "GET /server/password-reset/request",
    "GET /server/password-reset/reset",
  ]);
});

laravel("a Filament panel provider extending the app's abstract base (class AdminPanelProvider extends BasePanelProvider, the base extending Filament's under an alias) is a panel, with the sign-in pages and auth middleware a method of the base turns on; a provider of another kind named so is none", () => {
  const root = tempDir("tool-filament-app-base-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^12.0", "filament/filament": "^4.0" } }),
    "app/Providers/Filament/BasePanelProvider.php": php(
      "namespace App\\Providers\\Filament;",
      "use Filament\\Http\\Middleware\\Authenticate;",
      "use Filament\\Panel;",
      "use Filament\\PanelProvider as FilamentPanelProvider;",
      "abstract class BasePanelProvider extends FilamentPanelProvider",
      "{",
      "    protected function applyConsoleChrome(Panel $panel): Panel",
      "    {",
      "        return $panel->login()->authMiddleware([Authenticate::class]);",
      "    }",
      "}",
    ),
    "app/Providers/Filament/AdminPanelProvider.php": php(
      "namespace App\\Providers\\Filament;",
      "use Filament\\Panel;",
      "class AdminPanelProvider extends BasePanelProvider",
      "{",
      "    public function panel(Panel $panel): Panel",
      "    {",
      "        return $this->applyConsoleChrome($panel)",
      "            ->id('admin')",
      "            ->path('admin')",
      "            ->discoverPages(in: app_path('Filament/Pages'), for: 'App\\\\Filament\\\\Pages');",
      "    }",
      "}",
    ),
    "app/Providers/DocsPanelProvider.php": php(
      "namespace App\\Providers;",
      "use Illuminate\\Support\\ServiceProvider;",
      "class DocsPanelProvider extends ServiceProvider",
      "{",
      "    public function boot(): void { $this->app->path('docs')->login(); }",
      "}",
    ),
    "app/Filament/Pages/Finances.php": php("namespace App\\Filament\\Pages;", "use Filament\\Pages\\Page;", "class Finances extends Page", "{", "}"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /admin/finances [Authenticate]", "GET /admin/login", "POST /admin/logout [Authenticate]"]);
});

laravel("Laravel 11's $middleware->api([...]) and ->web(append: [...]) add to the framework's own groups: a guard added there guards the routes of the group", () => {
  const root = tempDir("tool-laravel11-groups-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "bootstrap/app.php": [
      "<?php",
      "return Application::configure(basePath: dirname(__DIR__))",
      "    ->withRouting(web: __DIR__ . '/../routes/web.php', api: __DIR__ . '/../routes/api.php')",
      "    ->withMiddleware(function (Middleware $middleware): void {",
      "        $middleware->web([",
      "            LanguageMiddleware::class,",
      "        ]);",
      "        $middleware->api([",
      "            EnsureStatefulRequests::class,",
      "            'auth:sanctum',",
      "        ]);",
      "    })->create();",
      "",
    ].join("\n"),
    "routes/api.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::get('servers', [ServerController::class, 'index']);\n",
    "routes/web.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nRoute::get('about', [PageController::class, 'about']);\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /about", "GET /api/servers [auth:sanctum]"]);
});

laravel("a service provider of the app's that registers a Filament panel it builds (Filament::registerPanel($this->panel(Panel::make()))) serves that panel's pages, at the root where its path is empty", () => {
  const root = tempDir("tool-filament-registered-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0", "filament/filament": "^3.2" } }),
    "app/Providers/WebServiceProvider.php": php(
      "namespace App\\Providers;",
      "use Filament\\Facades\\Filament;",
      "use Filament\\Http\\Middleware\\Authenticate;",
      "use Filament\\Panel;",
      "use Illuminate\\Support\\ServiceProvider;",
      "class WebServiceProvider extends ServiceProvider",
      "{",
      "    public function register(): void",
      "    {",
      "        Filament::registerPanel($this->panel(Panel::make()));",
      "    }",
      "    public function panel(Panel $panel): Panel",
      "    {",
      "        return $panel",
      "            ->id('app')",
      "            ->path('')",
      "            ->passwordReset()",
      "            ->discoverPages(in: app_path('Web/Pages'), for: 'App\\\\Web\\\\Pages')",
      "            ->authMiddleware([Authenticate::class])",
      "            ->login(Login::class);",
      "    }",
      "}",
    ),
    // A decoy: a provider that builds no panel.
    "app/Providers/AppServiceProvider.php": php("namespace App\\Providers;", "use Illuminate\\Support\\ServiceProvider;", "class AppServiceProvider extends ServiceProvider", "{", "    public function register(): void {}", "}"),
    "app/Web/Pages/Servers/Index.php": php("namespace App\\Web\\Pages\\Servers;", "use Filament\\Pages\\Page;", "class Index extends Page", "{", "    protected static ?string $slug = 'servers';", "}"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /login",
    "POST /logout [Authenticate]",
    "GET /password-reset/request",
    "GET /password-reset/reset",
    "GET /servers [Authenticate]",
  ]);
});

laravel("old Lumen registers Laravel's routes on $app, groups with an attributes array included; a Slim app's $app is Slim's", () => {
  const root = tempDir();
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/lumen-framework": "5.1.*" } }),
    "bootstrap/app.php": "<?php\n$app = new Laravel\\Lumen\\Application(realpath(__DIR__.'/../'));\n$app->group(['namespace' => 'App\\Http\\Controllers'], function ($app) {\n    require __DIR__.'/../app/Http/routes.php';\n});\nreturn $app;\n",
    "app/Http/routes.php": [
      "<?php",
      "$app->get('/', ['as' => 'index', 'uses' => 'IndexController@showIndexPage']);",
      "$app->post('/login', 'UserController@performLogin');",
      "$app->group(['prefix' => '/api/v2', 'middleware' => 'auth'], function ($app) {",
      "    $app->post('admin/delete_user', ['as' => 'api_delete_user', 'uses' => 'AjaxController@deleteUser']);",
      "});",
    ].join("\n"),
    "slim/composer.json": JSON.stringify({ require: { "slim/slim": "^4.0" } }),
    "slim/public/index.php": "<?php\nuse Slim\\Factory\\AppFactory;\n$app = AppFactory::create();\n$app->get('/hello', function ($request, $response) { return $response; });\n$app->run();\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.framework}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET / laravel",
    "POST /api/v2/admin/delete_user laravel [auth]",
    "GET /hello slim",
    "POST /login laravel",
  ]);
});

laravel("an action that first calls a check of its controller's own (self::ensureAdmin(), $this->isLoggedIn()) is guarded; a middleware alias whose class refuses a request without a key guards its group", () => {
  const root = tempDir();
  const controller = (name: string, body: string) => `<?php\nnamespace App\\Http\\Controllers;\nuse Illuminate\\Http\\Request;\nclass ${name} extends Controller {\n${body}\n}\n`;
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/lumen-framework": "5.1.*" } }),
    "bootstrap/app.php": [
      "<?php",
      "$app = new Laravel\\Lumen\\Application(realpath(__DIR__.'/../'));",
      "$app->routeMiddleware([",
      "    'api' => App\\Http\\Middleware\\ApiMiddleware::class,",
      "    'cors' => App\\Http\\Middleware\\CorsMiddleware::class,",
      "]);",
      "$app->group(['namespace' => 'App\\Http\\Controllers'], function ($app) {",
      "    require __DIR__.'/../app/Http/routes.php';",
      "});",
    ].join("\n"),
    "app/Http/routes.php": [
      "<?php",
      "$app->get('/admin', ['as' => 'admin', 'uses' => 'AdminController@displayAdminPage']);",
      "$app->post('/admin/delete_user', ['uses' => 'AdminController@deleteUser']);",
      "$app->get('/about', ['uses' => 'AdminController@about']);",
      "$app->group(['prefix' => '/api/v2', 'middleware' => 'api'], function ($app) {",
      "    $app->get('data/link', ['uses' => 'ApiController@lookup']);",
      "});",
      "$app->group(['prefix' => '/open', 'middleware' => 'cors'], function ($app) {",
      "    $app->get('ping', ['uses' => 'ApiController@ping']);",
      "});",
    ].join("\n"),
    "app/Http/Controllers/AdminController.php": controller("AdminController", [
      "    public function displayAdminPage(Request $request) {",
      "        if (!$this->isLoggedIn()) {",
      "            return redirect(route('login'));",
      "        }",
      "        return view('admin');",
      "    }",
      "    public function deleteUser(Request $request) {",
      "        self::ensureAdmin();",
      "        return 'ok';",
      "    }",
      "    public function about(Request $request) {",
      "        self::logVisit();",
      "        return view('about');",
      "    }",
    ].join("\n")),
    "app/Http/Controllers/ApiController.php": controller("ApiController", "    public function lookup(Request $request) { return 'x'; }\n    public function ping(Request $request) { return 'pong'; }"),
    "app/Http/Middleware/ApiMiddleware.php": [
      "<?php",
      "namespace App\\Http\\Middleware;",
      "use Closure;",
      "class ApiMiddleware {",
      "    protected static function getApiUserInfo($request) {",
      "        $api_key = $request->input('key');",
      "        if (!$api_key) {",
      "            if (env('SETTING_ANON_API')) { return null; }",
      "            else { throw new ApiException('AUTH_ERROR', 'Authentication token required.', 401); }",
      "        }",
      "        return $api_key;",
      "    }",
      "    public function handle($request, Closure $next) {",
      "        $request->user = static::getApiUserInfo($request);",
      "        return $next($request);",
      "    }",
      "}",
    ].join("\n"),
    "app/Http/Middleware/CorsMiddleware.php": "<?php\nnamespace App\\Http\\Middleware;\nuse Closure;\nclass CorsMiddleware {\n    public function handle($request, Closure $next) {\n        return $next($request)->header('Access-Control-Allow-Origin', '*');\n    }\n}\n",
  });
  assert.equal(guardedRoutes(root).sort(), [
    "GET /about",
    "GET /admin [(checks the caller in the action)]",
    "GET /api/v2/data/link [api]",
    "GET /open/ping",
    "POST /admin/delete_user [ensureAdmin]",
  ]);
});

laravel("a middleware alias of bootstrap/app.php whose class answers 401 to a request without a bearer token (if (!$request->bearerToken()) return response()->json(..., 401)) guards its group; one answering 422 to a request without a parameter guards nothing", () => {
  const root = tempDir();
  const middleware = (name: string, body: string) => `<?php\nnamespace App\\Http\\Middleware\\Api;\nuse Closure;\nuse Illuminate\\Http\\Request;\nclass ${name}\n{\n    public function handle(Request $request, Closure $next): Response\n    {\n${body}\n        return $next($request);\n    }\n}\n`;
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^12.0" } }),
    "bootstrap/app.php": [
      "<?php",
      "use App\\Http\\Middleware\\Api\\AdminApi;",
      "use App\\Http\\Middleware\\Api\\NeedsPlan;",
      "return Application::configure(basePath: dirname(__DIR__))",
      "    ->withRouting(web: __DIR__.'/../routes/web.php', api: __DIR__.'/../routes/api.php')",
      "    ->withMiddleware(function (Middleware $middleware) {",
      "        $middleware->alias([",
      "            'api.admin' => AdminApi::class,",
      "            'plan' => NeedsPlan::class,",
      "        ]);",
      "    })->create();",
    ].join("\n"),
    "routes/web.php": "<?php\n",
    "routes/api.php": [
      "<?php",
      "use App\\Http\\Controllers\\Api\\CreditController;",
      "Route::group(['middleware' => ['api.admin'], 'prefix' => 'v1/admin'], function () {",
      "    Route::get('credits', [CreditController::class, 'index']);",
      "});",
      "Route::get('checkout', [CreditController::class, 'checkout'])->middleware('plan');",
    ].join("\n"),
    "app/Http/Controllers/Api/CreditController.php": "<?php\nnamespace App\\Http\\Controllers\\Api;\nclass CreditController extends Controller {\n    public function index() { return []; }\n    public function checkout() { return []; }\n}\n",
    "app/Http/Middleware/Api/AdminApi.php": middleware("AdminApi", [
      "        if (!$request->bearerToken()) {",
      "            return response()->json(['error' => 'The request is missing a valid bearer token.'], 401);",
      "        }",
    ].join("\n")),
    "app/Http/Middleware/Api/NeedsPlan.php": middleware("NeedsPlan", [
      "        if (!$request->has('plan')) {",
      "            return response()->json(['error' => 'Pick a plan first.'], 422);",
      "        }",
    ].join("\n")),
  });
  assert.equal(guardedRoutes(root).sort(), ["GET /api/checkout", "GET /api/v1/admin/credits [api.admin]"]);
});

laravel("Laravel Passport's routes, which its package draws: by the version the lock pins (13.x: the device grant's, the JSON API only when switched on in register()), under config/passport.php's path, the token endpoints open and the rest behind auth; an app route at the same method and path replaces Passport's; ignoreRoutes() in register() turns them off, in boot() it comes too late, as a switch of the JSON API does", () => {
  const app = (passport: { version: string; provider: string; config?: string }) => {
    const root = tempDir("tool-laravel-passport-");
    writeFiles(root, {
      "composer.json": `{\n  "require": {\n    "laravel/framework": "^12.0",\n    "laravel/passport": "^${passport.version.split(".")[0]}.0"\n  }\n}\n`,
      "composer.lock": `{\n  "packages": [\n    {\n      "name": "laravel/passport",\n      "version": "v${passport.version}"\n    }\n  ]\n}\n`,
      "app/Providers/AppServiceProvider.php": php("namespace App\\Providers;", "", "class AppServiceProvider extends ServiceProvider", "{", passport.provider, "}"),
      ...(passport.config ? { "config/passport.php": php("return [", `    'path' => env('PASSPORT_PATH', '${passport.config}'),`, "];") } : {}),
      "routes/web.php": php("use Illuminate\\Support\\Facades\\Route;", "", "Route::get('/oauth/personal-access-tokens', [TokenController::class, 'index'])->middleware('auth');", "Route::get('/', [HomeController::class, 'index']);"),
    });
    git(root, "init", "-q");
    return analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort();
  };
  // Switched on in boot(), the JSON API comes too late: Passport drew its routes when it booted, first.
  assert.not.ok(app({ version: "13.7.5", provider: "    public function boot(): void\n    {\n        Passport::$registersJsonApiRoutes = true;\n    }" }).some((r) => r.includes("/oauth/clients")));
  assert.equal(app({ version: "13.7.5", provider: "    public function register(): void\n    {\n        Passport::$registersJsonApiRoutes = true;\n    }" }).filter((r) => r.includes("/oauth/")), [
    "DELETE /oauth/authorize composer.json [auth]",
    "DELETE /oauth/clients/{client_id} composer.json [auth]",
    "DELETE /oauth/device/authorize composer.json [auth]",
    "DELETE /oauth/personal-access-tokens/{token_id} composer.json [auth]",
    "DELETE /oauth/tokens/{token_id} composer.json [auth]",
    "GET /oauth/authorize composer.json [auth]",
    "GET /oauth/clients composer.json [auth]",
    "GET /oauth/device composer.json",
    "GET /oauth/device/authorize composer.json [auth]",
    "GET /oauth/personal-access-tokens routes/web.php [auth]",
    "GET /oauth/scopes composer.json [auth]",
    "GET /oauth/tokens composer.json [auth]",
    "POST /oauth/authorize composer.json [auth]",
    "POST /oauth/clients composer.json [auth]",
    "POST /oauth/device/authorize composer.json [auth]",
    "POST /oauth/device/code composer.json",
    "POST /oauth/personal-access-tokens composer.json [auth]",
    "POST /oauth/token composer.json",
    "POST /oauth/token/refresh composer.json [auth]",
    "PUT /oauth/clients/{client_id} composer.json [auth]",
  ]);
  // 12.x under a path of its own, its JSON API always there; ignoreRoutes() in boot() is too late.
  const late = app({ version: "12.3.0", provider: "    public function boot(): void\n    {\n        Passport::ignoreRoutes();\n    }", config: "auth/oauth" });
  assert.ok(late.includes("POST /auth/oauth/token composer.json"), late.join("\n"));
  assert.ok(late.includes("GET /auth/oauth/scopes composer.json [auth]"), late.join("\n"));
  assert.not.ok(late.some((r) => r.includes("device")), "no device grant before 13.x");
  // In register(), before Passport's provider boots: none of them.
  assert.equal(app({ version: "12.3.0", provider: "    public function register(): void\n    {\n        Passport::ignoreRoutes();\n    }" }).filter((r) => r.includes("composer.json")), []);
});

laravel("Livewire's routes, which its provider draws, by the version the lock pins (a dependency of another package counts): Livewire 3 under /livewire, 4 under /livewire-{hash} with its components' assets, the script unminified in debug mode, uploads and previews behind their signature; an update route the app moves is served where it says; Livewire 2's are not drawn", () => {
  const app = (livewire: { version: string; required?: boolean; debug?: boolean; provider?: string }) => {
    const root = tempDir("tool-laravel-livewire-");
    writeFiles(root, {
      "composer.json": `{\n  "require": {\n    "laravel/framework": "^12.0"${livewire.required === false ? ', "filament/filament": "^4.0"' : `, "livewire/livewire": "^${livewire.version.split(".")[0]}.0"`}\n  }\n}\n`,
      "composer.lock": `{\n  "packages": [\n    {\n      "name": "livewire/livewire",\n      "version": "v${livewire.version}"\n    }\n  ]\n}\n`,
      ".env.example": `APP_NAME=Shop\nAPP_DEBUG=${livewire.debug ? "true" : "false"}\n`,
      "app/Providers/AppServiceProvider.php": php("namespace App\\Providers;", "", "class AppServiceProvider extends ServiceProvider", "{", livewire.provider ?? "", "}"),
      "routes/web.php": php("use Illuminate\\Support\\Facades\\Route;", "", "Route::get('/', [HomeController::class, 'index']);"),
    });
    git(root, "init", "-q");
    return analyze(root).routes.items.filter((r) => r.path !== "/").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort();
  };
  assert.equal(app({ version: "3.6.1" }), [
    "GET /livewire/livewire.min.js",
    "GET /livewire/livewire.min.js.map",
    "GET /livewire/preview-file/{filename} [signed]",
    "POST /livewire/update",
    "POST /livewire/upload-file [signed]",
  ]);
  assert.equal(app({ version: "4.3.5", required: false, debug: true }), [
    "GET /livewire-{hash}/css/{component}.css",
    "GET /livewire-{hash}/css/{component}.global.css",
    "GET /livewire-{hash}/js/{component}.js",
    "GET /livewire-{hash}/livewire.csp.min.js.map",
    "GET /livewire-{hash}/livewire.js",
    "GET /livewire-{hash}/livewire.min.js.map",
    "GET /livewire-{hash}/preview-file/{filename} [signed]",
    "POST /livewire-{hash}/update",
    "POST /livewire-{hash}/upload-file [signed]",
  ]);
  const moved = app({ version: "3.6.1", provider: "    public function boot(): void\n    {\n        Livewire::setUpdateRoute(function ($handle) {\n            return Route::post('/{company_id}/livewire/update', $handle);\n        });\n    }" });
  assert.ok(moved.includes("POST /{company_id}/livewire/update") && !moved.includes("POST /livewire/update"), moved.join(", "));
  assert.equal(app({ version: "2.12.6" }), []);
});

laravel("Sanctum's CSRF cookie route, which its provider draws, under config/sanctum.php's prefix and open to anyone; ignoreRoutes() in register() turns it off, in boot() it comes too late", () => {
  const app = (provider: string, config?: string) => {
    const root = tempDir("tool-laravel-sanctum-");
    writeFiles(root, {
      "composer.json": '{\n  "require": {\n    "laravel/framework": "^12.0",\n    "laravel/sanctum": "^4.0"\n  }\n}\n',
      "app/Providers/AppServiceProvider.php": php("namespace App\\Providers;", "", "class AppServiceProvider extends ServiceProvider", "{", provider, "}"),
      ...(config ? { "config/sanctum.php": php("return [", `    'prefix' => '${config}',`, "];") } : {}),
      "routes/web.php": php("use Illuminate\\Support\\Facades\\Route;", "", "Route::get('/', [HomeController::class, 'index']);"),
    });
    git(root, "init", "-q");
    return analyze(root).routes.items.filter((r) => r.path !== "/").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);
  };
  assert.equal(app(""), ["GET /sanctum/csrf-cookie"]);
  assert.equal(app("", "api/spa"), ["GET /api/spa/csrf-cookie"]);
  assert.equal(app("    public function register(): void\n    {\n        Sanctum::ignoreRoutes();\n    }"), []);
  assert.equal(app("    public function boot(): void\n    {\n        Sanctum::ignoreRoutes();\n    }"), ["GET /sanctum/csrf-cookie"]);
});

laravel("routes/api.php is served under the prefix Laravel 11's withRouting(apiPrefix: ...) gives it in bootstrap/app.php, else under /api", () => {
  const app = (bootstrap: string) => {
    const root = tempDir("tool-laravel-api-prefix-");
    writeFiles(root, {
      "composer.json": '{\n  "require": {\n    "laravel/framework": "^12.0"\n  }\n}\n',
      "bootstrap/app.php": php("return Application::configure(basePath: dirname(__DIR__))", "    ->withRouting(", "        web: __DIR__.'/../routes/web.php',", "        api: __DIR__.'/../routes/api.php',", bootstrap, "    )->create();"),
      "routes/web.php": php("use Illuminate\\Support\\Facades\\Route;", "", "Route::get('/', [HomeController::class, 'index']);"),
      "routes/api.php": php("use Illuminate\\Support\\Facades\\Route;", "", "Route::get('/me', [MeController::class, 'show'])->middleware('auth:sanctum');"),
    });
    git(root, "init", "-q");
    return analyze(root).routes.items.filter((r) => r.file === "routes/api.php").map((r) => `${r.method} ${r.path}`);
  };
  assert.equal(app("        apiPrefix: 'api/v1',"), ["GET /api/v1/me"]);
  assert.equal(app("        health: '/up',"), ["GET /api/me"]);
});

laravel("Route::fallback serves every GET no other route matches (GET /*), inside a group with its middleware too", () => {
  const root = tempDir("tool-laravel-fallback-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^10.0" } }),
    "routes/web.php": [
      "<?php",
      "use App\\Http\\Controllers\\MetaController;",
      "use Illuminate\\Support\\Facades\\Route;",
      "Route::get('/robots.txt', [MetaController::class, 'robots']);",
      "Route::middleware('auth')->prefix('admin')->group(function () {",
      "    Route::fallback([MetaController::class, 'adminNotFound']);",
      "});",
      "Route::fallback([MetaController::class, 'notFound'])->name('fallback');",
      "",
    ].join("\n"),
    "app/Http/Controllers/MetaController.php": "<?php\nnamespace App\\Http\\Controllers;\n\nclass MetaController extends Controller\n{\n    public function robots() { return ''; }\n    public function notFound() { return response()->view('errors.404', [], 404); }\n    public function adminNotFound() { return response()->view('errors.404', [], 404); }\n}\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`).sort(), [
    "GET /* MetaController@notFound []",
    "GET /admin/* MetaController@adminNotFound [auth]",
    "GET /robots.txt MetaController@robots []",
  ]);
});

laravel("Fortify's routes, which its package draws: signing in and out, and the features config/fortify.php turns on (one commented out is off), form pages only with views on, under its prefix; those behind its auth middleware guarded; one the app serves itself at the same method and path is the app's", () => {
  const root = tempDir("tool-laravel-fortify-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0", "laravel/fortify": "^1.21" } }),
    // The app's own route at one of Fortify's method and path replaces it (registered later): one POST /login.
    "routes/web.php": "<?php\nuse Illuminate\\Support\\Facades\\Route;\nuse App\\Http\\Controllers\\Auth\\LoginController;\nRoute::get('/dashboard', [DashboardController::class, 'index'])->middleware('auth');\nRoute::post('/login', [LoginController::class, 'store'])->middleware('guest');\n",
    "app/Http/Controllers/Auth/LoginController.php": "<?php\nnamespace App\\Http\\Controllers\\Auth;\n\nclass LoginController\n{\n    public function store() { return redirect('/'); }\n}\n",
    "app/Http/Controllers/DashboardController.php": "<?php\nnamespace App\\Http\\Controllers;\n\nclass DashboardController extends Controller\n{\n    public function index() { return view('dashboard'); }\n}\n",
    "config/fortify.php": [
      "<?php",
      "use Laravel\\Fortify\\Features;",
      "return [",
      "    'guard' => 'web',",
      "    'prefix' => '',",
      "    'views' => false,",
      "    'features' => [",
      "        Features::registration(),",
      "        Features::resetPasswords(),",
      "        // Features::emailVerification(),",
      "        Features::updatePasswords(),",
      "        Features::twoFactorAuthentication([",
      "            'confirm' => true,",
      "        ]),",
      "    ],",
      "];",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]${r.file.startsWith("routes/") && r.path === "/login" ? ` ${r.file}` : ""}`).sort(), [
    "DELETE /user/two-factor-authentication [auth]",
    "GET /dashboard [auth]",
    "GET /user/confirmed-password-status [auth]",
    "GET /user/two-factor-qr-code [auth]",
    "GET /user/two-factor-recovery-codes [auth]",
    "GET /user/two-factor-secret-key [auth]",
    "POST /forgot-password []",
    "POST /login [] routes/web.php",
    "POST /logout [auth]",
    "POST /register []",
    "POST /reset-password []",
    "POST /two-factor-challenge []",
    "POST /user/confirm-password [auth]",
    "POST /user/confirmed-two-factor-authentication [auth]",
    "POST /user/two-factor-authentication [auth]",
    "POST /user/two-factor-recovery-codes [auth]",
    "PUT /user/password [auth]",
  ]);
});

laravel("a controller named as a string is under its group's namespace (['namespace' => 'Admin'], Route::namespace('Forum')), else Laravel's default App\\Http\\Controllers, so of several UsersController classes the route's own is read; a constructor's middleware of a parent controller guards its children that call parent::__construct(), not one whose constructor does not", () => {
  const root = tempDir("tool-laravel-namespaces-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^8.0" } }),
    "routes/web.php": [
      "<?php",
      "Route::group(['prefix' => 'admin', 'namespace' => 'Admin'], function () {",
      "    Route::resource('contests', 'ContestsController', ['only' => ['index']]);",
      "    Route::get('logs', 'LogsController@index');",
      "    Route::namespace('Forum')->group(function () {",
      "        Route::get('forum/covers', 'CoversController@index');",
      "    });",
      "});",
      "Route::get('contests', 'ContestsController@index');",
      "Route::get('users/create', 'UsersController@create');",
      "",
    ].join("\n"),
    "app/Http/Controllers/Controller.php": "<?php\nnamespace App\\Http\\Controllers;\nuse Illuminate\\Routing\\Controller as BaseController;\nclass Controller extends BaseController\n{\n    public function __construct()\n    {\n    }\n}\n",
    "app/Http/Controllers/Admin/Controller.php": "<?php\nnamespace App\\Http\\Controllers\\Admin;\nuse App\\Http\\Controllers\\Controller as BaseController;\nabstract class Controller extends BaseController\n{\n    public function __construct()\n    {\n        $this->middleware('auth');\n        parent::__construct();\n    }\n}\n",
    "app/Http/Controllers/Admin/ContestsController.php": "<?php\nnamespace App\\Http\\Controllers\\Admin;\nclass ContestsController extends Controller\n{\n    public function index() { return []; }\n}\n",
    // A constructor of its own that does not call its parent's: the parent's middleware is not added.
    "app/Http/Controllers/Admin/LogsController.php": "<?php\nnamespace App\\Http\\Controllers\\Admin;\nclass LogsController extends Controller\n{\n    public function __construct()\n    {\n    }\n\n    public function index() { return []; }\n}\n",
    "app/Http/Controllers/Admin/Forum/CoversController.php": "<?php\nnamespace App\\Http\\Controllers\\Admin\\Forum;\nuse App\\Http\\Controllers\\Admin\\Controller;\nclass CoversController extends Controller\n{\n    public function index() { return []; }\n}\n",
    "app/Http/Controllers/ContestsController.php": "<?php\nnamespace App\\Http\\Controllers;\nclass ContestsController extends Controller\n{\n    public function index() { return []; }\n}\n",
    "app/Http/Controllers/UsersController.php": "<?php\nnamespace App\\Http\\Controllers;\nclass UsersController extends Controller\n{\n    public function __construct()\n    {\n        $this->middleware('guest', ['only' => ['create']]);\n        parent::__construct();\n    }\n\n    public function create() { return view('users.create'); }\n}\n",
    // Another UsersController, in a folder sorted first, whose parent guards every action.
    "app/Http/Controllers/Chat/Controller.php": "<?php\nnamespace App\\Http\\Controllers\\Chat;\nuse App\\Http\\Controllers\\Controller as BaseController;\nclass Controller extends BaseController\n{\n    public function __construct()\n    {\n        $this->middleware('auth');\n        parent::__construct();\n    }\n}\n",
    "app/Http/Controllers/Chat/Channels/UsersController.php": "<?php\nnamespace App\\Http\\Controllers\\Chat\\Channels;\nuse App\\Http\\Controllers\\Chat\\Controller;\nclass UsersController extends Controller\n{\n    public function create() { return []; }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /admin/contests Admin\\ContestsController@index [auth]",
    "GET /admin/forum/covers Admin\\Forum\\CoversController@index [auth]",
    "GET /admin/logs Admin\\LogsController@index []",
    "GET /contests ContestsController@index []",
    "GET /users/create UsersController@create []",
  ]);
});

laravel("a middleware of the web group that acts only on a signed-in user it reads first (VerifyUser: $user = $this->auth->user(); if ($user !== null && ...) { ... } return $next($request);) guards nothing, nor its subclass with no handle() of its own", () => {
  const root = tempDir("tool-laravel-verify-user-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "app/Http/Kernel.php": "<?php\nnamespace App\\Http;\nclass Kernel extends HttpKernel\n{\n    protected $middlewareGroups = [\n        'web' => [\n            StartSession::class,\n            Middleware\\VerifyUserAlways::class,\n        ],\n    ];\n    protected $routeMiddleware = [\n        'verify-user' => Middleware\\VerifyUser::class,\n        'auth' => Middleware\\Authenticate::class,\n    ];\n}\n",
    "app/Http/Middleware/VerifyUser.php": [
      "<?php",
      "namespace App\\Http\\Middleware;",
      "class VerifyUser",
      "{",
      "    public function handle(Request $request, Closure $next)",
      "    {",
      "        $user = $this->auth->user();",
      "",
      "        if (",
      "            $user !== null",
      "            && !$user->isSessionVerified()",
      "            && $this->requiresVerification($request)",
      "        ) {",
      "            return SessionVerification::initiate();",
      "        }",
      "",
      "        return $next($request);",
      "    }",
      "}",
    ].join("\n"),
    "app/Http/Middleware/VerifyUserAlways.php": "<?php\nnamespace App\\Http\\Middleware;\nclass VerifyUserAlways extends VerifyUser\n{\n    public function requiresVerification($request)\n    {\n        return true;\n    }\n}\n",
    "routes/web.php": "<?php\nRoute::get('/', 'HomeController@index');\nRoute::get('/account', 'AccountController@edit')->middleware('auth');\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), ["GET / []", "GET /account [auth]"]);
});

laravel.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const yii = suite("Yii 2 routes");

const php = (...lines: string[]) => ["<?php", "", ...lines, ""].join("\n");

yii("each web controller's actions at <module>/<controller>/<action>: modules by the id the configuration gives, a controller map, inherited actions, actions(), VerbFilter and a POST check, AccessControl rules; console and protected methods serve nothing", () => {
  const root = tempDir("tool-yii-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { php: ">=8.1", "yiisoft/yii2": "~2.0.50" } }),
    "config/web.php": php(
      "return [",
      "    'id' => 'basic',",
      "    'modules' => [",
      "        'backoffice' => ['class' => 'app\\modules\\admin\\Module'],",
      "    ],",
      "];",
    ),
    "controllers/SiteController.php": php(
      "namespace app\\controllers;",
      "use yii\\filters\\AccessControl;",
      "use yii\\filters\\VerbFilter;",
      "use yii\\web\\Controller;",
      "class SiteController extends Controller",
      "{",
      "    public function behaviors()",
      "    {",
      "        return [",
      "            'access' => [",
      "                'class' => AccessControl::class,",
      "                'only' => ['logout', 'about'],",
      "                'rules' => [",
      "                    ['actions' => ['logout'], 'allow' => true, 'roles' => ['@']],",
      "                    ['actions' => ['about'], 'allow' => true, 'roles' => ['?']],",
      "                ],",
      "            ],",
      "            'verbs' => ['class' => VerbFilter::class, 'actions' => ['logout' => ['post']]],",
      "        ];",
      "    }",
      "    public function actions()",
      "    {",
      "        return [",
      "            'error' => ['class' => 'yii\\web\\ErrorAction'],",
      "            'captcha' => ['class' => 'yii\\captcha\\CaptchaAction', 'fixedVerifyCode' => null],",
      "        ];",
      "    }",
      "    public function actionIndex() { return $this->render('index'); }",
      "    public function actionLogin() { return $this->render('login'); }",
      "    public function actionLogout() { return $this->goHome(); }",
      "    public function actionAbout() { return $this->render('about'); }",
      "    public function actionContactUs() { return $this->render('contact'); }",
      "    protected function actionHelper() { return null; }",
      "}",
    ),
    "components/BaseApiController.php": php(
      "namespace app\\components;",
      "use yii\\web\\Controller;",
      "abstract class BaseApiController extends Controller",
      "{",
      "    public function actionPing() { return 'pong'; }",
      "}",
    ),
    "controllers/ApiController.php": php(
      "namespace app\\controllers;",
      "use app\\components\\BaseApiController;",
      "class ApiController extends BaseApiController",
      "{",
      "    public function actionStatus() { return 'ok'; }",
      "}",
    ),
    "modules/admin/Module.php": php(
      "namespace app\\modules\\admin;",
      "use app\\modules\\admin\\reports\\controllers\\ReportController;",
      "class Module extends \\yii\\base\\Module",
      "{",
      "    public $controllerMap = [",
      "        'report-card' => ReportController::class,",
      "    ];",
      "}",
    ),
    "modules/admin/controllers/UserController.php": php(
      "namespace app\\modules\\admin\\controllers;",
      "use yii\\filters\\AccessControl;",
      "use yii\\web\\Controller;",
      "class UserController extends Controller",
      "{",
      "    public function behaviors()",
      "    {",
      "        return ['access' => ['class' => AccessControl::class, 'rules' => [['allow' => true, 'roles' => ['@']]]]];",
      "    }",
      "    public function actionIndex() { return $this->render('index'); }",
      "    public function actionDeleteAll()",
      "    {",
      "        $this->forcePostRequest();",
      "        return $this->redirect(['index']);",
      "    }",
      "}",
    ),
    "modules/admin/reports/controllers/ReportController.php": php("namespace app\\modules\\admin\\reports\\controllers;", "use yii\\web\\Controller;", "class ReportController extends Controller", "{", "    public function actionIndex() { return ''; }", "}"),
    "modules/admin/legacy/controllers/OldController.php": php("namespace app\\modules\\admin\\legacy\\controllers;", "use yii\\web\\Controller;", "class OldController extends Controller", "{", "    public function actionIndex() { return ''; }", "}"),
    "commands/HelloController.php": php("namespace app\\commands;", "use yii\\console\\Controller;", "class HelloController extends Controller", "{", "    public function actionIndex() { echo 'hello'; }", "}"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "ALL /",
    "ALL /api/ping",
    "ALL /api/status",
    "ALL /backoffice/report-card/index",
    "ALL /backoffice/user/index [AccessControl]",
    "ALL /site/about",
    "ALL /site/captcha",
    "ALL /site/contact-us",
    "ALL /site/error",
    "ALL /site/index",
    "ALL /site/login",
    "POST /backoffice/user/delete-all [AccessControl]",
    "POST /site/logout [AccessControl]",
  ]);
});

yii("an access filter whose rules the code computes guards every action it covers; a project without Yii serves no routes by convention", () => {
  const root = tempDir("tool-yii-computed-rules-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "yiisoft/yii2": "~2.0.50" } }),
    "protected/app/components/Controller.php": php(
      "namespace app\\components;",
      "use app\\components\\behaviors\\AccessControl;",
      "class Controller extends \\yii\\web\\Controller",
      "{",
      "    protected function getAccessRules() { return []; }",
      "    public function behaviors() { return ['acl' => ['class' => AccessControl::class, 'rules' => $this->getAccessRules()]]; }",
      "}",
    ),
    "protected/app/modules/space/Module.php": php("namespace app\\modules\\space;", "class Module extends \\yii\\base\\Module {}"),
    "protected/app/modules/space/config.php": php("return ['id' => 'space', 'class' => \\app\\modules\\space\\Module::class];"),
    "protected/app/modules/space/controllers/MembershipController.php": php(
      "namespace app\\modules\\space\\controllers;",
      "use app\\components\\Controller;",
      "class MembershipController extends Controller",
      "{",
      "    public function actionRequest() { return ''; }",
      "}",
    ),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["ALL /space/membership/request [AccessControl]"]);

  const plain = tempDir("tool-yii-none-");
  writeFiles(plain, {
    "composer.json": JSON.stringify({ require: { "slim/slim": "^4.0" } }),
    "controllers/SiteController.php": php("namespace app\\controllers;", "class SiteController", "{", "    public function actionIndex() { return ''; }", "}"),
  });
  git(plain, "init", "-q");
  assert.equal(guardedRoutes(plain), []);
});

yii("a REST URL rule serves the controllers it names at its own paths (plural names under its prefix, default patterns, extra patterns, only/except, $this->id in a module), each to an action the controller has; the authenticator a trait declares guards all but what a subclass excepts", () => {
  const root = tempDir("tool-yii-rest-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "yiisoft/yii2": "~2.0.46" } }),
    "config/web.php": php("return ['id' => 'conduit', 'modules' => ['api' => ['class' => 'app\\modules\\api\\Module']]];"),
    "modules/api/Module.php": php(
      "namespace app\\modules\\api;",
      "use yii\\base\\BootstrapInterface;",
      "use yii\\rest\\UrlRule;",
      "class Module extends \\yii\\base\\Module implements BootstrapInterface",
      "{",
      "    public function bootstrap($app)",
      "    {",
      "        $app->getUrlManager()->addRules([",
      "            [",
      "                'class' => UrlRule::class,",
      "                'prefix' => $this->id,",
      "                'controller' => ['articles' => $this->id . '/article'],",
      "                'except' => ['delete'],",
      "                'extraPatterns' => ['POST {id}/favorite' => 'favorite', 'OPTIONS {id}/favorite' => 'options'],",
      "            ],",
      // The plural of the whole id (`api/tags`): a prefix would come before it again.
      "            ['class' => UrlRule::class, 'controller' => $this->id . '/tag', 'only' => ['index']],",
      "        ]);",
      "    }",
      "}",
    ),
    "modules/api/components/BehaviorsTrait.php": php(
      "namespace app\\modules\\api\\components;",
      "use yii\\filters\\auth\\HttpBearerAuth;",
      "trait BehaviorsTrait",
      "{",
      "    public function behaviors()",
      "    {",
      "        return array_merge(parent::behaviors(), ['authenticator' => ['class' => HttpBearerAuth::class, 'optional' => ['options']]]);",
      "    }",
      "}",
    ),
    "modules/api/components/ActiveController.php": php(
      "namespace app\\modules\\api\\components;",
      "abstract class ActiveController extends \\yii\\rest\\ActiveController",
      "{",
      "    use BehaviorsTrait;",
      "}",
    ),
    "modules/api/controllers/ArticleController.php": php(
      "namespace app\\modules\\api\\controllers;",
      "use app\\modules\\api\\components\\ActiveController;",
      "class ArticleController extends ActiveController",
      "{",
      "    public function behaviors()",
      "    {",
      "        $behaviors = parent::behaviors();",
      "        $behaviors['authenticator']['except'] = ['index', 'view'];",
      "        return $behaviors;",
      "    }",
      "    public function actionFavorite($id) { return []; }",
      "}",
    ),
    "modules/api/controllers/TagController.php": php(
      "namespace app\\modules\\api\\controllers;",
      "use yii\\rest\\Controller;",
      "class TagController extends Controller",
      "{",
      "    public function actions()",
      "    {",
      "        return array_merge(parent::actions(), ['index' => ['class' => 'app\\modules\\api\\actions\\TagsAction']]);",
      "    }",
      "}",
    ),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/articles",
    "GET /api/articles/{id}",
    "GET /api/tags",
    "PATCH /api/articles/{id} [HttpBearerAuth]",
    "POST /api/articles [HttpBearerAuth]",
    "POST /api/articles/{id}/favorite [HttpBearerAuth]",
    "PUT /api/articles/{id} [HttpBearerAuth]",
  ]);
});

yii.run();

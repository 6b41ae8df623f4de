import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, fixtureRepo, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const flask = suite("Flask routes");

flask("blueprints registered across modules, url prefixes in constants and replaced at registration, MethodView classes, guards where Flask applies them", () => {
  assert.equal(list(fixtureRepo("routes-flask")), [
    // register_blueprint's url_prefix replaces the blueprint's own "/auth".
    "GET /account/login app/auth.py:7 login",
    "POST /account/login app/auth.py:7 login",
    "POST /account/logout app/auth.py:12 logout [login_required]",
    "GET /admin/stats app/admin.py:13 stats [require_login]",
    "DELETE /api/v1/items/{item_id} app/api/items.py:13 ItemAPI.delete [login_required]",
    "GET /api/v1/items/{item_id} app/api/items.py:10 ItemAPI.get [login_required]",
    "GET /api/v1/users app/api/users.py:7 list_users",
    "DELETE /api/v1/users/{user_id} app/api/users.py:12 change_user [login_required,admin_required]",
    "PUT /api/v1/users/{user_id} app/api/users.py:12 change_user [login_required,admin_required]",
    // login_required sits above the route decorator: Flask registered the unwrapped function.
    "GET /api/v1/users/export app/api/users.py:20 export_users",
    "GET /health app/__init__.py:19 health",
  ]);
});

flask("a blueprint a function makes and returns is mounted where the function's result is registered, by module, by an imported alias or through a name assigned from the call", () => {
  const root = tempDir("tool-flask-factories-");
  const factory = (name: string, routes: string[], extra: string[] = []) => [
    "from flask import Blueprint",
    "",
    "def construct_blueprint(store):",
    `    ${name}_blueprint = Blueprint("${name}", __name__)`,
    ...extra,
    ...routes.flatMap((route) => [`    @${name}_blueprint.route("${route}")`, `    def ${name}_${route.replace(/\W/g, "_")}():`, "        return store.page()", ""]),
    `    return ${name}_blueprint`,
    "",
  ].join("\n");
  writeFiles(root, {
    "app/blueprints/tags.py": factory("tags", ["/list"]),
    "app/blueprints/imports.py": factory("imports", ["/import"]),
    "app/blueprints/edit.py": factory("edit", ["/edit/<uuid>"]),
    "app/blueprints/ui.py": factory("ui", ["/"], [
      "    from app.blueprints.edit import construct_blueprint as construct_edit_blueprint",
      "    edit_blueprint = construct_edit_blueprint(store)",
      "    ui_blueprint.register_blueprint(edit_blueprint)",
    ]),
    "app/server.py": [
      "from flask import Flask",
      "",
      "def create_app(store):",
      "    app = Flask(__name__)",
      "    import app.blueprints.tags as tags",
      "    app.register_blueprint(tags.construct_blueprint(store), url_prefix='/tags')",
      "    from app.blueprints.imports import construct_blueprint as construct_import_blueprint",
      "    app.register_blueprint(construct_import_blueprint(store), url_prefix='/imports')",
      "    import app.blueprints.ui as ui",
      "    app.register_blueprint(ui.construct_blueprint(store))",
      "    return app",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET / ui__",
    "GET /edit/{uuid} edit__edit__uuid_",
    "GET /imports/import imports__import",
    "GET /tags/list tags__list",
  ]);
});

flask("a function handed a blueprint to add its rules (register_dataset_plugin_rules(dataset)) registers them under each blueprint the module hands it; a loop over a list of (rule, view) tuples adds one rule per tuple", () => {
  const root = tempDir("tool-flask-handed-");
  writeFiles(root, {
    "ckan/views/dataset.py": [
      "from flask import Blueprint",
      "",
      "dataset = Blueprint('dataset', __name__, url_prefix='/dataset')",
      "",
      "def register_dataset_plugin_rules(blueprint: Blueprint):",
      "    blueprint.add_url_rule('/', view_func=search, strict_slashes=False)",
      "    blueprint.add_url_rule('/new', view_func=new, methods=['GET', 'POST'])",
      "    blueprint.add_url_rule('/<id>', view_func=read)",
      "",
      "register_dataset_plugin_rules(dataset)",
    ].join("\n"),
    "ckan/views/api.py": [
      "from flask import Blueprint",
      "",
      "api = Blueprint(u'api', __name__, url_prefix=u'/api')",
      "",
      "util_rules = [",
      "    (u'/util/dataset/autocomplete', dataset_autocomplete),",
      "    (u'/i18n/<lang>', i18n_js_translations),",
      "]",
      "",
      "version_rule = u'/<int:ver>'",
      "for rule, view_func in util_rules:",
      "    api.add_url_rule(rule, view_func=view_func)",
      "    api.add_url_rule(version_rule + rule, view_func=view_func)",
    ].join("\n"),
    "ckan/config/middleware.py": "from flask import Flask\nfrom ckan.views.dataset import dataset\nfrom ckan.views.api import api\n\napp = Flask(__name__)\napp.register_blueprint(dataset)\napp.register_blueprint(api)\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /api/{ver}/i18n/{lang} i18n_js_translations",
    "GET /api/{ver}/util/dataset/autocomplete dataset_autocomplete",
    "GET /api/i18n/{lang} i18n_js_translations",
    "GET /api/util/dataset/autocomplete dataset_autocomplete",
    "GET /dataset search",
    "GET /dataset/{id} read",
    "GET /dataset/new new",
    "POST /dataset/new new",
  ]);
});

flask("routes in tests, comments and strings are not routes", () => {
  const items = analyze(fixtureRepo("routes-flask")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("tests/") || /commented|not-a-route/.test(r.path)));
});

flask("a url_prefix from the app's configuration whose default is an entry of a dict of defaults in the configuration module (DEFAULT_CONFIG = {'WEB_ADMIN': '/admin'}); a key the dict gives no string stays unknown", () => {
  const root = tempDir("tool-flask-config-dict-");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "mail"\ndependencies = ["flask>=3"]\n',
    "mail/configuration.py": [
      "import os",
      "",
      "DEFAULT_CONFIG = {",
      "    # Web settings",
      "    'WEB_ADMIN': '/admin',",
      "    \"WEB_STATUS\": os.environ.get('STATUS_ROOT'),",
      "    'SESSION_TIMEOUT': 3600,",
      "}",
      "",
      "class ConfigManager:",
      "    def init_app(self, app):",
      "        app.config.update({key: os.environ.get(key, value) for key, value in DEFAULT_CONFIG.items()})",
    ].join("\n"),
    "mail/ui.py": 'from flask import Blueprint\n\nui = Blueprint("ui", __name__)\n\n@ui.route("/domains", methods=["POST"])\ndef domain_create():\n    return "ok"\n',
    "mail/status.py": 'from flask import Blueprint\n\nstatus = Blueprint("status", __name__)\n\n@status.route("/health")\ndef health():\n    return "ok"\n',
    "mail/__init__.py": [
      "from flask import Flask",
      "from mail import configuration, ui, status",
      "",
      "def create_app():",
      "    app = Flask(__name__)",
      "    configuration.ConfigManager().init_app(app)",
      "    app.register_blueprint(ui.ui, url_prefix=app.config['WEB_ADMIN'])",
      "    app.register_blueprint(status.status, url_prefix=app.config['WEB_STATUS'])",
      "    return app",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "POST /admin/domains domain_create",
    "GET /health health (prefix unknown)",
  ]);
});

flask("Flask-RESTX: a namespace the Api makes (alias = api.namespace('alias')) serves at /alias; a module that repeats a Resource class's name routes each decorator to the class below it; a url_prefix made from a function's parameter is not known, and the routes say so", () => {
  const root = tempDir("tool-flask-restx-namespace-");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "mail"\ndependencies = ["flask>=3", "flask-restx"]\n',
    "mail/api/v1/__init__.py": 'from flask import Blueprint\nfrom flask_restx import Api\n\nblueprint = Blueprint("api_v1", __name__)\napi = Api(blueprint, doc=False)\n\nfrom . import domain\n',
    "mail/api/v1/domain.py": [
      "from flask_restx import Resource",
      "from . import api",
      "",
      "dom = api.namespace('domain', description='Domain operations')",
      "",
      "@dom.route('/<domain>')",
      "class Domain(Resource):",
      "    def get(self, domain):",
      "        return {}",
      "",
      "    def delete(self, domain):",
      "        return {}",
      "",
      "@dom.route('/<domain>/dkim')",
      "class Domain(Resource):",
      "    def post(self, domain):",
      "        return {}",
    ].join("\n"),
    "mail/api/__init__.py": "from . import v1\n\ndef register(app, web_api_root):\n    app.register_blueprint(v1.blueprint, url_prefix=f'{web_api_root}/v1')\n",
    "mail/__init__.py": "from flask import Flask\nfrom mail import api\n\napp = Flask(__name__)\napi.register(app, web_api_root='/api')\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "DELETE /domain/{domain} mail/api/v1/domain.py:11 Domain.delete (prefix unknown)",
    "GET /domain/{domain} mail/api/v1/domain.py:8 Domain.get (prefix unknown)",
    "POST /domain/{domain}/dkim mail/api/v1/domain.py:16 Domain.post (prefix unknown)",
  ]);
});

flask("a decorator of the project's not named like a check guards when its definition refuses (abort(403), or login_required around its wrapper) or a guarding decorator of the project makes it; one that only times or logs, or whose refusal a setting decides, does not", () => {
  const root = tempDir("tool-flask-project-decorators-");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "mail"\ndependencies = ["flask>=3", "flask-login"]\n',
    "mail/access.py": [
      "import functools",
      "import flask",
      "import flask_login",
      "",
      "def permissions_wrapper(handler):",
      "    def decorator(function):",
      "        @functools.wraps(function)",
      "        def wrapper(*args, **kwargs):",
      "            if not handler(args, kwargs):",
      "                flask.abort(403)",
      "            return function(*args, **kwargs)",
      "        return flask_login.login_required(wrapper)",
      "    return decorator",
      "",
      "@permissions_wrapper",
      "def global_admin(args, kwargs):",
      "    return flask_login.current_user.global_admin",
      "",
      "def domain_owner(function):",
      "    @functools.wraps(function)",
      "    def wrapper(*args, **kwargs):",
      "        if flask_login.current_user.domain != kwargs['domain']:",
      "            flask.abort(403)",
      "        return function(*args, **kwargs)",
      "    return wrapper",
      "",
      "def check_visibility(function):",
      "    @functools.wraps(function)",
      "    def wrapper(*args, **kwargs):",
      "        if get_config('visibility') == 'public':",
      "            return function(*args, **kwargs)",
      "        if not flask_login.current_user.is_authenticated:",
      "            flask.abort(403)",
      "        return function(*args, **kwargs)",
      "    return wrapper",
      "",
      "def timed(function):",
      "    @functools.wraps(function)",
      "    def wrapper(*args, **kwargs):",
      "        started = time.time()",
      "        result = function(*args, **kwargs)",
      "        flask.current_app.logger.info('took %s', time.time() - started)",
      "        return result",
      "    return wrapper",
    ].join("\n"),
    "mail/views.py": [
      "from flask import Flask",
      "from mail import access",
      "",
      "app = Flask(__name__)",
      "",
      "@app.route('/admins', methods=['POST'])",
      "@access.global_admin",
      "def admin_create():",
      "    return 'ok'",
      "",
      "@app.route('/domains/<domain>', methods=['DELETE'])",
      "@access.domain_owner",
      "def domain_delete(domain):",
      "    return 'ok'",
      "",
      "@app.route('/scoreboard', methods=['POST'])",
      "@access.check_visibility",
      "def scoreboard():",
      "    return 'ok'",
      "",
      "@app.route('/signup', methods=['POST'])",
      "@access.timed",
      "def signup():",
      "    return 'ok'",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["POST /admins [access.global_admin]", "DELETE /domains/{domain} [access.domain_owner]", "POST /scoreboard", "POST /signup"]);
});

flask("blueprints registered on the app a plugin hook receives, with a url_prefix from the configuration module, and routes added through a helper around add_url_rule", () => {
  const root = tempDir("tool-flask-helper-config-");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "board"\ndependencies = ["flask>=3"]\n',
    "board/configs/default.py": 'class DefaultConfig:\n    AUTH_URL_PREFIX = "/auth"\n    USER_URL_PREFIX = "/user"\n    # A key two modules give different values is not known.\n    ADMIN_URL_PREFIX = "/admin"\n',
    "board/configs/production.py": 'class ProductionConfig:\n    ADMIN_URL_PREFIX = "/manage"\n',
    "board/utils/helpers.py": "def register_view(bp_or_app, routes, view_func, *args, **kwargs):\n    for route in routes:\n        bp_or_app.add_url_rule(route, view_func=view_func, *args, **kwargs)\n",
    "board/auth/views.py": [
      "from flask import Blueprint",
      "from flask.views import MethodView",
      "from board.utils.helpers import register_view",
      "",
      "class Login(MethodView):",
      "    def get(self):",
      '        return render_template("login.html")',
      "",
      "    def post(self):",
      "        return self.authenticate()",
      "",
      "def load_blueprints(app):",
      '    auth = Blueprint("auth", __name__)',
      '    register_view(auth, routes=["/login"], view_func=Login.as_view("login"))',
      '    app.register_blueprint(auth, url_prefix=app.config["AUTH_URL_PREFIX"])',
    ].join("\n"),
    "board/user/views.py": [
      "from flask import Blueprint",
      "from board.utils.helpers import register_view",
      "",
      "def profile(username):",
      "    user = User.query.filter_by(username=username).first_or_404()",
      "    return render_template('profile.html', user=user)",
      "",
      "def load_blueprints(app):",
      '    user = Blueprint("user", __name__)',
      '    register_view(user, routes=["/<username>", "/<username>/about"], view_func=profile)',
      '    app.register_blueprint(user, url_prefix=app.config["USER_URL_PREFIX"])',
      '    admin = Blueprint("admin", __name__)',
      '    register_view(admin, ["/settings"], view_func=profile)',
      '    app.register_blueprint(admin, url_prefix=app.config["ADMIN_URL_PREFIX"])',
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "GET /auth/login Login.get",
    "POST /auth/login Login.post",
    "GET /settings profile (prefix unknown)",
    "GET /user/{username} profile",
    "GET /user/{username}/about profile",
  ]);
});

flask("Flask-RESTful: an Api subclass of the module's own and its add_resource variant register routes; a resource takes the decorators of the base class it extends in another module", () => {
  const root = tempDir("tool-flask-restful-ext-");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "dash"\ndependencies = ["flask", "flask-restful"]\n',
    "dash/__init__.py": "",
    "dash/handlers/__init__.py": "",
    "dash/handlers/base.py": "from flask_login import login_required\nfrom flask_restful import Resource\n\nclass BaseResource(Resource):\n    decorators = [login_required]\n",
    "dash/handlers/alerts.py": "from dash.handlers.base import BaseResource\n\nclass AlertResource(BaseResource):\n    def get(self, alert_id):\n        return get_alert(alert_id)\n\n    def delete(self, alert_id):\n        return delete_alert(alert_id)\n",
    "dash/handlers/status.py": "from flask_restful import Resource\n\nclass StatusResource(Resource):\n    def get(self):\n        return {'ok': True}\n",
    "dash/handlers/api.py": [
      "from flask_restful import Api",
      "from dash.handlers.alerts import AlertResource",
      "from dash.handlers.status import StatusResource",
      "",
      "class ApiExt(Api):",
      "    def add_org_resource(self, resource, *urls, **kwargs):",
      "        return self.add_resource(resource, *urls, **kwargs)",
      "",
      "api = ApiExt()",
      'api.add_org_resource(AlertResource, "/api/alerts/<alert_id>", endpoint="alert")',
      'api.add_org_resource(StatusResource, "/api/status", endpoint="status")',
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "DELETE /api/alerts/{alert_id} [login_required]",
    "GET /api/alerts/{alert_id} [login_required]",
    "GET /api/status",
  ]);
});

flask("Flask-RESTful: a resource serves the handler methods of the module's own resource it extends, with their decorators, unless it overrides them", () => {
  const root = tempDir("tool-flask-restful-bases-");
  writeFiles(root, {
    "requirements.txt": "flask\nflask-restful\n",
    "dash/__init__.py": "",
    "dash/queries.py": [
      "from flask_restful import Resource",
      "",
      "class BaseQueryListResource(Resource):",
      "    def get_queries(self, term):",
      "        return []",
      "",
      "    @require_permission('view_query')",
      "    def get(self):",
      "        return self.get_queries(None)",
      "",
      "class QueryListResource(BaseQueryListResource):",
      "    @require_permission('create_query')",
      "    def post(self):",
      "        return {}",
      "",
      "class QueryArchiveResource(BaseQueryListResource):",
      "    def get_queries(self, term):",
      "        return archived()",
      "",
      "class QueryExportResource(BaseQueryListResource):",
      "    def get(self):",
      "        return export()",
      "",
      "class HealthResource(Resource):",
      "    pass",
    ].join("\n"),
    "dash/api.py": [
      "from flask_restful import Api",
      "from dash.queries import QueryListResource, QueryArchiveResource, QueryExportResource, HealthResource",
      "",
      "api = Api()",
      'api.add_resource(QueryListResource, "/api/queries")',
      'api.add_resource(QueryArchiveResource, "/api/queries/archive")',
      'api.add_resource(QueryExportResource, "/api/queries/export")',
      'api.add_resource(HealthResource, "/api/health")',
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "ALL /api/health",
    "GET /api/queries [require_permission]",
    "POST /api/queries [require_permission]",
    "GET /api/queries/archive [require_permission]",
    "GET /api/queries/export",
  ]);
});

flask("a blueprint's before_request hook imported from another module guards its routes when a decorator requires a user (@user_required, @admin_required)", () => {
  const root = tempDir();
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "pi/__init__.py": "",
    "pi/app.py": "from flask import Flask\nfrom pi.token import token_blueprint\nfrom pi.validate import validate_blueprint\nimport pi.hooks\n\napp = Flask(__name__)\napp.register_blueprint(token_blueprint, url_prefix='/token')\napp.register_blueprint(validate_blueprint, url_prefix='/validate')\n",
    "pi/token.py": "from flask import Blueprint\ntoken_blueprint = Blueprint('token_blueprint', __name__)\n\n@token_blueprint.route('/', methods=['GET'])\ndef list_tokens():\n    return []\n",
    "pi/validate.py": "from flask import Blueprint\nvalidate_blueprint = Blueprint('validate_blueprint', __name__)\n\n@validate_blueprint.route('/check', methods=['POST'])\ndef check():\n    return {}\n",
    "pi/hooks.py": "from flask import g\nfrom pi.token import token_blueprint\nfrom pi.auth import user_required\n\n@token_blueprint.before_request\n@user_required\ndef before_user_request():\n    load_request()\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /token [before_user_request]",
    "POST /validate/check",
  ]);
});

flask("a before_request hook guards its blueprint when it refuses an anonymous caller, or refuses with a 403 after an access check on the caller; one that only reads the signed-in user (a maintenance page for signed-in users, a last-seen stamp) guards nothing", () => {
  const root = tempDir("tool-flask-hooks-");
  writeFiles(root, {
    "requirements.txt": "flask\nflask-login\n",
    "app/__init__.py": "from flask import Flask\nfrom app.admin import admin_bp\nfrom app.index import index_bp\nfrom app.ops import ops_bp\n\napp = Flask(__name__)\napp.register_blueprint(admin_bp, url_prefix='/admin')\napp.register_blueprint(index_bp)\napp.register_blueprint(ops_bp, url_prefix='/ops')\n",
    "app/ops.py": [
      "from flask import Blueprint, abort",
      "from flask_login import current_user",
      "ops_bp = Blueprint('ops', __name__)",
      "",
      "@ops_bp.before_request",
      "def before_request():",
      "    try:",
      "        check_access('sysadmin', {'user': current_user.name})",
      "    except NotAuthorized:",
      "        abort(403, 'Need to be system administrator')",
      "",
      "@ops_bp.route('/trash', methods=['POST'])",
      "def trash():",
      "    return {}",
      "",
    ].join("\n"),
    "app/admin.py": [
      "from flask import Blueprint, redirect, url_for",
      "from flask_login import current_user",
      "admin_bp = Blueprint('admin', __name__)",
      "",
      "@admin_bp.before_request",
      "def before_request():",
      "    if not current_user.is_authenticated:",
      "        return redirect(url_for('index.login'))",
      "",
      "@admin_bp.route('/settings', methods=['POST'])",
      "def settings():",
      "    return {}",
      "",
    ].join("\n"),
    "app/index.py": [
      "from flask import Blueprint, g, render_template, session",
      "from flask_login import current_user",
      "index_bp = Blueprint('index', __name__)",
      "",
      "@index_bp.before_request",
      "def before_request():",
      "    g.user = current_user",
      "    maintenance = Setting().get('maintenance')",
      "    if maintenance and current_user.is_authenticated and current_user.role.name not in ['Administrator']:",
      "        return render_template('maintenance.html')",
      "    session.permanent = True",
      "",
      "@index_bp.route('/login', methods=['GET', 'POST'])",
      "def login():",
      "    return render_template('login.html')",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["POST /admin/settings [before_request]", "GET /login", "POST /login", "POST /ops/trash [before_request]"]);
});

flask("a blueprint registered later through functools.partial(app.register_blueprint, api, url_prefix=\"/api\") takes that prefix", () => {
  const root = tempDir("tool-flask-partial-");
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "server/__init__.py": [
      "import functools",
      "from flask import Flask",
      "",
      "def setup_blueprints(app):",
      "    from server.api import api",
      '    registrators = [functools.partial(app.register_blueprint, api, url_prefix="/api")]',
      "    for registrator in registrators:",
      "        registrator()",
      "",
      "app = Flask(__name__)",
      "setup_blueprints(app)",
      "",
    ].join("\n"),
    "server/api/__init__.py": "from flask import Blueprint\napi = Blueprint('api', __name__)\n\n@api.route('/version', methods=['GET'])\ndef version():\n    return {}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /api/version"]);
});

flask("a view that sends an anonymous caller to sign in at its top (if tk.current_user.is_anonymous: flash; return redirect_to(\"user.login\")) is guarded; one that only flashes, or redirects elsewhere, is not", () => {
  const root = tempDir("tool-flask-view-checks-");
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "ckanext/activity/views.py": [
      "from flask import Blueprint",
      "import ckan.plugins.toolkit as tk",
      "",
      'bp = Blueprint("activity", __name__)',
      "",
      "",
      '@bp.route("/dashboard/")',
      "def dashboard():",
      "    if tk.current_user.is_anonymous:",
      '        tk.h.flash_error(tk._(u"Not authorized to see this page"))',
      '        return tk.h.redirect_to(u"user.login")',
      "    return render_dashboard()",
      "",
      "",
      '@bp.route("/recent/")',
      "def recent():",
      "    if tk.current_user.is_anonymous:",
      '        tk.h.flash_notice(tk._(u"Sign in to see more"))',
      '    return tk.h.redirect_to(u"activity.list")',
      "",
    ].join("\n"),
    "ckanext/activity/plugin.py": "from flask import Flask\nfrom ckanext.activity.views import bp\n\napp = Flask(__name__)\napp.register_blueprint(bp)\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /dashboard [request.user]",
    "GET /recent",
  ]);
});

flask("a blueprint's url_value_preprocessor that takes a URL value (values.pop(\"project_id\")) and turns away a caller whose session lacks it guards the routes with that parameter, not the others", () => {
  const root = tempDir("tool-flask-url-preprocessor-");
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "money/web.py": [
      "from flask import Blueprint, g, redirect, session, url_for",
      "",
      "main = Blueprint(\"main\", __name__)",
      "",
      "",
      "@main.url_value_preprocessor",
      "def pull_project(endpoint, values):",
      "    if not values:",
      "        values = {}",
      "    project_id = values.pop(\"project_id\", None)",
      "    if project_id:",
      "        project = Project.query.get(project_id)",
      "        if session.get(project.id) or session.get(\"is_admin\"):",
      "            g.project = project",
      "        else:",
      "            raise Redirect303(url_for(\".authenticate\", project_id=project_id))",
      "",
      "",
      "@main.route(\"/<project_id>/add\", methods=[\"POST\"])",
      "def add_bill():",
      "    return \"\"",
      "",
      "",
      "@main.route(\"/create\", methods=[\"POST\"])",
      "def create_project():",
      "    return \"\"",
      "",
    ].join("\n"),
    "money/app.py": "from flask import Flask\nfrom money.web import main\n\napp = Flask(__name__)\napp.register_blueprint(main)\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /{project_id}/add [pull_project]",
    "POST /create",
  ]);
});

flask("Flask-CORS's @cross_origin() answers a route's preflight before the guard it wraps: OPTIONS keeps only the guards above it, the other methods keep all", () => {
  const root = tempDir("tool-flask-cors-");
  writeFiles(root, {
    "requirements.txt": "flask\nflask-cors\n",
    "alerts/app.py": "from flask import Flask\n\nfrom alerts.views import api\n\napp = Flask(__name__)\napp.register_blueprint(api)\n",
    "alerts/views.py": [
      "from flask import Blueprint",
      "from flask_cors import cross_origin",
      "",
      "from alerts.auth import permission",
      "",
      "api = Blueprint('api', __name__)",
      "",
      "@api.route('/alert', methods=['OPTIONS', 'POST'])",
      "@cross_origin()",
      "@permission('write:alerts')",
      "def receive():",
      "    return {}",
      "",
      "@api.route('/alerts', methods=['OPTIONS', 'GET'])",
      "@permission('read:alerts')",
      "@cross_origin()",
      "def search():",
      "    return {}",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "OPTIONS /alert",
    "POST /alert [permission]",
    "GET /alerts [permission]",
    "OPTIONS /alerts [permission]",
  ]);
});

flask("a guard decorator of the project's that lets callers through while a setting is off (if not current_app.config['AUTH_REQUIRED']: return f(*args, **kwargs)) guards nothing when the settings module turns it off by default; one whose setting is on stays a guard", () => {
  const root = tempDir("tool-flask-switched-guard-");
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "alerts/settings.py": "AUTH_REQUIRED = False\nADMIN_CHECKS = True\n",
    "alerts/auth.py": [
      "from functools import wraps",
      "from flask import current_app, request, abort",
      "",
      "def permission(scope=None):",
      "    def decorated(f):",
      "        @wraps(f)",
      "        def wrapped(*args, **kwargs):",
      "            if 'Authorization' in request.headers:",
      "                return f(*args, **kwargs)",
      "            if not current_app.config['AUTH_REQUIRED']:",
      "                return f(*args, **kwargs)",
      "            abort(401)",
      "        return wrapped",
      "    return decorated",
      "",
      "def admin_required(f):",
      "    @wraps(f)",
      "    def wrapped(*args, **kwargs):",
      "        if not current_app.config.get('ADMIN_CHECKS'):",
      "            return f(*args, **kwargs)",
      "        if not request.headers.get('X-Admin'):",
      "            abort(403)",
      "        return f(*args, **kwargs)",
      "    return wrapped",
    ].join("\n"),
    "alerts/app.py": "from flask import Flask\n\nfrom alerts.views import api\n\napp = Flask(__name__)\napp.register_blueprint(api)\n",
    "alerts/views.py": [
      "from flask import Blueprint",
      "",
      "from alerts.auth import admin_required, permission",
      "",
      "api = Blueprint('api', __name__)",
      "",
      "@api.route('/alert', methods=['POST'])",
      "@permission('write:alerts')",
      "def receive():",
      "    return {}",
      "",
      "@api.route('/housekeeping', methods=['POST'])",
      "@admin_required",
      "def housekeeping():",
      "    return {}",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "POST /alert",
    "POST /housekeeping [admin_required]",
  ]);
});

flask("a project's own blueprint class defined in another module (IndicoBlueprint(Blueprint)) makes blueprints like Flask's: its add_url_rule routes serve under its url_prefix where the app registers it; a converter with arguments (<any(lecture,meeting):event_type>) is a parameter", () => {
  const root = tempDir("tool-flask-own-blueprint-");
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "app/__init__.py": "",
    "app/web/__init__.py": "",
    "app/web/wrappers.py": "from flask import Blueprint\n\n\nclass IndicoBlueprint(Blueprint):\n    pass\n",
    "app/modules/__init__.py": "",
    "app/modules/events/__init__.py": "",
    "app/modules/events/blueprint.py": [
      "from app.web.wrappers import IndicoBlueprint",
      "from app.modules.events.controllers import RHEventLabels, RHCreateEvent",
      "",
      "_bp = IndicoBlueprint('events', __name__, url_prefix='/event')",
      "",
      "_bp.add_url_rule('/admin/event-labels/', 'event_labels', RHEventLabels, methods=('GET', 'POST'))",
      "_bp.add_url_rule('/create/<any(lecture,meeting,conference):event_type>', 'create', RHCreateEvent, methods=('POST',))",
      "",
    ].join("\n"),
    "app/app.py": "from flask import Flask\nfrom app.modules.events.blueprint import _bp as events_bp\n\napp = Flask(__name__)\napp.register_blueprint(events_bp)\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /event/admin/event-labels RHEventLabels",
    "POST /event/admin/event-labels RHEventLabels",
    "POST /event/create/{event_type} RHCreateEvent",
  ]);
});

flask("a view class of the project's (Indico's request handlers) is guarded by the access check its chain runs when that check, or one it hands on to (Class._check_access(self), self._require_user(), super()), refuses a caller; one that overrides the check without refusing, or has none, is not", () => {
  const root = tempDir("tool-flask-class-checks-");
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "app/__init__.py": "",
    "app/web/__init__.py": "",
    "app/web/rh.py": [
      "from flask import session",
      "from werkzeug.exceptions import Forbidden",
      "",
      "",
      "class RH:",
      "    def _check_access(self):",
      "        pass",
      "",
      "    def process(self):",
      "        self._check_access()",
      "        return self._process()",
      "",
      "",
      "class RHProtected(RH):",
      "    def _require_user(self):",
      "        if session.user is None:",
      "            raise Forbidden",
      "",
      "    def _check_access(self):",
      "        self._require_user()",
      "",
      "",
      "class RHAdminBase(RHProtected):",
      "    def _check_access(self):",
      "        RHProtected._check_access(self)",
      "        if not session.user.is_admin:",
      "            raise Forbidden('Only administrators may access this page.')",
      "",
    ].join("\n"),
    "app/modules/__init__.py": "",
    "app/modules/admin/__init__.py": "",
    "app/modules/admin/controllers.py": [
      "from app.web.rh import RH, RHAdminBase, RHProtected",
      "",
      "",
      "class RHSettings(RHAdminBase):",
      "    def _process(self):",
      "        return 'settings'",
      "",
      "",
      "class RHDashboard(RHProtected):",
      "    def _process(self):",
      "        return 'dashboard'",
      "",
      "",
      "class RHPublicProfile(RHProtected):",
      "    def _check_access(self):",
      "        pass",
      "",
      "",
      "class RHAbout(RH):",
      "    def _process(self):",
      "        return 'about'",
      "",
    ].join("\n"),
    "app/modules/admin/blueprint.py": [
      "from flask import Blueprint",
      "from app.modules.admin import controllers",
      "",
      "_bp = Blueprint('admin', __name__)",
      "_bp.add_url_rule('/admin/settings', 'settings', controllers.RHSettings, methods=('GET', 'POST'))",
      "_bp.add_url_rule('/dashboard', 'dashboard', controllers.RHDashboard)",
      "_bp.add_url_rule('/profile/<int:user_id>', 'profile', controllers.RHPublicProfile)",
      "_bp.add_url_rule('/about', 'about', controllers.RHAbout)",
      "",
    ].join("\n"),
    "app/app.py": "from flask import Flask\nfrom app.modules.admin.blueprint import _bp\n\napp = Flask(__name__)\napp.register_blueprint(_bp)\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /about",
    "GET /admin/settings [RHAdminBase._check_access]",
    "POST /admin/settings [RHAdminBase._check_access]",
    "GET /dashboard [RHProtected._require_user]",
    "GET /profile/{user_id}",
  ]);
});

flask("a whole-number constant in an f-string prefix (url_prefix=f\"/api/v{API_VERSION}\", API_VERSION = 2) is its digits; a constant of another kind leaves the prefix unread", () => {
  const root = tempDir("tool-flask-number-prefix-");
  writeFiles(root, {
    "app/__init__.py": "",
    "app/users.py": ["from flask import Blueprint", "", "mod = Blueprint('users', __name__)", "", "@mod.route('/users')", "def users():", "    return []", ""].join("\n"),
    "app/teams.py": ["from flask import Blueprint", "", "mod = Blueprint('teams', __name__)", "", "@mod.route('/teams')", "def teams():", "    return []", ""].join("\n"),
    "app/server.py": [
      "from flask import Flask",
      "from app.users import mod as users_bp",
      "from app.teams import mod as teams_bp",
      "",
      "API_VERSION = 2  # bumped with each breaking change",
      "VERSIONS = {2: 'current'}",
      "",
      "def create_app():",
      "    app = Flask(__name__)",
      '    app.register_blueprint(users_bp, url_prefix=f"/api/v{API_VERSION}")',
      '    app.register_blueprint(teams_bp, url_prefix=f"/api/{VERSIONS}")',
      "    return app",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/v2/users", "GET /teams"]);
});

flask("blueprints registered in a loop: over a list the module writes, and over a sequence an app factory is handed, followed up its callers to the list another module writes (and what the factory adds to it); a blueprint in no list keeps its own path, a test's call hands nothing", () => {
  const root = tempDir("tool-flask-blueprint-sequences-");
  writeFiles(root, {
    "svc/users/__init__.py": "",
    "svc/users/views.py": ["from flask import Blueprint", "", "mod = Blueprint('users', __name__)", "", "@mod.route('/users')", "def users():", "    return ''", ""].join("\n"),
    "svc/teams/__init__.py": "",
    "svc/teams/views.py": ["from flask import Blueprint", "", "mod = Blueprint('teams', __name__)", "", "@mod.route('/teams')", "def teams():", "    return ''", ""].join("\n"),
    "svc/health.py": ["from flask import Blueprint", "", "mod = Blueprint('health', __name__)", "", "@mod.route('/health')", "def health():", "    return ''", ""].join("\n"),
    "svc/legacy.py": ["from flask import Blueprint", "", "mod = Blueprint('legacy', __name__)", "", "@mod.route('/legacy')", "def legacy():", "    return ''", ""].join("\n"),
    "svc/unlisted.py": ["from flask import Blueprint", "", "mod = Blueprint('unlisted', __name__)", "", "@mod.route('/unlisted')", "def unlisted():", "    return ''", ""].join("\n"),
    "svc/factory.py": [
      "from flask import Flask",
      "from svc.health import mod as health",
      "from svc.legacy import mod as legacy",
      "",
      "API_VERSION = 1",
      "DEFAULT_BLUEPRINTS = (health,)",
      "LEGACY = [legacy]",
      "",
      "def create_app(app_name=None, blueprints=None, config=None):",
      "    app = Flask(app_name)",
      "    if not blueprints:",
      "        blueprints = DEFAULT_BLUEPRINTS",
      "    else:",
      "        blueprints = blueprints + DEFAULT_BLUEPRINTS",
      "    configure_blueprints(app, blueprints)",
      "    for bp in LEGACY:",
      '        app.register_blueprint(bp, url_prefix="/v0")',
      "    return app",
      "",
      "def configure_blueprints(app, blueprints):",
      "    for blueprint in blueprints:",
      '        app.register_blueprint(blueprint, url_prefix=f"/api/{API_VERSION}")',
      "",
    ].join("\n"),
    "svc/__init__.py": [
      "from svc import factory",
      "from svc.users.views import mod as users_bp",
      "from svc.teams.views import mod as teams_bp",
      "",
      "BLUEPRINTS = (",
      "    users_bp,",
      "    teams_bp,",
      ")",
      "",
      "def create_app(config_path=None):",
      "    return factory.create_app(app_name=__name__, blueprints=BLUEPRINTS, config=config_path)",
      "",
    ].join("\n"),
    "tests/test_app.py": ["from svc import factory", "from svc.unlisted import mod as unlisted", "", "def test_app():", "    factory.create_app(blueprints=TEST_BLUEPRINTS)", "", "TEST_BLUEPRINTS = (unlisted,)", ""].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/1/health", "GET /api/1/teams", "GET /api/1/users", "GET /unlisted", "GET /v0/legacy"]);
});

flask("Flask-RESTX namespaces added in nested loops over lists of lists other modules write (for api_ns in api_ns_list: for item in api_ns: api.add_namespace(item, \"/\")) take the path given, not their names; a blueprint list imported from another module is read there", () => {
  const root = tempDir("tool-flask-namespace-lists-");
  writeFiles(root, {
    "app/__init__.py": "",
    "app/api/__init__.py": [
      "from flask import Blueprint",
      "from flask_restx import Api",
      "",
      "from .badges import api_ns_list_badges",
      "from .episodes import api_ns_list_episodes",
      "",
      "api_ns_list = [",
      "    api_ns_list_badges,",
      "    api_ns_list_episodes,",
      "]",
      "",
      "api_bp = Blueprint('api', __name__, url_prefix='/api')",
      "api = Api(api_bp)",
      "",
      "for api_ns in api_ns_list:",
      "    for item in api_ns:",
      '        api.add_namespace(item, "/")',
      "",
    ].join("\n"),
    "app/api/badges/__init__.py": ["from .badges import api_ns_badges", "", "api_ns_list_badges = [", "    api_ns_badges", "]", ""].join("\n"),
    "app/api/badges/badges.py": ["from flask_restx import Namespace, Resource", "", "api_ns_badges = Namespace('Badges', description='things')", "", "@api_ns_badges.route('badges')", "class Badges(Resource):", "    def get(self):", "        return []", ""].join("\n"),
    "app/api/episodes/__init__.py": ["from .episodes import api_ns_episodes", "from .blacklist import api_ns_episodes_blacklist", "", "api_ns_list_episodes = [api_ns_episodes, api_ns_episodes_blacklist]", ""].join("\n"),
    "app/api/episodes/episodes.py": ["from flask_restx import Namespace, Resource", "", "api_ns_episodes = Namespace('Episodes', description='things')", "", "@api_ns_episodes.route('episodes')", "class Episodes(Resource):", "    def get(self):", "        return []", ""].join("\n"),
    "app/api/episodes/blacklist.py": ["from flask_restx import Namespace, Resource", "", "api_ns_episodes_blacklist = Namespace('Episodes Blacklist', description='things')", "", "@api_ns_episodes_blacklist.route('episodes/blacklist')", "class EpisodesBlacklist(Resource):", "    def get(self):", "        return []", ""].join("\n"),
    "app/ui.py": ["from flask import Blueprint", "", "ui_bp = Blueprint('ui', __name__)", "", "@ui_bp.route('/')", "def index():", "    return ''", ""].join("\n"),
    "app/blueprints.py": ["from app.ui import ui_bp", "", "BLUEPRINTS = [ui_bp]", ""].join("\n"),
    "app/server.py": [
      "from flask import Flask",
      "from app.api import api_bp",
      "from app.blueprints import BLUEPRINTS",
      "",
      "app = Flask(__name__)",
      "app.register_blueprint(api_bp)",
      "for bp in BLUEPRINTS:",
      '    app.register_blueprint(bp, url_prefix="/ui")',
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/badges", "GET /api/episodes", "GET /api/episodes/blacklist", "GET /ui"]);
});

flask("a blueprint made from the project's own Blueprint class in another module takes the url_prefix its __init__ sets by default from the name given; one given url_prefix takes that; anonymous_user_required guards nothing", () => {
  const root = tempDir("tool-flask-blueprint-subclass-");
  writeFiles(root, {
    "requirements.txt": "flask\nflask-security-too\n",
    "web/admin/__init__.py": "",
    "web/admin/utils/__init__.py": [
      "from flask import Blueprint",
      "",
      "class AdminModule(Blueprint):",
      "    def __init__(self, name, import_name, **kwargs):",
      "        kwargs.setdefault('url_prefix', '/' + name)",
      "        kwargs.setdefault('template_folder', 'templates')",
      "        super().__init__(name, import_name, **kwargs)",
    ].join("\n"),
    "web/admin/dashboard/__init__.py": [
      "from flask_security import login_required, anonymous_user_required",
      "from admin.utils import AdminModule",
      "",
      "MODULE_NAME = 'dashboard'",
      "",
      "class DashboardModule(AdminModule):",
      "    LABEL = 'Dashboard'",
      "",
      "blueprint = DashboardModule(MODULE_NAME, __name__)",
      "",
      "@blueprint.route('/stats/<int:sid>', methods=['GET'])",
      "@login_required",
      "def stats(sid):",
      "    return {}",
      "",
      "@blueprint.route('/welcome')",
      "@anonymous_user_required",
      "def welcome():",
      "    return {}",
    ].join("\n"),
    "web/admin/tools/__init__.py": [
      "from admin.utils import AdminModule",
      "",
      "blueprint = AdminModule('tools', __name__, url_prefix='/misc/tools')",
      "",
      "@blueprint.route('/ping')",
      "def ping():",
      "    return 'PING'",
    ].join("\n"),
    "web/admin/cache.py": [
      "cache = Cache()",
      "",
      "@cache.route('/decoy')",
      "def decoy():",
      "    return ''",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /dashboard/stats/{sid} [login_required]", "GET /dashboard/welcome", "GET /misc/tools/ping"]);
});

flask("a Flask-RESTful Api made by a subclass another module declares takes its prefix; a base resource's dispatch_request that answers 401 to a caller it does not know guards its subclasses; a handler another names (post = get) serves that method; a catch-all passes its path to the handler", () => {
  const root = tempDir("tool-flask-restful-project-");
  writeFiles(root, {
    "requirements.txt": "flask\nflask-restful\n",
    "deploy/api/controller.py": [
      "from flask_restful import Api, Resource",
      "",
      "class ApiController(Api):",
      "    pass",
      "",
      "class ApiCatchall(Resource):",
      "    def get(self, path):",
      '        return {"error": "Not Found"}, 404',
      "",
      "    post = get",
      "    delete = get",
      "    helper = get",
      "",
    ].join("\n"),
    "deploy/api/base.py": [
      "from flask_restful import Resource",
      "from deploy.auth import get_current_user",
      "",
      "class ApiView(Resource):",
      "    def is_authorized(self):",
      "        return get_current_user() is not None",
      "",
      "    def dispatch_request(self, *args, **kwargs):",
      "        if not self.is_authorized():",
      '            return self.error(message="You are not authorized.", status_code=401)',
      "        return super().dispatch_request(*args, **kwargs)",
      "",
      "class TimedView(Resource):",
      "    def dispatch_request(self, *args, **kwargs):",
      "        if self.too_slow():",
      '            return {"error": "slow"}, 503',
      "        return super().dispatch_request(*args, **kwargs)",
      "",
    ].join("\n"),
    "deploy/api/apps.py": [
      "from deploy.api.base import ApiView, TimedView",
      "",
      "class AppIndexApiView(ApiView):",
      "    def get(self):",
      "        return []",
      "",
      "    def post(self):",
      "        return {}, 201",
      "",
      "class StatsApiView(TimedView):",
      "    def get(self):",
      "        return {}",
      "",
    ].join("\n"),
    "deploy/config.py": [
      "import flask",
      "from deploy.api.controller import ApiController",
      "",
      'api = ApiController(prefix="/api/0")',
      "",
      "def create_app():",
      "    app = flask.Flask(__name__)",
      "    from deploy.api.apps import AppIndexApiView, StatsApiView",
      "    from deploy.api.controller import ApiCatchall",
      '    api.add_resource(AppIndexApiView, "/apps/")',
      '    api.add_resource(StatsApiView, "/stats/")',
      '    api.add_resource(ApiCatchall, "/<path:path>")',
      "    api.init_app(app)",
      "    return app",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /api/0/*",
    "GET /api/0/*",
    "GET /api/0/apps [ApiView.dispatch_request]",
    "GET /api/0/stats",
    "POST /api/0/*",
    "POST /api/0/apps [ApiView.dispatch_request]",
  ]);
});

flask("a before_request hook that checks the session lets through the view functions it names by endpoint (request.endpoint not in _insecure_views, a list of the module's): those are unguarded, the rest guarded by the hook", () => {
  const root = tempDir("tool-flask-hook-endpoints-");
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "journalist_app/__init__.py": [
      "from flask import Flask, abort, redirect, request, url_for",
      "from journalist_app import main",
      "",
      "_insecure_views = [\"main.login\", \"static\"]",
      "",
      "app = Flask(__name__)",
      "app.register_blueprint(main.bp)",
      "",
      "@app.before_request",
      "def setup_g():",
      "    if request.endpoint not in _insecure_views and not session.logged_in():",
      "        return redirect(url_for(\"main.login\"))",
      "",
    ].join("\n"),
    "journalist_app/main.py": "from flask import Blueprint\n\nbp = Blueprint('main', __name__)\n\n@bp.route('/login', methods=['POST'])\ndef login():\n    return ''\n\n@bp.route('/reply', methods=['POST'])\ndef reply():\n    return ''\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["POST /login", "POST /reply [setup_g]"]);
});

flask("a before_request hook that checks the session lets through the paths it tests for first (allowed = (request.path.startswith(\"/login\") or ...), then not allowed; not request.path.startswith((...))); a hook checking only under a prefix lets nothing through by it", () => {
  const root = tempDir("tool-flask-hook-paths-");
  writeFiles(root, {
    "requirements.txt": "flask\nflask-login\n",
    "app/routes.py": [
      "from flask import Flask, redirect, request, url_for",
      "from flask_login import current_user",
      "",
      "app = Flask(__name__)",
      "",
      "@app.before_request",
      "def check_perms():",
      "    allowed_path = (",
      "        request.path.startswith(\"/login\")",
      "        or request.path.startswith(\"/api/login\")",
      "    )",
      "    if not current_user.is_authenticated and not allowed_path:",
      "        return redirect(url_for(\"login\", next=request.path))",
      "",
      "@app.route('/login', methods=['GET', 'POST'])",
      "def login():",
      "    return ''",
      "",
      "@app.route('/api/login', methods=['POST'])",
      "def api_login():",
      "    return ''",
      "",
      "@app.route('/notes')",
      "def notes():",
      "    return ''",
      "",
    ].join("\n"),
    "admin/app.py": [
      "from flask import Flask, abort, request, session",
      "",
      "admin = Flask(__name__)",
      "",
      "@admin.before_request",
      "def require_login():",
      "    if not session.get('user') and not request.path.startswith(('/health', '/static')):",
      "        abort(401)",
      "",
      "@admin.route('/health')",
      "def health():",
      "    return ''",
      "",
      "@admin.route('/stats')",
      "def stats():",
      "    return ''",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["POST /api/login", "GET /health", "GET /login", "POST /login", "GET /notes [check_perms]", "GET /stats [require_login]"]);
});

flask("a class whose methods carry a bare @route (a Blueprint subclass of the project's collecting them) is a blueprint under the url_prefix its __init__ hands its base, mounted where an instance is registered; its methods' decorators guard", () => {
  const root = tempDir("tool-flask-class-blueprint-");
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "website/website_module.py": [
      "import collections",
      "import flask",
      "",
      "class WebsiteModule(flask.Blueprint):",
      "    def __init__(self, name, import_name, url_prefix=None):",
      "        super().__init__(name, import_name, url_prefix=url_prefix)",
      "        for name in dir(self):",
      "            fn = getattr(self, name)",
      "            for rd in getattr(fn, '_routing_data', []):",
      "                self.route(*rd.args, **rd.kwargs)(fn)",
      "",
      "def route(*args, **kwargs):",
      "    def wrap(fn):",
      "        fn._routing_data = getattr(fn, '_routing_data', []) + [(args, kwargs)]",
      "        return fn",
      "    return wrap",
      "",
    ].join("\n"),
    "website/auth_pages.py": [
      "from flask import request, session",
      "from website.auth import requires_login",
      "from .website_module import WebsiteModule, route",
      "",
      "class AuthModule(WebsiteModule):",
      "    def __init__(self, db):",
      '        super().__init__("auth", __name__, url_prefix="/auth")',
      "        self.db = db",
      "",
      '    @route("/login", methods=["POST"])',
      "    def login(self):",
      "        return ''",
      "",
      '    @route("/change_password", methods=["POST"])',
      "    @requires_login",
      "    def change_password(self, user):",
      "        return ''",
      "",
    ].join("\n"),
    "app.py": [
      "from flask import Flask",
      "from website import auth_pages",
      "",
      "app = Flask(__name__)",
      "app.register_blueprint(auth_pages.AuthModule(None))",
      "",
      "@app.route('/')",
      "def index():",
      "    return ''",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /", "POST /auth/change_password [requires_login]", "POST /auth/login"]);
});

flask("WSGI apps mounted under a path: Werkzeug's DispatcherMiddleware mounts each app of its mapping (imported or not, .wsgi_app or the app) on the first; CherryPy's tree.graft mounts an app at its path", () => {
  const root = tempDir("tool-flask-wsgi-mounts-");
  writeFiles(root, {
    "requirements.txt": "flask\ncherrypy\n",
    "site/frontend.py": "from flask import Flask\n\napp = Flask(__name__)\n\n@app.route('/')\ndef index():\n    return 'hi'\n",
    "site/api.py": "from flask import Flask\n\napi_app = Flask(__name__)\n\n@api_app.route('/users', methods=['POST'])\ndef create_user():\n    return ''\n",
    "site/admin.py": "from flask import Flask\n\nadmin = Flask(__name__)\n\n@admin.route('/stats')\ndef stats():\n    return ''\n",
    "site/wsgi.py": [
      "from werkzeug.middleware.dispatcher import DispatcherMiddleware",
      "from site.frontend import app",
      "from site.api import api_app",
      "from site import admin as admin_module",
      "",
      "app.wsgi_app = DispatcherMiddleware(app.wsgi_app, {\"/api\": api_app.wsgi_app, \"/admin\": admin_module.admin})",
      "",
    ].join("\n"),
    "server/daemon.py": "import cherrypy\nfrom server.ui import ui\n\ncherrypy.tree.graft(ui, '/ui')\ncherrypy.engine.start()\n",
    "server/ui.py": "from flask import Flask\n\nui = Flask(__name__)\n\n@ui.route('/theme')\ndef theme():\n    return ''\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["GET /", "GET /admin/stats", "GET /ui/theme", "POST /api/users"]);
});

flask("a guard decorator given an option named for what it makes optional (@require_auth(scopes=[...], optional_auth_user=True)) guards nothing; the same decorator without it guards", () => {
  const root = tempDir("tool-flask-optional-option-");
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "fittrack/__init__.py": 'from flask import Flask\nfrom fittrack.workouts import workouts_blueprint\n\napp = Flask(__name__)\napp.register_blueprint(workouts_blueprint, url_prefix="/api")\n',
    "fittrack/workouts.py": [
      "from flask import Blueprint",
      "from fittrack.auth import require_auth",
      "",
      'workouts_blueprint = Blueprint("workouts", __name__)',
      "",
      "",
      '@workouts_blueprint.route("/workouts/<string:workout_id>", methods=["GET"])',
      '@require_auth(scopes=["workouts:read"], optional_auth_user=True)',
      "def get_workout(auth_user, workout_id):",
      "    return {}",
      "",
      "",
      '@workouts_blueprint.route("/workouts", methods=["POST"])',
      '@require_auth(scopes=["workouts:write"])',
      "def post_workout(auth_user):",
      "    return {}",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "POST /api/workouts [require_auth]",
    "GET /api/workouts/{workout_id} []",
  ]);
});

flask("a route path an f-string builds from a class attribute of another module (f'/{Endpoint.search}', Endpoint an Enum of app/models/endpoint.py) takes the string the class assigns it; one the class does not give stays out", () => {
  const root = tempDir("tool-flask-enum-paths-");
  writeFiles(root, {
    "requirements.txt": "flask\n",
    "app/__init__.py": "from flask import Flask\n\napp = Flask(__name__)\n\nfrom app import routes  # noqa\n",
    "app/models/__init__.py": "",
    "app/models/endpoint.py": "from enum import Enum\n\n\nclass Endpoint(Enum):\n    search = 'search'\n    opensearch = 'opensearch.xml'\n\n    def __str__(self):\n        return self.value\n",
    "app/routes.py": [
      "from app import app",
      "from app.models.endpoint import Endpoint",
      "",
      "",
      "@app.route(f'/{Endpoint.search}', methods=['GET', 'POST'])",
      "def search():",
      "    return ''",
      "",
      "",
      "@app.route(f'/{Endpoint.opensearch}', methods=['GET'])",
      "def opensearch():",
      "    return ''",
      "",
      "",
      "@app.route(f'/{Endpoint.missing}')",
      "def missing():",
      "    return ''",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /opensearch.xml", "GET /search", "POST /search"]);
});

flask("a guard decorator that lets every caller through while credentials the environment gives are unset (os.getenv('APP_USER', ''), `if (not user or not password) or (...): return f(*args, **kwargs)`) guards nothing when no example env file sets them; set there, it guards", () => {
  const decorator = [
    "import os",
    "from functools import wraps",
    "from flask import Flask, make_response, request",
    "",
    "app = Flask(__name__)",
    "",
    "",
    "def auth_required(f):",
    "    @wraps(f)",
    "    def decorated(*args, **kwargs):",
    "        auth = request.authorization",
    "        app_user = os.getenv('APP_USER', '')",
    "        app_pass = os.getenv('APP_PASS', '')",
    "        if (not app_user or not app_pass) or (",
    "                auth and app_user == auth.username and app_pass == auth.password):",
    "            return f(*args, **kwargs)",
    "        else:",
    "            return make_response('Not logged in', 401)",
    "    return decorated",
    "",
    "",
    "@app.route('/config', methods=['GET'])",
    "@auth_required",
    "def config():",
    "    return ''",
    "",
  ].join("\n");
  const unset = tempDir("tool-flask-env-credentials-unset-");
  writeFiles(unset, { "requirements.txt": "flask\n", "app.py": decorator, "app.template.env": "#APP_USER=\"\"\n#APP_PASS=\"\"\n" });
  assert.equal(analyze(unset).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), ["GET /config []"]);
  const set = tempDir("tool-flask-env-credentials-set-");
  writeFiles(set, { "requirements.txt": "flask\n", "app.py": decorator, "app.template.env": "APP_USER=admin\nAPP_PASS=changeme\n" });
  assert.equal(analyze(set).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), ["GET /config [auth_required]"]);
});

flask("Flask-RESTful: a decorator of the app's that adds the class it decorates to an Api (def resource(*urls): ... api.add_resource(cls, *urls)) registers each class it decorates in other modules at its URLs, on the blueprint the Api is given with init_app (made inside a wrapping function); a parameter behind a converter of the app's is named for itself, and may give the handler several values; a class decorated with a path by a decorator that adds nothing serves nothing", () => {
  const root = tempDir("tool-flask-resource-decorator-");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "registry"\ndependencies = ["flask", "flask-restful"]\n',
    "endpoints/__init__.py": "",
    "endpoints/api/__init__.py": [
      "from flask import Blueprint",
      "from flask_restful import Api, Resource",
      "from util.metrics import timed_blueprint",
      "",
      'api_bp = timed_blueprint(Blueprint("api", __name__))',
      "",
      "class ApiExceptionHandlingApi(Api):",
      "    pass",
      "",
      "api = ApiExceptionHandlingApi()",
      "api.init_app(api_bp)",
      "",
      "def resource(*urls, **kwargs):",
      "    def wrapper(api_resource):",
      "        if not api_resource:",
      "            return None",
      "        api.add_resource(api_resource, *urls, **kwargs)",
      "        return api_resource",
      "    return wrapper",
      "",
      "def documented(*urls):",
      "    def wrapper(cls):",
      "        cls.urls = urls",
      "        return cls",
      "    return wrapper",
      "",
      "class ApiResource(Resource):",
      "    pass",
    ].join("\n"),
    "endpoints/api/repository.py": [
      "from endpoints.api import ApiResource, documented, resource",
      "",
      '@resource("/v1/repository")',
      "class RepositoryList(ApiResource):",
      "    def get(self):",
      "        return []",
      "",
      "    def post(self):",
      "        return {}",
      "",
      '@resource("/v1/repository/<apirepopath:repository>/changevisibility")',
      "class RepositoryVisibility(ApiResource):",
      "    def post(self, namespace, repository):",
      "        return {}",
      "",
      '@documented("/v1/undocumented")',
      "class Undocumented(ApiResource):",
      "    def get(self):",
      "        return {}",
    ].join("\n"),
    "web.py": 'from app import app as application\nfrom endpoints.api import api_bp\nimport endpoints.api.repository\n\napplication.register_blueprint(api_bp, url_prefix="/api")\n',
    "app.py": "from flask import Flask\n\napp = Flask(__name__)\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/v1/repository",
    "POST /api/v1/repository",
    "POST /api/v1/repository/{repository}/changevisibility",
  ]);
});

flask.run();

const sanic = suite("Sanic routes");

sanic("blueprints grouped under a prefix, add_route, Sanic's <name:type> parameters, and a view that lets anonymous callers through", () => {
  assert.equal(list(fixtureRepo("routes-sanic")), [
    "POST /api/accounts/login shop/views/accounts.py:9 login",
    "GET /api/me shop/views/accounts.py:14 me [token_required]",
    "PUT /api/me shop/views/accounts.py:14 me [token_required]",
    // token_required(allow_anonymous=True): authorize() stacked with it cannot turn anyone away.
    "GET /api/orders shop/views/orders.py:8 list_orders",
    "POST /api/orders shop/views/orders.py:20 create_order [token_required,authorize]",
    "GET /api/orders/{order_id} shop/views/orders.py:15 show_order",
    // Declared without a leading slash: Sanic adds it.
    "DELETE /api/orders/{order_id}/lines/{line} shop/views/orders.py:27 delete_line [token_required]",
    "GET /ping shop/server.py:13 ping",
    "HEAD /ping/deep shop/server.py:14 ping",
    "POST /ping/deep shop/server.py:14 ping",
  ]);
});

sanic.run();

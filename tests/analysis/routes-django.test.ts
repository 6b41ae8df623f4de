import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { guardedRoutes } from "../helpers/routes.ts";
import { regexPaths } from "../../analysis/routes/frameworks/django.ts";
import { fixtureRepo, git, tempDir, writeFiles } from "../helpers/repo.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const django = suite("Django routes");

django("regexPaths() writes re_path patterns as the paths they serve", () => {
  assert.equal(regexPaths("^users/(?P<pk>[0-9]+)/$"), ["users/{pk}/"]);
  assert.equal(regexPaths("^files/(?P<path>.*)$"), ["files/{path}"]);
  assert.equal(regexPaths("^archive/(\\d{4})/(?:page-(?P<page>\\d+)/)?$"), ["archive/{arg1}/", "archive/{arg1}/page-{page}/"]);
  assert.equal(regexPaths("^api/v1/?$"), ["api/v1/"]);
  // An optional suffix without a parameter is left out; a character made optional is kept.
  assert.equal(regexPaths("^book/(?P<id>\\d+)(.json)?/?$"), ["book/{id}/"]);
  assert.equal(regexPaths("^settings/connectors/(?P<id>\\d+)/deactivate?$"), ["settings/connectors/{id}/deactivate"]);
  // Fixed words are paths of their own; alternatives at the top level too.
  assert.equal(regexPaths("^user/(?P<username>[\\w.]+)/(shelf|books)/?$"), ["user/{username}/shelf/", "user/{username}/books/"]);
  assert.equal(regexPaths("^(?:about|privacy)/?$"), ["about/", "privacy/"]);
  // A parameter that takes one value only is that value.
  assert.equal(regexPaths("^(?P<version>(v2))/"), ["v2/"]);
  assert.equal(regexPaths("^(?P<version>v2)/jobs/$"), ["v2/jobs/"]);
  // A character class outside a group is a parameter, left out where it may match nothing.
  assert.equal(regexPaths("^(?P<pk>\\d+)/(?:[-\\w\\d]*)$"), ["{pk}/"]);
  assert.equal(regexPaths("^files/[a-z]+/$"), ["files/{arg1}/"]);
  assert.equal(regexPaths("^week/[0-9]{2}/$"), ["week/{arg1}/"]);
});

django("a URLconf included under a prefix the project's settings module gives (path(settings.SECRET_CRM_PREFIX, include(...)), written without its leading slash) serves under that value; one no settings module gives says its prefix is unknown", () => {
  const root = tempDir("tool-django-settings-prefix-");
  writeFiles(root, {
    "requirements.txt": "django>=5\n",
    "webcrm/settings.py": "SECRET_CRM_PREFIX = '123/'\nDEBUG = False\n",
    "webcrm/urls.py": [
      "from django.conf import settings",
      "from django.urls import include, path",
      "",
      "urlpatterns = [",
      "    path(settings.SECRET_CRM_PREFIX, include('crm.urls')),",
      "    path(settings.PARTNER_PREFIX, include('partners.urls')),",
      "]",
      "",
    ].join("\n"),
    "crm/urls.py": "from django.urls import path\nfrom crm import views\n\nurlpatterns = [path('deals/', views.deals)]\n",
    "crm/views.py": "def deals(request):\n    return None\n",
    "partners/urls.py": "from django.urls import path\nfrom partners import views\n\nurlpatterns = [path('list/', views.partners)]\n",
    "partners/views.py": "def partners(request):\n    return None\n",
  });
  git(root, "init", "-q");
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  assert.equal(routes.sort(), ["ALL /123/deals", "ALL /list (prefix unknown)"]);
});

django("where the settings name the root URLconf, a module's urlpatterns that nothing includes (an app's, included by a loop over configuration) says its prefix is unknown; the root's and those it includes are served as written", () => {
  const root = tempDir("tool-django-root-urlconf-");
  writeFiles(root, {
    "requirements.txt": "django>=5\n",
    "server/manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'server.settings')\n",
    "server/server/settings.py": "ROOT_URLCONF = 'server.urls'\nDEBUG = False\n",
    "server/server/urls.py": [
      "from django.urls import include, path",
      "from base import views",
      "from zentral.conf import settings as zentral_settings",
      "",
      "urlpatterns = [",
      "    path('', include('base.urls')),",
      "    path('health/', views.health),",
      "]",
      "",
      "def build_urlpatterns_for_apps():",
      "    found = []",
      "    for app_name in zentral_settings.get('apps', {}):",
      "        found.append(path(f\"{app_name.rsplit('.', 1)[-1]}/\", include(f\"{app_name}.urls\")))",
      "    return found",
      "",
      "urlpatterns.extend(build_urlpatterns_for_apps())",
      "",
    ].join("\n"),
    "server/base/__init__.py": "",
    "server/base/urls.py": "from django.urls import path\nfrom base import views\n\nurlpatterns = [path('about/', views.about)]\n",
    "server/base/views.py": "def about(request):\n    return None\n\ndef health(request):\n    return None\n",
    "zentral/__init__.py": "",
    "zentral/inventory/__init__.py": "",
    "zentral/inventory/urls.py": "from django.urls import path\nfrom . import views\n\nurlpatterns = [path('machines/', views.machines)]\n",
    "zentral/inventory/views.py": "def machines(request):\n    return None\n",
    // A URLconf the package keeps for its tests, including one the root includes too: that one is served where the root says.
    "server/base/testing_urls.py": "from django.urls import include, path\n\nurlpatterns = [path('', include('base.urls'))]\n",
  });
  git(root, "init", "-q");
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  assert.equal(routes.sort(), ["ALL /about", "ALL /health", "ALL /machines (prefix unknown)"]);
});

django("a root URLconf the settings of the tests alone name (a test project including the package's URLconf) says nothing of the product's: the package's URLconf is served as written", () => {
  const root = tempDir("tool-django-test-root-urlconf-");
  writeFiles(root, {
    "requirements.txt": "django>=5\n",
    "test_project/test_project/settings.py": "ROOT_URLCONF = 'test_project.urls'\n",
    "test_project/test_project/urls.py": "from django.urls import include, path\n\nurlpatterns = [path('', include('mailer.urls'))]\n",
    "test_project/manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'test_project.settings')\n",
    "mailer/__init__.py": "",
    "mailer/urls.py": "from django.urls import path\nfrom mailer import views\n\nurlpatterns = [path('domains/', views.domains)]\n",
    "mailer/views.py": "def domains(request):\n    return None\n",
  });
  git(root, "init", "-q");
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  assert.equal(routes, ["ALL /domains"]);
});

django("a middleware of the settings' MIDDLEWARE that sends a caller not signed in to sign in guards every Django route it does not let through: the project's class (paths it names in a list, a pattern or a prefix go through; one that checks only the paths it names guards those), or Django's LoginRequiredMiddleware (views marked @login_not_required, and the sign-in view, go through); one that never refuses guards nothing", () => {
  const app = (middleware: string, extra: Record<string, string> = {}) => {
    const root = tempDir("tool-django-login-middleware-");
    writeFiles(root, {
      "requirements.txt": "django>=5.1\n",
      "archery/settings.py": `ROOT_URLCONF = "archery.urls"\nMIDDLEWARE = [\n    "django.contrib.sessions.middleware.SessionMiddleware",\n    "${middleware}",\n    "common.middleware.timing.TimingMiddleware",\n]\n`,
      "archery/urls.py": [
        "from django.contrib.auth import views as auth_views",
        "from django.urls import path",
        "from sql import views",
        "",
        "urlpatterns = [",
        "    path('login/', auth_views.LoginView.as_view()),",
        "    path('signup/', views.signup),",
        "    path('api/v1/token/', views.token),",
        "    path('sqlworkflow/', views.sqlworkflow),",
        "    path('health/', views.health),",
        "]",
        "",
      ].join("\n"),
      "sql/__init__.py": "",
      "sql/views.py": "from django.contrib.auth.decorators import login_not_required\n\ndef signup(request):\n    pass\n\ndef token(request):\n    pass\n\ndef sqlworkflow(request):\n    pass\n\n@login_not_required\ndef health(request):\n    pass\n",
      "common/__init__.py": "",
      "common/middleware/__init__.py": "",
      "common/middleware/check_login_middleware.py": [
        "import re",
        "from django.http import HttpResponseRedirect",
        "from django.utils.deprecation import MiddlewareMixin",
        "",
        "IGNORE_URL = [",
        "    \"/login/\",",
        "    \"/signup/\",",
        "]",
        "",
        "IGNORE_URL_RE = r\"/api/(v1|auth)/\\w+\"",
        "",
        "",
        "class CheckLoginMiddleware(MiddlewareMixin):",
        "    @staticmethod",
        "    def process_request(request):",
        "        if not request.user.is_authenticated:",
        "            if request.path not in IGNORE_URL and re.match(IGNORE_URL_RE, request.path) is None:",
        "                return HttpResponseRedirect(\"/login/\")",
        "",
      ].join("\n"),
      "common/middleware/timing.py": "import time\n\nclass TimingMiddleware:\n    def __call__(self, request):\n        return self.get_response(request)\n",
      ...extra,
    });
    git(root, "init", "-q");
    return analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort();
  };
  const own = app("common.middleware.check_login_middleware.CheckLoginMiddleware");
  assert.ok(own.some((r) => /\/sqlworkflow \[CheckLoginMiddleware\]$/.test(r)), own.join("\n"));
  assert.ok(own.some((r) => /\/health \[CheckLoginMiddleware\]$/.test(r)), `login_not_required is Django's middleware's word, not this one's: ${own.join(", ")}`);
  for (const open of ["/login", "/signup", "/api/v1/token"]) assert.ok(own.some((r) => r.endsWith(` ${open}`)), `${open} is let through: ${own.join(", ")}`);
  const django = app("django.contrib.auth.middleware.LoginRequiredMiddleware");
  assert.ok(django.some((r) => /\/sqlworkflow \[LoginRequiredMiddleware\]$/.test(r)) && django.some((r) => /\/signup \[LoginRequiredMiddleware\]$/.test(r)), django.join("\n"));
  for (const open of ["/health", "/login"]) assert.ok(django.some((r) => r.endsWith(` ${open}`)), `${open} is let through: ${django.join(", ")}`);
  assert.not.ok(app("common.middleware.timing.TimingMiddleware").some((r) => r.includes("[")), "a middleware that never refuses guards nothing");
  // One that checks only the paths it names guards those alone.
  const scoped = app("common.middleware.staff.StaffMiddleware", {
    "common/middleware/staff.py": "from django.contrib.auth.views import redirect_to_login\n\nclass StaffMiddleware:\n    def __call__(self, request):\n        if request.path.startswith(\"/sqlworkflow\") and not request.user.is_authenticated:\n            return redirect_to_login(request.path)\n        return self.get_response(request)\n",
  });
  assert.ok(scoped.some((r) => /\/sqlworkflow \[StaffMiddleware\]$/.test(r)) && scoped.some((r) => r.endsWith(" /signup")), scoped.join("\n"));
  // One that checks an API key on the paths it keeps (`if not request.path.startswith("/api/"): return`) guards those alone.
  const keyed = app("common.middleware.api.RestApiAuthMiddleware", {
    "common/middleware/api.py": "class RestApiAuthMiddleware:\n    def process_request(self, request):\n        if not request.path.startswith('/api/'):\n            return\n        if not api_auth(request.META):\n            return make_api_response({'error': 'unauthorized'}, 401)\n",
  });
  assert.ok(keyed.some((r) => /\/api\/v1\/token \[RestApiAuthMiddleware\]$/.test(r)) && keyed.some((r) => r.endsWith(" /sqlworkflow")), keyed.join("\n"));
  // One that refuses only while a setting says so (pinry's PUBLIC, on as shipped), or hands a caller not signed in on, guards nothing.
  for (const [name, text] of [
    ["Private", "from django.conf import settings\nfrom django.http import HttpResponseForbidden\n\nclass Private:\n    def process_request(self, request):\n        if settings.PUBLIC is False and not request.user.is_authenticated:\n            return HttpResponseForbidden()\n"],
    ["Onboarding", "from django.shortcuts import redirect\n\nclass Onboarding:\n    def __call__(self, request):\n        if not request.user.is_authenticated:\n            return self.get_response(request)\n        if not request.user.organizations:\n            return redirect('onboarding')\n        return self.get_response(request)\n"],
  ] as const) {
    const open = app(`common.middleware.other.${name}`, { "common/middleware/other.py": text });
    assert.not.ok(open.some((r) => r.includes("[")), `${name}: ${open.join(", ")}`);
  }
});

django("a DRF permission of the project that never looks at the caller before the view (only has_object_permission on BasePermission, or a has_permission reading only the method and a setting) guards nothing; one extending IsAuthenticatedOrReadOnly, or whose has_permission reads the user, still does", () => {
  const root = tempDir("tool-drf-caller-blind-");
  writeFiles(root, {
    "requirements.txt": "django>=4\ndjangorestframework\n",
    "pins/permissions.py": [
      "from rest_framework import permissions",
      "",
      "class IsOwnerOrReadOnly(permissions.IsAuthenticatedOrReadOnly):",
      "    def has_object_permission(self, request, view, obj):",
      "        return obj.owner == request.user",
      "",
      "class OwnerOnlyIfPrivate(permissions.BasePermission):",
      "    def has_object_permission(self, request, view, obj):",
      "        if obj.private:",
      "            return request.user == obj.owner",
      "        return True",
      "",
      "class StaffOnly(permissions.BasePermission):",
      "    def has_permission(self, request, view):",
      "        return request.user.is_staff",
      "",
      "class E2ETestPermission(permissions.BasePermission):",
      "    def has_permission(self, request: Request, view: View) -> bool:",
      "        return getattr(request, 'is_e2e', False) is True",
      "",
    ].join("\n"),
    "pins/views.py": [
      "from django.conf import settings",
      "from rest_framework import viewsets",
      "from rest_framework.permissions import BasePermission",
      "from pins.permissions import E2ETestPermission, IsOwnerOrReadOnly, OwnerOnlyIfPrivate, StaffOnly",
      "",
      "class PinViewSet(viewsets.ModelViewSet):",
      "    permission_classes = [IsOwnerOrReadOnly, OwnerOnlyIfPrivate]",
      "",
      "class BoardViewSet(viewsets.ReadOnlyModelViewSet):",
      "    permission_classes = [OwnerOnlyIfPrivate]",
      "",
      "class ReportViewSet(viewsets.ReadOnlyModelViewSet):",
      "    permission_classes = [StaffOnly]",
      "",
      "class SeedViewSet(viewsets.ModelViewSet):",
      "    permission_classes = (E2ETestPermission,)",
      "",
      "class UserViewSet(viewsets.ModelViewSet):",
      "    class Permission(BasePermission):",
      "        def has_permission(self, request, view):",
      "            if not request.method == 'POST':",
      "                return True",
      "            return settings.ALLOW_NEW_REGISTRATIONS",
      "",
      "    permission_classes = [Permission]",
      "",
    ].join("\n"),
    "pins/urls.py": [
      "from rest_framework import routers",
      "from pins import views",
      "",
      "router = routers.SimpleRouter()",
      "router.register(r'pins', views.PinViewSet)",
      "router.register(r'boards', views.BoardViewSet)",
      "router.register(r'reports', views.ReportViewSet)",
      "router.register(r'users', views.UserViewSet)",
      "router.register(r'seed', views.SeedViewSet)",
      "urlpatterns = router.urls",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const routes = guardedRoutes(root);
  for (const expected of ["GET /pins", "POST /pins [IsOwnerOrReadOnly]", "DELETE /pins/{pk} [IsOwnerOrReadOnly]", "GET /boards", "GET /reports [StaffOnly]", "POST /users", "GET /users", "POST /seed [E2ETestPermission]"]) {
    assert.ok(routes.includes(expected), `${expected} in\n${routes.join("\n")}`);
  }
});

django("patterns added under a setting off by default (False, an env read defaulting to False, a private package the repository does not hold) are not served; those under a setting that may be on are", () => {
  const root = tempDir("tool-django-setting-switched-");
  writeFiles(root, {
    "requirements.txt": "Django==5.0\ndjangorestframework\n",
    "api/manage.py": "",
    "api/app/__init__.py": "",
    "api/app/settings/__init__.py": "",
    "api/app/settings/common.py": [
      "import importlib",
      "import environ",
      "env = environ.Env()",
      "ROOT_URLCONF = 'app.urls'",
      'IS_RBAC_INSTALLED = importlib.util.find_spec("rbac") is not None',
      'BILLING_INSTALLED = importlib.util.find_spec("billing") is not None',
      'SAML_ENABLED = env.bool("SAML_ENABLED", False)',
      'PROMETHEUS_ENABLED = env.bool("PROMETHEUS_ENABLED", default=True)',
      "",
    ].join("\n"),
    "api/billing/__init__.py": "",
    "api/billing/views.py": "def invoices(request):\n    return None\n",
    "api/app/views.py": "def health(request):\n    return None\n\ndef saml_login(request):\n    return None\n\ndef metrics(request):\n    return None\n",
    "api/app/urls.py": [
      "from django.conf import settings",
      "from django.urls import path",
      "from rest_framework.routers import DefaultRouter",
      "from app import views",
      "from billing.views import invoices",
      "",
      "router = DefaultRouter(include_root_view=False)",
      "if settings.IS_RBAC_INSTALLED:",
      "    from rbac.views import RoleViewSet",
      "",
      '    router.register("roles", RoleViewSet, basename="roles")',
      "",
      "urlpatterns = [path('health', views.health)] + router.urls",
      "",
      "if settings.SAML_ENABLED:  # pragma: no cover",
      "    urlpatterns += [",
      "        path('saml/login', views.saml_login),",
      "    ]",
      "",
      "if settings.BILLING_INSTALLED:",
      "    urlpatterns += [path('invoices', invoices)]",
      "",
      "if settings.PROMETHEUS_ENABLED:",
      "    urlpatterns += [path('metrics', views.metrics)]",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["ALL /health", "ALL /invoices", "ALL /metrics"]);
});

django("djoser's urlconfs included by the project serve its user, token and JWT endpoints, the username actions named for the user model's USERNAME_FIELD (the field when a setting choosing another is off)", () => {
  const root = tempDir("tool-django-djoser-");
  writeFiles(root, {
    "requirements.txt": "Django==5.0\ndjangorestframework\ndjoser\n",
    "manage.py": "",
    "app/__init__.py": "",
    "app/settings.py": "ROOT_URLCONF = 'app.urls'\n",
    "app/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path('api/v1/auth/', include('djoser.urls')),\n    path('api/v1/auth/', include('djoser.urls.authtoken')),\n]\n",
    "users/__init__.py": "",
    "users/models.py": "from django.conf import settings\nfrom django.contrib.auth.models import AbstractUser\n\nclass FFAdminUser(AbstractUser):\n    USERNAME_FIELD = \"username\" if settings.LDAP_ENABLED else \"email\"\n",
  });
  git(root, "init", "-q");
  const routes = guardedRoutes(root);
  for (const expected of [
    "POST /api/v1/auth/users",
    "GET /api/v1/auth/users/me [login_required]",
    "POST /api/v1/auth/users/reset_password",
    "POST /api/v1/auth/users/set_email [login_required]",
    "POST /api/v1/auth/users/reset_email_confirm",
    "DELETE /api/v1/auth/users/{id} [login_required]",
    "POST /api/v1/auth/token/login",
    "POST /api/v1/auth/token/logout [login_required]",
  ]) assert.ok(routes.includes(expected), `${expected} in ${routes.join("\n")}`);
  assert.not.ok(routes.some((r) => r.includes("set_username")), "the username actions of another USERNAME_FIELD");
});

django("django-oauth-toolkit's urlconf included by the project serves its OAuth endpoints (the client's own credentials), its management pages behind a login, and OIDC discovery", () => {
  const root = tempDir("tool-django-oauth-toolkit-");
  writeFiles(root, {
    "requirements.txt": "Django==5.0\ndjango-oauth-toolkit\n",
    "manage.py": "",
    "app/__init__.py": "",
    "app/settings.py": "ROOT_URLCONF = 'app.urls'\n",
    "app/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path('api/o/', include('oauth2_provider.urls', namespace='oauth2_provider')),\n]\n",
  });
  git(root, "init", "-q");
  const routes = guardedRoutes(root);
  for (const expected of [
    "GET /api/o/authorize [login_required]",
    "POST /api/o/token",
    "POST /api/o/revoke_token",
    "GET /api/o/applications [login_required]",
    "DELETE /api/o/applications/{pk}/delete [login_required]",
    "GET /api/o/.well-known/openid-configuration",
    "GET /api/o/.well-known/jwks.json",
    "POST /api/o/userinfo [login_required]",
    "POST /api/o/logout",
  ]) assert.ok(routes.includes(expected), `${expected} in ${routes.join("\n")}`);
  assert.is(routes.length, 25);
});

django("drf-nested-routers: a nested router's routes take every parent prefix and lookup above it (an empty parent prefix too) and are served where its own urls are included, once", () => {
  const root = tempDir("tool-django-nested-routers-");
  writeFiles(root, {
    "requirements.txt": "Django==5.0\ndjangorestframework\ndrf-nested-routers\n",
    "api/manage.py": "",
    "api/app/__init__.py": "",
    "api/environments/__init__.py": "",
    "api/app/settings.py": "ROOT_URLCONF = 'app.urls'\n",
    "api/app/urls.py": "from django.urls import include, path\n\nurlpatterns = [path('api/v1/environments/', include('environments.urls'))]\n",
    "api/environments/urls.py": [
      "from django.urls import re_path, include",
      "from rest_framework_nested import routers",
      "from environments.views import EnvironmentViewSet, IdentityViewSet, TraitViewSet, WebhookViewSet",
      "",
      "router = routers.DefaultRouter()",
      'router.register(r"", EnvironmentViewSet, basename="environment")',
      "",
      'environments_router = routers.NestedSimpleRouter(router, r"", lookup="environment")',
      'environments_router.register(r"identities", IdentityViewSet, basename="environment-identities")',
      'environments_router.register(r"webhooks", WebhookViewSet, basename="environment-webhooks")',
      "",
      "identity_router = routers.NestedSimpleRouter(",
      '    environments_router, r"identities", lookup="identity"',
      ")",
      'identity_router.register(r"traits", TraitViewSet, basename="identities-traits")',
      "",
      "urlpatterns = [",
      '    re_path(r"^", include(router.urls)),',
      '    re_path(r"^", include(environments_router.urls)),',
      '    re_path(r"^", include(identity_router.urls)),',
      "]",
    ].join("\n"),
    "api/environments/views.py": [
      "from rest_framework import viewsets, mixins",
      "",
      "class EnvironmentViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
      "",
      "class IdentityViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
      "",
      "class WebhookViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
      "",
      "class TraitViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
    ].join("\n"),
  });
  git(root, "init", "-q");
  // The router's API root and its list at "" share a path (DRF serves the root there).
  assert.equal([...new Set(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`))].sort(), [
    "GET /api/v1/environments",
    "GET /api/v1/environments/{environment_pk}/identities",
    "GET /api/v1/environments/{environment_pk}/identities/{identity_pk}/traits",
    "GET /api/v1/environments/{environment_pk}/webhooks",
  ]);
});

django("a root urlconf that includes a list of plugin patterns, which a loop fills from each plugin's urlpatterns (include((urlpatterns, app.label))), is still served", () => {
  const root = tempDir("tool-django-plugin-loop-");
  writeFiles(root, {
    "requirements.txt": "Django==5.0\n",
    "src/conf/urls.py": [
      "from django.apps import apps",
      "from django.urls import include, path",
      "from django.utils.module_loading import import_string",
      "from conf.views import health",
      "",
      "plugin_patterns = []",
      "for app in apps.get_app_configs():",
      "    urlpatterns = import_string(f\"{app.name}.urls.urlpatterns\")",
      "    if urlpatterns:",
      "        plugin_patterns.append(path(\"\", include((urlpatterns, app.label))))",
      "",
      "urlpatterns = [",
      "    path(\"health\", health),",
      "    path(\"orga/\", include(\"conf.orga_urls\")),",
      "    path(\"\", include((plugin_patterns, \"plugins\"))),",
      "]",
      "",
    ].join("\n"),
    "src/conf/orga_urls.py": "from django.urls import path\nfrom conf.views import dashboard\n\nurlpatterns = [path(\"dashboard/\", dashboard)]\n",
    "src/conf/views.py": "def health(request):\n    return None\n\ndef dashboard(request):\n    return None\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["ALL /health", "ALL /orga/dashboard"]);
});

django("URLconfs included across apps, DRF routers and ViewSets, class-based and decorated views with their guards", () => {
  assert.equal(list(fixtureRepo("routes-django")), [
    "GET / shop/urls.py:11 TemplateView",
    "GET /accounts/{pk} accounts/views.py:23 user_detail [login_required]",
    "POST /accounts/{pk} accounts/views.py:23 user_detail [login_required]",
    "GET /accounts/profile accounts/views.py:9 ProfileView.get [login_required]",
    "POST /accounts/profile accounts/views.py:12 ProfileView.post [login_required]",
    "ALL /accounts/settings accounts/views.py:27 settings_view",
    "GET /accounts/signup accounts/views.py:16 SignupView",
    "POST /accounts/signup accounts/views.py:16 SignupView",
    "GET /api/v1 api/urls.py:6 (API root)",
    "GET /api/v1/health api/views.py:26 health",
    "GET /api/v1/orders api/views.py:16 OrderViewSet.list [IsAuthenticated]",
    "POST /api/v1/orders api/views.py:16 OrderViewSet.create [IsAuthenticated]",
    "GET /api/v1/orders/{pk} api/views.py:16 OrderViewSet.retrieve [IsAuthenticated]",
    "GET /api/v1/orders/recent api/views.py:19 OrderViewSet.recent_orders [IsAuthenticated]",
    "GET /api/v1/products api/views.py:7 ProductViewSet.list",
    "GET /api/v1/products/{slug} api/views.py:7 ProductViewSet.retrieve",
    "POST /api/v1/products/{slug}/favorite api/views.py:11 ProductViewSet.favorite [IsAuthenticated]",
    "ALL /legacy/{slug} accounts/views.py:31 legacy",
  ]);
});

django("routes in tests, comments and strings are not routes; the admin site is not the project's", () => {
  const items = analyze(fixtureRepo("routes-django")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("tests/") || /commented|not-a-route|admin/.test(r.path)));
});

/** A DRF project whose settings may name default permissions, with views that rely on them or not. */
function drfProject(settings: string): string {
  const root = tempDir();
  writeFiles(root, {
    "backend/manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'conduit.settings')\n",
    "backend/conduit/settings.py": `INSTALLED_APPS = ["rest_framework"]\n${settings}`,
    "backend/conduit/urls.py": [
      "from django.urls import include, path",
      "urlpatterns = [path('api/', include('blog.urls'))]",
      "",
    ].join("\n"),
    "backend/blog/urls.py": [
      "from django.urls import path",
      "from . import views",
      "urlpatterns = [",
      "    path('posts', views.PostsView.as_view()),",
      "    path('tags', views.TagsView.as_view()),",
      "    path('drafts', views.DraftsView.as_view()),",
      "    path('stats', views.StatsView.as_view()),",
      "    path('page', views.PageView.as_view()),",
      "    path('search', views.search),",
      "    path('ping', views.ping),",
      "]",
      "",
    ].join("\n"),
    "backend/blog/views.py": [
      "from django.views import View",
      "from rest_framework.decorators import api_view, permission_classes",
      "from rest_framework.permissions import AllowAny, IsAuthenticated",
      "from rest_framework.views import APIView",
      "",
      "class PostsView(APIView):",
      "    def get(self, request): ...",
      "    def post(self, request): ...",
      "",
      "class TagsView(APIView):",
      "    permission_classes = [AllowAny]",
      "    def post(self, request): ...",
      "",
      "class Private(APIView):",
      "    permission_classes = [IsAuthenticated]",
      "",
      "class DraftsView(Private):",
      "    def get(self, request): ...",
      "",
      "class StatsView(APIView):",
      "    def get_permissions(self):",
      "        return [AllowAny()] if self.request.method == 'GET' else [IsAuthenticated()]",
      "    def get(self, request): ...",
      "",
      "class PageView(View):",
      "    def post(self, request): ...",
      "",
      "@api_view(['POST'])",
      "def search(request): ...",
      "",
      "@api_view(['POST'])",
      "@permission_classes([AllowAny])",
      "def ping(request): ...",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  return root;
}

django("DRF views without permission_classes have the settings' DEFAULT_PERMISSION_CLASSES; their own classes, a base's, get_permissions and Django's views do not", () => {
    const readOnly = drfProject("REST_FRAMEWORK = {\n    'DEFAULT_PERMISSION_CLASSES': (\n        'rest_framework.permissions.IsAuthenticatedOrReadOnly',\n    ),\n}\n");
  assert.equal(guardedRoutes(readOnly), [
    "GET /api/drafts [IsAuthenticated]",
    "POST /api/page",
    "POST /api/ping",
    "GET /api/posts",
    "POST /api/posts [IsAuthenticatedOrReadOnly]",
    "POST /api/search [IsAuthenticatedOrReadOnly]",
    "GET /api/stats",
    "POST /api/tags",
  ]);
  // Without a default in the settings, DRF lets everyone in.
  assert.equal(guardedRoutes(drfProject("")).filter((line) => line.includes("[")), ["GET /api/drafts [IsAuthenticated]"]);
});

django("a ViewSet's actions mapped in a URLconf (Views.as_view({\"get\": \"list\"})) are guarded by the permission classes of the class, its own or a base's, across a package that re-exports it; get_permissions letting anyone in is kept", () => {
  const root = tempDir("tool-django-as-view-actions-");
  writeFiles(root, {
    "requirements.txt": "django\ndjangorestframework\n",
    "app/__init__.py": "",
    "app/urls.py": [
      "from django.urls import path",
      "from app.views import ProjectViewSet, ProfileViewSet, InviteViewSet",
      "",
      "urlpatterns = [",
      '    path("projects/", ProjectViewSet.as_view({"get": "list", "post": "create"})),',
      '    path("me/", ProfileViewSet.as_view({"get": "retrieve"})),',
      '    path("invites/<str:token>/", InviteViewSet.as_view({"post": "accept"})),',
      "]",
      "",
    ].join("\n"),
    "app/views/__init__.py": "from .projects import ProjectViewSet, ProfileViewSet, InviteViewSet\n",
    "app/views/base.py": "from rest_framework import viewsets\nfrom rest_framework.permissions import IsAuthenticated\n\nclass BaseViewSet(viewsets.ModelViewSet):\n    permission_classes = [IsAuthenticated]\n",
    "app/views/projects.py": [
      "from rest_framework.permissions import AllowAny",
      "from app.views.base import BaseViewSet",
      "from app.permissions import ProjectMemberPermission",
      "",
      "class ProjectViewSet(BaseViewSet):",
      "    permission_classes = [ProjectMemberPermission]",
      "",
      "    def list(self, request):",
      "        return []",
      "",
      "class ProfileViewSet(BaseViewSet):",
      "    def retrieve(self, request):",
      "        return {}",
      "",
      "class InviteViewSet(BaseViewSet):",
      "    def get_permissions(self):",
      "        return [AllowAny()]",
      "",
      "    def accept(self, request, token):",
      "        return {}",
      "",
    ].join("\n"),
    "app/permissions.py": "from rest_framework.permissions import BasePermission\n\nclass ProjectMemberPermission(BasePermission):\n    def has_permission(self, request, view):\n        return request.user.is_authenticated\n",
  });
  assert.equal(guardedRoutes(root), [
    "POST /invites/{token}",
    "GET /me [IsAuthenticated]",
    "GET /projects [ProjectMemberPermission]",
    "POST /projects [ProjectMemberPermission]",
  ]);
});

django("get_permissions that assigns the classes in each branch (permission_classes = [AllowAny] / else [IsAuthenticated]) and returns them, or super()'s, guards each method as the branch it takes", () => {
  const root = tempDir("tool-django-assigned-permissions-");
  writeFiles(root, {
    "requirements.txt": "django\ndjangorestframework\n",
    "app/__init__.py": "",
    "app/urls.py": [
      "from django.urls import path",
      "from app.views import AssetEndpoint, CommentViewSet",
      "",
      "urlpatterns = [",
      '    path("assets/<str:anchor>/", AssetEndpoint.as_view()),',
      '    path("comments/", CommentViewSet.as_view({"get": "list", "post": "create"})),',
      "]",
      "",
    ].join("\n"),
    "app/views.py": [
      "from rest_framework.views import APIView",
      "from rest_framework import viewsets",
      "from rest_framework.permissions import AllowAny, IsAuthenticated",
      "",
      "class AssetEndpoint(APIView):",
      "    def get_permissions(self):",
      '        if self.request.method == "GET":',
      "            permission_classes = [AllowAny]",
      "        else:",
      "            permission_classes = [IsAuthenticated]",
      "        return [permission() for permission in permission_classes]",
      "",
      "    def get(self, request, anchor):",
      "        return None",
      "",
      "    def post(self, request, anchor):",
      "        return None",
      "",
      "class CommentViewSet(viewsets.ModelViewSet):",
      "    def get_permissions(self):",
      '        if self.action in ["list", "retrieve"]:',
      "            self.permission_classes = [AllowAny]",
      "        else:",
      "            self.permission_classes = [IsAuthenticated]",
      "        return super(CommentViewSet, self).get_permissions()",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET /assets/{anchor}",
    "POST /assets/{anchor} [IsAuthenticated]",
    "GET /comments",
    "POST /comments [IsAuthenticated]",
  ]);
});

django("get_permissions returning a list written over several lines (comments at their ends), of instances made with arguments (EnvironmentPermissions(action_permission_map={...})), guards by each class", () => {
  const root = tempDir("tool-django-permissions-lines-");
  writeFiles(root, {
    "requirements.txt": "django\ndjangorestframework\n",
    "app/__init__.py": "",
    "app/urls.py": 'from django.urls import path\nfrom app.views import IdentityViewSet, PublicViewSet\n\nurlpatterns = [\n    path("identities/", IdentityViewSet.as_view({"get": "list", "post": "create"})),\n    path("public/", PublicViewSet.as_view({"get": "list"})),\n]\n',
    "app/views.py": [
      "from rest_framework import viewsets",
      "from rest_framework.permissions import AllowAny, IsAuthenticated",
      "",
      "class IdentityViewSet(viewsets.ModelViewSet):",
      "    def get_permissions(self):  # type: ignore[no-untyped-def]",
      "        return [",
      "            IsAuthenticated(),",
      "            NestedEnvironmentPermissions(",
      "                action_permission_map={",
      '                    "list": VIEW_IDENTITIES,',
      '                    "create": MANAGE_IDENTITIES,',
      "                },",
      "                get_environment_from_object_callable=lambda t: t.identity.environment,  # type: ignore[attr-defined]",
      "            ),",
      "        ]",
      "",
      "class PublicViewSet(viewsets.ModelViewSet):",
      "    def get_permissions(self):",
      "        return [",
      "            AllowAny(),",
      "        ]",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /identities [IsAuthenticated,NestedEnvironmentPermissions]",
    "POST /identities [IsAuthenticated,NestedEnvironmentPermissions]",
    "GET /public",
  ]);
});

django("a DRF view that declares itself open to anyone (permission_classes = [AllowAny], or none at all: ()) is public by design: its writes are a low finding; one that declares nothing is not", () => {
  const root = tempDir("tool-django-allow-any-");
  writeFiles(root, {
    "requirements.txt": "django\ndjangorestframework\n",
    "app/__init__.py": "",
    "app/urls.py": 'from django.urls import path\nfrom app.views import EmailCheckEndpoint, NotesEndpoint, ProfileEndpoint\nfrom app.onboarding import OnboardingStatusView\n\nurlpatterns = [\n    path("auth/email-check/", EmailCheckEndpoint.as_view()),\n    path("notes/", NotesEndpoint.as_view()),\n    path("profile/", ProfileEndpoint.as_view()),\n    path("environments/<str:key>/onboarding-status/", OnboardingStatusView.as_view()),\n]\n',
    "app/views.py": [
      "from rest_framework.views import APIView",
      "from rest_framework.permissions import AllowAny, IsAuthenticated",
      "",
      "class EmailCheckEndpoint(APIView):",
      "    permission_classes = [AllowAny]",
      "",
      "    def post(self, request):",
      "        return None",
      "",
      "class NotesEndpoint(APIView):",
      "    def post(self, request):",
      "        return None",
      "",
      "class ProfileEndpoint(APIView):",
      "    permission_classes = [IsAuthenticated]",
      "",
      "    def post(self, request):",
      "        return None",
      "",
    ].join("\n"),
    "app/onboarding.py": [
      "from rest_framework.views import APIView",
      "",
      "class OnboardingStatusView(APIView):",
      "    authentication_classes = ()",
      "    permission_classes = ()",
      "",
      "    def put(self, request, key):",
      "        return None",
      "",
    ].join("\n"),
  });
  // The view declaring nothing is low only as the one left open among the file's guarded routes, not as declared public.
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write").map((f) => [f.severity, f.title.split(" has")[0], /declares it public/.test(f.evidence[0]!.detail ?? "") ? "declared public" : /other routes? of its file/.test(f.evidence[0]!.detail ?? "") ? "among guarded" : ""]);
  assert.equal(writes.sort(), [["low", "POST /auth/email-check", "declared public"], ["low", "POST /notes", "among guarded"], ["low", "PUT /environments/{key}/onboarding-status", "declared public"]]);
});

django("a view on two URLs serves at each only the handlers that take as many parameters as that URL captures (Django passes them as keywords), a check decorating one passing them through; one taking **kwargs, or decorated to be handed arguments, serves any", () => {
  const root = tempDir("tool-django-handler-parameters-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "app/__init__.py": "",
    "app/urls.py": [
      "from django.urls import path",
      "from app.views import TokenView, FileView, ReportView",
      "",
      "urlpatterns = [",
      '    path("tokens/", TokenView.as_view()),',
      '    path("tokens/<uuid:pk>/", TokenView.as_view()),',
      '    path("files/", FileView.as_view()),',
      '    path("files/<str:name>/", FileView.as_view()),',
      '    path("reports/", ReportView.as_view()),',
      "]",
      "",
    ].join("\n"),
    "app/views.py": [
      "from django.views import View",
      "",
      "class TokenView(View):",
      "    def get(self, request, pk=None):",
      "        return None",
      "",
      "    def post(self, request):",
      "        return None",
      "",
      "    def patch(self, request, pk):",
      "        return None",
      "",
      "    def delete(self, request, pk):",
      "        return None",
      "",
      "class FileView(View):",
      "    def get(self, request, *args, **kwargs):",
      "        return None",
      "",
      "class ReportView(View):",
      "    # A decorator that hands the handler an argument of its own.",
      "    @validate_args(ReportQuery)",
      "    def get(self, request, query_args):",
      "        return None",
      "",
      "    @allow_permission([ADMIN])",
      "    def delete(self, request, pk):",
      "        return None",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET /files",
    "GET /files/{name}",
    "GET /reports",
    "GET /tokens",
    "POST /tokens",
    "DELETE /tokens/{pk}",
    "GET /tokens/{pk}",
    "PATCH /tokens/{pk}",
  ]);
});

django("get_permissions choosing by action or method gives each route its guards; super() is the class's; a mixin named like the DRF one it extends is no loop", () => {
  const root = tempDir();
  writeFiles(root, {
    "config/settings.py": "REST_FRAMEWORK = {}\n",
    "config/urls.py": [
      "from django.urls import include, path",
      "from rest_framework.routers import DefaultRouter",
      "from blog.views import ArticleViewSet, CommentView",
      "router = DefaultRouter(trailing_slash=False)",
      "router.register('articles', ArticleViewSet, basename='article')",
      "urlpatterns = [path('api/', include(router.urls)), path('api/comments', CommentView.as_view())]",
      "",
    ].join("\n"),
    "utils/mixins.py": "from rest_framework import mixins\n\nclass CreateModelMixin(mixins.CreateModelMixin):\n    def create(self, request, *args, **kwargs):\n        return super().create(request, *args, **kwargs)\n",
    "blog/views.py": [
      "from rest_framework import generics, mixins",
      "from rest_framework.decorators import action",
      "from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly, SAFE_METHODS",
      "from rest_framework.viewsets import GenericViewSet",
      "from utils import mixins as own",
      "",
      "class ArticleViewSet(own.CreateModelMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.DestroyModelMixin, GenericViewSet):",
      "    lookup_field = 'slug'",
      "",
      "    def get_permissions(self):",
      "        if self.request.method not in SAFE_METHODS or self.action == 'feed':",
      "            return [IsAuthenticated()]",
      "        return []",
      "",
      "    @action(detail=False)",
      "    def feed(self, request):",
      "        return self.list(request)",
      "",
      "class CommentView(generics.ListCreateAPIView):",
      "    permission_classes = [IsAuthenticated]",
      "",
      "    def get_permissions(self):",
      "        if self.request.method == 'GET':",
      "            return [IsAuthenticatedOrReadOnly()]",
      "        return super().get_permissions()",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api",
    "GET /api/articles",
    "POST /api/articles [IsAuthenticated]",
    "DELETE /api/articles/{slug} [IsAuthenticated]",
    "GET /api/articles/{slug}",
    "GET /api/articles/feed [IsAuthenticated]",
    "GET /api/comments",
    "POST /api/comments [IsAuthenticated]",
  ]);
});

django("a handler that turns an anonymous caller away at its top is guarded; one that only reads the user is not", () => {
  const root = tempDir();
  writeFiles(root, {
    "config/urls.py": [
      "from django.urls import include, path",
      "from rest_framework.routers import DefaultRouter",
      "from profiles.views import ProfileViewSet, FeedView",
      "router = DefaultRouter(trailing_slash=False)",
      "router.register('profiles', ProfileViewSet, basename='profile')",
      "urlpatterns = [path('api/', include(router.urls)), path('api/feed', FeedView.as_view())]",
      "",
    ].join("\n"),
    "profiles/views.py": [
      "from rest_framework import mixins, status, viewsets",
      "from rest_framework.decorators import action",
      "from rest_framework.exceptions import PermissionDenied",
      "from rest_framework.response import Response",
      "from rest_framework.views import APIView",
      "",
      "class ProfileViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):",
      "    lookup_field = 'username'",
      "",
      "    def retrieve(self, request, username=None):",
      "        viewer = request.user if request.user.is_authenticated else None",
      "        return Response({})",
      "",
      "    @action(detail=True, methods=['POST'])",
      "    def follow(self, request, username=None):",
      "        if request.user.is_anonymous:",
      "            raise PermissionDenied()",
      "        return Response({})",
      "",
      "class FeedView(APIView):",
      "    def get(self, request):",
      "        if not request.user.is_authenticated:",
      "            return Response(status=status.HTTP_401_UNAUTHORIZED)",
      "        return Response([])",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /api", "GET /api/feed [request.user]", "GET /api/profiles/{username}", "POST /api/profiles/{username}/follow [request.user]"]);
});

django("a function view that only hands each method to another view takes each method's guards from it; one that does more keeps its own", () => {
  const root = tempDir("tool-django-dispatch-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'hc.settings')\n",
    "hc/settings.py": 'ROOT_URLCONF = "hc.urls"\n',
    "hc/urls.py": 'from django.urls import path\nfrom hc.api import views\n\nurlpatterns = [\n    path("api/checks/", views.checks),\n    path("api/checks/<uuid:code>", views.single),\n    path("api/mixed/", views.mixed),\n]\n',
    "hc/api/views.py": [
      "from django.http import JsonResponse",
      "from hc.api.decorators import authorize, authorize_read, cors",
      "",
      "@authorize_read",
      "def get_checks(request):",
      "    return []",
      "",
      "@authorize",
      "def create_check(request):",
      "    return {}",
      "",
      "@cors(\"GET\", \"POST\")",
      "def checks(request):",
      "    # POST creates one",
      "    if request.method == \"POST\":",
      "        return create_check(request)",
      "",
      "    return get_checks(request)",
      "",
      "@authorize",
      "def update_check(request, code):",
      "    return {}",
      "",
      "@cors(\"GET\", \"POST\", \"DELETE\")",
      "def single(request, code):",
      "    if request.method in (\"POST\", \"DELETE\"):",
      "        return update_check(request, code)",
      "    return get_checks(request)",
      "",
      "@cors(\"GET\", \"POST\")",
      "def mixed(request):",
      "    if request.method == \"POST\":",
      "        log(request)",
      "        return create_check(request)",
      "    return get_checks(request)",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).filter((r) => !r.startsWith("ALL")), [
    "GET /api/checks [authorize_read]",
    "POST /api/checks [authorize]",
    "DELETE /api/checks/{code} [authorize]",
    "GET /api/checks/{code} [authorize_read]",
    "POST /api/checks/{code} [authorize]",
    "GET /api/mixed",
    "POST /api/mixed",
  ]);
});

django("a DRF GenericAPIView with model mixins, served by path(..., View.as_view()), answers only the methods it defines, at the path as written", () => {
  const root = tempDir("tool-django-generic-mixins-");
  writeFiles(root, {
    "manage.py": "import django\n",
    "project/urls.py": "from django.urls import include, path\n\nurlpatterns = [path('api/', include('api.urls'))]\n",
    "api/urls.py": [
      "from django.urls import path",
      "from .views import FavoriteView, CommentView, ArticleViewSet",
      "from rest_framework.routers import DefaultRouter",
      "router = DefaultRouter()",
      "router.register('feeds', ArticleViewSet)",
      "urlpatterns = [",
      "    path('articles/<str:slug>/favorite', FavoriteView.as_view()),",
      "    path('articles/<str:slug>/comments', CommentView.as_view()),",
      "    path('articles/<str:slug>/comments/<int:id>', CommentView.as_view()),",
      "] + router.urls",
    ].join("\n"),
    "api/views.py": [
      "from rest_framework.generics import GenericAPIView",
      "from rest_framework.mixins import CreateModelMixin, ListModelMixin, DestroyModelMixin, RetrieveModelMixin",
      "from rest_framework.permissions import IsAuthenticated",
      "from rest_framework import viewsets",
      "",
      "class FavoriteView(GenericAPIView, RetrieveModelMixin):",
      "    permission_classes = (IsAuthenticated,)",
      "    lookup_field = 'slug'",
      "    def post(self, request, *args, **kwargs):",
      "        return favorite(request)",
      "    def delete(self, request, *args, **kwargs):",
      "        return unfavorite(request)",
      "",
      "class CommentView(GenericAPIView, CreateModelMixin, ListModelMixin, DestroyModelMixin):",
      "    permission_classes = (IsAuthenticated,)",
      "    lookup_field = 'id'",
      "    def post(self, request, *args, **kwargs):",
      "        return self.create(request, *args, **kwargs)",
      "    def get(self, request, *args, **kwargs):",
      "        return self.list(request, *args, **kwargs)",
      "    def delete(self, request, *args, **kwargs):",
      "        return self.destroy(request, *args, **kwargs)",
      "",
      "class ArticleViewSet(ListModelMixin, RetrieveModelMixin, viewsets.GenericViewSet):",
      "    permission_classes = (IsAuthenticated,)",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(list(root).map((r) => r.split(" ").slice(0, 2).join(" ")), [
    "GET /api",
    "DELETE /api/articles/{slug}/comments",
    "GET /api/articles/{slug}/comments",
    "POST /api/articles/{slug}/comments",
    "DELETE /api/articles/{slug}/comments/{id}",
    "GET /api/articles/{slug}/comments/{id}",
    "POST /api/articles/{slug}/comments/{id}",
    "DELETE /api/articles/{slug}/favorite",
    "POST /api/articles/{slug}/favorite",
    "GET /api/feeds",
    "GET /api/feeds/{pk}",
  ]);
});

django("views a package re-exports from its __init__.py (beside a views.py stub, which the package shadows); the project's permission that lets safe methods through first guards only writes", () => {
  const root = tempDir("tool-django-package-views-");
  writeFiles(root, {
    "manage.py": "import django\n",
    "site/urls.py": [
      "from django.urls import path, include",
      "from rest_framework import routers",
      "from app.views import LoginView, ArticleView",
      "router = routers.SimpleRouter(trailing_slash=False)",
      "router.register(r'articles', ArticleView)",
      "urlpatterns = [",
      "    path('api/users/login', LoginView.as_view()),",
      "    path('api/', include(router.urls)),",
      "]",
    ].join("\n"),
    "app/__init__.py": "",
    "app/views.py": "from django.shortcuts import render\n\n# Create your views here.\n",
    "app/views/__init__.py": "from .login_view import LoginView\nfrom .article_view import ArticleView\n",
    "app/views/login_view.py": "from rest_framework.views import APIView\n\nclass LoginView(APIView):\n    def post(self, request):\n        return login(request)\n",
    "app/views/article_view.py": [
      "from rest_framework import viewsets",
      "from app.permissions import AuthorUpdatePermission",
      "class ArticleView(viewsets.ModelViewSet):",
      "    lookup_field = 'slug'",
      "    permission_classes = [AuthorUpdatePermission]",
    ].join("\n"),
    "app/permissions.py": [
      "from rest_framework import permissions",
      "class AuthorUpdatePermission(permissions.BasePermission):",
      "    def has_permission(self, request, view):",
      "        if request.method in permissions.SAFE_METHODS:",
      "            return True",
      "        return request.user.is_authenticated",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/articles",
    "POST /api/articles [AuthorUpdatePermission]",
    "DELETE /api/articles/{slug} [AuthorUpdatePermission]",
    "GET /api/articles/{slug}",
    "PATCH /api/articles/{slug} [AuthorUpdatePermission]",
    "PUT /api/articles/{slug} [AuthorUpdatePermission]",
    "POST /api/users/login",
  ]);
});

django("a plain view answers every method, written for those its body tells apart (GET and a form's POST), or serves only those it does not turn away when it refuses the others (an error answered as data too, after `if not request.method == \"POST\"`); one that compares none is a page, or a form when it reads what is posted (GET and POST, a write); a helper it hands the request to counts as its body; a generic view imported under another name keeps its methods", () => {
  const root = tempDir("tool-django-compared-methods-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'site.settings')\n",
    "site/settings.py": 'ROOT_URLCONF = "site.urls"\n',
    "site/urls.py": [
      "from django.urls import path",
      "from home import views",
      "urlpatterns = [",
      '    path("", views.index),',
      '    path("register/", views.signup),',
      '    path("@<slug:profile>/follow/", views.follow),',
      '    path("hooks/", views.hook),',
      '    path("ping/<uuid:code>/", views.ping),',
      '    path("projects/<uuid:code>/add_email/", views.add_email),',
      '    path("unsubscribe/<str:token>/", views.unsubscribe),',
      '    path("login/", views.LoginView.as_view()),',
      '    path("ajax/change_organization", views.change_organization),',
      "]",
      "",
    ].join("\n"),
    "home/views.py": [
      "from django.shortcuts import render, redirect",
      "from django.contrib.auth.views import LoginView as AuthLoginView",
      "",
      "def index(request):",
      '    return render(request, "index.html")',
      "",
      "def signup(request):",
      '    if request.method == "POST":',
      "        form = UserCreationForm(request.POST)",
      '        return redirect("index")',
      '    return render(request, "signup.html")',
      "",
      "def follow(request, profile):",
      '    if request.method == "GET":',
      '        return render(request, "follow.html")',
      "    elif request.method == 'POST' and request.user.is_authenticated:",
      "        request.user.follow(profile)",
      "",
      "def ping(request, code):",
      "    body = request.body.decode()",
      "    return HttpResponse(record(code, body))",
      "",
      "def email_form(request, channel):",
      '    if request.method == "POST":',
      "        channel.save()",
      '    return render(request, "email_form.html")',
      "",
      "def add_email(request, code):",
      "    return email_form(request, Channel(project=code))",
      "",
      "def unsubscribe(request, token):",
      '    if request.method != "POST":',
      '        return render(request, "unsubscribe_submit.html")',
      "    unsubscribe_user(token)",
      '    return render(request, "unsubscribed.html")',
      "",
      "def hook(request):",
      '    if request.method != "POST":',
      "        return HttpResponseNotAllowed(['POST'])",
      "    return handle(request)",
      "",
      "def change_organization(request):",
      '    if not request.method == "POST":',
      '        return JsonResponse({"status": "error"})',
      '    request.session["organization"] = request.POST.get("organization")',
      '    return JsonResponse({"status": "success"})',
      "",
      "class LoginView(AuthLoginView):",
      '    template_name = "login.html"',
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const found = analyze(root).routes;
  assert.equal(found.items.map((r) => `${r.method} ${r.path}${r.handles ? ` (written for ${r.handles.join(", ")})` : ""}`).sort(), [
    "ALL /",
    "ALL /@{profile}/follow (written for GET, POST)",
    "ALL /ping/{code} (written for GET, POST)",
    "ALL /projects/{code}/add_email (written for GET, POST)",
    "ALL /register (written for GET, POST)",
    "ALL /unsubscribe/{token} (written for GET, POST)",
    "GET /login",
    "POST /ajax/change_organization",
    "POST /hooks",
    "POST /login",
  ]);
  // A view written for POST is a write: unguarded, it is listed with the others; a page is not.
  assert.equal(found.unguardedWrites.map((r) => `${r.method} ${r.path}`).sort(), [
    "ALL /@{profile}/follow",
    "ALL /ping/{code}",
    "ALL /projects/{code}/add_email",
    "ALL /register",
    "ALL /unsubscribe/{token}",
    "POST /ajax/change_organization",
    "POST /hooks",
    "POST /login",
  ]);
});

django("routers a module defines, included by the module's name (include(api_routes.bookmark_router.urls)), each under its own path, registered at an empty prefix", () => {
  const root = tempDir("tool-django-module-routers-");
  writeFiles(root, {
    "manage.py": "import django\n",
    "site/urls.py": [
      "from django.urls import include, path",
      "from bookmarks.api import routes as api_routes",
      "urlpatterns = [",
      '    path("api/bookmarks/", include(api_routes.bookmark_router.urls)),',
      '    path("api/tags/", include(api_routes.tag_router.urls)),',
      "]",
      "",
    ].join("\n"),
    "bookmarks/__init__.py": "",
    "bookmarks/api/__init__.py": "",
    "bookmarks/api/routes.py": [
      "from rest_framework import mixins, viewsets",
      "from rest_framework.decorators import action",
      "from rest_framework.routers import SimpleRouter",
      "",
      "class BookmarkViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):",
      '    @action(methods=["post"], detail=True)',
      "    def archive(self, request, pk):",
      "        return Response()",
      "",
      "class TagViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
      "",
      "bookmark_router = SimpleRouter()",
      'bookmark_router.register("", BookmarkViewSet, basename="bookmark")',
      "tag_router = SimpleRouter()",
      'tag_router.register("", TagViewSet, basename="tag")',
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /api/bookmarks BookmarkViewSet.list",
    "GET /api/bookmarks/{pk} BookmarkViewSet.retrieve",
    "POST /api/bookmarks/{pk}/archive BookmarkViewSet.archive",
    "GET /api/tags TagViewSet.list",
  ]);
});

django("a ViewSet whose DRF base comes through mixins of the module (TreeMixin(MergeMixin) over MergeMixin(ViewSetMixin) and a ModelViewSet) has its actions, and the @action routes its mixins give it", () => {
  const root = tempDir("tool-django-mixin-actions-");
  writeFiles(root, {
    "manage.py": "import django\n",
    "site/urls.py": [
      "from django.urls import include, path",
      "from rest_framework import routers",
      "from cookbook.views import api",
      "router = routers.SimpleRouter()",
      "router.register(r'food', api.FoodViewSet)",
      "router.register(r'storage', api.StorageViewSet)",
      "urlpatterns = [",
      "    path('api/', include(router.urls)),",
      "]",
      "",
    ].join("\n"),
    "cookbook/__init__.py": "",
    "cookbook/views/__init__.py": "",
    "cookbook/views/api.py": [
      "from rest_framework import decorators, viewsets",
      "from rest_framework.viewsets import ViewSetMixin",
      "",
      "class LoggingMixin(object):",
      "    def log(self):",
      "        pass",
      "",
      "class FuzzyFilterMixin(viewsets.ModelViewSet):",
      "    pass",
      "",
      "class MergeMixin(ViewSetMixin):",
      "    @decorators.action(detail=True, url_path='merge/(?P<target>[^/.]+)', methods=['PUT'])",
      "    def merge(self, request, pk, target):",
      "        return Response()",
      "",
      "class TreeMixin(MergeMixin, FuzzyFilterMixin):",
      "    model = None",
      "",
      "class DeleteRelationMixing:",
      "    @decorators.action(detail=True, methods=['GET'])",
      "    def protecting(self, request, pk):",
      "        return []",
      "",
      "    def helper(self):",
      "        return []",
      "",
      "class FoodViewSet(LoggingMixin, TreeMixin, DeleteRelationMixing):",
      "    @decorators.action(detail=True, methods=['GET', 'POST'])",
      "    def protecting(self, request, pk):",
      "        return []",
      "",
      "class StorageViewSet(LoggingMixin, viewsets.ReadOnlyModelViewSet, DeleteRelationMixing):",
      "    pass",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /api/food FoodViewSet.list",
    "POST /api/food FoodViewSet.create",
    "DELETE /api/food/{pk} FoodViewSet.destroy",
    "GET /api/food/{pk} FoodViewSet.retrieve",
    "PATCH /api/food/{pk} FoodViewSet.partial_update",
    "PUT /api/food/{pk} FoodViewSet.update",
    "PUT /api/food/{pk}/merge/{target} FoodViewSet.merge",
    "GET /api/food/{pk}/protecting FoodViewSet.protecting",
    "POST /api/food/{pk}/protecting FoodViewSet.protecting",
    "GET /api/storage StorageViewSet.list",
    "GET /api/storage/{pk} StorageViewSet.retrieve",
    "GET /api/storage/{pk}/protecting StorageViewSet.protecting",
  ]);
});

django("a DefaultRouter serves its API root at its own path, under the default permission classes, unless include_root_view=False", () => {
  const root = tempDir("tool-django-api-root-");
  writeFiles(root, {
    "manage.py": "import django\n",
    "site/settings.py": "REST_FRAMEWORK = {\n    'DEFAULT_PERMISSION_CLASSES': ['rest_framework.permissions.IsAuthenticated'],\n}\n",
    "site/urls.py": [
      "from django.urls import include, path",
      "from rest_framework import routers",
      "from notes import views",
      "router = routers.DefaultRouter()",
      "router.register(r'notes', views.NoteViewSet)",
      "quiet = routers.DefaultRouter(include_root_view=False)",
      "quiet.register(r'tags', views.TagViewSet)",
      "urlpatterns = [",
      "    path('api/', include(router.urls)),",
      "    path('internal/', include(quiet.urls)),",
      "]",
      "",
    ].join("\n"),
    "notes/__init__.py": "",
    "notes/views.py": [
      "from rest_framework import mixins, viewsets",
      "",
      "class NoteViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
      "",
      "class TagViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards}]`), [
    "GET /api (API root) [IsAuthenticated]",
    "GET /api/notes NoteViewSet.list [IsAuthenticated]",
    "GET /internal/tags TagViewSet.list [IsAuthenticated]",
  ]);
});

django("Django's own password-change views require a signed-in user, used as they are or as a project view's base; its sign-in and sign-out views do not", () => {
  const root = tempDir("tool-django-auth-views-");
  writeFiles(root, {
    "manage.py": "import django\n",
    "site/urls.py": [
      "from django.contrib.auth import views as django_auth_views",
      "from django.urls import path",
      "from accounts import views",
      "urlpatterns = [",
      '    path("login/", views.SiteLoginView.as_view()),',
      '    path("logout/", django_auth_views.LogoutView.as_view()),',
      '    path("change-password/", views.SitePasswordChangeView.as_view()),',
      '    path("password-change-done/", django_auth_views.PasswordChangeDoneView.as_view()),',
      "]",
      "",
    ].join("\n"),
    "accounts/__init__.py": "",
    "accounts/views.py": [
      "from django.contrib.auth import views as auth_views",
      "",
      "class SiteLoginView(auth_views.LoginView):",
      '    template_name = "login.html"',
      "",
      "class SitePasswordChangeView(auth_views.PasswordChangeView):",
      '    template_name = "change.html"',
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /change-password [login_required]",
    "POST /change-password [login_required]",
    "GET /login",
    "POST /login",
    "GET /logout",
    "POST /logout",
    "GET /password-change-done [login_required]",
  ]);
});

django("a DRF router's URLs unpacked into an included list (*api_router.urls) take its prefix; a ViewSet with a generic base (ModelViewSet[Tag]) is one", () => {
  const root = tempDir("tool-django-unpacked-router-");
  writeFiles(root, {
    "src/manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'paperless.settings')\n",
    "src/paperless/settings.py": 'ROOT_URLCONF = "paperless.urls"\nREST_FRAMEWORK = {"DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"]}\n',
    "src/paperless/urls.py": [
      "from django.urls import include, re_path",
      "from rest_framework.routers import DefaultRouter",
      "from documents.views import TagViewSet",
      "",
      "api_router = DefaultRouter()",
      'api_router.register(r"tags", TagViewSet)',
      "",
      "urlpatterns = [",
      "    re_path(",
      '        r"^api/",',
      "        include(",
      "            [",
      "                *api_router.urls,",
      "            ],",
      "        ),",
      "    ),",
      "]",
    ].join("\n"),
    "src/documents/views.py": [
      "from rest_framework.viewsets import ModelViewSet",
      "",
      "class TagViewSet(ModelViewSet[Tag]):",
      "    model = Tag",
      "    serializer_class = TagSerializer",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /api",
    "GET /api/tags",
    "POST /api/tags",
    "DELETE /api/tags/{pk}",
    "GET /api/tags/{pk}",
    "PATCH /api/tags/{pk}",
    "PUT /api/tags/{pk}",
  ]);
});

django("views of widely used packages serve their methods: allauth's account views are forms, DRF's token view and Simple JWT's take a post, drf-spectacular's documents a get", () => {
  const root = tempDir("tool-django-package-views-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'site.settings')\n",
    "site/settings.py": 'ROOT_URLCONF = "site.urls"\n',
    "site/urls.py": [
      "from allauth.account import views as allauth_account_views",
      "from django.urls import path, re_path",
      "from drf_spectacular.views import SpectacularAPIView",
      "from rest_framework.authtoken import views",
      "from rest_framework_simplejwt.views import TokenObtainPairView",
      "from site.views import SiteObtainAuthTokenView",
      "",
      "urlpatterns = [",
      '    path("accounts/login/", allauth_account_views.login, name="account_login"),',
      '    path("accounts/password/reset/done/", allauth_account_views.password_reset_done),',
      '    re_path("^api/token/", views.obtain_auth_token),',
      '    path("api/jwt/", TokenObtainPairView.as_view()),',
      '    path("api/schema/", SpectacularAPIView.as_view()),',
      '    path("api/session-token/", SiteObtainAuthTokenView.as_view()),',
      "]",
    ].join("\n"),
    "site/views.py": "from rest_framework.authtoken.views import ObtainAuthToken\n\nclass SiteObtainAuthTokenView(ObtainAuthToken):\n    serializer_class = SiteAuthTokenSerializer\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /accounts/login",
    "POST /accounts/login",
    "GET /accounts/password/reset/done",
    "POST /api/jwt",
    "GET /api/schema",
    "POST /api/session-token",
    "POST /api/token",
  ]);
});

django("i18n_patterns serves its patterns under the language code; with prefix_default_language=False the default language has none", () => {
  const root = tempDir("tool-django-i18n-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'fitness.settings')\n",
    "fitness/settings.py": 'ROOT_URLCONF = "fitness.urls"\nLANGUAGE_CODE = "en"\n',
    "fitness/urls.py": [
      "from django.conf.urls.i18n import i18n_patterns",
      "from django.urls import path, re_path",
      "from fitness import views",
      "",
      "urlpatterns = i18n_patterns(",
      '    path("dashboard/", views.dashboard),',
      '    re_path(r"^weight/overview/$", views.overview),',
      ")",
      "urlpatterns += [",
      '    path("robots.txt", views.robots),',
      "]",
      'urlpatterns += i18n_patterns(path("about/", views.about), prefix_default_language=False)',
    ].join("\n"),
    "fitness/__init__.py": "",
    "fitness/views.py": "from django.shortcuts import render\n\ndef dashboard(request):\n    return render(request, 'dashboard.html')\n\ndef overview(request):\n    return render(request, 'overview.html')\n\ndef robots(request):\n    return HttpResponse('')\n\ndef about(request):\n    return render(request, 'about.html')\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "ALL /{language}/dashboard",
    "ALL /{language}/weight/overview",
    "ALL /about",
    "ALL /robots.txt",
  ]);
});

django("re_path patterns built from constants interpolating another module's pattern inside a group are read; one whose unknown part is outside any group is not reported; optional groups and fixed words give their paths", () => {
  const root = tempDir("tool-django-fstring-patterns-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'books.settings')\n",
    "books/settings.py": 'ROOT_URLCONF = "books.urls"\n',
    "books/__init__.py": "",
    "books/utils/regex.py": 'USERNAME = r"@?[a-zA-Z_.0-9]+"\n',
    "books/urls.py": [
      "from django.urls import re_path",
      "from books import views",
      "from books.utils import regex",
      "",
      'USER_PATH = rf"^user/(?P<username>{regex.USERNAME})"',
      "",
      "urlpatterns = [",
      '    re_path(rf"{USER_PATH}/?$", views.user),',
      '    re_path(rf"{USER_PATH}/(shelf|books)/?$", views.shelf),',
      '    re_path(r"^book/(?P<book_id>\\d+)(.json)?/?$", views.book),',
      '    re_path(r"^settings/reports/(?P<user_id>\\d+)/suspend/(?P<report_id>\\d+)?$", views.suspend),',
      '    re_path(rf"^{views.BASE}/health$", views.health),',
      "]",
    ].join("\n"),
    "books/views.py": "from django.shortcuts import render\n\ndef user(request, username):\n    return render(request, 'user.html')\n\ndef shelf(request, username, kind):\n    return render(request, 'shelf.html')\n\ndef book(request, book_id):\n    return render(request, 'book.html')\n\ndef suspend(request, user_id, report_id=None):\n    return render(request, 'suspend.html')\n\ndef health(request):\n    return render(request, 'ok.html')\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "ALL /book/{book_id}",
    "ALL /settings/reports/{user_id}/suspend",
    "ALL /settings/reports/{user_id}/suspend/{report_id}",
    "ALL /user/{username}",
    "ALL /user/{username}/books",
    "ALL /user/{username}/shelf",
  ]);
});

django("a class view takes the guard mixins of the module's classes it extends, and the methods of a generic it is named for when another module of the app defines it (BabyBuddyFilterView)", () => {
  const root = tempDir("tool-django-inherited-views-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'baby.settings')\n",
    "baby/settings.py": 'ROOT_URLCONF = "baby.urls"\n',
    "baby/__init__.py": "",
    "baby/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path(\"\", include(\"core.urls\")),\n]\n",
    "baby/views.py": "from django_filters.views import FilterView\n\nclass BabyBuddyFilterView(FilterView):\n    paginate_by = 10\n",
    "core/__init__.py": "",
    "core/urls.py": [
      "from django.urls import path",
      "from core import views",
      "",
      "urlpatterns = [",
      '    path("bmi/", views.BMIList.as_view(), name="bmi-list"),',
      '    path("bmi/add/", views.BMIAdd.as_view(), name="bmi-add"),',
      '    path("welcome/", views.Welcome.as_view(), name="welcome"),',
      "]",
    ].join("\n"),
    "core/views.py": [
      "from django.views.generic.edit import CreateView",
      "from django.views.generic.base import TemplateView",
      "from babybuddy.mixins import PermissionRequiredMixin",
      "from baby.views import BabyBuddyFilterView",
      "",
      "class CoreAddView(PermissionRequiredMixin, CreateView):",
      "    template_name = 'core/form.html'",
      "",
      "class BMIAdd(CoreAddView):",
      "    permission_required = ('core.add_bmi',)",
      "",
      "class BMIList(PermissionRequiredMixin, BabyBuddyFilterView):",
      "    permission_required = ('core.view_bmi',)",
      "",
      "class Welcome(TemplateView):",
      "    template_name = 'welcome.html'",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /bmi [PermissionRequiredMixin]",
    "GET /bmi/add [PermissionRequiredMixin]",
    "POST /bmi/add [PermissionRequiredMixin]",
    "GET /welcome",
  ]);
});

django("a DRF router class of the module's own (class CustomRouter(routers.DefaultRouter)) registers its ViewSets as its base does", () => {
  const root = tempDir("tool-django-router-subclass-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'baby.settings')\n",
    "baby/settings.py": 'ROOT_URLCONF = "baby.urls"\n',
    "baby/__init__.py": "",
    "baby/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path(\"api/\", include(\"api.urls\")),\n]\n",
    "api/__init__.py": "",
    "api/urls.py": [
      "from django.urls import include, path",
      "from rest_framework import routers",
      "from api import views",
      "",
      "class CustomRouterWithExtraPaths(routers.DefaultRouter):",
      "    extra_api_urls = []",
      "",
      "router = CustomRouterWithExtraPaths()",
      'router.register(r"children", views.ChildViewSet)',
      "",
      "urlpatterns = [",
      '    path("", include(router.urls)),',
      "]",
    ].join("\n"),
    "api/views.py": "from rest_framework import viewsets\n\nclass ChildViewSet(viewsets.ModelViewSet):\n    queryset = Child.objects.all()\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /api",
    "GET /api/children",
    "POST /api/children",
    "DELETE /api/children/{pk}",
    "GET /api/children/{pk}",
    "PATCH /api/children/{pk}",
    "PUT /api/children/{pk}",
  ]);
});

django("a router made from a router class of another module of the app's (OrderedDefaultRouter from the project's routers module) registers its ViewSets, read in a views module whose classes extend only the project's own ViewSet bases", () => {
  const root = tempDir("tool-django-imported-router-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'inventory.settings')\n",
    "inventory/__init__.py": "",
    "inventory/settings.py": 'ROOT_URLCONF = "inventory.urls"\n',
    "inventory/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path(\"api/circuits/\", include(\"inventory.circuits.api.urls\")),\n]\n",
    "inventory/core/__init__.py": "",
    "inventory/core/routers.py": "from rest_framework.routers import DefaultRouter\n\n\nclass OrderedDefaultRouter(DefaultRouter):\n    def __init__(self, *args, view_name=None, **kwargs):\n        super().__init__(*args, **kwargs)\n",
    "inventory/core/viewsets.py": "from rest_framework.viewsets import ModelViewSet\n\n\nclass InventoryModelViewSet(ModelViewSet):\n    pass\n",
    "inventory/circuits/__init__.py": "",
    "inventory/circuits/api/__init__.py": "",
    "inventory/circuits/api/urls.py": [
      "from inventory.core.routers import OrderedDefaultRouter",
      "",
      "from . import views",
      "",
      "router = OrderedDefaultRouter(view_name=\"Circuits\")",
      "router.register(\"providers\", views.ProviderViewSet)",
      "",
      "app_name = \"circuits-api\"",
      "urlpatterns = router.urls",
      "",
    ].join("\n"),
    "inventory/circuits/api/views.py": "from inventory.core.viewsets import InventoryModelViewSet\n\n\nclass ProviderViewSet(InventoryModelViewSet):\n    queryset = Provider.objects.all()\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /api/circuits/providers",
    "POST /api/circuits/providers",
    "DELETE /api/circuits/providers/{pk}",
    "GET /api/circuits/providers/{pk}",
    "PATCH /api/circuits/providers/{pk}",
    "PUT /api/circuits/providers/{pk}",
  ]);
});

django("a view extending a class of another module (generic.ObjectEditView) that extends a guard mixin (ObjectPermissionRequiredMixin, itself of a third module) is guarded by it, its own handler methods too", () => {
  const root = tempDir("tool-django-mixins-up-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'inventory.settings')\n",
    "inventory/__init__.py": "",
    "inventory/settings.py": 'ROOT_URLCONF = "inventory.urls"\n',
    "inventory/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path(\"dcim/\", include(\"inventory.dcim.urls\")),\n]\n",
    "inventory/core/__init__.py": "",
    "inventory/core/views/__init__.py": "",
    "inventory/core/views/mixins.py": "from django.contrib.auth.mixins import AccessMixin\n\n\nclass ObjectPermissionRequiredMixin(AccessMixin):\n    def dispatch(self, request, *args, **kwargs):\n        if not request.user.has_perms(self.get_required_permission()):\n            return self.handle_no_permission()\n        return super().dispatch(request, *args, **kwargs)\n",
    "inventory/core/views/generic.py": "from django.views.generic import View\n\nfrom inventory.core.views.mixins import ObjectPermissionRequiredMixin\n\n\nclass ObjectEditView(GetReturnURLMixin, ObjectPermissionRequiredMixin, View):\n    def get(self, request, *args, **kwargs):\n        return render(request, self.template_name)\n\n    def post(self, request, *args, **kwargs):\n        return redirect(self.get_return_url(request))\n\n\nclass HomeView(View):\n    def get(self, request):\n        return render(request, \"home.html\")\n",
    "inventory/dcim/__init__.py": "",
    "inventory/dcim/views.py": "from django.shortcuts import redirect, render\n\nfrom inventory.core.views import generic\nfrom inventory.core.views.base import GenericView\n\n\nclass PowerPortEditView(generic.ObjectEditView):\n    template_name = \"dcim/edit.html\"\n\n\nclass DcimHomeView(generic.HomeView):\n    pass\n\n\nclass ChangePasswordView(GenericView):\n    def get(self, request):\n        return render(request, \"password.html\")\n\n    def post(self, request):\n        return redirect(\"home\")\n",
    "inventory/dcim/urls.py": "from django.urls import path\n\nfrom . import views\n\nurlpatterns = [\n    path(\"power-ports/<uuid:pk>/edit/\", views.PowerPortEditView.as_view()),\n    path(\"\", views.DcimHomeView.as_view()),\n    path(\"password/\", views.ChangePasswordView.as_view()),\n]\n",
    "inventory/core/views/base.py": "from django.contrib.auth.mixins import LoginRequiredMixin\nfrom django.views.generic import View\n\n\nclass GenericView(LoginRequiredMixin, View):\n    pass\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /dcim",
    "GET /dcim/password [LoginRequiredMixin]",
    "POST /dcim/password [LoginRequiredMixin]",
    "GET /dcim/power-ports/{pk}/edit [ObjectPermissionRequiredMixin]",
    "POST /dcim/power-ports/{pk}/edit [ObjectPermissionRequiredMixin]",
  ]);
});

django("a DRF router class of the app's with routes of its own (routes = [Route(url=..., mapping=...), DynamicRoute(...)]) serves, for a ViewSet registered on it, each mapped action its class has up its chain and its @action methods; a check_permissions of its own that refuses guards them", () => {
  const root = tempDir("tool-django-custom-router-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'inventory.settings')\n",
    "inventory/__init__.py": "",
    "inventory/settings.py": 'ROOT_URLCONF = "inventory.urls"\n',
    "inventory/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path(\"circuits/\", include(\"inventory.circuits.urls\")),\n]\n",
    "inventory/core/__init__.py": "",
    "inventory/core/routers.py": [
      "from rest_framework.routers import DynamicRoute, Route, SimpleRouter",
      "",
      "",
      "class UIViewSetRouter(SimpleRouter):",
      "    routes = [",
      "        Route(url=r\"^{prefix}/$\", mapping={\"get\": \"list\"}, name=\"{basename}_list\", detail=False, initkwargs={}),",
      "        Route(",
      "            url=r\"^{prefix}/add/$\",",
      "            mapping={\"get\": \"create\", \"post\": \"create\"},",
      "            name=\"{basename}_add\",",
      "            detail=False,",
      "            initkwargs={\"suffix\": \"Add\"},",
      "        ),",
      "        Route(url=r\"^{prefix}/delete/$\", mapping={\"post\": \"bulk_destroy\"}, name=\"{basename}_bulk_delete\", detail=False, initkwargs={}),",
      "        Route(url=r\"^{prefix}/{lookup}/$\", mapping={\"get\": \"retrieve\"}, name=\"{basename}\", detail=True, initkwargs={}),",
      "        DynamicRoute(url=r\"^{prefix}/{lookup}/{url_path}{trailing_slash}$\", name=\"{basename}_{url_name}\", detail=True, initkwargs={}),",
      "    ]",
      "",
    ].join("\n"),
    "inventory/core/mixins.py": [
      "from rest_framework import mixins",
      "from rest_framework.decorators import action as drf_action",
      "from rest_framework.viewsets import GenericViewSet",
      "",
      "",
      "class UIViewSetMixin(GenericViewSet):",
      "    permission_classes = []",
      "",
      "    def check_permissions(self, request):",
      "        if not request.user.has_perms(self.get_required_permissions()):",
      "            self.permission_denied(request, message=\"not allowed\")",
      "",
      "",
      "class ObjectListViewMixin(UIViewSetMixin, mixins.ListModelMixin):",
      "    def list(self, request, *args, **kwargs):",
      "        return super().list(request, *args, **kwargs)",
      "",
      "",
      "class ObjectDetailViewMixin(UIViewSetMixin, mixins.RetrieveModelMixin):",
      "    pass",
      "",
      "",
      "class ObjectChangeLogViewMixin(UIViewSetMixin):",
      "    @drf_action(detail=True, url_path=\"change-log\")",
      "    def changelog(self, request, *args, **kwargs):",
      "        return self.render(request)",
      "",
    ].join("\n"),
    "inventory/circuits/__init__.py": "",
    "inventory/circuits/views.py": "from inventory.core import mixins\n\n\nclass ProviderUIViewSet(mixins.ObjectListViewMixin, mixins.ObjectDetailViewMixin, mixins.ObjectChangeLogViewMixin):\n    queryset = Provider.objects.all()\n",
    "inventory/circuits/urls.py": "from inventory.core.routers import UIViewSetRouter\n\nfrom . import views\n\nrouter = UIViewSetRouter()\nrouter.register(\"providers\", views.ProviderUIViewSet)\n\nurlpatterns = []\nurlpatterns += router.urls\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /circuits/providers ProviderUIViewSet.list [UIViewSetMixin.check_permissions]",
    "GET /circuits/providers/{pk} ProviderUIViewSet.retrieve [UIViewSetMixin.check_permissions]",
    "GET /circuits/providers/{pk}/change-log ProviderUIViewSet.changelog [UIViewSetMixin.check_permissions]",
  ]);
});

django("a DRF router class whose constructor extends the list route's mapping (self.routes[0].mapping.update({\"delete\": \"bulk_destroy\"})) serves those actions where the ViewSet has them, and the @action methods its chain inherits from another module (notes, after a class nested in the mixin), at its lookup_field; under the settings' default permissions", () => {
  const root = tempDir("tool-django-extended-router-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'inventory.settings')\n",
    "inventory/__init__.py": "",
    "inventory/settings.py": 'ROOT_URLCONF = "inventory.urls"\nREST_FRAMEWORK = {"DEFAULT_PERMISSION_CLASSES": ("inventory.core.api.authentication.TokenPermissions",)}\n',
    "inventory/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path(\"api/circuits/\", include(\"inventory.circuits.api.urls\")),\n]\n",
    "inventory/core/__init__.py": "",
    "inventory/core/api/__init__.py": "",
    "inventory/core/api/routers.py": [
      "from rest_framework.routers import DefaultRouter",
      "",
      "",
      "class OrderedDefaultRouter(DefaultRouter):",
      "    def __init__(self, *args, view_name=None, **kwargs):",
      "        super().__init__(*args, **kwargs)",
      "        self.routes[0].mapping.update(",
      "            {",
      "                \"put\": \"bulk_update\",",
      "                \"delete\": \"bulk_destroy\",",
      "            }",
      "        )",
      "",
    ].join("\n"),
    "inventory/core/api/views.py": [
      "from rest_framework.decorators import action",
      "from rest_framework.viewsets import ModelViewSet",
      "",
      "",
      "class NotesViewSetMixin:",
      "    class CreateNotePermissions(BasePermission):",
      "        perms_map = {\"POST\": [\"extras.add_note\"]}",
      "",
      "    @action(detail=True, methods=[\"get\", \"post\"], permission_classes=[CreateNotePermissions])",
      "    def notes(self, request, pk=None):",
      "        return None",
      "",
      "",
      "class BulkDestroyModelMixin:",
      "    def bulk_destroy(self, request, *args, **kwargs):",
      "        return None",
      "",
      "",
      "class InventoryModelViewSet(BulkDestroyModelMixin, NotesViewSetMixin, ModelViewSet):",
      "    pass",
      "",
    ].join("\n"),
    "inventory/circuits/__init__.py": "",
    "inventory/circuits/api/__init__.py": "",
    "inventory/circuits/api/views.py": "from inventory.core.api.views import InventoryModelViewSet\n\n\nclass ProviderViewSet(InventoryModelViewSet):\n    queryset = Provider.objects.all()\n    lookup_field = \"slug\"\n",
    "inventory/circuits/api/urls.py": "from inventory.core.api.routers import OrderedDefaultRouter\n\nfrom . import views\n\nrouter = OrderedDefaultRouter(view_name=\"Circuits\")\nrouter.register(\"providers\", views.ProviderViewSet)\n\nurlpatterns = router.urls\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "DELETE /api/circuits/providers ProviderViewSet.bulk_destroy [TokenPermissions]",
    "GET /api/circuits/providers ProviderViewSet.list [TokenPermissions]",
    "POST /api/circuits/providers ProviderViewSet.create [TokenPermissions]",
    "DELETE /api/circuits/providers/{slug} ProviderViewSet.destroy [TokenPermissions]",
    "GET /api/circuits/providers/{slug} ProviderViewSet.retrieve [TokenPermissions]",
    "PATCH /api/circuits/providers/{slug} ProviderViewSet.partial_update [TokenPermissions]",
    "PUT /api/circuits/providers/{slug} ProviderViewSet.update [TokenPermissions]",
    "GET /api/circuits/providers/{slug}/notes ProviderViewSet.notes [TokenPermissions]",
    "POST /api/circuits/providers/{slug}/notes ProviderViewSet.notes [TokenPermissions]",
  ]);
});

django("a view class a URLconf takes from `from .s3.api import *` is the class that module defines (its generic's methods), not one named alike elsewhere", () => {
  const root = tempDir("tool-django-star-import-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'core.settings')\n",
    "core/__init__.py": "",
    "core/settings.py": 'ROOT_URLCONF = "core.urls"\n',
    "core/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path(\"api/storages/\", include(\"io_storages.urls\")),\n]\n",
    "io_storages/__init__.py": "",
    "io_storages/urls.py": [
      "from django.urls import path",
      "from .s3.api import *",
      "from .gcs.api import *",
      "",
      "urlpatterns = [",
      "    path('s3', S3StorageListAPI.as_view()),",
      "    path('s3/<int:pk>', S3StorageDetailAPI.as_view()),",
      "    path('gcs/validate', GCSStorageValidateAPI.as_view()),",
      "]",
    ].join("\n"),
    "io_storages/s3/__init__.py": "",
    "io_storages/s3/api.py": [
      "from rest_framework import generics",
      "",
      "class S3StorageListAPI(generics.ListCreateAPIView):",
      "    serializer_class = S3StorageSerializer",
      "",
      "class S3StorageDetailAPI(generics.RetrieveUpdateDestroyAPIView):",
      "    serializer_class = S3StorageSerializer",
      "",
    ].join("\n"),
    "io_storages/gcs/__init__.py": "",
    "io_storages/gcs/api.py": "from rest_framework import generics\n\nclass GCSStorageValidateAPI(generics.CreateAPIView):\n    serializer_class = GCSStorageSerializer\n",
    // A class of the same name in another app, which the URLconf does not import.
    "legacy/__init__.py": "",
    "legacy/api.py": "from rest_framework import generics\n\nclass S3StorageListAPI(generics.ListAPIView):\n    serializer_class = Old\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "POST /api/storages/gcs/validate io_storages/gcs/api.py",
    "GET /api/storages/s3 io_storages/s3/api.py",
    "POST /api/storages/s3 io_storages/s3/api.py",
    "DELETE /api/storages/s3/{pk} io_storages/s3/api.py",
    "GET /api/storages/s3/{pk} io_storages/s3/api.py",
    "PATCH /api/storages/s3/{pk} io_storages/s3/api.py",
    "PUT /api/storages/s3/{pk} io_storages/s3/api.py",
  ]);
});

django("a root URLconf built by a function the module calls (urlpatterns = get_urlpatterns()), an API package whose __init__.py takes its urlpatterns from a submodule, a version group of one value, and project generics named as DRF's they extend", () => {
  const root = tempDir("tool-django-built-urlconf-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'tower.settings')\n",
    "tower/__init__.py": "",
    "tower/settings.py": 'ROOT_URLCONF = "tower.urls"\nREST_FRAMEWORK = {"DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"]}\n',
    "tower/urls.py": [
      "from django.urls import include, path, re_path",
      "from tower.views import handle_404",
      "",
      "def get_urlpatterns(prefix=None):",
      "    if not prefix:",
      "        prefix = '/'",
      "    else:",
      "        prefix = f'/{prefix}/'",
      "    urlpatterns = [",
      "        path(f'api{prefix}', include('tower.api.urls', namespace='api')),",
      "    ]",
      "    urlpatterns += [",
      "        re_path(r'^404.html$', handle_404),",
      "    ]",
      "    return urlpatterns",
      "",
      "urlpatterns = get_urlpatterns()",
      "",
    ].join("\n"),
    "tower/views.py": "def handle_404(request):\n    return render(request, '404.html')\n",
    "tower/api/__init__.py": "",
    "tower/api/urls/__init__.py": "from .urls import urlpatterns\n\n__all__ = ['urlpatterns']\n",
    "tower/api/urls/urls.py": [
      "from django.urls import include, re_path",
      "from tower.api.views import TeamList, TeamUsersList",
      "",
      "v2_urls = [",
      "    re_path(r'^teams/$', TeamList.as_view()),",
      "    re_path(r'^teams/(?P<pk>[0-9]+)/users/$', TeamUsersList.as_view()),",
      "]",
      "urlpatterns = [",
      "    re_path(r'^(?P<version>(v2))/', include(v2_urls)),",
      "]",
      "",
    ].join("\n"),
    "tower/api/generics.py": [
      "from rest_framework import generics",
      "",
      "class GenericAPIView(generics.GenericAPIView):",
      "    model = None",
      "",
      "class ListAPIView(generics.ListAPIView, GenericAPIView):",
      "    pass",
      "",
      "class ListCreateAPIView(ListAPIView, generics.ListCreateAPIView):",
      "    pass",
      "",
      "class SubListAttachDetachAPIView(ListCreateAPIView):",
      "    def post(self, request, *args, **kwargs):",
      "        return self.attach(request)",
      "",
    ].join("\n"),
    // A views module of the project's generics alone: DRF is named only in generics.py.
    "tower/api/views.py": [
      "from tower.api.generics import ListCreateAPIView, SubListAttachDetachAPIView",
      "",
      "class TeamList(ListCreateAPIView):",
      "    model = Team",
      "",
      "class TeamUsersList(SubListAttachDetachAPIView):",
      "    model = User",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root).sort(), [
    "ALL /404.html",
    "GET /api/v2/teams [IsAuthenticated]",
    "GET /api/v2/teams/{pk}/users [IsAuthenticated]",
    "POST /api/v2/teams [IsAuthenticated]",
    "POST /api/v2/teams/{pk}/users [IsAuthenticated]",
  ]);
});

django("a URLconf included under a prefix of another module (rf'^{ANALYTICS_PREFIX}/') stays under it, its prefix unknown (duplicating no route), not at the root; patterns added only in development (if settings.DEBUG:, if MODE == 'development':) are not served", () => {
  const root = tempDir("tool-django-unknown-include-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'site_app.settings')\n",
    "site_app/__init__.py": "",
    "site_app/settings.py": 'ROOT_URLCONF = "site_app.urls"\nDEBUG = False\n',
    "site_app/urls.py": [
      "from django.conf import settings",
      "from django.urls import include, path, re_path",
      "from site_app import MODE",
      "from site_app.analytics import ANALYTICS_PREFIX",
      "from site_app.views import home, debug_view, docs",
      "",
      "urlpatterns = [",
      "    path('', home),",
      "    path('api/reports/', home),",
      "    re_path(rf'^api/{ANALYTICS_PREFIX}/', include('site_app.analytics_urls')),",
      "]",
      "if settings.DEBUG:",
      "    urlpatterns += [path('__debug__/', debug_view)]",
      "if not settings.DEBUG:",
      "    urlpatterns += [path('live/', home)]",
      "if MODE == 'development':",
      "    # only while developing",
      "    from site_app.views import schema",
      "    urlpatterns += [path('docs/', docs)]",
      "",
    ].join("\n"),
    "site_app/analytics.py": "ANALYTICS_PREFIX = 'analytics'\n",
    "site_app/analytics_urls.py": "from django.urls import path\nfrom site_app.views import report\n\nurlpatterns = [\n    path('reports/', report),\n]\n",
    "site_app/views.py": "def home(request):\n    return render(request, 'home.html')\n\ndef report(request):\n    return render(request, 'r.html')\n\ndef debug_view(request):\n    return render(request, 'd.html')\n\ndef docs(request):\n    return render(request, 'docs.html')\n",
  });
  const report = analyze(root);
  const routes = report.routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  assert.equal(routes.sort(), ["ALL /", "ALL /api/reports", "ALL /api/reports (prefix unknown)", "ALL /live"], "patterns added when not debugging are served");
  assert.equal(report.routes.duplicates, [], "a route whose prefix is not known duplicates none");
});

django("a view extending the project's classes of another module serves the handlers up its chain and the methods of the generic they extend, with the nearest permission_classes or the settings' default", () => {
  const root = tempDir("tool-django-project-bases-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'core.settings')\n",
    "core/__init__.py": "",
    "core/settings.py": 'ROOT_URLCONF = "core.urls"\nREST_FRAMEWORK = {"DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"]}\n',
    "core/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path(\"api/storages/\", include(\"io_storages.urls\")),\n]\n",
    "io_storages/__init__.py": "",
    "io_storages/urls.py": [
      "from django.urls import path",
      "from .s3.api import S3ListAPI, S3SyncAPI, S3ValidateAPI, S3Legacy",
      "",
      "urlpatterns = [",
      "    path('s3', S3ListAPI.as_view()),",
      "    path('s3/<int:pk>/sync', S3SyncAPI.as_view()),",
      "    path('s3/validate', S3ValidateAPI.as_view()),",
      "    path('s3/legacy', S3Legacy.as_view()),",
      "]",
    ].join("\n"),
    "io_storages/api.py": [
      "from rest_framework import generics",
      "",
      "class StorageListAPI(generics.ListCreateAPIView):",
      "    serializer_class = None",
      "",
      "class StorageSyncAPI(generics.RetrieveAPIView):",
      "    def post(self, request, *args, **kwargs):",
      "        return sync(request)",
      "",
      "class StorageValidateAPI(generics.CreateAPIView):",
      "    permission_classes = (IsBusiness, StoragePermission)",
      "",
    ].join("\n"),
    "io_storages/s3/__init__.py": "",
    "io_storages/s3/api.py": [
      "from io_storages.api import StorageListAPI, StorageSyncAPI, StorageValidateAPI",
      "from io_storages.legacy import Legacy",
      "",
      "class S3ListAPI(StorageListAPI):",
      "    queryset = S3Storage.objects.all()",
      "",
      "class S3SyncAPI(StorageSyncAPI):",
      "    serializer_class = S3Serializer",
      "",
      "class S3ValidateAPI(StorageValidateAPI):",
      "    serializer_class = S3Serializer",
      "",
      "class S3Legacy(Legacy):",
      "    pass",
      "",
    ].join("\n"),
    // A base that is no view: its subclass keeps every method.
    "io_storages/legacy.py": "class Legacy:\n    name = 'legacy'\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/storages/s3 [IsAuthenticated]",
    "POST /api/storages/s3 [IsAuthenticated]",
    "GET /api/storages/s3/{pk}/sync [IsAuthenticated]",
    "POST /api/storages/s3/{pk}/sync [IsAuthenticated]",
    "ALL /api/storages/s3/legacy",
    "POST /api/storages/s3/validate [IsBusiness,StoragePermission]",
  ]);
});

django("a URLconf list built from another (api_v1 = resource_api + [...]) included under a prefix serves both; a ViewSet takes the @actions of mixins of other modules up its chain, but the methods its http_method_names leaves out", () => {
  const root = tempDir("tool-django-inherited-actions-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'jumpserver.settings')\n",
    "jumpserver/__init__.py": "",
    "jumpserver/settings.py": 'ROOT_URLCONF = "jumpserver.urls"\n',
    "jumpserver/urls.py": [
      "from django.urls import include, path",
      "from . import api",
      "",
      "resource_api = [",
      "    path('users/', include('users.urls')),",
      "]",
      "api_v1 = resource_api + [",
      "    path('search/', api.GlobalSearchView.as_view()),",
      "]",
      "urlpatterns = [",
      "    path('api/v1/', include(api_v1)),",
      "]",
    ].join("\n"),
    "jumpserver/api.py": "from rest_framework.views import APIView\n\nclass GlobalSearchView(APIView):\n    def get(self, request):\n        return search(request)\n",
    "users/__init__.py": "",
    "users/urls.py": [
      "from rest_framework.routers import DefaultRouter",
      "from . import api",
      "",
      "router = DefaultRouter()",
      "router.register(r'users', api.UserViewSet, 'user')",
      "router.register(r'logs', api.LogViewSet, 'log')",
      "urlpatterns = router.urls",
    ].join("\n"),
    "users/api.py": [
      "from rest_framework.viewsets import ModelViewSet",
      "from common.mixin import CommonApiMixin",
      "",
      "class UserViewSet(CommonApiMixin, ModelViewSet):",
      "    queryset = User.objects.all()",
      "",
      "class LogViewSet(CommonApiMixin, ModelViewSet):",
      "    http_method_names = ['get', 'put', 'options']",
    ].join("\n"),
    "common/__init__.py": "",
    "common/mixin.py": "from .action import RenderToJsonMixin\n\nclass CommonApiMixin(RenderToJsonMixin):\n    pass\n",
    "common/action.py": [
      "from rest_framework.decorators import action",
      "from common.const.http import POST, PUT",
      "",
      "class RenderToJsonMixin:",
      "    @action(methods=[POST, PUT], detail=False, url_path='render-to-json')",
      "    def render_to_json(self, request, *args, **kwargs):",
      "        return Response(request.data)",
      "",
      "    @action(detail=True)",
      "    def history(self, request, *args, **kwargs):",
      "        return Response([])",
    ].join("\n"),
  });
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}`);
  for (const expected of ["GET /api/v1/search", "POST /api/v1/users/users/render-to-json", "PUT /api/v1/users/users/render-to-json", "GET /api/v1/users/users/{pk}/history", "PUT /api/v1/users/logs/render-to-json", "GET /api/v1/users/logs/{pk}/history"]) {
    assert.ok(routes.includes(expected), `${expected} in ${routes.join(", ")}`);
  }
  assert.not.ok(routes.includes("POST /api/v1/users/logs/render-to-json"));
});

django("django-rest-framework-bulk's BulkRouter serves PUT, PATCH and DELETE on the list route of a BulkModelViewSet, not of another ViewSet", () => {
  const root = tempDir("tool-django-bulk-router-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'core.settings')\n",
    "core/__init__.py": "",
    "core/settings.py": 'ROOT_URLCONF = "core.urls"\n',
    "core/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path('api/terminal/', include('terminal.urls')),\n]\n",
    "terminal/__init__.py": "",
    "terminal/urls.py": [
      "from rest_framework_bulk.routes import BulkRouter",
      "from . import api",
      "",
      "router = BulkRouter()",
      "router.register(r'terminals', api.TerminalViewSet, 'terminal')",
      "router.register(r'statuses', api.StatusViewSet, 'status')",
      "urlpatterns = router.urls",
    ].join("\n"),
    "terminal/api.py": [
      "from rest_framework.viewsets import ModelViewSet",
      "from rest_framework_bulk import BulkModelViewSet",
      "",
      "class TerminalViewSet(BulkModelViewSet):",
      "    queryset = Terminal.objects.all()",
      "",
      "class StatusViewSet(ModelViewSet):",
      "    queryset = Status.objects.all()",
    ].join("\n"),
  });
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}`);
  for (const expected of ["GET /api/terminal/terminals", "PUT /api/terminal/terminals", "PATCH /api/terminal/terminals", "DELETE /api/terminal/terminals", "DELETE /api/terminal/terminals/{pk}", "GET /api/terminal/statuses"]) {
    assert.ok(routes.includes(expected), `${expected} in ${routes.join(", ")}`);
  }
  assert.not.ok(routes.includes("PUT /api/terminal/statuses"));
});

django("the project a package's tests run in (misago/core/testproject/urls.py, including the package's URLconf under forum/) serves none of the product's routes", () => {
  const root = tempDir("tool-django-testproject-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "devproject/urls.py": 'from django.urls import include, path\nurlpatterns = [path("", include("forum.urls"))]\n',
    "forum/urls.py": 'from django.urls import path\nfrom . import views\nurlpatterns = [path("threads/", views.threads)]\n',
    "forum/views.py": "def threads(request):\n    return None\n",
    "forum/core/testproject/urls.py": 'from django.urls import include, path\nurlpatterns = [path("forum/", include("forum.urls"))]\n',
  });
  git(root, "init", "-q");
  assert.equal(list(root), ["ALL /threads forum/urls.py:3 views.threads"]);
});

django("a view the URLconf's module made first (thread_view = ThreadView.as_view(), or through a hook that answers the class: extensions.get(LikeView).as_view()) answers its class's methods", () => {
  const root = tempDir("tool-django-made-views-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "forum/urls.py": [
      "from django.urls import path",
      "from .plugins import extensions",
      "from .views import LikeView, ThreadView, legacy",
      "",
      "thread_view = ThreadView.as_view()",
      "like_view = extensions.get(",
      "    LikeView",
      ").as_view()",
      "legacy_view = legacy",
      "",
      "urlpatterns = [",
      '    path("t/<int:pk>/", thread_view),',
      '    path("t/<int:pk>/like/", like_view),',
      '    path("legacy/", legacy_view),',
      "]",
      "",
    ].join("\n"),
    "forum/views.py": "from django.views import View\n\nclass ThreadView(View):\n    def get(self, request, pk):\n        pass\n\n    def post(self, request, pk):\n        pass\n\nclass LikeView(View):\n    def post(self, request, pk):\n        pass\n\ndef legacy(request):\n    pass\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), ["ALL /legacy legacy_view", "GET /t/{pk} ThreadView.get", "POST /t/{pk} ThreadView.post", "POST /t/{pk}/like LikeView.post"]);
});

django("a guard decorating a view class's dispatch (@method_decorator(login_required) def dispatch) guards every method, its subclasses' too", () => {
  const root = tempDir("tool-django-dispatch-guard-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "app/urls.py": 'from django.urls import path\nfrom .views import PreferencesView, PublicView\nurlpatterns = [path("prefs/", PreferencesView.as_view()), path("public/", PublicView.as_view())]\n',
    "app/views.py": [
      "from django.contrib.auth.decorators import login_required",
      "from django.utils.decorators import method_decorator",
      "from django.views import View",
      "",
      "class SettingsView(View):",
      "    @method_decorator(login_required)",
      "    def dispatch(self, request, *args, **kwargs):",
      "        return super().dispatch(request, *args, **kwargs)",
      "",
      "class PreferencesView(SettingsView):",
      "    def get(self, request):",
      "        pass",
      "",
      "    def post(self, request):",
      "        pass",
      "",
      "class PublicView(View):",
      "    @method_decorator(never_cache)",
      "    def dispatch(self, request, *args, **kwargs):",
      "        return super().dispatch(request, *args, **kwargs)",
      "",
      "    def get(self, request):",
      "        pass",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /prefs [login_required]", "POST /prefs [login_required]", "GET /public"]);
});

django("a view class decorated with method_decorator by keyword (@method_decorator(name=\"get\", decorator=staff_member_required())) is guarded by the decorator it names; one naming a decorator that checks nothing is not", () => {
  const root = tempDir("tool-django-method-decorator-keywords-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "app/urls.py": 'from django.urls import path\nfrom .views import OrganisationList, CachedList\nurlpatterns = [path("", OrganisationList.as_view()), path("cached/", CachedList.as_view())]\n',
    "app/views.py": [
      "from django.contrib.admin.views.decorators import staff_member_required",
      "from django.utils.decorators import method_decorator",
      "from django.views.generic import ListView",
      "",
      "@method_decorator(",
      '    name="get",',
      "    decorator=staff_member_required(),",
      ")",
      "class OrganisationList(ListView):",
      "    model = Organisation",
      "",
      '@method_decorator(name="get", decorator=cache_page(60))',
      "class CachedList(ListView):",
      "    model = Organisation",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET / [staff_member_required]", "GET /cached"]);
});

django("a view extending a class of another module that brings one of Django's access mixins (AdministratorMixin(UserPassesTestMixin)) is guarded by it, through other classes too; one whose chain says it lets callers in (OptionalAssistantPageMixin) is not, unless the mixin's own test requires a signed-in user first", () => {
  const root = tempDir("tool-django-access-mixins-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "utils/mixins.py": [
      "from django.contrib.auth.mixins import UserPassesTestMixin",
      "from django.views.generic.base import ContextMixin",
      "",
      "class AdministratorMixin(UserPassesTestMixin, ContextMixin):",
      "    def test_func(self):",
      "        return self.request.user.is_superuser",
      "",
      "class AssistantMixin(UserPassesTestMixin, ContextMixin):",
      "    def test_func(self):",
      "        return self.request.user.is_staff",
      "",
      "class OptionalAssistantPageMixin(AssistantMixin):",
      "    def test_func(self):",
      "        return self.public_page_enabled() or super().test_func()",
      "",
      "class TournamentAssistantMixin(UserPassesTestMixin, ContextMixin):",
      "    def test_func(self):",
      "        return self.request.user.is_authenticated and (self.request.user.is_staff or self.assistant_access())",
      "",
      // Optional about the page being switched on, not about the caller: its base still requires a signed-in user.
      "class OptionalAssistantTournamentPageMixin(TournamentAssistantMixin):",
      "    def is_page_enabled(self, tournament):",
      "        return tournament.pref('assistant_access') in self.assistant_page_permissions",
      "",
    ].join("\n"),
    "results/urls.py": 'from django.urls import path\nfrom . import views\nurlpatterns = [\n    path("admin/ballots/", views.BallotsView.as_view()),\n    path("admin/ballots/<int:pk>/", views.BallotView.as_view()),\n    path("results/", views.ResultsView.as_view()),\n    path("draw/", views.DrawView.as_view()),\n    path("draw/display/", views.DrawDisplayView.as_view()),\n]\n',
    "results/views.py": [
      "from django.views.generic import TemplateView",
      "from utils.mixins import AdministratorMixin, OptionalAssistantPageMixin, OptionalAssistantTournamentPageMixin",
      "",
      "class BallotsView(AdministratorMixin, TemplateView):",
      "    def get(self, request):",
      "        pass",
      "",
      "class BallotView(BallotsView):",
      "    def post(self, request, pk):",
      "        pass",
      "",
      "class ResultsView(OptionalAssistantPageMixin, TemplateView):",
      "    def get(self, request):",
      "        pass",
      "",
      "class DrawView(TemplateView):",
      "    def get(self, request):",
      "        pass",
      "",
      "class DrawDisplayView(OptionalAssistantTournamentPageMixin, TemplateView):",
      "    def get(self, request):",
      "        pass",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /admin/ballots [AdministratorMixin]", "GET /admin/ballots/{pk} [AdministratorMixin]", "POST /admin/ballots/{pk} [AdministratorMixin]", "GET /draw", "GET /draw/display [TournamentAssistantMixin]", "GET /results"]);
});

django("Django's own URLconfs a project includes (django.contrib.auth.urls, django.conf.urls.i18n) and DRF's browsable-API sign-in (rest_framework.urls) serve their views' paths and methods; changing one's password requires a user", () => {
  const root = tempDir("tool-django-contrib-urlconfs-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "site/urls.py": 'from django.urls import include, path\nurlpatterns = [\n    path("accounts/", include("django.contrib.auth.urls")),\n    path("i18n/", include("django.conf.urls.i18n")),\n    path("api-auth/", include("rest_framework.urls")),\n    path("blog/", include("blog.urls")),\n]\n',
    "blog/urls.py": 'from django.urls import path\nfrom . import views\nurlpatterns = [path("", views.index)]\n',
    "blog/views.py": "def index(request):\n    pass\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /accounts/login", "POST /accounts/login", "POST /accounts/logout",
    "GET /accounts/password_change [login_required]", "POST /accounts/password_change [login_required]", "GET /accounts/password_change/done [login_required]",
    "GET /accounts/password_reset", "POST /accounts/password_reset", "GET /accounts/password_reset/done",
    "GET /accounts/reset/{uidb64}/{token}", "POST /accounts/reset/{uidb64}/{token}", "GET /accounts/reset/done",
    "GET /api-auth/login", "POST /api-auth/login", "POST /api-auth/logout",
    "ALL /blog", "POST /i18n/setlang",
  ]);
});

django("django-allauth's URLconf (include(\"allauth.urls\")) serves its account routes as its default settings draw them; those of a signed-in user require one", () => {
  const root = tempDir("tool-django-allauth-urls-");
  writeFiles(root, {
    "requirements.txt": "django\ndjango-allauth==65.4.1\n",
    "cms/urls.py": 'from django.urls import include, path\nurlpatterns = [\n    path("accounts/", include("allauth.urls")),\n]\n',
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /accounts/confirm-email", "GET /accounts/confirm-email/{key}", "POST /accounts/confirm-email/{key}",
    "GET /accounts/email [login_required]", "POST /accounts/email [login_required]",
    "GET /accounts/inactive", "GET /accounts/login", "POST /accounts/login", "GET /accounts/login/code/confirm", "POST /accounts/login/code/confirm",
    "GET /accounts/logout", "POST /accounts/logout",
    "GET /accounts/password/change [login_required]", "POST /accounts/password/change [login_required]",
    "GET /accounts/password/reset", "POST /accounts/password/reset", "GET /accounts/password/reset/done",
    "GET /accounts/password/reset/key/{uidb36}-{key}", "POST /accounts/password/reset/key/{uidb36}-{key}", "GET /accounts/password/reset/key/done",
    "GET /accounts/password/set [login_required]", "POST /accounts/password/set [login_required]",
    "GET /accounts/reauthenticate [login_required]", "POST /accounts/reauthenticate [login_required]",
    "GET /accounts/signup", "POST /accounts/signup",
  ]);
});

django("allauth's two-factor and social-account pages are served when the settings install their apps (a settings package DJANGO_SETTINGS_MODULE names in manage.py, read for DRF's defaults too); django-prometheus and django-hijack URLconfs draw theirs; allauth's class views are forms; drf-spectacular's schema lets anyone in", () => {
  const root = tempDir("tool-django-allauth-apps-");
  writeFiles(root, {
    "web/requirements.txt": "django\ndjango-allauth==65.13.0\ndjangorestframework\ndjango-prometheus\ndjango-hijack\n",
    "web/manage.py": 'import os\nimport sys\n\nif __name__ == "__main__":\n    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cvewatch.conf.settings")\n',
    "web/cvewatch/conf/base.py": [
      "INSTALLED_APPS = [",
      '    "django.contrib.auth",',
      '    "allauth",',
      '    "allauth.account",',
      '    "allauth.mfa",',
      '    "allauth.socialaccount",',
      '    # "allauth.usersessions",',
      "]",
      'MIDDLEWARE = ["allauth.usersessions.middleware.UserSessionsMiddleware"]',
      'REST_FRAMEWORK = {"DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"]}',
    ].join("\n"),
    "web/cvewatch/urls.py": [
      "from django.urls import include, path",
      "from cves.views import CveList",
      "from docs.views import SpectacularAPIView",
      "from users.views import CustomSignupView",
      "urlpatterns = [",
      '    path("", include("django_prometheus.urls")),',
      '    path("settings/", include("allauth.urls")),',
      '    path("hijack/", include("hijack.urls")),',
      '    path("api/cve", CveList.as_view()),',
      '    path("api/schema/", SpectacularAPIView.as_view()),',
      '    path("signup/", CustomSignupView.as_view()),',
      "]",
    ].join("\n"),
    "web/cves/views.py": "from rest_framework.views import APIView\n\nclass CveList(APIView):\n    def get(self, request):\n        return None\n",
    "web/docs/__init__.py": "",
    "web/docs/views.py": "from rest_framework.response import Response\nfrom drf_spectacular.views import SpectacularAPIView as DrfSpectacularAPIView\n\nclass SpectacularAPIView(DrfSpectacularAPIView):\n    custom_settings = {'TITLE': 'API'}\n\n    def get(self, request, *args, **kwargs):\n        return super().get(request, *args, **kwargs)\n",
    "web/users/views.py": "from allauth.account.views import SignupView\n\nclass CustomSignupView(SignupView):\n    template_name = 'signup.html'\n",
  });
  git(root, "init", "-q");
  const routes = guardedRoutes(root);
  for (const served of [
    "GET /settings/2fa [login_required]",
    "POST /settings/2fa/authenticate",
    "POST /settings/2fa/totp/activate [login_required]",
    "GET /settings/2fa/recovery-codes/download [login_required]",
    "POST /settings/3rdparty/signup",
    "GET /settings/3rdparty [login_required]",
    "ALL /settings/social/connections",
    "ALL /metrics",
    "POST /hijack/acquire [login_required]",
    "GET /api/cve [IsAuthenticated]",
    "GET /api/schema",
    "GET /signup",
    "POST /signup",
  ]) assert.ok(routes.includes(served), `${served} in ${routes.join(", ")}`);
  assert.ok(!routes.some((r) => r.includes("/settings/sessions")), routes.join(", "));
});

django("a class view's handler that hides itself from an anonymous caller at its top (if not request.user.is_authenticated: raise Http404()) is guarded; one raising Http404 for a missing object is not", () => {
  const root = tempDir("tool-django-anonymous-404-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "cves/urls.py": 'from django.urls import path\nfrom cves.views import CveDetailView, TagView\nurlpatterns = [\n    path("cve/<cve_id>", CveDetailView.as_view()),\n    path("tag/<name>", TagView.as_view()),\n]\n',
    "cves/views.py": [
      "from django.http import Http404",
      "from django.views.generic import DetailView, View",
      "",
      "class CveDetailView(DetailView):",
      "    def post(self, request, *args, **kwargs):",
      "        if not request.user.is_authenticated:",
      "            raise Http404()",
      "        cve = self.get_object()",
      "        return cve.save_tags(request.POST)",
      "",
      "class TagView(View):",
      "    def post(self, request, name):",
      "        if not Tag.objects.filter(name=name).exists():",
      "            raise Http404()",
      "        return Tag.objects.get(name=name).touch()",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const routes = guardedRoutes(root);
  assert.ok(routes.includes("POST /cve/{cve_id} [request.user]"), routes.join(", "));
  assert.ok(routes.includes("POST /tag/{name}"), routes.join(", "));
});

django("DRF views and ViewSet actions a URLconf maps (views.PanelViewSet.as_view({...}), a dict the module names once, a generic view) take the permission_classes of a mixin of another module; one whose mixin lets anyone in stays open", () => {
  const root = tempDir("tool-django-drf-mixin-permissions-");
  writeFiles(root, {
    "requirements.txt": "django\ndjangorestframework\n",
    "site/settings.py": "ROOT_URLCONF = 'site.urls'\n",
    "site/urls.py": 'from django.urls import include, path\nurlpatterns = [path("api/", include("api.urls"))]\n',
    "api/mixins.py": [
      "from rest_framework.permissions import AllowAny, BasePermission, IsAdminUser",
      "",
      "",
      "class AdministratorAPIMixin:",
      "    class CustomPermission(BasePermission):",
      "        def has_permission(self, request, view):",
      "            return False",
      "",
      "    permission_classes = [IsAdminUser | CustomPermission]",
      "",
      "",
      "class OpenAPIMixin:",
      "    permission_classes = [AllowAny]",
      "",
    ].join("\n"),
    "api/views.py": [
      "from rest_framework.generics import RetrieveUpdateAPIView",
      "from rest_framework.views import APIView",
      "from rest_framework.viewsets import ModelViewSet",
      "",
      "from .mixins import AdministratorAPIMixin, OpenAPIMixin",
      "",
      "",
      "class PanelViewSet(AdministratorAPIMixin, ModelViewSet):",
      "    def delete_all(self, request):",
      "        return None",
      "",
      "",
      "class EligibilityView(AdministratorAPIMixin, RetrieveUpdateAPIView):",
      "    serializer_class = None",
      "",
      "",
      "class BaseCheckinsView(AdministratorAPIMixin, APIView):",
      "    def put(self, request):",
      "        return None",
      "",
      "",
      "class VenueCheckinsView(BaseCheckinsView):",
      "    pass",
      "",
      "",
      "class FeedbackView(OpenAPIMixin, APIView):",
      "    def post(self, request):",
      "        return None",
      "",
    ].join("\n"),
    "api/urls.py": [
      "from django.urls import path",
      "",
      "from . import views",
      "",
      "detail_methods = {'get': 'retrieve', 'put': 'update'}",
      "",
      "urlpatterns = [",
      "    path('panels', views.PanelViewSet.as_view({'get': 'list', 'delete': 'delete_all'})),",
      "    path('panels/<int:pk>', views.PanelViewSet.as_view(detail_methods)),",
      "    path('eligibility', views.EligibilityView.as_view()),",
      "    path('checkin', views.VenueCheckinsView.as_view()),",
      "    path('feedback', views.FeedbackView.as_view()),",
      "]",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "PUT /api/checkin [IsAdminUser,CustomPermission]",
    "GET /api/eligibility [IsAdminUser,CustomPermission]", "PATCH /api/eligibility [IsAdminUser,CustomPermission]", "PUT /api/eligibility [IsAdminUser,CustomPermission]",
    "POST /api/feedback",
    "DELETE /api/panels [IsAdminUser,CustomPermission]", "GET /api/panels [IsAdminUser,CustomPermission]",
    "GET /api/panels/{pk} [IsAdminUser,CustomPermission]", "PUT /api/panels/{pk} [IsAdminUser,CustomPermission]",
  ]);
});

django("a class view whose chain in another module serves GET and POST, and which handles POST itself, is one route per method, not a POST of the view beside its own post()", () => {
  const root = tempDir("tool-django-view-echo-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "site/settings.py": "ROOT_URLCONF = 'site.urls'\n",
    "site/urls.py": 'from django.urls import include, path\nurlpatterns = [path("draw/", include("draw.urls"))]\n',
    "utils/__init__.py": "",
    "draw/__init__.py": "",
    "utils/mixins.py": "from django.contrib.auth.mixins import UserPassesTestMixin\n\n\nclass AdministratorMixin(UserPassesTestMixin):\n    def test_func(self):\n        return self.request.user.is_superuser\n",
    "utils/views.py": "from django.views.generic.base import View\n\n\nclass PostOnlyRedirectView(View):\n    def get(self, request, *args, **kwargs):\n        return None\n\n    def post(self, request, *args, **kwargs):\n        return None\n",
    "draw/views.py": [
      "from django.contrib import messages",
      "",
      "from utils.mixins import AdministratorMixin",
      "from utils.views import PostOnlyRedirectView",
      "",
      "",
      "class DrawStatusEdit(AdministratorMixin, PostOnlyRedirectView):",
      "    round_redirect_pattern_name = 'draw'",
      "",
      "",
      "class DrawUnreleaseView(DrawStatusEdit):",
      "    def post(self, request, *args, **kwargs):",
      "        return super().post(request, *args, **kwargs)",
      "",
      "",
      "class BaseReleaseView(AdministratorMixin, PostOnlyRedirectView):",
      "    def post(self, request, *args, **kwargs):",
      "        return None",
      "",
      "",
      "class ReleaseView(BaseReleaseView):",
      "    released = True",
      "",
    ].join("\n"),
    "draw/urls.py": "from django.urls import path\n\nfrom . import views\n\nurlpatterns = [\n    path('unrelease/', views.DrawUnreleaseView.as_view()),\n    path('release/', views.ReleaseView.as_view()),\n]\n",
  });
  git(root, "init", "-q");
  const { routes } = analyze(root);
  assert.equal(routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /draw/release ReleaseView", "POST /draw/release ReleaseView",
    "GET /draw/unrelease DrawUnreleaseView", "POST /draw/unrelease DrawUnreleaseView.post",
  ]);
  assert.equal(routes.duplicates, []);
});

django("a view class of the same name in two modules is each module's own: the access mixin of participants' UpdateEligibilityEditView guards its route, whatever breakqual's namesake extends; a view whose chain is named public is declared public", () => {
  const root = tempDir("tool-django-namesakes-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "site/settings.py": "ROOT_URLCONF = 'site.urls'\n",
    "site/urls.py": 'from django.urls import include, path\nurlpatterns = [\n    path("break/", include("breakqual.urls")),\n    path("participants/", include("participants.urls")),\n]\n',
    "utils/__init__.py": "",
    "utils/mixins.py": "from django.contrib.auth.mixins import UserPassesTestMixin\n\n\nclass AdministratorMixin(UserPassesTestMixin):\n    def test_func(self):\n        return self.request.user.is_superuser\n\n\nclass PublicTournamentPageMixin:\n    public_page_preference = None\n",
    "breakqual/__init__.py": "",
    "breakqual/views.py": "from django.views.generic.base import View\n\n\nclass BaseUpdateEligibilityEditView(View):\n    def post(self, request):\n        return None\n\n\nclass UpdateEligibilityEditView(BaseUpdateEligibilityEditView):\n    pass\n",
    "breakqual/urls.py": "from django.urls import path\n\nfrom . import views\n\nurlpatterns = [path('eligibility/update/', views.UpdateEligibilityEditView.as_view())]\n",
    "participants/__init__.py": "",
    "participants/views.py": "from django.views.generic.base import View\n\nfrom utils.mixins import AdministratorMixin, PublicTournamentPageMixin\n\n\nclass UpdateEligibilityEditView(AdministratorMixin, View):\n    def post(self, request):\n        return None\n\n\nclass RegisterAdjudicatorView(PublicTournamentPageMixin, View):\n    def post(self, request):\n        return None\n",
    "participants/urls.py": "from django.urls import path\n\nfrom . import views\n\nurlpatterns = [\n    path('eligibility/update/', views.UpdateEligibilityEditView.as_view()),\n    path('register/', views.RegisterAdjudicatorView.as_view()),\n]\n",
  });
  git(root, "init", "-q");
  const { routes } = analyze(root);
  assert.equal(routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}${r.public ? " (public)" : ""}`), [
    "POST /break/eligibility/update",
    "POST /participants/eligibility/update [AdministratorMixin]",
    "POST /participants/register (public)",
  ]);
});

django("a ViewSet extending its namesake of another module (v2's AccountViewSet(v1_viewsets.AccountViewSet), imported as a module alias) takes its permission classes and serves only the actions it has", () => {
  const root = tempDir("tool-django-namesake-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'mail.settings')\n",
    "mail/__init__.py": "",
    "mail/settings.py": "ROOT_URLCONF = 'mail.urls'\nREST_FRAMEWORK = {'DEFAULT_AUTHENTICATION_CLASSES': ('rest_framework.authentication.TokenAuthentication',)}\n",
    "mail/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path('api/v2/', include('mail.api.v2.urls')),\n]\n",
    "mail/api/__init__.py": "",
    "mail/api/v1/__init__.py": "",
    "mail/api/v1/viewsets.py": [
      "from rest_framework import permissions, response, viewsets",
      "from rest_framework.decorators import action",
      "",
      "",
      "class AccountViewSet(viewsets.ViewSet):",
      "    permission_classes = (permissions.IsAuthenticated,)",
      "",
    ].join("\n"),
    "mail/api/v2/__init__.py": "",
    "mail/api/v2/viewsets.py": [
      "from rest_framework import response",
      "from rest_framework.decorators import action",
      "from mail.api.v1 import viewsets as v1_viewsets",
      "",
      "",
      "class AccountViewSet(v1_viewsets.AccountViewSet):",
      '    @action(methods=["get", "put"], detail=False)',
      "    def me(self, request):",
      "        return response.Response()",
      "",
    ].join("\n"),
    "mail/api/v2/urls.py": "from rest_framework import routers\nfrom . import viewsets\n\nrouter = routers.SimpleRouter()\nrouter.register(r'account', viewsets.AccountViewSet, basename='account')\nurlpatterns = router.urls\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "GET /api/v2/account/me [permissions.IsAuthenticated]",
    "PUT /api/v2/account/me [permissions.IsAuthenticated]",
  ], "guarded as v1 says; no create, update or destroy route the chain does not define");
});

django("a view whose base's dispatch answers 401 or 403 itself (zentral's Terraform backend: a bad API token gets HttpResponse('Unauthorized', status=401)) is guarded by it; a base whose dispatch answers 404 is not", () => {
  const root = tempDir("tool-django-dispatch-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'backend.settings')\n",
    "backend/__init__.py": "",
    "backend/settings.py": "ROOT_URLCONF = 'backend.urls'\n",
    "backend/urls.py": "from django.urls import path\nfrom backend import api_views\n\nurlpatterns = [\n    path('backend/<slug:slug>', api_views.BackendStateView.as_view()),\n    path('backend/<slug:slug>/lock', api_views.BackendLockView.as_view()),\n    path('mirror/<slug:slug>', api_views.MirrorView.as_view()),\n]\n",
    "backend/api_views.py": [
      "from django.http import HttpResponse, JsonResponse",
      "from django.views.generic import View",
      "",
      "",
      "class BackendBaseView(View):",
      "    def dispatch(self, request, *args, **kwargs):",
      "        try:",
      "            username, password = basic_auth_from_request(self.request)",
      "        except ValueError:",
      "            return HttpResponse('Unauthorized', status=401)",
      "        if not token_matches(username, password):",
      "            return HttpResponse('Bad credentials', status=401)",
      "        return super().dispatch(request, *args, **kwargs)",
      "",
      "",
      "class BackendStateView(BackendBaseView):",
      "    def post(self, request, *args, **kwargs):",
      "        return JsonResponse({})",
      "",
      "    def delete(self, request, *args, **kwargs):",
      "        return JsonResponse({})",
      "",
      "",
      "class BackendLockView(BackendBaseView):",
      "    def post(self, request, *args, **kwargs):",
      "        return JsonResponse({})",
      "",
      "",
      "class MirrorBaseView(View):",
      "    def dispatch(self, request, *args, **kwargs):",
      "        if not mirror_exists(kwargs['slug']):",
      "            return HttpResponse('Not found', status=404)",
      "        return super().dispatch(request, *args, **kwargs)",
      "",
      "",
      "class MirrorView(MirrorBaseView):",
      "    def post(self, request, *args, **kwargs):",
      "        return JsonResponse({})",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "DELETE /backend/{slug} BackendStateView.delete [BackendBaseView.dispatch]",
    "POST /backend/{slug} BackendStateView.post [BackendBaseView.dispatch]",
    "POST /backend/{slug}/lock BackendLockView.post [BackendBaseView.dispatch]",
    "POST /mirror/{slug} MirrorView.post",
  ]);
});

django("a mixin of the app's on Django's AccessMixin whose dispatch refuses a caller failing a test of the user (if not request.user.is_staff: return self.handle_no_permission()) guards the views extending it, whatever the view's own name says it acts on (FederatedGuestDeleteView); one whose dispatch only reads the user does not", () => {
  const root = tempDir("tool-django-access-dispatch-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "shifts/mixins.py": [
      "from django.contrib.auth.mixins import AccessMixin",
      "",
      "class StaffRequiredMixin(AccessMixin):",
      "    def dispatch(self, request, *args, **kwargs):",
      "        if not request.user.is_staff:",
      "            return self.handle_no_permission()",
      "        return super().dispatch(request, *args, **kwargs)",
      "",
      "class RememberVisitMixin(AccessMixin):",
      "    def dispatch(self, request, *args, **kwargs):",
      "        if not request.user.is_authenticated:",
      "            request.session['visited'] = True",
      "        return super().dispatch(request, *args, **kwargs)",
    ].join("\n"),
    "shifts/views.py": [
      "from django.views.generic import DeleteView, FormView, ListView",
      "",
      "from shifts.mixins import RememberVisitMixin, StaffRequiredMixin",
      "",
      "class InstanceSettingsView(StaffRequiredMixin, FormView):",
      "    template_name = 'settings.html'",
      "",
      "class PublicShiftListView(RememberVisitMixin, ListView):",
      "    template_name = 'shifts.html'",
      "",
      "class FederatedGuestDeleteView(StaffRequiredMixin, DeleteView):",
      "    template_name = 'confirm.html'",
    ].join("\n"),
    "shifts/urls.py": [
      "from django.urls import path",
      "",
      "from shifts.views import FederatedGuestDeleteView, InstanceSettingsView, PublicShiftListView",
      "",
      "urlpatterns = [",
      "    path('settings/guests/<int:pk>/delete/', FederatedGuestDeleteView.as_view()),",
      "    path('settings/instance/', InstanceSettingsView.as_view()),",
      "    path('shifts/', PublicShiftListView.as_view()),",
      "]",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET /settings/guests/{pk}/delete [StaffRequiredMixin]",
    "POST /settings/guests/{pk}/delete [StaffRequiredMixin]",
    "GET /settings/instance [StaffRequiredMixin]",
    "POST /settings/instance [StaffRequiredMixin]",
    "GET /shifts",
  ]);
});

django("smartmin's CRUDL classes serve one URL per action where a URLconf adds XCRUDL().as_urlpatterns() (also inside include()): smartmin's patterns by view kind, a view's own derive_url_pattern (%-formatted or an f-string), the path from the model or the class, and the CRUDL's permission for each action unless the view drops it", () => {
  const root = tempDir("tool-django-smartmin-");
  writeFiles(root, {
    "requirements.txt": "django\nsmartmin\n",
    "temba/urls.py": "from django.urls import include, re_path\n\nurlpatterns = [\n    re_path(r\"^\", include(\"temba.contacts.urls\")),\n    re_path(r\"^channels/\", include(\"temba.channels.urls\")),\n]\n",
    "temba/contacts/urls.py": "from .views import ContactCRUDL, LabelCRUDL\n\nurlpatterns = ContactCRUDL().as_urlpatterns()\nurlpatterns += LabelCRUDL().as_urlpatterns()\n",
    "temba/channels/urls.py": "from django.urls import include, re_path\n\nfrom .views import ChannelCRUDL\n\nurlpatterns = [re_path(r\"^\", include(ChannelCRUDL().as_urlpatterns()))]\n",
    "temba/contacts/views.py": [
      "from smartmin.views import SmartCRUDL, SmartListView, SmartReadView, SmartTemplateView, SmartUpdateView, SmartView",
      "from django.views.generic import View",
      "",
      "from temba.orgs.views.base import BaseReadView",
      "from .models import Contact, Label",
      "",
      "class BaseHistoryView(SmartReadView):",
      "    @classmethod",
      "    def derive_url_pattern(cls, path, action):",
      "        return r\"^%s/%s/(?P<uuid>[^/]+)/$\" % (path, action)",
      "",
      "class ContactCRUDL(SmartCRUDL):",
      "    model = Contact",
      "    actions = (\"list\", \"read\", \"update\", \"history\", \"omnibox\", \"interrupt\", \"menu\", \"unknown\")",
      "",
      "    class List(SmartListView):",
      "        pass",
      "",
      "    class Read(BaseReadView):",
      "        pass",
      "",
      "    class History(BaseHistoryView):",
      "        pass",
      "",
      "    class Omnibox(SmartListView):",
      "        permission = None",
      "",
      "    class Interrupt(SmartView, View):",
      "        @classmethod",
      "        def derive_url_pattern(cls, path, action):",
      "            return rf\"^{path}/{action}/(?P<uuid>[0-9a-f-]+)/$\"",
      "",
      "        def post(self, request, *args, **kwargs):",
      "            return None",
      "",
      "    class Menu(SmartTemplateView):",
      "        pass",
      "",
      "class LabelCRUDL(SmartCRUDL):",
      "    model = Label",
      "    path = \"msglabel\"",
      "    actions = (\"create\", \"delete\")",
      "",
      "class NotACRUDL:",
      "    actions = (\"list\",)",
    ].join("\n"),
    "temba/channels/views.py": [
      "from smartmin.views import SmartCRUDL",
      "",
      "from .models import Channel",
      "",
      "class ChannelCRUDL(SmartCRUDL):",
      "    model = Channel",
      "    actions = (\"list\",)",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET /channels/channel [permission(channel_list)]",
    "GET /contact [permission(contact_list)]",
    "GET /contact/history/{uuid} [permission(contact_history)]",
    "POST /contact/interrupt/{uuid} [permission(contact_interrupt)]",
    "GET /contact/menu [permission(contact_menu)]",
    "GET /contact/omnibox",
    "GET /contact/read/{pk} [permission(contact_read)]",
    "GET /contact/update/{pk} [permission(contact_update)]",
    "POST /contact/update/{pk} [permission(contact_update)]",
    "GET /msglabel/create [permission(label_create)]",
    "POST /msglabel/create [permission(label_create)]",
    "GET /msglabel/delete/{pk} [permission(label_delete)]",
    "POST /msglabel/delete/{pk} [permission(label_delete)]",
  ]);
});

django("a plugin package outside the Django project's folder (premium/backend/src/app_premium/) runs under the project's DEFAULT_PERMISSION_CLASSES when the repository has one project", () => {
  const root = tempDir("tool-django-plugin-defaults-");
  writeFiles(root, {
    "backend/src/app/__init__.py": "",
    "backend/src/app/config/__init__.py": "",
    "backend/src/app/config/settings/__init__.py": "",
    "backend/src/app/config/settings/base.py": "ROOT_URLCONF = 'app.config.urls'\nREST_FRAMEWORK = {\n    'DEFAULT_PERMISSION_CLASSES': ('rest_framework.permissions.IsAuthenticated',),\n}\n",
    "backend/src/app/config/urls.py": "from django.urls import include, path\nfrom app_premium.api import urls as premium_urls\nurlpatterns = [\n    path('api/premium/', include(premium_urls)),\n]\n",
    "premium/backend/src/app_premium/__init__.py": "",
    "premium/backend/src/app_premium/api/__init__.py": "",
    "premium/backend/src/app_premium/api/urls.py": "from django.urls import re_path\nfrom .views import CommentsView\nurlpatterns = [\n    re_path(r'^comments/(?P<row_id>[0-9]+)/$', CommentsView.as_view(), name='comments'),\n]\n",
    "premium/backend/src/app_premium/api/views.py": "from rest_framework.views import APIView\n\nclass CommentsView(APIView):\n    def post(self, request, row_id):\n        return None\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards}]`), ["POST /api/premium/comments/{row_id} [IsAuthenticated]"]);
});

django("drf-extensions' nested routes: what router.register returns registers under the parent's lookup (asset_routes.register(r'files', ..., parents_query_lookups=['asset']) serves assets/{parent_lookup_asset}/files), a level deeper too; a register call whose result is not kept nests nothing", () => {
  const root = tempDir("tool-django-nested-registry-");
  writeFiles(root, {
    "manage.py": "import django\n",
    "site/__init__.py": "",
    "site/settings.py": "ROOT_URLCONF = 'site.urls'\n",
    "site/urls.py": [
      "from django.urls import include, path",
      "from rest_framework_extensions.routers import ExtendedDefaultRouter",
      "from app.views import AssetViewSet, AssetFileViewSet, FileVersionViewSet, TagViewSet",
      "router = ExtendedDefaultRouter(trailing_slash=False)",
      "asset_routes = router.register(r'assets', AssetViewSet, basename='asset')",
      "file_routes = asset_routes.register(",
      "    r'files',",
      "    AssetFileViewSet,",
      "    basename='asset-file',",
      "    parents_query_lookups=['asset'],",
      ")",
      "file_routes.register(r'versions', FileVersionViewSet, basename='file-version', parents_query_lookups=['asset', 'file'])",
      "router.register(r'tags', TagViewSet)",
      "urlpatterns = [path('api/', include(router.urls))]",
      "",
    ].join("\n"),
    "app/__init__.py": "",
    "app/views.py": [
      "from rest_framework import mixins, viewsets",
      "",
      "class AssetViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
      "",
      "class AssetFileViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
      "",
      "class FileVersionViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
      "",
      "class TagViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):",
      "    pass",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.filter((r) => r.handler !== "(API root)").map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /api/assets AssetViewSet.list",
    "GET /api/assets/{parent_lookup_asset}/files AssetFileViewSet.list",
    "GET /api/assets/{parent_lookup_asset}/files/{parent_lookup_file}/versions FileVersionViewSet.list",
    "GET /api/tags TagViewSet.list",
  ]);
});

django("a ViewSet whose base is a class of another module serves only the standard actions its whole chain has (BaseViewSet(viewsets.ReadOnlyModelViewSet) elsewhere: list and retrieve); one on a library's ViewSet keeps every action", () => {
  const root = tempDir("tool-django-viewset-base-elsewhere-");
  writeFiles(root, {
    "manage.py": "import django\n",
    "site/__init__.py": "",
    "site/settings.py": "ROOT_URLCONF = 'site.urls'\n",
    "site/urls.py": [
      "from django.urls import include, path",
      "from rest_framework.routers import DefaultRouter",
      "from languages.views.language import LanguageViewSet",
      "from languages.views.glossary import GlossaryViewSet",
      "router = DefaultRouter(include_root_view=False)",
      "router.register(r'languages', LanguageViewSet)",
      "router.register(r'glossaries', GlossaryViewSet)",
      "urlpatterns = [path('api/', include(router.urls))]",
      "",
    ].join("\n"),
    "languages/__init__.py": "",
    "languages/views/__init__.py": "",
    "languages/views/base.py": "from rest_framework import viewsets\n\n\nclass BaseViewSet(viewsets.ReadOnlyModelViewSet):\n    lookup_field = 'code'\n",
    "languages/views/language.py": "from .base import BaseViewSet\n\n\nclass LanguageViewSet(BaseViewSet):\n    pass\n",
    "languages/views/glossary.py": "from thirdparty.viewsets import VendorViewSet\n\n\nclass GlossaryViewSet(VendorViewSet):\n    pass\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /api/glossaries GlossaryViewSet.list",
    "POST /api/glossaries GlossaryViewSet.create",
    "DELETE /api/glossaries/{pk} GlossaryViewSet.destroy",
    "GET /api/glossaries/{pk} GlossaryViewSet.retrieve",
    "PATCH /api/glossaries/{pk} GlossaryViewSet.partial_update",
    "PUT /api/glossaries/{pk} GlossaryViewSet.update",
    "GET /api/languages LanguageViewSet.list",
    "GET /api/languages/{pk} LanguageViewSet.retrieve",
  ]);
});

django("URLconfs included through map(lambda u: url(r'^', include(u)), [...]) are each included; ViewSets registered on a router another module makes (from app.api import router; router.register(...)) serve under that router's mount, a router class with a mixin before its DRF base is a router; admin.site.register is no route", () => {
  const root = tempDir();
  writeFiles(root, {
    "requirements.txt": "django\ndjangorestframework\n",
    "app/__init__.py": "",
    "app/api/__init__.py": "from app.api.routers import router\n\n__all__ = ['router']\n",
    "app/api/routers.py": [
      "from rest_framework import routers",
      "",
      "class AppRouter(PermissionsMixin, routers.DefaultRouter):",
      "    include_format_suffixes = False",
      "",
      "router = AppRouter()",
      "",
    ].join("\n"),
    "app/cards/__init__.py": "",
    "app/cards/api.py": [
      "from rest_framework import viewsets",
      "from django.contrib import admin",
      "from app.api import router",
      "",
      "class CardViewSet(viewsets.ModelViewSet):",
      "    queryset = Card.objects.all()",
      "",
      "router.register(r'access-card', CardViewSet)",
      "admin.site.register(Card)",
      "urlpatterns = []",
      "",
    ].join("\n"),
    "app/zones/__init__.py": "",
    "app/zones/api.py": [
      "from django.conf.urls import url",
      "from rest_framework import viewsets",
      "",
      "class ZoneViewSet(viewsets.ReadOnlyModelViewSet):",
      "    queryset = Zone.objects.all()",
      "",
      "urlpatterns = [url(r'^zones-summary/$', summary)]",
      "",
    ].join("\n"),
    "app/urls.py": [
      "from django.conf.urls import include, url",
      "from app.api import router",
      "",
      "api_urls = list(map(lambda u: url(r'^', include(u)), [",
      "    'app.cards.api',",
      "    'app.zones.api',",
      "]))",
      "api_urls += [url(r'^', include(router.urls))]",
      "",
      "urlpatterns = [",
      "    url(r'^api/', include(api_urls)),",
      "]",
      "",
    ].join("\n"),
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'app.settings')\n",
    "app/settings.py": "ROOT_URLCONF = 'app.urls'\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /api",
    "GET /api/access-card",
    "POST /api/access-card",
    "DELETE /api/access-card/{pk}",
    "GET /api/access-card/{pk}",
    "PATCH /api/access-card/{pk}",
    "PUT /api/access-card/{pk}",
    "ALL /api/zones-summary",
  ]);
});

django("a ViewSet's get_permissions that opens with a docstring still chooses per action: retrieve open to anyone, the other actions signed in", () => {
  const root = tempDir();
  writeFiles(root, {
    "requirements.txt": "django\ndjangorestframework\n",
    "app/__init__.py": "",
    "app/settings.py": "ROOT_URLCONF = 'app.urls'\n",
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'app.settings')\n",
    "app/api.py": [
      "from rest_framework import permissions, viewsets",
      "",
      "class TaskViewSet(viewsets.ViewSet):",
      "    def get_permissions(self):",
      '        """',
      "        Instantiates and returns the list of permissions that this view requires.",
      '        """',
      "        if self.action == 'retrieve':",
      "            permission_classes = [permissions.AllowAny]",
      "        else:",
      "            permission_classes = [permissions.IsAuthenticated, ]",
      "",
      "        return [permission() for permission in permission_classes]",
      "",
      "    def retrieve(self, request, pk=None):",
      "        return None",
      "",
      "    def create(self, request):",
      "        return None",
      "",
    ].join("\n"),
    "app/urls.py": [
      "from django.urls import include, path",
      "from rest_framework.routers import SimpleRouter",
      "from app.api import TaskViewSet",
      "",
      "router = SimpleRouter()",
      "router.register(r'tasks', TaskViewSet, basename='task')",
      "urlpatterns = [path('api/', include(router.urls))]",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["POST /api/tasks [permissions.IsAuthenticated]", "GET /api/tasks/{pk}"]);
});

django("a list of a module the URLconf imports whole (import shop.rest ... include((shop.rest.urls, \"shop\"), namespace=\"api\")) is served under the include's prefix, its router's routes too", () => {
  const root = tempDir("tool-django-module-list-");
  writeFiles(root, {
    "requirements.txt": "Django==5.0\ndjangorestframework\n",
    "manage.py": "",
    "shop/__init__.py": "",
    "shop/settings.py": "ROOT_URLCONF = 'shop.urls'\n",
    "shop/urls.py": "import shop.rest\nfrom django.urls import include, path, re_path\nfrom shop import views\n\nurlpatterns = [\n    path('about', views.about),\n    re_path(r'^api/', include((shop.rest.urls, 'shop'), namespace='api')),\n]\n",
    "shop/views.py": "def about(request):\n    return None\n",
    "shop/rest.py": [
      "from django.urls import path",
      "from rest_framework import routers, viewsets",
      "",
      "class ProductViewSet(viewsets.ModelViewSet):",
      "    queryset = None",
      "",
      "def status(request):",
      "    return None",
      "",
      "router = routers.SimpleRouter(trailing_slash=False)",
      "router.register('products', ProductViewSet, basename='product')",
      "urlpatterns = [path('status', status)]",
      "urls = urlpatterns + router.urls",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const paths = [...new Set(analyze(root).routes.items.map((r) => r.path))].sort();
  assert.equal(paths, ["/about", "/api/products", "/api/products/{pk}", "/api/status"]);
});

django("a router made from an app's class named for what it adds (DefaultRouterWithNesting, drf-extensions' NestedRouterMixin with DefaultRouter) registers its ViewSets and the nested ones under their parent's lookup", () => {
  const root = tempDir("tool-django-router-with-nesting-");
  writeFiles(root, {
    "manage.py": "",
    "docs/__init__.py": "",
    "docs/settings.py": 'ROOT_URLCONF = "docs.urls"\n',
    "docs/urls.py": "from django.urls import include, path\n\nurlpatterns = [\n    path(\"api/v3/\", include(\"docs.api.urls\")),\n]\n",
    "docs/api/__init__.py": "",
    "docs/api/routers.py": "from rest_framework.routers import DefaultRouter\nfrom rest_framework_extensions.routers import NestedRouterMixin\n\n\nclass DefaultRouterWithNesting(NestedRouterMixin, DefaultRouter):\n    pass\n",
    "docs/api/views.py": "from rest_framework.viewsets import ReadOnlyModelViewSet\n\n\nclass ProjectsViewSet(ReadOnlyModelViewSet):\n    pass\n\n\nclass VersionsViewSet(ReadOnlyModelViewSet):\n    pass\n",
    "docs/api/urls.py": [
      "from .routers import DefaultRouterWithNesting",
      "from .views import ProjectsViewSet, VersionsViewSet",
      "",
      "router = DefaultRouterWithNesting()",
      "projects = router.register(r\"projects\", ProjectsViewSet, basename=\"projects\")",
      "projects.register(r\"versions\", VersionsViewSet, basename=\"projects-versions\", parents_query_lookups=[\"project__slug\"])",
      "urlpatterns = []",
      "urlpatterns += router.urls",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const paths = analyze(root).routes.items.map((r) => `${r.method} ${r.path}`);
  for (const expected of ["GET /api/v3/projects", "GET /api/v3/projects/{pk}", "GET /api/v3/projects/{parent_lookup_project__slug}/versions"]) assert.ok(paths.includes(expected), `${expected} in ${paths.join("; ")}`);
});

django("a pattern written with .format() takes its arguments' values; one not known at its start says the prefix is unknown and keeps what follows it", () => {
  const root = tempDir("tool-django-format-");
  writeFiles(root, {
    "requirements.txt": "django>=5\n",
    "project/urls.py": [
      "from django.urls import include, re_path",
      "from dojo.utils import get_system_setting",
      "",
      'API_PREFIX = "api"',
      "",
      "urlpatterns = [",
      '    re_path(r"^{}/v1/".format(API_PREFIX), include("legacy.urls")),',
      '    re_path(r"^{}api/v2/".format(get_system_setting("url_prefix")), include("v2.urls")),',
      "]",
      "",
    ].join("\n"),
    "legacy/urls.py": "from django.urls import path\nfrom legacy import views\n\nurlpatterns = [path('status/', views.status)]\n",
    "legacy/views.py": "def status(request):\n    return None\n",
    "v2/urls.py": "from django.urls import path\nfrom v2 import views\n\nurlpatterns = [path('findings/', views.findings)]\n",
    "v2/views.py": "def findings(request):\n    return None\n",
  });
  git(root, "init", "-q");
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  assert.equal(routes.sort(), ["ALL /api/v1/status", "ALL /api/v2/findings (prefix unknown)"]);
});

django("ViewSets registered by a function of another module handed the DRF router (v2_api = add_product_urls(v2_api)) serve under that router; a function handed something else registers nothing there", () => {
  const root = tempDir("tool-django-router-helpers-");
  writeFiles(root, {
    "requirements.txt": "Django==5.0\ndjangorestframework\n",
    "manage.py": "",
    "dojo/__init__.py": "",
    "dojo/settings.py": "ROOT_URLCONF = 'dojo.urls'\n",
    "dojo/product/__init__.py": "",
    "dojo/product/api/__init__.py": "",
    "dojo/product/api/views.py": [
      "from rest_framework import viewsets",
      "",
      "class ProductViewSet(viewsets.ReadOnlyModelViewSet):",
      "    queryset = None",
      "",
    ].join("\n"),
    "dojo/product/api/urls.py": [
      "from dojo.product.api.views import ProductViewSet",
      "",
      "def add_product_urls(router):",
      '    router.register("products", ProductViewSet, basename="product")',
      "    return router",
      "",
    ].join("\n"),
    "dojo/notes/__init__.py": "",
    "dojo/notes/api.py": [
      "from rest_framework import viewsets",
      "",
      "class NotesViewSet(viewsets.ReadOnlyModelViewSet):",
      "    queryset = None",
      "",
      "def add_notes_urls(router):",
      '    router.register("notes", NotesViewSet)',
      "",
      "def describe(registry):",
      '    registry.register("ignored", NotesViewSet)',
      "",
    ].join("\n"),
    "dojo/urls.py": [
      "from django.urls import include, re_path",
      "from rest_framework.routers import DefaultRouter",
      "from dojo.product.api.urls import add_product_urls",
      "from dojo.notes.api import add_notes_urls, describe",
      "",
      "v2_api = DefaultRouter(include_root_view=False)",
      "v2_api = add_product_urls(v2_api)",
      "add_notes_urls(v2_api)",
      "describe(object())",
      "",
      "urlpatterns = [",
      '    re_path(r"^api/v2/", include(v2_api.urls)),',
      "]",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), [
    "GET /api/v2/notes",
    "GET /api/v2/notes/{pk}",
    "GET /api/v2/products",
    "GET /api/v2/products/{pk}",
  ]);
});

django("a function view that sends anyone but a superuser away at its top (if not request.user.is_superuser: return HttpResponseRedirect(...)) is guarded; one that redirects on another test is not", () => {
  const root = tempDir("tool-django-superuser-redirect-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "site/settings.py": "ROOT_URLCONF = 'site.urls'\n",
    "site/urls.py": 'from django.urls import path\nfrom cookbook import views\nurlpatterns = [\n    path("system/", views.system),\n    path("recipe/<int:pk>/", views.recipe),\n]\n',
    "cookbook/views.py": [
      "from django.http import HttpResponseRedirect",
      "from django.urls import reverse",
      "",
      "def system(request):",
      "    if not request.user.is_superuser:",
      "        return HttpResponseRedirect(reverse('index'))",
      "    if request.method == 'POST':",
      "        delete_orphans()",
      "    return render(request, 'system.html')",
      "",
      "def recipe(request, pk):",
      "    if not request.GET.get('share'):",
      "        return HttpResponseRedirect(reverse('index'))",
      "    Recipe.objects.filter(pk=pk).update(viewed=True)",
      "    return render(request, 'recipe.html')",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const routes = guardedRoutes(root);
  assert.ok(routes.includes("ALL /system [request.user]"), routes.join(", "));
  assert.ok(routes.includes("ALL /recipe/{pk}"), routes.join(", "));
});

django("a class view whose mixin turns away a request lacking an attribute the project's middleware fills only for a signed-in caller is guarded; a mixin testing an attribute the middleware fills for anyone is not", () => {
  const root = tempDir("tool-django-signed-in-attribute-");
  writeFiles(root, {
    "requirements.txt": "django\n",
    "site/settings.py": "ROOT_URLCONF = 'site.urls'\nMIDDLEWARE = ['orgs.middlewares.OrganizationMiddleware']\n",
    "site/urls.py": 'from django.urls import path\nfrom views.views import ViewCreateView, ThemeView\nurlpatterns = [\n    path("org/<org_name>/views/add/", ViewCreateView.as_view()),\n    path("theme/", ThemeView.as_view()),\n]\n',
    "orgs/middlewares.py": [
      "class OrganizationMiddleware:",
      "    def __init__(self, get_response):",
      "        self.get_response = get_response",
      "",
      "    def __call__(self, request):",
      "        return self.get_response(request)",
      "",
      "    def process_view(self, request, view_func, view_args, view_kwargs):",
      "        request.current_organization = None",
      "        request.theme = request.COOKIES.get('theme', 'light')",
      "        if not request.user.is_authenticated:",
      "            return",
      "        request.current_organization = request.user.organizations.first()",
    ].join("\n"),
    "orgs/mixins.py": [
      "from django.contrib import messages",
      "from django.shortcuts import redirect",
      "",
      "class OrganizationIsMemberMixin:",
      "    def dispatch(self, request, *args, **kwargs):",
      "        if not request.current_organization:",
      '            messages.error(request, "The requested organization does not exist.")',
      '            return redirect("list_organizations")',
      "        return super().dispatch(request, *args, **kwargs)",
      "",
      "class ThemedMixin:",
      "    def dispatch(self, request, *args, **kwargs):",
      "        if not request.theme:",
      '            return redirect("home")',
      "        return super().dispatch(request, *args, **kwargs)",
    ].join("\n"),
    "views/views.py": [
      "from django.views.generic import CreateView, FormView",
      "from orgs.mixins import OrganizationIsMemberMixin, ThemedMixin",
      "",
      "class ViewCreateView(OrganizationIsMemberMixin, CreateView):",
      "    template_name = 'views/save.html'",
      "",
      "class ThemeView(ThemedMixin, FormView):",
      "    template_name = 'theme.html'",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const routes = guardedRoutes(root);
  assert.ok(routes.includes("POST /org/{org_name}/views/add [OrganizationIsMemberMixin.dispatch]"), routes.join(", "));
  assert.ok(routes.includes("POST /theme"), routes.join(", "));
});

django("python-social-auth's and django-impersonate's URLconfs a project includes serve their views: signing in with a backend at any method, disconnecting a POST of a signed-in user, impersonating for a signed-in user only", () => {
  const root = tempDir("tool-django-social-impersonate-");
  writeFiles(root, {
    "requirements.txt": "django\nsocial-auth-app-django\ndjango-impersonate\n",
    "site/settings.py": "ROOT_URLCONF = 'site.urls'\nINSTALLED_APPS = ['social_django', 'impersonate']\n",
    "site/urls.py": [
      "from django.urls import include, path",
      "urlpatterns = [",
      "    path('', include('social_django.urls')),",
      "    path('impersonate/', include('impersonate.urls')),",
      "]",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "ALL /complete/{backend}",
    "ALL /impersonate/* [login_required]",
    "ALL /impersonate/list [login_required]",
    "ALL /impersonate/search [login_required]",
    "ALL /impersonate/stop",
    "ALL /login/{backend}",
    "POST /disconnect/{backend} [login_required]",
    "POST /disconnect/{backend}/{association_id} [login_required]",
  ]);
});

django("an instance of a class as the view (a syndication feed, feeds.AllBookmarksFeed()) is a route of every method; a wrapper call around a view is still read as the view it wraps", () => {
  const root = tempDir("tool-django-feed-instance-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'site.settings')\n",
    "site/settings.py": 'ROOT_URLCONF = "site.urls"\n',
    "site/urls.py": [
      "from django.contrib.auth.decorators import login_required",
      "from django.urls import path",
      "from bookmarks import feeds, views",
      "urlpatterns = [",
      '    path("feeds/<str:feed_key>/all", feeds.AllBookmarksFeed(), name="feeds.all"),',
      '    path("feeds/shared", feeds.PublicSharedBookmarksFeed(), name="feeds.public_shared"),',
      '    path("settings", login_required(views.settings), name="settings"),',
      "]",
      "",
    ].join("\n"),
    "bookmarks/__init__.py": "",
    "bookmarks/feeds.py": [
      "from django.contrib.syndication.views import Feed",
      "",
      "class AllBookmarksFeed(Feed):",
      "    def items(self, context):",
      "        return context.bookmarks",
      "",
      "class PublicSharedBookmarksFeed(Feed):",
      "    def items(self, context):",
      "        return []",
      "",
    ].join("\n"),
    "bookmarks/views.py": [
      "from django.shortcuts import render",
      "",
      "def settings(request):",
      '    return render(request, "settings.html")',
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "ALL /feeds/shared feeds.PublicSharedBookmarksFeed",
    "ALL /feeds/{feed_key}/all feeds.AllBookmarksFeed",
    "ALL /settings settings [login_required]",
  ]);
});

django("Django Channels: the WebSocket endpoints websocket_urlpatterns routes to consumers (path and re_path, as_asgi()), guarded where the consumer's connect closes the socket for a caller not signed in (tested there or in a method it calls); a consumer that lets anyone in is not", () => {
  const root = tempDir("tool-django-channels-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'site.settings')\n",
    "site/settings.py": 'ROOT_URLCONF = "site.urls"\nASGI_APPLICATION = "site.asgi.application"\n',
    "site/urls.py": [
      "from django.urls import path, re_path",
      "from docs import views",
      "from docs.consumers import StatusConsumer, PublicFeedConsumer",
      "urlpatterns = [",
      '    path("docs/", views.index),',
      "]",
      "websocket_urlpatterns = [",
      '    path("ws/status/", StatusConsumer.as_asgi()),',
      '    re_path(r"^ws/feed/(?P<slug>[-\\w]+)/$", PublicFeedConsumer.as_asgi()),',
      "]",
      "",
    ].join("\n"),
    "site/asgi.py": [
      "from channels.auth import AuthMiddlewareStack",
      "from channels.routing import ProtocolTypeRouter, URLRouter",
      "from site.urls import websocket_urlpatterns",
      'application = ProtocolTypeRouter({"websocket": AuthMiddlewareStack(URLRouter(websocket_urlpatterns))})',
      "",
    ].join("\n"),
    "docs/__init__.py": "",
    "docs/views.py": "from django.shortcuts import render\n\ndef index(request):\n    return render(request, 'index.html')\n",
    "docs/consumers.py": [
      "from channels.generic.websocket import AsyncWebsocketConsumer",
      "",
      "class StatusConsumer(AsyncWebsocketConsumer):",
      "    def _authenticated(self):",
      '        user = self.scope.get("user")',
      "        return user is not None and user.is_authenticated",
      "",
      "    async def connect(self):",
      "        if not self._authenticated():",
      "            await self.close()",
      "            return",
      "        await self.accept()",
      "",
      "class PublicFeedConsumer(AsyncWebsocketConsumer):",
      "    async def connect(self):",
      '        await self.channel_layer.group_add("feed", self.channel_name)',
      "        await self.accept()",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "ALL /docs index",
    "WS /ws/feed/{slug} PublicFeedConsumer",
    "WS /ws/status StatusConsumer [(closes the socket for a caller not signed in)]",
  ]);
});

django("a pattern ending in any characters (re_path(\".*\", ...), ^app/.*$) serves the rest of the path, a subtree; a named group of them stays a parameter", () => {
  const root = tempDir("tool-django-catch-all-");
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'site.settings')\n",
    "site/settings.py": 'ROOT_URLCONF = "site.urls"\n',
    "site/urls.py": [
      "from django.contrib.auth.decorators import login_required",
      "from django.urls import path, re_path",
      "from app import views",
      "urlpatterns = [",
      '    path("api/health/", views.health),',
      '    re_path(r"^docs/(?P<page>.+)$", views.docs),',
      '    re_path(r"^app/.*$", views.app),',
      '    re_path(".*", login_required(views.IndexView.as_view())),',
      "]",
      "",
    ].join("\n"),
    "app/__init__.py": "",
    "app/views.py": [
      "from django.http import JsonResponse",
      "from django.shortcuts import render",
      "from django.views.generic import TemplateView",
      "",
      "def health(request):",
      '    return JsonResponse({"ok": True})',
      "",
      "def docs(request, page):",
      '    return render(request, "docs.html")',
      "",
      "def app(request):",
      '    return render(request, "app.html")',
      "",
      "class IndexView(TemplateView):",
      '    template_name = "index.html"',
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "ALL /api/health",
    "ALL /app/*",
    "ALL /docs/{page}",
    "GET /* [login_required]",
  ]);
});

django("a method of a class view whose base in another module sets DRF's permission_classes (class ChannelAggsApiView(ApiBaseView), ApiBaseView in common/views_base.py requiring IsAuthenticated) takes them; one whose base there opens it (AllowAny) stays unguarded", () => {
  const root = tempDir("tool-drf-base-elsewhere-");
  writeFiles(root, {
    "requirements.txt": "django>=4\ndjangorestframework\n",
    "backend/manage.py": 'import os\nos.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")\n',
    "backend/config/__init__.py": "",
    "backend/config/settings.py": 'ROOT_URLCONF = "config.urls"\nINSTALLED_APPS = ["rest_framework", "common", "channel"]\n',
    "backend/config/urls.py": 'from django.urls import include, path\n\nurlpatterns = [\n    path("api/channel/", include("channel.urls")),\n]\n',
    "backend/common/__init__.py": "",
    "backend/common/views_base.py": [
      "from rest_framework import permissions",
      "from rest_framework.authentication import SessionAuthentication, TokenAuthentication",
      "from rest_framework.views import APIView",
      "",
      "",
      "class ApiBaseView(APIView):",
      '    """base view to inherit from"""',
      "",
      "    authentication_classes = [SessionAuthentication, TokenAuthentication]",
      "    permission_classes = [permissions.IsAuthenticated]",
      "",
      "",
      "class PublicBaseView(APIView):",
      "    permission_classes = [permissions.AllowAny]",
      "",
    ].join("\n"),
    "backend/channel/__init__.py": "",
    "backend/channel/views.py": [
      "from common.views_base import ApiBaseView, PublicBaseView",
      "from rest_framework.response import Response",
      "",
      "",
      "class ChannelAggsApiView(ApiBaseView):",
      '    search_base = "ta_video/_search"',
      "",
      "    def get(self, request, channel_id):",
      "        return Response({})",
      "",
      "    def post(self, request, channel_id):",
      "        return Response({})",
      "",
      "",
      "class ChannelHealthView(PublicBaseView):",
      "    def get(self, request):",
      "        return Response({})",
      "",
    ].join("\n"),
    "backend/channel/urls.py": 'from channel import views\nfrom django.urls import path\n\nurlpatterns = [\n    path("<slug:channel_id>/aggs/", views.ChannelAggsApiView.as_view(), name="api-channel-aggs"),\n    path("health/", views.ChannelHealthView.as_view(), name="api-channel-health"),\n]\n',
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /api/channel/{channel_id}/aggs ChannelAggsApiView.get [permissions.IsAuthenticated]",
    "POST /api/channel/{channel_id}/aggs ChannelAggsApiView.post [permissions.IsAuthenticated]",
    "GET /api/channel/health ChannelHealthView.get []",
  ]);
});

django("djoser's viewset included as it ships (include(\"djoser.urls\")) keeps the permissions its own get_permissions chooses (sign-up and activation open to anyone) under a settings default requiring a signed-in caller", () => {
  const root = tempDir("tool-djoser-default-");
  writeFiles(root, {
    "requirements.txt": "django>=4\ndjangorestframework\ndjoser\n",
    "app/__init__.py": "",
    "app/settings.py": 'ROOT_URLCONF = "app.urls"\nINSTALLED_APPS = ["rest_framework", "djoser", "app"]\nREST_FRAMEWORK = {"DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"]}\n',
    "app/urls.py": 'from django.urls import include, path\n\nurlpatterns = [path("api/v1/auth/", include("djoser.urls"))]\n',
  });
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`);
  assert.ok(routes.includes("POST /api/v1/auth/users []"), routes.join("\n"));
  assert.ok(routes.includes("POST /api/v1/auth/users/activation []"), routes.join("\n"));
  assert.ok(routes.includes("GET /api/v1/auth/users [login_required]"), routes.join("\n"));
});

django.run();

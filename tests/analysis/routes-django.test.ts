import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { regexPath } from "../../analysis/routes/frameworks/django.ts";
import { fixtureRepo } from "../helpers/repo.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const django = suite("Django routes");

django("regexPath() writes re_path patterns as paths", () => {
  assert.is(regexPath("^users/(?P<pk>[0-9]+)/$"), "users/{pk}/");
  assert.is(regexPath("^files/(?P<path>.*)$"), "files/{path}");
  assert.is(regexPath("^archive/(\\d{4})/(?:page-(?P<page>\\d+)/)?$"), "archive/{arg1}/page-{page}/");
  assert.is(regexPath("^api/v1/?$"), "api/v1/");
});

django("URLconfs included across apps, DRF routers and ViewSets, class-based and decorated views with their guards", () => {
  assert.equal(list(fixtureRepo("routes-django")), [
    "GET / shop/urls.py:11 TemplateView",
    "GET /accounts/{pk} accounts/views.py:23 user_detail [login_required]",
    "POST /accounts/{pk} accounts/views.py:23 user_detail [login_required]",
    "GET /accounts/profile accounts/views.py:9 ProfileView.get [login_required]",
    "POST /accounts/profile accounts/views.py:12 ProfileView.post [login_required]",
    "ALL /accounts/settings accounts/urls.py:12 views.settings_view",
    "GET /accounts/signup accounts/views.py:16 SignupView",
    "POST /accounts/signup accounts/views.py:16 SignupView",
    "GET /api/v1/health api/views.py:26 health",
    "GET /api/v1/orders api/views.py:16 OrderViewSet.list [IsAuthenticated]",
    "POST /api/v1/orders api/views.py:16 OrderViewSet.create [IsAuthenticated]",
    "GET /api/v1/orders/{pk} api/views.py:16 OrderViewSet.retrieve [IsAuthenticated]",
    "GET /api/v1/orders/recent api/views.py:19 OrderViewSet.recent_orders [IsAuthenticated]",
    "GET /api/v1/products api/views.py:7 ProductViewSet.list",
    "GET /api/v1/products/{slug} api/views.py:7 ProductViewSet.retrieve",
    "POST /api/v1/products/{slug}/favorite api/views.py:11 ProductViewSet.favorite [IsAuthenticated]",
    "ALL /legacy/{slug} shop/urls.py:14 account_views.legacy",
  ]);
});

django("routes in tests, comments and strings are not routes; the admin site is not the project's", () => {
  const items = analyze(fixtureRepo("routes-django")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("tests/") || /commented|not-a-route|admin/.test(r.path)));
});

django.run();

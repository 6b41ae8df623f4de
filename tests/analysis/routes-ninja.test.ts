import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const ninja = suite("Django Ninja routes");

ninja("routers added by name and by dotted string, the API served by the urlconf, auth= on the API, a router and an operation", () => {
  const root = tempDir("tool-ninja-");
  writeFiles(root, {
    "requirements.txt": "django\ndjango-ninja\n",
    "config/urls.py": [
      "from django.urls import path", "from ninja import NinjaAPI", "from shop.orders import router as orders_router", "",
      'api_prefix = "api"', "api = NinjaAPI()", "",
      'api.add_router(f"/{api_prefix}", "shop.catalog.router")',
      'api.add_router("/orders", orders_router)', "",
      "urlpatterns = [", '    path("v1/", api.urls),', "]", "",
    ].join("\n"),
    "apps/shop/catalog.py": [
      "from ninja import Router", "", "router = Router()", "",
      '@router.get("/products")', "def products(request):", "    return []", "",
      '@router.get("/products/{slug}", auth=TokenAuth(optional=True))', "def product(request, slug: str):", "    return {}", "",
      '@router.api_operation(["PUT", "PATCH"], "/products/{slug}", auth=TokenAuth())', "def update(request, slug: str):", "    return {}", "",
    ].join("\n"),
    "apps/shop/orders.py": [
      "from ninja import Router", "", "router = Router(auth=JWTAuth())", "",
      '@router.post("")', "def create(request):", "    return {}", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /v1/api/products apps/shop/catalog.py products",
    "GET /v1/api/products/{slug} apps/shop/catalog.py product",
    "PATCH /v1/api/products/{slug} apps/shop/catalog.py update [TokenAuth]",
    "PUT /v1/api/products/{slug} apps/shop/catalog.py update [TokenAuth]",
    "POST /v1/orders apps/shop/orders.py create [JWTAuth]",
  ]);
});

ninja("an API made from the module's own NinjaAPI subclass, its routers added in a function, its URLs kept under a name another urlconf imports", () => {
  const root = tempDir("tool-ninja-subclass-");
  writeFiles(root, {
    "requirements.txt": "django\ndjango-ninja\n",
    "archive/__init__.py": "",
    "archive/api/__init__.py": "",
    "archive/api/v1_api.py": [
      "from ninja import NinjaAPI", "",
      "def register_urls(api: NinjaAPI) -> NinjaAPI:",
      '    api.add_router("/core/", "archive.api.v1_core.router")',
      "    return api", "",
      "class NinjaAPIWithIOCapture(NinjaAPI):",
      "    def create_temporal_response(self, request):",
      "        return super().create_temporal_response(request)", "",
      'api = NinjaAPIWithIOCapture(title="Archive API", auth=[APITokenAuth()])',
      "api = register_urls(api)",
      "urls = api.urls", "",
    ].join("\n"),
    "archive/api/v1_core.py": [
      "from ninja import Router", "", "router = Router(tags=['Core'])", "",
      '@router.get("/snapshots")', "def get_snapshots(request):", "    return []", "",
    ].join("\n"),
    "archive/api/urls.py": [
      "from django.urls import path", "from .v1_api import urls as v1_api_urls", "",
      "urlpatterns = [", '    path("v1/", v1_api_urls),', "]", "",
    ].join("\n"),
    "archive/urls.py": [
      "from django.urls import path, include", "",
      "urlpatterns = [", '    path("api/", include("archive.api.urls")),', "]", "",
    ].join("\n"),
    "archive/settings.py": 'ROOT_URLCONF = "archive.urls"\n',
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'archive.settings')\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /api/v1/core/snapshots [APITokenAuth]",
  ]);
});

ninja.run();

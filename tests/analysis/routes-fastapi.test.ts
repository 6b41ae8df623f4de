import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, fixtureRepo, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const fastapi = suite("FastAPI routes");

fastapi("routers included across modules, prefixes in a settings module, constants and f-strings, dependencies as guards at their scope", () => {
  assert.equal(list(fixtureRepo("routes-fastapi")), [
    "POST /admin/reindex app/admin.py:6 reindex [require_admin]",
    "GET /api/v1/items app/api/routes/items.py:11 list_items [get_current_active_user]",
    "POST /api/v1/items/{item_id}/photos app/api/routes/items.py:16 add_photo [get_current_active_user]",
    "GET /api/v1/items/export app/api/routes/items.py:25 export_items [get_current_active_user]",
    "HEAD /api/v1/items/export app/api/routes/items.py:25 export_items [get_current_active_user]",
    "GET /api/v1/users app/api/routes/users.py:8 list_users",
    "DELETE /api/v1/users/{user_id} app/api/routes/users.py:23 delete_user [verify_token]",
    "GET /api/v1/users/{user_id} app/api/routes/users.py:13 read_user [get_current_user]",
    "PATCH /api/v1/users/{user_id} app/api/routes/users.py:18 update_user [CurrentUser]",
    "PUT /api/v1/users/{user_id} app/api/routes/users.py:18 update_user [CurrentUser]",
    "GET /health app/main.py:12 health",
  ]);
});

fastapi("routes in tests, comments and strings are not routes", () => {
  const items = analyze(fixtureRepo("routes-fastapi")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("tests/") || /commented|not-a-route/.test(r.path)));
});

fastapi("the documentation pages at the paths the app writes (docs_url, redoc_url), outside its dependencies; the defaults are not the app's", () => {
  const root = tempDir();
  writeFiles(root, {
    "app/main.py": 'from fastapi import Depends, FastAPI\nfrom app.auth import require_user\n\napp = FastAPI(title="x", docs_url="/", redoc_url=None, dependencies=[Depends(require_user)])\n\n@app.get("/api/items")\ndef items():\n    return []\n',
    "admin/main.py": "from fastapi import FastAPI\n\nadmin = FastAPI()\n\n@admin.get('/health')\ndef health():\n    return {}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET / (Swagger UI)",
    "GET /api/items items [require_user]",
    "GET /health health",
  ]);
});

fastapi("a dependency that depends on a guard guards, through any number of steps and modules; one named or made optional does not", () => {
  const root = tempDir("tool-fastapi-dependency-chain-");
  writeFiles(root, {
    "app/api/dependencies/auth.py": [
      "from fastapi import Depends, Security",
      "from fastapi.security import HTTPBearer, OAuth2PasswordBearer",
      "",
      'oauth2_scheme = OAuth2PasswordBearer(tokenUrl="login")',
      "",
      "async def _get_current_user(token: str = Depends(oauth2_scheme)):",
      "    return decode(token)",
      "",
      "async def _get_current_user_optional(token: str = Depends(OAuth2PasswordBearer(tokenUrl='login', auto_error=False))):",
      "    return decode(token) if token else None",
      "",
      "async def get_current_profile(user = Depends(_get_current_user)):",
      "    return await Profile.get(user=user)",
      "",
      "async def get_current_profile_optional(user = Depends(_get_current_user_optional)):",
      "    return await Profile.get_or_none(user=user) if user else None",
      "",
      "def read_viewer(credentials = Security(HTTPBearer(auto_error=False))):",
      "    return credentials",
      "",
    ].join("\n"),
    "app/api/dependencies/articles.py": [
      "from fastapi import Depends",
      "from app.api.dependencies.auth import get_current_profile",
      "",
      "async def get_article_for_author(slug: str, profile = Depends(get_current_profile)):",
      "    return await Article.get(slug=slug, author=profile)",
      "",
      "def get_db():",
      "    yield Session()",
      "",
    ].join("\n"),
    "app/api/routes/articles.py": [
      "from fastapi import APIRouter, Depends",
      "from app.api.dependencies.auth import get_current_profile, get_current_profile_optional, read_viewer",
      "from app.api.dependencies.articles import get_article_for_author, get_db",
      "",
      "router = APIRouter()",
      "",
      '@router.post("/articles")',
      "async def create_article(profile = Depends(get_current_profile)):",
      "    return {}",
      "",
      '@router.delete("/articles/{slug}")',
      "async def delete_article(article = Depends(get_article_for_author)):",
      "    return {}",
      "",
      '@router.get("/articles")',
      "async def list_articles(profile = Depends(get_current_profile_optional), db = Depends(get_db)):",
      "    return []",
      "",
      '@router.get("/articles/feed")',
      "async def feed(viewer = Depends(read_viewer)):",
      "    return []",
      "",
    ].join("\n"),
    "app/main.py": "from fastapi import FastAPI\nfrom app.api.routes import articles\n\napp = FastAPI()\napp.include_router(articles.router, prefix='/api')\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/articles",
    "POST /api/articles [get_current_profile]",
    "DELETE /api/articles/{slug} [get_article_for_author]",
    "GET /api/articles/feed",
  ]);
});

fastapi("a router made from the project's subclass of APIRouter is a router, guarded by the dependencies its class passes to APIRouter; one from a library's class guards nothing", () => {
  const root = tempDir("tool-fastapi-router-class-");
  writeFiles(root, {
    "app/routes/_base/routers.py": [
      "from fastapi import APIRouter, Depends",
      "from app.core.dependencies import get_admin_user",
      "",
      "class AdminAPIRouter(APIRouter):",
      "    def __init__(self, prefix: str = '', **kwargs):",
      "        super().__init__(prefix=prefix, dependencies=[Depends(get_admin_user)], **kwargs)",
      "",
    ].join("\n"),
    "app/core/dependencies.py": "from fastapi import Depends\n\nasync def get_current_user(token: str = Depends(oauth2_scheme)):\n    return decode(token)\n\nasync def get_admin_user(user = Depends(get_current_user)):\n    return require_admin(user)\n",
    "app/routes/admin/__init__.py": [
      "from app.routes._base.routers import AdminAPIRouter",
      "from . import admin_backups",
      "router = AdminAPIRouter(prefix='/admin')",
      "router.include_router(admin_backups.router)",
      "",
    ].join("\n"),
    "app/routes/admin/admin_backups.py": "from fastapi import APIRouter\nrouter = APIRouter(prefix='/backups')\n\n@router.get('')\ndef get_all():\n    return []\n",
    "app/routes/public.py": "from fastapi_utils.inferring_router import InferringRouter\nrouter = InferringRouter(prefix='/public')\n\n@router.get('/about')\ndef about():\n    return {}\n",
    "app/main.py": "from fastapi import FastAPI\nfrom app.routes import admin, public\napp = FastAPI()\napp.include_router(admin.router, prefix='/api')\napp.include_router(public.router, prefix='/api')\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/admin/backups [get_admin_user]",
    "GET /api/public/about",
  ]);
});

fastapi("a class-based view's routes run the dependencies of its class attributes and its bases', across modules; a public base's do not guard", () => {
  const root = tempDir("tool-fastapi-cbv-");
  writeFiles(root, {
    "app/core/dependencies.py": "from fastapi import Depends\n\nasync def get_current_user(token: str = Depends(oauth2_scheme)):\n    return decode(token)\n\ndef generate_session():\n    yield Session()\n",
    "app/routes/_base/controllers.py": [
      "from fastapi import Depends",
      "from app.core.dependencies import generate_session, get_current_user",
      "",
      "class BaseController:",
      "    session: Session = Depends(generate_session)",
      "",
      "class BaseUserController(BaseController):",
      "    user: User = Depends(get_current_user)",
      "",
      "class BasePublicController(BaseController):",
      "    pass",
      "",
    ].join("\n"),
    "app/routes/comments.py": [
      "from fastapi import APIRouter",
      "from app.routes._base.controllers import BasePublicController, BaseUserController",
      "router = APIRouter(prefix='/comments')",
      "",
      "@controller(router)",
      "class CommentRoutes(BaseUserController):",
      "    @router.get('')",
      "    def get_all(self):",
      "        return []",
      "",
      "@controller(router)",
      "class CommentFeed(BasePublicController):",
      "    @router.get('/feed')",
      "    def feed(self):",
      "        return []",
      "",
    ].join("\n"),
    "app/main.py": "from fastapi import FastAPI\nfrom app.routes import comments\napp = FastAPI()\napp.include_router(comments.router, prefix='/api')\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/comments [get_current_user]",
    "GET /api/comments/feed",
  ]);
});

fastapi("a dependency that refuses in a module declaring no other (get_current_org raising 403), or returns what a function that refuses returns, guards its routes; one returning what a function that lets everyone in returns does not", () => {
  const root = tempDir();
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "sky"\ndependencies = ["fastapi"]\n',
    "sky/services/org_auth.py": [
      "from fastapi import Header, HTTPException, status",
      "",
      "async def get_current_org(x_api_key: str | None = Header(None)) -> Organization:",
      "    if not x_api_key:",
      "        raise HTTPException(",
      "            status_code=status.HTTP_403_FORBIDDEN,",
      "            detail='Invalid credentials',",
      "        )",
      "    return await lookup(x_api_key)",
      "",
      "async def _org_for_token_types(x_api_key, types):",
      "    if x_api_key in types:",
      "        return await lookup(x_api_key)",
      "    raise HTTPException(status_code=status.HTTP_403_FORBIDDEN, detail='no')",
      "",
      "async def get_org_for_credentials(x_api_key: str | None = Header(None)) -> Organization:",
      "    return await _org_for_token_types(x_api_key, credential_types())",
      "",
      "async def get_caller_hint(x_hint: str | None = Header(None)) -> str:",
      "    return describe(x_hint)",
    ].join("\n"),
    "sky/routes/folders.py": [
      "from fastapi import APIRouter, Depends",
      "from sky.services import org_auth",
      "",
      "router = APIRouter()",
      "",
      '@router.get("/folders")',
      "async def list_folders(org = Depends(org_auth.get_current_org)):",
      "    return []",
      "",
      '@router.post("/credentials")',
      "async def create_credential(org = Depends(org_auth.get_org_for_credentials)):",
      "    return {}",
      "",
      '@router.get("/hint")',
      "async def hint(h = Depends(org_auth.get_caller_hint)):",
      "    return h",
    ].join("\n"),
    "sky/app.py": "from fastapi import FastAPI\nfrom sky.routes.folders import router\napp = FastAPI()\napp.include_router(router, prefix='/v1')\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /v1/credentials [org_auth.get_org_for_credentials]",
    "GET /v1/folders [org_auth.get_current_org]",
    "GET /v1/hint",
  ]);
});

fastapi("a router's dependencies guard its routes when they depend on a check, whatever their names; a posted sign-in model is no guard", () => {
  const root = tempDir("tool-fastapi-router-dependencies-");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "node"\ndependencies = ["fastapi"]\n',
    "node/decorators.py": [
      "from fastapi import Depends, HTTPException",
      "",
      "async def check_account_exists(token: str = Depends(oauth2_scheme)):",
      "    account = await get_account(token)",
      "    if not account:",
      "        raise HTTPException(401, 'Missing user ID or access token.')",
      "    return account",
      "",
      "async def check_admin(account = Depends(check_account_exists)):",
      "    if account.id not in settings.admin_users:",
      "        raise HTTPException(403, 'User not authorized.')",
      "    return account",
      "",
      "async def check_public():",
      "    return None",
    ].join("\n"),
    "node/views/node_api.py": [
      "from fastapi import APIRouter, Depends",
      "from node.decorators import check_admin, check_public",
      "",
      'node_router = APIRouter(prefix="/node/api/v1", dependencies=[Depends(check_admin)])',
      'public_node_router = APIRouter(prefix="/node/public/api/v1", dependencies=[Depends(check_public)])',
      "",
      '@node_router.get("/info")',
      "async def api_get_info():",
      "    return await node.get_info()",
      "",
      '@public_node_router.get("/info")',
      "async def api_get_public_info():",
      "    return await node.get_public_info()",
      "",
      '@node_router.post("/login")',
      "async def login(data: LoginUsernamePassword):",
      "    return await sign_in(data)",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /node/api/v1/info [check_admin]",
    "POST /node/api/v1/login [check_admin]",
    "GET /node/public/api/v1/info",
  ]);
});

fastapi("a sign-in route's posted model (LoginUsr, UpdateSuperuserPassword) guards nothing", () => {
  const root = tempDir("tool-fastapi-login-models-");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "node"\ndependencies = ["fastapi"]\n',
    "node/auth_api.py": [
      "from fastapi import APIRouter",
      'auth_router = APIRouter(prefix="/api/v1/auth")',
      '@auth_router.post("/usr")',
      "async def login_usr(data: LoginUsr):",
      "    return await sign_in(data)",
      '@auth_router.put("/first_install")',
      "async def first_install(data: UpdateSuperuserPassword):",
      "    return await install(data)",
      '@auth_router.get("/me")',
      "async def me(user: AuthUser):",
      "    return user",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "PUT /api/v1/auth/first_install",
    "GET /api/v1/auth/me [AuthUser]",
    "POST /api/v1/auth/usr",
  ]);
});

fastapi("a parameter typed by the module's own Annotated alias runs its dependency (UserParam = Annotated[User, Depends(get_current_user)])", () => {
  const root = tempDir("tool-fastapi-annotated-alias-");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "chat"\ndependencies = ["fastapi"]\n',
    "chat/auth.py": "from fastapi import Depends, HTTPException\n\nasync def get_current_user(token: str = Depends(reuseable_oauth)):\n    user = await decode(token)\n    if not user:\n        raise HTTPException(status_code=401, detail='Unauthorized')\n    return user\n",
    "chat/server.py": [
      "from typing import Annotated",
      "from fastapi import APIRouter, Depends",
      "from chat.auth import get_current_user",
      "",
      "router = APIRouter()",
      "UserParam = Annotated[GenericUser, Depends(get_current_user)]",
      "",
      '@router.get("/project/settings")',
      "async def project_settings(current_user: UserParam, language: str = 'en'):",
      "    return settings(current_user)",
      "",
      '@router.get("/health")',
      "async def health():",
      "    return {'ok': True}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /health",
    "GET /project/settings [get_current_user]",
  ]);
});

fastapi("an app handed to a function of another module (def configure_routes(app): app.include_router(api, prefix=...)) mounts with its prefixes; Starlette's @requires guards, unless its status_code is a success", () => {
  const root = tempDir();
  writeFiles(root, {
    "requirements.txt": "fastapi\n",
    "src/shop/__init__.py": "",
    "src/shop/main.py": "from fastapi import FastAPI\nfrom shop.configure import configure_routes\n\napp = FastAPI()\nconfigure_routes(app)\n",
    "src/shop/configure.py": [
      "def configure_routes(app):",
      "    # imported here so that the search types are set up first",
      "    from shop.routers.chat import chat",
      "    from shop.routers.api import api",
      '    app.include_router(api, prefix="/api")',
      '    app.include_router(chat, prefix="/api/chat")',
      "",
    ].join("\n"),
    "src/shop/routers/__init__.py": "",
    "src/shop/routers/api.py": [
      "from fastapi import APIRouter, Request",
      "from starlette.authentication import requires",
      "api = APIRouter()",
      "",
      '@api.get("/health")',
      '@requires(["authenticated"], status_code=200)',
      "def health(request: Request):",
      "    return {}",
      "",
    ].join("\n"),
    "src/shop/routers/chat.py": [
      "from fastapi import APIRouter, Request",
      "from starlette.authentication import requires",
      "chat = APIRouter()",
      "",
      '@chat.get("/history")',
      '@requires(["authenticated"])',
      "def history(request: Request):",
      "    return []",
      "",
      '@chat.get("/starters")',
      "def starters():",
      "    return []",
      "",
    ].join("\n"),
  });
  assert.equal(list(root), [
    "GET /api/chat/history src/shop/routers/chat.py:5 history [requires]",
    "GET /api/chat/starters src/shop/routers/chat.py:10 starters",
    "GET /api/health src/shop/routers/api.py:5 health",
  ]);
});

fastapi("routers included in a loop over a list of another module (for route in ROUTERS: app.include_router(route, prefix=API_PREFIX)) are each mounted under every prefix; a loop over something else mounts nothing", () => {
  const root = tempDir();
  writeFiles(root, {
    "requirements.txt": "fastapi\n",
    "app/__init__.py": "",
    "app/constants.py": 'API_PREFIX = "/v1"\n',
    "app/main.py": [
      "from fastapi import FastAPI",
      "from app.constants import API_PREFIX",
      "from app.routers import ROUTERS as v1_routes",
      "from app.routers.health import router as health_router",
      "",
      "app = FastAPI()",
      "for route in v1_routes:",
      "    app.include_router(route, prefix=API_PREFIX)",
      '    app.include_router(route, prefix="/latest")',
      "",
      "# a loop over the names of plugins: each name is no router",
      "for route in PLUGIN_NAMES:",
      "    print(route)",
      'app.include_router(health_router, prefix="/health")',
      "",
    ].join("\n"),
    "app/routers/__init__.py": [
      "from app.routers.agents import router as agents_router",
      "from app.routers.tools import router as tools_router",
      "",
      "ROUTERS = [",
      "    agents_router,",
      "    tools_router,",
      "]",
      "",
    ].join("\n"),
    "app/routers/agents.py": 'from fastapi import APIRouter\nrouter = APIRouter(prefix="/agents")\n\n@router.get("/")\ndef list_agents():\n    return []\n',
    "app/routers/tools.py": 'from fastapi import APIRouter\nrouter = APIRouter(prefix="/tools")\n\n@router.post("/{tool_id}/run")\ndef run_tool(tool_id: str):\n    return {}\n',
    "app/routers/health.py": 'from fastapi import APIRouter\nrouter = APIRouter()\n\n@router.get("/")\ndef health():\n    return {}\n',
  });
  assert.equal(list(root), [
    "GET /health app/routers/health.py:4 health",
    "GET /latest/agents app/routers/agents.py:4 list_agents",
    "POST /latest/tools/{tool_id}/run app/routers/tools.py:4 run_tool",
    "GET /v1/agents app/routers/agents.py:4 list_agents",
    "POST /v1/tools/{tool_id}/run app/routers/tools.py:4 run_tool",
  ]);
});

fastapi("routers included in a loop over a parameter whose default is a list (def create_app(routers: List = ROUTERS): for router in routers: ...) are the list's routers", () => {
  const root = tempDir();
  writeFiles(root, {
    "requirements.txt": "fastapi\n",
    "app/__init__.py": "",
    "app/setup.py": [
      "from typing import List",
      "from fastapi import FastAPI",
      "from app.routers.agents import router as agents_router",
      "from app.routers.tools import router as tools_router",
      "",
      "ROUTERS = [agents_router, tools_router]",
      "",
      "def create_app(",
      "    title: str = \"api\",",
      "    routers: List = ROUTERS,",
      ") -> FastAPI:",
      "    app = FastAPI(title=title)",
      "    for router in routers:",
      "        app.include_router(router)",
      "    return app",
      "",
    ].join("\n"),
    "app/routers/__init__.py": "",
    "app/routers/agents.py": 'from fastapi import APIRouter\nrouter = APIRouter(prefix="/agents")\n\n@router.get("/")\ndef list_agents():\n    return []\n',
    "app/routers/tools.py": 'from fastapi import APIRouter\nrouter = APIRouter(prefix="/tools")\n\n@router.post("/{tool_id}/run")\ndef run_tool(tool_id: str):\n    return {}\n',
  });
  assert.equal(list(root), [
    "GET /agents app/routers/agents.py:4 list_agents",
    "POST /tools/{tool_id}/run app/routers/tools.py:4 run_tool",
  ]);
});

fastapi("the app's middleware (app.add_middleware(Class)) guards every route when its class refuses (status_code=401), but the paths it hands on first; middleware that never refuses guards nothing, nor does a CSRF check that refuses a forged origin (403)", () => {
  const root = tempDir();
  writeFiles(root, {
    "requirements.txt": "fastapi\n",
    "app/__init__.py": "",
    "app/main.py": [
      "from fastapi import FastAPI",
      "from app.middleware import CheckPasswordMiddleware, CsrfOriginMiddleware, LoggingMiddleware",
      "from app.routers.agents import router as agents_router",
      "",
      "app = FastAPI()",
      "app.add_middleware(LoggingMiddleware)",
      "app.add_middleware(CsrfOriginMiddleware)",
      "if secure:",
      "    app.add_middleware(CheckPasswordMiddleware, password=password)",
      'app.include_router(agents_router, prefix="/v1")',
      "",
    ].join("\n"),
    "app/middleware.py": [
      "from starlette.middleware.base import BaseHTTPMiddleware",
      "from starlette.responses import JSONResponse",
      "",
      "class CheckPasswordMiddleware(BaseHTTPMiddleware):",
      "    async def dispatch(self, request, call_next):",
      "        if request.url.path in {",
      '            "/v1/health",',
      '            "/v1/health/",',
      "        }:",
      "            return await call_next(request)",
      '        if request.url.path.startswith("/v1/public"): return await call_next(request)',
      '        if request.headers.get("Authorization") == f"Bearer {self.password}":',
      "            return await call_next(request)",
      '        return JSONResponse(content={"detail": "Unauthorized"}, status_code=401)',
      "",
      "class CsrfOriginMiddleware(BaseHTTPMiddleware):",
      "    async def dispatch(self, request, call_next):",
      '        if request.method not in {"POST", "PUT", "PATCH", "DELETE"}:',
      "            return await call_next(request)",
      '        if request.headers.get("Origin") not in ALLOWED:',
      '            return JSONResponse({"detail": "CSRF origin check failed"}, status_code=403)',
      "        return await call_next(request)",
      "",
      "class LoggingMiddleware(BaseHTTPMiddleware):",
      "    async def dispatch(self, request, call_next):",
      "        response = await call_next(request)",
      "        return response",
      "",
    ].join("\n"),
    "app/routers/__init__.py": "",
    "app/routers/agents.py": 'from fastapi import APIRouter\nrouter = APIRouter()\n\n@router.get("/agents")\ndef list_agents():\n    return []\n\n@router.get("/health")\ndef health():\n    return {}\n\n@router.get("/public/info")\ndef info():\n    return {}\n',
  });
  assert.equal(list(root), [
    "GET /v1/agents app/routers/agents.py:4 list_agents [CheckPasswordMiddleware]",
    "GET /v1/health app/routers/agents.py:8 health",
    "GET /v1/public/info app/routers/agents.py:12 info",
  ]);
});

fastapi("middleware that hands every request on while the secret it compares with is not configured (if not self.password: return await call_next(request), the password read from the environment) guards nothing as shipped; one given its secret in code still guards", () => {
  const root = tempDir();
  writeFiles(root, {
    "requirements.txt": "fastapi\n",
    "api/__init__.py": "",
    "api/main.py": [
      "from fastapi import FastAPI",
      "from api.auth import PasswordAuthMiddleware",
      "",
      "app = FastAPI()",
      "app.add_middleware(PasswordAuthMiddleware)",
      "",
      '@app.post("/notes")',
      "def create_note():",
      "    return {}",
      "",
    ].join("\n"),
    "api/auth.py": [
      "import os",
      "from starlette.middleware.base import BaseHTTPMiddleware",
      "from starlette.responses import JSONResponse",
      "",
      "class PasswordAuthMiddleware(BaseHTTPMiddleware):",
      "    def __init__(self, app):",
      "        super().__init__(app)",
      '        self.password = os.getenv("NOTES_PASSWORD")',
      "",
      "    async def dispatch(self, request, call_next):",
      "        # Auth is off until a password is set.",
      "        if not self.password:",
      "            return await call_next(request)",
      '        if request.headers.get("Authorization") != f"Bearer {self.password}":',
      '            return JSONResponse({"detail": "Unauthorized"}, status_code=401)',
      "        return await call_next(request)",
      "",
    ].join("\n"),
    "admin/__init__.py": "",
    "admin/main.py": [
      "from fastapi import FastAPI",
      "from admin.auth import TokenAuthMiddleware",
      "",
      "app = FastAPI()",
      'app.add_middleware(TokenAuthMiddleware, token="s3cret")',
      "",
      '@app.post("/reindex")',
      "def reindex():",
      "    return {}",
      "",
    ].join("\n"),
    "admin/auth.py": [
      "from starlette.middleware.base import BaseHTTPMiddleware",
      "from starlette.responses import JSONResponse",
      "",
      "class TokenAuthMiddleware(BaseHTTPMiddleware):",
      "    def __init__(self, app, token):",
      "        super().__init__(app)",
      "        self.token = token",
      "",
      "    async def dispatch(self, request, call_next):",
      "        if not self.token:",
      "            return await call_next(request)",
      '        if request.headers.get("X-Token") != self.token:',
      '            return JSONResponse({"detail": "Forbidden"}, status_code=403)',
      "        return await call_next(request)",
      "",
    ].join("\n"),
  });
  assert.equal(list(root), [
    "POST /notes api/main.py:7 create_note",
    "POST /reindex admin/main.py:7 reindex [TokenAuthMiddleware]",
  ]);
});

fastapi("sub-apps a package passes on under other names (from .api.app import app as api_app in __init__.py) are mounted where the main app mounts them", () => {
  const root = tempDir();
  writeFiles(root, {
    "requirements.txt": "fastapi\n",
    "shop/__init__.py": "",
    "shop/main.py": 'from fastapi import FastAPI\nfrom shop.apps import api_app, admin_app\n\napp = FastAPI()\napp.mount("/admin/api", api_app)\napp.mount("/admin", admin_app)\n',
    "shop/apps/__init__.py": "from shop.apps.api.app import app as api_app\nfrom shop.apps.admin.app import app as admin_app\n\n__all__ = [\"api_app\", \"admin_app\"]\n",
    "shop/apps/api/__init__.py": "",
    "shop/apps/api/app.py": 'from fastapi import FastAPI\napp = FastAPI()\n\n@app.get("/clients")\ndef clients():\n    return []\n',
    "shop/apps/admin/__init__.py": "",
    "shop/apps/admin/app.py": 'from fastapi import FastAPI\napp = FastAPI()\n\n@app.get("/")\ndef dashboard():\n    return {}\n',
  });
  assert.equal(list(root), [
    "GET /admin shop/apps/admin/app.py:4 dashboard",
    "GET /admin/api/clients shop/apps/api/app.py:4 clients",
  ]);
});

fastapi("an app's dependency not named like a guard guards the routers it includes when its body refuses (raise HTTPException(status_code=401)); an alias of another module (auth.BenefitsRead, written over lines) guards through the dependency it carries, unless that lets anonymous callers in", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "shop"\ndependencies = ["fastapi"]\n',
    "shop/__init__.py": "",
    "shop/app.py": [
      "from fastapi import FastAPI",
      "from shop.backoffice import app as backoffice_app",
      "from shop.benefit.endpoints import router as benefits_router",
      "",
      "app = FastAPI()",
      "app.include_router(benefits_router, prefix=\"/v1\")",
      'app.mount("/backoffice", backoffice_app)',
      "",
    ].join("\n"),
    "shop/backoffice/__init__.py": [
      "from fastapi import Depends, FastAPI",
      "from .dependencies import get_admin, get_locale",
      "from .customers import router as customers_router",
      "from .stats import router as stats_router",
      "",
      "app = FastAPI(dependencies=[Depends(get_admin)], docs_url=None)",
      'app.include_router(customers_router, prefix="/customers")',
      "",
      "public = FastAPI(dependencies=[Depends(get_locale)])",
      'public.include_router(stats_router, prefix="/stats")',
      "",
    ].join("\n"),
    "shop/backoffice/dependencies.py": [
      "from fastapi import Depends, HTTPException, Request",
      "",
      "async def get_admin(request: Request, session = Depends(get_db_session)):",
      "    user_session = await authenticate(session, request)",
      "    if user_session is None:",
      '        raise HTTPException(status_code=401, detail="Unauthorized")',
      "    return user_session",
      "",
      "async def get_locale(request: Request, session = Depends(get_db_session)):",
      "    if request.headers.get('accept-language') is None:",
      "        raise HTTPException(status_code=404)",
      "    return request.headers['accept-language']",
      "",
    ].join("\n"),
    "shop/backoffice/customers.py": 'from fastapi import APIRouter\nrouter = APIRouter()\n\n@router.get("")\nasync def list_customers():\n    return []\n',
    "shop/backoffice/stats.py": 'from fastapi import APIRouter\nrouter = APIRouter()\n\n@router.get("")\nasync def stats():\n    return []\n',
    "shop/benefit/__init__.py": "",
    "shop/benefit/auth.py": [
      "from typing import Annotated",
      "from fastapi import Depends",
      "from shop.auth.dependencies import Authenticator",
      "",
      "_BenefitsRead = Authenticator(required_scopes={Scope.benefits_read}, allowed_subjects={User, Organization})",
      "BenefitsRead = Annotated[",
      "    AuthSubject[User | Organization], Depends(_BenefitsRead)",
      "]",
      "",
      "_BenefitsBrowse = Authenticator(required_scopes=set(), allowed_subjects={Anonymous, User})",
      "BenefitsBrowse = Annotated[AuthSubject[Anonymous | User], Depends(_BenefitsBrowse)]",
      "",
    ].join("\n"),
    "shop/benefit/endpoints.py": [
      "from fastapi import APIRouter",
      "from . import auth",
      "",
      'router = APIRouter(prefix="/benefits")',
      "",
      '@router.get("/")',
      "async def list(auth_subject: auth.BenefitsRead, page: PaginationParams):",
      "    return []",
      "",
      '@router.get("/public")',
      "async def browse(auth_subject: auth.BenefitsBrowse):",
      "    return []",
      "",
      '@router.get("/stripe/refresh")',
      "async def refresh(auth_subject: WebUserOrAnonymous):",
      "    return []",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET /backoffice/customers [get_admin]",
    "GET /stats",
    "GET /v1/benefits [auth.BenefitsRead]",
    "GET /v1/benefits/public",
    "GET /v1/benefits/stripe/refresh",
  ]);
});

fastapi("a handler that checks the sender's signature first (hmac.compare_digest, verify_slack_signature, stripe's construct_event) is guarded by it; a webhook that checks nothing is not", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "pyproject.toml": '[project]\nname = "shop"\ndependencies = ["fastapi"]\n',
    "shop/__init__.py": "",
    "shop/hooks.py": [
      "import hashlib, hmac",
      "from fastapi import APIRouter, Header, HTTPException, Request",
      "router = APIRouter()",
      "",
      '@router.post("/cards")',
      "async def get_cards(request: Request, plain_request_signature: str = Header(...)):",
      "    raw_body = await request.body()",
      '    signature = hmac.new(SECRET.encode("utf-8"), raw_body, hashlib.sha256).hexdigest()',
      "    if not hmac.compare_digest(signature, plain_request_signature):",
      "        raise HTTPException(status_code=403)",
      "    return {}",
      "",
      '@router.post("/slack/events")',
      "async def events(request: Request):",
      "    body = await request.body()",
      "    verify_slack_signature(body, request.headers)",
      "    return {}",
      "",
      '@router.post("/stripe")',
      "async def stripe_webhook(request: Request, stripe_signature: str = Header(...)):",
      "    event = stripe.Webhook.construct_event(await request.body(), stripe_signature, SECRET)",
      "    return handle(event)",
      "",
      '@router.post("/inbound")',
      "async def inbound(request: Request):",
      "    return store(await request.json())",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "POST /cards [(verifies the request's signature)]",
    "POST /inbound",
    "POST /slack/events [(verifies the request's signature)]",
    "POST /stripe [(verifies the request's signature)]",
  ]);
});

fastapi("a router made with a prefix constant of another module (APIRouter(prefix=API_PREFIX), API_PREFIX from a package's __init__.py, or urls.V1_URL_PREFIX) serves its routes under it; a prefix not found says it is unknown", () => {
  const root = tempDir();
  writeFiles(root, {
    "pyproject.toml": "[project]\nname = \"privacy\"\ndependencies = [\"fastapi\"]\n",
    "src/privacy/__init__.py": "",
    "src/privacy/api/__init__.py": "",
    "src/privacy/api/endpoints/__init__.py": "API_PREFIX = \"/api/v1\"\n",
    "src/privacy/common/__init__.py": "",
    "src/privacy/common/urn_registry.py": "V1_URL_PREFIX = \"/api/v1\"\nCONFIG = \"/config\"\n",
    "src/privacy/api/endpoints/admin.py": "from fastapi import APIRouter\nfrom privacy.api.endpoints import API_PREFIX\n\nADMIN_ROUTER = APIRouter(prefix=API_PREFIX, tags=[\"Admin\"])\n\n@ADMIN_ROUTER.post(\"/admin/db/{action}\")\ndef db_action(action: str):\n    return {}\n",
    "src/privacy/api/endpoints/config.py": "from fastapi import APIRouter\nfrom privacy.common import urn_registry as urls\n\nrouter = APIRouter(tags=[\"Config\"], prefix=urls.V1_URL_PREFIX)\n\n@router.get(\"/config\")\ndef get_config():\n    return {}\n",
    "src/privacy/api/endpoints/other.py": "from fastapi import APIRouter\nfrom somewhere_else import OTHER_PREFIX\n\nrouter = APIRouter(prefix=OTHER_PREFIX)\n\n@router.get(\"/other\")\ndef other():\n    return {}\n",
    "src/privacy/main.py": "from fastapi import FastAPI\nfrom privacy.api.endpoints.admin import ADMIN_ROUTER\nfrom privacy.api.endpoints import config, other\n\napp = FastAPI()\napp.include_router(ADMIN_ROUTER)\napp.include_router(config.router)\napp.include_router(other.router)\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "POST /api/v1/admin/db/{action}",
    "GET /api/v1/config",
    "GET /other (prefix unknown)",
  ]);
});

fastapi("a route whose path is a constant of another module (@router.get(CONNECTIONS), urls.CONNECTION_BY_KEY) serves at its value, under a prefix made of constants and paths (f\"{V1_URL_PREFIX}/system\", f\"{V1_URL_PREFIX}{SYSTEM_CONNECTIONS}\"); a path constant not found drops the route", () => {
  const root = tempDir();
  writeFiles(root, {
    "pyproject.toml": "[project]\nname = \"privacy\"\ndependencies = [\"fastapi\"]\n",
    "src/privacy/__init__.py": "",
    "src/privacy/common/__init__.py": "",
    "src/privacy/common/urn_registry.py": [
      "V1_URL_PREFIX = \"/api/v1\"",
      "CONNECTIONS = \"/connection\"",
      "CONNECTION_BY_KEY = \"/connection/{connection_key}\"",
      "CONNECTION_TEST = CONNECTION_BY_KEY + \"/test\"",
      "SYSTEM_CONNECTIONS = \"/system/{fides_key}/connection\"",
      "",
    ].join("\n"),
    "src/privacy/api/connections.py": [
      "from fastapi import APIRouter, Security",
      "from privacy.common import urn_registry as urls",
      "from privacy.common.urn_registry import CONNECTIONS, CONNECTION_TEST, V1_URL_PREFIX",
      "from privacy.oauth import verify_oauth_client",
      "from somewhere_else import UNKNOWN_PATH",
      "",
      "router = APIRouter(tags=[\"Connections\"], prefix=V1_URL_PREFIX)",
      "",
      "@router.get(CONNECTIONS, dependencies=[Security(verify_oauth_client)])",
      "def get_connections():",
      "    return []",
      "",
      "@router.delete(urls.CONNECTION_BY_KEY, dependencies=[Security(verify_oauth_client)])",
      "def delete_connection(connection_key: str):",
      "    return None",
      "",
      "@router.get(CONNECTION_TEST)",
      "def test_connection(connection_key: str):",
      "    return {}",
      "",
      "@router.get(UNKNOWN_PATH)",
      "def unknown():",
      "    return {}",
      "",
    ].join("\n"),
    "src/privacy/api/system.py": [
      "from fastapi import APIRouter",
      "from privacy.common.urn_registry import SYSTEM_CONNECTIONS, V1_URL_PREFIX",
      "",
      "SYSTEM_ROUTER = APIRouter(tags=[\"System\"], prefix=f\"{V1_URL_PREFIX}/system\")",
      "SYSTEM_CONNECTIONS_ROUTER = APIRouter(tags=[\"System\"], prefix=f\"{V1_URL_PREFIX}{SYSTEM_CONNECTIONS}\")",
      "",
      "@SYSTEM_ROUTER.post(\"/upsert\")",
      "def upsert():",
      "    return {}",
      "",
      "@SYSTEM_CONNECTIONS_ROUTER.patch(\"/secrets\")",
      "def patch_secrets(fides_key: str):",
      "    return {}",
      "",
    ].join("\n"),
    "src/privacy/main.py": [
      "from fastapi import FastAPI",
      "from privacy.api import connections, system",
      "",
      "app = FastAPI()",
      "app.include_router(connections.router)",
      "app.include_router(system.SYSTEM_ROUTER)",
      "app.include_router(system.SYSTEM_CONNECTIONS_ROUTER)",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.filter((r) => r.handler !== "(OpenAPI document)" && !r.handler.startsWith("(")).map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /api/v1/connection [verify_oauth_client]",
    "DELETE /api/v1/connection/{connection_key} [verify_oauth_client]",
    "GET /api/v1/connection/{connection_key}/test",
    "PATCH /api/v1/system/{fides_key}/connection/secrets",
    "POST /api/v1/system/upsert",
  ]);
});

fastapi("routers a class keeps in a field (self.router, an instance's field's), the app's root_path, and a function middleware that refuses but for the paths its first check lets through", () => {
  const root = tempDir("tool-fastapi-class-routers-");
  writeFiles(root, {
    "requirements.txt": "fastapi==0.115.0\n",
    "app/__init__.py": "",
    "app/main.py": [
      "from fastapi import FastAPI",
      "",
      "from app.middlewares.auth import auth_middleware",
      "from app.routers.items import ItemsRouter, ShopRouter",
      "",
      'app = FastAPI(root_path="/api")',
      "",
      'app.middleware("http")(auth_middleware)',
      "",
      "items = ItemsRouter(service=None)",
      "shop = ShopRouter()",
      "",
      'app.include_router(router=items.router, prefix="/items")',
      'app.include_router(router=shop.items.router, prefix="/shop/items")',
      "",
      "",
      '@app.get("/health")',
      "def health():",
      '    return {"ok": True}',
      "",
      "",
      '@app.get("/organizations")',
      "def organizations():",
      "    return []",
      "",
    ].join("\n"),
    "app/middlewares/auth.py": [
      "from fastapi.responses import JSONResponse",
      "",
      "_PUBLIC_ENDPOINTS = (",
      '    "/health",',
      '    "/api/health",',
      ")",
      "",
      "",
      "async def _check_token(request):",
      "    if request.url.path.startswith(_PUBLIC_ENDPOINTS):",
      "        return",
      "",
      '    if not request.headers.get("Authorization"):',
      "        raise Unauthorized()",
      "",
      "",
      "async def _check_policy(request):",
      '    if request.url.path in {"/api/organizations"}:',
      "        return",
      "    enforce_policy(request)",
      "",
      "",
      "async def auth_middleware(request, call_next):",
      "    try:",
      "        await _check_token(request)",
      "        await _check_policy(request)",
      "        return await call_next(request)",
      "    except Unauthorized:",
      '        return JSONResponse(status_code=401, content={"detail": "Unauthorized"})',
      "",
    ].join("\n"),
    "app/routers/items.py": [
      "from fastapi import APIRouter",
      "",
      "",
      "class ItemsRouter:",
      "    def __init__(self, service=None):",
      "        self.service = service",
      "        self.router = APIRouter()",
      "",
      '        self.router.add_api_route("/", self.list_items, methods=["GET"])',
      '        self.router.add_api_route("/{item_id}", self.delete_item, methods=["DELETE"])',
      "",
      "    async def list_items(self):",
      "        return []",
      "",
      "    async def delete_item(self, item_id: str):",
      "        return None",
      "",
      "",
      "class ShopRouter:",
      "    def __init__(self):",
      "        self.items = ItemsRouter()",
      "",
    ].join("\n"),
    // A decoy: a middleware that logs and refuses nobody.
    "app/middlewares/timing.py": "import time\n\n\nasync def timing_middleware(request, call_next):\n    start = time.time()\n    response = await call_next(request)\n    response.headers['X-Time'] = str(time.time() - start)\n    return response\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /api/items/{item_id} [auth_middleware]",
    "DELETE /api/shop/items/{item_id} [auth_middleware]",
    "GET /api/health",
    "GET /api/items [auth_middleware]",
    "GET /api/organizations [auth_middleware]",
    "GET /api/shop/items [auth_middleware]",
  ]);
});

fastapi("a function middleware written with the decorator guards like the call form; one that refuses nobody guards nothing", () => {
  const root = tempDir("tool-fastapi-function-middleware-");
  writeFiles(root, {
    "requirements.txt": "fastapi==0.115.0\n",
    "main.py": [
      "from fastapi import FastAPI, Request",
      "from fastapi.responses import JSONResponse",
      "",
      "app = FastAPI()",
      "",
      "",
      '@app.middleware("http")',
      "async def require_key(request: Request, call_next):",
      '    if request.url.path == "/ping":',
      "        return await call_next(request)",
      '    if request.headers.get("x-key") != KEY:',
      '        return JSONResponse(status_code=403, content={"detail": "forbidden"})',
      "    return await call_next(request)",
      "",
      "",
      '@app.get("/ping")',
      "def ping():",
      '    return "pong"',
      "",
      "",
      '@app.post("/jobs")',
      "def create_job():",
      "    return {}",
      "",
    ].join("\n"),
    "other.py": [
      "from fastapi import FastAPI",
      "",
      "other = FastAPI()",
      "",
      "",
      '@other.middleware("http")',
      "async def add_timing(request, call_next):",
      "    return await call_next(request)",
      "",
      "",
      '@other.post("/events")',
      "def events():",
      "    return {}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /ping", "POST /events", "POST /jobs [require_key]"]);
});

fastapi("routes a class declares on its field's router inside a method (@self.router.get, @self.router.websocket), included through another module's class field (self.pubsub.router)", () => {
  const root = tempDir("tool-fastapi-field-decorators-");
  writeFiles(root, {
    "requirements.txt": "fastapi==0.115.0\n",
    "server/__init__.py": "",
    "server/pubsub.py": [
      "from fastapi import APIRouter, WebSocket",
      "",
      "",
      "class PubSub:",
      "    def __init__(self):",
      "        self.router = APIRouter()",
      "",
      '        @self.router.get("/clients")',
      "        def clients():",
      "            return []",
      "",
      '        @self.router.websocket("/ws")',
      "        async def endpoint(websocket: WebSocket):",
      "            await websocket.accept()",
      "",
    ].join("\n"),
    "server/app.py": [
      "from fastapi import Depends, FastAPI",
      "",
      "from server.pubsub import PubSub",
      "",
      "",
      "class AppServer:",
      "    def __init__(self):",
      "        self.pubsub = PubSub()",
      "",
      "    def create_app(self):",
      "        app = FastAPI()",
      '        app.include_router(self.pubsub.router, prefix="/pubsub", dependencies=[Depends(require_token)])',
      "        return app",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.kind}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "GET /pubsub/clients http [require_token]",
    "WS /pubsub/ws ws [require_token]",
  ]);
});

fastapi("a router a function makes and returns, included where the function is called (include_router(init_scope_router(x), prefix=...)); a function handed the app (app = ee.extend_main(app)) registers on it, behind its middleware", () => {
  const root = tempDir("tool-fastapi-factories-");
  writeFiles(root, {
    "requirements.txt": "fastapi==0.115.0\n",
    "server/__init__.py": "",
    "server/scopes.py": [
      "from fastapi import APIRouter",
      "",
      "",
      "def init_scope_router(scopes):",
      "    router = APIRouter()",
      "",
      '    @router.get("/")',
      "    def all_scopes():",
      "        return scopes",
      "",
      '    @router.delete("/{scope_id}")',
      "    def delete_scope(scope_id: str):",
      "        return None",
      "",
      "    return router",
      "",
      "",
      "def init_other_router():",
      "    router = APIRouter()",
      "",
      '    @router.get("/other")',
      "    def other():",
      "        return None",
      "",
      "    return router",
      "",
    ].join("\n"),
    "ee/__init__.py": "",
    "ee/main.py": [
      "from fastapi import FastAPI",
      "",
      "from ee.billing import billing_router",
      "",
      "",
      "def extend_main(app: FastAPI):",
      '    app.include_router(billing_router, prefix="/billing")',
      "    return app",
      "",
    ].join("\n"),
    "ee/billing.py": 'from fastapi import APIRouter\n\nbilling_router = APIRouter()\n\n\n@billing_router.post("/cancel")\ndef cancel():\n    return None\n',
    "server/app.py": [
      "from fastapi import FastAPI",
      "",
      "from server.auth import auth_middleware",
      "from server.scopes import init_other_router, init_scope_router",
      "import ee.main as ee",
      "",
      "app = FastAPI()",
      'app.middleware("http")(auth_middleware)',
      'app.include_router(init_scope_router([]), prefix="/scopes")',
      'app.include_router(init_other_router(), prefix="/misc")',
      "app = ee.extend_main(app)",
      "",
    ].join("\n"),
    "server/auth.py": 'from fastapi.responses import JSONResponse\n\n\nasync def auth_middleware(request, call_next):\n    if not request.headers.get("Authorization"):\n        return JSONResponse(status_code=401, content={})\n    return await call_next(request)\n',
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /scopes/{scope_id} [auth_middleware]",
    "GET /misc/other [auth_middleware]",
    "GET /scopes [auth_middleware]",
    "POST /billing/cancel [auth_middleware]",
  ]);
});

fastapi("two Python projects of one repository (each with its setup.py) serving one path are no duplicate; one project serving it twice is", () => {
  const root = tempDir("tool-fastapi-two-projects-");
  const app = (health: string) => `from fastapi import FastAPI\n\napp = FastAPI()\n\n\n@app.get("/healthcheck")\ndef healthcheck():\n    return {"ok": True}\n${health}`;
  writeFiles(root, {
    "packages/server/setup.py": "from setuptools import setup\nsetup(name='server')\n",
    "packages/server/server/__init__.py": "",
    "packages/server/server/main.py": app(""),
    "packages/client/setup.py": "from setuptools import setup\nsetup(name='client')\n",
    "packages/client/client/__init__.py": "",
    "packages/client/client/main.py": app('\n\n@app.get("/healthcheck")\ndef healthcheck_again():\n    return {"ok": True}\n'),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.duplicates.map((d) => `${d.method} ${d.path} ${d.routes.map((r) => r.file).join(" ")}`), [
    "GET /healthcheck packages/client/client/main.py packages/client/client/main.py",
  ]);
});

fastapi("FastAPI Users' routers (get_auth_router, get_users_router, ...) serve the library's routes where they are included; a function of the module that includes a router on the app it is handed, itself or through another, mounts each router a call gives it at the call's prefix", () => {
  const root = tempDir("tool-fastapi-users-");
  writeFiles(root, {
    "requirements.txt": "fastapi\nfastapi-users\n",
    "app/__init__.py": "",
    "app/users.py": "from fastapi_users import FastAPIUsers\nfastapi_users = FastAPIUsers(get_user_manager, [auth_backend])\n",
    "app/mobile.py": 'from fastapi import APIRouter\nrouter = APIRouter()\n\n\n@router.post("/sso/exchange")\ndef exchange():\n    return {}\n',
    "app/main.py": [
      "from fastapi import APIRouter, FastAPI",
      "from app.users import fastapi_users",
      "from app.mobile import router as mobile_router",
      "",
      "",
      "def include_with_global_prefix(application, router, **kwargs):",
      '    prefix = kwargs.get("prefix")',
      "    application.include_router(router, prefix=prefix)",
      "",
      "",
      "def include_auth_router(application, router, prefix=None):",
      "    include_with_global_prefix(application, router, prefix=prefix, dependencies=rate_limits())",
      "",
      "",
      "def get_application():",
      "    application = FastAPI()",
      '    application.include_router(fastapi_users.get_auth_router(auth_backend), prefix="/auth/jwt")',
      '    include_auth_router(application, fastapi_users.get_users_router(UserRead, UserUpdate), prefix="/users")',
      '    include_auth_router(application, mobile_router, prefix="/auth/mobile")',
      "    return application",
      "",
      "",
      "app = get_application()",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "POST /auth/jwt/login",
    "POST /auth/jwt/logout [fastapi_users.current_user(active=True)]",
    "POST /auth/mobile/sso/exchange",
    "DELETE /users/{id} [fastapi_users.current_user(active=True, superuser=True)]",
    "GET /users/{id} [fastapi_users.current_user(active=True, superuser=True)]",
    "PATCH /users/{id} [fastapi_users.current_user(active=True, superuser=True)]",
    "GET /users/me [fastapi_users.current_user(active=True)]",
    "PATCH /users/me [fastapi_users.current_user(active=True)]",
  ]);
});

fastapi("an app's root_path held in another module's constant, set from the environment with a default, comes first in the paths of the routers it includes too; a constant not found leaves their prefix unknown", () => {
  const root = tempDir("tool-fastapi-root-path-constant-");
  writeFiles(root, {
    "svc/__init__.py": "",
    "svc/config.py": ["import os", "", 'API_ROOT_PATH = os.environ.get("API_ROOT_PATH", "/api")', ""].join("\n"),
    "svc/items.py": ["from fastapi import APIRouter", "", 'router = APIRouter(prefix="/items", tags=["items"])', "", '@router.get("/{item_id}")', "def get_item(item_id: str):", "    return {}", ""].join("\n"),
    "svc/app.py": [
      "from fastapi import FastAPI",
      "from svc import config",
      "from svc.items import router as items_router",
      "",
      "def create_app() -> FastAPI:",
      "    app = FastAPI(root_path=config.API_ROOT_PATH)",
      "    app.include_router(items_router)",
      "",
      '    @app.get("/health")',
      "    def health():",
      "        return {}",
      "",
      "    return app",
      "",
    ].join("\n"),
    // A second app whose root path names a constant no module declares.
    "gateway/__init__.py": "",
    "gateway/app.py": [
      "from fastapi import FastAPI",
      "from gateway import settings",
      "from svc.items import router as items_router",
      "",
      "gateway = FastAPI(root_path=settings.GATEWAY_ROOT)",
      "gateway.include_router(items_router)",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "GET /api/health",
    "GET /api/items/{item_id}",
    "GET /items/{item_id} (prefix unknown)",
  ]);
});

fastapi("a helper including the router it is handed twice (as it is, and under prefix=\"/workspaces/{workspace_id}\") serves it at both; one passing the caller's prefix= on serves it there", () => {
  const root = tempDir("tool-fastapi-include-twice-");
  writeFiles(root, {
    "api/__init__.py": "",
    "api/secrets.py": ["from fastapi import APIRouter", "", 'router = APIRouter(prefix="/secrets")', "", '@router.get("")', "def list_secrets():", "    return []", ""].join("\n"),
    "api/users.py": ["from fastapi import APIRouter", "", "router = APIRouter()", "", '@router.get("/me")', "def me():", "    return {}", ""].join("\n"),
    "api/app.py": [
      "from fastapi import APIRouter, Depends, FastAPI",
      "from api.secrets import router as secrets_router",
      "from api.users import router as users_router",
      "",
      "def _include_workspace_scoped_router(app: FastAPI, router: APIRouter) -> None:",
      "    app.include_router(router, include_in_schema=False)",
      "    app.include_router(",
      "        router,",
      '        prefix="/workspaces/{workspace_id}",',
      "        dependencies=[Depends(require_workspace_id_path)],",
      "    )",
      "",
      "def _include_with_prefix(app: FastAPI, router: APIRouter, prefix: str = \"\") -> None:",
      "    app.include_router(router, prefix=prefix)",
      "",
      "app = FastAPI()",
      "_include_workspace_scoped_router(app, secrets_router)",
      '_include_with_prefix(app, users_router, prefix="/users")',
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /secrets", "GET /users/me", "GET /workspaces/{workspace_id}/secrets"]);
});

fastapi("an app mounted under a path is served there, not again under the root_path it declares for itself; an app served alone keeps its root_path", () => {
  const root = tempDir("tool-fastapi-mounted-root-path-");
  writeFiles(root, {
    "src/main.py": [
      "from fastapi import APIRouter, FastAPI",
      "",
      "router = APIRouter()",
      "",
      '@router.get("/incidents")',
      "def incidents():",
      "    return []",
      "",
      'api = FastAPI(root_path="/api/v1", docs_url=None, openapi_url=None, redoc_url=None)',
      "api.include_router(router)",
      "",
      "app = FastAPI(docs_url=None, openapi_url=None, redoc_url=None)",
      'app.mount("/api/v1", app=api)',
      "",
    ].join("\n"),
    "admin/main.py": [
      "from fastapi import FastAPI",
      "",
      'admin = FastAPI(root_path="/admin", docs_url=None, openapi_url=None, redoc_url=None)',
      "",
      '@admin.get("/stats")',
      "def stats():",
      "    return {}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /admin/stats", "GET /api/v1/incidents"]);
});

fastapi("an app's root_path from a settings field whose default is empty (ROOT_PATH: str = Field(\"\", validation_alias=...)) adds no prefix and is known; one whose default is a path adds it", () => {
  for (const [value, expected] of [['Field("", validation_alias="APP_ROOTPATH")', ["GET /health", "GET /stores"]], ['Field(default="/merchant")', ["GET /merchant/health", "GET /merchant/stores"]]] as const) {
    const root = tempDir("tool-fastapi-settings-root-");
    writeFiles(root, {
      "requirements.txt": "fastapi\npydantic-settings\n",
      "api/settings.py": ["from pydantic import Field", "from pydantic_settings import BaseSettings", "", "class Settings(BaseSettings):", `    ROOT_PATH: str = ${value}`, '    DB_NAME: str = Field("bitcart")', ""].join("\n"),
      "api/bootstrap.py": [
        "from fastapi import FastAPI",
        "from api.settings import Settings",
        "from api.views import router",
        "",
        "def get_app(settings: Settings) -> FastAPI:",
        "    app = FastAPI(root_path=settings.ROOT_PATH)",
        '    @app.get("/health")',
        "    async def health():",
        '        return {"ok": True}',
        "    app.include_router(router)",
        "    return app",
        "",
      ].join("\n"),
      "api/views.py": ["from fastapi import APIRouter", "", "router = APIRouter()", "", '@router.get("/stores")', "async def stores():", "    return []", ""].join("\n"),
    });
    git(root, "init", "-q");
    const routes = analyze(root).routes.items;
    assert.equal(routes.map((r) => `${r.method} ${r.path}`).sort(), [...expected], value);
    assert.ok(routes.every((r) => !r.prefixUnknown), value);
  }
});

fastapi("a dependency defined twice, a setting choosing at load the variant that returns True or the one that raises 401 (if not settings().server.auth.enabled: def authenticated() ...), guards nothing as shipped; a dependency defined once that raises still guards", () => {
  const root = tempDir();
  writeFiles(root, {
    "requirements.txt": "fastapi\n",
    "app/__init__.py": "",
    "app/auth.py": [
      "import logging",
      "from fastapi import Depends, Header, HTTPException",
      "from app.settings import settings",
      "",
      "logger = logging.getLogger(__name__)",
      "",
      "def _simple_authentication(authorization: str = Header(\"\")) -> bool:",
      "    if authorization != settings().server.auth.secret:",
      "        raise HTTPException(status_code=401)",
      "    return True",
      "",
      "if not settings().server.auth.enabled:",
      "    logger.debug(\"Defining a dummy authentication mechanism\")",
      "",
      "    def authenticated() -> bool:",
      '        """Check if the request is authenticated."""',
      "        return True",
      "",
      "else:",
      "    def authenticated(_ok: bool = Depends(_simple_authentication)) -> bool:",
      '        """Check if the request is authenticated."""',
      "        if not _ok:",
      "            raise HTTPException(status_code=401)",
      "        return True",
      "",
      "def require_admin(authorization: str = Header(\"\")) -> bool:",
      "    if authorization != settings().server.auth.admin:",
      "        raise HTTPException(status_code=403)",
      "    return True",
      "",
    ].join("\n"),
    "app/main.py": [
      "from fastapi import APIRouter, Depends, FastAPI",
      "from app.auth import authenticated, require_admin",
      "",
      "app = FastAPI()",
      'router = APIRouter(prefix="/v1", dependencies=[Depends(authenticated)])',
      "",
      '@router.post("/messages")',
      "def messages():",
      "    return {}",
      "",
      '@router.delete("/files", dependencies=[Depends(require_admin)])',
      "def delete_files():",
      "    return {}",
      "",
      "app.include_router(router)",
      "",
    ].join("\n"),
  });
  assert.equal(list(root), [
    "DELETE /v1/files app/main.py:11 delete_files [require_admin]",
    "POST /v1/messages app/main.py:7 messages",
  ]);
});

fastapi("add_api_route in a loop over a dict's items assigned in place adds one route per entry; a value another module of the package assigns at its top (from app import __apiversion__) fills a path, through a class attribute and a local", () => {
  const root = tempDir();
  writeFiles(root, {
    "app/__init__.py": "__version__ = '4.1'\n__apiversion__ = '4'\n",
    "app/api.py": [
      "from fastapi import APIRouter, FastAPI",
      "from app import __apiversion__",
      "",
      "",
      "class RestfulApi:",
      "    API_VERSION = __apiversion__",
      "",
      "    def __init__(self):",
      "        self._app = FastAPI()",
      "        self._app.include_router(self._router())",
      "",
      "    def _router(self) -> APIRouter:",
      "        base_path = f'/api/{self.API_VERSION}'",
      "        plugin_path = f'{base_path}/{{plugin}}'",
      "        router = APIRouter()",
      "        router.add_api_route(f'{base_path}/events/clear', self._clear, methods=['POST'])",
      "        route_mapping = {",
      "            f'{base_path}/config': self._api_config,",
      "            f'{plugin_path}': self._api,",
      "            f'{plugin_path}/{{item}}': self._api_item,",
      "        }",
      "        for path, endpoint in route_mapping.items():",
      "            router.add_api_route(path, endpoint)",
      "        return router",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(list(root), [
    "GET /api/4/{plugin} app/api.py:23 self._api",
    "GET /api/4/{plugin}/{item} app/api.py:23 self._api_item",
    "GET /api/4/config app/api.py:23 self._api_config",
    "POST /api/4/events/clear app/api.py:16 self._clear",
  ]);
});

fastapi.run();

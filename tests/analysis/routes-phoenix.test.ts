import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const phoenix = suite("Phoenix routes");

phoenix("nested scopes with module aliases, resources, live routes, forwards, pipelines as guards of their scope", () => {
  assert.equal(list(fixtureRepo("routes-phoenix")), [
    "GET / lib/shop_web/router.ex:27 ShopWeb.PageController.home",
    "POST /api/sessions lib/shop_web/router.ex:49 ShopWeb.Api.SessionController.create",
    "GET /api/v1/invoices/{number} lib/shop_web/router.ex:53 ShopWeb.Api.InvoiceController.show [api_auth]",
    "PATCH /api/v1/invoices/{number} lib/shop_web/router.ex:53 ShopWeb.Api.InvoiceController.update [api_auth]",
    "PUT /api/v1/invoices/{number} lib/shop_web/router.ex:53 ShopWeb.Api.InvoiceController.update [api_auth]",
    "GET /api/v1/me lib/shop_web/router.ex:54 ShopWeb.Api.UserController.show [api_auth]",
    "GET /cart lib/shop_web/router.ex:30 ShopWeb.CartLive.index",
    "GET /orders lib/shop_web/router.ex:41 ShopWeb.OrderController.index [require_authenticated_user]",
    "POST /orders lib/shop_web/router.ex:41 ShopWeb.OrderController.create [require_authenticated_user]",
    "GET /orders/{id} lib/shop_web/router.ex:41 ShopWeb.OrderController.show [require_authenticated_user]",
    "PATCH /orders/{id} lib/shop_web/router.ex:41 ShopWeb.OrderController.update [require_authenticated_user]",
    "PUT /orders/{id} lib/shop_web/router.ex:41 ShopWeb.OrderController.update [require_authenticated_user]",
    "GET /orders/{order_id}/items lib/shop_web/router.ex:42 ShopWeb.ItemController.index [require_authenticated_user]",
    "POST /orders/{order_id}/items lib/shop_web/router.ex:42 ShopWeb.ItemController.create [require_authenticated_user]",
    "GET /products lib/shop_web/router.ex:29 ShopWeb.ProductController.index",
    "GET /products/{id} lib/shop_web/router.ex:29 ShopWeb.ProductController.show",
    "GET /users/settings lib/shop_web/router.ex:38 ShopWeb.UserSettingsLive.edit [require_authenticated_user]",
    "ALL /webhooks lib/shop_web/router.ex:58 ShopWeb.WebhookPlug",
  ]);
});

phoenix("a socket whose connect/3 refuses a connection without credentials (a clause answering :error, a with over a token it verifies, or a delegate to such a socket) guards its transports; one answering {:ok, socket} to all does not", () => {
  const root = tempDir();
  writeFiles(root, {
    "mix.exs": 'defmodule Portal.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, "~> 1.7"}]\nend\n',
    "lib/portal_api/endpoint.ex": [
      "defmodule PortalAPI.Endpoint do",
      "  use Phoenix.Endpoint, otp_app: :portal",
      '  socket "/gateway", PortalAPI.Gateway.Socket, websocket: true, longpoll: false',
      '  socket "/gateway/v2", PortalAPI.Gateway.V2.Socket, websocket: true',
      '  socket "/user", PortalAPI.UserSocket, websocket: true',
      '  socket "/public", PortalAPI.PublicSocket, websocket: true',
      "end",
      "",
    ].join("\n"),
    "lib/portal_api/gateway/socket.ex": [
      "defmodule PortalAPI.Gateway.Socket do",
      "  use Phoenix.Socket",
      "  @impl true",
      "  def connect(attrs, socket, connect_info) do",
      "    with {:ok, encoded_token} <- PortalAPI.Sockets.extract_token(attrs, connect_info) do",
      "      do_connect(encoded_token, socket)",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "lib/portal_api/gateway/v2/socket.ex": "defmodule PortalAPI.Gateway.V2.Socket do\n  use Phoenix.Socket\n  @impl true\n  defdelegate connect(attrs, socket, connect_info), to: PortalAPI.Gateway.Socket\nend\n",
    "lib/portal_api/user_socket.ex": [
      "defmodule PortalAPI.UserSocket do",
      "  use Phoenix.Socket",
      '  def connect(%{"token" => token}, socket, _info) do',
      '    case Phoenix.Token.verify(socket, "user", token, max_age: 86400) do',
      "      {:ok, id} -> {:ok, assign(socket, :user_id, id)}",
      "      {:error, _} -> :error",
      "    end",
      "  end",
      "  def connect(_params, _socket, _info), do: :error",
      "end",
      "",
    ].join("\n"),
    "lib/portal_api/public_socket.ex": "defmodule PortalAPI.PublicSocket do\n  use Phoenix.Socket\n  @impl true\n  def connect(_params, socket, _connect_info) do\n    {:ok, socket}\n  end\nend\n",
  });
  assert.equal(analyze(root).routes.items.filter((r) => r.framework === "phoenix").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "WS /gateway/v2/websocket [PortalAPI.Gateway.V2.Socket.connect/3]",
    "WS /gateway/websocket [PortalAPI.Gateway.Socket.connect/3]",
    "WS /public/websocket",
    "WS /user/websocket [PortalAPI.UserSocket.connect/3]",
  ]);
});

phoenix("a function plug of the router's own that halts (plug(:force_current_user)) makes its pipeline a guard whatever its name; one that only loads the caller (plug(:get_current_user)) does not", () => {
  const root = tempDir();
  writeFiles(root, {
    "mix.exs": 'defmodule Bors.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, "~> 1.7"}]\nend\n',
    "lib/web/router.ex": [
      "defmodule BorsNG.Router do",
      "  use BorsNG.Web, :router",
      "",
      "  pipeline :browser_session do",
      "    plug(:fetch_session)",
      "    plug(:get_current_user)",
      "  end",
      "",
      "  pipeline :browser_login do",
      "    plug(:force_current_user)",
      "  end",
      "",
      '  scope "/", BorsNG do',
      "    pipe_through(:browser_session)",
      '    get("/health", HealthController, :index)',
      "  end",
      "",
      '  scope "/repositories", BorsNG do',
      "    pipe_through(:browser_session)",
      "    pipe_through(:browser_login)",
      '    get("/:id", ProjectController, :show)',
      "  end",
      "",
      "  defp get_current_user(conn, _) do",
      "    user_id = Plug.Conn.get_session(conn, :current_user)",
      "    if is_nil(user_id) do",
      "      conn",
      "    else",
      "      assign(conn, :user, Database.Repo.get(Database.User, user_id))",
      "    end",
      "  end",
      "",
      "  defp force_current_user(conn, _) do",
      "    if is_nil(conn.assigns[:user]) do",
      "      conn",
      '      |> Phoenix.Controller.redirect(to: "/auth/github")',
      "      |> halt",
      "    else",
      "      conn",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET /health",
    "GET /repositories/{id} [browser_login]",
  ]);
});

phoenix("routes in tests, comments and docs are not routes", () => {
  const items = analyze(fixtureRepo("routes-phoenix")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("test/") || /commented|not-a-route|fake/.test(r.path)));
});

phoenix("a controller's plug named for a signed-in caller (plug :requires_login) guards its actions; one for callers not signed in (plug :require_unauthenticated) does not", () => {
  const root = tempDir("tool-phoenix-requires-login-");
  writeFiles(root, {
    "mix.exs": "defmodule Hub.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.7\"}]\nend\n",
    "lib/hub_web/router.ex": [
      "defmodule HubWeb.Router do",
      "  use HubWeb, :router",
      "  scope \"/\", HubWeb do",
      "    get \"/dashboard\", DashboardController, :index",
      "    get \"/packages\", PackageController, :index",
      "    get \"/authenticate\", AuthController, :index",
      "  end",
      "end",
    ].join("\n"),
    "lib/hub_web/controllers/dashboard_controller.ex": "defmodule HubWeb.DashboardController do\n  use HubWeb, :controller\n  plug :requires_login\n\n  def index(conn, _params), do: render(conn, :index)\nend\n",
    "lib/hub_web/controllers/package_controller.ex": "defmodule HubWeb.PackageController do\n  use HubWeb, :controller\n\n  def index(conn, _params), do: render(conn, :index)\nend\n",
    // The opposite check: only callers who are not signed in see the sign-in page.
    "lib/hub_web/controllers/auth_controller.ex": "defmodule HubWeb.AuthController do\n  use HubWeb, :controller\n  plug :require_unauthenticated\n\n  def index(conn, _params), do: render(conn, :index)\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /authenticate",
    "GET /dashboard [requires_login]",
    "GET /packages",
  ]);
});

phoenix("an action no plug guards that checks the caller first in every clause doing work (with {:ok, claims} <- authenticate(conn)) is guarded; one that checks only in some clauses, or checks after its work, is not", () => {
  const root = tempDir("tool-phoenix-action-checks-");
  writeFiles(root, {
    "mix.exs": "defmodule Portal.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.7\"}]\nend\n",
    "lib/portal_web/router.ex": [
      "defmodule PortalWeb.Router do",
      "  use PortalWeb, :router",
      "  scope \"/\", PortalWeb do",
      "    post \"/flow_logs\", FlowLogController, :create",
      "    post \"/events\", EventController, :create",
      "    post \"/notes\", NoteController, :create",
      "  end",
      "end",
    ].join("\n"),
    "lib/portal_web/controllers/flow_log_controller.ex": [
      "defmodule PortalWeb.FlowLogController do",
      "  use PortalWeb, :controller",
      "",
      "  def create(conn, %{\"flow_logs\" => records}) when length(records) > 100 do",
      "    ProblemDetails.send(conn, 400, \"Batch size exceeds maximum\")",
      "  end",
      "",
      "  def create(conn, %{\"flow_logs\" => records}) when is_list(records) do",
      "    with {:ok, claims} <- authenticate(conn),",
      "         :ok <- ensure_uploads_enabled(claims) do",
      "      Database.upsert_flow_logs(records)",
      "      render(conn, :ok)",
      "    else",
      "      {:error, :unauthenticated} -> ProblemDetails.send(conn, 401, \"Missing or invalid credentials\")",
      "    end",
      "  end",
      "",
      "  def create(conn, _params), do: send_resp(conn, :bad_request, \"Expected flow_logs\")",
      "",
      "  defp authenticate(conn) do",
      "    with [\"Bearer \" <> token] <- get_req_header(conn, \"authorization\"),",
      "         {:ok, claims} <- FlowLogToken.verify(token) do",
      "      {:ok, claims}",
      "    else",
      "      _ -> {:error, :unauthenticated}",
      "    end",
      "  end",
      "end",
    ].join("\n"),
    // The second clause writes without asking who calls.
    "lib/portal_web/controllers/event_controller.ex": [
      "defmodule PortalWeb.EventController do",
      "  use PortalWeb, :controller",
      "",
      "  def create(conn, %{\"signed\" => _} = params) do",
      "    with {:ok, _} <- authenticate(conn) do",
      "      Events.insert(params)",
      "      json(conn, %{ok: true})",
      "    end",
      "  end",
      "",
      "  def create(conn, params) do",
      "    Events.insert(params)",
      "    json(conn, %{ok: true})",
      "  end",
      "end",
    ].join("\n"),
    "lib/portal_web/controllers/note_controller.ex": [
      "defmodule PortalWeb.NoteController do",
      "  use PortalWeb, :controller",
      "",
      "  def create(conn, params) do",
      "    note = Notes.insert!(params)",
      "    with {:ok, _} <- authenticate(conn) do",
      "      json(conn, note)",
      "    end",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /events",
    "POST /flow_logs [(checks the caller in the action)]",
    "POST /notes",
  ]);
});

phoenix("a pipeline whose auth plug only fetches the caller (a Pow base plug, or a call that never halts, named through an alias) checks nobody; one that requires the caller guards", () => {
  const root = tempDir("tool-phoenix-fetch-only-plugs-");
  writeFiles(root, {
    "mix.exs": "defmodule Chat.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.5\"}, {:pow, \"~> 1.0\"}]\nend\n",
    "lib/chat_web/router.ex": [
      "defmodule ChatWeb.Router do",
      "  use ChatWeb, :router",
      "  alias ChatWeb.Plugs",
      "  pipeline :api do",
      "    plug(:accepts, [\"json\"])",
      "    plug(ChatWeb.APIAuthPlug, otp_app: :chat)",
      "  end",
      "  pipeline :public_api do",
      "    plug(Plugs.PublicAPIAuthPlug)",
      "  end",
      "  pipeline :api_protected do",
      "    plug(Pow.Plug.RequireAuthenticated, error_handler: ChatWeb.APIAuthErrorHandler)",
      "  end",
      "  pipeline :keys do",
      "    plug(ChatWeb.APIKeyAuthPlug)",
      "  end",
      "  scope \"/api\", ChatWeb do",
      "    pipe_through(:api)",
      "    post(\"/session\", SessionController, :create)",
      "  end",
      "  scope \"/api\", ChatWeb do",
      "    pipe_through([:api, :api_protected])",
      "    get(\"/me\", SessionController, :me)",
      "  end",
      "  scope \"/api/v1\", ChatWeb do",
      "    pipe_through([:public_api, :keys])",
      "    get(\"/me\", SessionController, :me)",
      "  end",
      "end",
    ].join("\n"),
    "lib/chat_web/api_auth_plug.ex": "defmodule ChatWeb.APIAuthPlug do\n  use Pow.Plug.Base\n\n  def fetch(conn, config), do: {conn, lookup(conn, config)}\nend\n",
    "lib/chat_web/plugs/public_api_auth_plug.ex": "defmodule ChatWeb.Plugs.PublicAPIAuthPlug do\n  def init(opts), do: opts\n\n  def call(conn, _opts) do\n    assign(conn, :current_user, lookup(conn))\n  end\nend\n",
    "lib/chat_web/api_key_auth_plug.ex": "defmodule ChatWeb.APIKeyAuthPlug do\n  def init(opts), do: opts\n\n  def call(conn, _opts) do\n    case lookup(conn) do\n      nil -> conn |> send_resp(401, \"\") |> halt()\n      user -> assign(conn, :current_user, user)\n    end\n  end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/me [api_protected]",
    "POST /api/session",
    "GET /api/v1/me [keys]",
  ]);
});

phoenix("a pipeline plug that turns away only a signed-in caller in some state (an account that is off, a missing second factor) checks nobody; one that turns away a caller without an account guards", () => {
  const root = tempDir("tool-phoenix-signed-in-checks-");
  writeFiles(root, {
    "mix.exs": "defmodule Booru.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.7\"}]\nend\n",
    "lib/booru_web/router.ex": [
      "defmodule BooruWeb.Router do",
      "  use BooruWeb, :router",
      "  pipeline :browser do",
      "    plug :fetch_session",
      "    plug BooruWeb.EnsureUserEnabledPlug",
      "  end",
      "  pipeline :ensure_totp do",
      "    plug BooruWeb.RequireSecondFactorAuthPlug",
      "  end",
      "  pipeline :require_user do",
      "    plug BooruWeb.RequireUserPlug",
      "  end",
      "  scope \"/\", BooruWeb do",
      "    pipe_through [:browser, :ensure_totp]",
      "    get \"/images\", ImageController, :index",
      "  end",
      "  scope \"/admin\", BooruWeb.Admin do",
      "    pipe_through [:browser, :require_user]",
      "    get \"/reports\", ReportController, :index",
      "  end",
      "end",
    ].join("\n"),
    "lib/booru_web/plugs/ensure_user_enabled_plug.ex": [
      "defmodule BooruWeb.EnsureUserEnabledPlug do",
      "  def init(opts), do: opts",
      "",
      "  def call(conn, _opts) do",
      "    if locked_out?(conn.assigns.current_user, conn.path_info) do",
      "      conn |> Plug.Conn.put_status(:forbidden) |> Plug.Conn.halt()",
      "    else",
      "      conn",
      "    end",
      "  end",
      "",
      "  defp locked_out?(%{deleted_at: deleted_at}, _path_info) when not is_nil(deleted_at), do: true",
      "  defp locked_out?(%{confirmed_at: nil}, _path_info), do: true",
      "  defp locked_out?(_user, _path_info), do: false",
      "end",
    ].join("\n"),
    "lib/booru_web/plugs/require_second_factor_auth_plug.ex": [
      "defmodule BooruWeb.RequireSecondFactorAuthPlug do",
      "  def init(opts), do: opts",
      "",
      "  def call(conn, _opts) do",
      "    case conn.assigns.current_user do",
      "      nil -> conn",
      "      user -> require_totp(user, conn)",
      "    end",
      "  end",
      "",
      "  defp require_totp(%{otp_required_for_login: false}, conn), do: conn",
      "  defp require_totp(_user, conn), do: conn |> Phoenix.Controller.redirect(to: \"/sessions/totp/new\") |> Plug.Conn.halt()",
      "end",
    ].join("\n"),
    "lib/booru_web/plugs/require_user_plug.ex": [
      "defmodule BooruWeb.RequireUserPlug do",
      "  def init(opts), do: opts",
      "",
      "  def call(conn, _opts) do",
      "    if missing?(conn.assigns.current_user) do",
      "      conn |> Phoenix.Controller.redirect(to: \"/sessions/new\") |> Plug.Conn.halt()",
      "    else",
      "      conn",
      "    end",
      "  end",
      "",
      "  defp missing?(nil), do: true",
      "  defp missing?(_user), do: false",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /admin/reports [require_user]",
    "GET /images",
  ]);
});

phoenix("a function plug that checks the caller only when the deployment is configured to (basic auth when a user name and password are set, else conn untouched) guards nothing by default; one that compares the request with a configured key guards", () => {
  const root = tempDir("tool-phoenix-configured-plugs-");
  writeFiles(root, {
    "mix.exs": "defmodule Tube.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.7\"}]\nend\n",
    "lib/tube_web/router.ex": [
      "defmodule TubeWeb.Router do",
      "  use TubeWeb, :router",
      "  import TubeWeb.Plugs",
      "  pipeline :browser do",
      "    plug :basic_auth",
      "    plug :accepts, [\"html\"]",
      "  end",
      "  pipeline :feeds do",
      "    plug :maybe_basic_auth",
      "  end",
      "  pipeline :api do",
      "    plug :require_api_key",
      "  end",
      "  scope \"/\", TubeWeb do",
      "    pipe_through :browser",
      "    get \"/\", PageController, :home",
      "  end",
      "  scope \"/feeds\", TubeWeb do",
      "    pipe_through :feeds",
      "    get \"/:id\", FeedController, :show",
      "  end",
      "  scope \"/api\", TubeWeb do",
      "    pipe_through :api",
      "    post \"/sources\", SourceController, :create",
      "  end",
      "end",
    ].join("\n"),
    "lib/tube_web/plugs.ex": [
      "defmodule TubeWeb.Plugs do",
      "  import Plug.Conn",
      "",
      "  def maybe_basic_auth(conn, opts) do",
      "    if Application.get_env(:tube, :expose_feed_endpoints) do",
      "      conn",
      "    else",
      "      basic_auth(conn, opts)",
      "    end",
      "  end",
      "",
      "  def basic_auth(conn, _opts) do",
      "    username = Application.get_env(:tube, :basic_auth_username)",
      "    password = Application.get_env(:tube, :basic_auth_password)",
      "",
      "    if credential_set?(username) && credential_set?(password) do",
      "      Plug.BasicAuth.basic_auth(conn, username: username, password: password)",
      "    else",
      "      conn",
      "    end",
      "  end",
      "",
      "  def require_api_key(conn, _opts) do",
      "    key = Application.get_env(:tube, :api_key)",
      "    if get_req_header(conn, \"x-api-key\") == [key] do",
      "      conn",
      "    else",
      "      conn |> send_resp(401, \"\") |> halt()",
      "    end",
      "  end",
      "",
      "  defp credential_set?(value), do: value not in [nil, \"\"]",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /",
    "POST /api/sources [api]",
    "GET /feeds/{id}",
  ]);
});

phoenix("a plug whose call raises (or answers with) an error of the app's for an anonymous caller guards its pipeline; Ueberauth's plug is the way in through a provider, no guard", () => {
  const root = tempDir("tool-phoenix-raising-plug-");
  writeFiles(root, {
    "mix.exs": "defmodule Hub.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.7\"}, {:ueberauth, \"~> 0.10\"}]\nend\n",
    "lib/hub_web/router.ex": [
      "defmodule HubWeb.Router do",
      "  use HubWeb, :router",
      "  alias HubWeb.API.Plugs.RequireAuthenticatedUser",
      "  pipeline :api do",
      "    plug(:accepts, [\"json\"])",
      "  end",
      "  pipeline :api_require_authenticated_user do",
      "    plug(RequireAuthenticatedUser)",
      "  end",
      "  pipeline :token do",
      "    plug HubWeb.Plugs.VerifyApiToken",
      "  end",
      "  scope \"/api/v2\", HubWeb do",
      "    pipe_through(:token)",
      "    get(\"/keys\", KeyController, :index)",
      "  end",
      "  scope(\"/api\", HubWeb.API, as: :api) do",
      "    pipe_through(:api)",
      "    post(\"/users/login\", UserController, :login)",
      "    scope \"/\" do",
      "      pipe_through([:api_require_authenticated_user])",
      "      get(\"/users/me\", UserController, :me)",
      "    end",
      "  end",
      "  scope \"/auth\", HubWeb do",
      "    plug(Ueberauth)",
      "    get(\"/:provider\", AuthController, :request)",
      "  end",
      "end",
    ].join("\n"),
    "lib/hub_web/plugs/verify_api_token.ex": "defmodule HubWeb.Plugs.VerifyApiToken do\n  def init(opts), do: opts\n\n  def call(conn, _opts) do\n    with [\"Bearer \" <> token] <- get_req_header(conn, \"authorization\") do\n      assign(conn, :token, token)\n    else\n      [] -> ApiFallbackPlug.call(conn, {:error, Error.unauthorized(message: \"no token\")})\n    end\n  end\nend\n",
    "lib/hub_web/plugs/api/require_authenticated_user.ex": [
      "defmodule HubWeb.API.Plugs.RequireAuthenticatedUser do",
      "  def init(opts), do: opts",
      "",
      "  def call(conn, _opts) do",
      "    if get_in(conn.assigns.current_scope.user) do",
      "      conn",
      "    else",
      "      raise HubWeb.UnauthorizedError",
      "    end",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/users/login",
    "GET /api/users/me [api_require_authenticated_user]",
    "GET /api/v2/keys [token]",
    "GET /auth/{provider}",
  ]);
});

phoenix("a comprehension over a literal list of paths (for path <- [...] do scope path ... end) or a word sigil (for subpage <- ~w(popular archive)a, the bound name as the action too) serves its block under each, interpolated paths too; a comprehension over anything else is not followed", () => {
  const root = tempDir("tool-phoenix-for-");
  writeFiles(root, {
    "mix.exs": "defmodule Logs.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.7\"}]\nend\n",
    "lib/logs_web/router.ex": [
      "defmodule LogsWeb.Router do",
      "  use LogsWeb, :router",
      "  pipeline :ingest_api do",
      "    plug(LogsWeb.Plugs.VerifyApiAccess)",
      "  end",
      "  for path <- [\"/logs\", \"/api/logs\"] do",
      "    scope path, LogsWeb do",
      "      pipe_through([:ingest_api])",
      "      post(\"/\", LogController, :create)",
      "      post(\"/json\", LogController, :generic_json)",
      "    end",
      "    scope \"#{path}/cloudflare\", LogsWeb do",
      "      post(\"/\", LogController, :cloudflare)",
      "    end",
      "  end",
      "  for path <- paths() do",
      "    get(path, PageController, :show)",
      "  end",
      "  scope \"/\", LogsWeb do",
      "    for subpage <- ~w(popular archive)a do",
      "      get \"/:slug/#{subpage}\", PodcastController, subpage",
      "    end",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /{slug}/archive LogsWeb.PodcastController.archive",
    "GET /{slug}/popular LogsWeb.PodcastController.popular",
    "POST /api/logs LogsWeb.LogController.create",
    "POST /api/logs/cloudflare LogsWeb.LogController.cloudflare",
    "POST /api/logs/json LogsWeb.LogController.generic_json",
    "POST /logs LogsWeb.LogController.create",
    "POST /logs/cloudflare LogsWeb.LogController.cloudflare",
    "POST /logs/json LogsWeb.LogController.generic_json",
  ]);
});

phoenix("routes under a condition that never holds in production (if Mix.env() in [:dev, :test, :hex], == :test, if Application.compile_env(:app, :dev_routes)) are not served; under another condition (one naming :prod) they are", () => {
  const root = tempDir();
  writeFiles(root, {
    "mix.exs": "defmodule App.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.7\"}]\nend\n",
    "lib/app_web/router.ex": [
      "defmodule AppWeb.Router do",
      "  use AppWeb, :router",
      "  scope \"/api\", AppWeb do",
      "    get(\"/health\", HealthController, :index)",
      "  end",
      "  if Mix.env() in [:dev, :test] do",
      "    scope \"/\" do",
      "      forward \"/mailbox\", Plug.Swoosh.MailboxPreview",
      "    end",
      "  end",
      "  if Application.compile_env(:app, :dev_routes) do",
      "    scope \"/dev\" do",
      "      live_dashboard \"/dashboard\"",
      "      get(\"/seed\", AppWeb.DevController, :seed)",
      "    end",
      "  end",
      "  if Application.compile_env(:app, :public_api) do",
      "    get(\"/public\", AppWeb.PublicController, :index)",
      "  end",
      "  if Mix.env() in [:dev, :test, :hex] do",
      "    post(\"/api/repo\", AppWeb.TestController, :repo)",
      "  end",
      "  if Mix.env() == :test do",
      "    get(\"/_test/raise\", AppWeb.TestController, :raise)",
      "  end",
      "  if Mix.env() in [:prod, :staging] do",
      "    get(\"/status\", AppWeb.StatusController, :index)",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/health", "GET /public", "GET /status"]);
});

phoenix("a function plug that lets a request without credentials through with no caller (its case arm for a missing credential assigns nil) and refuses only bad ones checks nobody (a controller's private plug of its name is another); a plug that refuses a missing one still guards", () => {
  const root = tempDir("tool-phoenix-missing-credentials-");
  writeFiles(root, {
    "mix.exs": "defmodule Hex.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.7\"}]\nend\n",
    "lib/hex_web/router.ex": [
      "defmodule HexWeb.Router do",
      "  use HexWeb, :router",
      "  pipeline :api do",
      "    plug :accepts, [\"json\"]",
      "    plug :authenticate",
      "  end",
      "  pipeline :admin do",
      "    plug :authenticate_strict",
      "  end",
      "  scope \"/api\", HexWeb.API do",
      "    pipe_through :api",
      "    get \"/packages\", PackageController, :index",
      "  end",
      "  scope \"/admin\", HexWeb do",
      "    pipe_through :admin",
      "    get \"/stats\", StatsController, :index",
      "  end",
      "end",
    ].join("\n"),
    "lib/hex_web/controllers/tfa_controller.ex": [
      "defmodule HexWeb.TFAController do",
      "  use HexWeb, :controller",
      "  plug :authenticate",
      "  defp authenticate(conn, _opts) do",
      "    if get_session(conn, \"tfa_user_id\"), do: conn, else: conn |> redirect(to: \"/\") |> halt()",
      "  end",
      "end",
    ].join("\n"),
    "lib/hex_web/auth_helpers.ex": [
      "defmodule HexWeb.AuthHelpers do",
      "  def authenticate(conn) do",
      "    case get_req_header(conn, \"authorization\") do",
      "      [key] -> key_auth(key, conn)",
      "      _ -> {:error, :missing}",
      "    end",
      "  end",
      "end",
    ].join("\n"),
    "lib/hex_web/plugs.ex": [
      "defmodule HexWeb.Plugs do",
      "  import Plug.Conn",
      "",
      "  def authenticate(conn, _opts) do",
      "    case HexWeb.AuthHelpers.authenticate(conn) do",
      "      {:ok, %{user: user}} ->",
      "        assign(conn, :current_user, user)",
      "",
      "      {:error, :missing} ->",
      "        conn",
      "        |> assign(:current_user, nil)",
      "",
      "      {:error, _} = error ->",
      "        HexWeb.AuthHelpers.error(conn, error)",
      "    end",
      "  end",
      "",
      "  def authenticate_strict(conn, _opts) do",
      "    case HexWeb.AuthHelpers.authenticate(conn) do",
      "      {:ok, %{user: user}} ->",
      "        assign(conn, :current_user, user)",
      "",
      "      {:error, :missing} ->",
      "        conn |> send_resp(401, \"\") |> halt()",
      "",
      "      {:error, _} = error ->",
      "        HexWeb.AuthHelpers.error(conn, error)",
      "    end",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /admin/stats [admin]", "GET /api/packages"]);
});

phoenix("a scope for one host (scope \"/\", host: \"preview.\") serves its routes for that host alone: one path on two hosts is no duplicate, the same path twice on one host is", () => {
  const root = tempDir("tool-phoenix-hosts-");
  writeFiles(root, {
    "mix.exs": "defmodule Hex.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.7\"}]\nend\n",
    "lib/hex_web/router.ex": [
      "defmodule HexWeb.Router do",
      "  use HexWeb, :router",
      "  scope \"/\", HexWeb, host: \"preview.\" do",
      "    get \"/\", Preview.IndexController, :index",
      "    get \"/sitemap.xml\", Preview.SitemapController, :index",
      "  end",
      "  scope \"/\", HexWeb do",
      "    get \"/\", PageController, :index",
      "    get \"/sitemap.xml\", SitemapController, :main",
      "    get \"/about\", PageController, :about",
      "    get \"/about\", AboutController, :show",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const { routes } = analyze(root);
  assert.equal(routes.items.filter((r) => r.host).map((r) => `${r.method} ${r.path} ${r.host}`), ["GET / preview.", "GET /sitemap.xml preview."]);
  assert.equal(routes.duplicates.map((d) => `${d.method} ${d.path}`), ["GET /about"]);
});

phoenix("a pipeline plug that reads the Authorization header in a case whose empty arm only makes a value ([] -> nil) and then refuses without a caller guards; one whose empty arm hands the connection on checks nobody", () => {
  const root = tempDir("tool-phoenix-header-arm-");
  writeFiles(root, {
    "mix.exs": "defmodule Shop.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.5\"}]\nend\n",
    "lib/shop_web/router.ex": [
      "defmodule ShopWeb.Router do",
      "  use ShopWeb, :router",
      "  pipeline :hex_api do",
      "    plug ShopWeb.Hex.Auth, :api",
      "  end",
      "  pipeline :feed do",
      "    plug ShopWeb.FeedAuth",
      "  end",
      "  scope \"/pkg/:org/api\", ShopWeb do",
      "    pipe_through [:hex_api]",
      "    post \"/publish\", APIController, :publish",
      "  end",
      "  scope \"/feed\", ShopWeb do",
      "    pipe_through [:feed]",
      "    get \"/\", FeedController, :index",
      "  end",
      "end",
    ].join("\n"),
    "lib/shop_web/hex/auth.ex": [
      "defmodule ShopWeb.Hex.Auth do",
      "  import Plug.Conn",
      "  def init(domain), do: domain",
      "",
      "  def call(conn, domain) do",
      "    token =",
      "      case get_req_header(conn, \"authorization\") do",
      "        [token | _] -> token",
      "        [] -> nil",
      "      end",
      "",
      "    if membership = token && lookup(domain, token) do",
      "      assign(conn, :current_membership, membership)",
      "    else",
      "      conn |> send_resp(401, \"Unauthenticated\") |> halt()",
      "    end",
      "  end",
      "end",
    ].join("\n"),
    "lib/shop_web/feed_auth.ex": [
      "defmodule ShopWeb.FeedAuth do",
      "  import Plug.Conn",
      "  def init(opts), do: opts",
      "",
      "  def call(conn, _opts) do",
      "    case get_req_header(conn, \"authorization\") do",
      "      [] -> conn",
      "      [token | _] -> if valid?(token), do: assign(conn, :reader, token), else: conn |> send_resp(401, \"\") |> halt()",
      "    end",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /feed", "POST /pkg/{org}/api/publish [hex_api]"]);
});

phoenix("live_dashboard draws LiveDashboard's pages under its path; a scope's pipe_through in the else of a development-only if is what production runs", () => {
  const root = tempDir("tool-phoenix-live-dashboard-");
  writeFiles(root, {
    "mix.exs": "defmodule Hq.MixProject do\n  use Mix.Project\n  defp deps, do: [{:phoenix, \"~> 1.7\"}, {:phoenix_live_dashboard, \"~> 0.8\"}]\nend\n",
    "lib/hq_web/router.ex": [
      "defmodule HqWeb.Router do",
      "  use HqWeb, :router",
      "  import Phoenix.LiveDashboard.Router",
      "  pipeline :browser do",
      "    plug :accepts, [\"html\"]",
      "  end",
      "  pipeline :admin_basic_auth do",
      "    plug :basic_auth",
      "  end",
      "  scope \"/\", HqWeb do",
      "    pipe_through :browser",
      "    get \"/\", PageController, :home",
      "  end",
      "  scope \"/\" do",
      "    if Mix.env() in [:dev, :test] do",
      "      pipe_through([:browser])",
      "    else",
      "      pipe_through([:browser, :admin_basic_auth])",
      "    end",
      "    live_dashboard(\"/dashboard\", metrics: HqWeb.Telemetry)",
      "  end",
      "  scope \"/sudo\" do",
      "    pipe_through :browser",
      "    live_dashboard \"/dashboard\"",
      "  end",
      "  defp basic_auth(conn, _opts) do",
      "    Plug.BasicAuth.basic_auth(conn, username: \"admin\", password: System.fetch_env!(\"ADMIN_PASSWORD\"))",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /",
    "GET /dashboard [admin_basic_auth]",
    "GET /dashboard/{node}/{page} [admin_basic_auth]",
    "GET /dashboard/{page} [admin_basic_auth]",
    "GET /sudo/dashboard",
    "GET /sudo/dashboard/{node}/{page}",
    "GET /sudo/dashboard/{page}",
  ]);
});

phoenix.run();

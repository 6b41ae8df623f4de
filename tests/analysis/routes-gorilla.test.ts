import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines, guardedRoutes } from "../helpers/routes.ts";

const gorilla = suite("gorilla/mux routes");

gorilla("a router in a struct field used from another file, Methods in any order, subrouters with Use, PathPrefix handlers (every path under the prefix)", () => {
  assert.equal(routeLines("routes-gorilla"), [
    "GET / routes.go:13 s.handleIndex",
    "GET /api/v1/items routes.go:16 api.ListItems [api.AuthMiddleware]",
    "DELETE /api/v1/items/{id} routes.go:18 api.DeleteItem [api.AuthMiddleware]",
    "PATCH /api/v1/items/{id} routes.go:17 api.UpdateItem [api.AuthMiddleware]",
    "PUT /api/v1/items/{id} routes.go:17 api.UpdateItem [api.AuthMiddleware]",
    "ALL /static/* routes.go:19 http.FileServer",
  ]);
});

gorilla("a sub-router made from an empty route (r.NewRoute().Subrouter()) keeps the path and scopes its own middleware", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module example.com/blog\n",
    "server.go": [
      "package web",
      'import "github.com/gorilla/mux"',
      "func NewServer(h Handlers, secret string) *mux.Router {",
      "\tr := mux.NewRouter()",
      '\tr.HandleFunc("/api/users/login", h.Login).Methods("POST")',
      "\tprotected := r.NewRoute().Subrouter()",
      "\tprotected.Use(authMiddleware(secret))",
      '\tprotected.HandleFunc("/api/user", h.GetUser).Methods("GET")',
      "\treader := r.NewRoute().Subrouter()",
      "\treader.Use(optionalAuth(secret))",
      '\treader.HandleFunc("/api/articles", h.ListArticles).Methods("GET")',
      "\treturn r",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    // optionalAuth lets anonymous readers through: not a guard, and authMiddleware stays with its own sub-router.
    "GET /api/articles h.ListArticles []",
    "GET /api/user h.GetUser [authMiddleware]",
    "POST /api/users/login h.Login []",
  ]);
});

gorilla("calls to a wrapper that registers the path it is given are routes", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module example.com/todo\n",
    "app/app.go": [
      "package app",
      'import "github.com/gorilla/mux"',
      "type App struct { Router *mux.Router }",
      "func (a *App) Initialize() { a.Router = mux.NewRouter(); a.setRouters() }",
      "func (a *App) setRouters() {",
      '\ta.Get("/projects", a.handle(listProjects))',
      '\ta.Post("/projects/{title}/tasks", createTask)',
      "}",
      'func (a *App) Get(path string, f HandlerFunc) { a.Router.HandleFunc(path, f).Methods("GET") }',
      'func (a *App) Post(path string, f HandlerFunc) { a.Router.HandleFunc(path, f).Methods("POST") }',
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} ${r.file}:${r.line}`), [
    // a.handle adapts listProjects: the handler is what it wraps.
    "GET /projects listProjects app/app.go:6",
    "POST /projects/{title}/tasks createTask app/app.go:7",
  ]);
});

gorilla("a wrapper around the handler guards it when its own body refuses the caller, wherever it is defined; a constructor is the handler", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module example.com/shop\n",
    "api/routes.go": [
      "package api",
      'import "github.com/gorilla/mux"',
      'import "example.com/shop/middleware"',
      "func Routes(h *Handlers) *mux.Router {",
      "\tr := mux.NewRouter()",
      '\tr.HandleFunc("/orders", middleware.WithUser(h.CreateOrder)).Methods("POST")',
      '\tr.HandleFunc("/orders", middleware.WithTiming(h.ListOrders)).Methods("GET")',
      '\tr.Handle("/reports", NewReportHandler(store)).Methods("GET")',
      "\treturn r",
      "}",
    ].join("\n"),
    "middleware/user.go": [
      "package middleware",
      'import "net/http"',
      "func WithUser(next http.HandlerFunc) http.HandlerFunc {",
      "\treturn func(w http.ResponseWriter, r *http.Request) {",
      '\t\tif r.Header.Get("Authorization") == "" {',
      '\t\t\tresponse.UnauthorizeError(w, "No token")',
      "\t\t\treturn",
      "\t\t}",
      "\t\tnext(w, r)",
      "\t}",
      "}",
      // Times the request and turns no one away.
      "func WithTiming(next http.HandlerFunc) http.HandlerFunc {",
      "\treturn func(w http.ResponseWriter, r *http.Request) { next(w, r) }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /orders h.ListOrders",
    "POST /orders h.CreateOrder [middleware.WithUser]",
    "GET /reports NewReportHandler",
  ]);
  assert.not.ok(analyze(root).routes.items.some((r) => "helpers" in r));
});

gorilla("a handler passed to the app's own adapter beside plain values is the route's handler; one defined in a wrapper (a package variable, or a function's returned value) is guarded when the wrapper refuses", () => {
  const root = tempDir("tool-gorilla-defined-wrappers-");
  writeFiles(root, {
    "go.mod": "module example.com/files\n",
    "http/http.go": [
      "package fbhttp",
      'import "github.com/gorilla/mux"',
      "func NewHandler(store *Storage) http.Handler {",
      "\tr := mux.NewRouter()",
      "\tmonkey := func(fn handleFunc, prefix string) http.Handler {",
      "\t\treturn handle(fn, prefix, store)",
      "\t}",
      '\tapi := r.PathPrefix("/api").Subrouter()',
      '\tapi.Handle("/login", monkey(loginHandler(expiry), ""))',
      '\tapi.Handle("/renew", monkey(renewHandler(expiry), ""))',
      '\tapi.Handle("/users", monkey(usersGetHandler, "")).Methods("GET")',
      '\tapi.PathPrefix("/resources").Handler(monkey(resourceGetHandler, "/api/resources")).Methods("GET")',
      '\tapi.PathPrefix("/public/dl").Handler(monkey(publicDlHandler, "/api/public/dl/")).Methods("GET")',
      '\tapi.PathPrefix("/preview/{size}/{path:.*}").Handler(monkey(previewHandler, "/api/preview")).Methods("GET")',
      "\treturn r",
      "}",
    ].join("\n"),
    "http/auth.go": [
      "package fbhttp",
      "func withUser(fn handleFunc) handleFunc {",
      "\treturn func(w http.ResponseWriter, r *http.Request, d *data) (int, error) {",
      "\t\tif !valid(r) {",
      "\t\t\treturn http.StatusUnauthorized, nil",
      "\t\t}",
      "\t\treturn fn(w, r, d)",
      "\t}",
      "}",
      "func withLogging(fn handleFunc) handleFunc {",
      "\treturn func(w http.ResponseWriter, r *http.Request, d *data) (int, error) {",
      "\t\tlog.Println(r.URL)",
      "\t\treturn fn(w, r, d)",
      "\t}",
      "}",
      "func loginHandler(expiry time.Duration) handleFunc {",
      "\treturn func(w http.ResponseWriter, r *http.Request, d *data) (int, error) {",
      "\t\treturn printToken(w, r, d, expiry)",
      "\t}",
      "}",
      "func renewHandler(expiry time.Duration) handleFunc {",
      "\treturn withUser(func(w http.ResponseWriter, r *http.Request, d *data) (int, error) {",
      "\t\treturn printToken(w, r, d, expiry)",
      "\t})",
      "}",
      "var usersGetHandler = withUser(func(w http.ResponseWriter, r *http.Request, d *data) (int, error) {",
      "\treturn renderJSON(w, r, d.users)",
      "})",
      "var resourceGetHandler = withUser(func(w http.ResponseWriter, r *http.Request, d *data) (int, error) {",
      "\treturn renderJSON(w, r, d.file)",
      "})",
      "var publicDlHandler = withLogging(func(w http.ResponseWriter, r *http.Request, d *data) (int, error) {",
      "\treturn serveShare(w, r, d)",
      "})",
      "var previewHandler = withUser(func(w http.ResponseWriter, r *http.Request, d *data) (int, error) {",
      "\treturn preview(w, r, d)",
      "})",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "ALL /api/login loginHandler",
    "GET /api/preview/{size}/{path} previewHandler [withUser]",
    "GET /api/public/dl/* publicDlHandler",
    "ALL /api/renew renewHandler [withUser]",
    "GET /api/resources/* resourceGetHandler [withUser]",
    "GET /api/users usersGetHandler [withUser]",
  ]);
});

gorilla("a wrapper that refuses with an error of the app's named for it (ErrNotLoggedIn), turns away who is not an admin, or hands on to one that refuses, guards; a path parameter's pattern may hold braces", () => {
  const root = tempDir("tool-gorilla-wrapper-errors-");
  writeFiles(root, {
    "go.mod": "module example.com/blog\n",
    "errors.go": 'package blog\nvar (\n\tErrNotLoggedIn = impart.HTTPError{http.StatusUnauthorized, "Not logged in."}\n\tErrBadAccessToken = impart.HTTPError{http.StatusUnauthorized, "Invalid access token."}\n)\n',
    "handle.go": [
      "package blog",
      "func (h *Handler) User(f userHandlerFunc) http.HandlerFunc {",
      "\treturn func(w http.ResponseWriter, r *http.Request) {",
      "\t\tu := getUserSession(h.app, r)",
      "\t\tif u == nil {",
      "\t\t\th.fail(w, ErrNotLoggedIn)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tf(h.app, u, w, r)",
      "\t}",
      "}",
      "func (h *Handler) Admin(f userHandlerFunc) http.HandlerFunc {",
      "\treturn func(w http.ResponseWriter, r *http.Request) {",
      "\t\tu := getUserSession(h.app, r)",
      "\t\tif u == nil || !u.IsAdmin() {",
      "\t\t\th.fail(w, impart.HTTPError{http.StatusNotFound, \"\"})",
      "\t\t\treturn",
      "\t\t}",
      "\t\tf(h.app, u, w, r)",
      "\t}",
      "}",
      "func (h *Handler) UserAPI(f userHandlerFunc) http.HandlerFunc {",
      "\treturn h.UserAll(f, apiAuth)",
      "}",
      "func (h *Handler) UserAll(f userHandlerFunc, a authFunc) http.HandlerFunc {",
      "\treturn func(w http.ResponseWriter, r *http.Request) {",
      "\t\tif _, err := a(h.app, r); err == ErrBadAccessToken {",
      "\t\t\th.fail(w, err)",
      "\t\t\treturn",
      "\t\t}",
      "\t}",
      "}",
      "func (h *Handler) Web(f handlerFunc) http.HandlerFunc {",
      "\treturn func(w http.ResponseWriter, r *http.Request) { f(h.app, w, r) }",
      "}",
    ].join("\n"),
    "routes.go": [
      "package blog",
      'import "github.com/gorilla/mux"',
      "func InitRoutes(handler *Handler) *mux.Router {",
      "\tr := mux.NewRouter()",
      '\tr.HandleFunc("/me/c/{collection}", handler.User(viewEditCollection)).Methods("GET")',
      '\tr.HandleFunc("/admin/users", handler.Admin(handleViewAdminUsers)).Methods("GET")',
      '\tr.HandleFunc("/api/me/collections", handler.UserAPI(viewMyCollectionsAPI)).Methods("GET")',
      '\tr.HandleFunc("/api/collections/{alias}/posts/{post:[a-zA-Z0-9]{10}}", handler.Web(existingPost)).Methods("POST")',
      "\treturn r",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /admin/users [handler.Admin]",
    "POST /api/collections/{alias}/posts/{post}",
    "GET /api/me/collections [handler.UserAPI]",
    "GET /me/c/{collection} [handler.User]",
  ]);
});

gorilla("a string variable of the function is read by the literal it is declared with (a default configuration may change); a route with no path on a Path subrouter serves that path; one function's variable is not another's", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module example.com/sem\n\ngo 1.22\n\nrequire github.com/gorilla/mux v1.8.1\n",
    "api/router.go": [
      "package api",
      "",
      'import "github.com/gorilla/mux"',
      "",
      "func Route() *mux.Router {",
      "\tr := mux.NewRouter()",
      '\twebPath := "/"',
      "\tif WebHostURL != nil {",
      "\t\twebPath = WebHostURL.Path",
      "\t}",
      '\tping := r.Path(webPath + "api/ping").Subrouter()',
      '\tping.Methods("GET", "HEAD").HandlerFunc(pong)',
      '\tapi := r.PathPrefix(webPath + "api").Subrouter()',
      '\tapi.HandleFunc("/projects", projects).Methods("GET")',
      "\treturn r",
      "}",
      "",
      "func Other() *mux.Router {",
      "\tr := mux.NewRouter()",
      '\tr.HandleFunc(webPath + "x", other).Methods("GET")',
      "\treturn r",
      "}",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /api/ping pong",
    "HEAD /api/ping pong",
    "GET /api/projects projects",
  ]);
});

gorilla("a route of every method serves the methods its handler tells apart (switch on r.Method, `if r.Method != \"POST\"`, a form that acts on a post), the handler of its own package; middleware not named like a check guards when its body refuses (RequireAPIKey); mid.Use(handler, middleware...) applies the middleware to the handler", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "go.mod": "module example.com/phish\n\ngo 1.22\n\nrequire github.com/gorilla/mux v1.8.1\n",
    "api/server.go": [
      "package api",
      "",
      "import (",
      '\tmid "example.com/phish/middleware"',
      '\t"github.com/gorilla/mux"',
      ")",
      "",
      "func (as *Server) registerRoutes() {",
      "\troot := mux.NewRouter()",
      '\trouter := root.PathPrefix("/api/").Subrouter()',
      "\trouter.Use(mid.RequireAPIKey)",
      "\trouter.Use(mid.AddHeaders)",
      '\trouter.HandleFunc("/campaigns", as.Campaigns)',
      '\trouter.HandleFunc("/reset", as.Reset)',
      '\trouter.HandleFunc("/import", as.Import)',
      '\trouter.HandleFunc("/ping", as.Ping)',
      '\trouter.HandleFunc("/users", mid.Use(as.Users, mid.RequirePermission(models.PermissionModifySystem)))',
      "\tas.handler = router",
      "}",
      "",
    ].join("\n"),
    "api/campaigns.go": [
      "package api",
      "",
      'import "net/http"',
      "",
      "func (as *Server) Campaigns(w http.ResponseWriter, r *http.Request) {",
      "\tswitch {",
      '\tcase r.Method == "GET":',
      "\t\tlist(w)",
      "\tcase r.Method == http.MethodPost:",
      "\t\tcreate(w, r)",
      "\t}",
      "}",
      "",
      "func (as *Server) Reset(w http.ResponseWriter, r *http.Request) {",
      "\tif r.Method != http.MethodPost {",
      "\t\thttp.Error(w, \"method\", http.StatusMethodNotAllowed)",
      "\t\treturn",
      "\t}",
      "\treset(w)",
      "}",
      "",
      "func (as *Server) Import(w http.ResponseWriter, r *http.Request) {",
      "\tswitch r.Method {",
      "\tcase http.MethodPut, \"PATCH\":",
      "\t\tsave(w, r)",
      "\t}",
      "}",
      "",
      "func (as *Server) Users(w http.ResponseWriter, r *http.Request) {",
      "\tswitch {",
      '\tcase r.Method == "GET":',
      "\t\tlist(w)",
      "\t}",
      "}",
      "",
      "func (as *Server) Ping(w http.ResponseWriter, r *http.Request) {",
      '\tw.Write([]byte("pong"))',
      "}",
      "",
    ].join("\n"),
    // A page handler of the same name in another package checks no method.
    "pages/campaigns.go": 'package pages\n\nimport "net/http"\n\nfunc (ps *Pages) Campaigns(w http.ResponseWriter, r *http.Request) {\n\tif r.Method == "POST" {\n\t\tsave(r)\n\t}\n\trender(w)\n}\n',
    "middleware/middleware.go": [
      "package middleware",
      "",
      'import "net/http"',
      "",
      "func RequireAPIKey(handler http.Handler) http.Handler {",
      "\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {",
      '\t\tif r.Header.Get("Authorization") == "" {',
      '\t\t\tJSONError(w, http.StatusUnauthorized, "API Key not set")',
      "\t\t\treturn",
      "\t\t}",
      "\t\thandler.ServeHTTP(w, r)",
      "\t})",
      "}",
      "",
      "func AddHeaders(handler http.Handler) http.Handler {",
      "\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {",
      '\t\tw.Header().Set("X-Frame-Options", "DENY")',
      "\t\thandler.ServeHTTP(w, r)",
      "\t})",
      "}",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /api/campaigns as.Campaigns [mid.RequireAPIKey]",
    "POST /api/campaigns as.Campaigns [mid.RequireAPIKey]",
    "PATCH /api/import as.Import [mid.RequireAPIKey]",
    "PUT /api/import as.Import [mid.RequireAPIKey]",
    "ALL /api/ping as.Ping [mid.RequireAPIKey]",
    "POST /api/reset as.Reset [mid.RequireAPIKey]",
    "GET /api/users as.Users [mid.RequireAPIKey,mid.RequirePermission]",
  ]);
});

gorilla("a struct embedding the router (&Handler{Router: mux.NewRouter()}) is that router; a ServeHTTP dispatcher mounts each field's router under the prefix it strips (http.StripPrefix(\"/api\", h.AuthHandler).ServeHTTP), at its own paths without; a wrapper that wraps the handler in an authenticating one (h = b.mwAuthenticatedUser(h)) guards, nested wrappers too", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "api/go.mod": "module github.com/acme/panel/api\n\ngo 1.22\n\nrequire github.com/gorilla/mux v1.8.1\n",
    "api/http/handler/handler.go": [
      "package handler",
      "",
      "import (",
      '\t"net/http"',
      '\t"strings"',
      "",
      '\t"github.com/acme/panel/api/http/handler/auth"',
      '\t"github.com/acme/panel/api/http/handler/groups"',
      ")",
      "",
      "type Handler struct {",
      "\tAuthHandler   *auth.Handler",
      "\tGroupsHandler *groups.Handler",
      "}",
      "",
      "func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {",
      "\tswitch {",
      '\tcase strings.HasPrefix(r.URL.Path, "/api/auth"):',
      '\t\thttp.StripPrefix("/api", h.AuthHandler).ServeHTTP(w, r)',
      "\tdefault:",
      "\t\th.GroupsHandler.ServeHTTP(w, r)",
      "\t}",
      "}",
      "",
    ].join("\n"),
    "api/http/handler/auth/handler.go": [
      "package auth",
      "",
      'import (\n\t"net/http"\n\n\t"github.com/gorilla/mux"\n)',
      "",
      "type Handler struct {",
      "\t*mux.Router",
      "\tDataStore Store",
      "}",
      "",
      "func NewHandler(bouncer *security.RequestBouncer) *Handler {",
      "\th := &Handler{",
      "\t\tRouter: mux.NewRouter(),",
      "\t}",
      '\th.Handle("/auth", bouncer.PublicAccess(httperror.LoggerHandler(h.authenticate))).Methods(http.MethodPost)',
      '\th.Handle("/auth/tokens", bouncer.AdminAccess(bouncer.Audited(h.listTokens))).Methods(http.MethodGet)',
      // A wrapper whose argument takes two values (the deprecated route's rewriter) still wraps a handler: named for admin access, it guards.
      '\th.Handle("/auth/keys", bouncer.AdminAccess(bouncer.Audited(middlewares.Deprecated(h, deprecatedKeysParser)))).Methods(http.MethodPost)',
      "\treturn h",
      "}",
      "",
    ].join("\n"),
    "api/http/handler/groups/handler.go": [
      "package groups",
      "",
      'import (\n\t"net/http"\n\n\t"github.com/gorilla/mux"\n)',
      "",
      "type Handler struct {",
      "\t*mux.Router",
      "}",
      "",
      "func NewHandler() *Handler {",
      "\th := &Handler{Router: mux.NewRouter()}",
      '\th.Handle("/api/groups", http.HandlerFunc(h.list)).Methods(http.MethodGet)',
      "\treturn h",
      "}",
      "",
    ].join("\n"),
    "api/http/security/bouncer.go": [
      "package security",
      "",
      'import "net/http"',
      "",
      "func (bouncer *RequestBouncer) PublicAccess(h http.Handler) http.Handler {",
      "\treturn secureHeaders(h)",
      "}",
      "",
      "func (bouncer *RequestBouncer) AdminAccess(h http.Handler) http.Handler {",
      "\th = bouncer.mwCheckAuthorizations(h, true)",
      "\th = bouncer.mwAuthenticatedUser(h)",
      "\treturn h",
      "}",
      "",
      "func (bouncer *RequestBouncer) Audited(h http.Handler) http.Handler {",
      "\treturn h",
      "}",
      "",
      "func (bouncer *RequestBouncer) mwAuthenticatedUser(h http.Handler) http.Handler {",
      "\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {",
      "\t\tif _, err := bouncer.tokenData(r); err != nil {",
      '\t\t\thttp.Error(w, "Unauthorized", http.StatusUnauthorized)',
      "\t\t\treturn",
      "\t\t}",
      "\t\th.ServeHTTP(w, r)",
      "\t})",
      "}",
      "",
      "func (bouncer *RequestBouncer) mwCheckAuthorizations(h http.Handler, admin bool) http.Handler {",
      "\treturn h",
      "}",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "POST /api/auth",
    "POST /api/auth/keys [bouncer.AdminAccess]",
    "GET /api/auth/tokens [bouncer.AdminAccess]",
    "GET /api/groups",
  ]);
});

gorilla("a wrapper named so (bouncer.PublicAccess(h)) declares its route public, but not under a router whose middleware guards it; middleware that refuses nobody leaves it public", () => {
  const root = tempDir("tool-gorilla-public-");
  git(root, "init", "-q");
  writeFiles(root, {
    "go.mod": "module example.com/panel\n\ngo 1.22\n\nrequire github.com/gorilla/mux v1.8.1\n",
    "handler.go": [
      "package handler",
      "",
      'import (\n\t"net/http"\n\n\t"github.com/gorilla/mux"\n)',
      "",
      "func NewHandler(bouncer *RequestBouncer, store Store) *mux.Router {",
      "\th := mux.NewRouter()",
      '\th.Handle("/api/restore", bouncer.PublicAccess(LoggerHandler(restore))).Methods(http.MethodPost)',
      '\th.Handle("/api/backup", bouncer.Audited(LoggerHandler(backup))).Methods(http.MethodPost)',
      "\tendpoints := h.PathPrefix(\"/api/endpoints/{id}\").Subrouter()",
      "\tendpoints.Use(WithEndpoint(store, \"id\"))",
      '\tendpoints.Handle("/edge/logs", bouncer.PublicAccess(LoggerHandler(edgeLogs))).Methods(http.MethodPost)',
      "\tadmin := h.PathPrefix(\"/api/admin\").Subrouter()",
      "\tadmin.Use(bouncer.AuthenticatedAccess)",
      '\tadmin.Handle("/settings", bouncer.PublicAccess(LoggerHandler(settings))).Methods(http.MethodPut)',
      "\treturn h",
      "}",
      "",
      "func WithEndpoint(store Store, key string) mux.MiddlewareFunc {",
      "\treturn func(next http.Handler) http.Handler {",
      "\t\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {",
      "\t\t\tnext.ServeHTTP(w, r.WithContext(withEndpoint(r, store.Endpoint(mux.Vars(r)[key]))))",
      "\t\t})",
      "\t}",
      "}",
      "",
      "func (bouncer *RequestBouncer) PublicAccess(h http.Handler) http.Handler { return secureHeaders(h) }",
      "func (bouncer *RequestBouncer) Audited(h http.Handler) http.Handler { return h }",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}${r.public ? " public" : ""}`), [
    "PUT /api/admin/settings [bouncer.AuthenticatedAccess]",
    "POST /api/backup",
    "POST /api/endpoints/{id}/edge/logs public",
    "POST /api/restore public",
  ]);
});

gorilla("routers kept in the fields of a struct another package builds (Routers{Client: mux.NewRouter().PathPrefix(PublicClientPathPrefix).Subrouter()}) serve under its prefix, handed on whole or by field; handlers made by the app's adapters around a function literal or a handler built by a call (MakeAuthAPI) or held in a variable are guarded by the adapter's name or body; an OPTIONS preflight declared beside a method is unguarded", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module example.com/chat\n\ngo 1.21\n\nrequire github.com/gorilla/mux v1.8.0\n",
    "internal/httputil/paths.go": ["package httputil", "", "const (", '\tPublicClientPathPrefix = "/_matrix/client/"', '\tPublicMediaPathPrefix  = "/_matrix/media/"', ")"].join("\n"),
    "internal/httputil/routing.go": [
      "package httputil",
      'import "github.com/gorilla/mux"',
      "type Routers struct {",
      "\tClient *mux.Router",
      "\tMedia  *mux.Router",
      "}",
      "func NewRouters() Routers {",
      "\tr := Routers{",
      "\t\tClient: mux.NewRouter().SkipClean(true).PathPrefix(PublicClientPathPrefix).Subrouter().UseEncodedPath(),",
      "\t\tMedia:  mux.NewRouter().SkipClean(true).PathPrefix(PublicMediaPathPrefix).Subrouter().UseEncodedPath(),",
      "\t}",
      "\treturn r",
      "}",
    ].join("\n"),
    "internal/httputil/httpapi.go": [
      "package httputil",
      'import "net/http"',
      "func MakeAuthAPI(name string, api UserAPI, f func(*http.Request, *Device) Response) http.Handler {",
      "\treturn http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {",
      "\t\tdevice, err := VerifyUserFromRequest(req, api)",
      "\t\tif err != nil {",
      "\t\t\treturn",
      "\t\t}",
      "\t\tf(req, device)",
      "\t})",
      "}",
      "func MakeAdminAPI(name string, api UserAPI, f func(*http.Request, *Device) Response) http.Handler {",
      "\treturn MakeAuthAPI(name, api, func(req *http.Request, device *Device) Response {",
      "\t\tif device.AccountType != AccountTypeAdmin {",
      "\t\t\treturn Response{Code: http.StatusForbidden}",
      "\t\t}",
      "\t\treturn f(req, device)",
      "\t})",
      "}",
      "func MakeExternalAPI(name string, f func(*http.Request) Response) http.Handler {",
      "\treturn http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) { f(req) })",
      "}",
      "func MakeFedAPI(name string, keys KeyRing, f func(*http.Request, *FederationRequest) Response) http.Handler {",
      "\treturn MakeExternalAPI(name, func(req *http.Request) Response {",
      "\t\tfedReq, errResp := VerifyHTTPRequest(req, keys)",
      "\t\tif fedReq == nil {",
      "\t\t\treturn errResp",
      "\t\t}",
      "\t\treturn f(req, fedReq)",
      "\t})",
      "}",
    ].join("\n"),
    "clientapi/routing/routing.go": [
      "package routing",
      "import (",
      '\t"net/http"',
      '\t"example.com/chat/internal/config"',
      '\t"example.com/chat/internal/httputil"',
      ")",
      "func Setup(routers httputil.Routers, dendriteCfg *config.Dendrite, userAPI httputil.UserAPI) {",
      "\tcfg := &dendriteCfg.ClientAPI",
      "\tpublicAPIMux := routers.Client",
      '\tv3mux := publicAPIMux.PathPrefix("/{apiversion:(?:r0|v3)}/").Subrouter()',
      '\tv3mux.Handle("/createRoom",',
      '\t\thttputil.MakeAuthAPI("createRoom", userAPI, func(req *http.Request, device *httputil.Device) httputil.Response {',
      "\t\t\treturn CreateRoom(req, device, cfg)",
      "\t\t}),",
      "\t).Methods(http.MethodPost, http.MethodOptions)",
      '\tv3mux.Handle("/login",',
      '\t\thttputil.MakeExternalAPI("login", func(req *http.Request) httputil.Response { return Login(req, cfg) }),',
      "\t).Methods(http.MethodPost, http.MethodOptions)",
      '\tv3mux.Handle("/admin/whois/{userID}",',
      '\t\thttputil.MakeAdminAPI("whois", userAPI, func(req *http.Request, device *httputil.Device) httputil.Response { return Whois(req) }),',
      "\t).Methods(http.MethodGet)",
      '\tgetKeys := httputil.MakeAuthAPI("get_keys", userAPI, func(req *http.Request, device *httputil.Device) httputil.Response {',
      "\t\treturn GetKeys(req, device)",
      "\t})",
      '\tgetVersions := httputil.MakeExternalAPI("versions", func(req *http.Request) httputil.Response { return Versions(req) })',
      '\tv3mux.Handle("/room_keys/keys", getKeys).Methods(http.MethodGet)',
      '\tv3mux.Handle("/versions", getVersions).Methods(http.MethodGet)',
      '\tv3mux.Handle("/event_relationships", httputil.MakeAuthAPI("eventRelationships", userAPI, eventRelationshipHandler(cfg))).Methods(http.MethodPost)',
      '\tv3mux.Handle("/publicRooms", httputil.MakeExternalAPI("publicRooms", publicRoomsHandler(cfg))).Methods(http.MethodPost)',
      "\t// A handler wrapped in place (h = withCache(h)) is still read, without looping on itself.",
      '\th := http.FileServer(http.Dir("static"))',
      "\th = withCache(h)",
      '\tv3mux.Handle("/static", h)',
      "\tAddHelpers(cfg, userAPI)",
      "}",
    ].join("\n"),
    "mediaapi/routing/routing.go": [
      "package routing",
      "import (",
      '\t"net/http"',
      '\t"github.com/gorilla/mux"',
      '\t"example.com/chat/internal/config"',
      '\t"example.com/chat/internal/httputil"',
      ")",
      "func Setup(cfg *config.MediaAPI, mediaRouter *mux.Router, keys httputil.KeyRing) {",
      '\tv3mux := mediaRouter.PathPrefix("/v3/").Subrouter()',
      '\tv3mux.Handle("/upload", httputil.MakeExternalAPI("upload", func(req *http.Request) httputil.Response { return Upload(req, cfg) })).Methods(http.MethodPost)',
      '\tv3mux.Handle("/fed/download/{mediaID}", httputil.MakeFedAPI("download", keys, func(req *http.Request, r *httputil.FederationRequest) httputil.Response { return Download(req) })).Methods(http.MethodGet)',
      "}",
    ].join("\n"),
    "cmd/server/main.go": [
      "package main",
      "import (",
      '\t"net/http"',
      '\tclientrouting "example.com/chat/clientapi/routing"',
      '\t"example.com/chat/internal/config"',
      '\t"example.com/chat/internal/httputil"',
      '\tmediarouting "example.com/chat/mediaapi/routing"',
      ")",
      "func main() {",
      "\tcfg := config.Load()",
      "\trouters := httputil.NewRouters()",
      "\tclientrouting.Setup(routers, cfg, nil)",
      "\t// A struct of settings handed first is no router: the router after it is still the media one.",
      "\tmediarouting.Setup(&cfg.MediaAPI, routers.Media, nil)",
      '\thttp.ListenAndServe(":8008", routers.Client)',
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /_matrix/client/{apiversion}/admin/whois/{userID} [httputil.MakeAdminAPI]",
    "OPTIONS /_matrix/client/{apiversion}/createRoom",
    "POST /_matrix/client/{apiversion}/createRoom [httputil.MakeAuthAPI]",
    "POST /_matrix/client/{apiversion}/event_relationships [httputil.MakeAuthAPI]",
    "OPTIONS /_matrix/client/{apiversion}/login",
    "POST /_matrix/client/{apiversion}/login",
    "POST /_matrix/client/{apiversion}/publicRooms",
    "GET /_matrix/client/{apiversion}/room_keys/keys [httputil.MakeAuthAPI]",
    "ALL /_matrix/client/{apiversion}/static",
    "GET /_matrix/client/{apiversion}/versions",
    "GET /_matrix/media/v3/fed/download/{mediaID} [httputil.MakeFedAPI]",
    "POST /_matrix/media/v3/upload",
  ]);
});

gorilla("a package that only files built with a tag of the project's import (pro/, wired up by an `//go:build ee` file) serves nothing by default; one imported by a default file, or by no file, keeps its routes", () => {
  const root = tempDir("tool-gorilla-tagged-");
  const handlers = (pkg: string, path: string) => [
    `package ${pkg}`,
    'import "github.com/gorilla/mux"',
    `func Handlers(r *mux.Router) { r.HandleFunc("${path}", handle).Methods("GET") }`,
  ].join("\n");
  writeFiles(root, {
    "go.mod": "module example.com/mesh\n\nrequire github.com/gorilla/mux v1.8.0\n",
    "main.go": ["package main", 'import "example.com/mesh/controllers"', "func main() { controllers.Start() }"].join("\n"),
    "main_ee.go": ["//go:build ee", "", "package main", 'import "example.com/mesh/pro"', "func init() { pro.Init() }"].join("\n"),
    "controllers/controller.go": [
      "package controllers",
      'import (\n\t"net/http"\n\t"github.com/gorilla/mux"\n\t"example.com/mesh/users"\n)',
      "var HttpHandlers = []interface{}{ nodeHandlers, users.Handlers }",
      "func Start() {",
      "\tr := mux.NewRouter()",
      "\tfor _, handler := range HttpHandlers {",
      "\t\thandler.(func(*mux.Router))(r)",
      "\t}",
      '\thttp.ListenAndServe(":8081", r)',
      "}",
      'func nodeHandlers(r *mux.Router) { r.HandleFunc("/api/nodes", getNodes).Methods("GET") }',
    ].join("\n"),
    "users/users.go": handlers("users", "/api/users"),
    "pro/initialize.go": [
      "//go:build ee",
      "",
      "package pro",
      'import (\n\t"example.com/mesh/controllers"\n\tproControllers "example.com/mesh/pro/controllers"\n)',
      "func Init() { controllers.HttpHandlers = append(controllers.HttpHandlers, proControllers.Handlers) }",
    ].join("\n"),
    "pro/controllers/tags.go": handlers("controllers", "/api/v1/tags"),
    "plugins/metrics.go": handlers("plugins", "/metrics"),
  });
  git(root, "init", "-q");
  const paths = analyze(root).routes.items.map((r) => `${r.method} ${r.path}`);
  assert.ok(!paths.includes("GET /api/v1/tags"), paths.join(", "));
  for (const kept of ["GET /api/nodes", "GET /api/users", "GET /metrics"]) assert.ok(paths.includes(kept), `${kept} in ${paths.join(", ")}`);
});

gorilla("a function literal run where it stands (go func() { r := http.NewServeMux() ... }()) declares its own router: the routes written after it stay on the outer one", () => {
  const root = tempDir("tool-gorilla-shadow-");
  writeFiles(root, {
    "go.mod": "module example.com/status\n\ngo 1.21\n\nrequire github.com/gorilla/mux v1.8.0\n",
    "handlers/routes.go": [
      "package handlers",
      'import (\n\t"net/http"\n\t"net/http/pprof"\n\t"github.com/gorilla/mux"\n)',
      "func Router() *mux.Router {",
      "\tr := mux.NewRouter()",
      '\tr.Handle("/", http.HandlerFunc(indexHandler))',
      "\tif debug {",
      "\t\tgo func() {",
      "\t\t\tr := http.NewServeMux()",
      '\t\t\tr.HandleFunc("/debug/pprof/", pprof.Index)',
      '\t\t\thttp.ListenAndServe(":9090", r)',
      "\t\t}()",
      "\t}",
      '\tr.Handle("/api/setup", http.HandlerFunc(processSetupHandler)).Methods("POST")',
      "\treturn r",
      "}",
    ].join("\n"),
    "main.go": 'package main\nimport (\n\t"net/http"\n\t"example.com/status/handlers"\n)\nfunc main() { http.ListenAndServe(":8080", handlers.Router()) }\n',
  });
  git(root, "init", "-q");
  const paths = analyze(root).routes.items.map((r) => `${r.method} ${r.path}`);
  assert.ok(paths.includes("POST /api/setup"), paths.join(", "));
  assert.ok(paths.includes("ALL /"), paths.join(", "));
});

gorilla("middleware added only when a configured value is given (authUser := os.Getenv(\"AUTH_USERNAME\"); if authUser != \"\" { r.Use(basicAuth) }) checks nobody as shipped; added unconditionally, or when a flag says so, it guards", () => {
  const root = tempDir("tool-gorilla-configured-middleware-");
  writeFiles(root, {
    "go.mod": "module example.com/status\n\ngo 1.21\n\nrequire github.com/gorilla/mux v1.8.0\n",
    "handlers/routes.go": [
      "package handlers",
      'import (\n\t"net/http"\n\t"os"\n\t"github.com/gorilla/mux"\n)',
      "func Router() *mux.Router {",
      "\tr := mux.NewRouter()",
      '\tauthUser := os.Getenv("AUTH_USERNAME")',
      '\tif authUser != "" {',
      "\t\tr.Use(basicAuthHandler)",
      "\t}",
      '\tr.Handle("/api/services", http.HandlerFunc(createService)).Methods("POST")',
      '\tadmin := r.PathPrefix("/admin").Subrouter()',
      "\tadmin.Use(requireAdmin)",
      '\tadmin.Handle("/reset", http.HandlerFunc(reset)).Methods("POST")',
      "\treturn r",
      "}",
    ].join("\n"),
    "main.go": 'package main\nimport (\n\t"net/http"\n\t"example.com/status/handlers"\n)\nfunc main() { http.ListenAndServe(":8080", handlers.Router()) }\n',
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["POST /admin/reset [requireAdmin]", "POST /api/services"]);
});

gorilla("a path handed to a function of the app's (WithBase(\"/api/files\")) is kept with its prefix marked unknown; a helper applying a list of middleware held in a variable (NewMiddlewareChain(h, middlewares)) guards by the list's checks, a sign-in check named LoggedInOnly among them, judged by its body", () => {
  const root = tempDir("tool-gorilla-chains-");
  writeFiles(root, {
    "go.mod": "module github.com/acme/files\n\ngo 1.22\n\nrequire github.com/gorilla/mux v1.8.0\n",
    "server/routes.go": [
      "package server",
      "",
      "import (",
      '\t"github.com/gorilla/mux"',
      '\t"github.com/acme/files/server/session"',
      ")",
      "",
      "func Build(r *mux.Router) {",
      "\tvar (",
      "\t\trouter      *mux.Router",
      "\t\tmiddlewares []Middleware",
      "\t)",
      '\trouter = r.PathPrefix(WithBase("/api/files")).Subrouter()',
      "\tmiddlewares = []Middleware{ApiHeaders, SecureHeaders, session.LoggedInOnly}",
      '\trouter.HandleFunc("/cat", NewMiddlewareChain(files.FileCat, middlewares)).Methods("GET")',
      "\tmiddlewares = []Middleware{ApiHeaders, RateLimiter}",
      '\trouter.HandleFunc("/public", NewMiddlewareChain(files.FilePublic, middlewares)).Methods("POST")',
      "}",
    ].join("\n"),
    "server/session/middleware.go": [
      "package session",
      "",
      "func LoggedInOnly(fn HandlerFunc) HandlerFunc {",
      "\treturn HandlerFunc(func(ctx *App, res http.ResponseWriter, req *http.Request) {",
      "\t\tif ctx.Session == nil {",
      "\t\t\tSendErrorResult(res, ErrPermissionDenied)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tfn(ctx, res, req)",
      "\t})",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "GET /api/files/cat [session.LoggedInOnly] (prefix unknown)",
    "POST /api/files/public (prefix unknown)",
  ]);
});

gorilla("a handler registered for every method that upgrades the connection to a WebSocket (upgrader.Upgrade of gorilla/websocket) is a GET; one that only serves a page stays every method", () => {
  const root = tempDir("tool-gorilla-websocket-");
  writeFiles(root, {
    "go.mod": "module example.com/share\n\ngo 1.22\n\nrequire (\n\tgithub.com/gorilla/mux v1.8.1\n\tgithub.com/gorilla/websocket v1.5.3\n)\n",
    "router/router.go": 'package router\n\nimport (\n\t"net/http"\n\t"github.com/gorilla/mux"\n\t"example.com/share/ws"\n)\n\nfunc Router(rooms *ws.Rooms) *mux.Router {\n\trouter := mux.NewRouter()\n\trouter.HandleFunc("/stream", rooms.Upgrade)\n\trouter.HandleFunc("/page", rooms.Page)\n\treturn router\n}\n\nfunc serve(r *mux.Router) { http.ListenAndServe(":5050", r) }\n',
    "ws/rooms.go": 'package ws\n\nimport (\n\t"net/http"\n\t"github.com/gorilla/websocket"\n)\n\ntype Rooms struct{ upgrader websocket.Upgrader }\n\nfunc (r *Rooms) Upgrade(w http.ResponseWriter, req *http.Request) {\n\tconn, err := r.upgrader.Upgrade(w, req, nil)\n\tif err != nil {\n\t\treturn\n\t}\n\tdefer conn.Close()\n}\n\nfunc (r *Rooms) Page(w http.ResponseWriter, req *http.Request) {\n\tw.Write([]byte("rooms"))\n}\n',
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["ALL /page", "GET /stream"]);
});

gorilla("routes registered in a loop over a table the function writes (a map or slice of route values, positional or keyed), on a router asserted back from the server's handler; a router a block declares again is the outer one after the block; a subrouter per element of a range loop takes the loop's variable as a parameter", () => {
  const root = tempDir("tool-gorilla-tables-");
  writeFiles(root, {
    "go.mod": "module github.com/acme/charger\n\ngo 1.22\n\nrequire github.com/gorilla/mux v1.8.1\n",
    "server/http.go": [
      "package server",
      "",
      "import (",
      "\t\"fmt\"",
      "\t\"net/http\"",
      "",
      "\t\"github.com/gorilla/mux\"",
      ")",
      "",
      "type route struct {",
      "\tMethod      string",
      "\tPattern     string",
      "\tHandlerFunc http.HandlerFunc",
      "}",
      "",
      "func (r route) Methods() []string {",
      "\treturn []string{r.Method, http.MethodOptions}",
      "}",
      "",
      "type HTTPd struct{ *http.Server }",
      "",
      "func NewHTTPd() *HTTPd {",
      "\treturn &HTTPd{Server: &http.Server{Handler: mux.NewRouter()}}",
      "}",
      "",
      "func (s *HTTPd) RegisterSiteHandlers(site Site) {",
      "\trouter := s.Server.Handler.(*mux.Router)",
      "\tapi := router.PathPrefix(\"/api\").Subrouter()",
      "",
      "\troutes := map[string]route{",
      "\t\t\"buffersoc\": {\"POST\", \"/buffersoc/{value:[0-9.]+}\", floatHandler(site.SetBufferSoc)},",
      "\t\t\"sessions\":  {\"GET\", \"/sessions\", sessionHandler},",
      "\t}",
      "\tfor _, r := range routes {",
      "\t\tapi.Methods(r.Methods()...).Path(r.Pattern).Handler(r.HandlerFunc)",
      "\t}",
      "",
      "\t{ // api/config",
      "\t\tapi := api.PathPrefix(\"/config\").Subrouter()",
      "\t\tapi.Use(ensureAuthHandler(auth))",
      "\t\tfor _, r := range []route{",
      "\t\t\t{Method: \"PUT\", Pattern: \"/tariff\", HandlerFunc: updateTariffHandler},",
      "\t\t} {",
      "\t\t\tapi.Methods(r.Methods()...).Path(r.Pattern).Handler(r.HandlerFunc)",
      "\t\t}",
      "\t}",
      "",
      "\tapi.Methods(\"GET\").Path(\"/state\").HandlerFunc(stateHandler)",
      "",
      "\tfor id, lp := range site.Loadpoints() {",
      "\t\tapi := api.PathPrefix(fmt.Sprintf(\"/loadpoints/%d\", id+1)).Subrouter()",
      "\t\tapi.Methods(\"POST\").Path(\"/mode/{value:[a-z]+}\").HandlerFunc(modeHandler(lp))",
      "\t}",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/sessions",
    "GET /api/state",
    "POST /api/buffersoc/{value}",
    "POST /api/loadpoints/{id}/mode/{value}",
    "PUT /api/config/tariff [ensureAuthHandler]",
  ]);
});

gorilla("a sub-router under a prefix the code computes (PathPrefix(apiListenURL.Path)) says its routes' prefix is not known; one under a literal prefix does not", () => {
  const root = tempDir("tool-gorilla-computed-prefix-");
  writeFiles(root, {
    "go.mod": "module example.com/photos\n\ngo 1.22\n\nrequire github.com/gorilla/mux v1.8.1\n",
    "server.go": [
      "package main",
      "",
      'import (\n\t"net/http"\n\t"net/url"\n\t"os"\n\n\t"github.com/gorilla/mux"\n)',
      "",
      "func main() {",
      "\trootRouter := mux.NewRouter()",
      '\tapiListenURL, _ := url.Parse(os.Getenv("API_ENDPOINT"))',
      "\tendpointRouter := rootRouter.PathPrefix(apiListenURL.Path).Subrouter()",
      '\tendpointRouter.Handle("/graphql", graphqlHandler())',
      '\tphotoRouter := endpointRouter.PathPrefix("/photo").Subrouter()',
      '\tphotoRouter.HandleFunc("/{name}", photoHandler)',
      '\tadmin := rootRouter.PathPrefix("/admin").Subrouter()',
      '\tadmin.HandleFunc("/stats", statsHandler)',
      '\thttp.ListenAndServe(":4001", rootRouter)',
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  git(root, "add", "-A");
  git(root, "-c", "user.email=a@b", "-c", "user.name=a", "commit", "-qm", "init");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "ALL /admin/stats",
    "ALL /graphql (prefix unknown)",
    "ALL /photo/{name} (prefix unknown)",
  ]);
});

gorilla.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines, guardedRoutes } from "../helpers/routes.ts";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const chi = suite("chi routes");

chi("Route and Group closures, With, Use, Mount of a function in another package and of a function returning a router", () => {
  assert.equal(routeLines("routes-chi"), [
    "GET / cmd/server/main.go:14 index",
    "ALL /admin/metrics cmd/server/main.go:32 metricsHandler [requireAdmin]",
    "GET /admin/stats cmd/server/main.go:31 stats [requireAdmin]",
    "GET /api/notes cmd/server/main.go:19 listNotes [requireSession]",
    "POST /api/notes cmd/server/main.go:20 createNote [requireSession]",
    "DELETE /api/notes/{noteID} cmd/server/main.go:22 deleteNote [requireAdmin]",
    "GET /api/users internal/users/routes.go:14 list",
    "GET /api/users/{userID} internal/users/routes.go:15 show",
    "PUT /api/users/{userID} internal/users/routes.go:16 update",
  ]);
});

chi("a router handed to a function and assigned its result (router = api.MakeRoutes(router)) lists each route once", () => {
  const root = tempDir("tool-chi-handed-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n",
    "internal/router.go": 'package internal\n\nimport (\n\t"github.com/go-chi/chi/v5"\n\tarticles "example.com/app/internal/articles"\n)\n\nfunc NewRouter() *chi.Mux {\n\trouter := chi.NewRouter()\n\trouter = articles.MakeRoutes(router)\n\treturn router\n}\n',
    "internal/articles/routes.go": 'package articles\n\nimport "github.com/go-chi/chi/v5"\n\nfunc MakeRoutes(router *chi.Mux) *chi.Mux {\n\trouter.Get("/tags", tags)\n\trouter.Route("/articles", func(r chi.Router) {\n\t\tr.Get("/", list)\n\t})\n\treturn router\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /articles", "GET /tags"]);
});

chi("a router mounted on itself (router.Mount(\"/api\", router)) serves every route at both paths", () => {
  const root = tempDir("tool-chi-self-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n",
    "internal/router.go": 'package internal\n\nimport (\n\t"github.com/go-chi/chi/v5"\n\tarticles "example.com/app/internal/articles"\n)\n\nfunc NewRouter() *chi.Mux {\n\trouter := chi.NewRouter()\n\trouter = articles.MakeRoutes(router)\n\trouter.Mount("/api", router)\n\treturn router\n}\n',
    "internal/articles/routes.go": 'package articles\n\nimport "github.com/go-chi/chi/v5"\n\nfunc MakeRoutes(router *chi.Mux) *chi.Mux {\n\trouter.Get("/tags", tags)\n\trouter.Route("/articles", func(r chi.Router) {\n\t\tr.With(requireUser).Post("/", create)\n\t})\n\treturn router\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "POST /api/articles [requireUser]",
    "GET /api/tags []",
    "POST /articles [requireUser]",
    "GET /tags []",
  ]);
});

chi("a resource type's Routes() method mounted from a composite literal (r.Mount(\"/todos\", todosResource{}.Routes())); a block after an if is no literal", () => {
  const root = tempDir("tool-chi-resource-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n",
    "main.go": 'package main\n\nimport (\n\t"net/http"\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc main() {\n\tr := chi.NewRouter()\n\tok := true\n\tif ok {\n\t\tr.Get("/", index)\n\t}\n\tr.Mount("/todos", todosResource{}.Routes())\n\thttp.ListenAndServe(":3333", r)\n}\n',
    "todos.go": 'package main\n\nimport "github.com/go-chi/chi/v5"\n\ntype todosResource struct{}\n\nfunc (rs todosResource) Routes() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/", rs.List)\n\tr.Route("/{id}", func(r chi.Router) {\n\t\tr.Delete("/", rs.Delete)\n\t})\n\treturn r\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /", "GET /todos", "DELETE /todos/{id}"]);
});

chi("a method that returns the router a resource type's Routes() makes (return sceneRoutes{finder: f}.Routes()) is mounted as it; chi's middleware.Heartbeat serves its path behind the middleware used before it", () => {
  const root = tempDir("tool-chi-returned-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n",
    "server.go": 'package main\n\nimport (\n\t"net/http"\n\t"github.com/go-chi/chi/v5"\n\t"github.com/go-chi/chi/v5/middleware"\n)\n\ntype Server struct{ repo string }\n\nfunc main() {\n\ts := &Server{}\n\tr := chi.NewRouter()\n\tr.Use(middleware.Heartbeat("/healthz"))\n\tr.Use(requireSession)\n\tr.Use(metrics.Heartbeat("/not-chi"))\n\tr.Mount("/scene", s.getSceneRoutes())\n\tr.Mount("/tag", s.getTagRoutes())\n\thttp.ListenAndServe(":9999", r)\n}\n\nfunc (s *Server) getSceneRoutes() chi.Router {\n\treturn sceneRoutes{finder: s.repo}.Routes()\n}\n\nfunc (s *Server) getTagRoutes() chi.Router {\n\treturn tagRoutes{finder: s.repo}\n}\n',
    "scenes.go": 'package main\n\nimport "github.com/go-chi/chi/v5"\n\ntype sceneRoutes struct{ finder string }\n\nfunc (rs sceneRoutes) Routes() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/{id}/stream", rs.Stream)\n\treturn r\n}\n\ntype tagRoutes struct{ finder string }\n\nfunc (rs tagRoutes) Routes() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/{id}/image", rs.Image)\n\treturn r\n}\n',
  });
  commitAll(root);
  // getTagRoutes returns the resource itself, no router: its routes stay unmounted, at the root.
  assert.equal(guardedRoutes(root).sort(), ["GET /healthz", "GET /scene/{id}/stream [requireSession]", "GET /{id}/image"]);
});

chi("a middleware that hands on a request without an Authorization header reads the caller, guarding nothing; the one that refuses anonymous callers guards", () => {
  const root = tempDir("tool-chi-optional-mw-");
  writeFiles(root, {
    "go.mod": "module acme\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
    "cmd/api/routes.go": [
      "package main",
      "",
      'import "github.com/go-chi/chi/v5"',
      "",
      "func (app *application) routes() http.Handler {",
      "\tr := chi.NewRouter()",
      "\tr.Use(app.recoverPanic, app.authenticate)",
      '\tr.Get("/tags", app.listTagsHandler)',
      '\tr.Route("/articles", func(r chi.Router) {',
      '\t\tr.Get("/", app.listArticlesHandler)',
      '\t\tr.With(app.requireAuthenticatedUser).Post("/", app.createArticleHandler)',
      "\t})",
      "\treturn r",
      "}",
    ].join("\n"),
    "cmd/api/middleware.go": [
      "package main",
      "",
      "func (app *application) authenticate(next http.Handler) http.Handler {",
      "\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {",
      '\t\theader := r.Header.Get("Authorization")',
      '\t\tif header == "" {',
      "\t\t\tr = app.contextSetUser(r, data.AnonymousUser)",
      "\t\t\tnext.ServeHTTP(w, r)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tclaims, err := app.jwt.Verify(header)",
      "\t\tif err != nil {",
      "\t\t\tapp.invalidAuthenticationTokenResponse(w, r)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tnext.ServeHTTP(w, app.contextSetUser(r, claims.User))",
      "\t})",
      "}",
      "",
      "func (app *application) requireAuthenticatedUser(next http.Handler) http.Handler {",
      "\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {",
      "\t\tif app.contextGetUser(r).IsAnonymous() {",
      "\t\t\tapp.invalidAuthenticationTokenResponse(w, r)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tnext.ServeHTTP(w, r)",
      "\t})",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "GET /articles",
    "POST /articles [app.requireAuthenticatedUser]",
    "GET /tags",
  ]);
});

chi("a handler adapter takes its middleware after the handler, and a spread slice of middleware is the slice literal's elements", () => {
  const root = tempDir("tool-chi-adapter-mw-");
  writeFiles(root, {
    "go.mod": "module acme\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
    "app/api/routes.go": [
      "package main",
      "",
      'import "github.com/go-chi/chi/v5"',
      "",
      "func (a *app) mountRoutes(r *chi.Mux, chain *errchain.ErrChain) {",
      '\tr.Route("/api/v1", func(r chi.Router) {',
      '\t\tr.Get("/status", chain.ToHandlerFunc(v1Ctrl.HandleBase()))',
      '\t\tr.Post("/users/login", chain.ToHandlerFunc(v1Ctrl.HandleAuthLogin(providers...), a.mwAuthRateLimit))',
      "\t\tuserMW := []errchain.Middleware{",
      "\t\t\ta.mwAuthToken,",
      "\t\t\ta.mwTenant,",
      "\t\t}",
      "\t\tpublicMW := []errchain.Middleware{a.mwTenant}",
      '\t\tr.Get("/users/self", chain.ToHandlerFunc(v1Ctrl.HandleUserSelf(), userMW...))',
      '\t\tr.Delete("/groups", chain.ToHandlerFunc(v1Ctrl.HandleGroupDelete(), append(userMW, a.requireAdmin)...))',
      '\t\tr.Get("/labels", chain.ToHandlerFunc(v1Ctrl.HandleLabels(), publicMW...))',
      "\t})",
      "}",
    ].join("\n"),
    "app/api/middleware.go": [
      "package main",
      "",
      "func (a *app) mwTenant(next errchain.Handler) errchain.Handler {",
      "\treturn errchain.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {",
      '\t\tr = r.WithContext(context.WithValue(r.Context(), tenantKey, r.Header.Get("X-Tenant")))',
      "\t\treturn next.ServeHTTP(w, r)",
      "\t})",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "DELETE /api/v1/groups v1Ctrl.HandleGroupDelete [a.mwAuthToken,a.requireAdmin]",
    "GET /api/v1/labels v1Ctrl.HandleLabels",
    "GET /api/v1/status v1Ctrl.HandleBase",
    "POST /api/v1/users/login v1Ctrl.HandleAuthLogin",
    "GET /api/v1/users/self v1Ctrl.HandleUserSelf [a.mwAuthToken]",
  ]);
});

chi("a path constant declared in another file of the package, or exported by another package of the module, is read; a variable no file gives a value at the top level registers nothing", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module example.com/srv\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
    "main.go": [
      "package main",
      "",
      "import (",
      '\t"net/http"',
      "",
      '\t"github.com/go-chi/chi/v5"',
      '\t"example.com/srv/paths"',
      ")",
      "",
      "func main() {",
      "\tr := chi.NewRouter()",
      "\tr.Get(upgradePath, upgrade)",
      "\tr.Post(upgradePath, upgrade)",
      "\tr.Get(paths.Health, health)",
      "\tr.Get(assigned, upgrade)",
      "\tregister(r, \"/direct\")",
      '\thttp.ListenAndServe(":8080", r)',
      "}",
      "",
      "func register(r chi.Router, path string) {",
      "\tr.Get(path, upgrade)",
      "}",
      "",
      "func upgrade(w http.ResponseWriter, r *http.Request) {}",
      "func health(w http.ResponseWriter, r *http.Request)  {}",
    ].join("\n"),
    "noise.go": 'package main\n\nvar assigned string\n\nconst (\n\t// upgradePath is where clients upgrade the connection.\n\tupgradePath = "/ts2021"\n\n\tframeSize = 9\n)\n\nfunc init() {\n\tassigned = "/set-at-run-time"\n}\n',
    "paths/paths.go": 'package paths\n\n// Health is served to load balancers.\nconst Health = "/health"\n',
  });
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  // register(r, "/direct") hands its path to the function's route, as before.
  assert.equal(routes, ["GET /direct", "GET /health", "GET /ts2021", "POST /ts2021"]);
});

chi("a path built with fmt.Sprintf from another package's constants (r.Route(fmt.Sprintf(\"/{%s}\", request.PathParamSpaceRef), ...)) is read, in a Route's prefix and a route's path", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module example.com/forge\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
    "app/router/api.go": [
      "package router",
      "",
      "import (",
      '\t"fmt"',
      '\t"net/http"',
      "",
      '\t"github.com/go-chi/chi/v5"',
      '\t"example.com/forge/app/request"',
      ")",
      "",
      "func NewAPIHandler() http.Handler {",
      "\tr := chi.NewRouter()",
      '\tr.Route("/spaces", func(r chi.Router) {',
      '\t\tr.Post("/", createSpace)',
      '\t\tr.Route(fmt.Sprintf("/{%s}", request.PathParamSpaceRef), func(r chi.Router) {',
      '\t\t\tr.Get("/", findSpace)',
      '\t\t\tr.Get(fmt.Sprintf("/members/{%s}", memberParam), findMember)',
      "\t\t})",
      "\t})",
      "\treturn r",
      "}",
      "",
      'const memberParam = "member_uid"',
      "",
      "func createSpace(w http.ResponseWriter, r *http.Request) {}",
      "func findSpace(w http.ResponseWriter, r *http.Request)   {}",
      "func findMember(w http.ResponseWriter, r *http.Request)  {}",
    ].join("\n"),
    "app/request/space.go": 'package request\n\nconst (\n\tPathParamSpaceRef = "space_ref"\n)\n',
  });
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  assert.equal(routes, ["POST /spaces", "GET /spaces/{space_ref}", "GET /spaces/{space_ref}/members/{member_uid}"]);
});

chi("a struct that strips a prefix and serves the handler its constructor was handed (r.handler.ServeHTTP after StripPrefix(APIMount, req)) serves the router a function of the app's made under that prefix; one that strips nothing adds none", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module example.com/forge\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
    "app/router/api.go": [
      "package router",
      "",
      "import (",
      '\t"net/http"',
      "",
      '\t"github.com/go-chi/chi/v5"',
      ")",
      "",
      "func NewAPIHandler(version string) http.Handler {",
      "\tr := chi.NewRouter()",
      '\tr.Route("/v1", func(r chi.Router) {',
      '\t\tr.Get("/spaces", listSpaces)',
      "\t})",
      "\treturn encodePath(r)",
      "}",
      "",
      "func NewWebHandler() http.Handler {",
      "\tr := chi.NewRouter()",
      '\tr.Get("/openapi.yaml", spec)',
      "\treturn r",
      "}",
      "",
      "func listSpaces(w http.ResponseWriter, r *http.Request) {}",
      "func spec(w http.ResponseWriter, r *http.Request)       {}",
      "func encodePath(h http.Handler) http.Handler            { return h }",
    ].join("\n"),
    "app/router/api_router.go": [
      "package router",
      "",
      'import "net/http"',
      "",
      'const APIMount = "/api"',
      "",
      "type APIRouter struct {",
      "\thandler http.Handler",
      "}",
      "",
      "func NewAPIRouter(handler http.Handler) *APIRouter {",
      "\treturn &APIRouter{handler: handler}",
      "}",
      "",
      "func (r *APIRouter) Handle(w http.ResponseWriter, req *http.Request) {",
      "\tif err := StripPrefix(APIMount, req); err != nil {",
      "\t\treturn",
      "\t}",
      "\tr.handler.ServeHTTP(w, req)",
      "}",
      "",
      "type WebRouter struct {",
      "\thandler http.Handler",
      "}",
      "",
      "func NewWebRouter(handler http.Handler) *WebRouter { return &WebRouter{handler: handler} }",
      "",
      "func (r *WebRouter) Handle(w http.ResponseWriter, req *http.Request) {",
      "\tr.handler.ServeHTTP(w, req)",
      "}",
      "",
      "func StripPrefix(prefix string, req *http.Request) error { return nil }",
    ].join("\n"),
    "app/router/wire.go": [
      "package router",
      "",
      "func ProvideRouters() []interface{} {",
      '\tapiHandler := NewAPIHandler("v1")',
      "\tweb := NewWebRouter(NewWebHandler())",
      "\treturn []interface{}{NewAPIRouter(apiHandler), web}",
      "}",
    ].join("\n"),
  });
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}`);
  assert.equal(routes.sort(), ["GET /api/v1/spaces", "GET /openapi.yaml"]);
});

chi("a guard-named call that builds the handler (oauthTokenHandler(backend)) is the handler, not a guard around one; RequireAuth(h) still guards", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module example.com/hs\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
    "main.go": [
      "package main",
      "",
      "import (",
      '\t"net/http"',
      "",
      '\t"github.com/go-chi/chi/v5"',
      ")",
      "",
      "func routes(b Backend) http.Handler {",
      "\tr := chi.NewRouter()",
      '\tr.Post("/oauth/token", oauthTokenHandler(b))',
      '\tr.Get("/me", RequireAuth(me))',
      "\treturn r",
      "}",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /me me [RequireAuth]",
    "POST /oauth/token oauthTokenHandler",
  ]);
});

chi("a method checking the caller first (err := h.auth(r, w, perm); if err != nil { return err }), past a measurement it starts and defers the end of, guards its route; of two types' methods of one name, the one beside the routes it mounts is read", () => {
  const root = tempDir("tool-chi-handler-checks-");
  writeFiles(root, {
    "go.mod": "module example.com/stats\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n",
    "main.go": 'package main\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc main() {\n\tr := chi.NewRouter()\n\tapi{}.mount(r)\n\tbackend{}.mount(r)\n\thttp.ListenAndServe(":8080", r)\n}\n',
    "api.go": [
      "package main",
      "",
      'import "github.com/go-chi/chi/v5"',
      "",
      "type api struct{}",
      "",
      "func (h api) mount(r chi.Router) {",
      '\tr.Post("/api/v0/export", wrap(h.export))',
      '\tr.Get("/api/v0/paths", wrap(h.paths))',
      '\tr.Post("/api/v0/count", wrap(h.count))',
      "}",
      "",
      "func (h api) export(w http.ResponseWriter, r *http.Request) error {",
      "\terr := h.auth(r, w, permExport)",
      "\tif err != nil {",
      "\t\treturn err",
      "\t}",
      "\treturn startExport(r)",
      "}",
      "",
      "func (h api) count(w http.ResponseWriter, r *http.Request) error {",
      '\tm := metrics.Start("/api/v0/count")',
      "\tdefer m.Done()",
      "",
      "\terr := h.auth(r, w, permCount)",
      "\tif err != nil {",
      "\t\treturn err",
      "\t}",
      "\treturn countHits(r)",
      "}",
      "",
      "func (h api) paths(w http.ResponseWriter, r *http.Request) error {",
      "\treturn listPaths(w, r)",
      "}",
      "",
    ].join("\n"),
    "backend.go": [
      "package main",
      "",
      'import "github.com/go-chi/chi/v5"',
      "",
      "type backend struct{}",
      "",
      "func (h backend) mount(r chi.Router) {",
      '\tr.Post("/export", wrap(h.export))',
      "}",
      "",
      "func (h backend) export(w http.ResponseWriter, r *http.Request) error {",
      "\treturn queueExport(r)",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /api/v0/paths", "POST /api/v0/count [h.auth]", "POST /api/v0/export [h.auth]", "POST /export"]);
});

chi("a type's mount method called on its constructor's value (Newi18n().mount(af)) registers on the router it is handed, with its middleware", () => {
  const root = tempDir("tool-chi-constructor-");
  writeFiles(root, {
    "go.mod": "module example.com/site\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n",
    "main.go": [
      "package main",
      "",
      'import (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)',
      "",
      "func main() {",
      "\tr := chi.NewRouter()",
      "\taf := r.With(requireLogin)",
      "\tNewi18n().mount(af)",
      "\tadmin{}.mount(r)",
      '\tr.Get("/about", about)',
      '\thttp.ListenAndServe(":8080", r)',
      "}",
      "",
    ].join("\n"),
    "i18n.go": [
      "package main",
      "",
      'import "github.com/go-chi/chi/v5"',
      "",
      "type i18n struct{ files []string }",
      "",
      "func Newi18n() i18n { return i18n{} }",
      "",
      "func (h i18n) mount(r chi.Router) {",
      '\tr.Get("/i18n", h.list)',
      '\tr.Post("/i18n/{file}", h.save)',
      "}",
      "",
    ].join("\n"),
    // Another type's mount method, called with the unguarded router: the constructor's value says which one runs.
    "admin.go": 'package main\n\nimport "github.com/go-chi/chi/v5"\n\ntype admin struct{}\n\nfunc (h admin) mount(r chi.Router) {\n\tr.Post("/admin/reset", h.reset)\n}\n',
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /about", "GET /i18n [requireLogin]", "POST /admin/reset", "POST /i18n/{file} [requireLogin]"]);
});

chi("a package's own router type holding chi's in a field (type router struct{ chi chi.Router }, newRouter()), declared in one file and used in another, registers its routes there: Route closures taking *router, With guards; a check that a feature is on (requireOAuthServerEnabled) and a rate limiter's options (limiterOpts.PasskeyAuthentication) are no guards", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module github.com/acme/auth\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n",
    "internal/api/router.go": [
      "package api",
      "",
      'import "github.com/go-chi/chi/v5"',
      "",
      "func newRouter() *router {",
      "\treturn &router{chi.NewRouter()}",
      "}",
      "",
      "type router struct {",
      "\tchi chi.Router",
      "}",
      "",
      "func (r *router) Route(pattern string, fn func(*router)) {",
      "\tr.chi.Route(pattern, func(c chi.Router) { fn(&router{c}) })",
      "}",
      "func (r *router) Get(pattern string, fn apiHandler) { r.chi.Get(pattern, handler(fn)) }",
      "func (r *router) Post(pattern string, fn apiHandler) { r.chi.Post(pattern, handler(fn)) }",
      "func (r *router) With(fn middlewareHandler) *router { return &router{r.chi.With(middleware(fn))} }",
      "",
    ].join("\n"),
    "internal/api/api.go": [
      "package api",
      "",
      "func NewAPI() *API {",
      "\tapi := &API{}",
      "\tr := newRouter()",
      '\tr.Get("/health", api.HealthCheck)',
      '\tr.With(api.requireOAuthServerEnabled).Get("/.well-known/oauth-authorization-server", api.WellKnown)',
      '\tr.With(api.limitHandler(api.limiterOpts.PasskeyAuthentication)).Post("/passkeys/authentication/options", api.PasskeyOptions)',
      '\tr.Route("/", func(r *router) {',
      '\t\tr.Post("/signup", api.Signup)',
      '\t\tr.With(api.requireAuthentication).Route("/user", func(r *router) {',
      '\t\t\tr.Get("/", api.UserGet)',
      "\t\t})",
      "\t})",
      "\tapi.handler = r",
      "\treturn api",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "GET /.well-known/oauth-authorization-server",
    "GET /health",
    "POST /passkeys/authentication/options",
    "POST /signup",
    "GET /user [api.requireAuthentication]",
  ]);
});

chi("a prefix held in a local read from a configuration field (base := h.config.Base) takes the field's tag default (default:\"/\"); middleware added only when a mode is other than none (Provider != NONE) guards nothing as shipped", () => {
  const root = tempDir("tool-chi-config-base-");
  writeFiles(root, {
    "go.mod": "module github.com/acme/logs\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
    "internal/support/cli/args.go": "package cli\n\ntype Args struct {\n\tBase string `arg:\"env:LOGS_BASE\" default:\"/\" help:\"sets the base for http router.\"`\n}\n",
    "internal/web/routes.go": [
      "package web",
      "",
      'import "github.com/go-chi/chi/v5"',
      "",
      "func createRouter(h *handler) *chi.Mux {",
      "\tbase := h.config.Base",
      "\tr := chi.NewRouter()",
      "\tr.Route(base, func(r chi.Router) {",
      '\t\tr.Route("/api", func(r chi.Router) {',
      "\t\t\tr.Group(func(r chi.Router) {",
      "\t\t\t\tif h.config.Authorization.Provider != NONE {",
      "\t\t\t\t\tr.Use(auth.RequireAuthentication)",
      "\t\t\t\t}",
      '\t\t\t\tr.Get("/events/stream", h.streamEvents)',
      "\t\t\t})",
      "\t\t})",
      '\t\tr.Get("/healthcheck", h.healthcheck)',
      "\t})",
      "\treturn r",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}${r.prefixUnknown ? " (prefix unknown)" : ""}`), ["GET /api/events/stream", "GET /healthcheck"]);
});

chi("route helpers handing their path on (h(r, \"ping\", f) -> hr -> addHandler's r.HandleFunc(\"/\"+path, ...) and \"/\"+path+\".view\"), and one taking its paths variadically, register each call's routes on the router it passes, under that router's prefix; a helper using its string for something else registers nothing", () => {
  const root = tempDir("tool-chi-helper-chain-");
  writeFiles(root, {
    "go.mod": "module example.com/music\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n",
    "api/api.go": [
      "package api",
      "",
      'import (\n\t"log"\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)',
      "",
      "func Routes() http.Handler {",
      "\tr := chi.NewRouter()",
      '\th(r, "ping", ping)',
      "\tr.Group(func(r chi.Router) {",
      "\t\tr.Use(authenticate)",
      '\t\th(r, "getAlbum", album)',
      '\t\th501(r, "getShares", "createShare")',
      "\t})",
      "\trest := chi.NewRouter()",
      '\tr.Mount("/v2", rest)',
      '\taddHandler(rest, "stream", stream)',
      '\tlogged(r, "started")',
      "\treturn r",
      "}",
      "",
      "func h(r chi.Router, path string, f http.HandlerFunc) {",
      "\thr(r, path, f)",
      "}",
      "",
      "func hr(r chi.Router, path string, f http.HandlerFunc) {",
      "\thandle := func(w http.ResponseWriter, req *http.Request) { f(w, req) }",
      "\taddHandler(r, path, handle)",
      "}",
      "",
      "func h501(r chi.Router, paths ...string) {",
      "\tfor _, path := range paths {",
      "\t\taddHandler(r, path, notImplemented)",
      "\t}",
      "}",
      "",
      "func addHandler(r chi.Router, path string, handle http.HandlerFunc) {",
      '\tr.HandleFunc("/"+path, handle)',
      '\tr.HandleFunc("/"+path+".view", handle)',
      "}",
      "",
      "func logged(r chi.Router, message string) {",
      '\tlog.Println("routes:", message)',
      "}",
      "",
    ].join("\n"),
    "main.go": 'package main\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n\t"example.com/music/api"\n)\n\nfunc main() {\n\tr := chi.NewRouter()\n\tr.Mount("/rest", api.Routes())\n\thttp.ListenAndServe(":4533", r)\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "ALL /rest/createShare notImplemented [authenticate]",
    "ALL /rest/createShare.view notImplemented [authenticate]",
    "ALL /rest/getAlbum handle [authenticate]",
    "ALL /rest/getAlbum.view handle [authenticate]",
    "ALL /rest/getShares notImplemented [authenticate]",
    "ALL /rest/getShares.view notImplemented [authenticate]",
    "ALL /rest/ping handle",
    "ALL /rest/ping.view handle",
    "ALL /rest/v2/stream stream",
    "ALL /rest/v2/stream.view stream",
  ]);
});

chi("a resource helper (api.R(r, \"/song\", ..., false) -> api.RX's r.Route(pathPrefix, ...)) registers under each call's path what its boolean argument switches on: a literal false leaves out what `if persistable` registers, a setting Viper defaults to false marks it off as shipped", () => {
  const root = tempDir("tool-chi-resource-helper-");
  writeFiles(root, {
    "go.mod": "module example.com/music\n\ngo 1.22\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.0.12\n\tgithub.com/spf13/viper v1.19.0\n)\n",
    "conf/conf.go": 'package conf\n\nimport "github.com/spf13/viper"\n\ntype config struct {\n\tEnableTranscodingConfig bool\n\tEnableSharing           bool\n}\n\nvar Server = &config{}\n\nfunc init() {\n\tviper.SetDefault("enabletranscodingconfig", false)\n\tviper.SetDefault("enablesharing", true)\n}\n',
    "api/api.go": [
      "package api",
      "",
      'import (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n\t"example.com/music/conf"\n)',
      "",
      "type Router struct{}",
      "",
      "func Routes() http.Handler {",
      "\tapi := &Router{}",
      "\tr := chi.NewRouter()",
      "\tr.Group(func(r chi.Router) {",
      "\t\tr.Use(authenticate)",
      '\t\tapi.R(r, "/song", false)',
      '\t\tapi.RX(r, "/player", true)',
      '\t\tapi.R(r, "/transcoding", conf.Server.EnableTranscodingConfig)',
      '\t\tapi.R(r, "/share", conf.Server.EnableSharing)',
      "\t})",
      "\treturn r",
      "}",
      "",
      "func (api *Router) R(r chi.Router, pathPrefix string, persistable bool) {",
      "\tapi.RX(r, pathPrefix, persistable)",
      "}",
      "",
      "func (api *Router) RX(r chi.Router, pathPrefix string, persistable bool) {",
      "\tr.Route(pathPrefix, func(r chi.Router) {",
      "\t\tr.Get(\"/\", getAll)",
      "\t\tif persistable {",
      "\t\t\tr.Post(\"/\", create)",
      "\t\t}",
      "\t\tr.Route(\"/{id}\", func(r chi.Router) {",
      "\t\t\tr.Get(\"/\", get)",
      "\t\t})",
      "\t})",
      "}",
      "",
    ].join("\n"),
    "main.go": 'package main\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n\t"example.com/music/api"\n)\n\nfunc main() {\n\tr := chi.NewRouter()\n\tr.Mount("/api", api.Routes())\n\thttp.ListenAndServe(":4533", r)\n}\n',
  });
  commitAll(root);
  const routes = analyze(root).routes;
  assert.equal(routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /api/player getAll [authenticate]",
    "POST /api/player create [authenticate]",
    "GET /api/player/{id} get [authenticate]",
    "GET /api/share getAll [authenticate]",
    "POST /api/share create [authenticate]",
    "GET /api/share/{id} get [authenticate]",
    "GET /api/song getAll [authenticate]",
    "GET /api/song/{id} get [authenticate]",
    "GET /api/transcoding getAll [authenticate]",
    "GET /api/transcoding/{id} get [authenticate]",
  ]);
});

chi("a function mounting what it is handed (MountRouter(description, urlPath, subRouter) calling r.Mount(urlPath, subRouter)) mounts, for each call in another package, the router the handed function makes (through one returning another's result, and a type embedding http.Handler set to its routes()) under the call's path; a call under a setting Viper defaults to off is off as shipped, not served at the root", () => {
  const root = tempDir("tool-chi-mount-wrapper-");
  writeFiles(root, {
    "go.mod": "module example.com/music\n\ngo 1.22\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.0.12\n\tgithub.com/spf13/viper v1.19.0\n)\n",
    "consts/consts.go": 'package consts\n\nconst (\n\tURLPathNativeAPI   = "/api"\n\tURLPathSubsonicAPI = "/rest"\n\tURLPathJellyfinAPI = "/jellyfin"\n)\n',
    "conf/conf.go": 'package conf\n\nimport "github.com/spf13/viper"\n\ntype jellyfinOptions struct {\n\tEnabled bool\n}\n\ntype config struct {\n\tBasePath string\n\tJellyfin jellyfinOptions\n}\n\nvar Server = &config{}\n\nfunc init() {\n\tviper.SetDefault("basepath", "")\n\tviper.SetDefault("jellyfin.enabled", false)\n}\n',
    "server/server.go": [
      "package server",
      "",
      'import (\n\t"net/http"\n\t"path"\n\n\t"github.com/go-chi/chi/v5"\n\t"example.com/music/conf"\n)',
      "",
      "type Server struct {",
      "\trouter chi.Router",
      "}",
      "",
      "func New() *Server {",
      "\ts := &Server{router: chi.NewRouter()}",
      '\ts.router.Post(path.Join(conf.Server.BasePath, "/auth", "login"), login)',
      "\treturn s",
      "}",
      "",
      "func (s *Server) MountRouter(description, urlPath string, subRouter http.Handler) {",
      "\ts.router.Group(func(r chi.Router) {",
      "\t\tr.Mount(urlPath, subRouter)",
      "\t})",
      "}",
      "",
    ].join("\n"),
    "server/native/api.go": 'package native\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)\n\ntype Router struct {\n\thttp.Handler\n\tname string\n}\n\nfunc New() *Router {\n\tr := &Router{name: "native"}\n\tr.Handler = r.routes()\n\treturn r\n}\n\nfunc (api *Router) routes() http.Handler {\n\tr := chi.NewRouter()\n\tr.Get("/album", albums)\n\treturn r\n}\n',
    "server/subsonic/api.go": 'package subsonic\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc Routes() http.Handler {\n\tr := chi.NewRouter()\n\tr.Get("/ping", ping)\n\treturn r\n}\n',
    "server/jellyfin/api.go": 'package jellyfin\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc Routes() http.Handler {\n\tr := chi.NewRouter()\n\tr.Get("/items", items)\n\treturn r\n}\n',
    "cmd/wire_gen.go": 'package cmd\n\nimport (\n\t"example.com/music/server/native"\n)\n\nfunc CreateNativeAPIRouter() *native.Router {\n\trouter := native.New()\n\treturn router\n}\n',
    "cmd/root.go": [
      "package cmd",
      "",
      'import (\n\t"example.com/music/conf"\n\t"example.com/music/consts"\n\t"example.com/music/server"\n\t"example.com/music/server/jellyfin"\n\t"example.com/music/server/subsonic"\n)',
      "",
      "func start() {",
      "\ta := server.New()",
      '\ta.MountRouter("Native API", consts.URLPathNativeAPI, CreateNativeAPIRouter())',
      '\ta.MountRouter("Subsonic API", consts.URLPathSubsonicAPI, subsonic.Routes())',
      "\tif conf.Server.Jellyfin.Enabled {",
      '\t\ta.MountRouter("Jellyfin API", consts.URLPathJellyfinAPI, jellyfin.Routes())',
      "\t}",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  const routes = analyze(root).routes;
  assert.equal(routes.items.map((r) => `${r.method} ${r.path} ${r.file}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "GET /api/album server/native/api.go",
    "POST /auth/login server/server.go",
    "GET /rest/ping server/subsonic/api.go",
  ]);
});

chi("a method taken as a value serves under the Route it is handed to, behind the group's middleware: the constructor declared in another file, its type not the one its name tells", () => {
  const root = tempDir("tool-chi-method-value-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n",
    "server.go": 'package server\n\nimport "github.com/go-chi/chi/v5"\n\nfunc (s *Server) Handler() *chi.Mux {\n\tapi := chi.NewRouter()\n\tapi.Route("/auth", newAuthHandler(s.users).Routes)\n\tapi.Group(func(r chi.Router) {\n\t\tr.Use(s.IsAuthenticated)\n\t\tr.Route("/keys", newAPIKeyHandler(s.keys).Routes)\n\t})\n\troot := chi.NewRouter()\n\troot.Mount("/api", api)\n\treturn root\n}\n',
    "auth.go": 'package server\n\nimport "github.com/go-chi/chi/v5"\n\ntype authHandler struct{ users users }\n\nfunc newAuthHandler(users users) *authHandler {\n\treturn &authHandler{users: users}\n}\n\nfunc (h authHandler) Routes(r chi.Router) {\n\tr.Post("/login", h.login)\n}\n',
    // A decoy: a method of the name the constructor's name tells, which nothing mounts.
    "apikey.go": 'package server\n\nimport "github.com/go-chi/chi/v5"\n\ntype apikeyHandler struct{ keys keys }\n\nfunc newAPIKeyHandler(keys keys) *apikeyHandler {\n\treturn &apikeyHandler{keys: keys}\n}\n\nfunc (h apikeyHandler) Routes(r chi.Router) {\n\tr.Get("/", h.list)\n\tr.Delete("/{key}", h.remove)\n}\n\ntype aPIKeyHandler struct{}\n\nfunc (h aPIKeyHandler) Routes(r chi.Router) {\n\tr.Get("/unused", h.list)\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "POST /api/auth/login []",
    "GET /api/keys [s.IsAuthenticated]",
    "DELETE /api/keys/{key} [s.IsAuthenticated]",
    "GET /unused []",
  ]);
});

chi("go-pkgz/rest's rest.Ping middleware answers GET /ping itself, behind the middleware used before it, on chi's router and on a routegroup bundle", () => {
  const root = tempDir("tool-rest-ping-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.0.12\n\tgithub.com/go-pkgz/routegroup v1.1.0\n\tgithub.com/go-pkgz/rest v1.19.0\n)\n",
    "chi.go": 'package main\n\nimport (\n\t"github.com/go-chi/chi/v5"\n\t"github.com/go-pkgz/rest"\n)\n\nfunc chiRouter() *chi.Mux {\n\tr := chi.NewRouter()\n\tr.Use(rest.AppInfo("app", "acme", "1"), rest.Ping)\n\tr.Use(requireAuth)\n\tr.Get("/items", items)\n\treturn r\n}\n',
    "bundle.go": 'package main\n\nimport (\n\t"net/http"\n\n\t"github.com/go-pkgz/rest"\n\t"github.com/go-pkgz/routegroup"\n)\n\nfunc bundleRouter() {\n\trouter := routegroup.New(http.NewServeMux())\n\trouter.Use(basicAuth, rest.Ping)\n\trouter.HandleFunc("GET /check", check)\n\thttp.ListenAndServe(":8080", router)\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.framework}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /check routegroup [basicAuth]",
    "GET /items chi [requireAuth]",
    "GET /ping routegroup [basicAuth]",
    "GET /ping chi",
  ]);
});

chi.run();

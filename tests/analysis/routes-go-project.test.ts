import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines, guardedRoutes } from "../helpers/routes.ts";

const project = suite("A Go application's own router");

project("a function handed the application's router type (r *web.Engine) registers with its verb methods; Group() shares the prefix and middleware so far, Use adds middleware for what follows; a middleware that refuses only a credential the request sends guards nothing", () => {
  assert.equal(routeLines("routes-go-project"), [
    "POST /_api/posts cmd/routes.go:19 handlers.CreatePost [middlewares.IsAuthenticated]",
    "GET /_health cmd/routes.go:10 handlers.Health",
    "GET /posts/{number} cmd/routes.go:13 handlers.PostDetails",
    "GET /settings cmd/routes.go:18 handlers.Settings [middlewares.IsAuthenticated]",
  ]);
});

project("a handler method handed the project's public router type (public *httprouterx.RouterPublic, or its interface httprouterx.Router) registers with upper-case verb methods and path constants; routes in a test-helpers folder are no routes", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module github.com/acme/ident\n\ngo 1.22\n",
    "x/httprouterx/router.go": "package httprouterx\n\nimport \"net/http\"\n\ntype router struct{ mux *http.ServeMux }\ntype RouterPublic struct{ router }\n\nfunc (r *router) GET(route string, handle http.HandlerFunc) { r.mux.Handle(\"GET \"+route, handle) }\nfunc (r *router) POST(route string, handle http.HandlerFunc) { r.mux.Handle(\"POST \"+route, handle) }\n",
    "selfservice/login/handler.go": [
      "package login",
      "",
      "import \"github.com/acme/ident/x/httprouterx\"",
      "",
      "const (",
      "\tRouteInitBrowserFlow = \"/self-service/login/browser\"",
      "\tRouteSubmitFlow = \"/self-service/login\"",
      ")",
      "",
      "func (h *Handler) RegisterPublicRoutes(public *httprouterx.RouterPublic) {",
      "\tpublic.GET(RouteInitBrowserFlow, h.createBrowserLoginFlow)",
      "\tpublic.POST(RouteSubmitFlow, h.updateLoginFlow)",
      "}",
    ].join("\n"),
    "pkg/testhelpers/server.go": "package testhelpers\n\nimport \"github.com/acme/ident/x/httprouterx\"\n\nfunc NewLoginUI(public *httprouterx.RouterPublic) {\n\tpublic.GET(\"/login\", func(w http.ResponseWriter, r *http.Request) {})\n}\n",
    // Handed the router's interface type, not a pointer, with paths only in constants.
    "schema/handler.go": "package schema\n\nimport \"github.com/acme/ident/x/httprouterx\"\n\nconst RouteBase = \"/opl/syntax/check\"\n\nfunc (h *Handler) RegisterSyntaxRoutes(r httprouterx.Router) {\n\tr.POST(RouteBase, h.postCheckOplSyntax)\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "POST /opl/syntax/check h.postCheckOplSyntax",
    "POST /self-service/login h.updateLoginFlow",
    "GET /self-service/login/browser h.createBrowserLoginFlow",
  ]);
});

project("a group's Handle handed on (h := apiGroup.Handle; c.accounts.Route(h)) to a parameter typed as a function returning the router (attachHandler func(method, path string, f ...gin.HandlerFunc) gin.IRoutes) registers there under the group's prefix (r.AttachGroup(\"api\")); paths built from constants of other packages (BasePath + \"/:\" + apiutil.IDKey) are read; a handler whose first statement authenticates (authed, errWithCode := apiutil.TokenAuth(c, true, ...)) and returns on failure is guarded, one told to require nothing is not", () => {
  const root = tempDir("tool-go-handle-functions-");
  writeFiles(root, {
    "go.mod": "module example.org/social\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.9.1\n",
    "internal/router/router.go": "package router\n\nimport \"github.com/gin-gonic/gin\"\n\ntype Router struct {\n\tengine *gin.Engine\n}\n\nfunc (r *Router) AttachGroup(relativePath string, handlers ...gin.HandlerFunc) *gin.RouterGroup {\n\treturn r.engine.Group(relativePath, handlers...)\n}\n",
    "internal/api/util/keys.go": "package util\n\nconst (\n\tIDKey = \"id\"\n)\n",
    "internal/api/client.go": [
      "package api",
      "",
      "import (",
      '\t"example.org/social/internal/api/accounts"',
      '\t"example.org/social/internal/router"',
      '\t"github.com/gin-gonic/gin"',
      ")",
      "",
      "type Client struct {",
      "\taccounts *accounts.Module",
      "}",
      "",
      "func (c *Client) Route(r *router.Router, m ...gin.HandlerFunc) {",
      '\tapiGroup := r.AttachGroup("api")',
      "\tapiGroup.Use(m...)",
      "\th := apiGroup.Handle",
      "\tc.accounts.Route(h)",
      "}",
      "",
    ].join("\n"),
    "internal/api/accounts/accounts.go": [
      "package accounts",
      "",
      "import (",
      '\t"net/http"',
      "",
      '\tapiutil "example.org/social/internal/api/util"',
      '\t"example.org/social/internal/processing"',
      '\t"github.com/gin-gonic/gin"',
      ")",
      "",
      "const (",
      '\tBasePath       = "/v1/accounts"',
      '\tBasePathWithID = BasePath + "/:" + apiutil.IDKey // an account',
      ")",
      "",
      "type Module struct {",
      "\tprocessor *processing.Processor",
      "}",
      "",
      "func (m *Module) Route(attachHandler func(method string, path string, f ...gin.HandlerFunc) gin.IRoutes) {",
      "\tattachHandler(http.MethodPost, BasePath, m.AccountCreatePOSTHandler)",
      "\tattachHandler(http.MethodGet, BasePathWithID, m.AccountGETHandler)",
      "}",
      "",
      "func (m *Module) AccountGETHandler(c *gin.Context) {",
      "\tauthed, errWithCode := apiutil.TokenAuth(c,",
      "\t\ttrue, true, true, true,",
      "\t\tapiutil.ScopeReadAccounts,",
      "\t)",
      "\tif errWithCode != nil {",
      "\t\tapiutil.ErrorHandler(c, errWithCode)",
      "\t\treturn",
      "\t}",
      "\tc.JSON(http.StatusOK, authed.Account)",
      "}",
      "",
      "func (m *Module) AccountCreatePOSTHandler(c *gin.Context) {",
      "\tauthed, errWithCode := apiutil.TokenAuth(c,",
      "\t\tfalse, false, false, false,",
      "\t)",
      "\tif errWithCode != nil {",
      "\t\tapiutil.ErrorHandler(c, errWithCode)",
      "\t\treturn",
      "\t}",
      "\tc.JSON(http.StatusOK, authed)",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/v1/accounts",
    "GET /api/v1/accounts/{id} [apiutil.TokenAuth]",
  ]);
});

project("a handler that hands its request to a method of its own package (m.getDomainPermissions(c, ...)) is guarded by that method's check, not by a namesake's of another package; statements that only set values up or parse the request and return on a bad value (also in an if's own statement) come before a check at the top", () => {
  const root = tempDir("tool-go-handed-checks-");
  const handler = (name: string, body: string[]) => [`func (m *Module) ${name}(c *gin.Context) {`, ...body.map((l) => `\t${l}`), "}", ""];
  const tokenAuth = ["authed, errWithCode := apiutil.TokenAuth(c,", "\ttrue, true, true, true,", ")", "if errWithCode != nil {", "\tapiutil.ErrorHandler(c, errWithCode)", "\treturn", "}"];
  writeFiles(root, {
    "go.mod": "module example.org/social\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.9.1\n",
    "internal/api/admin/admin.go": [
      "package admin",
      "",
      'import (\n\t"net/http"\n\n\tapiutil "example.org/social/internal/api/util"\n\t"github.com/gin-gonic/gin"\n)',
      "",
      "type Module struct{}",
      "",
      "func (m *Module) Route(r *gin.Engine) {",
      '\tr.GET("/api/v1/admin/domain_blocks", m.DomainBlocksGETHandler)',
      '\tr.GET("/api/v1/admin/header_allows", m.HeaderAllowsGET)',
      '\tr.POST("/api/:version/media", m.MediaCreatePOSTHandler)',
      '\tr.GET("/api/:version/media/:id", m.MediaGETHandler)',
      '\tr.PUT("/api/:version/media/:id", m.MediaPUTHandler)',
      "}",
      "",
      ...handler("DomainBlocksGETHandler", ["m.getDomainPermissions(c, apiutil.Block)"]),
      "func (m *Module) getDomainPermissions(c *gin.Context, permType string) {",
      "\t// Scope differs based on permType.",
      "\tvar requireScope apiutil.Scope",
      "\tif permType == apiutil.Block {",
      "\t\trequireScope = apiutil.ScopeAdminReadDomainBlocks",
      "\t} else {",
      "\t\trequireScope = apiutil.ScopeAdminReadDomainAllows",
      "\t}",
      ...tokenAuth.map((l) => `\t${l}`),
      "\tc.JSON(http.StatusOK, authed)",
      "}",
      "",
      ...handler("HeaderAllowsGET", ["m.getHeaderFilters(c, m.processor.Admin().GetAllowHeaderFilters)"]),
      "func (m *Module) getHeaderFilters(c *gin.Context, get func() []string) {",
      "\tc.JSON(http.StatusOK, get())",
      "}",
      "",
      ...handler("MediaCreatePOSTHandler", ["_, errWithCode := apiutil.ParseAPIVersion(", "\tc.Param(apiutil.APIVersionKey),", "\tapiutil.APIv1,", ")", "if errWithCode != nil {", "\tapiutil.ErrorHandler(c, errWithCode)", "\treturn", "}", "", ...tokenAuth, "c.JSON(http.StatusOK, authed)"]),
      ...handler("MediaPUTHandler", ["if _, errWithCode := apiutil.ParseAPIVersion(", "\tc.Param(apiutil.APIVersionKey),", "\tapiutil.APIv1, apiutil.APIv2,", "); errWithCode != nil {", "\tapiutil.ErrorHandler(c, errWithCode)", "\treturn", "}", "", ...tokenAuth, "c.JSON(http.StatusOK, authed)"]),
      ...handler("MediaGETHandler", ["id, errWithCode := apiutil.ParseID(c.Param(\"id\"))", "if errWithCode != nil {", "\tapiutil.ErrorHandler(c, errWithCode)", "\treturn", "}", "c.JSON(http.StatusOK, m.processor.Media(id))"]),
    ].join("\n"),
    // A namesake in another package checks nobody: it says nothing of the admin module's.
    "internal/processing/admin/domainpermission.go": "package admin\n\nfunc (p *Processor) getDomainPermissions(ctx context.Context) []string {\n\treturn p.state.All(ctx)\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/{version}/media [apiutil.TokenAuth]",
    "GET /api/{version}/media/{id}",
    "PUT /api/{version}/media/{id} [apiutil.TokenAuth]",
    "GET /api/v1/admin/domain_blocks [apiutil.TokenAuth]",
    "GET /api/v1/admin/header_allows",
  ]);
});

project("a call of the app's own registering function with net/http's method constant first and the path second (s.conf.HTTPReg.Register(http.MethodGet, \"/control/status\", h), and the method held in a variable) is a route at that path; a client's request built the same way is not (http.NewRequest, an API client's d.request), nor an operation of an API description (reflector.Spec.AddOperation), nor again a call in a file another Go router's scanner reads (chi's r.Method under its group's prefix)", () => {
  const root = tempDir("tool-go-registrars-");
  writeFiles(root, {
    "go.mod": "module github.com/acme/dnsd\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n",
    "internal/aghhttp/registrar.go": "package aghhttp\n\nimport \"net/http\"\n\ntype Registrar interface {\n\tRegister(method, path string, h http.HandlerFunc)\n}\n\ntype DefaultRegistrar struct{ mux *http.ServeMux }\n\nfunc (r *DefaultRegistrar) Register(method, path string, h http.HandlerFunc) {\n\tr.mux.Handle(path, h)\n}\n",
    "internal/stats/http.go": [
      "package stats",
      "",
      "import \"net/http\"",
      "",
      "func (s *StatsCtx) initWeb() {",
      "\ts.conf.HTTPReg.Register(http.MethodGet, \"/control/stats\", s.handleStats)",
      "\ts.conf.HTTPReg.Register(",
      "\t\thttp.MethodPost,",
      "\t\t\"/control/stats_reset\",",
      "\t\ts.handleStatsReset,",
      "\t)",
      "}",
    ].join("\n"),
    "internal/filtering/http.go": [
      "package filtering",
      "",
      "import \"net/http\"",
      "",
      "func (d *DNSFilter) RegisterFilteringHandlers() {",
      "\tregisterHTTP := d.conf.HTTPReg.Register",
      "\tregisterHTTP(http.MethodPut, \"/control/rewrite/update\", d.handleRewriteUpdate)",
      "}",
      "",
      "func (d *DNSFilter) checkUpstream() error {",
      "\treq, err := http.NewRequest(http.MethodGet, \"/control/status\", nil)",
      "\t_ = req",
      "\treturn d.request(http.MethodPut, \"/directory\", func(req *resty.Request) {})",
      "}",
      "",
      "func describe(reflector *openapi3.Reflector, opList openapi3.Operation) {",
      "\t_ = reflector.Spec.AddOperation(http.MethodGet, \"/admin/users\", opList)",
      "}",
    ].join("\n"),
    "internal/legacy/router.go": [
      "package legacy",
      "",
      "import (",
      "\t\"net/http\"",
      "",
      "\t\"github.com/go-chi/chi/v5\"",
      ")",
      "",
      "func Routes(r chi.Router) {",
      "\tr.Route(\"/legacy\", func(r chi.Router) {",
      "\t\tr.Method(http.MethodGet, \"/ping\", ping)",
      "\t})",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file} ${r.handler}`), [
    "PUT /control/rewrite/update internal/filtering/http.go d.handleRewriteUpdate",
    "GET /control/stats internal/stats/http.go s.handleStats",
    "POST /control/stats_reset internal/stats/http.go s.handleStatsReset",
    "GET /legacy/ping internal/legacy/router.go ping",
  ]);
});

project("prometheus/common's router: route.New(), WithPrefix makes a group handed on to a function (one made only under a condition, with a prefix not known, is not taken), Del registers DELETE; a go-swagger server's generated handler table is served under its contract's base path, its routes guarded only when the contract has security schemes", () => {
  const root = tempDir("tool-go-swagger-");
  writeFiles(root, {
    "go.mod": "module github.com/acme/alerts\n\ngo 1.22\n\nrequire github.com/prometheus/common v0.60.0\n",
    "api/v1_deprecation_router.go": [
      "package api",
      "",
      "import \"github.com/prometheus/common/route\"",
      "",
      "type V1DeprecationRouter struct{}",
      "",
      "func (dr *V1DeprecationRouter) Register(r *route.Router) {",
      "\tr.Get(\"/status\", dr.gone)",
      "\tr.Del(\"/silence/:sid\", dr.gone)",
      "}",
    ].join("\n"),
    "api/api.go": [
      "package api",
      "",
      "import \"github.com/prometheus/common/route\"",
      "",
      "type API struct {",
      "\tdeprecationRouter *V1DeprecationRouter",
      "}",
      "",
      "func (api *API) Register(r *route.Router, routePrefix string) *http.ServeMux {",
      "\tapi.deprecationRouter.Register(r.WithPrefix(\"/api/v1\"))",
      "\treturn nil",
      "}",
    ].join("\n"),
    "app/app.go": [
      "package app",
      "",
      "import (",
      '\t"github.com/prometheus/common/route"',
      '\t"github.com/acme/alerts/httpserver"',
      ")",
      "",
      "func (a *App) Run(opts Options) {",
      '\troutePrefix := "/" + strings.Trim(opts.RoutePrefix, "/")',
      "\trouter := route.New().WithInstrumentation(a.instrumentHandler)",
      '\tif routePrefix != "/" {',
      "\t\trouter = router.WithPrefix(routePrefix)",
      "\t}",
      "\thttpserver.Register(router)",
      "}",
    ].join("\n"),
    "httpserver/httpserver.go": "package httpserver\n\nimport \"github.com/prometheus/common/route\"\n\nfunc Register(r *route.Router) {\n\tr.Get(\"/-/healthy\", healthy)\n\tr.Post(\"/-/reload\", reload)\n}\n",
    "api/v2/restapi/embedded_spec.go": "package restapi\n\nvar SwaggerJSON = json.RawMessage([]byte(`{\n  \"basePath\": \"/api/v2/\",\n  \"paths\": {}\n}`))\n",
    "api/v2/restapi/operations/alerts_api.go": [
      "package operations",
      "",
      "func (o *AlertsAPI) AuthenticatorsFor(schemes map[string]spec.SecurityScheme) map[string]runtime.Authenticator {",
      "\treturn nil",
      "}",
      "",
      "func (o *AlertsAPI) initHandlerCache() {",
      "\tif o.handlers[\"DELETE\"] == nil {",
      "\t\to.handlers[\"DELETE\"] = make(map[string]http.Handler)",
      "\t}",
      "\to.handlers[\"DELETE\"][\"/silence/{silenceID}\"] = silence.NewDeleteSilence(o.context, o.SilenceDeleteSilenceHandler)",
      "\to.handlers[\"GET\"][\"/alerts\"] = alert.NewGetAlerts(o.context, o.AlertGetAlertsHandler)",
      "}",
    ].join("\n"),
    "admin/restapi/doc.go": "// Package restapi Admin API\n//\n//\tSchemes: http\n//\tBasePath: /admin/v1\n//\n// swagger:meta\npackage restapi\n",
    "admin/restapi/operations/admin_api.go": [
      "package operations",
      "",
      "func (o *AdminAPI) AuthenticatorsFor(schemes map[string]spec.SecurityScheme) map[string]runtime.Authenticator {",
      "\tresult := make(map[string]runtime.Authenticator)",
      "\tfor name := range schemes {",
      "\t\tswitch name {",
      "\t\tcase \"token\":",
      "\t\t\tresult[name] = o.APIKeyAuthenticator(\"Authorization\", \"header\", o.TokenAuth)",
      "\t\t}",
      "\t}",
      "\treturn result",
      "}",
      "",
      "func (o *AdminAPI) initHandlerCache() {",
      "\to.handlers[\"POST\"][\"/users\"] = users.NewCreateUser(o.context, o.UsersCreateUserHandler)",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /api/v1/silence/{sid}",
    "DELETE /api/v2/silence/{silenceID}",
    // Under a prefix only a setting other than the default adds: as the default serves them.
    "GET /-/healthy",
    "GET /api/v1/status",
    "GET /api/v2/alerts",
    "POST /-/reload",
    "POST /admin/v1/users [swagger-security]",
  ]);
});

project("routes as values: a type whose Method() and Path() return literals (or http.MethodPost, or a constant for any method) is a route where a registrar is handed a value of it, or its package's constructor; guarded by the checks in the middleware list it is handed with; one never registered is not served", () => {
  const root = tempDir("tool-go-route-objects-");
  const handler = (pkg: string, method: string, path: string, extra = "") =>
    `package ${pkg}\n\nimport "net/http"\n\ntype Handler struct{}\n\nfunc (h *Handler) Method() string {\n\treturn ${method}\n}\n\nfunc (h *Handler) Path() string {\n\treturn "${path}"\n}\n${extra}`;
  writeFiles(root, {
    "go.mod": "module github.com/acme/keys\n\ngo 1.22\n",
    "svc/api/routes/v2_apis_create_api/handler.go": handler("handler", '"POST"', "/v2/apis.createApi"),
    "svc/api/routes/v2_liveness/handler.go": handler("handler", "http.MethodGet", "/v2/liveness"),
    "svc/api/routes/v2_portal_list_keys/handler.go": handler("handler", "http.MethodPost", "/v2/portal.listKeys", "\nfunc New(db any) *Handler { return &Handler{} }\n"),
    "svc/api/routes/proxy/handler.go": handler("handler", "zen.CATCHALL", "/{path...}"),
    "svc/api/routes/internal_health/handler.go": handler("handler", '"GET"', "/_internal/health"),
    "svc/api/routes/register.go": [
      "package routes",
      "",
      "import (",
      '\tv2ApisCreateApi "github.com/acme/keys/svc/api/routes/v2_apis_create_api"',
      '\tv2Liveness "github.com/acme/keys/svc/api/routes/v2_liveness"',
      '\tv2PortalListKeys "github.com/acme/keys/svc/api/routes/v2_portal_list_keys"',
      '\tproxy "github.com/acme/keys/svc/api/routes/proxy"',
      '\tzen "github.com/acme/keys/pkg/zen"',
      ")",
      "",
      "func Register(srv *zen.Server, svc *Services) {",
      "\twithLogging := zen.WithLogging()",
      "\twithAuthentication := middleware.WithAuthentication(svc.Auth)",
      "\tpublicMiddlewares := []zen.Middleware{",
      "\t\twithLogging,",
      "\t}",
      "\tprotectedMiddlewares := []zen.Middleware{",
      "\t\twithLogging,",
      "\t\twithAuthentication,",
      "\t}",
      "\tsrv.RegisterRoute(publicMiddlewares, &v2Liveness.Handler{})",
      "\tsrv.RegisterRoute(",
      "\t\tprotectedMiddlewares,",
      "\t\t&v2ApisCreateApi.Handler{",
      "\t\t\tDB: svc.Database,",
      "\t\t},",
      "\t)",
      "\tsrv.RegisterRoute(protectedMiddlewares, v2PortalListKeys.New(svc.Database))",
      "\tsrv.RegisterRoute(nil, &proxy.Handler{})",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "ALL /*",
    "GET /v2/liveness",
    "POST /v2/apis.createApi [withAuthentication]",
    "POST /v2/portal.listKeys [withAuthentication]",
  ]);
});

project("the app's registering function called with the method written as a string (r.AddHandler(\"GET\", \"/api/healthcheck\", s.healthcheck)) is a route at that path; a client's request with a string method is not", () => {
  const root = tempDir("tool-go-string-registrar-");
  writeFiles(root, {
    "go.mod": "module github.com/acme/runner\n\ngo 1.22\n",
    "internal/common/api/api.go": "package api\n\nimport (\n\t\"fmt\"\n\t\"net/http\"\n)\n\ntype Router struct{ *http.ServeMux }\n\nfunc (r *Router) AddHandler(method string, pattern string, handler http.HandlerFunc) {\n\tr.HandleFunc(fmt.Sprintf(\"%s %s\", method, pattern), handler)\n}\n",
    "internal/runner/api/server.go": [
      "package api",
      "",
      "import \"net/http\"",
      "",
      "func NewServer() *Server {",
      "\tr := api.NewRouter()",
      "\ts := &Server{}",
      "\tr.AddHandler(\"GET\", \"/api/healthcheck\", s.healthcheckGetHandler)",
      "\tr.AddHandler(\"POST\", \"/api/submit\", s.submitPostHandler)",
      "\treq, _ := http.NewRequest(\"GET\", \"/api/pull\", nil)",
      "\t_ = req",
      "\treturn s",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /api/healthcheck", "POST /api/submit"]);
});

project.run();

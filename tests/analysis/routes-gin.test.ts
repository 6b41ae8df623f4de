import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines, guardedRoutes } from "../helpers/routes.ts";

const gin = suite("Gin routes");

gin("groups with a constant prefix, groups passed to functions in another package and in another file of the same package, Use guarding only later routes", () => {
  assert.equal(routeLines("routes-gin"), [
    "DELETE /api/v1/admin/users/{id} main.go:18 api.DeleteUser [api.AuthRequired]",
    "GET /api/v1/orders orders.go:12 listOrders",
    "POST /api/v1/orders orders.go:14 createOrder [requireLogin]",
    "ALL /api/v1/orders/legacy/{path} orders.go:15 legacyOrders [requireLogin]",
    "POST /api/v1/users internal/api/users.go:9 CreateUser [AuthRequired]",
    "GET /api/v1/users/{id} internal/api/users.go:8 GetUser",
    "PATCH /api/v1/users/{id} internal/api/users.go:10 UpdateUser",
    "PUT /api/v1/users/{id} internal/api/users.go:10 UpdateUser",
    "GET /health main.go:12 (inline)",
  ]);
});

gin("a group made and guarded in one chain (g.Group(\"/user\").Use(auth).POST(...)) keeps its prefix and guard to itself; Use on the engine guards its later routes", () => {
  const root = tempDir("tool-gin-chained-group-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "router.go": [
      "package main",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func Create() *gin.Engine {",
      "\tg := gin.New()",
      '\tg.Group("/user").Use(auth.RequireAdmin).POST("", users.Create)',
      '\tg.POST("/auth/login", session.Login)',
      '\tg.Group("/").Use(auth.RequireClient).POST("/message", messages.Create)',
      '\tg.GET("/version", version.Get)',
      "\tg.Use(auth.RequireClient)",
      '\tg.GET("/stream", stream.Handle)',
      "\treturn g",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "POST /auth/login session.Login",
    "POST /message messages.Create [auth.RequireClient]",
    "GET /stream stream.Handle [auth.RequireClient]",
    "POST /user users.Create [auth.RequireAdmin]",
    "GET /version version.Get",
  ]);
});

gin("a group prefix read from a configuration struct's field takes the value its tag names in the configuration file; one not found says its prefix is unknown; a middleware that hands on a request without a token (len(token) == 0), or every request unless the site requires signing in (if !mustLogin { ctx.Next() }), guards nothing", () => {
  const root = tempDir("tool-gin-config-fields-");
  writeFiles(root, {
    "go.mod": "module example.com/qa\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "configs/config.yaml": "server:\n  http:\n    addr: 0.0.0.0:80\nui:\n  base_url: ''\n  api_base_url: '/qa'\n",
    "internal/base/server/config.go": [
      "package server",
      "type UI struct {",
      '\tBaseURL    string `json:"base_url" mapstructure:"base_url" yaml:"base_url"`',
      '\tAPIBaseURL string `json:"api_base_url" mapstructure:"api_base_url" yaml:"api_base_url"`',
      '\tPluginURL  string `json:"plugin_url" yaml:"plugin_url"`',
      "}",
    ].join("\n"),
    "internal/base/server/http.go": [
      "package server",
      'import "github.com/gin-gonic/gin"',
      "func NewHTTPServer(authUserMiddleware *middleware.AuthUserMiddleware, uiConf *UI) *gin.Engine {",
      "\tr := gin.New()",
      '\tunAuthV1 := r.Group(uiConf.APIBaseURL + "/answer/api/v1")',
      "\tunAuthV1.Use(authUserMiddleware.Auth())",
      '\tunAuthV1.GET("/question/page", listQuestions)',
      '\tauthV1 := r.Group(uiConf.APIBaseURL + "/answer/api/v1")',
      "\tauthV1.Use(authUserMiddleware.MustAuth())",
      '\tauthV1.POST("/question", addQuestion)',
      '\tsiteV1 := r.Group(uiConf.APIBaseURL + "/answer/api/v1")',
      "\tsiteV1.Use(authUserMiddleware.EjectUserBySiteInfo())",
      '\tsiteV1.GET("/tags", listTags)',
      '\tactiveV1 := r.Group(uiConf.APIBaseURL + "/answer/api/v1")',
      "\tactiveV1.Use(authUserMiddleware.EjectUserIfBanned())",
      '\tactiveV1.POST("/vote", vote)',
      "\tplugins := r.Group(uiConf.PluginURL)",
      '\tplugins.GET("/status", pluginStatus)',
      "\treturn r",
      "}",
    ].join("\n"),
    "internal/base/middleware/auth.go": [
      "package middleware",
      "func (am *AuthUserMiddleware) Auth() gin.HandlerFunc {",
      "\treturn func(ctx *gin.Context) {",
      "\t\ttoken := ExtractToken(ctx)",
      "\t\tif len(token) == 0 {",
      "\t\t\tctx.Next()",
      "\t\t\treturn",
      "\t\t}",
      "\t\tctx.Set(userKey, am.lookup(token))",
      "\t\tctx.Next()",
      "\t}",
      "}",
      // Refuses only when the site is set to require signing in, which it is not by default.
      "func (am *AuthUserMiddleware) EjectUserBySiteInfo() gin.HandlerFunc {",
      "\treturn func(ctx *gin.Context) {",
      "\t\tmustLogin := false",
      "\t\tsiteInfo, _ := am.siteInfoCommonService.GetSiteLogin(ctx)",
      "\t\tif siteInfo != nil {",
      "\t\t\tmustLogin = siteInfo.LoginRequired",
      "\t\t}",
      "\t\tif !mustLogin {",
      "\t\t\tctx.Next()",
      "\t\t\treturn",
      "\t\t}",
      "\t\tif GetUserInfoFromContext(ctx) == nil {",
      "\t\t\tctx.AbortWithStatus(http.StatusUnauthorized)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tctx.Next()",
      "\t}",
      "}",
      "func (am *AuthUserMiddleware) EjectUserIfBanned() gin.HandlerFunc {",
      "\treturn func(ctx *gin.Context) {",
      "\t\tuser := GetUserInfoFromContext(ctx)",
      "\t\tif user == nil {",
      "\t\t\tctx.AbortWithStatus(http.StatusUnauthorized)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tif !user.Banned {",
      "\t\t\tctx.Next()",
      "\t\t\treturn",
      "\t\t}",
      "\t\tctx.AbortWithStatus(http.StatusForbidden)",
      "\t}",
      "}",
      "func (am *AuthUserMiddleware) MustAuth() gin.HandlerFunc {",
      "\treturn func(ctx *gin.Context) {",
      "\t\tif am.lookup(ExtractToken(ctx)) == nil {",
      "\t\t\tctx.AbortWithStatus(http.StatusUnauthorized)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tctx.Next()",
      "\t}",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "POST /qa/answer/api/v1/question [authUserMiddleware.MustAuth]",
    "GET /qa/answer/api/v1/question/page",
    "GET /qa/answer/api/v1/tags",
    "POST /qa/answer/api/v1/vote [authUserMiddleware.EjectUserIfBanned]",
    "GET /status (prefix unknown)",
  ]);
});

gin("a package variable assigned a group in another file of the package serves its routes under that group; a group under a function of the app's over a constant of another package says its prefix is unknown", () => {
  const root = tempDir("tool-gin-package-variable-");
  writeFiles(root, {
    "go.mod": "module example.com/photos\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "internal/config/const.go": 'package config\nconst ApiUri = "/api/v1"\n',
    "internal/server/start.go": [
      "package server",
      'import "github.com/gin-gonic/gin"',
      "func Start(conf *config.Config) {",
      "\trouter := gin.New()",
      '\tadmin = router.Group("/admin")',
      "\tAPIv1 = router.Group(conf.BaseUri(config.ApiUri))",
      "\tregisterRoutes(router, conf)",
      "}",
    ].join("\n"),
    "internal/server/routes.go": [
      "package server",
      'import "github.com/gin-gonic/gin"',
      "var APIv1 *gin.RouterGroup",
      "var admin *gin.RouterGroup",
      "func registerRoutes(router *gin.Engine, conf *config.Config) {",
      '\tadmin.GET("/stats", stats)',
      "\tapi.GetAlbums(APIv1)",
      "}",
    ].join("\n"),
    "internal/api/albums.go": [
      "package api",
      'import "github.com/gin-gonic/gin"',
      "func GetAlbums(router *gin.RouterGroup) {",
      '\trouter.GET("/albums", func(c *gin.Context) { c.JSON(200, list()) })',
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "GET /admin/stats",
    "GET /albums (prefix unknown)",
  ]);
});

gin("a method called on a struct field whose struct another file of the package declares mounts the routes of the field's type's method, not of another type's method of that name", () => {
  const root = tempDir("tool-gin-field-types-");
  writeFiles(root, {
    "go.mod": "module example.com/id/backend\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "internal/bootstrap/services.go": [
      "package bootstrap",
      'import (\n\t"example.com/id/backend/internal/apikey"\n\t"example.com/id/backend/internal/webauthn"\n)',
      "type services struct {",
      "\tapiKeyModule   *apikey.Module",
      "\twebauthnModule *webauthn.Module",
      "}",
    ].join("\n"),
    "internal/bootstrap/router.go": [
      "package bootstrap",
      'import "github.com/gin-gonic/gin"',
      "func registerRoutes(r *gin.Engine, svc *services) {",
      '\tapiGroup := r.Group("/api")',
      "\tsvc.apiKeyModule.RegisterRoutes(apiGroup, authMiddleware.Add())",
      '\tsvc.webauthnModule.RegisterRoutes(r.Group("/auth"), apiGroup)',
      "}",
    ].join("\n"),
    "internal/apikey/module.go": [
      "package apikey",
      'import "github.com/gin-gonic/gin"',
      "type Module struct{ handler *handler }",
      "func (m *Module) RegisterRoutes(apiGroup *gin.RouterGroup, auth gin.HandlerFunc) {",
      '\tgroup := apiGroup.Group("/api-keys")',
      '\tgroup.GET("", auth, m.handler.list)',
      "}",
    ].join("\n"),
    "internal/webauthn/module.go": [
      "package webauthn",
      'import "github.com/gin-gonic/gin"',
      "type Module struct{ handler *handler }",
      "func (m *Module) RegisterRoutes(group *gin.RouterGroup, api *gin.RouterGroup) {",
      '\tgroup.POST("/webauthn/login/start", m.handler.start)',
      '\tapi.GET("/webauthn/credentials", m.handler.credentials)',
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/api-keys [auth]",
    "GET /api/webauthn/credentials",
    "POST /auth/webauthn/login/start",
  ]);
});

gin("a file whose build constraint needs a tag of the project's own (//go:build e2etest) is not built by default: its routes are not served; one for a platform is", () => {
  const root = tempDir("tool-gin-build-tags-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "main.go": [
      "package main",
      'import "github.com/gin-gonic/gin"',
      "func main() {",
      "\tr := gin.Default()",
      '\tapi := r.Group("/api")',
      "\tNewTestController(api)",
      "\tNewUnixController(api)",
      '\tapi.GET("/users", listUsers)',
      "}",
    ].join("\n"),
    "e2e.go": [
      "//go:build e2etest",
      "",
      "package main",
      'import "github.com/gin-gonic/gin"',
      'func NewTestController(group *gin.RouterGroup) { group.POST("/test/reset", reset) }',
    ].join("\n"),
    "e2e_linux.go": [
      "// Copyright the authors.",
      "//go:build linux && (e2etest || debug)",
      "",
      "package main",
      'import "github.com/gin-gonic/gin"',
      'func NewDebugController(group *gin.RouterGroup) { group.GET("/debug/state", state) }',
    ].join("\n"),
    "unix.go": [
      "//go:build !windows && go1.21",
      "",
      "package main",
      'import "github.com/gin-gonic/gin"',
      'func NewUnixController(group *gin.RouterGroup) { group.GET("/socket", socket) }',
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /api/socket",
    "GET /api/users",
  ]);
});

gin("a handler whose first check, after statements that branch nowhere, verifies a token the request carries or refuses a caller without credentials guards itself; a first check of something else does not", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module example.com/wings\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.9.0\n",
    "router/router.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func Configure() *gin.Engine {",
      "\trouter := gin.New()",
      '\trouter.GET("/download/file", getDownloadFile)',
      '\trouter.POST("/api/transfers", postTransfers)',
      '\trouter.GET("/servers/:server/logs", getLogs)',
      "\treturn router",
      "}",
    ].join("\n"),
    "router/handlers.go": [
      "package router",
      "",
      "import (",
      '\t"net/http"',
      '\t"strings"',
      "",
      '\t"github.com/gin-gonic/gin"',
      '\t"example.com/wings/tokens"',
      ")",
      "",
      "func getDownloadFile(c *gin.Context) {",
      "\tmanager := ExtractManager(c)",
      "\ttoken := tokens.FilePayload{}",
      "\t// if the token is bad, stop here",
      '\tif err := tokens.ParseToken([]byte(c.Query("token")), &token); err != nil {',
      "\t\tCaptureAndAbort(c, err)",
      "\t\treturn",
      "\t}",
      "\tmanager.Serve(c, token)",
      "}",
      "",
      "func postTransfers(c *gin.Context) {",
      '\tauth := strings.SplitN(c.GetHeader("Authorization"), " ", 2)',
      '\tif len(auth) != 2 || auth[0] != "Bearer" {',
      "\t\tc.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{})",
      "\t\treturn",
      "\t}",
      "}",
      "",
      "func getLogs(c *gin.Context) {",
      '\tlines := c.Query("lines")',
      '\tif lines == "" {',
      "\t\tc.AbortWithStatusJSON(http.StatusBadRequest, gin.H{})",
      "\t\treturn",
      "\t}",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/transfers [(checks the caller in the handler)]",
    "GET /download/file [tokens.ParseToken]",
    "GET /servers/{server}/logs",
  ]);
});

gin("a middleware that requires a request's signature (SignRequired, SlaveRPCSignRequired: an HMAC between nodes) guards the group it is used on", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "go.mod": "module example.com/drive\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "routers/router.go": [
      "package routers",
      "",
      'import (\n\t"example.com/drive/middleware"\n\t"github.com/gin-gonic/gin"\n)',
      "",
      "func initSlaveRouter() *gin.Engine {",
      "\tr := gin.New()",
      '\tv4 := r.Group("/api/v4/slave")',
      "\tv4.Use(middleware.SignRequired(auth))",
      '\tv4.POST("ping", slavePing)',
      '\tr.GET("/version", version)',
      "\treturn r",
      "}",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), ["POST /api/v4/slave/ping [middleware.SignRequired]", "GET /version"]);
});

gin("a middleware handed through a binding function of the app's (Use(bindMiddleware(middlewares.JWTAuthorization(config), config))) guards as the middleware it binds; one binding a request id guards nothing", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "go.mod": "module example.com/books\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "cmd/webserver.go": [
      "package cmd",
      "",
      'import (\n\t"example.com/books/middlewares"\n\t"github.com/gin-gonic/gin"\n)',
      "",
      "func startServer(config *Config) {",
      "\trouter := gin.New()",
      '\tqrCodeRoute := router.Group("/qrcode")',
      "\tqrCodeRoute.Use(bindMiddleware(middlewares.RequestId(config), config))",
      '\tqrCodeRoute.GET("/mobile_url.png", qrCodeImage)',
      '\tapiV1Route := router.Group("/api/v1")',
      "\tapiV1Route.Use(bindMiddleware(middlewares.JWTAuthorization(config), config))",
      '\tapiV1Route.POST("/accounts/add.json", accountAdd)',
      "}",
      "",
      "func bindMiddleware(fn core.MiddlewareHandlerFunc, config *Config) gin.HandlerFunc {",
      "\treturn func(ginCtx *gin.Context) {",
      "\t\tc := core.WrapContext(ginCtx)",
      "\t\tfn(c)",
      "\t}",
      "}",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), ["POST /api/v1/accounts/add.json [middlewares.JWTAuthorization]", "GET /qrcode/mobile_url.png"]);
});

gin("a method called on each element of a list of router types through their interface (for _, router := range RouterGroupApp { router.InitRouter(api) }) mounts every type's method of that name under the group", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "go.mod": "module example.com/panel\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "init/router/router.go": [
      "package router",
      "",
      'import (\n\trou "example.com/panel/router"\n\t"github.com/gin-gonic/gin"\n)',
      "",
      "func Routers() *gin.Engine {",
      "\tRouter := gin.Default()",
      '\tPrivateGroup := Router.Group("/api/v1")',
      "\tfor _, router := range rou.RouterGroupApp {",
      "\t\trouter.InitRouter(PrivateGroup)",
      "\t}",
      "\treturn Router",
      "}",
      "",
    ].join("\n"),
    "router/entry.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "type CommonRouter interface {",
      "\tInitRouter(Router *gin.RouterGroup)",
      "}",
      "",
      "var RouterGroupApp = []CommonRouter{&AppRouter{}, &FileRouter{}}",
      "",
    ].join("\n"),
    "router/ro_app.go": [
      "package router",
      "",
      'import (\n\t"example.com/panel/middleware"\n\t"github.com/gin-gonic/gin"\n)',
      "",
      "type AppRouter struct{}",
      "",
      "func (a *AppRouter) InitRouter(Router *gin.RouterGroup) {",
      '\tappRouter := Router.Group("apps")',
      "\tappRouter.Use(middleware.JwtAuth())",
      '\tappRouter.POST("/sync", syncApps)',
      '\tappRouter.GET("/:key", getApp)',
      "}",
      "",
    ].join("\n"),
    "router/ro_file.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "type FileRouter struct{}",
      "",
      "func (f *FileRouter) InitRouter(Router *gin.RouterGroup) {",
      '\tRouter.Group("files").GET("/download", download)',
      "}",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET /api/v1/apps/{key} [middleware.JwtAuth]",
    "POST /api/v1/apps/sync [middleware.JwtAuth]",
    "GET /api/v1/files/download",
  ]);
});

gin("a path joined in the route call from a constant of another package and a literal (controller.ConnectorLoginRouterPrefix + \":name\") is read; one joined with a call's result is not", () => {
  const root = tempDir("tool-gin-joined-constant-");
  writeFiles(root, {
    "go.mod": "module example.com/qa\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "internal/controller/connector.go": 'package controller\n\nconst (\n\tConnectorLoginRouterPrefix    = "/connector/login/"\n\tConnectorRedirectRouterPrefix = "/connector/redirect/"\n)\n',
    "internal/router/plugin.go": [
      "package router",
      'import (\n\t"github.com/gin-gonic/gin"\n\t"example.com/qa/internal/controller"\n)',
      "func Register(r *gin.Engine) {",
      '\tg := r.Group("/answer/api/v1")',
      '\tg.GET(controller.ConnectorLoginRouterPrefix+":name", loginDispatcher)',
      '\tg.GET(controller.ConnectorRedirectRouterPrefix + ":name", redirectDispatcher)',
      '\tg.GET(prefixOf(kind)+":name", other)',
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "GET /answer/api/v1/connector/login/{name}",
    "GET /answer/api/v1/connector/redirect/{name}",
  ]);
});

gin("a route's middleware that hands on a request without an API token (if tok == nil { c.Next() }) and checks only the scopes of one sent guards nothing; one that refuses a request without it does", () => {
  const root = tempDir("tool-gin-scope-middleware-");
  writeFiles(root, {
    "go.mod": "module example.com/dash\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "controller/controller.go": [
      "package controller",
      'import "github.com/gin-gonic/gin"',
      "func routers(r *gin.Engine) {",
      '\tapi := r.Group("/api/v1")',
      '\tapi.GET("/service", restScopeMiddleware("service:read"), showService)',
      '\tapi.POST("/server", tokenScopeRequired("server:write"), updateServer)',
      "}",
      "",
    ].join("\n"),
    "controller/scope.go": [
      "package controller",
      "func restScopeMiddleware(scope string) gin.HandlerFunc {",
      "\treturn func(c *gin.Context) {",
      "\t\ttok := APITokenFromContext(c)",
      "\t\tif tok == nil {",
      "\t\t\tc.Next()",
      "\t\t\treturn",
      "\t\t}",
      "\t\tif !tok.HasScope(scope) {",
      "\t\t\tc.AbortWithStatusJSON(http.StatusForbidden, gin.H{})",
      "\t\t\treturn",
      "\t\t}",
      "\t\tc.Next()",
      "\t}",
      "}",
      "func tokenScopeRequired(scope string) gin.HandlerFunc {",
      "\treturn func(c *gin.Context) {",
      "\t\ttok := APITokenFromContext(c)",
      "\t\tif tok == nil || !tok.HasScope(scope) {",
      "\t\t\tc.AbortWithStatus(http.StatusUnauthorized)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tc.Next()",
      "\t}",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "POST /api/v1/server [tokenScopeRequired]",
    "GET /api/v1/service",
  ]);
});

gin("Match with a slice the file declares by name (WebDavMethods = []string{http.MethodOptions, ..., MethodPropFind}) serves each method; a guard-named middleware that refuses nobody and hands every request on (jwtMiddleware reading a token when one is sent) guards nothing, one that aborts does", () => {
  const root = tempDir("tool-gin-match-slice-");
  writeFiles(root, {
    "go.mod": "module example.com/notes\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "server/serve.go": [
      "package server",
      "",
      "import (",
      '\t"net/http"',
      "",
      '\t"github.com/gin-gonic/gin"',
      ")",
      "",
      "const (",
      '\tMethodPropFind = "PROPFIND"',
      '\tMethodMkCol    = "MKCOL"',
      ")",
      "",
      "var (",
      "\tWebDavMethods = []string{",
      "\t\thttp.MethodOptions,",
      "\t\thttp.MethodGet,",
      "",
      "\t\tMethodMkCol,",
      "\t\tMethodPropFind,",
      "\t}",
      ")",
      "",
      "func Serve() {",
      "\tginServer := gin.New()",
      "\tginServer.Use(jwtMiddleware)",
      '\tginServer.GET("/check-auth", serveCheckAuth)',
      '\tginGroup := ginServer.Group("/webdav", CheckAuth)',
      '\tginGroup.Match(WebDavMethods, "/*path", func(c *gin.Context) {})',
      '\tginServer.Run(":6806")',
      "}",
      "",
      "func jwtMiddleware(c *gin.Context) {",
      "\tif token := parseToken(c.Request); token != nil {",
      "\t\tif token.Valid {",
      '\t\t\tc.Set("claims", token.Claims)',
      "\t\t\tc.Next()",
      "\t\t\treturn",
      "\t\t}",
      "\t}",
      '\tc.Set("role", "visitor")',
      "\tc.Next()",
      "}",
      "",
      "func CheckAuth(c *gin.Context) {",
      '\tif c.GetString("role") == "visitor" {',
      "\t\tc.AbortWithStatus(http.StatusUnauthorized)",
      "\t\treturn",
      "\t}",
      "\tc.Next()",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /check-auth",
    "GET /webdav/{path} [CheckAuth]",
    "MKCOL /webdav/{path} [CheckAuth]",
    "OPTIONS /webdav/{path} [CheckAuth]",
    "PROPFIND /webdav/{path} [CheckAuth]",
  ]);
});

gin("a handler that reads its body first, then the caller from the token into a flag it returns on (ok, id, info = token_verify.GetUserIDFromToken(...); if !ok { ...; return }), is guarded; found in the package its import names, beside a gRPC server's method of the same name; one that reads the body and then works is not, nor a sign-in that reads basic auth's credentials (r.BasicAuth()) to check them", () => {
  const root = tempDir("tool-gin-handler-token-");
  writeFiles(root, {
    "go.mod": "module example.com/im\n\ngo 1.21\n\nrequire github.com/gin-gonic/gin v1.9.0\n",
    "cmd/api/main.go": [
      "package main",
      'import (\n\t"github.com/gin-gonic/gin"\n\t"example.com/im/internal/api/friend"\n)',
      "func main() {",
      "\tr := gin.Default()",
      '\tg := r.Group("/friend")',
      '\tg.POST("/add_friend", friend.AddFriend)',
      '\tg.POST("/search", friend.Search)',
      '\tr.POST("/auth/login", friend.Login)',
      '\tr.Run(":10002")',
      "}",
    ].join("\n"),
    "internal/api/friend/friend.go": [
      "package friend",
      'import (\n\t"net/http"\n\t"github.com/gin-gonic/gin"\n\t"example.com/im/pkg/token_verify"\n)',
      "func AddFriend(c *gin.Context) {",
      "\tparams := AddFriendReq{}",
      "\tif err := c.BindJSON(&params); err != nil {",
      '\t\tc.JSON(http.StatusBadRequest, gin.H{"errCode": 400})',
      "\t\treturn",
      "\t}",
      "\treq := &AddFriendRpcReq{}",
      "\tvar ok bool",
      "\tvar errInfo string",
      '\tok, req.OpUserID, errInfo = token_verify.GetUserIDFromToken(c.Request.Header.Get("token"), params.OperationID)',
      "\tif !ok {",
      '\t\tc.JSON(http.StatusBadRequest, gin.H{"errCode": 500, "errMsg": errInfo})',
      "\t\treturn",
      "\t}",
      "\tsave(req)",
      "}",
      "",
      "func Login(c *gin.Context) {",
      "\tname, pass, ok := c.Request.BasicAuth()",
      "\tif !ok {",
      '\t\tc.AbortWithError(401, errors.New("basic auth required"))',
      "\t\treturn",
      "\t}",
      "\tsignIn(c, name, pass)",
      "}",
      "",
      "func Search(c *gin.Context) {",
      "\tparams := SearchReq{}",
      "\tif err := c.BindJSON(&params); err != nil {",
      '\t\tc.JSON(http.StatusBadRequest, gin.H{"errCode": 400})',
      "\t\treturn",
      "\t}",
      "\tresults := find(params)",
      "\tif len(results) == 0 {",
      "\t\tc.JSON(http.StatusNotFound, nil)",
      "\t\treturn",
      "\t}",
      "\tc.JSON(http.StatusOK, results)",
      "}",
    ].join("\n"),
    "internal/rpc/friend/friend.go": [
      "package friend",
      "func (s *friendServer) AddFriend(ctx context.Context, req *AddFriendReq) (*AddFriendResp, error) {",
      "\treturn store(req)",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["POST /auth/login", "POST /friend/add_friend [token_verify.GetUserIDFromToken]", "POST /friend/search"]);
});

gin("a router handed to a controller's constructor and kept in its field (return &ContextController{router: router}) serves the routes its methods register on that field, under the group it was handed; a constructor named like a check (NewOAuthController) guards nothing", () => {
  const root = tempDir("tool-gin-controller-fields-");
  const controller = (name: string, group: string, routes: string[]) => [
    "package controller",
    "",
    'import "github.com/gin-gonic/gin"',
    "",
    `type ${name}Controller struct {`,
    "\tconfig Config",
    "\trouter *gin.RouterGroup",
    "}",
    "",
    `func New${name}Controller(config Config, router *gin.RouterGroup) *${name}Controller {`,
    `\treturn &${name}Controller{`,
    "\t\tconfig: config,",
    "\t\trouter: router,",
    "\t}",
    "}",
    "",
    `func (controller *${name}Controller) SetupRoutes() {`,
    `\tgroup := controller.router.Group("${group}")`,
    ...routes.map((r) => `\t${r}`),
    "}",
  ].join("\n");
  writeFiles(root, {
    "go.mod": "module github.com/acme/auth\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "internal/controller/context_controller.go": controller("Context", "/context", ['group.GET("/user", controller.userContextHandler)']),
    "internal/controller/oauth_controller.go": controller("OAuth", "/oauth", ['group.GET("/url/:provider", controller.oauthURLHandler)']),
    "internal/bootstrap/router.go": [
      "package bootstrap",
      "",
      "import (",
      '\t"github.com/gin-gonic/gin"',
      '\t"github.com/acme/auth/internal/controller"',
      ")",
      "",
      "func (app *App) setupRouter() *gin.Engine {",
      "\tengine := gin.New()",
      '\tapiRouter := engine.Group("/api")',
      "\tcontextController := controller.NewContextController(controller.Config{}, apiRouter)",
      "\tcontextController.SetupRoutes()",
      "\toauthController := controller.NewOAuthController(controller.Config{}, apiRouter)",
      "\toauthController.SetupRoutes()",
      "\treturn engine",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /api/context/user", "GET /api/oauth/url/{provider}"]);
});

gin("functions a package collects in a list in init() serve under the router a loop over that list hands each; a collected function nobody loops over is served where it stands", () => {
  const root = tempDir("tool-gin-");
  writeFiles(root, {
    "go.mod": "module admin\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.9.1\n",
    "app/router/router.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "var (",
      "\trouterNoCheckRole = make([]func(*gin.RouterGroup), 0)",
      "\trouterCheckRole   = make([]func(*gin.RouterGroup, *Auth), 0)",
      ")",
      "",
      "func InitRouter(r *gin.Engine, auth *Auth) {",
      '\tv1 := r.Group("/api/v1")',
      "\tfor _, f := range routerNoCheckRole {",
      "\t\tf(v1)",
      "\t}",
      '\tsecured := r.Group("/api/v1").Use(auth.RequireLogin())',
      "\tfor _, f := range routerCheckRole {",
      "\t\tf(secured, auth)",
      "\t}",
      "}",
      "",
    ].join("\n"),
    "app/router/config.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func init() {",
      "\trouterCheckRole = append(routerCheckRole, registerConfigRouter)",
      "}",
      "",
      "func registerConfigRouter(v1 *gin.RouterGroup, auth *Auth) {",
      '\tr := v1.Group("/config")',
      '\tr.GET("", getConfig)',
      '\tr.PUT("/:id", updateConfig)',
      "}",
      "",
    ].join("\n"),
    "app/router/health.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func init() {",
      "\trouterNoCheckRole = append(routerNoCheckRole, registerHealthRouter)",
      "}",
      "",
      "func registerHealthRouter(v1 *gin.RouterGroup) {",
      '\tv1.GET("/health", health)',
      "}",
      "",
    ].join("\n"),
    "app/other/router.go": [
      "package other",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "var extra []func(*gin.RouterGroup)",
      "",
      "func init() {",
      "\textra = append(extra, registerExtra)",
      "}",
      "",
      "func registerExtra(g *gin.RouterGroup) {",
      '\tg.GET("/extra", extraHandler)',
      "}",
      "",
    ].join("\n"),
    "main.go": [
      "package main",
      "",
      "import (",
      '\t"admin/app/router"',
      '\t"github.com/gin-gonic/gin"',
      ")",
      "",
      "func main() {",
      "\tr := gin.Default()",
      "\trouter.InitRouter(r, auth)",
      '\tr.Run(":8000")',
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /api/v1/config getConfig [auth.RequireLogin]",
    "PUT /api/v1/config/{id} updateConfig [auth.RequireLogin]",
    "GET /api/v1/health health",
    "GET /extra extraHandler",
  ]);
});

gin("routes registered under a setting that switches a feature on (if rt.HTTP.APIForService.Enable {...}, or after if !...Enable { return }) are left out when the shipped configuration sets it false, kept when it sets it true or not at all", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module n9e\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "etc/config.toml": [
      "[HTTP]",
      "Port = 17000",
      "[HTTP.APIForAgent]",
      "Enable = true",
      "[HTTP.APIForService]",
      "Enable = false",
      "",
    ].join("\n"),
    "router/router.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "type Router struct{ HTTP HTTPConfig; TSDB TSDBConfig }",
      "",
      "func (rt *Router) Config(r *gin.Engine) {",
      '\tpages := r.Group("/api/n9e")',
      '\tpages.GET("/self/profile", rt.profile)',
      "\tif rt.HTTP.APIForService.Enable {",
      '\t\tservice := r.Group("/v1/n9e")',
      '\t\tservice.GET("/users", rt.userFindAll)',
      "\t}",
      "\tif rt.HTTP.APIForAgent.Enable {",
      '\t\tr.POST("/v1/n9e/heartbeat", rt.heartbeat)',
      "\t}",
      "\tif rt.TSDB.EnableAdminAPI {",
      '\t\tr.POST("/api/v1/admin/tsdb/delete_series", rt.deleteSeries)',
      "\t}",
      "}",
      "",
    ].join("\n"),
    "alert/router.go": [
      "package alert",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func (rt *Router) Config(r *gin.Engine) {",
      "\tif !rt.HTTP.APIForService.Enable {",
      "\t\treturn",
      "\t}",
      '\tservice := r.Group("/v1/n9e")',
      '\tservice.POST("/event", rt.pushEvent)',
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["GET /api/n9e/self/profile", "POST /api/v1/admin/tsdb/delete_series", "POST /v1/n9e/heartbeat"]);
});

gin("a guard-named middleware that lets every request through unless a setting switches its check on (if !rt.HTTP.ProxyAuth.Enable { c.Next(); return }) guards nothing; one that refuses a caller without a token guards", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module n9e\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "router/router.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func (rt *Router) Config(r *gin.Engine) {",
      '\tpages := r.Group("/api/n9e")',
      '\tpages.POST("/auth/login", rt.jwtMock(), rt.loginPost)',
      '\tpages.GET("/self/profile", rt.jwtAuth(), rt.profile)',
      "}",
      "",
    ].join("\n"),
    "router/router_mw.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func (rt *Router) jwtMock() gin.HandlerFunc {",
      "\treturn func(c *gin.Context) {",
      "\t\tif !rt.HTTP.ProxyAuth.Enable {",
      "\t\t\tc.Next()",
      "\t\t\treturn",
      "\t\t}",
      '\t\tif c.GetHeader("X-User-Name") == "" {',
      "\t\t\tc.AbortWithStatus(401)",
      "\t\t}",
      "\t}",
      "}",
      "",
      "func (rt *Router) jwtAuth() gin.HandlerFunc {",
      "\treturn func(c *gin.Context) {",
      '\t\tif c.GetHeader("Authorization") == "" {',
      "\t\t\tc.AbortWithStatus(401)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tc.Next()",
      "\t}",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /api/n9e/self/profile [rt.jwtAuth]", "POST /api/n9e/auth/login"]);
});

gin("gin-contrib/pprof's Register serves the profiler's handlers under the prefix given (pprof.Register(r, \"/api/debug/pprof\")), /debug/pprof by default; a Register of another package adds nothing", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module app\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "main.go": [
      "package main",
      "",
      "import (",
      '\t"github.com/gin-contrib/pprof"',
      '\t"github.com/gin-gonic/gin"',
      '\t"app/metrics"',
      ")",
      "",
      "func main() {",
      "\tr := gin.New()",
      '\tpprof.Register(r, "/api/debug/pprof")',
      '\tadmin := r.Group("/admin")',
      "\tpprof.RouteRegister(admin)",
      "\tmetrics.Register(r)",
      '\tr.GET("/ping", ping)',
      "\tr.Run()",
      "}",
      "",
    ].join("\n"),
    "metrics/metrics.go": "package metrics\n\nfunc Register(r any) {}\n",
  });
  commitAll(root);
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}`);
  for (const expected of ["GET /api/debug/pprof", "GET /api/debug/pprof/heap", "POST /api/debug/pprof/symbol", "GET /admin/debug/pprof/profile", "GET /ping"]) assert.ok(routes.includes(expected), `${expected} in\n${routes.join("\n")}`);
  assert.is(routes.length, 25);
});

gin("a setting no configuration file sets is decided by an example env file's variable named for it (# GOTIFY_OIDC_ENABLED=false, documenting the default, for conf.OIDC.Enabled); one it sets true is kept", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module gotify\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "gotify-server.env.example": [
      "# Whether to enable OpenID Connect login.",
      "# GOTIFY_OIDC_ENABLED=false",
      "GOTIFY_REGISTRATION_ENABLED=true",
      "",
    ].join("\n"),
    "router/router.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func Create(g *gin.Engine, conf *config.Configuration) {",
      '\tg.GET("/version", version)',
      "\tif conf.OIDC.Enabled {",
      '\t\toidc := g.Group("/auth/oidc")',
      '\t\toidc.GET("/login", login)',
      "\t}",
      "\tif conf.Registration.Enabled {",
      '\t\tg.POST("/register", register)',
      "\t}",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["GET /version", "POST /register"]);
});

gin.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines, guardedRoutes } from "../helpers/routes.ts";

const echo = suite("Echo routes");

echo("groups with middleware, a method that registers on the group it receives, route middleware after the handler, Match and Any", () => {
  assert.equal(routeLines("routes-echo"), [
    "GET / server.go:14 handlers.Home",
    "DELETE /api/v2/admin/posts/{id} server.go:19 posts.Delete [middleware.BasicAuth]",
    "GET /api/v2/posts handlers/posts.go:14 h.List",
    "POST /api/v2/posts handlers/posts.go:16 h.Create [echojwt.JWT]",
    "GET /api/v2/posts/{id} handlers/posts.go:15 h.Show",
    "ALL /api/v2/posts/{id}/preview handlers/posts.go:17 h.Preview",
    "GET /feed.xml server.go:20 handlers.Feed",
    "HEAD /feed.xml server.go:20 handlers.Feed",
  ]);
});

echo("a router type of the app's own wrapping Echo's group (type Router struct { *echo.Group }): its constructor gives the group, its SubGroup makes a group, its verbs register", () => {
  const root = tempDir("tool-echo-wrapper-");
  writeFiles(root, {
    "go.mod": "module example.com/gists\n\ngo 1.22\n\nrequire github.com/labstack/echo/v4 v4.12.0\n",
    "internal/web/server/router.go": [
      "package server",
      "",
      'import "github.com/labstack/echo/v4"',
      "",
      "type Server struct {",
      "\techo *echo.Echo",
      "}",
      "",
      "func (s *Server) registerRoutes() {",
      '\tr := NewRouter(s.echo.Group(""))',
      '\tr.GET("/", gist.Create, logged)',
      '\tr.POST("/-/login", auth.ProcessLogin)',
      '\tsB := r.SubGroup("/-/admin-panel")',
      "\t{",
      "\t\tsB.Use(adminPermission)",
      '\t\tsB.GET("", admin.AdminIndex)',
      '\t\tsB.POST("/users/:user/delete", admin.AdminUserDelete)',
      "\t}",
      "}",
      "",
      "type Router struct {",
      "\t*echo.Group",
      "}",
      "",
      "func NewRouter(g *echo.Group) *Router {",
      "\treturn &Router{Group: g}",
      "}",
      "",
      "func (r *Router) SubGroup(prefix string, m ...Middleware) *Router {",
      "\treturn NewRouter(r.Group.Group(prefix, toEcho(m)...))",
      "}",
      "",
      "func (r *Router) GET(path string, h Handler, m ...Middleware) {",
      "\tr.Group.GET(path, chain(h, m...).toEchoHandler())",
      "}",
      "",
      "func (r *Router) POST(path string, h Handler, m ...Middleware) {",
      "\tr.Group.POST(path, chain(h, m...).toEchoHandler())",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET / gist.Create",
    "GET /-/admin-panel admin.AdminIndex [adminPermission]",
    "POST /-/admin-panel/users/{user}/delete admin.AdminUserDelete [adminPermission]",
    "POST /-/login auth.ProcessLogin",
  ]);
});

echo("middleware of the app's not named like a guard guards when its body refuses callers or returns a JWT middleware; one for another concern (an error handler that maps a 401, a gate on a setting), or that lets everyone through, does not", () => {
  const root = tempDir("tool-echo-candidate-middleware-");
  writeFiles(root, {
    "go.mod": "module example.com/tasks\n\nrequire github.com/labstack/echo/v5 v5.0.0\n",
    "pkg/routes/api_tokens.go": [
      "package routes",
      "func SetupTokenMiddleware() echo.MiddlewareFunc {",
      "\treturn echojwt.WithConfig(echojwt.Config{SigningKey: []byte(secret())})",
      "}",
      "func noStoreCacheControl() echo.MiddlewareFunc {",
      "\treturn func(next echo.HandlerFunc) echo.HandlerFunc {",
      "\t\treturn func(c *echo.Context) error { return next(c) }",
      "\t}",
      "}",
      "func UsersErrorHandling(next echo.HandlerFunc) echo.HandlerFunc {",
      "\treturn func(c *echo.Context) error {",
      "\t\terr := next(c)",
      "\t\tif errors.As(err, &authErr) { return c.JSON(http.StatusUnauthorized, err) }",
      "\t\treturn err",
      "\t}",
      "}",
      "func BanAPIForUserCenter(next echo.HandlerFunc) echo.HandlerFunc {",
      "\treturn func(c *echo.Context) error {",
      "\t\tif !userCenter().EnabledOriginalUserSystem { return c.NoContent(http.StatusForbidden) }",
      "\t\treturn next(c)",
      "\t}",
      "}",
      "func requestMeta() echo.MiddlewareFunc {",
      "\treturn func(next echo.HandlerFunc) echo.HandlerFunc {",
      "\t\treturn func(c *echo.Context) error { c.Set(\"meta\", meta(c)); return next(c) }",
      "\t}",
      "}",
    ].join("\n"),
    "pkg/routes/routes.go": [
      "package routes",
      'import "github.com/labstack/echo/v5"',
      "func RegisterRoutes(e *echo.Echo) {",
      '\ta := e.Group("/api/v1")',
      "\ta.Use(noStoreCacheControl())",
      "\ta.Use(requestMeta())",
      "\ta.POST(\"/users\", register, UsersErrorHandling)",
      "\ta.POST(\"/users/login\", login, BanAPIForUserCenter)",
      '\ta.GET("/info", info)',
      "\ta.Use(SetupTokenMiddleware())",
      '\ta.GET("/projects", listProjects)',
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/v1/info",
    "GET /api/v1/projects [SetupTokenMiddleware]",
    "POST /api/v1/users",
    "POST /api/v1/users/login",
  ]);
});

echo("oapi-codegen's generated server: RegisterHandlers registers on the EchoRouter interface it is handed, under the group a file of the app hands it, the base URL left out", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "go.mod": "module github.com/acme/queue\n\ngo 1.22\n\nrequire github.com/labstack/echo/v4 v4.12.0\n",
    "api/gen/openapi.gen.go": [
      "// Code generated by github.com/deepmap/oapi-codegen/v2 version v2.0.0 DO NOT EDIT.",
      "package gen",
      "",
      'import "github.com/labstack/echo/v4"',
      "",
      "type EchoRouter interface {",
      "\tDELETE(path string, h echo.HandlerFunc, m ...echo.MiddlewareFunc) *echo.Route",
      "\tGET(path string, h echo.HandlerFunc, m ...echo.MiddlewareFunc) *echo.Route",
      "\tPOST(path string, h echo.HandlerFunc, m ...echo.MiddlewareFunc) *echo.Route",
      "}",
      "",
      "func RegisterHandlers(router EchoRouter, si ServerInterface) {",
      '\tRegisterHandlersWithBaseURL(router, si, "")',
      "}",
      "",
      "func RegisterHandlersWithBaseURL(router EchoRouter, si ServerInterface, baseURL string) {",
      "\twrapper := ServerInterfaceWrapper{Handler: si}",
      '\trouter.GET(baseURL+"/api/live", wrapper.LivenessGet)',
      '\trouter.DELETE(baseURL+"/api/v1/tenants/:tenant", wrapper.TenantDelete)',
      "}",
      "",
    ].join("\n"),
    "api/run/run.go": [
      "package run",
      "",
      'import (\n\t"github.com/acme/queue/api/gen"\n\t"github.com/labstack/echo/v4"\n)',
      "",
      "func serve(service gen.ServerInterface) *echo.Echo {",
      "\te := echo.New()",
      '\tg := e.Group("")',
      "\tgen.RegisterHandlers(g, service)",
      "\treturn e",
      "}",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "GET /api/live api/gen/openapi.gen.go",
    "DELETE /api/v1/tenants/{tenant} api/gen/openapi.gen.go",
  ]);
});

echo("a path joined with path.Join from a constant and literals (path.Join(uriAdmin, \"/login\")) is the cleaned join; one with a part not known is not read", () => {
  const root = tempDir("tool-echo-path-join-");
  writeFiles(root, {
    "go.mod": "module example.com/mailer\n\ngo 1.22\n\nrequire github.com/labstack/echo/v4 v4.12.0\n",
    "cmd/handlers.go": [
      "package main",
      "",
      "import (",
      '\t"path"',
      "",
      '\t"github.com/labstack/echo/v4"',
      ")",
      "",
      "const uriAdmin = \"/admin\"",
      "",
      "func initHTTPHandlers(e *echo.Echo, a *App, base string) {",
      '\tg := e.Group("")',
      '\tg.GET(path.Join(uriAdmin, ""), a.AdminPage)',
      '\tg.GET(path.Join(uriAdmin, "/login"), a.LoginPage)',
      '\tg.GET(path.Join(uriAdmin, "/*"), a.AdminPage)',
      '\tg.GET(path.Join(uriAdmin, "settings/", "../users"), a.Users)',
      '\tg.GET(path.Join(base, "/hidden"), a.Hidden)',
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.filter((r) => !r.prefixUnknown).map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /admin a.AdminPage",
    "GET /admin/* a.AdminPage",
    "GET /admin/login a.LoginPage",
    "GET /admin/users a.Users",
  ]);
});

echo.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines, guardedRoutes } from "../helpers/routes.ts";

const httprouter = suite("httprouter routes");

httprouter("verb methods, Handle, Handler and HandlerFunc with the method first, wrapped handlers guarded by name", () => {
  assert.equal(routeLines("routes-httprouter"), [
    "GET /v1/healthcheck cmd/api/routes.go:13 app.healthcheck",
    "POST /v1/orders cmd/api/routes.go:15 app.createOrder [app.requireAuthenticatedUser]",
    "DELETE /v1/orders/{id} cmd/api/routes.go:16 app.deleteOrder [app.requireAuthenticatedUser]",
    "GET /v1/orders/{id} cmd/api/routes.go:14 app.showOrder",
    "PUT /v1/orders/{id}/lines/{rest} cmd/api/routes.go:17 app.putLine",
  ]);
});

httprouter("fasthttp/router: router.New(), verb methods, ANY, Handle with the method first, groups, parameters with regular expressions and catch-alls, wrapped handlers guarded by name", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "go.mod": "module example.com/sso\n\ngo 1.22\n\nrequire github.com/fasthttp/router v1.5.0\n",
    "internal/server/handlers.go": [
      "package server",
      "",
      'import (\n\t"github.com/fasthttp/router"\n\t"github.com/valyala/fasthttp"\n)',
      "",
      "func handlerMain() fasthttp.RequestHandler {",
      "\tr := router.New()",
      '\tr.GET("/api/health", handlers.HealthGET)',
      '\tr.GET("/static/{filepath:*}", handlerPublicHTML)',
      '\tr.GET("/locales/{language:[a-z]{1,3}}/{namespace:[a-z]+}.json", handlerLocales)',
      '\tr.POST("/api/user/info", requireAuth(handlers.UserInfoPOST))',
      '\tr.ANY("/api/verify", handlerAuthz)',
      '\tr.Handle(fasthttp.MethodDelete, "/api/secondfactor/webauthn/credentials/{credentialID}", requireAuth(handlers.WebAuthnCredentialDELETE))',
      '\tadmin := r.Group("/api/admin")',
      '\tadmin.PUT("/users/{username}", requireAdmin(handlers.AdminUserPUT))',
      "\treturn r.Handler",
      "}",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "PUT /api/admin/users/{username} [requireAdmin]",
    "GET /api/health",
    "DELETE /api/secondfactor/webauthn/credentials/{credentialID} [requireAuth]",
    "POST /api/user/info [requireAuth]",
    "ALL /api/verify",
    "GET /locales/{language}/{namespace}.json",
    "GET /static/{filepath}",
  ]);
});

httprouter.run();

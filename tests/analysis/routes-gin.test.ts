import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

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

gin.run();

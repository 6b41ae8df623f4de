import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const bunrouter = suite("bunrouter routes");

bunrouter("groups made with NewGroup and WithGroup take their prefix; WithMiddleware guards what is registered on the router it gives", () => {
  const root = tempDir("tool-bunrouter-");
  writeFiles(root, {
    "go.mod": "module blog\n\ngo 1.21\n\nrequire github.com/uptrace/bunrouter v1.0.20\n",
    "main.go": [
      "package main",
      "",
      'import "github.com/uptrace/bunrouter"',
      "",
      "func main() {",
      "\trouter := bunrouter.New()",
      '\tapi := router.NewGroup("/api")',
      '\tapi.POST("/users/login", login)',
      '\tapi.GET("/articles/:slug", showArticle)',
      "\tauthed := api.WithMiddleware(requireUser)",
      '\tauthed.PUT("/user", updateUser)',
      '\trouter.WithGroup("/admin", func(g *bunrouter.Group) {',
      '\t\tg.DELETE("/users/:id", deleteUser)',
      "\t})",
      '\tops := router.NewGroup("/ops").WithMiddleware(authenticate)',
      '\tops.Handle("PATCH", "/flags", setFlag)',
      '\thttp.ListenAndServe(":8080", router)',
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "DELETE /admin/users/{id} deleteUser",
    "GET /api/articles/{slug} showArticle",
    "PUT /api/user updateUser [requireUser]",
    "POST /api/users/login login",
    "PATCH /ops/flags setFlag [authenticate]",
  ]);
});

bunrouter.run();

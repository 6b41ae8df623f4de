import { suite } from "uvu";
import * as assert from "uvu/assert";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const pocketbase = suite("PocketBase routes");

pocketbase("routes an app adds in its serve hook (se.Router.GET, groups of se.Router.Group), guarded by the middleware bound to their group (Bind(apis.RequireAuth())), not by one bound to another route alone (.BindFunc after a verb)", () => {
  const root = tempDir("tool-pocketbase-");
  writeFiles(root, {
    "go.mod": "module example.com/hub\n\ngo 1.24\n\nrequire github.com/pocketbase/pocketbase v0.39.11\n",
    "main.go": [
      "package main",
      "",
      "import (",
      '\t"github.com/pocketbase/pocketbase"',
      '\t"github.com/pocketbase/pocketbase/core"',
      ")",
      "",
      "func main() {",
      "\tapp := pocketbase.New()",
      "\tapp.OnServe().BindFunc(serve)",
      "\tapp.Start()",
      "}",
      "",
      "func serve(se *core.ServeEvent) error {",
      "\tregisterApiRoutes(se)",
      '\tse.Router.GET("/{path...}", spa)',
      "\treturn se.Next()",
      "}",
      "",
    ].join("\n"),
    "api.go": [
      "package main",
      "",
      "import (",
      '\t"github.com/pocketbase/pocketbase/apis"',
      '\t"github.com/pocketbase/pocketbase/core"',
      ")",
      "",
      "func registerApiRoutes(se *core.ServeEvent) error {",
      '\tapiAuth := se.Router.Group("/api/hub")',
      "\tapiAuth.Bind(apis.RequireAuth())",
      '\tapiNoAuth := se.Router.Group("/api/hub")',
      '\tapiNoAuth.GET("/first-run", firstRun)',
      '\tapiAuth.GET("/info", getInfo)',
      '\tapiNoAuth.POST("/agent", agentConnect).BindFunc(requireAgentToken)',
      "\treturn nil",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /api/hub/first-run", "GET /api/hub/info [apis.RequireAuth]", "GET /{path...}", "POST /api/hub/agent"].sort());
});

pocketbase.run();

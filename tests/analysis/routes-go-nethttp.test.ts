import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const nethttp = suite("net/http routes");

nethttp("Go 1.22 patterns with methods and wildcards, a mux mounted with StripPrefix from another package, the default mux and wrapped handlers", () => {
  assert.equal(routeLines("routes-go-nethttp"), [
    "GET / main.go:17 home",
    "POST /admin/compact internal/admin/admin.go:9 compact",
    "GET /admin/stats internal/admin/admin.go:8 stats",
    "ALL /files/{path} main.go:16 serveFile",
    "ALL /healthz main.go:19 healthz",
    "GET /keys/{key} main.go:14 getKey",
    "PUT /keys/{key} main.go:15 putKey [requireAuth]",
  ]);
});

nethttp("a handler passed to the app's own adapter beside its dependencies is the route's handler; one that checks its caller first is guarded by that check, one that parses posted credentials first is not", () => {
  const root = tempDir("tool-go-checks-first-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\ngo 1.22\n",
    "internal/http/server.go": [
      "package http",
      "",
      "import (",
      '\t"net/http"',
      '\tapi "example.com/app/internal/http/api"',
      ")",
      "",
      "func Setup(mux *http.ServeMux, deps Dependencies) {",
      '\tmux.HandleFunc("GET /api/tags", ToHTTPHandler(deps, api.HandleListTags, globalMiddleware...))',
      '\tmux.HandleFunc("POST /api/tags", ToHTTPHandler(deps, api.HandleCreateTag, globalMiddleware...))',
      '\tmux.HandleFunc("GET /api/me", ToHTTPHandler(deps, api.HandleMe))',
      '\tmux.HandleFunc("POST /api/login", ToHTTPHandler(deps, api.HandleLogin))',
      "}",
      "",
    ].join("\n"),
    "internal/http/api/tags.go": [
      "package api",
      "",
      "func HandleListTags(deps Dependencies, c WebContext) {",
      "\tif err := middleware.RequireLoggedInUser(deps, c); err != nil {",
      "\t\treturn",
      "\t}",
      "\tc.JSON(deps.Tags())",
      "}",
      "",
      "func HandleCreateTag(deps Dependencies, c WebContext) {",
      "\tuser, err := auth.RequireUser(c)",
      "\tif err != nil {",
      "\t\tc.Error(err)",
      "\t\treturn",
      "\t}",
      "\tc.JSON(deps.CreateTag(user))",
      "}",
      "",
      "func HandleMe(deps Dependencies, c WebContext) {",
      "\tif c.Query(\"debug\") != \"\" {",
      "\t\treturn",
      "\t}",
      "\tif err := middleware.RequireLoggedInUser(deps, c); err != nil {",
      "\t\treturn",
      "\t}",
      "}",
      "",
      "func HandleLogin(deps Dependencies, c WebContext) {",
      "\tauthReq, err := parseAuthRequest(c)",
      "\tif err != nil {",
      "\t\treturn",
      "\t}",
      "\tc.JSON(deps.Login(authReq))",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "POST /api/login api.HandleLogin",
    "GET /api/me api.HandleMe",
    "GET /api/tags api.HandleListTags [middleware.RequireLoggedInUser]",
    "POST /api/tags api.HandleCreateTag [auth.RequireUser]",
  ]);
});

nethttp.run();

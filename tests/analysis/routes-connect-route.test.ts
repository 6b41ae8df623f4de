import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const connect = suite("connect-route routes");

connect("the verbs a connect-route callback registers on its router, under the path app.use mounts it at; a router of another callback not connect-route's is none", () => {
  const root = tempDir("tool-connect-route-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { connect: "^3.7.0", "connect-route": "^0.1.5" } }),
    "server.js": [
      "var connect = require('connect');",
      "var route = require('connect-route');",
      "var app = connect();",
      "app.use(route(function(router) {",
      "  router.get('/raw/:id', function(request, response) { handler.handleRawGet(request, response); });",
      "  router.head('/raw/:id', function(request, response) { handler.handleRawGet(request, response); });",
      "  router.post('/documents', handlePost);",
      "}));",
      "app.use('/admin', route((router) => {",
      "  router.delete('/documents/:id', removeDocument);",
      "}));",
      "[1, 2].forEach(function(router) { router.get('/nothing'); });",
      "app.listen(7777);",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "DELETE /admin/documents/{id} removeDocument",
    "POST /documents handlePost",
    "GET /raw/{id} (inline)",
    "HEAD /raw/{id} (inline)",
  ]);
});

connect.run();

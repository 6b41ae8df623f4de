import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const goa = suite("Goa routes");

goa("a design's methods are served at the API's, the service's and their own paths joined; Security on the service guards its methods and NoSecurity lifts it; a Path outside HTTP is no route", () => {
  const root = tempDir("tool-goa-");
  writeFiles(root, {
    "go.mod": "module shop\n\ngo 1.22\n\nrequire goa.design/goa/v3 v3.19.1\n",
    "design/design.go": [
      "package design",
      "",
      'import . "goa.design/goa/v3/dsl"',
      "",
      'var _ = API("shop", func() {',
      '\tTitle("shop")',
      "\tHTTP(func() {",
      '\t\tPath("api")',
      "\t})",
      "})",
      "",
      'var JWTAuth = JWTSecurity("jwt", func() { Scope("api:write") })',
      "",
      'var _ = Service("orders", func() {',
      "\tSecurity(JWTAuth)",
      "\tHTTP(func() {",
      '\t\tPath("/orders")',
      "\t})",
      '\tMethod("list", func() {',
      "\t\tNoSecurity()",
      "\t\tHTTP(func() {",
      '\t\t\tGET("")',
      "\t\t})",
      "\t})",
      '\tMethod("create", func() {',
      '\t\tPayload(func() { Attribute("path", String) })',
      "\t\tHTTP(func() {",
      '\t\t\tPOST("/")',
      "\t\t\tResponse(StatusCreated)",
      "\t\t})",
      "\t})",
      '\tMethod("show", func() {',
      "\t\tHTTP(func() {",
      '\t\t\tGET("/{id}")',
      '\t\t\tHEAD("/{id}")',
      "\t\t})",
      "\t})",
      "})",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /api/orders orders.list",
    "POST /api/orders orders.create [JWTAuth]",
    "GET /api/orders/{id} orders.show [JWTAuth]",
    "HEAD /api/orders/{id} orders.show [JWTAuth]",
  ]);
});

goa.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { protoOperations } from "../../analysis/routes/contracts/proto.ts";
import { sdlOperations } from "../../analysis/routes/contracts/sdl.ts";
import type { RoutesSection } from "../../analysis/schema.ts";
import { fixtureRepo, git, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const operations = (section: RoutesSection) =>
  section.contracts.map((c) =>
    `${c.file} ${c.kind}: ${c.operations.map((o) => `${o.method} ${o.path}:${o.line}`).join(", ")}`
  );
const drift = (section: RoutesSection) => ({
  documented: section.drift.documentedNotImplemented.map((d) => `${d.method} ${d.path} ${d.file}:${d.line}`),
  implemented: section.drift.implementedNotDocumented.map((d) => `${d.method} ${d.path} ${d.file}:${d.line}`),
});

const openapi = suite("OpenAPI and Swagger contracts");

openapi("OpenAPI YAML and Swagger JSON operations carry their base path, lines and parameters", () => {
  assert.equal(operations(analyze(fixtureRepo("contracts-openapi")).routes), [
    "clients/stripe/openapi.yaml openapi: GET /v1/charges:8, POST /v1/charges:9",
    "openapi.yaml openapi: GET /v1/users:12, POST /v1/users:16, GET /v1/users/{userId}:26, DELETE /v1/users/{userId}:30, GET /v1/reports:35",
    "services/billing/swagger.json swagger: GET /api/invoices:6, GET /api/invoices/{id}:9, PUT /api/invoices/{id}:10",
  ]);
});

openapi("drift both ways: a base path the code does not use, parameter names, trailing slashes, per project", () => {
  assert.equal(drift(analyze(fixtureRepo("contracts-openapi")).routes), {
    documented: ["GET /v1/reports openapi.yaml:35", "PUT /api/invoices/{id} services/billing/swagger.json:10"],
    implemented: ["POST /api/invoices/{invoiceId}/pay services/billing/server.js:7", "GET /health src/app.js:9"],
  });
});

openapi("drift shows as findings and in tool routes", () => {
  const repo = fixtureRepo("contracts-openapi");
  const findings = analyze(repo).findings.filter((f) => f.rule === "contract-drift").map((f) => f.title).sort();
  assert.equal(findings, [
    "GET /health is implemented but not documented",
    "GET /v1/reports is documented but not implemented",
    "POST /api/invoices/{invoiceId}/pay is implemented but not documented",
    "PUT /api/invoices/{id} is documented but not implemented",
  ]);
  const text = runTool(["routes", "--root", repo]);
  assert.is(text.code, 0, text.stderr);
  assert.match(text.stdout, /documented, not implemented: GET \/v1\/reports \(openapi\.yaml:35\)/);
});

openapi("one contract kept in two forms (openapi.yaml and the openapi.json built from it) gives one finding per operation it documents and the code does not serve, naming both files", () => {
  const root = tempDir();
  const yaml = "openapi: 3.0.0\npaths:\n  /api/users:\n    get:\n      responses: {}\n  /v1/hooks:\n    post:\n      responses: {}\n";
  const json = JSON.stringify({ openapi: "3.0.0", paths: { "/api/users": { get: { responses: {} } }, "/v1/hooks": { post: { responses: {} } } } }, null, 2);
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x", dependencies: { express: "4" } }),
    "docs/openapi.yaml": yaml,
    "docs/openapi.json": json,
    "src/app.js": "const express = require('express');\nconst app = express();\napp.get('/api/users', (req, res) => res.json([]));\napp.listen(3000);\n",
  });
  git(root, "init", "-q");
  const findings = analyze(root).findings.filter((f) => f.rule === "contract-drift");
  assert.equal(findings.map((f) => f.title), ["POST /v1/hooks is documented but not implemented"]);
  assert.equal(findings[0]!.evidence.map((e) => e.file).sort(), ["docs/openapi.json", "docs/openapi.yaml"]);
});

openapi("the contract as the server hands it out (/api/openapi.json) and a page showing it (/api/swagger-ui) are no operations it should document; a route beside them is", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x", dependencies: { express: "4" } }),
    "openapi.yaml": "openapi: 3.0.0\npaths:\n  /api/users:\n    get:\n      responses: {}\n",
    "src/app.js": [
      "const express = require('express');",
      "const app = express();",
      "app.get('/api/users', (req, res) => res.json([]));",
      "app.get('/api/openapi.json', (req, res) => res.sendFile('openapi.json'));",
      "app.get('/api/swagger-ui', (req, res) => res.send('docs'));",
      "app.get('/api/stats', (req, res) => res.json({}));",
      "app.listen(3000);",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(drift(analyze(root).routes).implemented, ["GET /api/stats src/app.js:6"]);
});

openapi("without routes in code no operation is called missing; server variables, path servers and $ref files", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x" }),
    "api/openapi.yml": [
      "openapi: 3.1.0",
      "servers:",
      "  - url: '{scheme}://api.example.com/{base}'",
      "    variables:",
      "      scheme: { default: https }",
      "      base: { default: api/v2 }",
      "paths:",
      "  /items:",
      "    $ref: './paths/items.yaml#/items'",
      "  /status:",
      "    servers:",
      "      - url: /internal",
      "    head: {}",
      "    get: {}",
      "    x-extension: {}",
    ].join("\n"),
    "api/paths/items.yaml": "items:\n  get: {}\n  post: {}\n",
    "notes.json": JSON.stringify({ openapi: "is a word here", nested: { swagger: "2.0" } }),
  });
  git(root, "init", "-q");
  const section = analyze(root).routes;
  assert.equal(operations(section), [
    "api/openapi.yml openapi: GET /api/v2/items:8, POST /api/v2/items:8, HEAD /internal/status:13, GET /internal/status:14",
  ]);
  assert.equal(drift(section), { documented: [], implemented: [] });
});

openapi(
  "a contract whose base path the code serves is compared with it; one the code never serves is not judged",
  () => {
    const root = tempDir();
    writeFiles(root, {
      "package.json": JSON.stringify({ name: "x", dependencies: { express: "4" } }),
      "openapi.json": JSON.stringify(
        { openapi: "3.0.0", servers: [{ url: "/api" }], paths: { "/a": { get: {} }, "/b/{id}": { put: {} } } },
        null,
        2,
      ),
      "vendor.yaml": "swagger: '2.0'\nbasePath: /v9\npaths:\n  /elsewhere:\n    get: {}\n",
      "app.js":
        'const express = require("express");\nconst app = express();\napp.get("/api/a", a);\napp.all("/api/b/:key", b);\napp.get("/assets/*", files);\n',
    });
    git(root, "init", "-q");
    assert.equal(drift(analyze(root).routes), { documented: [], implemented: [] });
  },
);

openapi("a contract at the root of an API the code mounts under a prefix most routes share (/api/1) is compared under it: its drift is judged, not dropped as another service's", () => {
  const root = tempDir("tool-mounted-contract-drift-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x", dependencies: { express: "4" } }),
    "spec.yml": "openapi: 3.0.0\npaths:\n  /certificates:\n    get: {}\n  /certificates/{id}:\n    get: {}\n  /endpoints:\n    post: {}\n",
    "app.js":
      'const express = require("express");\nconst app = express();\napp.get("/api/1/certificates", list);\napp.get("/api/1/certificates/:id", show);\napp.delete("/api/1/certificates/:id", remove);\napp.get("/healthz", health);\n',
  });
  git(root, "init", "-q");
  assert.equal(drift(analyze(root).routes), { documented: ["POST /endpoints spec.yml:8"], implemented: ["DELETE /api/1/certificates/{id} app.js:5"] });
});

openapi("the forms of a route with an optional parameter (/items and /items/:id?) are one operation, documented with or without it; a route of its own at either path is not; one feeding the app's own front end (/api/vue/...) is none of the contract's, unless it documents some (/api/spa/...)", () => {
  const root = tempDir("tool-optional-parameter-drift-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x", dependencies: { express: "4" } }),
    "openapi.json": JSON.stringify({ openapi: "3.0.0", paths: { "/api/items/{id}": { get: {} }, "/api/things/{id}": { get: {} }, "/api/reports": { get: {} }, "/api/spa/settings": { get: {} } } }, null, 2),
    "app.js":
      'const express = require("express");\nconst app = express();\napp.get("/api/items/:id?", items);\napp.get("/api/things", things);\napp.get("/api/things/:id", thing);\napp.get("/api/reports/:format?", reports);\napp.get("/api/reports/daily", daily);\n' +
      // What feeds the app's own front end is no part of its contract, unless the contract documents some of it.
      'app.get("/api/vue/reports", reportsPageProps);\napp.get("/api/spa/settings", settings);\napp.get("/api/spa/profile", profile);\n',
  });
  git(root, "init", "-q");
  assert.equal(drift(analyze(root).routes), { documented: [], implemented: ["GET /api/things app.js:4", "GET /api/reports/daily app.js:7", "GET /api/spa/profile app.js:10"] });
});

openapi("a contract far from the code is one low finding about the contract, not one per operation", () => {
  const root = tempDir("tool-stale-contract-");
  const routes = Array.from({ length: 12 }, (_, i) => `app.get("/api/things${i}", (req, res) => res.send("ok"));`).join("\n");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "server.js": `const express = require("express");\nconst app = express();\n${routes}\napp.listen(3000);\n`,
    "api-docs/api.yaml": "openapi: 3.0.0\ninfo:\n  title: old\n  version: '1'\npaths:\n  /api/things0:\n    get:\n      responses:\n        '200':\n          description: ok\n  /api/albums:\n    post:\n      responses:\n        '200':\n          description: ok\n",
  });
  git(root, "init", "-q");
  const drift = analyze(root).findings.filter((f) => f.rule === "contract-drift");
  assert.equal(drift.map((f) => [f.severity, f.title]), [["low", "The API contract is far from the code: 1 operation documented but not served, 11 routes served but not documented"]]);
  assert.equal(drift[0]!.evidence[0], { file: "api-docs/api.yaml", detail: "2 operations documented" });
});

openapi("a contract of the API under /api does not judge the pages the server answers beside it; a route's parameter (/api/{api_version}/polls/{id}) serves the documented value (/api/v1/polls/{id}), not the reverse", () => {
  const root = tempDir("tool-contract-territory-");
  // The last two are written amiss in the contract: a route's parameter does not serve them.
  const paths = Object.fromEntries(["/api/v1/polls/{id}", "/api/v1/statuses", "/api/v1/accounts/{id}", "/api/v1/accounts/me", "/api/v1/filters/keywords{id}", "/api/v1/lists/${id}"].map((p) => [p, { get: {} }]));
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x", dependencies: { express: "4" } }),
    "docs/swagger.json": JSON.stringify({ swagger: "2.0", paths }, null, 2),
    "app.js": [
      'const express = require("express");',
      "const app = express();",
      'app.get("/api/:api_version/polls/:id", poll);',
      'app.get("/api/v1/statuses", statuses);',
      'app.get("/api/v1/accounts/me", me);',
      'app.get("/api/v1/trends", trends);',
      'app.get("/api/v1/filters/:id", filter);',
      'app.get("/api/v1/lists/:id", list);',
      'app.get("/about", about);',
      'app.get("/@:username", profile);',
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(drift(analyze(root).routes), {
    documented: ["GET /api/v1/accounts/{id} docs/swagger.json:10", "GET /api/v1/filters/keywords{id} docs/swagger.json:16", "GET /api/v1/lists/${id} docs/swagger.json:19"],
    implemented: ["GET /api/v1/trends app.js:6", "GET /api/v1/filters/{id} app.js:7", "GET /api/v1/lists/{id} app.js:8"],
  });
});

openapi("an operation another project of the repository serves is implemented: a contract generated from the whole server documents routes beyond its own project", () => {
  const root = tempDir("tool-contract-elsewhere-");
  writeFiles(root, {
    "api/package.json": JSON.stringify({ name: "api", dependencies: { express: "4" } }),
    "api/openapi.json": JSON.stringify({ openapi: "3.0.0", paths: { "/api/items": { get: {} }, "/login": { post: {} }, "/logout": { post: {} } } }, null, 2),
    "api/items.js": 'const express = require("express");\nconst app = express();\napp.get("/api/items", items);\n',
    "host/package.json": JSON.stringify({ name: "host", dependencies: { express: "4" } }),
    "host/server.js": 'const express = require("express");\nconst app = express();\napp.post("/login", login);\n',
  });
  git(root, "init", "-q");
  assert.equal(drift(analyze(root).routes), { documented: ["POST /logout api/openapi.json:10"], implemented: [] });
});

openapi("a translated copy of the contract (docs/locales/zh/) is no contract, nor is a contract over 512 KB counted in bytes rather than characters", () => {
  const root = tempDir("tool-contract-copies-");
  const contract = (paths: string[], description = "") => JSON.stringify({ openapi: "3.0.0", info: { title: "api", version: "1", description }, paths: Object.fromEntries(paths.map((p) => [p, { get: {} }])) }, null, 2);
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x", dependencies: { express: "4" } }),
    // 200,000 characters of three bytes each: 600 KB.
    "docs/api/openapi.json": contract(["/api/items", "/api/gone"], "接".repeat(200_000)),
    "docs/locales/zh/api/openapi.json": contract(["/api/items", "/api/stale"]),
    "app.js": 'const express = require("express");\nconst app = express();\napp.get("/api/items", items);\n',
  });
  git(root, "init", "-q");
  const { routes } = analyze(root);
  assert.equal(routes.contracts.map((c) => c.file), []);
  assert.equal(drift(routes), { documented: [], implemented: [] });
});

openapi("a contract of a versioned API (/api/v1) does not judge another API under the same first segment (the UI's /api/web); a catch-all route (/branches/*) serves the documented paths under it", () => {
  const root = tempDir("tool-contract-versioned-");
  const paths = Object.fromEntries(["/api/v1/repos/{owner}/{repo}/branches/{branch}", "/api/v1/repos/{owner}/{repo}/raw/{ref}/{filepath}", "/api/v1/users/{name}", "/api/v1/gone"].map((p) => [p, { get: {} }]));
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x", dependencies: { express: "4" } }),
    "docs/openapi.json": JSON.stringify({ openapi: "3.0.0", paths }, null, 2),
    "app.js": [
      'const express = require("express");',
      "const app = express();",
      'app.get("/api/v1/repos/:owner/:repo/branches/*", branch);',
      'app.get("/api/v1/repos/:owner/:repo/raw/*", raw);',
      'app.get("/api/v1/users/:name", user);',
      'app.get("/api/v1/issues", issues);',
      'app.post("/api/web/user/sign-in", signIn);',
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(drift(analyze(root).routes), { documented: ["GET /api/v1/gone docs/openapi.json:13"], implemented: ["GET /api/v1/issues app.js:6"] });
});

openapi("the app's internal endpoints (/api/internal/...) are no part of its contract, nor is a documented file's URL with a cache or format suffix (/art-{timestamp}.jpg, /download.{extension}); another undocumented route is", () => {
  const root = tempDir("tool-contract-internal-");
  const paths = Object.fromEntries(["/api/podcasts/{id}/art", "/api/podcasts/{id}/download", "/api/podcasts/{id}"].map((p) => [p, { get: {} }]));
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x", dependencies: { express: "4" } }),
    "docs/openapi.json": JSON.stringify({ openapi: "3.0.0", paths }, null, 2),
    "app.js": [
      'const express = require("express");',
      "const app = express();",
      'app.get("/api/podcasts/:id", podcast);',
      'app.get("/api/podcasts/:id/art", art);',
      'app.get("/api/podcasts/:id/art-:timestamp.jpg", art);',
      'app.get("/api/podcasts/:id/download", download);',
      'app.get("/api/podcasts/:id/download.:extension", download);',
      'app.post("/api/internal/sftp-auth", sftpAuth);',
      'app.post("/api/podcasts/:id/archive", archive);',
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(drift(analyze(root).routes), { documented: [], implemented: ["POST /api/podcasts/{id}/archive app.js:9"] });
});

openapi("an operation the code registers only under a setting left off as shipped (if conf.OIDC.Enabled, # GOTIFY_OIDC_ENABLED=false) is not served, but has not drifted from the code; one the code lacks has", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module gotify\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "gotify-server.env.example": "# GOTIFY_OIDC_ENABLED=false\n",
    "docs/spec.json": JSON.stringify({
      swagger: "2.0",
      paths: {
        "/version": { get: { responses: { "200": { description: "ok" } } } },
        "/auth/oidc/login": { get: { responses: { "302": { description: "to the provider" } } } },
        "/plugins": { get: { responses: { "200": { description: "ok" } } } },
      },
    }, null, 2),
    "router/router.go": [
      "package router",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func Create(g *gin.Engine, conf *config.Configuration) {",
      '\tg.GET("/version", version)',
      "\tif conf.OIDC.Enabled {",
      '\t\tg.GET("/auth/oidc/login", login)',
      "\t}",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const section = analyze(root).routes;
  assert.equal(section.items.map((r) => `${r.method} ${r.path}`), ["GET /version"]);
  assert.equal(drift(section).documented, ["GET /plugins docs/spec.json:22"]);
});

openapi.run();

const graphql = suite("GraphQL and protobuf contracts");

graphql("SDL root fields: schema block, extend type, arguments and directives, descriptions skipped", () => {
  assert.equal(
    sdlOperations(
      'schema { query: Root }\n"""type Query { no: Int }"""\ntype Root {\n  a(x: [Int!] = [1]): [A!]! @deprecated(reason: "b: c")\n  b: B\n}\nextend type Mutation { c(input: I!): Boolean }\nquery Client { a }\n',
    ),
    [
      { method: "QUERY", path: "a", line: 4 },
      { method: "QUERY", path: "b", line: 5 },
      { method: "MUTATION", path: "c", line: 7 },
    ],
  );
});

graphql("proto rpcs are named /package.Service/Method; comments are skipped", () => {
  assert.equal(
    protoOperations(
      "// rpc Old(A) returns (B);\npackage a.b;\nservice S {\n  rpc One(A) returns (B);\n  rpc Two(stream A) returns (stream B) {}\n}\n",
    ),
    [
      { method: "RPC", path: "/a.b.S/One", line: 4 },
      { method: "RPC", path: "/a.b.S/Two", line: 5 },
    ],
  );
});

graphql("GraphQL SDL files against resolvers: drift both ways, client operation files are not contracts", () => {
  const section = analyze(fixtureRepo("contracts-graphql")).routes;
  assert.equal(operations(section), [
    "schema/billing.graphqls graphql: QUERY invoices:7",
    "schema/schema.graphql graphql: QUERY users:17, QUERY user:18, MUTATION createUser:22, MUTATION deleteUser:23, SUBSCRIPTION userCreated:27",
  ]);
  assert.equal(drift(section), {
    documented: ["MUTATION deleteUser schema/schema.graphql:23"],
    implemented: ["QUERY adminStats src/resolvers/users.js:8"],
  });
});

graphql(
  "protobuf services against gRPC implementations: Service/Method compare, vendored protos are not judged",
  () => {
    const section = analyze(fixtureRepo("contracts-grpc")).routes;
    assert.equal(operations(section), [
      "proto/helloworld/greeter.proto protobuf: RPC /helloworld.Greeter/SayHello:6",
      "proto/shop/v1/catalog.proto protobuf: RPC /shop.v1.Catalog/GetProduct:9, RPC /shop.v1.Catalog/ListProducts:10, RPC /shop.v1.Catalog/DeleteProduct:11",
      "third_party/google/longrunning/operations.proto protobuf: RPC /google.longrunning.Operations/GetOperation:6, RPC /google.longrunning.Operations/CancelOperation:7",
    ]);
    assert.equal(drift(section), {
      documented: ["RPC /shop.v1.Catalog/DeleteProduct proto/shop/v1/catalog.proto:11"],
      implemented: ["RPC /Catalog/ArchiveProduct internal/catalog/server.go:24"],
    });
  },
);

graphql("a Go gRPC server whose methods are in other files of its package than its type implements them: no drift for them; a method without a context, or another type's, is no rpc", () => {
  const root = tempDir("tool-grpc-package-methods-");
  writeFiles(root, {
    "go.mod": "module example.com/dex\n\ngo 1.22\n",
    "api/api.proto": 'syntax = "proto3";\npackage api;\nservice Dex {\n  rpc CreateClient(CreateClientReq) returns (CreateClientResp);\n  rpc ListPasswords(ListPasswordReq) returns (ListPasswordResp);\n  rpc GetVersion(VersionReq) returns (VersionResp);\n}\n',
    "server/apiserver/api.go": "package apiserver\n\nimport \"example.com/dex/api\"\n\ntype dexAPI struct {\n\tapi.UnimplementedDexServer\n\tversion string\n}\n\nfunc (d dexAPI) GetVersion(ctx context.Context, req *api.VersionReq) (*api.VersionResp, error) {\n\treturn &api.VersionResp{Server: d.version}, nil\n}\n",
    "server/apiserver/clients.go": "package apiserver\n\nfunc (d dexAPI) CreateClient(ctx context.Context, req *api.CreateClientReq) (*api.CreateClientResp, error) {\n\treturn nil, nil\n}\n\nfunc (d dexAPI) validate(req *api.CreateClientReq) error { return nil }\n\nfunc (s storage) ListPasswords(ctx context.Context, req *api.ListPasswordReq) (*api.ListPasswordResp, error) {\n\treturn nil, nil\n}\n",
  });
  git(root, "init", "-q");
  const section = analyze(root).routes;
  assert.equal(section.items.filter((r) => r.kind === "grpc").map((r) => `${r.path} ${r.handler} ${r.file}`), [
    "/Dex/CreateClient dexAPI.CreateClient server/apiserver/clients.go",
    "/Dex/GetVersion dexAPI.GetVersion server/apiserver/api.go",
  ]);
  assert.equal(drift(section), { documented: ["RPC /api.Dex/ListPasswords api/api.proto:5"], implemented: [] });
});

graphql("rpcs bound to HTTP by google.api.http are routes where the Go code registers their service with a gateway mux (additional bindings too, {name=memos/*} as memos/{name}); Connect serves each rpc of a service whose handler it makes at POST /package.Service/Method; a service registered with neither serves no route", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module github.com/acme/notes\n\ngo 1.22\n",
    "proto/api/v1/memo_service.proto": [
      "syntax = \"proto3\";",
      "package notes.api.v1;",
      "import \"google/api/annotations.proto\";",
      "service MemoService {",
      "  // CreateMemo creates a memo.",
      "  rpc CreateMemo(CreateMemoRequest) returns (Memo) {",
      "    option (google.api.http) = {",
      "      post: \"/api/v1/memos\"",
      "      body: \"memo\"",
      "    };",
      "  }",
      "  rpc GetMemo(GetMemoRequest) returns (Memo) {",
      "    option (google.api.http) = {",
      "      get: \"/api/v1/{name=memos/*}\"",
      "      additional_bindings { get: \"/api/v1/{name=users/*/memos/*}\" }",
      "    };",
      "  }",
      "  rpc BatchDeleteMemos(BatchDeleteMemosRequest) returns (Empty) {",
      "    option (google.api.http) = {post: \"/api/v1/memos:batchDelete\" body: \"*\"};",
      "  }",
      "}",
      "service AuthService {",
      "  rpc SignIn(SignInRequest) returns (User) {}",
      "}",
      "service AdminService {",
      "  rpc Purge(PurgeRequest) returns (Empty) {",
      "    option (google.api.http) = {delete: \"/api/v1/admin/purge\"};",
      "  }",
      "}",
    ].join("\n"),
    "server/router.go": [
      "package server",
      "",
      "import (",
      "\t\"github.com/grpc-ecosystem/grpc-gateway/v2/runtime\"",
      "\tv1pb \"github.com/acme/notes/proto/gen/api/v1\"",
      "\t\"github.com/acme/notes/proto/gen/api/v1/apiv1connect\"",
      ")",
      "",
      "func register(ctx context.Context, s *Service) {",
      "\tgwMux := runtime.NewServeMux()",
      "\tif err := v1pb.RegisterMemoServiceHandlerServer(ctx, gwMux, s); err != nil {",
      "\t\tpanic(err)",
      "\t}",
      "\tpath, handler := apiv1connect.NewAuthServiceHandler(s)",
      "\tmux.Handle(path, handler)",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.filter((r) => r.kind === "http").map((r) => `${r.method} ${r.path} ${r.file}`), [
    "POST /api/v1/memos proto/api/v1/memo_service.proto",
    "POST /api/v1/memos:batchDelete proto/api/v1/memo_service.proto",
    "GET /api/v1/memos/{name} proto/api/v1/memo_service.proto",
    "GET /api/v1/users/{name}/memos/{name_2} proto/api/v1/memo_service.proto",
    "POST /notes.api.v1.AuthService/SignIn proto/api/v1/memo_service.proto",
  ]);
});

graphql("an authenticating interceptor that lets anonymous callers through only to a list of procedures guards every other rpc served over HTTP, by the gateway or by Connect; without such a list it guards nothing", () => {
  const root = tempDir();
  const proto = [
    "syntax = \"proto3\";",
    "package notes.api.v1;",
    "import \"google/api/annotations.proto\";",
    "service MemoService {",
    "  rpc ListMemos(ListMemosRequest) returns (ListMemosResponse) {",
    "    option (google.api.http) = {get: \"/api/v1/memos\"};",
    "  }",
    "  rpc CreateMemo(CreateMemoRequest) returns (Memo) {",
    "    option (google.api.http) = {post: \"/api/v1/memos\" body: \"memo\"};",
    "  }",
    "}",
    "service AuthService {",
    "  rpc SignIn(SignInRequest) returns (User) {}",
    "  rpc SignOut(SignOutRequest) returns (Empty) {}",
    "}",
  ].join("\n");
  const server = [
    "package server",
    "",
    "func register(ctx context.Context, s *Service, authorizer *Authorizer) {",
    "\tgwMux := runtime.NewServeMux()",
    "\t_ = v1pb.RegisterMemoServiceHandlerServer(ctx, gwMux, s)",
    "\tpath, handler := apiv1connect.NewAuthServiceHandler(s, connect.WithInterceptors(NewAuthInterceptor(authorizer)))",
    "\tmux.Handle(path, handler)",
    "}",
  ].join("\n");
  const interceptor = [
    "package server",
    "",
    "type AuthInterceptor struct{ authorizer *Authorizer }",
    "",
    "func NewAuthInterceptor(a *Authorizer) *AuthInterceptor { return &AuthInterceptor{authorizer: a} }",
    "",
    "func (in *AuthInterceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {",
    "\treturn func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {",
    "\t\tif in.authorizer.Authenticate(ctx, req.Header().Get(\"Authorization\")) == nil && !IsPublicMethod(req.Spec().Procedure) {",
    "\t\t\treturn nil, connect.NewError(connect.CodeUnauthenticated, ErrUnauthenticated)",
    "\t\t}",
    "\t\treturn next(ctx, req)",
    "\t}",
    "}",
  ].join("\n");
  const publicMethods = [
    "package server",
    "",
    "// PublicMethods are the procedures an anonymous caller may reach.",
    "var PublicMethods = map[string]struct{}{",
    "\t\"/notes.api.v1.AuthService/SignIn\":    {},",
    "\t\"/notes.api.v1.MemoService/ListMemos\": {}, // public memos",
    "}",
    "",
    "func IsPublicMethod(procedure string) bool {",
    "\t_, ok := PublicMethods[procedure]",
    "\treturn ok",
    "}",
  ].join("\n");
  writeFiles(root, {
    "go.mod": "module github.com/acme/notes\n\ngo 1.22\n",
    "proto/api/v1/service.proto": proto,
    "server/router.go": server,
    "server/interceptor.go": interceptor,
    "server/acl.go": publicMethods,
  });
  git(root, "init", "-q");
  const routes = () => analyze(root).routes.items.filter((r) => r.kind === "http").map((r) => `${r.method} ${r.path} [${r.guards.join(", ")}]`);
  assert.equal(routes(), [
    "GET /api/v1/memos []",
    "POST /api/v1/memos [AuthInterceptor]",
    "POST /notes.api.v1.AuthService/SignIn []",
    "POST /notes.api.v1.AuthService/SignOut [AuthInterceptor]",
  ]);
  writeFiles(root, { "server/acl.go": publicMethods.replace("PublicMethods = map", "Descriptions = map").replace("PublicMethods[", "Descriptions[") });
  assert.equal(routes(), ["GET /api/v1/memos []", "POST /api/v1/memos []", "POST /notes.api.v1.AuthService/SignIn []", "POST /notes.api.v1.AuthService/SignOut []"]);
});

graphql("grpc-gateway: an interceptor named like a check that a server is made with guards every rpc but those declaring the method option it reads (option (acme.v1.public) = true); one that reads no option guards nothing", () => {
  const root = tempDir("tool-grpc-gateway-option-");
  const proto = [
    'syntax = "proto3";',
    "package acme.v1;",
    'import "google/api/annotations.proto";',
    'import "acme/v1/annotations.proto";',
    "",
    "service AccountService {",
    "  rpc Login(LoginRequest) returns (LoginResponse) {",
    '    option (google.api.http) = { post: "/v1/login" body: "*" };',
    "    option (acme.v1.public) = true;",
    "  }",
    "  rpc Profile(ProfileRequest) returns (ProfileResponse) {",
    '    option (google.api.http) = { get: "/v1/profile" };',
    "  }",
    "  rpc Archive(ArchiveRequest) returns (ArchiveResponse) {",
    '    option (google.api.http) = { post: "/v1/archive" body: "*" };',
    "    option (acme.v1.public) = false;",
    "  }",
    "}",
  ].join("\n");
  const server = [
    "package grpcsrv",
    "",
    "func New(deps *Dependencies) *grpc.Server {",
    "\tsrv := grpc.NewServer(",
    "\t\tgrpc.ChainUnaryInterceptor(",
    "\t\t\tinterceptors.Recovery(deps.Log),",
    "\t\t\tinterceptors.Auth(deps.TokenProvider),",
    "\t\t),",
    "\t)",
    "\tacmev1.RegisterAccountServiceServer(srv, &handlers.Accounts{})",
    "\treturn srv",
    "}",
    "",
    "func Gateway(ctx context.Context, mux *runtime.ServeMux, conn *grpc.ClientConn) {",
    "\t_ = acmev1.RegisterAccountServiceHandler(ctx, mux, conn)",
    "}",
  ].join("\n");
  const reads = [
    "package interceptors",
    "",
    "func isPublicMethod(method protoreflect.MethodDescriptor) bool {",
    "\tv, _ := proto.GetExtension(method.Options(), acmev1.E_Public).(bool)",
    "\treturn v",
    "}",
  ].join("\n");
  writeFiles(root, {
    "go.mod": "module github.com/acme/accounts\n\ngo 1.22\n",
    "proto/acme/v1/accounts.proto": proto,
    "internal/grpcsrv/server.go": server,
    "internal/grpcsrv/interceptors/auth.go": reads,
  });
  git(root, "init", "-q");
  const routes = () => analyze(root).routes.items.filter((r) => r.kind === "http").map((r) => `${r.method} ${r.path} [${r.guards.join(", ")}]`);
  assert.equal(routes(), ["POST /v1/archive [interceptors.Auth]", "POST /v1/login []", "GET /v1/profile [interceptors.Auth]"]);
  writeFiles(root, { "internal/grpcsrv/interceptors/auth.go": reads.replace("E_Public", "E_Tier") });
  assert.equal(routes(), ["POST /v1/archive []", "POST /v1/login []", "GET /v1/profile []"]);
});

graphql.run();

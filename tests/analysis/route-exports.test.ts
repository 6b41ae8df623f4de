import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Route } from "../../analysis/mod.ts";
import {
  curlCommand,
  filterRoutes,
  groupRoutes,
  PREFIX_GROUP_MAX,
  ROUTE_EXPORTS,
  routesToCsv,
  routesToHttp,
  routesToJson,
  routesToMarkdown,
} from "../../analysis/reporters/route-exports.ts";

const route = (method: string, path: string, more: Partial<Route> = {}): Route => ({
  method,
  path,
  file: "src/routes/users.js",
  line: 7,
  framework: "express",
  handler: "show",
  guards: [],
  kind: "http",
  reaches: { components: ["src/db"], integrations: ["postgresql"] },
  ...more,
});

const routes = [
  route("GET", "/api/users", { handler: "list" }),
  route("GET", "/api/users/{id}", { guards: ["requireAuth"] }),
  route("POST", "/api/users", { handler: "create", guards: ["requireAuth"] }),
  route("DELETE", "/api/orders/{orderId}", { file: "src/routes/orders.js", framework: "koa", handler: "remove" }),
  route("CRON", "0 3 * * *", { kind: "job", framework: "node-cron", file: "src/jobs.js", handler: "(inline)" }),
];

const filter = suite("filter and group");

filter("filterRoutes() narrows by method (any case), framework, kind and text", () => {
  assert.is(filterRoutes(routes, { method: "get" }).length, 2);
  assert.equal(filterRoutes(routes, { framework: "koa" }).map((r) => r.path), ["/api/orders/{orderId}"]);
  assert.equal(filterRoutes(routes, { kind: "job" }).map((r) => r.handler), ["(inline)"]);
  assert.equal(filterRoutes(routes, { q: "REQUIREAUTH" }).map((r) => r.method), ["GET", "POST"]);
  assert.equal(filterRoutes(routes, { q: "orders.js" }).length, 1);
  assert.is(filterRoutes(routes, {}).length, routes.length);
});

filter("groupRoutes() groups by prefix, splitting a big group by its next segment", () => {
  const groups = groupRoutes(routes, "prefix", () => undefined);
  assert.equal(groups.map((g) => [g.name, g.routes.length]), [["(job)", 1], ["/api", 4]]);
  const many = Array.from(
    { length: PREFIX_GROUP_MAX + 1 },
    (_, i) => route("GET", `/api/v1/${i % 2 ? "users" : "orders"}/${i}`),
  );
  const split = groupRoutes([...many, route("GET", "/health")], "prefix", () => undefined);
  assert.equal(split.map((g) => g.name), ["/api/v1/orders", "/api/v1/users", "/health"]);
});

filter("groupRoutes() groups by file, component or framework, routes sorted by path", () => {
  assert.equal(groupRoutes(routes, "file", () => undefined).map((g) => g.name), [
    "src/jobs.js",
    "src/routes/orders.js",
    "src/routes/users.js",
  ]);
  const byComponent = groupRoutes(
    routes,
    "component",
    (file) => (file.startsWith("src/routes") ? "src/routes" : undefined),
  );
  assert.equal(byComponent.map((g) => [g.name, g.routes.length]), [[".", 1], ["src/routes", 4]]);
  const byFramework = groupRoutes(routes, "framework", () => undefined);
  assert.equal(byFramework.map((g) => g.name), ["express", "koa", "node-cron"]);
  assert.equal(byFramework[0]!.routes.map((r) => `${r.method} ${r.path}`), [
    "GET /api/users",
    "POST /api/users",
    "GET /api/users/{id}",
  ]);
});

const curl = suite("curl");

curl("curlCommand() calls the route on the base URL, parameters left to fill in", () => {
  assert.is(curlCommand(routes[1]!, "http://localhost:3000/"), "curl -g 'http://localhost:3000/api/users/{id}'");
  assert.is(
    curlCommand(routes[2]!, "https://api.example.com"),
    "curl -g -X POST 'https://api.example.com/api/users' -H 'content-type: application/json' -d '{}'",
  );
  assert.is(curlCommand(routes[3]!, "http://x"), "curl -g -X DELETE 'http://x/api/orders/{orderId}'");
  assert.is(curlCommand(route("HEAD", "/feed"), "http://x"), "curl -g -I 'http://x/feed'");
  assert.is(curlCommand(route("ALL", "/legacy"), "http://x"), "curl -g 'http://x/legacy'");
});

curl("curlCommand() quotes for the shell and skips what HTTP does not reach", () => {
  assert.is(curlCommand(route("GET", "/it's"), "http://x"), `curl -g 'http://x/it'\\''s'`);
  assert.is(curlCommand(routes[4]!, "http://x"), undefined);
  assert.is(curlCommand(route("CONSUME", "orders", { kind: "consumer" }), "http://x"), undefined);
  assert.is(
    curlCommand(route("MUTATION", "createUser", { kind: "graphql" }), "http://x"),
    `curl -X POST 'http://x/graphql' -H 'content-type: application/json' -d '{"query":"mutation { createUser }"}'`,
  );
});

const exports = suite("exports");

exports("routesToJson() lists every route with its reach, and parses back", () => {
  const parsed = JSON.parse(routesToJson(routes));
  assert.is(parsed.length, 5);
  assert.equal(parsed[1], {
    method: "GET",
    path: "/api/users/{id}",
    kind: "http",
    framework: "express",
    file: "src/routes/users.js",
    line: 7,
    handler: "show",
    guards: ["requireAuth"],
    components: ["src/db"],
    integrations: ["postgresql"],
  });
});

exports("routesToCsv() quotes commas and quotes, and defuses spreadsheet formulas", () => {
  const csv = routesToCsv([
    route("GET", "/a,b", { handler: 'say "hi"', guards: ["a", "b"] }),
    route("GET", "/x", { handler: "=cmd()" }),
  ]);
  const lines = csv.split("\r\n");
  assert.is(lines[0], "method,path,kind,framework,file,line,handler,guards,components,integrations");
  assert.is(lines[1], `GET,"/a,b",http,express,src/routes/users.js,7,"say ""hi""",a; b,src/db,postgresql`);
  assert.is(lines[2], `GET,/x,http,express,src/routes/users.js,7,'=cmd(),,src/db,postgresql`);
  assert.is(lines.at(-1), "");
});

exports("routesToMarkdown() is a table with pipes escaped", () => {
  const md = routesToMarkdown([route("GET", "/a|b", { guards: ["auth"] })]);
  assert.match(md, /^# Entry points \(1\)\n/);
  assert.match(md, /\| Method \| Path \| Kind \| Handler \| Guards \| File \|/);
  assert.match(md, /\| GET \| `\/a\\\|b` \| http \| `show` \| auth \| `src\/routes\/users.js:7` \|/);
});

exports("routesToHttp() runs as it is: base URL and parameter variables, bodies for writes", () => {
  const http = routesToHttp(routes, "http://localhost:3000/");
  assert.match(http, /^# 4 entry points; 1 not reached by plain HTTP/);
  assert.match(http, /\n@baseUrl = http:\/\/localhost:3000\n@id = id\n@orderId = orderId\n/);
  assert.match(
    http,
    /### GET \/api\/users\/\{id\}\n# src\/routes\/users.js:7 · handler show · guards: requireAuth\nGET \{\{baseUrl\}\}\/api\/users\/\{\{id\}\}/,
  );
  assert.match(http, /POST \{\{baseUrl\}\}\/api\/users\nContent-Type: application\/json\n\n\{\}/);
  assert.match(http, /DELETE \{\{baseUrl\}\}\/api\/orders\/\{\{orderId\}\}(\n|$)/);
  assert.not.match(http, /CRON/);
});

exports("ROUTE_EXPORTS names each format's extension and media type", () => {
  assert.equal(Object.keys(ROUTE_EXPORTS), ["json", "csv", "md", "http"]);
  assert.is(ROUTE_EXPORTS.csv.type, "text/csv; charset=utf-8");
  assert.is(ROUTE_EXPORTS.http.extension, "http");
  assert.is(ROUTE_EXPORTS.md.render(routes, "http://x"), routesToMarkdown(routes));
});

filter.run();
curl.run();
exports.run();

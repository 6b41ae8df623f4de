import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("servers that route by hand");

const routes = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`).sort();

test("http.createServer, Bun.serve and a Worker's fetch: the paths and methods their conditions and cases compare; decoys give nothing", () => {
  const root = tempDir("tool-node-http-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "dashboard", type: "module" }),
    "server.js": [
      'import http from "node:http";',
      "const server = http.createServer(async (req, res) => {",
      '  if (req.method === "OPTIONS") { res.writeHead(204); return res.end(); }',
      '  if (req.url === "/stream") return stream(res);',
      '  if (req.method === "POST" && req.url === "/runs") return start(req, res);',
      '  if (req.method === "GET" && req.url?.startsWith("/runs/")) return status(req, res);',
      '  if (req.url === "/" || req.url === "/index.html") return page(res);',
      '  if (req.method === "DELETE") {',
      '    if (req.url === "/cache") return clear(res);',
      "  }",
      '  if (req.url !== "/never") res.statusCode = 404;',
      "  res.end();",
      "});",
      "server.listen(3000);",
      "",
    ].join("\n"),
    "named.ts": [
      'import { createServer } from "node:http";',
      "function handle(request, response) {",
      '  if ("PUT" === request.method && request.url === "/settings") return save(request, response);',
      "}",
      "createServer(handle).listen(4000);",
      "",
    ].join("\n"),
    "bun.ts": [
      "Bun.serve({",
      "  port: 3001,",
      "  fetch(req) {",
      "    const url = new URL(req.url);",
      "    switch (url.pathname) {",
      '      case "/health":',
      '        return new Response("ok");',
      "    }",
      '    return new Response("not found", { status: 404 });',
      "  },",
      "});",
      "",
    ].join("\n"),
    "worker.ts": [
      "export default {",
      "  async fetch(request: Request, env: Env): Promise<Response> {",
      "    const { pathname } = new URL(request.url);",
      '    if (pathname === "/api/events" && request.method === "POST") return ingest(request, env);',
      '    return new Response(null, { status: 404 });',
      "  },",
      "};",
      "",
    ].join("\n"),
    // Not a request handler: a client comparing the address it fetched.
    "client.js": [
      "export async function load(res) {",
      '  if (res.url === "/login") throw new Error("signed out");',
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(routes(root), [
    "ALL / server.js:7 (inline)",
    "ALL /index.html server.js:7 (inline)",
    "ALL /stream server.js:4 (inline)",
    "DELETE /cache server.js:9 (inline)",
    "ALL /health bun.ts:6 fetch",
    "GET /runs/{param} server.js:6 (inline)",
    "POST /api/events worker.ts:4 fetch",
    "POST /runs server.js:5 (inline)",
    "PUT /settings named.ts:3 handle",
  ].sort());
});

test.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { ProjectIndex } from "../../workflow/index/mod.ts";
import { git, writeFiles } from "../helpers/repo.ts";
import { HOST, makeHarness, post, smallRepo } from "./harness.ts";

const test = suite("the JSON API: project index, refresh, devtools, source");

test("GET /api/project answers the index with every field, and writes the same JSON to .tool/cache", async () => {
  const h = makeHarness();
  const res = await h.app.request("/api/project", { headers: HOST });
  assert.is(res.status, 200);
  assert.match(res.headers.get("content-type")!, /^application\/json/);
  const text = await res.text();
  const index = ProjectIndex.parse(JSON.parse(text));
  for (
    const key of [
      "generatedAt",
      "project",
      "commands",
      "presets",
      "tasks",
      "specs",
      "docs",
      "adrs",
      "modules",
      "couplings",
      "graph",
      "improvements",
      "signals",
      "git",
      "adapters",
      "agents",
      "workflows",
      "lab",
      "capabilities",
    ]
  ) {
    assert.ok(key in index, key);
  }
  assert.is(index.project.name, "small-app");
  assert.is(index.project.root, h.root);
  assert.equal(index.project.frameworks.map((f) => f.name), ["Hono"]);
  assert.is(index.project.toolVersion.length > 0, true);
  assert.equal(index.commands.map((c) => c.name), ["graph"]);
  assert.equal(index.docs.map((d) => d.path), ["README.md"]);
  assert.is(index.graph.nodes.length, 3);
  assert.ok(index.graph.edges.some((e) => e.from === "src/main.ts" && e.to === "src/helper.ts"));
  assert.is(index.git.branch, "main");
  assert.is(index.git.commits[0]!.subject, "first");
  const file = join(h.root, ".tool/cache/project-index.json");
  assert.ok(existsSync(file));
  assert.is(readFileSync(file, "utf8"), text, "the file holds the same JSON");
});

test("cached answers are serialized once per rebuild, and compressed when the client accepts it", async () => {
  const h = makeHarness();
  const first = new Uint8Array(await (await h.app.request("/api/project", { headers: HOST })).arrayBuffer());
  await h.app.request("/api/devtools", { headers: HOST });
  const stringify = JSON.stringify;
  let calls = 0;
  JSON.stringify = ((...args: Parameters<typeof stringify>) => (calls++, stringify(...args))) as typeof JSON.stringify;
  try {
    for (let i = 0; i < 20; i++) {
      await (await h.app.request("/api/project", { headers: HOST })).arrayBuffer();
      await (await h.app.request("/api/devtools", { headers: HOST })).arrayBuffer();
    }
  } finally {
    JSON.stringify = stringify;
  }
  assert.is(calls, 0, "no serialization per request");
  const gz = await h.app.request("/api/project", { headers: { ...HOST, "accept-encoding": "gzip, deflate" } });
  assert.is(gz.headers.get("content-encoding"), "gzip");
  assert.is(gz.headers.get("vary"), "accept-encoding");
  assert.equal(new Uint8Array(gunzipSync(new Uint8Array(await gz.arrayBuffer()))), first);
  const br = await h.app.request("/api/devtools", { headers: { ...HOST, "accept-encoding": "gzip, br" } });
  assert.is(br.headers.get("content-encoding"), "br");
  const report = JSON.parse(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString("utf8"));
  assert.is(report.files.length, 3);
  const refused = await h.app.request("/api/project", { headers: { ...HOST, "accept-encoding": "gzip;q=0, br;q=0" } });
  assert.is(refused.headers.get("content-encoding"), null);
});

test("GET /api/devtools builds the report once for concurrent first requests and caches it", async () => {
  const h = makeHarness({ delayMs: 100 });
  const answers = await Promise.all(Array.from({ length: 8 }, () => h.app.request("/api/devtools", { headers: HOST })));
  assert.is(h.stats.runs, 1, "one shared build");
  const bodies = await Promise.all(answers.map((r) => r.text()));
  assert.ok(bodies.every((b) => b === bodies[0]));
  const report = JSON.parse(bodies[0]!);
  for (const key of ["files", "edges", "health", "generatedAt", "root", "truncated"]) assert.ok(key in report, key);
  await h.app.request("/api/devtools", { headers: HOST });
  assert.is(h.stats.runs, 1, "cached");
  const forced = await h.app.request("/api/devtools?refresh", { headers: HOST });
  assert.is(forced.status, 200);
  assert.is(h.stats.runs, 2, "refresh forces a new analysis");
  assert.is.not(JSON.parse(await forced.text()).generatedAt, report.generatedAt);
  await Promise.all([
    h.app.request("/api/devtools?refresh=1", { headers: HOST }),
    h.app.request("/api/devtools?refresh=true", { headers: HOST }),
  ]);
  assert.is(h.stats.runs, 3, "concurrent forced requests share one build");
  await h.app.request("/api/devtools?refresh=0", { headers: HOST });
  assert.is(h.stats.runs, 3);
});

test("POST /api/refresh answers 204, rebuilds the index, drops the cached report and bumps the version", async () => {
  const h = makeHarness();
  const before = await (await h.app.request("/api/project", { headers: HOST })).json();
  await h.app.request("/api/devtools", { headers: HOST });
  assert.is(h.stats.runs, 1);
  assert.is(h.service.version, 1);
  writeFiles(h.root, { "src/new.ts": 'import { helper } from "./helper.ts";\n' });
  const res = await h.app.request("/api/refresh", post(h.token));
  assert.is(res.status, 204);
  assert.is(await res.text(), "");
  assert.is(h.service.version, 2);
  assert.is(h.stats.runs, 2, "the rebuild ran a new analysis");
  const after = await (await h.app.request("/api/project", { headers: HOST })).json();
  assert.is(after.graph.nodes.length, before.graph.nodes.length + 1);
  const report = await (await h.app.request("/api/devtools", { headers: HOST })).json();
  assert.is(report.files.length, 4, "the report is the fresh one");
  assert.is(h.stats.runs, 2, "and it is shared with the index");
});

test("a POST that reaches the write queue while another runs waits its turn", async () => {
  const h = makeHarness({ delayMs: 150 });
  await h.app.request("/api/project", { headers: HOST });
  h.stats.maxRunning = 0;
  const order: string[] = [];
  const first = Promise.resolve(h.app.request("/api/refresh", post(h.token))).then((r) => (order.push("first"), r));
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.is(h.service.queue.running, "refresh", "the first refresh is running");
  const second = Promise.resolve(h.app.request("/api/refresh", post(h.token))).then((r) => (order.push("second"), r));
  const third = Promise.resolve(h.app.request("/api/refresh", post(h.token))).then((r) => (order.push("third"), r));
  const answers = await Promise.all([first, second, third]);
  assert.equal(answers.map((r) => r.status), [204, 204, 204]);
  assert.equal(order, ["first", "second", "third"]);
  assert.is(h.stats.maxRunning, 1, "never two builds at once");
  assert.is(h.service.version, 3, "the two waiting refreshes were joined into one");
});

test("GET /api/source gives lines, imports and importers of a file the analysis knows", async () => {
  const h = makeHarness();
  const res = await h.app.request("/api/source?file=src/main.ts", { headers: HOST });
  assert.is(res.status, 200);
  assert.is(res.headers.get("cache-control"), "no-store");
  const source = await res.json();
  assert.is(source.file, "src/main.ts");
  assert.is(source.root, h.root);
  assert.is(source.truncated, false);
  assert.is(source.lines[0], 'import { helper } from "./helper.ts";');
  assert.is(source.lines.length, 3);
  assert.equal(source.imports.map((i: { file?: string; package?: string }) => i.file ?? i.package), [
    "src/helper.ts",
    "zod",
  ]);
  const helper = await (await h.app.request("/api/source?file=src/helper.ts", { headers: HOST })).json();
  assert.equal(helper.importedBy.map((i: { file: string }) => i.file).sort(), ["src/main.ts", "src/other.ts"]);
});

test("GET /api/source answers 404 for anything the analysis does not know, traversal included", async () => {
  const root = smallRepo();
  symlinkSync("/etc/hostname", join(root, "src/link.ts"));
  writeFiles(root, { "notes.txt": "not source\n" });
  git(root, "add", "-A");
  const h = makeHarness({ root });
  for (
    const file of [
      "../etc/passwd",
      "/etc/passwd",
      "src/../src/main.ts",
      "./src/main.ts",
      "src/missing.ts",
      "notes.txt",
      "src",
      "src/link.ts",
      "%2e%2e/x",
      "src\\main.ts",
      ".git/config",
      h.root + "/src/main.ts",
    ]
  ) {
    const res = await h.app.request(`/api/source?file=${encodeURIComponent(file)}`, { headers: HOST });
    assert.is(res.status, 404, file);
    assert.type((await res.json()).error, "string");
  }
});

test("GET /api/source gives at most 4000 lines and says when it cut", async () => {
  const root = smallRepo();
  writeFiles(root, {
    "src/long.ts": Array.from({ length: 4500 }, (_, i) => `export const v${i} = ${i};`).join("\n") + "\n",
  });
  const h = makeHarness({ root });
  const source = await (await h.app.request("/api/source?file=src/long.ts", { headers: HOST })).json();
  assert.is(source.lines.length, 4000);
  assert.is(source.truncated, true);
  assert.is(source.lines[3999], "export const v3999 = 3999;");
});

test("a failing analysis is a 500 with { error }, and the next request tries again", async () => {
  const { ProjectService } = await import("../../workflow/index/mod.ts");
  const { createApp, generateToken } = await import("../../routes/mod.ts");
  let fail = true;
  const service = new ProjectService({
    root: smallRepo(),
    writeCache: false,
    analyze: (root) => {
      if (fail) throw new Error("disk on fire");
      return import("../../analysis/mod.ts").then((m) => m.analyze(root));
    },
  });
  const app = createApp({ service, token: generateToken() });
  const original = console.error;
  console.error = () => {};
  try {
    const res = await app.request("/api/devtools", { headers: HOST });
    assert.is(res.status, 500);
    assert.match((await res.json()).error, /disk on fire/);
  } finally {
    console.error = original;
  }
  const index = await (await app.request("/api/project", { headers: HOST })).json();
  assert.ok(
    index.signals.some((s: { code: string }) => s.code === "analysis-failed"),
    "the index still answers, with a signal",
  );
  fail = false;
  assert.is((await app.request("/api/devtools", { headers: HOST })).status, 200);
});

test.run();

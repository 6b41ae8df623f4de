import { suite } from "uvu";
import * as assert from "uvu/assert";
import { utimesSync, writeFileSync, existsSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { analyze, analyzeStructure } from "../../analysis/mod.ts";
import { preloadResolutions, RESOLUTIONS_CACHE_FILE } from "../../analysis/resolve/listing-memo.ts";
import { dropMemoryCache, FACTS_CACHE_FILE, FACTS_CHANGES_FILE, preloadFacts } from "../../analysis/cache.ts";
import { ENTRIES_CACHE_FILE } from "../../analysis/entry-points.ts";
import { gitListingAhead, keptFolders, scan } from "../../analysis/scan.ts";
import { isWatchedPath } from "../../workflow/index/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("scan and cache");

test("scan() lists git's files, never dependency or build folders, and honours .gitignore", () => {
  const root = tempDir();
  writeFiles(root, {
    ".gitignore": "generated/\n",
    "src/a.ts": "export const a = 1;\n",
    "node_modules/pkg/index.js": "module.exports = 1;\n",
    "dist/out.js": "x\n",
    "generated/gen.ts": "x\n",
    "deep/vendor/lib.js": "x\n",
    "app/bin/tool.ts": "x\n",
    "dotnet/bin/out.cs": "x\n",
    "dotnet/App.csproj": "<Project />\n",
    "README.md": "# readme\n",
  });
  git(root, "init", "-q");
  const result = scan(root);
  assert.ok(result.git);
  assert.equal(result.files.map((f) => f.path), ["app/bin/tool.ts", "src/a.ts"]);
  assert.ok(result.listed.has("README.md"), "non-source files are listed for resolution");
});

test("a never-scanned folder the root .gitignore takes back by name (`!packages/node_modules`) is the project's own and scanned, in git and outside", () => {
  const files = {
    ".gitignore": "node_modules\n!packages/node_modules\n!*/build\n",
    "packages/node_modules/@app/api/lib/index.js": "module.exports = 1;\n",
    "packages/node_modules/@app/api/node_modules/dep/index.js": "module.exports = 2;\n",
    "node_modules/left/index.js": "module.exports = 3;\n",
    "src/build/out.js": "x\n",
    "src/a.ts": "export const a = 1;\n",
  };
  const inGit = tempDir();
  writeFiles(inGit, files);
  git(inGit, "init", "-q");
  git(inGit, "add", "-f", ".");
  const expected = ["packages/node_modules/@app/api/lib/index.js", "src/a.ts"];
  assert.equal(scan(inGit).files.map((f) => f.path), expected, "a folder below it of a never-scanned name stays out, and so does a pattern");
  const outside = tempDir();
  writeFiles(outside, files);
  assert.equal(scan(outside).files.map((f) => f.path), expected);
  assert.ok(isWatchedPath("packages/node_modules/@app/api/lib/index.js", keptFolders(inGit)));
  assert.not.ok(isWatchedPath("packages/node_modules/@app/api/node_modules/dep/index.js", keptFolders(inGit)));
  assert.not.ok(isWatchedPath("packages/node_modules/@app/api/lib/index.js"), "without the folders taken back it is a dependency folder");
});

test("a Python package named like build output (app/features/build/, in a package with an __init__.py) is the code's own and scanned and watched; build output at the top, or beside no package, is not", () => {
  const root = tempDir();
  writeFiles(root, {
    "app/__init__.py": "",
    "app/features/__init__.py": "",
    "app/features/build/api.py": "from fastapi import APIRouter\nrouter = APIRouter()\n",
    "app/features/build/session/api.py": "x = 1\n",
    "build/lib/app/__init__.py": "",
    "dist/app.py": "x = 1\n",
    "web/build/main.js": "x\n",
  });
  git(root, "init", "-q");
  assert.equal(scan(root).files.map((f) => f.path), ["app/__init__.py", "app/features/__init__.py", "app/features/build/api.py", "app/features/build/session/api.py"]);
  assert.ok(isWatchedPath("app/features/build/api.py", keptFolders(root)));
  assert.not.ok(isWatchedPath("web/build/main.js", keptFolders(root)));
});

test("the listing asked for ahead (gitListingAhead) is the one scan() makes itself, and the analysis given it and the caches read ahead equals one without", async () => {
  const root = tempDir();
  writeFiles(root, {
    ".gitignore": "generated/\n",
    "src/a.ts": 'import { b } from "./b";\nexport const a = b;\n',
    "src/b.ts": "export const b = 1;\n",
    "generated/gen.ts": "x\n",
    "README.md": "# readme\n",
  });
  git(root, "init", "-q");
  git(root, "add", "src/a.ts", ".gitignore");
  symlinkSync("b.ts", join(root, "src/link.ts"));
  writeFileSync(join(root, "src/untracked.ts"), 'import { a } from "./a";\n');
  const listing = await gitListingAhead(root);
  assert.ok(listing);
  const own = scan(root);
  const ahead = scan(root, { listing: listing! });
  assert.equal(ahead, own);
  assert.equal(own.files.map((f) => `${f.path}${f.link ? " (link)" : ""}`), ["src/a.ts", "src/b.ts", "src/link.ts (link)", "src/untracked.ts"]);
  const plain = analyzeStructure(root);
  dropMemoryCache(root);
  preloadFacts(root);
  preloadResolutions(root);
  const read = analyzeStructure(root, { listing: (await gitListingAhead(root))! });
  assert.equal({ ...read, generatedAt: "", timings: {} }, { ...plain, generatedAt: "", timings: {} });
  assert.is(await gitListingAhead(tempDir()), undefined, "outside git there is no listing");
});

test("scan() walks a folder outside git, honouring nested .gitignore files", () => {
  const root = tempDir();
  writeFiles(root, {
    ".gitignore": "*.gen.ts\n",
    "src/.gitignore": "secret/\n",
    "src/a.ts": "export const a = 1;\n",
    "src/b.gen.ts": "x\n",
    "src/secret/c.ts": "x\n",
    "build/d.js": "x\n",
  });
  const result = scan(root);
  assert.not.ok(result.git);
  assert.equal(result.files.map((f) => f.path), ["src/a.ts"]);
});

test("analyze() skips files over 512 KB and says so", () => {
  const root = tempDir();
  writeFiles(root, { "src/small.ts": 'import { big } from "./big";\n', "src/big.ts": "export const big = 1;\n" + "// padding\n".repeat(50_000) });
  git(root, "init", "-q");
  const report = analyze(root);
  assert.equal(report.files.map((f) => f.path), ["src/small.ts"]);
  assert.equal(report.skipped.map((s) => s.file), ["src/big.ts"]);
  assert.match(report.skipped[0]!.reason, /over 512 KB/);
  assert.equal(report.unresolved.map((u) => `${u.specifier}: ${u.reason}`), ["./big: file not analysed (skipped, or past the file limit)"]);
});

test("analyze() stops at 5000 source files and reports truncated", () => {
  const root = tempDir();
  const files: Record<string, string> = {};
  for (let i = 0; i < 5003; i++) files[`src/f${String(i).padStart(4, "0")}.ts`] = `export const v = ${i};\n`;
  writeFiles(root, files);
  git(root, "init", "-q");
  const report = analyze(root);
  assert.is(report.files.length, 5000);
  assert.ok(report.truncated);
});

test("analyze() reuses cached facts and re-reads only the changed file", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/a.ts": 'import { b } from "./b";\nexport const a = b;\n',
    "src/b.ts": "export const b = 1;\n",
    "src/c.ts": "export const c = 1;\n",
  });
  git(root, "init", "-q");
  analyze(root);
  assert.ok(existsSync(join(root, FACTS_CACHE_FILE)), "facts are cached on disk");
  assert.is(readFileSync(join(root, ".tool/cache/.gitignore"), "utf8"), "*\n");

  // Edit b.ts so it imports c.ts, and corrupt a.ts's cached facts: a file that was not
  // re-read keeps its (marked) cached facts; b.ts must be re-read.
  const store = JSON.parse(readFileSync(join(root, FACTS_CACHE_FILE), "utf8"));
  store.entries["src/a.ts"].facts.complexity = 99;
  writeFileSync(join(root, FACTS_CACHE_FILE), JSON.stringify(store));
  dropMemoryCache(root);
  writeFileSync(join(root, "src/b.ts"), 'import { c } from "./c";\nexport const b = c;\n');
  utimesSync(join(root, "src/b.ts"), new Date(), new Date(Date.now() + 5000));

  const report = analyze(root);
  assert.is(report.files.find((f) => f.path === "src/a.ts")!.complexity, 99, "a.ts came from the cache");
  assert.ok(report.edges.some((e) => e.from === "src/b.ts" && e.to === "src/c.ts"), "b.ts was re-read");
});

test("an edit stores only the changed facts, beside the full store, and the next run reads both", () => {
  const root = tempDir();
  const files: Record<string, string> = {};
  for (let i = 0; i < 60; i++) files[`src/m${i}.ts`] = `export const m${i} = ${i};\n`;
  writeFiles(root, files);
  analyze(root);
  const full = readFileSync(join(root, FACTS_CACHE_FILE), "utf8");

  writeFileSync(join(root, "src/m1.ts"), 'import { m2 } from "./m2";\nexport const m1 = m2;\n');
  utimesSync(join(root, "src/m1.ts"), new Date(), new Date(Date.now() + 5000));
  rmSync(join(root, "src/m3.ts"));
  dropMemoryCache(root);
  analyze(root);
  assert.is(readFileSync(join(root, FACTS_CACHE_FILE), "utf8"), full, "the full store is not written again");
  const changes = JSON.parse(readFileSync(join(root, FACTS_CHANGES_FILE), "utf8"));
  assert.equal(Object.keys(changes.entries).sort(), ["src/m1.ts", "src/m3.ts"]);
  assert.is(changes.entries["src/m3.ts"], null, "a removed file is recorded as gone");

  // The next run takes m1's facts from the changes (marked here to tell them apart).
  changes.entries["src/m1.ts"].facts.complexity = 42;
  writeFileSync(join(root, FACTS_CHANGES_FILE), JSON.stringify(changes));
  dropMemoryCache(root);
  const report = analyze(root);
  assert.is(report.files.find((f) => f.path === "src/m1.ts")!.complexity, 42);
  assert.is(report.files.length, 59);
  assert.ok(report.edges.some((e) => e.from === "src/m1.ts" && e.to === "src/m2.ts"));

  // Many changes are folded into a new full store.
  for (let i = 10; i < 60; i++) writeFileSync(join(root, `src/m${i}.ts`), `export const m${i} = ${i + 1};\n`);
  for (let i = 10; i < 60; i++) utimesSync(join(root, `src/m${i}.ts`), new Date(), new Date(Date.now() + 9000));
  dropMemoryCache(root);
  analyze(root);
  assert.not.ok(existsSync(join(root, FACTS_CHANGES_FILE)));
  assert.is(Object.keys(JSON.parse(readFileSync(join(root, FACTS_CACHE_FILE), "utf8")).entries).length, 59);
});

test("the entry points manifests name are kept between runs and read again when a manifest is added, changed or removed", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": '{ "name": "shop", "main": "src/index.ts" }\n',
    "src/index.ts": 'export const index = 1;\n',
    "src/report.ts": 'export const report = 1;\n',
    "packages/fmt/src/format.ts": 'export const format = 1;\n',
  });
  git(root, "init", "-q");
  const unused = () => analyzeStructure(root).files.filter((f) => f.unused).map((f) => f.path);
  assert.equal(unused(), ["packages/fmt/src/format.ts", "src/report.ts"]);
  assert.ok(existsSync(join(root, ENTRIES_CACHE_FILE)));
  // Changed: a manifest names another file (a later modification time, as an edit makes).
  writeFileSync(join(root, "package.json"), '{ "name": "shop", "main": "src/index.ts", "bin": { "shop": "./src/report.ts" } }\n');
  utimesSync(join(root, "package.json"), new Date(), new Date(Date.now() + 5000));
  dropMemoryCache(root);
  assert.equal(unused(), ["packages/fmt/src/format.ts"]);
  // Added: a manifest of its own names its module.
  writeFiles(root, { "packages/fmt/package.json": '{ "name": "fmt", "main": "src/format.ts" }\n' });
  dropMemoryCache(root);
  assert.equal(unused(), []);
  // Removed: the module is unused again.
  rmSync(join(root, "packages/fmt/package.json"));
  dropMemoryCache(root);
  assert.equal(unused(), ["packages/fmt/src/format.ts"]);
});

test("the structure alone leaves routes and env reads out of the facts; a whole analysis after it adds them and equals a cold one", () => {
  const files = {
    "package.json": '{ "name": "shop", "dependencies": { "express": "4.19.0" } }\n',
    "src/server.ts": 'import express from "express";\nimport { price } from "./price";\nconst app = express();\napp.get("/price", (req, res) => res.json(price(process.env.CURRENCY)));\napp.listen(3000);\n',
    "src/price.ts": 'export const price = (currency?: string) => ({ amount: 1, currency: currency ?? process.env.DEFAULT_CURRENCY });\n',
    // Imported by nothing: the routes it registers make it an entry point, not unused code.
    "src/admin/routes.ts": 'import { Router } from "express";\nexport const admin = Router();\nadmin.post("/admin/reset", (req, res) => res.sendStatus(204));\n',
    "src/orphan.ts": "export const orphan = 1;\n",
  };
  const root = tempDir();
  writeFiles(root, files);
  git(root, "init", "-q");
  const structureFirst = analyzeStructure(root);
  const unused = (report: { files: { path: string; unused: boolean }[] }) => report.files.filter((f) => f.unused).map((f) => f.path);
  assert.equal(unused(structureFirst), ["src/orphan.ts"], "the routes file is read again to tell it is an entry point");
  type Stored = Record<string, { structureOnly?: true; facts: { routes?: unknown; env?: unknown } }>;
  const stored: Stored = {
    ...JSON.parse(readFileSync(join(root, FACTS_CACHE_FILE), "utf8")).entries,
    ...JSON.parse(readFileSync(join(root, FACTS_CHANGES_FILE), "utf8")).entries,
  };
  for (const path of ["src/server.ts", "src/price.ts"]) {
    assert.ok(stored[path]!.structureOnly && !stored[path]!.facts.routes && !stored[path]!.facts.env, path);
  }
  // The surfaces read to tell an entry point are kept: the next run does not read the file again.
  assert.ok(!stored["src/admin/routes.ts"]!.structureOnly && stored["src/admin/routes.ts"]!.facts.routes);

  dropMemoryCache(root);
  const completed = analyze(root);
  const cold = tempDir();
  writeFiles(cold, files);
  git(cold, "init", "-q");
  const whole = analyze(cold);
  assert.equal(completed.routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["GET /price", "POST /admin/reset"]);
  assert.equal(completed.configuration.variables.map((v) => v.name).sort(), ["CURRENCY", "DEFAULT_CURRENCY"]);
  for (const key of ["files", "edges", "routes", "configuration", "findings"] as const) {
    assert.is(JSON.stringify(completed[key]), JSON.stringify(whole[key]), key);
  }
  const factsIn = (dir: string, file: string) =>
    JSON.stringify(Object.values<{ facts: unknown }>(JSON.parse(readFileSync(join(dir, file), "utf8")).entries).map((e) => e.facts));
  assert.is(factsIn(root, FACTS_CHANGES_FILE), factsIn(cold, FACTS_CACHE_FILE), "the completed facts are the whole facts, key for key");
});

test("cached resolutions hold only while no file is added, removed or passes the size limit", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/a.ts": 'import { b } from "./b";\nimport { c } from "./c";\nexport const a = b + c;\n',
    "src/b.ts": "export const b = 1;\n",
  });
  git(root, "init", "-q");
  const edgesOf = () => analyzeStructure(root).edges.map((e) => `${e.from} -> ${e.to}`);
  const unresolvedOf = () => analyzeStructure(root).unresolved.map((u) => `${u.file}: ${u.specifier}`);
  assert.equal(edgesOf(), ["src/a.ts -> src/b.ts"]);
  assert.ok(existsSync(join(root, RESOLUTIONS_CACHE_FILE)), "resolutions are cached on disk");

  writeFiles(root, { "src/c.ts": "export const c = 2;\n" });
  assert.equal(edgesOf(), ["src/a.ts -> src/b.ts", "src/a.ts -> src/c.ts"], "a new file is found");

  rmSync(join(root, "src/b.ts"));
  assert.equal(edgesOf(), ["src/a.ts -> src/c.ts"]);
  assert.equal(unresolvedOf(), ["src/a.ts: ./b"], "a removed file is no longer a target");

  writeFiles(root, { "src/b.ts": "export const b = 1;\n", "src/c.ts": `export const c = "${"x".repeat(600 * 1024)}";\n` });
  assert.equal(edgesOf(), ["src/a.ts -> src/b.ts"], "a file over 512 KB is no longer analysed");
  assert.equal(unresolvedOf(), ["src/a.ts: ./c"]);
});

test("cached bare resolutions hold only while the configuration they were read from is the same", () => {
  const root = tempDir();
  const base = (target: string) => JSON.stringify({ compilerOptions: { baseUrl: "../../..", paths: { "@lib/*": [`src/${target}/*`] } } });
  writeFiles(root, {
    "tsconfig.json": JSON.stringify({ extends: "@cfg/base/tsconfig.json" }),
    "node_modules/@cfg/base/tsconfig.json": base("lib"),
    "src/a.ts": 'import { x } from "@lib/x";\nimport { y } from "@app/y";\nexport const a = x + y;\n',
    "src/lib/x.ts": "export const x = 1;\n",
    "src/other/x.ts": "export const x = 2;\n",
    "src/app/y.ts": "export const y = 3;\n",
    "src/y.ts": "export const y = 4;\n",
    ".gitignore": "node_modules/\n",
  });
  git(root, "init", "-q");
  const edgesOf = () => analyzeStructure(root).edges.map((e) => `${e.from} -> ${e.to}`).sort();
  assert.equal(edgesOf(), ["src/a.ts -> src/lib/x.ts"]);
  assert.ok(JSON.parse(readFileSync(join(root, RESOLUTIONS_CACHE_FILE), "utf8")).readMemos, "bare resolutions are kept on disk");
  // Same listing, other configuration: the package config the tsconfig extends, which the
  // scan never lists...
  writeFiles(root, { "node_modules/@cfg/base/tsconfig.json": base("other") });
  const later = new Date(Date.now() + 5000);
  utimesSync(join(root, "node_modules/@cfg/base/tsconfig.json"), later, later);
  assert.equal(edgesOf(), ["src/a.ts -> src/other/x.ts"], "a changed extended config is read again");
  // ...and the tsconfig in the repository (its own paths replace the extended ones).
  writeFiles(root, { "tsconfig.json": JSON.stringify({ extends: "@cfg/base/tsconfig.json", compilerOptions: { paths: { "@app/*": ["src/*"] } } }) });
  assert.equal(edgesOf(), ["src/a.ts -> src/y.ts"], "a changed tsconfig is read again");
});

test("analyze() ignores a damaged cache file and rebuilds it", () => {
  const root = tempDir();
  writeFiles(root, { "src/a.ts": 'import "./b";\n', "src/b.ts": "\n", [FACTS_CACHE_FILE]: "{ not json", [RESOLUTIONS_CACHE_FILE]: "[1, 2" });
  const report = analyze(root);
  assert.is(report.files.length, 2);
  assert.is(report.edges.length, 1);
  assert.ok(JSON.parse(readFileSync(join(root, FACTS_CACHE_FILE), "utf8")).entries["src/a.ts"]);
  assert.ok(JSON.parse(readFileSync(join(root, RESOLUTIONS_CACHE_FILE), "utf8")).memos);
});

test("factsLater: the structure keeps new facts in memory; the next analysis writes them, and a new process reads them back", () => {
  const root = tempDir("tool-facts-later-");
  writeFiles(root, { "src/a.ts": 'import { b } from "./b";\nexport const a = b;\n', "src/b.ts": "export const b = 1;\n" });
  git(root, "init", "-q");
  const first = analyzeStructure(root, { factsLater: true });
  assert.not.ok(existsSync(join(root, FACTS_CACHE_FILE)), "nothing written before the answer");
  const whole = analyze(root);
  assert.ok(existsSync(join(root, FACTS_CACHE_FILE)), "the whole analysis wrote the facts");
  dropMemoryCache(root);
  const again = analyzeStructure(root);
  assert.equal(again.files.map((f) => f.path), first.files.map((f) => f.path));
  assert.equal(again.edges, whole.edges);
});

test.run();

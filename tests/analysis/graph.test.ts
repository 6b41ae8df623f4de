import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { computeHealth } from "../../analysis/health.ts";
import { hubThreshold } from "../../analysis/graph/hubs.ts";
import { fixtureRepo, tempDir, writeFiles, git } from "../helpers/repo.ts";

const edgeList = (report: ReturnType<typeof analyze>) => report.edges.map((e) => `${e.from} -${e.kind}-> ${e.to}`).sort();

const tsApp = suite("graph of a plain TS app");

tsApp("analyze() resolves relative, .js-for-.ts, baseUrl and paths imports to source files", () => {
  const report = analyze(fixtureRepo("ts-app"));
  const fromMain = edgeList(report).filter((e) => e.startsWith("src/main.ts"));
  assert.equal(fromMain, [
    "src/main.ts -dynamic-> src/lazy.ts",
    "src/main.ts -import-> src/cycle2/a.ts",
    "src/main.ts -import-> src/cycle3/one.ts",
    "src/main.ts -import-> src/lib/helper.ts",
    "src/main.ts -import-> src/side-effect.ts",
    "src/main.ts -import-> src/util/format.ts",
    "src/main.ts -require-> src/legacy.cjs",
    "src/main.ts -type-> src/types/shape.ts",
  ]);
});

tsApp("analyze() keeps a bare import of a declared package external, even beside a same-named file", () => {
  const report = analyze(fixtureRepo("ts-app"));
  assert.not.ok(report.edges.some((e) => e.to === "src/uuid.ts"), "no edge into src/uuid.ts");
  assert.equal(report.externals.filter((e) => e.name === "uuid").map((e) => e.file).sort(), ["src/main.ts", "src/uuid.ts"]);
});

tsApp("a tsconfig path that leads back to the importing file skips it, for that file alone", () => {
  // `shims/fetch.ts` wraps the package it is named after: `import "fetch"` there is the
  // package, while its neighbours' `import "fetch"` is the wrapper (paths: "*" -> "shims/*").
  const root = tempDir();
  writeFiles(root, {
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "*": ["shims/*"] } } }),
    "shims/before.ts": 'import "fetch";\n',
    "shims/fetch.ts": 'import "fetch";\nexport const wrapped = 1;\n',
    "shims/later.ts": 'import "fetch";\n',
  });
  const report = analyze(root);
  assert.equal(edgeList(report), ["shims/before.ts -import-> shims/fetch.ts", "shims/later.ts -import-> shims/fetch.ts"]);
  assert.equal(report.externals.map((e) => `${e.file} ${e.name}`), ["shims/fetch.ts fetch"]);
});

tsApp("a relative path into node_modules is an import of that package, not a missing file", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/page.ts": 'import htmx from "../node_modules/htmx.org/dist/htmx.min.js";\nimport { x } from "../node_modules/@scope/kit/lib/x.js";\nexport const page = [htmx, x];\n',
  });
  const report = analyze(root);
  assert.equal(report.unresolved, []);
  assert.equal(report.externals.map((e) => e.name), ["htmx.org", "@scope/kit"]);
});

tsApp("analyze() keeps unresolved specifiers with file, line and reason", () => {
  const report = analyze(fixtureRepo("ts-app"));
  assert.equal(report.unresolved, [
    { file: "src/side-effect.ts", specifier: "./does-not-exist", kind: "import", line: 1, reason: "no such file" },
  ]);
});

tsApp("analyze() finds the two- and three-file runtime cycles with a loop, and type-only cycles apart", () => {
  const report = analyze(fixtureRepo("ts-app"));
  const runtime = report.cycles.filter((c) => c.kind === "runtime");
  assert.equal(runtime.map((c) => c.loop), [
    ["src/cycle3/one.ts", "src/cycle3/two.ts", "src/cycle3/three.ts", "src/cycle3/one.ts"],
    ["src/cycle2/a.ts", "src/cycle2/b.ts", "src/cycle2/a.ts"],
  ]);
  const typeOnly = report.cycles.filter((c) => c.kind === "type");
  assert.equal(typeOnly.map((c) => c.files), [["src/types/registry.ts", "src/types/shape.ts"]]);
});

tsApp("analyze() deducts health for runtime cycles only, by SPEC's formula, listing the files", () => {
  const report = analyze(fixtureRepo("ts-app"));
  const files = report.files.length;
  assert.is(files, 14);
  const cycle = report.health.deductions.find((d) => d.rule === "import-cycle")!;
  assert.equal(cycle.files, ["src/cycle2/a.ts", "src/cycle2/b.ts", "src/cycle3/one.ts", "src/cycle3/three.ts", "src/cycle3/two.ts"]);
  assert.is(cycle.points, Math.round(3 * 100 * (5 / 14)));
  assert.is(cycle.points, 107);
  assert.is(report.health.score, 0, "the score never goes below 0");
});

tsApp.run();

const mono = suite("graph of a monorepo");

mono("analyze() resolves workspace packages to their sources, not their built dist/", () => {
  const report = analyze(fixtureRepo("monorepo"));
  const fromApp = edgeList(report).filter((e) => e.startsWith("packages/web/src/app.tsx"));
  assert.equal(fromApp, [
    "packages/web/src/app.tsx -import-> packages/core/src/index.ts",
    "packages/web/src/app.tsx -import-> packages/core/src/internal/clock.ts",
    "packages/web/src/app.tsx -import-> packages/legacy/lib/entry.js",
    "packages/web/src/app.tsx -import-> packages/utils/src/index.ts",
    "packages/web/src/app.tsx -import-> packages/web/src/button.tsx",
  ]);
  assert.equal(report.externals.map((e) => e.name), ["react"]);
});

mono("analyze() applies the nearest tsconfig's paths: per package, and the root one elsewhere", () => {
  const report = analyze(fixtureRepo("monorepo"));
  assert.ok(edgeList(report).includes("packages/web/src/app.tsx -import-> packages/web/src/button.tsx"), "@web/* from packages/web/tsconfig.json");
  assert.ok(edgeList(report).includes("apps/site/src/page.ts -import-> apps/site/src/helper.ts"), "~/* from the root tsconfig.json");
  assert.equal(report.unresolved, []);
});

mono("analyze() leaves no workspace source looking dead", () => {
  const report = analyze(fixtureRepo("monorepo"));
  const imported = new Set(report.edges.map((e) => e.to));
  for (const file of ["packages/core/src/index.ts", "packages/core/src/internal/clock.ts", "packages/utils/src/index.ts"]) {
    assert.ok(imported.has(file), `${file} is imported`);
  }
});

mono("analyze() resolves a package the project keeps in its own node_modules folder (taken back in .gitignore) by its folder's name", () => {
  const root = tempDir();
  writeFiles(root, {
    ".gitignore": "node_modules\n!packages/node_modules\n",
    "package.json": JSON.stringify({ name: "app", dependencies: { express: "4" } }),
    "packages/node_modules/@app/util/package.json": JSON.stringify({ name: "@app/util", main: "./lib/index.js" }),
    "packages/node_modules/@app/util/lib/index.js": "module.exports = { log: console.log };\n",
    "packages/node_modules/@app/api/lib/server.js": 'const util = require("@app/util");\nconst express = require("express");\nmodule.exports = util;\n',
  });
  git(root, "init", "-q");
  const report = analyze(root);
  assert.ok(edgeList(report).includes("packages/node_modules/@app/api/lib/server.js -require-> packages/node_modules/@app/util/lib/index.js"), edgeList(report).join("\n"));
  assert.equal(report.externals.map((e) => e.name), ["express"]);
});

mono("analyze() resolves package.json imports (#subpath) to source", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "x", imports: { "#lib/*": "./dist/lib/*.js" } }),
    "src/main.ts": 'import { a } from "#lib/a";\nimport { b } from "#nope";\n',
    "src/lib/a.ts": "export const a = 1;\n",
  });
  const report = analyze(root);
  assert.equal(edgeList(report), ["src/main.ts -import-> src/lib/a.ts"]);
  assert.equal(report.unresolved.map((u) => u.specifier), ["#nope"]);
});

mono.run();

const rules = suite("health and hubs");

rules("computeHealth() deducts max(1, round(weight x 100 x share)) per rule", () => {
  const files = Array.from({ length: 1000 }, (_, i) => `f${i}.ts`);
  const health = computeHealth(1000, { "import-cycle": files.slice(0, 1), "hub-file": files.slice(0, 30) });
  assert.equal(health.deductions.map((d) => [d.rule, d.points]), [["import-cycle", 1], ["hub-file", 6]]);
  assert.is(health.score, 93);
  assert.is(computeHealth(10, { "import-cycle": files.slice(0, 10) }).score, 0);
});

rules("hubs are files imported by at least 5% of the files, and at least 10", () => {
  assert.is(hubThreshold(40), 10);
  assert.is(hubThreshold(1000), 50);
  const root = tempDir();
  const files: Record<string, string> = { "src/shared.ts": "export const shared = 1;\n" };
  for (let i = 0; i < 12; i++) files[`src/user${i}.ts`] = `import { shared } from "./shared";\nexport const v${i} = shared;\n`;
  writeFiles(root, files);
  git(root, "init", "-q");
  const report = analyze(root);
  assert.equal(report.hubs, [{ file: "src/shared.ts", fanIn: 12, fanOut: 0 }]);
  assert.equal(report.health.deductions.map((d) => d.rule), ["hub-file"]);
});

rules.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { analyze, analyzeStructure } from "../../analysis/mod.ts";
import { assignComponents } from "../../analysis/components/mod.ts";
import { commitAll, fixtureRepo, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const infer = suite("component inference");
const componentsOf = (paths: string[], config = {}) => {
  const byFile = assignComponents(paths, config).byFile;
  return [...new Set(byFile.values())].sort();
};

infer("assignComponents() starts at top-level folders and keeps root files apart", () => {
  const paths = ["README.ts", "api/a.ts", "api/b.ts", "web/c.ts", "web/d.ts", "lib/e.ts", "lib/f.ts", "docs/g.ts", "tools/h.ts"];
  assert.equal(componentsOf(paths), [".", "api", "docs", "lib", "tools", "web"]);
});

infer("assignComponents() splits a folder holding more than a quarter of the files", () => {
  const paths = ["src/a/1.ts", "src/a/2.ts", "src/b/3.ts", "src/b/4.ts", "src/main.ts", "test/t.ts"];
  // src holds 5 of 6 files: split into its own files and its subfolders.
  assert.equal(componentsOf(paths), ["src", "src/a", "src/b", "test"]);
  const byFile = assignComponents(paths, {}).byFile;
  assert.is(byFile.get("src/main.ts"), "src");
  assert.is(byFile.get("src/a/2.ts"), "src/a");
});

infer("assignComponents() collapses single-child folder chains", () => {
  const paths = ["packages/core/src/x/1.ts", "packages/core/src/x/2.ts", "packages/core/src/y/3.ts", "app/main/index.ts", "app/main/other.ts"];
  // packages -> core -> src is one chain; src holds 3 of 5 files and splits into x and y.
  assert.equal(componentsOf(paths), ["app/main", "packages/core/src/x", "packages/core/src/y"]);
});

infer("assignComponents() honours depth, configured globs and maxComponents", () => {
  const paths = ["src/a/x/1.ts", "src/a/y/2.ts", "src/b/3.ts", "lib/4.ts"];
  assert.equal(componentsOf(paths, { depth: 1 }), ["lib", "src"]);
  assert.equal(componentsOf(paths, { depth: 2 }), ["lib", "src/a", "src/b"]);
  assert.equal(componentsOf(paths, { components: ["src/*"] }), ["lib", "src/a", "src/b"]);
  assert.equal(componentsOf(paths, { maxComponents: 2 }), ["lib", "src"]);
  assert.equal(componentsOf(paths, { maxComponents: 10 }), ["lib", "src/a/x", "src/a/y", "src/b"]);
});

infer.run();

const metrics = suite("component metrics on the layers fixture");

metrics("analyze() computes Ca, Ce, I, A, D and zones per component", () => {
  const { items } = analyze(fixtureRepo("layers")).components;
  const table = Object.fromEntries(items.map((c) => [c.name, [c.files, c.ca, c.ce, c.instability, c.abstractness, c.distance, c.zone]]));
  assert.equal(table, {
    // index.ts -> ui: I = 1/1; one function, no types: A = 0; D = |0 + 1 - 1| = 0
    src: [1, 0, 1, 1, 0, 0, "main-sequence"],
    // used by ui and infra; uses domain, infra, shared: I = 3/5; class + function, none abstract
    "src/app": [1, 2, 3, 0.6, 0, 0.4, "main-sequence"],
    // used by app, infra, ui; uses ui (money -> format): I = 1/4; 3 abstract types of 3 types + 1 function
    "src/domain": [2, 3, 1, 0.25, 0.75, 0, "main-sequence"],
    "src/infra": [2, 2, 3, 0.6, 0, 0.4, "main-sequence"],
    // abstract, nobody depends on it, depends on shared: zone of uselessness
    "src/ports": [1, 0, 1, 1, 1, 1, "uselessness"],
    // concrete, three components depend on it, depends on nothing: zone of pain
    "src/shared": [1, 3, 0, 0, 0, 1, "pain"],
    "src/ui": [4, 2, 3, 0.6, 0, 0.4, "main-sequence"],
  });
});

metrics("analyze() lists SDP violations, the dependency matrix and mutual pairs", () => {
  const section = analyze(fixtureRepo("layers")).components;
  assert.equal(section.sdpViolations.map((v) => [v.from, v.to, v.imports, `${v.example.file}:${v.example.line}`]), [
    ["src/domain", "src/ui", 1, "src/domain/money.ts:1"],
  ]);
  const { components, counts, mutual } = section.matrix;
  const cell = (from: string, to: string) => counts[components.indexOf(from)]![components.indexOf(to)];
  assert.is(cell("src/ui", "src/app"), 1);
  assert.is(cell("src/app", "src/shared"), 1);
  assert.is(cell("src/infra", "src/shared"), 1);
  assert.is(cell("src/shared", "src/app"), 0);
  assert.equal(mutual, [["src/app", "src/infra"], ["src/domain", "src/ui"]]);
});

metrics("analyze() reports each boundary-rule violation with file and line, and deducts health", () => {
  const report = analyze(fixtureRepo("layers"));
  assert.equal(report.components.boundaryViolations, [{
    rule: 0,
    from: "src/ui/view.ts",
    to: "src/infra/db.ts",
    line: 2,
    specifier: "../infra/db",
    reason: "the UI reaches storage only through the app layer",
  }]);
  const deduction = report.health.deductions.find((d) => d.rule === "boundary-violation")!;
  assert.equal(deduction.files, ["src/ui/view.ts"]);
  assert.is(deduction.points, Math.round(3 * 100 * (1 / 12)));
});

metrics("analyze() marks files nothing imports that are not entry points as unused", () => {
  const report = analyze(fixtureRepo("layers"));
  // index.ts is the package's main; the other files with no importer are unused.
  assert.equal(report.files.filter((f) => f.unused).map((f) => f.path), [
    "src/domain/money.ts", "src/infra/cache.ts", "src/ports/ports.ts", "src/ui/unused-widget.ts",
  ]);
});

metrics("an invalid architecture config is reported with its key, and inference is used", () => {
  const repo = fixtureRepo("layers");
  writeFileSync(join(repo, ".tool/config.json"), JSON.stringify({ architecture: { maxComponents: 1, rules: [] } }));
  const section = analyze(repo).components;
  assert.equal(section.configError, { key: "architecture.maxComponents", reason: "must be 2 to 200" });
  assert.is(section.source, "inferred");
  assert.is(section.items.length, 7);
  writeFileSync(join(repo, ".tool/config.json"), "{ nope");
  assert.match(analyze(repo).components.configError!.reason, /not valid JSON/);
  writeFileSync(join(repo, ".tool/config.json"), JSON.stringify({ architecture: { colour: "red" } }));
  assert.is(analyze(repo).components.configError!.key, "architecture.colour");
  assert.match(analyze(repo).components.configError!.reason, /not a known key/);
});

metrics.run();

const cli = suite("tool coupling");

cli("tool coupling prints the table sorted by the chosen column, zones and violations", () => {
  const repo = fixtureRepo("layers");
  const result = runTool(["coupling", "--sort", "distance", "--root", repo]);
  assert.is(result.code, 0, result.stderr);
  const rows = result.stdout.split("\n").filter((l) => l.startsWith("src"));
  assert.equal(rows.slice(0, 2).map((l) => l.split(/\s+/)[0]), ["src/ports", "src/shared"]);
  assert.match(result.stdout, /Zone of pain \(concrete, depended on\): src\/shared/);
  assert.match(result.stdout, /src\/domain \(I=0\.25\) -> src\/ui \(I=0\.60\)/);
  assert.match(result.stdout, /src\/ui\/view\.ts:2 imports src\/infra\/db\.ts/);
});

cli("tool coupling --json prints the components section; a bad --sort exits 2", () => {
  const repo = fixtureRepo("layers");
  const result = runTool(["coupling", "--json", "--root", repo]);
  const section = JSON.parse(result.stdout);
  assert.is(section.items.length, 7);
  assert.ok(Array.isArray(section.matrix.counts));
  const bad = runTool(["coupling", "--sort", "colour", "--root", repo]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--sort must be one of/);
});

cli.run();

const isolated = suite("isolated components");

isolated("a component with no import in or out is isolated, not on the main sequence", () => {
  const root = tempDir("tool-isolated-");
  writeFiles(root, {
    "api/server.ts": 'import { db } from "../data/db.ts";\nexport const server = db;\n',
    "data/db.ts": "export const db = 1;\n",
    "scripts/once.ts": "export const once = () => 1;\n",
  });
  commitAll(root);
  const zones = Object.fromEntries(analyzeStructure(root).components.items.map((c) => [c.name, c.zone]));
  assert.is(zones.scripts, "isolated");
  assert.is.not(zones.api, "isolated");
});

isolated.run();

// Tests, fixtures and vendored code are not the product's architecture: they stay out of the
// components, cycles, hubs and health by default, keep their edges for impact, and come back
// with --include tests.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/analyze.ts";
import { commitAll, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("file roles");

function repo(): string {
  const root = tempDir("tool-roles-");
  writeFiles(root, {
    "src/app.ts": 'import { db } from "./db.ts";\nexport const app = () => db();\n',
    "src/db.ts": "export const db = () => 1;\n",
    "tests/app.test.ts": 'import { app } from "../src/app.ts";\nexport const t = app();\n',
    "tests/fixtures/cyclic/a.ts": 'import { b } from "./b.ts";\nexport const a = () => b;\n',
    "tests/fixtures/cyclic/b.ts": 'import { a } from "./a.ts";\nexport const b = () => a;\n',
  });
  commitAll(root);
  return root;
}

test("fixtures and tests stay out of components, cycles and health; impact still finds the test", () => {
  const root = repo();
  const report = analyze(root);
  assert.equal(report.cycles, [], "a cycle inside a test fixture is not the product's");
  assert.ok(report.components.items.every((c) => !c.name.startsWith("tests")), JSON.stringify(report.components.items.map((c) => c.name)));
  assert.is(report.health.sourceFiles, 2);
  assert.is(report.files.find((f) => f.path === "tests/app.test.ts")!.component, "(test)");
  assert.is(report.files.find((f) => f.path === "tests/app.test.ts")!.unused, false, "a test is run, not imported");
  assert.ok(report.findings.every((f) => !f.evidence.some((e) => e.file.startsWith("tests/"))), "no finding about tests or fixtures");
  const impact = JSON.parse(runTool(["impact", "src/db.ts", "--json", "--root", root]).stdout);
  assert.ok(impact.tests.some((t: { file: string }) => t.file === "tests/app.test.ts"));
});

test("--include tests brings them back", () => {
  const root = repo();
  const graph = JSON.parse(runTool(["graph", "--json", "--include", "tests", "--root", root]).stdout);
  assert.is(graph.cycles.length, 1);
  assert.equal(graph.cycles[0].files.sort(), ["tests/fixtures/cyclic/a.ts", "tests/fixtures/cyclic/b.ts"]);
  const bad = runTool(["graph", "--include", "everything", "--root", root]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--include must be tests/);
});

test("findings read as sentences and are about the product: no split-the-file for a migration or a fixture", () => {
  const root = tempDir("tool-roles-findings-");
  const long = (n: number) => Array.from({ length: n }, (_, i) => `x${i} = ${i}`).join("\n") + "\n";
  writeFiles(root, {
    "shop/models.py": long(900),
    "shop/migrations/0001_initial.py": long(2000),
    "tests/fixtures/big/sample.py": long(2000),
  });
  commitAll(root);
  const findings = analyze(root).findings.filter((f) => f.rule === "complex-file");
  assert.equal(findings.map((f) => [f.evidence[0]!.file, f.title]), [["shop/models.py", "Very long file"]]);
});

test("a language seen only in fixtures brings no warning about that language", () => {
  const root = repo();
  writeFiles(root, { "tests/fixtures/rails/app/models/user.rb": "class User < ApplicationRecord\nend\n" });
  commitAll(root, "a Ruby fixture");
  assert.not.ok(analyze(root).warnings.some((w) => /Zeitwerk|autoload/i.test(w.message)), "no Rails warning for a TypeScript project");
});

test.run();

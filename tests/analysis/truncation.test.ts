// Past the file cap the analysis keeps the product's own files first, says what it left out and
// where (in the report's warnings and one line on stderr), and the cap can be raised.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyzeStructure } from "../../analysis/analyze.ts";
import { roleOf } from "../../analysis/roles.ts";
import { analysisSignals } from "../../workflow/index/graph.ts";
import { commitAll, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("file cap");

function repo(): string {
  const root = tempDir("tool-cap-");
  writeFiles(root, {
    "a-tests/unit/one.test.ts": "export const t1 = 1;\n",
    "a-tests/unit/two.test.ts": "export const t2 = 2;\n",
    "a-tests/fixtures/app/x.ts": "export const x = 1;\n",
    "src/app.ts": 'import { db } from "./db.ts";\nexport const app = db;\n',
    "src/db.ts": "export const db = 1;\n",
    "src/zed.ts": "export const zed = 1;\n",
  });
  commitAll(root);
  return root;
}

test("roles by path conventions", () => {
  const roles = Object.fromEntries(["src/app.ts", "tests/app.test.ts", "src/app.spec.ts", "pkg/db_test.go", "tests/fixtures/x/a.ts", "app/migrations/0001_initial.py", "api/user.pb.go", "third_party/lib.c", "test_models.py", "src/UserTest.java"].map((p) => [p, roleOf(p)]));
  assert.equal(roles, {
    "src/app.ts": "source", "tests/app.test.ts": "test", "src/app.spec.ts": "test", "pkg/db_test.go": "test", "tests/fixtures/x/a.ts": "fixture",
    "app/migrations/0001_initial.py": "generated", "api/user.pb.go": "generated", "third_party/lib.c": "vendored", "test_models.py": "test", "src/UserTest.java": "test",
  });
});

test("over the cap, source is kept before tests and fixtures, and the report says what was left out and where", () => {
  const root = repo();
  const report = analyzeStructure(root, { maxFiles: 4 });
  assert.is(report.truncated, true);
  assert.equal(report.files.map((f) => f.path), ["a-tests/unit/one.test.ts", "src/app.ts", "src/db.ts", "src/zed.ts"], "every source file kept, sorted");
  const warning = report.warnings.find((w) => /left out/.test(w.message))!;
  assert.match(warning.message, /^2 source files were left out past the 4-file cap \(a-tests\/ 2\)/);
  assert.match(warning.message, /--max-files N or analysis\.maxFiles/);
  assert.is(analyzeStructure(root, { maxFiles: 10 }).truncated, false);
});

test("over the cap, a Laravel app's translation catalogs go before its routes: the language files are left out, never routes/", () => {
  const root = tempDir("tool-cap-lang-");
  writeFiles(root, {
    "app/Http/Controllers/UserController.php": "<?php\nclass UserController {}\n",
    "resources/lang/de/auth.php": "<?php\nreturn ['failed' => 'x'];\n",
    "resources/lang/en/auth.php": "<?php\nreturn ['failed' => 'x'];\n",
    "resources/lang/fr/auth.php": "<?php\nreturn ['failed' => 'x'];\n",
    "routes/web.php": "<?php\nRoute::get('/users', [UserController::class, 'index']);\n",
  });
  commitAll(root);
  const report = analyzeStructure(root, { maxFiles: 3 });
  assert.equal(report.files.map((f) => f.path), ["app/Http/Controllers/UserController.php", "resources/lang/de/auth.php", "routes/web.php"]);
  assert.match(report.warnings.find((w) => /left out/.test(w.message))!.message, /^2 source files were left out past the 3-file cap \(resources\/ 2\)/);
});

test("the command line: one line on stderr, the warning in --json, --max-files and analysis.maxFiles raise the cap", () => {
  const root = repo();
  writeFiles(root, { ".tool/config.json": JSON.stringify({ analysis: { maxFiles: 3 } }) });
  const capped = runTool(["graph", "--json", "--root", root]);
  assert.is(capped.code, 0, capped.stderr);
  assert.equal(capped.stderr.trim().split("\n").filter((l) => /left out/.test(l)).length, 1);
  assert.match(capped.stderr, /^tool: 3 source files were left out past the 3-file cap/m);
  const json = JSON.parse(capped.stdout);
  assert.ok(json.warnings.some((w: { message: string }) => /left out/.test(w.message)));
  const raised = runTool(["graph", "--json", "--max-files", "100", "--root", root]);
  assert.not.match(raised.stderr, /left out/);
  assert.is(JSON.parse(raised.stdout).files.length, 6);
  const bad = runTool(["graph", "--max-files", "0", "--root", root]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--max-files must be a positive whole number/);
});

test("the cap is said once, first among the warnings, so the index's signals and the overview's notes (a few warnings each) keep it", () => {
  const root = repo();
  writeFiles(root, { "src/broken.ts": "export function broken( {\n  return 1;\n" });
  commitAll(root, "a file that does not parse");
  const report = analyzeStructure(root, { maxFiles: 5 });
  assert.ok(report.warnings.length >= 2, JSON.stringify(report.warnings));
  assert.match(report.warnings[0]!.message, /source files were left out past the 5-file cap/);
  const signals = analysisSignals(report).filter((s) => /left out|stopped at|file cap/.test(s.message));
  assert.equal(signals.map((s) => [s.level, s.message.slice(0, 60)]), [["warning", report.warnings[0]!.message.slice(0, 60)]]);
});

test.run();

// The noise seen on public repositories (tests/realworld/findings.json), each as a small case:
// a cycle closed by lazy imports, indentation taken for nesting, type-level logic taken for
// decision points, a long file of declarations, a hub, a type-only dependency, examples.
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/analyze.ts";
import { roleOf } from "../../analysis/roles.ts";
import { extractScript } from "../../analysis/languages/javascript/mod.ts";
import { commitAll, git, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("findings a team acts on");

/** `n` decision points in loops four deep with a branch inside: a reader holds five levels at once. */
const nested = (name: string, n: number) => [
  `export function ${name}(rows: number[][][], x: number): number {`,
  "  for (const plane of rows) {",
  "    for (const row of plane) {",
  "      for (const cell of row) {",
  "        while (x > cell) {",
  "          if (cell === 0) return x;",
  "          x--;",
  "        }",
  "      }",
  "    }",
  "  }",
  ...Array.from({ length: n - 5 }, (_, i) => `  if (x === ${i}) return ${i};`),
  "  return -1;",
  "}",
].join("\n");

test("Python: an import inside a function is lazy, one under TYPE_CHECKING is a type import; such a cycle is low", () => {
  const root = tempDir("tool-precision-py-");
  writeFiles(root, {
    "pkg/__init__.py": "from .app import App\n",
    "pkg/app.py": "import typing as t\n\nif t.TYPE_CHECKING:\n    from .cli import Group\n\nclass App:\n    def run(\n        self,\n    ) -> None:\n        from .cli import main\n        main()\n",
    "pkg/cli.py": "def main():\n    from . import App\n    return App()\n",
  });
  commitAll(root);
  const report = analyze(root);
  const kinds = report.edges.filter((e) => e.from === "pkg/app.py").map((e) => [e.to, e.kind, e.line]);
  assert.equal(kinds, [["pkg/cli.py", "type", 4], ["pkg/cli.py", "dynamic", 10]], "an import after a multi-line def header is still inside it");
  const cycle = report.findings.find((f) => f.rule === "import-cycle")!;
  assert.is(cycle.severity, "low");
  assert.match(cycle.title, /^Lazy import cycle of 3 files$/);
  const eager = tempDir("tool-precision-py-eager-");
  writeFiles(eager, { "pkg/__init__.py": "", "pkg/a.py": "from .b import helper\n\ndef thing():\n    return helper()\n", "pkg/b.py": "from .a import thing\n\ndef helper():\n    return 1\n" });
  commitAll(eager);
  const eagerCycle = analyze(eager).findings.find((f) => f.rule === "import-cycle")!;
  // A load-time loop, not a lazy one; low as the analysis sees no read at load in it.
  assert.equal([eagerCycle.severity, eagerCycle.title], ["low", "Import cycle of 2 files"]);
});

test("Python: a package that gathers its submodules while they import from it loads in any order (low); one that imports a reader before the name it reads can fail in some entry order, but loads in the app's own: low too", () => {
  const files = (init: string) => ({
    "app/__init__.py": init,
    "app/models/__init__.py": "",
    "app/models/base.py": "class Model:\n    pass\n\nVERSION = 2\n",
    "app/models/jobs.py": "import json\nfrom app.models import Model, VERSION\nfrom . import base\n\nclass Job(Model):\n    version = VERSION\n",
    "app/models/labels.py": "from app.models.jobs import Job\nfrom app.models import Model\n\nclass Label(Model):\n    job = Job\n",
  });
  const gathering = "from .models.base import Model, VERSION  # noqa\nfrom .models.jobs import Job\nfrom .models.labels import Label\n";
  const safe = tempDir("tool-precision-py-package-");
  writeFiles(safe, { ...files(""), "app/models/__init__.py": gathering.replaceAll(".models.", ".") });
  commitAll(safe);
  const cycle = analyze(safe).findings.find((f) => f.rule === "import-cycle")!;
  assert.is(cycle.severity, "low", "each name is bound before the import that leads to its reader, and the package always loads first");
  assert.match(cycle.title, /^Lazy import cycle of 3 files$/);

  // The decoy: jobs is imported before the names it takes from the package exist.
  const early = tempDir("tool-precision-py-package-early-");
  writeFiles(early, { ...files(""), "app/models/__init__.py": "from .jobs import Job\nfrom .base import Model, VERSION\nfrom .labels import Label\n" });
  commitAll(early);
  const failing = analyze(early).findings.find((f) => f.rule === "import-cycle")!;
  assert.equal([failing.severity, failing.title], ["low", "Import cycle of 3 files"]);
  assert.equal(failing.evidence.slice(0, 2).map((e) => `${e.file} ${e.detail}`), [
    "app/models/__init__.py imports app/models/jobs.py",
    "app/models/jobs.py imports app/models/__init__.py",
  ]);
});

test("Python: an import in a try whose handler takes an ImportError (a generated client's fallback) cannot fail the load: the loop loads in any order (low); the same import unguarded can fail in some entry order (still low: no read at load is seen)", () => {
  const files = (client: string) => ({
    "sdk/__init__.py": "from sdk.client import Client\nfrom sdk.tools import run\n\nAPI_KEY = None\n",
    "sdk/client/__init__.py": client,
    "sdk/tools.py": "import sdk as ag\n\ndef run():\n    return ag.API_KEY\n",
  });
  const guarded = tempDir("tool-precision-py-try-import-");
  writeFiles(guarded, files("import sys\n\ntry:\n    from sdk import _client as generated\nexcept ImportError:\n    import sdk_client as generated\n\nClient = generated.Client\n"));
  commitAll(guarded);
  assert.is(analyze(guarded).findings.find((f) => f.rule === "import-cycle")!.severity, "low");
  // The decoy: the same import with no handler raises while the package is half-loaded.
  const bare = tempDir("tool-precision-py-bare-import-");
  writeFiles(bare, files("from sdk import _client as generated\n\nClient = generated.Client\n"));
  commitAll(bare);
  assert.match(analyze(bare).findings.find((f) => f.rule === "import-cycle")!.title, /^Import cycle of/);
});

test("TypeScript: a loop of Angular components the team closes with forwardRef(() => X) is theirs on purpose (low, said so); the same loop without forwardRef is high", () => {
  const group = 'import { Component } from "@angular/core";\nimport { FieldComponent } from "./field.component";\n\n@Component({ selector: "app-field-group", imports: [FieldComponent] })\nexport class FieldGroupComponent {}\n';
  const field = (list: string) => `import { Component, forwardRef } from "@angular/core";\nimport { FieldListComponent } from "./field-list.component";\n\n@Component({ selector: "app-field", imports: [${list}] })\nexport class FieldComponent {}\n`;
  const list = 'import { Component, forwardRef } from "@angular/core";\nimport { FieldGroupComponent } from "./field-group.component";\n\n@Component({ selector: "app-field-list", imports: [FieldGroupComponent] })\nexport class FieldListComponent {}\n';
  const managed = tempDir("tool-precision-forward-ref-");
  writeFiles(managed, {
    "src/fields/field-group.component.ts": group,
    "src/fields/field.component.ts": field("forwardRef(() => FieldListComponent)"),
    "src/fields/field-list.component.ts": list,
  });
  commitAll(managed);
  const cycle = analyze(managed).findings.find((f) => f.rule === "import-cycle")!;
  assert.equal([cycle.severity, cycle.title], ["low", "forwardRef-managed import cycle of 3 files"]);
  assert.match(cycle.action, /forwardRef/);

  const plain = tempDir("tool-precision-no-forward-ref-");
  writeFiles(plain, {
    "src/fields/field-group.component.ts": group,
    "src/fields/field.component.ts": field("FieldListComponent"),
    "src/fields/field-list.component.ts": list,
  });
  commitAll(plain);
  assert.equal(analyze(plain).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title]), [["high", "Import cycle of 3 files"]]);
});

test("TypeScript: a loop closed by an import whose names are used only as types is erased by compiling (low); used as a value, it can fail (high)", () => {
  const orchestrator = 'import { Store } from "./store";\n\nexport class Orchestrator extends Store {\n  tick(): void {}\n}\n';
  const erased = tempDir("tool-precision-ts-erased-");
  writeFiles(erased, {
    "src/orchestrator.ts": orchestrator,
    "src/store.ts": 'import { Orchestrator } from "./orchestrator";\n\nexport class Store {\n  run(o: unknown): void {\n    (o as Orchestrator).tick();\n  }\n}\n',
  });
  commitAll(erased);
  assert.equal(analyze(erased).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title]), [["low", "Lazy import cycle of 2 files"]]);

  // Entering store first: it loads orchestrator, which extends Store before store has defined it.
  const kept = tempDir("tool-precision-ts-kept-");
  writeFiles(kept, {
    "src/orchestrator.ts": orchestrator,
    "src/store.ts": 'import { Orchestrator } from "./orchestrator";\n\nexport class Store {\n  run(): void {\n    new Orchestrator().tick();\n  }\n}\n',
  });
  commitAll(kept);
  assert.equal(analyze(kept).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title]), [["high", "Import cycle of 2 files"]]);
});

test("Python: a module outside the package that the package imports last still fails when it is imported first (low: no read at load is seen), and the loop shown is the one made at load", () => {
  const root = tempDir("tool-precision-py-outside-");
  writeFiles(root, {
    "app/__init__.py": "",
    "app/models/__init__.py": "from .base import Model\nfrom app.rbac import check\n",
    "app/models/base.py": "class Model:\n    def save(self):\n        from app.api import dump\n        return dump(self)\n",
    "app/rbac.py": "from app.models import Model\n\ndef check(user):\n    return isinstance(user, Model)\n",
    "app/api.py": "from app.models import Model\n\ndef dump(model):\n    return repr(model)\n",
  });
  commitAll(root);
  const cycle = analyze(root).findings.find((f) => f.rule === "import-cycle")!;
  assert.is(cycle.severity, "low", "importing app.rbac first reads Model, then the package reads check from the half-loaded rbac: it can fail, yet no read at load is seen");
  assert.match(cycle.title, /^Import cycle of 4 files$/);
  assert.equal(cycle.evidence.slice(0, 2).map((e) => `${e.file} ${e.detail}`), [
    "app/models/__init__.py imports app/rbac.py",
    "app/rbac.py imports app/models/__init__.py",
  ], "not the loop through base.py's import inside a function");
});

test("Python: an import made after the module's definitions (the documented way to close a cycle) is late, so the cycle it closes is low; one after only `__all__` is not", () => {
  const root = tempDir("tool-precision-py-late-");
  writeFiles(root, {
    // Flask's app-package pattern: the app is made first, then the views that import it.
    "shop/__init__.py": "from flask import Flask\n\napp = Flask(__name__)\n\nfrom shop import views  # noqa: E402\n",
    "shop/views.py": "from shop import app\n\n@app.get('/')\ndef index():\n    return 'hi'\n",
    // A registry filled by modules imported at the bottom, under a platform check.
    "store/base.py": "import sys\n\nclass Store:\n    pass\n\nif sys.platform == 'win32':\n    from store import windows\n",
    "store/__init__.py": "",
    "store/windows.py": "from store.base import Store\n\nclass WindowsStore(Store):\n    pass\n",
  });
  commitAll(root);
  const report = analyze(root);
  const kinds = report.edges.filter((e) => e.to === "shop/views.py" || e.to === "store/windows.py").map((e) => [e.from, e.kind, e.line]);
  assert.equal(kinds.sort(), [["shop/__init__.py", "dynamic", 5], ["store/base.py", "dynamic", 7]]);
  const cycles = report.findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title]);
  assert.equal(cycles, [["low", "Lazy import cycle of 2 files"], ["low", "Lazy import cycle of 2 files"]]);
  assert.match(report.findings.find((f) => f.rule === "import-cycle")!.action, /after the module's own definitions/);
  const eager = tempDir("tool-precision-py-all-");
  writeFiles(eager, {
    "pkg/__init__.py": "",
    "pkg/a.py": '"""A."""\n__all__ = ["A"]\n\nfrom pkg import b\n\nclass A:\n    pass\n',
    "pkg/b.py": "from pkg.a import A\n",
  });
  commitAll(eager);
  assert.match(analyze(eager).findings.find((f) => f.rule === "import-cycle")!.title, /^Import cycle of/, "an import after `__all__` is still at the top: a load-time loop, not a late one");
});

/** Commits `times` fixes that each change a line inside the function `nested(name, n)` writes. */
function fixInside(root: string, file: string, name: string, n: number, times: number): void {
  for (let i = 1; i <= times; i++) {
    writeFiles(root, { [file]: nested(name, n).replace("x--;", `x -= ${i};`) });
    git(root, "commit", "-qam", `fix: ${name} drops row ${i}`);
  }
}

test("complex-file: indentation is not complexity; a long file of declarations is low; a nested untestable function is high where three fixes landed in it, low with fewer (one fix, untouched all year); a flat one low", () => {
  const root = tempDir("tool-precision-complex-");
  const call = (depth: number): string => depth === 0 ? "1" : `wrap(\n${"  ".repeat(depth)}${call(depth - 1)}\n${"  ".repeat(depth - 1)})`;
  const branches = (n: number) => Array.from({ length: n }, (_, i) => `  if (x === ${i}) return ${i};`).join("\n");
  writeFiles(root, {
    "src/formatted.ts": `export const value = ${call(10)};\n`,
    "src/declarations.ts": Array.from({ length: 1600 }, (_, i) => `export const name${i} = "n${i}";`).join("\n") + "\n",
    // 160 cases in a row read one at a time; 60 branches in loops four deep do not.
    "src/switchboard.ts": `export function route(x: number): number {\n${branches(160)}\n  return -1;\n}\n`,
    "src/tangle.ts": nested("tangle", 60),
    "src/once.ts": nested("once", 60),
    "src/untouched.ts": nested("untouched", 60),
  });
  commitAll(root);
  fixInside(root, "src/tangle.ts", "tangle", 60, 3);
  fixInside(root, "src/once.ts", "once", 60, 1);
  const complex = analyze(root).findings.filter((f) => f.rule === "complex-file").map((f) => [f.evidence[0]!.file, f.severity, f.title]);
  assert.equal(complex.sort(), [
    ["src/declarations.ts", "low", "Very long file"],
    ["src/once.ts", "low", "Function once() with 60 decision points, nested 5 deep"],
    ["src/switchboard.ts", "low", "Function route() with 160 decision points, nested 1 deep"],
    ["src/tangle.ts", "high", "Function tangle() with 60 decision points"],
    ["src/untouched.ts", "low", "Function untouched() with 60 decision points, nested 5 deep"],
  ]);
});

test("complex-file: a switch counts once: a nested function whose count comes from its cases is low, saying so; one as nested with as many other decisions is not", () => {
  const root = tempDir("tool-precision-switch-");
  const dispatcher = [
    "export function apply(rules: Rule[], state: State): void {",
    "  for (const rule of rules) {",
    "    if (rule.enabled) {",
    "      for (const value of rule.values) {",
    "        if (value !== undefined) {",
    "          switch (rule.kind) {",
    ...Array.from({ length: 60 }, (_, i) => `            case "kind${i}":\n              state.k${i} = value;\n              break;`),
    "          }",
    "        }",
    "      }",
    "    }",
    "  }",
    "}",
    "",
  ].join("\n");
  writeFiles(root, { "src/filters.ts": dispatcher, "src/tangle.ts": nested("tangle", 64) });
  commitAll(root);
  writeFiles(root, { "src/filters.ts": `${dispatcher}// fixed\n` });
  git(root, "commit", "-qam", "fix: rules");
  fixInside(root, "src/tangle.ts", "tangle", 64, 3);
  const found = analyze(root).findings.filter((f) => f.rule === "complex-file");
  const filters = found.find((f) => f.evidence[0]!.file === "src/filters.ts")!;
  assert.equal([filters.severity, filters.title], ["low", "Function apply() with 64 decision points, 60 of them the cases of a switch"]);
  assert.match(filters.evidence[0]!.detail ?? "", /of which 60 are case labels: one path per case, 5 decision points besides/);
  assert.is(found.find((f) => f.evidence[0]!.file === "src/tangle.ts")!.severity, "high");
});

test("complex-file: the most complex function decides, not the file's total; a flat one is low, a nested one medium, when the fixes changed it", () => {
  const root = tempDir("tool-precision-functions-");
  const fn = (name: string, n: number) => `export function ${name}(x: number): number {\n${Array.from({ length: n }, (_, i) => `  if (x === ${i}) return ${i};`).join("\n")}\n  return -1;\n}\n`;
  writeFiles(root, {
    // 40 small functions: 160 decision points, none of them hard to follow.
    "src/helpers.ts": Array.from({ length: 40 }, (_, i) => fn(`helper${i}`, 4)).join("\n"),
    // 24 guard clauses in a row: many branches, each read once, top to bottom.
    "src/parser.ts": fn("small", 3) + fn("parse", 24),
    "src/walker.ts": fn("small", 3) + nested("walk", 24),
    // As tangled, but no defect was fixed in it all year.
    "src/stable.ts": nested("sweep", 24),
    // As tangled, in a file whose fixes all changed its other function.
    "src/visitor.ts": `${fn("small", 3)}${nested("visit", 24)}\n`,
  });
  commitAll(root);
  // Defects keep landing in walk(), and beside visit(); "prefix" is no fix.
  const changed = (text: string, n: number) => text.replace("return -1;", `return -${n};`);
  ["fix: walk skips the last row", "Fix crash on empty plane", "Rename the prefix option"].forEach((subject, n) => {
    writeFiles(root, {
      "src/walker.ts": `${fn("small", 3)}${changed(nested("walk", 24), n + 2)}\n`,
      "src/visitor.ts": `${changed(fn("small", 3), n + 2)}${nested("visit", 24)}\n`,
    });
    git(root, "commit", "-qam", subject);
  });
  const found = analyze(root).findings.filter((f) => f.rule === "complex-file");
  const helpers = found.find((f) => f.evidence[0]!.file === "src/helpers.ts")!;
  assert.is(helpers.severity, "low");
  assert.is(helpers.title, "Very complex file");
  assert.match(helpers.evidence[0]!.detail ?? "", /160 decision points .*most complex unit, helper0\(\) at line 1, has 4 decision points \(below 20\)/);
  const parser = found.find((f) => f.evidence[0]!.file === "src/parser.ts")!;
  assert.equal([parser.severity, parser.title], ["low", "Function parse() with 24 decision points, nested 1 deep"]);
  assert.match(parser.evidence[0]!.detail ?? "", /control statements nest at most 1 deep \(a finding from 5\)/);
  assert.match(parser.action, /^Its branches are flat/);
  const walker = found.find((f) => f.evidence[0]!.file === "src/walker.ts")!;
  assert.equal([walker.severity, walker.title, walker.evidence[0]!.line], ["medium", "Function walk() with 24 decision points, nested 5 deep", 7]);
  assert.match(walker.evidence[0]!.detail ?? "", /nested 5 deep\), 2 fixes in 12 months, 2 of them in walk\(\);/);
  const visitor = found.find((f) => f.evidence[0]!.file === "src/visitor.ts")!;
  assert.equal([visitor.severity, visitor.title], ["low", "Function visit() with 24 decision points, nested 5 deep"]);
  assert.match(visitor.evidence[0]!.detail ?? "", /but of the file's 2 fixes in 12 months none changed visit\(\) \(a finding from 2\)/);
  assert.match(walker.action, /^Split walk\(\) into smaller functions/);
  const stable = found.find((f) => f.evidence[0]!.file === "src/stable.ts")!;
  assert.equal([stable.severity, stable.title], ["low", "Function sweep() with 24 decision points, nested 5 deep"]);
  assert.match(stable.evidence[0]!.detail ?? "", /but no commit of the last 12 months says it fixed a defect here \(a finding from 2\)/);
  assert.match(stable.action, /defects do not land in it: split sweep\(\) into smaller functions .* when it next has to change\.$/);
});

test("complex-file: the fixes in a function are kept per HEAD and counted again when HEAD moves; a sweeping fix commit does not count", () => {
  const root = tempDir("tool-precision-function-fixes-");
  const walker = (n: number) => `${nested("walk", 24).replace("return -1;", `return -${n};`)}\n`;
  writeFiles(root, { "src/walker.ts": walker(1), ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`src/m${i}.ts`, `export const m${i} = 1;\n`])) });
  commitAll(root);
  for (const n of [2, 3]) {
    writeFiles(root, { "src/walker.ts": walker(n) });
    git(root, "commit", "-qam", `fix: walk ${n}`);
  }
  const fixesIn = () => analyze(root).history.files.find((f) => f.path === "src/walker.ts")!;
  assert.equal([fixesIn().fixes, fixesIn().functionFixes], [2, 2]);
  const cache = join(root, ".tool/cache/function-fixes.json");
  assert.ok(existsSync(cache), "kept on disk");
  rmSync(cache);
  assert.is(fixesIn().functionFixes, 2, "the same when asked of git again");
  // A fix that touches 41 files (past the 30 of maxFilesPerCommit) is a sweep, not a defect of walk().
  writeFiles(root, { "src/walker.ts": walker(4), ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`src/m${i}.ts`, `export const m${i} = 2;\n`])) });
  git(root, "commit", "-qam", "fix: lint everywhere");
  assert.equal([fixesIn().fixes, fixesIn().functionFixes], [2, 2]);
  writeFiles(root, { "src/walker.ts": walker(5) });
  git(root, "commit", "-qam", "fix: walk 5");
  assert.equal([fixesIn().fixes, fixesIn().functionFixes], [3, 3], "HEAD moved: counted again");
});

test("hotspot: fixes landing in a complex function make one; the same churn in small functions, in one flat function, without fixes, or with fixes beside the function does not", () => {
  const root = tempDir("tool-precision-hotspot-");
  const fn = (name: string, n: number) => `export function ${name}(x: number): number {\n${Array.from({ length: n }, (_, i) => `  if (x === ${i}) return ${i};`).join("\n")}\n  return -1;\n}\n`;
  const files = (version: number) => ({
    // Each change edits parse() itself; beside.ts's change the line after its function.
    "src/parser.ts": `${nested("parse", 30).replace("return -1;", `return -${version + 1};`)}\n`,
    "src/beside.ts": `${nested("beside", 30)}\nexport const version = ${version};\n`,
    "src/helpers.ts": `${Array.from({ length: 15 }, (_, i) => fn(`helper${i}`, 2)).join("\n")}export const version = ${version};\n`,
    "src/lookup.ts": `${fn("lookup", 30)}export const version = ${version};\n`,
    "src/tuned.ts": `${nested("tuned", 30)}\nexport const version = ${version};\n`,
  });
  writeFiles(root, {
    ...files(0),
    "src/main.ts": 'import { parse } from "./parser.ts";\nimport { helper0 } from "./helpers.ts";\nimport { lookup } from "./lookup.ts";\nimport { tuned } from "./tuned.ts";\nimport { beside } from "./beside.ts";\nexport const r = parse(1) + helper0(1) + lookup(1) + tuned([], 1) + beside([], 1);\n',
  });
  commitAll(root);
  for (let version = 1; version <= 8; version++) {
    writeFiles(root, files(version));
    git(root, "commit", "-qam", `change ${version}`);
  }
  // Two fixes land in each file but tuned.ts, which changes as often, for speed.
  for (let version = 9; version <= 10; version++) {
    const { "src/tuned.ts": tuned, ...fixed } = files(version);
    writeFiles(root, fixed);
    git(root, "commit", "-qam", `fix: off-by-one ${version}`);
    writeFiles(root, { "src/tuned.ts": tuned });
    git(root, "commit", "-qam", `perf: a faster inner loop ${version}`);
  }
  const report = analyze(root);
  assert.equal(report.history.hotspots.filter((h) => h.score === 100).map((h) => h.file).sort(), ["src/beside.ts", "src/helpers.ts", "src/lookup.ts", "src/parser.ts", "src/tuned.ts"], "all rank alike");
  // parser.ts is also reported as complex: one finding says both, with the hotspot's evidence.
  assert.equal(report.findings.filter((f) => f.rule === "hotspot"), []);
  const hot = report.findings.filter((f) => f.evidence.some((e) => /^also a hotspot/.test(e.detail ?? "")));
  assert.equal(hot.map((f) => [f.rule, f.evidence[0]!.file]), [["complex-file", "src/parser.ts"]]);
  assert.match(hot[0]!.evidence[1]!.detail ?? "", /^also a hotspot: 11 changes in 12 months \(2 fixes\)/);
});

test("TypeScript: a conditional type is not a decision point, a ternary is", () => {
  const types = extractScript('export type Pick<T> = T extends string ? "s" : T extends number ? "n" : never;\nexport type Opt = { a?: string };\nexport const f = (x: number) => (x > 0 ? 1 : 2);\n', "a.ts");
  assert.is(types.complexity, 1);
});

test("hub files are low; a dependency made only of type imports breaks no stability", () => {
  const root = tempDir("tool-precision-arch-");
  const files: Record<string, string> = { "src/core/constants.ts": "export const A = 1;\n" };
  for (let i = 0; i < 30; i++) files[`src/feature${i}/index.ts`] = 'import { A } from "../core/constants.ts";\nexport const v = A;\n';
  files["src/core/model.ts"] = 'import type { V } from "../feature0/types.ts";\nexport const m = (v: V) => v;\n';
  files["src/feature0/types.ts"] = "export type V = number;\n";
  writeFiles(root, files);
  commitAll(root);
  const findings = analyze(root).findings;
  assert.equal(findings.filter((f) => f.rule === "hub-file").map((f) => f.severity), ["low"]);
  assert.equal(findings.filter((f) => f.rule === "stable-dependencies"), []);
});

test("stable-dependencies: the imports counted and shown are those that run, not the type imports beside them", () => {
  const root = tempDir("tool-precision-sdp-");
  const files: Record<string, string> = { "src/utils/a.ts": 'import type { T } from "../helper/types.ts";\nexport const a = (t: T) => t;\n' };
  for (let i = 0; i < 6; i++) files[`src/feature${i}/index.ts`] = 'import { a } from "../utils/a.ts";\nimport { b } from "../utils/b.ts";\nexport const v = a(1) + b;\n';
  files["src/utils/b.ts"] = 'import { runtime } from "../helper/runtime.ts";\nexport const b = runtime();\n';
  files["src/helper/types.ts"] = "export type T = number;\n";
  files["src/helper/runtime.ts"] = 'import { x } from "../other/x.ts";\nexport const runtime = () => x;\n';
  files["src/other/x.ts"] = "export const x = 1;\n";
  writeFiles(root, files);
  commitAll(root);
  const sdp = analyze(root).findings.filter((f) => f.rule === "stable-dependencies" && f.title.includes("src/utils depends"));
  assert.is(sdp.length, 1);
  assert.equal([sdp[0]!.evidence[0]!.file, sdp[0]!.evidence[0]!.line], ["src/utils/b.ts", 1]);
  assert.match(sdp[0]!.evidence[0]!.detail ?? "", /, 1 import$/);
});

test("stable-dependencies: an import of a file that imports nothing at run time carries no instability", () => {
  const root = tempDir("tool-precision-sdp-leaf-");
  const files: Record<string, string> = {};
  for (let i = 0; i < 6; i++) files[`src/feature${i}/index.ts`] = 'import { b } from "../utils/b.ts";\nexport const v = b;\n';
  // helper is unstable as a folder (runtime.ts depends on other), but probe.ts depends on nothing.
  files["src/utils/b.ts"] = 'import { probe } from "../helper/probe.ts";\nexport const b = probe();\n';
  files["src/helper/probe.ts"] = 'import type { T } from "../other/x.ts";\nexport const probe = (): T => 1;\n';
  files["src/helper/runtime.ts"] = 'import { x } from "../other/x.ts";\nexport const runtime = () => x;\n';
  files["src/other/x.ts"] = "export type T = number;\nexport const x = 1;\n";
  writeFiles(root, files);
  commitAll(root);
  const sdp = () => analyze(root).findings.filter((f) => f.rule === "stable-dependencies" && f.title.includes("src/utils depends"));
  assert.equal(sdp(), []);
  writeFiles(root, { "src/utils/c.ts": 'import { runtime } from "../helper/runtime.ts";\nexport const c = runtime();\n' });
  writeFiles(root, { "src/feature0/index.ts": 'import { b } from "../utils/b.ts";\nimport { c } from "../utils/c.ts";\nexport const v = b + c;\n' });
  commitAll(root);
  assert.equal(sdp().map((f) => f.evidence[0]!.file), ["src/utils/c.ts"], "an import of a file that runs code of others still counts");
});

test("hidden coupling: two files of one Go package change together openly, without imports; files of two packages do not", () => {
  const root = tempDir("tool-precision-hidden-");
  const files = (version: number) => ({
    "echo.go": `package echo\n\nfunc (e *Echo) Add() int { return ${version} }\n`,
    "group.go": `package echo\n\nfunc (g *Group) Add() int { return g.echo.Add() + ${version} }\n`,
    "middleware/static.go": `package middleware\n\nconst Version = ${version}\n`,
  });
  writeFiles(root, { "go.mod": "module example.com/echo\n\ngo 1.22\n", ...files(0) });
  commitAll(root);
  for (let version = 1; version <= 6; version++) {
    writeFiles(root, files(version));
    git(root, "commit", "-qam", `change ${version}`);
  }
  const report = analyze(root);
  // Each package file pairs with the other package's: one group of three, not a pair of the first two.
  const groups = report.findings.filter((f) => f.rule === "hidden-coupling").map((f) => [f.title, f.evidence.map((e) => e.file).sort().join(" + ")]);
  assert.equal(groups, [["3 files change together without importing each other", "echo.go + group.go + middleware/static.go"]]);
});

test("TypeScript declaration files run nothing: their imports are types, their cycle a type cycle, their conditional types no complexity; a module and its .d.ts change together openly", () => {
  const root = tempDir("tool-precision-dts-");
  const conditional = Array.from({ length: 30 }, (_, i) => `export type T${i}<X> = X extends string ? (X extends "a${i}" ? 1 : 2) : never;`).join("\n");
  const types = (version: number) => ({
    "types/instance.d.ts": `import { Reply } from "./reply";\n${conditional}\nexport declare const v${version}: Reply;\n`,
    "types/reply.d.ts": `import { Instance } from "./instance";\nexport interface Reply { i: Instance; v: ${version} }\n`,
  });
  const errors = (version: number) => ({ "lib/errors.js": `module.exports = { code: ${version} };\n`, "types/errors.d.ts": `export declare const code: ${version};\n` });
  writeFiles(root, { ...types(0), ...errors(0) });
  commitAll(root);
  for (let version = 1; version <= 6; version++) {
    writeFiles(root, types(version));
    git(root, "commit", "-qam", `types ${version}`);
    writeFiles(root, errors(version));
    git(root, "commit", "-qam", `errors ${version}`);
  }
  const report = analyze(root);
  const instance = report.files.find((f) => f.path === "types/instance.d.ts")!;
  assert.equal([instance.complexity, instance.nesting, instance.mostComplexFunction], [0, 0, undefined]);
  assert.equal(report.cycles.map((c) => c.kind), ["type"]);
  assert.equal(report.findings.filter((f) => f.severity !== "low").map((f) => f.rule), []);
  assert.equal(report.findings.filter((f) => f.rule === "hidden-coupling"), []);
});

test("TypeScript: an import of interfaces and type aliases alone is erased, so the loop it closes is a type cycle; one taking a class too still runs", () => {
  const root = tempDir("tool-precision-erased-");
  writeFiles(root, {
    "src/state.ts": 'import { render } from "./view";\nexport interface ListViewState { page: number }\nexport type Sort = "asc" | "desc";\nexport const start = () => render();\n',
    "src/view.ts": 'import { ListViewState, Sort } from "./state";\nexport const render = (s?: ListViewState, o?: Sort) => s?.page;\n',
    "src/store.ts": 'import { make } from "./model";\nexport interface Store { n: number }\nexport class Box {}\nexport const s = make();\n',
    "src/model.ts": 'import { Store, Box } from "./store";\nexport const make = (x?: Store) => new Box();\n',
  });
  commitAll(root);
  const report = analyze(root);
  assert.equal(report.edges.filter((e) => e.from === "src/view.ts").map((e) => e.kind), ["type"]);
  assert.equal(report.cycles.map((c) => [c.kind, c.files.join(" ")]), [["runtime", "src/model.ts src/store.ts"], ["type", "src/state.ts src/view.ts"]]);
});

test("cycles: one among Java classes cannot fail while loading and is low; one among JavaScript modules stays high", () => {
  const java = tempDir("tool-precision-java-cycle-");
  writeFiles(java, {
    // Spring Initializr's default package: com/example/demo is a package, not an example.
    "src/main/java/com/example/demo/tree/Node.java": "package com.example.demo.tree;\n\nimport com.example.demo.state.State;\n\npublic class Node { State state; }\n",
    "src/main/java/com/example/demo/state/State.java": "package com.example.demo.state;\n\nimport com.example.demo.tree.Node;\n\npublic class State { Node node; }\n",
  });
  commitAll(java);
  const report = analyze(java);
  const cycle = report.findings.find((f) => f.rule === "import-cycle")!;
  assert.equal([cycle.severity, cycle.title], ["low", "Module cycle of 2 files"]);
  assert.is(report.health.deductions.find((d) => d.rule === "import-cycle"), undefined);
  const js = tempDir("tool-precision-js-cycle-");
  writeFiles(js, { "src/a.js": 'import { b } from "./b.js";\nexport const a = b + 1;\n', "src/b.js": 'import { a } from "./a.js";\nexport const b = () => a;\n' });
  commitAll(js);
  assert.equal(analyze(js).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title]), [["high", "Import cycle of 2 files"]]);
});

test("knowledge risk: low where one person holds a component, none per component when one person made almost every change to the whole project", () => {
  const team = tempDir("tool-precision-team-");
  const parser = (version: number) => ({ "src/parser/a.py": `VALUE = ${version}\n` });
  const render = (version: number) => ({ "src/render/b.py": `VALUE = ${version}\n` });
  writeFiles(team, { ...parser(0), ...render(0) });
  commitAll(team);
  for (let version = 1; version <= 32; version++) {
    writeFiles(team, parser(version));
    git(team, "commit", "-qam", `parser ${version}`);
    writeFiles(team, render(version));
    git(team, "commit", "-qam", `render ${version}`, "--author=Other <other@example.com>");
  }
  assert.equal(analyze(team).findings.filter((f) => f.rule === "knowledge-risk").map((f) => [f.severity, f.evidence[0]!.file]).sort(), [["low", "src/parser"], ["low", "src/render"]]);

  const root = tempDir("tool-precision-solo-");
  const files = (version: number) => Object.fromEntries(["src/parser/a.py", "src/render/b.py"].map((p) => [p, `VALUE = ${version}\n`]));
  writeFiles(root, files(0));
  commitAll(root);
  for (let version = 1; version <= 32; version++) {
    writeFiles(root, files(version));
    git(root, "commit", "-qam", `change ${version}`);
  }
  const report = analyze(root);
  assert.ok(report.history.ownership.some((o) => o.knowledgeRisk && o.commits >= 30), "each component is one person's");
  assert.equal(report.findings.filter((f) => f.rule === "knowledge-risk"), []);
});

test("configuration: a variable only tests read needs no .env.example entry", () => {
  const root = tempDir("tool-precision-env-");
  writeFiles(root, {
    "src/app.js": 'export const port = process.env.PORT_NUMBER;\n',
    "test/app.test.js": 'const ci = process.env.CITGM;\n',
  });
  commitAll(root);
  const env = analyze(root).findings.filter((f) => f.rule === "env-example-missing");
  assert.equal(env.map((f) => f.evidence.map((e) => e.file)), [["src/app.js"]]);
});

test("unused files: a package's __init__.py, Django's tests.py, commands, template tags and modules its settings name, a module only tests import, files a bundler, jest, angular.json or a package.json tool setting names are all in use", () => {
  const root = tempDir("tool-precision-unused-");
  writeFiles(root, {
    "hc/__init__.py": "",
    "hc/api/__init__.py": "",
    "hc/api/helpers.py": "def helper():\n    return 1\n",
    "hc/api/tests.py": "from hc.api.helpers import helper\n",
    "hc/api/testing.py": "class Client:\n    pass\n",
    "hc/api/management/commands/sendalerts.py": "def handle():\n    pass\n",
    "hc/api/templatetags/hc_extras.py": "def tag():\n    pass\n",
    "hc/api/orphan.py": "def nobody():\n    pass\n",
    "tests/test_client.py": "from hc.api.testing import Client\n",
    "hc/settings.py": 'MIDDLEWARE = ["hc.accounts.middleware_extra.TeamAccess"]\n',
    "hc/accounts/__init__.py": "",
    "hc/accounts/middleware_extra.py": "class TeamAccess:\n    pass\n",
    "package.json": '{ "name": "tracker", "prisma": { "seed": "tsx prisma/seed-database.ts" } }\n',
    "prisma/seed-database.ts": "export const seed = 1;\n",
    "rollup.config.js": 'export default { input: "src/tracker/index.js" };\n',
    "jest.config.js": "module.exports = { setupFilesAfterEnv: ['<rootDir>/setup-jest.ts'] };\n",
    "setup-jest.ts": "export {};\n",
    "angular.json": '{ "projects": { "app": { "architect": { "build": { "options": { "polyfills": ["src/polyfills.ts"] } } } } } }\n',
    "src/polyfills.ts": "export {};\n",
    "src/tracker/index.js": "window.track = () => {};\n",
    "src/lonely.js": "export const lonely = 1;\n",
  });
  commitAll(root);
  const report = analyze(root);
  assert.equal(report.files.filter((f) => f.unused).map((f) => f.path).sort(), ["hc/api/orphan.py", "src/lonely.js"]);
  assert.is(report.files.find((f) => f.path === "hc/api/tests.py")!.role, "test");
});

test("hidden coupling: a file imported through a barrel is imported; files a generator writes change together by nature", () => {
  const root = tempDir("tool-precision-barrel-");
  const files = (version: number) => ({
    "web/src/pages/Home.tsx": `import { PagedList } from "../components";\nexport const Home = () => PagedList(${version});\n`,
    "web/src/components/index.ts": 'export { PagedList } from "./PagedList";\n',
    "web/src/components/PagedList.tsx": `export const PagedList = (n: number) => n + ${version};\n`,
    "proto/gen/api/v1/user_service.pb.go": `package apiv1\n\nconst Version = ${version}\n`,
    "web/src/types/proto/api/v1/user_service_pb.ts": `export const version = ${version};\n`,
  });
  writeFiles(root, files(0));
  commitAll(root);
  for (let version = 1; version <= 6; version++) {
    writeFiles(root, files(version));
    git(root, "commit", "-qam", `change ${version}`);
  }
  const report = analyze(root);
  assert.is(report.files.find((f) => f.path === "web/src/types/proto/api/v1/user_service_pb.ts")!.role, "generated");
  assert.equal(report.findings.filter((f) => f.rule === "hidden-coupling"), []);
});

test("hidden coupling: PHP classes of one namespace name each other without a use statement", () => {
  const root = tempDir("tool-precision-php-");
  const files = (version: number) => ({
    "src/Queue/Worker.php": `<?php\nnamespace Illuminate\\Queue;\n\nclass Worker { const V = ${version}; public function stop() { return WorkerStopReason::Timeout; } }\n`,
    "src/Queue/WorkerStopReason.php": `<?php\nnamespace Illuminate\\Queue;\n\nenum WorkerStopReason { case Timeout; case V${version}; }\n`,
  });
  writeFiles(root, files(0));
  commitAll(root);
  for (let version = 1; version <= 6; version++) {
    writeFiles(root, files(version));
    git(root, "commit", "-qam", `change ${version}`);
  }
  assert.equal(analyze(root).findings.filter((f) => f.rule === "hidden-coupling"), []);
});

test("hidden coupling: Rust modules that take everything from their crate root (use super::*) reach what it imports; two subclasses of one base in its folder are siblings; an unrelated pair still counts", () => {
  const root = tempDir("tool-precision-glob-");
  const rust = (version: number) => ({
    "src/resolver.rs": `use super::*;\npub struct Resolver { r: Recipe, v: u32 }\nconst V: u32 = ${version};\n`,
    "src/recipe.rs": `use super::*;\npub struct Recipe;\nconst V: u32 = ${version};\n`,
  });
  const python = (version: number) => ({
    "sources/html.py": `from sources.base import LinkSource\n\nclass HTMLPage(LinkSource):\n    V = ${version}\n`,
    "sources/json.py": `from sources.base import LinkSource\n\nclass JSONPage(LinkSource):\n    V = ${version}\n`,
  });
  const unrelated = (version: number) => ({ "web/app.ts": `export const app = ${version};\n`, "docs/build.ts": `export const build = ${version};\n` });
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "tool"\nversion = "0.1.0"\n',
    "src/lib.rs": "pub(crate) use crate::{resolver::Resolver, recipe::Recipe};\nmod resolver;\nmod recipe;\n",
    "sources/base.py": "class LinkSource:\n    pass\n",
    ...rust(0), ...python(0), ...unrelated(0),
  });
  commitAll(root);
  for (let version = 1; version <= 6; version++) {
    for (const [name, files] of [["rust", rust], ["python", python], ["web", unrelated]] as const) {
      writeFiles(root, files(version));
      git(root, "commit", "-qam", `${name} ${version}`);
    }
  }
  const found = analyze(root).findings.filter((f) => f.rule === "hidden-coupling");
  assert.equal(found.map((f) => f.evidence.map((e) => e.file).sort().join(" + ")), ["docs/build.ts + web/app.ts"]);
  // Where to look, not a defect: blind reviews found few of these worth acting on.
  assert.equal(found.map((f) => f.severity), ["low"]);
});

test("roles: examples, demos, playgrounds and benchmarks (Rust's benches/, Go's _examples/), and folders named for one (sample_plugin/, todo-demo/), are examples; named test folders (unittests/ too), their helpers and the project a package's tests run in (testproject/) are tests; a JVM package name is no folder role", () => {
  assert.equal(
    ["examples/chat.rb", "benchmarks/fetch/bench.mts", "demo/app.py", "templates/blank/src/app.ts", "runtime-tests/workerd/index.ts", "src/latest/a.ts", "src/templates/a.ts", "src/app.ts",
      "axum/benches/benches.rs", "src/test_helpers/mod.rs", "internal/testutil/db.go", "src/test-utils/render.tsx", "src/contest_utils/a.ts", "src/testimonials/a.ts",
      "_examples/todos/main.go", "src/_internal/a.go",
      "src/main/java/com/example/demo/DemoApplication.java", "src/main/java/org/springframework/samples/petclinic/Owner.java", "src/test/java/com/example/demo/Helper.java", "examples/boot/src/main/kotlin/com/x/A.kt",
      "extra/sample_plugin/config/routes.rb", "todo-demo/server.js", "example-app/main.go", "src/sampler/a.ts", "src/demographics/a.ts",
      "misago/core/testproject/urls.py", "tests/test_app/views.py", "src/testapplication/a.ts", "playground/nestjs/src/app.controller.ts", "src/playgrounds.ts",
      "unittests/scans/njsscan/server.js", "src/unittesting/a.ts"].map(roleOf),
    ["example", "example", "example", "example", "test", "source", "source", "source", "example", "test", "test", "test", "source", "source", "example", "source",
      "source", "source", "test", "example", "example", "example", "example", "source", "source",
      "test", "test", "source", "example", "source",
      "test", "source"],
  );
});

test.run();

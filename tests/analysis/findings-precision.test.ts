// The noise seen on public repositories (tests/realworld/findings.json), each as a small case:
// a cycle closed by lazy imports, indentation taken for nesting, type-level logic taken for
// decision points, a long file of declarations, a hub, a type-only dependency, examples.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/analyze.ts";
import { roleOf } from "../../analysis/roles.ts";
import { extractScript } from "../../analysis/languages/javascript/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("findings a team acts on");

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
  writeFiles(eager, { "pkg/__init__.py": "", "pkg/a.py": "from . import b\n", "pkg/b.py": "from . import a\n" });
  commitAll(eager);
  assert.is(analyze(eager).findings.find((f) => f.rule === "import-cycle")!.severity, "high", "a load-time cycle stays high");
});

test("complex-file: indentation is not complexity; a long file of declarations is low; a very complex file is high", () => {
  const root = tempDir("tool-precision-complex-");
  const call = (depth: number): string => depth === 0 ? "1" : `wrap(\n${"  ".repeat(depth)}${call(depth - 1)}\n${"  ".repeat(depth - 1)})`;
  const branches = (n: number) => Array.from({ length: n }, (_, i) => `  if (x === ${i}) return ${i};`).join("\n");
  writeFiles(root, {
    "src/formatted.ts": `export const value = ${call(10)};\n`,
    "src/declarations.ts": Array.from({ length: 1600 }, (_, i) => `export const name${i} = "n${i}";`).join("\n") + "\n",
    "src/switchboard.ts": `export function route(x: number): number {\n${branches(160)}\n  return -1;\n}\n`,
  });
  commitAll(root);
  const complex = analyze(root).findings.filter((f) => f.rule === "complex-file").map((f) => [f.evidence[0]!.file, f.severity, f.title]);
  assert.equal(complex.sort(), [["src/declarations.ts", "low", "Very long file"], ["src/switchboard.ts", "high", "Very complex file"]]);
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

test("roles: examples, demos and benchmarks are examples; named test folders are tests", () => {
  assert.equal(
    ["examples/chat.rb", "benchmarks/fetch/bench.mts", "demo/app.py", "templates/blank/src/app.ts", "runtime-tests/workerd/index.ts", "src/latest/a.ts", "src/templates/a.ts", "src/app.ts"].map(roleOf),
    ["example", "example", "example", "example", "test", "source", "source", "source"],
  );
});

test.run();

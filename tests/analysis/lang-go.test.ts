import { suite } from "uvu";
import * as assert from "uvu/assert";
import { extractGo } from "../../analysis/languages/go.ts";
import { languageOf } from "../../analysis/languages/mod.ts";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo, writeFiles } from "../helpers/repo.ts";

const test = suite("go extraction");
const importsOf = (src: string) => extractGo(src).imports.map((i) => `${i.kind} ${i.specifier} @${i.line}`);

test("languageOf() gives .go files to Go", () => {
  assert.is(languageOf("cmd/main.go")?.id, "go");
  assert.is(languageOf("cmd/main_test.go")?.id, "go");
});

test("extract() reads single, grouped, aliased, blank, dot and raw-string imports with their lines", () => {
  const src = [
    "package main",
    'import "fmt"',
    "import (",
    '\tplog "example.com/x/log"',
    '\t_ "embed"',
    '\t. "strings"',
    "\t`example.com/x/raw`",
    ")",
    'import m "math"',
  ].join("\n");
  assert.equal(importsOf(src), [
    "import fmt @2",
    "import example.com/x/log @4",
    "import embed @5",
    "import strings @6",
    "import example.com/x/raw @7",
    "import math @9",
  ]);
});

test("extract() ignores imports in comments, strings, raw strings and runes", () => {
  const src = [
    "package main",
    '// import "commented/out"',
    "/* import (",
    '  "in/block/comment"',
    ") */",
    'var a = "import \\"in/string\\""',
    "var b = `",
    'import "in/raw/string"',
    "`",
    "var c = '\"'",
    'import "real"',
  ].join("\n");
  assert.equal(importsOf(src), ["import real @11"]);
});

test("extract() lists named types, interfaces as abstract, grouped and generic forms", () => {
  const src = [
    "package shapes",
    "type Shape interface { Area() float64 }",
    "type Square struct{ Side float64 }",
    "type Meters float64",
    "type Alias = Square",
    "type Set[T comparable] map[T]struct{}",
    "type (",
    "\tCircle struct {",
    "\t\tRadius float64",
    "\t}",
    "\tNamer interface {",
    "\t\tName() string",
    "\t}",
    ")",
    'func kind(s Shape) string { switch s.(type) { case Square: return "sq" }; return "" }',
  ].join("\n");
  assert.equal(extractGo(src).types, [
    { name: "Shape", abstract: true, line: 2 },
    { name: "Square", abstract: false, line: 3 },
    { name: "Meters", abstract: false, line: 4 },
    { name: "Alias", abstract: false, line: 5 },
    { name: "Set", abstract: false, line: 6 },
    { name: "Circle", abstract: false, line: 8 },
    { name: "Namer", abstract: true, line: 11 },
  ]);
});

test("extract() counts top-level funcs, not methods or func literals, and declares the package", () => {
  const src = [
    "package store",
    "func New() *Store { return &Store{} }",
    "func Map[T, U any](xs []T, f func(T) U) []U { return nil }",
    "func (s *Store) Get(id string) {}",
    "var handler = func() {}",
    "func init() { go func() {}() }",
  ].join("\n");
  const facts = extractGo(src);
  assert.is(facts.functions, 3);
  assert.equal(facts.declares, ["store"]);
});

test("extract() counts if, for, case, && and || outside strings and comments", () => {
  const src = [
    "package main",
    "func f(a, b bool, ch chan int) {",
    "\tif a && b || !a { // if && || in a comment do not count",
    "\t\tfor i := 0; i < 3; i++ {",
    "\t\t\tswitch i {",
    "\t\t\tcase 1, 2:",
    "\t\t\tdefault:",
    "\t\t\t}",
    "\t\t}",
    "\t}",
    "\tselect {",
    "\tcase <-ch:",
    "\t}",
    '\t_ = "if for case && ||"',
    "}",
  ].join("\n");
  // if (1) + && (1) + || (1) + for (1) + case 1, 2 (1) + select case (1) = 6; default is no decision.
  const facts = extractGo(src);
  assert.is(facts.complexity, 6);
  // Tabs are 4 columns; the deepest code line (`case 1, 2:`) is three tabs in.
  assert.is(facts.nesting, 3);
});

test("extract() finds markers in comments only", () => {
  const src =
    'package main\n// TODO: split this file\nvar s = "FIXME not a marker"\n/* HACK around the\n   old API */\n';
  assert.equal(extractGo(src).markers.map((m) => `${m.kind}@${m.line}`), ["TODO@2", "HACK@4"]);
});

test("extract() reads CRLF files and files with a BOM at the same lines", () => {
  const lf = 'package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\ntype T struct{}\n';
  const expected = extractGo(lf);
  for (const variant of [lf.replace(/\n/g, "\r\n"), "\uFEFF" + lf]) {
    const facts = extractGo(variant);
    assert.equal(facts.imports, expected.imports);
    assert.equal(facts.types, expected.types);
    assert.equal(facts.declares, ["main"]);
    assert.is(facts.lines, 8);
  }
});

test.run();

const pipeline = suite("go resolution on a monorepo with two go.mod files");
const edgeList = (report: ReturnType<typeof analyze>) =>
  report.edges.map((e) => `${e.from}:${e.line} -> ${e.to}${e.coarse ? " (coarse)" : ""}`).sort();

pipeline("analyze() maps imports to package folders by the longest module path, coarse and without tests, narrowed to the files declaring what the importer selects", () => {
  const root = fixtureRepo("lang-go");
  writeFiles(root, {
    "cmd/server/crlf.go": 'package main\r\n\r\nimport (\r\n\t"example.com/shop/internal/orders"\r\n)\r\n',
    "cmd/server/bom.go": '\uFEFFpackage main\n\nimport "example.com/shop/platform/log"\n',
  });
  const report = analyze(root);
  assert.equal(edgeList(report), [
    "cmd/server/bom.go:3 -> platform/log/level.go (coarse)",
    "cmd/server/bom.go:3 -> platform/log/log.go (coarse)",
    // crlf.go selects nothing of the package: the import alone says it uses all of it.
    "cmd/server/crlf.go:4 -> internal/orders/order.go (coarse)",
    "cmd/server/crlf.go:4 -> internal/orders/store.go (coarse)",
    "cmd/server/main.go:8 -> internal/orders/store.go (coarse)",
    "cmd/server/main.go:9 -> platform/log/level.go (coarse)",
    "cmd/server/main.go:9 -> platform/log/log.go (coarse)",
    "internal/orders/order.go:7 -> platform/log/level.go (coarse)",
    "internal/orders/order.go:7 -> platform/log/log.go (coarse)",
    "internal/orders/order_test.go:6 -> internal/orders/order.go (coarse)",
    "internal/orders/order_test.go:6 -> internal/orders/store.go (coarse)",
    // tool.go calls orders.NewMemoryStore(), which store.go declares.
    "legacy/tool/tool.go:5 -> internal/orders/store.go (coarse)",
  ]);
  assert.equal(report.unresolved.map((u) => `${u.file}:${u.line} ${u.specifier}: ${u.reason}`), [
    "cmd/server/main.go:10 example.com/shop/internal/docs: no Go files in internal/docs for module example.com/shop",
    "legacy/tool/tool.go:6 ../../../outside/pkg: outside the repository",
  ]);
  assert.equal(report.externals.map((e) => `${e.file}:${e.line} ${e.name}`), [
    "cmd/server/main.go:4 fmt",
    "cmd/server/main.go:5 net/http",
    "cmd/server/main.go:7 github.com/gin-gonic/gin",
    "cmd/server/main.go:11 strings",
    "internal/orders/order.go:4 errors",
    "internal/orders/order.go:5 time",
    "internal/orders/order_test.go:4 testing",
    "platform/log/level.go:3 strings",
    "platform/log/log.go:5 fmt",
    "platform/log/log.go:6 os",
    "platform/log/log_test.go:3 testing",
  ]);
});

pipeline("analyze() measures the fixture's files: types, abstract types, functions, complexity, markers", () => {
  const report = analyze(fixtureRepo("lang-go"));
  const main = report.files.find((f) => f.path === "cmd/server/main.go")!;
  // if (1) + && (1) + for (1) + if (1) + || (1); the imports in the comment, string and raw string are not code.
  assert.is(main.complexity, 5);
  assert.is(main.functions, 1);
  assert.equal(main.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@25"]);
  const store = report.files.find((f) => f.path === "internal/orders/store.go")!;
  assert.equal([store.types, store.abstractTypes, store.functions], [2, 1, 1]);
  const level = report.files.find((f) => f.path === "platform/log/level.go")!;
  // switch with two cases: case (1) + case (1).
  assert.is(level.complexity, 2);
});

pipeline.run();

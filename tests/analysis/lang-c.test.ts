import { suite } from "uvu";
import * as assert from "uvu/assert";
import { extractC } from "../../analysis/languages/c.ts";
import { languageOf } from "../../analysis/languages/mod.ts";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo, writeFiles } from "../helpers/repo.ts";

const test = suite("c and c++ extraction");
const importsOf = (src: string) => extractC(src).imports.map((i) => `${i.specifier} @${i.line}`);

test("languageOf() gives .c and .h to C and the C++ endings to C++", () => {
  assert.equal(["a.c", "a.h"].map((p) => languageOf(p)?.id), ["c", "c"]);
  assert.equal(
    ["a.cc", "a.cpp", "a.cxx", "a.hpp", "a.hh", "a.hxx", "a.h++"].map((p) => languageOf(p)?.id),
    Array(7).fill("cpp"),
  );
});

test("extract() reads quoted and system includes, with spacing variants and continuations", () => {
  const src = [
    "#include <stdio.h>",
    '#include "util.h"',
    '  #  include "spaced/dir.h"',
    "#include_next <limits.h>",
    "#include \\",
    '  "continued.h"',
    '#include "trailing.h" // why',
  ].join("\n");
  assert.equal(importsOf(src), [
    "<stdio.h> @1",
    "util.h @2",
    "spaced/dir.h @3",
    "<limits.h> @4",
    "continued.h @5",
    "trailing.h @7",
  ]);
});

test("extract() ignores includes in comments, strings, raw strings and continued line comments", () => {
  const src = [
    '// #include "commented.h"',
    '/* #include "block.h" */',
    'const char *s = "#include <fake.h>";',
    'const char *r = R"x(',
    '#include "in_raw.h"',
    ')x";',
    'auto w = LR"(#include "wide_raw.h")";',
    "// a comment that goes on \\",
    '#include "continued_comment.h"',
    "int n = 1'000'000;",
    '#include "real.h"',
  ].join("\n");
  assert.equal(importsOf(src), ["real.h @11"]);
});

test("extract() lists records with a body, abstract when a method is pure virtual", () => {
  const src = [
    "struct point { int x, y; };",
    "struct point origin(void);",
    "typedef struct { int w; } size;",
    "typedef struct node { struct node *next; } node_t;",
    "enum color { RED, GREEN };",
    "namespace geo {",
    "class Shape {",
    " public:",
    "  virtual double area() const = 0;",
    "};",
    "class API_EXPORT Circle final : public Shape {",
    "  double area() const override { return 3.14; }",
    "};",
    "enum class Unit : unsigned char { Mm, Cm };",
    "union Bits { int i; float f; };",
    "template <class T> struct Box { T value; };",
    "class Forward;",
    "}",
  ].join("\n");
  assert.equal(extractC(src).types.map((t) => `${t.name}${t.abstract ? " (abstract)" : ""} @${t.line}`), [
    "point @1",
    "size @3",
    "node @4",
    "color @5",
    "Shape (abstract) @7",
    "Circle @11",
    "Unit @14",
    "Bits @15",
    "Box @16",
  ]);
});

test('extract() counts function definitions at file, namespace and extern "C" level', () => {
  const src = [
    "static int add(int a, int b) { return a + b; }",
    "int declared_only(void);",
    "struct point make_point(int x, int y) {",
    "  struct point p = { x, y };",
    "  return p;",
    "}",
    "namespace app { namespace {",
    "int hidden() { return 1; }",
    "} }",
    'extern "C" {',
    "void c_api(void) {}",
    "}",
    "class Widget {",
    "  void inline_method() {}",
    "};",
    "Widget::Widget(int n) : size(n) {}",
    "void Widget::draw() const noexcept {}",
    "auto lambda = [](int x) { return x; };",
    "int table[] = { 1, 2, 3 };",
    "bool operator==(const Widget& a, const Widget& b) { return true; }",
  ].join("\n");
  // add, make_point, hidden, c_api, Widget::Widget, Widget::draw, operator== = 7.
  assert.is(extractC(src).functions, 7);
});

test("extract() counts if, for, while, case, catch, ||, ?: and logical && but not rvalue references", () => {
  const src = [
    "#define MAX(a, b) ((a) > (b) ? (a) : (b))",
    "#if defined(A) && defined(B)",
    "#endif",
    "template <class T> void take(T&& value, std::string &&name) {",
    "  for (auto&& item : value) {",
    "    if (item && ready || forced) {",
    "      switch (item.kind) {",
    "        case 1: break;",
    "        default: break;",
    "      }",
    "    }",
    "  }",
    "  while (busy) {}",
    "  do {} while (false);",
    "  try { run(); } catch (const std::exception& e) {}",
    "  int v = ready ? 1 : 2;",
    '  const char *s = "if (a && b) ? c : d";',
    "}",
  ].join("\n");
  // for (1) + if (1) + && (1) + || (1) + case (1) + while (2: loop and do-while) + catch (1) + ?: (1) = 9.
  // Not counted: the directives (MAX's ?:, #if's &&), T&&, &&name, auto&&, default, the string.
  const facts = extractC(src);
  assert.is(facts.complexity, 9);
  assert.is(facts.nesting, 4);
});

test("extract() finds markers in comments only", () => {
  const src = '// TODO: free the buffer\nconst char *s = "FIXME in a string";\n/* XXX: magic\n   number */\n';
  assert.equal(extractC(src).markers.map((m) => `${m.kind}@${m.line}`), ["TODO@1", "XXX@3"]);
});

test("extract() reads CRLF files, a continued string in a CRLF file, and files with a BOM", () => {
  const lf = '#include "a.h"\n\nstruct s { int x; };\nint f(void) { return 0; }\n';
  const expected = extractC(lf);
  for (const variant of [lf.replace(/\n/g, "\r\n"), "\uFEFF" + lf]) {
    const facts = extractC(variant);
    assert.equal(facts.imports, expected.imports);
    assert.equal(facts.types, expected.types);
    assert.is(facts.functions, 1);
  }
  const continued = 'const char *s = "one \\\r\n#include \\"two.h\\"";\r\n#include "three.h"\r\n';
  assert.equal(importsOf(continued), ["three.h @3"]);
});

test.run();

const pipeline = suite("c and c++ resolution with CMake, compile_commands.json and Makefile include folders");
const edgeList = (report: ReturnType<typeof analyze>) =>
  report.edges.map((e) => `${e.from}:${e.line} -> ${e.to}`).sort();

pipeline("analyze() resolves includes beside the file and through every kind of include folder", () => {
  const root = fixtureRepo("lang-c");
  writeFiles(root, {
    "app/crlf.c": '#include "util.h"\r\n#include <render/version.h>\r\n',
    "app/bom.c": '\uFEFF#include "util.h"\n',
  });
  const report = analyze(root);
  assert.equal(edgeList(report), [
    "app/bom.c:1 -> app/util.h",
    "app/crlf.c:1 -> app/util.h",
    "app/crlf.c:2 -> include/render/version.h",
    "app/main.c:3 -> app/util.h",
    "app/main.c:4 -> include/render/version.h",
    "app/main.c:5 -> third_party/tiny/tiny.h",
    "app/main.c:6 -> config/cfg.h",
    "app/util.c:3 -> app/util.h",
    "app/util.c:4 -> gen/build_info.h",
    "engine/src/engine.cpp:1 -> engine/api/engine.hpp",
    "engine/src/engine.cpp:2 -> engine/src/scene.hpp",
    "engine/src/engine.cpp:3 -> include/render/version.h",
    "engine/src/scene.cpp:1 -> engine/src/scene.hpp",
    "engine/src/scene.hpp:4 -> engine/api/engine.hpp",
  ]);
  assert.equal(report.unresolved.map((u) => `${u.file}:${u.line} ${u.specifier}: ${u.reason}`), [
    "app/main.c:7 missing.h: no such header beside the file or in an include folder",
    "app/main.c:8 ../../outside.h: outside the repository",
  ]);
  assert.equal(report.externals.map((e) => `${e.file}:${e.line} ${e.name}`), [
    "app/main.c:1 stdio.h",
    "app/main.c:2 stdlib.h",
    "app/util.c:1 string.h",
    "engine/api/engine.hpp:2 memory",
    "engine/api/engine.hpp:3 string",
    "engine/src/engine.cpp:5 iostream",
    "engine/src/engine.cpp:6 stdexcept",
    "engine/src/scene.hpp:2 vector",
    "third_party/tiny/tiny.h:4 stddef.h",
  ]);
});

pipeline("analyze() measures the fixture: abstract classes, functions, complexity and markers", () => {
  const report = analyze(fixtureRepo("lang-c"));
  const file = (path: string) => report.files.find((f) => f.path === path)!;
  assert.equal([file("engine/api/engine.hpp").types, file("engine/api/engine.hpp").abstractTypes], [1, 1]);
  const engine = file("engine/src/engine.cpp");
  // make_renderer and the extern "C" render_version_major; the class's methods are not module level.
  assert.is(engine.functions, 2);
  // for (1) + if (1) + catch (1); the `if` inside the raw string is not code.
  assert.is(engine.complexity, 3);
  assert.equal(engine.markers.map((m) => `${m.kind}@${m.line}`), ["HACK@24"]);
  // for (1) + if (1) + || (1) + ?: (1) + case (1) + while (1) + && (1); '"' and '\'' are chars.
  assert.is(file("app/main.c").complexity, 7);
  // if (1) + && (1); the line continued from a // comment is not code.
  assert.equal([file("app/util.c").complexity, file("app/util.c").functions], [2, 2]);
  // clamp inside an anonymous namespace and visible_count; ?: (2) + for (1) + if (1) + && (1).
  assert.equal([file("engine/src/scene.cpp").functions, file("engine/src/scene.cpp").complexity], [2, 5]);
  assert.equal([file("app/util.h").types, file("config/cfg.h").types], [2, 1]);
});

pipeline.run();

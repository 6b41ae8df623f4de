import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { extractDart } from "../../analysis/languages/dart.ts";
import { languageOf } from "../../analysis/languages/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";

const test = suite("dart extraction and resolution");
const importsOf = (src: string) => extractDart(src).imports.map((i) => `${i.kind} ${i.specifier} @${i.line}`);

test("extract() finds imports, exports, parts and both URIs of a conditional import", () => {
  const src = [
    "library shop;",
    "import 'dart:async';",
    'import "package:http/http.dart" as http show get;',
    "import 'src/a.dart' deferred as a;",
    "import 'src/io.dart'",
    "    if (dart.library.js_interop) 'src/web.dart'",
    "    if (dart.library.io == 'true') 'src/native.dart';",
    "export 'src/b.dart' hide B;",
    "part 'shop.g.dart';",
    "import r'src/raw.dart';",
  ].join("\n");
  assert.equal(importsOf(src), [
    "import dart:async @2",
    "import package:http/http.dart @3",
    "import src/a.dart @4",
    "import src/io.dart @5",
    "import src/web.dart @5",
    "import src/native.dart @5",
    "reexport src/b.dart @8",
    "import shop.g.dart @9",
    "import src/raw.dart @10",
  ]);
  assert.equal(importsOf("part of 'shop.dart';\n"), []);
  assert.is(languageOf("lib/main.dart")?.id, "dart");
});

test("extract() ignores directives in nested comments, raw and triple-quoted strings and interpolations", () => {
  const src = [
    "// import 'line.dart';",
    "/// import 'doc.dart';",
    "/* outer /* import 'nested.dart'; */",
    "import 'after_nested.dart'; */",
    "const a = r'''",
    "import 'raw.dart';",
    "''';",
    "const b = \"${x ? 'import \"interp.dart\";' : ''}\";",
    "const c = '''",
    "export 'triple.dart';",
    "''';",
    "void f() => export('data.csv');",
    "import 'real.dart';",
  ].join("\n");
  assert.equal(importsOf(src), ["import real.dart @13"]);
});

test("extract() reads a file with CRLF line endings and a UTF-8 BOM", () => {
  const src = "\ufeffimport 'a.dart';\r\nexport 'b.dart';\r\n\r\nvoid main() {}\r\n";
  assert.equal(importsOf(src), ["import a.dart @1", "reexport b.dart @2"]);
  assert.is(extractDart(src).lines, 4);
  assert.is(extractDart(src).functions, 1);
});

test("extract() lists types with abstractness and counts top-level functions and accessors", () => {
  const src = [
    "abstract class Repo {}",
    "abstract interface class Port {}",
    "interface class Contract {}",
    "sealed class Shape {}",
    "base class Base {}",
    "final class Circle extends Shape {}",
    "mixin class Both {}",
    "mixin Walks on Animal {}",
    "enum Color { red }",
    "extension type Id(int value) {}",
    "typedef Callback = void Function(int);",
    "typedef void Legacy(String s);",
    "extension Words on String { int get count => split(' ').length; }",
    "@pragma('vm:entry-point')",
    "void main(List<String> args) async {}",
    "int add(int a, int b) => a + b;",
    "Map<String, List<int>> build<T>() { return {}; }",
    "String get label => 'x';",
    "set label(String v) {}",
    "external int native();",
    "final router = Router()..get('/', (r) {});",
    "final handler = create(config);",
  ].join("\n");
  const facts = extractDart(src);
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}`), [
    "Repo:true",
    "Port:true",
    "Contract:true",
    "Shape:true",
    "Base:false",
    "Circle:false",
    "Both:false",
    "Walks:true",
    "Color:false",
    "Id:false",
    "Callback:true",
    "Legacy:true",
  ]);
  // main, add, build, the getter, the setter and the external function.
  assert.is(facts.functions, 6);
  assert.is(facts.declares, undefined);
});

test("extract() counts decision points, switch-expression arms and not conditional-import tests", () => {
  const src = [
    "import 'a.dart' if (dart.library.io) 'b.dart';",
    "int f(int? x, List<int>? xs) {",
    "  if (x != null && x > 0 || xs == null) return 0;",
    "  for (final v in xs ?? []) { while (false) {} }",
    "  switch (x) { case 1: return 1; case int y when y > 5: return 2; default: break; }",
    "  final label = switch (x) { 1 => 'one', 2 || 3 => 'few', _ => 'many' };",
    "  try { return xs?.length ?? (x! > 1 ? 1 : 2); } on FormatException catch (e) { return -1; }",
    "  final s = '${x == 1 ? 'if' : 'for'} && ||';",
    "  return [...?xs].length;",
    "}",
  ].join("\n");
  // if, &&, ||, for, ??, while, case, case, when, two arms, `||` inside the second arm's
  // pattern, ??, ternary, catch = 15.
  assert.is(extractDart(src).complexity, 15);
});

test("extract() finds markers and measures nesting", () => {
  const src =
    "class A {\n  void f() {\n    // TODO: debounce\n    if (x) {\n      g();\n    }\n  }\n}\n/* FIXME: /* nested */ still */\n";
  const facts = extractDart(src);
  assert.equal(facts.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@3", "FIXME@9"]);
  assert.is(facts.nesting, 3);
});

test("analyze() resolves package: URIs through every pubspec.yaml, relative and conditional imports", () => {
  const root = fixtureRepo("lang-dart");
  writeFileSync(
    join(root, "packages/shop_app/lib/src/crlf.dart"),
    "\ufeffimport 'cart.dart';\r\nimport 'package:shop_core/src/money.dart';\r\n",
  );
  const report = analyze(root);
  const short = (path: string) => path.replace(/^packages\//, "");
  assert.equal(report.edges.map((e) => `${short(e.from)} -> ${short(e.to)} @${e.line} ${e.kind}`), [
    "shop_app/lib/main.dart -> shop_core/lib/shop_core.dart @4 import",
    "shop_app/lib/main.dart -> shop_app/lib/src/cart.dart @6 import",
    "shop_app/lib/main.dart -> shop_app/lib/src/storage_io.dart @7 import",
    "shop_app/lib/main.dart -> shop_app/lib/src/storage_web.dart @7 import",
    "shop_app/lib/main.dart -> shop_core/lib/src/money.dart @8 import",
    "shop_app/lib/src/cart.dart -> shop_core/lib/shop_core.dart @1 import",
    "shop_app/lib/src/crlf.dart -> shop_app/lib/src/cart.dart @1 import",
    "shop_app/lib/src/crlf.dart -> shop_core/lib/src/money.dart @2 import",
    "shop_app/lib/src/storage_io.dart -> shop_app/lib/src/cart.dart @3 import",
    "shop_app/lib/src/storage_web.dart -> shop_app/lib/src/cart.dart @3 import",
    "shop_app/test/cart_test.dart -> shop_app/lib/src/cart.dart @1 import",
    "shop_app/test/cart_test.dart -> shop_core/lib/shop_core.dart @2 import",
    "shop_core/lib/shop_core.dart -> shop_core/lib/src/money.dart @4 reexport",
    "shop_core/lib/shop_core.dart -> shop_core/lib/src/order.dart @5 reexport",
    "shop_core/lib/src/order.dart -> shop_core/lib/src/money.dart @1 import",
    "shop_core/lib/src/order.dart -> shop_core/lib/src/order_status.dart @3 import",
  ]);
  assert.equal(report.unresolved.map((u) => `${short(u.file)} ${u.specifier}: ${u.reason}`), [
    "shop_app/lib/main.dart package:shop_core/src/missing.dart: no such file in package shop_core",
    "shop_app/lib/main.dart ../../../../outside.dart: outside the repository",
  ]);
  assert.equal(report.externals.map((x) => `${short(x.file)} ${x.name}`), [
    "shop_app/lib/main.dart dart:async",
    "shop_app/lib/main.dart http",
    "shop_app/lib/src/storage_io.dart dart:io",
    "shop_app/lib/src/storage_web.dart dart:js_interop",
    "shop_app/test/cart_test.dart test",
  ]);
  const files = new Map(report.files.map((f) => [short(f.path), f]));
  // for, ??, if, && (the ternary inside the interpolation is string text)
  assert.is(files.get("shop_app/lib/main.dart")?.complexity, 4);
  // two switch-expression arms; `_` is not counted
  assert.is(files.get("shop_core/lib/src/order.dart")?.complexity, 2);
  assert.is(files.get("shop_app/lib/src/cart.dart")?.abstractTypes, 2);
  assert.is(files.get("shop_app/lib/src/storage_web.dart")?.functions, 2);
  assert.equal(files.get("shop_app/lib/src/storage_io.dart")?.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@6"]);
});

test.run();

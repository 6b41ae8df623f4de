import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { extractJava } from "../../analysis/languages/java.ts";
import { languageOf } from "../../analysis/languages/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";

const test = suite("java extraction and resolution");
const importsOf = (src: string) => extractJava(src).imports.map((i) => `${i.specifier} @${i.line}`);

test("extract() finds single, wildcard and static imports with their lines", () => {
  const src = [
    "package com.acme.app;",
    "",
    "import com.acme.model.Order;",
    "import com.acme.model.*;",
    "import static com.acme.util.Strings.capitalize;",
    "import static com.acme.util.Strings.*;",
    "import java.util . List ;",
    "import",
    "    com.acme.multi.Line;",
  ].join("\n");
  assert.equal(importsOf(src), [
    "com.acme.model.Order @3",
    "com.acme.model.* @4",
    "com.acme.util.Strings.capitalize @5",
    "com.acme.util.Strings.* @6",
    "java.util.List @7",
    "com.acme.multi.Line @8",
  ]);
  assert.is(languageOf("src/main/java/App.java")?.id, "java");
});

test("extract() ignores imports in comments, strings, chars and text blocks", () => {
  const src = [
    "package a;",
    "// import a.b.Commented;",
    "/* import a.b.Block;",
    "   import a.b.StillBlock; */",
    'class A { String s = "import a.b.InString;"; char q = \'"\'; String t = """',
    "    import a.b.InTextBlock;",
    '    \\""" still inside',
    '    """; }',
    "import a.b.Real;",
  ].join("\n");
  assert.equal(importsOf(src), ["a.b.Real @9"]);
});

test("extract() reads a file with CRLF line endings and a UTF-8 BOM", () => {
  const src = "\ufeffpackage a.b;\r\n\r\nimport a.c.D;\r\nimport static a.c.E.f;\r\n\r\npublic class X {\r\n}\r\n";
  const facts = extractJava(src);
  assert.equal(importsOf(src), ["a.c.D @3", "a.c.E.f @4"]);
  assert.equal(facts.declares, ["a.b", "a.b.X"]);
  assert.is(facts.lines, 7);
});

test("extract() lists every type, which are abstract, and declares the top-level ones", () => {
  const src = [
    "package com.acme;",
    "public abstract class Base<T extends Comparable<?>> {",
    "  public static final class Inner {}",
    "  Class<?> k = Base.class;",
    "}",
    "interface Port {}",
    "@interface Audited {}",
    "enum Color { RED }",
    "record Point(int x, int y) {}",
    "sealed interface Shape permits Circle {}",
    "final class Circle implements Shape {}",
  ].join("\n");
  const facts = extractJava(src);
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}@${t.line}`), [
    "Base:true@2",
    "Inner:false@3",
    "Port:true@6",
    "Audited:true@7",
    "Color:false@8",
    "Point:false@9",
    "Shape:true@10",
    "Circle:false@11",
  ]);
  assert.equal(facts.declares, [
    "com.acme",
    "com.acme.Base",
    "com.acme.Port",
    "com.acme.Audited",
    "com.acme.Color",
    "com.acme.Point",
    "com.acme.Shape",
    "com.acme.Circle",
  ]);
  assert.is(facts.functions, 0);
  assert.equal(extractJava("class NoPackage {}").declares, []);
});

test("extract() counts decision points, not wildcards or words in strings", () => {
  const src = [
    "class C {",
    "  int f(java.util.Map<String, ?> m, java.util.List<? extends Number> l) {",
    "    if (m.isEmpty() && l.isEmpty() || m == null) { return 0; }",
    "    for (int i = 0; i < 3; i++) { while (i > 5) { break; } }",
    "    switch (m.size()) { case 1 -> { return 1; } case 2, 3 -> { return 2; } default -> { } }",
    "    try { return l.size() > 1 ? 1 : 2; } catch (RuntimeException e) { return -1; }",
    '    String s = "if (x) for while && ||";',
    "  }",
    "}",
  ].join("\n");
  // if, &&, ||, for, while, case, case, ternary, catch = 9 (default and the arrows add none).
  assert.is(extractJava(src).complexity, 9);
});

test("extract() finds markers in comments and measures nesting without text-block text", () => {
  const src = [
    "class C {",
    "    // TODO: cache the result",
    "    void f() {",
    '        String sql = """',
    "                        SELECT 1",
    '                        FROM t""";',
    "        /* FIXME the locale */",
    "    }",
    "}",
  ].join("\n");
  const facts = extractJava(src);
  assert.equal(facts.markers.map((m) => `${m.kind}@${m.line}:${m.text}`), [
    "TODO@2:cache the result",
    "FIXME@7:the locale",
  ]);
  assert.is(facts.nesting, 2);
});

test("analyze() resolves a Maven layout: classes, packages, nested and static imports", () => {
  const root = fixtureRepo("lang-java");
  writeFileSync(
    join(root, "src/main/java/com/acme/shop/Crlf.java"),
    "\ufeffpackage com.acme.shop;\r\n\r\nimport com.acme.shop.util.Strings;\r\n\r\nfinal class Crlf {\r\n}\r\n",
  );
  const report = analyze(root);
  const main = "src/main/java/com/acme/shop";
  const short = (path: string) => path.replace(`${main}/`, "").replace("src/test/java/com/acme/shop/", "test:");
  assert.equal(report.edges.map((e) => `${short(e.from)} -> ${short(e.to)} @${e.line}${e.coarse ? " coarse" : ""}`), [
    "App.java -> model/Customer.java @3 coarse",
    "App.java -> model/Order.java @3 coarse",
    "App.java -> model/OrderRepository.java @3 coarse",
    "App.java -> service/DefaultOrderService.java @4",
    "App.java -> service/OrderService.java @5",
    "App.java -> util/Strings.java @6",
    "Crlf.java -> util/Strings.java @3",
    "InMemoryOrders.java -> model/Order.java @3",
    "InMemoryOrders.java -> model/OrderRepository.java @4",
    "model/Order.java -> service/OrderService.java @3",
    "service/DefaultOrderService.java -> model/Customer.java @3",
    "service/DefaultOrderService.java -> model/Order.java @4",
    "service/DefaultOrderService.java -> model/OrderRepository.java @5",
    "service/DefaultOrderService.java -> util/Audited.java @6",
    "service/OrderService.java -> model/Customer.java @3",
    "service/OrderService.java -> model/Order.java @4",
    "test:AppTest.java -> model/Customer.java @5",
  ]);
  // App uses InMemoryOrders and AppTest uses App without an import (same package): no edge.
  assert.equal(report.unresolved.map((u) => `${short(u.file)} ${u.specifier}`), [
    "App.java com.acme.shop.model.Invoice",
  ]);
  assert.equal([...new Set(report.externals.map((x) => x.name))].sort(), [
    "java.lang",
    "java.util",
    "org.junit.jupiter",
    "org.slf4j",
  ]);
  const files = new Map(report.files.map((f) => [short(f.path), f]));
  // if, ||, for, ternary
  assert.is(files.get("App.java")?.complexity, 4);
  assert.equal(files.get("App.java")?.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@16"]);
  assert.is(files.get("service/OrderService.java")?.types, 2);
  assert.is(files.get("service/OrderService.java")?.abstractTypes, 1);
  assert.is(files.get("util/Audited.java")?.abstractTypes, 1);
  assert.is(files.get("Crlf.java")?.lines, 6);
});

test.run();

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { extractKotlin } from "../../analysis/languages/kotlin.ts";
import { languageOf } from "../../analysis/languages/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";

const test = suite("kotlin extraction and resolution");
const extract = (src: string, path = "src/Main.kt") => extractKotlin(src, path);
const importsOf = (src: string) => extract(src).imports.map((i) => `${i.specifier} @${i.line}`);

test("extract() finds plain, wildcard and aliased imports with their lines", () => {
  const src = [
    "package com.acme.app",
    "",
    "import com.acme.model.Order",
    "import com.acme.model.*",
    "import com.acme.model.Order as OrderModel",
    "import com.acme.util.slugify;",
    "import com.acme.`when`.Thing",
  ].join("\n");
  assert.equal(importsOf(src), [
    "com.acme.model.Order @3",
    "com.acme.model.* @4",
    "com.acme.model.Order @5",
    "com.acme.util.slugify @6",
    "com.acme.when.Thing @7",
  ]);
  assert.is(languageOf("build.gradle.kts")?.id, "kotlin");
  assert.is(languageOf("src/App.kt")?.id, "kotlin");
});

test("extract() ignores imports in nested comments, raw strings and string templates", () => {
  const src = [
    "package a",
    "/* outer /* import a.b.Nested */ still a comment",
    "import a.b.AfterNested */",
    "// import a.b.Line",
    'val raw = """',
    "import a.b.Raw",
    '"""" + "${if (x) "import a.b.Template" else "b"}"',
    "val c = '\"'",
    "import a.b.Real",
  ].join("\n");
  assert.equal(importsOf(src), ["a.b.Real @9"]);
});

test("extract() reads a file with CRLF line endings and a UTF-8 BOM", () => {
  const src = "\ufeffpackage a.b\r\n\r\nimport a.c.D\r\nimport a.c.e as f\r\n\r\nclass X\r\n";
  assert.equal(importsOf(src), ["a.c.D @3", "a.c.e @4"]);
  assert.equal(extract(src).declares, ["a.b", "a.b.X"]);
  assert.is(extract(src).lines, 6);
});

test("extract() lists types with abstractness and declares top-level functions and properties", () => {
  const src = [
    "package com.acme",
    "interface Port",
    "abstract class Base",
    "sealed class Result { data class Ok(val v: Int) : Result(); data object Failed : Result() }",
    "sealed interface Shape",
    "fun interface Handler { fun handle() }",
    "annotation class Audited",
    "enum class Color { RED }",
    "object Registry { fun inner() = Unit; val hidden = 1 }",
    "class Box(val size: Int) { companion object { fun empty() = Box(0) } }",
    "typealias Names = List<String>",
    "val greeting = Box::class",
    "const val LIMIT = 3",
    "fun <T> List<T>.second(): T = this[1]",
    "fun top(a: Int): Int { fun local() = a; return local() }",
  ].join("\n");
  const facts = extract(src, "src/Util.kt");
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}`), [
    "Port:true",
    "Base:true",
    "Result:true",
    "Ok:false",
    "Failed:false",
    "Shape:true",
    "Handler:true",
    "Audited:true",
    "Color:false",
    "Registry:false",
    "Box:false",
    "Names:true",
  ]);
  // second and top; methods, local functions and `fun interface` are not module-level functions.
  assert.is(facts.functions, 2);
  assert.equal(facts.declares, [
    "com.acme",
    "com.acme.Port",
    "com.acme.Base",
    "com.acme.Result",
    "com.acme.Shape",
    "com.acme.Handler",
    "com.acme.Audited",
    "com.acme.Color",
    "com.acme.Registry",
    "com.acme.Box",
    "com.acme.Names",
    "com.acme.second",
    "com.acme.top",
    "com.acme.greeting",
    "com.acme.LIMIT",
    "com.acme.UtilKt",
  ]);
  assert.equal(extract('@file:JvmName("Texts")\npackage a\nfun f() = 1\n').declares, ["a", "a.f", "a.Texts"]);
});

test("extract() counts decision points, `when` branches but not `else`", () => {
  const src = [
    "fun f(x: Int?, s: String): Int {",
    "    if (x != null && x > 1 || s.isEmpty()) return 0",
    "    for (c in s) { while (false) { } }",
    "    val y = when (x) {",
    "        1, 2 -> 1",
    "        3 -> { list.map { it -> it } ; 3 }",
    "        else -> 0",
    "    }",
    "    try { return x ?: 0 } catch (e: Exception) { return x?.let { 1 } ?: 2 }",
    '    val t = "if (x) for while && ||"',
    "    fun `when it is empty`() = Unit",
    "}",
  ].join("\n");
  // if, &&, ||, for, while, two `when` branches, ?:, catch, ?: = 10.
  assert.is(extract(src).complexity, 10);
});

test("extract() finds markers and measures nesting", () => {
  const src =
    "class A {\n    fun f() {\n        // TODO: batch these\n        if (x) {\n            g()\n        }\n    }\n}\n/* HACK around\n   the cache */\n";
  const facts = extract(src);
  assert.equal(facts.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@3", "HACK@9"]);
  assert.is(facts.nesting, 3);
});

test("analyze() resolves Kotlin and Java across a Gradle layout", () => {
  const root = fixtureRepo("lang-kotlin");
  writeFileSync(
    join(root, "src/main/kotlin/com/acme/notes/Crlf.kt"),
    "\ufeffpackage com.acme.notes\r\n\r\nimport com.acme.notes.data.Priority\r\n\r\nval default = Priority.LOW\r\n",
  );
  const report = analyze(root);
  const short = (path: string) => path.replace(/^src\/(main|test)\/(kotlin|java)\/com\/acme\/notes\//, "$1:");
  assert.equal(report.edges.map((e) => `${short(e.from)} -> ${short(e.to)} @${e.line}${e.coarse ? " coarse" : ""}`), [
    "main:legacy/LegacyExport.java -> main:data/Note.kt @3",
    "main:legacy/LegacyExport.java -> main:util/Text.kt @4",
    "main:Crlf.kt -> main:data/Note.kt @3",
    "main:Main.kt -> main:data/InMemoryNoteRepository.kt @3 coarse",
    "main:Main.kt -> main:data/Note.kt @3 coarse",
    "main:Main.kt -> main:data/NoteRepository.kt @3 coarse",
    "main:Main.kt -> main:data/Note.kt @4",
    "main:Main.kt -> main:util/Text.kt @5",
    "main:Main.kt -> main:util/Text.kt @6",
    "test:MainTest.kt -> main:data/Note.kt @3",
    "test:MainTest.kt -> main:util/Text.kt @4",
  ]);
  assert.equal(report.unresolved.map((u) => `${short(u.file)} ${u.specifier} @${u.line}`), [
    "main:Main.kt com.acme.notes.util.Missing @7",
  ]);
  assert.equal(report.externals.map((x) => `${short(x.file)} ${x.name}`), [
    "build.gradle.kts org.jetbrains.kotlin",
    "main:Main.kt kotlinx.coroutines",
    "test:MainTest.kt kotlin.test",
    "test:MainTest.kt kotlin.test",
  ]);
  const files = new Map(report.files.map((f) => [short(f.path), f]));
  // ?:, two `when` branches, if, && (the `if` inside the string template is not code).
  assert.is(files.get("main:Main.kt")?.complexity, 5);
  assert.is(files.get("main:data/NoteRepository.kt")?.abstractTypes, 2);
  assert.is(files.get("main:util/Text.kt")?.functions, 2);
  assert.equal(files.get("main:util/Text.kt")?.markers.map((m) => `${m.kind}@${m.line}`), ["FIXME@7"]);
});

test.run();

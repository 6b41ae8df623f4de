import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { extractCsharp } from "../../analysis/languages/csharp.ts";
import { languageOf } from "../../analysis/languages/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";

const test = suite("csharp extraction and resolution");
const importsOf = (src: string) => extractCsharp(src).imports.map((i) => `${i.specifier} @${i.line}`);

test("extract() finds plain, static, alias and global using directives", () => {
  const src = [
    "using System;",
    "using static Acme.Core.PriceMath;",
    "using Repo = Acme.Core.IOrderRepository;",
    "global using Acme.Core.Models;",
    "global using static System.Math;",
    "using IntList = System.Collections.Generic.List<int>;",
    "using global::Acme.Shared;",
    "namespace Acme.App { using Acme.Inner; }",
    "class C { void F() { using var stream = Open(); using (var r = Read()) { } } }",
  ].join("\n");
  assert.equal(importsOf(src), [
    "System @1",
    "static Acme.Core.PriceMath @2",
    "Repo = Acme.Core.IOrderRepository @3",
    "Acme.Core.Models @4",
    "static System.Math @5",
    "IntList = System.Collections.Generic.List @6",
    "Acme.Shared @7",
    "Acme.Inner @8",
  ]);
  assert.is(languageOf("Program.cs")?.id, "csharp");
});

test("extract() ignores usings in comments and in every string form", () => {
  const src = [
    "// using A.Line;",
    "/* using A.Block; */",
    'var a = "using A.Plain;";',
    'var b = @"C:\\dir\\""quoted""',
    'using A.Verbatim;";',
    'var c = $"{(ok ? "using A.Hole;" : "x")} {{using A.Braces;}}";',
    'var d = """',
    "    using A.Raw;",
    '    """;',
    'var e = $$"""{{x}} using A.RawInterpolated;""";',
    "var f = '\"';",
    "using A.Real;",
  ].join("\n");
  assert.equal(importsOf(src), ["A.Real @12"]);
});

test("extract() reads a file with CRLF line endings and a UTF-8 BOM", () => {
  const src = "\ufeffusing System;\r\nusing Acme.Core;\r\n\r\nnamespace Acme.App;\r\n\r\npublic class X { }\r\n";
  assert.equal(importsOf(src), ["System @1", "Acme.Core @2"]);
  assert.equal(extractCsharp(src).declares, ["Acme.App", "Acme.App.X"]);
  assert.is(extractCsharp(src).lines, 6);
});

test("extract() declares block, nested and file-scoped namespaces with their top-level types", () => {
  const block = [
    "namespace Acme.Api",
    "{",
    "    namespace Controllers",
    "    {",
    "        public abstract class Base { class Nested { } }",
    "    }",
    "    public record Person(string Name);",
    "    public record struct Point(int X, int Y);",
    "    public readonly struct Size { }",
    "    public interface IPort<T> where T : class { }",
    "    public enum Color { Red }",
    "    public delegate Task<T> Handler<T>(T value);",
    "    #region helper class methods",
    "    static class Helpers { void F() { foreach (var record in Items) { } } }",
    "    #endregion",
    "}",
    "class Global { }",
  ].join("\n");
  const facts = extractCsharp(block);
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}`), [
    "Base:true",
    "Nested:false",
    "Person:false",
    "Point:false",
    "Size:false",
    "IPort:true",
    "Color:false",
    "Handler:true",
    "Helpers:false",
    "Global:false",
  ]);
  assert.equal(facts.declares, [
    "Acme.Api",
    "Acme.Api.Controllers",
    "Acme.Api.Controllers.Base",
    "Acme.Api.Person",
    "Acme.Api.Point",
    "Acme.Api.Size",
    "Acme.Api.IPort",
    "Acme.Api.Color",
    "Acme.Api.Handler",
    "Acme.Api.Helpers",
    "Global",
  ]);
  assert.is(facts.functions, 0);
  const scoped = extractCsharp(
    "namespace Acme.Core.Models;\n\npublic abstract record Shape;\npublic sealed record Circle(double R) : Shape;\n",
  );
  assert.equal(scoped.declares, ["Acme.Core.Models", "Acme.Core.Models.Shape", "Acme.Core.Models.Circle"]);
  assert.equal(scoped.types.map((t) => t.abstract), [true, false]);
});

test("extract() counts decision points, switch-expression arms but not the discard arm", () => {
  const src = [
    "class C {",
    "    int F(int? x, string? s) {",
    "        #if DEBUG",
    '        if (x is null && s is null || s == "") return 0;',
    "        #endif",
    "        for (var i = 0; i < 2; i++) { foreach (var c in s!) { while (false) { } } }",
    "        switch (x) { case 1: return 1; default: break; }",
    "        var y = x switch { 1 => 10, 2 or 3 => 20, _ => 0 };",
    "        try { return s?.Length ?? 0; } catch (Exception e) when (e is IOException) { return x > 0 ? 1 : 2; }",
    '        var t = $"{(x > 0 ? "if" : "for")}";',
    "        Func<int, int> f = v => v;",
    "        return y;",
    "    }",
    "}",
  ].join("\n");
  // if, &&, ||, for, foreach, while, case, two arms, ??, catch, when, ternary = 13
  // (`#if` is a preprocessor line; `int?`, `s?.` and `v => v` are no decisions).
  assert.is(extractCsharp(src).complexity, 13);
});

test("extract() finds markers and measures nesting without verbatim-string text", () => {
  const src =
    'namespace A\n{\n    class B\n    {\n        // TODO: pool these\n        string S = @"\n                        text";\n    }\n}\n';
  const facts = extractCsharp(src);
  assert.equal(facts.markers.map((m) => `${m.kind}@${m.line}:${m.text}`), ["TODO@5:pool these"]);
  assert.is(facts.nesting, 2);
});

test("analyze() resolves namespaces coarsely (narrowed to the files declaring what the importer names) and types precisely across two projects", () => {
  const root = fixtureRepo("lang-csharp");
  writeFileSync(
    join(root, "Acme.Api/Crlf.cs"),
    "\ufeffusing Acme.Core.Services;\r\n\r\nnamespace Acme.Api;\r\n\r\ninternal static class Crlf { }\r\n",
  );
  const report = analyze(root);
  assert.equal(report.edges.map((e) => `${e.from} -> ${e.to} @${e.line}${e.coarse ? " coarse" : ""}`), [
    "Acme.Api/Controllers/OrdersController.cs -> Acme.Core/Services/OrderService.cs @1 coarse",
    "Acme.Api/Crlf.cs -> Acme.Core/Services/OrderService.cs @1 coarse",
    "Acme.Api/Crlf.cs -> Acme.Core/Services/PriceMath.cs @1 coarse",
    "Acme.Api/GlobalUsings.cs -> Acme.Core/Models/IOrderRepository.cs @1 coarse",
    "Acme.Api/GlobalUsings.cs -> Acme.Core/Models/Order.cs @1 coarse",
    "Acme.Api/Program.cs -> Acme.Api/Storage/InMemoryOrderRepository.cs @1 coarse",
    "Acme.Api/Program.cs -> Acme.Core/Services/OrderService.cs @2 coarse",
    "Acme.Api/Program.cs -> Acme.Core/Services/PriceMath.cs @3",
    "Acme.Api/Program.cs -> Acme.Core/Models/IOrderRepository.cs @4",
    "Acme.Core/Services/OrderService.cs -> Acme.Core/Models/IOrderRepository.cs @3 coarse",
    "Acme.Core/Services/OrderService.cs -> Acme.Core/Models/Order.cs @3 coarse",
  ]);
  assert.equal(report.unresolved.map((u) => `${u.file} ${u.specifier} @${u.line}`), [
    "Acme.Api/Program.cs Acme.Core.Reporting @5",
  ]);
  assert.equal(report.externals.map((x) => `${x.file} ${x.name}`), [
    "Acme.Api/Controllers/OrdersController.cs Microsoft.AspNetCore",
    "Acme.Api/GlobalUsings.cs System.Text",
    "Acme.Api/Program.cs Microsoft.AspNetCore",
    "Acme.Core/Services/OrderService.cs System",
    "Acme.Core/Services/OrderService.cs System.Linq",
  ]);
  const files = new Map(report.files.map((f) => [f.path, f]));
  // if, ||, two switch arms (`_` is not counted)
  assert.is(files.get("Acme.Core/Services/OrderService.cs")?.complexity, 4);
  // catch, when
  assert.is(files.get("Acme.Api/Controllers/OrdersController.cs")?.complexity, 2);
  assert.is(files.get("Acme.Api/Controllers/OrdersController.cs")?.nesting, 5);
  assert.equal(files.get("Acme.Api/Program.cs")?.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@22"]);
  assert.is(files.get("Acme.Core/Services/OrderService.cs")?.abstractTypes, 1);
  assert.is(files.get("Acme.Core/Models/IOrderRepository.cs")?.abstractTypes, 1);
});

test("resolve: a partial class in several files and an alias of a namespace resolve to all of them", () => {
  const root = fixtureRepo("lang-csharp");
  writeFileSync(
    join(root, "Acme.Core/Services/PriceMath.Rounding.cs"),
    "namespace Acme.Core.Services;\n\npublic static partial class PriceMath { }\n",
  );
  writeFileSync(
    join(root, "Acme.Api/Aliases.cs"),
    "using static Acme.Core.Services.PriceMath;\nusing Models = Acme.Core.Models;\nusing Unknown = Acme.Core.Models.Invoice;\n",
  );
  const report = analyze(root);
  assert.equal(
    report.edges.filter((e) => e.from === "Acme.Api/Aliases.cs").map((e) =>
      `${e.to} @${e.line}${e.coarse ? " coarse" : ""}`
    ),
    [
      "Acme.Core/Services/PriceMath.Rounding.cs @1 coarse",
      "Acme.Core/Services/PriceMath.cs @1 coarse",
      "Acme.Core/Models/IOrderRepository.cs @2 coarse",
      "Acme.Core/Models/Order.cs @2 coarse",
      "Acme.Core/Models/IOrderRepository.cs @3 coarse",
      "Acme.Core/Models/Order.cs @3 coarse",
    ],
  );
});

test("resolve: a using inside a namespace also names a namespace relative to the enclosing ones", () => {
  const root = fixtureRepo("lang-csharp");
  writeFileSync(
    join(root, "Acme.Api/Controllers/Health.cs"),
    "namespace Acme.Api.Controllers;\n\nusing Storage;\nusing Services;\nusing Xunit;\n\npublic class Health { }\n",
  );
  const report = analyze(root);
  const from = "Acme.Api/Controllers/Health.cs";
  // Storage is Acme.Api.Storage; no enclosing namespace holds a `Services`; Xunit is a package.
  assert.equal(report.edges.filter((e) => e.from === from).map((e) => `${e.to} @${e.line}`), [
    "Acme.Api/Storage/InMemoryOrderRepository.cs @3",
  ]);
  assert.equal(report.externals.filter((x) => x.file === from).map((x) => `${x.name} @${x.line}`), [
    "Services @4",
    "Xunit @5",
  ]);
});

test.run();

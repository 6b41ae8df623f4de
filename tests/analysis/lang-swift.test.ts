import { suite } from "uvu";
import * as assert from "uvu/assert";
import { languageOf } from "../../analysis/languages/mod.ts";
import { extractSwift } from "../../analysis/languages/swift.ts";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo, writeFiles } from "../helpers/repo.ts";

const test = suite("swift extraction");
const importsOf = (src: string) => extractSwift(src).imports.map((i) => `${i.specifier} @${i.line}`);

test("languageOf() gives .swift files to Swift", () => {
  assert.is(languageOf("Sources/App/main.swift")?.id, "swift");
});

test("extract() reads module imports, attributed and kind-qualified", () => {
  const src =
    "import Foundation\n@testable import App\n@_exported import Core\nimport struct Foundation.Date\nimport os.log\n";
  assert.equal(importsOf(src), ["Foundation @1", "App @2", "Core @3", "Foundation.Date @4", "os.log @5"]);
});

test("extract() ignores imports in comments, nested comments, strings, raw and multi-line strings", () => {
  const src = [
    "// import Commented",
    "/* outer /* nested */ import InNestedComment */",
    'let a = "import InString \\(dict["import Key"] ?? "x") end"',
    'let b = #"import InRaw "quoted" \\#(value) "#',
    'let c = ##"import InRaw2 "# still "##',
    'let d = """',
    "    import InMultiline",
    '    \\(items.map { "\\($0)" })',
    '    """',
    'let e = #"""',
    '    import InRawMultiline """ still',
    '    """#',
    "import Real",
  ].join("\n");
  assert.equal(importsOf(src), ["Real @13"]);
});

test("extract() lists classes, structs, enums and actors as concrete and protocols as abstract", () => {
  const src = [
    "protocol Shape: AnyObject { func area() -> Double }",
    "final class Square: Shape {",
    "  class func unit() -> Square { Square() }",
    "  class var count: Int { 0 }",
    "  struct Side {}",
    "  func area() -> Double { 1 }",
    "}",
    "indirect enum Tree<T> { case leaf, node(Tree, Tree) }",
    "actor Counter {}",
    "extension Square: CustomStringConvertible {}",
  ].join("\n");
  assert.equal(extractSwift(src).types.map((t) => `${t.name}${t.abstract ? " (abstract)" : ""} @${t.line}`), [
    "Shape (abstract) @1",
    "Square @2",
    "Side @5",
    "Tree @8",
    "Counter @9",
  ]);
});

test("extract() counts top-level funcs only", () => {
  const src =
    "func a() {}\nstruct S { func method() {} }\nextension S { func more() {} }\nfunc b<T>(_ x: T) -> T { func inner() {}; return x }\n";
  assert.is(extractSwift(src).functions, 2);
});

test("extract() counts decisions: switch cases but not enum cases, ternaries but not optionals", () => {
  const src = [
    "enum Mode { case fast, safe }",
    "func run(mode: Mode?, items: [Int]) throws -> Int {",
    "    guard let mode = mode else { return 0 }",
    "    switch mode {",
    "    case .fast:",
    "        if case .some(let x) = items.first, x > 0 { return x }",
    "    case .safe:",
    "        break",
    "    }",
    "    for item in items where item > 0 && item < 10 || item == 42 {",
    "        repeat { } while item < 0",
    "    }",
    "    let first = items.first ?? 0",
    "    let sign = first > 0 ? 1 : -1",
    "    let label = index(for: first)",
    "    do { try check() } catch { return -1 }",
    "    #if DEBUG",
    "    print(items.first?.description as Any)",
    "    #endif",
    '    let s = "if for while \\(first > 0 ? 1 : 2)"',
    "    return sign",
    "}",
  ].join("\n");
  // guard (1) + case .fast (1) + if (1) + case .safe (1) + for (1) + && (1) + || (1) + while (1)
  // + ?? (1) + ?: (1) + catch (1) = 11. Not counted: enum cases, `if case`'s case, `for:` as an
  // argument label, optional `?`, `#if`, and the string with its interpolation.
  const facts = extractSwift(src);
  assert.is(facts.complexity, 11);
  assert.is(facts.nesting, 2);
});

test("extract() finds markers in comments only", () => {
  const src = '// TODO: cache this\nlet s = "FIXME: not a marker"\n/* outer /* HACK: nested */ */\n';
  assert.equal(extractSwift(src).markers.map((m) => `${m.kind}@${m.line}`), ["TODO@1", "HACK@3"]);
});

test("extract() reads CRLF files and files with a BOM at the same lines", () => {
  const lf = "import Foundation\n\nprotocol P {}\nfunc f() { if true {} }\n";
  const expected = extractSwift(lf);
  for (const variant of [lf.replace(/\n/g, "\r\n"), "\uFEFF" + lf]) {
    const facts = extractSwift(variant);
    assert.equal(facts.imports, expected.imports);
    assert.equal(facts.types, expected.types);
    assert.equal([facts.functions, facts.complexity], [1, 1]);
  }
});

test.run();

const pipeline = suite("swift resolution");

pipeline("analyze() keeps every Swift import external, named by its module, and draws no edges", () => {
  const root = fixtureRepo("lang-swift");
  writeFiles(root, {
    "Sources/Inventory/Crlf.swift": "import Combine\r\nfunc tick() {}\r\n",
    "Sources/Inventory/Bom.swift": "\uFEFFimport SwiftUI\n",
  });
  const report = analyze(root);
  assert.equal(report.edges, []);
  assert.equal(report.unresolved, []);
  assert.equal(report.externals.map((e) => `${e.file}:${e.line} ${e.specifier} -> ${e.name}`), [
    "Package.swift:2 PackageDescription -> PackageDescription",
    "Sources/Inventory/Bom.swift:1 SwiftUI -> SwiftUI",
    "Sources/Inventory/Crlf.swift:1 Combine -> Combine",
    "Sources/Inventory/Item.swift:1 Foundation -> Foundation",
    "Sources/Inventory/Warehouse.swift:1 Foundation.UUID -> Foundation",
    "Sources/Inventory/Warehouse.swift:2 os.log -> os",
    "Tests/InventoryTests/WarehouseTests.swift:1 XCTest -> XCTest",
    "Tests/InventoryTests/WarehouseTests.swift:2 Inventory -> Inventory",
  ]);
});

pipeline("analyze() measures the fixture: protocols are abstract, actor methods are not top-level funcs", () => {
  const report = analyze(fixtureRepo("lang-swift"));
  const file = (path: string) => report.files.find((f) => f.path === path)!;
  const item = file("Sources/Inventory/Item.swift");
  // Stocked (protocol), Category, Item; the enum's cases and `quantity < 5 && ...`'s && (1).
  assert.equal([item.types, item.abstractTypes, item.functions, item.complexity], [3, 1, 0, 1]);
  const warehouse = file("Sources/Inventory/Warehouse.swift");
  // guard, ??, case .tools?, ?:, case .parts?, if (of `if case`), case nil, for, ||, while
  // (of repeat), catch = 11; `label(for:)` is an argument label, interpolations are string.
  assert.equal([warehouse.types, warehouse.functions, warehouse.complexity], [2, 2, 11]);
  assert.equal(warehouse.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@32"]);
});

pipeline.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { languageOf } from "../../analysis/languages/mod.ts";
import { extractRust } from "../../analysis/languages/rust.ts";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, fixtureRepo, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("rust extraction");
const importsOf = (src: string) => extractRust(src).imports.map((i) => `${i.specifier} @${i.line}`);

test("languageOf() gives .rs files to Rust", () => {
  assert.is(languageOf("src/lib.rs")?.id, "rust");
});

test("extract() reads mod declarations, path attributes, use trees and extern crate", () => {
  const src = [
    "extern crate serde as sd;",
    "pub mod model;",
    '#[path = "gen/codes.rs"]',
    "mod codes;",
    "mod inline {",
    "    mod deep;",
    "}",
    "use std::collections::{HashMap, hash_map::{self, Entry}};",
    "use crate::a::b::C as D;",
    "pub(crate) use super::x::*;",
    "use ::log::info;",
    "use self::model::{",
    "    Order,",
    "    Status,",
    "};",
  ].join("\n");
  assert.equal(importsOf(src), [
    "serde @1",
    "mod model @2",
    '#[path = "gen/codes.rs"] mod codes @4',
    "mod inline::deep @6",
    "std::collections::HashMap @8",
    "std::collections::hash_map @8",
    "std::collections::hash_map::Entry @8",
    "crate::a::b::C @9",
    "super::x::* @10",
    "log::info @11",
    "self::model::Order @13",
    "self::model::Status @14",
  ]);
});

test("extract() rewrites self and super inside inline modules to the file's own module", () => {
  const src =
    "mod tests {\n    use super::*;\n    use self::helpers::make;\n    mod helpers {\n        use super::super::Store;\n    }\n}\n";
  assert.equal(importsOf(src), ["self::* @2", "self::tests::helpers::make @3", "self::Store @5"]);
});

test("extract() ignores imports in comments, nested comments, strings, raw strings and byte strings", () => {
  const src = [
    "// use crate::commented;",
    "/* outer /* nested */ use crate::in_nested_comment; */",
    'const A: &str = "use crate::in_string; \\" mod fake;";',
    'const B: &str = r#"use crate::in_raw; "quoted" "#;',
    'const C: &str = r##"mod also_fake; "# still raw "##;',
    'const D: &[u8] = br#"use crate::bytes;"#;',
    "const E: char = '\"';",
    "fn f<'a>(s: &'a str) -> &'a str { s }",
    "use crate::real;",
  ].join("\n");
  assert.equal(importsOf(src), ["crate::real @9"]);
});

test("extract() does not read a lifetime as a char literal", () => {
  // If `'a` opened a char literal, `'a>(x: &'` would swallow code and the import would vanish.
  const src =
    "fn longest<'a>(x: &'a str, y: &'a str) -> &'a str { x }\nuse crate::after_lifetimes;\n'outer: loop { break 'outer; }\nuse crate::after_label;\n";
  assert.equal(importsOf(src), ["crate::after_lifetimes @2", "crate::after_label @4"]);
});

test("extract() lists module-level types with traits abstract, not associated types", () => {
  const src = [
    "pub struct Point { x: i32 }",
    "struct Unit;",
    "enum Shape { Circle, Square }",
    "union Bits { i: u32, f: f32 }",
    "type Map<K> = std::collections::HashMap<K, u32>;",
    "pub trait Area { type Output; fn area(&self) -> f64; }",
    "impl Iterator for Point { type Item = i32; fn next(&mut self) -> Option<i32> { None } }",
    "mod geometry { pub struct Line; }",
    "fn helper() { struct Local; }",
  ].join("\n");
  assert.equal(extractRust(src).types.map((t) => `${t.name}${t.abstract ? " (abstract)" : ""} @${t.line}`), [
    "Point @1",
    "Unit @2",
    "Shape @3",
    "Bits @4",
    "Map @5",
    "Area (abstract) @6",
    "Line @8",
  ]);
});

test("extract() counts module-level fns, inline modules included, not methods", () => {
  const src = [
    "pub fn a() {}",
    "pub(crate) async fn b() {}",
    "const fn c() -> u8 { 1 }",
    "impl S { fn method(&self) {} }",
    "trait T { fn required(&self); fn provided(&self) {} }",
    "mod inner { fn d() { fn nested() {} } }",
    "type F = fn(u8) -> u8;",
  ].join("\n");
  assert.is(extractRust(src).functions, 4);
});

test("extract() counts if, while, for loops, match arms and binary && and ||", () => {
  const src = [
    "impl<T> Display for Wrapper<T> where T: Into<u8> {",
    "    fn fmt(&self, f: &mut Formatter) -> Result {",
    "        for item in &self.items {",
    "            if item.ok && item.size > 0 || item.forced {",
    "                while let Some(x) = next() { loop { break; } }",
    "            }",
    "        }",
    "        let refs: Vec<&&str> = vec![];",
    "        let run = || self.go()?;",
    "        let g = move || true;",
    "        match self.kind {",
    "            Kind::A => 1,",
    "            Kind::B if self.x => 2,",
    "            _ => 3,",
    "        };",
    '        let s = "if && || =>";',
    "        Ok(())",
    "    }",
    "}",
  ].join("\n");
  // for (1) + if (1) + && (1) + || (1) + while (1) + match arms (3) + the guard `if` (1) = 9.
  // Not counted: `impl ... for`, `loop`, `&&str`, the `||` closures, `?`, the string.
  const facts = extractRust(src);
  assert.is(facts.complexity, 9);
  assert.is(facts.nesting, 4);
});

test("extract() finds markers in line, doc and nested block comments", () => {
  const src =
    '// TODO: split\n/// FIXME: doc comment\n/* outer /* HACK: nested */ */\nconst S: &str = "TODO not a marker";\n';
  assert.equal(extractRust(src).markers.map((m) => `${m.kind}@${m.line}`), ["TODO@1", "FIXME@2", "HACK@3"]);
});

test("extract() reads CRLF files and files with a BOM at the same lines", () => {
  const lf = "mod a;\nuse crate::a::B;\n\npub trait T {}\n";
  const expected = extractRust(lf);
  for (const variant of [lf.replace(/\n/g, "\r\n"), "\uFEFF" + lf]) {
    const facts = extractRust(variant);
    assert.equal(facts.imports, expected.imports);
    assert.equal(facts.types, expected.types);
  }
});

test("a workspace that lists its own root among its members (members = [\".\", \"entity\"]) is analysed, its path crates resolved", () => {
  const root = tempDir("tool-rust-root-member-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "app"\nversion = "0.1.0"\n\n[workspace]\nmembers = [".", "entity"]\n\n[dependencies]\nentity = { path = "entity" }\n',
    "src/main.rs": "use entity::user::User;\n\nfn main() {\n    let _ = User {};\n}\n",
    "entity/Cargo.toml": '[package]\nname = "entity"\nversion = "0.1.0"\n',
    "entity/src/lib.rs": "pub mod user;\n",
    "entity/src/user.rs": "pub struct User {}\n",
  });
  commitAll(root);
  const edges = analyze(root).edges.map((e) => `${e.from} -> ${e.to}`);
  assert.ok(edges.includes("src/main.rs -> entity/src/user.rs"), edges.join("\n"));
});

test.run();

const pipeline = suite("rust resolution on a Cargo workspace");
const edgeList = (report: ReturnType<typeof analyze>) =>
  [...new Set(report.edges.map((e) => `${e.from}:${e.line} -> ${e.to}`))].sort();

pipeline("analyze() resolves mod files, crate/self/super paths and workspace crates", () => {
  const root = fixtureRepo("lang-rust");
  writeFiles(root, {
    "crates/ledger-cli/src/crlf.rs": "use ledger_core::store::Store;\r\nuse crate::commands;\r\n",
    "crates/ledger-cli/src/bom.rs": "\uFEFFuse ledger_core::util;\n",
  });
  const report = analyze(root);
  assert.equal(
    edgeList(report),
    [
      "crates/ledger-cli/src/bom.rs:1 -> crates/ledger-core/src/util.rs",
      "crates/ledger-cli/src/commands.rs:1 -> crates/ledger-core/src/account.rs",
      "crates/ledger-cli/src/commands.rs:2 -> crates/ledger-core/src/lib.rs",
      "crates/ledger-cli/src/crlf.rs:1 -> crates/ledger-core/src/store/mod.rs",
      "crates/ledger-cli/src/crlf.rs:2 -> crates/ledger-cli/src/commands.rs",
      "crates/ledger-cli/src/main.rs:10 -> crates/ledger-cli/src/commands.rs",
      "crates/ledger-cli/src/main.rs:11 -> crates/ledger-cli/src/commands.rs",
      "crates/ledger-cli/src/main.rs:4 -> crates/ledger-core/src/store/memory.rs",
      "crates/ledger-cli/src/main.rs:6 -> crates/ledger-core/src/store/mod.rs",
      "crates/ledger-cli/src/main.rs:7 -> crates/ledger-core/src/lib.rs",
      "crates/ledger-core/src/account.rs:3 -> crates/ledger-core/src/util/money.rs",
      "crates/ledger-core/src/lib.rs:2 -> crates/ledger-core/src/account.rs",
      "crates/ledger-core/src/lib.rs:3 -> crates/ledger-core/src/store/mod.rs",
      "crates/ledger-core/src/lib.rs:4 -> crates/ledger-core/src/util.rs",
      "crates/ledger-core/src/lib.rs:6 -> crates/ledger-core/src/generated/codes.rs",
      "crates/ledger-core/src/lib.rs:9 -> crates/ledger-core/src/account.rs",
      "crates/ledger-core/src/lib.rs:10 -> crates/ledger-core/src/store/mod.rs",
      "crates/ledger-core/src/store/memory.rs:3 -> crates/ledger-core/src/account.rs",
      "crates/ledger-core/src/store/memory.rs:4 -> crates/ledger-core/src/store/mod.rs",
      "crates/ledger-core/src/store/mod.rs:1 -> crates/ledger-core/src/store/memory.rs",
      "crates/ledger-core/src/store/mod.rs:3 -> crates/ledger-core/src/account.rs",
      "crates/ledger-core/src/util.rs:1 -> crates/ledger-core/src/util/money.rs",
      "crates/ledger-core/tests/common/mod.rs:1 -> crates/ledger-core/src/account.rs",
      "crates/ledger-core/tests/roundtrip.rs:1 -> crates/ledger-core/tests/common/mod.rs",
      "crates/ledger-core/tests/roundtrip.rs:3 -> crates/ledger-core/src/store/memory.rs",
      "crates/ledger-core/tests/roundtrip.rs:4 -> crates/ledger-core/src/lib.rs",
    ].sort(),
  );
  assert.equal(report.unresolved.map((u) => `${u.file}:${u.line} ${u.specifier}: ${u.reason}`), [
    "crates/ledger-cli/src/main.rs:12 super::nothing: super:: climbs above the crate root",
    "crates/ledger-core/src/lib.rs:7 mod missing: no missing.rs or missing/mod.rs",
  ]);
  assert.equal(report.externals.map((e) => `${e.file}:${e.line} ${e.name}`), [
    "crates/ledger-cli/src/main.rs:1 std",
    "crates/ledger-cli/src/main.rs:3 clap",
    "crates/ledger-core/src/account.rs:1 serde",
    "crates/ledger-core/src/account.rs:1 serde",
    "crates/ledger-core/src/store/memory.rs:1 std",
  ]);
});

pipeline("analyze() measures the fixture: traits are abstract, inline test modules count, traps stay out", () => {
  const report = analyze(fixtureRepo("lang-rust"));
  const file = (path: string) => report.files.find((f) => f.path === path)!;
  const account = file("crates/ledger-core/src/account.rs");
  // AccountId, Kind, Account, Named (trait); is_overdrawn and the test fn of `mod tests`.
  assert.equal([account.types, account.abstractTypes, account.functions], [4, 1, 2]);
  // Two match arms.
  assert.is(account.complexity, 2);
  // for (1) + three match arms (3) + `!a.is_empty() && ...` (1) + if (1); `&&String` is a type.
  assert.is(file("crates/ledger-cli/src/commands.rs").complexity, 6);
  // if (1) + || (1) + && (1); the imports in comments and strings are not code.
  assert.is(file("crates/ledger-cli/src/main.rs").complexity, 3);
  assert.equal(file("crates/ledger-core/src/util/money.rs").markers.map((m) => `${m.kind}@${m.line}`), ["FIXME@4"]);
});

pipeline("a parent's `mod x;` and its child's `use crate::` close no cycle; siblings using each other make a low one; what the tests use is no dependency", () => {
  const root = tempDir("tool-rust-crate-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "shop"\nversion = "0.1.0"\n',
    "src/lib.rs": "pub mod body;\npub mod order;\npub mod cart;\npub mod util;\n#[cfg(test)]\nmod test_helpers;\npub struct Error;\n",
    "src/body.rs": "use crate::Error;\npub fn parse() -> Result<(), Error> { Ok(()) }\n",
    "src/order.rs": "use crate::cart::Cart;\npub struct Order(Cart);\n",
    "src/cart.rs": "use crate::order::Order;\npub struct Cart(Vec<Order>);\n#[cfg(test)]\nmod tests {\n    use crate::util::now;\n    use super::*;\n}\n",
    "src/util.rs": "pub fn now() {}\n",
    "src/test_helpers.rs": "use crate::body::parse;\npub fn client() { parse().ok(); }\n",
  });
  commitAll(root);
  const report = analyze(root);
  assert.equal(report.cycles.map((c) => [c.kind, c.files]), [["runtime", ["src/cart.rs", "src/order.rs"]]]);
  assert.equal(report.edges.filter((e) => e.from === "src/cart.rs").map((e) => e.to), ["src/order.rs"], "the test module's uses are left out");
  assert.equal(report.edges.filter((e) => e.from === "src/lib.rs").map((e) => e.kind), Array(5).fill("declaration"));
  assert.is(report.files.find((f) => f.path === "src/util.rs")!.unused, false, "a declared module is reached");
  // One crate compiles as a unit: its module cycle cannot fail at run time, so it is a low note.
  const cycle = report.findings.find((f) => f.rule === "import-cycle")!;
  assert.equal([cycle.severity, cycle.title], ["low", "Module cycle of 2 files"]);
  assert.is(report.health.deductions.find((d) => d.rule === "import-cycle"), undefined);
});

pipeline.run();

// Each language's most complex function: its name, its header's line and its own decision points
// (a nested function's are its own), across the header and body layouts formatters produce.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { extractC } from "../../analysis/languages/c.ts";
import { extractCsharp } from "../../analysis/languages/csharp.ts";
import { extractDart } from "../../analysis/languages/dart.ts";
import { extractElixir } from "../../analysis/languages/elixir/mod.ts";
import { extractGo } from "../../analysis/languages/go.ts";
import { extractJava } from "../../analysis/languages/java.ts";
import { extractScript } from "../../analysis/languages/javascript/mod.ts";
import { extractKotlin } from "../../analysis/languages/kotlin.ts";
import { extractPhp } from "../../analysis/languages/php/mod.ts";
import { extractPython } from "../../analysis/languages/python.ts";
import { extractRuby } from "../../analysis/languages/ruby/mod.ts";
import { extractRust } from "../../analysis/languages/rust.ts";
import { extractSwift } from "../../analysis/languages/swift.ts";

const test = suite("the most complex function of a file");

/**
 * Twenty one-decision functions, appended so that a file reaches the 20 decision points from
 * which functions are measured (functions.ts MEASURED_FROM) without changing which is the most complex.
 */
const filler = (line: (i: number) => string) => `\n${Array.from({ length: 20 }, (_, i) => line(i)).join("\n")}\n`;

/** `n` lines of `if (...)`-style branches in a language's syntax, at `indent`. */
const ifs = (n: number, indent: string, line: (i: number) => string) => Array.from({ length: n }, (_, i) => indent + line(i)).join("\n");

test("TypeScript: methods, arrows with multi-line parameters, nested callbacks counted apart", () => {
  const src = [
    "export class Router {",
    "  add(path: string): void {", // 2
    "    if (path) this.paths.push(path);",
    "  }",
    "  match(method: string, path: string): string | undefined {", // 5
    ifs(6, "    ", (i) => `if (method === "m${i}") return "${i}";`),
    "    this.paths.forEach((p) => {", // 12: a callback, its own function
    ifs(9, "      ", (i) => `if (p === "${i}") return;`),
    "    });",
    "    return undefined;",
    "  }",
    "}",
    "export const verify = async (",
    "  token: string,",
    "): Promise<boolean> => {",
    ifs(7, "  ", (i) => `if (token === "${i}") return true;`),
    "  return false;",
    "};",
  ].join("\n") + filler((i) => `export function f${i}(x: number) { return x ? 1 : 0; }`);
  const facts = extractScript(src, "router.ts");
  assert.equal(facts.mostComplexFunction, { name: "(anonymous)", line: 12, end: 22, complexity: 9, depth: 1 }, "the callback's branches are its own");
  const methodFirst = extractScript(src.replace(ifs(9, "      ", (i) => `if (p === "${i}") return;`), "      void p;"), "router.ts");
  assert.equal(methodFirst.mostComplexFunction, { name: "verify", line: 18, end: 29, complexity: 7, depth: 1 }, "a header whose parameters run over lines");
  assert.is(facts.complexity, 1 + 6 + 9 + 7 + 20);
});

test("TypeScript: a parameter's object type and a return type written over several lines end at a line at the header's depth that opens the body (}): Promise<R> {, > {); a call's closing }); still ends its callback", () => {
  const src = [
    '"use server";',
    "export async function verifyAuthCode(params: {",
    "  email: string;",
    "  code: string;",
    "}): Promise<VerificationResult> {", // 5
    ifs(8, "  ", (i) => `if (params.code === "${i}") return fail();`),
    "  return ok();",
    "}",
    "export async function beginEnrollment(): Promise<",
    "  | { success: true; qrCode: string }",
    "  | AuthErrorResponse",
    "> {",
    ifs(6, "  ", (i) => `if (challenge === "${i}") return expired();`),
    "  return start();",
    "}",
    "export const handler = wrap(async () => {",
    ifs(3, "  ", (i) => `if (x === "${i}") return;`),
    "});",
    "const after = 1;",
  ].join("\n") + filler((i) => `export function f${i}(x: number) { return x ? 1 : 0; }`);
  const facts = extractScript(src, "actions.ts");
  assert.equal(facts.mostComplexFunction, { name: "verifyAuthCode", line: 2, end: 15, complexity: 8, depth: 1 }, "the code of both is in their functions, none outside");
});

test("TypeScript: destructured parameters over several lines, with their type in place (}: {, then }): T {) or named (}: Props) {), are the header; the body runs to its own closing brace", () => {
  const src = [
    "export function getDefaultSettings({",
    "  statsEngine,",
    "  organization,",
    "}: {",
    "  statsEngine: string;",
    "  organization: Org;",
    "}): Settings {", // 7
    ifs(6, "  ", (i) => `if (statsEngine === "${i}") return fail();`),
    "  return ok();",
    "}",
    "export function Panel({",
    "  title,",
    "  rows,",
    "}: PanelProps) {", // 19
    ifs(9, "  ", (i) => `if (title === "${i}") return null;`),
    "  return rows;",
    "}",
  ].join("\n") + filler((i) => `export function f${i}(x: number) { return x ? 1 : 0; }`);
  const facts = extractScript(src, "settings.ts");
  assert.equal(facts.mostComplexFunction, { name: "Panel", line: 16, end: 30, complexity: 9, depth: 1 }, "the code of both is in their functions, none outside");
});

test("Python: def and async def, a nested def apart, the next statement ends the body", () => {
  const src = [
    "def small(x):",
    "    return x or 1",
    "",
    "class App:",
    "    async def run(",
    "        self,",
    "    ) -> None:",
    ifs(5, "        ", (i) => `if self.x == ${i}: return`),
    "        def inner():",
    ifs(8, "            ", (i) => `if y == ${i}: return`),
    "        return inner",
    "",
    "value = 1 if small(2) else 3",
  ].join("\n") + filler((i) => `def f${i}(x): return x or 1`);
  assert.equal(extractPython(src).mostComplexFunction, { name: "inner", line: 13, end: 21, complexity: 8, depth: 1 });
  const flat = src.replace(ifs(8, "            ", (i) => `if y == ${i}: return`), "            pass");
  assert.equal(extractPython(flat).mostComplexFunction, { name: "run", line: 5, end: 16, complexity: 5, depth: 1 });
});

test("Go: methods with receivers, a label at column 0 stays in its function", () => {
  const src = [
    "package tree",
    "",
    "func (n *node) getValue(path string) int {",
    "walk: // the outer loop",
    "\tfor {",
    ifs(6, "\t\t", (i) => `if path == "${i}" && n != nil {`) ,
    "\t}",
    "}",
    "",
    "func small() {}",
  ].join("\n") + filler((i) => `func f${i}(x bool) int { if x { return 1 }; return 0 }`);
  assert.equal(extractGo(src).mostComplexFunction, { name: "getValue", line: 3, end: 13, complexity: 13, depth: 2 });
});

test("Java and C# (Allman braces): methods and constructors, not control statements", () => {
  const java = [
    "class A {",
    "  public A(int x) {",
    "    if (x > 0) this.x = x;",
    "  }",
    "  private static List<String> names(Map<String, Integer> m) {",
    ifs(4, "    ", (i) => `if (m.get("${i}") != null) return null;`),
    "    else if (m.isEmpty()) return null;",
    "    return null;",
    "  }",
    "}",
  ].join("\n") + `class F {${filler((i) => `  int f${i}(int x) { return x > 0 ? 1 : 0; }`)}}\n`;
  assert.equal(extractJava(java).mostComplexFunction, { name: "names", line: 5, end: 12, complexity: 5, depth: 1 });
  const csharp = [
    "public class Orders",
    "{",
    "    public async Task<int> Count(int a)",
    "    {",
    ifs(3, "        ", (i) => `if (a == ${i}) return ${i};`),
    "        return a > 9 ? 1 : 0;",
    "    }",
    "}",
  ].join("\n") + `class F {${filler((i) => `  int F${i}(int x) { return x > 0 ? 1 : 0; }`)}}\n`;
  assert.equal(extractCsharp(csharp).mostComplexFunction, { name: "Count", line: 3, end: 9, complexity: 4, depth: 1 });
});

test("C, Rust, Kotlin, Swift, Dart, PHP, Ruby and Elixir", () => {
  const c = "static int parse(const char *s)\n{\n  if (!s) return 0;\n  while (*s) { if (*s == 'a' || *s == 'b') return 1; s++; }\nout:\n  return 0;\n}\n" +
    filler((i) => `static int f${i}(int x) { if (x) return 1; return 0; }`);
  assert.equal(extractC(c).mostComplexFunction, { name: "parse", line: 1, end: 7, complexity: 4, depth: 1 });
  const rust = "pub fn small() {}\n\nimpl Parser {\n    pub(crate) async fn parse(&self, s: &str) -> u8 {\n        if s.is_empty() && self.ok { return 0; }\n        match s { \"a\" => 1, _ => 2 }\n    }\n}\n" +
    filler((i) => `fn f${i}(x: bool) -> u8 { if x { 1 } else { 0 } }`);
  assert.equal(extractRust(rust).mostComplexFunction, { name: "parse", line: 4, end: 7, complexity: 4, depth: 1 });
  const kotlin = "class A {\n    private suspend fun String.shout(n: Int): String {\n        if (n > 1 && n < 5) return this\n        return when (n) {\n            1 -> \"a\"\n            else -> \"b\"\n        }\n    }\n}\n" + filler((i) => `fun f${i}(x: Int): Int { if (x > 0) return 1; return 0 }`);
  assert.is(extractKotlin(kotlin, "A.kt").mostComplexFunction?.name, "shout");
  const swift = "struct A {\n    init(x: Int) {\n        if x > 0 { }\n    }\n    @discardableResult public func run(_ x: Int) -> Int {\n        guard x > 0 else { return 0 }\n        if x > 1 && x < 3 { return 1 }\n        return x > 2 ? 1 : 0\n    }\n}\n" + filler((i) => `func f${i}(_ x: Int) -> Int { if x > 0 { return 1 }; return 0 }`);
  assert.equal(extractSwift(swift).mostComplexFunction, { name: "run", line: 5, end: 9, complexity: 4, depth: 1 });
  const dart = "class A {\n  Future<void> load(int n) async {\n    if (n > 0 && n < 3) return;\n    for (var i in [1]) {}\n  }\n}\n" + filler((i) => `int f${i}(int x) { if (x > 0) return 1; return 0; }`);
  assert.equal(extractDart(dart).mostComplexFunction, { name: "load", line: 2, end: 5, complexity: 3, depth: 1 });
  const php = "<?php\nclass A {\n    public static function &find($id) {\n        if ($id && $id > 1) { return null; }\n        return $id ?? 0;\n    }\n}\n" + filler((i) => `function f${i}($x) { if ($x) { return 1; } return 0; }`);
  assert.equal(extractPhp(php).mostComplexFunction, { name: "find", line: 3, end: 6, complexity: 3, depth: 1 });
  const ruby = "class A\n  def self.valid?(x)\n    return false unless x\n    x > 1 && x < 3 ? true : false\n  end\n\n  def small; end\n\n  def load\n    if x && y then 1 end\n  rescue LoadError\n    z && w && v\n  end\nend\n" + filler((i) => `def f${i}(x); x && 1; end`);
  assert.equal(extractRuby(ruby, "a.rb").mostComplexFunction, { name: "load", line: 9, end: 13, complexity: 5, depth: 1 }, "a method-level rescue (a decision) and what follows it are the method's");
  const elixir = "defmodule A do\n  defp check(x) do\n    if x > 1 and x < 3, do: :ok, else: :no\n  end\nend\n" +
    `defmodule F do${filler((i) => `  def f${i}(x), do: x and 1`)}end\n`;
  assert.equal(extractElixir(elixir).mostComplexFunction, { name: "check", line: 2, end: 4, complexity: 2, depth: 1 });
});

test("Ruby's `private def` and Rust's `where` clauses and macro-made fns are functions, not code outside them", () => {
  const ruby = `class Parser\n  private def normalize(params)\n${ifs(21, "    ", (i) => `return ${i} if params == ${i}`)}\n  end\nend\n`;
  assert.equal(extractRuby(ruby, "a.rb").mostComplexFunction, { name: "normalize", line: 2, end: 24, complexity: 21, depth: 0 });
  const rust = [
    "impl<'de> Deserializer<'de> for PathDeserializer<'de> {",
    "    fn deserialize_tuple_struct<V>(",
    "        self,",
    "        visitor: V,",
    "    ) -> Result<V::Value, Self::Error>",
    "    where",
    "        V: Visitor<'de>,",
    "    {",
    ifs(21, "        ", (i) => `if self.len == ${i} { return Err(Error); }`),
    "        visitor.visit()",
    "    }",
    "}",
    "macro_rules! parse_single_value {",
    "    ($trait_fn:ident) => {",
    "        fn $trait_fn<V>(self, visitor: V) -> Result<V::Value, Self::Error> {",
    "            if self.len != 1 { return Err(Error); }",
    "        }",
    "    };",
    "}",
  ].join("\n");
  assert.equal(extractRust(rust).mostComplexFunction, { name: "deserialize_tuple_struct", line: 2, end: 31, complexity: 21, depth: 1 });
});

test("C#: a method returning a tuple (Task<(bool Success, bool RequiresConfirmation)>) is a function, not code outside functions", () => {
  const csharp = [
    "public sealed class WebHandler",
    "{",
    "    [PublicAPI]",
    "    public async Task<(bool Success, bool RequiresMobileConfirmation)> AcceptTradeOffer(ulong tradeID) {",
    ifs(21, "        ", (i) => `if (tradeID == ${i}) throw new ArgumentOutOfRangeException(nameof(tradeID));`),
    "        return (true, false);",
    "    }",
    "}",
  ].join("\n");
  assert.equal(extractCsharp(csharp).mostComplexFunction, { name: "AcceptTradeOffer", line: 4, end: 27, complexity: 21, depth: 1 });
});

test("C#: a generic method is a function, not code outside functions", () => {
  const csharp = [
    "public static class AsyncRetryTResultSyntax",
    "{",
    "    public static AsyncRetryPolicy<TResult> RetryAsync<TResult>(this PolicyBuilder<TResult> builder, int count)",
    "    {",
    ifs(21, "        ", (i) => `if (count == ${i}) throw new ArgumentOutOfRangeException(nameof(count));`),
    "        return new AsyncRetryPolicy<TResult>(builder);",
    "    }",
    "}",
  ].join("\n");
  assert.equal(extractCsharp(csharp).mostComplexFunction, { name: "RetryAsync", line: 3, end: 27, complexity: 21, depth: 1 });
});

test("a script with no function is judged by its top-level code; below 20 decision points nothing is measured", () => {
  const script = `import sys\n${Array.from({ length: 21 }, (_, i) => `if sys.argv[${i}]:\n    print(${i})`).join("\n")}\n`;
  assert.equal(extractPython(script).mostComplexFunction, { name: "code outside functions", line: 1, complexity: 21, depth: 1 });
  assert.is(extractScript(`export function f(a: number) {\n${ifs(19, "  ", (i) => `if (a === ${i}) return;`)}\n}\n`, "a.ts").mostComplexFunction, undefined);
});

test("depth: how many control statements a function's deepest one sits in, not how far its lines are indented", () => {
  // Loops three deep with a branch inside, two-space TypeScript: depth 4.
  const nested = [
    "export function route(table: string[][], path: string) {",
    "  for (const row of table) {",
    "    for (const cell of row) {",
    "      while (path) {",
    "        if (cell === path) return cell;",
    "      }",
    "    }",
    "  }",
    ifs(18, "  ", (i) => `if (path === "${i}") return "${i}";`),
    "}",
  ].join("\n");
  assert.equal(extractScript(nested, "a.ts").mostComplexFunction, { name: "route", line: 1, end: 27, complexity: 22, depth: 4 });
  // The same in four-space Python measures alike.
  const python = [
    "def route(table, path):",
    "    for row in table:",
    "        for cell in row:",
    "            while path:",
    "                if cell == path:",
    "                    return cell",
    ifs(18, "    ", (i) => `if path == "${i}": return ${i}`),
  ].join("\n");
  assert.equal(extractPython(python).mostComplexFunction, { name: "route", line: 1, end: 24, complexity: 22, depth: 4 });
  // Guard clauses with a long literal and a multi-line call indented far: flat, depth 1.
  const flat = [
    "export function verify(token: Token) {",
    ifs(20, "  ", (i) => `if (!token.c${i}) throw new Error("c${i}");`),
    "  return build({",
    "    header: {",
    "      claims: {",
    "        exp: token.exp,",
    "      },",
    "    },",
    "  });",
    "}",
  ].join("\n");
  assert.equal(extractScript(flat, "a.ts").mostComplexFunction, { name: "verify", line: 1, end: 29, complexity: 20, depth: 1 });
  // A callback inside a loop: its branches are its own, but they are read inside the loop.
  const callback = [
    "export function walk(groups: number[][]) {",
    ifs(20, "  ", (i) => `if (groups.length === ${i}) return;`),
    "  for (const items of groups) {",
    "    items.forEach((it) => {",
    "      if (it > 0) return;",
    "    });",
    "  }",
    "}",
  ].join("\n");
  assert.equal(extractScript(callback, "a.ts").mostComplexFunction, { name: "walk", line: 1, end: 27, complexity: 21, depth: 2 });
  // A middleware factory: closures returning closures indent the branch, they do not nest it.
  const factory = [
    "func Logger(config Config) MiddlewareFunc {",
    ifs(20, "\t", (i) => `if config.Skip${i} { config.Skip${i} = false }`),
    "\treturn func(next HandlerFunc) HandlerFunc {",
    "\t\treturn func(c Context) error {",
    "\t\t\tif config.Skipper(c) {",
    "\t\t\t\treturn next(c)",
    "\t\t\t}",
    "\t\t\treturn nil",
    "\t\t}",
    "\t}",
    "}",
  ].join("\n");
  assert.equal(extractGo(factory).mostComplexFunction, { name: "Logger", line: 1, end: 30, complexity: 21, depth: 1 });
});

test.run();

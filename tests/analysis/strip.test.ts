import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { LANGUAGES, languageOf } from "../../analysis/languages/mod.ts";
import { countDecisions, quoted, strip, type Syntax } from "../../analysis/languages/strip.ts";
import { PROJECT_ROOT } from "../helpers/repo.ts";

const syntax: Syntax = {
  lineComments: ["//"],
  blockComments: [{ open: "/*", close: "*/", nested: true }],
  matchString: (src, pos) => (src[pos] === '"' ? quoted(src, pos, '"', { multiline: true }) : undefined),
};
const test = suite("strip");

test("strip() blanks comments and string text but keeps offsets, lines and quotes", () => {
  const src = 'a = "if x" // if y\n/* outer /* inner */ still comment */ b\n';
  const result = strip(src, syntax);
  assert.is(result.code.length, src.length);
  const expected = src.replace('"if x"', '"    "').replace("// if y", " ".repeat(7)).replace(/\/\*.*\*\//, (m) => " ".repeat(m.length));
  assert.is(result.code, expected);
  assert.equal(result.comments.map((c) => [c.line, c.text.trim()]), [[1, "if y"], [2, "outer /* inner */ still comment"]]);
  assert.equal(result.strings.map((s) => [s.value, s.line]), [["if x", 1]]);
  assert.is(result.stringAt(4)!.value, "if x");
  assert.is(countDecisions(result.code, ["if"]), 0);
});

test("strip() gives no indentation to lines that start inside a string or comment, nor to a BOM", () => {
  const src = '\ufeffx = "\n        deep text\n  "\n  y\n/*\n            z\n*/\n';
  assert.equal(strip(src, syntax).indents, [0, 2], "only `x = ...` and `  y` are lines of code");
});

test("a syntax that names its literals' first characters strips every file of every language as asking at each position does", () => {
  // Every fixture and source file of this repository: 14 languages, with raw, prefixed,
  // interpolated and nested literals and comments.
  const listed = spawnSync("git", ["ls-files", "-z"], { cwd: PROJECT_ROOT, encoding: "utf8", maxBuffer: 64 << 20 }).stdout.split("\0");
  const compared = new Set<string>();
  for (const path of listed) {
    const syntax = languageOf(path)?.syntax;
    if (!syntax?.literalStarts) continue;
    const src = readFileSync(join(PROJECT_ROOT, path), "utf8");
    const jumping = strip(src, syntax);
    const asking = strip(src, { ...syntax, literalStarts: undefined });
    const view = (s: ReturnType<typeof strip>) => ({ code: s.code, comments: s.comments, strings: s.strings, indents: s.indents, lines: s.lines });
    assert.equal(view(jumping), view(asking), path);
    compared.add(languageOf(path)!.id);
  }
  const named = LANGUAGES.filter((l) => l.syntax.literalStarts).map((l) => l.id);
  assert.equal([...compared].sort(), [...named].sort(), "every language that names its literal starts has files here");
});

test("JS regular-expression literals are blanked whole: a // or a quote inside one opens no comment or string; a division is no regex", () => {
  const js = LANGUAGES.find((l) => l.id === "javascript")!.syntax;
  const src = [
    "const skip = { path: [{ url: /api\\/profiles\\/.+\\//g }, { url: /[\"']x/ }] };",
    "const half = total / 2 / count; // a comment",
    "const ok = items.filter((s) => /^\\/\\//.test(s)) && name;",
    "return /[/*]/.test(path);",
    '<Link to={home} /> <a href="/about">About</a>',
  ].join("\n");
  const { code, comments, strings } = strip(src, js);
  assert.equal(code.split("\n").length, 5);
  assert.ok(code.split("\n")[0]!.endsWith("}] };"), code.split("\n")[0]);
  assert.equal(comments.map((c) => c.text), [" a comment"]);
  assert.equal(strings.map((s) => s.value), ["/about"], "a JSX element closed after an attribute's braces is no regex");
  assert.ok(code.includes("total / 2 / count"));
  assert.ok(code.split("\n")[2]!.endsWith(".test(s)) && name;"), code.split("\n")[2]);
  assert.ok(code.split("\n")[3]!.endsWith(".test(path);"), code.split("\n")[3]);
});

test.run();

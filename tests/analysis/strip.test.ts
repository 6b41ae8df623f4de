import { suite } from "uvu";
import * as assert from "uvu/assert";
import { countDecisions, quoted, strip, type Syntax } from "../../analysis/languages/strip.ts";

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

test.run();

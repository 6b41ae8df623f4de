import { suite } from "uvu";
import * as assert from "uvu/assert";
import { extractScript } from "../../analysis/languages/javascript/mod.ts";
import { languageOf } from "../../analysis/languages/mod.ts";

const test = suite("javascript extraction");
const importsOf = (src: string, path = "x.ts") =>
  extractScript(src, path).imports.map((i) => `${i.kind} ${i.specifier} @${i.line}`);

test("extract() finds every import form with its kind and line", () => {
  const src = [
    'import a from "./a";',
    'import type { B } from "./b";',
    'import { type C, type D } from "./cd";',
    'import { type E, F } from "./ef";',
    'import "./side";',
    'export * from "./all";',
    'export type * from "./types";',
    'export { x } from "./x";',
    'export type { Y } from "./y";',
    'import X = require("./req-eq");',
    'const lazy = () => import("./lazy");',
    'const r = require("./r");',
    'type T = typeof import("./typed");',
    'import * as ns from "./ns";',
    'import type from "./default-named-type";',
    "const t = import(`./static-template`);",
  ].join("\n");
  assert.equal(importsOf(src), [
    "import ./a @1", "type ./b @2", "type ./cd @3", "import ./ef @4", "import ./side @5",
    "reexport ./all @6", "type ./types @7", "reexport ./x @8", "type ./y @9", "require ./req-eq @10",
    "dynamic ./lazy @11", "require ./r @12", "type ./typed @13", "import ./ns @14",
    "import ./default-named-type @15", "dynamic ./static-template @16",
  ]);
});

test("extract() ignores imports inside comments, strings, templates and regular expressions", () => {
  const src = [
    '// import nope from "./comment";',
    '/* import nope from "./block"; */',
    'const s = "import nope from \'./string\'";',
    'const t = `${s} import x from "./template"`;',
    'const re = /import y from "\\.\\/regex"/;',
    'obj.import("./method");',
    'const dyn = import(`./${name}`);',
    'import real from "./real";',
  ].join("\n");
  assert.equal(importsOf(src), ["import ./real @8"]);
});

test("extract() reads multi-line imports at the line of their keyword", () => {
  const src = 'import {\n  a,\n  b,\n} from "./multi";\nexport {\n  c,\n} from "./re";\n';
  assert.equal(importsOf(src), ["import ./multi @1", "reexport ./re @5"]);
});

test("extract() counts decision points, not optional markers or optional chaining", () => {
  const src = [
    "export function f(a?: number, o?: { x?: number }) {",
    "  if (a && a > 1 || !a) {",
    "    for (const x of [1]) { while (x) { break; } }",
    "  } else if (a ?? 0) {",
    "    return o?.x ? 1 : 2;",
    "  }",
    "  switch (a) { case 1: return 1; case 2: return 2; }",
    "  try { f(); } catch { return 0; }",
    '  const s = "if (x) for while &&";',
    "}",
  ].join("\n");
  // if, &&, ||, for, while, if, ??, ternary, case, case, catch
  assert.is(extractScript(src, "x.ts").complexity, 11);
});

test("extract() finds declared types, abstract ones and module-level functions", () => {
  const src = [
    "export interface Port { send(): void }",
    "export abstract class Base {}",
    "export class Concrete extends Base { method() { function inner() {} } }",
    "export type Alias = { a: number };",
    "enum Color { Red }",
    "export function top() {}",
    "export const arrow = (x: number): number => x;",
    "const fn = function () {};",
    "const value = compute(1);",
    "export default async function () {}",
  ].join("\n");
  const facts = extractScript(src, "x.ts");
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}`), ["Port:true", "Base:true", "Concrete:false", "Alias:true", "Color:false"]);
  assert.is(facts.functions, 4);
});

test("extract() finds FIXME, HACK, TODO markers only in comments", () => {
  const src = ['// TODO: split this file', 'const s = "TODO not a marker";', "/* FIXME\n   HACK: around the bug */", "// this is a hack, not a marker", "// todo: lower-case label"].join("\n");
  assert.equal(extractScript(src, "x.ts").markers.map((m) => `${m.kind}@${m.line}:${m.text}`), [
    "TODO@1:split this file", "FIXME@3:", "HACK@4:around the bug", "TODO@6:lower-case label",
  ]);
});

test("extract() handles CRLF line endings and a UTF-8 BOM", () => {
  const src = '\ufeffimport a from "./a";\r\nimport b from "./b";\r\n';
  assert.equal(importsOf(src), ["import ./a @1", "import ./b @2"]);
  assert.is(extractScript(src, "x.ts").lines, 2);
});

test("extract() lets apostrophes in JSX text pass without losing later imports", () => {
  const src = 'import a from "./a";\nconst C = () => <p>Don\'t panic</p>;\nimport b from "./b";\n';
  assert.equal(importsOf(src, "x.tsx"), ["import ./a @1", "import ./b @3"]);
  assert.is(extractScript(src, "x.tsx").parse, "lexical");
});

test("extract() falls back to the lexical result and reports a file that does not parse", () => {
  const facts = extractScript('import a from "./a";\nexport const x = {\n  a,\n', "x.ts");
  assert.equal(facts.imports.map((i) => i.specifier), ["./a"]);
  assert.ok(facts.parseError);
  assert.is(facts.parseError!.line, 4);
});

test("extract() uses acorn's imports when the lexer is unsure but the file parses", () => {
  // A regular expression after `)` is read as division by the lexer; acorn settles it.
  const src = 'if (x) /}/.test(y);\nimport a from "./a";\n';
  const facts = extractScript(src, "x.js");
  assert.is(facts.parse, "parsed");
  assert.equal(facts.imports.map((i) => i.specifier), ["./a"]);
});

test("extract() reads the script blocks of Vue and Svelte files at their own lines", () => {
  const vue = '<template>\n  <div>import x from "./not"</div>\n</template>\n<script setup lang="ts">\nimport A from "./A.vue";\nimport type { P } from "./p";\n</script>\n';
  const language = languageOf("Comp.vue")!;
  assert.equal(language.extract(vue, "Comp.vue").imports.map((i) => `${i.kind} ${i.specifier} @${i.line}`), ["import ./A.vue @5", "type ./p @6"]);
  const svelte = '<script>\n  import Child from "./Child.svelte";\n</script>\n<h1>Hi</h1>\n';
  assert.equal(languageOf("App.svelte")!.extract(svelte, "App.svelte").imports.map((i) => i.specifier), ["./Child.svelte"]);
});

test.run();

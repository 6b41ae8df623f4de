/**
 * Java: imports (single-type, on-demand `.*`, `static`), the package, declared types and
 * decision points, read with regular expressions over code whose comments and strings
 * (text blocks included) are blanked.
 */
import type { Extracted, ImportFact, TypeFact } from "../facts.ts";
import { depthCursor, modifiersBefore } from "./curly.ts";
import type { Language } from "./language.ts";
import { markersIn } from "./markers.ts";
import { nestingFromIndents } from "./nesting.ts";
import { countDecisions, quoted, strip, type Syntax } from "./strip.ts";
import { C_FAMILY_HEADER, cFamilyName, mostComplexFunction } from "./functions.ts";

const NAME = String.raw`[A-Za-z_$][\w$]*`;
const QUALIFIED = String.raw`${NAME}(?:\s*\.\s*${NAME})*`;

export const JAVA_SYNTAX: Syntax = {
  lineComments: ["//"],
  // Java block comments do not nest: the first `*/` closes.
  blockComments: [{ open: "/*", close: "*/" }],
  literalStarts: "\"'",
  matchString(src, pos) {
    const c = src.charCodeAt(pos);
    if (c === 34) {
      return src.startsWith('"""', pos) ? quoted(src, pos, '"""', { multiline: true }) : quoted(src, pos, '"');
    }
    if (c === 39) return quoted(src, pos, "'");
    return undefined;
  },
};

const PACKAGE = new RegExp(String.raw`(?<![\w$.])package\s+(${QUALIFIED})\s*;`);
const IMPORT = new RegExp(String.raw`(?:^|;)[ \t]*import\s+(static\s+)?(${QUALIFIED}(?:\s*\.\s*\*)?)\s*;`, "gm");
// `Foo.class` and `Foo::class`-like member access are not declarations.
const TYPE = new RegExp(String.raw`(?<![\w$.:])(@\s*interface|class|interface|enum|record)\s+(${NAME})`, "g");
const DECISION_WORDS = ["if", "for", "while", "case", "catch"];
const decisionsIn = (code: string) => countDecisions(code, DECISION_WORDS, ["&&", "||"]) + javaTernaries(code);

/**
 * Reads one Java file. `declares` is the package name followed by the fully qualified names
 * of the top-level types (`["com.acme", "com.acme.Order"]`); a file without a package clause
 * declares nothing, since Java cannot import from the unnamed package. Import specifiers are
 * the qualified names as written without `static` (`com.acme.Strings.capitalize`, `com.acme.*`):
 * the resolver finds the class part of a static import by its longest declared prefix.
 */
export function extractJava(text: string): Extracted {
  const stripped = strip(text, JAVA_SYNTAX);
  const { code } = stripped;

  const imports: ImportFact[] = [];
  for (const match of code.matchAll(IMPORT)) {
    const at = match.index + match[0].indexOf("import");
    imports.push({ specifier: compact(match[2]!), kind: "import", line: stripped.lineAt(at) });
  }

  const pkg = PACKAGE.exec(code);
  const packageName = pkg ? compact(pkg[1]!) : undefined;
  const declares = packageName === undefined ? [] : [packageName];
  const types: TypeFact[] = [];
  const depthAt = depthCursor(code);
  for (const match of code.matchAll(TYPE)) {
    const keyword = match[1]!;
    const name = match[2]!;
    const rest = code.slice(match.index + match[0].length, match.index + match[0].length + 200);
    const after = rest.trimStart()[0];
    // `record` and `enum` are contextual: a record has its components, an enum its body.
    if (keyword === "record" && after !== "(" && after !== "<") continue;
    if (keyword === "enum" && after !== "{" && !/^\s*implements\b/.test(rest)) {
      continue;
    }
    // Interfaces and annotation types (`@interface`) declare no implementation.
    const abstract = keyword.endsWith("interface") ||
      (keyword === "class" && /\babstract\b/.test(modifiersBefore(code, match.index)));
    types.push({ name, abstract, line: stripped.lineAt(match.index) });
    if (packageName !== undefined && depthAt(match.index) === 0) declares.push(`${packageName}.${name}`);
  }

  const complexity = decisionsIn(code);
  return {
    lines: stripped.lines,
    imports,
    types,
    // Java has no functions outside classes.
    functions: 0,
    complexity,
    mostComplexFunction: mostComplexFunction(code, complexity, C_FAMILY_HEADER, decisionsIn, cFamilyName),
    nesting: nestingFromIndents(stripped.indents),
    markers: markersIn(stripped.comments),
    parse: "lexical",
    declares,
  };
}

/** Every `?` but the wildcards of generics (`<?>`, `<? extends T>`, `Map<K, ?>`). */
function javaTernaries(code: string): number {
  return code.match(/(?<![<,]\s*)\?/g)?.length ?? 0;
}

const compact = (name: string) => name.replace(/\s+/g, "");

export const java: Language = {
  id: "java",
  name: "Java",
  extensions: [".java"],
  syntax: JAVA_SYNTAX,
  extract: extractJava,
};

/**
 * C#: using directives (plain, `static`, aliases, `global`), block and file-scoped namespaces,
 * declared types and decision points, over code whose comments, strings (verbatim,
 * interpolated, raw) and preprocessor lines are blanked.
 */
import type { Extracted, ImportFact, TypeFact } from "../facts.ts";
import { blockAfter, countArms, modifiersBefore, spacedTernaries } from "./curly.ts";
import type { Language } from "./language.ts";
import { markersIn } from "./markers.ts";
import { nestingFromIndents } from "./nesting.ts";
import { countDecisions, quoted, type StringMatch, strip, type Syntax } from "./strip.ts";
import { C_FAMILY_HEADER, cFamilyName, mostComplexFunction } from "./functions.ts";

/**
 * C# strings: `"..."`, verbatim `@"..."` (`""` is a quote, line breaks allowed), interpolated
 * `$"...{expr}..."` (holes may hold strings; `{{` is a brace), `$@"`/`@$"`, raw `"""..."""`
 * closed by as many quotes as opened (also `$"""`), and chars.
 */
function csharpString(src: string, pos: number): StringMatch | undefined {
  const c = src.charCodeAt(pos);
  if (c === 39) return quoted(src, pos, "'");
  // Asked at every position: only `"`, `$` and `@` can start a string.
  if (c !== 34 && c !== 36 && c !== 64) return undefined;
  let i = pos;
  let interpolated = false;
  let verbatim = false;
  while (src[i] === "$" || src[i] === "@") {
    if (src[i] === "$") interpolated = true;
    else verbatim = true;
    i++;
  }
  if (src[i] !== '"' || i - pos > 3) return undefined;
  if (src.startsWith('"""', i) && !verbatim) {
    let run = 0;
    while (src[i + run] === '"') run++;
    const close = src.indexOf('"'.repeat(run), i + run);
    const valueEnd = close === -1 ? src.length : close;
    return { end: close === -1 ? src.length : close + run, valueStart: i + run, valueEnd };
  }
  const valueStart = ++i;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === "\\" && !verbatim) i += 2;
    else if (ch === '"') {
      if (verbatim && src[i + 1] === '"') i += 2;
      else return { end: i + 1, valueStart, valueEnd: i };
    } else if (interpolated && ch === "{") {
      if (src[i + 1] === "{") i += 2;
      else i = holeEnd(src, i + 1);
    } else if (ch === "\n" && !verbatim) return { end: i, valueStart, valueEnd: i };
    else i++;
  }
  return { end: src.length, valueStart, valueEnd: src.length };
}

/** Index after the `}` closing an interpolation hole whose expression starts at `from`. */
function holeEnd(src: string, from: number): number {
  let depth = 1;
  let i = from;
  while (i < src.length) {
    const c = src[i]!;
    const literal = c === '"' || c === "'" || c === "$" || c === "@" ? csharpString(src, i) : undefined;
    if (literal) {
      i = literal.end;
      continue;
    }
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
    i++;
  }
  return src.length;
}

export const CSHARP_SYNTAX: Syntax = {
  lineComments: ["//"],
  blockComments: [{ open: "/*", close: "*/" }],
  literalStarts: "\"'$@",
  matchString: csharpString,
};

const NAME = String.raw`@?[A-Za-z_]\w*`;
const QUALIFIED = String.raw`${NAME}(?:\s*\.\s*${NAME})*`;
const USING = new RegExp(
  String
    .raw`(?:^|[;{}])[ \t]*(?:global\s+)?using\s+(static\s+)?(?:(${NAME})\s*=\s*)?(?:global\s*::\s*)?(${QUALIFIED})(?:\s*<[^;]*>)?\s*;`,
  "gm",
);
const STRUCTURE = new RegExp(
  String
    .raw`[{}]|(?<![\w.@])namespace\s+(${QUALIFIED})\s*([{;])|(?<![\w.@])(record\s+struct|record\s+class|class|struct|interface|enum|record|delegate)\s+`,
  "g",
);
// Constraint keywords that follow `class`/`struct` in `where T : class` clauses.
const NOT_A_NAME = new Set(["where", "new", "unmanaged", "notnull"]);
const DELEGATE_NAME = /[\w.<>,?[\]\s]*?(\w+)\s*(?:<[^>()]*>)?\s*\(/y;
const DECISION_WORDS = ["if", "for", "foreach", "while", "case", "catch", "when"];
const decisionsIn = (code: string) => countDecisions(code, DECISION_WORDS, ["&&", "||", "??"]) + spacedTernaries(code) + switchArms(code);

/**
 * Reads one C# file. `declares` lists each namespace the file declares (nested block
 * namespaces by their full name: `A`, `A.B`) and the fully qualified name of each top-level
 * type (`A.B.Order`; a type outside any namespace by its name). Specifiers: `A.B` for
 * `using A.B;`, `static A.B.C` for `using static`, `X = A.B.C` for an alias. C# has no
 * module-level functions: the local functions of a top-level-statements file belong to the
 * generated entry method, so `functions` is 0.
 */
const PASCAL_NAME = /(?<![\w.@])[A-Z]\w*/g;

export function extractCsharp(text: string): Extracted {
  const stripped = strip(text, CSHARP_SYNTAX);
  // Preprocessor lines (`#if DEBUG`, `#region Helper class`) are neither code nor decisions.
  const code = stripped.code.replace(/^[ \t]*#.*$/gm, (line) => " ".repeat(line.length));

  const imports: ImportFact[] = [];
  for (const match of code.matchAll(USING)) {
    const name = match[3]!.replace(/\s+/g, "").replace(/@/g, "");
    const specifier = match[1] ? `static ${name}` : match[2] ? `${match[2].replace("@", "")} = ${name}` : name;
    imports.push({ specifier, kind: "import", line: stripped.lineAt(match.index + match[0].indexOf("using")) });
  }

  const declares = new Set<string>();
  const types: TypeFact[] = [];
  const namespaces: { name: string; depth: number }[] = [];
  let fileNamespace = "";
  let depth = 0;
  for (const match of code.matchAll(STRUCTURE)) {
    const token = match[0];
    if (token === "{") depth++;
    else if (token === "}") {
      depth = Math.max(0, depth - 1);
      while (namespaces.length && namespaces[namespaces.length - 1]!.depth > depth) namespaces.pop();
    } else if (match[1] !== undefined) {
      const outer = namespaces[namespaces.length - 1]?.name ?? fileNamespace;
      const name = (outer ? `${outer}.` : "") + match[1].replace(/\s+/g, "").replace(/@/g, "");
      declares.add(name);
      if (match[2] === ";") fileNamespace = name;
      else namespaces.push({ name, depth: ++depth });
    } else {
      const keyword = match[3]!.replace(/\s+/g, " ");
      const end = match.index + token.length;
      const name = keyword === "delegate" ? delegateName(code, end) : /^@?(\w+)/.exec(code.slice(end, end + 200))?.[1];
      if (!name || NOT_A_NAME.has(name)) continue;
      // `record` is contextual: a record's name is followed by its parameters, body or base.
      if (keyword.startsWith("record") && !/^@?\w+\s*[({<:;]/.test(code.slice(end, end + 200))) continue;
      // Interfaces, abstract classes and records, and delegates (a named function type)
      // declare no implementation.
      const abstract = keyword === "interface" || keyword === "delegate" ||
        ((keyword === "class" || keyword === "record" || keyword === "record class") &&
          /\babstract\b/.test(modifiersBefore(code, match.index, ";{}]")));
      types.push({ name, abstract, line: stripped.lineAt(match.index) });
      const scope = namespaces[namespaces.length - 1];
      if (depth === (scope?.depth ?? 0)) {
        const namespace = scope?.name ?? fileNamespace;
        declares.add(namespace ? `${namespace}.${name}` : name);
      }
    }
  }

  // What a `using` of a whole namespace can narrow to: the type-like names this file refers to,
  // and the methods it declares (an extension method is called by its own name).
  const own = new Set(types.map((t) => t.name));
  const uses = new Set<string>();
  for (const m of code.matchAll(PASCAL_NAME)) if (!own.has(m[0])) uses.add(m[0]);
  const exports = new Set<string>();
  for (const m of code.matchAll(C_FAMILY_HEADER)) {
    const name = cFamilyName(m);
    if (name && !own.has(name)) exports.add(name);
  }
  const complexity = decisionsIn(code);
  return {
    lines: stripped.lines,
    imports,
    types,
    uses: [...uses],
    exports: [...exports],
    functions: 0,
    complexity,
    mostComplexFunction: mostComplexFunction(code, complexity, C_FAMILY_HEADER, decisionsIn, cFamilyName),
    nesting: nestingFromIndents(stripped.indents),
    markers: markersIn(stripped.comments),
    parse: "lexical",
    declares: [...declares],
  };
}

function delegateName(code: string, from: number): string | undefined {
  DELEGATE_NAME.lastIndex = from;
  return DELEGATE_NAME.exec(code)?.[1];
}

/** Arms of switch expressions (`x switch { A => 1, _ => 0 }`) except the discard arm. */
function switchArms(code: string): number {
  let count = 0;
  for (const match of code.matchAll(/(?<![\w.])switch\b/g)) {
    const open = blockAfter(code, match.index + 6, "none");
    if (open !== -1) count += countArms(code, open, "=>", ",", "_");
  }
  return count;
}

export const csharp: Language = {
  id: "csharp",
  name: "C#",
  extensions: [".cs"],
  syntax: CSHARP_SYNTAX,
  extract: extractCsharp,
};

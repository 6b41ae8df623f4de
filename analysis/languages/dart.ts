/**
 * Dart: import, export and part directives (conditional imports included), declared types,
 * top-level functions and decision points, over code whose comments (nested block comments)
 * and strings (interpolated, triple-quoted, raw) are blanked.
 */
import type { Extracted, ImportFact, ImportKind, TypeFact } from "../facts.ts";
import { blockAfter, closing, countArms, depthCursor, modifiersBefore, spacedTernaries } from "./curly.ts";
import type { Language } from "./language.ts";
import { markersIn } from "./markers.ts";
import { nestingFromIndents } from "./nesting.ts";
import { countDecisions, type StringMatch, strip, type Stripped, type Syntax } from "./strip.ts";
import { C_FAMILY_HEADER, cFamilyName, mostComplexFunction } from "./functions.ts";

const isIdent = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;

/**
 * Dart strings: `'...'` and `"..."` with escapes and `${...}` interpolation (which may hold
 * strings), the triple-quoted forms spanning lines, and raw `r'...'`/`r"""..."""` without
 * escapes or interpolation.
 */
function dartString(src: string, pos: number): StringMatch | undefined {
  const first = src.charCodeAt(pos);
  // Asked at every position: only a quote or the `r` of a raw string can start one.
  if (first !== 39 && first !== 34 && first !== 114) return undefined;
  let i = pos;
  const raw = first === 114 && (pos === 0 || !isIdent(src.charCodeAt(pos - 1)));
  if (raw) i++;
  const c = src[i];
  if (c !== "'" && c !== '"') return undefined;
  const triple = src.startsWith(c.repeat(3), i);
  const close = triple ? c.repeat(3) : c;
  const valueStart = i + close.length;
  i = valueStart;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === "\\" && !raw) i += 2;
    else if (ch === "$" && src[i + 1] === "{" && !raw) i = interpolationEnd(src, i + 2);
    else if (src.startsWith(close, i)) return { end: i + close.length, valueStart, valueEnd: i };
    else if (ch === "\n" && !triple) return { end: i, valueStart, valueEnd: i };
    else i++;
  }
  return { end: src.length, valueStart, valueEnd: src.length };
}

function interpolationEnd(src: string, from: number): number {
  let depth = 1;
  let i = from;
  while (i < src.length) {
    const literal = dartString(src, i);
    if (literal) {
      i = literal.end;
      continue;
    }
    const c = src[i];
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
    i++;
  }
  return src.length;
}

export const DART_SYNTAX: Syntax = {
  // `///` doc comments are line comments too.
  lineComments: ["//"],
  // Dart block comments nest.
  blockComments: [{ open: "/*", close: "*/", nested: true }],
  literalStarts: "\"'r",
  matchString: dartString,
};

const DIRECTIVE = /(?:^|[;}])[ \t]*(import|export|part)\b/gm;
const TYPE = /(?<![\w$.])(class|mixin(?!\s+class\b)|enum|typedef|extension\s+type(?:\s+const)?)\s+([A-Za-z_$][\w$]*)/g;
const CALLABLE = /(?<![\w$.@])([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*(?:<[^<>()]*>[^<>()]*)*>)?\s*\(/g;
const ACCESSOR = /(?<![\w$.])(?:get|set)\s+([A-Za-z_$][\w$]*)\s*(?:=>|\{|\(|async\b|sync\b)/g;
const NOT_A_FUNCTION = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "return",
  "assert",
  "super",
  "this",
  "new",
  "const",
  "type",
  "on",
  "show",
  "hide",
  "get",
  "set",
]);
const DECISION_WORDS = ["if", "for", "while", "case", "catch", "when"];
const decisionsIn = (code: string) => countDecisions(code, DECISION_WORDS, ["&&", "||", "??"]) + spacedTernaries(code) + switchArms(code);

/**
 * Reads one Dart file. Specifiers are the URIs as written (`package:a/b.dart`, `src/x.dart`,
 * `dart:async`); every URI of a conditional import is an import. `part 'x.dart'` is an import
 * edge from the library to its part; `part of` makes none (the library already owns the part).
 * Dart resolves imports by path, so `declares` is not used.
 */
export function extractDart(text: string): Extracted {
  const stripped = strip(text, DART_SYNTAX);
  const { code } = stripped;
  const found = directives(stripped);
  // The `if (dart.library.io)` of a conditional import picks a file at compile time: no decision.
  const pieces: string[] = [];
  let last = 0;
  for (const [from, to] of found.spans) {
    pieces.push(code.slice(last, from), " ".repeat(to - from));
    last = to;
  }
  const body = pieces.join("") + code.slice(last);
  const complexity = decisionsIn(body);
  return {
    lines: stripped.lines,
    imports: found.imports,
    types: declaredTypes(stripped),
    functions: topLevelFunctions(code),
    complexity,
    mostComplexFunction: mostComplexFunction(body, complexity, C_FAMILY_HEADER, decisionsIn, cFamilyName),
    nesting: nestingFromIndents(stripped.indents),
    markers: markersIn(stripped.comments),
    parse: "lexical",
  };
}

function directives(stripped: Stripped): { imports: ImportFact[]; spans: [number, number][] } {
  const { code } = stripped;
  const imports: ImportFact[] = [];
  const spans: [number, number][] = [];
  for (const match of code.matchAll(DIRECTIVE)) {
    const word = match[1]!;
    const at = match.index + match[0].length - word.length;
    const rest = code.slice(at + word.length, at + word.length + 200);
    // A directive names its URI next; `part of` makes no edge, and `export(...)` is a call.
    if (!/^\s*['"]/.test(rest)) continue;
    const end = code.indexOf(";", at);
    const limit = end === -1 ? code.length : end;
    const kind: ImportKind = word === "export" ? "reexport" : "import";
    const line = stripped.lineAt(at);
    spans.push([at, limit]);
    for (let literal = stripped.stringAfter(at, limit); literal; literal = stripped.stringAfter(literal.end, limit)) {
      // `if (dart.library.io == 'true')` compares with a string that is no URI.
      if (/==\s*$/.test(code.slice(at, literal.start))) continue;
      imports.push({ specifier: literal.value, kind, line });
    }
  }
  return { imports, spans };
}

function declaredTypes(stripped: Stripped): TypeFact[] {
  const { code } = stripped;
  const depthAt = depthCursor(code);
  const types: TypeFact[] = [];
  for (const match of code.matchAll(TYPE)) {
    const keyword = match[1]!;
    let name = match[2]!;
    if (depthAt(match.index) !== 0) continue;
    let abstract: boolean;
    if (keyword === "class") {
      // `abstract`, `sealed` and `interface` classes cannot be instantiated; `mixin class`,
      // `base class` and `final class` can.
      abstract = /\b(abstract|sealed|interface)\b/.test(modifiersBefore(code, match.index));
    } else if (keyword === "typedef") {
      // A type alias declares no implementation (as `type X =` in TypeScript).
      abstract = true;
      const end = code.indexOf(";", match.index);
      const body = code.slice(match.index, end === -1 ? code.length : end);
      if (!body.includes("=")) name = /([A-Za-z_$][\w$]*)\s*(?:<[^(]*>)?\s*\(/.exec(body)?.[1] ?? name;
    } else {
      // A mixin is a reusable partial implementation, like a trait: abstract.
      abstract = keyword === "mixin";
    }
    types.push({ name, abstract, line: stripped.lineAt(match.index) });
  }
  return types;
}

/**
 * Top-level functions, getters and setters: a name followed by its parameters at depth 0,
 * written as a declaration (after a return type or at the start of a line, not after `=`,
 * `.` or `@`) and followed by a body (`{`, `=>`, `async`) or `;` for an external function.
 */
function topLevelFunctions(code: string): number {
  let count = 0;
  const depthAt = depthCursor(code);
  for (const match of code.matchAll(CALLABLE)) {
    if (NOT_A_FUNCTION.has(match[1]!) || depthAt(match.index) !== 0) continue;
    const window = code.slice(Math.max(0, match.index - 40), match.index);
    const before = window.trimEnd();
    const lineStart = before === "" || /\n[ \t\r]*$/.test(window);
    if (!lineStart && !/[\w$>?;}]$/.test(before)) continue;
    if (/(?:^|[^\w$])(?:type|const|new|return|await|get|set)$/.test(before)) continue;
    const after = code.slice(closing(code, match.index + match[0].length - 1), match.index + 4000).trimStart();
    if (/^(?:\{|=>|async\b|sync\b)/.test(after)) count++;
    else if (after.startsWith(";") && /\bexternal\b/.test(modifiersBefore(code, match.index))) count++;
  }
  const accessorDepth = depthCursor(code);
  for (const match of code.matchAll(ACCESSOR)) if (accessorDepth(match.index) === 0) count++;
  return count;
}

/**
 * Arms of switch expressions, except the `_` arm. A switch whose block has `case` labels is a
 * statement: its cases are counted as words already.
 */
function switchArms(code: string): number {
  let count = 0;
  for (const match of code.matchAll(/(?<![\w$.])switch\b/g)) {
    const open = blockAfter(code, match.index + 6, "required");
    if (open === -1) continue;
    const block = code.slice(open, closing(code, open));
    const depthAt = depthCursor(block);
    if ([...block.matchAll(/(?<![\w$.])case\b/g)].some((c) => depthAt(c.index) === 1)) continue;
    count += countArms(code, open, "=>", ",", "_");
  }
  return count;
}

export const dart: Language = {
  id: "dart",
  name: "Dart",
  extensions: [".dart"],
  syntax: DART_SYNTAX,
  extract: extractDart,
};

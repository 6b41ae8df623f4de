/** C and C++: includes, record types, function definitions at namespace level. */
import type { Extracted, ImportFact, TypeFact } from "../facts.ts";
import type { Language } from "./language.ts";
import { markersIn } from "./markers.ts";
import { braceScopes, headerStart } from "./native-scopes.ts";
import { nestingFromIndents } from "./nesting.ts";
import { countDecisions, type StringMatch, strip, type Stripped, type Syntax } from "./strip.ts";
import { C_FAMILY_HEADER, cFamilyName, mostComplexFunction } from "./functions.ts";

const IDENT_CHAR = /[A-Za-z0-9_$]/;

/**
 * Strings and chars with escapes and backslash-newline continuations (CRLF too), with the
 * L, u, U and u8 prefixes; C++ raw strings R"delim(...)delim" with the same prefixes. A quote
 * right after a digit or letter is a C++14 digit separator (1'000), not a char.
 */
export const C_SYNTAX: Syntax = {
  lineComments: ["//"],
  blockComments: [{ open: "/*", close: "*/" }],
  // L"..", u8"..", U"..", R"(..)": the prefix letter starts the literal.
  literalStarts: "\"'LuUR",
  matchString(src: string, pos: number): StringMatch | undefined {
    const c = src[pos];
    if (c === '"' || c === "'") {
      if (c === "'" && pos > 0 && IDENT_CHAR.test(src[pos - 1]!)) return undefined;
      return cString(src, pos);
    }
    if (c !== "L" && c !== "u" && c !== "U" && c !== "R") return undefined;
    if (pos > 0 && IDENT_CHAR.test(src[pos - 1]!)) return undefined;
    STRING_PREFIX.lastIndex = pos;
    const prefix = STRING_PREFIX.exec(src);
    if (!prefix) return undefined;
    const quote = pos + prefix[0].length - 1;
    if (!prefix[1]) return cString(src, quote);
    if (prefix[2] !== '"') return undefined;
    const open = src.indexOf("(", quote);
    const delimiter = open === -1 ? "" : src.slice(quote + 1, open);
    if (open === -1 || delimiter.length > 16 || BAD_DELIMITER.test(delimiter)) return undefined;
    const close = src.indexOf(`)${delimiter}"`, open + 1);
    if (close === -1) return { end: src.length, valueStart: open + 1, valueEnd: src.length };
    return { end: close + delimiter.length + 2, valueStart: open + 1, valueEnd: close };
  },
};

function cString(src: string, pos: number): StringMatch {
  const quote = src[pos];
  let i = pos + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\") i += src[i + 1] === "\r" && src[i + 2] === "\n" ? 3 : 2;
    else if (c === quote) return { end: i + 1, valueStart: pos + 1, valueEnd: i };
    else if (c === "\n") return { end: i, valueStart: pos + 1, valueEnd: i };
    else i++;
  }
  return { end: src.length, valueStart: pos + 1, valueEnd: src.length };
}

const STRING_PREFIX = /(?:u8|[LuU])?(R)?(["'])/y;
const BAD_DELIMITER = /[\s()\\]/;
const TYPEDEF_NAME = /\s*([A-Za-z_]\w*)/y;
const OPERATOR_NAME = /operator\s*(?:\(\)|[^\s\w(]+|\w+)\s*$/;
const NAME_CHAR = /[\w~]/;
const DIGIT = /\d/;
const DIRECTIVE = /^[ \t]*#(?:[^\n\\]|\\\r?\n?|\\[^\n])*/gm;
const INCLUDE = /^[ \t]*#[ \t]*include(?:_next)?[ \t]*(?:(")|<([^>\n]*)>)/;
const RECORD =
  /(?<![\w$])(class|struct|union|enum)\s+(?:(?:class|struct)\s+)?(?:(?:alignas\s*\([^)]*\)|__attribute__\s*\(\([^)]*\)\)|__declspec\s*\([^)]*\)|\[\[[^\]]*\]\]|[A-Z][A-Z0-9_]*)\s+)*([A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)\s*(?:final\s*)?(?::[^;{]*)?\{/g;
const ANONYMOUS_TYPEDEF = /(?<![\w$])typedef\s+(?:struct|union|enum)\s*\{/g;
const PURE_VIRTUAL = /\)\s*(?:(?:const|volatile|noexcept|override|final)\b\s*|&&?\s*)*=\s*0\s*;/;
const NAMESPACE_HEADER = /(?:(?<![\w$])namespace(?![\w$])[^()=;]*|(?<![\w$])extern\s*"[^"\n]*"\s*)$/;
const NOT_FUNCTIONS = new Set(
  "if for while switch catch return sizeof alignof decltype alignas __attribute__ __declspec static_assert typeof"
    .split(" "),
);
// What may follow a parameter list before the body: qualifiers, attributes, a trailing
// return type, a constructor's initializer list or a requires clause (the last three run to `{`).
const TRAILER_TOKEN =
  /\s+|(?:const|volatile|noexcept|override|final|mutable|constexpr|try)\b|(?:noexcept|throw)\s*\([^()]*\)|&&?|\[\[[^\]]*\]\]|__attribute__\s*\(\([^()]*\)\)/y;
const TRAILER_REST = /:|->|requires\b/y;

/**
 * Reads C and C++ (one reader for both: a header may be either). Imports: `#include "x.h"` as
 * `x.h` and `#include <x.h>` as `<x.h>`, on preprocessor lines only (with continuations).
 * Types: named class, struct, union and enum definitions (with a body) at any depth, and
 * `typedef struct { } Name`; a class or struct with a pure virtual method (`) = 0;`) is
 * abstract. Functions: a name with a parameter list and a body whose enclosing blocks are
 * only namespaces or `extern "C"`, so `Foo::bar() {}` written out of its class counts too.
 * Decisions: if, for, while, case, catch, ||, `?` and && (not `T&& x` references: a `&&` with
 * space on one side only); preprocessor lines are not code and are left out.
 */
export function extractC(text: string): Extracted {
  const stripped = strip(text, C_SYNTAX);
  const code = continueLineComments(text, stripped);
  const imports: ImportFact[] = [];
  const body = code.replace(DIRECTIVE, (directive, offset: number) => {
    const include = INCLUDE.exec(directive.replace(/\\\r?\n/g, (joint) => " ".repeat(joint.length)));
    if (include) {
      const line = stripped.lineAt(offset);
      const quoted = include[1] ? stripped.stringAt(offset + include[0].length - 1) : undefined;
      if (quoted) imports.push({ specifier: quoted.value, kind: "import", line });
      else if (include[2] !== undefined) imports.push({ specifier: `<${include[2].trim()}>`, kind: "import", line });
    }
    return directive.replace(/[^\r\n]/g, " ");
  });
  const scopes = braceScopes(body, (header) => (NAMESPACE_HEADER.test(header) ? "namespace" : null));

  const types: TypeFact[] = [];
  for (const match of body.matchAll(RECORD)) {
    const brace = match.index + match[0].length - 1;
    const members = body.slice(brace, scopes.closeOf(brace));
    const abstract = (match[1] === "class" || match[1] === "struct") && PURE_VIRTUAL.test(members);
    types.push({ name: match[2]!, abstract, line: stripped.lineAt(match.index) });
  }
  for (const match of body.matchAll(ANONYMOUS_TYPEDEF)) {
    TYPEDEF_NAME.lastIndex = scopes.closeOf(match.index + match[0].length - 1);
    const name = TYPEDEF_NAME.exec(body);
    if (name) types.push({ name: name[1]!, abstract: false, line: stripped.lineAt(match.index) });
  }
  types.sort((a, b) => a.line - b.line);

  let functions = 0;
  for (let i = body.indexOf("{"); i !== -1; i = body.indexOf("{", i + 1)) {
    if (!scopes.moduleLevel(i)) continue;
    if (isFunctionHeader(body.slice(headerStart(body, i), i))) functions++;
  }

  const complexity = decisionsIn(body);
  return {
    lines: stripped.lines,
    imports,
    types,
    functions,
    complexity,
    mostComplexFunction: mostComplexFunction(body, complexity, C_FAMILY_HEADER, decisionsIn, cFamilyName),
    nesting: nestingFromIndents(stripped.indents),
    markers: markersIn(stripped.comments),
    parse: "lexical",
  };
}

/** A `// comment \` continues on the next line: blank those lines in the code too. */
function continueLineComments(text: string, stripped: Stripped): string {
  const continued = stripped.comments.filter((c) => /\\\r?$/.test(c.text) && !c.text.includes("\n"));
  if (!continued.length) return stripped.code;
  const lines = stripped.code.split("\n");
  const source = text.split("\n");
  for (const comment of continued) {
    for (let line = comment.line; /\\\r?$/.test(source[line - 1] ?? "") && line < lines.length; line++) {
      stripped.comments.push({ text: source[line] ?? "", line: line + 1 });
      lines[line] = lines[line]!.replace(/[^\r]/g, " ");
    }
  }
  return lines.join("\n");
}

/** Whether the text before a `{` ends in a declarator with a parameter list: `int f(void)`. */
function isFunctionHeader(header: string): boolean {
  let depth = 0;
  for (let i = 0; i < header.length; i++) {
    const c = header[i];
    if (c === ")") depth--;
    if (c !== "(" || depth++ !== 0) continue;
    const name = nameBefore(header, i);
    // `operator()(args)`: the first parentheses are the operator's name.
    if (!name || NOT_FUNCTIONS.has(name) || (name === "operator" && header[i + 1] === ")")) continue;
    let close = i;
    for (let level = 0; close < header.length; close++) {
      if (header[close] === "(") level++;
      else if (header[close] === ")" && --level === 0) break;
    }
    return isTrailer(header, close + 1);
  }
  return false;
}

/** The declarator name right before the `(` at `paren`: `f`, `~Widget`, `operator==`. */
function nameBefore(header: string, paren: number): string | undefined {
  const operator = OPERATOR_NAME.exec(header.slice(Math.max(0, paren - 24), paren));
  if (operator) return "operator";
  let end = paren;
  while (end > 0 && header.charCodeAt(end - 1) <= 32) end--;
  let start = end;
  while (start > 0 && NAME_CHAR.test(header[start - 1]!)) start--;
  return start < end && !DIGIT.test(header[start]!) ? header.slice(start, end) : undefined;
}

/** Whether the text after a parameter list (from `pos`) can stand between it and a body. */
function isTrailer(header: string, pos: number): boolean {
  while (pos < header.length) {
    TRAILER_REST.lastIndex = pos;
    if (TRAILER_REST.test(header)) return true;
    TRAILER_TOKEN.lastIndex = pos;
    if (!TRAILER_TOKEN.test(header)) return false;
    pos = TRAILER_TOKEN.lastIndex;
  }
  return true;
}

/** Logical `&&`: spaced alike on both sides (`a && b`, `a&&b`), unlike `T&& x` or `T &&x`. */
const decisionsIn = (code: string) => countDecisions(code, ["if", "for", "while", "case", "catch"], ["||", "?"]) + countLogicalAnd(code);

function countLogicalAnd(code: string): number {
  let count = 0;
  for (let i = code.indexOf("&&"); i !== -1; i = code.indexOf("&&", i + 2)) {
    const spaceBefore = code.charCodeAt(i - 1) <= 32 || i === 0;
    const spaceAfter = code.charCodeAt(i + 2) <= 32 || i + 2 >= code.length;
    if (spaceBefore === spaceAfter) count++;
  }
  return count;
}

export const c: Language = { id: "c", name: "C", extensions: [".c", ".h"], syntax: C_SYNTAX, extract: extractC };
export const cpp: Language = {
  id: "cpp",
  name: "C++",
  extensions: [".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp", ".inl"],
  syntax: C_SYNTAX,
  extract: extractC,
};

/** Go: imports (single and grouped), the package clause, named types, top-level funcs. */
import type { Extracted, ImportFact, TypeFact } from "../facts.ts";
import type { Language } from "./language.ts";
import { markersIn } from "./markers.ts";
import { braceScopes } from "./native-scopes.ts";
import { nestingFromIndents } from "./nesting.ts";
import { countDecisions, quoted, type StringMatch, strip, type Stripped, type Syntax } from "./strip.ts";
import { mostComplexFunction } from "./functions.ts";

const IDENT = "[\\p{L}_][\\p{L}\\p{N}_]*";

/** Interpreted strings "..." and runes '...' (escapes, one line); raw strings `...` (any lines). */
export const GO_SYNTAX: Syntax = {
  lineComments: ["//"],
  blockComments: [{ open: "/*", close: "*/" }],
  literalStarts: "\"'`",
  matchString(src: string, pos: number): StringMatch | undefined {
    const c = src.charCodeAt(pos);
    if (c === 34) return quoted(src, pos, '"');
    if (c === 39) return quoted(src, pos, "'");
    if (c === 96) return quoted(src, pos, "`", { escapes: false, multiline: true });
    return undefined;
  },
};

const IMPORT = /(?<![\p{L}\p{N}_.])import\s*(\()?/gu;
const IMPORT_SPEC = new RegExp(`^\\s*(?:${IDENT}\\s+|[._]\\s*)?(?=["\`])`, "u");
const PACKAGE = new RegExp(`(?<![\\p{L}\\p{N}_.])package\\s+(${IDENT})`, "u");
const TYPE = new RegExp(`(?<![\\p{L}\\p{N}_.])type\\s*(?:\\(|(${IDENT}))`, "gu");
const TYPE_SPEC = new RegExp(`^[ \\t]*(${IDENT})[ \\t]*(?:\\[[^\\]\\n]*\\][ \\t]*)?(?:=[ \\t]*)?(${IDENT})?`, "gmu");
const FUNC = new RegExp(`(?<![\\p{L}\\p{N}_.])func\\s+${IDENT}\\s*[\\[(]`, "gu");

/**
 * Reads a Go file. `declares` holds the package clause name (documentation; the resolver
 * maps import paths to folders through go.mod, not through package names). `type X
 * interface` is abstract, every other named type concrete; only funcs without a receiver
 * count as functions; decisions are if, for, case (switch and select), && and ||.
 */
export function extractGo(text: string): Extracted {
  const stripped = strip(text, GO_SYNTAX);
  const { code } = stripped;
  const scopes = braceScopes(code);
  const imports: ImportFact[] = [];
  const types: TypeFact[] = [];

  for (const match of code.matchAll(IMPORT)) {
    const start = match.index + match[0].length;
    if (match[1]) {
      const close = code.indexOf(")", start);
      const end = close === -1 ? code.length : close;
      for (const literal of stripped.strings) {
        if (literal.start >= start && literal.start < end) {
          imports.push({ specifier: literal.value, kind: "import", line: literal.line });
        }
      }
    } else {
      const spec = IMPORT_SPEC.exec(code.slice(start, start + 200));
      const literal = spec ? stripped.stringAt(start + spec[0].length) : undefined;
      if (literal) imports.push({ specifier: literal.value, kind: "import", line: literal.line });
    }
  }

  for (const match of code.matchAll(TYPE)) {
    if (match[1]) {
      const after = code.slice(match.index + match[0].length, match.index + match[0].length + 300);
      readTypeSpec(match[1] + after, match.index, stripped, types);
      continue;
    }
    readTypeGroup(code, match.index + match[0].length, stripped, scopes.depthAt(match.index), scopes.depthAt, types);
  }

  let functions = 0;
  for (const match of code.matchAll(FUNC)) if (scopes.depthAt(match.index) === 0) functions++;

  // What an import of this package can narrow to: the exported names other packages reach
  // through a selector (`users.New`, `srv.Start`), and the functions, methods, variables and
  // constants this file declares at the top.
  const uses = new Set<string>();
  for (const m of code.matchAll(SELECTED_NAME)) uses.add(m[1]!);
  const exports = new Set<string>();
  for (const m of code.matchAll(FUNC_HEADER)) exports.add(m.groups!.name!);
  for (const m of code.matchAll(TOP_VALUE)) exports.add(m[1]!);
  for (const m of code.matchAll(VALUE_GROUP)) {
    const close = code.indexOf(")", m.index + m[0].length);
    for (const name of code.slice(m.index + m[0].length, close === -1 ? code.length : close).matchAll(/^[ \t]*([A-Za-z_]\w*)/gm)) exports.add(name[1]!);
  }
  const pkg = PACKAGE.exec(code);
  const complexity = decisionsIn(code);
  return {
    lines: stripped.lines,
    imports,
    types,
    uses: [...uses],
    exports: [...exports],
    functions,
    complexity,
    mostComplexFunction: mostComplexFunction(code, complexity, FUNC_HEADER, decisionsIn),
    nesting: nestingFromIndents(stripped.indents),
    markers: markersIn(stripped.comments),
    parse: "lexical",
    ...(pkg ? { declares: [pkg[1]!] } : {}),
  };
}

const SELECTED_NAME = /(?<![\w.])[A-Za-z_]\w*[ \t]*\.[ \t]*([A-Z]\w*)/g;
const TOP_VALUE = /^(?:var|const)[ \t]+([A-Za-z_]\w*)/gm;
const VALUE_GROUP = /^(?:var|const)[ \t]*\(/gm;

// gofmt puts every function and method header at column 0; literals inside count to theirs.
const FUNC_HEADER = /^func[ \t]*(?:\([^)\n]*\)[ \t]*)?(?<name>\w+)/gm;
const decisionsIn = (code: string) => countDecisions(code, ["if", "for", "case"], ["&&", "||"]);

/** One `Name [T any] = Underlying` spec: abstract when the underlying type is an interface. */
function readTypeSpec(spec: string, offset: number, stripped: Stripped, types: TypeFact[]): void {
  TYPE_SPEC.lastIndex = 0;
  const match = TYPE_SPEC.exec(spec);
  if (!match) return;
  types.push({ name: match[1]!, abstract: match[2] === "interface", line: stripped.lineAt(offset) });
}

/** `type ( A struct{...}; B interface{...} )`: specs are the lines at the group's own depth. */
function readTypeGroup(
  code: string,
  open: number,
  stripped: Stripped,
  depth: number,
  depthAt: (offset: number) => number,
  types: TypeFact[],
): void {
  let parens = 1;
  let end = open;
  for (; end < code.length && parens > 0; end++) {
    if (code[end] === "(") parens++;
    else if (code[end] === ")") parens--;
  }
  const body = code.slice(open, end - 1);
  let lineStart = 0;
  for (const line of body.split("\n")) {
    const offset = open + lineStart;
    lineStart += line.length + 1;
    if (!line.trim() || depthAt(offset + line.length - line.trimStart().length) !== depth) continue;
    readTypeSpec(line, offset + line.length - line.trimStart().length, stripped, types);
  }
}

export const go: Language = { id: "go", name: "Go", extensions: [".go"], syntax: GO_SYNTAX, extract: extractGo };

/** Python: imports (plain, from, relative), classes, module-level defs, decisions, nesting. */
import type { Extracted, ImportFact, TypeFact } from "../facts.ts";
import type { Language } from "./language.ts";
import { markersIn } from "./markers.ts";
import { bodyLineMatches, columns, indentWidth, nestingFromIndents } from "./nesting.ts";
import { countDecisions, type StringMatch, strip, type Syntax } from "./strip.ts";
import { mostComplexFunction } from "./functions.ts";

const PREFIXES = new Set(["r", "u", "b", "f", "t", "rb", "br", "rf", "fr", "rt", "tr"]);
const isIdentChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c >= 128;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const PREFIX_START = new Set([..."rRuUbBfFtT"].map((c) => c.charCodeAt(0)));

/**
 * A Python string literal at `pos`: any prefix of r, u, b, f, t (and their two-letter mixes,
 * any case), single or triple quotes. In f- and t-strings the replacement fields are read
 * as code with their own nested strings, so Python 3.12's `f"{d["k"]}"` stays one literal.
 */
export function matchPythonString(src: string, pos: number): StringMatch | undefined {
  const first = src.charCodeAt(pos);
  if (first !== 34 && first !== 39 && (!PREFIX_START.has(first) || (pos > 0 && isIdentChar(src.charCodeAt(pos - 1))))) {
    return undefined;
  }
  let i = pos;
  while (i < pos + 2 && isLetter(src.charCodeAt(i))) i++;
  const quote = src[i];
  if (quote !== '"' && quote !== "'") return undefined;
  const prefix = src.slice(pos, i).toLowerCase();
  if (prefix && !PREFIXES.has(prefix)) return undefined;
  const triple = src.startsWith(quote.repeat(3), i);
  const valueStart = i + (triple ? 3 : 1);
  const format = prefix.includes("f") || prefix.includes("t");
  const { valueEnd, end } = scanBody(src, valueStart, quote, triple, format);
  return { end, valueStart, valueEnd };
}

function scanBody(src: string, start: number, quote: string, triple: boolean, format: boolean) {
  const close = triple ? quote.repeat(3) : quote;
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === quote && src.startsWith(close, i)) return { valueEnd: i, end: i + close.length };
    if (c === "\n" && !triple) return { valueEnd: i, end: i };
    if (format && c === "{") {
      if (src[i + 1] === "{") i += 2;
      else i = skipField(src, i + 1, triple, false);
      continue;
    }
    i++;
  }
  return { valueEnd: src.length, end: src.length };
}

/** Skips an f-string replacement field (or, with `spec`, its format spec) up to its `}`. */
function skipField(src: string, from: number, triple: boolean, spec: boolean): number {
  let depth = 0;
  let i = from;
  while (i < src.length) {
    const c = src[i];
    if (c === "\n" && !triple) return i;
    if (!spec) {
      const literal = matchPythonString(src, i);
      if (literal) {
        i = Math.max(literal.end, i + 1);
        continue;
      }
    }
    if (c === "{") {
      if (spec) {
        i = skipField(src, i + 1, triple, false);
        continue;
      }
      depth++;
    } else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "}") {
      if (depth <= 0) return i + 1;
      depth--;
    } else if (c === ":" && depth <= 0 && !spec && src[i + 1] !== "=") return skipField(src, i + 1, triple, true);
    i++;
  }
  return i;
}

export const PYTHON_SYNTAX: Syntax = { lineComments: ["#"], blockComments: [], literalStarts: "\"'rRuUbBfFtT", matchString: matchPythonString };

const NAME = "[\\p{L}_][\\p{L}\\p{N}_]*";
const DOTTED = `${NAME}(?:\\s*\\.\\s*${NAME})*`;
const STATEMENT = /(?:^|[;:])[ \t]*(import|from)(?=[ \t]|(?<=from)\.)/gmu;
const IMPORT_ITEM = new RegExp(`^\\s*(${DOTTED})`, "u");
const FROM = new RegExp(`^\\s*((?:\\.\\s*)*)(${DOTTED})?\\s*import(?![\\p{L}\\p{N}_])([\\s\\S]*)$`, "u");
const FROM_NAME = new RegExp(`^\\s*(${NAME}|\\*)`, "u");
const CLASS = new RegExp(`^([ \\t]*)class[ \\t]+(${NAME})`, "gmu");
const ABSTRACT_BASE =
  /(?<![\w.])(?:(?:abc|typing|typing_extensions)\s*\.\s*)?(?:ABC|Protocol)(?![\w])|metaclass\s*=\s*(?:abc\s*\.\s*)?ABCMeta\b/;
const ABSTRACT_DECORATOR = /^[ \t]*@[ \t]*(?:abc[ \t]*\.[ \t]*)?abstract(?:method|property|classmethod|staticmethod)\b/;
const TYPE_ALIAS = new RegExp(`^type[ \\t]+(${NAME})[ \\t]*(?:\\[[^\\]\\n]*\\][ \\t]*)?=`, "gmu");
const FUNCTION = /^(?:async[ \t]+)?def[ \t]+[\p{L}_]/gmu;
// A `case` arm of a match statement: `case` at a statement start followed by a pattern and a
// colon, so a variable named `case` (`case = 1`, `case.x`) is not counted.
const CASE_ARM = /^[ \t]*case(?:[ \t]+|(?=[([{"'-]))(?![=:.,)\]]|[-+*/%@&|^<>]=)[^\n]*:/gm;
const DECISION_WORDS = ["if", "elif", "for", "while", "except", "and", "or"];
const DEF = /^[ \t]*(?:async[ \t]+)?def[ \t]+(?<name>[\p{L}_][\p{L}\p{N}_]*)/gmu;
const decisionsIn = (code: string) => countDecisions(code, DECISION_WORDS) + (code.match(CASE_ARM)?.length ?? 0);

/**
 * Reads a Python file. Imports keep Python's own spelling so the resolver can follow them:
 * `import a.b` gives "a.b"; `from x.y import n` gives "x.y.n" per imported name (the resolver
 * takes the submodule x/y/n.py when there is one, else x/y), `from . import n` gives ".n",
 * `from ..pkg import *` gives "..pkg"; `__future__` imports give "__future__". Every class is a
 * type, abstract when a base is ABC or Protocol, its metaclass is ABCMeta, or a method of its
 * own body is decorated @abstractmethod; a `type X = ...` alias is an abstract type, as in
 * TypeScript. Functions are `def`/`async def` at column 0. Decisions: if (also in
 * conditional expressions and comprehensions), elif, for, while, except, case arms, and, or.
 * Nesting counts logical lines only: continuation lines inside brackets or after a backslash
 * are alignment, not depth.
 */
export function extractPython(text: string): Extracted {
  const stripped = strip(text, PYTHON_SYNTAX);
  const { code } = stripped;
  const imports: ImportFact[] = [];
  const contextOf = importContexts(code.split("\n"));
  for (const match of code.matchAll(STATEMENT)) {
    const keyword = match.index + match[0].length - match[1]!.length;
    const line = stripped.lineAt(keyword);
    const body = code.slice(keyword + match[1]!.length, statementEnd(code, keyword)).replace(/\\\r?\n/g, " ");
    const kind = contextOf(line);
    if (match[1] === "import") readImport(body, line, imports, kind);
    else readFrom(body, line, imports, kind);
  }

  const lines = code.split("\n");
  // strip() blanks a byte order mark to one space: that column is not indentation.
  if (text.charCodeAt(0) === 0xfeff) lines[0] = lines[0]!.slice(1);
  const types: TypeFact[] = [];
  for (const match of code.matchAll(CLASS)) {
    const header = classHeader(code, match.index + match[0].length);
    const headerLine = stripped.lineAt(header.end);
    const abstract = ABSTRACT_BASE.test(header.bases) || bodyLineMatches(lines, headerLine, columns(match[1]!), ABSTRACT_DECORATOR);
    types.push({ name: match[2]!, abstract, line: stripped.lineAt(match.index + match[1]!.length) });
  }
  for (const match of code.matchAll(TYPE_ALIAS)) {
    types.push({ name: match[1]!, abstract: true, line: stripped.lineAt(match.index) });
  }
  types.sort((a, b) => a.line - b.line);

  const complexity = decisionsIn(code);
  return {
    lines: stripped.lines,
    imports,
    types,
    functions: code.match(FUNCTION)?.length ?? 0,
    complexity,
    mostComplexFunction: mostComplexFunction(code, complexity, DEF, decisionsIn),
    nesting: nestingFromIndents(logicalIndents(text.replace(/^\ufeff/, "").split("\n"), lines)),
    markers: markersIn(stripped.comments),
    parse: "lexical",
  };
}

/** Where a simple statement ends: a newline or `;` outside brackets, not after a backslash. */
function statementEnd(code: string, from: number): number {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === "\\" && (code[i + 1] === "\n" || (code[i + 1] === "\r" && code[i + 2] === "\n"))) {
      i += code[i + 1] === "\r" ? 2 : 1;
    } else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth = Math.max(0, depth - 1);
    else if ((c === "\n" || c === ";") && depth === 0) return i;
  }
  return code.length;
}

const squash = (dotted: string) => dotted.replace(/\s+/g, "");

const BLOCK = /^([ \t]*)(?:(?:async[ \t]+)?def[ \t]|if[ \t]+(?:\w+\.)?TYPE_CHECKING[ \t]*:)/;

/** A top-level statement that defines a name of the module: `def`, `class`, a decorator, `name = ...` (not a `__dunder__`). */
const DEFINITION = /^(?:(?:async[ \t]+)?def[ \t]|class[ \t]|@|(?!__\w+__[ \t]*[:=])[A-Za-z_][\w.]*[ \t]*(?::[^=\n]*)?=(?!=))/;

/**
 * The kind of an import by the block it sits in: inside a function it runs when the function
 * is called (`dynamic`: the lazy import that breaks a cycle); under `if TYPE_CHECKING:` it runs
 * for the type checker only (`type`); elsewhere it runs when the module loads. A module-level
 * import below the module's own definitions is `dynamic` too: PEP 8 puts imports at the top,
 * and one made after the names another module needs exist (Flask's `from app import views` at
 * the end of `__init__.py`, a registry's plug-ins imported at the bottom) is the documented way
 * to close a cycle that loads.
 */
function importContexts(lines: readonly string[]): (line: number) => ImportFact["kind"] {
  const kinds: ImportFact["kind"][] = [];
  const open: { indent: number; kind: ImportFact["kind"] }[] = [];
  let depth = 0; // open brackets: a line that starts inside them continues a statement
  let continued = false; // the line before ended with a backslash
  let defined = false; // a top-level definition came before this line
  for (const text of lines) {
    if (depth === 0 && !continued && text.trim()) {
      const indent = text.length - text.trimStart().length;
      while (open.length && open.at(-1)!.indent >= indent) open.pop();
      const block = BLOCK.exec(text);
      kinds.push(currentKind(open, defined));
      if (block) open.push({ indent: block[1]!.length, kind: text.includes("TYPE_CHECKING") ? "type" : "dynamic" });
      if (indent === 0 && DEFINITION.test(text)) defined = true;
    } else {
      kinds.push(currentKind(open, defined));
    }
    for (const c of text) {
      if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") depth = Math.max(0, depth - 1);
    }
    continued = text.trimEnd().endsWith("\\");
  }
  return (line) => kinds[line - 1] ?? "import";
}

const currentKind = (open: readonly { kind: ImportFact["kind"] }[], defined: boolean): ImportFact["kind"] =>
  open.some((b) => b.kind === "type") ? "type" : open.length || defined ? "dynamic" : "import";

function readImport(body: string, line: number, imports: ImportFact[], kind: ImportFact["kind"]): void {
  for (const item of body.split(",")) {
    const name = IMPORT_ITEM.exec(item)?.[1];
    if (name) imports.push({ specifier: squash(name), kind, line });
  }
}

function readFrom(body: string, line: number, imports: ImportFact[], kind: ImportFact["kind"]): void {
  const match = FROM.exec(body);
  if (!match) return;
  const dots = squash(match[1] ?? "");
  const module = squash(match[2] ?? "");
  if (!dots && !module) return;
  if (module === "__future__") {
    imports.push({ specifier: module, kind, line });
    return;
  }
  for (const item of match[3]!.replace(/[()]/g, " ").split(",")) {
    const name = FROM_NAME.exec(item)?.[1];
    if (!name) continue;
    const specifier = name === "*" ? dots + module : dots + (module ? `${module}.` : "") + name;
    imports.push({ specifier, kind, line });
  }
}

/** The bases of a class header (`class A[T](B, metaclass=M):`) and the offset after them. */
function classHeader(code: string, from: number): { bases: string; end: number } {
  let i = from;
  while (code[i] === " " || code[i] === "\t") i++;
  if (code[i] === "[") i = closing(code, i);
  while (code[i] === " " || code[i] === "\t") i++;
  if (code[i] !== "(") return { bases: "", end: i };
  const end = closing(code, i);
  return { bases: code.slice(i + 1, end - 1), end };
}

/** The offset after the bracket that closes the one at `open`. */
function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && --depth === 0) return i + 1;
  }
  return code.length;
}

/**
 * Indentation of logical lines: lines with code that do not continue a bracket or a backslash
 * line. Widths come from the source text, where a string prefix (`r"..."`) is not blanked.
 */
function logicalIndents(source: readonly string[], lines: readonly string[]): number[] {
  const indents: number[] = [];
  let depth = 0;
  let continued = false;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    if (depth === 0 && !continued && indentWidth(line) >= 0) indents.push(Math.max(0, indentWidth(source[n] ?? "")));
    let last = "";
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") depth = Math.max(0, depth - 1);
      if (c !== " " && c !== "\t" && c !== "\r") last = c;
    }
    continued = last === "\\";
  }
  return indents;
}

export const python: Language = {
  id: "python",
  name: "Python",
  extensions: [".py", ".pyi"],
  syntax: PYTHON_SYNTAX,
  extract: extractPython,
};

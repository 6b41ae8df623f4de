/** PHP: use imports, require/include, namespaces, classes, top-level functions, decisions. */
import type { Extracted, ImportFact, TypeFact } from "../../facts.ts";
import type { Language } from "../language.ts";
import { type Continuation, statementIndents } from "../continuation.ts";
import { markersIn } from "../markers.ts";
import { nestingFromIndents } from "../nesting.ts";
import { countDecisions, strip, type Stripped } from "../strip.ts";
import { mostComplexFunction } from "../functions.ts";
import { decisionsOf } from "./decisions.ts";
import { isLineComment, PHP_SYNTAX } from "./strings.ts";

const FUNCTION_HEADER = /^[ \t]*(?:(?:public|private|protected|static|final|abstract)[ \t]+)*function[ \t]+&?[ \t]*(?<name>\w+)/gim;
const NOT_AFTER = String.raw`(?<![\w$\\>:])`;
const NAMESPACE = new RegExp(String.raw`${NOT_AFTER}namespace\s+([A-Za-z_][\w\\]*)?\s*[;{]`, "g");
const TYPE = new RegExp(
  String.raw`${NOT_AFTER}((?:(?:abstract|final|readonly)\s+)*)(class|interface|trait|enum)\s+([A-Za-z_]\w*)`,
  "gi",
);
const USE = new RegExp(String.raw`${NOT_AFTER}use\s+`, "g");
const STATEMENT_END = /[;{}]/g;
const INCLUDE = new RegExp(String.raw`${NOT_AFTER}(require_once|require|include_once|include)\b\s*\(?\s*`, "gi");
const DIR_CONCAT = /^__DIR__\s*\.\s*(?=["'])/;
const DIRNAME_CONCAT = /^dirname\(\s*__(DIR|FILE)__\s*(?:,\s*(\d+)\s*)?\)\s*\.\s*(?=["'])/;
const FUNCTION = new RegExp(String.raw`${NOT_AFTER}function\s+&?\s*([A-Za-z_]\w*)\s*\(`, "gi");
const NAME = /^\\?[A-Za-z_][\w\\]*$/;

// Method chains, concatenation, boolean, ternary and ?? operators, arguments after a comma.
const CONTINUATION: Continuation = {
  starts: /^(?:->|\?->|\.|&&|\|\||\?\?|\?|:(?!:)|\+|(?:and|or)\b)/i,
  ends: /(?:,|\.|&&|\|\||\?\?|\?|=|\+|\b(?:and|or))$/i,
};

type TypeRange = { kind: string; start: number; end: number };
type Pending = { name: string; namespace: string; offset: number };

/**
 * Reads a PHP file. Imports: `use A\B\C;` (also `as`, grouped `use A\{B, C as D}`, `use
 * function`, `use const`), each as the fully qualified name "A\B\C", kind import; a trait used
 * in a class body and a class named in `extends`/`implements` without a `use` for it, as the
 * name PHP resolves it to (the current namespace + the name); `require`/`include` (and
 * `_once`) of a literal path, `__DIR__ . '/x.php'` or `dirname(__DIR__) . '/x.php'`, kind
 * require, the `__DIR__` forms written "./x.php" and "../x.php". `declares` holds the fully
 * qualified name of every class, interface, trait, enum and top-level function. Abstract
 * types: abstract classes, interfaces and traits; enums and other classes are concrete.
 * Functions: named functions outside class bodies (also inside `if (!function_exists())`).
 */
export function extractPhp(text: string): Extracted {
  const stripped = strip(text, PHP_SYNTAX);
  const { code } = stripped;
  const namespaces = [...code.matchAll(NAMESPACE)].map((m) => ({ offset: m.index, name: m[1] ?? "" }));
  const namespaceAt = (offset: number) => namespaces.findLast((n) => n.offset <= offset)?.name ?? "";
  const qualify = (name: string, offset: number) => [namespaceAt(offset), name].filter(Boolean).join("\\");

  const imports: ImportFact[] = [];
  const types: TypeFact[] = [];
  const ranges: TypeRange[] = [];
  const declares: string[] = [];
  const pending: Pending[] = [];
  for (const match of code.matchAll(TYPE)) {
    const name = match[3]!;
    if (
      /^(extends|implements)$/i.test(name) || /\bnew\s*$/i.test(code.slice(Math.max(0, match.index - 12), match.index))
    ) continue;
    const kind = match[2]!.toLowerCase();
    const headerEnd = match.index + match[0].length;
    const open = code.indexOf("{", headerEnd);
    const end = open === -1 ? code.length : closingBrace(code, open);
    ranges.push({ kind, start: open === -1 ? headerEnd : open, end });
    types.push({
      name,
      abstract: kind === "interface" || kind === "trait" || /abstract/i.test(match[1]!),
      line: stripped.lineAt(match.index),
    });
    declares.push(qualify(name, match.index));
    const header = code.slice(headerEnd, open === -1 ? headerEnd : open);
    for (const clause of header.matchAll(/\b(?:extends|implements)\s+([\\\w\s,]+?)(?=\s*(?:\bimplements\b|$))/gi)) {
      for (const parent of clause[1]!.split(",").map((s) => s.trim())) {
        if (NAME.test(parent)) pending.push({ name: parent, namespace: namespaceAt(match.index), offset: headerEnd });
      }
    }
  }
  const inType = (offset: number) => ranges.some((r) => offset > r.start && offset < r.end);

  const aliases = new Map<string, string>();
  for (const match of code.matchAll(USE)) {
    const after = match.index + match[0].length;
    STATEMENT_END.lastIndex = after;
    const stop = STATEMENT_END.exec(code)?.index ?? code.length;
    const statement = code.slice(after, stop);
    if (/\)\s*$/.test(code.slice(Math.max(0, match.index - 20), match.index))) continue; // closure `use ($x)`
    if (inType(match.index)) {
      for (const name of statement.split(",").map((s) => s.trim())) {
        if (NAME.test(name)) pending.push({ name, namespace: namespaceAt(match.index), offset: match.index });
      }
      continue;
    }
    const groupEnd = code[stop] === "{" ? code.indexOf("}", stop) : -1;
    const full = groupEnd === -1 ? statement : code.slice(after, groupEnd + 1);
    for (const item of useItems(full)) {
      imports.push({ specifier: item.name, kind: "import", line: stripped.lineAt(match.index) });
      if (item.kind === "class") aliases.set(item.alias.toLowerCase(), item.name);
    }
  }
  for (const { name, namespace, offset } of pending) {
    const head = name.replace(/^\\/, "").split("\\")[0]!.toLowerCase();
    if (!name.startsWith("\\") && aliases.has(head)) continue; // its `use` is the edge
    const specifier = name.startsWith("\\") ? name.slice(1) : [namespace, name].filter(Boolean).join("\\");
    imports.push({ specifier, kind: "import", line: stripped.lineAt(offset) });
  }
  for (const match of code.matchAll(INCLUDE)) {
    const specifier = includePath(code, stripped, match.index + match[0].length);
    if (specifier) imports.push({ specifier, kind: "require", line: stripped.lineAt(match.index) });
  }
  imports.sort((a, b) => a.line - b.line);

  let functions = 0;
  for (const match of code.matchAll(FUNCTION)) {
    if (inType(match.index)) continue;
    functions++;
    declares.push(qualify(match[1]!, match.index));
  }

  const comments = [
    ...stripped.comments,
    ...stripped.strings.filter((s) => isLineComment(text, s.start)).map((s) => ({ text: s.value, line: s.line })),
  ];
  const complexity = decisionsOf(code, ranges) + countDecisions(code, [], ["&&", "||", "??"]);
  return {
    lines: stripped.lines,
    imports,
    types,
    functions,
    complexity,
    // Within a function no enum's `case` lines are met, so no enum ranges are needed there.
    mostComplexFunction: mostComplexFunction(code, complexity, FUNCTION_HEADER, (body) => decisionsOf(body, []) + countDecisions(body, [], ["&&", "||", "??"])),
    nesting: nestingFromIndents(statementIndents(text, code, CONTINUATION)),
    markers: markersIn(comments).sort((a, b) => a.line - b.line),
    ...(declares.length ? { declares } : {}),
    parse: "lexical",
  };
}

/** The offset just after the `}` closing the `{` at `open`. */
function closingBrace(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === "{") depth++;
    else if (code[i] === "}" && --depth === 0) return i + 1;
  }
  return code.length;
}

type UseItem = { name: string; alias: string; kind: "class" | "function" | "const" };

/** The names of one `use` statement: plain, aliased, comma-separated and grouped. */
function useItems(statement: string): UseItem[] {
  let rest = statement.trim();
  let kind: UseItem["kind"] = "class";
  const prefix = /^(function|const)\s+/i.exec(rest);
  if (prefix) {
    kind = prefix[1]!.toLowerCase() as UseItem["kind"];
    rest = rest.slice(prefix[0].length);
  }
  const group = /^\\?([\w\\]*?)\\?\s*\{([\s\S]*)\}$/.exec(rest);
  const base = group ? group[1]! : "";
  const items: UseItem[] = [];
  for (const part of (group ? group[2]! : rest).split(",")) {
    const item = /^\s*(?:(function|const)\s+)?\\?([A-Za-z_][\w\\]*)(?:\s+as\s+(\w+))?\s*$/i.exec(part);
    if (!item) continue;
    const name = base ? `${base}\\${item[2]}` : item[2]!;
    const itemKind = (item[1]?.toLowerCase() as UseItem["kind"] | undefined) ?? kind;
    items.push({ name, alias: item[3] ?? name.split("\\").pop()!, kind: itemKind });
  }
  return items;
}

/** The path of a require/include whose argument is a literal or a literal after `__DIR__ .`. */
function includePath(code: string, stripped: Stripped, at: number): string | undefined {
  const rest = code.slice(at, at + 200);
  let ups: number | undefined;
  let offset = at;
  const dir = DIR_CONCAT.exec(rest) ?? DIRNAME_CONCAT.exec(rest);
  if (dir) {
    ups = dir[1] === undefined ? 0 : Number(dir[2] ?? 1) - (dir[1] === "FILE" ? 1 : 0);
    offset += dir[0].length;
  }
  const literal = stripped.stringAt(offset);
  if (!literal || !literal.value || (code[offset] === '"' && /[$]/.test(literal.value))) return undefined;
  if (ups === undefined) return literal.value;
  const segments: string[] = [];
  for (const part of [...Array<string>(ups).fill(".."), ...literal.value.split("/")]) {
    if (part === "" || part === ".") continue;
    if (part === ".." && segments.length && segments[segments.length - 1] !== "..") segments.pop();
    else segments.push(part);
  }
  return segments[0] === ".." ? segments.join("/") : `./${segments.join("/")}`;
}

export const php: Language = { id: "php", name: "PHP", extensions: [".php"], syntax: PHP_SYNTAX, extract: extractPhp };

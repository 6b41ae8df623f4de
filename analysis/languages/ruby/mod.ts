/** Ruby: require, require_relative, load, autoload; classes and modules; decisions. */
import type { Extracted, ImportFact, TypeFact } from "../../facts.ts";
import { dirOf, joinPath } from "../../project.ts";
import type { Language } from "../language.ts";
import { type Continuation, statementIndents } from "../continuation.ts";
import { markersIn } from "../markers.ts";
import { columns, indentWidth, nestingFromIndents } from "../nesting.ts";
import { countDecisions, strip, type Stripped } from "../strip.ts";
import { mostComplexFunction } from "../functions.ts";
import { RUBY_SYNTAX } from "./strings.ts";

const REQUIRE = /(?<![\w.$@:])(require_relative|require|load)\b[ \t]*\(?[ \t]*(?=["'])/g;
const AUTOLOAD = /(?<![\w.$@:])autoload\b[ \t]*\(?[ \t]*(?::\w+|["'][^"'\n]*["'])[ \t]*,[ \t]*(?=["'])/g;
const LOAD_PATH =
  /\$(?:LOAD_PATH|:)[ \t]*(?:\.[ \t]*(?:unshift|push|prepend|append|insert|concat)[ \t]*\(?|<<)[ \t]*(?:\d+[ \t]*,[ \t]*)?/g;
const FILE_REF = String.raw`(__dir__|__FILE__|File\.dirname\(\s*__FILE__\s*\))`;
const EXPAND_PATH = new RegExp(String.raw`^File\.expand_path\(\s*(["'])([^"'\n]*)\1\s*,\s*${FILE_REF}\s*\)`);
const JOIN = new RegExp(String.raw`^File\.join\(\s*${FILE_REF}((?:\s*,\s*["'][^"'\n]*["'])+)\s*\)`);
const TYPE = /^([ \t]*)(class|module)[ \t]+((?:::)?[A-Z]\w*(?:::[A-Z]\w*)*)/gm;
const FUNCTION = /^def[ \t]+(?!self\.)/gm;
const DECISION = /(?<![\w$@.:])(?:if|elsif|unless|while|until|for|when|rescue|and|or)(?![\w?!:])/g;
const TERNARY = /(?<=\s)\?(?=\s)/g;
const NOT_IMPLEMENTED = /\braise[ \t(]+NotImplementedError\b|\bself\.abstract_class[ \t]*=[ \t]*true\b/;
const INSTANCE_METHOD = /^[ \t]*def[ \t]+(?!self\.)/;
const MODULE_FUNCTIONS = /^[ \t]*(?:module_function|extend[ \t]+self)\b/;
// Method chains, boolean and ternary operators, and arguments after a trailing comma.
const CONTINUATION: Continuation = {
  starts: /^(?:\.|&\.|&&|\|\||\?|:(?!:)|\+|(?:and|or)\b)/,
  ends: /(?:,|\\|&&|\|\||\+|\.|\b(?:and|or))$/,
};
const CONCERN = /^[ \t]*(?:extend[ \t]+ActiveSupport::Concern|included[ \t]+do)\b/;

/**
 * Reads a Ruby file. Imports: `require` and `load` (kind require, the path as written),
 * `require_relative` (kind require, written "./x" or "../x" so the resolver reads it against
 * the file), `autoload :X, "path"` (kind dynamic: loaded on first use). Interpolated paths are
 * skipped. `declares` holds the load-path folders the file adds (`$LOAD_PATH.unshift
 * File.expand_path("../lib", __dir__)` and the `File.join(__dir__, ...)` forms), written
 * "$LOAD_PATH:<folder>". Types: every class and module. A class is abstract when its body
 * raises NotImplementedError or sets `self.abstract_class = true`; a module is abstract when
 * it is a mixin: its own body defines instance methods (without `module_function` or `extend
 * self`), or it extends ActiveSupport::Concern; a namespace or utility module is concrete.
 * Functions: `def` at column 0 (top-level, outside any class or module). Decisions: if,
 * elsif, unless (also as modifiers), while, until, for, when, rescue, and, or, &&, ||, and the
 * ternary `?`; hash keys (`if:`) and symbols (`:if`) are not decisions.
 */
export function extractRuby(text: string, path: string): Extracted {
  const stripped = strip(text, RUBY_SYNTAX);
  const { code } = stripped;
  const imports: ImportFact[] = [];
  const lines = code.split("\n");
  for (const match of code.matchAll(REQUIRE)) {
    const literal = stripped.stringAt(match.index + match[0].length);
    if (!literal || literal.value.includes("#{") || !literal.value) continue;
    const relative = match[1] === "require_relative" && !literal.value.startsWith(".")
      ? `./${literal.value}`
      : literal.value;
    const line = stripped.lineAt(match.index);
    // A require inside a method runs when the method is called, after the files have loaded.
    imports.push({ specifier: relative, kind: insideMethod(lines, line) ? "dynamic" : "require", line });
  }
  for (const match of code.matchAll(AUTOLOAD)) {
    const literal = stripped.stringAt(match.index + match[0].length);
    if (literal && literal.value && !literal.value.includes("#{")) {
      imports.push({ specifier: literal.value, kind: "dynamic", line: stripped.lineAt(match.index) });
    }
  }
  imports.sort((a, b) => a.line - b.line);

  const declares: string[] = [];
  for (const match of code.matchAll(LOAD_PATH)) {
    const folder = loadPathFolder(text.slice(match.index + match[0].length, match.index + match[0].length + 300), path);
    if (folder !== undefined) declares.push(`$LOAD_PATH:${folder || "."}`);
  }

  const types: TypeFact[] = [];
  for (const match of code.matchAll(TYPE)) {
    const line = stripped.lineAt(match.index + match[1]!.length);
    const body = bodyOf(lines, line, columns(match[1]!));
    const abstract = match[2] === "class" ? body.all.some((l) => NOT_IMPLEMENTED.test(l)) : isMixin(body);
    types.push({ name: match[3]!, abstract, line });
  }

  const comments = [...stripped.comments, ...blockComments(text, stripped)];
  const complexity = decisionsIn(code);
  return {
    lines: stripped.lines,
    imports,
    types,
    functions: code.match(FUNCTION)?.length ?? 0,
    complexity,
    mostComplexFunction: mostComplexFunction(code, complexity, DEF_HEADER, decisionsIn),
    nesting: nestingFromIndents(statementIndents(text, code, CONTINUATION)),
    markers: markersIn(comments).sort((a, b) => a.line - b.line),
    ...(declares.length ? { declares } : {}),
    parse: "lexical",
  };
}

// `private def x` and the like: a visibility call taking the method the `def` returns.
const DEF_HEADER = /^[ \t]*(?:(?:private|protected|public|module_function|private_class_method|public_class_method)[ \t]+)?def[ \t]+(?:self\.)?(?<name>[\w?!=]+|\[\]=?|[-+*\/%<>=!~^&|]+)/gm;
const decisionsIn = (code: string) =>
  (code.match(DECISION)?.length ?? 0) + countDecisions(code, [], ["&&", "||"]) + (code.match(TERNARY)?.length ?? 0);

/** The repository folder a `$LOAD_PATH` addition names, when it is written relative to the file. */
function loadPathFolder(argument: string, path: string): string | undefined {
  const expand = EXPAND_PATH.exec(argument);
  if (expand) return joinPath(expand[3] === "__FILE__" ? path : dirOf(path), expand[2]!);
  const join = JOIN.exec(argument);
  if (join) return joinPath(dirOf(path), [...join[2]!.matchAll(/["']([^"'\n]*)["']/g)].map((m) => m[1]!).join("/"));
  return undefined;
}

/** Whether a line (1-based) is in the body of a `def`: some line above, less indented than everything between, opens one. */
function insideMethod(lines: readonly string[], line: number): boolean {
  let indent = indentWidth(lines[line - 1]!);
  for (let i = line - 2; i >= 0 && indent > 0; i--) {
    const width = indentWidth(lines[i]!);
    if (width < 0 || width >= indent) continue;
    if (DEF_START.test(lines[i]!)) return true;
    indent = width;
  }
  return false;
}
const DEF_START = /^[ \t]*(?:(?:private|protected|public|module_function|private_class_method|public_class_method)[ \t]+)?def[ \t]+/;

type Body = { all: string[]; direct: string[] };

/** The lines of a class or module body: indented deeper than its header, up to its `end`. */
function bodyOf(lines: readonly string[], headerLine: number, indent: number): Body {
  const body: Body = { all: [], direct: [] };
  let bodyIndent = -1;
  for (let i = headerLine; i < lines.length; i++) {
    const width = indentWidth(lines[i]!);
    if (width < 0) continue;
    if (width <= indent) break;
    if (bodyIndent < 0) bodyIndent = width;
    body.all.push(lines[i]!);
    if (width === bodyIndent) body.direct.push(lines[i]!);
  }
  return body;
}

function isMixin(body: Body): boolean {
  if (body.direct.some((l) => CONCERN.test(l))) return true;
  return body.direct.some((l) => INSTANCE_METHOD.test(l)) && !body.direct.some((l) => MODULE_FUNCTIONS.test(l));
}

/** `=begin`/`=end` blocks are read as literals by the stripper; their text is comment text. */
function blockComments(text: string, stripped: Stripped) {
  return stripped.strings.filter((s) => text.startsWith("=begin", s.start)).map((s) => ({
    text: s.value,
    line: s.line,
  }));
}

export const ruby: Language = { id: "ruby", name: "Ruby", extensions: [".rb", ".rake"], syntax: RUBY_SYNTAX, extract: extractRuby };

/** Elixir: alias, import, use, require; defmodule, defprotocol, defimpl; def/defp; decisions. */
import type { Extracted, ImportFact, TypeFact } from "../../facts.ts";
import type { Language } from "../language.ts";
import { type Continuation, statementIndents } from "../continuation.ts";
import { markersIn } from "../markers.ts";
import { bodyLineMatches, indentWidth, nestingFromIndents } from "../nesting.ts";
import { countDecisions, strip } from "../strip.ts";
import { mostComplexFunction } from "../functions.ts";
import { ELIXIR_SYNTAX } from "./strings.ts";

const MODULE_NAME = String.raw`__MODULE__(?:\.[A-Z]\w*)*|[A-Z]\w*(?:\.[A-Z]\w*)*`;
const HEADER = new RegExp(String.raw`^[ \t]*(defmodule|defprotocol|defimpl)\b[ \t(]*(${MODULE_NAME})?`);
const FOR = new RegExp(String.raw`\bfor:\s*(\[[^\]]*\]|${MODULE_NAME})`);
const DIRECTIVE = new RegExp(
  String
    .raw`(?<![\w.:@])(alias|import|require|use)[ \t]*\(?[ \t]*(${MODULE_NAME}|:[a-z_]\w*)(\.\{[^}]*\})?(?:[ \t]*,[ \t]*as:[ \t]*([A-Z]\w*))?`,
  "g",
);
const CALLBACK = /^[ \t]*@(?:callback|macrocallback)\b/;
const DEF = /^[ \t]*(?:def|defp|defmacro|defmacrop|defdelegate)[ \t]+([a-z_]\w*[?!]?)/;
const DECISION = /(?<![\w.:@])(?:if|unless|with|for|and|or)(?![\w?!:])/g;
const FN = /(?<![\w.:@])fn(?![\w?!:])/g;
const DEF_HEADER = /^[ \t]*(?:defp?|defmacrop?)[ \t]+(?<name>[a-z_]\w*[?!]?)/gm;
/** Decisions: if, unless, with, for, and, or, &&, || and each clause arrow beyond the fn's own. */
function decisionsIn(code: string): number {
  const arrows = countDecisions(code, [], ["->"]);
  const fns = code.match(FN)?.length ?? 0;
  return (code.match(DECISION)?.length ?? 0) + countDecisions(code, [], ["&&", "||"]) + Math.max(0, arrows - fns);
}

// Pipes, guards, boolean and concatenation operators, and arguments after a trailing comma.
const CONTINUATION: Continuation = {
  starts: /^(?:\|>|\.|when\b|(?:and|or)\b|&&|\|\||<>|\+\+)/,
  ends: /(?:,|<>|\+\+|\|>|&&|\|\||=|\b(?:and|or|when))$/,
};

type Scope = { indent: number; name: string };
type Directive = RegExpExecArray & { line: number };

/**
 * Reads an Elixir file. `declares` holds every module the file defines with its full name:
 * nested `defmodule` joined to its parent's name (`Shop` + `Cart` = "Shop.Cart"), protocols,
 * and `defimpl P, for: T` as "P.T". Imports are `alias` (each name of `alias A.{B, C}` apart),
 * `import`, `use` and `require`, all kind import, with names expanded through the file's own
 * aliases, nested modules and `__MODULE__`; an Erlang module is written ":crypto". Types:
 * every defmodule (abstract when it declares a @callback: a behaviour), defprotocol
 * (abstract) and defimpl (concrete). Elixir has no free functions: `functions` counts the
 * distinct def/defp/defmacro/defmacrop/defdelegate names per module. Decisions: if, unless,
 * with, for, and, or, &&, ||, and every clause arrow `->` (case, cond, receive, rescue and
 * catch clauses, with/else) except the first clause of each `fn`, which is no choice; so a
 * rescue counts by its clauses rather than by the keyword.
 */
export function extractElixir(text: string): Extracted {
  const stripped = strip(text, ELIXIR_SYNTAX);
  const { code } = stripped;
  const lines = code.split("\n");
  const source = text.replace(/^\ufeff/, "").split("\n");
  const byLine = new Map<number, Directive[]>();
  for (const match of code.matchAll(DIRECTIVE)) {
    const directive = Object.assign(match, { line: stripped.lineAt(match.index) });
    (byLine.get(directive.line) ?? byLine.set(directive.line, []).get(directive.line)!).push(directive);
  }

  const imports: ImportFact[] = [];
  const types: TypeFact[] = [];
  const declares: string[] = [];
  const functions = new Set<string>();
  const aliases = new Map<string, string>();
  const stack: Scope[] = [];
  const expand = (name: string): string | undefined => {
    if (name.startsWith(":")) return name;
    const [head, ...rest] = name.split(".");
    const base = head === "__MODULE__" ? stack[stack.length - 1]?.name : aliases.get(head!) ?? head;
    return base === undefined ? undefined : [base, ...rest].join(".");
  };

  for (let i = 0, offset = 0; i < lines.length; offset += lines[i]!.length + 1, i++) {
    const line = lines[i]!;
    if (!/\S/.test(line)) continue;
    const indent = indentWidth(source[i] ?? "");
    while (stack.length && indent <= stack[stack.length - 1]!.indent) stack.pop();
    const header = HEADER.exec(line);
    if (header?.[2]) {
      const parent = stack[stack.length - 1]?.name;
      const target = header[1] === "defimpl" ? FOR.exec(code.slice(offset, offset + 400))?.[1] : undefined;
      const names = header[1] === "defimpl"
        ? implNames(header[2], target, parent, expand)
        : [nested(header[2], parent)];
      const abstract = header[1] === "defprotocol" || (header[1] === "defmodule" && bodyLineMatches(lines, i + 1, indent, CALLBACK));
      for (const name of names) {
        types.push({ name, abstract: header[1] === "defimpl" ? false : abstract, line: i + 1 });
        declares.push(name);
      }
      if (parent && header[1] === "defmodule" && !header[2].startsWith("__MODULE__")) {
        aliases.set(header[2].split(".")[0]!, `${parent}.${header[2].split(".")[0]}`);
      }
      stack.push({ indent, name: names[0]! });
    }
    const def = DEF.exec(line);
    if (def) functions.add(`${stack[stack.length - 1]?.name ?? ""}#${def[1]}`);
    for (const directive of byLine.get(i + 1) ?? []) readDirective(directive, expand, aliases, imports);
  }

  const complexity = decisionsIn(code);
  return {
    lines: stripped.lines,
    imports,
    types,
    functions: functions.size,
    complexity,
    mostComplexFunction: mostComplexFunction(code, complexity, DEF_HEADER, decisionsIn),
    nesting: nestingFromIndents(statementIndents(text, code, CONTINUATION)),
    markers: markersIn(stripped.comments),
    ...(declares.length ? { declares } : {}),
    parse: "lexical",
  };
}

function readDirective(
  match: Directive,
  expand: (name: string) => string | undefined,
  aliases: Map<string, string>,
  imports: ImportFact[],
): void {
  const [, keyword, name, group, as] = match;
  const base = expand(name!);
  if (base === undefined) return;
  const add = (specifier: string, alias: string | undefined) => {
    imports.push({ specifier, kind: "import", line: match.line });
    if (alias && !specifier.startsWith(":")) aliases.set(alias, specifier);
  };
  if (group) {
    for (const item of group.slice(2, -1).split(",").map((s) => s.trim())) {
      if (/^[A-Z]\w*(?:\.[A-Z]\w*)*$/.test(item)) {
        add(`${base}.${item}`, keyword === "alias" ? item.split(".").pop() : undefined);
      }
    }
    return;
  }
  add(base, as ?? (keyword === "alias" ? base.split(".").pop() : undefined));
}

const nested = (name: string, parent: string | undefined) =>
  name.startsWith("__MODULE__")
    ? `${parent ?? ""}${name.slice("__MODULE__".length)}`.replace(/^\./, "")
    : parent
    ? `${parent}.${name}`
    : name;

/** `defimpl Proto, for: Type` defines the module Proto.Type (one per type of a `for:` list). */
function implNames(
  protocol: string,
  target: string | undefined,
  parent: string | undefined,
  expand: (name: string) => string | undefined,
): string[] {
  const proto = expand(protocol) ?? protocol;
  const targets = target === undefined
    ? [parent ?? "Any"]
    : target.startsWith("[")
    ? target.slice(1, -1).split(",").map((s) => s.trim()).filter(Boolean)
    : [target];
  return targets.map((t) => `${proto}.${expand(t) ?? t}`);
}

/** Whether the direct body of the module whose header is on line `header` (0-based) has a @callback. */
export const elixir: Language = { id: "elixir", name: "Elixir", extensions: [".ex", ".exs"], syntax: ELIXIR_SYNTAX, extract: extractElixir };

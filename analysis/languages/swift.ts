/** Swift: module imports, type declarations, top-level funcs. */
import type { Extracted, ImportFact, TypeFact } from "../facts.ts";
import type { Language } from "./language.ts";
import { markersIn } from "./markers.ts";
import { braceScopes } from "./native-scopes.ts";
import { nestingFromIndents } from "./nesting.ts";
import { countDecisions, type StringMatch, strip, type Syntax } from "./strip.ts";
import { mostComplexFunction } from "./functions.ts";

/**
 * Strings: "..." and multi-line """...""", raw #"..."# and #"""..."""# with any number of #,
 * escapes (`\#` in raw strings) and interpolations `\( ... )`, which may hold strings of
 * their own; an interpolation belongs to its literal. Block comments nest.
 */
export const SWIFT_SYNTAX: Syntax = {
  lineComments: ["//"],
  blockComments: [{ open: "/*", close: "*/", nested: true }],
  literalStarts: "\"#",
  matchString(src: string, pos: number): StringMatch | undefined {
    const c = src.charCodeAt(pos);
    if (c !== 34 && c !== 35) return undefined;
    let hashes = 0;
    while (src.charCodeAt(pos + hashes) === 35) hashes++;
    if (src.charCodeAt(pos + hashes) !== 34) return undefined;
    const multiline = src.startsWith('"""', pos + hashes);
    return swiftString(src, pos + hashes + (multiline ? 3 : 1), hashes, multiline);
  },
};

function swiftString(src: string, start: number, hashes: number, multiline: boolean): StringMatch {
  const escape = "\\" + "#".repeat(hashes);
  const close = (multiline ? '"""' : '"') + "#".repeat(hashes);
  let i = start;
  while (i < src.length) {
    if (src.startsWith(escape, i)) {
      const after = i + escape.length;
      i = src[after] === "(" ? skipInterpolation(src, after) : after + 1;
      continue;
    }
    if (src.startsWith(close, i)) return { end: i + close.length, valueStart: start, valueEnd: i };
    if (!multiline && src[i] === "\n") return { end: i, valueStart: start, valueEnd: i };
    i++;
  }
  return { end: src.length, valueStart: start, valueEnd: src.length };
}

/** From the `(` of `\(`, the offset after its matching `)`, stepping over nested strings. */
function skipInterpolation(src: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < src.length) {
    const c = src[i];
    if (c === '"' || c === "#") {
      const nested = SWIFT_SYNTAX.matchString(src, i);
      if (nested) {
        i = nested.end;
        continue;
      }
    }
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i + 1;
    i++;
  }
  return src.length;
}

const IMPORT =
  /(?<![\w.])import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*(?:\.\w+)*)/g;
const TYPE = /(?<![\w.@])(class|struct|enum|actor|protocol)\s+([A-Za-z_]\w*)\s*(?:[{:<]|where\b)/g;
const FUNC = /(?<![\w.])func\s/g;
const TERNARY = /\s\?\s/g;
const CASE = /(?<![\w.])case(?!\w)/g;
const SWITCH_HEADER = /(?<![\w.])switch\b[^{]*$/;
const DECISION_WORD = /(?<![\w.$])(?:if|guard|for|while|catch)(?![\w$])/g;
// Keywords are valid argument labels (`label(for: x)`, `func f(for key: K)`): not decisions.
const ARGUMENT_LABEL_BEFORE = /[(,]\s*$/;
const LABEL_COLON_AFTER = /\s*:(?!:)/y;
// A `case` right after these belongs to a condition (`if case`, `for case`, `, case`).
const CONDITION_CASE = /(?:(?<![\w.])(?:if|guard|while|for)|,)\s*$/;

const FUNC_HEADER = /^[ \t]*(?:(?:@\w+(?:\([^)\n]*\))?|[a-z]+)[ \t]+)*(?:func[ \t]+(?<name>[^\s(<]+)|(?<init>init|deinit)\b)/gm;

/** Decision points: `case` only where `inSwitch` says the offset is in a switch's body. */
function decisionsIn(code: string, inSwitch: (offset: number) => boolean): number {
  let cases = 0;
  for (const match of code.matchAll(CASE)) {
    if (!inSwitch(match.index)) continue;
    if (!CONDITION_CASE.test(code.slice(Math.max(0, match.index - 40), match.index))) cases++;
  }
  let words = 0;
  for (const match of code.matchAll(DECISION_WORD)) {
    const before = code.slice(Math.max(0, match.index - 40), match.index);
    LABEL_COLON_AFTER.lastIndex = match.index + match[0].length;
    if (!ARGUMENT_LABEL_BEFORE.test(before) && !LABEL_COLON_AFTER.test(code)) words++;
  }
  return countDecisions(code, [], ["&&", "||", "??"]) + words + cases + (code.match(TERNARY)?.length ?? 0);
}

/**
 * Reads a Swift file. Imports are modules (`import Foundation`, `@testable import App`,
 * `import struct Foundation.Date` as `Foundation.Date`). Types: class, struct, enum, actor
 * (concrete) and protocol (abstract) at any depth; functions: `func` outside every block.
 * Decisions: if, guard, for, while (a `repeat` counts by its `while`), `case` labels of a
 * switch (not enum cases, not `if case`), catch, &&, ||, ?? and the ternary `?` (Swift
 * requires space around it, unlike optional `?`). Keywords used as argument labels
 * (`index(for: key)`) and `#if`, which is compile-time, do not count.
 */
export function extractSwift(text: string): Extracted {
  const stripped = strip(text, SWIFT_SYNTAX);
  const code = stripped.code.replace(/#(?:if|elseif)\b/g, (directive) => " ".repeat(directive.length));
  const scopes = braceScopes(code, (header) => (SWITCH_HEADER.test(header) ? "switch" : null));

  const imports: ImportFact[] = [];
  for (const match of code.matchAll(IMPORT)) {
    imports.push({ specifier: match[1]!, kind: "import", line: stripped.lineAt(match.index) });
  }

  const types: TypeFact[] = [];
  for (const match of code.matchAll(TYPE)) {
    types.push({ name: match[2]!, abstract: match[1] === "protocol", line: stripped.lineAt(match.index) });
  }

  let functions = 0;
  for (const match of code.matchAll(FUNC)) if (scopes.depthAt(match.index) === 0) functions++;

  const complexity = decisionsIn(code, (offset) => scopes.at(offset).at(-1) === "switch");
  return {
    lines: stripped.lines,
    imports,
    types,
    functions,
    complexity,
    // Inside a function every `case` is a switch's (enum cases are declared in types).
    mostComplexFunction: mostComplexFunction(code, complexity, FUNC_HEADER, (body) => decisionsIn(body, () => true), (m) => m.groups!.name ?? m.groups!.init),
    nesting: nestingFromIndents(stripped.indents),
    markers: markersIn(stripped.comments),
    parse: "lexical",
  };
}

export const swift: Language = { id: "swift", name: "Swift", extensions: [".swift"], syntax: SWIFT_SYNTAX, extract: extractSwift };

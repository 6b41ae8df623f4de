/** Rust: `mod` declarations, `use` trees, `extern crate`, items at module level. */
import type { Extracted, ImportFact, TypeFact } from "../facts.ts";
import type { Language } from "./language.ts";
import { markersIn } from "./markers.ts";
import { braceScopes, headerStart } from "./native-scopes.ts";
import { nestingFromIndents } from "./nesting.ts";
import { countDecisions, quoted, type StringMatch, strip, type Syntax } from "./strip.ts";
import { mostComplexFunction } from "./functions.ts";

const FN_HEADER = /^[ \t]*(?:pub(?:\([^)\n]*\))?[ \t]+)?(?:(?:const|async|unsafe|default|extern(?:[ \t]+"[^"\n]*")?)[ \t]+)*fn[ \t]+(?<name>\$?\w+)/gm;
const decisionsIn = (code: string) =>
  countDecisions(code, ["if", "while"], ["=>"]) + countForLoops(code) + countBinary(code, "&&") + countBinary(code, "||");
const ID = "[\\p{L}_][\\p{L}\\p{N}_]*";
const NOT_AFTER = "(?<![\\p{L}\\p{N}_#$])";
const IDENT_CHAR = /[\p{L}\p{N}_]/u;
const IDENT_START = /^[\p{L}_]/u;
const SPACE = /\s/;

/**
 * Strings: "..." (escapes, any lines), raw r"..." r#"..."# with any number of #, byte and C
 * strings b"..." br#"..."# c"..." cr"...", chars 'a' '\n' b'x'. A quote that is not a complete
 * char literal is a lifetime or a loop label (`'a`, `'outer:`), which stays code.
 * Block comments nest.
 */
export const RUST_SYNTAX: Syntax = {
  lineComments: ["//"],
  blockComments: [{ open: "/*", close: "*/", nested: true }],
  // b"..", c"..", r#".."#: the prefix letter starts the literal.
  literalStarts: "\"'bcr",
  matchString(src: string, pos: number): StringMatch | undefined {
    const c = src.charCodeAt(pos);
    if (c === 34) return quoted(src, pos, '"', { multiline: true });
    if (c === 39) return charLiteral(src, pos);
    if (c !== 98 && c !== 99 && c !== 114) return undefined; // b, c, r
    if (pos > 0 && IDENT_CHAR.test(src[pos - 1]!)) return undefined;
    let i = pos;
    if (c !== 114) {
      i++;
      if (c === 98 && src[i] === "'") return charLiteral(src, i);
      if (src[i] === '"') return quoted(src, i, '"', { multiline: true });
    }
    if (src[i] !== "r") return undefined;
    let hashes = 0;
    while (src[i + 1 + hashes] === "#") hashes++;
    const open = i + 1 + hashes;
    if (src[open] !== '"') return undefined;
    const close = src.indexOf('"' + "#".repeat(hashes), open + 1);
    if (close === -1) return { end: src.length, valueStart: open + 1, valueEnd: src.length };
    return { end: close + 1 + hashes, valueStart: open + 1, valueEnd: close };
  },
};

function charLiteral(src: string, pos: number): StringMatch | undefined {
  if (src[pos + 1] === "\\") {
    const close = src.indexOf("'", pos + 3);
    if (close === -1 || close > pos + 12 || src.slice(pos, close).includes("\n")) return undefined;
    return { end: close + 1, valueStart: pos + 1, valueEnd: close };
  }
  const point = src.codePointAt(pos + 1);
  if (point === undefined || point === 10 || point === 39) return undefined;
  const after = pos + 1 + (point > 0xffff ? 2 : 1);
  return src[after] === "'" ? { end: after + 1, valueStart: pos + 1, valueEnd: after } : undefined;
}

const MOD_DECL = new RegExp(`${NOT_AFTER}mod\\s+(${ID})\\s*;`, "gu");
const MOD_BLOCK = new RegExp(`${NOT_AFTER}mod\\s+(${ID})\\s*$`, "u");
const PATH_ATTR = /#\s*\[\s*path\s*=\s*"/g;
const USE = new RegExp(`${NOT_AFTER}use\\s+`, "gu");
/** Code compiled for the tests alone: `#[cfg(test)] mod tests {` (its block) or `#[cfg(test)] use` (one statement). */
const CFG_TEST_BLOCK = new RegExp(`#\\s*\\[\\s*cfg\\s*\\(\\s*test\\s*\\)\\s*\\]\\s*(?:pub\\s*(?:\\([^)]*\\)\\s*)?)?mod\\s+${ID}\\s*\\{`, "gu");
const CFG_TEST_USE = /#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]\s*(?:pub\s*(?:\([^)]*\)\s*)?)?$/;
const EXTERN_CRATE = new RegExp(`${NOT_AFTER}extern\\s+crate\\s+(${ID})`, "gu");
const ITEM = new RegExp(`${NOT_AFTER}(struct|enum|union|trait|type)\\s+(${ID})\\s*(\\S)?`, "gu");
const FN = new RegExp(`${NOT_AFTER}fn\\s+${ID}`, "gu");
const IN_WORD = /(?<![\p{L}\p{N}_])in(?![\p{L}\p{N}_])/u;
const USE_TOKEN = new RegExp(`\\s*(::|\\{|\\}|,|\\*|${ID})`, "uy");
const FOR = new RegExp(`${NOT_AFTER}for(?![\\p{L}\\p{N}_])`, "gu");
// A `&&` or `||` after one of these words starts an operand (`move || x`, `in &&v`): not binary.
const PREFIX_WORDS = new Set(
  "in return move if while match else let mut break box dyn impl ref where for loop unsafe static const async yield"
    .split(" "),
);

/**
 * Reads a Rust file. Imports: `mod x;` as `mod x` (`mod a::x` inside an inline `mod a { }`,
 * `#[path = "p.rs"] mod x` with a path attribute), of kind `declaration`: it places a file in
 * the crate, it does not use it. Every leaf of a `use` tree as its path (not those compiled for
 * the tests alone, in a `#[cfg(test)]` module or statement)
 * (`use a::{b, c::*}` gives `a::b` and `a::c::*`; `self` in a tree names its parent), and
 * `extern crate x` as `x`. Inside inline modules, `self::`/`super::` paths are rewritten to be
 * relative to the file's own module, so `mod tests { use super::*; }` names the file itself.
 * Types are struct, enum, union and type aliases (concrete) and traits (abstract) at module
 * level (inline modules included, impl and fn bodies not); functions are `fn` items at module
 * level. Decisions: if, while, for loops (not `impl X for Y`), match arms (`=>`), and binary
 * `&&` and `||` (not `&&T` references or `|| expr` closures). `loop` has no condition and
 * the `?` operator is error propagation, so neither counts.
 */
export function extractRust(text: string): Extracted {
  const stripped = strip(text, RUST_SYNTAX);
  const { code } = stripped;
  const scopes = braceScopes(code, (header) => MOD_BLOCK.exec(header)?.[1] ?? null);
  const imports: ImportFact[] = [];
  const types: TypeFact[] = [];
  const modsAt = (offset: number): string[] => {
    const mods: string[] = [];
    for (const label of scopes.at(offset)) {
      if (label === null) break;
      mods.push(label);
    }
    return mods;
  };

  for (const match of code.matchAll(MOD_DECL)) {
    if (!scopes.moduleLevel(match.index)) continue;
    const name = [...scopes.at(match.index), match[1]!].join("::");
    const start = headerStart(code, match.index);
    let path: string | undefined;
    for (const attr of code.slice(start, match.index).matchAll(PATH_ATTR)) {
      path = stripped.stringAt(start + attr.index + attr[0].length - 1)?.value;
    }
    const specifier = path === undefined ? `mod ${name}` : `#[path = "${path}"] mod ${name}`;
    imports.push({ specifier, kind: "declaration", line: stripped.lineAt(match.index) });
  }

  // What the tests alone use is not a dependency of the crate: skip the `use`s compiled for them.
  const testBlocks = [...code.matchAll(CFG_TEST_BLOCK)].map((m) => {
    const open = m.index + m[0].length - 1;
    return [open, scopes.closeOf(open)] as const;
  });
  const forTests = (at: number) => testBlocks.some(([open, close]) => at > open && at < close) || CFG_TEST_USE.test(code.slice(headerStart(code, at), at));
  for (const match of code.matchAll(USE)) {
    if (forTests(match.index)) continue;
    const start = match.index + match[0].length;
    const semicolon = code.indexOf(";", start);
    const tree = code.slice(start, semicolon === -1 ? code.length : semicolon);
    const mods = modsAt(match.index);
    for (const leaf of useLeaves(tree)) {
      imports.push({
        specifier: relativeToFile(leaf.path, mods).join("::"),
        kind: "import",
        line: stripped.lineAt(start + leaf.offset),
      });
    }
  }

  for (const match of code.matchAll(EXTERN_CRATE)) {
    if (match[1] !== "self") imports.push({ specifier: match[1]!, kind: "import", line: stripped.lineAt(match.index) });
  }
  imports.sort((a, b) => a.line - b.line);

  for (const match of code.matchAll(ITEM)) {
    const [, keyword, name, next] = match;
    if (!scopes.moduleLevel(match.index)) continue;
    if (keyword === "union" && next !== "{" && next !== "<") continue;
    if (keyword === "type" && next !== "=" && next !== "<") continue;
    types.push({ name: name!, abstract: keyword === "trait", line: stripped.lineAt(match.index) });
  }

  let functions = 0;
  for (const match of code.matchAll(FN)) if (scopes.moduleLevel(match.index)) functions++;

  const complexity = decisionsIn(code);
  return {
    lines: stripped.lines,
    imports,
    types,
    functions,
    complexity,
    mostComplexFunction: mostComplexFunction(code, complexity, FN_HEADER, decisionsIn),
    nesting: nestingFromIndents(stripped.indents),
    markers: markersIn(stripped.comments),
    parse: "lexical",
  };
}

type Leaf = { path: string[]; offset: number };

/** The leaf paths of a use tree, each with the offset of its last segment in `tree`. */
export function useLeaves(tree: string): Leaf[] {
  const tokens: { value: string; at: number }[] = [];
  USE_TOKEN.lastIndex = 0;
  for (let match = USE_TOKEN.exec(tree); match; match = USE_TOKEN.exec(tree)) {
    tokens.push({ value: match[1]!, at: USE_TOKEN.lastIndex - match[1]!.length });
  }
  const leaves: Leaf[] = [];
  let i = 0;
  const parse = (prefix: readonly string[]): void => {
    const segments = [...prefix];
    if (tokens[i]?.value === "::") i++;
    for (let item = tokens[i++]; item; item = tokens[i++]) {
      if (item.value === "{") {
        while (i < tokens.length && tokens[i]!.value !== "}") {
          parse(segments);
          if (tokens[i]?.value === ",") i++;
        }
        i++;
        return;
      }
      if (item.value === "*") {
        leaves.push({ path: [...segments, "*"], offset: item.at });
        return;
      }
      if (!IDENT_START.test(item.value)) return;
      if (tokens[i]?.value === "::") {
        segments.push(item.value);
        i++;
        continue;
      }
      leaves.push({
        path: item.value === "self" && segments.length ? segments : [...segments, item.value],
        offset: item.at,
      });
      if (tokens[i]?.value === "as") i += 2;
      return;
    }
  };
  parse([]);
  return leaves;
}

/** Rewrites a `self::`/`super::` path written inside inline modules `mods` to the file's module. */
function relativeToFile(path: string[], mods: readonly string[]): string[] {
  if (!mods.length) return path;
  if (path[0] === "self") return ["self", ...mods, ...path.slice(1)];
  if (path[0] !== "super") return path;
  let supers = 0;
  while (path[supers] === "super") supers++;
  const rest = path.slice(supers);
  if (supers <= mods.length) return ["self", ...mods.slice(0, mods.length - supers), ...rest];
  return [...Array<string>(supers - mods.length).fill("super"), ...rest];
}

/** `for` loops: a `for` whose header has an `in` before its block (not `impl T for U`, `for<'a>`). */
function countForLoops(code: string): number {
  let count = 0;
  for (const match of code.matchAll(FOR)) {
    const brace = code.indexOf("{", match.index);
    const header = code.slice(match.index + 3, brace === -1 ? code.length : brace);
    if (IN_WORD.test(header)) count++;
  }
  return count;
}

/** Binary `&&`/`||`: the previous token ends an operand (a name, a literal, `)`, `]`, `?`). */
function countBinary(code: string, operator: string): number {
  let count = 0;
  for (let i = code.indexOf(operator); i !== -1; i = code.indexOf(operator, i + 2)) {
    let j = i - 1;
    while (j >= 0 && SPACE.test(code[j]!)) j--;
    const before = code[j];
    if (before === undefined) continue;
    if (before === ")" || before === "]" || before === "?" || before === '"' || before === "'") count++;
    else if (IDENT_CHAR.test(before)) {
      let k = j;
      while (k > 0 && IDENT_CHAR.test(code[k - 1]!)) k--;
      if (!PREFIX_WORDS.has(code.slice(k, j + 1))) count++;
    }
  }
  return count;
}

export const rust: Language = { id: "rust", name: "Rust", extensions: [".rs"], syntax: RUST_SYNTAX, extract: extractRust };

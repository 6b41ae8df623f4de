import type { Extracted, ImportFact, ImportKind, TypeFact } from "../../facts.ts";
import { markersIn } from "../markers.ts";
import { nestingFromIndents } from "../nesting.ts";
import { mostComplexScriptFunction } from "./functions.ts";
import { type Lexed, NAME, PUNCT, STRING, TEMPLATE, textOf, tokenIs, type Tokens } from "./lexer.ts";
import { belowTopTier } from "../../../core/jit.ts";

const DECISION_WORDS = ["if", "for", "while", "case", "catch"];
// After `?`, these tokens mean a TypeScript optional marker (`a?: T`, `f(a?)`), not a ternary.
const OPTIONAL_MARKER_NEXT = new Set([":", ",", ")", "="]);
// A `function` keyword here starts a declaration, not an expression.
const STATEMENT_START = new Set([";", "}", "{", "export", "default", "async", "declare"]);
/** Words that, first on a line at a type alias's depth, start the statement after it. */
const NEXT_STATEMENT = new Set(["export", "import", "const", "let", "var", "function", "class", "interface", "type", "declare", "enum", "async", "default", "namespace", "abstract"]);
/**
 * The names the extractor acts on, by first character, last character and length (which tell
 * them all apart): a name is compared in place with the one keyword it could be, so the many
 * names that are none of them cost no string.
 */
const KEYWORDS = ["import", "export", "require", "class", "interface", "type", "enum", "function", "const", "let", "var", ...DECISION_WORDS];
const LONGEST_KEYWORD = Math.max(...KEYWORDS.map((word) => word.length)); // under 16, as the key needs
const keywordKey = (first: number, last: number, length: number) => (first * 128 + last) * 16 + length;
const KEYWORD_BY_KEY = new Map(KEYWORDS.map((word) => [keywordKey(word.charCodeAt(0), word.charCodeAt(word.length - 1), word.length), word]));

function keywordAt(tokens: Tokens, i: number): string | undefined {
  const start = tokens.start[i]!;
  const length = tokens.end[i]! - start;
  if (length < 2 || length > LONGEST_KEYWORD) return undefined;
  const word = KEYWORD_BY_KEY.get(keywordKey(tokens.src.charCodeAt(start), tokens.src.charCodeAt(start + length - 1), length));
  return word !== undefined && tokens.src.startsWith(word, start) ? word : undefined;
}

/**
 * Reads imports, declared types, module-level functions and decision points from the
 * lexer's token stream. Every import form of JS and TS is recognised by its tokens:
 * `import x from`, `import type`, `import { type a }`, side-effect imports, `export * from`,
 * `export { x } from`, `import("x")`, `require("x")` and `import x = require("x")`.
 */
export function extractFromTokens(lexed: Lexed): Extracted {
  const tokens = lexed.tokens;
  const { count, type, start, end, line, depth, src } = tokens;
  const imports: ImportFact[] = [];
  const types: TypeFact[] = [];
  let functions = 0;
  let complexity = 0;
  // The line of every decision point, for each function's own count (functions.ts).
  const decisionLines: number[] = [];
  // Inside `type X = ...` a `?` or `extends` is type-level logic (a conditional type), which runs
  // in the compiler, not at run time: no decision point. -1 outside an alias, else its depth.
  let typeAlias = -1;

  // The names are kept only where they could all be types (PascalCase, as interfaces and type
  // aliases are named): an import taking a lowercase name takes a value, and most do.
  const add = (specifier: string, kind: ImportKind, at: number, names?: string[]) =>
    imports.push({ specifier, kind, line: at, ...(names?.length && names.every(pascal) ? { names } : {}) });
  const punct = (i: number, text: string) => tokenIs(tokens, i, PUNCT, text);
  const name = (i: number, text?: string) => tokenIs(tokens, i, NAME, text);

  for (let i = 0; i < count; i++) {
    if (typeAlias >= 0 && (depth[i]! < typeAlias || (depth[i] === typeAlias && (punct(i, ";") ||
      (line[i]! > line[i - 1]! && NEXT_STATEMENT.has(textOf(tokens, i))))))) {
      typeAlias = -1;
    }
    if (type[i] === PUNCT) {
      if (typeAlias >= 0) continue;
      const c = src.charCodeAt(start[i]!);
      if (end[i]! - start[i]! > 1) {
        // &&, ||, ?? and their assignments; of the other punctuators only `?.` starts alike.
        if (c === 38 || c === 124 || (c === 63 && src.charCodeAt(start[i]! + 1) === 63)) {
          complexity++;
          decisionLines.push(line[i]!);
        }
      } else if (c === 63 && !(i + 1 < count && OPTIONAL_MARKER_NEXT.has(textOf(tokens, i + 1)))) {
        complexity++; // `?` of a ternary
        decisionLines.push(line[i]!);
      }
      continue;
    }
    if (type[i] !== NAME) continue;
    const word = keywordAt(tokens, i);
    if (word === undefined || punct(i - 1, ".") || punct(i - 1, "?.")) continue;

    switch (word) {
      case "import":
        readImport(tokens, i, add);
        break;
      case "export":
        readExport(tokens, i, add);
        break;
      case "require":
        // `import x = require("y")` was read with its `import`.
        if (punct(i - 1, "=") && (name(i - 3, "import") || name(i - 4, "import"))) break;
        if (punct(i + 1, "(") && isStatic(tokens, i + 2) && punct(i + 3, ")") && !name(i - 1, "function")) {
          add(textOf(tokens, i + 2), "require", line[i]!);
        }
        break;
      case "class":
        if (name(i + 1) && !name(i + 1, "extends") && !name(i + 1, "implements")) {
          types.push({ name: textOf(tokens, i + 1), abstract: name(i - 1, "abstract"), line: line[i]! });
        }
        break;
      case "interface":
        if (name(i + 1) && (punct(i + 2, "{") || name(i + 2, "extends") || punct(i + 2, "<"))) {
          types.push({ name: textOf(tokens, i + 1), abstract: true, line: line[i]!, erased: true });
        }
        break;
      case "type":
        if (name(i + 1) && (punct(i + 2, "=") || punct(i + 2, "<")) && !name(i - 1, "import")) {
          types.push({ name: textOf(tokens, i + 1), abstract: true, line: line[i]!, erased: true });
          typeAlias = depth[i]!;
          i += 1; // past the alias's name, so the check above does not end it at once
        }
        break;
      case "enum":
        if (name(i + 1) && punct(i + 2, "{")) types.push({ name: textOf(tokens, i + 1), abstract: false, line: line[i]! });
        break;
      case "function":
        if (depth[i] === 0 && (i === 0 || STATEMENT_START.has(textOf(tokens, i - 1)))) functions++;
        break;
      case "const":
      case "let":
      case "var":
        if (depth[i] === 0 && name(i + 1) && punct(i + 2, "=") && isFunctionValue(tokens, i + 3)) functions++;
        break;
      default:
        if (typeAlias < 0) { // a decision word
          complexity++;
          decisionLines.push(line[i]!);
        }
    }
  }

  return {
    lines: lexed.lines,
    imports,
    types,
    functions,
    complexity,
    mostComplexFunction: mostComplexScriptFunction(src, decisionLines),
    nesting: nestingFromIndents(lexed.indents),
    markers: markersIn(lexed.comments),
    parse: "lexical",
  };
}

type Add = (specifier: string, kind: ImportKind, line: number, names?: string[]) => void;

const pascal = (name: string) => name.charCodeAt(0) >= 65 && name.charCodeAt(0) <= 90;

/** The character of a one-character punctuator at `i`, or -1. */
function punctChar(tokens: Tokens, i: number): number {
  if (i < 0 || i >= tokens.count || tokens.type[i] !== PUNCT || tokens.end[i]! - tokens.start[i]! !== 1) return -1;
  return tokens.src.charCodeAt(tokens.start[i]!);
}

/** A string literal or a template literal without substitutions: a static specifier. */
const isStatic = (tokens: Tokens, i: number) => tokenIs(tokens, i, STRING) || tokenIs(tokens, i, TEMPLATE);

function readImport(tokens: Tokens, i: number, add: Add): void {
  const punct = (k: number, text: string) => tokenIs(tokens, k, PUNCT, text);
  const name = (k: number, text?: string) => tokenIs(tokens, k, NAME, text);
  const line = tokens.line[i]!;
  if (punct(i + 1, ".")) return; // import.meta
  if (punct(i + 1, "(")) {
    if (isStatic(tokens, i + 2) && (punct(i + 3, ")") || punct(i + 3, ","))) {
      // `typeof import("x")` and `x: import("x").T` are TypeScript type positions.
      const typePosition = name(i - 1, "typeof") || punct(i - 1, ":");
      add(textOf(tokens, i + 2), typePosition ? "type" : "dynamic", line);
    }
    return;
  }
  if (isStatic(tokens, i + 1)) {
    add(textOf(tokens, i + 1), "import", line);
    return;
  }
  // `import type X from`, but not `import type from "x"` (a default import named `type`).
  let typeOnly = name(i + 1, "type") && !name(i + 2, "from") && !punct(i + 2, ",");
  let runtimeBindings = 0;
  let typeBindings = 0;
  let inBraces = false;
  // The names taken in braces, while no default or namespace binding comes with them.
  let named: string[] | undefined = [];
  for (let j = i + (typeOnly ? 2 : 1); j < tokens.count && j < i + 400; j++) {
    if (tokens.type[j] === PUNCT) {
      const c = punctChar(tokens, j);
      if (c === 123) inBraces = true; // {
      else if (c === 125) inBraces = false; // }
      else if (c === 42) (runtimeBindings++, (named = undefined)); // *
      else if (c === 59) return; // ;
      else if (c === 61) { // =
        if (name(j + 1, "require") && isStatic(tokens, j + 3)) add(textOf(tokens, j + 3), typeOnly ? "type" : "require", line);
        return; // otherwise `import x = Namespace.Member`
      }
      continue;
    }
    if (tokens.type[j] !== NAME) return;
    if (!inBraces && name(j, "from") && isStatic(tokens, j + 1)) {
      if (!typeOnly && runtimeBindings === 0 && typeBindings > 0) typeOnly = true;
      add(textOf(tokens, j + 1), typeOnly ? "type" : "import", line, typeOnly ? undefined : named);
      return;
    }
    const before = punctChar(tokens, j - 1);
    const bindingStart = before === 123 || before === 44 || j === i + 1; // after { or ,
    if (!bindingStart) continue;
    if (inBraces && name(j, "type") && name(j + 1)) typeBindings++;
    else {
      runtimeBindings++;
      if (inBraces) named?.push(textOf(tokens, j));
      else named = undefined;
    }
  }
}

function readExport(tokens: Tokens, i: number, add: Add): void {
  const punct = (k: number, text: string) => tokenIs(tokens, k, PUNCT, text);
  const name = (k: number, text?: string) => tokenIs(tokens, k, NAME, text);
  const line = tokens.line[i]!;
  let j = i + 1;
  let typeOnly = false;
  if (name(j, "type") && (punct(j + 1, "{") || punct(j + 1, "*"))) {
    typeOnly = true;
    j++;
  }
  if (punct(j, "*")) {
    for (let k = j + 1; k < j + 5 && k < tokens.count; k++) {
      if (name(k, "from") && isStatic(tokens, k + 1)) {
        add(textOf(tokens, k + 1), typeOnly ? "type" : "reexport", line);
        return;
      }
    }
    return;
  }
  if (!punct(j, "{")) return;
  let runtimeBindings = 0;
  let typeBindings = 0;
  for (let k = j + 1; k < tokens.count; k++) {
    if (punct(k, "}")) {
      if (name(k + 1, "from") && isStatic(tokens, k + 2)) {
        const allTypes = typeBindings > 0 && runtimeBindings === 0;
        add(textOf(tokens, k + 2), typeOnly || allTypes ? "type" : "reexport", line);
      }
      return;
    }
    if (tokens.type[k] !== NAME) continue;
    if (!punct(k - 1, "{") && !punct(k - 1, ",")) continue;
    if (name(k, "type") && name(k + 1)) typeBindings++;
    else runtimeBindings++;
  }
}

/** Whether the tokens from `i` start a function value: `function`, `async`, `x =>`, `(...) =>`. */
function isFunctionValue(tokens: Tokens, i: number): boolean {
  const punct = (k: number, text: string) => tokenIs(tokens, k, PUNCT, text);
  if (tokenIs(tokens, i, NAME, "function") || tokenIs(tokens, i, NAME, "async")) return true;
  if (tokenIs(tokens, i, NAME) && punct(i + 1, "=>")) return true;
  if (!punct(i, "(")) return false;
  let parens = 0;
  for (let k = i; k < tokens.count; k++) {
    if (tokens.type[k] !== PUNCT) continue;
    if (punct(k, "(")) parens++;
    else if (punct(k, ")") && --parens === 0) return punct(k + 1, "=>") || punct(k + 1, ":");
  }
  return false;
}

// Each runs once per import or export of every script of a cold analysis (core/jit.ts).
belowTopTier(extractFromTokens, readImport, readExport);

import type { Extracted, ImportFact, ImportKind, TypeFact } from "../../facts.ts";
import { markersIn } from "../markers.ts";
import { nestingFromIndents } from "../nesting.ts";
import { type Lexed, NAME, PUNCT, STRING, TEMPLATE, type Token } from "./lexer.ts";

const DECISION_WORDS = new Set(["if", "for", "while", "case", "catch"]);
const DECISION_PUNCT = new Set(["&&", "||", "??", "&&=", "||=", "??="]);
// After `?`, these tokens mean a TypeScript optional marker (`a?: T`, `f(a?)`), not a ternary.
const OPTIONAL_MARKER_NEXT = new Set([":", ",", ")", "="]);
// A `function` keyword here starts a declaration, not an expression.
const STATEMENT_START = new Set([";", "}", "{", "export", "default", "async", "declare"]);

const is = (token: Token | undefined, type: number, value?: string) =>
  token !== undefined && token.type === type && (value === undefined || token.value === value);
const isPunct = (token: Token | undefined, value: string) => is(token, PUNCT, value);
const isName = (token: Token | undefined, value?: string) => is(token, NAME, value);
/** A string literal or a template literal without substitutions: a static specifier. */
const isStatic = (token: Token | undefined) => is(token, STRING) || is(token, TEMPLATE);

/**
 * Reads imports, declared types, module-level functions and decision points from the
 * lexer's token stream. Every import form of JS and TS is recognised by its tokens:
 * `import x from`, `import type`, `import { type a }`, side-effect imports, `export * from`,
 * `export { x } from`, `import("x")`, `require("x")` and `import x = require("x")`.
 */
export function extractFromTokens(lexed: Lexed): Extracted {
  const { tokens } = lexed;
  const imports: ImportFact[] = [];
  const types: TypeFact[] = [];
  let functions = 0;
  let complexity = 0;

  const add = (specifier: string, kind: ImportKind, line: number) => imports.push({ specifier, kind, line });

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (token.type === PUNCT) {
      if (DECISION_PUNCT.has(token.value)) complexity++;
      else if (token.value === "?" && !OPTIONAL_MARKER_NEXT.has(next?.value ?? "")) complexity++;
      continue;
    }
    if (token.type !== NAME || isPunct(prev, ".") || isPunct(prev, "?.")) continue;

    switch (token.value) {
      case "import":
        readImport(tokens, i, add);
        break;
      case "export":
        readExport(tokens, i, add);
        break;
      case "require":
        // `import x = require("y")` was read with its `import`.
        if (isPunct(prev, "=") && (isName(tokens[i - 3], "import") || isName(tokens[i - 4], "import"))) break;
        if (isPunct(next, "(") && isStatic(tokens[i + 2]) && isPunct(tokens[i + 3], ")") && !isName(prev, "function")) {
          add(tokens[i + 2]!.value, "require", token.line);
        }
        break;
      case "class":
        if (isName(next) && next!.value !== "extends" && next!.value !== "implements") {
          types.push({ name: next!.value, abstract: isName(prev, "abstract"), line: token.line });
        }
        break;
      case "interface":
        if (isName(next) && (isPunct(tokens[i + 2], "{") || isName(tokens[i + 2], "extends") || isPunct(tokens[i + 2], "<"))) {
          types.push({ name: next!.value, abstract: true, line: token.line });
        }
        break;
      case "type":
        if (isName(next) && (isPunct(tokens[i + 2], "=") || isPunct(tokens[i + 2], "<")) && !isName(prev, "import")) {
          types.push({ name: next!.value, abstract: true, line: token.line });
        }
        break;
      case "enum":
        if (isName(next) && isPunct(tokens[i + 2], "{")) types.push({ name: next!.value, abstract: false, line: token.line });
        break;
      case "function":
        if (token.depth === 0 && (!prev || STATEMENT_START.has(prev.value))) {
          functions++;
        }
        break;
      case "const":
      case "let":
      case "var":
        if (token.depth === 0 && isName(next) && isPunct(tokens[i + 2], "=") && isFunctionValue(tokens, i + 3)) functions++;
        break;
      default:
        if (DECISION_WORDS.has(token.value)) complexity++;
    }
  }

  return {
    lines: lexed.lines,
    imports,
    types,
    functions,
    complexity,
    nesting: nestingFromIndents(lexed.indents),
    markers: markersIn(lexed.comments),
    parse: "lexical",
  };
}

type Add = (specifier: string, kind: ImportKind, line: number) => void;

function readImport(tokens: Token[], i: number, add: Add): void {
  const start = tokens[i]!;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (isPunct(next, ".")) return; // import.meta
  if (isPunct(next, "(")) {
    const arg = tokens[i + 2];
    if (isStatic(arg) && (isPunct(tokens[i + 3], ")") || isPunct(tokens[i + 3], ","))) {
      // `typeof import("x")` and `x: import("x").T` are TypeScript type positions.
      const typePosition = isName(prev, "typeof") || isPunct(prev, ":");
      add(arg!.value, typePosition ? "type" : "dynamic", start.line);
    }
    return;
  }
  if (isStatic(next)) {
    add(next!.value, "import", start.line);
    return;
  }
  // `import type X from`, but not `import type from "x"` (a default import named `type`).
  let typeOnly = isName(next, "type") && !isName(tokens[i + 2], "from") && !isPunct(tokens[i + 2], ",");
  let runtimeBindings = 0;
  let typeBindings = 0;
  let inBraces = false;
  for (let j = i + (typeOnly ? 2 : 1); j < tokens.length && j < i + 400; j++) {
    const token = tokens[j]!;
    if (token.type === PUNCT) {
      if (token.value === "{") inBraces = true;
      else if (token.value === "}") inBraces = false;
      else if (token.value === "*") runtimeBindings++;
      else if (token.value === ";") return;
      else if (token.value === "=" && isName(tokens[j + 1], "require") && isStatic(tokens[j + 3])) {
        add(tokens[j + 3]!.value, typeOnly ? "type" : "require", start.line);
        return;
      } else if (token.value === "=") return; // `import x = Namespace.Member`
      continue;
    }
    if (token.type !== NAME) return;
    if (token.value === "from" && !inBraces && isStatic(tokens[j + 1])) {
      if (!typeOnly && runtimeBindings === 0 && typeBindings > 0) typeOnly = true;
      add(tokens[j + 1]!.value, typeOnly ? "type" : "import", start.line);
      return;
    }
    const before = tokens[j - 1];
    const bindingStart = isPunct(before, "{") || isPunct(before, ",") || j === i + 1;
    if (!bindingStart) continue;
    if (inBraces && token.value === "type" && isName(tokens[j + 1])) typeBindings++;
    else runtimeBindings++;
  }
}

function readExport(tokens: Token[], i: number, add: Add): void {
  const line = tokens[i]!.line;
  let j = i + 1;
  let typeOnly = false;
  if (isName(tokens[j], "type") && (isPunct(tokens[j + 1], "{") || isPunct(tokens[j + 1], "*"))) {
    typeOnly = true;
    j++;
  }
  if (isPunct(tokens[j], "*")) {
    for (let k = j + 1; k < j + 5 && k < tokens.length; k++) {
      if (isName(tokens[k], "from") && isStatic(tokens[k + 1])) {
        add(tokens[k + 1]!.value, typeOnly ? "type" : "reexport", line);
        return;
      }
    }
    return;
  }
  if (!isPunct(tokens[j], "{")) return;
  let runtimeBindings = 0;
  let typeBindings = 0;
  for (let k = j + 1; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (isPunct(token, "}")) {
      if (isName(tokens[k + 1], "from") && isStatic(tokens[k + 2])) {
        const allTypes = typeBindings > 0 && runtimeBindings === 0;
        add(tokens[k + 2]!.value, typeOnly || allTypes ? "type" : "reexport", line);
      }
      return;
    }
    if (token.type !== NAME) continue;
    if (!isPunct(tokens[k - 1], "{") && !isPunct(tokens[k - 1], ",")) continue;
    if (token.value === "type" && isName(tokens[k + 1])) typeBindings++;
    else runtimeBindings++;
  }
}

/** Whether the tokens from `i` start a function value: `function`, `async`, `x =>`, `(...) =>`. */
function isFunctionValue(tokens: Token[], i: number): boolean {
  const first = tokens[i];
  if (isName(first, "function") || isName(first, "async")) return true;
  if (isName(first) && isPunct(tokens[i + 1], "=>")) return true;
  if (!isPunct(first, "(")) return false;
  let parens = 0;
  for (let k = i; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.type !== PUNCT) continue;
    if (token.value === "(") parens++;
    else if (token.value === ")" && --parens === 0) {
      return isPunct(tokens[k + 1], "=>") || isPunct(tokens[k + 1], ":");
    }
  }
  return false;
}

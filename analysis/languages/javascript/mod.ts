/** JavaScript and TypeScript, and the script blocks of Vue and Svelte components. */
import type { Extracted } from "../../facts.ts";
import type { Language } from "../language.ts";
import { lex } from "./lexer.ts";
import { javascriptSyntax } from "./syntax.ts";
import { parseImports } from "./parse.ts";
import { extractFromTokens } from "./tokens.ts";

const JSX_EXTENSIONS = /\.(jsx|tsx|js|mjs|cjs)$/;

/**
 * Lexes the file; where the lexer met something it cannot settle (an unclosed brace, an
 * unterminated literal), acorn parses it. If acorn succeeds its imports replace the lexical
 * ones; if not, the lexical result stands and the parser's message is kept as `parseError`.
 */
export function extractScript(src: string, path: string, lineOffset = 0): Extracted {
  const lexed = lex(src, JSX_EXTENSIONS.test(path));
  const facts = extractFromTokens(lexed);
  if (lineOffset) shiftLines(facts, lineOffset);
  const parsed = lexed.problem ? parseImports(src, lineOffset) : undefined;
  const read = !parsed ? facts : parsed.ok ? { ...facts, imports: parsed.imports, parse: "parsed" as const } : { ...facts, parseError: { message: parsed.message, line: parsed.line } };
  return DECLARATION_FILE.test(path) ? declarations(read) : read;
}

const DECLARATION_FILE = /\.d\.[cm]?ts$/;

/**
 * A declaration file (`.d.ts`) holds types alone: nothing of it runs, so every import is a type
 * import (a cycle of them is a type cycle) and its conditional types and nested generics are
 * neither decision points nor nesting.
 */
function declarations(facts: Extracted): Extracted {
  const { mostComplexFunction: _none, ...rest } = facts;
  return { ...rest, imports: facts.imports.map((i) => ({ ...i, kind: "type" })), complexity: 0, nesting: 0 };
}

function shiftLines(facts: Extracted, offset: number): void {
  for (const item of facts.imports) item.line += offset;
  for (const item of facts.types) item.line += offset;
  for (const item of facts.markers) item.line += offset;
  if (facts.mostComplexFunction) facts.mostComplexFunction.line += offset;
}

const SCRIPT_BLOCK = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** Vue and Svelte: every `<script>` block is read as JS or TS (by its `lang`), at its own lines. */
function extractComponent(src: string, path: string): Extracted {
  const total: Extracted = {
    lines: src.split("\n").length - (src.endsWith("\n") ? 1 : 0),
    imports: [], types: [], functions: 0, complexity: 0, nesting: 0, markers: [], parse: "lexical",
  };
  for (const match of src.matchAll(SCRIPT_BLOCK)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    const bodyStart = (match.index ?? 0) + match[0].indexOf(">") + 1;
    const offset = src.slice(0, bodyStart).split("\n").length - 1;
    const lang = /lang=["']?(ts|tsx|typescript)/.test(attributes) ? "x.ts" : "x.js";
    const part = extractScript(body, lang, offset);
    total.imports.push(...part.imports);
    total.types.push(...part.types);
    total.markers.push(...part.markers);
    total.functions += part.functions;
    total.complexity += part.complexity;
    if (part.mostComplexFunction && part.mostComplexFunction.complexity > (total.mostComplexFunction?.complexity ?? -1)) {
      total.mostComplexFunction = part.mostComplexFunction;
    }
    total.nesting = Math.max(total.nesting, part.nesting);
    if (part.parse === "parsed") total.parse = "parsed";
    if (part.parseError && !total.parseError) total.parseError = part.parseError;
  }
  return total;
}

export const javascript: Language = {
  id: "javascript",
  name: "JavaScript",
  extensions: [".js", ".jsx", ".mjs", ".cjs"],
  syntax: javascriptSyntax,
  extract: extractScript,
};

export const typescript: Language = {
  id: "typescript",
  name: "TypeScript",
  extensions: [".ts", ".tsx", ".mts", ".cts"],
  syntax: javascriptSyntax,
  extract: extractScript,
};

export const vue: Language = { id: "vue", name: "Vue", extensions: [".vue"], syntax: javascriptSyntax, extract: extractComponent };
export const svelte: Language = { id: "svelte", name: "Svelte", extensions: [".svelte"], syntax: javascriptSyntax, extract: extractComponent };

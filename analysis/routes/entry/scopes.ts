import { callArguments, type RouteSource } from "../source.ts";

/** A class, method or function that an annotation or decorator sits on. */
export type Declaration = { kind: "class" | "function"; name: string; start: number };

const CLASS = /^[\w\s<>,.?[\]]*?\b(?:class|interface|object|record|struct|module)\s+([A-Za-z_]\w*)/;
const FUNCTION = /^[^(){};=@]*?\b(?:def|fun|func|function)?\s*([A-Za-z_]\w*)\s*(?:<[^<>]*>)?\s*\(/;

/**
 * The declaration an annotation ending at `from` decorates, past any further annotations
 * (`@X(...)`, C# `[X(...)]`) and modifiers: `public void listen(...)`, `def process(self)`,
 * `override suspend fun run()`, `class OrderConsumer`.
 */
export function declarationAfter(source: RouteSource, from: number): Declaration | undefined {
  const { code } = source;
  let at = from;
  for (;;) {
    at += /^\s*/.exec(code.slice(at, at + 400))![0].length;
    const annotation = /^@[\w.]+\s*/.exec(code.slice(at, at + 200));
    if (annotation) {
      at += annotation[0].length;
      if (code[at] === "(") at = callArguments(code, at).end;
    } else if (code[at] === "[" && /^\[\s*[A-Z]/.test(code.slice(at, at + 3))) at = callArguments(code, at).end;
    else break;
  }
  const rest = code.slice(at, at + 400);
  const cls = CLASS.exec(rest);
  const fn = FUNCTION.exec(rest);
  if (cls && (!fn || cls.index + cls[0].length <= fn.index + fn[0].length)) {
    return { kind: "class", name: cls[1]!, start: at };
  }
  return fn && !/^(if|for|while|switch|return|catch)$/.test(fn[1]!)
    ? { kind: "function", name: fn[1]!, start: at }
    : undefined;
}

const CLASS_HEAD = /\b(?:class|object|struct|module|defmodule)\s+([A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)*)/g;
const FUNCTION_HEAD = /\b(?:def|function|func|fun)\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/g;

type Block = { name: string; start: number; end: number };
const cache = new WeakMap<RouteSource, Map<RegExp, Block[]>>();

/**
 * The name of the class around `offset`: the innermost class whose body (in braces, by
 * indentation for Python, up to its `end` for Ruby and Elixir) holds it.
 */
export function enclosingClass(source: RouteSource, offset: number): string | undefined {
  return innermost(blocks(source, CLASS_HEAD), offset);
}

/** The name of the innermost function (`def`, `function`, `func`, `fun`) around `offset`, if any. */
export function enclosingFunction(source: RouteSource, offset: number): string | undefined {
  return innermost(blocks(source, FUNCTION_HEAD), offset);
}

function innermost(list: readonly Block[], offset: number): string | undefined {
  let found: string | undefined;
  for (const b of list) {
    if (b.start >= offset) break;
    if (offset < b.end) found = b.name;
  }
  return found;
}

/** Every declaration `head` finds, with where its body ends; computed once per file and pattern. */
function blocks(source: RouteSource, head: RegExp): Block[] {
  let byPattern = cache.get(source);
  if (!byPattern) cache.set(source, byPattern = new Map());
  let list = byPattern.get(head);
  if (!list) {
    list = [...source.code.matchAll(head)].map((m) => ({
      name: m[1]!,
      start: m.index,
      end: blockEnd(source, m.index),
    }));
    byPattern.set(head, list);
  }
  return list;
}

/**
 * Where the declaration starting at `start` ends: by indentation in Python, at its matching
 * `end` in Ruby and Elixir, at its closing brace elsewhere.
 */
function blockEnd(source: RouteSource, start: number): number {
  const { code, path } = source;
  if (/\.py$/.test(path)) {
    const indent = indentAt(code, start);
    const header = headerEnd(code, start);
    for (let at = code.indexOf("\n", header) + 1; at > 0 && at < code.length; at = code.indexOf("\n", at) + 1) {
      const line = code.slice(at, code.indexOf("\n", at) === -1 ? code.length : code.indexOf("\n", at));
      if (line.trim() && indentAt(line, 0) <= indent) return at;
    }
    return code.length;
  }
  if (/\.(rb|rake|ex|exs)$/.test(path)) {
    const opener = /\.ex$|\.exs$/.test(path)
      ? /\b(?:do|fn)\b(?!:)|\bend\b/g
      : /^[ \t]*(?:class|module|def|if|unless|while|until|case|begin)\b|\bdo\b(?!:)|\bend\b/gm;
    opener.lastIndex = code.lastIndexOf("\n", start) + 1;
    let depth = 0;
    for (let m = opener.exec(code); m; m = opener.exec(code)) {
      depth += m[0] === "end" ? -1 : 1;
      if (depth === 0) return m.index + 3;
    }
    return code.length;
  }
  const brace = code.indexOf("{", start);
  return brace === -1 ? start : callArguments(code, brace).end;
}

/** The end of a Python header (`class X(\n A,\n B):`): its colon outside brackets. */
function headerEnd(code: string, start: number): number {
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === ":" && depth === 0) return i;
  }
  return code.length;
}

function indentAt(code: string, at: number): number {
  const lineStart = code.lastIndexOf("\n", at - 1) + 1;
  return /^[ \t]*/.exec(code.slice(lineStart, lineStart + 200))![0].replace(/\t/g, "    ").length;
}

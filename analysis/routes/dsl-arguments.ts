import type { Span } from "./blocks.ts";
import { callArguments, type RouteSource } from "./source.ts";

/** A call's arguments: positional ones, `key: value` keywords, and `"path" => "c#a"` pairs. */
export type DslArguments = { positional: Span[]; keywords: Map<string, Span>; pairs: { key: Span; value: Span }[] };

/**
 * Reads the arguments of a Ruby or Elixir DSL call, with or without parentheses: `resources
 * :users, only: [:index]`, `get("x" => "c#a")`, `get "/", PageController, :home`. A trailing
 * `if`/`unless` modifier is not an argument.
 */
export function dslArguments(source: RouteSource, span: Span): DslArguments {
  // Structure is read from the stripped code; white space from the text, where `%i[...]` literals are not blank.
  const { code, text: raw } = source;
  let { start, end } = span;
  const modifier = /\s(?:if|unless)\s/.exec(topLevel(code, span));
  if (modifier) end = start + modifier.index;
  while (start < end && /\s/.test(raw[start]!)) start++;
  if (code[start] === "(" && callArguments(code, start).end >= trimmedEnd(raw, start, end)) {
    end = callArguments(code, start).end - 1;
    start++;
  }
  const parts = split(code, raw, start, end);
  const args: DslArguments = { positional: [], keywords: new Map(), pairs: [] };
  for (const part of parts) {
    const text = code.slice(part.start, part.end);
    const keyword = /^([A-Za-z_]\w*[?!]?):(?!:)/.exec(text) ?? /^:([A-Za-z_]\w*[?!]?)\s*=>/.exec(text);
    if (keyword) {
      let value = part.start + keyword[0].length;
      while (value < part.end && /\s/.test(raw[value]!)) value++;
      args.keywords.set(keyword[1]!, { start: value, end: part.end });
      continue;
    }
    const rocket = arrow(code, part);
    if (rocket !== undefined) args.pairs.push({ key: { start: part.start, end: rocket }, value: { start: rocket + 2, end: part.end } });
    else args.positional.push(part);
  }
  return args;
}

/** The comma-separated parts of `code` between `start` and `end`, trimmed, split outside brackets. */
function split(code: string, raw: string, start: number, end: number): Span[] {
  const parts: Span[] = [];
  let depth = 0;
  let from = start;
  const push = (to: number) => {
    let a = from;
    let b = to;
    while (a < b && /\s/.test(raw[a]!)) a++;
    while (b > a && /\s/.test(raw[b - 1]!)) b--;
    if (a < b) parts.push({ start: a, end: b });
  };
  for (let i = start; i < end; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === "," && depth === 0) {
      push(i);
      from = i + 1;
    }
  }
  push(end);
  return parts;
}

/** The text of a span with everything inside brackets blanked, so top-level words can be found. */
function topLevel(code: string, span: Span): string {
  let depth = 0;
  let out = "";
  for (let i = span.start; i < span.end; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    out += depth > 0 ? " " : c;
  }
  return out;
}

const trimmedEnd = (code: string, start: number, end: number) => {
  while (end > start && /\s/.test(code[end - 1]!)) end--;
  return end;
};

/** The offset of a top-level `=>` in an argument. */
function arrow(code: string, span: Span): number | undefined {
  const at = topLevel(code, span).indexOf("=>");
  return at === -1 ? undefined : span.start + at;
}

// What may stand between two string literals Ruby joins: spaces, and a backslash ending the line.
const ADJACENT = /^[ \t]*(?:\\[ \t]*\r?\n[ \t]*)?(?=["'])/;

/**
 * The value of a symbol (atom) or a string without interpolation: `:users`, `"users"`, `'users'`;
 * with a loop's `bindings`, also a name it binds and a string interpolating only such names.
 */
export function dslValue(source: RouteSource, span: Span, bindings?: ReadonlyMap<string, string>): string | undefined {
  let start = span.start;
  while (start < span.end && /\s/.test(source.text[start]!)) start++;
  const symbol = /^:([A-Za-z_]\w*[?!]?)/.exec(source.code.slice(start, span.end));
  if (symbol) return symbol[1];
  // A name a loop binds (`:action => action` in `%w(browse show).each do |action|`).
  const name = bindings && /^([a-z_]\w*)\s*$/.exec(source.code.slice(start, span.end))?.[1];
  if (name && bindings.has(name)) return bindings.get(name);
  const first = source.stringAt(start);
  if (!first || /^%[wWiI]/.test(source.text.slice(start, start + 2))) return undefined;
  // Ruby joins literals written one after another (`'/request/:id/attach' \` and `'/html/(:part)'` on the next line).
  let literal = first;
  for (let next = ADJACENT.exec(source.code.slice(literal.end, span.end)); next; next = ADJACENT.exec(source.code.slice(literal.end, span.end))) {
    const following = source.stringAt(literal.end + next[0].length);
    if (!following || following.end > span.end) break;
    literal = { ...following, value: literal.value + following.value };
  }
  if (!/#\{/.test(literal.value) || source.text[start] === "'") return literal.value;
  // `"projects/#{action}(/*path)"`: interpolating only names the loop binds.
  const parts = literal.value.split(/#\{\s*([a-z_]\w*)\s*\}/);
  if (/#\{/.test(parts.filter((_, i) => i % 2 === 0).join("")) || !bindings) return undefined;
  return parts.every((part, i) => i % 2 === 0 || bindings.has(part)) ? parts.map((part, i) => (i % 2 === 0 ? part : bindings.get(part)!)).join("") : undefined;
}

/** A list of symbols or strings: `[:index, :show]`, `%i[index show]`, or one value. */
export function dslList(source: RouteSource, span: Span): string[] {
  let start = span.start;
  while (start < span.end && /\s/.test(source.text[start]!)) start++;
  if (/^%[wWiI]/.test(source.text.slice(start, start + 2))) return source.stringAt(start)?.value.split(/\s+/).filter(Boolean) ?? [];
  if (source.code[start] === "[") return callArguments(source.code, start).args.map((a) => dslValue(source, a)).filter((v): v is string => v !== undefined);
  const one = dslValue(source, span);
  return one === undefined ? [] : [one];
}

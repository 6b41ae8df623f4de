import { callArguments, type RouteSource } from "../source.ts";

export type Span = { start: number; end: number };

/**
 * The top-level properties of the object literal whose `{` is at `open`: each key with the
 * span of its value. Shorthand properties (`{ routes }`) span their own name; spreads and
 * computed keys are left out. Quoted keys are read from the text, as `code` blanks them.
 */
export function objectProperties(source: RouteSource, open: number): Map<string, Span> {
  const properties = new Map<string, Span>();
  if (source.code[open] !== "{") return properties;
  for (const part of callArguments(source.code, open).args) {
    const text = source.code.slice(part.start, part.end);
    const quoted = source.stringAt(part.start);
    const key = quoted ? quoted.value : /^(?:async\s+)?([A-Za-z_$][\w$]*)/.exec(text)?.[1];
    if (!key || text.startsWith("...")) continue;
    const rest = quoted ? quoted.end : part.start + text.indexOf(key) + key.length;
    const colon = /^\s*:/.exec(source.code.slice(rest, part.end));
    if (colon) properties.set(key, trimmed(source, rest + colon[0].length, part.end));
    else properties.set(key, { start: part.start, end: part.end });
  }
  return properties;
}

/**
 * Where the object literal an argument stands for opens: the argument itself (`{ prefix }`), or
 * the object a `const` of the file holds (`const options = { prefix: API_PREFIX }`).
 */
export function objectLiteralAt(source: RouteSource, span: Span): number | undefined {
  if (source.code[span.start] === "{") return span.start;
  const name = /^([A-Za-z_$][\w$]*)$/.exec(source.code.slice(span.start, span.end).trim())?.[1];
  if (!name) return undefined;
  const declared = new RegExp(`\\bconst\\s+${name.replace(/\$/g, "\\$")}\\s*(?::[^=;]+)?=\\s*\\{`).exec(source.code);
  return declared ? declared.index + declared[0].length - 1 : undefined;
}

/** The element spans of the array literal whose `[` is at `open`. */
export function arrayElements(source: RouteSource, open: number): Span[] {
  return source.code[open] === "[" ? callArguments(source.code, open).args : [];
}

/** A span without the white space around it. */
function trimmed(source: RouteSource, start: number, end: number): Span {
  while (start < end && /\s/.test(source.code[start]!)) start++;
  while (end > start && /\s/.test(source.code[end - 1]!)) end--;
  return { start, end };
}

/** The stripped code of a span, trimmed; "" for none. */
export const code = (
  source: RouteSource,
  span: Span | undefined,
): string => (span ? source.code.slice(span.start, span.end).trim() : "");

/** The `{` of the object literal that holds `offset` directly, or -1. */
export function enclosingBrace(code: string, offset: number): number {
  let depth = 0;
  for (let i = offset - 1; i >= 0; i--) {
    const c = code[i];
    if (c === "}" || c === ")" || c === "]") depth++;
    else if (c === "{" || c === "(" || c === "[") {
      if (depth === 0) return c === "{" ? i : -1;
      depth--;
    }
  }
  return -1;
}

import type { RouteSource } from "../source.ts";

const CONSTANT = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*string\s*)?=\s*/g;

/**
 * The string constants of a JS/TS file whose value is statically known: a literal, a
 * template or a concatenation of literals and earlier constants. Route prefixes are often
 * held in such constants (`const API = "/api/v1"`).
 */
export function jsConstants(source: RouteSource): Map<string, string> {
  const constants = new Map<string, string>();
  for (const match of source.code.matchAll(CONSTANT)) {
    const start = match.index + match[0].length;
    let end = start;
    let depth = 0;
    for (; end < source.code.length; end++) {
      const c = source.code[end];
      if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") {
        if (depth === 0) break;
        depth--;
      } else if ((c === ";" || c === "\n" || c === ",") && depth === 0) break;
    }
    const value = jsValue(source, start, end, constants);
    if (value !== undefined) constants.set(match[1]!, value);
  }
  return constants;
}

/**
 * The static string value of the expression between `start` and `end`: string literals,
 * templates whose substitutions are known constants, known identifiers, joined with `+`.
 * Undefined when any part is not statically known.
 */
export function jsValue(source: RouteSource, start: number, end: number, constants: Map<string, string>): string | undefined {
  let result = "";
  let i = start;
  let expectOperand = true;
  while (i < end) {
    const c = source.code[i]!;
    if (/\s|\(|\)/.test(c)) {
      i++;
      continue;
    }
    if (!expectOperand) {
      if (c !== "+") return undefined;
      expectOperand = true;
      i++;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      const literal = source.stringAt(i);
      if (!literal) return undefined;
      let value = literal.value;
      if (c === "`") {
        const substituted = substitute(value, constants);
        if (substituted === undefined) return undefined;
        value = substituted;
      }
      result += value;
      i = literal.end;
    } else {
      const name = /^[A-Za-z_$][\w$.]*/.exec(source.code.slice(i, end))?.[0];
      if (!name || !constants.has(name)) return undefined;
      result += constants.get(name);
      i += name.length;
    }
    expectOperand = false;
  }
  return expectOperand && result === "" ? undefined : result;
}

function substitute(template: string, constants: Map<string, string>): string | undefined {
  let unknown = false;
  const value = template.replace(/\$\{\s*([A-Za-z_$][\w$.]*)\s*\}/g, (_, name: string) => {
    if (!constants.has(name)) unknown = true;
    return constants.get(name) ?? "";
  });
  return unknown || value.includes("${") ? undefined : value;
}

/** PHP decision points that need more than a word count: ternaries, match arms, enum cases. */

const WORDS = /(?<![\w$\\>:])(?:if|elseif|for|foreach|while|case|catch|and|or)(?![\w$\\])/gi;
const MATCH = /(?<![\w$\\>:])match\s*\(/gi;
// After these words a `?` is a nullable type (`public ?string $name`), not a ternary.
const TYPE_CONTEXT = new Set([
  "public",
  "protected",
  "private",
  "readonly",
  "static",
  "var",
  "const",
  "function",
  "fn",
]);

/**
 * Keywords (any case, as PHP keywords are): if, elseif (and so `else if` once), for, foreach,
 * while, case (not the cases of an enum), catch, and, or; each ternary `?` (also `?:`) but not
 * `??`, `?->` or a nullable type; each non-default arm of a `match`. The caller adds `&&`,
 * `||` and `??`.
 */
export function decisionsOf(code: string, types: readonly { kind: string; start: number; end: number }[]): number {
  const enums = types.filter((t) => t.kind === "enum");
  let count = 0;
  for (const match of code.matchAll(WORDS)) {
    if (match[0].toLowerCase() === "case" && enums.some((e) => match.index > e.start && match.index < e.end)) continue;
    count++;
  }
  return count + ternaries(code) + matchArms(code);
}

function ternaries(code: string): number {
  let count = 0;
  for (let i = code.indexOf("?"); i !== -1; i = code.indexOf("?", i + 1)) {
    const next = code[i + 1];
    if (next === "?" || next === "-" || next === ">" || code[i - 1] === "?") continue;
    let p = i - 1;
    while (p >= 0 && /\s/.test(code[p]!)) p--;
    const prev = code[p] ?? "";
    if ("(,:|{;=[<".includes(prev)) continue;
    if (/\w/.test(prev)) {
      let start = p;
      while (start > 0 && /\w/.test(code[start - 1]!)) start--;
      if (TYPE_CONTEXT.has(code.slice(start, p + 1).toLowerCase())) continue;
    }
    count++;
  }
  return count;
}

/** Arms of every `match (...) { ... }`: each `=>` at the top level of its body, but `default`. */
function matchArms(code: string): number {
  let count = 0;
  for (const match of code.matchAll(MATCH)) {
    let i = skipGroup(code, match.index + match[0].length - 1);
    while (i < code.length && /\s/.test(code[i]!)) i++;
    if (code[i] !== "{") continue;
    let depth = 0;
    let armStart = i + 1;
    let inBody = false;
    for (i++; i < code.length; i++) {
      const c = code[i]!;
      if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0 && c === ",") {
        inBody = false;
        armStart = i + 1;
      } else if (depth === 0 && !inBody && c === "=" && code[i + 1] === ">") {
        if (code.slice(armStart, i).trim().toLowerCase() !== "default") count++;
        inBody = true;
      }
    }
  }
  return count;
}

/** The offset after the bracket group opening at `open`. */
function skipGroup(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && --depth === 0) return i + 1;
  }
  return code.length;
}

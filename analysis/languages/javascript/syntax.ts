import { quoted, type StringMatch, type Syntax } from "../strip.ts";

/**
 * JS/TS comments and strings for the generic stripper (analysis/languages/strip.ts), used by
 * the route scanners: quotes, and template literals whose `${...}` substitutions may hold
 * braces and strings of their own, and regular-expression literals (`/^\/\//`, `/["']/`), told
 * from a division by what comes before them. The import extractor has its own lexer.
 */
export const javascriptSyntax: Syntax = {
  lineComments: ["//"],
  blockComments: [{ open: "/*", close: "*/" }],
  literalStarts: "\"'`",
  regexEnd,
  matchString(src, pos) {
    const c = src[pos];
    if (c === '"' || c === "'") return quoted(src, pos, c);
    if (c === "`") return template(src, pos);
    return undefined;
  },
};

// What a regular expression can follow: an operator or punctuation that expects a value (not `)`,
// `]` or a name, after which `/` divides; not `<`, which in JSX closes a tag; not `}`, which in
// JSX ends an attribute before `/>`), or a keyword.
const BEFORE_REGEX = new Set([..."(,=:[!&|?{;+-*%~^"]);
const KEYWORD_BEFORE = /(?:^|[^\w$.])(?:return|typeof|case|in|of|delete|void|throw|new|yield|await|else|do)$/;

function regexEnd(src: string, pos: number): number | undefined {
  if (src[pos] !== "/") return undefined;
  let before = pos - 1;
  while (before >= 0 && (src[before] === " " || src[before] === "\t" || src[before] === "\n" || src[before] === "\r")) before--;
  const previous = before < 0 ? "" : src[before]!;
  const arrow = previous === ">" && src[before - 1] === "=";
  if (!(before < 0 || BEFORE_REGEX.has(previous) || arrow || (/[\w$]/.test(previous) && KEYWORD_BEFORE.test(src.slice(Math.max(0, before - 10), before + 1))))) return undefined;
  let inClass = false;
  for (let i = pos + 1; i < src.length; i++) {
    const c = src[i];
    if (c === "\n" || c === "\r") return undefined; // a regular expression holds no line break
    if (c === "\\") i++;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) {
      let end = i + 1;
      while (end < src.length && /[a-z]/.test(src[end]!)) end++;
      return end;
    }
  }
  return undefined;
}

function template(src: string, pos: number): StringMatch {
  let i = pos + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "`") return { end: i + 1, valueStart: pos + 1, valueEnd: i };
    if (c === "$" && src[i + 1] === "{") {
      let depth = 1;
      i += 2;
      while (i < src.length && depth > 0) {
        const d = src[i];
        if (d === "{") depth++;
        else if (d === "}") depth--;
        else if (d === '"' || d === "'" || d === "`") {
          i = (d === "`" ? template(src, i) : quoted(src, i, d)!).end;
          continue;
        }
        i++;
      }
      continue;
    }
    i++;
  }
  return { end: src.length, valueStart: pos + 1, valueEnd: src.length };
}

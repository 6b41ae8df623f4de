import { quoted, type StringMatch, type Syntax } from "../strip.ts";

/**
 * JS/TS comments and strings for the generic stripper (analysis/languages/strip.ts), used by
 * the route scanners: quotes, and template literals whose `${...}` substitutions may hold
 * braces and strings of their own. Regular-expression literals are not recognised; the
 * import extractor has its own lexer that does.
 */
export const javascriptSyntax: Syntax = {
  lineComments: ["//"],
  blockComments: [{ open: "/*", close: "*/" }],
  literalStarts: "\"'`",
  matchString(src, pos) {
    const c = src[pos];
    if (c === '"' || c === "'") return quoted(src, pos, c);
    if (c === "`") return template(src, pos);
    return undefined;
  },
};

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

/**
 * A Next.js middleware matcher, Clerk route pattern or allow-list of a server's guard (path-to-regexp
 * syntax: `:name`, `:path*`, `:path+`, `:id?`, `*` and `*name`, and regular-expression groups such as `(.*)` or
 * `((?!api|_next).*)`) as a regular expression over report paths, whose parameters
 * (`{id}`) stand for any one segment.
 */
export function matcherPattern(pattern: string): RegExp {
  let out = "";
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i]!;
    if (c === "(") {
      let depth = 0;
      let j = i;
      for (; j < pattern.length; j++) {
        if (pattern[j] === "(") depth++;
        else if (pattern[j] === ")" && --depth === 0) break;
      }
      out += pattern.slice(i, j + 1);
      i = j + 1;
    } else if (c === ":") {
      const name = /^:\w+([*+?]?)/.exec(pattern.slice(i))!;
      const modifier = name[1];
      if (modifier === "*" || modifier === "?") {
        out = out.replace(/\\\/$/, "") + (modifier === "*" ? "(?:/.*)?" : "(?:/[^/]+)?");
      } else out += modifier === "+" ? ".+" : "[^/]+";
      i += name[0].length;
    } else if (c === "*") {
      // A bare `*`, or path-to-regexp 8's named wildcard (`/accept-invite/*path`): the rest.
      out += ".*";
      i += /^\*\w*/.exec(pattern.slice(i))![0].length;
    } else {
      out += c.replace(/[.+?^${}|[\]\\/]/g, "\\$&");
      i++;
    }
  }
  try {
    return new RegExp(`^${out}$`);
  } catch {
    return /^$/;
  }
}

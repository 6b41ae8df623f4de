import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName, optionalByArguments } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "warp";
// Where a route's filter chain starts: `warp::path!("api" / "users" / String)`, `warp::path("api")`
// or `warp::path::end()`.
const HEAD = /(?<![\w:])(?:warp\s*::\s*)?path\s*(?:(!\s*)?\(|::\s*end\s*\(\s*\))/g;
const METHODS = /(?<![\w:])(?:warp\s*::\s*)?(?:filters\s*::\s*method\s*::\s*)?(get|post|put|patch|delete|head|options)\s*\(\s*\)/;
// The calls that end a chain in a handler, and those that pass what they have on.
const HANDLER = /^(?:map|map_async|and_then|then)$/;
const PASSING = /^(?:and|untuple_one|boxed|with|recover|map_err|or_else)$/;
// A required header that carries credentials: `warp::header("Authorization")`, `header::<String>("x-api-key")`.
const CREDENTIALS_HEADER = /(?<![\w:])(?:warp\s*::\s*)?header\s*(?:::\s*<[^>]*>\s*)?\(\s*"((?:authorization|x-api-key|x-auth-token|api-key|x-access-token)[^"]*)"/i;
const OPTIONAL_HEADER = /\bheader\s*::\s*optional\b/;
const CALLED = /([A-Za-z_][\w:]*)\s*(?:::\s*<[^>]*>\s*)?\(/;

/**
 * warp: a route is a filter chain that starts at its path (`warp::path!("api" / "articles" /
 * String)`, or `warp::path("api").and(warp::path("users"))`), narrows the method
 * (`.and(warp::post())`) and ends in its handler (`.map(h)`, `.and_then(h)`, `.map_async(h)`);
 * routes are joined with `.or(...)`. A required credentials header (`warp::header("Authorization")`)
 * or an auth-like filter (`.and(with_auth(...))`) guards the route; `warp::header::optional`
 * reads the caller when there is one. Typed segments (`String`, `u64`) are parameters.
 */
export const warp: Framework = {
  id: FRAMEWORK,
  name: "warp",
  languages: ["rust"],
  hint: /\bwarp\b/,
  scan(source) {
    const { code } = source;
    const found: Registration[] = [];
    const inChain: Span[] = [];
    for (const m of code.matchAll(HEAD)) {
      if (inChain.some((s) => s.start <= m.index && m.index < s.end)) continue;
      // `warp::path::end()`: the root.
      const root = m[0].endsWith(")");
      const open = m.index + m[0].length - 1;
      const head = root ? { end: m.index + m[0].length } : callArguments(code, open);
      const segments = root ? [] : [...pathSegments(source, { start: open + 1, end: head.end - 1 }, !!m[1])];
      let methods: string[] = [];
      const guards: string[] = [];
      let handler: string | undefined;
      let at = head.end;
      for (let link = LINK.exec(code.slice(at, at + 200)); link; link = LINK.exec(code.slice(at, at + 200))) {
        const name = link[1]!;
        if (!HANDLER.test(name) && !PASSING.test(name)) break;
        const call = callArguments(code, at + link[0].length - 1);
        const inner = call.args[0] ? code.slice(call.args[0].start, call.args[0].end).trim() : "";
        if (HANDLER.test(name)) {
          handler = /^[A-Za-z_][\w:]*$/.test(inner) ? inner : "(inline)";
          at = call.end;
          break;
        }
        if (name === "and" && call.args[0]) {
          const text = source.text.slice(call.args[0].start, call.args[0].end);
          const method = METHODS.exec(inner);
          const nested = /^(?:warp\s*::\s*)?path\s*(!\s*)?\(/.exec(inner);
          if (method) methods = [...methods, method[1]!.toUpperCase()];
          else if (nested) segments.push(...pathSegments(source, { start: call.args[0].start + nested[0].length, end: call.args[0].end - 1 }, !!nested[1]));
          else if (/^(?:warp\s*::\s*)?path\s*::\s*param\b/.test(inner)) segments.push("{param}");
          else if (CREDENTIALS_HEADER.test(text) && !OPTIONAL_HEADER.test(inner)) guards.push(`header(${CREDENTIALS_HEADER.exec(text)![1]})`);
          else {
            const called = CALLED.exec(inner)?.[1];
            const args = inner.slice(inner.indexOf("(") + 1, inner.lastIndexOf(")"));
            if (called && isGuardName(called.split("::").at(-1)!) && !optionalByArguments(args) && !/optional/i.test(called)) guards.push(called);
          }
        }
        at = call.end;
      }
      inChain.push({ start: m.index, end: at });
      if (!handler) continue;
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: methods.length ? methods : ["ALL"], path: `/${segments.join("/")}`, handler, guards, owner: "", line: source.lineAt(m.index) });
    }
    return found;
  },
};

const LINK = /^\s*\.\s*([A-Za-z_]\w*)\s*(?:::\s*<[^>]*>\s*)?\(/;
const PARAMETER_TYPE = /^[A-Za-z_][\w:]*(?:<[^>]*>)?$/;

/** The segments of `"api" / "articles" / String` (a macro) or `"api"` (the function): strings, and types as parameters. */
function* pathSegments(source: RouteSource, span: Span, macro: boolean): Generator<string> {
  const parts = macro ? source.code.slice(span.start, span.end).split("/") : [source.code.slice(span.start, span.end)];
  let offset = span.start;
  for (const part of parts) {
    const start = offset + (part.length - part.trimStart().length);
    offset += part.length + 1;
    const literal = source.stringAt(start);
    if (literal) {
      if (literal.value) yield literal.value.replace(/^\/+|\/+$/g, "");
    } else if (PARAMETER_TYPE.test(part.trim()) && part.trim() !== "..") yield `{${part.trim().split("::").at(-1)!.replace(/<.*$/, "").toLowerCase()}}`;
  }
}

import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName, optionalByArguments } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { type RustFn, rustFunctions } from "../rust/functions.ts";
import { definedName, itemName, rustFile, type RustFile } from "../rust/source.ts";
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
 * reads the caller when there is one. Typed segments (`String`, `u64`) are parameters. A chain
 * with a method and no handler ends in the filter that answers (`.and(make_graphql_filter(...))`).
 *
 * Routes compose across functions and modules: a function's routes are a router named like the
 * function (`tag::routes`), and a function that joins others' (`tag::routes(s).or(user::routes(s))`)
 * mounts them, under the path in front when it has one (`warp::path("api").and(rest_routes)`,
 * `rest_routes` a variable holding the joined calls). A function nobody mounts is served at the root.
 */
export const warp: Framework = {
  id: FRAMEWORK,
  name: "warp",
  languages: ["rust"],
  hint: /\bwarp\b/,
  scan(source) {
    const { code } = source;
    const file = rustFile(source);
    const functions = rustFunctions(source, file);
    const ownerAt = (at: number) => {
      const fn = functions.findLast((f) => f.body.start < at && at < f.body.end);
      return fn ? definedName(file, fn.name, fn.start) : "";
    };
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
      // The callee of the last `.and(call)` that is neither a method, a path nor a guard: the answer of a chain without a handler.
      let answer: string | undefined;
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
            if (called && isGuardName(called.split("::").at(-1)!)) {
              if (!optionalByArguments(args) && !/optional/i.test(called)) guards.push(called);
            } else answer = called && !/^(?:warp\s*::\s*)?(?:body|query|header|cookie|addr|any|fs|path)\b/.test(called) ? called : undefined;
          }
        }
        at = call.end;
      }
      inChain.push({ start: m.index, end: at });
      handler ??= methods.length ? answer : undefined;
      if (!handler) continue;
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: methods.length ? methods : ["ALL"], path: `/${segments.join("/")}`, handler, guards, owner: ownerAt(m.index), line: source.lineAt(m.index) });
    }
    const mounts = functions.flatMap((fn) => mountsIn(source, file, fn));
    const owners = new Set([...found, ...mounts].map((r) => (r.type === "route" || r.type === "use" ? r.owner : "")));
    const routers = functions.filter((fn) => owners.has(definedName(file, fn.name, fn.start))).map((fn): Registration =>
      ({ type: "router", framework: FRAMEWORK, name: definedName(file, fn.name, fn.start), prefix: "", guards: [], line: source.lineAt(fn.start) }));
    // Routes outside any function (none in practice) hang on no router: they are complete.
    return [...routers, ...found, ...mounts];
  },
};

// A call of a function that may return routes: `tag::routes(...)`, `Rest::routes(...)`, `api(...)`; not a method call.
const ROUTER_CALL = /(?<![\w:.])((?:[A-Za-z_]\w*\s*::\s*)*[A-Za-z_]\w*)\s*\(/g;
// warp's own filters and Rust's plumbing, never a function of the project's routes.
const NOT_ROUTES = /^(?:warp|std|Arc|Box|Some|Ok|Err|Rc|String|Vec|format|println|path|get|post|put|patch|delete|head|options|any|header|body|query|cookie|addr|log|serve|reply|with_\w+)$|::(?:clone|new|default|from|into)$/;
const LET = /\blet\s+(?:mut\s+)?([A-Za-z_]\w*)\s*(?::[^=;]+)?=/g;

/**
 * The functions a function mounts (see `warp`): every call of a function in its body, under the
 * path a `warp::path(...)` chain puts in front of it (directly, or of the variable holding it).
 * A call that names no function with routes mounts nothing when linked.
 */
function mountsIn(source: RouteSource, file: RustFile, fn: RustFn): Registration[] {
  const { code } = source;
  const body = code.slice(fn.body.start, fn.body.end);
  if (!/\.\s*(?:or|and)\s*\(/.test(body)) return [];
  // The variables of the body, with the span of their value.
  const variables = new Map<string, Span>();
  for (const m of body.matchAll(LET)) {
    const start = fn.body.start + m.index + m[0].length;
    const end = code.indexOf(";", start);
    if (end !== -1 && end < fn.body.end) variables.set(m[1]!, { start, end });
  }
  // Spans under a prefix: what `.and(x)` takes after a head of paths only (`warp::path("api")`, `path!("api" / "v1")`).
  const prefixed: { span: Span; prefix: string }[] = [];
  for (const m of body.matchAll(HEAD)) {
    if (m[0].endsWith(")")) continue;
    const open = fn.body.start + m.index + m[0].length - 1;
    const head = callArguments(code, open);
    const segments = [...pathSegments(source, { start: open + 1, end: head.end - 1 }, !!m[1])];
    const link = /^\s*\.\s*and\s*\(/.exec(code.slice(head.end, head.end + 50));
    if (!link) continue;
    const arg = callArguments(code, head.end + link[0].length - 1).args[0];
    if (!arg) continue;
    const inner = code.slice(arg.start, arg.end).trim();
    if (METHODS.test(inner) || /^(?:warp\s*::\s*)?path\b/.test(inner)) continue;
    const prefix = `/${segments.join("/")}`;
    prefixed.push({ span: arg, prefix });
    const variable = variables.get(inner);
    if (variable) prefixed.push({ span: variable, prefix });
  }
  const owner = definedName(file, fn.name, fn.start);
  const mounts: Registration[] = [];
  for (const m of body.matchAll(ROUTER_CALL)) {
    const callee = m[1]!.replace(/\s+/g, "");
    const at = fn.body.start + m.index;
    if (NOT_ROUTES.test(callee) || callee === fn.name) continue;
    const prefix = prefixed.find((p) => p.span.start <= at && at < p.span.end)?.prefix ?? "";
    mounts.push({ type: "use", framework: FRAMEWORK, owner, prefix, args: [itemName(file, callee)], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(at) });
  }
  return mounts;
}

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

import type { StringLiteral } from "../../languages/strip.ts";
import type { Framework } from "../framework.ts";
import { type FunctionScope, functionScopes } from "../js/functions.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "node-http";
// The request handler of a server without a framework: `http.createServer(handler)`, and the
// `fetch(request)` of `Bun.serve({...})`, of a Cloudflare Worker's default export, and of
// `Deno.serve(handler)`.
const SERVER_CALL = /\b(?:createServer|Deno\.serve)\s*\(/g;
const FETCH_HANDLER = /\bBun\.serve\s*\(|\bexport\s+default\s*\{/;
// `req.url`, `url.pathname`, `request.nextUrl.pathname`, or a local holding one (`const { pathname } = ...`).
const PATH_VALUE = /^(?:[\w$]+\??\.)*(?:url|pathname)$|^(?:pathname|path|route|endpoint)$/;
const METHOD_VALUE = /^(?:[\w$]+\??\.)*method$/;
// What a string literal is compared with, either way round (`req.url === "/health"`, `"GET" ==
// method`), or what starts with it (`url.pathname.startsWith("/runs/")`).
const BEFORE = /([\w$][\w$.?]*)\s*===?\s*$/;
const AFTER = /^\s*===?\s*([\w$][\w$.?]*)/;
const STARTS_WITH = /([\w$][\w$.?]*?)\??\.startsWith\(\s*$/;

/**
 * Servers that route by hand, with no framework: a request handler (`http.createServer`,
 * `Bun.serve`'s and a Worker's `fetch`, `Deno.serve`) that compares the request's path and
 * method in its `if` conditions and `switch` cases: `if (req.method === "POST" && req.url ===
 * "/run")`, `url.pathname.startsWith("/runs/")` (a path with one parameter after the prefix),
 * `case "/health":`. A path compared without a method serves every method (ALL), unless an
 * `if` around it compares the method alone.
 */
export const nodeHttp: Framework = {
  id: FRAMEWORK,
  name: "Node http (no framework)",
  languages: ["javascript", "typescript"],
  hint: /\bcreateServer\s*\(|\bBun\.serve\s*\(|\bDeno\.serve\s*\(|\bexport\s+default\s*\{[^]*\bfetch\b/,
  scan(source) {
    const registrations: Registration[] = [];
    for (const [handler, name] of handlers(source)) registrations.push(...dispatched(source, handler, name));
    return registrations;
  },
};

/** The request handlers of the file's servers, with the name the code gives each ("(inline)" for one written in place). */
function handlers(source: RouteSource): Map<FunctionScope, string> {
  const scopes = functionScopes(source);
  const found = new Map<FunctionScope, string>();
  for (const m of source.code.matchAll(SERVER_CALL)) {
    const { args } = callArguments(source.code, m.index + m[0].length - 1);
    // `createServer(options, handler)` and `Deno.serve(options, handler)` take it last.
    const arg = args.at(-1);
    if (!arg) continue;
    const name = /^[A-Za-z_$][\w$]*$/.exec(source.code.slice(arg.start, arg.end).trim())?.[0];
    const scope = name ? scopes.find((s) => s.name === name) : scopes.find((s) => s.start >= arg.start && s.start < arg.end);
    if (scope?.params.length) found.set(scope, name ?? "(inline)");
  }
  if (FETCH_HANDLER.test(source.code)) for (const s of scopes) if (s.name === "fetch" && s.params.length) found.set(s, "fetch");
  return found;
}

type Condition = { methods: string[]; paths: string[]; block?: { start: number; end: number }; at: number };

/** The routes one handler dispatches to. */
function dispatched(source: RouteSource, handler: FunctionScope, name: string): Registration[] {
  const { code } = source;
  const conditions: Condition[] = [];
  const literals = source.strings.filter((s) => s.start >= handler.bodyStart && s.end <= handler.bodyEnd);
  for (const m of code.slice(handler.bodyStart, handler.bodyEnd).matchAll(/\bif\s*\(/g)) {
    const open = handler.bodyStart + m.index + m[0].length - 1;
    const { end } = callArguments(code, open);
    const after = /^\s*\{/.exec(code.slice(end, end + 50));
    const block = after ? { start: end + after[0].length - 1, end: callArguments(code, end + after[0].length - 1).end } : undefined;
    conditions.push({ ...compared(source, literals, open, end), block, at: open });
  }
  for (const m of code.slice(handler.bodyStart, handler.bodyEnd).matchAll(/\bswitch\s*\(\s*([\w$][\w$.?]*)\s*\)\s*\{/g)) {
    if (!PATH_VALUE.test(m[1]!)) continue;
    const open = handler.bodyStart + m.index + m[0].length - 1;
    const body = code.slice(open, callArguments(code, open).end);
    for (const c of body.matchAll(/\bcase\s+(?=["'`])/g)) {
      const literal = source.stringAt(open + c.index + c[0].length);
      if (literal?.value.startsWith("/")) conditions.push({ methods: [], paths: [literal.value], at: open + c.index });
    }
  }
  return conditions.filter((c) => c.paths.length).flatMap((c) => {
    // A method compared alone in an `if` around this one.
    const around = c.methods.length ? c.methods : conditions.find((o) => !o.paths.length && o.methods.length && o.block && o.block.start < c.at && c.at < o.block.end)?.methods ?? [];
    return c.paths.map((path): Registration => ({ type: "route", framework: FRAMEWORK, kind: "http", methods: around.length ? around : ["ALL"], path, handler: name, guards: [], owner: "", line: source.lineAt(c.at) }));
  });
}

/** The methods and paths a condition compares the request's with. */
function compared(source: RouteSource, literals: readonly StringLiteral[], start: number, end: number): { methods: string[]; paths: string[] } {
  const methods = new Set<string>();
  const paths = new Set<string>();
  for (const literal of literals) {
    if (literal.start < start || literal.end > end) continue;
    const before = source.code.slice(start, literal.start);
    const prefix = STARTS_WITH.exec(before)?.[1];
    const name = prefix ?? BEFORE.exec(before)?.[1] ?? AFTER.exec(source.code.slice(literal.end, end))?.[1];
    if (name === undefined) continue;
    if (METHOD_VALUE.test(name)) methods.add(literal.value.toUpperCase());
    else if (PATH_VALUE.test(name) && literal.value.startsWith("/")) paths.add(prefix ? `${literal.value.replace(/\/?$/, "/")}{param}` : literal.value);
  }
  return { methods: [...methods], paths: [...paths] };
}

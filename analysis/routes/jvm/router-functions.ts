import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

type Span = { start: number; end: number };

const ROUTER_FUNCTIONS = /\bRouterFunctions?\b|\bcoRouter\s*\{|\brouter\s*\{|SpringdocRouteBuilder/;
const VERBS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);
// A verb, `path` or `nest` call (`.GET(`, `GET(`, `.nest {`), up to its `(` or Kotlin block's `{`.
const CALL = /(?<![\w$])(\.\s*)?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|path|nest)\s*([({])/g;
// A nest's or path's body handed as a function of the file: `this::apiRoutes`, `apiRoutes()`.
const NAMED_BODY = /^\s*(?:this\s*::\s*|::\s*)?([a-z]\w*)\s*(?:\(\s*\))?\s*$/;
const MAX_DEPTH = 3;
// A bean method's body: `@Bean RouterFunction<ServerResponse> routes(Handler h) {`, `@Bean fun api(h: H) = coRouter {`.
const BEAN_METHOD = /@Bean\b(?:\s*\([^)]*\))?[^{};]*?\b[A-Za-z_]\w*\s*\([^)]*\)[^{};=]*(?:=[^{};]*)?\{/g;

/**
 * Spring's functional endpoints (WebFlux and WebMvc.fn), in Java and Kotlin:
 *
 *     route().GET("/users/{id}", handler::get)
 *            .path("/admin", b -> b.POST("/reindex", handler::reindex))
 *            .nest(path("/api"), this::apiRoutes)
 *            .build();
 *     route(GET("/health"), handler::health).andRoute(POST("/items"), handler::create);
 *     coRouter { "/api".nest { GET("/users", handler::list) } }
 *
 * A verb call is a route under the prefixes of the `path(...)`/`nest(...)` calls and Kotlin
 * `"/x".nest { }` blocks around it (`GET(handler)` without a path serves the prefix itself); a
 * nest or path handed a function of the file reads that function's body under its prefix, and
 * only there. Routes are complete paths (owner "") of the `spring` framework, so its global
 * guards and context path apply to them; outside a bean, their prefix is unknown.
 */
export function routerFunctionRoutes(source: RouteSource): Registration[] {
  if (!ROUTER_FUNCTIONS.test(source.text)) return [];
  const found: Registration[] = [];
  // Functions read under a nest are not routes of their own where they are written.
  const nestedBodies: Span[] = [];
  for (const m of source.code.matchAll(CALL)) {
    if ((m[2] !== "path" && m[2] !== "nest") || m[3] !== "(") continue;
    const args = callArguments(source.code, m.index + m[0].length - 1).args;
    const name = args.length >= 2 ? NAMED_BODY.exec(source.code.slice(args.at(-1)!.start, args.at(-1)!.end))?.[1] : undefined;
    const body = name && functionBody(source, name);
    if (body) nestedBodies.push(body);
  }
  // Spring serves the router functions that are beans (`@Bean RouterFunction<...> routes()`,
  // `@Bean fun api() = coRouter { }`, Kotlin's `beans { }`, or a handler adapted by hand with
  // `RouterFunctions.toHttpHandler`); one another class of the app gathers and nests at run time
  // (an interface's `endpoint()` method) is served under a prefix not known here.
  const everything = /\bbeans\s*\{|toHttpHandler\s*\(/.test(source.code);
  const beans = [...source.code.matchAll(BEAN_METHOD)].map((m) => ({ start: m.index, end: callArguments(source.code, m.index + m[0].length - 1).end }));
  const served = (at: number) => everything || beans.some((b) => b.start <= at && at < b.end);
  const visit = (start: number, end: number, prefix: string, depth: number, known?: boolean): void => {
    const calls = new RegExp(CALL.source, "g");
    calls.lastIndex = start;
    for (let m = calls.exec(source.code); m && m.index < end; m = calls.exec(source.code)) {
      if (depth === 0 && nestedBodies.some((b) => b.start <= m!.index && m!.index < b.end)) continue;
      const name = m[2]!;
      const open = m.index + m[0].length - 1;
      const block = m[3] === "{";
      const { args, end: after } = block ? { args: [] as Span[], end: open } : callArguments(source.code, open);
      const literal = (i: number) => stringAt(source, args[i]);
      // (`HttpRequest.newBuilder().GET()` of java.net.http takes no argument: no route.)
      if (VERBS.has(name) && !block && args.length) {
        const last = args.length > (literal(0) === undefined ? 0 : 1) ? source.code.slice(args.at(-1)!.start, args.at(-1)!.end).trim() : "";
        const handler = /^[\w.]+\s*::\s*\w+$/.test(last) ? last.replace(/\s+/g, "") : "(inline)";
        found.push({ ...route(name, joinPaths(prefix, literal(0) ?? ""), handler, source.lineAt(m.index)), ...((known ?? served(m.index)) ? {} : { prefixUnknown: true }) });
        calls.lastIndex = after;
      } else if (name === "path" && args.length >= 2 && literal(0) !== undefined) {
        nested(args.at(-1)!, joinPaths(prefix, literal(0)!), depth, known ?? served(m.index));
        calls.lastIndex = after;
      } else if (name === "nest" && args.length >= 2) {
        const predicate = source.code.slice(args[0]!.start, args[0]!.end);
        const at = /\bpath\s*\(/.exec(predicate);
        const path = at ? stringAt(source, callArguments(source.code, args[0]!.start + at.index + at[0].length - 1).args[0]) : undefined;
        nested(args.at(-1)!, joinPaths(prefix, path ?? ""), depth, known ?? served(m.index));
        calls.lastIndex = after;
      } else if (name === "nest" && m[1]) {
        // Kotlin: `"/api".nest { ... }`, `path("/api").nest { ... }`, `accept(JSON).nest { ... }`.
        const body = block ? { start: open, end: callArguments(source.code, open).end } : args.at(-1) ?? blockAfter(source, after);
        if (!body) continue;
        nested(body, joinPaths(prefix, receiverPath(source, m.index) ?? ""), depth, known ?? served(m.index));
        calls.lastIndex = Math.max(after, body.end);
      }
    }
  };
  const nested = (span: Span, prefix: string, depth: number, known: boolean) => {
    const name = NAMED_BODY.exec(source.code.slice(span.start, span.end))?.[1];
    const body = name && depth < MAX_DEPTH ? functionBody(source, name) : undefined;
    if (body) visit(body.start, body.end, prefix, depth + 1, known);
    else visit(span.start, span.end, prefix, depth + 1, known);
  };
  visit(0, source.code.length, "", 0);
  return found;
}

function route(method: string, path: string, handler: string, line: number): Registration {
  return { type: "route", framework: "spring", kind: "http", methods: [method], path, handler, guards: [], owner: "", line };
}

/** The value of a span that is one string literal, and nothing else. */
function stringAt(source: RouteSource, span: Span | undefined): string | undefined {
  if (!span) return undefined;
  const at = span.start + (source.code.slice(span.start, span.end).length - source.code.slice(span.start, span.end).trimStart().length);
  if (source.code[at] !== '"') return undefined;
  const literal = source.stringAt(at);
  return literal && source.code.slice(literal.end, span.end).trim() === "" ? literal.value : undefined;
}

/** The path a Kotlin `.nest` is called on: `"/api".nest`, `path("/api").nest`; undefined for another predicate. */
function receiverPath(source: RouteSource, dot: number): string | undefined {
  let end = dot;
  while (end > 0 && /\s/.test(source.code[end - 1]!)) end--;
  if (source.code[end - 1] === '"') {
    const open = source.code.lastIndexOf('"', end - 2);
    return open === -1 ? undefined : source.stringAt(open)?.value;
  }
  if (source.code[end - 1] !== ")") return undefined;
  const call = /\bpath\s*\(\s*$/.exec(source.code.slice(Math.max(0, end - 300), source.code.lastIndexOf("(", end - 1) + 1));
  return call ? stringAt(source, { start: source.code.lastIndexOf("(", end - 1) + 1, end: end - 1 }) : undefined;
}

/** The `{ ... }` block right after `from` (a Kotlin trailing lambda). */
function blockAfter(source: RouteSource, from: number): Span | undefined {
  const m = /^\s*\{/.exec(source.code.slice(from, from + 50));
  if (!m) return undefined;
  const open = from + m[0].length - 1;
  return { start: open, end: callArguments(source.code, open).end };
}

/** The body of a function of the file: `RouterFunction<ServerResponse> apiRoutes() {`, `fun apiRoutes() = coRouter {`. */
function functionBody(source: RouteSource, name: string): Span | undefined {
  const m = new RegExp(String.raw`\b${name}\s*\([^)]*\)\s*(?::\s*[\w.<>?, ]+)?\s*(?:=\s*[^{;]*)?\{`).exec(source.code);
  if (!m) return undefined;
  const open = m.index + m[0].length - 1;
  return { start: open, end: callArguments(source.code, open).end };
}

import { closing } from "../../languages/curly.ts";
import type { Framework } from "../framework.ts";
import { guardedMount } from "../common/mounts.ts";
import { joinPrefix, staticValue } from "../common/values.ts";
import { constantRouters, foreignPrefix, jvmFile, type JvmFile } from "../jvm/constants.ts";
import { declarations, find } from "../jvm/declarations.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName, optionalByArguments } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

type Scope = { node: string; prefix: string; guards: string[]; method?: string };

const VERBS: Record<string, string> = { get: "GET", post: "POST", put: "PUT", delete: "DELETE", patch: "PATCH", head: "HEAD", options: "OPTIONS" };
const CALL = /(?<![\w.])([A-Za-z_]\w*)\s*(?:<[^<>{}()]*(?:<[^<>{}()]*>[^<>{}()]*)*>\s*)?/g;
const EXTENSION = /(?<![\w.])fun\s+(?:<[^>]*>\s*)?(?:Route|Routing)\s*\.\s*([A-Za-z_]\w*)\s*\(/g;
const ROUTING = /(?:(?<![\w.])|\.)(?:routing|install\s*\(\s*Routing\s*\))\s*\{/g;
// Calls in a routing block that are not route extension functions.
const NOT_ROUTES = /^(?:if|when|for|while|try|catch|return|val|var|fun|install|println|print|require|check|listOf|mapOf|setOf|launch|async|runBlocking|let|also|takeIf|log|logger|error|static|staticResources|staticFiles|webSocket|sse|intercept|environment|application)$/;

/**
 * Ktor's routing DSL: `routing { }` blocks and route extension functions (`fun Route.userRoutes()`),
 * nested `route("/x") { }` blocks (with a method: `route("/x", HttpMethod.Get) { handle { } }`),
 * verbs with or without a path, `authenticate("jwt") { }` and other auth-like blocks as guards of
 * what they contain, and calls to route extension functions inside a block, which mount them
 * there (across files: through their import, or within the package). Type-safe routes
 * (`get<Articles.Id> { }`) take the path of their `@Resource`/`@Location` class, from any file,
 * under the block they are written in. `route(API_V1) { }` with the constant declared in another
 * file mounts the block on that constant's router.
 */
export const ktor: Framework = {
  id: "ktor",
  name: "Ktor",
  languages: ["kotlin"],
  hint: /\bio\.ktor\b|\brouting\s*\{|\bfun\s+Route\s*\.|@(?:Resource|Location)\s*\(|\bconst\s+val\s+\w+\s*(?::\s*String\s*)?=\s*"/,
  scan(source) {
    const file = jvmFile(source);
    const found: Registration[] = [...resourceRouters(source, file), ...constantRouters(file, "ktor")];
    const walked: Span[] = [];
    for (const m of source.code.matchAll(EXTENSION)) {
      const params = callArguments(source.code, m.index + m[0].length - 1);
      const body = /^\s*(?::\s*[\w.<>?]+\s*)?(\{|=)/.exec(source.code.slice(params.end, params.end + 200));
      if (!body) continue;
      const node = `${file.pkg}::${m[1]}`;
      found.push({ type: "router", framework: "ktor", name: node, prefix: "", guards: [], line: source.lineAt(m.index) });
      const at = params.end + body[0].length - 1;
      const span = body[1] === "{" ? { start: at, end: closing(source.code, at) } : { start: at + 1, end: expressionEnd(source.code, at + 1) };
      walked.push(span);
      walk(source, file, span, { node, prefix: "", guards: [] }, found);
    }
    for (const m of source.code.matchAll(ROUTING)) {
      const open = m.index + m[0].length - 1;
      if (walked.some((w) => w.start < open && open < w.end)) continue;
      const node = `${file.pkg}::routing@${source.lineAt(m.index)}`;
      found.push({ type: "router", framework: "ktor", name: node, prefix: "", guards: [], line: source.lineAt(m.index) });
      walk(source, file, { start: open, end: closing(source.code, open) }, { node, prefix: "", guards: [] }, found);
    }
    return found;
  },
};

/** Reads the calls of a block in order, descending into nested blocks with the prefix, method and guards they add. */
function walk(source: RouteSource, file: JvmFile, span: Span, scope: Scope, found: Registration[]): void {
  const { code } = source;
  const pattern = new RegExp(CALL.source, "g");
  pattern.lastIndex = span.start + (code[span.start] === "{" ? 1 : 0);
  for (let m = pattern.exec(code); m && m.index < span.end; m = pattern.exec(code)) {
    const name = m[1]!;
    let i = m.index + m[0].length;
    const call = code[i] === "(" ? callArguments(code, i) : undefined;
    if (call) i = call.end;
    const brace = /^[ \t]*\{/.exec(code.slice(i, i + 100));
    const lambda = brace ? { start: i + brace[0].length - 1, end: closing(code, i + brace[0].length - 1) } : undefined;
    if (!call && !lambda) continue;
    const args = call?.args ?? [];
    const value = (s: Span | undefined) => (s ? staticValue(source, s.start, s.end, file.constants, file.syntax) : "");
    const line = source.lineAt(m.index);
    // A helper named after a verb around a typed route (`authenticatedGet<Articles, User>(optional
    // = true) { }`): the route of that verb, guarded by the helper unless made optional.
    const wrapper = /^([a-z]\w*?)(Get|Post|Put|Patch|Delete)$/.exec(name);
    const verb = VERBS[name] ?? (wrapper ? VERBS[wrapper[2]!.toLowerCase()] : undefined);
    const methodOf = (s: Span | undefined) => (s ? /HttpMethod\s*\.\s*([A-Za-z]+)/.exec(code.slice(s.start, s.end))?.[1]?.toUpperCase() : undefined);
    const typed = /<\s*([A-Za-z_][\w.]*)\s*(?:,[^<>]*)?>/.exec(m[0])?.[1];
    if (wrapper && verb && typed && lambda) {
      const imported = file.imports.get(typed.split(".")[0]!);
      const optional = args.some((a) => optionalByArguments(source.code.slice(a.start, a.end)));
      const guards = isGuardName(wrapper[1]!) && !optional ? [...scope.guards, name] : scope.guards;
      found.push({ type: "route", framework: "ktor", kind: "http", methods: [verb], path: scope.prefix, handler: "(inline)", guards, owner: scope.node, pathFrom: `${imported ?? file.pkg}::${typed}`, line });
    } else if (verb && typed && !wrapper) {
      // `get<Articles.Id> { }`: the resource class's path, under the block it is written in
      // (Ktor builds the resource's route as a child of the current one).
      const imported = file.imports.get(typed.split(".")[0]!);
      found.push({ type: "route", framework: "ktor", kind: "http", methods: [verb], path: scope.prefix, handler: "(inline)", guards: scope.guards, owner: scope.node, pathFrom: `${imported ?? file.pkg}::${typed}`, line });
    } else if (verb) {
      const path = value(args[0]);
      if (path !== undefined) route(found, scope, verb, path, line);
    } else if (name === "route" && lambda) {
      const path = value(args[0]);
      const method = methodOf(args[1]) ?? scope.method;
      if (path !== undefined) walk(source, file, lambda, { ...scope, prefix: joinPrefix(scope.prefix, path), method }, found);
      else {
        // `route(API_V1) { }` with `const val API_V1 = "api/v1"` in another file: the block is
        // a router mounted on that constant's router (constantRouters), its routes after its value.
        const foreign = args[0] && foreignPrefix(source, args[0], file);
        if (foreign) {
          const node = `${scope.node}>route@${line}`;
          found.push({ type: "router", framework: "ktor", name: node, prefix: foreign.rest, guards: [], line });
          found.push({ type: "use", framework: "ktor", owner: foreign.constant, prefix: "", args: [node], specifiers: [], guards: [], mountOnly: true, line });
          walk(source, file, lambda, { node, prefix: "", guards: scope.guards, method }, found);
        }
      }
    } else if (name === "method" && lambda && methodOf(args[0])) {
      walk(source, file, lambda, { ...scope, method: methodOf(args[0]) }, found);
    } else if (name === "handle" && lambda) {
      route(found, scope, scope.method ?? "ALL", "", line);
    } else if (lambda && (name === "authenticate" || isGuardName(name))) {
      const labels = args.map((a) => value(a)).filter((v): v is string => !!v);
      // `authenticate("jwt", optional = true) { }` reads a principal when there is one: no guard.
      const optional = args.some((a) => optionalByArguments(source.code.slice(a.start, a.end)));
      walk(source, file, lambda, { ...scope, guards: optional ? scope.guards : [...scope.guards, labels.length ? `${name}(${labels.join(",")})` : name] }, found);
    } else if (lambda && !verb) {
      walk(source, file, lambda, scope, found);
    } else if (call && !lambda && !NOT_ROUTES.test(name) && /^[a-z]/.test(name)) {
      const imported = file.imports.get(name);
      found.push(...guardedMount("ktor", scope.node, scope.prefix, `${imported ?? file.pkg}::${name}`, scope.guards, line));
    }
    if (lambda) pattern.lastIndex = lambda.end;
    else if (call) pattern.lastIndex = call.end;
  }
}

function route(found: Registration[], scope: Scope, method: string, path: string, line: number): void {
  const normal = joinPrefix(scope.prefix, path).replace(/\{(\w+)\.\.\.\}/g, "{$1}");
  found.push({ type: "route", framework: "ktor", kind: "http", methods: [method], path: normal, handler: "(inline)", guards: scope.guards, owner: scope.node, line });
}

/** The end of an expression body (`fun Route.x() = route("/x") { ... }`): its line, or the block it opens. */
function expressionEnd(code: string, from: number): number {
  const brace = code.indexOf("{", from);
  const newline = code.indexOf("\n", from);
  if (brace !== -1 && (newline === -1 || brace < newline)) return closing(code, brace);
  return newline === -1 ? code.length : newline;
}

/**
 * `@Resource("/articles") class Articles { @Resource("{id}") class Id(...) }`: each resource
 * class is a router named `package::Articles.Id` whose prefix is its full path (a nested class
 * continues its outer class's path), for the typed routes that name it.
 */
function resourceRouters(source: RouteSource, file: JvmFile): Registration[] {
  const classes = declarations(source).map((c) => ({ c, annotation: find(c.annotations, "Resource", "Location") })).filter((r) => r.annotation?.args[0]);
  return classes.flatMap(({ c, annotation }) => {
    const outer = classes.filter((o) => o.c.body.start < c.start && c.start < o.c.body.end).sort((a, b) => a.c.start - b.c.start);
    const parts = [...outer, { c, annotation }].map((r) => staticValue(source, r.annotation!.args[0]!.start, r.annotation!.args[0]!.end, file.constants, file.syntax));
    if (parts.some((p) => p === undefined)) return [];
    const name = [...outer.map((o) => o.c.name), c.name].join(".");
    return [{ type: "router", framework: "ktor", name: `${file.pkg}::${name}`, prefix: parts.reduce((a, b) => joinPrefix(a!, b!), "")!.replace(/\{(\w+)\.\.\.\}/g, "{$1}"), guards: [], line: source.lineAt(c.start) } satisfies Registration];
  });
}

import { closing } from "../../languages/curly.ts";
import type { Framework } from "../framework.ts";
import { guardedMount } from "../common/mounts.ts";
import { joinPrefix, staticValue } from "../common/values.ts";
import { jvmFile } from "../jvm/constants.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "javalin";
const VERBS: Record<string, string> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE", head: "HEAD", options: "OPTIONS" };
// Where an ApiBuilder block starts: Javalin 4's `app.routes { }` / `app.routes(() -> { })`, and
// Javalin 5+'s `config.router.apiBuilder(...)`.
const BUILDER = /\.\s*(?:routes|apiBuilder)\s*(?:\(\s*(?:\(\s*\)\s*->\s*)?)?\{/g;
const INSTANCE = /(?:\b(?:val|var)\s+([A-Za-z_]\w*)\s*(?::\s*Javalin\s*)?=|\b(?:Javalin|var|final\s+Javalin|final\s+var)\s+([A-Za-z_]\w*)\s*=)\s*Javalin\s*\.\s*create\b/g;
const PARAMETER = /\b([A-Za-z_]\w*)\s*:\s*Javalin\b|\bJavalin\s+([A-Za-z_]\w*)\s*[,)]/g;
// A call in a block: a verb, `path`, `crud`, `before`, or (after a type's name) a function of
// another object or class called for the routes it declares (`GlobalAPI.defineEndpoints()`).
const CALL = /(?<![\w.])(?:([A-Z]\w*)\s*\.\s*)?([A-Za-z_]\w*)\s*\(/g;
// Roles that let anyone in: a route allowed to them needs no sign-in.
const ANYONE = /\b(?:ANYONE|ANONYMOUS|PUBLIC|EVERYONE|GUEST|ALL|UNAUTHENTICATED)\b/i;
const CONTEXT_PATH = /\bcontextPath\s*=\s*/g;
// A function whose body may declare routes with ApiBuilder's static verbs, in a file importing
// them: Kotlin's `fun defineEndpoints()`, Java's `public static void register()`.
const STATIC_BUILDER = /^[ \t]*import\s+(?:static\s+)?io\.javalin\.apibuilder\.ApiBuilder\b/m;
const FUNCTION = /\bfun\s+(?:<[^>]*>\s*)?(?:[\w.]+\.)?([A-Za-z_]\w*)\s*\(|\b(?:public|private|protected|static)\s+(?:(?:static|final|public)\s+)*void\s+([A-Za-z_]\w*)\s*\(/g;
const TYPE = /(?<![\w.@])(?:class|object|interface)\s+([A-Za-z_]\w*)[^{;=]*\{/g;
// A method reference standing for a block: `path("shop", ShopRoutes::register)`.
const REFERENCE = /^\s*([A-Z]\w*)\s*::\s*([a-z]\w*)\s*$/;

type Scope = { node: string; prefix: string; guards: string[] };

/**
 * Javalin (Java and Kotlin): the ApiBuilder DSL in `app.routes { }` or `config.router.apiBuilder`
 * (`path("x") { }` / `path("x", () -> { })`, verbs with or without a path, `crud`, and `before`
 * with an auth-like handler guarding its path), in functions of other classes the blocks call
 * (`GlobalAPI.defineEndpoints()`, `path("shop", ShopRoutes::register)`), verbs called on a Javalin instance
 * (`app.post("/x", handler, roles...)`), the roles a route allows (a route only signed-in roles
 * reach is guarded by them), and the configured `contextPath`, a literal or a property
 * (`getProperty("context")`, resolved from the module's properties files after linking).
 */
export const javalin: Framework = {
  id: FRAMEWORK,
  name: "Javalin",
  languages: ["java", "kotlin"],
  hint: /\bio\.javalin\b/,
  scan(source) {
    const file = jvmFile(source);
    const found: Registration[] = [];
    const value = (span: Span | undefined) => (span ? staticValue(source, span.start, span.end, file.constants, file.syntax) : undefined);
    // A path a setting may prefix (`ServerSubpath.maybeAddAsPrefix("api/")`, empty by default): the literal it is given.
    const pathValue = (span: Span | undefined) => {
      const known = value(span);
      if (known !== undefined || !span) return known;
      const call = /^\s*[A-Za-z_][\w.]*\s*\(\s*$/.exec(code.slice(span.start, code.indexOf("(", span.start) + 1));
      const args = call ? callArguments(code, code.indexOf("(", span.start)).args : [];
      return args.length === 1 && source.stringAt(args[0]!.start) ? value(args[0]) : undefined;
    };
    // The expression a local `val`/`var` named so was last given before `at`.
    const localValue = (name: string, at: number): Span | undefined => {
      if (!/^[A-Za-z_]\w*$/.test(name)) return undefined;
      const declared = [...code.slice(0, at).matchAll(new RegExp(`\\b(?:val|var)\\s+${name}\\s*(?::\\s*String\\s*)?=\\s*`, "g"))].at(-1);
      if (!declared) return undefined;
      const start = declared.index + declared[0].length;
      const end = code.indexOf("\n", start);
      return { start, end: end === -1 ? code.length : end };
    };
    // The router a function of another class stands for: `tachi.global.GlobalAPI::GlobalAPI.defineEndpoints` when imported.
    const functionRouter = (type: string, name: string) => `${file.imports.get(type) ?? file.pkg}::${type}.${name}`;
    const { code } = source;

    /** One route: its handler is the first argument after the path, the roles it allows the rest. */
    const add = (method: string, path: string, rest: Span[], scope: Scope, at: number) => {
      const handler = rest[0] ? code.slice(rest[0].start, rest[0].end).replace(/\s+/g, "") : "(inline)";
      const roles = rest.slice(1).map((r) => code.slice(r.start, r.end).replace(/\s+/g, "")).filter((r) => /^[A-Za-z_][\w.]*$/.test(r));
      const guarded = roles.length > 0 && !roles.some((r) => ANYONE.test(r.split(".").at(-1)!));
      found.push({
        type: "route",
        framework: FRAMEWORK,
        kind: "http",
        methods: [method],
        path: joinPrefix(scope.prefix, path),
        handler: /->|\{/.test(handler) ? "(inline)" : handler,
        guards: [...scope.guards, ...(guarded ? [`roles(${roles.join(",")})`] : [])],
        owner: scope.node,
        line: source.lineAt(at),
      });
    };
    /**
     * A verb: `get("path", handler, roles...)` or `get(handler, roles...)` for the block's own
     * path; before a Kotlin trailing lambda (the handler), the one argument is the path, a
     * literal or a local value (`val loginPath = ServerSubpath.maybeAddAsPrefix("/login.html")`).
     */
    const verb = (method: string, args: Span[], scope: Scope, at: number, trailingLambda = false) => {
      const written = !!args[0] && (!!source.stringAt(args[0].start) || (trailingLambda && args.length === 1));
      const path = !written ? "" : source.stringAt(args[0]!.start) ? value(args[0]) : pathValue(localValue(code.slice(args[0]!.start, args[0]!.end).trim(), at) ?? args[0]);
      if (path !== undefined) add(method, path, written ? args.slice(1) : args, scope, at);
    };

    /** Reads an ApiBuilder block: paths nest, verbs register, `before` guards. */
    const walk = (span: Span, scope: Scope) => {
      const pattern = new RegExp(CALL.source, "g");
      pattern.lastIndex = span.start + 1;
      for (let m = pattern.exec(code); m && m.index < span.end; m = pattern.exec(code)) {
        const name = m[2]!;
        const call = callArguments(code, m.index + m[0].length - 1);
        const args = call.args;
        let next = call.end;
        const method = VERBS[name];
        if (m[1]) {
          if (!args.length) found.push(...guardedMount(FRAMEWORK, scope.node, scope.prefix, functionRouter(m[1], name), scope.guards, source.lineAt(m.index)));
        } else if (method) verb(method, args, scope, m.index, /^[ \t]*\{/.test(code.slice(call.end, call.end + 50)));
        else if (name === "path") {
          const path = pathValue(args[0]);
          const reference = args[1] && REFERENCE.exec(code.slice(args[1].start, args[1].end));
          // Kotlin's trailing lambda, or Java's `() -> { }` as the second argument; or a method reference.
          const trailing = /^[ \t]*\{/.exec(code.slice(call.end, call.end + 50));
          const brace = trailing ? call.end + trailing[0].length - 1 : args[1] && !reference ? code.indexOf("{", args[1].start) : -1;
          if (path !== undefined && reference) {
            found.push(...guardedMount(FRAMEWORK, scope.node, joinPrefix(scope.prefix, path), functionRouter(reference[1]!, reference[2]!), scope.guards, source.lineAt(m.index)));
          } else if (path !== undefined && brace !== -1) {
            const body = { start: brace, end: closing(code, brace) };
            walk(body, { ...scope, prefix: joinPrefix(scope.prefix, path) });
            next = body.end;
          }
        } else if (name === "crud") {
          // `crud("users/{user-id}", controller)`: the collection's GET and POST, the item's GET, PATCH and DELETE.
          const item = value(args[0]);
          const collection = item?.replace(/\/?\{[^}]+\}\/?$/, "");
          if (item !== undefined && collection !== undefined) {
            for (const [crudMethod, path] of [["GET", collection], ["POST", collection], ["GET", item], ["PATCH", item], ["DELETE", item]] as const) add(crudMethod, path, args.slice(1), scope, m.index);
          }
        } else if (name === "before") {
          const handlers = args.filter((a) => !source.stringAt(a.start));
          const named = handlers.map((a) => code.slice(a.start, a.end).replace(/\s+/g, "")).filter((n) => isGuardName(n.split(/[.:]/).at(-1)!));
          if (named.length) scope = { ...scope, guards: [...scope.guards, ...named] };
        }
        pattern.lastIndex = next;
      }
    };

    const blocks: Span[] = [];
    for (const m of code.matchAll(BUILDER)) {
      const brace = m.index + m[0].length - 1;
      const node = `${file.pkg}::apiBuilder@${source.lineAt(m.index)}`;
      found.push({ type: "router", framework: FRAMEWORK, name: node, prefix: "", guards: [], line: source.lineAt(m.index) });
      const block = { start: brace, end: closing(code, brace) };
      blocks.push(block);
      walk(block, { node, prefix: "", guards: [] });
    }
    // Functions declaring routes with ApiBuilder's static verbs, outside any block: routers of
    // their own, named by their type and mounted where a block calls them.
    if (STATIC_BUILDER.test(code)) {
      const types = [...code.matchAll(TYPE)].map((m) => ({ name: m[1]!, start: m.index, end: closing(code, m.index + m[0].length - 1) }));
      for (const m of code.matchAll(FUNCTION)) {
        if (blocks.some((b) => b.start < m.index && m.index < b.end)) continue;
        const params = callArguments(code, m.index + m[0].length - 1);
        const open = /^[^{};=]*\{/.exec(code.slice(params.end, params.end + 200));
        if (!open) continue;
        const body = { start: params.end + open[0].length - 1, end: closing(code, params.end + open[0].length - 1) };
        if (blocks.some((b) => body.start < b.start && b.end <= body.end)) continue;
        const type = types.findLast((t) => t.start < m.index && m.index < t.end)?.name;
        const node = `${file.pkg}::${type ? `${type}.` : ""}${(m[1] ?? m[2])!}`;
        found.push({ type: "router", framework: FRAMEWORK, name: node, prefix: "", guards: [], line: source.lineAt(m.index) });
        walk(body, { node, prefix: "", guards: [] });
      }
    }
    const instances = new Set<string>();
    for (const m of code.matchAll(INSTANCE)) instances.add((m[1] ?? m[2])!);
    for (const m of code.matchAll(PARAMETER)) instances.add((m[1] ?? m[2])!);
    for (const name of instances) {
      const direct = new RegExp(`(?<![\\w.])${name}\\s*\\.\\s*(get|post|put|patch|delete|head|options)\\s*\\(`, "g");
      for (const m of code.matchAll(direct)) verb(VERBS[m[1]!]!, callArguments(code, m.index + m[0].length - 1).args, { node: "", prefix: "", guards: [] }, m.index);
    }
    for (const m of code.matchAll(CONTEXT_PATH)) {
      const start = m.index + m[0].length;
      const end = code.indexOf("\n", start);
      const expression = code.slice(start, end === -1 ? code.length : end);
      const property = /^\s*getProperty\s*(?:<[^>]*>)?\s*\(\s*/.exec(expression);
      const literal = property ? undefined : value({ start, end: end === -1 ? code.length : end });
      const key = property ? source.stringAt(start + property[0].length)?.value : undefined;
      const prefix = literal ?? (key ? `\${${key}}` : undefined);
      if (prefix !== undefined) found.push({ type: "global", framework: FRAMEWORK, prefix, line: source.lineAt(m.index) });
    }
    return found;
  },
};

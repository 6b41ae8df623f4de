import type { Framework } from "../framework.ts";
import { chainedCalls, type ChainedCall } from "../js/calls.ts";
import type { Span } from "../js/objects.ts";
import { pathConstants, spanPath, stringList } from "../js/values.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { restActions } from "../resources.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "adonis";
const VERBS: Record<string, string[]> = { get: ["GET"], post: ["POST"], put: ["PUT"], patch: ["PATCH"], delete: ["DELETE"], any: ["ALL"] };
// `Route.get(` in v4/v5 (`const Route = use("Route")`, `@ioc:Adonis/Core/Route`), `router.get(` in v6.
const CALL = /(?<![\w$.])(Route|router)\s*\.\s*(get|post|put|patch|delete|any|route|resource|group)\s*\(/g;
const CHAIN = /^[A-Za-z_$][\w$]*$/;

type Group = { span: Span; prefix: string; guards: string[] };

/**
 * AdonisJS: `Route.get("users/:id", "UserController.show")` and the other verbs (the HEAD a GET
 * also answers is implied, as for every framework), `Route.route(path, methods, handler)`, `Route.resource("posts",
 * "PostController")` with `.apiOnly()`, `.only([...])`, `.except([...])`, and `Route.group(() =>
 * {...})` with `.prefix("api")` and `.middleware("auth")` (v6: `router`, `.use(middleware.auth())`),
 * nested. Route-level `.middleware()` guards its route; an optional one (`optionalAuth`,
 * `silentAuth`) is read by the guards after linking.
 */
export const adonis: Framework = {
  id: FRAMEWORK,
  name: "AdonisJS",
  languages: ["javascript", "typescript"],
  hint: /\buse\s*\(\s*["']Route["']\s*\)|@ioc:Adonis\/Core\/Route|@adonisjs\/core\/services\/router/,
  scan(source) {
    const constants = pathConstants(source);
    const calls = [...source.code.matchAll(CALL)].map((m) => {
      const open = m.index + m[0].length - 1;
      const { args, end } = callArguments(source.code, open);
      return { name: m[2]!, args, start: m.index, end, chain: chainedCalls(source.code, end, CHAIN) };
    });
    const groups: Group[] = calls.filter((c) => c.name === "group" && c.args[0]).map((c) => ({
      span: c.args[0]!,
      prefix: c.chain.filter((l) => l.name === "prefix").map((l) => spanPath(source, l.args[0], constants) ?? "").join("/"),
      guards: middleware(source, c.chain),
    }));
    const found: Registration[] = [];
    for (const call of calls) {
      if (call.name === "group") continue;
      const around = groups.filter((g) => g.span.start < call.start && call.start < g.span.end).sort((a, b) => a.span.start - b.span.start);
      const prefix = joinPaths(...around.map((g) => g.prefix));
      const guards = [...around.flatMap((g) => g.guards), ...middleware(source, call.chain)];
      const line = source.lineAt(call.start);
      const path = spanPath(source, call.args[0], constants);
      if (path === undefined) continue;
      const handler = (span: Span | undefined) => (span && source.stringAt(span.start)?.value) || "(inline)";
      const add = (methods: string[], full: string, name: string) =>
        found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods, path: joinPaths(prefix, full), handler: name, guards: [...new Set(guards)], owner: "", line });
      if (VERBS[call.name]) add(VERBS[call.name]!, path, handler(call.args[1]));
      else if (call.name === "route") add(call.args[1] ? stringList(source, call.args[1], constants).map((m) => m.toUpperCase()) : ["ALL"], path, handler(call.args[2]));
      else if (call.name === "resource") {
        const controller = handler(call.args[1]);
        const listed = (name: string) => call.chain.filter((l) => l.name === name).flatMap((l) => (l.args[0] ? stringList(source, l.args[0], constants) : []));
        const apiOnly = call.chain.some((l) => l.name === "apiOnly");
        const only = listed("only");
        const except = [...listed("except"), ...(apiOnly ? ["create", "edit"] : [])];
        const member = `${path}/{id}`; // Adonis names a resource's member parameter `id`
        for (const a of restActions("laravel", { ...(only.length ? { only } : {}), except })) {
          add(a.methods, joinPaths(a.member ? member : path, a.suffix), `${controller}.${a.action}`);
        }
      }
    }
    return found;
  },
};

/** The names `.middleware("auth")`, `.middleware(["auth:jwt"])` and v6's `.use(middleware.auth())` put in front. */
function middleware(source: RouteSource, chain: readonly ChainedCall[]): string[] {
  return chain.flatMap((link) => {
    if (link.name === "middleware") return link.args[0] ? stringList(source, link.args[0], new Map()) : [];
    if (link.name !== "use") return [];
    return link.args.map((a) => /^\s*(?:\[\s*)?middleware\s*\.\s*([A-Za-z_$][\w$]*)/.exec(source.code.slice(a.start, a.end))?.[1]).filter((n): n is string => !!n);
  });
}

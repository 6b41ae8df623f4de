import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName, joinPaths, optionalSegmentForms } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "slim";
const VERBS: Record<string, string[]> = { get: ["GET"], post: ["POST"], put: ["PUT"], patch: ["PATCH"], delete: ["DELETE"], options: ["OPTIONS"], any: ["ALL"] };
const CALL = /\$([A-Za-z_]\w*)\s*->\s*(get|post|put|patch|delete|options|any|map|group)\s*\(/g;
const LINK = /^\s*->\s*([A-Za-z_]\w*)\s*\(/;

type Group = { body: Span; prefix: string; guards: string[] };

/**
 * Slim: `$app->get("/users/{id}", Controller::class . ":show")` and the other verbs, `map(["GET",
 * "POST"], ...)`, `any(...)`, optional segments (`/news[/{year}]` is two routes), and
 * `$app->group("/api", function ($group) { ... })` (Slim 4's
 * `$group->get`, Slim 3's `$this->get`), nested; middleware added with `->add($jwt)`,
 * `->add(new JwtMiddleware())` or `->add(Auth::class)` on a route or a group guards what it wraps.
 */
export const slim: Framework = {
  id: FRAMEWORK,
  name: "Slim",
  languages: ["php"],
  hint: /\bSlim\\|\$app\s*->\s*(?:get|post|put|patch|delete|group|map|any)\s*\(/,
  scan(source) {
    const { code } = source;
    const calls = [...code.matchAll(CALL)].map((m) => {
      const open = m.index + m[0].length - 1;
      const { args, end } = callArguments(code, open);
      return { verb: m[2]!, args, start: m.index, guards: added(source, end) };
    });
    const groups: Group[] = calls.flatMap((c) => {
      const body = c.verb === "group" ? c.args[1] : undefined;
      const prefix = c.args[0] && value(source, c.args[0]);
      return body && prefix !== undefined ? [{ body, prefix, guards: c.guards }] : [];
    });
    const found: Registration[] = [];
    // `$app->add(new AuthMiddleware(...))` on its own: middleware of the whole app, run for every route.
    for (const m of code.matchAll(APP_MIDDLEWARE)) {
      const arg = callArguments(code, m.index + m[0].length - 1).args[0];
      const name = arg && middlewareName(source, arg);
      if (name && isGuardName(name)) found.push({ type: "global", framework: FRAMEWORK, guard: name, line: source.lineAt(m.index) });
    }
    for (const call of calls) {
      if (call.verb === "group") continue;
      const methods = call.verb === "map" ? list(source, call.args[0]) : VERBS[call.verb];
      const pathSpan = call.verb === "map" ? call.args[1] : call.args[0];
      const path = pathSpan && value(source, pathSpan);
      // A route takes a path and a handler: `$container->get("db")` is a lookup, not a route.
      if (!methods?.length || path === undefined || call.args.length < (call.verb === "map" ? 3 : 2)) continue;
      const around = groups.filter((g) => g.body.start < call.start && call.start < g.body.end).sort((a, b) => a.body.start - b.body.start);
      const handlerSpan = call.verb === "map" ? call.args[2] : call.args[1];
      for (const variant of optionalSegmentForms(path, "[]")) {
        found.push({
          type: "route",
          framework: FRAMEWORK,
          kind: "http",
          methods,
          path: joinPaths(...around.map((g) => g.prefix), variant),
          handler: handlerSpan ? handler(source, handlerSpan) : "(inline)",
          guards: [...new Set([...around.flatMap((g) => g.guards), ...call.guards])],
          owner: "",
          line: source.lineAt(call.start),
        });
      }
    }
    return found;
  },
};

/** The guards among the middleware `->add(...)` calls chained after offset `from` name: `$jwtMiddleware` -> `jwtMiddleware`, `new Jwt()` / `Jwt::class` -> `Jwt`. */
function added(source: RouteSource, from: number): string[] {
  const names: string[] = [];
  for (let at = from, link = LINK.exec(source.code.slice(at, at + 200)); link; link = LINK.exec(source.code.slice(at, at + 200))) {
    const { args, end } = callArguments(source.code, at + link[0].length - 1);
    if (link[1] === "add" && args[0]) {
      const short = middlewareName(source, args[0]);
      if (short && isGuardName(short)) names.push(short);
    }
    at = end;
  }
  return names;
}

// A statement adding middleware to the app itself (not chained on a route or a group).
const APP_MIDDLEWARE = /(?:^|[;{}])[ \t]*\$app\s*->\s*add\s*\(/gm;

/** A middleware argument's name: `$jwt` -> `jwt`, `new Jwt()`, `new $authMiddlewareClass(...)`, `Jwt::class` -> `Jwt`. */
function middlewareName(source: RouteSource, span: Span): string | undefined {
  const m = /^\s*(?:\$([A-Za-z_]\w*)|new\s+\$?\\?([\w\\]+)|\\?([\w\\]+)\s*::\s*class)/.exec(source.code.slice(span.start, span.end));
  return (m?.[1] ?? m?.[2] ?? m?.[3])?.split("\\").at(-1);
}

/** A string literal's value, or undefined. */
function value(source: RouteSource, span: Span): string | undefined {
  let start = span.start;
  while (start < span.end && /\s/.test(source.code[start]!)) start++;
  const literal = source.stringAt(start);
  return literal && literal.end >= span.end - 1 && !literal.value.includes("$") ? literal.value : undefined;
}

/** `["GET", "POST"]` upper-cased. */
function list(source: RouteSource, span: Span | undefined): string[] {
  if (!span || source.code[span.start] !== "[") return [];
  return callArguments(source.code, span.start).args.map((a) => value(source, a)?.toUpperCase()).filter((m): m is string => !!m);
}

/** `Controller::class . ':show'`, `'Controller:show'`, `[Controller::class, 'show']`, or "(inline)" for a closure. */
function handler(source: RouteSource, span: Span): string {
  const text = source.code.slice(span.start, span.end);
  if (/^\s*(?:static\s+)?(?:function|fn)\b/.test(text)) return "(inline)";
  const cls = /([A-Za-z_]\w*)\s*::\s*class/.exec(text)?.[1];
  let method: string | undefined;
  for (let i = span.start; i < span.end && method === undefined; i++) method = source.stringAt(i)?.value.replace(/^:/, "");
  if (cls) return method ? `${cls}:${method}` : cls;
  return method ?? "(inline)";
}

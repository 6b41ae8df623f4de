import type { Framework } from "../framework.ts";
import { lumenRoutes } from "../php/lumen.ts";
import type { Span } from "../js/objects.ts";
import { CANDIDATE, isGuardName, joinPaths, optionalSegmentForms } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { type Bindings, literalLoops } from "../php/loops.ts";
import { phpConstants } from "../php/values.ts";
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
 * `$group->get`, Slim 3's `$this->get`), nested; route files a group includes
 * (`call_user_func(include(__DIR__ . '/routes/api.php'), $group)`), and routes a loop registers
 * from a literal array (php/loops.ts). Middleware added with `->add($jwt)`,
 * `->add(new JwtMiddleware())` or `->add(Auth::class)` on a route or a group guards what it wraps,
 * unless its class refuses nobody (php/psr15-middleware.ts, read after linking).
 */
export const slim: Framework = {
  id: FRAMEWORK,
  name: "Slim",
  languages: ["php"],
  hint: /\bSlim\\|\$app\s*->\s*(?:get|post|put|patch|delete|group|map|any)\s*\(/,
  scan(source) {
    // Old Lumen's routes on `$app` are Laravel's router (php/lumen.ts, read by the Laravel reader).
    if (lumenRoutes(source.text)) return [];
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
    const around = (at: number) => groups.filter((g) => g.body.start < at && at < g.body.end).sort((a, b) => a.body.start - b.body.start);
    const loops = literalLoops(source, { start: 0, end: code.length }, phpConstants(source));
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
      // A route takes a path and a handler: `$container->get("db")` is a lookup, not a route, and so is
      // `$conf->get("dev.debug", false)`: a pattern starts with a slash (or an optional segment), or is a group's own "".
      if (!methods?.length || !pathSpan || call.args.length < (call.verb === "map" ? 3 : 2)) continue;
      const literal = value(source, pathSpan);
      if (literal !== undefined && !/^(?:\/|\[|$)/.test(literal)) continue;
      const handlerSpan = call.verb === "map" ? call.args[2] : call.args[1];
      const scopes = around(call.start);
      for (const path of paths(source, pathSpan, loops.filter((l) => l.body.start < call.start && call.start < l.body.end))) {
        const variants = optionalSegmentForms(path, "[]");
        for (const [i, variant] of variants.entries()) {
          found.push({
            // A form without an optional segment gives way to a route written for its path.
            ...(i < variants.length - 1 ? { shortened: true } : {}),
            type: "route",
            framework: FRAMEWORK,
            kind: "http",
            methods,
            path: joinPaths(...scopes.map((g) => g.prefix), variant),
            handler: handlerSpan ? handler(source, handlerSpan) : "(inline)",
            guards: [...new Set([...scopes.flatMap((g) => g.guards), ...call.guards, ...ownMethodCheck(source, call.args)])],
            owner: ROUTER,
            line: source.lineAt(call.start),
          });
        }
      }
    }
    // `call_user_func(include(__DIR__ . '/routes/api_admin.php'), $group)`: a route file returning a
    // function of the group it is given, run inside that group: its routes take the group's prefix and middleware.
    for (const m of code.matchAll(INCLUDE)) {
      const file = source.stringAt(m.index + m[0].length);
      if (!file || !/^\/?[\w\-./]+\.php$/.test(file.value)) continue;
      const scopes = around(m.index);
      const line = source.lineAt(m.index);
      // A router of its own in between keeps the group's middleware on this file's routes, not on the others mounted at its prefix.
      const owner = `${ROUTER}@${line}`;
      found.push(
        { type: "router", framework: FRAMEWORK, name: owner, prefix: "", guards: [...new Set(scopes.flatMap((g) => g.guards))], line },
        { type: "use", framework: FRAMEWORK, owner: ROUTER, prefix: "", args: [owner], specifiers: [], guards: [], mountOnly: true, line },
        { type: "use", framework: FRAMEWORK, owner, prefix: joinPaths(...scopes.map((g) => g.prefix)), args: [], specifiers: [`./${file.value.replace(/^\/+/, "")}`], guards: [], mountOnly: true, line },
      );
    }
    // The file's router is what an include of the file mounts, beside the routers of its own includes.
    return found.length ? [{ type: "router", framework: FRAMEWORK, name: ROUTER, prefix: "", guards: [], line: 1 }, { type: "export", local: ROUTER, as: "default" }, ...found] : [];
  },
};

// The router every route file of the app's adds to: one per file, which an include mounts.
const ROUTER = "routes";
const INCLUDE = /\b(?:include|require)(?:_once)?\s*\(?\s*__DIR__\s*\.\s*/g;

/**
 * A route's path: a literal, or for each entry of the literal array a loop around it walks, the
 * loop's variables joined with literals (`$routePath`, `'/' . $plural`), innermost loop first.
 */
function paths(source: RouteSource, span: Span, loops: readonly { entries: Bindings[] }[]): string[] {
  const literal = value(source, span);
  if (literal !== undefined) return [literal];
  for (const loop of [...loops].reverse()) {
    const each = loop.entries.map((bindings) => joined(source, span, bindings));
    if (each.every((path) => path !== undefined)) return each as string[];
  }
  return [];
}

/** Literals and bound variables joined with `.` (`'/' . $singular . '/{id}'`); undefined when a part is neither. */
function joined(source: RouteSource, span: Span, bindings: Bindings): string | undefined {
  const { code } = source;
  let out = "";
  let at = span.start;
  const skip = () => {
    while (at < span.end && /\s/.test(code[at]!)) at++;
  };
  for (;;) {
    skip();
    const quote = code[at];
    if (quote === "'" || quote === '"') {
      const literal = source.stringAt(at);
      if (!literal || literal.value.includes("$")) return undefined;
      out += literal.value;
      at = literal.end;
      if (code[at] === quote) at++;
    } else {
      const variable = /^\$(\w+)/.exec(code.slice(at, span.end));
      const bound = variable ? bindings.get(variable[1]!)?.value : undefined;
      if (bound === undefined) return undefined;
      out += bound;
      at += variable![0].length;
    }
    skip();
    if (at >= span.end) return out;
    if (code[at] !== ".") return undefined;
    at++;
  }
}

/**
 * The guards among the middleware `->add(...)` calls chained after offset `from` name: `$jwtMiddleware` -> `jwtMiddleware`,
 * `new Jwt()` / `Jwt::class` / `'\\App\\Jwt'` -> `Jwt`. A class not named like a check is a candidate, judged by
 * its body after linking (php/psr15-middleware.ts).
 */
function added(source: RouteSource, from: number): string[] {
  const names: string[] = [];
  for (let at = from, link = LINK.exec(source.code.slice(at, at + 200)); link; link = LINK.exec(source.code.slice(at, at + 200))) {
    const { args, end } = callArguments(source.code, at + link[0].length - 1);
    if (link[1] === "add" && args[0]) {
      const short = middlewareName(source, args[0]);
      if (short && isGuardName(short)) names.push(short);
      else if (short && /^[A-Z]\w*$/.test(short) && !/^\s*\$/.test(source.code.slice(args[0].start, args[0].end))) names.push(`${CANDIDATE}${short}`);
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
  // A class named by a string (`->add('\\Shaarli\\Front\\ShaarliAdminMiddleware')`), which Slim's resolver makes.
  const named = m ? undefined : value(source, span);
  return (m?.[1] ?? m?.[2] ?? m?.[3] ?? (named && /^\\?[A-Za-z_][\w\\]*$/.test(named) ? named : undefined))?.split("\\").at(-1);
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
// A service of the app's container that throws for a caller not signed in, taken first in a handler:
// FOSSBilling's `$this->di['is_admin_logged'];`, `$api = $this->di['api_admin'];` (its admin API as the signed-in admin).
const CONTAINER_LOGIN = /^\s*(?:\$\w+\s*=\s*)?\$this\s*->\s*di\s*\[\s*['"](is_(?:admin|client)_logged|api_(?:admin|client))['"]\s*\]/;

/**
 * The check a handler method of the registering class itself makes first (`$app->get('/activity',
 * 'get_index', [], static::class)`, BoxBilling's and FOSSBilling's module controllers): a container
 * service named for the caller's login (CONTAINER_LOGIN).
 */
function ownMethodCheck(source: RouteSource, args: readonly Span[]): string[] {
  const [, handlerSpan, , classSpan] = args;
  if (!handlerSpan || !classSpan || !/^\s*(?:static|self)\s*::\s*class\s*$/.test(source.code.slice(classSpan.start, classSpan.end))) return [];
  const name = source.stringAt(source.code.slice(handlerSpan.start, handlerSpan.end).search(/\S/) + handlerSpan.start)?.value;
  if (!name || !/^\w+$/.test(name)) return [];
  const def = new RegExp(String.raw`\bfunction\s+${name}\s*\([^)]*\)[^{]*\{`).exec(source.code);
  if (!def) return [];
  const start = def.index + def[0].length;
  const check = CONTAINER_LOGIN.exec(source.text.slice(start, start + 300))?.[1];
  return check ? [check] : [];
}

function handler(source: RouteSource, span: Span): string {
  const text = source.code.slice(span.start, span.end);
  if (/^\s*(?:static\s+)?(?:function|fn)\b/.test(text)) return "(inline)";
  const cls = /([A-Za-z_]\w*)\s*::\s*class/.exec(text)?.[1];
  let method: string | undefined;
  for (let i = span.start; i < span.end && method === undefined; i++) method = source.stringAt(i)?.value.replace(/^:/, "");
  if (cls) return method ? `${cls}:${method}` : cls;
  return method ?? "(inline)";
}

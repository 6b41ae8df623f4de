import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import { joinPaths, optionalSegmentForms } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "flarum";
const ROUTER = "routes";
const VERBS: Record<string, string> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE" };
// Where each frontend is served, as a fresh install's config.php says (`paths`: api, admin; the forum at the root).
const FRONTENDS: Record<string, string> = { forum: "", api: "/api", admin: "/admin" };
// A frontend's own routes file: `src/Api/routes.php` returns `function (RouteCollection $map, ...)`.
const ROUTES_FILE = /(?:^|\/)src\/(Forum|Api|Admin)\/routes\.php$/;
const VERB_CALL = /\$[A-Za-z_]\w*\s*->\s*(get|post|put|patch|delete)\s*\(/g;
// An extension's `(new Extend\Routes('api'))->get('/posts/{id}/flags', 'flags.delete', Controller::class)`.
const EXTEND_ROUTES = /\bnew\s+(?:\\?Flarum\\)?(?:Extend\\)?Routes\s*\(\s*(['"])(\w+)\1\s*\)\s*\)/g;
const LINK = /^\s*->\s*(get|post|put|patch|delete|remove)\s*\(/;
// The handler: `$route->toController(Controller\ShowStatisticsData::class)`, `$route->toForum(Content\Index::class)`, `Controller::class`.
const HANDLER_CLASS = /^\s*(?:\$\w+\s*->\s*to\w+\s*\(\s*)?\\?([A-Za-z_][\w\\]*)\s*::\s*class\b/;
// Flarum's admin frontend is behind its RequireAdministrateAbility middleware, whatever the route.
const ADMIN_GUARD = "RequireAdministrateAbility";

/**
 * Flarum: each frontend's `routes.php` (forum at the root, `/api`, `/admin`) registering on its
 * RouteCollection (`$map->get('/d/{id}', 'discussion', $route->toForum(...))`), and extensions'
 * `extend.php` chaining routes on `new Extend\Routes('api')`. Paths are FastRoute's: an optional
 * segment (`[/{near}]`) is two routes. A route's handler is the class it hands the request to; the
 * admin frontend's routes are guarded by Flarum's own middleware, the others by the checks their
 * class makes of the actor (guards-away.ts). The JSON:API resources of Flarum 2 are not read here.
 */
export const flarum: Framework = {
  id: FRAMEWORK,
  name: "Flarum",
  languages: ["php"],
  hint: /\bRouteCollection\b|\bExtend\\Routes\b|\bnew\s+Routes\s*\(/,
  scan(source) {
    const found: Registration[] = [];
    const frontend = ROUTES_FILE.exec(source.path)?.[1]?.toLowerCase();
    if (frontend) {
      for (const m of source.code.matchAll(VERB_CALL)) route(source, found, FRONTENDS[frontend]!, m[1]!, callArguments(source.code, m.index + m[0].length - 1).args, m.index);
    }
    // The frontend is a string: read in the text, whose offsets are the code's.
    for (const m of source.text.matchAll(EXTEND_ROUTES)) {
      const prefix = FRONTENDS[m[2]!];
      if (prefix === undefined) continue;
      for (let at = m.index + m[0].length, link = LINK.exec(source.code.slice(at, at + 200)); link; link = LINK.exec(source.code.slice(at, at + 200))) {
        const { args, end } = callArguments(source.code, at + link[0].length - 1);
        if (link[1] !== "remove") route(source, found, prefix, link[1]!, args, at);
        at = end;
      }
    }
    return found.length ? [{ type: "router", framework: FRAMEWORK, name: ROUTER, prefix: "", guards: [], line: 1 }, ...found] : [];
  },
};

/** A route of `verb` at the path its first argument gives, named by its second, under `prefix`. */
function route(source: RouteSource, found: Registration[], prefix: string, verb: string, args: readonly Span[], at: number): void {
  const path = args[0] && literal(source, args[0]);
  if (path === undefined || !path.startsWith("/")) return;
  const handler = (args[2] && HANDLER_CLASS.exec(source.code.slice(args[2].start, args[2].end))?.[1]) ?? (args[1] && literal(source, args[1])) ?? "(inline)";
  const guards = prefix === FRONTENDS.admin ? [ADMIN_GUARD] : [];
  const variants = optionalSegmentForms(path, "[]");
  variants.forEach((variant, i) =>
    found.push({ ...(i < variants.length - 1 ? { shortened: true } : {}), type: "route", framework: FRAMEWORK, kind: "http", methods: [VERBS[verb]!], path: joinPaths(prefix, variant), handler, guards, owner: ROUTER, line: source.lineAt(at) }),
  );
}

/** A string literal's value, or undefined. */
function literal(source: RouteSource, span: Span): string | undefined {
  let start = span.start;
  while (start < span.end && /\s/.test(source.code[start]!)) start++;
  const value = source.stringAt(start);
  return value && value.end >= span.end - 1 ? value.value : undefined;
}

import type { Framework } from "../framework.ts";
import { isGuardName, joinPaths } from "../paths.ts";
import { phpArray, phpConstants, phpList, phpValue, type Span } from "../php/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "codeigniter";
const CALL = /\$routes\s*->\s*(\w+)\s*\(/g;
const VERBS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "add", "match"]);
// The placeholders CodeIgniter matches segments with: each is one parameter.
const PLACEHOLDER = /\(:(any|segment|num|alpha|alphanum|hash)\)/g;

type Scope = { prefix: string; guards: string[] };

/**
 * CodeIgniter 4: routes on the `$routes` collection (app/Config/Routes.php and the files it
 * requires): `$routes->get('users', 'Users::index', ['filter' => 'auth'])` and the other verbs,
 * `add` (any method), `match(['get', 'post'], ...)`, `group('api', ['filter' => ...], function ($routes) {...})`
 * nesting, and `resource`/`presenter` RESTful sets. A route's or group's filter named like a
 * check (`auth`, `auth:api`, `jwt`) guards it. `(:any)`, `(:num)`... segments are parameters.
 */
export const codeigniter: Framework = {
  id: FRAMEWORK,
  name: "CodeIgniter",
  languages: ["php"],
  hint: /\$routes\s*->\s*(?:get|post|put|patch|delete|add|match|group|resource|presenter)\s*\(/,
  scan(source) {
    // Symfony's route files in PHP name their configurator `$routes` too (php/configurator-routes.ts reads them),
    // and so do CakePHP's RouteBuilder and Flarum's RouteCollection.
    if (/\b(?:RoutingConfigurator|RouteBuilder|RouteCollection)\s+\$/.test(source.code)) return [];
    const constants = phpConstants(source);
    const found: Registration[] = [];
    walk(source, constants, { start: 0, end: source.code.length }, { prefix: "", guards: [] }, found);
    return found;
  },
};

/** The calls on `$routes` in a span, groups walked with their prefix and filters. */
function walk(source: RouteSource, constants: Map<string, string>, span: Span, scope: Scope, found: Registration[]): void {
  const { code } = source;
  const pattern = new RegExp(CALL.source, "g");
  pattern.lastIndex = span.start;
  for (let m = pattern.exec(code); m && m.index < span.end; m = pattern.exec(code)) {
    const name = m[1]!;
    const call = callArguments(code, m.index + m[0].length - 1);
    const args = call.args;
    const value = (s: Span | undefined) => (s ? phpValue(source, s, constants) : undefined);
    const line = source.lineAt(m.index);
    if (name === "group") {
      const prefix = value(args[0]);
      const closure = args.at(-1);
      const options = args.length > 2 ? args[1] : undefined;
      const body = closure ? code.indexOf("{", closure.start) : -1;
      if (prefix !== undefined && body !== -1 && body < closure!.end) {
        walk(source, constants, { start: body, end: closure!.end }, { prefix: joinPaths(scope.prefix, parameters(prefix)), guards: [...scope.guards, ...filters(source, options, constants)] }, found);
      }
    } else if (VERBS.has(name)) {
      const match = name === "match";
      const methods = match ? (args[0] ? phpList(source, args[0], constants).map((v) => v.toUpperCase()) : []) : [name === "add" ? "ALL" : name.toUpperCase()];
      const [pathArg, handlerArg, options] = match ? args.slice(1) : args;
      const path = value(pathArg);
      if (path === undefined || !methods.length) continue;
      found.push(route(methods, joinPaths(scope.prefix, parameters(path)), handlerOf(source, handlerArg, constants), [...scope.guards, ...filters(source, options, constants)], line));
    } else if (name === "resource" || name === "presenter") {
      const resource = value(args[0]);
      if (resource === undefined) continue;
      const options = args[1];
      const controller = (options && value(phpArray(source, options).get("controller"))) ?? resource;
      const base = joinPaths(scope.prefix, parameters(resource));
      const guards = [...scope.guards, ...filters(source, options, constants)];
      const item = `${base}/{id}`;
      const actions: [string, string, string][] = name === "resource"
        ? [["GET", base, "index"], ["GET", `${base}/new`, "new"], ["POST", base, "create"], ["GET", item, "show"], ["GET", `${item}/edit`, "edit"], ["PUT", item, "update"], ["PATCH", item, "update"], ["DELETE", item, "delete"]]
        : [["GET", base, "index"], ["GET", `${base}/new`, "new"], ["POST", `${base}/create`, "create"], ["GET", `${base}/show/{id}`, "show"], ["GET", `${base}/edit/{id}`, "edit"], ["POST", `${base}/update/{id}`, "update"], ["GET", `${base}/remove/{id}`, "remove"], ["POST", `${base}/delete/{id}`, "delete"]];
      for (const [method, path, action] of actions) found.push(route([method], path, `${controller}::${action}`, guards, line));
    }
    pattern.lastIndex = call.end;
  }
}

function route(methods: string[], path: string, handler: string, guards: string[], line: number): Registration {
  return { type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler, guards, owner: "", line };
}

/** `(:any)/comments/(:num)` -> `{any}/comments/{num}`. */
const parameters = (path: string): string => path.replace(PLACEHOLDER, "{$1}");

/** The guard-like filters of an options array: `['filter' => 'auth:api']`, or a list of them. */
function filters(source: RouteSource, options: Span | undefined, constants: Map<string, string>): string[] {
  if (!options || !/^(?:\[|array\s*\()/i.test(source.code.slice(options.start, options.end))) return [];
  const filter = phpArray(source, options).get("filter");
  if (!filter) return [];
  const names = /^(?:\[|array\s*\()/i.test(source.code.slice(filter.start, filter.end)) ? phpList(source, filter, constants) : [phpValue(source, filter, constants)].filter((v): v is string => !!v);
  return names.filter((n) => isGuardName(n.split(":")[0]!));
}

/** `'Users::index'`, `Users::class . '::index'`, `[Users::class, 'index']` as `Users::index`. */
function handlerOf(source: RouteSource, span: Span | undefined, constants: Map<string, string>): string {
  if (!span) return "(inline)";
  const text = source.text.slice(span.start, span.end).replace(/\s+/g, "");
  const pair = /^\[\\?([\w\\]+)::class,['"](\w+)['"]\]$/.exec(text);
  if (pair) return `${pair[1]!.split("\\").at(-1)}::${pair[2]}`;
  const joined = /^\\?([\w\\]+)::class\.['"]::(\w+)/.exec(text);
  if (joined) return `${joined[1]!.split("\\").at(-1)}::${joined[2]}`;
  const written = phpValue(source, span, constants);
  if (written) return written.replace(/\/\$\d+/g, "").split("\\").at(-1)!;
  return /^function\b|^fn\b/.test(text) ? "(inline)" : text;
}

import type { Framework } from "../framework.ts";
import { decorated, type Decorator } from "../js/decorators.ts";
import { argumentName } from "../js/names.ts";
import { objectProperties } from "../js/objects.ts";
import { pathConstants, pathList } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const FRAMEWORK = "tegg";
const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

/**
 * Egg's tegg controllers (cnpmcore): a class decorated `@HTTPController()` or
 * `@HTTPController({ path: "/-/npm" })`, whose methods carry `@HTTPMethod({ path: "/x/:id",
 * method: HTTPMethodEnum.GET })` (GET when no method is given). `@Middleware(AdminAccess)` on the
 * class or the method guards its routes when the middleware is named like a check.
 */
export const tegg: Framework = {
  id: FRAMEWORK,
  name: "Egg.js (tegg)",
  languages: ["typescript", "javascript"],
  hint: /@HTTPController\s*\(/,
  scan(source) {
    const constants = pathConstants(source);
    const registrations: Registration[] = [];
    for (const target of decorated(source)) {
      const controller = target.decorators.find((d) => d.name === "HTTPController");
      if (target.kind !== "class" || !controller) continue;
      const prefix = optionPath(source, controller, constants) ?? "";
      const classGuards = middlewareGuards(source, target.decorators);
      for (const method of target.members ?? []) {
        const verb = method.decorators.find((d) => d.name === "HTTPMethod");
        const options = verb?.args[0];
        if (!verb || !options || source.code[options.start] !== "{") continue;
        const properties = objectProperties(source, options.start);
        const methodSpan = properties.get("method");
        const named = methodSpan ? /(\w+)\s*$/.exec(source.code.slice(methodSpan.start, methodSpan.end).replace(/['"`]/g, ""))?.[1]?.toUpperCase() : "GET";
        if (!named || !METHODS.has(named)) continue;
        const paths = optionPaths(source, verb, constants);
        for (const path of paths.length ? paths : [""]) {
          registrations.push({
            type: "route",
            framework: FRAMEWORK,
            kind: "http",
            methods: [named],
            path: `${prefix}${path}`,
            handler: `${target.name}.${method.name}`,
            guards: [...classGuards, ...middlewareGuards(source, method.decorators)],
            owner: "",
            line: source.lineAt(verb.start),
          });
        }
      }
    }
    return registrations;
  },
};

/** The paths of a decorator's options object (`{ path: "/x" }`), in the report's parameter syntax where koa's differs. */
function optionPaths(source: RouteSource, decorator: Decorator, constants: Map<string, string>): string[] {
  const options = decorator.args[0];
  if (!options || source.code[options.start] !== "{") return [];
  const path = objectProperties(source, options.start).get("path");
  return path ? pathList(source, path, constants).map(koaPath) : [];
}

/**
 * A path-to-regexp path as the report writes it: `org.couchdb.user::username` is a literal colon
 * and a parameter, and a parameter's repeat modifier (`:filenameWithVersion+.tgz`) is no text.
 */
const koaPath = (path: string): string => path.replace(/::(\w+)/g, ":{$1}").replace(/(:\w+(?:\([^()]*\))?)[+*]/g, "$1");

const optionPath = (source: RouteSource, decorator: Decorator, constants: Map<string, string>): string | undefined => optionPaths(source, decorator, constants)[0];

/** The checks among `@Middleware(...)` decorators' arguments. */
function middlewareGuards(source: RouteSource, decorators: readonly Decorator[]): string[] {
  return decorators
    .filter((d) => d.name === "Middleware")
    .flatMap((d) => d.args.map((a) => argumentName(source, a.start, a.end)))
    .filter((name) => name !== "(inline)" && isGuardName(name));
}

import type { Framework } from "../framework.ts";
import { decorated, type Decorator } from "../js/decorators.ts";
import { argumentName } from "../js/names.ts";
import { objectProperties } from "../js/objects.ts";
import { pathConstants, pathList } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "inversify";
const VERBS: Record<string, string> = { httpGet: "GET", httpPost: "POST", httpPut: "PUT", httpPatch: "PATCH", httpDelete: "DELETE", httpHead: "HEAD", httpOptions: "OPTIONS", all: "ALL" };

/**
 * inversify-express-utils: `@controller("/path", ...middleware)` classes whose methods carry
 * `@httpGet("/x", ...middleware)`, `@httpPost`... or `@httpMethod("get", "/x")`; the middleware
 * after the path guard the class's or the method's routes when their names say so
 * (`auth.required`, `TYPES.AuthMiddleware`). `new InversifyExpressServer(container, null,
 * { rootPath: "/api" })` puts every route under its root path.
 */
export const inversify: Framework = {
  id: FRAMEWORK,
  name: "inversify-express-utils",
  languages: ["typescript", "javascript"],
  hint: /inversify-express-utils/,
  scan(source) {
    const constants = pathConstants(source);
    const registrations: Registration[] = [...rootPath(source, constants)];
    for (const target of decorated(source)) {
      const controller = target.decorators.find((d) => d.name === "controller");
      if (target.kind !== "class" || !controller) continue;
      registrations.push({ type: "router", framework: FRAMEWORK, name: target.name, prefix: controller.args[0] ? pathList(source, controller.args[0], constants)[0] ?? "" : "", guards: middlewareGuards(source, controller, 1), line: source.lineAt(controller.start) });
      for (const method of target.members ?? []) {
        const verb = method.decorators.find((d) => d.name in VERBS || d.name === "httpMethod");
        if (!verb) continue;
        const named = verb.name === "httpMethod";
        const methodName = named && verb.args[0] ? source.stringAt(verb.args[0].start)?.value.toUpperCase() : VERBS[verb.name];
        const pathArg = verb.args[named ? 1 : 0];
        if (!methodName) continue;
        for (const path of pathArg ? pathList(source, pathArg, constants) : [""]) {
          registrations.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [methodName], path, handler: `${target.name}.${method.name}`, guards: middlewareGuards(source, verb, named ? 2 : 1), owner: target.name, line: source.lineAt(verb.start) });
        }
      }
    }
    return registrations;
  },
};

/** The guards among a decorator's middleware arguments, from `from` on. */
function middlewareGuards(source: RouteSource, decorator: Decorator, from: number): string[] {
  return decorator.args.slice(from).map((a) => argumentName(source, a.start, a.end)).filter((name) => name !== "(inline)" && isGuardName(name));
}

/** `new InversifyExpressServer(container, router, { rootPath: "/api" })`: a prefix for every route. */
function rootPath(source: RouteSource, constants: Map<string, string>): Registration[] {
  const found: Registration[] = [];
  for (const m of source.code.matchAll(/\bnew\s+InversifyExpressServer\s*\(/g)) {
    const options = callArguments(source.code, m.index + m[0].length - 1).args[2];
    if (!options || source.code[options.start] !== "{") continue;
    const root = objectProperties(source, options.start).get("rootPath");
    const prefix = root && pathList(source, root, constants)[0];
    if (prefix) found.push({ type: "global", framework: FRAMEWORK, prefix, line: source.lineAt(m.index) });
  }
  return found;
}

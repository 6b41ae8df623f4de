import { decorated } from "../js/decorators.ts";
import { argumentName } from "../js/names.ts";
import { arrayElements, objectProperties, type Span } from "../js/objects.ts";
import { jsValue } from "../js/values.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const REGISTER = /\bRouterModule\s*\.\s*(?:register|forRoutes)\s*\(/g;
const NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * NestJS modules as routers, so that RouterModule's paths reach the controllers: a module
 * (`@Module({ controllers: [A, B] })`) mounts its controllers, and `RouterModule.register(routes)`
 * (nest-router's `RouterModule.forRoutes`) mounts modules under paths, `{ path: "/api/v2", module:
 * PublicApiModule, children: [...] }`. As in NestJS, a module's own controllers take its path,
 * its children take theirs after it, and the modules it imports take none.
 */
export function nestModules(source: RouteSource, constants: Map<string, string>): Registration[] {
  const found: Registration[] = [];
  for (const target of decorated(source)) {
    const options = target.decorators.find((d) => d.name === "Module")?.args[0];
    if (target.kind !== "class" || !options || source.code[options.start] !== "{") continue;
    const controllers = objectProperties(source, options.start).get("controllers");
    if (!controllers || source.code[controllers.start] !== "[") continue;
    const names = arrayElements(source, controllers.start).map((e) => argumentName(source, e.start, e.end)).filter((n) => NAME.test(n));
    const line = source.lineAt(target.start);
    if (names.length) found.push(router(target.name, line), mount(target.name, "", names, line));
  }
  for (const m of source.code.matchAll(REGISTER)) {
    const first = callArguments(source.code, m.index + m[0].length - 1).args[0];
    const open = first && arrayOpen(source, first);
    if (open === undefined) continue;
    const line = source.lineAt(m.index);
    const root = `(RouterModule:${line})`;
    found.push(router(root, line), ...routeTree(source, open, root, "", constants, line, 0));
  }
  return found;
}

/** The mounts of a RouterModule route list: each entry's module under `owner` at its path, its children under the module. */
function routeTree(source: RouteSource, open: number, owner: string, prefix: string, constants: Map<string, string>, line: number, depth: number): Registration[] {
  if (depth > 8) return [];
  const found: Registration[] = [];
  for (const element of arrayElements(source, open)) {
    if (source.code[element.start] !== "{") {
      // A module listed bare among children: under its parent, at no path of its own.
      const name = argumentName(source, element.start, element.end);
      if (NAME.test(name)) found.push(mount(owner, prefix, [name], line));
      continue;
    }
    const entry = objectProperties(source, element.start);
    const pathSpan = entry.get("path");
    const path = pathSpan ? jsValue(source, pathSpan.start, pathSpan.end, constants) : "";
    if (path === undefined) continue; // a path not known: where its controllers go is not known either
    const moduleSpan = entry.get("module");
    const module = moduleSpan ? argumentName(source, moduleSpan.start, moduleSpan.end) : undefined;
    const children = entry.get("children");
    if (module && NAME.test(module)) {
      found.push(mount(owner, joinPaths(prefix, path), [module], line));
      if (children && source.code[children.start] === "[") found.push(...routeTree(source, children.start, module, "", constants, line, depth + 1));
    } else if (children && source.code[children.start] === "[") {
      found.push(...routeTree(source, children.start, owner, joinPaths(prefix, path), constants, line, depth + 1));
    }
  }
  return found;
}

/** Where a route list starts: an array literal, or the array a constant of the file holds (`const routes: Routes = [...]`). */
function arrayOpen(source: RouteSource, span: Span): number | undefined {
  if (source.code[span.start] === "[") return span.start;
  const name = source.code.slice(span.start, span.end).trim();
  if (!NAME.test(name)) return undefined;
  const declaration = new RegExp(`\\b(?:const|let|var)\\s+${name.replace(/\$/g, "\\$")}\\s*(?::[^=]+)?=\\s*\\[`).exec(source.code);
  return declaration ? declaration.index + declaration[0].length - 1 : undefined;
}

const router = (name: string, line: number): Registration => ({ type: "router", framework: "nestjs", name, prefix: "", guards: [], line });

// Every name mounted is a module or a controller, never middleware.
const mount = (owner: string, prefix: string, args: string[], line: number): Registration =>
  ({ type: "use", framework: "nestjs", owner, prefix, args, specifiers: [], guards: [], mountOnly: true, line });

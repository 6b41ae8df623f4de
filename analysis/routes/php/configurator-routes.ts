/**
 * Symfony routes declared in PHP, the RoutingConfigurator format: config/routes.php and
 * config/routes/*.php, and the route files they import, each a closure handed the configurator:
 *
 *     return static function (RoutingConfigurator $routes): void {
 *         $routes->add('clients_edit', '/edit/{id}')->controller(Edit::class)->methods(['GET', 'POST']);
 *         $routes->import('@AppClientBundle/Resources/config/routing.php')->prefix('/clients');
 *     };
 *
 * A file imported is read under the prefix of its import, after the prefix its own file was
 * read under (imports nest: a bundle's routing.php imports its ajax.php under `/xhr`); a file
 * no root reaches is not loaded, so its routes are none. A bundle is found by its class
 * (`@AppClientBundle` is the folder of AppClientBundle.php). The imports of other loaders
 * (attribute controllers, API Platform's `import('.', 'api_platform')`) are given with the
 * prefix they are read under, for the readers of those (yaml-imports.ts, api-platform-prefix.ts).
 */
import { posix } from "node:path";
import { php } from "../../languages/php/mod.ts";
import { strip } from "../../languages/strip.ts";
import { optionalForms } from "../frameworks/symfony.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { chainedArguments, className, phpArray, phpElements, phpList, phpValue, type Span } from "./values.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

/** An import of another loader's routes: its resource, type and the full prefix it is read under. */
export type PhpRouteImport = { file: string; resource: string; type?: string; prefix: string };

type RouteFile = { source: RouteSource; routes: { name: string; paths: string[]; methods: string[]; handler?: string; at: number }[]; imports: { resource: string; type?: string; prefix: string }[] };

const ROOTS = /(?:^|\/)config\/routes(?:\/[\w.-]+)?\.php$/;
const CONFIGURATOR = /\bfunction\s*\(\s*RoutingConfigurator\s+\$(\w+)/;
const ROUTER = "php-routes";

const cache = new WeakMap<object, Reached>();

/** The routes of each PHP route file a root reaches, with the prefixes of the imports that reach it. */
export function symfonyPhpRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  const { files, parsed } = reached(project);
  const found: { file: string; registrations: Registration[] }[] = [];
  for (const [file, prefix] of files) {
    const routes = parsed.get(file)!.routes;
    if (!routes.length) continue;
    const { source } = parsed.get(file)!;
    const registrations: Registration[] = [{ type: "router", framework: "symfony", name: ROUTER, prefix: "", guards: [], line: 1 }];
    for (const r of routes) {
      for (const path of new Set(r.paths)) {
        registrations.push({ type: "route", framework: "symfony", kind: "http", methods: r.methods.length ? r.methods : ["ALL"], path: joined(prefix, path), handler: r.handler ?? r.name, guards: [], owner: ROUTER, line: source.lineAt(r.at) });
      }
    }
    found.push({ file, registrations });
  }
  return found;
}

/** The imports of other loaders in the PHP route files a root reaches, with the prefix each is read under. */
export function symfonyPhpImports(project: Project | undefined): PhpRouteImport[] {
  return reached(project).others;
}

type Reached = { files: Map<string, string>; parsed: Map<string, RouteFile>; others: PhpRouteImport[] };

/**
 * Each PHP route file a root reaches, by the prefix it is read under (the last import reaching it
 * wins, as Symfony keeps the last route of a name), and the imports of other loaders on the way.
 */
function reached(project: Project | undefined): Reached {
  const key = project as object | undefined;
  const known = key && cache.get(key);
  if (known) return known;
  const listed = [...(project?.listed ?? [])];
  const result: Reached = { files: new Map(), parsed: new Map(), others: [] };
  const visit = (file: string, prefix: string, depth: number) => {
    const route = parse(project, file, result.parsed);
    if (!route || depth > 8) return;
    result.files.set(file, prefix);
    for (const i of route.imports) {
      const target = phpRouteFile(project, listed, file, i.resource, result.parsed);
      if (target === undefined) result.others.push({ file, resource: i.resource, ...(i.type ? { type: i.type } : {}), prefix: joined(prefix, i.prefix) });
      else if (target !== file) visit(target, joined(prefix, i.prefix), depth + 1);
    }
  };
  for (const root of listed.filter((f) => ROOTS.test(f) && !/(?:^|\/)dev\//.test(f)).sort()) visit(root, "", 0);
  if (key) cache.set(key, result);
  return result;
}

/** The PHP route file an import's resource names, if it is one (a file of the project handing a RoutingConfigurator). */
function phpRouteFile(project: Project | undefined, listed: readonly string[], from: string, resource: string, parsed: Map<string, RouteFile>): string | undefined {
  if (!resource.endsWith(".php")) return undefined;
  const bundle = /^@(\w+Bundle)\/(.+)$/.exec(resource);
  let target: string | undefined;
  if (bundle) {
    const root = listed.find((f) => posix.basename(f) === `${bundle[1]}.php`);
    target = root ? posix.join(posix.dirname(root), bundle[2]!) : listed.find((f) => f.endsWith(`/${bundle[1]}/${bundle[2]}`));
  } else if (!resource.startsWith("@")) target = posix.normalize(posix.join(posix.dirname(from), resource));
  return target && parse(project, target, parsed) ? target : undefined;
}

/** The routes and imports of one PHP route file, or undefined when it is no such file. */
function parse(project: Project | undefined, file: string, parsed: Map<string, RouteFile>): RouteFile | undefined {
  if (parsed.has(file)) return parsed.get(file);
  const text = project?.text(file);
  const configurator = text === undefined ? undefined : CONFIGURATOR.exec(text)?.[1];
  if (text === undefined || configurator === undefined) return undefined;
  const source: RouteSource = { ...strip(text, php.syntax), path: file, text };
  const result: RouteFile = { source, routes: [], imports: [] };
  const calls = new RegExp(String.raw`\$${configurator}\s*->\s*(add|import)\s*\(`, "g");
  for (const m of source.code.matchAll(calls)) {
    const open = m.index + m[0].length - 1;
    const { args, end } = callArguments(source.code, open);
    const chain = chainedArguments(source, end);
    if (m[1] === "add" && args[1]) {
      const name = args[0] ? phpValue(source, args[0]) : undefined;
      const paths = pathsOf(source, args[1]);
      const controller = chain.get("controller");
      const methods = chain.get("methods");
      if (name === undefined || !paths.length) continue;
      // A trailing parameter with a default (`->defaults(['client' => null])`) may be left out.
      const defaults = chain.get("defaults");
      const defaulted = new Set(defaults ? phpArray(source, defaults).keys() : []);
      result.routes.push({ name, paths: paths.flatMap((p) => optionalForms(p, defaulted)), methods: methods ? phpList(source, methods).map((v) => v.toUpperCase()) : [], ...(controller ? { handler: handlerOf(source, controller) ?? name } : {}), at: m.index });
    } else if (m[1] === "import" && args[0]) {
      const resource = phpValue(source, args[0]);
      if (resource === undefined) continue;
      // `import('.', 'api_platform')` or `import('../src/Controller/', type: 'attribute')`.
      const type = args.slice(1).map((a, i) => {
        const named = /^\s*(\w+)\s*:(?!:)/.exec(source.code.slice(a.start, a.end));
        if (named) return named[1] === "type" ? phpValue(source, { start: a.start + named[0].length, end: a.end }) : undefined;
        return i === 0 ? phpValue(source, a) : undefined;
      }).find((t) => t !== undefined);
      const prefixArg = chain.get("prefix");
      const prefix = prefixArg ? phpValue(source, prefixArg) ?? "" : "";
      result.imports.push({ resource, ...(type ? { type } : {}), prefix });
    }
  }
  parsed.set(file, result);
  return result;
}

/** A route's path, or each of a localized route's (`['en' => '/about', 'fr' => '/a-propos']`). */
function pathsOf(source: RouteSource, span: Span): string[] {
  const one = phpValue(source, span);
  if (one !== undefined) return [one];
  return [...phpArray(source, span).values()].map((v) => phpValue(source, v)).filter((p): p is string => p?.startsWith("/") === true);
}

/** The controller a route names: `Edit::class`, `[Edit::class, 'show']` or `'App\Controller\Edit::show'`. */
function handlerOf(source: RouteSource, span: Span): string | undefined {
  const [cls, method] = phpElements(source, span);
  const name = cls && className(source, cls);
  if (source.code[span.start] === "[") return name ? (method && phpValue(source, method) ? `${name}::${phpValue(source, method)}` : name) : undefined;
  return name ?? phpValue(source, span);
}

/** A path read under a prefix: `/clients` + `/edit/{id}`; an index route (`/`) is the prefix itself. */
function joined(prefix: string, path: string): string {
  if (!prefix || prefix === "/") return path;
  return `${prefix.replace(/\/+$/, "")}${path === "/" ? "" : path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * The prefix a Symfony route file's import gives the attribute routes it loads, added after
 * linking: `controllers: { resource: ../src/Controller/, type: attribute, prefix: /{_locale} }`
 * puts `/{_locale}` in front of every route declared under src/Controller/. The resource is a
 * folder or a file relative to the route file (`{ path: ..., namespace: ... }` too), or a
 * bundle's (`@AppBundle/Controller/`). When two imports load one controller (src/Controller/ and
 * src/Controller/Auth/ with a prefix of its own), the last one loaded wins, as Symfony keeps the
 * last route of a name: config/routes/*.yaml load before config/routes.yaml, and each file in order.
 */
import { posix } from "node:path";
import { parse as parseYaml } from "yaml";
import type { LinkedRoute } from "../link.ts";
import { underPrefix } from "../app-configs.ts";
import { symfonyPhpImports } from "./configurator-routes.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
type Import = { matches: (file: string) => boolean; prefix: string };

const ROUTE_FILES = /(?:^|\/)(?:config\/routes(\/[\w.-]+)?\.ya?ml|app\/config\/routing\.ya?ml)$/;

export function symfonyImportPrefixes(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  const imports = routeImports(project);
  if (!imports.length) return (route) => route;
  return (route) => {
    if (route.framework !== "symfony") return route;
    const last = imports.findLast((i) => i.matches(route.file));
    return last ? { ...route, path: underPrefix(last.prefix, route.path) } : route;
  };
}

/** The imports with a prefix of every route file, in the order Symfony loads them. */
function routeImports(project: Project | undefined): Import[] {
  const files = [...(project?.listed ?? [])].filter((f) => ROUTE_FILES.test(f) && !/(?:^|\/)dev\/|_dev\./.test(f));
  // A folder's config/routes/*.yaml before its config/routes.yaml.
  files.sort((a, b) => Number(!ROUTE_FILES.exec(a)![1]) - Number(!ROUTE_FILES.exec(b)![1]) || a.localeCompare(b));
  const found: Import[] = [];
  for (const file of files) {
    let entries: unknown;
    try {
      entries = parseYaml(project!.text(file) ?? "");
    } catch {
      continue; // not YAML a route file could be
    }
    if (!entries || typeof entries !== "object") continue;
    for (const entry of Object.values(entries as Record<string, unknown>)) {
      if (!entry || typeof entry !== "object") continue;
      const { resource, prefix, type, exclude } = entry as Record<string, unknown>;
      // A loader of its own (`type: api_platform`, `type: mcp`, `resource: .`) reads no files at the resource's path.
      if (typeof type === "string" && !FILE_LOADERS.has(type)) continue;
      const path = typeof resource === "string" ? resource : resource && typeof resource === "object" ? (resource as Record<string, unknown>).path : undefined;
      if (typeof path !== "string" || typeof prefix !== "string" || !prefix.replace(/\//g, "")) continue;
      const matches = resourceMatcher(path, posix.dirname(file));
      // `exclude: '../src/Controller/OAuth/NonLocalized/*'`: what the import leaves to another.
      const excluded = (typeof exclude === "string" ? [exclude] : Array.isArray(exclude) ? exclude.filter((e): e is string => typeof e === "string") : []).map((e) => excludeMatcher(e, posix.dirname(file)));
      if (matches) found.push({ matches: (f) => matches(f) && !excluded.some((x) => x(f)), prefix });
    }
  }
  // The PHP route files' imports of attribute controllers (`$routes->import('../src/Controller/', 'attribute')->prefix('/admin')`).
  for (const i of symfonyPhpImports(project)) {
    if ((i.type !== undefined && !FILE_LOADERS.has(i.type)) || !i.prefix.replace(/\//g, "")) continue;
    const matches = resourceMatcher(i.resource, posix.dirname(i.file));
    if (matches) found.push({ matches, prefix: i.prefix });
  }
  return found;
}

/** The loaders that read the files at an import's resource path. */
const FILE_LOADERS = new Set(["attribute", "annotation", "annotations", "yaml", "xml", "php", "directory", "glob"]);

/** Which files an import's `exclude` glob names, relative to the route file: those it matches and those in a folder it matches. */
function excludeMatcher(glob: string, from: string): (file: string) => boolean {
  const target = posix.normalize(posix.join(from, glob)).replace(/\/+$/, "");
  const pattern = target.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*\*/g, "\u0000").replace(/\*/g, "[^/]*").replace(/\u0000/g, ".*").replace(/\?/g, "[^/]");
  const regex = new RegExp(`^${pattern}(?:/.*)?$`);
  return (file) => regex.test(file);
}

/** Which files a resource loads: a folder's (recursively) or one file's; a bundle's by its name in the path. */
function resourceMatcher(resource: string, from: string): ((file: string) => boolean) | undefined {
  const bundle = /^@(\w+?)(?:Bundle)?\/(.*)$/.exec(resource);
  if (bundle) {
    const inside = `${bundle[1]}Bundle/${bundle[2]}`.replace(/\/+$/, "");
    return inside.endsWith(".php") ? (file) => file.endsWith(`/${inside}`) : (file) => file.includes(`/${inside}/`);
  }
  if (/^[@%]|::|\\|^\w+\.\w+$/.test(resource) && !resource.endsWith(".php")) return undefined; // a service, a namespace or a package's alias
  const target = posix.normalize(posix.join(from, resource));
  if (target.startsWith("..")) return undefined;
  if (/\.php$/.test(target)) return (file) => file === target;
  const folder = `${target.replace(/\/+$/, "")}/`;
  return (file) => file.startsWith(folder);
}

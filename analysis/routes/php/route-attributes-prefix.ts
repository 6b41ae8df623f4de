/**
 * The prefix spatie/laravel-route-attributes puts before the routes of the controllers in a
 * directory, added after linking: the registrar called inside a route group
 * (`Route::prefix('api')->group(fn () => (new RouteRegistrar(...))->registerDirectory(app_path('Http/Controllers/Api')))`,
 * in bootstrap/app.php, a routes file or a service provider), or the package's
 * config/route-attributes.php (`app_path('Http/Controllers/Api') => ['prefix' => 'api']`).
 */
import type { ContractProject } from "../contracts/mod.ts";
import { appConfigs, underPrefix } from "../app-configs.ts";
import type { LinkedRoute } from "../link.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;
type Directory = { dir: string; prefix: string };

// The files of a Laravel app that may register attribute routes; the first group is the app's folder.
const FILES = /^(?:(.*)\/)?(?:bootstrap\/app|config\/route-attributes|routes\/[\w-]+|app\/Providers\/\w+)\.php$/;
const REGISTER = /registerDirectory\s*\(\s*app_path\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
const GROUP_PREFIX = /(?:Route::|->)\s*prefix\s*\(\s*['"]([^'"]*)['"]\s*\)/g;
const CONFIG_ENTRY = /app_path\s*\(\s*['"]([^'"]+)['"]\s*\)\s*=>\s*\[([^\]]*)\]/g;
const PREFIX_OPTION = /['"]prefix['"]\s*=>\s*['"]([^'"]*)['"]/;

export function routeAttributesPrefix(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  const apps = appConfigs(project, FILES, readDirectories);
  if (!apps.length) return (route) => route;
  // One app may list directories in several files: all of them count.
  const byRoot = new Map<string, Directory[]>();
  for (const app of apps) byRoot.set(app.root, [...(byRoot.get(app.root) ?? []), ...app.value]);
  const merged = [...byRoot].map(([root, value]) => ({ root, value }));
  return (route) => {
    if (route.framework !== "laravel" || route.kind !== "http") return route;
    const app = merged.find((a) => a.root === "" || route.file.startsWith(`${a.root}/`));
    const relative = app?.root ? route.file.slice(app.root.length + 1) : route.file;
    const directory = app?.value.filter((d) => relative.startsWith(`${d.dir}/`)).sort((a, b) => b.dir.length - a.dir.length)[0];
    return directory?.prefix ? { ...route, path: underPrefix(directory.prefix, route.path) } : route;
  };
}

/** The directories a file has the registrar read, each with the group prefix around the call. */
function readDirectories(text: string, path: string): Directory[] | undefined {
  const found: Directory[] = [];
  if (path.endsWith("config/route-attributes.php")) {
    for (const m of text.matchAll(CONFIG_ENTRY)) found.push({ dir: `app/${m[1]!.replace(/^\/+|\/+$/g, "")}`, prefix: PREFIX_OPTION.exec(m[2]!)?.[1] ?? "" });
  }
  for (const m of text.matchAll(REGISTER)) {
    // The group prefix written last before the call, when the group it opens is still open there.
    const before = [...text.slice(0, m.index).matchAll(GROUP_PREFIX)].at(-1);
    const inside = before !== undefined && depth(text.slice(before.index + before[0].length, m.index)) > 0;
    found.push({ dir: `app/${m[1]!.replace(/^\/+|\/+$/g, "")}`, prefix: inside ? before[1]! : "" });
  }
  return found.length ? found : undefined;
}

/** Parentheses opened and not closed in a stretch of code. */
function depth(code: string): number {
  let open = 0;
  for (const c of code) open += c === "(" ? 1 : c === ")" ? -1 : 0;
  return open;
}

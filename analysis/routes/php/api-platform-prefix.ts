/**
 * The prefix Symfony's route configuration gives API Platform's operations, added after linking:
 * `prefix: /api` under the `api_platform` resource of config/routes/api_platform.yaml (the
 * recipe's file) or config/routes.yaml of the Symfony app (the folder holding config/, which may
 * be a subfolder of the repository), in front of every operation's `uriTemplate` in that app; or
 * the prefix of a PHP route file's `import('.', 'api_platform')` (configurator-routes.ts).
 */
import type { ContractProject } from "../contracts/mod.ts";
import { appConfigs, appOf, underPrefix } from "../app-configs.ts";
import type { LinkedRoute } from "../link.ts";
import { symfonyPhpImports } from "./configurator-routes.ts";

const CONFIG = /^(?:(.*)\/)?config\/routes(?:\/api_platform)?\.ya?ml$/;

export function apiPlatformPrefix(project: Pick<ContractProject, "listed" | "has" | "text"> | undefined): <R extends LinkedRoute>(route: R) => R {
  const apps = appConfigs(project, CONFIG, readPrefix);
  // Or in PHP: `$routes->import('.', 'api_platform')`, under the prefix its route file is read with.
  const inPhp = symfonyPhpImports(project).find((i) => i.type === "api_platform" && i.prefix.replace(/\//g, ""))?.prefix;
  if (!apps.length && !inPhp) return (route) => route;
  return (route) => {
    if (route.framework !== "api-platform") return route;
    const prefix = appOf(apps, route.file) ?? inPhp;
    return prefix ? { ...route, path: underPrefix(prefix, route.path) } : route;
  };
}

/** The `prefix:` of the block that declares `type: api_platform`. */
function readPrefix(text: string): string | undefined {
  for (const block of text.split(/\n(?=\S)/)) {
    if (!/^\s+type:\s*["']?api_platform\b/m.test(block)) continue;
    return /^\s+prefix:\s*["']?([^\s"'#]+)/m.exec(block)?.[1];
  }
  return undefined;
}

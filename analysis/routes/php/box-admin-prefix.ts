import type { LinkedRoute } from "../link.ts";
import { joinPaths } from "../paths.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// A module's admin controller of BoxBilling and FOSSBilling (`src/modules/Activity/Controller/Admin.php`),
// whose `register(\Box_App &$app)` adds its routes to the admin application.
const ADMIN_CONTROLLER = /(?:^|\/)modules\/[^/]+\/Controller\/Admin\.php$/;
// `'admin_area_prefix' => '/admin'` in the shipped configuration (`config-sample.php`, or the installer's template).
const ADMIN_PREFIX = /['"]admin_area_prefix['"]\s*=>\s*['"]([^'"]*)['"]/;
const CONFIG = /(?:^|\/)config(?:-sample)?\.php$/;

/**
 * After linking: BoxBilling's and FOSSBilling's front controller hands a request whose path starts
 * with the admin area's prefix to the admin application, without it: the routes the modules' admin
 * controllers register (`$app->get('/activity', ...)`) are served under the prefix the shipped
 * configuration sets (`'admin_area_prefix' => '/admin'`, `/admin/activity`).
 */
export function boxAdminPrefix(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  let prefix: string | undefined | null = null; // read on the first route that needs it
  return (route) => {
    if (route.framework !== "slim" || !ADMIN_CONTROLLER.test(route.file)) return route;
    prefix ??= readPrefix(project);
    return prefix ? { ...route, path: joinPaths(prefix, route.path) } : route;
  };
}

function readPrefix(project: Project | undefined): string | undefined {
  for (const path of project?.listed ?? []) {
    if (!CONFIG.test(path) || /(?:^|\/)(?:vendor|tests?)\//.test(path)) continue;
    const prefix = ADMIN_PREFIX.exec(project!.text(path) ?? "")?.[1];
    if (prefix?.startsWith("/")) return prefix;
  }
  return undefined;
}

/**
 * CodeIgniter 3's routes.php maps a URI to a controller's method (`$route['default_controller'] =
 * 'dashboard'`, `$route['station-diary/(:any)'] = 'stationdiary/index/$1'`): the request runs that
 * action, so the checks its controller's constructor or the action's top make of the caller
 * (frameworks/codeigniter3.ts) guard the mapped URI as they guard the action's own path. The
 * scanner reads routes.php alone; the controller is read here, after linking.
 */
import { php } from "../../languages/php/mod.ts";
import { strip } from "../../languages/strip.ts";
import { CONTROLLER_FILE, controllerRoutes, ROUTES_FILE } from "../frameworks/codeigniter3.ts";
import type { LinkedRoute } from "../link.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

export function codeigniterMappedChecks(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  let controllers: Map<string, string> | undefined;
  const guardsOf = new Map<string, Map<string, string[]>>();
  return (route) => {
    if (route.framework !== "codeigniter" || route.guards.length || !ROUTES_FILE.test(route.file) || !project) return route;
    const parts = route.handler.split("/");
    if (parts.length < 2) return route;
    const action = parts.at(-1)!.toLowerCase();
    // The controller's file by its folder and name, whatever their case (`dashboard` is Dashboard.php).
    controllers ??= new Map([...project.listed].flatMap((file) => {
      const m = CONTROLLER_FILE.exec(file);
      return m ? [[`${m[1]}${m[2]}`.toLowerCase(), file] as const] : [];
    }));
    const file = controllers.get(parts.slice(0, -1).join("/").toLowerCase());
    if (file === undefined) return route;
    if (!guardsOf.has(file)) {
      const text = project.text(file) ?? "";
      const [, folder, name] = CONTROLLER_FILE.exec(file)!;
      const actions = new Map<string, string[]>();
      for (const r of controllerRoutes({ ...strip(text, php.syntax), path: file, text }, folder!, name!)) {
        if (r.type === "route") actions.set(r.handler.slice(r.handler.indexOf("::") + 2).toLowerCase(), r.guards);
      }
      guardsOf.set(file, actions);
    }
    const guards = guardsOf.get(file)!.get(action);
    return guards?.length ? { ...route, guards: [...guards] } : route;
  };
}

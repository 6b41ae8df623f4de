/**
 * Hanami 1 projects hold one or more applications under `apps/<name>/`, each with its own
 * `config/routes.rb` (read by the Rails scanner: the same verb and namespace helpers); the
 * project's `config/environment.rb` mounts each at a path (`mount Api::Application, at: '/api'`).
 * Added after linking: a route of an application's files takes its mount path.
 */
import type { ContractProject } from "../contracts/mod.ts";
import { appConfigs, appOf, underPrefix } from "../app-configs.ts";
import type { LinkedRoute } from "../link.ts";
import { snake } from "./controllers.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

const ENVIRONMENT = /^(?:(.*)\/)?config\/environment\.rb$/;
const MOUNT = /^[ \t]*mount[ \t]+((?:\w+::)*\w+)::Application[ \t]*,[ \t]*at:[ \t]*["']([^"']*)["']/gm;
// The application folder of a file: `apps/api/config/routes.rb` -> "api".
const APP_FILE = /(?:^|\/)apps\/(\w+)\//;

/** A function that puts a route of a mounted Hanami application under the application's path. */
export function hanamiMounts(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  const projects = appConfigs(project, ENVIRONMENT, readMounts);
  if (!projects.length) return (route) => route;
  return (route) => {
    const app = APP_FILE.exec(route.file)?.[1];
    const at = app === undefined ? undefined : appOf(projects, route.file)?.get(app);
    return at && at !== "/" ? { ...route, path: underPrefix(at, route.path) } : route;
  };
}

/** The mount path of each application a config/environment.rb mounts, by folder name (`Api` -> "api", `AdminPanel` -> "admin_panel"). */
function readMounts(text: string): Map<string, string> | undefined {
  const mounts = new Map<string, string>();
  for (const m of text.matchAll(MOUNT)) {
    mounts.set(snake(m[1]!.split("::").at(-1)!), m[2]!);
  }
  return mounts.size ? mounts : undefined;
}

/**
 * The settings modules of a repository's Django projects, each with the project's folder (the
 * one above the settings' package, where manage.py usually is): those named like settings
 * (`settings.py`, `settings/base.py`, `test_settings.py`), and every module of the package that
 * `DJANGO_SETTINGS_MODULE` names in manage.py, wsgi.py or asgi.py (`opencve.conf.settings`:
 * `opencve/conf/base.py` too, which the settings module, often not in the repository, imports).
 */
import type { ContractProject } from "../contracts/mod.ts";
import { type AppConfig, appConfigs } from "../app-configs.ts";
import { dirOf } from "../../project.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

const SETTINGS = /^(?:(.+)\/)?[\w-]+\/(?:settings\/[\w-]+|[\w-]*settings[\w-]*)\.py$|^(?:settings\/[\w-]+|[\w-]*settings[\w-]*)\.py$/;
const ENTRY = /(?:^|\/)(?:manage|wsgi|asgi)\.py$/;
const SETTINGS_MODULE = /["']DJANGO_SETTINGS_MODULE["']\s*,\s*["']([\w.]+)["']/;

/** What `read` finds in each settings module, deepest project first (as appConfigs orders them). */
export function djangoSettings<T>(project: Project | undefined, read: (text: string, path: string) => T | undefined): AppConfig<T>[] {
  const byName = appConfigs(project, SETTINGS, read);
  const seen = new Set<string>();
  for (const path of project?.listed ?? []) if (SETTINGS.test(path)) seen.add(path);
  const named: AppConfig<T>[] = [];
  for (const entry of project ? [...project.listed].filter((p) => ENTRY.test(p)) : []) {
    const module = SETTINGS_MODULE.exec(project!.text(entry) ?? "")?.[1];
    if (!module || !module.includes(".")) continue;
    // The project's folder: manage.py's, or the one above the package of wsgi.py and asgi.py.
    const root = entry.endsWith("manage.py") ? dirOf(entry) : dirOf(dirOf(entry));
    const folder = [root, ...module.split(".").slice(0, -1)].filter(Boolean).join("/");
    for (const path of project!.listed) {
      if (seen.has(path) || dirOf(path) !== folder || !path.endsWith(".py") || !project!.has(path)) continue;
      seen.add(path);
      const value = read(project!.text(path) ?? "", path);
      if (value !== undefined) named.push({ root, value });
    }
  }
  return [...byName, ...named].sort((a, b) => b.root.length - a.root.length);
}

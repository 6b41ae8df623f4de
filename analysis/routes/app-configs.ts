/**
 * Configuration files that belong to one application of a repository that may hold several:
 * `src/main/resources/application.yml` of a Gradle module, `config/packages/security.yaml` of a
 * Symfony app in `app/`. Each is read once, and a route finds the app whose folder holds its file.
 */
import type { ContractProject } from "./contracts/mod.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;
export type AppConfig<T> = { root: string; value: T };

/**
 * What each file matching `file` says (its first group is the app's folder, "" for the
 * repository's root), deepest app first; of two files of one app, the first listed comes first.
 * `read` answers undefined for a file that says nothing of use.
 */
export function appConfigs<T>(project: Project | undefined, file: RegExp, read: (text: string, path: string) => T | undefined): AppConfig<T>[] {
  const apps: AppConfig<T>[] = [];
  for (const path of project?.listed ?? []) {
    const m = file.exec(path);
    if (!m || !project!.has(path)) continue;
    const value = read(project!.text(path) ?? "", path);
    if (value !== undefined) apps.push({ root: m[1] ?? "", value });
  }
  return apps.sort((a, b) => b.root.length - a.root.length); // stable: listing order within an app
}

/** The configuration of the app whose folder holds `file`. */
export function appOf<T>(apps: readonly AppConfig<T>[], file: string): T | undefined {
  return apps.find((a) => a.root === "" || file.startsWith(`${a.root}/`))?.value;
}

/** `path` under `prefix` (`api/` + `/users` -> `/api/users`), keeping the path's own trailing slash. */
export function underPrefix(prefix: string, path: string): string {
  const base = `/${prefix.split("/").filter(Boolean).join("/")}`;
  if (path === "/" || path === "") return base;
  return `${base}${path.startsWith("/") ? "" : "/"}${path}`;
}

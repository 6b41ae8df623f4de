import { dirOf } from "../project.ts";

const SCRIPT = /\.(?:[cm]?js|[cm]?ts)$/;
const HOOKS = /^[_.]?auto_?hooks\.[cm]?[jt]s$/i;
const INDEX = /^index\.[cm]?[jt]s$/i;

/** One module below a mounted folder: the prefix its folder gives it, or `skipped` when the loader passes it over. */
export type FolderModule = { file: string; prefix: string; dir: string; hooks: boolean; skipped: boolean };

/**
 * The modules a folder mount loads, as Fastify's autoload does: every script below the
 * folder, each under its folder path (`_id` folders are `:id` parameters), but only the index
 * where a folder has one (the others are `skipped`: never registered); `autohooks` files carry
 * hooks for their folder instead of routes.
 */
export function folderModules(folder: string, files: Iterable<string>): FolderModule[] {
  const below = [...files].filter((f) => f.startsWith(folder + "/") && SCRIPT.test(f) && !/\.d\.[cm]?ts$/.test(f));
  const indexed = new Set(below.filter((f) => INDEX.test(f.slice(f.lastIndexOf("/") + 1))).map(dirOf));
  return below.map((file) => {
    const name = file.slice(file.lastIndexOf("/") + 1);
    const dir = dirOf(file);
    const hooks = HOOKS.test(name);
    const skipped = !hooks && indexed.has(dir) && !INDEX.test(name);
    const prefix = dir.slice(folder.length).split("/").filter(Boolean).map((s) => s.replace(/^_/, ":")).join("/");
    return { file, prefix, dir, hooks, skipped };
  });
}

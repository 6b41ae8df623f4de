import { dirOf } from "../../project.ts";

type Project = { text(path: string): string | undefined };

/** The folder of the repository an import path names (`github.com/acme/app/api/auth` -> `api/auth`), by the go.mod modules it holds. */
export function goImportFolders(listed: readonly string[], project: Project | undefined): (importPath: string) => string | undefined {
  const modules = listed.filter((p) => p === "go.mod" || p.endsWith("/go.mod")).flatMap((path) => {
    const module = /^module\s+(\S+)/m.exec(project?.text(path) ?? "")?.[1];
    return module ? [{ path: module, dir: dirOf(path) }] : [];
  }).sort((a, b) => b.path.length - a.path.length);
  return (importPath) => {
    const owner = modules.find((m) => importPath === m.path || importPath.startsWith(m.path + "/"));
    return owner ? [owner.dir, importPath.slice(owner.path.length + 1)].filter(Boolean).join("/") : undefined;
  };
}

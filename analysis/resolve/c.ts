import { dirOf, joinPath, type ProjectFiles } from "../project.ts";
import { findIncludeDirs, type IncludeDir } from "./c-includes.ts";
import type { Resolution, Resolver } from "./resolution.ts";

/**
 * Resolves C and C++ includes as a compiler would search: `#include "x.h"` next to the
 * including file first, then in the include folders of the build files (CMakeLists.txt,
 * compile_commands.json, Makefile `-I`), those declared in a folder above the file first;
 * `#include <x.h>` (specifier `<x.h>`) only in the include folders. A system include found in
 * none of them is external, named by its header path; a quoted one is unresolved.
 */
export function cResolver(project: ProjectFiles): Resolver {
  const includeDirs = findIncludeDirs(project);
  const byFolder = new Map<string, string[]>();
  const searchOrder = (from: string): string[] => {
    const folder = dirOf(from);
    const known = byFolder.get(folder);
    if (known) return known;
    const owns = (d: IncludeDir) => d.owner === "" || folder === d.owner || folder.startsWith(d.owner + "/");
    const order = [...new Set([...includeDirs.filter(owns), ...includeDirs.filter((d) => !owns(d))].map((d) => d.dir))];
    byFolder.set(folder, order);
    return order;
  };
  const hit = (path: string | undefined): Resolution | undefined => {
    if (path === undefined || !project.has(path)) return undefined;
    return project.sources.has(path) ? { kind: "local", path } : { kind: "asset", path };
  };

  return (specifier, from) => {
    const system = specifier.startsWith("<") && specifier.endsWith(">");
    const header = system ? specifier.slice(1, -1) : specifier;
    if (header.startsWith("/")) {
      return system ? { kind: "external", name: header } : { kind: "unresolved", reason: "absolute path" };
    }
    let outside = false;
    if (!system) {
      const beside = joinPath(dirOf(from), header);
      outside = beside === undefined;
      const found = hit(beside);
      if (found) return found;
    }
    for (const dir of searchOrder(from)) {
      const found = hit(joinPath(dir, header));
      if (found) return found;
    }
    if (system) return { kind: "external", name: header };
    return {
      kind: "unresolved",
      reason: outside ? "outside the repository" : "no such header beside the file or in an include folder",
    };
  };
}

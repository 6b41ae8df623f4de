/**
 * A Go package that only files outside the default build import (`pro/controllers`, imported by
 * `pro/initialize.go` alone, which says `//go:build ee`) is compiled into no binary that `go
 * build` makes without tags: the routes its files register are not served. Known only from
 * positive evidence: a package no file imports at all (a library's, or one wired up in a way the
 * import graph does not show) keeps its routes.
 */
import type { FileFacts } from "../../facts.ts";
import { dirOf as folderOf } from "../../project.ts";
import type { Edge } from "../../schema.ts";
import type { LinkedRoute } from "../link.ts";
import { inDefaultBuild } from "./build-constraints.ts";

const isGoSource = (file: string) => file.endsWith(".go") && !file.endsWith("_test.go");

export function goTaggedPackagesServed(
  facts: readonly FileFacts[],
  edges: readonly Edge[],
  text: ((file: string) => string | undefined) | undefined,
): (route: LinkedRoute) => boolean {
  if (!text) return () => true;
  const mains = facts.filter((f) => isGoSource(f.path) && f.declares?.[0] === "main").map((f) => f.path);
  // Who imports each package (folder), by file.
  const importers = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!isGoSource(edge.from) || !isGoSource(edge.to) || folderOf(edge.from) === folderOf(edge.to)) continue;
    const folder = folderOf(edge.to);
    let set = importers.get(folder);
    if (!set) importers.set(folder, (set = new Set()));
    set.add(edge.from);
  }
  if (!importers.size) return () => true;
  const built = new Map<string, boolean>();
  const inBuild = (file: string) => {
    let known = built.get(file);
    if (known === undefined) built.set(file, (known = inDefaultBuild(text(file) ?? "")));
    return known;
  };
  const served = new Map<string, boolean>();
  const packageServed = (folder: string): boolean => {
    const known = served.get(folder);
    if (known !== undefined) return known;
    served.set(folder, true); // an import loop back here decides nothing
    const from = [...(importers.get(folder) ?? [])];
    const building = from.filter(inBuild);
    const result =
      mains.some((main) => folderOf(main) === folder && inBuild(main)) || from.length === 0 || building.some((file) => packageServed(folderOf(file)));
    served.set(folder, result);
    return result;
  };
  return (route) => !isGoSource(route.file) || packageServed(folderOf(route.file));
}

import { globMatcher } from "../globs.ts";
import type { ArchitectureConfig } from "../config.ts";
import { dirOf } from "../project.ts";

/** The component of files directly in the repository root. */
export const ROOT_COMPONENT = ".";

export type Assignment = {
  /** How components were made: from folders, a fixed depth, or configured globs. */
  source: "inferred" | "depth" | "configured";
  byFile: Map<string, string>;
};

/**
 * Puts every file in a component. Configured `components` globs win; then a fixed `depth`;
 * otherwise folders are inferred as SPEC.md says: start at the top-level folders, split any
 * folder holding more than a quarter of the files, collapse single-child folder chains.
 * With `maxComponents`, the largest folders are split while the count stays within it.
 */
export function assignComponents(paths: readonly string[], config: ArchitectureConfig): Assignment {
  if (config.components) return { source: "configured", byFile: byGlobs(paths, config.components, config) };
  if (config.depth) return { source: "depth", byFile: new Map(paths.map((p) => [p, atDepth(dirOf(p), config.depth!)])) };
  return { source: "inferred", byFile: infer(paths, config.maxComponents) };
}

function atDepth(dir: string, depth: number): string {
  if (!dir) return ROOT_COMPONENT;
  return dir.split("/").slice(0, depth).join("/");
}

/** Each file goes to the deepest folder a glob matches; files no glob covers fall back to inference. */
function byGlobs(paths: readonly string[], globs: readonly string[], config: ArchitectureConfig): Map<string, string> {
  const matches = globMatcher(globs.map((g) => g.replace(/\/$/, "")), { dot: true });
  const byFile = new Map<string, string>();
  const rest: string[] = [];
  for (const path of paths) {
    let dir = dirOf(path);
    let found: string | undefined;
    while (dir) {
      if (matches(dir)) {
        found = dir;
        break;
      }
      dir = dirOf(dir);
    }
    if (found) byFile.set(path, found);
    else rest.push(path);
  }
  for (const [path, component] of infer(rest, config.maxComponents)) byFile.set(path, component);
  return byFile;
}

type Folder = { path: string; files: string[]; children: Map<string, Folder> };

function tree(paths: readonly string[]): Folder {
  const root: Folder = { path: "", files: [], children: new Map() };
  for (const path of paths) {
    const parts = path.split("/");
    let folder = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const name = parts[i]!;
      let child = folder.children.get(name);
      if (!child) folder.children.set(name, (child = { path: parts.slice(0, i + 1).join("/"), files: [], children: new Map() }));
      folder = child;
    }
    folder.files.push(path);
  }
  return root;
}

const countFiles = (folder: Folder): number => {
  let count = folder.files.length;
  for (const child of folder.children.values()) count += countFiles(child);
  return count;
};

/** A folder with no files of its own and one subfolder is the same component as that subfolder. */
function collapse(folder: Folder): Folder {
  let current = folder;
  while (current.files.length === 0 && current.children.size === 1) current = [...current.children.values()][0]!;
  return current;
}

/** A unit of inference: a folder with all its files below, or only the files directly in it. */
type Unit = { folder: Folder; own: boolean; size: number };

function infer(paths: readonly string[], maxComponents: number | undefined): Map<string, string> {
  const root = tree(paths);
  const total = paths.length;
  const units: Unit[] = [];
  if (root.files.length) units.push({ folder: root, own: true, size: root.files.length });
  for (const child of root.children.values()) {
    const folder = collapse(child);
    units.push({ folder, own: false, size: countFiles(folder) });
  }

  const splittable = (unit: Unit) => !unit.own && unit.folder.children.size > 0;
  const split = (unit: Unit): Unit[] => {
    const parts: Unit[] = [];
    if (unit.folder.files.length) parts.push({ folder: unit.folder, own: true, size: unit.folder.files.length });
    for (const child of unit.folder.children.values()) {
      const folder = collapse(child);
      parts.push({ folder, own: false, size: countFiles(folder) });
    }
    return parts;
  };

  for (;;) {
    const candidates = units.filter(splittable).sort((a, b) => b.size - a.size);
    const next = maxComponents
      ? candidates.find((u) => units.length - 1 + split(u).length <= maxComponents)
      : candidates.find((u) => u.size > total / 4);
    if (!next) break;
    units.splice(units.indexOf(next), 1, ...split(next));
  }

  const byFile = new Map<string, string>();
  const name = (folder: Folder) => folder.path || ROOT_COMPONENT;
  const assign = (folder: Folder, component: string) => {
    for (const file of folder.files) byFile.set(file, component);
    for (const child of folder.children.values()) assign(child, component);
  };
  for (const unit of units) {
    if (unit.own) for (const file of unit.folder.files) byFile.set(file, name(unit.folder));
    else assign(unit.folder, name(unit.folder));
  }
  return byFile;
}

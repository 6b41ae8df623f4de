import { globMatcher } from "../globs.ts";
import { parse } from "smol-toml";
import { dirOf, joinPath, type ProjectFiles } from "../project.ts";

/** One package of the repository, as its Cargo.toml describes it. */
export type Crate = {
  /** The name code uses: `[lib] name`, else `[package] name` with `-` as `_`. */
  name: string;
  dir: string;
  /** The library root file when the package has one (`[lib] path`, else src/lib.rs). */
  lib?: string;
  /** Names of declared dependencies as code writes them (the table key, `-` as `_`). */
  dependencies: Set<string>;
  /** Dependencies with a `path` (or a workspace dependency with one): name -> folder. */
  pathDependencies: Map<string, string>;
  /** The folder of the workspace root whose `members` include this package, if any. */
  workspace?: string;
  /** Crate root files named by `[[bin]]`, `[[test]]`, `[[example]]`, `[[bench]]` paths. */
  roots: Set<string>;
};

type Table = Record<string, unknown>;
const isTable = (value: unknown): value is Table =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const DEPENDENCY_TABLES = ["dependencies", "dev-dependencies", "build-dependencies"];
const codeName = (name: string) => name.replace(/-/g, "_");

/**
 * Every package of the repository: each Cargo.toml with a `[package]`, tied to the workspace
 * whose `[workspace] members` globs (minus `exclude`) match its folder. Manifests that do not
 * parse are left out.
 */
export function findCrates(project: ProjectFiles): Crate[] {
  const manifests = new Map<string, Table>();
  for (const file of project.named("Cargo.toml")) {
    const text = project.text(file);
    if (text === undefined) continue;
    try {
      manifests.set(dirOf(file), parse(text) as Table);
    } catch {
      continue;
    }
  }
  const workspaces = [...manifests].filter(([, manifest]) => isTable(manifest.workspace)).map(([dir, manifest]) => {
    const workspace = manifest.workspace as Table;
    const globs = (key: string) =>
      strings(workspace[key]).map((glob) => joinPath(dir, glob)).filter((g): g is string => g !== undefined);
    const members = globs("members");
    const exclude = globs("exclude");
    const isMember = globMatcher(members);
    const isExcluded = globMatcher(exclude);
    const shared = isTable(workspace.dependencies) ? workspace.dependencies : {};
    return { dir, includes: (path: string) => path === dir || (isMember(path) && !isExcluded(path)), shared };
  });

  const crates: Crate[] = [];
  for (const [dir, manifest] of manifests) {
    if (!isTable(manifest.package)) continue;
    const workspace = workspaces.find((w) => w.includes(dir));
    const lib = isTable(manifest.lib) ? manifest.lib : {};
    const libPath = joinPath(dir, typeof lib.path === "string" ? lib.path : "src/lib.rs");
    const name = typeof lib.name === "string"
      ? lib.name
      : typeof manifest.package.name === "string"
      ? manifest.package.name
      : "";
    const crate: Crate = {
      name: codeName(name),
      dir,
      dependencies: new Set(),
      pathDependencies: new Map(),
      roots: new Set(),
      ...(libPath !== undefined && project.has(libPath) ? { lib: libPath } : {}),
      ...(workspace ? { workspace: workspace.dir } : {}),
    };
    for (const table of dependencyTables(manifest)) {
      for (const [key, spec] of Object.entries(table)) {
        crate.dependencies.add(codeName(key));
        const shared = workspace && isTable(spec) && spec.workspace === true ? workspace.shared[key] : undefined;
        const path = isTable(spec) && typeof spec.path === "string"
          ? joinPath(dir, spec.path)
          : isTable(shared) && typeof shared.path === "string"
          ? joinPath(workspace!.dir, shared.path)
          : undefined;
        if (path !== undefined) crate.pathDependencies.set(codeName(key), path);
      }
    }
    for (const kind of ["bin", "test", "example", "bench"]) {
      for (const target of Array.isArray(manifest[kind]) ? manifest[kind] : []) {
        const path = isTable(target) && typeof target.path === "string" ? joinPath(dir, target.path) : undefined;
        if (path !== undefined && project.has(path)) crate.roots.add(path);
      }
    }
    if (crate.name) crates.push(crate);
  }
  return crates.sort((a, b) => b.dir.length - a.dir.length);
}

/** `[dependencies]`, `[dev-dependencies]`, `[build-dependencies]` and their `[target.*]` forms. */
function dependencyTables(manifest: Table): Table[] {
  const tables: Table[] = [];
  const collect = (owner: Table) => {
    for (const key of DEPENDENCY_TABLES) if (isTable(owner[key])) tables.push(owner[key] as Table);
  };
  collect(manifest);
  if (isTable(manifest.target)) {
    for (const target of Object.values(manifest.target)) if (isTable(target)) collect(target);
  }
  return tables;
}

const strings = (
  value: unknown,
): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

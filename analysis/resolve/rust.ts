import { dirOf, joinPath, type ProjectFiles } from "../project.ts";
import { type Crate, findCrates } from "./cargo.ts";
import type { Resolution, Resolver } from "./resolution.ts";

const BUILTIN_CRATES = new Set(["std", "core", "alloc", "proc_macro", "test"]);
// Folders whose files directly inside are crate roots of their own (one per file).
const ROOT_FOLDERS = ["src/bin", "tests", "examples", "benches"];
const MOD_SPECIFIER = /^(?:#\[path = "(.*)"\] )?mod ((?:[\p{L}\p{N}_]+::)*)([\p{L}\p{N}_]+)$/u;

/**
 * Resolves Rust imports to module files. `mod x;` is x.rs or x/mod.rs beside a lib.rs,
 * main.rs, mod.rs or other crate root, else in the folder named after the declaring file;
 * `#[path]` is relative to the declaring file's folder. A use path goes to the most specific
 * module file that exists (`crate::a::b::C` -> src/a/b.rs, a/b/mod.rs, else src/a.rs, else the
 * crate root); `self::`/`super::` start at the file's own module, and `super` above the crate
 * root is unresolved. A first segment naming the crate itself, a path dependency or a member
 * of the same workspace resolves into that crate's library; std, core, alloc, proc_macro and
 * test, and declared dependencies, are external; a child module of the current module is
 * local. Any other first segment is an item already in scope (an enum's variants, a name an
 * earlier `use` brought in): the file itself, so no edge; without a Cargo.toml it is external.
 */
export function rustResolver(project: ProjectFiles): Resolver {
  const crates = findCrates(project);
  const crateOf = (file: string) => crates.find((c) => c.dir === "" || file.startsWith(c.dir + "/"));

  const isRoot = (file: string, crate: Crate | undefined): boolean => {
    if (crate?.roots.has(file) || crate?.lib === file) return true;
    const base = crate ? crate.dir : "";
    const rel = base ? file.slice(base.length + 1) : file;
    if (rel === "build.rs" || rel === "src/main.rs" || rel === "src/lib.rs") return true;
    return ROOT_FOLDERS.some((folder) =>
      dirOf(rel) === folder || (folder === "src/bin" && /^src\/bin\/[^/]+\/main\.rs$/.test(rel))
    );
  };

  /** The folder that holds a crate root's modules, and the root file, for a file of the crate. */
  const baseOf = (file: string, crate: Crate | undefined): { base: string; root: string | undefined } => {
    const prefix = crate?.dir ? crate.dir + "/" : "";
    const explicit = [crate?.lib, ...(crate?.roots ?? []), `${prefix}src/main.rs`].filter(
      (root): root is string => root !== undefined && project.has(root),
    );
    if (explicit.includes(file)) return { base: dirOf(file), root: file };
    const rel = file.slice(prefix.length);
    let fallback = { base: `${prefix}src`, root: undefined as string | undefined };
    const folder = ROOT_FOLDERS.find((f) => rel.startsWith(f + "/"));
    if (folder) {
      const inside = rel.slice(folder.length + 1).split("/");
      if (inside.length === 1) return { base: prefix + folder, root: file };
      if (folder === "src/bin") {
        return { base: `${prefix}${folder}/${inside[0]}`, root: `${prefix}${folder}/${inside[0]}/main.rs` };
      }
      fallback = { base: prefix + folder, root: undefined };
    }
    // The deepest crate root whose folder holds the file (a library first, on a tie).
    let best: string | undefined;
    for (const root of explicit) {
      const base = dirOf(root);
      if ((base === "" || file.startsWith(base + "/")) && (!best || base.length > dirOf(best).length)) best = root;
    }
    if (best && (!folder || dirOf(best).length >= fallback.base.length)) return { base: dirOf(best), root: best };
    return fallback;
  };

  /** The module path of a file below its crate root's folder: src/a/b.rs and src/a/b/mod.rs are [a, b]. */
  const modulePath = (file: string, base: string, crate: Crate | undefined): string[] => {
    if (isRoot(file, crate) || !file.startsWith(base + "/")) return [];
    const parts = file.slice(base.length + 1).replace(/\.rs$/, "").split("/");
    if (parts[parts.length - 1] === "mod") parts.pop();
    return parts;
  };

  const moduleFile = (base: string, segments: readonly string[]): string | undefined => {
    const dir = [base, ...segments].filter(Boolean).join("/");
    return [`${dir}.rs`, `${dir}/mod.rs`].find((path) => project.has(path));
  };

  /** The most specific existing module file for a path below a crate root, else the root. */
  const within = (base: string, root: string | undefined, segments: readonly string[], from: string): Resolution => {
    for (let length = segments.length; length > 0; length--) {
      const found = moduleFile(base, segments.slice(0, length));
      if (found) return { kind: "local", path: found };
    }
    return { kind: "local", path: root ?? from };
  };

  const resolveMod = (match: RegExpExecArray, from: string): Resolution => {
    const [, path, parentText, name] = match;
    const parents = parentText ? parentText.slice(0, -2).split("::") : [];
    const declaringDir = isRoot(from, crateOf(from)) || /(^|\/)mod\.rs$/.test(from)
      ? dirOf(from)
      : from.replace(/\.rs$/, "");
    if (path !== undefined) {
      const dir = parents.length ? [declaringDir, ...parents].join("/") : dirOf(from);
      const target = joinPath(dir, path);
      if (target === undefined) return { kind: "unresolved", reason: "outside the repository" };
      return project.has(target)
        ? { kind: "local", path: target }
        : { kind: "unresolved", reason: `no file ${target}` };
    }
    const found = moduleFile(declaringDir, [...parents, name!]);
    return found ? { kind: "local", path: found } : { kind: "unresolved", reason: `no ${name}.rs or ${name}/mod.rs` };
  };

  return (specifier, from) => {
    const mod = MOD_SPECIFIER.exec(specifier);
    if (mod) return resolveMod(mod, from);
    const segments = specifier.split("::").filter((s) => s && s !== "*");
    const crate = crateOf(from);
    const { base, root } = baseOf(from, crate);
    const first = segments[0] ?? "";
    if (first === "crate") return within(base, root, segments.slice(1), from);
    if (first === "self" || first === "super") {
      const current = modulePath(from, base, crate);
      let i = first === "self" ? 1 : 0;
      for (; segments[i] === "super"; i++) {
        if (!current.length) return { kind: "unresolved", reason: "super:: climbs above the crate root" };
        current.pop();
      }
      return within(base, root, [...current, ...segments.slice(i)], from);
    }
    const target = localCrate(crates, crate, first);
    if (target) {
      if (!target.lib) return { kind: "unresolved", reason: `crate ${first} has no library` };
      return within(dirOf(target.lib), target.lib, segments.slice(1), target.lib);
    }
    if (BUILTIN_CRATES.has(first)) return { kind: "external", name: first };
    if (crate?.dependencies.has(first)) return { kind: "external", name: first };
    const current = modulePath(from, base, crate);
    if (moduleFile(base, [...current, first])) return within(base, root, [...current, ...segments], from);
    return crate ? { kind: "local", path: from } : { kind: "external", name: first };
  };
}

/** The crate itself, a path dependency, or a member of the same workspace, named `name`. */
function localCrate(crates: readonly Crate[], crate: Crate | undefined, name: string): Crate | undefined {
  if (crate?.name === name) return crate;
  const dependencyDir = crate?.pathDependencies.get(name);
  if (dependencyDir !== undefined) {
    const found = crates.find((c) => c.dir === dependencyDir);
    if (found) return found;
  }
  return crates.find((c) => c.name === name && c.workspace !== undefined && c.workspace === crate?.workspace);
}

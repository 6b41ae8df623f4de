import { dirOf, joinPath, type ProjectFiles } from "../project.ts";
import type { Resolution, Resolver } from "./resolution.ts";

const MANIFESTS = ["pyproject.toml", "setup.py", "setup.cfg"];
const PYTHON = /\.pyi?$/;

/**
 * Resolves Python imports as the interpreter would with the project installed.
 * Absolute imports are looked up in the source roots: the repository root, `src/`, every folder
 * holding a pyproject.toml, setup.py or setup.cfg (and its `src/`), the folders those
 * manifests name (`package-dir`, `packages.find where`, poetry `from`, hatch `packages`), and
 * the folder above each topmost package (a folder with `__init__.py` whose parent has none);
 * the roots above the importing file come first. The first root that holds the module decides
 * (its top-level name as a module, a package with `__init__.py`, or a namespace folder); a script outside any
 * package also sees its own folder, as `sys.path[0]`. `a.b.c` is a/b/c/__init__.py, a/b/c.py,
 * else the module one level up, a/b/__init__.py or a/b.py (so `from a import name` ends at
 * a/__init__.py when `name` is not a submodule; `import a.b` with no a/b is then read leniently
 * as a); a namespace folder is a package of its own files (coarse edges).
 * Relative imports climb from the importing file's package; above the repository or above the
 * top-level package they are unresolved. Anything no root holds is external, named by its
 * top-level module (stdlib and third-party alike).
 */
export function pythonResolver(project: ProjectFiles): Resolver {
  const modules = new Set<string>();
  const filesIn = new Map<string, string[]>();
  const hasPython = new Set<string>();
  for (const path of project.listed) {
    if (!PYTHON.test(path)) continue;
    modules.add(path);
    const dir = dirOf(path);
    if (project.sources.has(path)) (filesIn.get(dir) ?? filesIn.set(dir, []).get(dir)!).push(path);
    for (let d = dir; !hasPython.has(d); d = dirOf(d)) {
      hasPython.add(d);
      if (d === "") break;
    }
  }
  // The folder above each topmost package is a root too (`py/app/__init__.py` makes `py` one),
  // as a monorepo holds several Python projects without a manifest each.
  const inits = [...modules].filter((path) => /(^|\/)__init__\.pyi?$/.test(path)).map(dirOf);
  const packages = new Set(inits);
  const packageParents = inits.filter((dir) => dir !== "" && !packages.has(dirOf(dir))).map(dirOf);
  const roots = [...new Set([...sourceRoots(project, hasPython), ...packageParents])];
  const rootsFor = new Map<string, string[]>();
  const orderedRoots = (dir: string): string[] => {
    let ordered = rootsFor.get(dir);
    if (!ordered) {
      const above = roots.filter((root) => root === "" || dir === root || dir.startsWith(root + "/"));
      above.sort((a, b) => b.length - a.length);
      ordered = [...above, ...roots.filter((root) => !above.includes(root))];
      rootsFor.set(dir, ordered);
    }
    return ordered;
  };

  const file = (path: string): Resolution | undefined => {
    if (!modules.has(path)) return undefined;
    return project.sources.has(path) ? { kind: "local", path } : { kind: "asset", path };
  };
  const init = (dir: string, ext = "py") => (dir ? `${dir}/__init__.${ext}` : `__init__.${ext}`);
  const isPackage = (dir: string) => modules.has(init(dir)) || modules.has(init(dir, "pyi"));
  const at = (base: string, parts: readonly string[]) => (parts.length ? joinPath(base, parts.join("/")) : base);
  const owns = (root: string, name: string) => {
    const path = at(root, [name]);
    return path !== undefined && (modules.has(path + ".py") || modules.has(path + ".pyi") || hasPython.has(path));
  };
  const topPackage = (dir: string): string | undefined => {
    if (!isPackage(dir)) return undefined;
    let top = dir;
    while (top !== "" && isPackage(dirOf(top))) top = dirOf(top);
    return top;
  };

  const resolveIn = (base: string, parts: readonly string[], allowBase: boolean): Resolution | undefined => {
    // The last name may be an attribute of the module above it (`from a import name`), no more.
    for (let n = parts.length; n >= Math.max(parts.length - 1, allowBase ? 0 : 1); n--) {
      const path = at(base, parts.slice(0, n));
      if (path === undefined) continue;
      // A package wins over a module of the same name beside it (`views/__init__.py` over
      // `views.py`), as Python's path finder looks for the package first.
      const found = file(init(path)) ?? file(init(path, "pyi")) ?? (n > 0 ? file(path + ".py") ?? file(path + ".pyi") : undefined);
      if (found) return found;
      // A namespace package (a folder without __init__.py): its modules, coarse.
      if (n === parts.length && n > 0 && hasPython.has(path)) {
        return { kind: "package", paths: filesIn.get(path) ?? [] };
      }
    }
    return undefined;
  };

  return (specifier, from) => {
    const dots = /^\.*/.exec(specifier)![0].length;
    if (dots > 0) {
      let base = dirOf(from);
      for (let level = 1; level < dots; level++) {
        if (base === "") return { kind: "unresolved", reason: "relative import climbs out of the repository" };
        base = dirOf(base);
      }
      const top = topPackage(dirOf(from));
      if (top && base !== top && !base.startsWith(top + "/")) {
        return { kind: "unresolved", reason: `relative import beyond the top-level package ${top}` };
      }
      const rest = specifier.slice(dots);
      return resolveIn(base, rest ? rest.split(".") : [], true) ??
        { kind: "unresolved", reason: `no module ${specifier} in ${base || "the repository root"}` };
    }
    const parts = specifier.split(".");
    const head = parts[0]!;
    if (head === "__future__") return { kind: "external", name: head };
    const own = dirOf(from);
    const candidates = isPackage(own) ? orderedRoots(own) : [...orderedRoots(own), own];
    // The first root that holds the module decides; one that holds only the top-level name
    // (src/poetry/poetry.py beside the namespace package src/poetry) gives way to the next.
    const owners = candidates.filter((root) => owns(root, head));
    for (const root of owners) {
      const found = resolveIn(root, parts, false);
      if (found) return found;
    }
    if (!owners.length) return { kind: "external", name: head };
    // A namespace package (no __init__.py) is shared with other distributions: `poetry.core`
    // beside this repository's `poetry` comes from poetry-core, installed.
    const namespace = (root: string) => {
      const dir = at(root, [head]);
      return dir !== undefined && hasPython.has(dir) && !isPackage(dir);
    };
    if (parts.length > 1 && owners.some(namespace)) return { kind: "external", name: `${head}.${parts[1]}` };
    return { kind: "unresolved", reason: `no module ${specifier} in ${owners[0] || "the repository root"}` };
  };
}

/** The folders Python code is imported from; see pythonResolver. */
function sourceRoots(project: ProjectFiles, hasPython: ReadonlySet<string>): string[] {
  const roots = new Set<string>([""]);
  if (hasPython.has("src")) roots.add("src");
  for (const manifest of MANIFESTS.flatMap((name) => project.named(name)).sort()) {
    const dir = dirOf(manifest);
    roots.add(dir);
    for (const hint of ["src", ...sourceDirHints(project.text(manifest) ?? "")]) {
      const path = joinPath(dir, hint.replace(/^\.\//, ""));
      if (path !== undefined && hasPython.has(path)) roots.add(path);
    }
  }
  return [...roots];
}

const QUOTED = /["']([^"'\n]+)["']/g;

/** Source folders a manifest names, read with a few patterns rather than a TOML parser. */
function sourceDirHints(text: string): string[] {
  const hints: string[] = [];
  for (const match of text.matchAll(/package[-_]dir\s*=\s*\{[^}]*?["']{2}\s*[:=]\s*["']([^"']+)["']/g)) {
    hints.push(match[1]!);
  }
  for (const match of text.matchAll(/^[ \t]*package_dir\s*=\s*(?:\r?\n\s*)?=\s*([^\s#;]+)/gm)) hints.push(match[1]!);
  for (const match of text.matchAll(/\bwhere\s*=\s*\[([^\]]*)\]/g)) {
    for (const quoted of match[1]!.matchAll(QUOTED)) hints.push(quoted[1]!);
  }
  for (const match of text.matchAll(/\bfrom\s*=\s*["']([^"']+)["']/g)) hints.push(match[1]!);
  for (const match of text.matchAll(/\bpackages\s*=\s*\[([^\]]*)\]/g)) {
    for (const quoted of match[1]!.matchAll(QUOTED)) if (quoted[1]!.includes("/")) hints.push(dirOf(quoted[1]!));
  }
  return hints;
}

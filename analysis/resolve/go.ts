import type { FileFacts } from "../facts.ts";
import { dirOf, joinPath, type ProjectFiles } from "../project.ts";
import type { Resolution, Resolver } from "./resolution.ts";

export type GoModule = { path: string; dir: string; requires: string[] };

// Hosts whose module paths are host/owner/repo: the usual name of a dependency.
const THREE_PART_HOSTS = new Set(["github.com", "gitlab.com", "bitbucket.org", "golang.org", "go.googlesource.com"]);

/**
 * Resolves Go import paths through every go.mod of the repository: the module whose path is
 * the longest prefix of the import owns it, and the import names the folder below that
 * module's go.mod. A package is a folder, so the result is coarse: every non-test .go file
 * directly in it. A folder of the module without .go files is unresolved. Paths whose first
 * element has no dot are the standard library; anything else is an external module, named by
 * the longest `require` of a go.mod that prefixes it (or host/owner/repo). `./` and `../`
 * imports (GOPATH style) are folders relative to the importing file.
 */
export function goResolver(project: ProjectFiles, facts: readonly FileFacts[]): Resolver {
  const modules = goModules(project.named("go.mod"), (file) => project.text(file));
  const requires = [...new Set(modules.flatMap((m) => m.requires))].sort((a, b) => b.length - a.length);

  const packages = new Map<string, string[]>();
  const goFiles = new Set([...project.sources, ...facts.filter((f) => f.language === "go").map((f) => f.path)]);
  for (const path of [...goFiles].sort()) {
    if (!path.endsWith(".go") || path.endsWith("_test.go")) continue;
    const dir = dirOf(path);
    const list = packages.get(dir);
    if (list) list.push(path);
    else packages.set(dir, [path]);
  }
  const packageAt = (dir: string, what: string): Resolution => {
    const paths = packages.get(dir);
    return paths
      ? { kind: "package", paths: [...paths] }
      : { kind: "unresolved", reason: `no Go files in ${dir || "the root folder"} for ${what}` };
  };

  return (specifier, from) => {
    if (specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..") {
      const dir = joinPath(dirOf(from), specifier);
      return dir === undefined ? { kind: "unresolved", reason: "outside the repository" } : packageAt(dir, specifier);
    }
    const owned = moduleFolder(specifier, modules);
    if (owned) return packageAt(owned.dir, `module ${owned.module}`);
    const first = specifier.split("/")[0]!;
    if (!first.includes(".")) return { kind: "external", name: specifier };
    const required = requires.find((r) => specifier === r || specifier.startsWith(r + "/"));
    return { kind: "external", name: required ?? guessModule(specifier) };
  };
}

/** host/owner/repo for the common hosts (with a /vN suffix when present), else the whole path. */
function guessModule(specifier: string): string {
  const parts = specifier.split("/");
  if (!THREE_PART_HOSTS.has(parts[0]!) || parts.length < 3) return specifier;
  const name = parts.slice(0, 3);
  if (/^v\d+$/.test(parts[3] ?? "")) name.push(parts[3]!);
  return name.join("/");
}

/** The repository's go.mod files (`files`) read, longest module path first: the order imports are owned in. */
export function goModules(files: Iterable<string>, text: (path: string) => string | undefined): GoModule[] {
  return [...files].map((file) => readGoMod(text, file)).filter((m): m is GoModule => !!m).sort((a, b) => b.path.length - a.path.length);
}

/** The folder of the repository's package at an import path, with the module that owns it; undefined for another module's. */
export function moduleFolder(importPath: string, modules: readonly GoModule[]): { dir: string; module: string } | undefined {
  const owner = modules.find((m) => importPath === m.path || importPath.startsWith(m.path + "/"));
  if (!owner) return undefined;
  const rest = importPath.slice(owner.path.length + 1);
  return { dir: rest ? (owner.dir ? `${owner.dir}/${rest}` : rest) : owner.dir, module: owner.path };
}

/** The `module` path and `require`d module paths of one go.mod. */
function readGoMod(read: (path: string) => string | undefined, file: string): GoModule | undefined {
  const text = read(file);
  if (text === undefined) return undefined;
  const lines = text.replace(/\/\/[^\n]*/g, "").split(/\r?\n/);
  let path: string | undefined;
  const requires: string[] = [];
  let inRequire = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (inRequire) {
      if (line.startsWith(")")) inRequire = false;
      else if (line) requires.push(unquote(line.split(/\s+/)[0]!));
      continue;
    }
    const module = /^module\s+(\S+)/.exec(line);
    if (module) path = unquote(module[1]!);
    else if (/^require\s*\($/.test(line)) inRequire = true;
    else {
      const single = /^require\s+(\S+)/.exec(line);
      if (single) requires.push(unquote(single[1]!));
    }
  }
  return path ? { path, dir: dirOf(file), requires } : undefined;
}

const unquote = (value: string) => value.replace(/^["`]|["`]$/g, "");

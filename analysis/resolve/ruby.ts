import type { FileFacts } from "../facts.ts";
import { dirOf, joinPath, type ProjectFiles } from "../project.ts";
import type { Resolution, Resolver } from "./resolution.ts";

/**
 * What Ruby resolution does not see, for the report's warnings: Rails and Zeitwerk load
 * constants by name from folders, with no require in the code.
 */
export const RUBY_AUTOLOAD_WARNING =
  "Ruby constants loaded by Zeitwerk or Rails autoloading (app/models, app/controllers and other autoload paths) make no edges: only require, require_relative, load and autoload with literal paths are followed.";

const LOAD_PATH_PREFIX = "$LOAD_PATH:";

/**
 * Resolves Ruby requires to files. `./x` and `../x` (require_relative, and `require "./x"`)
 * are read against the requiring file, then against the repository root (where `require
 * "./x"` is run from). Other paths are looked up in the load path. Each project folder (the
 * root, and every folder with a .gemspec or a Gemfile) contributes its `require_paths` (default
 * `lib/`) and its `spec/` and `test/` (RSpec and Rake's test task add them); the projects
 * above the requiring file come first, nearest first, then the folders files add to
 * `$LOAD_PATH` (their `declares`), then the other projects. A path no folder holds is
 * unresolved when a load path holds its library's entry file (`shop/missing` beside
 * `lib/shop.rb`); otherwise it is a gem or the standard library, external under its first
 * path segment (a local gem may add files under another gem's folder, as rack-protection
 * does under `rack/`).
 */
export function rubyResolver(project: ProjectFiles, facts: readonly FileFacts[]): Resolver {
  const projects = projectLoadPaths(project);
  const declared = declaredPaths(facts);
  const byDir = new Map<string, string[]>();
  const loadPathFor = (dir: string): string[] => {
    let paths = byDir.get(dir);
    if (!paths) {
      const above = projects.filter((p) => p.dir === "" || dir === p.dir || dir.startsWith(p.dir + "/"));
      above.sort((a, b) => b.dir.length - a.dir.length);
      const others = projects.filter((p) => !above.includes(p));
      paths = [...new Set([...above.flatMap((p) => p.paths), ...declared, ...others.flatMap((p) => p.paths)])];
      byDir.set(dir, paths);
    }
    return paths;
  };

  const probe = (path: string): Resolution | undefined => {
    for (const candidate of /\.(rb|rake)$/.test(path) ? [path] : [`${path}.rb`, path]) {
      if (project.sources.has(candidate)) return { kind: "local", path: candidate };
      if (project.has(candidate)) return { kind: "asset", path: candidate };
    }
    return undefined;
  };

  return (specifier, from) => {
    if (specifier.startsWith("/")) return { kind: "unresolved", reason: "absolute path" };
    if (specifier.startsWith("./") || specifier.startsWith("../")) {
      const path = joinPath(dirOf(from), specifier);
      if (path === undefined) return { kind: "unresolved", reason: "outside the repository" };
      const rooted = joinPath("", specifier);
      return probe(path) ?? (rooted === undefined ? undefined : probe(rooted)) ??
        { kind: "unresolved", reason: "no such file" };
    }
    const loadPath = loadPathFor(dirOf(from));
    for (const dir of loadPath) {
      const path = joinPath(dir, specifier);
      const found = path === undefined ? undefined : probe(path);
      if (found) return found;
    }
    const first = specifier.split("/")[0]!.replace(/\.rb$/, "");
    const local = loadPath.find((dir) => project.sources.has(joinPath(dir, `${first}.rb`) ?? ""));
    if (local !== undefined) return { kind: "unresolved", reason: `no such file in the load path (${local || "."}/)` };
    return { kind: "external", name: first.replace(/\.(so|bundle)$/, "") };
  };
}

/** Every project folder's load-path entries: its gemspec `require_paths` or `lib`, `spec`, `test`. */
function projectLoadPaths(project: ProjectFiles): { dir: string; paths: string[] }[] {
  const byDir = new Map<string, string[]>([["", []]]);
  const manifests = [...project.listed].filter((p) =>
    p.endsWith(".gemspec") || p === "Gemfile" || p.endsWith("/Gemfile")
  );
  for (const manifest of manifests.sort()) {
    const dir = dirOf(manifest);
    const paths = byDir.get(dir) ?? byDir.set(dir, []).get(dir)!;
    if (!manifest.endsWith(".gemspec")) continue;
    const declared = /\brequire_paths\s*=\s*(?:\[([^\]]*)\]|(["'][^"']*["']))/.exec(project.text(manifest) ?? "");
    if (declared) paths.push(...[...(declared[1] ?? declared[2]!).matchAll(/["']([^"']+)["']/g)].map((m) => m[1]!));
  }
  return [...byDir].map(([dir, paths]) => ({
    dir,
    paths: [...new Set([...(paths.length ? paths : ["lib"]), "spec", "test"])].flatMap((p) => joinPath(dir, p) ?? []),
  }));
}

function declaredPaths(facts: readonly FileFacts[]): string[] {
  const paths: string[] = [];
  for (const file of facts) {
    if (file.language !== "ruby") continue;
    for (const name of file.declares ?? []) {
      if (name.startsWith(LOAD_PATH_PREFIX)) paths.push(name.slice(LOAD_PATH_PREFIX.length).replace(/^\.$/, ""));
    }
  }
  return paths.sort();
}

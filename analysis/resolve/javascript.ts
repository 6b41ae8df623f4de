import { builtinModules } from "node:module";
import { languageOf } from "../languages/mod.ts";
import { dirOf, joinPath, type ProjectFiles } from "../project.ts";
import type { FileFacts } from "../facts.ts";
import type { ListingMemos } from "./listing-memo.ts";
import type { Resolution, Resolver } from "./resolution.ts";
import { pathCandidates, TsConfigs } from "./tsconfig.ts";
import { declaredDependencies, findWorkspaces, type Manifest, mapTargets, type Workspace } from "./workspaces.ts";

const EXTENSIONS = [".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".vue", ".svelte", ".json"];
// TypeScript lets `./x.js` name `./x.ts`: the output's name for the source.
const SOURCE_FOR_OUTPUT: Record<string, string[]> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};
// Built output folders a workspace package's manifest may point into; their sources are in src/.
const OUTPUT_DIR = /^(dist|build|lib|out|esm|cjs|es|types)(\/|$)/;
const BUILTINS = new Set(builtinModules);

/**
 * Resolves JS/TS specifiers as TypeScript and Node would, to source files: relative paths
 * with extension and index probing, tsconfig/jsconfig `baseUrl` and `paths` (the nearest
 * config applies), package.json `imports`, and workspace packages through their `exports`,
 * `module`, `main` and `types` mapped back from built output to source. Bare specifiers
 * that are declared dependencies stay packages even when a local file has the same name.
 */
export function javascriptResolver(project: ProjectFiles, _facts: readonly FileFacts[], memos: ListingMemos): Resolver {
  const configs = new TsConfigs(project);
  // Read on the first bare specifier the memos do not answer: on a warm run, often never.
  let workspaceList: Workspace[] | undefined;
  const workspaces = () => (workspaceList ??= findWorkspaces(project).sort((a, b) => b.name.length - a.name.length));
  const nearestManifest = nearestManifestLookup(project);
  const dependenciesAbove = dependenciesLookup(project);

  const probe = (base: string): Resolution | undefined => {
    const hit = (path: string): Resolution | undefined => {
      if (!project.has(path)) return undefined;
      if (project.sources.has(path)) return { kind: "local", path };
      // Source the scan left out (over 512 KB, or past the file limit): say so, never drop it.
      if (languageOf(path)) return { kind: "unresolved", reason: "file not analysed (skipped, or past the file limit)" };
      return { kind: "asset", path };
    };
    const dot = base.lastIndexOf(".");
    const ext = dot > base.lastIndexOf("/") ? base.slice(dot) : "";
    for (const sourceExt of SOURCE_FOR_OUTPUT[ext] ?? []) {
      const found = hit(base.slice(0, dot) + sourceExt);
      if (found) return found;
    }
    if (base.endsWith(".d.ts")) {
      const stem = base.slice(0, -5);
      const found = hit(stem + ".ts") ?? hit(stem + ".tsx");
      if (found) return found;
    }
    // A file named exactly so wins when the specifier has an extension, and comes last when
    // it has none (after x.ts and x/index.ts), as in TypeScript.
    if (ext) {
      const exact = hit(base);
      if (exact) return exact;
    }
    for (const candidate of EXTENSIONS) {
      const found = hit(base + candidate);
      if (found) return found;
    }
    const prefix = base ? base + "/index" : "index";
    for (const candidate of EXTENSIONS) {
      const found = hit(prefix + candidate);
      if (found) return found;
    }
    return ext ? undefined : hit(base);
  };

  // A workspace package's subpath resolves alike from every folder that imports it: once each.
  const byWorkspaceSubpath = new Map<string, Resolution | undefined>();
  const resolveWorkspace = (workspace: Workspace, subpath: string): Resolution | undefined => {
    const key = `${workspace.dir}\0${subpath}`;
    if (!byWorkspaceSubpath.has(key)) byWorkspaceSubpath.set(key, resolveWorkspaceOnce(workspace, subpath));
    return byWorkspaceSubpath.get(key);
  };
  const resolveWorkspaceOnce = (workspace: Workspace, subpath: string): Resolution | undefined => {
    const targets = mapTargets(workspace.manifest.exports, subpath);
    if (subpath === ".") {
      const { source, module, main, types, typings } = workspace.manifest;
      for (const field of [source, module, main, types, typings]) if (typeof field === "string") targets.push(field);
    }
    for (const target of targets) {
      const found = toSource(workspace.dir, target);
      if (found) return found;
    }
    // No manifest entry names a source file: try the usual source layouts.
    const rest = subpath === "." ? "" : subpath.slice(2);
    for (const guess of rest ? [`src/${rest}`, rest] : ["src/index", "index", "src"]) {
      const path = joinPath(workspace.dir, guess);
      const found = path === undefined ? undefined : probe(path);
      if (found?.kind === "local") return found;
    }
    return undefined;
  };

  const toSource = (dir: string, target: string): Resolution | undefined => {
    const relative = target.replace(/^\.\//, "");
    const candidates = [relative];
    if (OUTPUT_DIR.test(relative)) {
      const inner = relative.replace(OUTPUT_DIR, "");
      candidates.push(`src/${inner}`, inner);
    }
    for (const candidate of candidates) {
      const path = joinPath(dir, candidate.replace(/\.d\.(m|c)?ts$/, ".$1ts"));
      const found = path === undefined ? undefined : probe(path) ?? probe(stripExtension(path));
      if (found?.kind === "local") return found;
    }
    return undefined;
  };

  // A relative specifier means the same file from every file of a folder, and files of a
  // folder import much the same siblings: resolve each (folder, specifier) pair once.
  // Kept across runs while the listing stays the same (listing-memo.ts).
  const relative = memos.memo("javascript-relative");
  // A bare specifier also resolves alike from every file of a folder (the nearest tsconfig,
  // manifest and dependencies are the folder's), but for a tsconfig path or baseUrl that leads
  // to the importing file itself, which is skipped: such a result is not kept, and a kept
  // local result is not used for the file it names. It depends on config files too, so it is
  // kept across runs only while none of the files read for it changed.
  const bare = memos.memo("javascript-bare", { reads: true });

  // A file's imports come one after another: look its folder up once for all of them.
  let lastFrom: string | undefined;
  let dir = "";
  let relativeHere = new Map<string, Resolution | string>(); // both replaced at the first call
  let bareHere = relativeHere;

  return (specifier, from) => {
    if (from !== lastFrom) {
      lastFrom = from;
      dir = dirOf(from);
      relativeHere = relative.folder(dir);
      bareHere = bare.folder(dir);
    }
    if (specifier.startsWith(".") || specifier.startsWith("/")) {
      let found = relative.get(relativeHere, specifier);
      if (!found) {
        const path = specifier.startsWith("/") ? undefined : joinPath(dir, specifier);
        found = path === undefined
          ? { kind: "unresolved", reason: "outside the repository" }
          : probe(path) ?? installedPackage(path) ?? { kind: "unresolved", reason: "no such file" };
        relative.set(relativeHere, specifier, found);
      }
      return found;
    }
    const known = bare.get(bareHere, specifier);
    if (known && !(known.kind === "local" && known.path === from)) return known;
    let skippedSelf = false;
    const notSelf = (found: Resolution | undefined) => {
      if (found?.kind === "local" && found.path === from) {
        skippedSelf = true;
        return undefined;
      }
      return found;
    };
    const found = resolveBare(specifier, from, notSelf);
    if (!skippedSelf) bare.set(bareHere, specifier, found);
    return found;
  };

  function resolveBare(specifier: string, from: string, notSelf: (found: Resolution | undefined) => Resolution | undefined): Resolution {
    if (specifier.startsWith("node:")) return { kind: "external", name: specifier };
    if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) {
      // npm:, jsr:, https: and other schemes are packages from outside the repository.
      return { kind: "external", name: specifier };
    }
    const manifest = nearestManifest(from);
    if (specifier.startsWith("#") && manifest) {
      for (const target of mapTargets(manifest.value.imports, specifier)) {
        const found = target.startsWith(".") ? toSource(manifest.dir, target) : undefined;
        if (found) return found;
      }
      return { kind: "unresolved", reason: "no matching package.json imports entry" };
    }

    const config = configs.forFile(from);
    if (config) {
      for (const candidate of pathCandidates(config, specifier)) {
        const found = notSelf(probe(candidate));
        if (found) return found;
      }
    }

    const name = packageName(specifier);
    const workspace = workspaces().find((w) => specifier === w.name || specifier.startsWith(w.name + "/"));
    if (workspace) {
      const subpath = specifier === workspace.name ? "." : "./" + specifier.slice(workspace.name.length + 1);
      return resolveWorkspace(workspace, subpath) ?? { kind: "unresolved", reason: `no source for workspace package ${workspace.name}` };
    }

    // A declared dependency is the package, even when a local file has the same name.
    if (dependenciesAbove(from).has(name)) return { kind: "external", name };
    if (config?.baseUrl !== undefined) {
      const path = joinPath(config.baseUrl, specifier);
      const found = path === undefined ? undefined : notSelf(probe(path));
      if (found) return found;
    }
    // Built-ins come after baseUrl, as in TypeScript: `util/format` may be a local folder.
    if (BUILTINS.has(name)) return { kind: "external", name: `node:${name}` };
    return { kind: "external", name };
  }
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") && parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

function stripExtension(path: string): string {
  return path.replace(/\.(d\.)?(m|c)?(ts|js)x?$/, "");
}

/** The package.json nearest above a file (cached per folder). */
function nearestManifestLookup(project: ProjectFiles) {
  const byDir = new Map<string, { dir: string; value: Manifest } | undefined>();
  const lookup = (dir: string): { dir: string; value: Manifest } | undefined => {
    if (byDir.has(dir)) return byDir.get(dir);
    const file = dir ? `${dir}/package.json` : "package.json";
    const value = project.has(file) ? (project.json(file) as Manifest | undefined) : undefined;
    const found = value && typeof value === "object" ? { dir, value } : dir ? lookup(dirOf(dir)) : undefined;
    byDir.set(dir, found);
    return found;
  };
  return (from: string) => lookup(dirOf(from));
}

/** Every dependency declared by a package.json in a file's folder or above (hoisting included). */
function dependenciesLookup(project: ProjectFiles) {
  const byDir = new Map<string, Set<string>>();
  const lookup = (dir: string): Set<string> => {
    const known = byDir.get(dir);
    if (known) return known;
    const file = dir ? `${dir}/package.json` : "package.json";
    const own = project.has(file) ? declaredDependencies(project.json(file) as Manifest | undefined) : new Set<string>();
    const above = dir ? lookup(dirOf(dir)) : new Set<string>();
    // Most folders declare nothing of their own: they share the set above instead of a copy.
    const names = own.size === 0 ? above : new Set([...own, ...above]);
    byDir.set(dir, names);
    return names;
  };
  return (from: string) => lookup(dirOf(from));
}

/**
 * A relative path into an installed package (`../../node_modules/htmx.org/dist/htmx.js`) is an
 * import of that package, not a missing file: node_modules is never scanned.
 */
function installedPackage(path: string): Resolution | undefined {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return match ? { kind: "external", name: match[1]! } : undefined;
}

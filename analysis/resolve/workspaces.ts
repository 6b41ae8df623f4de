import { globMatcher } from "../globs.ts";
import { parse as parseYaml } from "yaml";
import { dirOf, type ProjectFiles } from "../project.ts";

export type Manifest = {
  name?: string;
  main?: string;
  module?: string;
  types?: string;
  typings?: string;
  source?: string;
  exports?: unknown;
  imports?: unknown;
  workspaces?: string[] | { packages?: string[] };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

export type Workspace = { name: string; dir: string; manifest: Manifest };

/**
 * The packages of a JS monorepo: every package.json whose folder matches the patterns of the
 * root package.json `workspaces` (npm, yarn) or of `pnpm-workspace.yaml`, and the packages it
 * keeps in a node_modules folder of its own (scan.ts keptFolders: node-red's
 * packages/node_modules/@node-red/util), which Node finds by their folder's name.
 */
export function findWorkspaces(project: ProjectFiles): Workspace[] {
  const declared = declaredWorkspaces(project);
  const dirs = new Set(declared.map((w) => w.dir));
  const kept: Workspace[] = [];
  for (const file of project.named("package.json")) {
    const name = KEPT_PACKAGE.exec(file)?.[2];
    const dir = dirOf(file);
    if (name === undefined || dirs.has(dir)) continue;
    const manifest = project.json(file) as Manifest | undefined;
    if (manifest) kept.push({ name, dir, manifest });
  }
  return [...declared, ...kept];
}

/** A package.json in a node_modules folder: `node_modules/<name>/` or `node_modules/@scope/<name>/`. */
const KEPT_PACKAGE = /(^|\/)node_modules\/((?:@[^/]+\/)?[^/@][^/]*)\/package\.json$/;

function declaredWorkspaces(project: ProjectFiles): Workspace[] {
  const patterns: string[] = [];
  const root = project.json("package.json") as Manifest | undefined;
  const declared = Array.isArray(root?.workspaces) ? root.workspaces : root?.workspaces?.packages;
  if (Array.isArray(declared)) patterns.push(...declared.filter((p) => typeof p === "string"));
  if (project.has("pnpm-workspace.yaml")) {
    try {
      const pnpm = parseYaml(project.text("pnpm-workspace.yaml") ?? "") as { packages?: unknown };
      if (Array.isArray(pnpm?.packages)) patterns.push(...pnpm.packages.filter((p) => typeof p === "string"));
    } catch {
      // an unreadable pnpm-workspace.yaml declares no packages
    }
  }
  if (patterns.length === 0) return [];
  const include = patterns.filter((p) => !p.startsWith("!")).map((p) => p.replace(/^\.\//, "").replace(/\/$/, ""));
  const exclude = patterns.filter((p) => p.startsWith("!")).map((p) => p.slice(1).replace(/^\.\//, "").replace(/\/$/, ""));
  const isIncluded = globMatcher(include);
  const isExcluded = globMatcher(exclude);

  const workspaces: Workspace[] = [];
  for (const file of project.named("package.json")) {
    const dir = dirOf(file);
    if (!dir || !isIncluded(dir) || isExcluded(dir)) continue;
    const manifest = project.json(file) as Manifest | undefined;
    if (manifest && typeof manifest.name === "string") workspaces.push({ name: manifest.name, dir, manifest });
  }
  return workspaces;
}

// Conditions in the order a source-level analysis wants them: source first, then ESM, then the rest.
const CONDITIONS = ["source", "development", "import", "module", "browser", "node", "default", "require", "types"];

/**
 * The targets a package's `exports` (or `imports`) map gives for a subpath (".", "./x" or
 * "#x"), in order of preference; patterns with `*` are expanded.
 */
export function mapTargets(map: unknown, subpath: string): string[] {
  if (map === undefined || map === null) return [];
  if (typeof map === "string" || Array.isArray(map)) return subpath === "." ? conditionTargets(map) : [];
  if (typeof map !== "object") return [];
  const entries = Object.entries(map as Record<string, unknown>);
  const isSubpathMap = entries.some(([key]) => key.startsWith(".") || key.startsWith("#"));
  if (!isSubpathMap) return subpath === "." ? conditionTargets(map) : [];
  const exact = (map as Record<string, unknown>)[subpath];
  if (exact !== undefined) return conditionTargets(exact);
  // The longest matching pattern wins, as Node resolves it.
  let best: { prefix: string; suffix: string; value: unknown } | undefined;
  for (const [key, value] of entries) {
    const star = key.indexOf("*");
    if (star === -1) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && (!best || prefix.length > best.prefix.length)) {
      best = { prefix, suffix, value };
    }
  }
  if (!best) return [];
  const captured = subpath.slice(best.prefix.length, subpath.length - best.suffix.length);
  return conditionTargets(best.value).map((target) => target.replaceAll("*", captured));
}

function conditionTargets(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(conditionTargets);
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const keys = [...CONDITIONS.filter((c) => c in record), ...Object.keys(record).filter((k) => !CONDITIONS.includes(k))];
  return keys.flatMap((key) => conditionTargets(record[key]));
}

/** The names a package.json declares as dependencies of any kind. */
export function declaredDependencies(manifest: Manifest | undefined): Set<string> {
  const names = new Set<string>();
  for (const group of [manifest?.dependencies, manifest?.devDependencies, manifest?.peerDependencies, manifest?.optionalDependencies]) {
    if (group && typeof group === "object") for (const name of Object.keys(group)) names.add(name);
  }
  return names;
}

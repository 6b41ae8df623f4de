import { parse as parseJsonc } from "jsonc-parser";
import { dirOf, joinPath, type ProjectFiles } from "../project.ts";

/** The options of a tsconfig that matter for resolution, with `extends` applied. */
export type PathConfig = {
  file: string;
  /** Repository folder bare specifiers are tried against, when `baseUrl` is set. */
  baseUrl: string | undefined;
  /** `paths` patterns, and the folder their targets are relative to. */
  paths: { pattern: string; targets: string[] }[];
  pathsBase: string;
};

type Raw = { extends?: string | string[]; compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } };

const CONFIG_NAMES = ["tsconfig.json", "jsconfig.json"];

/**
 * Finds the tsconfig.json (or jsconfig.json) that applies to a file: the nearest one in its
 * folder or above, as TypeScript does, so each package of a monorepo keeps its own `paths`.
 */
export class TsConfigs {
  private readonly byDir = new Map<string, PathConfig | undefined>();
  constructor(private readonly project: ProjectFiles) {}

  forFile(path: string): PathConfig | undefined {
    return this.forDir(dirOf(path));
  }

  private forDir(dir: string): PathConfig | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    let config: PathConfig | undefined;
    for (const name of CONFIG_NAMES) {
      const file = dir ? `${dir}/${name}` : name;
      if (this.project.has(file)) {
        config = this.load(file);
        break;
      }
    }
    if (!config && dir) config = this.forDir(dirOf(dir));
    this.byDir.set(dir, config);
    return config;
  }

  private load(file: string): PathConfig {
    const config: PathConfig = { file, baseUrl: undefined, paths: [], pathsBase: dirOf(file) };
    this.apply(file, config, new Set());
    return config;
  }

  /** Applies a config file and, first, what it extends; later files override earlier ones. */
  private apply(file: string, config: PathConfig, seen: Set<string>): void {
    if (seen.has(file)) return;
    seen.add(file);
    const raw = this.read(file);
    if (!raw) return;
    const parents = typeof raw.extends === "string" ? [raw.extends] : Array.isArray(raw.extends) ? raw.extends : [];
    for (const parent of parents) {
      const parentFile = this.locate(parent, dirOf(file));
      if (parentFile) this.apply(parentFile, config, seen);
    }
    const options = raw.compilerOptions ?? {};
    if (typeof options.baseUrl === "string") {
      config.baseUrl = joinPath(dirOf(file), options.baseUrl) ?? "";
      if (!options.paths) config.pathsBase = config.baseUrl;
    }
    if (options.paths && typeof options.paths === "object") {
      config.paths = Object.entries(options.paths)
        .filter(([, targets]) => Array.isArray(targets))
        .map(([pattern, targets]) => ({ pattern, targets: targets.filter((t) => typeof t === "string") }))
        // TypeScript prefers the pattern with the longest prefix before `*`.
        .sort((a, b) => b.pattern.indexOf("*") - a.pattern.indexOf("*"));
      config.pathsBase = typeof options.baseUrl === "string" ? config.baseUrl ?? "" : dirOf(file);
    }
  }

  /** `extends` names a relative file, or a package config under node_modules. */
  private locate(spec: string, fromDir: string): string | undefined {
    if (spec.startsWith(".")) {
      const path = joinPath(fromDir, spec);
      if (path === undefined) return undefined;
      if (this.project.has(path)) return path;
      if (this.project.has(path + ".json")) return path + ".json";
      return undefined;
    }
    // Package configs are outside the scan; read them from node_modules when installed.
    for (const candidate of [spec, `${spec}.json`, `${spec}/tsconfig.json`]) {
      const path = `node_modules/${candidate}`;
      if (this.project.exists(path)) return path;
    }
    return undefined;
  }

  private read(file: string): Raw | undefined {
    if (file.startsWith("node_modules/")) {
      const text = this.project.text(file);
      return text === undefined ? undefined : (parseJsonc(text, [], { allowTrailingComma: true }) as Raw);
    }
    const value = this.project.json(file);
    return value && typeof value === "object" ? (value as Raw) : undefined;
  }
}

/** The substitutions of the first `paths` pattern that matches, in order, as folders-relative paths. */
export function pathCandidates(config: PathConfig, specifier: string): string[] {
  for (const { pattern, targets } of config.paths) {
    const star = pattern.indexOf("*");
    let captured: string | undefined;
    if (star === -1) {
      if (pattern === specifier) captured = "";
    } else {
      const prefix = pattern.slice(0, star);
      const suffix = pattern.slice(star + 1);
      if (specifier.startsWith(prefix) && specifier.endsWith(suffix) && specifier.length >= prefix.length + suffix.length) {
        captured = specifier.slice(prefix.length, specifier.length - suffix.length);
      }
    }
    if (captured === undefined) continue;
    const found: string[] = [];
    for (const target of targets) {
      const path = joinPath(config.pathsBase, target.replace("*", captured));
      if (path !== undefined) found.push(path);
    }
    return found;
  }
  return [];
}

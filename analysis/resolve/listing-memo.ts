import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeCacheFile } from "../../core/atomic.ts";
import { CACHE_KEY } from "../cache.ts";
import { inputsUnchanged, type ProjectFiles } from "../project.ts";
import type { Resolution } from "./resolution.ts";
import { readInside } from "../../core/inside.ts";

export const RESOLUTIONS_CACHE_FILE = ".tool/cache/analysis/resolutions.json";

/** Stored memos parsed ahead (`preloadResolutions`), taken by the next `load` of their root. */
const preloaded = new Map<string, unknown>();

/** Parses a root's stored memos ahead of the analysis that loads them, while something else runs (a git listing). */
export function preloadResolutions(root: string): void {
  const file = join(root, RESOLUTIONS_CACHE_FILE);
  if (!existsSync(file)) return;
  try {
    preloaded.set(root, JSON.parse(readInside(root, file)));
  } catch {
    // a damaged cache is read again by `load`, and rebuilt
  }
}

/**
 * On disk, per folder: specifier, encoded resolution, specifier, encoded resolution...
 * `readMemos` also depend on the files the resolvers read (`inputs`: path -> stamp).
 */
type Stored = {
  key: string;
  listing: string;
  memos: Record<string, Record<string, string[]>>;
  readMemos?: Record<string, Record<string, string[]>>;
  inputs?: Record<string, string>;
};

/**
 * Memos of resolutions that depend on nothing but the repository's listing: which paths
 * exist, and which of them are analysed source. A relative JS import names the same file for
 * as long as no file is added, removed or passes the size and count limits, so its resolution
 * is kept on disk for the next analysis of the same listing; an edit that adds no file then
 * resolves every other file's relative imports without probing the listing again.
 *
 * A resolution that also reads configuration (a bare JS specifier: tsconfig paths, manifests,
 * workspaces) is kept in a memo of `readMemos`, with the size and modification time of every
 * file the resolvers read or probed (ProjectFiles.inputs): it is reused only while the listing
 * is the same and none of those files changed.
 */
export class ListingMemos {
  private readonly memos = new Map<string, ResolutionMemo>();
  private readonly readMemos = new Map<string, ResolutionMemo>();
  /** The stored inputs, when they are still as they were: this run's reads add to them. */
  private readonly keptInputs: Record<string, string>;

  private constructor(private readonly project: ProjectFiles, stored: Partial<Stored>) {
    for (const [name, byDir] of Object.entries(stored.memos ?? {})) this.memos.set(name, new ResolutionMemo(byDir));
    for (const [name, byDir] of Object.entries(stored.readMemos ?? {})) this.readMemos.set(name, new ResolutionMemo(byDir));
    this.keptInputs = stored.readMemos ? stored.inputs ?? {} : {};
  }

  /** The memos stored for this listing; none when the listing changed or nothing is stored. */
  static load(project: ProjectFiles): ListingMemos {
    const file = join(project.root, RESOLUTIONS_CACHE_FILE);
    const ahead = preloaded.get(project.root);
    preloaded.delete(project.root);
    if (!ahead && !existsSync(file)) return new ListingMemos(project, {});
    try {
      const stored = (ahead ?? JSON.parse(readInside(project.root, file))) as Stored;
      const current = stored.key === CACHE_KEY && stored.listing === project.listing && typeof stored.memos === "object";
      if (!current) return new ListingMemos(project, {});
      const readsHold = typeof stored.readMemos === "object" && typeof stored.inputs === "object" && inputsUnchanged(project.root, stored.inputs);
      return new ListingMemos(project, { memos: stored.memos, ...(readsHold ? { readMemos: stored.readMemos, inputs: stored.inputs } : {}) });
    } catch {
      return new ListingMemos(project, {}); // a damaged cache is rebuilt, never trusted
    }
  }

  /** The memo of one kind of resolution, filled by its resolver; `reads`: it depends on files read too. */
  memo(name: string, options: { reads?: boolean } = {}): ResolutionMemo {
    const memos = options.reads ? this.readMemos : this.memos;
    let memo = memos.get(name);
    if (!memo) memos.set(name, (memo = new ResolutionMemo({})));
    return memo;
  }

  /** Writes the memos when a resolver added to them. */
  save(): void {
    const all = [...this.memos.values(), ...this.readMemos.values()];
    if (this.project.readOnly || !all.some((memo) => memo.grown)) return;
    const stored: Stored = { key: CACHE_KEY, listing: this.project.listing, memos: storedMemos(this.memos) };
    if (this.readMemos.size) {
      stored.readMemos = storedMemos(this.readMemos);
      stored.inputs = { ...this.keptInputs, ...Object.fromEntries(this.project.inputs) };
    }
    try {
      writeCacheFile(join(this.project.root, RESOLUTIONS_CACHE_FILE), JSON.stringify(stored));
    } catch {
      // A read-only checkout still gets its analysis; only the cache is lost.
    }
  }
}

function storedMemos(memos: Map<string, ResolutionMemo>): Stored["memos"] {
  const out: Stored["memos"] = {};
  for (const [name, memo] of memos) out[name] = memo.stored();
  return out;
}

/**
 * Resolutions by folder and specifier. Stored ones stay encoded until asked for: a run reads
 * thousands and decoding them all up front would cost more than the lookups save.
 */
export class ResolutionMemo {
  private readonly byDir = new Map<string, Map<string, Resolution | string>>();
  grown = false;

  constructor(stored: Record<string, string[]>) {
    for (const [dir, pairs] of Object.entries(stored)) {
      const bySpecifier = new Map<string, Resolution | string>();
      for (let i = 0; i + 1 < pairs.length; i += 2) bySpecifier.set(pairs[i]!, pairs[i + 1]!);
      this.byDir.set(dir, bySpecifier);
    }
  }

  /** The resolutions of one folder, to read with `get` and fill with `set`. */
  folder(dir: string): Map<string, Resolution | string> {
    let bySpecifier = this.byDir.get(dir);
    if (!bySpecifier) this.byDir.set(dir, (bySpecifier = new Map()));
    return bySpecifier;
  }

  get(folder: Map<string, Resolution | string>, specifier: string): Resolution | undefined {
    const found = folder.get(specifier);
    if (typeof found !== "string") return found;
    const resolution = decode(found);
    folder.set(specifier, resolution);
    return resolution;
  }

  set(folder: Map<string, Resolution | string>, specifier: string, resolution: Resolution): void {
    folder.set(specifier, resolution);
    this.grown = true;
  }

  stored(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [dir, bySpecifier] of this.byDir) {
      const pairs: string[] = [];
      for (const [specifier, resolution] of bySpecifier) pairs.push(specifier, typeof resolution === "string" ? resolution : encode(resolution));
      out[dir] = pairs;
    }
    return out;
  }
}

// One character for the kind, then the path, reason or name.
const encode = (resolution: Resolution): string => {
  switch (resolution.kind) {
    case "local": return "=" + resolution.path;
    case "asset": return "@" + resolution.path;
    case "external": return "#" + resolution.name;
    case "unresolved": return "!" + resolution.reason;
    case "package": return "*" + resolution.paths.join("\n");
  }
};

const decode = (text: string): Resolution => {
  const value = text.slice(1);
  switch (text[0]) {
    case "=": return { kind: "local", path: value };
    case "@": return { kind: "asset", path: value };
    case "#": return { kind: "external", name: value };
    case "*": return { kind: "package", paths: value.split("\n") };
    default: return { kind: "unresolved", reason: value };
  }
};

import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../core/atomic.ts";
import { CACHE_KEY } from "../cache.ts";
import type { ProjectFiles } from "../project.ts";
import type { Resolution } from "./resolution.ts";
import { readInside } from "../../core/inside.ts";

export const RESOLUTIONS_CACHE_FILE = ".tool/cache/analysis/resolutions.json";

/** On disk, per folder: specifier, encoded resolution, specifier, encoded resolution... */
type Stored = { key: string; listing: string; memos: Record<string, Record<string, string[]>> };

/**
 * Memos of resolutions that depend on nothing but the repository's listing: which paths
 * exist, and which of them are analysed source. A relative JS import names the same file for
 * as long as no file is added, removed or passes the size and count limits, so its resolution
 * is kept on disk for the next analysis of the same listing; an edit that adds no file then
 * resolves every other file's relative imports without probing the listing again.
 */
export class ListingMemos {
  private readonly memos = new Map<string, ResolutionMemo>();

  private constructor(private readonly project: ProjectFiles, stored: Stored["memos"]) {
    for (const [name, byDir] of Object.entries(stored)) this.memos.set(name, new ResolutionMemo(byDir));
  }

  /** The memos stored for this listing; none when the listing changed or nothing is stored. */
  static load(project: ProjectFiles): ListingMemos {
    const file = join(project.root, RESOLUTIONS_CACHE_FILE);
    if (!existsSync(file)) return new ListingMemos(project, {});
    try {
      const stored = JSON.parse(readInside(project.root, file)) as Stored;
      const current = stored.key === CACHE_KEY && stored.listing === project.listing && typeof stored.memos === "object";
      return new ListingMemos(project, current ? stored.memos : {});
    } catch {
      return new ListingMemos(project, {}); // a damaged cache is rebuilt, never trusted
    }
  }

  /** The memo of one kind of resolution, filled by its resolver. */
  memo(name: string): ResolutionMemo {
    let memo = this.memos.get(name);
    if (!memo) this.memos.set(name, (memo = new ResolutionMemo({})));
    return memo;
  }

  /** Writes the memos when a resolver added to them. */
  save(): void {
    if (this.project.readOnly || ![...this.memos.values()].some((memo) => memo.grown)) return;
    const memos: Stored["memos"] = {};
    for (const [name, memo] of this.memos) memos[name] = memo.stored();
    const stored: Stored = { key: CACHE_KEY, listing: this.project.listing, memos };
    try {
      writeFileAtomic(join(this.project.root, RESOLUTIONS_CACHE_FILE), JSON.stringify(stored));
    } catch {
      // A read-only checkout still gets its analysis; only the cache is lost.
    }
  }
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

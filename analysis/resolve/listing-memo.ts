import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../core/atomic.ts";
import { CACHE_KEY } from "../cache.ts";
import type { ProjectFiles } from "../project.ts";
import type { Resolution } from "./resolution.ts";

export const RESOLUTIONS_CACHE_FILE = ".tool/cache/analysis/resolutions.json";

type Memo = Map<string, Map<string, Resolution>>;
type Stored = { key: string; listing: string; memos: Record<string, Record<string, Record<string, Resolution>>> };

/**
 * Memos of resolutions that depend on nothing but the repository's listing: which paths
 * exist, and which of them are analysed source. A relative JS import names the same file for
 * as long as no file is added, removed or passes the size and count limits, so its resolution
 * is kept on disk for the next analysis of the same listing; an edit that adds no file then
 * resolves every other file's relative imports without probing the listing again.
 */
export class ListingMemos {
  private readonly memos = new Map<string, Memo>();
  private readonly loadedSizes = new Map<string, number>();

  private constructor(private readonly project: ProjectFiles, stored: Stored["memos"]) {
    for (const [name, byDir] of Object.entries(stored)) {
      const memo: Memo = new Map(Object.entries(byDir).map(([dir, bySpecifier]) => [dir, new Map(Object.entries(bySpecifier))]));
      this.memos.set(name, memo);
      this.loadedSizes.set(name, sizeOf(memo));
    }
  }

  /** The memos stored for this listing; none when the listing changed or nothing is stored. */
  static load(project: ProjectFiles): ListingMemos {
    const file = join(project.root, RESOLUTIONS_CACHE_FILE);
    if (!existsSync(file)) return new ListingMemos(project, {});
    try {
      const stored = JSON.parse(readFileSync(file, "utf8")) as Stored;
      const current = stored.key === CACHE_KEY && stored.listing === project.listing && typeof stored.memos === "object";
      return new ListingMemos(project, current ? stored.memos : {});
    } catch {
      return new ListingMemos(project, {}); // a damaged cache is rebuilt, never trusted
    }
  }

  /** The memo of one kind of resolution (by folder, then specifier), filled by its resolver. */
  memo(name: string): Memo {
    let memo = this.memos.get(name);
    if (!memo) this.memos.set(name, (memo = new Map()));
    return memo;
  }

  /** Writes the memos when a resolver added to them. */
  save(): void {
    const grown = [...this.memos].some(([name, memo]) => sizeOf(memo) !== (this.loadedSizes.get(name) ?? 0));
    if (!grown) return;
    const memos: Stored["memos"] = {};
    for (const [name, memo] of this.memos) {
      memos[name] = Object.fromEntries([...memo].map(([dir, bySpecifier]) => [dir, Object.fromEntries(bySpecifier)]));
    }
    const stored: Stored = { key: CACHE_KEY, listing: this.project.listing, memos };
    try {
      writeFileAtomic(join(this.project.root, RESOLUTIONS_CACHE_FILE), JSON.stringify(stored));
    } catch {
      // A read-only checkout still gets its analysis; only the cache is lost.
    }
  }
}

function sizeOf(memo: Memo): number {
  let size = 0;
  for (const bySpecifier of memo.values()) size += bySpecifier.size;
  return size;
}

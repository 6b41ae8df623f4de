import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeCacheFile } from "../core/atomic.ts";
import { VERSION } from "../core/version.ts";
import type { FileFacts } from "./facts.ts";
import type { Surfaces } from "./extract/file.ts";
import type { ScannedFile } from "./scan.ts";
import { readInside } from "../core/inside.ts";

/**
 * Bump when an extractor or a resolver changes what it finds, so cached facts and resolution
 * memos of an older one are not reused.
 */
const EXTRACTOR_REVISION = 844;
/** Caches written by another version or extractor revision are not read. */
export const CACHE_KEY = `${VERSION}:${EXTRACTOR_REVISION}`;
/** Every file's facts as of the last full write. */
export const FACTS_CACHE_FILE = ".tool/cache/analysis/facts.json";
/** What changed since then: new facts by path, `null` for a file that is gone. */
export const FACTS_CHANGES_FILE = ".tool/cache/analysis/facts-changes.json";
/** Changes beyond this share of the files are folded into a new facts.json. */
const MAX_CHANGED_SHARE = 0.1;

/** `structureOnly`: the facts were extracted without their surfaces (extract/file.ts). */
type Entry = { size: number; mtimeMs: number; facts: FileFacts; structureOnly?: true };
type Store = { key: string; stamp: string; entries: Record<string, Entry> };
type Changes = { key: string; stamp: string; entries: Record<string, Entry | null> };
/** The facts as stored: the full file (`base`, with its `stamp`) and with the changes applied (`current`). */
type Stored = { stamp: string; base: Map<string, Entry>; current: Map<string, Entry> };

// Per root, so a long-running server re-reads only what changed since its last analysis.
const memory = new Map<string, Stored>();

/** Extracts the files' facts, without their surfaces unless `whole`; or their surfaces alone. */
export type Extractor = {
  facts(files: readonly ScannedFile[], whole: boolean): FileFacts[];
  surfaces(files: readonly ScannedFile[]): Surfaces[];
};

/**
 * Per-file facts, cached by path + size + mtime in memory and in `.tool/cache/analysis/`.
 * Extraction runs only on the files that are new or changed since the facts were stored, all
 * of them in one call (so it can spread them over threads). Unless `whole`, the facts may lack
 * their surfaces (routes, env reads): `complete` adds them to the files asked (and keeps them),
 * and a whole analysis that meets such facts extracts only the surfaces. An edit to a few files
 * writes only those files' facts (to facts-changes.json), not the whole store again: on a
 * repository of thousands of files that is megabytes of JSON saved per run.
 */
export function cachedFacts(
  root: string,
  files: readonly ScannedFile[],
  extract: Extractor,
  options: { whole: boolean; readOnly?: boolean },
): { facts: FileFacts[]; complete(indices: readonly number[]): FileFacts[] } {
  const stored = memory.get(root) ?? load(root);
  const kept = files.map((file) => {
    const cached = stored.current.get(file.path);
    return cached && cached.size === file.size && cached.mtimeMs === file.mtimeMs ? cached : undefined;
  });
  const stale = files.filter((_, i) => !kept[i]);
  const fresh = stale.length ? extract.facts(stale, options.whole) : [];
  let k = 0;
  const entries = files.map((file, i): Entry => kept[i] ?? { size: file.size, mtimeMs: file.mtimeMs, facts: fresh[k++]!, ...(options.whole ? {} : { structureOnly: true as const }) });
  const keep = (changed: boolean) => {
    const next = new Map(files.map((file, i) => [file.path, entries[i]!]));
    const before = memory.get(root) ?? stored;
    memory.set(root, !changed && before.current.size === next.size ? before : options.readOnly ? { ...before, current: next } : save(root, before, next));
  };
  // Adds the surfaces to the facts of these files that lack them; how many did.
  const fill = (indices: readonly number[]) => {
    const partial = indices.filter((i) => entries[i]!.structureOnly);
    const surfaces = partial.length ? extract.surfaces(partial.map((i) => files[i]!)) : [];
    partial.forEach((i, n) => {
      const { size, mtimeMs, facts } = entries[i]!;
      entries[i] = { size, mtimeMs, facts: { ...facts, ...surfaces[n] } };
    });
    return partial.length;
  };
  const filled = options.whole ? fill(files.map((_, i) => i)) : 0;
  keep(stale.length > 0 || filled > 0);
  const complete = (indices: readonly number[]) => {
    if (fill(indices)) keep(true);
    return indices.map((i) => entries[i]!.facts);
  };
  return { facts: entries.map((e) => e.facts), complete };
}

/** Reads a root's stored facts into memory ahead of `cachedFacts`, while something else runs (a git listing). */
export function preloadFacts(root: string): void {
  if (!memory.has(root)) memory.set(root, load(root));
}

/** Forgets the in-memory facts of a root (the disk cache stays). */
export function dropMemoryCache(root: string): void {
  memory.delete(root);
}

function load(root: string): Stored {
  const empty: Stored = { stamp: "", base: new Map(), current: new Map() };
  const file = join(root, FACTS_CACHE_FILE);
  if (!existsSync(file)) return empty;
  let base: Map<string, Entry>;
  let stamp: string;
  try {
    const store = JSON.parse(readInside(root, file)) as Store;
    if (store.key !== CACHE_KEY || typeof store.entries !== "object") return empty;
    base = new Map(Object.entries(store.entries));
    stamp = typeof store.stamp === "string" ? store.stamp : ""; // none: the next write is a full one
  } catch {
    return empty; // a damaged cache is rebuilt, never trusted
  }
  const current = new Map(base);
  try {
    const changes = JSON.parse(readInside(root, FACTS_CHANGES_FILE)) as Changes;
    // Changes written against another facts.json (an older one) are not these facts' changes.
    if (changes.key === CACHE_KEY && changes.stamp === stamp && typeof changes.entries === "object") {
      for (const [path, entry] of Object.entries(changes.entries)) {
        if (entry) current.set(path, entry);
        else current.delete(path);
      }
    }
  } catch {
    // No changes yet, or damaged ones: the facts of facts.json stand, and stale entries are re-read.
  }
  return { stamp, base, current };
}

/** Writes the changes since facts.json, or a new facts.json when they have grown large. */
function save(root: string, stored: Stored, next: Map<string, Entry>): Stored {
  const changes: Changes["entries"] = {};
  let count = 0;
  for (const [path, entry] of next) {
    if (stored.base.get(path) !== entry) {
      changes[path] = entry;
      count++;
    }
  }
  for (const path of stored.base.keys()) {
    if (!next.has(path)) {
      changes[path] = null;
      count++;
    }
  }
  try {
    if (stored.stamp && count <= Math.max(50, next.size * MAX_CHANGED_SHARE)) {
      writeCacheFile(join(root, FACTS_CHANGES_FILE), JSON.stringify({ key: CACHE_KEY, stamp: stored.stamp, entries: changes } satisfies Changes));
      return { ...stored, current: next };
    }
    const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    writeCacheFile(join(root, FACTS_CACHE_FILE), JSON.stringify({ key: CACHE_KEY, stamp, entries: Object.fromEntries(next) } satisfies Store));
    rmSync(join(root, FACTS_CHANGES_FILE), { force: true });
    return { stamp, base: next, current: next };
  } catch {
    // A read-only checkout still gets its analysis; only the disk cache is lost.
    return { ...stored, current: next };
  }
}

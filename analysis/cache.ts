import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../core/atomic.ts";
import { VERSION } from "../core/version.ts";
import type { FileFacts } from "./facts.ts";
import type { ScannedFile } from "./scan.ts";

/**
 * Bump when an extractor changes what it reads, so cached facts from an older extractor are
 * not reused.
 */
const EXTRACTOR_REVISION = 5;
/** Caches written by another version or extractor revision are not read. */
export const CACHE_KEY = `${VERSION}:${EXTRACTOR_REVISION}`;
export const FACTS_CACHE_FILE = ".tool/cache/analysis/facts.json";

type Entry = { size: number; mtimeMs: number; facts: FileFacts };
type Store = { key: string; entries: Record<string, Entry> };

// Per root, so a long-running server re-reads only what changed since its last analysis.
const memory = new Map<string, Map<string, Entry>>();

/**
 * Per-file facts, cached by path + size + mtime in memory and in `.tool/cache/analysis/`.
 * `extract` runs only for files that are new or changed since the facts were stored.
 */
export function cachedFacts(
  root: string,
  files: readonly ScannedFile[],
  extract: (file: ScannedFile) => FileFacts,
  onProgress?: (done: number, total: number) => void,
): { facts: FileFacts[]; reused: number } {
  const entries = memory.get(root) ?? loadStore(root);
  const next = new Map<string, Entry>();
  const facts: FileFacts[] = [];
  let reused = 0;
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    const cached = entries.get(file.path);
    if (cached && cached.size === file.size && cached.mtimeMs === file.mtimeMs) {
      next.set(file.path, cached);
      facts.push(cached.facts);
      reused++;
    } else {
      const fresh = extract(file);
      next.set(file.path, { size: file.size, mtimeMs: file.mtimeMs, facts: fresh });
      facts.push(fresh);
    }
    if (onProgress && i % 250 === 0) onProgress(i, files.length);
  }
  memory.set(root, next);
  if (reused !== files.length || entries.size !== next.size) saveStore(root, next);
  return { facts, reused };
}

/** Forgets the in-memory facts of a root (the disk cache stays). */
export function dropMemoryCache(root: string): void {
  memory.delete(root);
}

function loadStore(root: string): Map<string, Entry> {
  const file = join(root, FACTS_CACHE_FILE);
  if (!existsSync(file)) return new Map();
  try {
    const store = JSON.parse(readFileSync(file, "utf8")) as Store;
    if (store.key !== CACHE_KEY || typeof store.entries !== "object") return new Map();
    return new Map(Object.entries(store.entries));
  } catch {
    return new Map(); // a damaged cache is rebuilt, never trusted
  }
}

function saveStore(root: string, entries: Map<string, Entry>): void {
  const store: Store = { key: CACHE_KEY, entries: Object.fromEntries(entries) };
  try {
    writeFileAtomic(join(root, FACTS_CACHE_FILE), JSON.stringify(store));
    // Caches are machine-local: keep them out of the user's `git status`.
    const ignoreFile = join(root, ".tool/cache/.gitignore");
    if (!existsSync(ignoreFile)) writeFileAtomic(ignoreFile, "*\n");
  } catch {
    // A read-only checkout still gets its analysis; only the disk cache is lost.
  }
}

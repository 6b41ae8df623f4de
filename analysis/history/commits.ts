import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeCacheFile } from "../../core/atomic.ts";
import { type Commit, isAncestor, readLog, readLogAsync } from "./log.ts";
import { readInside } from "../../core/inside.ts";

const COMMITS_CACHE = ".tool/cache/history-commits.json";
const FORMAT = 2; // 2: commits say whether they fix a defect

/** The parsed commits of the window, newest first, as of one HEAD. */
export type WindowLog = { head: string; complete: boolean; commits: Commit[] };
type Stored = WindowLog & { format: number };

/**
 * The commits of the last 12 months as of `head`, read incrementally: the parsed log is kept
 * in `.tool/cache/history-commits.json`, and when HEAD has moved forward only the commits
 * since the cached HEAD are read (`git log <old>..<head>`); commits that fell out of the
 * window are dropped without reading anything again. A rewritten history (the cached HEAD is
 * no longer an ancestor) is read whole once. The result equals a full read of the window.
 * `write: false` leaves the cache file alone (read-only callers).
 *
 * @example
 * const log = windowLog(root, head, since);
 * const totals = aggregateCommits(log.commits, 30, log.complete);
 */
export function windowLog(root: string, head: string, since: Date, options: { write?: boolean } = {}): WindowLog | undefined {
  const cached = readCache(root);
  const sinceSeconds = since.getTime() / 1000;
  const inWindow = (c: Commit) => c.committed >= sinceSeconds;
  let log: WindowLog | undefined;
  if (cached?.head === head) {
    log = { ...cached, commits: cached.commits.filter(inWindow) };
  } else if (cached && isAncestor(root, cached.head, head)) {
    // A cached log that git cut short (an object missing from an old commit) is cut at the same
    // commit by a full read, so it is extended just as a whole one. New commits that git cannot
    // read whole are not: a full read would stop in them, and it is what follows.
    const added: Commit[] = [];
    const outcome = readLog(root, since, (c) => added.push(c), `${cached.head}..${head}`);
    if (outcome === "complete") log = { head, complete: cached.complete, commits: [...added, ...cached.commits].filter(inWindow) };
  }
  if (!log) {
    const commits: Commit[] = [];
    const outcome = readLog(root, since, (c) => commits.push(c), head);
    if (outcome === "failed") return undefined;
    log = { head, complete: outcome === "complete", commits };
  }
  sortCommits(log.commits);
  if (options.write !== false && (cached?.head !== head || cached.commits.length !== log.commits.length)) store(root, log);
  return log;
}

/**
 * Whether windowLog would read the whole window (no cached log of this HEAD or of an ancestor
 * of it), and how many commits the window holds then: `git rev-list --count` is quick.
 */
export function fullReadAhead(root: string, head: string, since: Date): number {
  const cached = readCache(root);
  if (cached && (cached.head === head || isAncestor(root, cached.head, head))) return 0;
  const count = spawnSync("git", ["rev-list", "--count", "--no-merges", `--since=${since.toISOString()}`, head], { cwd: root, encoding: "utf8" });
  return count.status === 0 ? Number(count.stdout.trim()) || 0 : 0;
}

/**
 * The whole window read with git running asynchronously, kept in the cache where windowLog
 * finds it: a server reads a long history this way without holding its requests.
 */
export async function readWindowAsync(root: string, head: string, since: Date): Promise<boolean> {
  const commits: Commit[] = [];
  const outcome = await readLogAsync(root, since, (c) => commits.push(c), head);
  if (outcome === "failed") return false;
  store(root, { head, complete: outcome === "complete", commits: sortCommits(commits) });
  return true;
}

/**
 * One order for a full and an incremental read alike (git's own order interleaves a merged
 * branch's older commits by date): newest commit date first, ties by hash.
 */
function sortCommits(commits: Commit[]): Commit[] {
  return commits.sort((a, b) => b.committed - a.committed || (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
}

function store(root: string, log: WindowLog): void {
  try {
    writeCacheFile(join(root, COMMITS_CACHE), JSON.stringify({ format: FORMAT, ...log } satisfies Stored));
  } catch {
    // a read-only checkout: the history is still read, just not kept
  }
}

function readCache(root: string): Stored | undefined {
  const file = join(root, COMMITS_CACHE);
  if (!existsSync(file)) return undefined;
  try {
    const stored = JSON.parse(readInside(root, file)) as Stored;
    return stored.format === FORMAT && typeof stored.head === "string" && Array.isArray(stored.commits) ? stored : undefined;
  } catch {
    return undefined; // damaged: read the window again
  }
}

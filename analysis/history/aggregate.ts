import { type Commit, renamedPaths } from "./log.ts";

/** What one pass over the log yields, before it is matched with the files analysed now. */
export type LogTotals = {
  commits: number;
  /**
   * Per current path: commits, lines, commits per author key, and fixes: commits that say they
   * repair a defect, counted like pairs (no bots, no commit of more than maxFilesPerCommit files,
   * so a sweeping "fix lint" does not make every file defect-prone), with their hashes.
   */
  files: Record<string, { commits: number; added: number; removed: number; fixes: number; fixCommits: string[]; authors: Record<string, number> }>;
  /** Author key (email, lower case) -> the name last used. */
  names: Record<string, string>;
  /** Commits per author key, bots included, for activity. */
  bots: string[];
  /** "a\0b" (a < b) -> commits that changed both; only commits of at most maxFilesPerCommit files, no bots. */
  pairs: Record<string, number>;
  /** Commits per file counted the same way as pairs, the denominator of the coupling degree. */
  pairCommits: Record<string, number>;
  /** False when git stopped before the end of the window (missing objects): the counts are a lower bound. */
  complete: boolean;
  /** Commit times (seconds), newest first, for activity per week. */
  times: number[];
  /** Author key and time of every commit, for active-author counts. */
  authorTimes: [string, number][];
};

const BOT = /\[bot\]|(^|[-_.@])bot([-_.@]|$)|dependabot|renovate|github-actions|greenkeeper|snyk-bot|mergify/i;

/** Whether a commit author is an automation account, left out of coupling and ownership. */
export const isBot = (name: string, email: string): boolean => BOT.test(name) || BOT.test(email);

/**
 * One pass over the window's commits, newest first: per-file churn and authors,
 * change-coupling pair counts and commit times. Renames are followed: once a file was
 * renamed, its older commits are counted under the name it has now.
 */
export function aggregateCommits(commits: Iterable<Commit>, maxFilesPerCommit: number, complete = true): LogTotals {
  const totals: LogTotals = { commits: 0, complete, files: {}, names: {}, bots: [], pairs: {}, pairCommits: {}, times: [], authorTimes: [] };
  const currentName = new Map<string, string>();
  const bots = new Set<string>();
  const nameNow = (path: string) => currentName.get(path) ?? path;

  for (const commit of commits) {
    totals.commits++;
    const key = commit.email.toLowerCase() || commit.author;
    totals.names[key] ??= commit.author;
    totals.times.push(commit.time);
    totals.authorTimes.push([key, commit.time]);
    const bot = isBot(commit.author, commit.email);
    if (bot) bots.add(key);
    const touched = new Set<string>();
    for (const change of commit.files) {
      const renamed = renamedPaths(change.path);
      let path: string;
      if (renamed) {
        path = nameNow(renamed.to);
        currentName.set(renamed.from, path);
      } else path = nameNow(change.path);
      touched.add(path);
      const stats = (totals.files[path] ??= { commits: 0, added: 0, removed: 0, fixes: 0, fixCommits: [], authors: {} });
      stats.added += change.added;
      stats.removed += change.removed;
    }
    for (const path of touched) {
      const stats = totals.files[path]!;
      stats.commits++;
      if (!bot) stats.authors[key] = (stats.authors[key] ?? 0) + 1;
    }
    if (bot || touched.size > maxFilesPerCommit) continue;
    if (commit.fix) {
      for (const path of touched) {
        totals.files[path]!.fixes++;
        totals.files[path]!.fixCommits.push(commit.hash);
      }
    }
    const sorted = [...touched].sort();
    for (let i = 0; i < sorted.length; i++) {
      totals.pairCommits[sorted[i]!] = (totals.pairCommits[sorted[i]!] ?? 0) + 1;
      for (let j = i + 1; j < sorted.length; j++) {
        const pair = `${sorted[i]}\0${sorted[j]}`;
        totals.pairs[pair] = (totals.pairs[pair] ?? 0) + 1;
      }
    }
  }
  totals.bots = [...bots];
  return totals;
}

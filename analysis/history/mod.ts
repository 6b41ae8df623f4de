/**
 * History from version control: churn, change coupling, ownership, bus factor, activity and
 * hotspots, over the last 12 months, in one streamed pass of `git log` cached per HEAD.
 * Author names stay on this machine: they appear in this section and nowhere else.
 */
import { loadHistoryConfig } from "../config.ts";
import type { Edge, FileNode, HistorySection, Hotspot, Ownership } from "../schema.ts";
import { aggregateCommits, type LogTotals } from "./aggregate.ts";
import { fullReadAhead, readWindowAsync, windowLog } from "./commits.ts";
import { headCommit, isShallow } from "./log.ts";
import { fixesInFunctions } from "./function-fixes.ts";
// The findings decide which files' function fixes they weigh: asking git of every file would cost seconds.
import { weighsFixesInFunction } from "../findings/code.ts";
import { dirOf } from "../project.ts";

const DAY = 24 * 60 * 60 * 1000;
/** The share of a component's changes one person must have made for its knowledge to be at risk. */
export const KNOWLEDGE_RISK_SHARE = 0.8;
const memory = new Map<string, LogTotals>();
/** A window of more commits than this, with nothing cached, is read later when `defer` is set. */
const DEFER_MIN_COMMITS = 200;

export type HistoryOptions = {
  write?: boolean;
  /**
   * Return at once with `pending: true` instead of reading a long window that nothing cached
   * (seconds on a large repository); the server reads it with readHistoryAhead and refreshes.
   */
  defer?: boolean;
};

export function historySection(root: string, git: boolean, files: readonly FileNode[], edges: readonly Edge[], now = new Date(), options: HistoryOptions = {}): HistorySection {
  const { history: thresholds, configError } = loadHistoryConfig(root);
  const since = new Date(now.getTime() - 365 * DAY);
  const empty = (note: string): HistorySection => ({
    available: false, note, shallow: false, since: since.toISOString(), commits: 0, authors: 0,
    activity: { weeks: [], activeAuthors90d: 0 }, files: [], coupling: [], ownership: [], hotspots: [], thresholds,
    ...(configError ? { configError } : {}),
  });
  if (!git) return empty("not a git repository: churn, coupling and ownership need history");
  const head = headCommit(root);
  if (!head) return empty("the repository has no commits yet");
  const key = `${root}\0${head}:${since.toISOString().slice(0, 10)}:${thresholds.maxFilesPerCommit}`;
  if (options.defer && !memory.has(key) && fullReadAhead(root, head, since) > DEFER_MIN_COMMITS) {
    return { ...empty("The history of the last 12 months is being read; this fills in when it is done"), pending: true };
  }
  const totals = cachedTotals(key, () => {
    const log = windowLog(root, head, since, { write: options.write ?? true });
    return log && aggregateCommits(log.commits, thresholds.maxFilesPerCommit, log.complete);
  });
  if (!totals) return empty("git log could not be read");
  const shallow = isShallow(root);

  const bots = new Set(totals.bots);
  const analysed = new Map(files.map((f) => [f.path, f]));
  const weighed = files.flatMap((f) => {
    const fn = f.mostComplexFunction;
    const stats = totals.files[f.path];
    return fn?.end && stats && weighsFixesInFunction(fn, stats.fixes) ? [{ path: f.path, line: fn.line, end: fn.end }] : [];
  });
  const inFunctions = weighed.length ? fixesInFunctions(root, head, since, weighed, (path) => totals.files[path]?.fixCommits ?? [], { write: options.write ?? true }) : new Map<string, number>();
  const fileHistory = [...analysed.keys()].filter((p) => totals.files[p]).map((path) => {
    const stats = totals.files[path]!;
    const [mainKey, mainCommits] = topAuthor(stats.authors);
    const human = Object.values(stats.authors).reduce((a, b) => a + b, 0);
    return {
      path,
      commits: stats.commits,
      added: stats.added,
      removed: stats.removed,
      fixes: stats.fixes,
      ...(inFunctions.has(path) ? { functionFixes: inFunctions.get(path)! } : {}),
      authors: Object.keys(stats.authors).length,
      mainAuthor: mainKey ? totals.names[mainKey] ?? mainKey : "",
      mainAuthorShare: human ? round(mainCommits / human) : 0,
    };
  }).sort((a, b) => b.commits - a.commits || a.path.localeCompare(b.path));

  // An import through a barrel (`index.ts` re-exporting the file) is an import of the file.
  // Asked only of the few pairs that change together: a big barrel's importers times its
  // re-exports would be hundreds of thousands of pairs. A glob import (Rust's `use super::*`,
  // Python's `from .base import *`) takes in all a module has, its own imports included: a
  // crate whose modules all `use super::*` sees every sibling its root brings in, so they
  // import each other through it.
  const linked = new Set<string>();
  const barrelsOf = new Map<string, string[]>(); // a file -> the barrels that re-export it
  const globsOf = new Map<string, string[]>(); // a file -> the modules it takes everything from
  const dependencies = new Map<string, Set<string>>(); // a file -> what it imports from its own folder
  for (const e of edges) {
    linked.add(`${e.from}\0${e.to}`);
    if (e.kind === "reexport") (barrelsOf.get(e.to) ?? barrelsOf.set(e.to, []).get(e.to)!).push(e.from);
    if (e.specifier.endsWith("*")) (globsOf.get(e.from) ?? globsOf.set(e.from, []).get(e.from)!).push(e.to);
    if (dirOf(e.from) === dirOf(e.to)) (dependencies.get(e.from) ?? dependencies.set(e.from, new Set()).get(e.from)!).add(e.to);
  }
  // Two files of one folder that both import a third of it: subclasses of one base, handlers of one interface.
  const siblings = (a: string, b: string): boolean => {
    if (dirOf(a) !== dirOf(b)) return false;
    const of = dependencies.get(b);
    return !!of && [...(dependencies.get(a) ?? [])].some((d) => d !== b && of.has(d));
  };
  const imports = (from: string, to: string): boolean =>
    linked.has(`${from}\0${to}`) ||
    (barrelsOf.get(to) ?? []).some((barrel) => linked.has(`${from}\0${barrel}`)) ||
    (globsOf.get(from) ?? []).some((module) => module === to || linked.has(`${module}\0${to}`));
  const coupling = Object.entries(totals.pairs).flatMap(([pair, shared]) => {
    const [a, b] = pair.split("\0") as [string, string];
    if (!analysed.has(a) || !analysed.has(b)) return [];
    const ca = totals.pairCommits[a] ?? 0;
    const cb = totals.pairCommits[b] ?? 0;
    if (ca < thresholds.minCommits || cb < thresholds.minCommits || shared < thresholds.minSharedCommits) return [];
    const degree = shared / ((ca + cb) / 2);
    if (degree < thresholds.minDegree) return [];
    return [{ a, b, shared, degree: round(degree), imports: imports(a, b) || imports(b, a), ...(siblings(a, b) ? { siblings: true } : {}) }];
  }).sort((x, y) => y.degree - x.degree || y.shared - x.shared);

  const humans = new Set(Object.keys(totals.names).filter((k) => !bots.has(k)));
  const recent = now.getTime() / 1000 - 90 * 24 * 3600;
  return {
    available: true,
    ...(shallow || !totals.complete ? { note: shallow ? "shallow clone: history is cut short, so churn and coupling are undercounted" : "git log stopped early (objects missing from the repository): churn and coupling are undercounted" } : {}),
    shallow,
    since: since.toISOString(),
    commits: totals.commits,
    authors: humans.size,
    activity: {
      weeks: weekly(totals.times, now),
      activeAuthors90d: new Set(totals.authorTimes.filter(([key, time]) => time >= recent && humans.has(key)).map(([key]) => key)).size,
    },
    files: fileHistory,
    coupling,
    ownership: ownership(files, totals),
    hotspots: hotspots(files, totals),
    thresholds,
    ...(configError ? { configError } : {}),
  };
}

/** Totals per HEAD and window, kept in memory for the life of the process (the server's rebuilds). */
function cachedTotals(key: string, compute: () => LogTotals | undefined): LogTotals | undefined {
  const known = memory.get(key);
  if (known) return known;
  const totals = compute();
  if (totals) memory.set(key, totals);
  return totals;
}

/**
 * Reads the window historySection deferred, with git running asynchronously, into the cache
 * the next historySection reads. False when there was nothing to read or git failed.
 */
export async function readHistoryAhead(root: string, now = new Date()): Promise<boolean> {
  const head = headCommit(root);
  return head ? await readWindowAsync(root, head, new Date(now.getTime() - 365 * DAY)) : false;
}

function topAuthor(authors: Record<string, number>): [string, number] {
  let best: [string, number] = ["", 0];
  for (const [key, count] of Object.entries(authors)) if (count > best[1] || (count === best[1] && key < best[0])) best = [key, count];
  return best;
}

/** Commits per week (weeks start on Monday, UTC) for the 52 weeks up to now. */
function weekly(times: readonly number[], now: Date): { week: string; commits: number }[] {
  const monday = (ms: number) => {
    const d = new Date(ms);
    d.setUTCHours(0, 0, 0, 0);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d.getTime();
  };
  const current = monday(now.getTime());
  const weeks = Array.from({ length: 52 }, (_, i) => ({ start: current - (51 - i) * 7 * DAY, commits: 0 }));
  for (const time of times) {
    const index = 51 - Math.round((current - monday(time * 1000)) / (7 * DAY));
    if (index >= 0 && index < 52) weeks[index]!.commits++;
  }
  return weeks.map((w) => ({ week: new Date(w.start).toISOString().slice(0, 10), commits: w.commits }));
}

/** Per component: who made the changes, the bus factor, and whether one person holds the knowledge. */
function ownership(files: readonly FileNode[], totals: LogTotals): Ownership[] {
  const byComponent = new Map<string, Map<string, number>>();
  for (const file of files) {
    const stats = totals.files[file.path];
    if (!stats) continue;
    const authors = byComponent.get(file.component) ?? byComponent.set(file.component, new Map()).get(file.component)!;
    for (const [key, count] of Object.entries(stats.authors)) authors.set(key, (authors.get(key) ?? 0) + count);
  }
  return [...byComponent].map(([component, authors]) => {
    const total = [...authors.values()].reduce((a, b) => a + b, 0);
    const ranked = [...authors].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    let busFactor = 0;
    for (let sum = 0; sum * 2 < total; busFactor++) sum += ranked[busFactor]![1];
    const [mainKey, mainCount] = ranked[0] ?? ["", 0];
    const share = total ? mainCount / total : 0;
    return {
      component,
      commits: total,
      authors: ranked.map(([key, commits]) => ({ name: totals.names[key] ?? key, commits, share: round(commits / total) })),
      busFactor,
      mainAuthor: totals.names[mainKey] ?? mainKey,
      mainAuthorShare: round(share),
      knowledgeRisk: total >= 5 && share >= KNOWLEDGE_RISK_SHARE,
    };
  }).filter((o) => o.commits > 0).sort((a, b) => a.component.localeCompare(b.component));
}

/**
 * Files where change, complexity and dependents meet. Each of the three is turned into a
 * percentile rank among the files that changed, so no one measure's scale dominates; the
 * score is their product, times 100. Only files that changed and have decision points rank.
 */
function hotspots(files: readonly FileNode[], totals: LogTotals): Hotspot[] {
  const candidates = files.filter((f) => (totals.files[f.path]?.commits ?? 0) > 0 && f.complexity > 0);
  const rank = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return (value: number) => {
      let low = 0;
      let high = sorted.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (sorted[mid]! <= value) low = mid + 1;
        else high = mid;
      }
      return low / sorted.length;
    };
  };
  const churn = rank(candidates.map((f) => totals.files[f.path]!.commits));
  const complexity = rank(candidates.map((f) => f.complexity));
  const dependents = rank(candidates.map((f) => f.fanIn));
  return candidates.map((f) => {
    const commits = totals.files[f.path]!.commits;
    return {
      file: f.path,
      commits,
      complexity: f.complexity,
      dependents: f.fanIn,
      lines: f.lines,
      score: Math.round(100 * churn(commits) * complexity(f.complexity) * dependents(f.fanIn) * 10) / 10,
    };
  }).sort((a, b) => b.score - a.score || b.commits - a.commits).slice(0, 50);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

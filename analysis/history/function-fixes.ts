/**
 * Which of a file's fixes changed its most complex function. A long file's fixes may all have
 * landed in other functions: reviewers of the complexity findings on public repositories turned
 * several down for that reason ("the two fixes were to other functions, not project()").
 * `git log -L` follows a function's lines back through the window, across edits and moves, and
 * lists the commits that changed them. It is asked only of the few files whose findings it
 * decides (findings/code.ts), all in one run of git (on payload 21 files: 135 ms, where one run
 * per file took 810 ms), and the answer is kept per HEAD in `.tool/cache/function-fixes.json`.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeCacheFile } from "../../core/atomic.ts";
import { readInside } from "../../core/inside.ts";

const CACHE = ".tool/cache/function-fixes.json";
const FORMAT = 1;

/** A function of a file by its lines (1-based, inclusive) as HEAD has them. */
export type FunctionLines = { path: string; line: number; end: number };
type Stored = { format: number; head: string; since: string; counts: Record<string, number> };

const keyOf = (f: FunctionLines) => `${f.path}:${f.line},${f.end}`;

/**
 * Per function (by `path:line,end`), how many of its file's fix commits (`fixCommits`, the ones
 * history counts: no bots, no sweeping commits) changed its lines. A function git cannot
 * follow (the file is not in HEAD, or the working tree's lines run past HEAD's) has no count:
 * the caller falls back to the file's fixes.
 */
export function fixesInFunctions(
  root: string,
  head: string,
  since: Date,
  functions: readonly FunctionLines[],
  fixCommits: (path: string) => readonly string[],
  options: { write?: boolean } = {},
): Map<string, number> {
  const day = since.toISOString().slice(0, 10);
  const cached = readCache(root);
  const counts: Record<string, number> = cached?.head === head && cached.since === day ? { ...cached.counts } : {};
  const missing = functions.filter((f) => !(keyOf(f) in counts));
  if (missing.length) {
    const changed = commitsChanging(root, head, since, missing);
    for (const f of missing) {
      const commits = changed.get(f.path);
      if (!commits) continue;
      const fixes = new Set(fixCommits(f.path));
      counts[keyOf(f)] = [...commits].filter((hash) => fixes.has(hash)).length;
    }
    if (options.write !== false) store(root, { format: FORMAT, head, since: day, counts });
  }
  return new Map(functions.flatMap((f) => (keyOf(f) in counts ? [[f.path, counts[keyOf(f)]!] as const] : [])));
}

/**
 * The commits of the window that changed each function's lines, by path: one `git log` with a
 * `-L` per function prints, per commit, the diff of each range it changed under a `diff --git`
 * header naming the file. A range git cannot follow makes the whole run fail; then each
 * function is asked alone, so one bad range costs only its own count.
 */
function commitsChanging(root: string, head: string, since: Date, functions: readonly FunctionLines[]): Map<string, Set<string>> {
  const run = (ranges: readonly FunctionLines[]) => spawnSync("git", [
    "-c", "core.quotepath=off",
    "log", `--since=${since.toISOString()}`, "--no-merges", "--format=commit %H", ...ranges.map((f) => `-L${f.line},${f.end}:${f.path}`), head,
  ], { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const changed = new Map<string, Set<string>>();
  const read = (output: string, paths: ReadonlySet<string>) => {
    let commit = "";
    for (const line of output.split("\n")) {
      if (line.startsWith("commit ")) commit = line.slice(7);
      else if (line.startsWith("diff --git a/")) {
        // `diff --git a/<path> b/<path>`: the path as the commit had it; a file renamed since is not matched.
        const path = line.slice(line.lastIndexOf(" b/") + 3);
        if (commit && paths.has(path)) (changed.get(path) ?? changed.set(path, new Set()).get(path)!).add(commit);
      }
    }
  };
  const all = run(functions);
  if (all.status === 0) {
    read(all.stdout, new Set(functions.map((f) => f.path)));
    for (const f of functions) if (!changed.has(f.path)) changed.set(f.path, new Set());
    return changed;
  }
  for (const f of functions) {
    const one = run([f]);
    if (one.status !== 0) continue;
    read(one.stdout, new Set([f.path]));
    if (!changed.has(f.path)) changed.set(f.path, new Set());
  }
  return changed;
}

function readCache(root: string): Stored | undefined {
  const file = join(root, CACHE);
  if (!existsSync(file)) return undefined;
  try {
    const stored = JSON.parse(readInside(root, file)) as Stored;
    return stored.format === FORMAT && typeof stored.head === "string" && stored.counts && typeof stored.counts === "object" ? stored : undefined;
  } catch {
    return undefined; // damaged: ask git again
  }
}

function store(root: string, stored: Stored): void {
  try {
    writeCacheFile(join(root, CACHE), JSON.stringify(stored));
  } catch {
    // a read-only checkout: the counts are still right, just not kept
  }
}

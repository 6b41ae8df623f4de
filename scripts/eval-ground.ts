// Measures ground_change: replays a repository's last N commits that change a source file. For
// each, the request is the commit's subject and the answer key the source files it changed that
// existed before it; the analysis is made at the commit's parent (a detached worktree, so the
// history is the history before it). Prints recall@5, recall@10 and MRR for ground_change and
// for the baseline, plain BM25 over file paths, computed in the same run.
//
//   bun scripts/eval-ground.ts [--repo DIR] [--commits 30]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { analyze } from "../analysis/analyze.ts";
import { fileDocuments, groundChange, pathBaseline } from "../analysis/ground.ts";
import { languageOf } from "../analysis/languages/mod.ts";

const { values } = parseArgs({ options: { repo: { type: "string", default: "." }, commits: { type: "string", default: "30" } } });
const repo = resolve(values.repo!);
const N = Number(values.commits);
const git = (cwd: string, ...args: string[]) => spawnSync("git", args, { cwd, encoding: "utf8", maxBuffer: 1 << 28 }).stdout;

const log = git(repo, "log", "--no-merges", "--format=%H%x09%s", "-n", String(N * 4)).trim().split("\n").map((l) => l.split("\t") as [string, string]);
type Score = { r5: number; r10: number; rr: number };
const scores = { ground: [] as Score[], baseline: [] as Score[] };
const scoreOf = (ranked: string[], key: Set<string>): Score => {
  const hits = (k: number) => ranked.slice(0, k).filter((f) => key.has(f)).length / key.size;
  const first = ranked.findIndex((f) => key.has(f));
  return { r5: hits(5), r10: hits(10), rr: first === -1 ? 0 : 1 / (first + 1) };
};
const scratch = mkdtempSync(join(tmpdir(), "tool-eval-ground-"));
let used = 0;
for (const [hash, subject] of log) {
  if (used >= N) break;
  const changed = git(repo, "diff-tree", "--no-commit-id", "--name-status", "-r", hash).trim().split("\n").map((l) => l.split("\t"));
  // Modified or deleted source files: a file the commit adds cannot be found before it.
  const key = new Set(changed.filter(([status, path]) => status && /^[MD]/.test(status) && path && languageOf(path)).map(([, path]) => path!));
  if (!key.size) continue;
  const tree = join(scratch, hash.slice(0, 10));
  if (spawnSync("git", ["worktree", "add", "-q", "--detach", tree, `${hash}^`], { cwd: repo }).status !== 0) continue;
  try {
    const report = analyze(tree, { readOnly: true });
    const known = new Set(report.files.map((f) => f.path));
    const answer = new Set([...key].filter((f) => known.has(f)));
    if (!answer.size) continue;
    const grounded = groundChange({ report, documents: fileDocuments(tree, report), tasks: [] }, subject, 10);
    scores.ground.push(scoreOf(grounded.files.map((f) => f.file), answer));
    scores.baseline.push(scoreOf(pathBaseline(report.files, subject), answer));
    used++;
  } finally {
    spawnSync("git", ["worktree", "remove", "--force", tree], { cwd: repo });
  }
}
rmSync(scratch, { recursive: true, force: true });
const mean = (xs: Score[], k: keyof Score) => (xs.reduce((sum, x) => sum + x[k], 0) / Math.max(1, xs.length)).toFixed(3);
console.log(`${repo}: ${used} commits that change a source file`);
for (const [name, xs] of Object.entries(scores)) console.log(`  ${name.padEnd(9)} recall@5 ${mean(xs, "r5")}  recall@10 ${mean(xs, "r10")}  MRR ${mean(xs, "rr")}`);

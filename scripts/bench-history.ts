// Benchmark of the history pass: builds a repository with thousands of commits by several
// authors over 14 months (with renames and a few large commits) through `git fast-import`,
// then times the one streamed `git log` pass and the whole history stage, cold.
//
//   bun scripts/bench-history.ts [--commits 5000] [--files 800]
//   bun scripts/bench-history.ts --repo PATH [--runs 5]
//
// With --repo it times `tool hotspots --json` (dist/tool) on a repository of yours instead (a
// large public one you cloned), in a temporary worktree of its HEAD so that your checkout is not
// touched: cold, warm, and after each of `runs` new commits on top of the cached history, beside
// the plain `git log --numstat` over the same 12 months; with the peak RSS of each kind of run.
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { aggregateCommits } from "../analysis/history/aggregate.ts";
import { windowLog } from "../analysis/history/commits.ts";
import { analyze } from "../analysis/mod.ts";

const { values } = parseArgs({
  options: { commits: { type: "string", default: "5000" }, files: { type: "string", default: "800" }, repo: { type: "string" }, runs: { type: "string", default: "5" } },
});
if (values.repo) {
  benchRepository(resolve(values.repo), Number(values.runs));
  process.exit(0);
}
const COMMITS = Number(values.commits);
const FILES = Number(values.files);
const AUTHORS = ["Ada", "Brook", "Chen", "Dara", "Eli", "Fumi", "Gus", "Hana", "renovate[bot]", "Ivo"];
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const repo = mkdtempSync(join(tmpdir(), "tool-bench-history-"));
spawnSync("git", ["init", "-q", "-b", "main"], { cwd: repo });
const names = Array.from({ length: FILES }, (_, i) => `src/m${Math.floor(i / 40)}/f${i}.ts`);
const start = Date.now() / 1000 - 425 * 86400;
const chunks: string[] = [];
const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
for (let c = 1; c <= COMMITS; c++) {
  const author = pick(AUTHORS);
  const time = Math.floor(start + (c / COMMITS) * 420 * 86400);
  chunks.push(`commit refs/heads/main\nmark :${c}\n`);
  chunks.push(`author ${author} <${author.toLowerCase().replace(/\W/g, "")}@example.com> ${time} +0000\n`);
  chunks.push(`committer ${author} <${author.toLowerCase().replace(/\W/g, "")}@example.com> ${time} +0000\n`);
  chunks.push(data(`change ${c}`));
  if (c > 1) chunks.push(`from :${c - 1}\n`);
  const touched = c % 500 === 0 ? 40 : 1 + Math.floor(random() * 5);
  const base = Math.floor(random() * FILES);
  for (let k = 0; k < touched; k++) {
    const index = random() < 0.7 ? (base + k) % FILES : Math.floor(random() * FILES);
    chunks.push(`M 100644 inline ${names[index]}\n`, data(`export const v${index} = ${c};\n// ${"x".repeat(index % 60)}\n`));
  }
  if (c % 997 === 0) {
    const index = Math.floor(random() * FILES);
    const renamed = names[index]!.replace(/\.ts$/, `-r${c}.ts`);
    chunks.push(`R ${names[index]} ${renamed}\n`);
    names[index] = renamed;
  }
}
const imported = spawnSync("git", ["fast-import", "--quiet"], { cwd: repo, input: chunks.join(""), maxBuffer: 1 << 30 });
if (imported.status !== 0) throw new Error(String(imported.stderr));
spawnSync("git", ["checkout", "-q", "main"], { cwd: repo });
const count = spawnSync("git", ["rev-list", "--count", "HEAD"], { cwd: repo, encoding: "utf8" }).stdout.trim();
console.log(`repository: ${count} commits, ${FILES} files, ${AUTHORS.length} authors over 14 months (${repo})`);

const since = new Date(Date.now() - 365 * 86400 * 1000);
let t = performance.now();
const log = windowLog(repo, spawnSync("git", ["rev-parse", "HEAD"], { cwd: repo, encoding: "utf8" }).stdout.trim(), since, { write: false })!;
const totals = aggregateCommits(log.commits, 30, log.complete);
console.log(`git log pass (12 months): ${totals.commits} commits, ${Object.keys(totals.pairs).length} file pairs in ${Math.round(performance.now() - t)} ms`);
t = performance.now();
const report = analyze(repo);
console.log(`whole analysis, cold: ${Math.round(performance.now() - t)} ms (history stage ${report.timings.history} ms); ${report.history.coupling.length} coupled pairs, ${report.history.hotspots.length} hotspots`);
t = performance.now();
const warm = analyze(repo);
console.log(`whole analysis, warm (history cached per HEAD): ${Math.round(performance.now() - t)} ms (history stage ${warm.timings.history} ms)`);
// One new commit on top of the cached history: only `git log <old>..HEAD` is read.
spawnSync("git", ["-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-q", "--allow-empty", "-m", "one more"], { cwd: repo });
t = performance.now();
const moved = analyze(repo);
console.log(`whole analysis after one new commit (incremental history): ${Math.round(performance.now() - t)} ms (history stage ${moved.timings.history} ms)`);
console.log(`peak memory: ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
rmSync(repo, { recursive: true, force: true });

/** `tool hotspots` on a worktree of a real repository's HEAD: cold, warm, after new commits. */
function benchRepository(source: string, runs: number): void {
  const projectRoot = join(import.meta.dirname, "..");
  if (spawnSync(process.execPath, [join(projectRoot, "scripts/build.ts")], { cwd: projectRoot, stdio: "ignore" }).status !== 0) {
    throw new Error("npm run build failed");
  }
  const tool = join(projectRoot, "dist/tool");
  const tree = join(mkdtempSync(join(tmpdir(), "tool-bench-history-")), "tree");
  const added = spawnSync("git", ["worktree", "add", "-q", "--detach", tree, "HEAD"], { cwd: source, encoding: "utf8" });
  if (added.status !== 0) throw new Error(`git worktree add: ${added.stderr}`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  // One timed run of the tool under /usr/bin/time: wall time and peak RSS.
  const hotspots = () => {
    const start = performance.now();
    const run = spawnSync("/usr/bin/time", ["-f", "%M", tool, "hotspots", "--json"], { cwd: tree, encoding: "utf8", maxBuffer: 1 << 30 });
    const ms = performance.now() - start;
    if (run.status !== 0) throw new Error(run.stderr);
    return { ms, rssMb: Math.round(Number(run.stderr.trim().split("\n").pop()) / 1024), commits: (JSON.parse(run.stdout) as { commits: number }).commits };
  };
  try {
    const since = new Date(Date.now() - 365 * 86400 * 1000).toISOString();
    const start = performance.now();
    spawnSync("git", ["log", `--since=${since}`, "--no-merges", "-M", "--numstat", "--format=%H"], { cwd: tree, stdio: "ignore" });
    const plainLog = performance.now() - start;
    rmSync(join(tree, ".tool/cache"), { recursive: true, force: true });
    const cold = hotspots();
    const warm = Array.from({ length: runs }, hotspots);
    const moved = Array.from({ length: runs }, (_, r) => {
      appendFileSync(join(tree, "bench-history-edit.txt"), `edit ${r}\n`);
      spawnSync("git", ["add", "bench-history-edit.txt"], { cwd: tree });
      spawnSync("git", ["-c", "user.name=Bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", `bench ${r}`], { cwd: tree });
      return hotspots();
    });
    console.log(`${source} at HEAD, ${cold.commits} commits in the 12-month window; ${runs} runs, medians`);
    console.log(`plain git log --numstat over the window   ${plainLog.toFixed(0).padStart(6)} ms`);
    console.log(`tool hotspots, cold (no cache)            ${cold.ms.toFixed(0).padStart(6)} ms, peak RSS ${cold.rssMb} MB`);
    console.log(`tool hotspots, warm                       ${median(warm.map((w) => w.ms)).toFixed(0).padStart(6)} ms, peak RSS ${median(warm.map((w) => w.rssMb))} MB`);
    console.log(`tool hotspots, after one new commit       ${median(moved.map((m) => m.ms)).toFixed(0).padStart(6)} ms, peak RSS ${median(moved.map((m) => m.rssMb))} MB (runs: ${moved.map((m) => Math.round(m.ms)).join(" ")})`);
  } finally {
    spawnSync("git", ["worktree", "remove", "--force", tree], { cwd: source });
  }
}

// Benchmark of `tool graph --json` against dependency-cruiser, madge and rev-dep on a synthetic
// repository of 5000 TypeScript files with realistic import fan-out, cold (no analysis cache)
// and warm (one file edited). It also compares the resolved local edges and the files in
// runtime cycles with what dependency-cruiser finds, and prints the differences.
//
//   bun scripts/bench-graph.ts [--files 5000] [--runs 5]
//   bun scripts/bench-graph.ts --repo PATH [--edit FILE] [--runs 5]
//
// With --repo it times a repository of yours instead (a large public one you cloned): the tool
// cold and warm against rev-dep, taking turns; FILE (default: the first tracked .ts file) is
// edited for the warm runs and put back as it was. madge and dependency-cruiser are left out
// there (seconds per run on thousands of files), and so is the agreement check.
//
// The peers are installed on first use into $TMPDIR/tool-bench-peers, never into this project.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { files: { type: "string", default: "5000" }, runs: { type: "string", default: "5" }, repo: { type: "string" }, edit: { type: "string" } },
});
const FILES = Number(values.files);
const RUNS = Number(values.runs);
const projectRoot = join(import.meta.dirname, "..");
const peers = join(tmpdir(), "tool-bench-peers");

function sh(cmd: string, args: string[], cwd: string): { ms: number; stdout: string; status: number | null; stderr: string } {
  const start = performance.now();
  const result = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 1 << 30 });
  return { ms: performance.now() - start, stdout: result.stdout, status: result.status, stderr: result.stderr };
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

// --- the synthetic repository -------------------------------------------------------------
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pick = (n: number) => Math.floor(random() * n);

function generate(dir: string, total: number): void {
  const perFolder = 100;
  const count = total - 20; // 20 shared files make `total` in all
  const folders = Math.ceil(count / perFolder);
  const name = (i: number) => `src/features/f${String(Math.floor(i / perFolder)).padStart(2, "0")}/m${String(i % perFolder).padStart(3, "0")}.ts`;
  const rel = (from: number, to: number) => {
    const a = Math.floor(from / perFolder);
    const b = Math.floor(to / perFolder);
    const file = `m${String(to % perFolder).padStart(3, "0")}`;
    return a === b ? `./${file}` : `../f${String(b).padStart(2, "0")}/${file}`;
  };
  mkdirSync(join(dir, "src/shared"), { recursive: true });
  for (let s = 0; s < 20; s++) {
    writeFileSync(join(dir, `src/shared/util${s}.ts`), `export interface Shape${s} { id: string }\nexport function util${s}(x: number): number {\n  return x > ${s} ? x : ${s};\n}\n`);
  }
  for (let f = 0; f < folders; f++) mkdirSync(join(dir, `src/features/f${String(f).padStart(2, "0")}`), { recursive: true });
  for (let i = 0; i < count; i++) {
    const lines: string[] = [];
    const imports = new Set<number>();
    // Mostly downward imports (a DAG), within the folder and to earlier folders.
    const fanOut = 2 + pick(5);
    for (let k = 0; k < fanOut && i > 0; k++) {
      const target = random() < 0.7 ? Math.max(0, i - 1 - pick(Math.min(i, 20))) : pick(i);
      if (target !== i) imports.add(target);
    }
    // A few back edges make cycles.
    if (i % 97 === 50 && i + 3 < count) imports.add(i + 1 + pick(3));
    let n = 0;
    for (const target of imports) {
      const kind = random() < 0.15 ? "import type" : "import";
      lines.push(`${kind} { v${target % perFolder} as dep${n++} } from "${rel(i, target)}";`);
    }
    const shared = pick(20);
    lines.push(`import { util${shared}, type Shape${shared} } from "../../shared/util${shared}";`);
    if (random() < 0.3) lines.push(`import { useMemo } from "react";`);
    if (random() < 0.2) lines.push(`import lodash from "lodash";`);
    lines.push("", `export const v${i % perFolder} = ${i};`, "");
    lines.push(`export interface Props${i} { id: string; items?: Array<number> }`, "");
    lines.push(`export class Service${i} {`, `  constructor(private readonly base: number) {}`, `  run(input: number[]): number {`);
    lines.push(`    let total = 0;`, `    for (const x of input) {`, `      if (x > this.base && x % 2 === 0) total += util${shared}(x);`, `      else total -= x ?? 0;`, `    }`);
    lines.push(`    return total > 0 ? total : -total;`, `  }`, `}`, "");
    lines.push(`export function describe${i}(shape: Shape${shared}): string {`, "  // TODO: localise", "  return `shape ${shape.id}`;", "}");
    writeFileSync(join(dir, name(i)), lines.join("\n") + "\n");
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench-repo", private: true, dependencies: { react: "18.0.0", lodash: "4.0.0" } }));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, module: "esnext", moduleResolution: "bundler" } }));
  writeFileSync(join(dir, ".dependency-cruiser.json"), JSON.stringify({
    forbidden: [{ name: "no-circular", severity: "error", from: {}, to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } } }],
    options: { tsPreCompilationDeps: true, tsConfig: { fileName: "tsconfig.json" } },
  }));
  spawnSync("git", ["init", "-q"], { cwd: dir });
  spawnSync("git", ["add", "-A"], { cwd: dir });
  spawnSync("git", ["-c", "user.name=b", "-c", "user.email=b@x", "commit", "-qm", "bench"], { cwd: dir });
}

// --- peers ----------------------------------------------------------------------------------
function ensurePeers(): void {
  if (existsSync(join(peers, "node_modules/.bin/rev-dep"))) return;
  mkdirSync(peers, { recursive: true });
  writeFileSync(join(peers, "package.json"), '{"private":true}');
  console.log("installing dependency-cruiser, madge, rev-dep into", peers);
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund", "dependency-cruiser@17", "madge@8", "rev-dep@2", "typescript@5"], { cwd: peers, stdio: "inherit" });
  if (result.status !== 0) throw new Error("could not install the peers");
}

// --- run ------------------------------------------------------------------------------------
ensurePeers();
const build = spawnSync(process.execPath, [join(projectRoot, "scripts/build.ts")], { cwd: projectRoot, stdio: "ignore" });
if (build.status !== 0) throw new Error("npm run build failed");
const tool = join(projectRoot, "dist/tool");
const ownRepo = values.repo ? resolve(values.repo) : undefined;
const repo = ownRepo ?? mkdtempSync(join(tmpdir(), "tool-bench-graph-"));
if (!ownRepo) generate(repo, FILES);
const edited = values.edit ?? (ownRepo ? firstTsFile(ownRepo) : "src/features/f10/m010.ts");
const original = readFileSync(join(repo, edited));
console.log(ownRepo ? `repository ${repo}; warm runs edit ${edited}; ${RUNS} runs each, medians` : `synthetic repository: ${FILES} TS files in ${repo}; ${RUNS} runs each, medians`);

function firstTsFile(dir: string): string {
  const listed = spawnSync("git", ["ls-files", "*.ts"], { cwd: dir, encoding: "utf8" }).stdout.split("\n").find((path) => path && !path.endsWith(".d.ts"));
  if (!listed) throw new Error(`--edit FILE: no tracked .ts file in ${dir} to edit`);
  return listed;
}
const bin = (name: string) => join(peers, "node_modules/.bin", name);

/** The top of the git work tree holding `dir`, as the tool finds it: its analysis, and so its cache, belong there even when run from a subfolder. */
function workTreeTop(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return at;
    if (dirname(at) === at) return dir;
  }
}
const cacheDir = join(workTreeTop(repo), ".tool/cache");
if (workTreeTop(repo) !== repo) console.log(`the tool analyses the whole work tree at ${workTreeTop(repo)}; rev-dep reads ${repo} alone`);

// tool and rev-dep take turns, so that both meet the machine in the same state: on a shared
// machine the load changes from minute to minute, and the ratio is the figure that matters.
const cold: number[] = [];
const warm: number[] = [];
const revdepTimes: number[] = [];
let report: { edges: { from: string; to: string; kind: string }[]; cycles: { kind: string; files: string[] }[]; files: unknown[] } | undefined;
for (let r = 0; r < RUNS; r++) {
  rmSync(cacheDir, { recursive: true, force: true }); // the caches only: a repository of yours keeps its tasks
  const run = sh(tool, ["graph", "--json"], repo);
  if (run.status !== 0) throw new Error(run.stderr);
  cold.push(run.ms);
  report = JSON.parse(run.stdout);
  revdepTimes.push(sh(bin("rev-dep"), ["circular", "--ignore-type-imports"], repo).ms);
}
for (let r = 0; r < RUNS; r++) {
  appendFileSync(join(repo, edited), `export const edit${r} = ${r};\n`);
  warm.push(sh(tool, ["graph", "--json"], repo).ms);
  revdepTimes.push(sh(bin("rev-dep"), ["circular", "--ignore-type-imports"], repo).ms);
}
writeFileSync(join(repo, edited), original);
const revdep = { ms: median(revdepTimes) };
if (ownRepo) {
  console.log("");
  console.log(`${"tool graph (cold, no cache)".padEnd(40)} ${median(cold).toFixed(0).padStart(7)} ms`);
  console.log(`${"tool graph (warm, one file edited)".padEnd(40)} ${median(warm).toFixed(0).padStart(7)} ms`);
  console.log(`${"rev-dep circular".padEnd(40)} ${revdep.ms.toFixed(0).padStart(7)} ms`);
  console.log(`runs (ms): cold ${cold.map(Math.round).join(" ")}; warm ${warm.map(Math.round).join(" ")}; rev-dep ${revdepTimes.map(Math.round).join(" ")}`);
  console.log(`cold vs rev-dep: ${(median(cold) / revdep.ms).toFixed(2)}x rev-dep's time; warm vs rev-dep: ${(median(warm) / revdep.ms).toFixed(2)}x`);
  const peak = spawnSync("/usr/bin/time", ["-f", "%M", tool, "graph", "--json"], { cwd: repo, encoding: "utf8", maxBuffer: 1 << 30 });
  if (peak.status === 0) console.log(`peak RSS of a warm run: ${Math.round(Number(peak.stderr.trim().split("\n").pop()) / 1024)} MB`);
  process.exit(0);
}
const peerRuns = (args: [string, string[]], runs: number) => {
  const times: number[] = [];
  let out = "";
  for (let r = 0; r < runs; r++) {
    const run = sh(args[0], args[1], repo);
    times.push(run.ms);
    out = run.stdout;
  }
  return { ms: median(times), out };
};
const madge = peerRuns([bin("madge"), ["--json", "--extensions", "ts", "--ts-config", "tsconfig.json", "src"]], Math.min(RUNS, 3));
const depcruise = peerRuns([bin("depcruise"), ["src", "--output-type", "json", "--config", ".dependency-cruiser.json"]], Math.min(RUNS, 3));

const rows = [
  ["tool graph (cold, no cache)", median(cold)],
  ["tool graph (warm, one file edited)", median(warm)],
  ["rev-dep circular", revdep.ms],
  ["madge --json", madge.ms],
  ["dependency-cruiser --output-type json", depcruise.ms],
] as const;
console.log("");
for (const [name, ms] of rows) console.log(`${name.padEnd(40)} ${ms.toFixed(0).padStart(7)} ms`);
console.log(`runs (ms): cold ${cold.map(Math.round).join(" ")}; warm ${warm.map(Math.round).join(" ")}; rev-dep ${revdepTimes.map(Math.round).join(" ")}`);
console.log("");
console.log(`cold vs dependency-cruiser: ${(depcruise.ms / median(cold)).toFixed(1)}x faster`);
console.log(`cold vs madge:              ${(madge.ms / median(cold)).toFixed(1)}x faster`);
console.log(`cold vs rev-dep:            ${(median(cold) / revdep.ms).toFixed(2)}x rev-dep's time`);
console.log(`warm vs rev-dep:            ${(median(warm) / revdep.ms).toFixed(2)}x rev-dep's time`);

// --- agreement with dependency-cruiser -------------------------------------------------------
type CruiseModule = { source: string; dependencies: { resolved: string; coreModule: boolean; couldNotResolve: boolean; dependencyTypes: string[]; circular?: boolean }[] };
const cruise = JSON.parse(depcruise.out) as { modules: CruiseModule[]; summary: { violations: { from: string; to: string; cycle?: { name: string }[] }[] } };
const ours = new Set(report!.edges.map((e) => `${e.from} -> ${e.to}`));
const theirs = new Set<string>();
for (const module of cruise.modules) {
  for (const dep of module.dependencies) {
    if (dep.coreModule || dep.couldNotResolve || dep.resolved.includes("node_modules") || !dep.resolved.startsWith("src/")) continue;
    theirs.add(`${module.source} -> ${dep.resolved}`);
  }
}
const onlyOurs = [...ours].filter((e) => !theirs.has(e));
const onlyTheirs = [...theirs].filter((e) => !ours.has(e));
console.log(`\nlocal edges: tool ${ours.size}, dependency-cruiser ${theirs.size}; only tool: ${onlyOurs.length}, only dependency-cruiser: ${onlyTheirs.length}`);
for (const e of onlyOurs.slice(0, 10)) console.log(`  only tool: ${e}`);
for (const e of onlyTheirs.slice(0, 10)) console.log(`  only dependency-cruiser: ${e}`);
const ourCycleFiles = new Set(report!.cycles.filter((c) => c.kind === "runtime").flatMap((c) => c.files));
const theirCycleFiles = new Set<string>();
for (const violation of cruise.summary.violations) for (const step of violation.cycle ?? []) theirCycleFiles.add(step.name);
for (const violation of cruise.summary.violations) if (violation.cycle) theirCycleFiles.add(violation.from);
const cycleOnlyOurs = [...ourCycleFiles].filter((f) => !theirCycleFiles.has(f));
const cycleOnlyTheirs = [...theirCycleFiles].filter((f) => !ourCycleFiles.has(f));
console.log(`files in runtime cycles: tool ${ourCycleFiles.size}, dependency-cruiser ${theirCycleFiles.size}; only tool: ${cycleOnlyOurs.length}, only dependency-cruiser: ${cycleOnlyTheirs.length}`);
for (const f of cycleOnlyOurs.slice(0, 10)) console.log(`  only tool: ${f}`);
for (const f of cycleOnlyTheirs.slice(0, 10)) console.log(`  only dependency-cruiser: ${f}`);
rmSync(repo, { recursive: true, force: true });

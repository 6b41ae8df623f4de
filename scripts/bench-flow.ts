// The time of a ship run on a small repository, gate by gate: `tool flow run <task> ship` on a
// copy of tests/fixtures/ts-app with a task whose criterion is covered, run as a user runs it.
//
//   bun scripts/bench-flow.ts [--runs 3]
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const projectRoot = join(import.meta.dirname, "..");
const root = mkdtempSync(join(tmpdir(), "tool-bench-flow-"));
cpSync(join(projectRoot, "tests/fixtures/ts-app"), root, { recursive: true });
writeFileSync(join(root, "package.json"), JSON.stringify({ name: "bench", scripts: { test: "node -e \"console.log('AC-1 ok')\"" } }));
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: root, encoding: "utf8" });
run("git", ["init", "-q", "-b", "main"]);
run("git", ["add", "-A"]);
run("git", ["-c", "user.name=b", "-c", "user.email=b@b", "commit", "-q", "-m", "first"]);
const tool = (...args: string[]) => run(process.execPath, [join(projectRoot, "main.ts"), ...args, "--root", root]);
tool("new", "speed", "--title", "Speed", "--criterion", "pages load");
tool("subtask", "add", "speed", "--title", "Cache", "--criteria", "AC-1");

const totals = new Map<string, number[]>();
const wall: number[] = [];
for (let i = 0; i < Number(values.runs); i++) {
  const start = performance.now();
  const out = tool("flow", "run", "speed", "ship", "--reset", "--json");
  wall.push(performance.now() - start);
  const result = JSON.parse(out.stdout) as { run: { outcome: string; results: { gate: string; ms: number; status: string }[] } };
  for (const r of result.run.results) totals.set(r.gate, [...(totals.get(r.gate) ?? []), r.ms]);
  if (i === 0) console.log(`outcome: ${result.run.outcome} (${result.run.results.map((r) => `${r.gate} ${r.status}`).join(", ")})`);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`ship on a small repository (tests/fixtures/ts-app), median of ${values.runs} runs:`);
for (const [gate, ms] of totals) console.log(`  ${gate.padEnd(10)} ${String(median(ms)).padStart(6)} ms`);
console.log(`  whole command ${median(wall).toFixed(0)} ms (process start, task read, the gates, the state write)`);
rmSync(root, { recursive: true, force: true });

// The loop's own overhead per iteration and its memory after 200 iterations: a loop in this
// process (workflow/loops/engine.ts with the real dependencies) over 99 subtasks (a task's
// most), each done by the fake Claude Code of tests/fixtures/loop-agent (one small write) and
// gated by a command that fails every other time, so each subtask takes two iterations (one
// rolled back, one accepted) and the loop runs about 200. Overhead = the iteration's time minus its agent's run time (the transcript's first to
// last event) minus its gates' time.
//
//   bun scripts/bench-loop.ts [--iterations 200]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loopDeps } from "../workflow/loops/deps.ts";
import { runLoop } from "../workflow/loops/engine.ts";
import { createTask } from "../workflow/tasks/mod.ts";

const { values } = parseArgs({ options: { iterations: { type: "string", default: "200" } } });
const ITERATIONS = Number(values.iterations);
const N = Math.min(99, Math.ceil(ITERATIONS / 2));
const projectRoot = join(import.meta.dirname, "..");
process.env.PATH = `${join(projectRoot, "tests/fixtures/loop-agent/bin")}:${process.env.PATH}`;
const root = mkdtempSync(join(tmpdir(), "tool-bench-loop-"));
const toggle = join(mkdtempSync(join(tmpdir(), "tool-bench-toggle-")), "passes-next");
mkdirSync(join(root, ".tool/flows"), { recursive: true });
const alternate = `if [ -f ${toggle} ]; then rm ${toggle}; else touch ${toggle}; exit 1; fi`;
writeFileSync(join(root, ".tool/flows/quick.json"), JSON.stringify({ name: "quick", gates: [{ name: "every-other", kind: "command", run: ["sh", "-c", alternate] }] }));
writeFileSync(join(root, ".tool/config.json"), JSON.stringify({ agents: { trusted: { claude: { maxPermission: "edit" } } } }));
writeFileSync(join(root, "README.md"), "bench\n");
const git = (...args: string[]) => spawnSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...args], { cwd: root });
git("init", "-q", "-b", "main");
git("add", "-A");
git("commit", "-q", "-m", "first");
createTask(root, { slug: "bench", title: "Bench" });
// 200 subtask files written directly: the task store's add takes a lock per call, not what is measured here.
mkdirSync(join(root, ".tool/tasks/bench/subtasks"), { recursive: true });
for (let i = 1; i <= N; i++) {
  writeFileSync(join(root, `.tool/tasks/bench/subtasks/${String(i).padStart(2, "0")}-part.md`), `---\ntitle: Part ${i}\nstatus: pending\n---\n\n- [ ] @write src/f${i}.ts export const f${i} = ${i};\n`);
}
const heapBefore = process.memoryUsage();
const started = performance.now();
const state = await runLoop(root, { task: "bench", flow: "quick", maxIterations: Math.min(200, ITERATIONS) }, loopDeps);
const wall = performance.now() - started;
// The flow keeps its newest 50 runs: the iterations measured are those whose gate times it still has.
const overheads = state.iterations.flatMap((it) => {
  const events = readFileSync(join(root, it.agent.transcript!), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { at: string });
  const agentMs = Date.parse(events.at(-1)!.at) - Date.parse(events[0]!.at);
  const flow = JSON.parse(readFileSync(join(root, ".tool/tasks/bench/flows/quick.json"), "utf8")) as { history: { iteration: number; results: { ms: number }[] }[] };
  const gates = flow.history.find((r) => r.iteration === it.n);
  if (!gates) return [];
  const gatesMs = gates.results.reduce((sum, r) => sum + r.ms, 0);
  return [{ total: it.ms, agent: agentMs, gates: gatesMs, own: it.ms - agentMs - gatesMs }];
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const after = process.memoryUsage();
console.log(`loop: ${state.status} (${state.reason}); ${state.accepted} of ${state.iteration} iterations accepted in ${(wall / 1000).toFixed(1)} s`);
console.log(`per iteration, median: ${median(overheads.map((o) => o.total))} ms in all = agent ${median(overheads.map((o) => o.agent))} ms + gates ${median(overheads.map((o) => o.gates))} ms + the loop's own ${median(overheads.map((o) => o.own))} ms`);
console.log(`(measured on the last ${overheads.length} iterations; the first 20 of all took ${median(state.iterations.slice(0, 20).map((i) => i.ms))} ms each, the last 20 ${median(state.iterations.slice(-20).map((i) => i.ms))} ms)`);
console.log(`memory: rss ${(heapBefore.rss / 2 ** 20).toFixed(0)} -> ${(after.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(heapBefore.heapUsed / 2 ** 20).toFixed(0)} -> ${(after.heapUsed / 2 ** 20).toFixed(0)} MiB; state.json ${(readFileSync(join(root, `.tool/tasks/bench/loops/${state.id}/state.json`)).length / 1024).toFixed(0)} KiB`);
rmSync(root, { recursive: true, force: true });

// Benchmark of agent runs through the console: POST /api/agents/run to its 202, and event
// delivery (a line written by the agent to the SSE frame received by a client), median and p99.
// The agent is the fake Claude Code of tests/fixtures/agents, which stamps each line it prints
// with the wall clock in microseconds; `tool serve` runs as a child process, as users run it.
//
//   bun scripts/bench-agents.ts [--runs 30] [--lines 200]
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { runs: { type: "string", default: "30" }, lines: { type: "string", default: "200" } } });
const RUNS = Number(values.runs);
const LINES = Number(values.lines);
const projectRoot = join(import.meta.dirname, "..");
const now = () => performance.timeOrigin + performance.now();

const root = mkdtempSync(join(tmpdir(), "tool-bench-agents-"));
for (let i = 0; i < RUNS; i++) {
  mkdirSync(join(root, `.tool/tasks/task-${i}`), { recursive: true });
  writeFileSync(join(root, `.tool/tasks/task-${i}/task.md`), `---\nid: task-${i}\ntitle: Task ${i}\nworkflow: standard\nstage: build\n---\n\n## Goal\n\nBench.\n`);
}
writeFileSync(join(root, ".tool/config.json"), JSON.stringify({ agents: { trusted: { claude: { maxPermission: "edit" } } } }));
const git = (...args: string[]) => spawn("git", args, { cwd: root, stdio: "ignore" });
await new Promise((r) => git("init", "-q").on("exit", r));

const server = spawn(process.execPath, [join(projectRoot, "main.ts"), "serve", "--port", "0", "--root", root], {
  env: { ...process.env, PATH: `${join(projectRoot, "tests/fixtures/agents/bin")}:${process.env.PATH}` },
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise<string>((resolve) => {
  let out = "";
  server.stdout!.on("data", (chunk) => {
    out += chunk;
    const found = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
    if (found) resolve(found);
  });
});
const page = await (await fetch(`${url}/`)).text();
const token = /name="tool-token" content="([^"]+)"/.exec(page)![1]!;

const delivery: number[] = [];
const accepted: number[] = [];
let ended = 0;
const events = await fetch(`${url}/api/events`);
const reader = events.body!.getReader();
void (async () => {
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const at = now();
    buffer += decoder.decode(value, { stream: true });
    let split;
    while ((split = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (name === "agent-end") ended++;
      if (name !== "agent" || !data) continue;
      const stamp = / at (\d+\.\d+)$/.exec(JSON.parse(data).event.text ?? "")?.[1];
      if (stamp) delivery.push(at - Number(stamp));
    }
  }
})();

for (let i = 0; i < RUNS; i++) {
  const start = now();
  const response = await fetch(`${url}/api/agents/run`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-tool-token": token },
    body: JSON.stringify({ task: `task-${i}`, provider: "claude", prompt: `@lines ${LINES}` }),
  });
  accepted.push(now() - start);
  if (response.status !== 202) throw new Error(`run ${i}: ${response.status} ${await response.text()}`);
  await response.body?.cancel();
  const target = i + 1;
  while (ended < target) await new Promise((r) => setTimeout(r, 5));
}
await reader.cancel();
server.kill("SIGTERM");
rmSync(root, { recursive: true, force: true });

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
console.log(`agent runs: ${RUNS} runs of ${LINES} lines each through tool serve`);
console.log(`POST /api/agents/run -> 202: median ${pct(accepted, 50).toFixed(2)} ms, p99 ${pct(accepted, 99).toFixed(2)} ms`);
console.log(`event delivery, line printed -> SSE frame received (${delivery.length} events): median ${pct(delivery, 50).toFixed(2)} ms, p99 ${pct(delivery, 99).toFixed(2)} ms`);

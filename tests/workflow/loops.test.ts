// Loops on real git repositories, driven through `tool loop` as a user runs it, with a fake
// Claude Code on PATH that edits files as its subtask's checklist says: completion, byte-for-byte
// rollback that leaves the user's own dirty file alone, budgets, stalling past the last rung,
// stop from the API during an agent run, kill -9, a tampered ledger, events seen by a server.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startConsole } from "../../routes/mod.ts";
import { addSubtask, createTask, readTask } from "../../workflow/tasks/mod.ts";
import { commitAll, FIXTURES, git, PROJECT_ROOT, runTool, tempDir, writeFiles } from "../helpers/repo.ts";
import { eventually, HOST, makeHarness, post } from "../routes/harness.ts";
import { openStream } from "../routes/sse.ts";

const env = { PATH: `${join(FIXTURES, "loop-agent", "bin")}:/usr/bin:/bin` };
const test = suite("tool loop");

const APP = "export const app = 1;\n";

/** A repository with a task, the gate `no-bad` (fails when src holds BAD), claude trusted, and a dirty file of the user's. */
async function repo(checklists: string[][]): Promise<string> {
  const root = tempDir("tool-loop-");
  writeFiles(root, {
    "src/app.ts": APP,
    "notes.txt": "committed notes\n",
    ".tool/flows/check.json": JSON.stringify({ name: "check", gates: [{ name: "no-bad", kind: "command", run: ["sh", "-c", "! grep -rq BAD src"] }] }),
    ".tool/config.json": JSON.stringify({ agents: { trusted: { claude: { maxPermission: "edit" } } } }),
  });
  commitAll(root);
  writeFileSync(join(root, "notes.txt"), "my own uncommitted notes\n");
  createTask(root, { slug: "login", title: "Add login" });
  for (const [i, items] of checklists.entries()) await addSubtask(root, "login", { title: `Part ${i + 1}`, items, dependsOn: i ? [String(i).padStart(2, "0")] : [] });
  return root;
}

const loop = (root: string, ...args: string[]) => runTool(["loop", "start", "login", "--flow", "check", "--json", ...args], { cwd: root, env });
const stateOf = (root: string, id: string) => JSON.parse(readFileSync(join(root, `.tool/tasks/login/loops/${id}/state.json`), "utf8"));

test("a loop that completes: each subtask's change kept, the ledger verifies, the user's dirty file untouched", async () => {
  const root = await repo([["@write src/a.ts export const a = 1;"], ["@write src/b.ts export const b = 2;"]]);
  const result = loop(root);
  assert.is(result.code, 0, result.stderr);
  const summary = JSON.parse(result.stdout);
  assert.equal([summary.status, summary.accepted, summary.iteration], ["completed", 2, 2]);
  assert.match(result.stderr, /iteration 1: subtask 01 "Part 1" with claude/);
  assert.is(readFileSync(join(root, "src/b.ts"), "utf8"), "export const b = 2;\n");
  assert.equal(readTask(root, "login").subtasks.map((s) => s.status), ["done", "done"]);
  assert.is(readFileSync(join(root, "notes.txt"), "utf8"), "my own uncommitted notes\n");
  assert.is(git(root, "rev-parse", "--abbrev-ref", "HEAD").trim(), "main", "the branch is not moved");
  assert.is(git(root, "log", "--oneline").trim().split("\n").length, 1, "no commit on the branch");
  const verify = runTool(["loop", "verify", "login", summary.id, "--json"], { cwd: root, env });
  assert.is(verify.code, 0);
  assert.equal(JSON.parse(verify.stdout), { ok: true, entries: 7, checkpoints: 3, problems: [], warnings: [] });
  const state = stateOf(root, summary.id);
  assert.equal(state.iterations.map((i: { decision: string }) => i.decision), ["accepted", "accepted"]);
  assert.equal(state.iterations[0].gates, [{ gate: "no-bad", kind: "command", status: "passed", summary: "sh -c ! grep -rq BAD src exited with 0" }]);
  assert.match(state.iterations[0].agent.transcript, /^\.tool\/tasks\/login\/agents\/.*\.jsonl$/);
});

test("a bad edit is rolled back byte for byte, the user's dirty file stays; rejected on every rung, the loop stalls", async () => {
  const root = await repo([["@write src/app.ts BAD code"]]);
  const result = loop(root);
  assert.is(result.code, 1);
  const summary = JSON.parse(result.stdout);
  assert.is(summary.status, "stalled");
  assert.is(readFileSync(join(root, "src/app.ts"), "utf8"), APP, "restored byte for byte");
  assert.is(readFileSync(join(root, "notes.txt"), "utf8"), "my own uncommitted notes\n");
  const state = stateOf(root, summary.id);
  assert.equal(state.iterations.map((i: { decision: string }) => i.decision), Array(4).fill("rolled-back"));
  assert.match(state.iterations[0].reasons.join(" "), /no-bad failed/);
  assert.equal(state.iterations.map((i: { rung: { effort: string } }) => i.rung.effort), ["medium", "medium", "high", "high"], "two rejections, then a higher effort");
  assert.match(state.reason, /rejected 2 times on each of 2 rung/);
  assert.is(readTask(root, "login").subtasks[0]!.status, "pending");
});

test("budgets: iterations, cost and minutes each end the loop budget-exhausted", async () => {
  const three = [["@write src/a.ts export const a = 1;"], ["@write src/b.ts export const b = 1;"], ["@write src/c.ts export const c = 1;"]];
  let root = await repo(three);
  let summary = JSON.parse(loop(root, "--max-iterations", "1").stdout);
  assert.equal([summary.status, summary.iteration], ["budget-exhausted", 1]);
  root = await repo(three);
  summary = JSON.parse(loop(root, "--max-cost", "0.4").stdout);
  assert.equal([summary.status, summary.iteration, summary.spent.cost], ["budget-exhausted", 2, 0.5]);
  root = await repo([["@sleep 5000", "@write src/a.ts export const a = 1;"]]);
  summary = JSON.parse(loop(root, "--max-minutes", "0.02").stdout);
  assert.is(summary.status, "budget-exhausted");
  assert.equal(stateOf(root, summary.id).iterations[0].agent.status, "stopped", "the agent was stopped at the deadline");
});

test("bad input: exit 2 with one line, nothing started", async () => {
  const root = await repo([["@noop"]]);
  const cases: [string[], RegExp][] = [
    [["loop", "start", "ghost"], /no task "ghost"/],
    [["loop", "start", "login", "--max-iterations=-1"], /--max-iterations must be a positive number/],
    [["loop", "start", "login", "--max-iterations", "0"], /--max-iterations must be a positive number/],
    [["loop", "start", "login", "--max-cost", "abc"], /--max-cost must be a positive number/],
    [["loop", "start", "login", "--provider", "codex"], /codex is not trusted/],
    [["loop", "start", "login", "--provider", "nope"], /"provider" must be one of/],
    [["loop", "stop", "login", "Bad_Id"], /loop id/i],
  ];
  for (const [args, message] of cases) {
    const result = runTool(args, { cwd: root, env });
    assert.is(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    assert.match(result.stderr, message, args.join(" "));
    assert.is(result.stderr.trim().split("\n").length, 1);
  }
  // A file a subtask names, changed and not committed: the loop may have to restore it, so it refuses.
  const dirty = await repo([["@noop"]]);
  await addSubtask(dirty, "login", { title: "Touch the app", files: ["src/app.ts"] });
  writeFileSync(join(dirty, "src/app.ts"), "my unsaved edit\n");
  const refused = runTool(["loop", "start", "login"], { cwd: dirty, env });
  assert.is(refused.code, 2);
  assert.match(refused.stderr, /uncommitted changes in src\/app\.ts/);
  assert.is(readFileSync(join(dirty, "src/app.ts"), "utf8"), "my unsaved edit\n");
  const done = await repo([]);
  const none = runTool(["loop", "start", "login"], { cwd: done, env });
  assert.is(none.code, 2);
  assert.match(none.stderr, /no open subtask|no ready subtask/);
  assert.equal(JSON.parse(runTool(["loop", "list", "--json"], { cwd: root, env }).stdout).loops, []);
});

test("stop from the API during an agent run: the run is stopped, the iteration rolled back, the loop ends stopped", async () => {
  const root = await repo([["@write src/app.ts half done", "@sleep 30000"]]);
  const child = spawn(process.execPath, [join(PROJECT_ROOT, "main.ts"), "loop", "start", "login", "--flow", "check", "--json"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  const h = makeHarness({ root });
  try {
    let id = "";
    assert.ok(await eventually(async () => {
      const loops = (await (await h.app.request("/api/loops", { headers: HOST })).json()).loops;
      id = loops[0]?.id ?? "";
      return loops[0]?.phase === "agent" && loops[0]?.live === true;
    }, 15_000), "the loop is in its agent phase");
    await eventually(() => readFileSync(join(root, "src/app.ts"), "utf8") === "half done\n");
    const stop = await h.app.request("/api/loops/stop", post(h.token, { task: "login", id, reason: "going home" }));
    assert.is(stop.status, 202);
    assert.equal(await stop.json(), { requested: true });
    const code = await new Promise((resolve) => child.on("exit", resolve));
    assert.is(code, 1);
    const summary = JSON.parse(stdout);
    assert.equal([summary.status, summary.reason], ["stopped", "going home"]);
    assert.is(readFileSync(join(root, "src/app.ts"), "utf8"), APP, "the iteration was rolled back");
    assert.is(stateOf(root, id).iterations[0].agent.status, "stopped");
    const again = await h.app.request("/api/loops/stop", post(h.token, { task: "login", id }));
    assert.is(again.status, 409, "a loop that is not running cannot be stopped");
  } finally {
    child.kill("SIGKILL");
  }
});

test("kill -9 of the loop process: the loop reads not live, its ledger verifies with at most a warning", async () => {
  const root = await repo([["@sleep 30000"]]);
  const child = spawn(process.execPath, [join(PROJECT_ROOT, "main.ts"), "loop", "start", "login", "--flow", "check"], { cwd: root, env: { ...process.env, ...env }, stdio: "ignore" });
  const h = makeHarness({ root });
  let id = "";
  assert.ok(await eventually(async () => {
    const loops = (await (await h.app.request("/api/loops", { headers: HOST })).json()).loops;
    id = loops[0]?.id ?? "";
    return loops[0]?.phase === "agent";
  }, 15_000));
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
  const detail = await (await h.app.request(`/api/loop?task=login&id=${id}`, { headers: HOST })).json();
  assert.equal([detail.live, detail.summary.status], [false, "running"], "not live; the status as written");
  const ledger = await (await h.app.request(`/api/loop/ledger?task=login&id=${id}`, { headers: HOST })).json();
  assert.is(ledger.ok, true);
  assert.equal(ledger.problems, []);
  // A tampered line is a problem for `tool loop verify` (exit 1).
  const file = join(root, `.tool/tasks/login/loops/${id}/ledger.jsonl`);
  writeFileSync(file, readFileSync(file, "utf8").replace('"flow":"check"', '"flow":"ship"'));
  const verify = runTool(["loop", "verify", "login", id, "--json"], { cwd: root, env });
  assert.is(verify.code, 1);
  assert.match(JSON.parse(verify.stdout).problems.join(" "), /entry 1/);
});

test("a loop started in a terminal is seen by a running server: loop events, then loop-end once", async () => {
  const root = await repo([["@write src/a.ts export const a = 1;"]]);
  const running = await startConsole({ root, hostname: "127.0.0.1", port: 0, watch: false, log: () => {} });
  const stream = await openStream(running.url);
  try {
    await eventually(() => stream.named("ready").length > 0);
    const result = loop(root);
    assert.is(result.code, 0, result.stderr);
    const id = JSON.parse(result.stdout).id;
    assert.ok(await eventually(() => stream.named("loop-end").length > 0, 5000), "loop-end arrives");
    const loops = stream.named("loop").filter((e) => e.id === id);
    assert.ok(loops.length > 0);
    assert.equal(Object.keys(loops[0]).sort(), ["id", "iteration", "phase", "status", "task", "version"]);
    assert.equal(stream.named("loop-end"), [{ version: running.service.version, task: "login", id, status: "completed" }]);
  } finally {
    await stream.close();
    await running.close();
  }
});

test.run();

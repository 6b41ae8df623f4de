// Coding-agent runs through the API, with hand-written fake CLIs first on PATH under the real
// names: trust and ceilings, argv per provider, permission and effort, events and their SSE
// order, transcripts, stop escalation, timeout, late subscribers, concurrent runs, bad input.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startConsole } from "../../routes/mod.ts";
import { addSubtask, createTask } from "../../workflow/tasks/mod.ts";
import { FIXTURES, tempDir } from "../helpers/repo.ts";
import { eventually, getJson, makeHarness, post, postJson, serveHarness } from "./harness.ts";
import { openStream } from "./sse.ts";

process.env.PATH = `${join(FIXTURES, "agents", "bin")}:${process.env.PATH}`;
const log = join(tempDir("tool-agent-log-"), "argv.jsonl");
process.env.FAKE_AGENT_LOG = log;

const test = suite("agents API");

type H = ReturnType<typeof makeHarness>;
const get = getJson;
const send = postJson;

async function setup(trust: Record<string, string> = { claude: "edit" }): Promise<H> {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Add login", detail: "Users sign in with email.", criteria: ["a user signs in"] });
  await addSubtask(h.root, "login", { title: "Login form", items: ["email field", "submit"], files: ["src/main.ts"] });
  for (const [provider, max] of Object.entries(trust)) {
    const trusted = await send(h, "/api/agents/trust", { provider, maxPermission: max });
    assert.ok(trusted.body.ok, JSON.stringify(trusted.body));
  }
  return h;
}

/** The argv the fake of a provider was last started with. */
function lastArgv(provider: string): { argv: string[]; permissionEnv: string | null; cwd: string } {
  const lines = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  return lines.filter((l) => l.provider === provider).at(-1);
}

async function runToEnd(h: H, body: Record<string, unknown>) {
  const started = await send(h, "/api/agents/run", { task: "login", subtask: "01", ...body });
  assert.is(started.status, 202, JSON.stringify(started.body));
  const ended = await h.service.agents.wait(started.body.id).catch(() => undefined);
  const run = ended ?? (await get(h, `/api/agents/run?id=${started.body.id}`)).body;
  return { started: started.body, run, recorded: (await get(h, `/api/agents/run?id=${started.body.id}`)).body };
}

test("trust: untrusted providers are refused, the ceiling is edit unless raised, and untrust takes it back", async () => {
  const h = await setup({});
  const refused = await send(h, "/api/agents/run", { task: "login", subtask: "01", provider: "claude" });
  assert.is(refused.status, 400);
  assert.match(refused.body.error, /"provider" claude is not trusted/);
  assert.ok((await send(h, "/api/agents/trust", { provider: "claude" })).body.ok);
  let config = (await get(h, "/api/agents")).body;
  const claude = config.providers.find((p: { id: string }) => p.id === "claude");
  assert.equal([claude.trusted, claude.maxPermission, claude.installed], [true, "edit", true]);
  assert.equal(config.maxPermission, { claude: "edit" });
  assert.is(config.timeoutMinutes, 30);
  const over = await send(h, "/api/agents/run", { task: "login", subtask: "01", provider: "claude", permission: "full" });
  assert.is(over.status, 400);
  assert.match(over.body.error, /"permission" full is above claude's ceiling \(edit\)/);
  assert.ok((await send(h, "/api/agents/trust", { provider: "claude", trusted: false })).body.ok);
  config = (await get(h, "/api/agents")).body;
  assert.not.ok(config.providers.find((p: { id: string }) => p.id === "claude").trusted);
  const kept = JSON.parse(readFileSync(join(h.root, ".tool/config.json"), "utf8"));
  assert.equal(kept.agents.trusted, {});
});

test("bad input: each a 4xx naming the field, nothing started", async () => {
  const h = await setup({ claude: "edit", gemini: "read" });
  const cases: [Record<string, unknown>, number, RegExp][] = [
    [{ provider: "nope" }, 400, /"provider" must be one of claude, codex, gemini, opencode/],
    [{ subtask: "07" }, 400, /"subtask" 07 is not a subtask/],
    [{ task: "missing-task" }, 404, /no task "missing-task"/],
    [{ model: "--x" }, 400, /"model"/],
    [{ model: "sonnet;rm -rf /" }, 400, /"model"/],
    [{ effort: "-high" }, 400, /"effort"/],
    [{ effort: "turbo" }, 400, /"effort" must be one of low, medium, high, xhigh, max/],
    [{ provider: "gemini", effort: "high" }, 400, /gemini takes no effort/],
    [{ issues: Array.from({ length: 51 }, (_, i) => `issue ${i}`) }, 400, /"issues" holds at most 50/],
    [{ permission: "root" }, 400, /"permission"/],
    [{ shell: "sh" }, 400, /shell/],
  ];
  for (const [body, status, message] of cases) {
    const answer = await send(h, "/api/agents/run", { task: "login", subtask: "01", provider: "claude", ...body });
    assert.is(answer.status, status, JSON.stringify(body));
    assert.match(answer.body.error, message, JSON.stringify(body));
  }
  assert.equal((await get(h, "/api/agents/runs")).body, { live: [], history: [] });
  assert.is((await get(h, "/api/agents/transcript?task=login&file=..%2Fstate.jsonl")).status, 400);
  assert.is((await get(h, "/api/agents/transcript?task=login&file=x.json")).status, 400);
  assert.is((await get(h, "/api/agents/transcript?task=login&file=none.jsonl")).status, 404);
  assert.is((await get(h, "/api/agents/run?id=20260101T000000Z-01-claude-zzzz")).status, 404);
  assert.is((await send(h, "/api/agents/stop", { id: "20260101T000000Z-01-claude-zzzz" })).status, 404);
  assert.is((await send(h, "/api/agents/stop", { id: "../../x" })).status, 400);
  const missing = await send(h, "/api/agents/trust", { provider: "nope" });
  assert.is(missing.status, 400);
});

test("a run: 202 at once without events, then events in order as SSE, the same in the transcript", async () => {
  const h = await setup();
  const server = await serveHarness(h);
  const stream = await openStream(server.url);
  try {
    await eventually(() => stream.named("ready").length > 0);
    const started = await fetch(`${server.url}api/agents/run`, {
      ...post(h.token, { task: "login", subtask: "01", provider: "claude", model: "opus", effort: "high", permission: "edit", prompt: "Keep it small." }),
      headers: { ...post(h.token).headers as Record<string, string>, host: new URL(server.url).host },
    });
    const run = await started.json();
    assert.is(started.status, 202);
    assert.is(run.status, "running");
    assert.is(run.events, undefined, "no events in the answer");
    assert.equal([run.task, run.subtask, run.provider, run.model, run.effort, run.permission, run.kind], ["login", "01", "claude", "opus", "high", "edit", "subtask"]);
    assert.ok(await eventually(() => stream.named("agent-end").length > 0, 10_000), "agent-end arrives");
    const events = stream.named("agent").filter((e) => e.id === run.id).map((e) => e.event);
    assert.equal(events.map((e) => e.seq), events.map((_, i) => i + 1), "events arrive in order, none lost");
    const types = events.map((e) => e.type);
    assert.is(types[0], "start");
    assert.is(types.at(-1), "end");
    for (const type of ["message", "tool", "tool-result", "file", "raw", "result", "usage"]) assert.ok(types.includes(type), `an event of type ${type}`);
    assert.ok(events.some((e) => e.type === "raw" && e.text.includes("something_new")), "an unknown event type is kept raw");
    assert.ok(events.some((e) => e.type === "raw" && e.text === "{ this line is not JSON"), "a malformed line is kept raw");
    assert.ok(events.some((e) => e.type === "file" && e.file === "src/app.ts"));
    assert.equal(stream.named("agent-end").at(-1), { version: h.service.version, id: run.id, status: "succeeded" });
    const transcript = readFileSync(join(h.root, run.transcript), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(transcript, events, "the transcript holds exactly what was streamed");
    const recorded = (await get(h, `/api/agents/run?id=${run.id}`)).body;
    assert.is(recorded.status, "succeeded");
    assert.is(recorded.result, "Changed src/app.ts; tests pass.");
    const argv = lastArgv("claude");
    assert.equal(argv.argv.slice(2), ["--verbose", "--output-format", "stream-json", "--model", "opus", "--effort", "high", "--permission-mode", "acceptEdits"]);
    assert.is(argv.argv[0], "-p");
    assert.match(argv.argv[1]!, /Add login[\s\S]*AC-1: a user signs in[\s\S]*subtask 01: Login form[\s\S]*- \[ \] email field[\s\S]*Keep it small\./);
    assert.is(argv.cwd, h.root, "the agent runs in the repository root");
    const history = (await get(h, "/api/agents/runs")).body;
    assert.equal(history.history.map((r: { id: string; status: string }) => [r.id, r.status]), [[run.id, "succeeded"]]);
    const read = (await get(h, `/api/agents/transcript?task=login&file=${run.id}.jsonl`)).body;
    assert.is(read.events.length, events.length);
  } finally {
    await stream.close();
    await server.stop();
  }
});

test("argv per provider and permission: codex sandbox and effort, gemini approval mode, opencode permission and --auto", async () => {
  const h = await setup({ codex: "full", gemini: "full", opencode: "full" });
  const expectations: [Record<string, unknown>, string, (a: ReturnType<typeof lastArgv>) => void][] = [
    [{ provider: "codex", permission: "read", effort: "high", model: "gpt-5.5" }, "codex", (a) => {
      assert.equal(a.argv.slice(0, -1), ["exec", "--json", "-m", "gpt-5.5", "-s", "read-only", "-c", 'model_reasoning_effort="high"', "--"]);
    }],
    [{ provider: "codex", permission: "edit" }, "codex", (a) => assert.ok(a.argv.join(" ").includes("-s workspace-write"))],
    [{ provider: "codex", permission: "full" }, "codex", (a) => assert.ok(a.argv.join(" ").includes("-s danger-full-access"))],
    [{ provider: "gemini", permission: "read" }, "gemini", (a) => assert.equal(a.argv.slice(2), ["--output-format", "stream-json", "-m", "gemini-2.5-pro", "--approval-mode", "plan"])],
    [{ provider: "gemini", permission: "full" }, "gemini", (a) => assert.ok(a.argv.join(" ").endsWith("--approval-mode yolo"))],
    [{ provider: "opencode", permission: "read", model: "anthropic/claude-sonnet-4" }, "opencode", (a) => {
      assert.equal(a.argv.slice(0, -1), ["run", "--format", "json", "-m", "anthropic/claude-sonnet-4", "--"]);
      assert.equal(JSON.parse(a.permissionEnv!), { edit: "deny", bash: "deny", webfetch: "deny" });
    }],
    [{ provider: "opencode", permission: "full", effort: "high" }, "opencode", (a) => {
      assert.ok(a.argv.includes("--auto") && a.argv.includes("--variant"));
      assert.equal(JSON.parse(a.permissionEnv!), { "*": "allow" });
    }],
  ];
  for (const [body, provider, check] of expectations) {
    const { run } = await runToEnd(h, body);
    assert.is(run.status, provider === "codex" || provider === "opencode" || provider === "gemini" ? "succeeded" : run.status, JSON.stringify(body));
    check(lastArgv(provider));
  }
});

test("a failing provider: exit at once, or a crash, ends `failed` with its stderr tail in the last event", async () => {
  const h = await setup();
  for (const [directive, expected] of [["@silent", /printed nothing|exited with 1: fake: no credentials configured/], ["@crash", /exited with 3[\s\S]*segmentation fault/], ["@fail", /reported an error/]] as const) {
    const { run, recorded } = await runToEnd(h, { provider: "claude", prompt: directive });
    assert.is(run.status, "failed", directive);
    const last = recorded.events.at(-1);
    assert.is(last.type, "end");
    assert.match(last.text, expected, directive);
  }
});

test("409 while a run is live on the task; a late subscriber gets the events so far; stop ends it `stopped`", async () => {
  const h = await setup();
  const first = await send(h, "/api/agents/run", { task: "login", subtask: "01", provider: "claude", prompt: "@sleep 20000" });
  assert.is(first.status, 202);
  const second = await send(h, "/api/agents/run", { task: "login", provider: "claude" });
  assert.is(second.status, 409);
  assert.match(second.body.error, /already running on task "login"/);
  assert.ok(await eventually(async () => (await get(h, `/api/agents/run?id=${first.body.id}`)).body.events.some((e: { type: string }) => e.type === "file")));
  const late = (await get(h, `/api/agents/run?id=${first.body.id}`)).body;
  assert.is(late.status, "running");
  assert.equal(late.events.map((e: { seq: number }) => e.seq), late.events.map((_: unknown, i: number) => i + 1));
  assert.equal((await get(h, "/api/agents/runs")).body.live.map((r: { id: string }) => r.id), [first.body.id]);
  const stopped = await send(h, "/api/agents/stop", { id: first.body.id });
  assert.is(stopped.status, 200);
  assert.is(stopped.body.status, "stopped");
  assert.is((await send(h, "/api/agents/stop", { id: first.body.id })).status, 404, "it is not live any more");
  assert.is((await send(h, "/api/agents/run", { task: "login", provider: "claude", prompt: "@lines 1" })).status, 202, "the task is free again");
});

test("a stop escalates past an agent that ignores SIGINT; a run past its timeout ends `timed-out`", async () => {
  const h = await setup();
  const stubborn = await send(h, "/api/agents/run", { task: "login", subtask: "01", provider: "claude", prompt: "@ignore-int @sleep 60000" });
  await eventually(async () => (await get(h, `/api/agents/run?id=${stubborn.body.id}`)).body.events.length > 3);
  const stopped = await send(h, "/api/agents/stop", { id: stubborn.body.id });
  assert.is(stopped.body.status, "stopped");
  assert.throws(() => process.kill(stubborn.body.pid, 0), "the process is gone");
  const recorded = (await get(h, `/api/agents/run?id=${stubborn.body.id}`)).body;
  assert.ok(recorded.events.some((e: { type: string; text: string }) => e.type === "stderr" && e.text === "ignoring SIGINT"), "it did get SIGINT first");

  const config = JSON.parse(readFileSync(join(h.root, ".tool/config.json"), "utf8"));
  config.agents.timeoutMinutes = 0.02; // 1.2 s
  writeFileSync(join(h.root, ".tool/config.json"), JSON.stringify(config));
  const { run } = await runToEnd(h, { provider: "claude", prompt: "@sleep 60000" });
  assert.is(run.status, "timed-out");
  assert.match(run.result, /timeout/);
});

test("10 concurrent runs on 10 tasks all end, each with its own transcript", async () => {
  const h = await setup();
  for (let i = 0; i < 10; i++) createTask(h.root, { slug: `task-${i}`, title: `Task ${i}` });
  const started = await Promise.all(Array.from({ length: 10 }, (_, i) => send(h, "/api/agents/run", { task: `task-${i}`, provider: "claude", prompt: "@lines 20" })));
  assert.equal(started.map((s) => s.status), Array(10).fill(202));
  const ended = await Promise.all(started.map((s) => h.service.agents.wait(s.body.id)));
  assert.equal(ended.map((r) => r.status), Array(10).fill("succeeded"));
  const history = (await get(h, "/api/agents/runs")).body.history;
  assert.is(history.length, 10);
  for (const run of ended) {
    const transcript = (await get(h, `/api/agents/transcript?task=${run.task}&file=${run.id}.jsonl`)).body;
    assert.is(transcript.events.filter((e: { type: string }) => e.type === "message").length, 21, run.task);
    assert.equal(ended.filter((r) => r.task === run.task).length, 1);
  }
});

test("models: the CLI's own list where it has one, suggested otherwise; stage routing", async () => {
  const h = await setup();
  assert.equal((await get(h, "/api/agents/models?provider=opencode")).body.models, [{ id: "anthropic/claude-sonnet-4" }, { id: "opencode/big-pickle" }]);
  const claude = (await get(h, "/api/agents/models?provider=claude")).body;
  assert.equal(claude.models.map((m: { id: string }) => m.id), ["sonnet", "opus", "haiku"]);
  assert.equal(claude.efforts, ["low", "medium", "high", "xhigh", "max"]);
  assert.is((await get(h, "/api/agents/models?provider=nope")).status, 400);
  const routed = await send(h, "/api/agents/stage", { stage: "review", provider: "codex", model: "gpt-5.5", effort: "high" });
  assert.ok(routed.body.ok, JSON.stringify(routed.body));
  let config = (await get(h, "/api/agents")).body;
  assert.equal(config.routes.review, { provider: "codex", model: "gpt-5.5", effort: "high" });
  assert.equal(config.configuredStages, { review: { provider: "codex", model: "gpt-5.5", effort: "high" } });
  assert.equal(config.stageDefaults.build, { provider: "claude", effort: "medium" });
  assert.is((await send(h, "/api/agents/stage", { stage: "nope" })).status, 400);
  assert.is((await send(h, "/api/agents/stage", { stage: "build", model: "--x" })).status, 400);
  await send(h, "/api/agents/stage", { stage: "review", reset: true });
  config = (await get(h, "/api/agents")).body;
  assert.equal(config.configuredStages, {});
});

test("a provider whose CLI is not on PATH: 400 with the install hint", async () => {
  const h = await setup({ claude: "edit" });
  const path = process.env.PATH;
  process.env.PATH = "/usr/bin:/bin";
  try {
    const answer = await send(h, "/api/agents/run", { task: "login", subtask: "01", provider: "claude" });
    assert.is(answer.status, 400);
    assert.match(answer.body.error, /claude is not installed \(no claude on PATH\): npm install -g @anthropic-ai\/claude-code/);
    assert.not.ok((await get(h, "/api/agents")).body.providers.find((p: { id: string }) => p.id === "claude").installed);
  } finally {
    process.env.PATH = path;
  }
});

test("stopping the server stops its runs", async () => {
  const root = makeHarness().root;
  createTask(root, { slug: "login", title: "Login" });
  writeFileSync(join(root, ".tool/config.json"), JSON.stringify({ agents: { trusted: { claude: { maxPermission: "edit" } } } }));
  const running = await startConsole({ root, hostname: "127.0.0.1", port: 0, watch: false, log: () => {} });
  const started = await fetch(`${running.url}api/agents/run`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-tool-token": running.token },
    body: JSON.stringify({ task: "login", provider: "claude", prompt: "@ignore-int @sleep 60000" }),
  });
  const run = await started.json();
  assert.is(started.status, 202, JSON.stringify(run));
  await eventually(() => (running.service.agents.get(run.id)?.events.length ?? 0) > 3);
  await running.close();
  assert.throws(() => process.kill(run.pid, 0), "the agent is gone with the server");
  const transcript = readFileSync(join(root, run.transcript), "utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(transcript.at(-1).data.status, "stopped");
});

test.run();

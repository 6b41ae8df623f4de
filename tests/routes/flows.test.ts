// Flows on real git repositories: each gate kind passing and failing, approvals, judges with a
// fake agent, the diff-moved 409, the pr flow opening a pull request through a fake gh, bad flow
// files, concurrent runs, and a run killed mid-way.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { addSubtask, createTask } from "../../workflow/tasks/mod.ts";
import { FIXTURES, git, PROJECT_ROOT, runTool, tempDir } from "../helpers/repo.ts";
import { eventually, getJson, HOST, makeHarness, postJson } from "./harness.ts";

process.env.PATH = `${join(FIXTURES, "agents", "bin")}:${process.env.PATH}`;
const ghLog = join(tempDir("tool-gh-log-"), "gh.jsonl");
process.env.FAKE_GH_LOG = ghLog;

const test = suite("flows");
type H = ReturnType<typeof makeHarness>;
const get = getJson;
const send = postJson;

function flowFile(root: string, name: string, flow: unknown): void {
  mkdirSync(join(root, ".tool/flows"), { recursive: true });
  writeFileSync(join(root, `.tool/flows/${name}.json`), typeof flow === "string" ? flow : JSON.stringify(flow));
}

function setup(): H {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Add login", criteria: ["a user signs in"] });
  return h;
}

const statuses = (run: { results: { gate: string; status: string }[] }) => Object.fromEntries(run.results.map((r) => [r.gate, r.status]));

test("command and check gates pass and fail; a missing program fails its gate; needs skip what waits", async () => {
  const h = setup();
  await addSubtask(h.root, "login", { title: "Form", criteria: ["AC-1"] });
  flowFile(h.root, "gates", {
    name: "gates", description: "every kind", contract: "holds",
    gates: [
      { id: "valid", kind: "check", check: "validate" },
      { name: "ok", kind: "command", run: ["sh", "-c", "echo fine"] },
      { name: "broken", kind: "command", run: ["sh", "-c", "echo boom >&2; exit 3"] },
      { name: "missing", kind: "command", run: ["no-such-program-xyz"] },
      { name: "after", kind: "command", run: ["true"], needs: ["broken"] },
    ],
  });
  const result = await send(h, "/api/task-flow/run", { task: "login", flow: "gates" });
  assert.is(result.status, 200, JSON.stringify(result.body));
  const { run, next } = result.body;
  assert.equal(statuses(run), { valid: "passed", ok: "passed", broken: "failed", missing: "failed", after: "skipped" });
  assert.is(run.outcome, "failed");
  const broken = run.results.find((r: { gate: string }) => r.gate === "broken");
  assert.match(broken.summary, /exited with 3/);
  assert.match(broken.output, /boom/);
  assert.match(run.results.find((r: { gate: string }) => r.gate === "missing").summary, /no-such-program-xyz is not installed or not on PATH/);
  assert.match(next, /Fix what gate broken found/);
  const again = (await send(h, "/api/task-flow/run", { task: "login", flow: "gates" })).body.run;
  assert.match(again.results.find((r: { gate: string }) => r.gate === "ok").summary, /passed before on this same change/, "a gate passed on the same tree is not run again");
  assert.is(again.iteration, 2);
  const reset = (await send(h, "/api/task-flow/run", { task: "login", flow: "gates", reset: true })).body.run;
  assert.is(reset.results.find((r: { gate: string }) => r.gate === "ok").summary, "sh -c echo fine exited with 0");
  const shown = (await get(h, "/api/task-flow?task=login&flow=gates")).body;
  assert.equal([shown.name, shown.state.status, shown.lastRun.iteration, shown.state.history.length], ["gates", "failed", 3, 3]);
  const runs = (await get(h, "/api/runs")).body.runs;
  assert.equal(runs.map((r: { iteration: number }) => r.iteration), [3, 2, 1]);
});

test("an approval gate waits; approve passes it at once, reject needs a reason; bad decisions are 4xx", async () => {
  const h = setup();
  flowFile(h.root, "sign", { name: "sign", gates: [{ name: "tests", kind: "command", run: ["true"] }, { name: "sign-off", kind: "approval", needs: ["tests"] }, { name: "after", kind: "command", run: ["true"], needs: ["sign-off"] }] });
  const early = await send(h, "/api/task-flow/approval", { task: "login", flow: "sign", gate: "sign-off", decision: "approve", by: "ann" });
  assert.is(early.status, 409, "nothing waits before the flow ran");
  const waiting = (await send(h, "/api/task-flow/run", { task: "login", flow: "sign" })).body;
  assert.equal(statuses(waiting.run), { tests: "passed", "sign-off": "waiting", after: "skipped" });
  assert.is(waiting.run.outcome, "waiting");
  assert.match(waiting.next, /Gate sign-off waits for a person/);
  const bad: [Record<string, unknown>, number, RegExp][] = [
    [{ gate: "nope", decision: "approve" }, 400, /"gate" must be a gate of flow sign/],
    [{ gate: "sign-off", decision: "maybe" }, 400, /"decision" must be approve or reject/],
    [{ gate: "sign-off", decision: "reject", reason: "  " }, 400, /"reason" is required to reject/],
    [{ gate: "tests", decision: "approve" }, 400, /command gate/],
    [{ flow: "nope", gate: "x", decision: "approve" }, 404, /no flow "nope"/],
    [{ task: "Bad_Id", gate: "sign-off", decision: "approve" }, 400, /"task"/],
    [{ task: "ghost", gate: "sign-off", decision: "approve" }, 404, /no task "ghost"/],
  ];
  for (const [body, status, message] of bad) {
    const answer = await send(h, "/api/task-flow/approval", { task: "login", flow: "sign", ...body });
    assert.is(answer.status, status, JSON.stringify(body));
    assert.match(answer.body.error, message, JSON.stringify(body));
  }
  const approved = await send(h, "/api/task-flow/approval", { task: "login", flow: "sign", gate: "sign-off", decision: "approve", by: ` ${"A".repeat(100)} `, reason: "r".repeat(600) });
  assert.is(approved.status, 200, JSON.stringify(approved.body));
  assert.is(approved.body.outcome, "passed", "the gate that waited on the approval ran before the answer");
  assert.is(approved.body.approval.by.length, 80);
  assert.is(approved.body.approval.reason.length, 500);
  assert.is((await send(h, "/api/task-flow/approval", { task: "login", flow: "sign", gate: "sign-off", decision: "approve" })).status, 409, "nothing waits any more");
  await send(h, "/api/task-flow/run", { task: "login", flow: "sign", reset: true });
  const rejected = await send(h, "/api/task-flow/approval", { task: "login", flow: "sign", gate: "sign-off", decision: "reject", by: "bob", reason: "not the way we do logins" });
  assert.is(rejected.body.outcome, "failed");
  assert.match(rejected.body.next, /rejected by bob/);
});

test("judge gates: a fake agent's PASS, FAIL and unclear answer; an unsure judge waits, bound to the diff it saw", async () => {
  const h = setup();
  await send(h, "/api/agents/trust", { provider: "claude" });
  flowFile(h.root, "judged", { name: "judged", gates: [{ name: "judge", kind: "judge", provider: "claude" }] });
  const verdictIs = async (content: string) => {
    writeFileSync(join(h.root, "src/helper.ts"), content);
    return (await send(h, "/api/task-flow/run", { task: "login", flow: "judged" })).body;
  };
  let result = await verdictIs("export const helper = () => 2; // @verdict PASS\n");
  assert.is(result.run.outcome, "passed", JSON.stringify(result.run.results));
  assert.match(result.run.results[0].summary, /claude judged that the change meets the criteria/);
  assert.match(result.run.results[0].transcript, /^\.tool\/tasks\/login\/agents\/.*\.jsonl$/);
  result = await verdictIs("export const helper = () => 3; // @verdict FAIL\n");
  assert.is(result.run.outcome, "failed");
  result = await verdictIs("export const helper = () => 4;\n");
  assert.is(result.run.outcome, "waiting");
  assert.match(result.run.results[0].summary, /could not tell: a person decides/);
  // The change moves after the judge saw it: a decision is refused until the flow runs again.
  writeFileSync(join(h.root, "src/helper.ts"), "export const helper = () => 5;\n");
  const moved = await send(h, "/api/task-flow/approval", { task: "login", flow: "judged", gate: "judge", decision: "approve", by: "ann" });
  assert.is(moved.status, 409);
  assert.match(moved.body.error, /the change moved since the judge saw it/);
  assert.is((await send(h, "/api/task-flow/run", { task: "login", flow: "judged" })).body.run.outcome, "waiting");
  const approved = await send(h, "/api/task-flow/approval", { task: "login", flow: "judged", gate: "judge", decision: "approve", by: "ann" });
  assert.is(approved.body.outcome, "passed");
});

test("the pr flow: approving its sign-off opens the pull request through gh; without gh the approval stays and notes say what to run", async () => {
  const h = setup();
  git(h.root, "switch", "-q", "-c", "login");
  flowFile(h.root, "pr", { name: "pr", description: "sign-off, then the pull request", gates: [{ name: "sign-off", kind: "approval" }, { name: "open-pr", kind: "check", check: "pr", needs: ["sign-off"] }] });
  // The task is at its build stage: the pr flow shows once it ran (or from the pr stage on).
  assert.ok((await get(h, "/api/task?task=login")).body.flows.every((f: { name: string }) => f.name !== "pr"));
  await send(h, "/api/task-flow/run", { task: "login", flow: "pr" });
  const approved = await send(h, "/api/task-flow/approval", { task: "login", flow: "pr", gate: "sign-off", decision: "approve", by: "ann" });
  assert.is(approved.body.outcome, "passed", JSON.stringify(approved.body));
  const calls = readFileSync(ghLog, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  const create = calls.find((argv: string[]) => argv[0] === "pr" && argv[1] === "create");
  assert.ok(create, "gh pr create ran");
  assert.equal(create.slice(create.indexOf("--base"), create.indexOf("--base") + 4), ["--base", "main", "--head", "login"]);
  assert.equal((await get(h, "/api/task?task=login")).body.pullRequest.url, "https://github.com/acme/app/pull/7");

  process.env.FAKE_GH_SIGNED_OUT = "1";
  try {
    await send(h, "/api/task-flow/run", { task: "login", flow: "pr", reset: true });
    const unopened = await send(h, "/api/task-flow/approval", { task: "login", flow: "pr", gate: "sign-off", decision: "approve", by: "ann" });
    assert.is(unopened.body.outcome, "failed");
    assert.match(unopened.body.notes.join(" "), /The pull request was not opened/);
    const state = (await get(h, "/api/task-flow?task=login&flow=pr")).body.state;
    assert.is(state.approvals["sign-off"].by, "ann", "the approval stays recorded");
  } finally {
    delete process.env.FAKE_GH_SIGNED_OUT;
  }
});

test("a bad flow file is listed with the field at fault and never breaks the others; the flow-run action runs the engine", async () => {
  const h = setup();
  flowFile(h.root, "broken", { name: "broken", gates: [{ name: "x", kind: "command", run: [] }] });
  flowFile(h.root, "notjson", "{ nope");
  const list = runTool(["flow", "list", "--json", "--root", h.root]);
  const { flows, problems } = JSON.parse(list.stdout);
  assert.equal(flows.map((f: { name: string }) => f.name), ["ship", "iterate", "review", "pr"]);
  assert.equal(problems.map((p: { file: string }) => p.file), [".tool/flows/broken.json", ".tool/flows/notjson.json"]);
  assert.match(problems[0].error, /"gates\.0\.run"/);
  const settings = await (await h.app.request("/ui/settings", { headers: HOST })).text();
  assert.match(settings, /\.tool\/flows\/broken\.json<\/code>: &quot;gates\.0\.run&quot;|\.tool\/flows\/broken\.json<\/code>: "gates\.0\.run"/);
  const missing = await send(h, "/api/task-flow/run", { task: "login", flow: "broken" });
  assert.is(missing.status, 404);
  assert.match(missing.body.error, /cannot be read: \.tool\/flows\/broken\.json "gates\.0\.run"/);
  flowFile(h.root, "quick", { name: "quick", gates: [{ name: "ok", kind: "command", run: ["true"] }] });
  const action = await send(h, "/api/action", { action: "flow-run", task: "login", flow: "quick" });
  assert.equal([action.body.ok, action.body.action, action.body.run.outcome], [true, "flow-run", "passed"]);
});

test("20 concurrent runs leave a state file that parses and a history of 20", async () => {
  const h = setup();
  flowFile(h.root, "quick", { name: "quick", gates: [{ name: "ok", kind: "command", run: ["true"] }] });
  const answers = await Promise.all(Array.from({ length: 20 }, () => send(h, "/api/task-flow/run", { task: "login", flow: "quick", reset: true })));
  assert.equal(answers.map((a) => a.status), Array(20).fill(200));
  const state = JSON.parse(readFileSync(join(h.root, ".tool/tasks/login/flows/quick.json"), "utf8"));
  assert.is(state.history.length, 20);
  assert.equal(state.history.map((r: { iteration: number }) => r.iteration), Array.from({ length: 20 }, (_, i) => i + 1));
});

test("kill -9 during a run leaves the previous state intact, and the next run takes the dead run's lock over", async () => {
  const h = setup();
  flowFile(h.root, "slow", { name: "slow", gates: [{ name: "wait", kind: "command", run: ["sh", "-c", "sleep \"$(cat .slow 2>/dev/null || echo 0)\""] }] });
  assert.is(runTool(["flow", "run", "login", "slow", "--root", h.root]).code, 0);
  const file = join(h.root, ".tool/tasks/login/flows/slow.json");
  const before = readFileSync(file, "utf8");
  writeFileSync(join(h.root, ".slow"), "30");
  const child = spawn(process.execPath, [join(PROJECT_ROOT, "main.ts"), "flow", "run", "login", "slow", "--reset", "--root", h.root], { stdio: "ignore" });
  assert.ok(await eventually(() => {
    try {
      return readFileSync(join(h.root, ".tool/tasks/login/flows/.lock"), "utf8").includes(String(child.pid));
    } catch {
      return false;
    }
  }, 10_000), "the run holds its lock");
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
  assert.is(readFileSync(file, "utf8"), before, "the state is the one before the killed run");
  writeFileSync(join(h.root, ".slow"), "0");
  const next = runTool(["flow", "run", "login", "slow", "--reset", "--json", "--root", h.root]);
  assert.is(next.code, 0, next.stderr);
  assert.is(JSON.parse(next.stdout).run.iteration, 2);
});

test.run();

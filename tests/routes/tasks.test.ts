import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addSubtask, createTask, readTask } from "../../workflow/tasks/mod.ts";
import { HOST, makeHarness, post } from "./harness.ts";

const test = suite("task API");
const get = (h: ReturnType<typeof makeHarness>, path: string) => h.app.request(path, { headers: HOST });

test("GET /api/task gives the task object; 400 for a malformed id, 404 for an unknown one", async () => {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Add login", criteria: ["works"] });
  const ok = await get(h, "/api/task?task=login");
  assert.is(ok.status, 200);
  assert.is(ok.headers.get("cache-control"), "no-store");
  const task = await ok.json();
  assert.is(task.id, "login");
  assert.is(task.stage, "plan");
  assert.is((await get(h, "/api/task?task=Bad_Id")).status, 400);
  const missing = await get(h, "/api/task?task=nope");
  assert.is(missing.status, 404);
  assert.match((await missing.json()).error, /no task "nope"/);
  assert.match((await (await get(h, "/api/task")).json()).error, /"task" is required/);
});

test("GET /api/artifact reads NAME.md or subtasks/NAME.md; other names 400, missing files 404", async () => {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Add login" });
  writeFileSync(join(h.root, ".tool/tasks/login/plan.md"), "# Plan\n");
  await addSubtask(h.root, "login", { title: "Schema" });
  assert.equal(await (await get(h, "/api/artifact?task=login&file=plan.md")).json(), { file: "plan.md", content: "# Plan\n" });
  const sub = await (await get(h, "/api/artifact?task=login&file=subtasks/01-schema.md")).json();
  assert.match(sub.content, /title: Schema/);
  for (const bad of ["../../../etc/passwd", "plan.txt", "subtasks/../state.json", "a/b.md", "state.json"]) {
    assert.is((await get(h, `/api/artifact?task=login&file=${encodeURIComponent(bad)}`)).status, 400, bad);
  }
  assert.is((await get(h, "/api/artifact?task=login&file=spec.md")).status, 404);
});

test("POST /api/improvements creates a task (201, slug normalised); 409 when it exists; 400 for bad fields", async () => {
  const h = makeHarness();
  const created = await h.app.request("/api/improvements", post(h.token, { slug: "Break Cycle!", title: "Break the cycle", detail: "a -> b -> a", preset: "strict" }));
  assert.is(created.status, 201);
  assert.equal(await created.json(), { slug: "break-cycle", preset: "strict" });
  assert.is(readTask(h.root, "break-cycle").workflow, "strict");
  const again = await h.app.request("/api/improvements", post(h.token, { slug: "break-cycle", title: "x" }));
  assert.is(again.status, 409);
  assert.match((await again.json()).error, /already exists/);
  const bad = await h.app.request("/api/improvements", post(h.token, { slug: "x-y", title: "T", preset: "quick" }));
  assert.is(bad.status, 400);
  assert.match((await bad.json()).error, /"preset"/);
  assert.is((await h.app.request("/api/improvements", post(h.token, { slug: "x-y" }))).status, 400);
  assert.is((await h.app.request("/api/improvements", { ...post(h.token, { slug: "x-y", title: "T" }), headers: { ...HOST, "content-type": "application/json" } })).status, 403);
});

test("POST /api/action runs the whitelisted command; others 400; a failing command is 200 with ok false", async () => {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Add login", criteria: ["works"] });
  await addSubtask(h.root, "login", { title: "Schema" });
  const unknown = await h.app.request("/api/action", post(h.token, { action: "rm", task: "login" }));
  assert.is(unknown.status, 400);
  assert.match((await unknown.json()).error, /"action" must be one of validate/);
  const set = await (await h.app.request("/api/action", post(h.token, { action: "subtask-set", task: "login", id: "01", status: "in-progress" }))).json();
  assert.equal([set.ok, set.action, set.command], [true, "subtask-set", "tool subtask set login 01 in-progress"]);
  assert.is(readTask(h.root, "login").subtasks[0]!.status, "in-progress");
  const badStatus = await h.app.request("/api/action", post(h.token, { action: "subtask-set", task: "login", id: "01", status: "finished" }));
  assert.is(badStatus.status, 400);
  assert.is((await h.app.request("/api/action", post(h.token, { action: "subtask-set", task: "login", id: "00", status: "done" }))).status, 400);
  assert.is((await h.app.request("/api/action", post(h.token, { action: "validate", task: "nope" }))).status, 404);

  const done = await (await h.app.request("/api/action", post(h.token, { action: "done", task: "login" }))).json();
  assert.is(done.ok, false);
  assert.match(done.error, /not ready to be done \(subtasks open: 01; criteria not tested: AC-1\)/);
  const forced = await (await h.app.request("/api/action", post(h.token, { action: "done", task: "login", by: "Ann", note: "ok", force: true }))).json();
  assert.ok(forced.ok);
  assert.is(readTask(h.root, "login").done!.by, "Ann");
  assert.ok((await (await h.app.request("/api/action", post(h.token, { action: "reopen", task: "login" }))).json()).ok);

  writeFileSync(join(h.root, ".tool/config.json"), JSON.stringify({ verify: { commands: [{ name: "unit", run: ["node", "-e", "console.log('boom'); process.exit(4)"] }] } }));
  const verify = await (await h.app.request("/api/action", post(h.token, { action: "verify", task: "login" }))).json();
  assert.equal([verify.ok, verify.command], [false, "tool verify login"]);
  assert.match(verify.output, /FAIL unit/);
  const flow = await (await h.app.request("/api/action", post(h.token, { action: "flow-run", task: "login" }))).json();
  assert.is(flow.ok, false, "the ship flow fails with the failing verify");
  assert.is(flow.run.flow, "ship");
  assert.is(flow.run.results.find((r: { gate: string }) => r.gate === "verify").status, "failed");
  assert.match(flow.next, /Fix what gate/);
});

test("concurrent subtask-set posts all apply and leave every file whole", async () => {
  const h = makeHarness();
  createTask(h.root, { slug: "busy", title: "Busy" });
  for (let i = 1; i <= 6; i++) await addSubtask(h.root, "busy", { title: `Part ${i}` });
  const statuses = ["in-progress", "blocked", "in-progress", "blocked", "in-progress", "blocked"];
  const answers = await Promise.all(statuses.map((status, i) =>
    h.app.request("/api/action", post(h.token, { action: "subtask-set", task: "busy", id: `0${i + 1}`, status }))
  ));
  for (const answer of answers) assert.ok((await answer.json()).ok);
  const task = readTask(h.root, "busy");
  assert.equal(task.subtasks.map((s) => s.status), statuses);
  assert.equal(task.subtaskProblems, []);
  assert.is(task.activity.filter((a) => a.action === "subtask-set").length, 6);
  JSON.parse(readFileSync(join(h.root, ".tool/tasks/busy/state.json"), "utf8"));
});

test.run();

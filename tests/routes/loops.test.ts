import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, writeFileSync } from "node:fs";
import { currentOwner } from "../../core/process.ts";
import { appendEntry } from "../../workflow/loops/ledger.ts";
import type { LoopState } from "../../workflow/loops/schema.ts";
import { ledgerPath, stopPath, writeLoopState } from "../../workflow/loops/store.ts";
import { createTask } from "../../workflow/tasks/mod.ts";
import { HOST, makeHarness, post } from "./harness.ts";

const test = suite("loop API over the loops' state files");

/** A loop's state as a loop process writes it; `owner` decides whether it reads as live. */
function writeLoop(root: string, id: string, owner: LoopState["owner"], status: LoopState["status"] = "running"): void {
  const rung = { index: 0, provider: "claude", model: null, effort: null };
  const score = { passed: 0, blocking: 0, failing: 0, subtasksDone: 1, subtasksTotal: 3 };
  const at = new Date().toISOString();
  const state: LoopState = {
    task: "login", id, status, reason: null, phase: "agent", mode: "foreground", owner, flow: "ship", iteration: 2, accepted: 1,
    subtask: "02", score, spent: { iterations: 2, minutes: 1, cost: 0.5 }, budgets: { iterations: 20, minutes: null, cost: 5 },
    providers: [rung], rung, rejections: 0, checkpoint: null, ledger: null, startedAt: at, updatedAt: at, endedAt: null, iterations: [],
  };
  writeLoopState(root, state);
  let head = appendEntry(ledgerPath(root, "login", id), undefined, "start", { task: "login" });
  head = appendEntry(ledgerPath(root, "login", id), head, "iteration", { n: 1, decision: "accepted" });
  writeLoopState(root, { ...state, ledger: { seq: head.seq, hash: head.hash } });
}

test("lists, details and verifies loops written by another process; a stop request is written for a live loop", async () => {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Login" });
  writeLoop(h.root, "20261124-100000-aaaa", currentOwner());
  writeLoop(h.root, "20261124-090000-bbbb", { pid: 999_999_999, start: "1" });
  const list = await (await h.app.request("/api/loops", { headers: HOST })).json();
  assert.equal(list.loops.map((l: { id: string }) => l.id).sort(), ["20261124-090000-bbbb", "20261124-100000-aaaa"]);
  const live = list.loops.find((l: { id: string }) => l.id === "20261124-100000-aaaa");
  assert.is(live.live, true);
  assert.is(live.maxIterations, 20);
  assert.is(list.loops.find((l: { id: string }) => l.id === "20261124-090000-bbbb").live, false, "a loop whose process is gone is not live");
  const detail = await (await h.app.request("/api/loop?task=login&id=20261124-100000-aaaa", { headers: HOST })).json();
  assert.is(detail.live, true);
  assert.is(detail.stopPending, false);
  assert.is(detail.forecast.subtasksLeft, 2);
  assert.match(detail.next, /tool loop stop login 20261124-100000-aaaa/);
  const ledger = await (await h.app.request("/api/loop/ledger?task=login&id=20261124-100000-aaaa", { headers: HOST })).json();
  assert.equal(ledger, { ok: true, entries: 2, checkpoints: 0, problems: [], warnings: [] });

  const stop = await h.app.request("/api/loops/stop", post(h.token, { task: "login", id: "20261124-100000-aaaa", reason: "-- going home" }));
  assert.is(stop.status, 202);
  assert.equal(await stop.json(), { requested: true });
  assert.ok(existsSync(stopPath(h.root, "login", "20261124-100000-aaaa")));
  assert.is((await (await h.app.request("/api/loop?task=login&id=20261124-100000-aaaa", { headers: HOST })).json()).stopPending, true);
  const page = await (await h.app.request("/ui/loop/login/20261124-100000-aaaa", { headers: HOST })).text();
  assert.match(page, /stop pending/);
  assert.match(await (await h.app.request("/ui/loops", { headers: HOST })).text(), /20261124-090000-bbbb/);
});

test("bad ids are 400, unknown loops 404, stopping a loop that does not run 409, a tampered ledger has problems", async () => {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Login" });
  writeLoop(h.root, "20261124-090000-bbbb", { pid: 999_999_999, start: "1" });
  const status = async (url: string, init: RequestInit = { headers: HOST }) => (await h.app.request(url, init)).status;
  assert.is(await status("/api/loop?task=Login!&id=x1"), 400);
  assert.is(await status("/api/loop?task=login&id=../x"), 400);
  assert.is(await status("/api/loop?task=login&id=nope-1"), 404);
  assert.is(await status("/api/loops/stop", post(h.token, { task: "login", id: "20261124-090000-bbbb" })), 409);
  assert.is(await status("/api/loops/stop", post(h.token, { task: "login", id: "nope-1" })), 404);
  assert.is(await status("/api/loops/stop", post(h.token, { task: "login" })), 400);
  const file = ledgerPath(h.root, "login", "20261124-090000-bbbb");
  writeFileSync(file, (await Bun.file(file).text()).replace('"accepted"', '"rejected"'));
  const ledger = await (await h.app.request("/api/loop/ledger?task=login&id=20261124-090000-bbbb", { headers: HOST })).json();
  assert.is(ledger.ok, false);
  assert.match(ledger.problems.join("\n"), /was edited/);
});

test.run();

// A task's lock left behind by a killed writer, or held by a live one: the server keeps
// answering while it waits, a dead owner's lock is taken over at once, a live owner's is
// waited for and then refused with 409.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { withLock } from "../../core/lock.ts";
import { processStart } from "../../core/process.ts";
import { addSubtask, createTask, readTask, taskDir } from "../../workflow/tasks/mod.ts";
import { rejects } from "../helpers/repo.ts";
import { makeHarness, post, serveHarness } from "./harness.ts";

const lock = suite("task locks");

/** A pid that ran and is gone. */
function deadPid(): number {
  const child = spawnSync("true");
  return child.pid!;
}

function setup() {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Login" });
  return h;
}

const lockFile = (root: string) => join(taskDir(root, "login"), ".lock");

lock("a lock left by a dead process is taken over at once, and the write goes through", async () => {
  const h = setup();
  await addSubtask(h.root, "login", { title: "Schema" });
  writeFileSync(lockFile(h.root), JSON.stringify({ pid: deadPid(), start: "12345", token: "killed-writer" }));
  const server = await serveHarness(h);
  try {
    const response = await fetch(`${server.url}/api/action`, post(h.token, { action: "subtask-set", task: "login", id: "01", status: "in-progress" }));
    const body = await response.json();
    assert.is(response.status, 200);
    assert.ok(body.ok, body.error);
    assert.is(readTask(h.root, "login").subtasks[0]!.status, "in-progress");
    assert.not.ok(existsSync(lockFile(h.root)), "the lock is released after the write");
  } finally {
    await server.stop();
  }
});

lock("a lock of a reused pid (same pid, another start time) is taken over", async () => {
  const h = setup();
  writeFileSync(lockFile(h.root), JSON.stringify({ pid: process.pid, start: "not-this-process", token: "old" }));
  assert.is(await addSubtask(h.root, "login", { title: "Schema" }), "01");
});

lock("a lock folder of the earlier protocol is taken over once it is a few seconds old", async () => {
  const h = setup();
  mkdirSync(lockFile(h.root));
  const past = new Date(Date.now() - 60_000);
  utimesSync(lockFile(h.root), past, past);
  assert.is(await addSubtask(h.root, "login", { title: "Schema" }), "01");
  assert.not.ok(existsSync(lockFile(h.root)));
});

lock("while a live owner holds the lock, GETs keep answering; the write goes through when it is released", async () => {
  const h = setup();
  await addSubtask(h.root, "login", { title: "Schema" });
  const owner = spawn("sleep", ["30"], { stdio: "ignore" });
  const server = await serveHarness(h);
  try {
    assert.is((await fetch(`${server.url}/api/project`)).status, 200, "the index is built, as in a running console");
    writeFileSync(lockFile(h.root), JSON.stringify({ pid: owner.pid, start: processStart(owner.pid!), token: "live" }));
    const order: string[] = [];
    const write = fetch(`${server.url}/api/action`, post(h.token, { action: "subtask-set", task: "login", id: "01", status: "done", force: true }))
      .then(async (response) => {
        order.push("write");
        return { status: response.status, body: await response.json() };
      });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the write is waiting for the lock now
    for (const path of ["/api/project", "/api/task?task=login", "/ui/tasks"]) {
      const response = await fetch(`${server.url}${path}`);
      assert.is(response.status, 200, path);
      order.push(path);
    }
    assert.equal(order, ["/api/project", "/api/task?task=login", "/ui/tasks"], "every GET answered while the write waited");
    // The owner finishes and releases its lock (core/lock.ts removes the file).
    assert.is(JSON.parse(readFileSync(lockFile(h.root), "utf8")).token, "live", "the live owner's lock was not taken");
    spawnSync("rm", [lockFile(h.root)]);
    const result = await write;
    assert.is(result.status, 200);
    assert.ok(result.body.ok, result.body.error);
    assert.is(readTask(h.root, "login").subtasks[0]!.status, "done");
  } finally {
    owner.kill();
    await server.stop();
  }
});

lock("a live owner that does not release in time: 409 busy, naming its pid", async () => {
  const h = setup();
  const owner = spawn("sleep", ["30"], { stdio: "ignore" });
  try {
    writeFileSync(lockFile(h.root), JSON.stringify({ pid: owner.pid, start: processStart(owner.pid!), token: "live" }));
    let ran = false;
    await rejects(() => withLock(h.root, taskDir(h.root, "login"), () => (ran = true), 300), (e) => e.status === 409 && e.message.includes(`process ${owner.pid}`));
    assert.not.ok(ran);
    // Once the owner is gone its lock is stale, and taken over at once.
    owner.kill("SIGKILL");
    await new Promise((resolve) => owner.once("exit", resolve));
    assert.ok(await withLock(h.root, taskDir(h.root, "login"), () => true, 300));
  } finally {
    owner.kill();
  }
});

lock("two processes writing at once never lose a change", async () => {
  const h = setup();
  const writers = Array.from({ length: 6 }, (_, i) => addSubtask(h.root, "login", { title: `Part ${i}` }));
  assert.equal((await Promise.all(writers)).sort(), ["01", "02", "03", "04", "05", "06"]);
  assert.is(readTask(h.root, "login").activity.filter((a) => a.action === "subtask-add").length, 6);
});

lock.run();

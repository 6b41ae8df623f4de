import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addSubtask, createTask, markDone, normalizeSlug, readTask, recordEvidence, reopenTask, setSubtaskStatus } from "../../workflow/tasks/mod.ts";
import { git, PROJECT_ROOT, rejects, runTool, tempDir } from "../helpers/repo.ts";

const repo = () => {
  const root = tempDir();
  git(root, "init", "-q");
  return root;
};

const store = suite("task store");

store("normalizeSlug() makes ids of the allowed pattern", async () => {
  assert.is(normalizeSlug("Add Login!"), "add-login");
  assert.is(normalizeSlug("  Crème brûlée  "), "creme-brulee");
  assert.is(normalizeSlug("x".repeat(120)).length, 81);
  assert.throws(() => normalizeSlug("!"), /does not make a task id/);
});

store("createTask() writes task.md and state.json; the stage follows the preset", async () => {
  const root = repo();
  createTask(root, { slug: "login", title: "Add login", detail: "Users sign in.", criteria: ["email login", "lockout"] });
  const task = readTask(root, "login");
  assert.is(task.title, "Add login");
  assert.is(task.goal, "Users sign in.");
  assert.equal(task.stages, ["plan", "build", "verify", "pr", "done"]);
  assert.is(task.stage, "plan");
  assert.equal(task.criteria.map((c) => [c.id, c.text, c.specified, c.tested]), [["AC-1", "email login", false, false], ["AC-2", "lockout", false, false]]);
  createTask(root, { slug: "spec-first", title: "Specced", preset: "spec-driven" });
  assert.is(readTask(root, "spec-first").stage, "spec");
  writeFileSync(join(root, ".tool/tasks/spec-first/spec.md"), "# Spec\n");
  assert.is(readTask(root, "spec-first").stage, "plan", "a spec.md artifact finishes the spec stage");
  assert.throws(() => createTask(root, { slug: "login", title: "again" }), (e: Error & { status?: number }) => e.status === 409);
  assert.throws(() => createTask(root, { slug: "other", title: "x", preset: "quick" }), /preset must be/);
});

store("subtasks: ready, dependencies, checklists, force, and the derived stage", async () => {
  const root = repo();
  createTask(root, { slug: "t1", title: "T", criteria: ["works"] });
  assert.is(await addSubtask(root, "t1", { title: "First", criteria: ["AC-1"], items: ["a", "b"] }), "01");
  assert.is(await addSubtask(root, "t1", { title: "Second", dependsOn: ["1"] }), "02");
  let task = readTask(root, "t1");
  assert.is(task.stage, "build");
  assert.equal(task.subtasks.map((s) => [s.id, s.status, s.ready]), [["01", "pending", true], ["02", "pending", false]]);
  assert.equal(task.criteria[0]!.tasks, ["01"]);
  assert.ok(task.criteria[0]!.specified);
  await rejects(() => setSubtaskStatus(root, "t1", "02", "in-progress"), /depends on 01/);
  await rejects(() => setSubtaskStatus(root, "t1", "01", "done"), /unchecked checklist/);
  await setSubtaskStatus(root, "t1", "01", "done", true);
  assert.is((await setSubtaskStatus(root, "t1", "02", "in-progress")).subtasks[1]!.status, "in-progress", "01 is done now");
  task = await setSubtaskStatus(root, "t1", "02", "done", true);
  assert.is(task.stage, "verify");
  await rejects(() => setSubtaskStatus(root, "t1", "07", "done"), (e: Error & { status?: number }) => e.status === 404);
});

store("a hand edit is read as written; a malformed subtask is a problem and is never rewritten", async () => {
  const root = repo();
  createTask(root, { slug: "t2", title: "T" });
  await addSubtask(root, "t2", { title: "Good" });
  await addSubtask(root, "t2", { title: "Bad" });
  const good = join(root, ".tool/tasks/t2/subtasks/01-good.md");
  writeFileSync(good, readFileSync(good, "utf8").replace("title: Good", "title: Renamed by hand\n# a comment a person wrote"));
  const bad = join(root, ".tool/tasks/t2/subtasks/02-bad.md");
  const broken = "---\ntitle: [unclosed\nstatus: pending\n---\n- [ ] x\n";
  writeFileSync(bad, broken);
  const task = readTask(root, "t2");
  assert.equal(task.subtasks.map((s) => s.title), ["Renamed by hand"]);
  assert.equal(task.subtaskProblems.map((p) => [p.subtask, p.message.split(":")[0]]), [["02", "malformed"]]);
  await rejects(() => setSubtaskStatus(root, "t2", "02", "done", true), /malformed/);
  await setSubtaskStatus(root, "t2", "01", "in-progress");
  assert.is(readFileSync(bad, "utf8"), broken, "the malformed file is untouched");
  assert.match(readFileSync(good, "utf8"), /# a comment a person wrote\n/, "only the status line changed");
  assert.match(readFileSync(good, "utf8"), /status: in-progress/);
});

store("problems: unknown dependencies, cycles, unknown criteria, missing files", async () => {
  const root = repo();
  createTask(root, { slug: "t3", title: "T", criteria: ["one"] });
  await addSubtask(root, "t3", { title: "A", dependsOn: ["02"], criteria: ["AC-9"], files: ["src/missing.ts"] });
  await addSubtask(root, "t3", { title: "B", dependsOn: ["01", "05"] });
  const messages = readTask(root, "t3").subtaskProblems.map((p) => `${p.subtask} ${p.message}`).sort();
  assert.equal(messages, [
    "01 criterion AC-9 is not in task.md",
    "01 dependency cycle: 01 -> 02 -> 01",
    "01 file src/missing.ts does not exist",
    "02 depends on unknown subtask 05",
  ]);
});

store("done refuses open subtasks and untested criteria unless forced; reopen only a done task", async () => {
  const root = repo();
  createTask(root, { slug: "t4", title: "T", criteria: ["works"] });
  await addSubtask(root, "t4", { title: "A" });
  await rejects(() => markDone(root, "t4", {}), /subtasks open: 01; criteria not tested: AC-1/);
  await setSubtaskStatus(root, "t4", "01", "done", true);
  await recordEvidence(root, "t4", "verify", { ok: true, summary: "tests passed (AC-1 covered)" });
  const task = readTask(root, "t4");
  assert.ok(task.criteria[0]!.tested, "evidence names AC-1");
  assert.is(task.statuses.verify, "passed");
  const done = await markDone(root, "t4", { by: " reviewer ".repeat(20), note: "shipped" });
  assert.is(done.done!.by.length, 80);
  assert.is(done.stage, "done");
  assert.is(done.next, null);
  await rejects(() => markDone(root, "t4", { force: true }), /already done/);
  assert.is((await reopenTask(root, "t4")).done, null);
  await rejects(() => reopenTask(root, "t4"), /not done/);
});

store.run();

const cli = suite("task commands");

cli("two concurrent `tool new` with the same slug: exactly one creates it", async () => {
  const root = repo();
  const run = () => new Promise<number>((done) => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, "main.ts"), "new", "race", "--title", "Race", "--root", root], { stdio: "ignore" });
    child.on("close", (code) => done(code ?? -1));
  });
  const codes = (await Promise.all([run(), run(), run()])).sort();
  assert.equal(codes, [0, 1, 1]);
  assert.is(readTask(root, "race").title, "Race");
});

cli("concurrent subtask adds from separate processes get distinct ids and leave state.json whole", async () => {
  const root = repo();
  createTask(root, { slug: "busy", title: "Busy" });
  // Each child's stderr is kept: a failure names what the process said, not only its code.
  const add = (i: number) => new Promise<string>((done) => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, "main.ts"), "subtask", "add", "busy", "--title", `Part ${i}`, "--root", root], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => done(`${code}${stderr ? ` ${stderr.trim()}` : ""}`));
  });
  assert.equal(await Promise.all([1, 2, 3, 4].map(add)), ["0", "0", "0", "0"]);
  const task = readTask(root, "busy");
  assert.equal(task.subtasks.map((s) => s.id), ["01", "02", "03", "04"]);
  assert.is(task.activity.filter((a) => a.action === "subtask-add").length, 4, "no activity entry was lost");
});

cli("the commands speak JSON, and mistakes exit 2 with one line", () => {
  const root = repo();
  const created = runTool(["new", "Fix Bug", "--title", "Fix the bug", "--json", "--root", root]);
  assert.equal(JSON.parse(created.stdout), { slug: "fix-bug", preset: "standard" });
  assert.is(runTool(["new", "fix-bug", "--title", "again", "--root", root]).code, 1);
  const list = JSON.parse(runTool(["tasks", "--json", "--root", root]).stdout);
  assert.equal(list.tasks.map((t: { id: string; stage: string }) => [t.id, t.stage]), [["fix-bug", "plan"]]);
  const task = JSON.parse(runTool(["task", "fix-bug", "--json", "--root", root]).stdout);
  for (const key of ["id", "title", "workflow", "stages", "stage", "next", "created", "goal", "goals", "nonGoals", "scope", "criteria", "subtasks", "subtaskProblems", "statuses", "artifacts", "flows", "evidence", "activity", "pullRequest", "done"]) {
    assert.ok(key in task, key);
  }
  const missing = runTool(["task", "nope", "--root", root]);
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /no task "nope"/);
  const badStatus = runTool(["subtask", "set", "fix-bug", "01", "finished", "--root", root]);
  assert.is(badStatus.code, 2);
  assert.match(badStatus.stderr, /status must be pending, in-progress, blocked or done/);
  assert.is(runTool(["new", "--title", "no slug", "--root", root]).code, 2);
});

cli.run();

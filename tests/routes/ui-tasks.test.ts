import { suite } from "uvu";
import * as assert from "uvu/assert";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { addSubtask, createTask, readTask } from "../../workflow/tasks/mod.ts";
import { TaskPage } from "../../views/tasks/page.tsx";
import { HOST, makeHarness, post } from "./harness.ts";

const test = suite("task pages");
const HX = { ...HOST, "hx-request": "true" };

test("GET /ui/tasks lists tasks as a fragment for htmx and inside the shell otherwise", async () => {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Add login" });
  await addSubtask(h.root, "login", { title: "Schema" });
  const fragment = await (await h.app.request("/ui/tasks", { headers: HX })).text();
  assert.match(fragment, /<section id="tasks-page"/);
  assert.match(fragment, /href="#task\/login">Add login<\/a>/);
  assert.match(fragment, /0\/1/);
  assert.not.match(fragment, /<html/);
  const page = await (await h.app.request("/ui/tasks", { headers: HOST })).text();
  assert.match(page, /<html/);
  assert.match(page, /<section id="tasks-page"/);
});

test("every input pattern of the Tasks page compiles as the browser reads it (the v flag)", async () => {
  const h = makeHarness();
  const text = await (await h.app.request("/ui/tasks", { headers: HOST })).text();
  const patterns = [...text.matchAll(/pattern="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  assert.ok(patterns.length > 0);
  for (const pattern of patterns) new RegExp(`^(?:${pattern})$`, "v");
});

test("POST /ui/tasks creates a task and answers the list; a duplicate is a 409 with the reason shown", async () => {
  const h = makeHarness();
  const created = await h.app.request("/ui/tasks", post(h.token, { title: "Add login", slug: "Add Login", detail: "", preset: "standard" }, { "hx-request": "true" }));
  assert.is(created.status, 200);
  const createdText = await created.text();
  assert.match(createdText, /Created task add-login\./);
  assert.match(createdText, /<a href="#task\/add-login">Open it<\/a>/, "the notice opens the new task");
  assert.is(readTask(h.root, "add-login").title, "Add login");
  const again = await h.app.request("/ui/tasks", post(h.token, { title: "Again", slug: "add-login" }, { "hx-request": "true" }));
  assert.is(again.status, 409);
  assert.match(await again.text(), /already exists/);
  const noToken = await h.app.request("/ui/tasks", { method: "POST", headers: { ...HX, "content-type": "application/json" }, body: "{}" });
  assert.is(noToken.status, 403);
});

test("POST /ui/tasks with the id left empty makes it from the title; a title that makes no id is a 400 naming it", async () => {
  const h = makeHarness();
  for (const [title, slug, id] of [["Guard the enrollment endpoints", "", "guard-the-enrollment-endpoints"], ["Élan: split the ledger", undefined, "elan-split-the-ledger"]] as const) {
    const response = await h.app.request("/ui/tasks", post(h.token, { title, ...(slug === undefined ? {} : { slug }), detail: "", preset: "standard" }, { "hx-request": "true" }));
    assert.is(response.status, 200, await response.clone().text());
    assert.match(await response.text(), new RegExp(`Created task ${id}\\.`));
    assert.is(readTask(h.root, id).title, title);
  }
  const none = await h.app.request("/ui/tasks", post(h.token, { title: "!!", slug: "" }, { "hx-request": "true" }));
  assert.is(none.status, 400);
  assert.match(await none.text(), /does not make a task id/);
});

test("GET /ui/task/:id shows stages, criteria marks, subtask controls, checks and artifacts (Markdown, escaped)", async () => {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Add login", criteria: ["users sign in"] });
  await addSubtask(h.root, "login", { title: "Schema", criteria: ["AC-1"] });
  writeFileSync(join(h.root, ".tool/tasks/login/plan.md"), "# The plan\n\n<script>alert(1)</script>\n\n- step one\n");
  const html = await (await h.app.request("/ui/task/login", { headers: HX })).text();
  assert.match(html, /<button class="button" title="subtasks are open or criteria untested: done would be refused"[^>]*>done<\/button>/, "done is not the primary step while a subtask is open");
  assert.match(html, /<li class="done">plan<\/li><li class="current" aria-current="step">build<\/li>/);
  assert.match(html, /<p class="next-step">Next: Move the <a href="#subtasks">subtasks<\/a> along;/, "the build stage's next step points at the subtasks");
  // At a stage the page can act on, the next step is that action's button, the command beside it.
  const atVerify = String(TaskPage({ task: { ...readTask(h.root, "login"), stage: "verify", next: "tool verify login" } }));
  const next = /<p class="next-step">([\s\S]*?)<\/p>/.exec(atVerify)?.[1] ?? "";
  assert.match(next, /<button class="button primary" hx-post="\/ui\/task\/login\/action" hx-vals="\{&quot;action&quot;:&quot;verify&quot;\}"[^>]*>Run verify<\/button>/, next);
  assert.match(next, /or in a terminal: <code>tool verify login<\/code>/);
  assert.match(html, /AC-1<\/td><td>users sign in<\/td><td><span class="badge ok">yes/);
  assert.match(html, /hx-post="\/ui\/task\/login\/action"/);
  assert.match(html, /<option value="pending" selected="">pending<\/option>/);
  const artifact = await (await h.app.request("/ui/task/login?artifact=plan.md", { headers: HX })).text();
  assert.match(artifact, /<h1>The plan<\/h1>/);
  assert.match(artifact, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.not.match(artifact, /<script>alert/);
  assert.is((await h.app.request("/ui/task/login?artifact=..%2Fstate.json", { headers: HX })).status, 400);
  assert.is((await h.app.request("/ui/task/Bad!", { headers: HX })).status, 400);
  assert.is((await h.app.request("/ui/task/nope", { headers: HX })).status, 404);
});

test("a task with no subtasks yet: planning is the next step, on the page (a form adds a subtask), and done is no primary button", async () => {
  const h = makeHarness();
  createTask(h.root, { slug: "guard", title: "Guard the enrollment endpoints" });
  const page = await (await h.app.request("/ui/task/guard", { headers: HX })).text();
  assert.match(page, /<p class="next-step">Next: <a href="#add-subtask">Plan the work as subtasks<\/a>;/);
  assert.match(page, /<button class="button" title="[^"]*"[^>]*>done<\/button>/, "done waits for planned, finished work");
  assert.match(page, /<form class="toolbar add-subtask" id="add-subtask" hx-post="\/ui\/task\/guard\/subtask"/);
  const added = await h.app.request("/ui/task/guard/subtask", post(h.token, { title: "--dry-run mode for the importer" }, { "hx-request": "true" }));
  assert.is(added.status, 200);
  const text = await added.text();
  assert.match(text, /<td>01<\/td>\s*<td>--dry-run mode for the importer/);
  assert.is(readTask(h.root, "guard").subtasks[0]!.title, "--dry-run mode for the importer", "a title that looks like an option is kept");
  const empty = await h.app.request("/ui/task/guard/subtask", post(h.token, { title: "  " }, { "hx-request": "true" }));
  assert.is(empty.status, 400);
  assert.match(await empty.text(), /title/);
  assert.is((await h.app.request("/ui/task/nope/subtask", post(h.token, { title: "x" }, { "hx-request": "true" }))).status, 404);
  assert.is((await h.app.request("/ui/task/guard/subtask", { method: "POST", headers: { ...HX, "content-type": "application/json" }, body: JSON.stringify({ title: "x" }) })).status, 403, "the token is required");
});

test("POST /ui/task/:id/action runs the command and shows its output on the page", async () => {
  const h = makeHarness();
  createTask(h.root, { slug: "login", title: "Add login" });
  await addSubtask(h.root, "login", { title: "Schema" });
  const set = await (await h.app.request("/ui/task/login/action", post(h.token, { action: "subtask-set", id: "01", status: "blocked" }, { "hx-request": "true" }))).text();
  assert.match(set, /<code>tool subtask set login 01 blocked<\/code>/);
  assert.match(set, /<option value="blocked" selected="">blocked<\/option>/);
  const done = await (await h.app.request("/ui/task/login/action", post(h.token, { action: "done" }, { "hx-request": "true" }))).text();
  assert.match(done, /badge high">failed/);
  assert.match(done, /not ready to be done/);
  const bad = await h.app.request("/ui/task/login/action", post(h.token, { action: "format-disk" }, { "hx-request": "true" }));
  assert.is(bad.status, 400);
});

test.run();

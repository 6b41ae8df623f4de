// User text is never read as an option: titles, details, names and notes that start with `-`
// or `--`, hold `=`, newlines or non-ASCII reach the task as written, through every write
// endpoint that runs a `tool` command.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readTask } from "../../workflow/tasks/mod.ts";
import { makeHarness, post } from "./harness.ts";

const test = suite("option-like values");

const VALUES = ["-1 regression", "--force", "--title=other", "a=b", "first line\nsecond line", "Crème brûlée — 日本語 ✓", "-"];

test("POST /api/improvements and POST /ui/tasks keep titles and details that look like options", async () => {
  const h = makeHarness();
  for (const [i, value] of VALUES.entries()) {
    for (const path of ["/api/improvements", "/ui/tasks"]) {
      const slug = `${path === "/ui/tasks" ? "ui" : "api"}-${i}`;
      const response = await h.app.request(path, post(h.token, { slug, title: `${value} title`, detail: value }));
      assert.is(response.status, path === "/ui/tasks" ? 200 : 201, `${path} ${JSON.stringify(value)}: ${await response.clone().text()}`);
      const task = readTask(h.root, slug);
      assert.is(task.title, `${value} title`.trim(), `${path} title ${JSON.stringify(value)}`);
      assert.is(task.goal, value.trim(), `${path} detail ${JSON.stringify(value)}`);
    }
  }
});

test("POST /api/action done keeps a `by` and a `note` that look like options", async () => {
  const h = makeHarness();
  await h.app.request("/api/improvements", post(h.token, { slug: "login", title: "Login" }));
  for (const value of VALUES) {
    const response = await h.app.request("/api/action", post(h.token, { action: "done", task: "login", by: value, note: value, force: true }));
    const body = await response.json();
    assert.is(response.status, 200);
    assert.ok(body.ok, `${JSON.stringify(value)}: ${body.error}`);
    const done = readTask(h.root, "login").done!;
    assert.is(done.note, value.trim());
    assert.is(done.by, value.trim());
    const reopened = await (await h.app.request(`/ui/task/login/action`, post(h.token, { action: "reopen" }))).text();
    assert.match(reopened, /reopened|Reopened/);
  }
});

test.run();

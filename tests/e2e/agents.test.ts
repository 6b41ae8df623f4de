// A coding agent run from the task page in Chromium: the form offers only what trust allows,
// the transcript streams in as tool calls, file changes and messages, stop works, and past runs
// open their transcripts. The agent is the fake Claude Code of tests/fixtures/agents.
import * as assert from "uvu/assert";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { CHROMIUM, e2eSuite, openView, shoot, withPage } from "./harness.ts";

process.env.PATH = `${join(FIXTURES, "agents", "bin")}:${process.env.PATH}`;
const test = e2eSuite("agents on the task page in Chromium");

function repo(): string {
  const root = tempDir("tool-e2e-agents-");
  writeFiles(root, {
    "src/app.ts": "export const app = 1;\n",
    ".tool/tasks/login/task.md": "---\nid: login\ntitle: Add login\nworkflow: standard\nstage: build\n---\n\n## Goal\n\nUsers sign in.\n\n## Acceptance criteria\n\n- AC-1: a user signs in\n",
    ".tool/tasks/login/subtasks/01-form.md": "---\ntitle: Login form\nstatus: pending\n---\n\n- [ ] email field\n",
  });
  mkdirSync(join(root, ".tool"), { recursive: true });
  writeFileSync(join(root, ".tool/config.json"), JSON.stringify({ agents: { trusted: { claude: { maxPermission: "edit" } } } }));
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "first");
  return root;
}
const ROOT = CHROMIUM ? repo() : "";

test("run an agent on a subtask, watch its transcript stream in, then read it among past runs", async () => {
  await withPage(ROOT, async (page, base) => {
    await openView(page, base, "#task/login");
    const form = page.locator(".agent-form");
    assert.equal(await form.locator('select[name="provider"] option').allInnerTexts(), ["Claude Code"], "only the trusted, installed provider");
    assert.equal(await form.locator('select[name="permission"] option').allInnerTexts(), ["read", "edit"], "nothing above its ceiling");
    await form.locator('select[name="subtask"]').selectOption("01");
    await form.locator('select[name="permission"]').selectOption("edit");
    await form.locator('textarea[name="prompt"]').fill("@lines 5 @sleep 2500");
    await form.locator('button[type="submit"]').click();
    // While the run is live (the fake waits 2.5 s before its result), its events stream in.
    await page.locator(".agent-run .ev-file code", { hasText: "src/app.ts" }).waitFor();
    assert.ok(await page.locator(".agent-run").isVisible(), "still live while the events arrive");
    assert.match(await page.locator(".agent-run .ev-tool").first().innerText(), /TOOL\s+Edit\s+src\/app\.ts/i);
    assert.match(await page.locator(".agent-run").innerText(), /line 5 at/);
    assert.not.match(await page.locator(".agent-run").innerText(), /"type":"assistant"/, "events are shown as such, not as raw JSON");
    await shoot(page, "agents-live");
    // The end redraws the page: the run is among past runs, its transcript opens.
    await page.locator(".agent-runs li", { hasText: "succeeded" }).waitFor();
    assert.is(await page.locator(".agent-run").count(), 0);
    await page.locator(".agent-runs li a").first().click();
    await page.locator(".agent-transcript .ev-result").waitFor();
    assert.match(await page.locator(".agent-transcript").innerText(), /Changed src\/app\.ts; tests pass\./);
    await shoot(page, "agents-transcript");
  });
});

test("stop a live run from the page", async () => {
  await withPage(ROOT, async (page, base) => {
    await openView(page, base, "#task/login");
    await page.locator('.agent-form textarea[name="prompt"]').fill("@sleep 30000");
    await page.locator('.agent-form button[type="submit"]').click();
    await page.locator(".agent-run .ev-file").waitFor();
    await page.locator(".agent-run button", { hasText: "Stop" }).click();
    await page.locator(".agent-runs li", { hasText: "stopped" }).waitFor();
    assert.is(await page.locator(".agent-run").count(), 0);
  });
});

test.run();

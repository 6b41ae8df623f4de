// A coding agent run from the task page in Chromium: the form offers only what trust allows,
// the transcript streams in as tool calls, file changes and messages, stop works, and past runs
// open their transcripts. The agent is the fake Claude Code of tests/fixtures/agents.
import * as assert from "uvu/assert";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { commitAll, FIXTURES, tempDir, writeFiles } from "../helpers/repo.ts";
import { CHROMIUM, e2eSuite, openView, shoot, viewLoaded, withPage } from "./harness.ts";

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
  commitAll(root);
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

test("Settings trusts a provider up to a ceiling and routes a stage; the task page then offers it", async () => {
  const fresh = repo();
  writeFileSync(join(fresh, ".tool/config.json"), JSON.stringify({ language: "en" }));
  await withPage(fresh, async (page, base) => {
    await openView(page, base, "#settings");
    const card = page.locator("#agents-settings");
    const codex = card.locator("tr", { hasText: "Codex CLI" });
    assert.match(await codex.innerText(), /untrusted/);
    await codex.locator('select[name="maxPermission"]').selectOption("full");
    const before = Number(await page.getAttribute("body", "data-version"));
    await codex.locator("button", { hasText: "Trust" }).click();
    // The answer redraws the card; the config file's change then redraws the page: wait for both.
    await card.locator("tr", { hasText: "Codex CLI" }).locator("button", { hasText: "Untrust" }).waitFor();
    await page.waitForFunction((v) => Number(document.body.dataset.version) > v, before);
    await viewLoaded(page, "settings");
    assert.match(await card.locator("tr", { hasText: "Codex CLI" }).innerText(), /trusted/);
    const review = card.locator("tr", { hasText: /^review/ });
    await review.locator('select[name="provider"]').selectOption("codex");
    await review.locator('input[name="effort"]').fill("turbo");
    await review.locator("button", { hasText: "Route" }).click();
    await card.locator("p[role=status]", { hasText: /"effort" must be one of minimal, low, medium, high, xhigh/ }).waitFor();
    await card.locator("tr", { hasText: /^review/ }).locator('select[name="provider"]').selectOption("codex");
    await card.locator("tr", { hasText: /^review/ }).locator('input[name="effort"]').fill("high");
    await card.locator("tr", { hasText: /^review/ }).locator("button", { hasText: "Route" }).click();
    await card.locator("tr", { hasText: /^review/ }).locator("text=configured").waitFor();
    const routed = await card.locator("tr", { hasText: /^review/ }).innerText();
    assert.match(routed, /codex · high/, routed);
    await shoot(page, "agents-settings");
    await openView(page, base, "#task/login");
    assert.equal(await page.locator('.agent-form select[name="provider"] option').allInnerTexts(), ["Codex CLI"]);
    assert.equal(await page.locator('.agent-form select[name="permission"] option').allInnerTexts(), ["read", "edit", "full"]);
  }, { allowErrors: /400/ });
  const config = JSON.parse(readFileSync(join(fresh, ".tool/config.json"), "utf8"));
  assert.is(config.language, "en", "other keys of the config are kept");
  assert.equal(config.agents.trusted, { codex: { maxPermission: "full" } });
});

test.run();

// A loop started from the task page in Chromium, with the fake Claude Code of
// tests/fixtures/loop-agent: it shows as live, its page streams the agent's transcript, then
// shows the accepted iteration and the verified ledger.
import * as assert from "uvu/assert";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { commitAll, FIXTURES, tempDir, writeFiles } from "../helpers/repo.ts";
import { CHROMIUM, e2eSuite, openView, shoot, viewLoaded, withPage } from "./harness.ts";

process.env.PATH = `${join(FIXTURES, "loop-agent", "bin")}:${process.env.PATH}`;
const test = e2eSuite("loops in Chromium");

function repo(): string {
  const root = tempDir("tool-e2e-loops-");
  writeFiles(root, {
    "src/app.ts": "export const app = 1;\n",
    ".tool/flows/check.json": JSON.stringify({ name: "check", gates: [{ name: "no-bad", kind: "command", run: ["sh", "-c", "! grep -rq BAD src"] }] }),
    ".tool/config.json": JSON.stringify({ agents: { trusted: { claude: { maxPermission: "edit" } } } }),
    ".tool/tasks/login/task.md": "---\nid: login\ntitle: Add login\nworkflow: standard\nstage: build\n---\n\n## Goal\n\nUsers sign in.\n",
    ".tool/tasks/login/subtasks/01-form.md": "---\ntitle: Login form\nstatus: pending\n---\n\n- [ ] @sleep 2500\n- [ ] @write src/form.ts export const form = 1;\n",
  });
  commitAll(root);
  writeFileSync(join(root, "scratch.txt"), "the user's own work\n");
  return root;
}
const ROOT = CHROMIUM ? repo() : "";

test("start a loop from the task page, watch it live on its page, see it complete with a verified ledger", async () => {
  await withPage(ROOT, async (page, base) => {
    await openView(page, base, "#task/login");
    const card = page.locator("#task-loops");
    await card.locator('select[name="flow"]').selectOption("check");
    await card.locator("button", { hasText: "Start a loop" }).click();
    await page.locator("#task-loops .badge", { hasText: "live" }).waitFor();
    await page.locator("#task-loops a").first().click();
    await page.waitForFunction(() => (document.querySelector("#view") as HTMLElement).dataset.address?.startsWith("loop/login/"));
    await page.locator(".loop-agent .ev-tool, .loop-agent .ev-usage").first().waitFor();
    assert.match(await page.locator("#loop-page").innerText(), /Agent now/);
    await shoot(page, "loop-live");
    await page.locator("#loop-page .badge", { hasText: "completed" }).waitFor({ timeout: 20_000 });
    const text = await page.locator("#loop-page").innerText();
    assert.match(text, /accepted/);
    assert.match(text, /verified/);
    await shoot(page, "loop-completed");
    await openView(page, base, "#loops");
    await viewLoaded(page, "loops");
    assert.match(await page.locator("#view").innerText(), /completed/);
  });
});

test.run();

// The Capabilities page in Chromium: search, open an entry, preview its install plan, apply it;
// the Settings page shows the doctor's checks and changes the active adapter.
import * as assert from "uvu/assert";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";
import { CHROMIUM, e2eSuite, openView, shoot, viewLoaded, withPage } from "./harness.ts";

const test = e2eSuite("capabilities in Chromium");

function repo(): string {
  const root = tempDir("tool-e2e-caps-");
  writeFiles(root, { "src/app.ts": "export const app = 1;\n", "CLAUDE.md": "# House rules\n\nSmall commits.\n" });
  commitAll(root);
  return root;
}
const ROOT = CHROMIUM ? repo() : "";

test("search the catalog, preview an install plan, apply it; Settings shows the doctor and sets the adapter", async () => {
  await withPage(ROOT, async (page, base) => {
    await openView(page, base, "#capabilities");
    assert.is(await page.getAttribute('.nav a[data-section="settings"]', "aria-current"), "page");
    await page.locator('#capabilities-page input[name="q"]').fill("reviewer");
    await page.waitForFunction(() => document.querySelectorAll(".catalog li").length === 2);
    await page.locator('.catalog a[data-ref="agent/diff-reviewer"]').click();
    await page.locator("#capability-detail h2", { hasText: "Diff reviewer" }).waitFor();
    assert.match(await page.locator("#capability-detail").innerText(), /claude-code: file \.claude\/agents\/diff-reviewer\.md/);
    await page.locator("#capability-detail button", { hasText: "Preview the install" }).click();
    await page.locator(".plan h3", { hasText: "Plan: add for claude-code" }).waitFor();
    assert.not.ok(existsSync(join(ROOT, ".claude/agents/diff-reviewer.md")), "a preview writes nothing");
    await page.locator(".plan summary").first().click();
    assert.match(await page.locator(".plan pre.diff").first().innerText(), /\+name: diff-reviewer/);
    await shoot(page, "capabilities-plan");
    await page.locator(".plan button", { hasText: "Apply this plan" }).click();
    // The answer says it is installed; the new files then redraw the page: wait for the state.
    await page.locator("#capabilities-page table td", { hasText: "agent/diff-reviewer" }).waitFor();
    assert.match(readFileSync(join(ROOT, ".claude/agents/diff-reviewer.md"), "utf8"), /^---\nname: diff-reviewer\n/);
    assert.match(await page.locator("#capabilities-page table").innerText(), /agent\/diff-reviewer\s+claude-code\s+current/);

    await openView(page, base, "#settings");
    assert.match(await page.locator(".doctor").innerText(), /ok\s+git/);
    await page.locator('#settings-actions select[name="id"]').selectOption("cursor");
    await page.locator("#settings-actions button", { hasText: "Make it the active adapter" }).click();
    await page.waitForFunction(() => (document.querySelector('#settings-actions select[name="id"]') as HTMLSelectElement | null)?.value === "cursor" && document.querySelector(".doctor")?.textContent?.includes("adapter cursor"));
    await viewLoaded(page, "settings");
    assert.match(readFileSync(join(ROOT, ".tool/config.json"), "utf8"), /"adapter": "cursor"/);
    await shoot(page, "settings-doctor");
  });
});

test.run();

// Flows on the task page in Chromium: run a flow, see the gate that waits, approve it with a
// name, watch the gates behind it run; reject needs a reason; the Runs page lists and filters.
import * as assert from "uvu/assert";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";
import { CHROMIUM, e2eSuite, openView, shoot, withPage } from "./harness.ts";

const test = e2eSuite("flows on the task page in Chromium");

function repo(): string {
  const root = tempDir("tool-e2e-flows-");
  writeFiles(root, {
    "src/app.ts": "export const app = 1;\n",
    ".tool/tasks/login/task.md": "---\nid: login\ntitle: Add login\nworkflow: standard\nstage: build\n---\n\n## Goal\n\nUsers sign in.\n",
  });
  mkdirSync(join(root, ".tool/flows"), { recursive: true });
  writeFileSync(join(root, ".tool/flows/release.json"), JSON.stringify({
    name: "release", description: "tests, a sign-off, then the notes", contract: "When release passes, the tests pass and a person signed it off.",
    gates: [
      { name: "tests", kind: "command", run: ["sh", "-c", "echo 12 tests passed"] },
      { name: "sign-off", kind: "approval", needs: ["tests"] },
      { name: "notes", kind: "command", run: ["true"], needs: ["sign-off"] },
    ],
  }));
  commitAll(root);
  return root;
}
const ROOT = CHROMIUM ? repo() : "";

test("run a flow, reject without and with a reason, approve, and find the runs on the Runs page", async () => {
  await withPage(ROOT, async (page, base) => {
    await openView(page, base, "#task/login");
    const flow = page.locator('.flow[data-flow="release"]');
    await flow.locator("button", { hasText: "Run release" }).click();
    await flow.locator('[data-gate="sign-off"] .badge', { hasText: "waiting" }).waitFor();
    assert.match(await flow.locator('[data-gate="tests"]').innerText(), /passed[\s\S]*sh -c echo 12 tests passed exited with 0/);
    await flow.locator('[data-gate="tests"] summary').click();
    // A live refresh (the flow's own writes under .tool/ announce one) keeps what the user opened.
    await page.evaluate(() => (window as unknown as { toolConsole: { show(a: string, o: object): Promise<void> } }).toolConsole.show("task/login", { refresh: true }));
    assert.ok(await flow.locator('[data-gate="tests"] details').evaluate((d) => (d as HTMLDetailsElement).open), "the opened output stays open across a refresh");
    assert.match(await flow.locator('[data-gate="tests"] pre').innerText(), /12 tests passed/);
    assert.match(await flow.locator('[data-gate="notes"]').innerText(), /skipped[\s\S]*waits for sign-off/);
    await shoot(page, "flows-waiting");

    const decision = flow.locator('[data-gate="sign-off"] form.decision');
    await decision.locator('input[name="by"]').fill("Ann");
    await decision.locator("button", { hasText: "Reject" }).click();
    await page.locator(".output", { hasText: '"reason" is required to reject' }).waitFor();

    await page.locator('.flow[data-flow="release"] [data-gate="sign-off"] input[name="by"]').fill("Ann");
    await page.locator('.flow[data-flow="release"] [data-gate="sign-off"] button', { hasText: "Approve" }).click();
    await page.locator('.flow[data-flow="release"] h2 .badge', { hasText: "passed" }).waitFor();
    assert.match(await page.locator('.flow[data-flow="release"] [data-gate="sign-off"]').innerText(), /approved by Ann/);
    assert.match(await page.locator('.flow[data-flow="release"] [data-gate="notes"]').innerText(), /passed/);
    await shoot(page, "flows-approved");

    await openView(page, base, "#runs");
    assert.match(await page.locator("#view").innerText(), /login[\s\S]*release[\s\S]*passed/);
    assert.is(await page.locator("#view tbody tr").count(), 2);
    await page.locator('select[name="outcome"]').selectOption("waiting");
    await page.waitForFunction(() => document.querySelectorAll("#view tbody tr").length === 1);
  }, { allowErrors: /400/ });
});

test.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCheck } from "../../workflow/tasks/checks/mod.ts";
import { addSubtask, createTask, readTask, setSubtaskStatus } from "../../workflow/tasks/mod.ts";
import { git, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

/** A repository with one commit and a task created on top of it, on a branch of its own. */
function project(files: Record<string, string>, scope?: string[]): string {
  const root = tempDir();
  writeFiles(root, files);
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "initial");
  createTask(root, { slug: "feature", title: "Add the feature", detail: "Do the thing.", criteria: ["prices are shown"] });
  if (scope) {
    const file = join(root, ".tool/tasks/feature/task.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("## Scope\n", `## Scope\n\n${scope.map((s) => `- ${s}`).join("\n")}\n`));
  }
  git(root, "switch", "-q", "-c", "feature");
  return root;
}

const test = suite("task checks");

test("verify runs the repository's commands, records pass or fail with output, and marks criteria tested", async () => {
  const root = project({
    "package.json": JSON.stringify({ name: "x", scripts: { test: `node -e "console.log('AC-1 prices are shown: ok')"`, lint: `node -e "console.error('3 problems'); process.exit(3)"` } }),
  });
  const failing = await runCheck(root, "feature", "verify");
  assert.is(failing.ok, false);
  const commands = (failing.details as { commands: { name: string; ok: boolean; exitCode: number; tail: string }[] }).commands;
  assert.equal(commands.map((c) => [c.name, c.ok, c.exitCode]), [["lint", false, 3], ["test", true, 0]]);
  assert.match(commands[0]!.tail, /3 problems/);
  assert.is(readTask(root, "feature").statuses.verify, "failed");
  assert.ok(readTask(root, "feature").criteria[0]!.tested, "the test output names AC-1");

  writeFileSync(join(root, ".tool/config.json"), JSON.stringify({ verify: { commands: [{ name: "unit", run: ["node", "-e", "process.exit(0)"] }] } }));
  const passing = await runCheck(root, "feature", "verify");
  assert.ok(passing.ok);
  assert.is(passing.summary, "passed: unit");
  assert.is(readTask(root, "feature").statuses.verify, "passed");
});

test("validate and readiness report what is missing; readiness passes once everything is done", async () => {
  const root = project({ "src/a.ts": "export const a = 1;\n" });
  const invalid = await runCheck(root, "feature", "validate");
  assert.equal((invalid.details as { problems: string[] }).problems, ["AC-1 is not carried by a subtask nor named in an artifact"]);
  await addSubtask(root, "feature", { title: "Show prices", criteria: ["AC-1"] });
  assert.ok((await runCheck(root, "feature", "validate")).ok);
  const gaps = (await runCheck(root, "feature", "readiness")).details as { gaps: string[] };
  assert.equal(gaps.gaps, ["AC-1 not tested (no recorded evidence names it)", "subtask 01 is pending", "verify has not passed"]);
  await setSubtaskStatus(root, "feature", "01", "done", true);
  writeFileSync(join(root, ".tool/config.json"), JSON.stringify({ verify: { commands: [{ name: "t", run: ["node", "-e", "console.log('AC-1 passed')"] }] } }));
  await runCheck(root, "feature", "verify");
  assert.ok((await runCheck(root, "feature", "readiness")).ok);
});

test("guard flags files outside the task's scope and rule violations", async () => {
  const root = project({ "src/ui/view.ts": "export const v = 1;\n", "src/db/store.ts": "export const s = 1;\n" }, ["src/ui"]);
  writeFileSync(join(root, ".tool/config.json"), JSON.stringify({ architecture: { rules: [{ from: "src/ui/**", disallow: ["src/db/**"] }] } }));
  writeFileSync(join(root, "src/ui/view.ts"), 'import { s } from "../db/store";\nexport const v = s;\n');
  writeFileSync(join(root, "src/db/store.ts"), "export const s = 2;\n");
  const result = await runCheck(root, "feature", "guard");
  assert.is(result.ok, false);
  const details = result.details as { outside: string[]; violations: { from: string }[] };
  assert.equal(details.outside, ["src/db/store.ts"]);
  assert.equal(details.violations.map((v) => v.from), ["src/ui/view.ts"]);
});

test("security finds secret-looking strings in added lines and stores them masked", async () => {
  const root = project({ "src/a.ts": "export const a = 1;\n" });
  writeFileSync(join(root, "src/config.ts"), 'export const stripe = "sk_live_1234567890abcdefghijklmn";\n');
  const result = await runCheck(root, "feature", "security");
  assert.is(result.ok, false);
  const secrets = (result.details as { secrets: { file: string; line: number; kind: string; text: string }[] }).secrets;
  assert.equal(secrets.map((s) => [s.file, s.line, s.kind]), [["src/config.ts", 1, "Stripe secret key"]]);
  assert.not.match(readFileSync(join(root, ".tool/tasks/feature/state.json"), "utf8"), /1234567890abcdefghijklmn/);
});

test("deps lists package changes and fails when the lockfile did not follow", async () => {
  const root = project({ "package.json": JSON.stringify({ name: "x", dependencies: { a: "1.0.0", b: "1.0.0" } }), "package-lock.json": "{}\n" });
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "x", dependencies: { a: "2.0.0", c: "1.0.0" } }));
  const result = await runCheck(root, "feature", "deps");
  assert.is(result.ok, false);
  const details = result.details as { packages: { added: string[]; removed: string[]; changed: string[] }[]; stale: string[] };
  assert.equal(details.packages[0], { manifest: "package.json", added: ["c@1.0.0"], removed: ["b@1.0.0"], changed: ["a 1.0.0 -> 2.0.0"] } as never);
  assert.equal(details.stale, ["package.json"]);
});

test("checkpoint records the working tree under refs/tool/ without touching the branch or the index", async () => {
  const root = project({ "src/a.ts": "export const a = 1;\n" });
  writeFileSync(join(root, "src/a.ts"), "export const a = 2;\n");
  writeFileSync(join(root, "src/new.ts"), "export const n = 1;\n");
  const statusBefore = git(root, "status", "--porcelain");
  const headBefore = git(root, "rev-parse", "HEAD");
  const result = await runCheck(root, "feature", "checkpoint");
  assert.ok(result.ok, result.summary);
  const { ref } = result.details as { ref: string };
  assert.is(ref, "refs/tool/checkpoints/feature/1");
  assert.is(git(root, "show", `${ref}:src/a.ts`), "export const a = 2;\n");
  assert.is(git(root, "show", `${ref}:src/new.ts`), "export const n = 1;\n");
  assert.is(git(root, "status", "--porcelain"), statusBefore);
  assert.is(git(root, "rev-parse", "HEAD"), headBefore);
  assert.is(git(root, "rev-parse", "--abbrev-ref", "HEAD").trim(), "feature");
});

test("review --diff writes review.md from the analysis; pr prepares the body and says what to run", async () => {
  const root = project({ "src/a.ts": "export const a = 1;\n", "src/b.ts": 'import { a } from "./a";\nexport const b = a;\n' });
  writeFileSync(join(root, "src/a.ts"), "// FIXME: rounding\nexport const a = 2;\n");
  const reviewed = await runCheck(root, "feature", "review");
  assert.ok(reviewed.ok);
  const markdown = readFileSync(join(root, ".tool/tasks/feature/review.md"), "utf8");
  assert.match(markdown, /## Changed files \(1\)\n- src\/a\.ts/);
  assert.match(markdown, /## Dependents \(1\)\n- src\/b\.ts \(distance 1\)/);
  assert.match(markdown, /\[low\] 1 debt marker/);
  const cli = runTool(["pr", "feature", "--root", root], { env: { PATH: "/usr/bin:/bin" } });
  assert.is(cli.code, 1, "no gh or glab here: prepared, not opened");
  assert.match(cli.stdout, /git push -u origin feature\n  gh pr create --base main --head feature --title 'Add the feature'/);
  assert.ok(existsSync(join(root, ".tool/tasks/feature/pr.md")));
  assert.match(readFileSync(join(root, ".tool/tasks/feature/pr.md"), "utf8"), /- \[ \] AC-1: prices are shown/);
});

test.run();

// `tool agent` as a user types it, with the fake CLIs first on PATH.
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { commitAll, FIXTURES, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("tool agent");
const env = { PATH: `${join(FIXTURES, "agents", "bin")}:${process.env.PATH}` };

function repo(): string {
  const root = tempDir("tool-agent-cli-");
  writeFiles(root, { "src/app.ts": "export const app = 1;\n" });
  commitAll(root);
  assert.is(runTool(["new", "login", "--title", "Add login"], { cwd: root, env }).code, 0);
  assert.is(runTool(["subtask", "add", "login", "--title", "Form"], { cwd: root, env }).code, 0);
  return root;
}

test("trust, list, run in the foreground with readable lines or JSON lines, exit with the run's status", () => {
  const root = repo();
  const untrusted = runTool(["agent", "run", "login", "01", "--provider", "claude"], { cwd: root, env });
  assert.is(untrusted.code, 2);
  assert.match(untrusted.stderr, /claude is not trusted/);
  assert.is(runTool(["agent", "trust", "claude", "--max-permission", "full"], { cwd: root, env }).code, 0);
  const list = JSON.parse(runTool(["agent", "list", "--json"], { cwd: root, env }).stdout);
  assert.equal(list.maxPermission, { claude: "full" });
  const run = runTool(["agent", "run", "login", "01", "--provider", "claude", "--permission", "full"], { cwd: root, env });
  assert.is(run.code, 0, run.stderr);
  assert.match(run.stdout, /^\[start\] Claude Code on login subtask 01$/m);
  assert.match(run.stdout, /^~ src\/app\.ts \(edit\)$/m);
  assert.match(run.stdout, /^\[end\] /m);
  const failed = runTool(["agent", "run", "login", "--provider", "claude", "--prompt", "@fail", "--json"], { cwd: root, env });
  assert.is(failed.code, 1);
  const events = failed.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.equal([events[0].type, events.at(-1).type, events.at(-1).data.status], ["start", "end", "failed"]);
  const runs = JSON.parse(runTool(["agent", "runs", "--json"], { cwd: root, env }).stdout);
  assert.equal(runs.history.map((r: { status: string }) => r.status), ["failed", "succeeded"]);
});

test("bad input exits 2 with one line: unknown action, provider, permission, stage", () => {
  const root = repo();
  for (const args of [["agent"], ["agent", "fly"], ["agent", "trust", "nope"], ["agent", "trust", "claude", "--max-permission", "root"], ["agent", "stage", "nope"], ["agent", "run", "login", "01"], ["agent", "models", "nope"]]) {
    const result = runTool(args, { cwd: root, env });
    assert.is(result.code, 2, args.join(" "));
    assert.is(result.stderr.trim().split("\n").length, 1, `${args.join(" ")}: ${result.stderr}`);
  }
});

test("a custom provider from .tool/config.json runs with its args template", () => {
  const root = repo();
  const bin = join(tempDir("tool-custom-agent-"), "my-agent");
  writeFileSync(bin, '#!/bin/sh\necho "args: $*"\necho "done"\n', { mode: 0o755 });
  mkdirSync(join(root, ".tool"), { recursive: true });
  writeFileSync(join(root, ".tool/config.json"), JSON.stringify({
    agents: { trusted: { mine: { maxPermission: "edit" } }, custom: [{ id: "mine", name: "My agent", bin, args: ["--ask", "{prompt}", "--model", "{model}", "--mode={permission}"] }] },
  }));
  const result = runTool(["agent", "run", "login", "01", "--provider", "mine", "--permission", "edit", "--json"], { cwd: root, env });
  assert.is(result.code, 0, result.stderr);
  const messages = result.stdout.trim().split("\n").map((l) => JSON.parse(l)).filter((e) => e.type === "message").map((e) => e.text);
  assert.match(messages.join("\n"), /args: --ask You are working on the task "Add login"/);
  assert.match(messages.join("\n"), /--mode=edit/);
  assert.not.match(messages.join("\n"), /--model/, "an empty {model} is left out with its option");
});

test.run();

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { changedPaths, restoreCheckpoint, snapshotTree, takeCheckpoint, treeExists } from "../../workflow/snapshot.ts";
import { appendEntry, lastEntry, verifyLedger } from "../../workflow/loops/ledger.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const repo = () => {
  const root = tempDir();
  git(root, "init", "-q", "-b", "main");
  writeFiles(root, { "src/a.ts": "export const a = 1;\n", "src/b.ts": "export const b = 2;\n", ".gitignore": "ignored.log\n" });
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "base");
  return root;
};

const checkpoints = suite("loop checkpoints");

checkpoints("a checkpoint moves neither HEAD nor the index nor the branch, and is kept by a ref", () => {
  const root = repo();
  writeFiles(root, { "src/a.ts": "export const a = 10; // user's own edit\n", "notes.txt": "untracked by the user\n" });
  git(root, "add", "src/a.ts");
  const head = git(root, "rev-parse", "HEAD");
  const staged = git(root, "diff", "--cached", "--name-only");
  const status = git(root, "status", "--porcelain");
  const point = takeCheckpoint(root, "refs/tool/loops/t/l1");
  assert.is(git(root, "rev-parse", "HEAD"), head);
  assert.is(git(root, "diff", "--cached", "--name-only"), staged);
  assert.is(git(root, "status", "--porcelain"), status);
  assert.is(git(root, "rev-parse", "refs/tool/loops/t/l1^{tree}").trim(), point.tree);
  assert.ok(treeExists(root, point.tree));
  assert.is(git(root, "show", `${point.tree}:notes.txt`), "untracked by the user\n", "untracked files are in the snapshot");
  const next = takeCheckpoint(root, "refs/tool/loops/t/l1");
  assert.is(git(root, "rev-parse", "refs/tool/loops/t/l1^").trim(), point.commit, "checkpoints chain under the ref");
  assert.is(next.tree, point.tree, "nothing changed, same tree");
});

checkpoints("restore puts back exactly the files changed since the checkpoint, byte for byte, and leaves the rest alone", () => {
  const root = repo();
  writeFiles(root, { "src/a.ts": "export const a = 10; // user's own edit\n", "user.txt": "mine\r\n\u00e9\n" });
  const point = takeCheckpoint(root, "refs/tool/loops/t/l1");
  const untouched = statSync(join(root, "user.txt")).mtimeMs;
  // The agent: edits a tracked file, deletes one, adds one in a new folder, makes one executable, writes an ignored file.
  writeFiles(root, { "src/b.ts": "broken(\n", "src/new/c.ts": "new file\n", "ignored.log": "log\n" });
  writeFileSync(join(root, "src/a.ts"), "export const a = 10; // user's own edit\nagent line\n");
  chmodSync(join(root, "src/b.ts"), 0o755);
  writeFiles(root, { ".tool/tasks/t/state.json": "{}\n" });
  assert.equal(changedPaths(root, point.tree, snapshotTree(root)), ["src/a.ts", "src/b.ts", "src/new/c.ts"]);
  const restored = restoreCheckpoint(root, point.tree);
  assert.equal(restored, ["src/a.ts", "src/b.ts", "src/new/c.ts"]);
  assert.is(readFileSync(join(root, "src/a.ts"), "utf8"), "export const a = 10; // user's own edit\n", "the user's uncommitted edit survives");
  assert.is(readFileSync(join(root, "src/b.ts"), "utf8"), "export const b = 2;\n");
  assert.is(statSync(join(root, "src/b.ts")).mode & 0o111, 0, "the mode is restored too");
  assert.not.ok(existsSync(join(root, "src/new/c.ts")), "a file the agent added is removed");
  assert.is(readFileSync(join(root, "user.txt"), "utf8"), "mine\r\n\u00e9\n");
  assert.is(statSync(join(root, "user.txt")).mtimeMs, untouched, "an unchanged file is not even rewritten");
  assert.ok(existsSync(join(root, "ignored.log")), "ignored files are not the loop's to remove");
  assert.ok(existsSync(join(root, ".tool/tasks/t/state.json")), ".tool is never part of a checkpoint");
  assert.equal(restoreCheckpoint(root, point.tree), [], "a second restore has nothing to do");
});

checkpoints("checkpoints work in a repository without commits", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, { "a.txt": "one\n" });
  const point = takeCheckpoint(root, "refs/tool/loops/t/l1");
  writeFiles(root, { "a.txt": "two\n" });
  assert.equal(restoreCheckpoint(root, point.tree), ["a.txt"]);
  assert.is(readFileSync(join(root, "a.txt"), "utf8"), "one\n");
});

checkpoints.run();

const ledger = suite("loop ledger");

const write = (root: string) => {
  const file = join(root, ".tool/ledger.jsonl");
  writeFiles(root, { ".tool/ledger.jsonl": "" });
  let head = appendEntry(file, undefined, "start", { task: "t", budgets: { iterations: 3 } });
  const point = takeCheckpoint(root, "refs/tool/loops/t/l1");
  head = appendEntry(file, head, "checkpoint", { tree: point.tree, subtask: "01" });
  head = appendEntry(file, head, "iteration", { iteration: 1, decision: "accepted", reasons: ["gates passed"] });
  head = appendEntry(file, head, "end", { status: "completed" });
  return { file, head };
};

ledger("an untouched ledger verifies, counting its entries and checkpoints", () => {
  const root = repo();
  const { file, head } = write(root);
  assert.equal(verifyLedger(root, file, head), { ok: true, entries: 4, checkpoints: 1, problems: [], warnings: [] });
  assert.equal(lastEntry(root, file), head);
});

ledger("an edited, a removed and a reordered entry are each a problem", () => {
  const root = repo();
  const { file, head } = write(root);
  const lines = readFileSync(file, "utf8").trimEnd().split("\n");
  writeFileSync(file, lines.map((l, i) => (i === 2 ? l.replace("accepted", "rejected") : l)).join("\n") + "\n");
  const edited = verifyLedger(root, file, head);
  assert.not.ok(edited.ok);
  assert.match(edited.problems.join("\n"), /line 3: hash does not match its content \(entry 3 was edited\)/);
  writeFileSync(file, [lines[0], lines[1], lines[3]].join("\n") + "\n");
  assert.match(verifyLedger(root, file, head).problems.join("\n"), /line 3: seq 4 where 3 was expected/);
  writeFileSync(file, [lines[0], lines[2], lines[1], lines[3]].join("\n") + "\n");
  assert.ok(verifyLedger(root, file, head).problems.length >= 2);
  writeFileSync(file, lines.slice(0, 3).join("\n") + "\n");
  assert.match(verifyLedger(root, file, head).problems.join("\n"), /ends at entry 3, but the loop recorded 4/);
});

ledger("a torn last line is only a warning; a checkpoint whose tree is gone is a problem", () => {
  const root = repo();
  const { file } = write(root);
  writeFileSync(file, readFileSync(file, "utf8") + '{"seq":5,"at":"2026-');
  const torn = verifyLedger(root, file);
  assert.is(torn.ok, true);
  assert.is(torn.entries, 4);
  assert.match(torn.warnings[0]!, /torn/);
  const lines = readFileSync(file, "utf8").split("\n");
  const entry = JSON.parse(lines[1]!);
  const bogus = { ...entry, data: { ...entry.data, tree: "1".repeat(40) } };
  writeFileSync(file, readFileSync(file, "utf8").replace(lines[1]!, JSON.stringify(bogus)));
  const gone = verifyLedger(root, file);
  assert.match(gone.problems.join("\n"), /checkpoint tree 111111111111 no longer exists/);
});

ledger.run();

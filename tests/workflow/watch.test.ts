import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isWatchedPath, watchProject } from "../../workflow/index/mod.ts";
import { tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("watchProject: recursive, filtered, debounced");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until && !check()) await sleep(20);
  return check();
}

test("isWatchedPath ignores never-scanned folders and .tool/cache, keeps tasks and branch moves", () => {
  for (
    const path of [
      "src/a.ts",
      "README.md",
      ".tool/tasks/x/task.md",
      ".tool/config.json",
      ".git/HEAD",
      ".git/refs/heads/main",
      "a/b/c/d.py",
    ]
  ) {
    assert.ok(isWatchedPath(path), path);
  }
  for (
    const path of [
      "node_modules/x/index.js",
      "a/node_modules/b.js",
      "dist/app.js",
      ".tool/cache/project-index.json",
      ".tool/cache/analysis/facts.json",
      ".git/index",
      ".git/objects/ab/cd",
      "pkg/__pycache__/m.pyc",
      "target/debug/x",
    ]
  ) {
    assert.not.ok(isWatchedPath(path), path);
  }
});

test("a burst of edits, also in a folder made after the start, gives one call with the paths", async () => {
  const root = tempDir();
  writeFiles(root, { "src/a.ts": "1" });
  const calls: string[][] = [];
  // The quiet time is far longer than the burst's gaps, so a slow machine still sees one burst.
  const watcher = watchProject(root, (paths) => calls.push(paths), { debounceMs: 500 });
  try {
    await watcher.ready;
    mkdirSync(join(root, "src/new/deep"), { recursive: true });
    for (let i = 0; i < 5; i++) {
      writeFileSync(join(root, "src/a.ts"), String(i));
      await sleep(10);
    }
    writeFileSync(join(root, "src/new/deep/b.ts"), "x");
    assert.ok(await eventually(() => calls.length > 0), "called");
    await sleep(700);
    assert.is(calls.length, 1, `one debounced call, got ${JSON.stringify(calls)}`);
    assert.ok(calls[0]!.includes("src/a.ts"));
    assert.ok(calls[0]!.includes("src/new/deep/b.ts"), "a folder made after the start is watched too");
  } finally {
    watcher.close();
  }
});

test("writes under ignored folders call nothing; close stops the calls", async () => {
  const root = tempDir();
  writeFiles(root, { "node_modules/x/i.js": "1", ".tool/cache/f.json": "1", "dist/a.js": "1" });
  const calls: string[][] = [];
  const watcher = watchProject(root, (paths) => calls.push(paths), { debounceMs: 50 });
  await watcher.ready;
  writeFileSync(join(root, "node_modules/x/i.js"), "2");
  writeFileSync(join(root, ".tool/cache/f.json"), "2");
  writeFileSync(join(root, "dist/a.js"), "2");
  await sleep(400);
  assert.equal(calls, []);
  watcher.close();
  writeFileSync(join(root, "a.ts"), "1");
  await sleep(300);
  assert.equal(calls, [], "closed");
});

test("a steady stream of edits still flushes within the longest wait", async () => {
  const root = tempDir();
  const calls: number[] = [];
  const started = Date.now();
  const watcher = watchProject(root, () => calls.push(Date.now() - started), { debounceMs: 200, maxWaitMs: 400 });
  try {
    await watcher.ready;
    for (let i = 0; i < 30; i++) {
      writeFileSync(join(root, "busy.ts"), String(i));
      await sleep(40);
    }
    assert.ok(calls.length >= 2, `flushed during the burst: ${calls.length}`);
  } finally {
    watcher.close();
  }
});

test("a folder that cannot be watched is said through onError, and the watcher settles", async () => {
  const errors: string[] = [];
  const watcher = watchProject(join(tempDir(), "gone"), () => {}, { onError: (error) => errors.push(error.message) });
  await watcher.ready;
  watcher.close();
  assert.is(errors.length, 1, JSON.stringify(errors));
  assert.match(errors[0]!, /ENOENT|no such file/i);
});

test.run();

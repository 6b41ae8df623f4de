// The caches the tool keeps in a repository stay out of the user's `git status`, from their first file on.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeCacheFile, writeFileAtomic } from "../../core/atomic.ts";
import { tempDir } from "../helpers/repo.ts";

const test = suite("atomic writes");

test("a cache file's first write puts the cache folder's .gitignore first: git status shows nothing; other files are written as they are", () => {
  const root = tempDir("tool-atomic-");
  spawnSync("git", ["init", "-q"], { cwd: root });
  writeCacheFile(join(root, ".tool/cache/history-commits.json"), "{}");
  assert.is(readFileSync(join(root, ".tool/cache/.gitignore"), "utf8"), "*\n");
  assert.is(spawnSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).stdout, "");
  writeCacheFile(join(root, ".tool/cache/analysis/facts.json"), "{}");
  assert.is(spawnSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).stdout, "");
  writeFileAtomic(join(root, ".tool/tasks/t1/task.json"), "{}");
  assert.is(spawnSync("git", ["status", "--porcelain", "-uall"], { cwd: root, encoding: "utf8" }).stdout, "?? .tool/tasks/t1/task.json\n", "a task is the project's, not a cache");
  writeCacheFile(join(root, "notes.json"), "{}");
  assert.not.ok(existsSync(join(root, ".gitignore")), "outside .tool/cache nothing is ignored");
});

test.run();

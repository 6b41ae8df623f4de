import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ToolError } from "../core/errors.ts";

/**
 * Snapshots of the work tree as git tree objects, taken and restored with git plumbing
 * through a private index file, so HEAD, the branch and the user's index never move. The
 * tool's own state (`.tool/`) is never part of a snapshot, so restoring one never undoes what
 * the tool recorded. The `checkpoint` check and the loops' checkpoints are made of these.
 *
 * @example
 * const before = takeCheckpoint(root, "refs/tool/loops/login/l1");
 * // ... an agent edits files ...
 * restoreCheckpoint(root, before.tree); // every file the agent changed is as it was
 */
export type Checkpoint = { tree: string; commit: string };

const EXCLUDE = ":(exclude).tool";

/** Runs git with a private index; throws a ToolError with git's message on failure. */
function git(root: string, index: string | undefined, args: string[], input?: string): string {
  const env = { ...process.env, ...(index ? { GIT_INDEX_FILE: index } : {}), GIT_OPTIONAL_LOCKS: "0" };
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8", env, input, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new ToolError("git-failed", `git ${args[0]} failed: ${(result.stderr || result.stdout).trim()}`, 500);
  return result.stdout;
}

function withIndex<T>(fn: (index: string) => T): T {
  const index = join(tmpdir(), `tool-index-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    return fn(index);
  } finally {
    rmSync(index, { force: true });
  }
}

/** The tree of the work tree as it is now: tracked and untracked files, ignored ones and `.tool/` left out. */
export function snapshotTree(root: string): string {
  return withIndex((index) => {
    // Starting from HEAD's tree lets `git add` hash only the files that differ from it.
    if (resolveCommit(root, "HEAD")) git(root, index, ["read-tree", "HEAD"]);
    git(root, index, ["add", "-A", "--", ".", EXCLUDE]);
    return git(root, index, ["write-tree"]).trim();
  });
}

/**
 * Takes a checkpoint: the work tree's tree, wrapped in a commit that `ref` points to (its
 * parent is the commit `ref` pointed to before, else HEAD), so `git gc` never prunes a
 * checkpoint that a ledger names. HEAD, the index and the branch are untouched.
 */
export function takeCheckpoint(root: string, ref: string, message = "tool checkpoint"): Checkpoint {
  const tree = snapshotTree(root);
  return commitCheckpoint(root, ref, tree, resolveCommit(root, `${ref}^{commit}`) ?? resolveCommit(root, "HEAD"), message);
}

function resolveCommit(root: string, name: string): string | undefined {
  const result = spawnSync("git", ["rev-parse", "--verify", "--quiet", name], { cwd: root, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function commitCheckpoint(root: string, ref: string, tree: string, parent: string | undefined, message: string): Checkpoint {
  const env = { GIT_AUTHOR_NAME: "tool", GIT_AUTHOR_EMAIL: "tool@localhost", GIT_COMMITTER_NAME: "tool", GIT_COMMITTER_EMAIL: "tool@localhost" };
  const result = spawnSync("git", ["commit-tree", tree, ...(parent ? ["-p", parent] : []), "-m", message], { cwd: root, encoding: "utf8", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new ToolError("git-failed", `git commit-tree failed: ${result.stderr.trim()}`, 500);
  const commit = result.stdout.trim();
  git(root, undefined, ["update-ref", ref, commit]);
  return { tree, commit };
}


/** Paths that differ between two trees (added, removed or changed), sorted. */
export function changedPaths(root: string, from: string, to: string): string[] {
  const out = git(root, undefined, ["diff-tree", "-r", "-z", "--name-only", "--no-renames", from, to]);
  return out.split("\0").filter(Boolean).sort();
}

/** True when the tree object exists in the repository (a checkpoint the ledger names). */
export function treeExists(root: string, tree: string): boolean {
  return /^[0-9a-f]{40,64}$/.test(tree) && spawnSync("git", ["cat-file", "-e", `${tree}^{tree}`], { cwd: root }).status === 0;
}

/**
 * Puts every file that differs from the checkpoint back as it was in it, byte for byte and
 * with its mode; files that were not in it are removed. Files that did not change since the
 * checkpoint are not touched at all. Returns the paths it restored.
 */
export function restoreCheckpoint(root: string, tree: string): string[] {
  const paths = changedPaths(root, tree, snapshotTree(root));
  if (!paths.length) return [];
  const entries = new Map<string, { mode: string; blob: string }>();
  const listing = git(root, undefined, ["ls-tree", "-r", "-z", tree, "--", ...paths]);
  for (const record of listing.split("\0").filter(Boolean)) {
    const [meta, path] = [record.slice(0, record.indexOf("\t")), record.slice(record.indexOf("\t") + 1)];
    const [mode, , blob] = meta.split(" ");
    entries.set(path, { mode: mode!, blob: blob! });
  }
  for (const path of paths) {
    const target = join(root, path);
    const entry = entries.get(path);
    if (!entry) {
      rmSync(target, { force: true, recursive: true });
      continue;
    }
    if (entry.mode === "160000") continue; // a submodule's commit: its own repository, not ours to rewrite
    const content = spawnSync("git", ["cat-file", "blob", entry.blob], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
    if (content.status !== 0) throw new ToolError("git-failed", `git cat-file ${entry.blob} failed`, 500);
    rmSync(target, { force: true, recursive: true });
    mkdirSync(dirname(target), { recursive: true });
    if (entry.mode === "120000") symlinkSync(content.stdout.toString("utf8"), target);
    else writeFileSync(target, content.stdout, { mode: entry.mode === "100755" ? 0o755 : 0o644 });
    if (entry.mode === "100755") chmodSync(target, 0o755);
  }
  return paths;
}

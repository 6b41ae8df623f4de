import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Check } from "./check.ts";
import { git } from "./git.ts";

/**
 * Records the working tree as a commit under `refs/tool/checkpoints/<task>/<n>` without
 * touching the user's branch, index or files: the snapshot is built in a temporary index
 * (`GIT_INDEX_FILE`), written as a tree, committed with HEAD as parent, and only a ref points
 * at it. `git checkout <ref> -- .` brings it back.
 */
export const checkpoint: Check = ({ root, task }) => {
  const head = git(root, ["rev-parse", "--verify", "HEAD"])?.trim();
  const temp = mkdtempSync(join(tmpdir(), "tool-index-"));
  try {
    const env = { GIT_INDEX_FILE: join(temp, "index") };
    if (head && git(root, ["read-tree", "HEAD"], env) === undefined) throw new Error("git read-tree failed");
    if (git(root, ["add", "-A", "--", ".", ":(exclude).tool"], env) === undefined) throw new Error("git add failed");
    const tree = git(root, ["write-tree"], env)?.trim();
    if (!tree) throw new Error("git write-tree failed");
    const message = `tool checkpoint of task ${task.id}`;
    const identity = { GIT_AUTHOR_NAME: "tool", GIT_AUTHOR_EMAIL: "tool@localhost", GIT_COMMITTER_NAME: "tool", GIT_COMMITTER_EMAIL: "tool@localhost" };
    const commit = git(root, ["commit-tree", tree, ...(head ? ["-p", head] : []), "-m", message], identity)?.trim();
    if (!commit) throw new Error("git commit-tree failed");
    const existing = (git(root, ["for-each-ref", "--format=%(refname)", `refs/tool/checkpoints/${task.id}/`]) ?? "").split("\n").filter(Boolean);
    const ref = `refs/tool/checkpoints/${task.id}/${existing.length + 1}`;
    if (git(root, ["update-ref", ref, commit]) === undefined) throw new Error("git update-ref failed");
    return { ok: true, summary: `checkpoint ${ref} (${commit.slice(0, 12)})`, details: { ref, commit, tree }, text: `Recorded ${ref} -> ${commit}. Restore files with: git checkout ${ref} -- .` };
  } catch (error) {
    return { ok: false, summary: `no checkpoint: ${(error as Error).message}`, details: {}, text: `Could not record a checkpoint: ${(error as Error).message} (is this a git repository?)` };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
};

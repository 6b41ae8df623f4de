import { spawnSync } from "node:child_process";
import { takeCheckpoint } from "../../snapshot.ts";
import type { Check } from "./check.ts";

/**
 * Records the working tree as a commit under `refs/tool/checkpoints/<task>/<n>` without
 * touching the user's branch, index or files (workflow/snapshot.ts), with HEAD as its parent.
 * `git checkout <ref> -- .` brings it back.
 */
export const checkpoint: Check = ({ root, task }) => {
  try {
    const refs = spawnSync("git", ["for-each-ref", "--format=%(refname)", `refs/tool/checkpoints/${task.id}/`], { cwd: root, encoding: "utf8" });
    if (refs.status !== 0) throw new Error(refs.stderr.trim() || "git for-each-ref failed");
    const ref = `refs/tool/checkpoints/${task.id}/${refs.stdout.split("\n").filter(Boolean).length + 1}`;
    const { commit, tree } = takeCheckpoint(root, ref, `tool checkpoint of task ${task.id}`);
    return { ok: true, summary: `checkpoint ${ref} (${commit.slice(0, 12)})`, details: { ref, commit, tree }, text: `Recorded ${ref} -> ${commit}. Restore files with: git checkout ${ref} -- .` };
  } catch (error) {
    return { ok: false, summary: `no checkpoint: ${(error as Error).message}`, details: {}, text: `Could not record a checkpoint: ${(error as Error).message} (is this a git repository?)` };
  }
};

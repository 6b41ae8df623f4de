import { spawnSync } from "node:child_process";
import { updateState } from "../write.ts";
import type { Task } from "../schema.ts";
import type { Check } from "./check.ts";
import { git } from "./git.ts";

/**
 * Prepares the pull request from the task (title, and a body with the goal, criteria,
 * subtasks and checks) and opens it with `gh` or `glab` when one is installed and signed in;
 * otherwise says exactly which command to run. Nothing is pushed without the provider's CLI.
 */
export const pr: Check = async ({ root, task }) => {
  const branch = git(root, ["rev-parse", "--abbrev-ref", "HEAD"])?.trim() ?? "";
  const base = defaultBranch(root);
  const title = task.title;
  const body = prBody(task);
  if (!branch || branch === "HEAD") return fail("no branch is checked out: create one for the task first (git switch -c <branch>)", title, body);
  if (branch === base) return fail(`you are on ${base}, the base branch: create a branch for the task (git switch -c ${task.id})`, title, body);
  for (const provider of ["gh", "glab"] as const) {
    if (spawnSync(provider, ["auth", "status"], { cwd: root, stdio: "ignore" }).status !== 0) continue;
    const args = provider === "gh"
      ? ["pr", "create", "--title", title, "--body", body, "--base", base, "--head", branch]
      : ["mr", "create", "--title", title, "--description", body, "--target-branch", base, "--source-branch", branch, "--yes"];
    const result = spawnSync(provider, args, { cwd: root, encoding: "utf8" });
    if (result.status !== 0) return fail(`${provider} could not open it: ${(result.stderr || result.stdout).trim().split("\n").pop()}`, title, body);
    const url = /https?:\/\/\S+/.exec(result.stdout)?.[0] ?? null;
    const number = Number(/\/(\d+)\/?$/.exec(url ?? "")?.[1]) || null;
    await updateState(root, task.id, (state) => {
      state.pullRequest = { provider: provider === "gh" ? "github" : "gitlab", url, number, branch, base, opened: true, at: new Date().toISOString() };
    });
    return { ok: true, summary: `opened ${url ?? "the pull request"}`, details: { provider, url, branch, base, title }, text: `Opened ${url}` };
  }
  const command = `gh pr create --base ${base} --head ${branch} --title ${quote(title)} --body-file .tool/tasks/${task.id}/pr.md`;
  return {
    ok: false,
    summary: "prepared; no signed-in gh or glab to open it",
    details: { title, body, branch, base, command },
    text: `Neither gh nor glab is installed and signed in. Push the branch and open the pull request:\n  git push -u origin ${branch}\n  ${command}\n\nTitle: ${title}\n\n${body}`,
  };
};

function fail(reason: string, title: string, body: string) {
  return { ok: false, summary: reason, details: { title, body }, text: `${reason}\n\nTitle: ${title}\n\n${body}` };
}

/** The pull request body: what the task set out to do and the evidence that it did. */
export function prBody(task: Task): string {
  const lines = [task.goal || task.title, "", "## Acceptance criteria"];
  for (const c of task.criteria) lines.push(`- [${c.tested ? "x" : " "}] ${c.id}: ${c.text}`);
  lines.push("", "## Subtasks");
  for (const s of task.subtasks) lines.push(`- [${s.status === "done" ? "x" : " "}] ${s.id} ${s.title}`);
  const checks = Object.entries(task.evidence).filter(([name]) => name !== "pr");
  if (checks.length) lines.push("", "## Checks", ...checks.map(([name, e]) => `- ${name}: ${e.ok ? "passed" : "failed"} (${e.summary})`));
  return lines.join("\n");
}

function defaultBranch(root: string): string {
  const remote = git(root, ["symbolic-ref", "--short", "refs/remotes/origin/HEAD"])?.trim();
  if (remote) return remote.replace(/^origin\//, "");
  for (const name of ["main", "master", "trunk", "develop"]) if (git(root, ["rev-parse", "--verify", "--quiet", `refs/heads/${name}`]) !== undefined) return name;
  return "main";
}

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

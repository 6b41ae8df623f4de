/** The task checks: each reads the task and the repository, and records what it found as evidence. */
import { writeFileAtomic } from "../../../core/atomic.ts";
import { join } from "node:path";
import { readState, readTask, taskDir } from "../read.ts";
import type { CheckName } from "../schema.ts";
import { recordEvidence } from "../write.ts";
import type { Check, CheckResult } from "./check.ts";
import { checkpoint } from "./checkpoint.ts";
import { deps } from "./deps.ts";
import { guard } from "./guard.ts";
import { pr, prBody } from "./pr.ts";
import { readiness } from "./readiness.ts";
import { review } from "./review.ts";
import { security } from "./security.ts";
import { validate } from "./validate.ts";
import { verify } from "./verify.ts";

export type { CheckResult } from "./check.ts";
export { verificationCommands } from "./verify.ts";

export const CHECK_TABLE: Record<CheckName, Check> = { validate, verify, guard, security, deps, readiness, checkpoint, review, pr };

/** Runs one check on a task and records its outcome in state.json; returns what it found. */
export async function runCheck(root: string, id: string, name: CheckName, options: Record<string, unknown> = {}): Promise<CheckResult> {
  const task = readTask(root, id);
  const base = readState(root, id).base;
  if (name === "pr") writeFileAtomic(join(taskDir(root, id), "pr.md"), `# ${task.title}\n\n${prBody(task)}\n`);
  const result = await CHECK_TABLE[name]({ root, task, base, options });
  await recordEvidence(root, id, name, { ok: result.ok, summary: result.summary, details: result.details });
  return result;
}

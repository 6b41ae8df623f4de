import { spawn } from "node:child_process";
import { AgentRuns } from "../agents/runs.ts";
import { readAgentsConfig } from "../agents/config.ts";
import { runCheck } from "../tasks/checks/mod.ts";
import { git } from "../tasks/checks/git.ts";
import { readState } from "../tasks/read.ts";
import type { Task } from "../tasks/schema.ts";
import type { Gate } from "./definitions.ts";
import type { Approval, GateStatus } from "./state.ts";

const OUTPUT_TAIL = 4000;
const MAX_DIFF_CHARS = 60_000;

export type GateOutcome = { status: GateStatus; summary: string; output: string; transcript?: string };

const tail = (text: string) => (text.length > OUTPUT_TAIL ? `…${text.slice(-OUTPUT_TAIL)}` : text);

/** Runs one gate on the task as it is now; an approval gate reads the decision recorded for it. */
export async function runGate(root: string, task: Task, gate: Gate, approval: Approval | undefined, tree: string): Promise<GateOutcome> {
  switch (gate.kind) {
    case "check": {
      const result = await runCheck(root, task.id, gate.check);
      return { status: result.ok ? "passed" : "failed", summary: result.summary, output: tail(result.text) };
    }
    case "command":
      return await runCommand(root, gate.run, gate.timeoutSeconds);
    case "approval":
      return decided(approval, "waits for a person to approve or reject");
    case "judge": {
      if (approval && approval.tree === tree) return decided(approval, "");
      return await judge(root, task, gate);
    }
  }
}

function decided(approval: Approval | undefined, waiting: string): GateOutcome {
  if (!approval) return { status: "waiting", summary: waiting, output: "" };
  const who = `${approval.by} on ${approval.at.slice(0, 16).replace("T", " ")}`;
  return approval.decision === "approve"
    ? { status: "passed", summary: `approved by ${who}`, output: approval.reason }
    : { status: "failed", summary: `rejected by ${who}: ${approval.reason}`, output: approval.reason };
}

/** A command gate: an argument array in the repository root, exit 0 passes, at most its timeout. */
function runCommand(root: string, run: string[], timeoutSeconds: number): Promise<GateOutcome> {
  return new Promise((resolve) => {
    let output = "";
    let timedOut = false;
    const child = spawn(run[0]!, run.slice(1), { cwd: root, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-2 * OUTPUT_TAIL);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // gone already
      }
    }, timeoutSeconds * 1000);
    child.on("error", (error) => {
      clearTimeout(timer);
      const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
      resolve({ status: "failed", summary: missing ? `${run[0]} is not installed or not on PATH` : `${run[0]} could not start: ${error.message}`, output: "" });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const command = run.join(" ");
      if (timedOut) resolve({ status: "failed", summary: `${command} ran past ${timeoutSeconds} s and was stopped`, output: tail(output) });
      else resolve({ status: code === 0 ? "passed" : "failed", summary: `${command} exited with ${code}`, output: tail(output) });
    });
  });
}

/**
 * A judge gate: an agent, read-only, is shown the task's criteria and its diff and asked for a
 * verdict on the last line, `VERDICT: PASS` or `VERDICT: FAIL`. Anything else is unsure: the gate
 * waits for a person, bound to the working tree the judge saw.
 */
async function judge(root: string, task: Task, gate: Extract<Gate, { kind: "judge" }>): Promise<GateOutcome> {
  const { config } = readAgentsConfig(root);
  const provider = gate.provider ?? config.stages.review?.provider ?? config.default ?? "claude";
  const base = readState(root, task.id).base;
  const diff = (base ? git(root, ["diff", "--no-color", base, "--", ".", ":(exclude).tool"]) : git(root, ["diff", "--no-color", "HEAD"])) ?? "";
  const prompt = [
    "Judge this change. Do not edit anything.",
    "Does the diff below meet every acceptance criterion of the task, without breaking what it touches?",
    "Answer with your reasons, then on the last line exactly `VERDICT: PASS` or `VERDICT: FAIL`.",
    "",
    "Diff:",
    diff.length > MAX_DIFF_CHARS ? `${diff.slice(0, MAX_DIFF_CHARS)}\n… (diff cut at ${MAX_DIFF_CHARS} characters)` : diff || "(no change)",
  ].join("\n");
  const runs = new AgentRuns(root);
  let run;
  try {
    run = runs.start({ task: task.id, provider, permission: "read", prompt, stage: "review", ...(gate.model ? { model: gate.model } : {}) });
  } catch (error) {
    return { status: "error", summary: `the judge could not run: ${(error as Error).message}`, output: "" };
  }
  const ended = await runs.wait(run.id);
  const answer = ended.result ?? "";
  const verdict = /VERDICT:\s*(PASS|FAIL)\b/i.exec(answer.split("\n").filter((l) => l.trim()).at(-1) ?? "")?.[1]?.toUpperCase();
  const transcript = run.transcript;
  if (ended.status !== "succeeded") return { status: "error", summary: `the judge (${provider}) ${ended.status}: ${answer.split("\n")[0]}`, output: tail(answer), transcript };
  if (verdict === "PASS") return { status: "passed", summary: `${provider} judged that the change meets the criteria`, output: tail(answer), transcript };
  if (verdict === "FAIL") return { status: "failed", summary: `${provider} judged that the change does not meet the criteria`, output: tail(answer), transcript };
  return { status: "waiting", summary: `${provider} could not tell: a person decides`, output: tail(answer), transcript };
}

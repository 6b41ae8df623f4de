import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ToolError } from "../../core/errors.ts";
import { withLock } from "../../core/lock.ts";
import { snapshotTree } from "../snapshot.ts";
import { readTask, taskDir } from "../tasks/read.ts";
import { type Flow, findFlow, type Gate } from "./definitions.ts";
import { runGate } from "./gates.ts";
import { type Approval, type FlowRun, type FlowState, type GateResult, type Outcome, readFlowState, writeFlowState } from "./state.ts";

export type FlowRunResult = { flow: string; task: string; run: FlowRun; next: string; notes: string[] };

/**
 * Runs a flow on a task: its gates in order, each once the gates it `needs` passed. A gate that
 * passed on the same working tree is not run again unless `reset`. The outcome: error when a gate
 * could not run, failed when one failed, waiting when one waits for a person, else passed. The
 * run is appended to `.tool/tasks/<id>/flows/<flow>.json` under the flow's lock, so two runs at
 * once never interleave there.
 */
export async function runFlow(root: string, taskId: string, flowName = "ship", options: { reset?: boolean } = {}): Promise<FlowRunResult> {
  const task = readTask(root, taskId);
  const flow = findFlow(root, flowName);
  return await withLock(root, flowLockDir(root, task.id), async () => {
    const state = readFlowState(root, task.id, flow);
    if (options.reset) state.approvals = {};
    const run = await evaluate(root, task.id, flow, state, Boolean(options.reset));
    record(root, task.id, state, run);
    return { flow: flow.name, task: task.id, run, next: nextStep(flow, run), notes: notesOf(flow, run) };
  }, 24 * 3600 * 1000);
}

/**
 * Records a person's decision on a gate that waits for one (an approval gate, or a judge gate the
 * judge could not settle) and runs the flow again at once, so the gates that waited on it run
 * before the answer. 409 when the last run does not wait on approvals alone, when the gate does
 * not wait, or when the working tree moved since a judge saw it.
 */
export async function decide(
  root: string,
  taskId: string,
  flowName: string,
  input: { gate: string; decision: string; by?: string; reason?: string },
): Promise<{ approval: Approval; outcome: Outcome; next: string; notes: string[]; run: FlowRun }> {
  const task = readTask(root, taskId);
  const flow = findFlow(root, flowName);
  const gate = flow.gates.find((g) => g.name === input.gate);
  if (!gate) throw new RangeError(`"gate" must be a gate of flow ${flow.name} (${flow.gates.map((g) => g.name).join(", ")}), not "${input.gate}"`);
  if (input.decision !== "approve" && input.decision !== "reject") throw new RangeError(`"decision" must be approve or reject, not "${input.decision}"`);
  const reason = (input.reason ?? "").trim().slice(0, 500);
  if (input.decision === "reject" && !reason) throw new TypeError(`"reason" is required to reject`);
  if (gate.kind !== "approval" && gate.kind !== "judge") throw new RangeError(`"gate" ${gate.name} is a ${gate.kind} gate: only approval gates and unsettled judge gates take a decision`);
  return await withLock(root, flowLockDir(root, task.id), async () => {
    const state = readFlowState(root, task.id, flow);
    const last = state.lastRun;
    const waiting = last?.results.find((r) => r.gate === gate.name && r.status === "waiting");
    if (!last || last.outcome !== "waiting") {
      throw new ToolError("not-waiting", `flow ${flow.name} of task "${task.id}" does not wait on approvals (${last ? `its last run ${last.outcome}` : "it has not run"}): run it first`, 409);
    }
    if (!waiting) throw new ToolError("not-waiting", `gate ${gate.name} does not wait for a decision`, 409);
    const tree = snapshotTree(root);
    if (gate.kind === "judge" && waiting.tree !== tree) {
      throw new ToolError("diff-moved", `the change moved since the judge saw it: run flow ${flow.name} again before deciding`, 409);
    }
    const approval: Approval = { gate: gate.name, decision: input.decision as Approval["decision"], by: (input.by ?? "").trim().slice(0, 80) || "unknown", reason, at: new Date().toISOString(), tree: waiting.tree };
    state.approvals[gate.name] = approval;
    const run = await evaluate(root, task.id, flow, state, false);
    record(root, task.id, state, run);
    return { approval, outcome: run.outcome, next: nextStep(flow, run), notes: notesOf(flow, run), run };
  }, 24 * 3600 * 1000);
}

/** The flows' lock: one per task, in its flows folder. */
function flowLockDir(root: string, task: string): string {
  const dir = join(taskDir(root, task), "flows");
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function evaluate(root: string, task: string, flow: Flow, state: FlowState, reset: boolean): Promise<FlowRun> {
  const tree = snapshotTree(root);
  const previous = new Map((state.lastRun?.results ?? []).map((r) => [r.gate, r]));
  const results: GateResult[] = [];
  const status = new Map<string, GateResult["status"]>();
  for (const gate of flow.gates) {
    const blocked = gate.needs.filter((need) => status.get(need) !== "passed");
    let result: GateResult;
    const started = performance.now();
    if (blocked.length) {
      result = resultOf(gate, tree, { status: "skipped", summary: `waits for ${blocked.join(", ")}`, output: "" });
    } else {
      const before = previous.get(gate.name);
      const reusable = !reset && before?.status === "passed" && before.tree === tree && (gate.kind === "check" || gate.kind === "command" || gate.kind === "judge");
      result = reusable
        ? { ...before, ms: 0, summary: before.summary.startsWith("passed before") ? before.summary : `passed before on this same change: ${before.summary}` }
        : resultOf(gate, tree, await runGate(root, readTask(root, task), gate, state.approvals[gate.name], tree));
      if (!reusable) result.ms = Math.round(performance.now() - started);
    }
    results.push(result);
    status.set(gate.name, result.status);
  }
  const outcome: Outcome = results.some((r) => r.status === "error") ? "error"
    : results.some((r) => r.status === "failed") ? "failed"
    : results.some((r) => r.status === "waiting" || r.status === "skipped") ? "waiting"
    : "passed";
  return { task, flow: flow.name, at: new Date().toISOString(), outcome, iteration: (state.lastRun?.iteration ?? 0) + 1, tree, results };
}

function resultOf(gate: Gate, tree: string, outcome: { status: GateResult["status"]; summary: string; output: string; transcript?: string }): GateResult {
  return { gate: gate.name, kind: gate.kind, ...outcome, at: new Date().toISOString(), ms: 0, tree };
}

function record(root: string, task: string, state: FlowState, run: FlowRun): void {
  state.status = run.outcome;
  state.lastRun = run;
  state.history.push(run);
  writeFlowState(root, task, state);
}

/** What to do now, in one sentence. */
function nextStep(flow: Flow, run: FlowRun): string {
  const first = (status: string) => run.results.find((r) => r.status === status);
  switch (run.outcome) {
    case "passed":
      return `Flow ${flow.name} passed: ${flow.contract ? flow.contract.replace(/^When \S+ passes, /, "") : "every gate holds."}`;
    case "failed":
    case "error": {
      const gate = first("error") ?? first("failed")!;
      return `Fix what gate ${gate.gate} found (${gate.summary}), then run flow ${flow.name} again.`;
    }
    case "waiting": {
      const gate = first("waiting");
      return gate
        ? `Gate ${gate.gate} waits for a person: approve or reject it (tool flow approve ${run.task} ${flow.name} ${gate.gate} --by NAME).`
        : `Run flow ${flow.name} again once the gates it waits for can run.`;
    }
  }
}

/** What a person should know about a run: gates that could not run, a pull request not opened. */
function notesOf(flow: Flow, run: FlowRun): string[] {
  // Any gate that runs the pr check, whatever a flow names it.
  const opensPr = new Set(flow.gates.filter((g) => g.kind === "check" && g.check === "pr").map((g) => g.name));
  const notes: string[] = [];
  for (const r of run.results) {
    if (r.status === "error") notes.push(`${r.gate}: ${r.summary}`);
    if (opensPr.has(r.gate) && r.status === "failed") notes.push(`The pull request was not opened: ${r.summary}. ${r.output.split("\n").slice(0, 3).join(" ")}`.trim());
  }
  return notes;
}

import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../core/atomic.ts";
import { tryReadInside } from "../../core/inside.ts";
import { taskDir, taskIds } from "../tasks/read.ts";
import type { Flow, Gate } from "./definitions.ts";

export type GateStatus = "passed" | "failed" | "waiting" | "skipped" | "error";
export type Outcome = "passed" | "failed" | "waiting" | "error";

export type GateResult = {
  gate: string;
  kind: Gate["kind"];
  status: GateStatus;
  summary: string;
  /** The tail of what the gate printed (a command's output, a judge's answer). */
  output: string;
  at: string;
  /** How long the gate took, in milliseconds (0 when a pass was reused). */
  ms: number;
  /** The working tree the gate judged (workflow/snapshot.ts): a pass holds while it stays the same. */
  tree: string;
  /** A judge's transcript, when it ran an agent. */
  transcript?: string;
};

export type FlowRun = { task: string; flow: string; at: string; outcome: Outcome; iteration: number; tree: string; results: GateResult[] };

export type Approval = { gate: string; decision: "approve" | "reject"; by: string; reason: string; at: string; tree: string };

/** `.tool/tasks/<id>/flows/<flow>.json`: the definition last run, its status, approvals and history. */
export type FlowState = {
  name: string;
  description: string;
  contract: string;
  gates: Gate[];
  status: Outcome | "not run";
  approvals: Record<string, Approval>;
  lastRun: FlowRun | null;
  history: FlowRun[];
};

const MAX_HISTORY = 50;
const MAX_RUNS = 200;

export const flowStatePath = (root: string, task: string, flow: string) => join(taskDir(root, task), "flows", `${flow}.json`);

export function readFlowState(root: string, task: string, flow: Flow): FlowState {
  const text = tryReadInside(root, flowStatePath(root, task, flow.name));
  let stored: Partial<FlowState> = {};
  try {
    if (text !== undefined) stored = JSON.parse(text) as FlowState;
  } catch {
    // a damaged state file: the flow starts over, as if never run
  }
  return {
    name: flow.name, description: flow.description, contract: flow.contract, gates: flow.gates,
    status: stored.status ?? "not run",
    approvals: stored.approvals ?? {},
    lastRun: stored.lastRun ?? null,
    history: Array.isArray(stored.history) ? stored.history : [],
  };
}

/** Writes the state atomically, with the run appended to its history (the newest 50 are kept). */
export function writeFlowState(root: string, task: string, state: FlowState): void {
  if (state.history.length > MAX_HISTORY) state.history.splice(0, state.history.length - MAX_HISTORY);
  writeFileAtomic(flowStatePath(root, task, state.name), JSON.stringify(state, null, 2) + "\n");
}

/** Every recorded flow run of every task, newest first, at most 200 (GET /api/runs). */
export function allRuns(root: string): FlowRun[] {
  const runs: FlowRun[] = [];
  for (const task of taskIds(root)) {
    const dir = join(taskDir(root, task), "flows");
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
      try {
        const state = JSON.parse(tryReadInside(root, join(dir, file)) ?? "") as FlowState;
        if (Array.isArray(state.history)) runs.push(...state.history);
      } catch {
        // a damaged file has no runs to show
      }
    }
  }
  return runs.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, MAX_RUNS);
}

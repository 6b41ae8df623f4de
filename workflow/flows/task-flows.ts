import { PRESETS, type PresetName } from "../tasks/presets.ts";
import type { Task } from "../tasks/schema.ts";
import { loadFlows } from "./definitions.ts";
import { type FlowState, readFlowState } from "./state.ts";

/**
 * The flows of a task as the task page and GET /api/task show them: every flow with its state
 * (`not run` until it runs). The `pr` flow is there from the task's pr stage on, or once it ran.
 */
export function taskFlows(root: string, task: Task): FlowState[] {
  const stages = PRESETS[task.workflow as PresetName]?.stages ?? task.stages;
  const atPr = task.done !== null || stages.indexOf(task.stage) >= stages.indexOf("pr");
  return loadFlows(root).flows
    .map((flow) => readFlowState(root, task.id, flow))
    .filter((state) => state.name !== "pr" || atPr || state.lastRun !== null);
}

export { BUILT_IN, type Flow, findFlow, FLOWS_DIR, type Gate, loadFlows } from "./definitions.ts";
export { decide, type FlowRunResult, runFlow } from "./engine.ts";
export { allRuns, type FlowRun, type FlowState, readFlowState } from "./state.ts";
export { taskFlows } from "./task-flows.ts";

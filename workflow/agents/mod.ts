export { agentConfiguration, findProvider, modelList, readAgentsConfig, routeStage, STAGES, trustProvider, untrustProvider } from "./config.ts";
export { AgentRuns, RunInput, type RunMessage, STOP_STEP_MS } from "./runs.ts";
export { findRecordedRun, readTranscript, runHistory, RUN_ID } from "./transcripts.ts";
export * from "./schema.ts";

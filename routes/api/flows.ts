import { Hono } from "hono";
import { z } from "zod";
import { allRuns, decide, findFlow, readFlowState, runFlow } from "../../workflow/flows/mod.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { readTask, TASK_ID } from "../../workflow/tasks/mod.ts";
import { NO_STORE } from "../errors.ts";
import { readJson, readQuery } from "../validate.ts";

const TaskId = z.string().regex(TASK_ID, "must match ^[a-z0-9][a-z0-9-]{1,80}$");
const FlowName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "must be a flow name");
export const FlowRunBody = z.strictObject({ task: TaskId, flow: FlowName.default("ship"), reset: z.boolean().default(false) });
export const ApprovalBody = z.strictObject({
  task: TaskId,
  flow: FlowName,
  gate: z.string().min(1).max(40),
  decision: z.string(),
  by: z.string().max(1000).optional(),
  reason: z.string().max(20_000).optional(),
});

/** Runs a flow on the write queue (one write at a time), then refreshes the index. */
export async function queueFlowRun(service: ProjectService, body: z.infer<typeof FlowRunBody>) {
  readTask(service.root, body.task);
  findFlow(service.root, body.flow);
  const result = await service.queue.run(`flow ${body.flow}`, () => runFlow(service.root, body.task, body.flow, { reset: body.reset }));
  service.refresh().catch(() => {});
  return result;
}

/** Records an approval or a rejection on the write queue and runs the gates that waited on it. */
export async function queueDecision(service: ProjectService, body: z.infer<typeof ApprovalBody>) {
  const result = await service.queue.run(`flow ${body.flow} ${body.decision}`, () => decide(service.root, body.task, body.flow, body));
  service.refresh().catch(() => {});
  return result;
}

/**
 * The flows API (SPEC.md, Flows): a flow with its state, a run (its gates in order, through the
 * write queue), a person's decision on a waiting gate, and every task's runs.
 */
export const flowRoutes = (service: ProjectService) =>
  new Hono()
    .get("/task-flow", (c) => {
      const { task, flow } = readQuery(c, z.object({ task: TaskId, flow: FlowName.default("ship") }));
      readTask(service.root, task);
      const definition = findFlow(service.root, flow);
      const { lastRun, ...state } = readFlowState(service.root, task, definition);
      return c.json({ name: definition.name, description: definition.description, contract: definition.contract, gates: definition.gates, state, lastRun }, 200, NO_STORE);
    })
    .post("/task-flow/run", async (c) => c.json(await queueFlowRun(service, await readJson(c, FlowRunBody)), 200, NO_STORE))
    .post("/task-flow/approval", async (c) => {
      const { approval, outcome, next, notes } = await queueDecision(service, await readJson(c, ApprovalBody));
      return c.json({ approval, outcome, next, notes }, 200, NO_STORE);
    })
    .get("/runs", (c) => c.json({ runs: allRuns(service.root) }, 200, NO_STORE));

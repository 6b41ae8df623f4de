import { Hono } from "hono";
import { z } from "zod";
import { ToolError } from "../../core/errors.ts";
import { agentConfiguration, findRecordedRun, modelList, Permission, readTranscript, RUN_ID, RunInput, runHistory, STAGES } from "../../workflow/agents/mod.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { NO_STORE } from "../errors.ts";
import { readJson, readQuery } from "../validate.ts";
import { runToolOrRefuse } from "./tool.ts";

const ProviderId = z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, "must be a provider id");
export const TrustBody = z.strictObject({ provider: ProviderId, trusted: z.boolean().default(true), maxPermission: Permission.optional() });
export const StageBody = z.strictObject({
  stage: z.string().refine((s) => STAGES.includes(s), `must be one of ${STAGES.join(", ")}`),
  provider: ProviderId.optional(),
  model: z.string().max(100).optional(),
  effort: z.string().max(40).optional(),
  reset: z.boolean().default(false),
});
const RunId = z.string().regex(RUN_ID, "must be a run id");

/**
 * The agents API (SPEC.md, Agents): configuration, models, trust and stage routing (written by
 * running `tool agent trust|untrust|stage` on the write queue), and runs: started at once (202,
 * no events), streamed as `agent` events, stopped, listed, and read back from transcripts.
 */
export const agentRoutes = (service: ProjectService) =>
  new Hono()
    .get("/agents", (c) => c.json(agentConfiguration(service.root), 200, NO_STORE))
    .get("/agents/models", (c) => {
      const { provider } = readQuery(c, z.object({ provider: ProviderId }));
      return c.json(modelList(service.root, provider), 200, NO_STORE);
    })
    .post("/agents/trust", async (c) => c.json(await trustAction(service, await readJson(c, TrustBody)), 200, NO_STORE))
    .post("/agents/stage", async (c) => c.json(await stageAction(service, await readJson(c, StageBody)), 200, NO_STORE))
    .post("/agents/run", async (c) => {
      const body = await readJson(c, RunInput);
      return c.json(service.agents.start(body), 202, NO_STORE);
    })
    .post("/agents/stop", async (c) => {
      const { id } = await readJson(c, z.strictObject({ id: RunId }));
      return c.json(await service.agents.stop(id), 200, NO_STORE);
    })
    .get("/agents/run", (c) => {
      const { id } = readQuery(c, z.object({ id: RunId }));
      const run = service.agents.get(id) ?? findRecordedRun(service.root, id);
      if (!run) throw new ToolError("unknown-run", `no run "${id}"`, 404);
      return c.json(run, 200, NO_STORE);
    })
    .get("/agents/runs", (c) => {
      const live = service.agents.live();
      const liveIds = new Set(live.map((r) => r.id));
      return c.json({ live, history: runHistory(service.root).filter((r) => !liveIds.has(r.id)) }, 200, NO_STORE);
    })
    .get("/agents/transcript", (c) => {
      const { task, file } = readQuery(c, z.object({ task: z.string(), file: z.string() }));
      return c.json(readTranscript(service.root, task, file), 200, NO_STORE);
    });

/** Trusts or untrusts a provider by running `tool agent trust|untrust` on the write queue; bad input is a 400. */
export async function trustAction(service: ProjectService, body: z.infer<typeof TrustBody>): Promise<{ ok: boolean; command: string; output: string }> {
  const args = body.trusted
    ? ["agent", "trust", body.provider, ...(body.maxPermission ? [`--max-permission=${body.maxPermission}`] : [])]
    : ["agent", "untrust", body.provider];
  const result = await runToolOrRefuse(service, args);
  return { ok: result.code === 0, command: ["tool", ...args].join(" "), output: result.stdout || result.stderr };
}

/** Routes a stage by running `tool agent stage` on the write queue; bad input is a 400. */
export async function stageAction(service: ProjectService, body: z.infer<typeof StageBody>): Promise<{ ok: boolean; command: string; data: unknown }> {
  const args = ["agent", "stage", body.stage, "--json",
    ...(body.provider ? [`--provider=${body.provider}`] : []), ...(body.model ? [`--model=${body.model}`] : []),
    ...(body.effort ? [`--effort=${body.effort}`] : []), ...(body.reset ? ["--reset"] : [])];
  const result = await runToolOrRefuse(service, args);
  return { ok: result.code === 0, command: ["tool", ...args].join(" "), data: result.code === 0 ? JSON.parse(result.stdout) : { error: result.stderr.trim() } };
}

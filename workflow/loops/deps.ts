import { agentConfiguration, findProvider, readAgentsConfig } from "../agents/config.ts";
import { AgentRuns } from "../agents/runs.ts";
import { runFlow } from "../flows/engine.ts";
import type { LoopDeps } from "./engine.ts";
import type { Rung } from "./schema.ts";

/**
 * What a loop runs on, for real: agent runs (workflow/agents) at the highest permission the
 * provider is trusted with, the flow's gates (workflow/flows), and the ladder of rungs.
 */
export const loopDeps: LoopDeps = {
  async runAgent({ root, task, subtask, rung, signal, deadline }) {
    const { config } = readAgentsConfig(root);
    const runs = new AgentRuns(root);
    let cost = 0;
    const unlisten = runs.listen((message) => {
      if (message.kind !== "event") return;
      const spent = message.event.data?.cost;
      if ((message.event.type === "result" || message.event.type === "usage") && typeof spent === "number") cost += spent;
    });
    const run = runs.start({
      task: task.id, subtask: subtask.id, provider: rung.provider, stage: "build",
      permission: config.trusted[rung.provider]?.maxPermission ?? "read",
      ...(rung.model ? { model: rung.model } : {}), ...(rung.effort ? { effort: rung.effort } : {}),
    });
    // A stop request or the time budget stops the agent where it is.
    const stop = () => void runs.stop(run.id).catch(() => {});
    signal.addEventListener("abort", stop, { once: true });
    const timer = deadline === null ? undefined : setTimeout(stop, Math.max(0, deadline - Date.now()));
    try {
      const ended = await runs.wait(run.id);
      return { run: run.id, status: ended.status, transcript: run.transcript, cost: Math.round(cost * 10_000) / 10_000, ...(ended.status === "succeeded" ? {} : { error: ended.result ?? undefined }) };
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", stop);
      unlisten();
    }
  },

  async runGates({ root, task, flow }) {
    const { run } = await runFlow(root, task, flow, { reset: true });
    const judge = run.results.find((r) => r.kind === "judge");
    return {
      outcome: run.outcome,
      gates: run.results.map(({ gate, kind, status, summary }) => ({ gate, kind, status, summary })),
      judge: judge ? `${judge.status}: ${judge.summary}` : null,
      findings: run.results.filter((r) => r.status === "failed" || r.status === "error").map((r) => `${r.gate}: ${r.summary}`),
    };
  },

  /**
   * The rungs, first the one asked for (or the build stage's route): then the same provider one
   * effort higher (when it was given one), then every other trusted, installed provider.
   */
  ladder({ root, provider, model, effort }) {
    const configuration = agentConfiguration(root);
    const { config } = readAgentsConfig(root);
    const build = configuration.routes.build as { provider: string; model?: string; effort?: string };
    const first = provider ?? build.provider;
    const chosen = findProvider(config, first);
    if (!config.trusted[chosen.id]) throw new RangeError(`--provider ${chosen.id} is not trusted: trust it first (tool agent trust ${chosen.id})`);
    if (effort && chosen.efforts.length && !chosen.efforts.includes(effort)) throw new RangeError(`--effort must be one of ${chosen.efforts.join(", ")} for ${chosen.id}, not "${effort}"`);
    const startEffort = effort ?? (provider ? undefined : build.effort) ?? null;
    const rungs: Omit<Rung, "index">[] = [{ provider: chosen.id, model: model ?? (provider ? null : build.model ?? null), effort: startEffort }];
    const from = startEffort ? chosen.efforts.indexOf(startEffort) : -1;
    const higher = chosen.efforts[from + 1];
    if (higher && from !== -1) rungs.push({ provider: chosen.id, model: rungs[0]!.model, effort: higher });
    for (const other of configuration.providers) {
      if (other.id === chosen.id || !other.trusted || !other.installed) continue;
      rungs.push({ provider: other.id, model: null, effort: other.efforts.includes("medium") ? "medium" : null });
    }
    return rungs.map((r, index) => ({ index, ...r }));
  },
};

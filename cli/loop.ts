import process from "node:process";
import { type Command, type CommandContext, stringValue } from "./command.ts";

const ACTIONS = ["start", "stop", "verify", "list", "show"];

/** A budget flag as a number; anything else is bad input (exit 2). */
function budget(context: CommandContext, flag: string): number | undefined {
  const text = stringValue(context, flag);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(value > 0)) throw new RangeError(`--${flag} must be a positive number, not "${text}"`);
  return value;
}

export const loopCommand: Command = {
  name: "loop",
  summary: "an agent working a task's subtasks one after another, unattended, its changes kept only when the flow's gates pass",
  usage: [
    "tool loop start <task> [--flow F] [--provider P] [--model M] [--effort E] [--max-iterations N] [--max-minutes M] [--max-cost USD]",
    "       tool loop stop <task> <loop> [--reason TEXT]",
    "       tool loop verify <task> <loop>",
    "       tool loop list",
    "       tool loop show <task> <loop>",
  ].join("\n"),
  details: [
    "start runs in the foreground: progress on stderr, the summary on stdout; Ctrl+C asks it to stop.",
    "Each iteration: the next ready subtask, a checkpoint (a git tree; HEAD, the index and your branch are not touched),",
    "the agent, the flow's gates (iterate by default), then keep the change or restore the files to the checkpoint.",
    "Statuses: running, completed, stopped, budget-exhausted, stalled, failed. Exit 0 when completed, 1 otherwise.",
  ].join("\n"),
  options: {
    flow: { type: "string" }, provider: { type: "string" }, model: { type: "string" }, effort: { type: "string" },
    "max-iterations": { type: "string" }, "max-minutes": { type: "string" }, "max-cost": { type: "string" },
    reason: { type: "string" }, mode: { type: "string" },
  },
  maxPositionals: 3,
  async run(context) {
    const [action, task, id] = context.positionals;
    if (!action || !ACTIONS.includes(action)) throw new TypeError(`give an action: ${ACTIONS.join(", ")}`);
    const store = await import("../workflow/loops/store.ts");
    const root = context.root;
    if (action === "list") {
      const loops = store.listLoops(root).map(store.loopSummary);
      if (context.json) return (context.printJson({ loops }), 0);
      if (!loops.length) context.stdout("No loops yet: tool loop start <task>");
      for (const l of loops) context.stdout(`${l.task} ${l.id}  ${l.status.padEnd(16)} ${l.live ? "live " : ""}${l.accepted}/${l.iteration} accepted  ${l.reason ?? ""}`);
      return 0;
    }
    if (!task) throw new TypeError(`give the task: tool loop ${action} <task>${action === "start" ? "" : " <loop>"}`);
    if (action === "start") return await start(context, task);
    if (!id) throw new TypeError(`give the loop id: tool loop ${action} ${task} <loop> (tool loop list shows them)`);
    store.checkIds(task, id);
    if (action === "stop") {
      const request = store.requestStop(root, task, id, stringValue(context, "reason") ?? "");
      if (context.json) context.printJson({ requested: true, ...request });
      else context.stdout(`asked loop ${id} to stop; it stops within a second`);
      return 0;
    }
    if (action === "verify") {
      const { verifyLedger } = await import("../workflow/loops/ledger.ts");
      const state = store.readLoopState(root, task, id);
      const check = verifyLedger(root, store.ledgerPath(root, task, id), state.ledger ?? undefined);
      if (context.json) context.printJson(check);
      else {
        context.stdout(`${check.ok ? "ok" : "NOT OK"}: ${check.entries} entries, ${check.checkpoints} checkpoints`);
        for (const p of check.problems) context.stdout(`problem: ${p}`);
        for (const w of check.warnings) context.stdout(`warning: ${w}`);
      }
      return check.ok ? 0 : 1;
    }
    const detail = store.loopDetail(root, task, id);
    if (context.json) return (context.printJson(detail), 0);
    context.stdout(`${task} ${id}: ${detail.summary.status}${detail.live ? " (live)" : ""}${detail.summary.reason ? `: ${detail.summary.reason}` : ""}`);
    for (const it of detail.state.iterations) context.stdout(`  ${String(it.n).padStart(3)} ${it.subtask} ${it.decision.padEnd(11)} ${it.reasons.join("; ")}`);
    context.stdout(`next: ${detail.next}`);
    return 0;
  },
};

async function start(context: CommandContext, task: string): Promise<number> {
  const { runLoop } = await import("../workflow/loops/engine.ts");
  const { loopDeps } = await import("../workflow/loops/deps.ts");
  const { requestStop, loopSummary } = await import("../workflow/loops/store.ts");
  const mode = stringValue(context, "mode") === "console" ? "console" : "foreground";
  let current: { task: string; id: string } | undefined;
  const interrupt = () => current && requestStop(context.root, current.task, current.id, "interrupted (Ctrl+C)");
  process.on("SIGINT", interrupt);
  process.on("SIGTERM", interrupt);
  try {
    const state = await runLoop(context.root, {
      task, flow: stringValue(context, "flow") ?? "iterate", provider: stringValue(context, "provider"), model: stringValue(context, "model"), effort: stringValue(context, "effort"),
      maxIterations: budget(context, "max-iterations"), maxMinutes: budget(context, "max-minutes"), maxCost: budget(context, "max-cost"), mode,
    }, loopDeps, (state, message) => {
      current = { task: state.task, id: state.id };
      context.stderr(`loop ${state.id}: ${message}`);
    });
    if (context.json) context.printJson(loopSummary(state));
    else context.stdout(`loop ${state.id} on ${state.task}: ${state.status} (${state.reason}); ${state.accepted} of ${state.iteration} iterations accepted, $${state.spent.cost} spent`);
    return state.status === "completed" ? 0 : 1;
  } catch (error) {
    // What stops a loop before it starts is the user's to fix: one line, exit 2.
    if (error instanceof Error && (error as Error & { status?: number }).status !== undefined && (error as Error & { status: number }).status < 500) throw new RangeError(error.message);
    throw error;
  } finally {
    process.off("SIGINT", interrupt);
    process.off("SIGTERM", interrupt);
  }
}

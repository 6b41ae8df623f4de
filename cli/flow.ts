import { type Command, stringValue } from "./command.ts";

/** The flows module, loaded when a flow command runs (cli/commands.ts says why). */
const flows = () => import("../workflow/flows/mod.ts");

const ACTIONS = ["list", "show", "run", "approve", "reject"];
const MARK: Record<string, string> = { passed: "✓", failed: "✗", waiting: "…", skipped: "-", error: "!" };

export const flowCommand: Command = {
  name: "flow",
  summary: "flows of gates a task must hold: list them, show one, run one, approve or reject a waiting gate",
  usage: [
    "tool flow list",
    "       tool flow show <task> [flow]",
    "       tool flow run <task> [flow] [--reset]",
    "       tool flow approve|reject <task> <flow> <gate> --by NAME [--reason TEXT]",
  ].join("\n"),
  details: [
    "Built-in flows: ship (the default), review (with a judging agent), pr (ship, a sign-off, then the pull request).",
    "A project adds or overrides flows in .tool/flows/<name>.json.",
    "`run` exits 1 when the outcome is failed or error; a rejection needs --reason.",
  ].join("\n"),
  options: { reset: { type: "boolean" }, by: { type: "string" }, reason: { type: "string" } },
  maxPositionals: 4,
  async run(context) {
    const [action, task, flow, gate] = context.positionals;
    if (!action || !ACTIONS.includes(action)) throw new TypeError(`give an action: ${ACTIONS.join(", ")}`);
    const f = await flows();
    const root = context.root;
    if (action === "list") {
      const { flows: list, problems } = f.loadFlows(root);
      if (context.json) return (context.printJson({ flows: list, problems }), 0);
      for (const x of list) context.stdout(`${x.name.padEnd(12)} ${x.gates.map((g) => g.name).join(" > ")}  ${x.description}`);
      for (const p of problems) context.stdout(`cannot read ${p.file}: ${p.error}`);
      return 0;
    }
    if (!task) throw new TypeError(`give the task: tool flow ${action} <task>`);
    if (action === "show") {
      const { readTask } = await import("../workflow/tasks/mod.ts");
      const state = f.readFlowState(root, task, f.findFlow(root, flow ?? "ship"));
      readTask(root, task);
      if (context.json) return (context.printJson(state), 0);
      context.stdout(`${state.name}: ${state.status}${state.lastRun ? ` (run ${state.lastRun.iteration}, ${state.lastRun.at.slice(0, 16).replace("T", " ")})` : ""}`);
      for (const r of state.lastRun?.results ?? []) context.stdout(`  ${MARK[r.status] ?? "?"} ${r.gate.padEnd(12)} ${r.summary}`);
      return 0;
    }
    if (action === "run") {
      const result = await f.runFlow(root, task, flow ?? "ship", { reset: context.values.reset === true });
      if (context.json) context.printJson(result);
      else {
        context.stdout(`flow ${result.flow} on ${task}: ${result.run.outcome}`);
        for (const r of result.run.results) context.stdout(`  ${MARK[r.status] ?? "?"} ${r.gate.padEnd(12)} ${r.summary}`);
        context.stdout(`next: ${result.next}`);
        for (const note of result.notes) context.stdout(`note: ${note}`);
      }
      return result.run.outcome === "failed" || result.run.outcome === "error" ? 1 : 0;
    }
    if (!flow || !gate) throw new TypeError(`usage: tool flow ${action} <task> <flow> <gate> --by NAME${action === "reject" ? " --reason TEXT" : ""}`);
    const decided = await f.decide(root, task, flow, { gate, decision: action === "approve" ? "approve" : "reject", by: stringValue(context, "by"), reason: stringValue(context, "reason") });
    if (context.json) context.printJson({ approval: decided.approval, outcome: decided.outcome, next: decided.next, notes: decided.notes });
    else {
      context.stdout(`${gate} ${action === "approve" ? "approved" : "rejected"} by ${decided.approval.by}; flow ${flow}: ${decided.outcome}`);
      context.stdout(`next: ${decided.next}`);
      for (const note of decided.notes) context.stdout(`note: ${note}`);
    }
    return 0;
  },
};

export const runsCommand: Command = {
  name: "runs",
  summary: "every flow run of every task, newest first (at most 200)",
  usage: "tool runs [--json]",
  options: {},
  async run(context) {
    const runs = (await flows()).allRuns(context.root);
    if (context.json) return (context.printJson({ runs }), 0);
    if (!runs.length) context.stdout("No flow has run yet: tool flow run <task>");
    for (const r of runs) context.stdout(`${r.at.slice(0, 16).replace("T", " ")}  ${r.outcome.padEnd(8)} ${r.task} ${r.flow} (run ${r.iteration})`);
    return 0;
  },
};

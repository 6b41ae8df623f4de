import process from "node:process";
import { type Command, type CommandContext, stringValue } from "./command.ts";

/** The agents module, loaded when an agent command runs (cli/commands.ts says why). */
const agents = () => import("../workflow/agents/mod.ts");

const ACTIONS = ["list", "trust", "untrust", "stage", "models", "runs", "run"];

export const agentCommand: Command = {
  name: "agent",
  summary: "coding agents: list providers, trust them, route stages, list models and runs, run one on a subtask",
  usage: [
    "tool agent list",
    "       tool agent trust <provider> [--max-permission read|edit|full]",
    "       tool agent untrust <provider>",
    "       tool agent stage <stage> [--provider P] [--model M] [--effort E] [--reset]",
    "       tool agent models <provider>",
    "       tool agent runs",
    "       tool agent run <task> [<subtask>] --provider P [--model M] [--effort E] [--permission read|edit|full] [--prompt TEXT] [--issue TEXT]...",
  ].join("\n"),
  details: [
    "Providers: claude, codex, gemini, opencode, and your own under agents.custom in .tool/config.json.",
    "A provider is untrusted until trusted; a trusted provider's ceiling is edit unless raised.",
    "`run` runs in the foreground, printing the agent's events; Ctrl+C stops the agent.",
    "Exit: 0 when the run succeeded, 1 when it failed, was stopped or timed out, 2 for bad input.",
  ].join("\n"),
  options: {
    "max-permission": { type: "string" }, provider: { type: "string" }, model: { type: "string" }, effort: { type: "string" },
    reset: { type: "boolean" }, permission: { type: "string" }, prompt: { type: "string" }, issue: { type: "string", multiple: true },
  },
  maxPositionals: 3,
  async run(context) {
    const [action, first, second] = context.positionals;
    if (!action || !ACTIONS.includes(action)) throw new TypeError(`give an action: ${ACTIONS.join(", ")}`);
    const a = await agents();
    const root = context.root;
    const need = (value: string | undefined, what: string) => {
      if (!value) throw new TypeError(`give the ${what}: tool agent ${action} <${what}>`);
      return value;
    };
    switch (action) {
      case "list": {
        const config = a.agentConfiguration(root);
        if (context.json) return (context.printJson(config), 0);
        for (const p of config.providers) {
          context.stdout(`${p.id.padEnd(10)} ${(p.installed ? "installed" : "missing").padEnd(10)} ${p.trusted ? `trusted up to ${p.maxPermission}` : "untrusted"}  ${p.name}${p.installed ? "" : `  (${p.install})`}`);
        }
        context.stdout("\nStages:");
        for (const [stage, route] of Object.entries(config.routes)) context.stdout(`  ${stage.padEnd(9)} ${[route.provider, "model" in route ? route.model : undefined, route.effort].filter(Boolean).join(" ")}`);
        return 0;
      }
      case "trust": {
        const provider = need(first, "provider");
        const max = stringValue(context, "max-permission");
        const parsed = max === undefined ? undefined : a.Permission.safeParse(max);
        if (parsed && !parsed.success) throw new RangeError(`--max-permission must be read, edit or full, not "${max}"`);
        const config = await a.trustProvider(root, provider, parsed?.data);
        if (context.json) context.printJson({ provider, trusted: true, maxPermission: config.trusted[provider]!.maxPermission });
        else context.stdout(`${provider} is trusted up to ${config.trusted[provider]!.maxPermission}`);
        return 0;
      }
      case "untrust": {
        const provider = need(first, "provider");
        await a.untrustProvider(root, provider);
        if (context.json) context.printJson({ provider, trusted: false });
        else context.stdout(`${provider} is not trusted any more`);
        return 0;
      }
      case "stage": {
        const stage = need(first, "stage");
        await a.routeStage(root, stage, { provider: stringValue(context, "provider"), model: stringValue(context, "model"), effort: stringValue(context, "effort"), reset: context.values.reset === true });
        const route = a.agentConfiguration(root).routes[stage];
        if (context.json) context.printJson({ stage, route });
        else context.stdout(`${stage}: ${JSON.stringify(route)}`);
        return 0;
      }
      case "models": {
        const list = a.modelList(root, need(first, "provider"));
        if (context.json) return (context.printJson(list), 0);
        context.stdout(`${list.provider}: ${list.listed ? "models its CLI lists" : "suggested models"}${list.efforts.length ? `; efforts ${list.efforts.join(", ")}` : ""}`);
        for (const m of list.models) context.stdout(`  ${m.id}${m.name ? `  ${m.name}` : ""}`);
        return 0;
      }
      case "runs": {
        const history = a.runHistory(root);
        if (context.json) return (context.printJson({ live: [], history }), 0);
        if (!history.length) context.stdout("No agent runs yet.");
        for (const r of history) context.stdout(`${r.id}  ${r.status.padEnd(9)} ${r.task}${r.subtask ? ` ${r.subtask}` : ""}  ${r.provider}${r.model ? `/${r.model}` : ""}`);
        return 0;
      }
      default:
        return await runForeground(context, a, need(first, "task"), second);
    }
  },
};

type Agents = Awaited<ReturnType<typeof agents>>;

/** `tool agent run`: starts the run, prints its events as they come, stops it on Ctrl+C. */
async function runForeground(context: CommandContext, a: Agents, task: string, subtask: string | undefined): Promise<number> {
  const provider = stringValue(context, "provider");
  if (!provider) throw new TypeError("--provider is required: tool agent run <task> [<subtask>] --provider P");
  const runs = new a.AgentRuns(context.root);
  const issues = context.values.issue === undefined ? undefined : (context.values.issue as string[]).map(String);
  const permission = stringValue(context, "permission");
  const unlisten = runs.listen((message) => {
    if (message.kind !== "event") return;
    if (context.json) context.stdout(JSON.stringify(message.event));
    else context.stdout(describe(message.event));
  });
  const run = runs.start({
    task, provider, subtask, model: stringValue(context, "model"), effort: stringValue(context, "effort"),
    permission: permission as never, prompt: stringValue(context, "prompt"), issues,
  });
  const interrupt = () => void runs.stop(run.id);
  process.on("SIGINT", interrupt);
  process.on("SIGTERM", interrupt);
  try {
    const ended = await runs.wait(run.id);
    return ended.status === "succeeded" ? 0 : 1;
  } finally {
    process.off("SIGINT", interrupt);
    process.off("SIGTERM", interrupt);
    unlisten();
  }
}

/** One event as a readable line. */
function describe(event: { type: string; text?: string; tool?: string; input?: unknown; file?: string; ok?: boolean }): string {
  const text = (event.text ?? "").replace(/\s+$/, "");
  switch (event.type) {
    case "tool":
      return `> ${event.tool} ${JSON.stringify(event.input ?? {}).slice(0, 200)}`;
    case "tool-result":
      return `  ${event.ok === false ? "failed: " : ""}${text.split("\n")[0]?.slice(0, 200) ?? ""}`;
    case "file":
      return `~ ${event.file} (${text})`;
    case "start":
    case "end":
      return `[${event.type}] ${text}`;
    default:
      return event.type === "message" ? text : `[${event.type}] ${text}`;
  }
}

import type { ParsedEvent } from "../schema.ts";
import { jsonLine, obj, type Provider, str, text } from "./provider.ts";

/**
 * Codex CLI (checked against 0.169.0): `codex exec --json [-m M] -s <sandbox> [-c
 * model_reasoning_effort=E] -- <prompt>`, JSON lines: thread.started, turn.started,
 * item.started / item.updated / item.completed (agent_message, reasoning, command_execution,
 * file_change, mcp_tool_call, web_search, todo_list), turn.completed with usage, turn.failed, error.
 */
export const codex: Provider = {
  id: "codex",
  name: "Codex CLI",
  bin: "codex",
  install: "npm install -g @openai/codex",
  permissions: { read: "-s read-only", edit: "-s workspace-write", full: "-s danger-full-access" },
  efforts: ["minimal", "low", "medium", "high", "xhigh"],
  recommended: null,
  models: [],
  custom: false,
  args: ({ prompt, model, effort, permission }) => [
    "exec",
    "--json",
    ...(model ? ["-m", model] : []),
    "-s", { read: "read-only", edit: "workspace-write", full: "danger-full-access" }[permission],
    ...(effort ? ["-c", `model_reasoning_effort="${effort}"`] : []),
    "--", prompt,
  ],
  parse(line) {
    const event = jsonLine(line);
    if (!event || typeof event.type !== "string") return undefined;
    switch (event.type) {
      case "thread.started":
        return [{ type: "usage", text: `thread ${str(event.thread_id) ?? ""}`.trim(), data: { thread: event.thread_id } }];
      case "turn.started":
      case "item.started":
      case "item.updated":
        return []; // progress without content: item.completed carries it
      case "item.completed":
        return item(obj(event.item));
      case "turn.completed":
        return [{ type: "usage", text: "turn completed", data: { usage: event.usage } }];
      case "turn.failed":
        return [{ type: "error", text: text(obj(event.error).message ?? event.error) }];
      case "error":
        return [{ type: "error", text: text(event.message) }];
      default:
        return undefined;
    }
  },
};

function item(item: Record<string, unknown>): ParsedEvent[] | undefined {
  switch (item.type) {
    case "agent_message":
      return [{ type: "message", text: text(item.text) }];
    case "reasoning":
      return [{ type: "thinking", text: text(item.text) }];
    case "command_execution":
      return [
        { type: "tool", tool: "shell", input: { command: item.command } },
        { type: "tool-result", text: text(item.aggregated_output), ok: item.exit_code === 0 || item.status === "completed" && item.exit_code === undefined },
      ];
    case "file_change":
      return (Array.isArray(item.changes) ? item.changes : []).map((c) => ({ type: "file" as const, file: text(obj(c).path), text: text(obj(c).kind) }));
    case "mcp_tool_call":
      return [{ type: "tool", tool: `${text(item.server)}.${text(item.tool)}`, input: item.arguments }];
    case "web_search":
      return [{ type: "tool", tool: "web_search", input: { query: item.query } }];
    case "todo_list":
      return [{ type: "message", text: (Array.isArray(item.items) ? item.items : []).map((t) => `${obj(t).completed ? "[x]" : "[ ]"} ${text(obj(t).text)}`).join("\n") }];
    case "error":
      return [{ type: "error", text: text(item.message) }];
    default:
      return undefined;
  }
}

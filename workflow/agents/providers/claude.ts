import type { ParsedEvent } from "../schema.ts";
import { jsonLine, obj, type Provider, str, text } from "./provider.ts";

/**
 * Claude Code (checked against 2.1.197): `claude -p <prompt> --verbose --output-format
 * stream-json`, one JSON object a line: `system` (init), `assistant` and `user` messages whose
 * content holds text, thinking, tool_use and tool_result blocks, and a last `result`.
 */
export const claude: Provider = {
  id: "claude",
  name: "Claude Code",
  bin: "claude",
  install: "npm install -g @anthropic-ai/claude-code",
  permissions: { read: "--permission-mode plan", edit: "--permission-mode acceptEdits", full: "--permission-mode bypassPermissions" },
  efforts: ["low", "medium", "high", "xhigh", "max"],
  recommended: "sonnet",
  models: [{ id: "sonnet", name: "Claude Sonnet (latest)" }, { id: "opus", name: "Claude Opus (latest)" }, { id: "haiku", name: "Claude Haiku (latest)" }],
  custom: false,
  args: ({ prompt, model, effort, permission }) => [
    "-p", prompt,
    "--verbose",
    "--output-format", "stream-json",
    ...(model ? ["--model", model] : []),
    ...(effort ? ["--effort", effort] : []),
    "--permission-mode", { read: "plan", edit: "acceptEdits", full: "bypassPermissions" }[permission],
  ],
  parse(line) {
    const event = jsonLine(line);
    if (!event || typeof event.type !== "string") return undefined;
    switch (event.type) {
      case "system":
        return [{ type: "usage", text: `session ${str(event.session_id) ?? ""} (${str(event.model) ?? "model"})`.trim(), data: { subtype: event.subtype, model: event.model, session: event.session_id } }];
      case "assistant":
      case "user":
        return blocks(event);
      case "result": {
        const ok = event.is_error !== true && (event.subtype === undefined || event.subtype === "success");
        return [{ type: "result", ok, text: text(event.result ?? event.subtype), data: { cost: event.total_cost_usd, turns: event.num_turns, durationMs: event.duration_ms, usage: event.usage } }];
      }
      default:
        return undefined;
    }
  },
};

function blocks(event: Record<string, unknown>): ParsedEvent[] | undefined {
  const content = obj(event.message).content;
  if (!Array.isArray(content)) return undefined;
  const events: ParsedEvent[] = [];
  for (const block of content.map(obj)) {
    if (block.type === "text") events.push({ type: "message", text: text(block.text) });
    else if (block.type === "thinking") events.push({ type: "thinking", text: text(block.thinking) });
    else if (block.type === "tool_use") events.push(...toolUse(str(block.name) ?? "tool", block.input));
    else if (block.type === "tool_result") {
      const result = Array.isArray(block.content) ? block.content.map((c) => text(obj(c).text ?? c)).join("\n") : text(block.content);
      events.push({ type: "tool-result", text: result, ok: block.is_error !== true });
    }
  }
  return events.length ? events : undefined;
}

/** A tool call; an edit or a write also as a file change. */
function toolUse(tool: string, input: unknown): ParsedEvent[] {
  const call: ParsedEvent = { type: "tool", tool, input };
  const file = str(obj(input).file_path);
  if (file && /^(Edit|MultiEdit|Write|NotebookEdit)$/.test(tool)) return [call, { type: "file", file, text: tool === "Write" ? "write" : "edit" }];
  return [call];
}

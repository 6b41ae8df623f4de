import { jsonLine, obj, type Provider, str, text } from "./provider.ts";

/**
 * Gemini CLI (checked against 0.61.0): `gemini -p <prompt> --output-format stream-json [-m M]
 * --approval-mode plan|auto_edit|yolo`, JSON lines: init, message (role, content, delta),
 * tool_use (tool_name, tool_id, parameters), tool_result (tool_id, status, output), error, result.
 */
export const gemini: Provider = {
  id: "gemini",
  name: "Gemini CLI",
  bin: "gemini",
  install: "npm install -g @google/gemini-cli",
  permissions: { read: "--approval-mode plan", edit: "--approval-mode auto_edit", full: "--approval-mode yolo" },
  efforts: [],
  recommended: "gemini-2.5-pro",
  models: [{ id: "gemini-2.5-pro" }, { id: "gemini-2.5-flash" }, { id: "gemini-2.5-flash-lite" }],
  custom: false,
  args: ({ prompt, model, permission }) => [
    "-p", prompt,
    "--output-format", "stream-json",
    ...(model ? ["-m", model] : []),
    "--approval-mode", { read: "plan", edit: "auto_edit", full: "yolo" }[permission],
  ],
  parse(line) {
    const event = jsonLine(line);
    if (!event || typeof event.type !== "string") return undefined;
    switch (event.type) {
      case "init":
        return [{ type: "usage", text: `session ${str(event.session_id) ?? ""} (${str(event.model) ?? "model"})`, data: { model: event.model, session: event.session_id } }];
      case "message":
        return event.role === "user" ? [] : [{ type: "message", text: text(event.content), ...(event.delta ? { data: { delta: true } } : {}) }];
      case "tool_use": {
        const tool = str(event.tool_name) ?? "tool";
        const file = str(obj(event.parameters).file_path);
        return [{ type: "tool", tool, input: event.parameters }, ...(file && /write|replace|edit/i.test(tool) ? [{ type: "file" as const, file, text: tool }] : [])];
      }
      case "tool_result":
        return [{ type: "tool-result", text: text(event.output ?? obj(event.error).message), ok: event.status === "success" }];
      case "error":
        return [{ type: "error", text: text(event.message ?? event.error) }];
      case "result":
        return [{ type: "result", ok: event.status === "success", text: text(event.status), data: { stats: event.stats } }];
      default:
        return undefined;
    }
  },
};

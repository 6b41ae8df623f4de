import { jsonLine, obj, type Provider, str, text } from "./provider.ts";

// OpenCode takes permissions from its configuration: OPENCODE_PERMISSION holds them as JSON.
const PERMISSION_CONFIG = {
  read: { edit: "deny", bash: "deny", webfetch: "deny" },
  edit: { edit: "allow", bash: "deny", webfetch: "deny" },
  full: { "*": "allow" },
} as const;

/**
 * OpenCode (checked against 1.18.33): `opencode run --format json [-m provider/model]
 * [--variant E] [--auto] -- <prompt>`, JSON lines of `{ type, timestamp, sessionID, part }`:
 * step_start, text, reasoning, tool_use (part.tool, part.state with input, output, status),
 * step_finish (part.cost, part.tokens), error. `opencode models` lists its models.
 */
export const opencode: Provider = {
  id: "opencode",
  name: "OpenCode",
  bin: "opencode",
  install: "npm install -g opencode-ai",
  permissions: { read: "edit, bash and webfetch denied", edit: "edit allowed; bash and webfetch denied", full: "--auto, everything allowed" },
  efforts: ["minimal", "low", "medium", "high", "max"],
  recommended: null,
  models: [],
  custom: false,
  args: ({ prompt, model, effort, permission }) => [
    "run",
    "--format", "json",
    ...(model ? ["-m", model] : []),
    ...(effort ? ["--variant", effort] : []),
    ...(permission === "full" ? ["--auto"] : []),
    "--", prompt,
  ],
  env: ({ permission }) => ({ OPENCODE_PERMISSION: JSON.stringify(PERMISSION_CONFIG[permission]) }),
  parse(line) {
    const event = jsonLine(line);
    if (!event || typeof event.type !== "string") return undefined;
    const part = obj(event.part);
    switch (event.type) {
      case "step_start":
        return [];
      case "text":
        return [{ type: "message", text: text(part.text) }];
      case "reasoning":
        return [{ type: "thinking", text: text(part.text) }];
      case "tool_use": {
        const state = obj(part.state);
        const tool = str(part.tool) ?? "tool";
        const file = str(obj(state.input).filePath);
        return [
          { type: "tool", tool, input: state.input },
          ...(state.status === "completed" || state.status === "error" ? [{ type: "tool-result" as const, text: text(state.output ?? state.error), ok: state.status === "completed" }] : []),
          ...(file && /^(edit|write|patch)$/.test(tool) ? [{ type: "file" as const, file, text: tool }] : []),
        ];
      }
      case "step_finish":
        return [{ type: "usage", text: "step finished", data: { cost: part.cost, tokens: part.tokens } }];
      case "error":
        return [{ type: "error", text: text(obj(event.error).message ?? obj(obj(event.error).data).message ?? event.error) }];
      default:
        return undefined;
    }
  },
  listModels: {
    args: ["models"],
    parse: (stdout) => stdout.split("\n").map((l) => l.trim()).filter((l) => /^[\w.-]+\/[\w.:@-]+$/.test(l)).map((id) => ({ id })),
  },
};

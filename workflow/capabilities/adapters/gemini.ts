import { type Adapter, section } from "./adapter.ts";

/**
 * Gemini CLI: GEMINI.md for skills and agents, custom commands as
 * `.gemini/commands/<name>.toml` (description, prompt), MCP servers under `mcpServers` of
 * `.gemini/settings.json`; hooks are not offered.
 */
export const gemini: Adapter = {
  id: "gemini",
  name: "Gemini CLI",
  instructions: "GEMINI.md",
  render(entry) {
    switch (entry.kind) {
      case "command":
        return [{ type: "file", path: `.gemini/commands/${entry.name}.toml`, content: `description = ${JSON.stringify(entry.description)}\nprompt = """\n${entry.body!.trim().replaceAll("$ARGUMENTS", "{{args}}").replaceAll('"""', '\\"\\"\\"')}\n"""\n` }];
      case "mcp-server":
        return [{ type: "json", path: ".gemini/settings.json", key: ["mcpServers", entry.name], value: { command: entry.server!.command, args: entry.server!.args } }];
      case "hook":
        return [{ type: "unsupported", reason: "tool does not write Gemini CLI hooks" }];
      default:
        return [{ type: "section", path: "GEMINI.md", content: section(entry) }];
    }
  },
};

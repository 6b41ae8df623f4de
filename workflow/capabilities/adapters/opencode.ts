import { type Adapter, frontmatter, section } from "./adapter.ts";

/**
 * OpenCode: AGENTS.md for skills, agents as `.opencode/agents/<name>.md` (description, mode:
 * subagent), commands as `.opencode/commands/<name>.md`, MCP servers under `mcp` of
 * `opencode.json` (type local, command as one array); hooks are not offered.
 */
export const opencode: Adapter = {
  id: "opencode",
  name: "OpenCode",
  instructions: "AGENTS.md",
  render(entry) {
    switch (entry.kind) {
      case "agent":
        return [{ type: "file", path: `.opencode/agents/${entry.name}.md`, content: `${frontmatter({ description: entry.description, mode: "subagent" })}\n${entry.body!.trim()}\n` }];
      case "command":
        return [{ type: "file", path: `.opencode/commands/${entry.name}.md`, content: `${frontmatter({ description: entry.description })}\n${entry.body!.trim()}\n` }];
      case "mcp-server":
        return [{ type: "json", path: "opencode.json", key: ["mcp", entry.name], value: { type: "local", command: [entry.server!.command, ...entry.server!.args], enabled: true } }];
      case "hook":
        return [{ type: "unsupported", reason: "OpenCode hooks are plugins (JavaScript): tool does not write them" }];
      default:
        return [{ type: "section", path: "AGENTS.md", content: section(entry) }];
    }
  },
};

import { type Adapter, frontmatter } from "./adapter.ts";

/**
 * Cursor: project rules as `.cursor/rules/<name>.mdc` (frontmatter description, globs,
 * alwaysApply: false, so the agent pulls a rule in when its description fits), MCP servers under
 * `mcpServers` of `.cursor/mcp.json`; hooks are not offered.
 */
export const cursor: Adapter = {
  id: "cursor",
  name: "Cursor",
  instructions: ".cursor/rules",
  render(entry) {
    if (entry.kind === "mcp-server") return [{ type: "json", path: ".cursor/mcp.json", key: ["mcpServers", entry.name], value: { command: entry.server!.command, args: entry.server!.args } }];
    if (entry.kind === "hook") return [{ type: "unsupported", reason: "tool does not write Cursor hooks" }];
    return [{ type: "file", path: `.cursor/rules/${entry.kind}-${entry.name}.mdc`, content: `${frontmatter({ description: entry.description, globs: "", alwaysApply: "false" })}\n# ${entry.title}\n\n${entry.body!.trim()}\n` }];
  },
};

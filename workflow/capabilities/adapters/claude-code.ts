import { type Adapter, frontmatter } from "./adapter.ts";

/**
 * Claude Code: skills as `.claude/skills/<name>/SKILL.md`, subagents as `.claude/agents/<name>.md`,
 * slash commands as `.claude/commands/<name>.md`, MCP servers under `mcpServers` of `.mcp.json`,
 * hooks under `hooks` of `.claude/settings.json`.
 */
export const claudeCode: Adapter = {
  id: "claude-code",
  name: "Claude Code",
  instructions: "CLAUDE.md",
  render(entry) {
    switch (entry.kind) {
      case "skill":
        return [{ type: "file", path: `.claude/skills/${entry.name}/SKILL.md`, content: `${frontmatter({ name: entry.name, description: entry.description })}\n${entry.body!.trim()}\n` }];
      case "agent":
        return [{ type: "file", path: `.claude/agents/${entry.name}.md`, content: `${frontmatter({ name: entry.name, description: entry.description, tools: entry.tools?.join(", ") })}\n${entry.body!.trim()}\n` }];
      case "command":
        return [{ type: "file", path: `.claude/commands/${entry.name}.md`, content: `${frontmatter({ description: entry.description })}\n${entry.body!.trim()}\n` }];
      case "mcp-server":
        return [{ type: "json", path: ".mcp.json", key: ["mcpServers", entry.name], value: { command: entry.server!.command, args: entry.server!.args } }];
      case "hook":
        return [{ type: "json-items", path: ".claude/settings.json", key: ["hooks", entry.hook!.event], items: [{ ...(entry.hook!.matcher ? { matcher: entry.hook!.matcher } : {}), hooks: [{ type: "command", command: entry.hook!.command }] }] }];
    }
  },
};

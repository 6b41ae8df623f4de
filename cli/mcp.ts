import type { Command } from "./command.ts";

export const mcpCommand: Command = {
  name: "mcp",
  summary: "the read-only MCP server for coding agents, on stdio; --print-config prints what a client needs",
  usage: "tool mcp [--print-config]",
  details: [
    "Tools: project_overview, list_tasks, get_task, next_subtasks, loop_status, ground_change, why, impact,",
    "graph_summary, list_routes, architecture, audit, search_capabilities. It never writes into the repository.",
  ].join("\n"),
  options: { "print-config": { type: "boolean" } },
  async run(context) {
    if (context.values["print-config"]) {
      // The block an MCP client (Claude Code's .mcp.json, Cursor, ...) takes under mcpServers.
      const { selfCommand } = await import("../core/self.ts");
      const [command, ...args] = selfCommand();
      context.printJson({ mcpServers: { tool: { command, args: [...args, "mcp", "--root", context.root] } } });
      return 0;
    }
    const { serveMcp } = await import("../mcp/server.ts");
    await serveMcp(context.root, context.stderr);
    return 0;
  },
};

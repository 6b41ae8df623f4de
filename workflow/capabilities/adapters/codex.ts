import { type Adapter, section } from "./adapter.ts";

/**
 * Codex CLI: AGENTS.md is the project's place; skills, agents and commands become sections of
 * it. Its MCP servers and hooks live in ~/.codex/config.toml, outside the project, which tool
 * never writes: those are said to be unsupported with what to run instead.
 */
export const codex: Adapter = {
  id: "codex",
  name: "Codex CLI",
  instructions: "AGENTS.md",
  render(entry) {
    if (entry.kind === "mcp-server") return [{ type: "unsupported", reason: `Codex reads MCP servers from ~/.codex/config.toml, outside the project: run \`codex mcp add ${entry.name} -- ${[entry.server!.command, ...entry.server!.args].join(" ")}\`` }];
    if (entry.kind === "hook") return [{ type: "unsupported", reason: "Codex has no project hooks" }];
    return [{ type: "section", path: "AGENTS.md", content: section(entry) }];
  },
};

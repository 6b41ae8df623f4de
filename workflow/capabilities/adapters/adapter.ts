import type { Entry } from "../schema.ts";

/**
 * What installing an entry writes, in one of four ways: a whole file of the tool's; a marked
 * section of a shared Markdown file (CLAUDE.md, AGENTS.md, GEMINI.md), the rest kept byte for
 * byte; a key of a shared JSON file (`.mcp.json`, settings), the other keys kept; or nothing,
 * with the reason the agent has no place for it in a project.
 */
export type Output =
  | { type: "file"; path: string; content: string }
  | { type: "section"; path: string; content: string }
  | { type: "json"; path: string; key: string[]; value: unknown }
  /** Items of a JSON array shared with the user's own (hooks): only these items are added or removed. */
  | { type: "json-items"; path: string; key: string[]; items: unknown[] }
  | { type: "unsupported"; reason: string };

export type Adapter = {
  id: string;
  name: string;
  /** The agent's own instructions file, where skills and notes go when it has no other place. */
  instructions: string;
  render(entry: Entry): Output[];
};

/** YAML frontmatter of plain strings, quoted where YAML would read them otherwise. */
export function frontmatter(fields: Record<string, string | undefined>): string {
  const lines = Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}: ${/^[\w .,/()-]+$/.test(v!) && !/^[-?:]/.test(v!) ? v : JSON.stringify(v)}`);
  return `---\n${lines.join("\n")}\n---\n`;
}

/** An entry as a Markdown section of an instructions file. */
export function section(entry: Entry): string {
  return `## ${entry.title}\n\n${entry.description}\n\n${(entry.body ?? "").trim()}\n`;
}

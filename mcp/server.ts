import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { analyze } from "../analysis/analyze.ts";
import { fileDocuments } from "../analysis/ground.ts";
import type { Report } from "../analysis/schema.ts";
import { isUserError } from "../core/errors.ts";
import { VERSION } from "../core/version.ts";
import { watchProject } from "../workflow/index/watch.ts";
import { type ToolContext, TOOLS } from "./tools.ts";

/** No answer is larger than this by default: an agent's context is the budget. */
export const MAX_ANSWER_CHARS = 20_000;

/**
 * The read-only MCP server of `tool mcp` over stdio (the official SDK): the thirteen tools of
 * mcp/tools.ts. The analysis is built once, on first use, in memory (caches read, never
 * written), and built again after files change. A bad argument or an unknown task or file is
 * a result with `isError` and a plain message; the server goes on.
 */
export async function serveMcp(root: string, log: (line: string) => void): Promise<void> {
  let current: Promise<Report> | undefined;
  let documents: { report: Report; map: Map<string, string[]> } | undefined;
  const context: ToolContext = {
    root,
    report: () => (current ??= Promise.resolve().then(() => analyze(root, { readOnly: true }))),
    documents: (report) => {
      if (documents?.report !== report) documents = { report, map: fileDocuments(root, report) };
      return documents.map;
    },
  };
  const watcher = watchProject(root, () => (current = undefined), { onError: (error) => log(`tool mcp: file watcher stopped: ${error.message}`) });
  const server = new McpServer({ name: "tool", version: VERSION }, { instructions: "Read-only answers about this repository: its analysis, tasks, flows and loops. Lists take a limit and say how many were left out." });
  for (const [name, tool] of Object.entries(TOOLS)) {
    server.registerTool(name, { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: { readOnlyHint: true, openWorldHint: false } }, async (args: unknown) => {
      try {
        const value = await tool.run(context, args);
        const text = compact(value);
        return { content: [{ type: "text" as const, text }], structuredContent: JSON.parse(text) as Record<string, unknown> };
      } catch (error) {
        if (!isUserError(error)) log(`tool mcp: ${name}: ${(error as Error).stack ?? error}`);
        return { isError: true, content: [{ type: "text" as const, text: (error as Error).message }] };
      }
    });
  }
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  await server.connect(transport);
  log(`tool mcp: serving ${root} read-only on stdio`);
  await closed;
  watcher.close();
  await server.close();
}

/**
 * JSON without spaces, cut to MAX_ANSWER_CHARS: the longest list is halved until it fits,
 * and the answer says so in `truncated`.
 */
export function compact(value: unknown): string {
  let text = JSON.stringify(value);
  if (text.length <= MAX_ANSWER_CHARS || !value || typeof value !== "object") return text;
  const copy = structuredClone(value) as Record<string, unknown>;
  for (let round = 0; round < 40 && text.length > MAX_ANSWER_CHARS; round++) {
    const longest = longestList(copy);
    if (!longest || longest.list.length <= 1) break;
    longest.list.splice(Math.ceil(longest.list.length / 2));
    copy.truncated = `answers are kept under ${MAX_ANSWER_CHARS} characters: ask for fewer items (limit) to see them whole`;
    text = JSON.stringify(copy);
  }
  return text;
}

function longestList(value: unknown): { list: unknown[] } | undefined {
  let best: { list: unknown[]; size: number } | undefined;
  const visit = (node: unknown, depth: number) => {
    if (depth > 4 || !node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      const size = JSON.stringify(node).length;
      if (!best || size > best.size) best = { list: node, size };
      return;
    }
    for (const child of Object.values(node)) visit(child, depth + 1);
  };
  visit(value, 0);
  return best;
}

import { z } from "zod";

export const KINDS = ["skill", "agent", "command", "mcp-server", "hook"] as const;
const NAME = /^[a-z0-9][a-z0-9-]{1,40}$/;
export const REF = /^(skill|agent|command|mcp-server|hook)\/[a-z0-9][a-z0-9-]{1,40}$/;

/**
 * A catalog entry: what it is, and its content in one neutral shape that each adapter writes in
 * its agent's format. `exec`: installing it makes the agent run a program by itself (a hook, an
 * MCP server): refused without --allow-exec.
 */
export const Entry = z.object({
  kind: z.enum(KINDS),
  name: z.string().regex(NAME),
  title: z.string().min(3).max(80),
  description: z.string().min(10).max(300),
  tags: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1).max(8),
  exec: z.boolean(),
  /** skill, agent, command: the Markdown the agent reads. */
  body: z.string().optional(),
  /** agent: the tools it may use (Claude Code names; others ignore it). */
  tools: z.array(z.string()).optional(),
  /** mcp-server: the program and its arguments. */
  server: z.object({ command: z.string(), args: z.array(z.string()) }).optional(),
  /** hook: when it runs and the command it runs. */
  hook: z.object({ event: z.enum(["PreToolUse", "PostToolUse", "Stop"]), matcher: z.string().optional(), command: z.string() }).optional(),
}).strict().superRefine((entry, ctx) => {
  const needs = { skill: "body", agent: "body", command: "body", "mcp-server": "server", hook: "hook" } as const;
  const field = needs[entry.kind];
  if (entry[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `a ${entry.kind} needs ${field}` });
  if ((entry.kind === "hook" || entry.kind === "mcp-server") && !entry.exec) ctx.addIssue({ code: "custom", path: ["exec"], message: `a ${entry.kind} runs a program: exec must be true` });
});
export type Entry = z.infer<typeof Entry> & { ref: string };

export const refOf = (entry: Pick<Entry, "kind" | "name">) => `${entry.kind}/${entry.name}`;

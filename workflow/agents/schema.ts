import { z } from "zod";

/** The permission ladder, least to most: read the repository, edit files, anything (commands, network). */
export const PERMISSIONS = ["read", "edit", "full"] as const;
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

export const permissionRank = (permission: Permission): number => PERMISSIONS.indexOf(permission);

/** How a run ended, or `running` while it runs. */
export const RUN_STATUSES = ["running", "succeeded", "failed", "stopped", "timed-out"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * One event of a run, as its provider's output is read: a line the agent printed becomes one
 * or more events; a line that cannot be read is kept as `raw`, never dropped.
 *
 * - `start` (first, `data` holds the run), `end` (last, `data` holds status and result)
 * - `message` (the agent's text), `thinking`, `tool` (a tool call: `tool`, `input`),
 *   `tool-result` (`text`, `ok`), `file` (a file change: `file`, `text` the kind of change)
 * - `usage` (tokens or cost in `data`), `result` (the agent's final answer, `ok`)
 * - `error` (the agent's or the run's), `stderr` (a line on stderr), `raw` (an unread line)
 */
export const EVENT_TYPES = ["start", "message", "thinking", "tool", "tool-result", "file", "usage", "result", "error", "stderr", "raw", "end"] as const;
export type AgentEventType = (typeof EVENT_TYPES)[number];

export type AgentEvent = {
  seq: number;
  at: string;
  type: AgentEventType;
  text?: string;
  tool?: string;
  input?: unknown;
  file?: string;
  ok?: boolean;
  data?: Record<string, unknown>;
};

/** An event as a provider's parser gives it, before the run numbers and dates it. */
export type ParsedEvent = Omit<AgentEvent, "seq" | "at">;

export type RunKind = "subtask" | "task" | "fix";

export type AgentRun = {
  id: string;
  task: string;
  subtask: string | null;
  provider: string;
  model: string | null;
  effort: string | null;
  stage: string;
  permission: Permission;
  kind: RunKind;
  status: RunStatus;
  startedAt: string;
  endedAt: string | null;
  /** The agent's final answer (or the reason it failed), once ended. */
  result: string | null;
  /** The transcript file, relative to the repository. */
  transcript: string;
  pid: number | null;
};

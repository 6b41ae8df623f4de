import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ToolError } from "../../core/errors.ts";
import { tryReadInside } from "../../core/inside.ts";
import { taskDir, taskIds } from "../tasks/read.ts";
import { TASK_ID } from "../tasks/schema.ts";
import type { AgentEvent, AgentRun } from "./schema.ts";

export const RUN_ID = /^[0-9]{8}T[0-9]{6}Z-[a-z0-9]{2,6}-[a-z][a-z0-9-]{1,30}-[a-z0-9]{1,8}$/;
/** A transcript's file name: `<name>.jsonl`, no folder, no `..`. */
export const TRANSCRIPT_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.jsonl$/;
export const MAX_TRANSCRIPT_EVENTS = 3000;
const MAX_HISTORY = 200;

/** The events of a transcript, the last 3000; a line that does not parse is skipped. */
function readEvents(root: string, task: string, file: string): AgentEvent[] | undefined {
  const text = tryReadInside(root, join(taskDir(root, task), "agents", file));
  if (text === undefined) return undefined;
  const events: AgentEvent[] = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    try {
      events.push(JSON.parse(line) as AgentEvent);
    } catch {
      // a line cut by a crash mid-write: the rest still reads
    }
  }
  return events.slice(-MAX_TRANSCRIPT_EVENTS);
}

/** GET /api/agents/transcript: 400 for a name not `<name>.jsonl`, 404 when there is none. */
export function readTranscript(root: string, task: string, file: string): { task: string; file: string; events: AgentEvent[] } {
  if (!TASK_ID.test(task)) throw new TypeError(`"task" must match ^[a-z0-9][a-z0-9-]{1,80}$`);
  if (!TRANSCRIPT_FILE.test(file) || file.includes("..")) throw new TypeError(`"file" must be a transcript name <name>.jsonl, not "${file}"`);
  const events = readEvents(root, task, file);
  if (!events) throw new ToolError("unknown-transcript", `task "${task}" has no transcript ${file}`, 404);
  return { task, file, events };
}

/** A run as its transcript tells it: the start event's run, the end event's status; `running` when it has no end. */
export function runFromTranscript(root: string, task: string, file: string): (AgentRun & { events: AgentEvent[] }) | undefined {
  const events = readEvents(root, task, file);
  const start = events?.find((e) => e.type === "start");
  const run = start?.data?.run as AgentRun | undefined;
  if (!events || !run) return undefined;
  const end = events.findLast((e) => e.type === "end");
  const status = (end?.data?.status as AgentRun["status"] | undefined) ?? "running";
  return { ...run, status, endedAt: end?.at ?? null, result: (end?.data?.result as string | null | undefined) ?? run.result, events };
}

/** Recorded runs of every task, newest first (at most 200), without their events. */
export function runHistory(root: string): AgentRun[] {
  const files: { task: string; file: string }[] = [];
  for (const task of taskIds(root)) {
    const dir = join(taskDir(root, task), "agents");
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) if (TRANSCRIPT_FILE.test(file)) files.push({ task, file });
  }
  // Run ids start with their start time: the name orders them.
  files.sort((a, b) => (a.file < b.file ? 1 : a.file > b.file ? -1 : 0));
  const runs: AgentRun[] = [];
  for (const { task, file } of files.slice(0, MAX_HISTORY)) {
    const run = runFromTranscript(root, task, file);
    if (run) {
      const { events: _events, ...rest } = run;
      runs.push(rest);
    }
  }
  return runs;
}

/** A recorded run by id, from the transcripts; undefined when none has it. */
export function findRecordedRun(root: string, id: string): (AgentRun & { events: AgentEvent[] }) | undefined {
  if (!RUN_ID.test(id)) return undefined;
  for (const task of taskIds(root)) {
    if (existsSync(join(taskDir(root, task), "agents", `${id}.jsonl`))) return runFromTranscript(root, task, `${id}.jsonl`);
  }
  return undefined;
}

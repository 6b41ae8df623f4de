import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PRESET_NAMES, PRESETS, readTask, type Task, TASK_ID, taskIds, TASKS_DIR } from "../tasks/mod.ts";
import type { Preset, Signal, TaskSummary } from "./schema.ts";

/**
 * Summaries of the tasks in the task store (workflow/tasks), newest activity first: an empty
 * list before the first task. A task that cannot be read, or a folder whose name is not a task
 * id, becomes a signal, never an error.
 */
export function readTaskSummaries(root: string, signals: Signal[]): TaskSummary[] {
  reportStrayFolders(root, signals);
  const tasks: TaskSummary[] = [];
  for (const id of taskIds(root)) {
    try {
      tasks.push(summarize(readTask(root, id)));
    } catch (error) {
      signals.push({
        level: "warning",
        code: "task-unreadable",
        file: `${TASKS_DIR}/${id}/task.md`,
        message: `Cannot read task "${id}": ${(error as Error).message}`,
      });
    }
  }
  return tasks.sort((a, b) => b.updated.localeCompare(a.updated) || a.id.localeCompare(b.id));
}

/** Every preset (workflow) with its stages and the number of tasks using it. */
export function presetCounts(tasks: readonly TaskSummary[]): Preset[] {
  const counts = new Map<string, number>();
  for (const task of tasks) counts.set(task.preset, (counts.get(task.preset) ?? 0) + 1);
  const known: Preset[] = PRESET_NAMES.map((name) => ({
    name,
    description: PRESETS[name].description,
    stages: PRESETS[name].stages,
    tasks: counts.get(name) ?? 0,
  }));
  const unknown = [...counts].filter(([name]) => !(PRESET_NAMES as string[]).includes(name));
  return [...known, ...unknown.map(([name, tasks]) => ({ name, description: "", stages: [], tasks }))];
}

function summarize(task: Task): TaskSummary {
  const evidence = Object.entries(task.evidence);
  const times = [
    task.created,
    ...task.activity.map((a) => a.at),
    ...task.artifacts.map((a) => a.updated),
    ...evidence.map(([, e]) => e.at),
  ];
  const validate = task.evidence.validate;
  return {
    id: task.id,
    title: task.title,
    preset: task.workflow,
    stages: task.stages,
    stage: task.stage,
    next: task.next,
    goal: task.goal,
    acceptanceCriteria: task.criteria.map(({ id, text, specified, tested }) => ({ id, text, specified, tested })),
    scope: task.scope,
    artifacts: task.artifacts,
    reports: evidence.map(([check, e]) => ({ check, ok: e.ok, at: e.at, summary: e.summary })),
    validation: validate ? { ok: validate.ok, at: validate.at, summary: validate.summary } : null,
    subtasks: {
      total: task.subtasks.length,
      done: task.subtasks.filter((s) => s.status === "done").length,
      ready: task.subtasks.filter((s) => s.ready).length,
      problems: task.subtaskProblems.length,
    },
    flows: task.flows.map(flowSummary),
    updated: times.filter(Boolean).sort().at(-1) ?? task.created,
  };
}

/** Flows are added to tasks by the flows issue; read what is there without assuming more. */
function flowSummary(flow: unknown): TaskSummary["flows"][number] {
  const f = (flow ?? {}) as { name?: unknown; flow?: unknown; status?: unknown; history?: unknown; runs?: unknown };
  const runs = Array.isArray(f.history) ? f.history.length : typeof f.runs === "number" ? f.runs : 0;
  return { flow: String(f.name ?? f.flow ?? "?"), status: typeof f.status === "string" ? f.status : "unknown", runs };
}

function reportStrayFolders(root: string, signals: Signal[]): void {
  const dir = join(root, TASKS_DIR);
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !TASK_ID.test(entry.name) && existsSync(join(dir, entry.name, "task.md"))) {
      signals.push({
        level: "warning",
        code: "task-id",
        file: `${TASKS_DIR}/${entry.name}`,
        message:
          `Task folder "${entry.name}" is not a valid task id (^[a-z0-9][a-z0-9-]{1,80}$): the task store ignores it`,
      });
    }
  }
}

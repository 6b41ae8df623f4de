/** The shapes of a task as SPEC.md's "Task" resource gives them; types are inferred. */
import { z } from "zod";

export const TASK_ID = /^[a-z0-9][a-z0-9-]{1,80}$/;
export const SUBTASK_ID = /^\d{2}$/;
export const SubtaskStatus = z.enum(["pending", "in-progress", "blocked", "done"]);
export type SubtaskStatus = z.infer<typeof SubtaskStatus>;
export const CHECKS = ["validate", "verify", "guard", "security", "deps", "readiness", "checkpoint", "review", "pr"] as const;
export type CheckName = (typeof CHECKS)[number];

export const Criterion = z.object({
  id: z.string(),
  text: z.string(),
  /** A subtask carries it, or an artifact names it. */
  specified: z.boolean(),
  /** Recorded evidence (a check's output) names it. */
  tested: z.boolean(),
  /** Subtasks that carry it. */
  tasks: z.array(z.string()),
});
export type Criterion = z.infer<typeof Criterion>;

export const Subtask = z.object({
  id: z.string(),
  file: z.string(),
  title: z.string(),
  status: SubtaskStatus,
  /** Pending, and every subtask it depends on is done. */
  ready: z.boolean(),
  type: z.string(),
  complexity: z.string(),
  dependsOn: z.array(z.string()),
  checklist: z.array(z.object({ text: z.string(), done: z.boolean() })),
  criteria: z.array(z.string()),
  files: z.array(z.string()),
});
export type Subtask = z.infer<typeof Subtask>;

export const SubtaskProblem = z.object({ subtask: z.string().optional(), file: z.string(), message: z.string() });
export type SubtaskProblem = z.infer<typeof SubtaskProblem>;

export const Evidence = z.object({
  at: z.string(),
  ok: z.boolean(),
  summary: z.string(),
  details: z.unknown().optional(),
});
export type Evidence = z.infer<typeof Evidence>;

export const Activity = z.object({ at: z.string(), action: z.string(), detail: z.string(), by: z.string().optional() });
export type Activity = z.infer<typeof Activity>;

export const PullRequest = z.object({
  provider: z.string(),
  url: z.string().nullable(),
  number: z.number().int().nullable(),
  branch: z.string(),
  base: z.string(),
  opened: z.boolean(),
  at: z.string(),
});
export const Done = z.object({ at: z.string(), by: z.string(), note: z.string() });

/** Machine state of a task, `.tool/tasks/<id>/state.json`. */
export const TaskState = z.object({
  evidence: z.record(z.string(), Evidence).default({}),
  activity: z.array(Activity).default([]),
  done: Done.nullable().default(null),
  pullRequest: PullRequest.nullable().default(null),
  /** The commit HEAD was at when the task was created: the base of its diff. */
  base: z.string().nullable().default(null),
});
export type TaskState = z.infer<typeof TaskState>;

export const Artifact = z.object({ file: z.string(), kind: z.string(), size: z.number().int(), updated: z.string() });
export type Artifact = z.infer<typeof Artifact>;

export const Task = z.object({
  id: z.string(),
  title: z.string(),
  workflow: z.string(),
  stages: z.array(z.string()),
  stage: z.string(),
  next: z.string().nullable(),
  created: z.string(),
  goal: z.string(),
  goals: z.array(z.string()),
  nonGoals: z.array(z.string()),
  scope: z.array(z.string()),
  criteria: z.array(Criterion),
  subtasks: z.array(Subtask),
  subtaskProblems: z.array(SubtaskProblem),
  /** The outcome of each check run so far: passed or failed. */
  statuses: z.record(z.string(), z.enum(["passed", "failed"])),
  artifacts: z.array(Artifact),
  flows: z.array(z.unknown()),
  evidence: z.record(z.string(), Evidence),
  activity: z.array(Activity),
  pullRequest: PullRequest.nullable(),
  done: Done.nullable(),
});
export type Task = z.infer<typeof Task>;

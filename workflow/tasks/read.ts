import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readInside, tryReadInside } from "../../core/inside.ts";
import { ToolError } from "../../core/errors.ts";
import { bulletItems, checklist, list, parseFrontmatter, sections, text } from "./format.ts";
import { DEFAULT_PRESET, nextCommand, PRESETS, type PresetName } from "./presets.ts";
import { type Artifact, type Criterion, type Subtask, type SubtaskProblem, SubtaskStatus, type Task, TASK_ID, TaskState } from "./schema.ts";

export const TASKS_DIR = ".tool/tasks";
/** Artifacts the checks write (review --diff, pr): they restate the criteria, so they specify nothing. */
const GENERATED = new Set(["review.md", "pr.md"]);
export const taskDir = (root: string, id: string): string => join(root, TASKS_DIR, id);

/** Ids of the tasks in the store, sorted; an empty list before the first task. */
export function taskIds(root: string): string[] {
  const dir = join(root, TASKS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && TASK_ID.test(e.name) && existsSync(join(dir, e.name, "task.md")))
    .map((e) => e.name)
    .sort();
}

/**
 * Reads a task in full from its files: task.md (a person may have edited it), the subtask
 * files, artifacts and state.json. A malformed subtask file becomes a problem of the task,
 * never an exception; an unknown id is a 404; an unreadable task.md is a 422 naming the file.
 */
export function readTask(root: string, id: string): Task {
  if (!TASK_ID.test(id)) throw new TypeError(`task id "${id}" must match ^[a-z0-9][a-z0-9-]{1,80}$`);
  const dir = taskDir(root, id);
  if (!existsSync(join(dir, "task.md"))) throw new ToolError("unknown-task", `no task "${id}"`, 404);
  let front;
  try {
    front = parseFrontmatter(readInside(root, join(dir, "task.md")));
  } catch (error) {
    throw new ToolError("malformed-task", `${TASKS_DIR}/${id}/task.md cannot be read: ${(error as Error).message}`, 422);
  }
  const { data, body } = front;
  const parts = sections(body);
  const workflow = (text(data.workflow) ?? DEFAULT_PRESET) as PresetName;
  const stages = PRESETS[workflow]?.stages ?? PRESETS[DEFAULT_PRESET].stages;
  const state = readState(root, id);
  const { subtasks, problems } = readSubtasks(root, dir, id);
  const artifacts = readArtifacts(dir);
  const criteriaText = [...(parts.get("acceptance criteria") ?? "").matchAll(/^\s*[-*]\s*(?:\[[ xX]\]\s*)?\**(AC-\d+)\**\s*[:.)-]?\s*(.*)$/gm)];
  // Specified by what people wrote (subtasks, spec, plan), not by files the checks generate;
  // tested only by what verification printed, not by summaries that merely list the criteria.
  const artifactText = artifacts.filter((a) => !GENERATED.has(a.file)).map((a) => tryReadInside(root, join(dir, a.file)) ?? "").join("\n");
  const evidenceText = JSON.stringify(state.evidence.verify ?? "");
  const criteria: Criterion[] = criteriaText.map((m) => {
    const criterion = m[1]!;
    const carriers = subtasks.filter((s) => s.criteria.includes(criterion)).map((s) => s.id);
    const named = new RegExp(`\\b${criterion}\\b`);
    return { id: criterion, text: m[2]!.trim(), specified: carriers.length > 0 || named.test(artifactText), tested: named.test(evidenceText), tasks: carriers };
  });
  for (const s of subtasks) {
    for (const c of s.criteria) {
      if (!criteria.some((k) => k.id === c)) problems.push({ subtask: s.id, file: s.file, message: `criterion ${c} is not in task.md` });
    }
  }
  const stage = deriveStage(stages, { artifacts, subtasks, state });
  return {
    id,
    title: text(data.title) ?? id,
    workflow,
    stages,
    stage,
    next: state.done ? null : nextCommand(stage, id),
    created: text(data.created) ?? new Date(statSync(dir).birthtimeMs || statSync(dir).mtimeMs).toISOString(),
    goal: (parts.get("goal") ?? "").trim(),
    goals: bulletItems(parts.get("goals") ?? ""),
    nonGoals: bulletItems(parts.get("non-goals") ?? ""),
    scope: bulletItems(parts.get("scope") ?? "").map((s) => s.replace(/^`|`$/g, "")),
    criteria,
    subtasks,
    subtaskProblems: problems,
    statuses: Object.fromEntries(Object.entries(state.evidence).map(([check, e]) => [check, e.ok ? "passed" : "failed"])),
    artifacts,
    flows: readFlowStates(root, dir),
    evidence: state.evidence,
    activity: state.activity,
    pullRequest: state.pullRequest,
    done: state.done,
  };
}

/**
 * The stage is derived, so it always matches the files: the first stage whose work is not
 * finished. spec: no spec.md yet; plan: no subtasks; build: subtasks open; verify, review,
 * security: that check has not passed; pr: no pull request; done: all of it, or marked done.
 */
function deriveStage(stages: string[], task: { artifacts: Artifact[]; subtasks: Subtask[]; state: TaskState }): string {
  if (task.state.done) return "done";
  const passed = (check: string) => task.state.evidence[check]?.ok === true;
  for (const stage of stages) {
    const finished =
      stage === "spec" ? task.artifacts.some((a) => a.file === "spec.md" && a.size > 0)
      : stage === "plan" ? task.subtasks.length > 0
      : stage === "build" ? task.subtasks.length > 0 && task.subtasks.every((s) => s.status === "done")
      : stage === "pr" ? task.state.pullRequest !== null
      : stage === "done" ? false
      : passed(stage);
    if (!finished) return stage;
  }
  return "done";
}

export function readState(root: string, id: string): TaskState {
  const file = join(taskDir(root, id), "state.json");
  if (!existsSync(file)) return TaskState.parse({});
  try {
    return TaskState.parse(JSON.parse(readInside(root, file)));
  } catch (error) {
    throw new ToolError("malformed-state", `${file} cannot be read: ${(error as Error).message}`, 422);
  }
}

function readSubtasks(root: string, dir: string, id: string): { subtasks: Subtask[]; problems: SubtaskProblem[] } {
  const subtasks: Subtask[] = [];
  const problems: SubtaskProblem[] = [];
  const folder = join(dir, "subtasks");
  if (!existsSync(folder)) return { subtasks, problems };
  for (const name of readdirSync(folder).filter((n) => n.endsWith(".md")).sort()) {
    const file = `${TASKS_DIR}/${id}/subtasks/${name}`;
    const number = /^(\d{2})-/.exec(name)?.[1];
    if (!number) {
      problems.push({ file, message: "file name must start with a two-digit subtask id (01-name.md)" });
      continue;
    }
    try {
      const { data, body } = parseFrontmatter(readInside(root, join(folder, name)));
      const status = SubtaskStatus.safeParse(text(data.status) ?? "pending");
      if (!status.success) throw new RangeError(`status "${String(data.status)}" must be pending, in-progress, blocked or done`);
      subtasks.push({
        id: number,
        file,
        title: text(data.title) ?? name.slice(3, -3).replace(/-/g, " "),
        status: status.data,
        ready: false,
        type: text(data.type) ?? "code",
        complexity: text(data.complexity) ?? "medium",
        dependsOn: list(data.dependsOn).map((d) => d.padStart(2, "0")),
        checklist: checklist(body),
        criteria: list(data.criteria),
        files: list(data.files),
      });
    } catch (error) {
      problems.push({ subtask: number, file, message: `malformed: ${(error as Error).message}` });
    }
  }
  const byId = new Map(subtasks.map((s) => [s.id, s]));
  for (const s of subtasks) {
    s.ready = s.status === "pending" && s.dependsOn.every((d) => byId.get(d)?.status === "done");
    for (const d of s.dependsOn) if (!byId.has(d)) problems.push({ subtask: s.id, file: s.file, message: `depends on unknown subtask ${d}` });
    for (const f of s.files) if (!existsSync(join(root, f))) problems.push({ subtask: s.id, file: s.file, message: `file ${f} does not exist` });
  }
  for (const cycle of dependencyCycles(subtasks)) {
    problems.push({ subtask: cycle[0], file: byId.get(cycle[0]!)!.file, message: `dependency cycle: ${cycle.join(" -> ")}` });
  }
  return { subtasks, problems };
}

/** Each dependency cycle once, as the loop of subtask ids. */
function dependencyCycles(subtasks: Subtask[]): string[][] {
  const byId = new Map(subtasks.map((s) => [s.id, s]));
  const cycles: string[][] = [];
  const reported = new Set<string>();
  const visit = (id: string, path: string[]) => {
    const at = path.indexOf(id);
    if (at !== -1) {
      const loop = [...path.slice(at), id];
      const key = [...new Set(loop)].sort().join(",");
      if (!reported.has(key)) (reported.add(key), cycles.push(loop));
      return;
    }
    for (const next of byId.get(id)?.dependsOn ?? []) if (byId.has(next)) visit(next, [...path, id]);
  };
  for (const s of subtasks) visit(s.id, []);
  return cycles;
}

/**
 * The text of a file in a task's folder (an artifact, a subtask), or undefined when there is
 * none; a link out of the repository is refused (OutsideRepository, 403).
 */
export function readTaskFile(root: string, id: string, file: string): string | undefined {
  const path = join(taskDir(root, id), file);
  if (!existsSync(path)) return undefined;
  return readInside(root, path);
}

/**
 * The flows that ran on the task, as their state files hold them (workflow/flows/state.ts
 * writes them); flows that never ran are added by workflow/flows where they are asked for.
 */
function readFlowStates(root: string, dir: string): unknown[] {
  const folder = join(dir, "flows");
  if (!existsSync(folder)) return [];
  return readdirSync(folder).filter((n) => n.endsWith(".json")).sort().flatMap((name) => {
    try {
      return [JSON.parse(tryReadInside(root, join(folder, name)) ?? "")];
    } catch {
      return [];
    }
  });
}

function readArtifacts(dir: string): Artifact[] {
  const artifacts: Artifact[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".md") && n !== "task.md").sort()) {
    const stat = statSync(join(dir, name));
    if (stat.isFile()) artifacts.push({ file: name, kind: name.slice(0, -3).toLowerCase(), size: stat.size, updated: stat.mtime.toISOString() });
  }
  return artifacts;
}

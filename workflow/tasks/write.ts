import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../core/atomic.ts";
import { ToolError } from "../../core/errors.ts";
import { readInside } from "../../core/inside.ts";
import { withLock } from "../../core/lock.ts";
import { renderFrontmatter } from "./format.ts";
import { DEFAULT_PRESET, PRESET_NAMES, type PresetName } from "./presets.ts";
import { readState, readTask, TASKS_DIR, taskDir } from "./read.ts";
import { type Evidence, type SubtaskStatus, TASK_ID, type Task, type TaskState } from "./schema.ts";

const MAX_ACTIVITY = 200;

/** A slug as a task id: lower case, runs of other characters as one dash, at most 81 characters. */
export function normalizeSlug(slug: string): string {
  const id = slug.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 81).replace(/-+$/, "");
  if (!TASK_ID.test(id)) throw new TypeError(`slug "${slug}" does not make a task id: use at least two letters or digits`);
  return id;
}

/**
 * Creates a task. The task's folder is made with a single mkdir, which the file system does
 * atomically: of two concurrent `tool new` with the same slug, exactly one wins and the other
 * gets a 409.
 */
export function createTask(root: string, input: { slug: string; title: string; detail?: string; preset?: string; criteria?: string[] }): { id: string; preset: PresetName } {
  const id = normalizeSlug(input.slug);
  const preset = (input.preset ?? DEFAULT_PRESET) as PresetName;
  if (!PRESET_NAMES.includes(preset)) throw new RangeError(`preset must be ${PRESET_NAMES.join(", ")}, not "${input.preset}"`);
  const title = input.title.trim();
  if (!title) throw new TypeError("title must not be empty");
  mkdirSync(join(root, TASKS_DIR), { recursive: true });
  const dir = taskDir(root, id);
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ToolError("task-exists", `task "${id}" already exists`, 409);
    throw error;
  }
  const created = new Date().toISOString();
  const detail = input.detail?.trim();
  const criteria = (input.criteria ?? []).map((c, i) => `- AC-${i + 1}: ${c.trim()}`);
  const body = [
    "## Goal", "", detail || title, "",
    "## Goals", "", "## Non-goals", "", "## Scope", "",
    "## Acceptance criteria", "", ...criteria, "",
  ].join("\n");
  writeFileAtomic(join(dir, "task.md"), renderFrontmatter({ id, title, workflow: preset, stage: preset === "standard" ? "plan" : "spec", created }, body));
  const head = spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" });
  writeState(dir, { ...readState(root, id), base: head.status === 0 ? head.stdout.trim() : null, activity: [{ at: created, action: "new", detail: `created with the ${preset} workflow` }] });
  return { id, preset };
}

export type SubtaskInput = { title: string; type?: string; complexity?: string; dependsOn?: string[]; criteria?: string[]; files?: string[]; items?: string[] };

/** Adds a subtask with the next free two-digit id; two adds, even from two processes, never share an id. */
export async function addSubtask(root: string, id: string, input: SubtaskInput): Promise<string> {
  readTask(root, id);
  const title = input.title.trim();
  if (!title) throw new TypeError("title must not be empty");
  const folder = join(taskDir(root, id), "subtasks");
  mkdirSync(folder, { recursive: true });
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "subtask";
  const data = {
    title,
    status: "pending",
    type: input.type ?? "code",
    complexity: input.complexity ?? "medium",
    dependsOn: (input.dependsOn ?? []).map((d) => d.padStart(2, "0")),
    criteria: input.criteria ?? [],
    files: input.files ?? [],
  };
  const body = (input.items?.length ? input.items : [title]).map((item) => `- [ ] ${item}`).join("\n") + "\n";
  // The number is chosen and its file written while the task's state is locked: the file names
  // carry the title's slug too, so an exclusive create alone would let two adds take one number.
  let number = "";
  await updateState(root, id, (state) => {
    const used = readdirSync(folder).map((n) => Number(/^(\d{2})-/.exec(n)?.[1] ?? 0));
    number = String(Math.max(0, ...used) + 1).padStart(2, "0");
    if (Number(number) > 99) throw new RangeError("a task has at most 99 subtasks");
    writeFileAtomic(join(folder, `${number}-${slug}.md`), renderFrontmatter(data, body));
    pushActivity(state, "subtask-add", `${number} ${title}`);
  });
  return number;
}

/**
 * Sets a subtask's status by editing only its `status:` line, so every hand edit of the file
 * is kept. Starting or finishing a subtask whose dependencies are not done needs `force`, and
 * so does finishing one with unchecked checklist items. A malformed file is never rewritten.
 */
export async function setSubtaskStatus(root: string, id: string, subtask: string, status: SubtaskStatus, force = false): Promise<Task> {
  if (!/^\d{2}$/.test(subtask)) throw new TypeError(`subtask id "${subtask}" must be two digits (01, 02, ...)`);
  const task = readTask(root, id);
  const problem = task.subtaskProblems.find((p) => p.subtask === subtask && p.message.startsWith("malformed"));
  if (problem) throw new ToolError("malformed-subtask", `${problem.file} is malformed and is left as it is: ${problem.message}`, 409);
  const target = task.subtasks.find((s) => s.id === subtask);
  if (!target) throw new ToolError("unknown-subtask", `task "${id}" has no subtask ${subtask}`, 404);
  if (!force && (status === "in-progress" || status === "done")) {
    const open = target.dependsOn.filter((d) => task.subtasks.find((s) => s.id === d)?.status !== "done");
    if (open.length) throw new ToolError("dependencies-open", `subtask ${subtask} depends on ${open.join(", ")}, not done yet (use --force to override)`, 409);
  }
  if (!force && status === "done" && target.checklist.some((item) => !item.done)) {
    throw new ToolError("checklist-open", `subtask ${subtask} has unchecked checklist items (use --force to override)`, 409);
  }
  await withLock(root, taskDir(root, id), () => {
    const path = join(root, target.file);
    writeFileAtomic(path, withStatusLine(readInside(root, path), status));
  });
  await appendActivity(root, id, "subtask-set", `${subtask} ${target.status} -> ${status}${force ? " (forced)" : ""}`);
  return readTask(root, id);
}

/** The file with its frontmatter's `status:` line set (added when missing); nothing else changes. */
function withStatusLine(text: string, status: string): string {
  const front = /^(\ufeff?---\r?\n)([\s\S]*?)(\r?\n---)/.exec(text);
  if (!front) return `---\nstatus: ${status}\n---\n\n${text}`;
  const inner = /^status:.*$/m.test(front[2]!) ? front[2]!.replace(/^status:.*$/m, `status: ${status}`) : `${front[2]}\nstatus: ${status}`;
  return front[1] + inner + text.slice(front[1]!.length + front[2]!.length);
}

/** Records a check's outcome as evidence of the task, with an activity entry. */
export async function recordEvidence(root: string, id: string, check: string, evidence: Omit<Evidence, "at">): Promise<Evidence> {
  const entry = { at: new Date().toISOString(), ...evidence };
  await updateState(root, id, (state) => {
    state.evidence[check] = entry;
    pushActivity(state, check, `${evidence.ok ? "passed" : "failed"}: ${evidence.summary}`);
  });
  return entry;
}

/** Marks a task done; refuses while subtasks are open or criteria untested, unless forced. */
export async function markDone(root: string, id: string, input: { by?: string; note?: string; force?: boolean }): Promise<Task> {
  const task = readTask(root, id);
  if (task.done) throw new ToolError("already-done", `task "${id}" is already done`, 409);
  if (!input.force) {
    const open = task.subtasks.filter((s) => s.status !== "done").map((s) => s.id);
    const untested = task.criteria.filter((c) => !c.tested).map((c) => c.id);
    const reasons = [open.length ? `subtasks open: ${open.join(", ")}` : "", untested.length ? `criteria not tested: ${untested.join(", ")}` : ""].filter(Boolean);
    if (reasons.length) throw new ToolError("not-ready", `task "${id}" is not ready to be done (${reasons.join("; ")}); use --force to override`, 409);
  }
  const by = (input.by ?? "").trim().slice(0, 80) || "unknown";
  await updateState(root, id, (state) => {
    state.done = { at: new Date().toISOString(), by, note: (input.note ?? "").trim().slice(0, 500) };
    pushActivity(state, "done", input.force ? "marked done (forced)" : "marked done", by);
  });
  return readTask(root, id);
}

/** Reopens a done task. */
export async function reopenTask(root: string, id: string): Promise<Task> {
  const task = readTask(root, id);
  if (!task.done) throw new ToolError("not-done", `task "${id}" is not done, so it cannot be reopened`, 409);
  await updateState(root, id, (state) => {
    state.done = null;
    pushActivity(state, "reopen", "reopened");
  });
  return readTask(root, id);
}

/** Read-modify-write of a task's state.json under the task's lock (core/lock.ts). */
export async function updateState(root: string, id: string, change: (state: TaskState) => void): Promise<TaskState> {
  const dir = taskDir(root, id);
  if (!existsSync(join(dir, "task.md"))) throw new ToolError("unknown-task", `no task "${id}"`, 404);
  return await withLock(root, dir, () => {
    const state = readState(root, id);
    change(state);
    writeState(dir, state);
    return state;
  });
}

async function appendActivity(root: string, id: string, action: string, detail: string): Promise<void> {
  await updateState(root, id, (state) => pushActivity(state, action, detail));
}

function pushActivity(state: TaskState, action: string, detail: string, by?: string): void {
  state.activity.push({ at: new Date().toISOString(), action, detail, ...(by ? { by } : {}) });
  if (state.activity.length > MAX_ACTIVITY) state.activity.splice(0, state.activity.length - MAX_ACTIVITY);
}

function writeState(dir: string, state: TaskState): void {
  writeFileAtomic(join(dir, "state.json"), JSON.stringify(state, null, 2) + "\n");
}

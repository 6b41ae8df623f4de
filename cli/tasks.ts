import type { Task } from "../workflow/tasks/mod.ts";
import { type Command, stringValue } from "./command.ts";

/** The task store, loaded when a task command runs (cli/commands.ts says why). */
const store = () => import("../workflow/tasks/mod.ts");

const csv = (value: string | undefined) => (value ? value.split(",").map((v) => v.trim()).filter(Boolean) : undefined);
const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)]);

export const newCommand: Command = {
  name: "new",
  summary: "create a task from a slug, a title and an optional detail",
  usage: "tool new <slug> --title T [--detail D] [--preset standard|spec-driven|strict] [--criterion TEXT]...",
  options: { title: { type: "string" }, detail: { type: "string" }, preset: { type: "string" }, criterion: { type: "string", multiple: true } },
  maxPositionals: 1,
  async run(context) {
    const { createTask, readTask } = await store();
    const slug = context.positionals[0];
    if (!slug) throw new TypeError("give the task's slug: tool new <slug> --title T");
    const title = stringValue(context, "title");
    if (!title) throw new TypeError("--title is required");
    const created = createTask(context.root, { slug, title, detail: stringValue(context, "detail"), preset: stringValue(context, "preset"), criteria: strings(context.values.criterion) });
    if (context.json) context.printJson({ slug: created.id, preset: created.preset });
    else context.stdout(`created task ${created.id} (${created.preset}); next: ${readTask(context.root, created.id).next}`);
    return 0;
  },
};

export const tasksCommand: Command = {
  name: "tasks",
  summary: "list the tasks with their stage and subtask progress",
  usage: "tool tasks [--json]",
  options: {},
  async run(context) {
    const { readTask, taskIds } = await store();
    const tasks = taskIds(context.root).map((id) => readTask(context.root, id));
    if (context.json) {
      context.printJson({ tasks: tasks.map(summary) });
      return 0;
    }
    if (!tasks.length) {
      context.stdout("No tasks yet. Create one: tool new <slug> --title T");
      return 0;
    }
    for (const t of tasks) {
      const done = t.subtasks.filter((s) => s.status === "done").length;
      context.stdout(`${t.id.padEnd(30)} ${t.stage.padEnd(9)} ${done}/${t.subtasks.length} subtasks  ${t.title}${t.subtaskProblems.length ? `  (${t.subtaskProblems.length} problems)` : ""}`);
    }
    return 0;
  },
};

export const taskCommand: Command = {
  name: "task",
  summary: "show one task: stage, criteria, subtasks, evidence, activity",
  usage: "tool task <id> [--json]",
  options: {},
  maxPositionals: 1,
  async run(context) {
    const { readTask } = await store();
    const id = context.positionals[0];
    if (!id) throw new TypeError("give the task id: tool task <id>");
    const task = readTask(context.root, id);
    if (context.json) context.printJson(task);
    else context.stdout(describe(task));
    return 0;
  },
};

export const subtaskCommand: Command = {
  name: "subtask",
  summary: "add a subtask, or set a subtask's status",
  usage: "tool subtask add <id> --title T [--type T] [--complexity C] [--depends-on 01,02] [--criteria AC-1] [--files a,b] [--item TEXT]...\n       tool subtask set <id> <NN> pending|in-progress|blocked|done [--force]",
  options: {
    title: { type: "string" }, type: { type: "string" }, complexity: { type: "string" }, "depends-on": { type: "string" },
    criteria: { type: "string" }, files: { type: "string" }, item: { type: "string", multiple: true }, force: { type: "boolean" },
  },
  maxPositionals: 4,
  async run(context) {
    const { addSubtask, setSubtaskStatus, SubtaskStatus } = await store();
    const [action, id, nn, status] = context.positionals;
    if (action === "add") {
      if (!id) throw new TypeError("give the task id: tool subtask add <id> --title T");
      const title = stringValue(context, "title");
      if (!title) throw new TypeError("--title is required");
      const number = await addSubtask(context.root, id, {
        title, type: stringValue(context, "type"), complexity: stringValue(context, "complexity"), dependsOn: csv(stringValue(context, "depends-on")),
        criteria: csv(stringValue(context, "criteria")), files: csv(stringValue(context, "files")), items: strings(context.values.item),
      });
      if (context.json) context.printJson({ task: id, subtask: number });
      else context.stdout(`added subtask ${number} to ${id}`);
      return 0;
    }
    if (action === "set") {
      if (!id || !nn || !status) throw new TypeError("usage: tool subtask set <id> <NN> pending|in-progress|blocked|done");
      const parsed = SubtaskStatus.safeParse(status);
      if (!parsed.success) throw new RangeError(`status must be pending, in-progress, blocked or done, not "${status}"`);
      const task = await setSubtaskStatus(context.root, id, nn, parsed.data, context.values.force === true);
      const subtask = task.subtasks.find((s) => s.id === nn)!;
      if (context.json) context.printJson({ task: id, subtask });
      else context.stdout(`subtask ${nn} of ${id} is ${subtask.status}; stage ${task.stage}`);
      return 0;
    }
    throw new TypeError(`give an action: tool subtask add|set ... (not "${action ?? ""}")`);
  },
};

export const doneCommand: Command = {
  name: "done",
  summary: "mark a task done (refused while subtasks are open or criteria untested, unless --force)",
  usage: "tool done <id> [--by NAME] [--note TEXT] [--force]",
  options: { by: { type: "string" }, note: { type: "string" }, force: { type: "boolean" } },
  maxPositionals: 1,
  async run(context) {
    const { markDone } = await store();
    const id = context.positionals[0];
    if (!id) throw new TypeError("give the task id: tool done <id>");
    const task = await markDone(context.root, id, { by: stringValue(context, "by"), note: stringValue(context, "note"), force: context.values.force === true });
    if (context.json) context.printJson({ task: id, done: task.done });
    else context.stdout(`task ${id} is done`);
    return 0;
  },
};

export const reopenCommand: Command = {
  name: "reopen",
  summary: "reopen a done task",
  usage: "tool reopen <id>",
  options: {},
  maxPositionals: 1,
  async run(context) {
    const { reopenTask } = await store();
    const id = context.positionals[0];
    if (!id) throw new TypeError("give the task id: tool reopen <id>");
    const task = await reopenTask(context.root, id);
    if (context.json) context.printJson({ task: id, stage: task.stage });
    else context.stdout(`task ${id} is reopened; stage ${task.stage}`);
    return 0;
  },
};

function summary(t: Task) {
  return {
    id: t.id, title: t.title, workflow: t.workflow, stage: t.stage, next: t.next,
    subtasks: { total: t.subtasks.length, done: t.subtasks.filter((s) => s.status === "done").length, ready: t.subtasks.filter((s) => s.ready).length, problems: t.subtaskProblems.length },
    done: t.done,
  };
}

function describe(t: Task): string {
  const out = [`${t.id}: ${t.title}`, `workflow ${t.workflow}: ${t.stages.map((s) => (s === t.stage ? `[${s}]` : s)).join(" > ")}`];
  if (t.next) out.push(`next: ${t.next}`);
  if (t.goal) out.push("", t.goal);
  out.push("", "Acceptance criteria:");
  for (const c of t.criteria) out.push(`  ${c.id} ${c.specified ? "specified" : "unspecified"}, ${c.tested ? "tested" : "untested"}: ${c.text}`);
  if (!t.criteria.length) out.push("  none (add `- AC-1: ...` lines to task.md)");
  out.push("", "Subtasks:");
  for (const s of t.subtasks) out.push(`  ${s.id} ${s.status.padEnd(11)} ${s.title}${s.ready ? "  (ready)" : ""}`);
  for (const p of t.subtaskProblems) out.push(`  problem: ${p.file}: ${p.message}`);
  const checks = Object.entries(t.evidence);
  if (checks.length) out.push("", "Checks:", ...checks.map(([name, e]) => `  ${name} ${e.ok ? "passed" : "failed"} ${e.at}: ${e.summary}`));
  if (t.done) out.push("", `done ${t.done.at} by ${t.done.by}${t.done.note ? `: ${t.done.note}` : ""}`);
  return out.join("\n");
}

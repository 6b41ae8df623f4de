import { Hono } from "hono";
import { z } from "zod";
import { ToolError } from "../../core/errors.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { normalizeSlug, PRESET_NAMES, readTask, readTaskFile, SubtaskStatus, TASK_ID } from "../../workflow/tasks/mod.ts";
import { NO_STORE } from "../errors.ts";
import { readJson, readQuery } from "../validate.ts";
import { runTool } from "./tool.ts";
import { queueFlowRun } from "./flows.ts";
import { type FlowRun, taskFlows } from "../../workflow/flows/mod.ts";

const TaskId = z.string().regex(TASK_ID, "must match ^[a-z0-9][a-z0-9-]{1,80}$");
const ARTIFACT = /^(subtasks\/)?[A-Za-z0-9][A-Za-z0-9._-]*\.md$/;

const Improvement = z.object({
  slug: z.string().min(1).max(200),
  title: z.string().trim().min(1).max(200),
  detail: z.string().max(20_000).default(""),
  preset: z.enum(PRESET_NAMES as [string, ...string[]]).default("standard"),
}).strict();

const taskOnly = z.object({ action: z.string(), task: TaskId }).strict();
/** The whitelist of POST /api/action (SPEC.md), each action with the fields it takes. */
const ACTIONS: Record<string, z.ZodType> = {
  validate: taskOnly, verify: taskOnly, guard: taskOnly, security: taskOnly, deps: taskOnly,
  readiness: taskOnly, checkpoint: taskOnly, pr: taskOnly, review: taskOnly, reopen: taskOnly,
  "subtask-set": z.object({
    action: z.string(), task: TaskId,
    id: z.string().regex(/^(0[1-9]|[1-9]\d)$/, "must be a two-digit subtask id from 01"),
    status: SubtaskStatus,
    force: z.boolean().default(false),
  }).strict(),
  "flow-run": z.object({ action: z.string(), task: TaskId, flow: z.string().regex(/^[a-z0-9-]{1,40}$/).default("ship"), reset: z.boolean().default(false) }).strict(),
  done: z.object({ action: z.string(), task: TaskId, by: z.string().max(200).optional(), note: z.string().max(5000).optional(), force: z.boolean().default(false) }).strict(),
};
type ActionBody = { action: string; task: string; [key: string]: unknown };

/**
 * The task API: read a task and its artifacts, create tasks from improvements, and run the
 * whitelisted task actions. Writes are carried out by running the `tool` command (in this
 * process, on the write queue, one at a time); a command that runs and fails is a 200 with
 * `ok: false`, its output and its error.
 */
export const taskRoutes = (service: ProjectService) =>
  new Hono()
    .get("/task", (c) => {
      const { task } = readQuery(c, z.object({ task: TaskId }));
      const read = readTask(service.root, task);
      return c.json({ ...read, flows: taskFlows(service.root, read) }, 200, NO_STORE);
    })
    .get("/artifact", (c) => {
      const { task, file } = readQuery(c, z.object({ task: TaskId, file: z.string().regex(ARTIFACT, "must be NAME.md or subtasks/NAME.md") }));
      readTask(service.root, task);
      const content = file === "task.md" ? undefined : readTaskFile(service.root, task, file);
      if (content === undefined) throw new ToolError("unknown-artifact", `Task "${task}" has no artifact "${file}"`, 404);
      return c.json({ file, content }, 200, NO_STORE);
    })
    .post("/improvements", async (c) => {
      const created = await createImprovement(service, await readJson(c, Improvement));
      return c.json(created, 201, NO_STORE);
    })
    .post("/action", async (c) => c.json(await runTaskAction(service, await readJson(c, z.object({ action: z.string() }).passthrough())), 200, NO_STORE));

export type Improvement = z.infer<typeof Improvement>;
export { Improvement };

/** A subtask the task page adds (POST /ui/task/:id/subtask): its title, as `tool subtask add --title` takes it. */
export const NewSubtask = z.object({ title: z.string().trim().min(1).max(200) }).strict();

/** Adds a subtask with `tool subtask add`, as the task page's form asks; the command's result, as an action's. */
export async function runSubtaskAdd(service: ProjectService, task: string, body: z.infer<typeof NewSubtask>): Promise<ActionResult> {
  readTask(service.root, task);
  return runAsAction(service, "subtask-add", ["subtask", "add", task, option("title", body.title)]);
}

/** Creates a task with `tool new`; a task that cannot be created (it exists) is a 409. */
export async function createImprovement(service: ProjectService, body: Improvement): Promise<{ slug: string; preset: string }> {
  const slug = normalizeSlug(body.slug);
  const args = ["new", slug, option("title", body.title), option("preset", body.preset), ...(body.detail ? [option("detail", body.detail)] : [])];
  const result = await runTool(service, args);
  if (result.code !== 0) throw new ToolError("cannot-create", result.stderr.trim() || `Task "${slug}" cannot be created`, 409);
  return { slug, preset: body.preset };
}

export type ActionResult =
  | { ok: boolean; action: string; command: string; output: string; error?: string }
  | { ok: boolean; action: "flow-run"; run: FlowRun; next: string; notes: string[] };

/**
 * Validates an action against the whitelist and runs its `tool` command. An unknown action or
 * a bad field is a 400 naming it, an unknown task a 404; a command that runs and fails is a
 * result with `ok: false`, never an error.
 */
export async function runTaskAction(service: ProjectService, body: { action: string; [field: string]: unknown }): Promise<ActionResult> {
  const schema = Object.hasOwn(ACTIONS, body.action) ? ACTIONS[body.action]! : undefined;
  if (!schema) throw new TypeError(`Invalid body: "action" must be one of ${Object.keys(ACTIONS).join(", ")}`);
  const action = readBody(schema, body) as ActionBody;
  readTask(service.root, action.task);
  if (action.action === "flow-run") {
    const { run, next, notes } = await queueFlowRun(service, { task: action.task, flow: String(action.flow), reset: action.reset === true });
    return { ok: run.outcome === "passed", action: "flow-run", run, next, notes };
  }
  return runAsAction(service, action.action, commandFor(action));
}

/** Runs a `tool` command for an action: its result with the command line, its output and, when it fails, its error. */
async function runAsAction(service: ProjectService, action: string, args: string[]): Promise<ActionResult> {
  const result = await runTool(service, args);
  const ok = result.code === 0;
  return { ok, action, command: ["tool", ...args].join(" "), output: result.stdout, ...(ok ? {} : { error: result.stderr.trim() || `exit ${result.code}` }) };
}

function readBody<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join(".");
  throw new TypeError(`Invalid body: ${field ? `"${field}" ` : ""}${issue.message.replace(/^Invalid input: /, "")}`);
}

/**
 * A user's value as one `--name=value` argument: text that starts with `-` (a title such as
 * "-1 regression", a note "--force") is then a value, never read as an option.
 */
const option = (name: string, value: string): string => `--${name}=${value}`;

/** The `tool` arguments an action runs. */
function commandFor(action: ActionBody): string[] {
  const { task } = action;
  switch (action.action) {
    case "review":
      return ["review", task, "--diff"];
    case "subtask-set":
      return ["subtask", "set", task, String(action.id), String(action.status), ...(action.force ? ["--force"] : [])];
    case "done":
      return ["done", task, ...(action.by ? [option("by", String(action.by))] : []), ...(action.note ? [option("note", String(action.note))] : []), ...(action.force ? ["--force"] : [])];
    case "reopen":
      return ["reopen", task];
    default:
      return [action.action, task];
  }
}

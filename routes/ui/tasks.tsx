/** @jsxImportSource hono/jsx */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { isUserError } from "../../core/errors.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { readTask, readTaskFile, TASK_ID, taskIds } from "../../workflow/tasks/mod.ts";
import { renderMarkdown } from "../../views/tasks/markdown.ts";
import { TaskList } from "../../views/tasks/list.tsx";
import { type ActionResult, TaskPage } from "../../views/tasks/page.tsx";
import { RunsPage } from "../../views/tasks/flows.tsx";
import { allRuns, findFlow, taskFlows } from "../../workflow/flows/mod.ts";
import { prepareLoop } from "../../workflow/loops/engine.ts";
import { loopDeps } from "../../workflow/loops/deps.ts";
import { listLoops, loopSummary } from "../../workflow/loops/store.ts";
import { selfCommand } from "../../core/self.ts";
import { spawn } from "node:child_process";
import { ApprovalBody, FlowRunBody, queueDecision, queueFlowRun } from "../api/flows.ts";
import type { AgentPanelProps } from "../../views/tasks/agents.tsx";
import { agentConfiguration, findProvider, findRecordedRun, PERMISSIONS, readAgentsConfig, RUN_ID, type RunInput, runHistory } from "../../workflow/agents/mod.ts";
import { renderView } from "../../views/shell.tsx";
import { errorStatus } from "../errors.ts";
import { createImprovement, Improvement, NewSubtask, runSubtaskAdd, runTaskAction } from "../api/tasks.ts";
import { readForm, readJson, readQuery } from "../validate.ts";

const ARTIFACT = /^(subtasks\/)?[A-Za-z0-9][A-Za-z0-9._-]*\.md$/;
/** The Tasks page's form: POST /api/improvements's fields, the id optional. */
const NewTaskForm = Improvement.extend({ slug: z.string().max(200).optional() });

/**
 * The Tasks page and the task page. Their forms and controls post here (JSON, with the token,
 * as every page write does); each write runs the same code as POST /api/improvements and
 * POST /api/action, and answers with the page again, the command's output on top.
 */
export const taskViewRoutes = (service: ProjectService) =>
  new Hono()
    .get("/ui/tasks", (c) => renderView(c, "Tasks", <TaskList tasks={readAll(service.root)} />))
    .post("/ui/tasks", async (c) => {
      try {
        // The form's id may be left empty: the title makes one (`Guard the enrollment endpoints` -> guard-the-enrollment-endpoints).
        const body = await readJson(c, NewTaskForm);
        const created = await createImprovement(service, { ...body, slug: body.slug?.trim() || body.title });
        return renderView(c, "Tasks", <TaskList tasks={readAll(service.root)} notice={{ ok: true, text: `Created task ${created.slug}.`, task: created.slug }} />);
      } catch (error) {
        if (!isUserError(error)) throw error;
        c.status(errorStatus(error));
        return renderView(c, "Tasks", <TaskList tasks={readAll(service.root)} notice={{ ok: false, text: (error as Error).message }} />);
      }
    })
    .get("/ui/task/:id", (c) => {
      const id = taskId(c);
      const task = readTask(service.root, id);
      const file = c.req.query("artifact");
      const run = c.req.query("run");
      if (run !== undefined && !RUN_ID.test(run)) throw new TypeError(`Invalid query: "run" must be a run id`);
      const agents = agentPanel(service, id, run);
      const flows = taskFlows(service.root, task);
      const loops = loopsOf(service.root, id);
      if (file === undefined) return renderView(c, task.title, <TaskPage task={task} agents={agents} flows={flows} loops={loops} />);
      if (!ARTIFACT.test(file)) throw new TypeError(`Invalid query: "artifact" must be NAME.md or subtasks/NAME.md`);
      const text = readTaskFile(service.root, id, file);
      const html = text !== undefined ? renderMarkdown(text) : `<p class="empty">No file ${file}.</p>`;
      return renderView(c, task.title, <TaskPage task={task} artifact={{ file, html }} agents={agents} flows={flows} loops={loops} />);
    })
    .post("/ui/task/:id/action", async (c) => {
      const id = taskId(c);
      const body = await readJson(c, z.object({ action: z.string() }).passthrough());
      const result = await runTaskAction(service, { ...body, task: id });
      return taskPage(c, service, id, { result });
    })
    .post("/ui/task/:id/subtask", async (c) => {
      const id = taskId(c);
      const result = await runSubtaskAdd(service, id, await readJson(c, NewSubtask));
      return taskPage(c, service, id, { result });
    })
    .post("/ui/task/:id/flow", async (c) => {
      const id = taskId(c);
      const body = await readJson(c, z.object({ flow: z.string(), reset: z.boolean().optional() }));
      const { run, next, notes } = await queueFlowRun(service, FlowRunBody.parse({ task: id, flow: body.flow, reset: body.reset ?? false }));
      return taskPage(c, service, id, { result: { ok: run.outcome === "passed", next: `Flow ${run.flow}: ${run.outcome}. ${next}`, notes } });
    })
    .post("/ui/task/:id/approval", async (c) => {
      const id = taskId(c);
      const body = await readForm(c, ApprovalBody, { task: id });
      try {
        const { outcome, next, notes } = await queueDecision(service, body);
        return taskPage(c, service, id, { result: { ok: outcome === "passed", next: `Flow ${body.flow}: ${outcome}. ${next}`, notes } });
      } catch (error) {
        if (!isUserError(error)) throw error;
        c.status(errorStatus(error));
        return taskPage(c, service, id, { result: { ok: false, notes: [(error as Error).message] } });
      }
    })
    .post("/ui/task/:id/loop", async (c) => {
      const id = taskId(c);
      const form = await readForm(c, LoopForm);
      try {
        startLoop(service.root, id, form);
      } catch (error) {
        if (!isUserError(error)) throw error;
        c.status(errorStatus(error));
        return taskPage(c, service, id, { result: { ok: false, notes: [(error as Error).message] } });
      }
      return taskPage(c, service, id, { result: { ok: true, notes: [], next: `A loop started with flow ${form.flow}: it shows under Loops in a moment.` } });
    })
    .get("/ui/runs", (c) => {
      const filter = readQuery(c, z.object({ task: z.string().max(81).optional(), flow: z.string().max(40).optional(), outcome: z.string().max(10).optional() }));
      return renderView(c, "Flow runs", <RunsPage runs={allRuns(service.root)} filter={filter} />);
    })
    .post("/ui/task/:id/agent", async (c) => {
      const id = taskId(c);
      const form = await readJson(c, z.record(z.string(), z.unknown()));
      // A form sends every field, empty ones as "": those mean "not chosen".
      const chosen = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== "" && v !== null));
      let error: string | undefined;
      try {
        service.agents.start({ ...chosen, task: id } as RunInput);
      } catch (e) {
        if (!isUserError(e)) throw e;
        c.status(errorStatus(e));
        error = (e as Error).message;
      }
      return taskPage(c, service, id, { agents: { ...agentPanel(service, id), error } });
    })
    .post("/ui/task/:id/agent/stop", async (c) => {
      const id = taskId(c);
      const { id: run } = await readJson(c, z.object({ id: z.string() }));
      await service.agents.stop(run);
      return taskPage(c, service, id, { agents: agentPanel(service, id, run) });
    });

/** The task page as it is now, with an outcome on top or an agents card given. */
function taskPage(c: Context, service: ProjectService, id: string, extra: { result?: ActionResult; agents?: Omit<AgentPanelProps, "task"> }) {
  const task = readTask(service.root, id);
  return renderView(c, task.title, <TaskPage task={task} result={extra.result} agents={extra.agents ?? agentPanel(service, id)} flows={taskFlows(service.root, task)} loops={loopsOf(service.root, id)} />);
}

const loopsOf = (root: string, task: string) => listLoops(root).filter((l) => l.task === task).map(loopSummary);

const LoopForm = z.object({
  flow: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "must be a flow name").default("iterate"),
  maxIterations: z.coerce.number().int().min(1).max(200).optional(),
  maxMinutes: z.coerce.number().positive().optional(),
});

/**
 * Starts `tool loop start` in the background, as a terminal would, after the same checks it
 * makes (so a refusal is said on the page, not lost in a child): the loop appears through its
 * state file.
 */
function startLoop(root: string, task: string, form: z.infer<typeof LoopForm>): void {
  prepareLoop(root, { task, flow: form.flow, maxIterations: form.maxIterations, maxMinutes: form.maxMinutes }, loopDeps);
  findFlow(root, form.flow);
  const args = ["loop", "start", task, `--flow=${form.flow}`, "--mode=console", "--root", root,
    ...(form.maxIterations ? [`--max-iterations=${form.maxIterations}`] : []), ...(form.maxMinutes ? [`--max-minutes=${form.maxMinutes}`] : [])];
  const [command, ...prefix] = selfCommand();
  const child = spawn(command!, [...prefix, ...args], { cwd: root, detached: true, stdio: "ignore" });
  child.unref();
}

/** What the agents card of a task shows: the choices a run may take, the live run, past runs, one opened. */
function agentPanel(service: ProjectService, task: string, opened?: string): Omit<AgentPanelProps, "task"> {
  const config = agentConfiguration(service.root);
  const { config: agents } = readAgentsConfig(service.root);
  const providers = config.providers.filter((p) => p.trusted && p.installed).map((p) => ({
    id: p.id, name: p.name, efforts: p.efforts, recommended: p.recommended,
    // The suggested models (the CLI's own listing is for the Settings page: it runs a program).
    models: findProvider(agents, p.id).models.map((m) => m.id),
    permissions: PERMISSIONS.slice(0, PERMISSIONS.indexOf(p.maxPermission ?? "read") + 1),
  }));
  const unavailable = config.providers.filter((p) => !(p.trusted && p.installed)).map((p) => `${p.id}: ${p.installed ? "not trusted" : "not installed"}`);
  const liveRun = service.agents.live().find((r) => r.task === task);
  const live = liveRun ? service.agents.get(liveRun.id) : undefined;
  const runs = runHistory(service.root).filter((r) => r.task === task && r.id !== live?.id).slice(0, 20);
  const openedRun = opened && opened !== live?.id ? findRecordedRun(service.root, opened) : undefined;
  return { providers, unavailable, live, runs, opened: openedRun?.task === task ? openedRun : undefined };
}

function taskId(c: Context): string {
  const id = c.req.param("id") ?? "";
  if (!TASK_ID.test(id)) throw new TypeError(`Invalid task id "${id}": it must match ^[a-z0-9][a-z0-9-]{1,80}$`);
  return id;
}

/** Every readable task; one that cannot be read is left out here (the index lists it as a signal). */
function readAll(root: string) {
  return taskIds(root).flatMap((id) => {
    try {
      return [readTask(root, id)];
    } catch {
      return [];
    }
  });
}

/** @jsxImportSource hono/jsx */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { isUserError } from "../../core/errors.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { readTask, readTaskFile, TASK_ID, taskIds } from "../../workflow/tasks/mod.ts";
import { renderMarkdown } from "../../views/tasks/markdown.ts";
import { TaskList } from "../../views/tasks/list.tsx";
import { TaskPage } from "../../views/tasks/page.tsx";
import { renderView } from "../../views/shell.tsx";
import { errorStatus } from "../errors.ts";
import { createImprovement, Improvement, runTaskAction } from "../api/tasks.ts";
import { readJson } from "../validate.ts";

const ARTIFACT = /^(subtasks\/)?[A-Za-z0-9][A-Za-z0-9._-]*\.md$/;

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
        const created = await createImprovement(service, await readJson(c, Improvement));
        return renderView(c, "Tasks", <TaskList tasks={readAll(service.root)} notice={{ ok: true, text: `Created task ${created.slug}.` }} />);
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
      if (file === undefined) return renderView(c, task.title, <TaskPage task={task} />);
      if (!ARTIFACT.test(file)) throw new TypeError(`Invalid query: "artifact" must be NAME.md or subtasks/NAME.md`);
      const text = readTaskFile(service.root, id, file);
      const html = text !== undefined ? renderMarkdown(text) : `<p class="empty">No file ${file}.</p>`;
      return renderView(c, task.title, <TaskPage task={task} artifact={{ file, html }} />);
    })
    .post("/ui/task/:id/action", async (c) => {
      const id = taskId(c);
      const body = await readJson(c, z.object({ action: z.string() }).passthrough());
      const result = await runTaskAction(service, { ...body, task: id });
      return renderView(c, readTask(service.root, id).title, <TaskPage task={readTask(service.root, id)} result={result} />);
    });

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

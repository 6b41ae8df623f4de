/** @jsxImportSource hono/jsx */
import type { FC } from "hono/jsx";
import { PRESET_NAMES, PRESETS, type Task } from "../../workflow/tasks/mod.ts";

export type TaskListProps = { tasks: Task[]; notice?: { ok: boolean; text: string; task?: string } };

/**
 * The Tasks page: every task with its workflow stage and subtask progress, and a form to
 * create one (POST /ui/tasks, which runs `tool new`). It re-renders itself after a create.
 */
export const TaskList: FC<TaskListProps> = ({ tasks, notice }) => (
  <section id="tasks-page" class="tasks">
    <h1>Tasks</h1>
    <p><a href="#runs">All flow runs</a></p>
    {notice && <p class={`notice ${notice.ok ? "ok" : "error"}`} role="status">{notice.text}{notice.task && <> <a href={`#task/${notice.task}`}>Open it</a></>}</p>}
    {tasks.length === 0
      ? <p class="empty">No tasks yet. Create the first one below, or from a finding in the Codebase section.</p>
      : (
        <table class="table">
          <thead>
            <tr><th>Task</th><th>Workflow</th><th>Stage</th><th class="num">Subtasks</th><th>Problems</th></tr>
          </thead>
          <tbody>
            {tasks.map((t) => {
              const done = t.subtasks.filter((s) => s.status === "done").length;
              return (
                <tr>
                  <td><a href={`#task/${t.id}`}>{t.title}</a> <span class="muted">{t.id}</span></td>
                  <td>{t.workflow}</td>
                  <td><span class={`badge ${t.done ? "ok" : ""}`}>{t.stage}</span></td>
                  <td class="num">{done}/{t.subtasks.length}</td>
                  <td>{t.subtaskProblems.length ? <span class="badge warn">{t.subtaskProblems.length}</span> : ""}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    <form class="card new-task" hx-post="/ui/tasks" hx-target="#tasks-page" hx-swap="outerHTML">
      <h2>New task</h2>
      <label>Title <input name="title" required maxlength={200} /></label>
      <label>Id (slug) <input name="slug" maxlength={81} pattern="[A-Za-z0-9][A-Za-z0-9 _\-]+" placeholder="made from the title when left empty" /></label>
      <label>Detail <textarea name="detail" rows={3}></textarea></label>
      <label>Workflow{" "}
        <select name="preset">
          {PRESET_NAMES.map((name) => <option value={name}>{name}: {PRESETS[name].description}</option>)}
        </select>
      </label>
      <button class="button primary" type="submit">Create task</button>
    </form>
  </section>
);

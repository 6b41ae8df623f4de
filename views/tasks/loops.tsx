/** @jsxImportSource hono/jsx */
import type { FC } from "hono/jsx";
import type { LoopSummary } from "../../workflow/loops/store.ts";
import { statusClass } from "../loops/list.tsx";

/**
 * The loops card of a task page: its loops with their status (each a link to its page), and a
 * form that starts one in the background (`tool loop start`, as from a terminal).
 */
export const TaskLoops: FC<{ task: string; loops: LoopSummary[]; flows: string[] }> = ({ task, loops, flows }) => (
  <div class="card loops-card" id="task-loops">
    <h2>Loops</h2>
    {loops.length === 0
      ? <p class="empty">No loop has worked on this task yet.</p>
      : (
        <ul>
          {loops.map((l) => (
            <li>
              <span class={`badge ${statusClass(l.status)}`}>{l.status}</span>{l.live ? <span class="badge ok">live</span> : ""}{" "}
              <a href={`#loop/${l.task}/${l.id}`}>{l.id}</a> {l.accepted} of {l.iteration} iterations accepted{l.reason ? `: ${l.reason}` : ""}
            </li>
          ))}
        </ul>
      )}
    {!loops.some((l) => l.live) && (
      <form class="toolbar" hx-post={`/ui/task/${task}/loop`} hx-target="#task-page" hx-swap="outerHTML">
        <label>Flow <select name="flow">{flows.map((f) => <option value={f} selected={f === "iterate"}>{f}</option>)}</select></label>
        <label>Iterations at most <input name="maxIterations" type="number" min={1} max={200} value="20" /></label>
        <label>Minutes at most <input name="maxMinutes" type="number" min={1} placeholder="no limit" /></label>
        <button class="button primary" type="submit">Start a loop</button>
      </form>
    )}
  </div>
);

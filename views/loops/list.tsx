/** @jsxImportSource hono/jsx */
import type { FC } from "hono/jsx";
import type { LoopSummary } from "../../workflow/loops/store.ts";

/** A spent/budget pair as text: "3 / 20", "4.5 / 30 min", "$0.12 / $5"; no budget: the spent amount alone. */
export const spentOf = (spent: number, budget: number | null, unit: "" | "min" | "$") =>
  unit === "$" ? `$${spent}${budget === null ? "" : ` / $${budget}`}` : `${spent}${budget === null ? "" : ` / ${budget}`}${unit ? ` ${unit}` : ""}`;

export const statusClass = (status: string) =>
  status === "completed" ? "ok" : status === "running" ? "" : status === "stopped" ? "warn" : "high";

/**
 * The Loops page: every loop of every task (also those run in a terminal or CI), newest
 * activity first, with its status, a live badge while its process runs, and progress against
 * its budgets. It is redrawn on each `loop` event.
 */
export const LoopList: FC<{ loops: LoopSummary[] }> = ({ loops }) => (
  <section id="loops-page" class="loops">
    <h1>Loops</h1>
    {loops.length === 0
      ? <p class="empty">No loops yet. Start one from a task page, or in a terminal: <code>tool loop start &lt;task&gt;</code></p>
      : (
        <table class="table">
          <thead>
            <tr><th>Loop</th><th>Status</th><th class="num">Subtasks</th><th class="num">Accepted</th><th>Iterations</th><th>Minutes</th><th>Cost</th><th>Updated</th></tr>
          </thead>
          <tbody>
            {loops.map((l) => (
              <tr>
                <td><a href={`#loop/${l.task}/${l.id}`}>{l.task}</a> <span class="muted">{l.id}</span></td>
                <td>
                  <span class={`badge ${statusClass(l.status)}`}>{l.status}</span>
                  {l.live && <span class="badge ok" title="its process is running">live</span>}
                  {l.reason && <span class="muted"> {l.reason}</span>}
                </td>
                <td class="num">{l.score.subtasksDone}/{l.score.subtasksTotal}</td>
                <td class="num">{l.accepted}</td>
                <td>{spentOf(l.spent.iterations, l.budgets.iterations, "")}</td>
                <td>{spentOf(l.spent.minutes, l.budgets.minutes, "min")}</td>
                <td>{spentOf(l.spent.cost, l.budgets.cost, "$")}</td>
                <td class="muted">{l.updatedAt.slice(0, 19).replace("T", " ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
  </section>
);

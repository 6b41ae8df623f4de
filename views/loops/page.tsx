/** @jsxImportSource hono/jsx */
import type { FC } from "hono/jsx";
import type { LedgerCheck } from "../../workflow/loops/ledger.ts";
import type { loopDetail } from "../../workflow/loops/store.ts";
import { spentOf, statusClass } from "./list.tsx";

export type LoopPageProps = { detail: ReturnType<typeof loopDetail>; ledger: LedgerCheck; notice?: { ok: boolean; text: string } };

/**
 * One loop: where it stands against its budgets, the iteration timeline with each decision
 * and its gates, the agent transcript of each iteration, the ledger check, and a stop button
 * with a reason while it runs. Redrawn on each `loop` event of this loop.
 */
export const LoopPage: FC<LoopPageProps> = ({ detail, ledger, notice }) => {
  const { state, summary, forecast } = detail;
  return (
    <section id="loop-page" class="loop" data-loop={`${state.task}/${state.id}`}>
      <header class="task-head">
        <h1>Loop {state.id}</h1>
        <span class={`badge ${statusClass(state.status)}`}>{state.status}</span>
        {detail.live && <span class="badge ok">live</span>}
        {detail.stopPending && <span class="badge warn">stop pending</span>}
        <a href={`#task/${state.task}`}>task {state.task}</a>
      </header>
      {notice && <p class={`notice ${notice.ok ? "ok" : "error"}`} role="status">{notice.text}</p>}
      {state.reason && <p>{state.reason}</p>}
      <p>Next: {detail.next}</p>
      {detail.live && !detail.stopPending && (
        <form class="card toolbar" hx-post={`/ui/loop/${state.task}/${state.id}/stop`} hx-target="#loop-page" hx-swap="outerHTML">
          <label>Reason <input name="reason" maxlength={500} placeholder="why stop" /></label>
          <button class="button danger" type="submit">Stop the loop</button>
        </form>
      )}
      {detail.live && (
        <div class="card">
          <h2>Agent now</h2>
          <div class="loop-agent" hx-get={`/ui/loop/${state.task}/${state.id}/agent`} hx-trigger="load, every 2s" hx-swap="innerHTML">
            <p class="empty">Reading the agent's transcript…</p>
          </div>
        </div>
      )}
      <div class="grid">
        <div class="card">
          <h2>Progress</h2>
          <ul>
            <li>Phase: <strong>{state.phase}</strong>{state.subtask ? ` on subtask ${state.subtask}` : ""}</li>
            <li>Subtasks done: {summary.score.subtasksDone}/{summary.score.subtasksTotal}; accepted {state.accepted} of {state.iteration} iterations</li>
            <li>Iterations: {spentOf(state.spent.iterations, state.budgets.iterations, "")}</li>
            <li>Minutes: {spentOf(state.spent.minutes, state.budgets.minutes, "min")}</li>
            <li>Cost: {spentOf(state.spent.cost, state.budgets.cost, "$")}</li>
            <li>Rung: {state.rung.index + 1} of {state.providers.length}: {state.rung.provider}{state.rung.model ? ` ${state.rung.model}` : ""}{state.rung.effort ? ` (${state.rung.effort})` : ""}</li>
            <li>Forecast: {forecast.subtasksLeft} subtasks left, about {forecast.iterations} iterations{forecast.minutes !== null ? `, ${forecast.minutes} min` : ""}{forecast.cost !== null ? `, $${forecast.cost}` : ""}; {forecast.withinBudget ? "within budget" : "beyond the budget"}</li>
          </ul>
        </div>
        <div class="card">
          <h2>Ledger</h2>
          <p><span class={`badge ${ledger.ok ? "ok" : "high"}`}>{ledger.ok ? "verified" : "problems"}</span> {ledger.entries} entries, {ledger.checkpoints} checkpoints</p>
          {ledger.problems.length > 0 && <ul class="problems">{ledger.problems.map((p) => <li><span class="badge high">problem</span> {p}</li>)}</ul>}
          {ledger.warnings.length > 0 && <ul class="problems">{ledger.warnings.map((w) => <li><span class="badge warn">warning</span> {w}</li>)}</ul>}
          <p class="muted">Check it in a terminal: <code>tool loop verify {state.task} {state.id}</code></p>
        </div>
      </div>
      <div class="card">
        <h2>Iterations</h2>
        {state.iterations.length === 0
          ? <p class="empty">No iteration has ended yet.</p>
          : (
            <ol class="timeline" reversed>
              {[...state.iterations].reverse().map((it) => (
                <li>
                  <p>
                    <strong>#{it.n}</strong> subtask {it.subtask} · {it.rung.provider}{it.rung.effort ? ` (${it.rung.effort})` : ""}{" "}
                    <span class={`badge ${it.decision === "accepted" ? "ok" : "high"}`}>{it.decision}</span>{" "}
                    <span class="muted">{Math.round(it.ms / 100) / 10} s{it.cost ? `, $${it.cost}` : ""}</span>
                  </p>
                  <p>{it.reasons.join("; ")}</p>
                  {it.gates.length > 0 && <p>{it.gates.map((g) => <span class={`badge ${g.status === "passed" ? "ok" : g.status === "waiting" ? "warn" : "high"}`} title={g.summary}>{g.gate}: {g.status}</span>)}</p>}
                  {it.changed.length > 0 && <p class="muted">changed: {it.changed.slice(0, 12).join(", ")}{it.changed.length > 12 ? ` and ${it.changed.length - 12} more` : ""}</p>}
                  {it.agent.transcript && <p class="muted">agent {it.agent.status}: transcript <code>{it.agent.transcript}</code></p>}
                </li>
              ))}
            </ol>
          )}
      </div>
    </section>
  );
};

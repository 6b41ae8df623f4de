/** @jsxImportSource hono/jsx */
import type { FC } from "hono/jsx";
import type { FlowRun, FlowState } from "../../workflow/flows/mod.ts";

const STATUS_BADGE: Record<string, string> = { passed: "ok", failed: "high", error: "high", waiting: "medium", skipped: "low", "not run": "low" };

/**
 * A task's flows, each a card: its contract, its gates as a pipeline (status, summary, the
 * output behind a click), run and reset buttons, and approve or reject (with a reason) where a
 * gate waits for a person. The controls post to /ui/task/<id>/flow and /ui/task/<id>/approval.
 */
export const FlowCards: FC<{ task: string; flows: FlowState[] }> = ({ task, flows }) => (
  <div class="flows">
    {flows.map((flow) => <FlowCard task={task} flow={flow} />)}
  </div>
);

const FlowCard: FC<{ task: string; flow: FlowState }> = ({ task, flow }) => {
  const results = new Map((flow.lastRun?.results ?? []).map((r) => [r.gate, r]));
  const waitsOnPeople = flow.lastRun?.outcome === "waiting";
  return (
    <div class="card flow" data-flow={flow.name}>
      <h2>
        Flow {flow.name} <span class={`badge ${STATUS_BADGE[flow.status] ?? "low"}`}>{flow.status}</span>
        {flow.lastRun && <span class="muted"> run {flow.lastRun.iteration}, {flow.lastRun.at.slice(0, 16).replace("T", " ")}</span>}
      </h2>
      {flow.contract && <p class="muted">{flow.contract}</p>}
      <ol class="pipeline" aria-label={`Gates of flow ${flow.name}`}>
        {flow.gates.map((gate) => {
          const result = results.get(gate.name);
          const status = result?.status ?? "not run";
          return (
            <li class={`gate gate-${status.replace(" ", "-")}`} data-gate={gate.name}>
              <span class={`badge ${STATUS_BADGE[status] ?? "low"}`}>{status}</span> <strong>{gate.name}</strong> <span class="muted">{gate.kind}</span>
              {result && (result.output
                ? <details><summary>{result.summary}</summary><pre>{result.output}</pre></details>
                : <p class="gate-summary">{result.summary}</p>)}
              {result?.status === "waiting" && waitsOnPeople && (
                <form class="decision" hx-post={`/ui/task/${task}/approval`} hx-target="#task-page" hx-swap="outerHTML">
                  <input type="hidden" name="flow" value={flow.name} />
                  <input type="hidden" name="gate" value={gate.name} />
                  <input name="by" placeholder="your name" aria-label={`Who decides ${gate.name}`} maxlength={80} />
                  <input name="reason" placeholder="reason (needed to reject)" aria-label={`Reason for ${gate.name}`} maxlength={500} />
                  <button class="button primary" type="submit" name="decision" value="approve">Approve</button>
                  <button class="button" type="submit" name="decision" value="reject">Reject</button>
                </form>
              )}
            </li>
          );
        })}
      </ol>
      <div class="toolbar">
        <button class="button" hx-post={`/ui/task/${task}/flow`} hx-vals={JSON.stringify({ flow: flow.name })} hx-target="#task-page" hx-swap="outerHTML">Run {flow.name}</button>
        <button class="button" hx-post={`/ui/task/${task}/flow`} hx-vals={JSON.stringify({ flow: flow.name, reset: true })} hx-target="#task-page" hx-swap="outerHTML">Reset and run</button>
      </div>
    </div>
  );
};

/** Every flow run of every task, newest first, filtered by task, flow and outcome. */
export const RunsPage: FC<{ runs: FlowRun[]; filter: { task?: string; flow?: string; outcome?: string } }> = ({ runs, filter }) => {
  const shown = runs.filter((r) => (!filter.task || r.task === filter.task) && (!filter.flow || r.flow === filter.flow) && (!filter.outcome || r.outcome === filter.outcome));
  const options = (values: string[]) => [...new Set(values)].sort();
  return (
    <section class="view runs" aria-labelledby="runs-title">
      <header class="view-head"><div><h1 id="runs-title">Flow runs</h1><p class="muted">Every flow run of every task, newest first (at most 200).</p></div></header>
      <form class="toolbar filters" hx-get="/ui/runs" hx-target="#view" hx-trigger="change" hx-push-url="false">
        <label>Task <select name="task"><option value="">all</option>{options(runs.map((r) => r.task)).map((t) => <option value={t} selected={t === filter.task}>{t}</option>)}</select></label>
        <label>Flow <select name="flow"><option value="">all</option>{options(runs.map((r) => r.flow)).map((f) => <option value={f} selected={f === filter.flow}>{f}</option>)}</select></label>
        <label>Outcome <select name="outcome"><option value="">all</option>{["passed", "failed", "waiting", "error"].map((o) => <option value={o} selected={o === filter.outcome}>{o}</option>)}</select></label>
      </form>
      {shown.length === 0
        ? <p class="empty">{runs.length ? "No run matches these filters." : "No flow has run yet: run one from a task's page, or tool flow run <task>."}</p>
        : (
          <div class="scroll-x"><table class="table">
            <thead><tr><th>When</th><th>Task</th><th>Flow</th><th>Outcome</th><th class="num">Run</th><th>Gates</th></tr></thead>
            <tbody>
              {shown.map((r) => (
                <tr>
                  <td>{r.at.slice(0, 16).replace("T", " ")}</td>
                  <td><a href={`#task/${r.task}`}>{r.task}</a></td>
                  <td>{r.flow}</td>
                  <td><span class={`badge ${STATUS_BADGE[r.outcome] ?? "low"}`}>{r.outcome}</span></td>
                  <td class="num">{r.iteration}</td>
                  <td>{r.results.map((g) => `${g.gate} ${g.status}`).join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table></div>
        )}
    </section>
  );
};

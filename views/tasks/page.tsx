/** @jsxImportSource hono/jsx */
import type { FC } from "hono/jsx";
import { raw } from "hono/html";
import type { Task } from "../../workflow/tasks/mod.ts";
import type { FlowState } from "../../workflow/flows/mod.ts";
import { AgentPanel, type AgentPanelProps } from "./agents.tsx";
import { FlowCards } from "./flows.tsx";
import type { LoopSummary } from "../../workflow/loops/store.ts";
import { TaskLoops } from "./loops.tsx";

const CHECKS = ["validate", "verify", "guard", "security", "deps", "readiness", "checkpoint", "review", "pr"] as const;
const STATUSES = ["pending", "in-progress", "blocked", "done"] as const;

/** The outcome of an action as the page shows it: a command's result, or why it did not run. */
export type ActionResult =
  | { ok: boolean; command: string; output: string; error?: string }
  | { ok: boolean; notes: string[]; next?: string };

export type TaskPageProps = { task: Task; result?: ActionResult; artifact?: { file: string; html: string }; agents?: Omit<AgentPanelProps, "task">; flows?: FlowState[]; loops?: LoopSummary[] };

/** The stages whose next step is one of the page's actions, with the button's words. */
const STAGE_ACTIONS: Record<string, { action: string; label: string }> = {
  spec: { action: "validate", label: "Validate the spec" },
  verify: { action: "verify", label: "Run verify" },
  review: { action: "review", label: "Review the diff" },
  security: { action: "security", label: "Run the security check" },
  pr: { action: "pr", label: "Prepare the pull request" },
  done: { action: "done", label: "Mark the task done" },
};

/**
 * The next step as the action itself where the page has it, or a link to where it is done on the
 * page (planning subtasks: the form below), the command for a terminal beside it.
 */
const NextStep: FC<{ task: Task; post: string }> = ({ task, post }) => {
  const step = STAGE_ACTIONS[task.stage];
  const planning = task.stage === "plan";
  const hint = task.stage === "spec"
    ? <>Write the spec in <code>.tool/tasks/{task.id}/spec.md</code>, then </>
    : task.stage === "build"
    ? <>Move the <a href="#subtasks">subtasks</a> along; </>
    : planning
    ? <><a href="#add-subtask">Plan the work as subtasks</a>; </>
    : null;
  return (
    <p class="next-step">
      Next: {hint}
      {step
        ? (
          <button class="button primary" hx-post={post} hx-vals={JSON.stringify({ action: step.action })} hx-target="#task-page" hx-swap="outerHTML">
            {step.label}
          </button>
        )
        : null}{" "}
      <span class="muted small">{step || planning ? "or in a terminal: " : ""}<code>{task.next}</code></span>
    </p>
  );
};

/**
 * One task: its stages, the checks to run, criteria with their specified/tested marks,
 * subtasks with status controls, flows with their gates, coding agents, recorded evidence,
 * artifacts and activity. Every control
 * posts to /ui/task/<id>/action, which runs the `tool` command and answers this page again
 * with the command's output on top.
 */
export const TaskPage: FC<TaskPageProps> = ({ task, result, artifact, agents, flows, loops }) => {
  const post = `/ui/task/${task.id}/action`;
  const here = task.stages.indexOf(task.stage);
  // "done" is the step to take only when the task would be accepted as done, its work planned and finished:
  // a task with no subtasks yet is still to be planned.
  const ready = task.subtasks.length > 0 && task.subtasks.every((s) => s.status === "done") && task.criteria.every((c) => c.tested);
  return (
    <section id="task-page" class="task">
      <header class="task-head">
        <h1>{task.title}</h1>
        <span class="badge">{task.workflow}</span>
        {task.done ? <span class="badge ok">done {task.done.at.slice(0, 10)} by {task.done.by}</span> : ""}
      </header>
      <ol class="stages" aria-label="Stages">
        {task.stages.map((stage, i) => (
          <li class={i < here || task.done ? "done" : i === here ? "current" : "todo"} aria-current={i === here ? "step" : undefined}>{stage}</li>
        ))}
      </ol>
      {task.next && <NextStep task={task} post={post} />}
      {result && <ActionOutput result={result} />}
      <div class="toolbar" role="group" aria-label="Checks">
        {CHECKS.map((check) => (
          <button class="button" hx-post={post} hx-vals={JSON.stringify({ action: check })} hx-target="#task-page" hx-swap="outerHTML">
            {check === "review" ? "review --diff" : check}
          </button>
        ))}
        {task.done
          ? <button class="button" hx-post={post} hx-vals={JSON.stringify({ action: "reopen" })} hx-target="#task-page" hx-swap="outerHTML">reopen</button>
          : <button class={`button${ready ? " primary" : ""}`} title={ready ? "every subtask is done and every criterion tested" : "subtasks are open or criteria untested: done would be refused"} hx-post={post} hx-vals={JSON.stringify({ action: "done" })} hx-target="#task-page" hx-swap="outerHTML">done</button>}
      </div>
      <div class="grid">
        <div class="card">
          <h2>Goal</h2>
          <p>{task.goal || <span class="muted">No goal written yet (task.md, ## Goal).</span>}</p>
          {task.goals.length > 0 && <><h3>Goals</h3><ul>{task.goals.map((g) => <li>{g}</li>)}</ul></>}
          {task.nonGoals.length > 0 && <><h3>Non-goals</h3><ul>{task.nonGoals.map((g) => <li>{g}</li>)}</ul></>}
          <h3>Scope</h3>
          {task.scope.length ? <ul>{task.scope.map((s) => <li><code>{s}</code></li>)}</ul> : <p class="muted">No scope: every file is in scope.</p>}
        </div>
        <div class="card">
          <h2>Acceptance criteria</h2>
          {task.criteria.length === 0
            ? <p class="empty">No criteria yet: add <code>- AC-1: ...</code> lines to task.md.</p>
            : (
              <table class="table">
                <thead><tr><th>Id</th><th>Criterion</th><th>Specified</th><th>Tested</th><th>Subtasks</th></tr></thead>
                <tbody>
                  {task.criteria.map((c) => (
                    <tr>
                      <td>{c.id}</td><td>{c.text}</td>
                      <td><Mark on={c.specified} /></td><td><Mark on={c.tested} /></td>
                      <td>{c.tasks.join(", ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
        </div>
      </div>
      <div class="card" id="subtasks">
        <h2>Subtasks</h2>
        {task.subtasks.length === 0 && <p class="empty">No subtasks yet: plan the work as subtasks, here or with <code>tool subtask add {task.id} --title "..."</code></p>}
        {task.subtasks.length > 0 && (
          <table class="table">
            <thead><tr><th>#</th><th>Subtask</th><th>Status</th><th>Depends on</th><th>Criteria</th><th class="num">Checklist</th></tr></thead>
            <tbody>
              {task.subtasks.map((s) => (
                <tr>
                  <td>{s.id}</td>
                  <td>{s.title}{s.ready ? <span class="badge ok">ready</span> : ""}</td>
                  <td>
                    <select name="status" aria-label={`Status of subtask ${s.id}`} hx-post={post} hx-trigger="change" hx-vals={JSON.stringify({ action: "subtask-set", id: s.id })} hx-target="#task-page" hx-swap="outerHTML">
                      {STATUSES.map((status) => <option value={status} selected={status === s.status}>{status}</option>)}
                    </select>
                  </td>
                  <td>{s.dependsOn.join(", ")}</td>
                  <td>{s.criteria.join(", ")}</td>
                  <td class="num">{s.checklist.filter((i) => i.done).length}/{s.checklist.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {!task.done && (
          <form class="toolbar add-subtask" id="add-subtask" hx-post={`/ui/task/${task.id}/subtask`} hx-target="#task-page" hx-swap="outerHTML">
            <label>New subtask <input name="title" required maxlength={200} placeholder="what this step delivers" /></label>
            <button class={`button${task.subtasks.length === 0 ? " primary" : ""}`} type="submit">Add subtask</button>
          </form>
        )}
        {task.subtaskProblems.length > 0 && (
          <ul class="problems">{task.subtaskProblems.map((p) => <li><span class="badge warn">problem</span> <code>{p.file}</code>: {p.message}</li>)}</ul>
        )}
      </div>
      {flows && <FlowCards task={task.id} flows={flows} />}
      {agents && <AgentPanel task={task} {...agents} />}
      {loops && <TaskLoops task={task.id} loops={loops} flows={(flows ?? []).map((f) => f.name)} />}
      <div class="grid">
        <div class="card">
          <h2>Checks</h2>
          {Object.keys(task.evidence).length === 0
            ? <p class="empty">No check has run yet.</p>
            : (
              <ul>
                {Object.entries(task.evidence).map(([check, e]) => (
                  <li><span class={`badge ${e.ok ? "ok" : "high"}`}>{e.ok ? "passed" : "failed"}</span> <strong>{check}</strong> {e.summary} <span class="muted">{e.at.slice(0, 16).replace("T", " ")}</span></li>
                ))}
              </ul>
            )}
        </div>
        <div class="card">
          <h2>Artifacts</h2>
          {task.artifacts.length === 0
            ? <p class="empty">No artifacts (spec.md, plan.md, review.md ...).</p>
            : <ul>{task.artifacts.map((a) => <li><a href={`#task/${task.id}?artifact=${a.file}`} hx-get={`/ui/task/${task.id}?artifact=${encodeURIComponent(a.file)}`} hx-target="#task-page" hx-swap="outerHTML">{a.file}</a> <span class="muted">{a.size} bytes</span></li>)}</ul>}
          {artifact && <article class="markdown" aria-label={artifact.file}>{raw(artifact.html)}</article>}
        </div>
      </div>
      <div class="card">
        <h2>Activity</h2>
        <ul class="activity">
          {[...task.activity].reverse().slice(0, 30).map((a) => (
            <li><span class="muted">{a.at.slice(0, 16).replace("T", " ")}</span> <strong>{a.action}</strong> {a.detail}{a.by ? ` (${a.by})` : ""}</li>
          ))}
        </ul>
      </div>
    </section>
  );
};

const Mark: FC<{ on: boolean }> = ({ on }) => <span class={`badge ${on ? "ok" : "warn"}`}>{on ? "yes" : "no"}</span>;

const ActionOutput: FC<{ result: ActionResult }> = ({ result }) => (
  <div class={`card output ${result.ok ? "ok" : "failed"}`} role="status">
    {"command" in result
      ? (
        <>
          <p><span class={`badge ${result.ok ? "ok" : "high"}`}>{result.ok ? "ok" : "failed"}</span> <code>{result.command}</code></p>
          {result.error && <pre class="error">{result.error}</pre>}
          {result.output && <pre>{result.output}</pre>}
        </>
      )
      : <p><span class={`badge ${result.ok ? "ok" : "high"}`}>{result.ok ? "passed" : "not passed"}</span> {[result.next, ...result.notes].filter(Boolean).join(" ")}</p>}
  </div>
);

/** @jsxImportSource hono/jsx */
import type { FC } from "hono/jsx";
import type { AgentEvent, AgentRun, Permission } from "../../workflow/agents/schema.ts";
import type { Task } from "../../workflow/tasks/mod.ts";

export type AgentChoice = { id: string; name: string; efforts: string[]; recommended: string | null; models: string[]; permissions: Permission[] };

export type AgentPanelProps = {
  task: Task;
  /** Trusted, installed providers, each with the permissions its ceiling allows. */
  providers: AgentChoice[];
  /** Providers that could run once trusted or installed, said as a hint. */
  unavailable: string[];
  /** The run live on this task, with its events so far. */
  live?: AgentRun & { events: AgentEvent[] };
  /** Past runs of this task, newest first. */
  runs: AgentRun[];
  /** A past run opened to read its transcript. */
  opened?: AgentRun & { events: AgentEvent[] };
  error?: string;
};

/**
 * The agents card of a task page: a run form (only trusted providers and permissions within
 * their ceiling are offered), the live run streaming in (static/console.js appends each `agent`
 * event to the list with the same markup as AgentEvents), a stop button, and past runs with
 * their transcripts.
 */
export const AgentPanel: FC<AgentPanelProps> = ({ task, providers, unavailable, live, runs, opened, error }) => {
  const post = `/ui/task/${task.id}/agent`;
  return (
    <div class="card agents" id="agents">
      <h2>Agents</h2>
      {error && <p class="output failed" role="alert"><span class="badge high">not run</span> {error}</p>}
      {live && (
        <div class="agent-run" data-run={live.id} aria-live="polite">
          <p>
            <span class="badge medium">{live.status}</span> <strong>{live.provider}</strong>{live.model ? ` ${live.model}` : ""} on{" "}
            {live.subtask ? `subtask ${live.subtask}` : "the task"}, {live.permission}{" "}
            <button class="button" hx-post={`${post}/stop`} hx-vals={JSON.stringify({ id: live.id })} hx-target="#task-page" hx-swap="outerHTML">Stop</button>
          </p>
          <AgentEvents events={live.events} />
        </div>
      )}
      {!live && providers.length > 0 && (
        <form class="agent-form" hx-post={post} hx-target="#task-page" hx-swap="outerHTML">
          <label>Subtask <select name="subtask">
            <option value="">the whole task</option>
            {task.subtasks.map((s) => <option value={s.id} selected={s.ready && s.status !== "done" && s === task.subtasks.find((x) => x.ready && x.status !== "done")}>{s.id} {s.title}</option>)}
          </select></label>
          <label>Provider <select name="provider">{providers.map((p) => <option value={p.id}>{p.name}</option>)}</select></label>
          <label>Model <input name="model" list="agent-models" placeholder={providers[0]?.recommended ?? "the CLI's default"} autocomplete="off" /></label>
          <datalist id="agent-models">{[...new Set(providers.flatMap((p) => p.models))].map((m) => <option value={m} />)}</datalist>
          <label>Effort <select name="effort">
            <option value="">default</option>
            {[...new Set(providers.flatMap((p) => p.efforts))].map((e) => <option value={e}>{e}</option>)}
          </select></label>
          <label>Permission <select name="permission">
            {(["read", "edit", "full"] as const).filter((p) => providers.some((x) => x.permissions.includes(p))).map((p) => <option value={p}>{p}</option>)}
          </select></label>
          <label class="wide">Prompt <textarea name="prompt" rows={2} placeholder="Anything to add to the task and subtask (optional)"></textarea></label>
          <button class="button primary" type="submit">Run agent</button>
        </form>
      )}
      {!live && providers.length === 0 && (
        <p class="empty">No trusted, installed agent. Trust one in Settings or with <code>tool agent trust claude</code>{unavailable.length ? ` (${unavailable.join("; ")})` : ""}.</p>
      )}
      {runs.length > 0 && (
        <>
          <h3>Past runs</h3>
          <ul class="agent-runs">
            {runs.map((r) => (
              <li>
                <span class={`badge ${r.status === "succeeded" ? "ok" : r.status === "running" ? "medium" : "high"}`}>{r.status}</span>{" "}
                <a href={`#task/${task.id}?run=${r.id}`} hx-get={`/ui/task/${task.id}?run=${r.id}`} hx-target="#task-page" hx-swap="outerHTML">{r.startedAt.slice(0, 16).replace("T", " ")}</a>{" "}
                {r.provider}{r.model ? ` ${r.model}` : ""} {r.subtask ? `subtask ${r.subtask}` : "task"} <span class="muted">{r.kind}, {r.permission}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {opened && (
        <div class="agent-transcript" aria-label={`Transcript of ${opened.id}`}>
          <h3>Transcript {opened.id}</h3>
          <AgentEvents events={opened.events} />
        </div>
      )}
    </div>
  );
};

/** A run's events as a list: messages as text, tool calls and file changes as such, never raw JSON. */
export const AgentEvents: FC<{ events: AgentEvent[] }> = ({ events }) => (
  <ol class="agent-events">{events.map((event) => <AgentEventLine event={event} />)}</ol>
);

const LABELS: Record<string, string> = { tool: "tool", "tool-result": "result", file: "file", message: "agent", thinking: "thinking", usage: "usage", result: "done", error: "error", stderr: "stderr", raw: "output", start: "start", end: "end" };

const AgentEventLine: FC<{ event: AgentEvent }> = ({ event }) => (
  <li class={`ev ev-${event.type}${event.ok === false ? " failed" : ""}`} data-seq={event.seq}>
    <span class="ev-kind">{LABELS[event.type] ?? event.type}</span>{" "}
    {event.type === "tool" ? <><code>{event.tool}</code> <span class="ev-text">{summarizeInput(event.input)}</span></>
      : event.type === "file" ? <><code>{event.file}</code> <span class="ev-text">{event.text}</span></>
      : <span class="ev-text">{(event.text ?? "").slice(0, 4000)}</span>}
  </li>
);

/** A tool call's input in a line: its command, file or query when it has one, else its JSON cut short. */
export function summarizeInput(input: unknown): string {
  const value = (input ?? {}) as Record<string, unknown>;
  const main = value.command ?? value.file_path ?? value.filePath ?? value.path ?? value.query ?? value.pattern;
  return (typeof main === "string" ? main : JSON.stringify(input ?? {})).slice(0, 300);
}

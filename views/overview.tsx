/** @jsxImportSource hono/jsx */
/**
 * The Overview: the project index at a glance. What the project is (languages, frameworks,
 * package managers), its health, its tasks with their stages, its documents, git state and
 * signals, each card linking to the view that goes deeper.
 */
import { plural } from "../core/plural.ts";
import type { ProjectDocument, ProjectIndex, TaskSummary } from "../workflow/index/mod.ts";
import { FileLink } from "./parts.tsx";

const MAX_CHANGES = 6;
const MAX_COMMITS = 5;
const MAX_TASKS = 12;
const MAX_DOCS = 8;
const MAX_SIGNALS = 8;
const RULES = { "import-cycle": "Import cycles", "hub-file": "Hub files", "boundary-violation": "Boundary violations" };

export function Overview(props: { index: ProjectIndex }) {
  const { index } = props;
  const { project, git } = index;
  return (
    <section class="view overview" aria-labelledby="overview-title">
      <header class="view-head">
        <div>
          <h1 id="overview-title">{project.name}</h1>
          <p class="muted path">{project.root}</p>
        </div>
        <div class="toolbar">
          <span class="muted" title={index.generatedAt}>Index built {timeOf(index.generatedAt)}</span>
          <button type="button" class="button" hx-post="/api/refresh" hx-swap="none" data-busy-label="Rebuilding…">
            Rebuild index
          </button>
        </div>
      </header>
      <div class="grid">
        <Health index={index} />
        <Languages index={index} />
        <Stack index={index} />
        <Tasks index={index} />
        <Git git={git} />
        <Documents index={index} />
        <Signals index={index} />
      </div>
    </section>
  );
}

function Health({ index }: { index: ProjectIndex }) {
  const health = index.graph.health;
  const level = !health ? "low" : health.score >= 80 ? "ok" : health.score >= 60 ? "warn" : "high";
  return (
    <article class="card" aria-labelledby="ov-health">
      <h2 id="ov-health">Architecture health</h2>
      {health
        ? (
          <>
            <p class="score">
              <span class={`badge big ${level}`}>{health.score}</span> <span class="muted">/ 100</span>
            </p>
            <p class="muted">
              {plural(health.sourceFiles, "source file")} · {plural(index.graph.cycles.filter((c) => c.kind === "runtime").length, "import cycle")}
              {" "}
              (and {index.graph.cycles.filter((c) => c.kind === "type").length} through types only) · {plural(index.graph.hubs.length, "hub file")}
            </p>
            {health.deductions.length > 0 && (
              <ul class="plain">
                {health.deductions.slice(0, 3).map((d) => (
                  <li>
                    {RULES[d.rule]}: {d.files.length} file{d.files.length === 1 ? "" : "s"}{" "}
                    <span class="muted">(−{d.points})</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )
        : <p class="empty">No analysis yet: the import graph is empty.</p>}
      <p>
        <a href="#devtools/overview">Open the codebase overview</a> · <a href="#devtools/findings">Findings</a>
      </p>
    </article>
  );
}

function Languages({ index }: { index: ProjectIndex }) {
  const languages = index.project.languages;
  const total = languages.reduce((n, l) => n + l.lines, 0) || 1;
  return (
    <article class="card" aria-labelledby="ov-languages">
      <h2 id="ov-languages">Languages</h2>
      <p class="muted small">The product's code: tests, fixtures, examples, tooling and vendored code are not counted.</p>
      {languages.length === 0 ? <p class="empty">No source files found.</p> : (
        <table class="table compact">
          <thead>
            <tr>
              <th scope="col">Language</th>
              <th scope="col" class="num">Files</th>
              <th scope="col" class="num">Lines</th>
              <th scope="col" class="share">Share of lines</th>
            </tr>
          </thead>
          <tbody>
            {languages.slice(0, 10).map((l) => {
              const share = Math.round((l.lines / total) * 100);
              return (
                <tr>
                  <td>{l.id}</td>
                  <td class="num">{l.files}</td>
                  <td class="num">{l.lines.toLocaleString("en")}</td>
                  <td class="share">
                    <span class="bar" style={`--share:${share}%`} aria-hidden="true"></span> {share}%
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </article>
  );
}

function Stack({ index }: { index: ProjectIndex }) {
  const { frameworks, packageManagers, manifests } = index.project;
  return (
    <article class="card" aria-labelledby="ov-stack">
      <h2 id="ov-stack">Frameworks and tools</h2>
      <h3>Frameworks</h3>
      {frameworks.length
        ? (
          <ul class="chips">
            {frameworks.map((f) => <li class="chip" title={`declared in ${f.manifest}`}>{f.name}</li>)}
          </ul>
        )
        : <p class="empty">None detected in the manifests.</p>}
      <h3>Package managers</h3>
      {packageManagers.length
        ? <ul class="chips">{packageManagers.map((p) => <li class="chip" title={p.evidence}>{p.name}</li>)}</ul>
        : <p class="empty">None detected.</p>}
      <p class="muted">
        {manifests.length} manifest{manifests.length === 1 ? "" : "s"} · default workflow{" "}
        <strong>{index.project.defaultWorkflow}</strong> · <a href="#settings">Settings</a>
      </p>
    </article>
  );
}

function Git({ git }: { git: ProjectIndex["git"] }) {
  return (
    <article class="card" aria-labelledby="ov-git">
      <h2 id="ov-git">Git</h2>
      {!git.available ? <p class="empty">Not a git repository (or git is not installed).</p> : (
        <>
          <p>
            <span class="badge">{git.branch ?? "detached"}</span> <code>{git.head ?? "no commits"}</code>{" "}
            <span class="muted">
              {git.changesTotal === 0
                ? "clean working tree"
                : `${git.changesTotal} changed file${git.changesTotal === 1 ? "" : "s"}`}
            </span>
          </p>
          {git.changes.length > 0 && (
            <ul class="plain changes">
              {git.changes.slice(0, MAX_CHANGES).map((change) => (
                <li>
                  <span
                    class={`badge ${change.staged ? "ok" : "warn"}`}
                    title={change.staged ? "staged" : "not staged"}
                  >
                    {change.status}
                  </span>{" "}
                  <span class="path">{change.file}</span>
                </li>
              ))}
              {git.changesTotal > MAX_CHANGES && <li class="muted">and {git.changesTotal - MAX_CHANGES} more</li>}
            </ul>
          )}
          <h3>Recent commits</h3>
          {git.commits.length === 0 ? <p class="empty">No commits yet.</p> : (
            <ul class="plain commits">
              {git.commits.slice(0, MAX_COMMITS).map((commit) => (
                <li class="oneline" title={`${commit.subject}\n${commit.author}, ${dayOf(commit.date)}`}>
                  <code>{commit.short}</code> <span class="muted small">{dayOf(commit.date)}</span> {commit.subject}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </article>
  );
}

function Tasks({ index }: { index: ProjectIndex }) {
  const { tasks, presets } = index;
  return (
    <article class="card wide" aria-labelledby="ov-tasks">
      <h2 id="ov-tasks">Tasks</h2>
      {tasks.length === 0
        ? (
          <p class="empty">
            No tasks yet. Create one with <code>tool new &lt;slug&gt; --title "…"</code>, or from a finding.
          </p>
        )
        : (
          <div class="scroll-x">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col">Stage</th>
                  <th scope="col" class="num">Subtasks</th>
                  <th scope="col">Next</th>
                </tr>
              </thead>
              <tbody>
                {tasks.slice(0, MAX_TASKS).map((task) => <TaskRow task={task} />)}
              </tbody>
            </table>
          </div>
        )}
      {tasks.length > MAX_TASKS && <p class="muted">{tasks.length - MAX_TASKS} more on the Tasks page.</p>}
      <p>
        <a href="#tasks">All tasks</a>
        {presets.length > 0 && (
          <span class="muted">
            {" "}· workflows:{" "}
            {presets.map((p) => `${p.name} (${p.stages.join(" → ")}; ${p.tasks} task${p.tasks === 1 ? "" : "s"})`).join(
              ", ",
            )}
          </span>
        )}
      </p>
    </article>
  );
}

function TaskRow({ task }: { task: TaskSummary }) {
  const current = task.stages.indexOf(task.stage);
  return (
    <tr>
      <td>
        <a href={`#task/${task.id}`}>{task.title || task.id}</a>
        <div class="muted small">{task.id}</div>
      </td>
      <td>
        <ol class="stages" aria-label={`Stage ${task.stage} of ${task.stages.join(", ")}`}>
          {task.stages.map((stage, i) => (
            <li
              class={i < current ? "done" : i === current ? "current" : undefined}
              aria-current={i === current ? "step" : undefined}
            >
              {stage}
            </li>
          ))}
        </ol>
      </td>
      <td class="num">
        {task.subtasks.done}/{task.subtasks.total}
        {task.subtasks.problems > 0 && <span class="badge high" title="subtask problems">{task.subtasks.problems}
        </span>}
      </td>
      <td class="small">{task.next ? <code>{task.next}</code> : <span class="muted">—</span>}</td>
    </tr>
  );
}

function Documents({ index }: { index: ProjectIndex }) {
  const groups: [string, ProjectDocument[]][] = [["Specs", index.specs], ["Decisions (ADRs)", index.adrs], [
    "Docs",
    index.docs,
  ]];
  return (
    <article class="card" aria-labelledby="ov-docs">
      <h2 id="ov-docs">Documents</h2>
      {groups.every(([, docs]) => docs.length === 0) && <p class="empty">No Markdown documents found.</p>}
      {groups.filter(([, docs]) => docs.length > 0).map(([label, docs]) => (
        <>
          <h3>
            {label} <span class="muted">({docs.length})</span>
          </h3>
          <ul class="plain docs">
            {docs.slice(0, MAX_DOCS).map((doc) => (
              <li>
                <a href={`#doc?path=${encodeURIComponent(doc.path)}`} title={doc.excerpt}>
                  {doc.title || doc.path}
                </a>{" "}
                <span class="muted path small">{doc.path}</span>
              </li>
            ))}
            {docs.length > MAX_DOCS && <li class="muted">and {docs.length - MAX_DOCS} more</li>}
          </ul>
        </>
      ))}
    </article>
  );
}

function Signals({ index }: { index: ProjectIndex }) {
  const { signals, improvements } = index;
  return (
    <article class="card" aria-labelledby="ov-signals">
      <h2 id="ov-signals">Signals</h2>
      {signals.length === 0 ? <p class="empty">Nothing to report.</p> : (
        <ul class="plain signals">
          {signals.slice(0, MAX_SIGNALS).map((s) => (
            <li>
              <span class={`badge ${s.level === "warning" ? "warn" : "low"}`}>{s.level}</span> {s.message}
              {s.file && <>{" "}{FileLink({ file: s.file, line: s.line })}</>}
            </li>
          ))}
          {signals.length > MAX_SIGNALS && <li class="muted">and {signals.length - MAX_SIGNALS} more</li>}
        </ul>
      )}
      {improvements.length > 0 && (
        <>
          <h3>Suggested improvements</h3>
          <ul class="plain">
            {improvements.slice(0, 3).map((i) => (
              <li>
                <span class={`badge ${i.severity}`}>{i.severity}</span> {i.title}
              </li>
            ))}
          </ul>
          <p>
            <a href="#devtools/findings">All findings</a>
          </p>
        </>
      )}
    </article>
  );
}

/** `14:03` today, else the date: the reader wants to know how fresh the index is. */
function timeOf(iso: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return today ? `at ${date.toTimeString().slice(0, 5)}` : `on ${date.toISOString().slice(0, 10)}`;
}

function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

/** @jsxImportSource hono/jsx */
/**
 * Findings: every signal of the analysis as one ranked list (high, medium, low) with its
 * evidence and suggested action, filterable by category and severity, each with an action
 * that turns it into a task (POST /api/improvements).
 */
import type { Finding, FindingCategory, Report, Severity } from "../../analysis/mod.ts";
import { FileLink } from "../parts.tsx";
import { Empty, HashForm, type Paged, Pager, plural, type Scope, ScopeSwitch, Section, SeverityBadge, ViewHeader } from "./parts.tsx";

/** Findings per page: each is a block with its evidence, so fewer than a table's rows. */
export const FINDINGS_PAGE = 50;

export const CATEGORY_LABELS: Record<FindingCategory, string> = {
  architecture: "Architecture",
  hotspots: "Hotspots",
  complexity: "Complexity and size",
  routes: "Routes and contract",
  security: "Security",
  configuration: "Configuration",
  "dead-code": "Dead code",
  knowledge: "Knowledge",
  debt: "Debt",
};

/** Whether the create-task action can run (and which task ids exist already), or why not. */
export type TaskAction = { enabled: true; existing: ReadonlySet<string> } | { enabled: false; reason: string };

export type FindingsViewProps = {
  report: Report;
  category?: FindingCategory | undefined;
  severity?: Severity | undefined;
  paged: Paged<Finding>;
  taskAction: TaskAction;
  include?: Scope;
};

/** A task id from a title: lower case, words joined by dashes, at most 60 characters. */
export function slugOf(title: string): string {
  const slug = title.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60)
    .replace(/-+$/, "");
  return slug.length >= 2 ? slug : `finding-${slug || "task"}`;
}

export function FindingsView(props: FindingsViewProps) {
  const { report, category, severity, paged, taskAction, include } = props;
  const counts = new Map<string, number>();
  for (const f of report.findings) counts.set(f.category, (counts.get(f.category) ?? 0) + 1);
  const bySeverity = new Map<string, number>();
  for (const f of report.findings) {
    if (!category || f.category === category) bySeverity.set(f.severity, (bySeverity.get(f.severity) ?? 0) + 1);
  }
  const params = { category, severity, include };
  return (
    <div class="dt dt-findings">
      <ViewHeader
        title="Findings"
        question="Every signal as one ranked list, with evidence, a suggested action and a task to create."
      >
        <ScopeSwitch view="findings" params={params} include={include} />
        <HashForm view="findings" label="Filter findings">
          {include ? <input type="hidden" name="include" value={include} /> : null}
          <label>
            Category{" "}
            <select name="category">
              <option value="">all ({report.findings.length})</option>
              {Object.entries(CATEGORY_LABELS).map(([key, label]) => (
                <option value={key} selected={key === category} disabled={!counts.get(key)}>
                  {label} ({counts.get(key) ?? 0})
                </option>
              ))}
            </select>
          </label>
          <label>
            Severity{" "}
            <select name="severity">
              <option value="">all</option>
              {(["high", "medium", "low"] as const).map((s) => (
                <option value={s} selected={s === severity}>{s} ({bySeverity.get(s) ?? 0})</option>
              ))}
            </select>
          </label>
          <noscript>
            <button class="button">Filter</button>
          </noscript>
        </HashForm>
        {taskAction.enabled ? null : <p class="muted small">Creating tasks is not available: {taskAction.reason}</p>}
      </ViewHeader>
      {paged.total === 0
        ? <Empty>{report.findings.length ? "No finding matches the filter." : "No findings: nothing to act on."}</Empty>
        : (
          <Section title={plural(paged.total, "finding")}>
            <ol class="dt-findings-list">
              {paged.rows.map((f) => <FindingItem finding={f} taskAction={taskAction} />)}
            </ol>
            <Pager view="findings" params={params} paged={paged} />
          </Section>
        )}
    </div>
  );
}

function FindingItem({ finding, taskAction }: { finding: Finding; taskAction: TaskAction }) {
  const shown = finding.evidence.slice(0, 8);
  return (
    <li class={`dt-finding sev-${finding.severity}`} id={`finding-${finding.id}`}>
      <div class="dt-finding-head">
        <SeverityBadge severity={finding.severity} /> <span class="badge">{CATEGORY_LABELS[finding.category]}</span>
        {" "}
        <strong>{finding.title}</strong>
        <span class="dt-finding-task">
          <CreateTask finding={finding} taskAction={taskAction} />
        </span>
      </div>
      <ul class="dt-evidence">
        {shown.map((e) => (
          <li>
            <FileLink file={e.file} line={e.line} />
            {e.detail ? <span class="muted">{` ${e.detail}`}</span> : null}
          </li>
        ))}
        {finding.evidence.length > shown.length
          ? <li class="muted">and {finding.evidence.length - shown.length} more</li>
          : null}
      </ul>
      <p class="dt-action">
        <span class="muted">Suggested:</span> {finding.action}
      </p>
    </li>
  );
}

/** The create-task action: a POST of the finding's task, or a disabled button saying why. */
function CreateTask({ finding, taskAction }: { finding: Finding; taskAction: TaskAction }) {
  if (!taskAction.enabled) {
    return <button type="button" class="button dt-mini" disabled title={taskAction.reason}>Create task</button>;
  }
  const slug = slugOf(finding.task.title);
  // Once made, the task is linked instead: a live refresh redraws the list, and a second POST would be a 409.
  if (taskAction.existing.has(slug)) return <a class="button dt-mini" href={`#task/${slug}`}>Task {slug}</a>;
  const vals = JSON.stringify({ slug, title: finding.task.title, detail: finding.task.detail, preset: "standard" });
  // console.js sends the fields as JSON with the token and raises `tool:json` on success.
  const done = {
    "hx-on:tool:json":
      "this.disabled=true;this.textContent='Task created: '+(event.detail.data&&event.detail.data.slug||'')",
  };
  return (
    <button type="button" class="button dt-mini" hx-post="/api/improvements" hx-vals={vals} hx-swap="none" {...done}>
      Create task
    </button>
  );
}

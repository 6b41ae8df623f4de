/** @jsxImportSource hono/jsx */
/**
 * Impact: pick files, and see what a change to them touches: every dependent (walking the
 * import graph backwards), the entry points served, the tests to run and the integrations
 * reached.
 */
import type { Impact, Report } from "../../analysis/mod.ts";
import { FileLink } from "../parts.tsx";
import { BriefButton, Empty, type Paged, Pager, plural, Section, ViewHeader, viewHref } from "./parts.tsx";

export type ImpactViewProps = {
  report: Report;
  files: string[];
  impact?: Impact | undefined;
  dependents?: Paged<Impact["dependents"][number]>;
};

/** Completion choices for the file picker: at most 20 known files containing the text. */
export function completeFiles(report: Report, text: string, limit = 20): string[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const starts: string[] = [];
  const contains: string[] = [];
  for (const f of report.files) {
    const path = f.path.toLowerCase();
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (name.startsWith(q) || path.startsWith(q)) starts.push(f.path);
    else if (path.includes(q)) contains.push(f.path);
  }
  return [...starts.sort(), ...contains.sort()].slice(0, limit);
}

/**
 * The picker is not a hash-kept filter form (those reload the view as you type): submitting
 * adds the typed file to the list in the hash, and console.js loads the view.
 */
const ADD_FILE =
  "event.preventDefault();const f=[...(this.elements.file?this.elements.file.value.split(','):[]),this.elements.add.value.trim()].filter(Boolean);location.hash='devtools/impact?file='+encodeURIComponent(f.join(',')).replace(/%2F/g,'/').replace(/%2C/g,',')";

export function FileOptions(props: { files: string[] }) {
  return <>{props.files.map((f) => <option value={f} />)}</>;
}

export function ImpactView(props: ImpactViewProps) {
  const { report, files, impact, dependents } = props;
  const list = files.join(",");
  return (
    <div class="dt dt-impact">
      <ViewHeader
        title="Impact"
        question="What breaks when these files change: dependents, entry points, tests to run, integrations reached?"
      >
        <form
          class="toolbar dt-filters"
          action="/ui/devtools/impact"
          method="get"
          onsubmit={ADD_FILE}
          aria-label="Choose files"
        >
          {files.length ? <input type="hidden" name="file" value={list} /> : null}
          <label>
            Add a file{" "}
            <input
              type="search"
              name="add"
              list="impact-files"
              autocomplete="off"
              placeholder="type part of a path"
              hx-get="/ui/devtools/impact/complete"
              hx-trigger="input changed delay:150ms"
              hx-target="#impact-files"
              required
            />
          </label>
          <datalist id="impact-files"></datalist>
          <button class="button primary">Add</button>
        </form>
        {files.length
          ? (
            <p class="dt-chips">
              {files.map((f) => (
                <span class="chip">
                  <FileLink file={f} />{" "}
                  <a
                    href={viewHref("impact", { file: files.filter((x) => x !== f).join(",") })}
                    aria-label={`Remove ${f}`}
                    title="Remove"
                  >
                    ×
                  </a>
                </span>
              ))}
              {files.length === 1 ? <BriefButton target={files[0]!} /> : null}
            </p>
          )
          : null}
      </ViewHeader>
      {!impact || !dependents ? <Empty>Pick one or more files to see what a change to them touches.</Empty> : (
        <>
          <p class="dt-summary">
            <strong>{plural(impact.dependents.length, "dependent")}</strong> ·{" "}
            <strong>{plural(impact.entryPoints.length, "entry point")}</strong> ·{" "}
            <strong>{plural(impact.tests.length, "test")}</strong> to run ·{" "}
            <strong>{plural(impact.integrations.length, "integration")}</strong> reached
          </p>
          <Section title="Tests to run" count={impact.tests.length}>
            {impact.tests.length === 0 ? <Empty>No test depends on these files or is named like them.</Empty> : (
              <>
                <p class="toolbar">
                  <button type="button" class="button dt-mini" data-copy={impact.tests.map((t) => t.file).join(" ")}>
                    Copy the paths
                  </button>
                  <span class="muted small">Marked ≈ when only named like a changed file.</span>
                </p>
                <ul class="dt-files-list">
                  {impact.tests.map((t) => (
                    <li>
                      <FileLink file={t.file} />
                      {t.reason === "named like a changed file" ? <span class="muted" title={t.reason}>≈</span> : null}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Section>
          <div class="grid">
            <Section title="Entry points served" count={impact.entryPoints.length}>
              {impact.entryPoints.length === 0
                ? <Empty>No entry point's handler depends on these files.</Empty>
                : (
                  <ul class="dt-imports">
                    {impact.entryPoints.slice(0, 200).map((r) => (
                      <li>
                        <code>{r.method} {r.path}</code> <FileLink file={r.file} line={r.line} />
                      </li>
                    ))}
                  </ul>
                )}
              {impact.entryPoints.length > 200
                ? <p class="muted">and {impact.entryPoints.length - 200} more.</p>
                : null}
            </Section>
            <Section title="Integrations reached" count={impact.integrations.length + impact.packages.length}>
              {impact.integrations.length + impact.packages.length === 0
                ? <Empty>Nothing outside the repository.</Empty>
                : (
                  <p class="dt-chips">
                    {impact.integrations.map((i) => <a class="chip integration" href={viewHref("integrations")}>{i}
                    </a>)}
                    {impact.packages.map((p) => <span class="chip" title="package">{p}</span>)}
                  </p>
                )}
            </Section>
          </div>
          <Section title="Dependents" count={impact.dependents.length}>
            {dependents.total === 0 ? <Empty>Nothing imports these files.</Empty> : (
              <table class="table">
                <thead>
                  <tr>
                    <th>File</th>
                    <th class="num">Distance</th>
                    <th>Through</th>
                  </tr>
                </thead>
                <tbody>
                  {dependents.rows.map((d) => (
                    <tr>
                      <td>
                        <FileLink file={d.file} />
                      </td>
                      <td class="num">{d.distance}</td>
                      <td>
                        {d.distance > 1 ? <FileLink file={d.via} /> : <span class="muted">imports it directly</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <Pager view="impact" params={{ file: list }} paged={dependents} />
          </Section>
        </>
      )}
      {report.files.length === 0 ? <Empty>The analysis found no files.</Empty> : null}
    </div>
  );
}

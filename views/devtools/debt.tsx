/** @jsxImportSource hono/jsx */
/**
 * Debt: the markers people leave in comments (fix-me, hack, to-do, triple-x), the most complex and the largest files, and files
 * nothing imports that do not look like entry points.
 */
import type { FileNode, Report } from "../../analysis/mod.ts";
import { FileLink } from "../parts.tsx";
import { Empty, type Paged, Pager, Section, Tabs, ViewHeader, viewHref } from "./parts.tsx";

export const MARKER_KINDS = ["FIXME", "HACK", "TODO", "XXX"] as const;
export type MarkerRow = FileNode["markers"][number] & { file: string };
export type DebtViewProps = {
  report: Report;
  marker?: string | undefined;
  markers: Paged<MarkerRow>;
  unused: Paged<FileNode>;
};

/** Top files of the repository by one measure. */
const TOP = 15;

export function DebtView(props: DebtViewProps) {
  const { report, marker, markers, unused } = props;
  const counts = new Map<string, number>();
  for (const f of report.files) for (const m of f.markers) counts.set(m.kind, (counts.get(m.kind) ?? 0) + 1);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const complex = [...report.files].filter((f) => f.complexity > 0).sort((a, b) =>
    b.complexity - a.complexity || a.path.localeCompare(b.path)
  ).slice(0, TOP);
  const largest = [...report.files].sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path)).slice(0, TOP);
  const params = {
    marker,
    page: markers.page === 1 ? undefined : markers.page,
    upage: unused.page === 1 ? undefined : unused.page,
  };
  return (
    <div class="dt dt-debt">
      <ViewHeader
        title="Debt"
        question="Where are FIXME, HACK and to-do markers, the most complex and largest files, and files nothing imports?"
      />
      <Section title="Markers" count={total}>
        <Tabs
          label="Marker kind"
          items={[
            { label: `All (${total})`, href: viewHref("debt"), active: !marker },
            ...MARKER_KINDS.filter((k) => counts.get(k)).map((k) => ({
              label: `${k} (${counts.get(k)})`,
              href: viewHref("debt", { marker: k }),
              active: marker === k,
            })),
          ]}
        />
        {markers.total === 0
          ? <Empty>No {marker ?? "FIXME, HACK, TODO or XXX"} markers.</Empty>
          : (
            <div class="scroll-x">
              <table class="table">
                <thead>
                  <tr>
                    <th>Kind</th>
                    <th>Where</th>
                    <th>Text</th>
                  </tr>
                </thead>
                <tbody>
                  {markers.rows.map((m) => (
                    <tr>
                      <td>
                        <span
                          class={`badge ${
                            m.kind === "FIXME" || m.kind === "XXX" ? "medium" : m.kind === "HACK" ? "warn" : "low"
                          }`}
                        >
                          {m.kind}
                        </span>
                      </td>
                      <td>
                        <FileLink file={m.file} line={m.line} />
                      </td>
                      <td class="dt-text">{m.text}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        <Pager view="debt" params={params} paged={markers} />
      </Section>
      <div class="grid">
        <Section title="Most complex files">
          <FileTable
            files={complex}
            measure="complexity"
            label="Decision points"
            extra={(f) => `nesting ${f.nesting}`}
          />
        </Section>
        <Section title="Largest files">
          <FileTable files={largest} measure="lines" label="Lines" extra={(f) => `${Math.round(f.size / 1024)} KB`} />
        </Section>
      </div>
      <Section title="Files nothing imports" count={unused.total}>
        <p class="muted small">
          Not imported by any file, and not a test, main, config, route or migration by their names or places.
        </p>
        {unused.total === 0
          ? <Empty>Every file is imported or looks like an entry point.</Empty>
          : (
            <ul class="dt-files-list">
              {unused.rows.map((f) => (
                <li>
                  <FileLink file={f.path} /> <span class="muted">{f.lines} lines</span>
                </li>
              ))}
            </ul>
          )}
        <Pager view="debt" params={params} paged={unused} name="upage" />
      </Section>
    </div>
  );
}

function FileTable(
  props: { files: FileNode[]; measure: "complexity" | "lines"; label: string; extra: (f: FileNode) => string },
) {
  if (props.files.length === 0) return <Empty>No files.</Empty>;
  return (
    <div class="scroll-x">
      <table class="table">
        <thead>
          <tr>
            <th>File</th>
            <th class="num">{props.label}</th>
            <th></th>
          </tr>
        </thead>
        <tbody>
          {props.files.map((f) => (
            <tr>
              <td>
                <FileLink file={f.path} />
              </td>
              <td class="num">{f[props.measure]}</td>
              <td class="muted">{props.extra(f)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

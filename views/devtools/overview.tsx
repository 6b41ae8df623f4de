/** @jsxImportSource hono/jsx */
/**
 * Devtools overview: how healthy the architecture is (the score and what it lost points for),
 * what the codebase is made of, and what needs attention first.
 */
import type { Report } from "../../analysis/mod.ts";
import { PRODUCT_ROLES } from "../../analysis/roles.ts";
import { FileLink } from "../parts.tsx";
import { Empty, historyAbsent, Meter, percent, plural, Section, SeverityBadge, ViewHeader, viewHref } from "./parts.tsx";

const RULE_TEXT: Record<string, { label: string; view: string }> = {
  "import-cycle": { label: "Import cycles", view: "cycles" },
  "hub-file": { label: "Hub files", view: "coupling" },
  "boundary-violation": { label: "Boundary-rule violations", view: "findings?category=architecture" },
};

export function OverviewView(props: { report: Report }) {
  const { report } = props;
  return (
    <div class="dt dt-overview">
      <ViewHeader
        title="Codebase overview"
        question="How healthy is the architecture, what is it made of, and what needs attention first?"
      />
      <ScanNotes report={report} />
      <div class="grid">
        <HealthCard report={report} />
        <Composition report={report} />
      </div>
      <Attention report={report} />
    </div>
  );
}

function HealthCard({ report }: { report: Report }) {
  const { score, sourceFiles, deductions } = report.health;
  const tone = score >= 90 ? "ok" : score >= 70 ? "warn" : "high";
  return (
    <Section title="Architecture health">
      <p class="dt-score">
        <span class={`badge ${tone}`}>{score}</span>{" "}
        <span class="muted">of 100, over {plural(sourceFiles, "source file")}</span>
      </p>
      {deductions.length === 0
        ? <Empty>No deductions: no import cycles, hub files or boundary violations.</Empty>
        : (
          <table class="table">
            <thead>
              <tr>
                <th>Rule</th>
                <th class="num">Weight</th>
                <th class="num">Files</th>
                <th class="num">Points</th>
              </tr>
            </thead>
            {deductions.map((d) => {
              const rule = RULE_TEXT[d.rule] ?? { label: d.rule, view: "findings" };
              return (
                <tbody>
                  <tr>
                    <td>
                      <a href={`#devtools/${rule.view}`}>{rule.label}</a>
                    </td>
                    <td class="num">{d.weight}</td>
                    <td class="num">{d.files.length} ({percent(d.share)})</td>
                    <td class="num">−{d.points}</td>
                  </tr>
                  <tr class="dt-examples">
                    <td colspan={4}>
                      <div class="dt-chips">
                        {d.files.slice(0, 4).map((f) => <FileLink file={f} />)}
                        {d.files.length > 4
                          ? <a href={`#devtools/${rule.view}`}>and {d.files.length - 4} more</a>
                          : null}
                      </div>
                    </td>
                  </tr>
                </tbody>
              );
            })}
          </table>
        )}
      <p class="muted small">Each rule deducts max(1, round(weight × 100 × share of source files affected)).</p>
    </Section>
  );
}

function Composition({ report }: { report: Report }) {
  // The product's languages, as the project overview counts them: most lines first.
  const languages = new Map<string, { files: number; lines: number }>();
  const product = report.files.filter((f) => PRODUCT_ROLES.has(f.role));
  for (const f of product) {
    const l = languages.get(f.language) ?? languages.set(f.language, { files: 0, lines: 0 }).get(f.language)!;
    l.files++;
    l.lines += f.lines;
  }
  const totalLines = Math.max(1, report.files.reduce((n, f) => n + f.lines, 0));
  const productLines = Math.max(1, product.reduce((n, f) => n + f.lines, 0));
  const byKind = new Map<string, number>();
  for (const r of report.routes.items) byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + 1);
  const biggest = [...report.components.items].sort((a, b) => b.files - a.files).slice(0, 6);
  return (
    <Section title="Composition">
      <ul class="dt-facts">
        <li>
          <strong>{report.files.length}</strong> files, <strong>{totalLines}</strong> lines
        </li>
        <li>
          <a href={viewHref("coupling")}>
            <strong>{report.components.items.length}</strong> components
          </a>{" "}
          ({report.components.source})
        </li>
        <li>
          <a href={viewHref("routes")}>
            <strong>{report.routes.items.length}</strong> entry points
          </a>
          {byKind.size ? ` (${[...byKind].map(([k, n]) => `${n} ${k}`).join(", ")})` : ""}
        </li>
        <li>
          <a href={viewHref("integrations")}>
            <strong>{report.integrations.items.length}</strong> integrations
          </a>, {plural(report.configuration.variables.length, "environment variable")}
        </li>
        <li>
          {report.history.available
            ? (
              <a href={viewHref("team")}>
                <strong>{report.history.commits}</strong> commits in the last 12 months
              </a>
            )
            : <span class="muted">{historyAbsent(report.history)}</span>}
        </li>
      </ul>
      <p class="muted small">Languages of the product's code: tests, fixtures, examples, tooling and vendored code are not counted.</p>
      <div class="scroll-x">
        <table class="table dt-languages">
          <thead>
            <tr>
              <th>Language</th>
              <th class="num">Files</th>
              <th class="num">Lines</th>
              <th>Share</th>
            </tr>
          </thead>
          <tbody>
            {[...languages].sort((a, b) => b[1].lines - a[1].lines || a[0].localeCompare(b[0])).slice(0, 8).map(([name, l]) => (
              <tr>
                <td>{name}</td>
                <td class="num">{l.files}</td>
                <td class="num">{l.lines}</td>
                <td>
                  <Meter share={l.lines / productLines} label={percent(l.lines / productLines)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {biggest.length
        ? (
          <p class="dt-chips">
            Largest components: {biggest.map((c) => (
              <a class="chip" href={viewHref("map", { component: c.name })}>
                {c.name} <span class="muted">{c.files}</span>
              </a>
            ))}
          </p>
        )
        : null}
    </Section>
  );
}

function Attention({ report }: { report: Report }) {
  const top = report.findings.slice(0, 5);
  const counts = { high: 0, medium: 0, low: 0 };
  for (const f of report.findings) counts[f.severity]++;
  return (
    <Section title="What needs attention first" count={report.findings.length}>
      {top.length === 0 ? <Empty>No findings.</Empty> : (
        <ol class="dt-list">
          {top.map((f) => (
            <li>
              <SeverityBadge severity={f.severity} /> <strong>{f.title}</strong>{" "}
              {f.evidence[0] ? <FileLink file={f.evidence[0].file} line={f.evidence[0].line} /> : null}
              <div class="muted">{f.action}</div>
            </li>
          ))}
        </ol>
      )}
      <p>
        <a href={viewHref("findings")}>All findings</a>: {counts.high} high, {counts.medium} medium, {counts.low} low ·
        {" "}
        <a href={viewHref("hotspots")}>Hotspots</a> · <a href={viewHref("debt")}>Debt</a>
      </p>
    </Section>
  );
}

/** What the analysis could not see: skipped files and warnings (the file cap's first, naming what it left out). */
export function ScanNotes({ report }: { report: Report }) {
  const notes: string[] = [];
  if (report.skipped.length) {
    notes.push(
      `${plural(report.skipped.length, "file")} skipped (${
        report.skipped.slice(0, 3).map((s) => `${s.file}: ${s.reason}`).join("; ")
      }${report.skipped.length > 3 ? "; …" : ""}).`,
    );
  }
  if (report.warnings.length) {
    notes.push(
      `${plural(report.warnings.length, "warning")}: ${
        report.warnings.slice(0, 2).map((w) => (w.file ? `${w.file}: ${w.message}` : w.message)).join("; ")
      }${report.warnings.length > 2 ? "; …" : ""}`,
    );
  }
  if (!notes.length) return <></>;
  return <div class="card dt-notes">{notes.map((n) => <p class="muted">{n}</p>)}</div>;
}

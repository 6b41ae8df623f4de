/** @jsxImportSource hono/jsx */
/**
 * Hotspots: where change, complexity and dependents meet (the files worth refactoring first),
 * and files that change together, flagged when neither imports the other (hidden coupling).
 */
import type { ChangeCoupling, Hotspot, Report } from "../../analysis/mod.ts";
import { FileLink } from "../parts.tsx";
import { Empty, historyAbsent, Meter, type Paged, Pager, percent, plural, Section, ViewHeader, viewHref } from "./parts.tsx";

export type HotspotsViewProps = { report: Report; hotspots: Paged<Hotspot>; coupling: Paged<ChangeCoupling> };

export function HotspotsView(props: HotspotsViewProps) {
  const { report, hotspots, coupling } = props;
  const { history } = report;
  const params = {
    page: hotspots.page === 1 ? undefined : hotspots.page,
    cpage: coupling.page === 1 ? undefined : coupling.page,
  };
  return (
    <div class="dt dt-hotspots">
      <ViewHeader
        title="Hotspots"
        question="Where do change, complexity and dependents meet, and which files change together?"
      />
      {!history.available
        ? (
          <Empty>
            {historyAbsent(history)}. Hotspots need the last 12 months of git
            history.
          </Empty>
        )
        : (
          <>
            <p class="muted dt-note">
              From {plural(history.commits, "commit")} since {history.since.slice(0, 10)}
              {history.shallow ? " (a shallow clone: older history is missing)" : ""}.
            </p>
            <Section title="Hotspots" count={hotspots.total}>
              {hotspots.total === 0
                ? <Empty>No file changed often enough to be a hotspot.</Empty>
                : (
                  <div class="scroll-x">
                    <table class="table">
                      <thead>
                        <tr>
                          <th>File</th>
                          <th class="num">Commits</th>
                          <th class="num">Complexity</th>
                          <th class="num">Dependents</th>
                          <th class="num">Lines</th>
                          <th>Score</th>
                          <th></th>
                        </tr>
                      </thead>
                      <tbody>
                        {hotspots.rows.map((h) => (
                          <tr>
                            <td>
                              <FileLink file={h.file} />
                            </td>
                            <td class="num">{h.commits}</td>
                            <td class="num">{h.complexity}</td>
                            <td class="num">{h.dependents}</td>
                            <td class="num">{h.lines}</td>
                            <td>
                              <Meter share={h.score / 100} label={String(Math.round(h.score))} />
                            </td>
                            <td>
                              <a href={viewHref("impact", { file: h.file })}>impact</a>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              <Pager view="hotspots" params={params} paged={hotspots} />
              <p class="muted small">
                Score: the product of the file's percentile ranks in churn, complexity and dependents, 0 to 100.
              </p>
            </Section>
            <Section title="Files that change together" count={coupling.total}>
              <p class="muted small">
                Pairs of files with at least {history.thresholds.minCommits}{" "}
                commits each that changed together in at least {history.thresholds.minSharedCommits}{" "}
                of them; commits touching more than {history.thresholds.maxFilesPerCommit} files are left out.
              </p>
              {coupling.total === 0
                ? <Empty>No pair of files changes together that often.</Empty>
                : (
                  <div class="scroll-x">
                    <table class="table">
                      <thead>
                        <tr>
                          <th>File</th>
                          <th>Changes with</th>
                          <th class="num">Shared commits</th>
                          <th class="num">Degree</th>
                          <th>Imports?</th>
                        </tr>
                      </thead>
                      <tbody>
                        {coupling.rows.map((p) => (
                          <tr>
                            <td>
                              <FileLink file={p.a} />
                            </td>
                            <td>
                              <FileLink file={p.b} />
                            </td>
                            <td class="num">{p.shared}</td>
                            <td class="num">{percent(p.degree)}</td>
                            <td>
                              {p.imports
                                ? <span class="muted">yes</span>
                                : (
                                  <span class="badge warn" title="They change together but neither imports the other">
                                    hidden coupling
                                  </span>
                                )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              <Pager view="hotspots" params={params} paged={coupling} name="cpage" />
            </Section>
          </>
        )}
    </div>
  );
}

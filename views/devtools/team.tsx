/** @jsxImportSource hono/jsx */
/**
 * Team: who knows each part, where the bus factor is one, how active the repository is. The
 * only view that names people; the names come from local git history and stay on this machine.
 */
import type { Ownership, Report } from "../../analysis/mod.ts";
import { ActivityChart } from "./charts.tsx";
import { Empty, historyAbsent, type Paged, Pager, percent, plural, Section, ViewHeader, viewHref } from "./parts.tsx";

export type TeamViewProps = { report: Report; ownership: Paged<Ownership> };

export function TeamView(props: TeamViewProps) {
  const { report, ownership } = props;
  const { history } = report;
  const single = history.ownership.filter((o) => o.busFactor === 1 && o.commits >= history.thresholds.minCommits);
  return (
    <div class="dt dt-team">
      <ViewHeader
        title="Team"
        question="Who knows each part, where is the bus factor one, and how active is the repository?"
      />
      {!history.available
        ? (
          <Empty>
            {historyAbsent(history)}. Ownership and activity come from the last 12
            months of git history.
          </Empty>
        )
        : (
          <>
            <Section title="Activity">
              <p>
                <strong>{history.commits}</strong> commits by{" "}
                <strong>{plural(history.authors, "person", "people")}</strong> since {history.since.slice(0, 10)};{" "}
                <strong>{history.activity.activeAuthors90d}</strong> active in the last 90 days.
                {history.shallow ? <span class="muted">A shallow clone: older history is missing.</span> : null}
              </p>
              {history.activity.weeks.length
                ? (
                  <div class="scroll-x">
                    <ActivityChart weeks={history.activity.weeks} />
                  </div>
                )
                : <Empty>No commits in the window.</Empty>}
            </Section>
            <Section title="Bus factor of one" count={single.length}>
              {history.authors === 1 && single.length
                ? (
                  <p>
                    One person made every commit in the window, so every component with history has a bus factor of one.
                  </p>
                )
                : single.length === 0
                ? (
                  <Empty>
                    Every component with at least {history.thresholds.minCommits}{" "}
                    commits has more than one person behind half of its changes.
                  </Empty>
                )
                : (
                  <ul class="dt-list">
                    {single.map((o) => (
                      <li>
                        <a href={viewHref("map", { component: o.component })}>{o.component}</a>: {o.mainAuthor} made
                        {" "}
                        {percent(o.mainAuthorShare)} of {plural(o.commits, "commit")}
                        {o.knowledgeRisk
                          ? (
                            <>
                              <span class="badge high">knowledge risk</span>
                            </>
                          )
                          : null}
                      </li>
                    ))}
                  </ul>
                )}
            </Section>
            <Section title="Ownership by component" count={ownership.total}>
              {ownership.total === 0 ? <Empty>No component was changed in the window.</Empty> : (
                <div class="scroll-x">
                  <table class="table">
                    <thead>
                      <tr>
                        <th>Component</th>
                        <th class="num">Commits</th>
                        <th class="num">People</th>
                        <th>Main author</th>
                        <th class="num">Bus factor</th>
                        <th>Others</th>
                      </tr>
                    </thead>
                    <tbody>
                      {ownership.rows.map((o) => (
                        <tr>
                          <td>
                            <a href={viewHref("map", { component: o.component })}>{o.component}</a>
                          </td>
                          <td class="num">{o.commits}</td>
                          <td class="num">{o.authors.length}</td>
                          <td>
                            {o.mainAuthor} <span class="muted">{percent(o.mainAuthorShare)}</span>
                            {o.knowledgeRisk
                              ? (
                                <>
                                  <span class="badge high">risk</span>
                                </>
                              )
                              : null}
                          </td>
                          <td class="num">{o.busFactor === 1 ? <span class="badge warn">1</span> : o.busFactor}</td>
                          <td class="muted">
                            {o.authors.slice(1, 4).map((a) => `${a.name} ${percent(a.share)}`).join(", ")}
                            {o.authors.length > 4 ? ", …" : ""}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <Pager view="team" params={{}} paged={ownership} />
            </Section>
          </>
        )}
    </div>
  );
}

/** @jsxImportSource hono/jsx */
/**
 * Coupling: which components are stable, abstract or in the zone of pain, and who depends on
 * whom: the metrics table (sortable), the main-sequence chart, imports against the Stable
 * Dependencies Principle and the dependency structure matrix.
 */
import type { Component, Report } from "../../analysis/mod.ts";
import { FileLink } from "../parts.tsx";
import { MainSequenceChart } from "./charts.tsx";
import { BriefButton, Empty, ratio, type Paged, Pager, plural, type Scope, ScopeSwitch, Section, ViewHeader, viewHref } from "./parts.tsx";

export const COUPLING_SORTS = ["name", "files", "ca", "ce", "instability", "abstractness", "distance"] as const;
export type CouplingSort = (typeof COUPLING_SORTS)[number];
/** The matrix draws at most this many components, the most coupled. */
export const MATRIX_MAX = 30;

export type CouplingViewProps = { report: Report; sort: CouplingSort; dir: "asc" | "desc"; paged: Paged<Component>; include?: Scope };

/** Components in the order the table shows them. */
export function sortComponents(components: readonly Component[], sort: CouplingSort, dir: "asc" | "desc"): Component[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...components].sort((a, b) =>
    sign * (sort === "name" ? a.name.localeCompare(b.name) : a[sort] - b[sort]) || a.name.localeCompare(b.name)
  );
}

export function CouplingView(props: CouplingViewProps) {
  const { report, sort, dir, paged, include } = props;
  const { items, sdpViolations, matrix } = report.components;
  const params = { sort: sort === "name" ? undefined : sort, dir: dir === "asc" ? undefined : dir, include };
  const header = (key: CouplingSort, label: string, title: string) => {
    const active = key === sort;
    const next = active && dir === "asc" ? "desc" : active ? "asc" : key === "name" ? "asc" : "desc";
    return (
      <th
        class={key === "name" ? undefined : "num"}
        aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
      >
        <a
          href={viewHref("coupling", {
            sort: key === "name" ? undefined : key,
            dir: next === "asc" ? undefined : next,
            include,
          })}
          title={title}
        >
          {label}
          {active ? (dir === "asc" ? " ▲" : " ▼") : ""}
        </a>
      </th>
    );
  };
  return (
    <div class="dt dt-coupling">
      <ViewHeader
        title="Coupling"
        question="Which components are stable, abstract or in the zone of pain, and who depends on whom?"
      >
        <ScopeSwitch view="coupling" params={params} include={include} />
      </ViewHeader>
      {items.length === 0 ? <Empty>No components were found.</Empty> : (
        <>
          <Section title="Components" count={items.length}>
            <div class="scroll-x">
              <table class="table dt-sortable">
                <thead>
                  <tr>
                    {header("name", "Component", "Sort by name")}
                    {header("files", "Files", "Files in the component")}
                    {header("ca", "Ca", "Afferent coupling: components that depend on it")}
                    {header("ce", "Ce", "Efferent coupling: components it depends on")}
                    {header("instability", "I", "Instability Ce / (Ca + Ce): 0 stable, 1 unstable")}
                    {header("abstractness", "A", "Abstractness: abstract types over types and functions")}
                    {header("distance", "D", "Distance from the main sequence |A + I − 1|")}
                    <th>Zone</th>
                    <th>
                      <span class="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {paged.rows.map((c) => (
                    <tr>
                      <td>
                        <a href={viewHref("map", { component: c.name })}>{c.name}</a>
                      </td>
                      <td class="num">{c.files}</td>
                      <td class="num">{c.ca}</td>
                      <td class="num">{c.ce}</td>
                      <td class="num">{ratio(c.instability)}</td>
                      <td class="num">{ratio(c.abstractness)}</td>
                      <td class="num">{ratio(c.distance)}</td>
                      <td>
                        {c.zone === "main-sequence"
                          ? <span class="muted" title="near the main sequence">—</span>
                          : c.zone === "isolated"
                          ? <span class="muted" title="no import in or out">isolated</span>
                          : (
                            <span class={`badge ${c.zone === "pain" ? "high" : "medium"}`}>
                              {c.zone === "pain" ? "pain" : "uselessness"}
                            </span>
                          )}
                      </td>
                      <td>
                        <BriefButton target={c.name} small />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager view="coupling" params={params} paged={paged} />
          </Section>
          <div class="grid">
            <Section title="Main sequence">
              <MainSequenceChart components={items} link={(name) => viewHref("map", { component: name })} />
              <p class="muted small">
                <span class="dt-swatch pain"></span> zone of pain: concrete components many depend on, hard to change.
                {" "}
                <span class="dt-swatch useless"></span>{" "}
                zone of uselessness: abstractions nobody uses. Near the dashed main sequence is balanced.
              </p>
            </Section>
            <Section title="Stable Dependencies Principle" count={sdpViolations.length}>
              {sdpViolations.length === 0
                ? (
                  <Empty>
                    Every import points to a component at least as stable (within {report.components.sdpMargin}).
                  </Empty>
                )
                : (
                  <div class="scroll-x">
                    <table class="table">
                      <thead>
                        <tr>
                          <th>From (I)</th>
                          <th>To (I)</th>
                          <th class="num">Imports</th>
                          <th>Example</th>
                        </tr>
                      </thead>
                      <tbody>
                        {sdpViolations.slice(0, 100).map((v) => (
                          <tr>
                            <td>
                              {v.from} <span class="muted">{ratio(v.fromInstability)}</span>
                            </td>
                            <td>
                              {v.to} <span class="muted">{ratio(v.toInstability)}</span>
                            </td>
                            <td class="num">{v.imports}</td>
                            <td>
                              <FileLink file={v.example.file} line={v.example.line} />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
            </Section>
          </div>
          <Matrix matrix={matrix} items={items} />
        </>
      )}
    </div>
  );
}

/** The dependency structure matrix, capped to the most coupled components (and saying so). */
function Matrix({ matrix, items }: { matrix: Report["components"]["matrix"]; items: Component[] }) {
  const coupling = new Map(items.map((c) => [c.name, c.ca + c.ce]));
  const chosen = matrix.components.map((name, i) => ({ name, i }))
    .filter(({ name }) => matrix.components.length <= MATRIX_MAX || (coupling.get(name) ?? 0) > 0)
    .sort((a, b) => (coupling.get(b.name) ?? 0) - (coupling.get(a.name) ?? 0) || a.name.localeCompare(b.name))
    .slice(0, MATRIX_MAX)
    .sort((a, b) => a.name.localeCompare(b.name));
  const mutual = new Set(matrix.mutual.flatMap(([a, b]) => [`${a}\0${b}`, `${b}\0${a}`]));
  return (
    <Section title="Dependency structure matrix" count={matrix.mutual.length ? matrix.mutual.length : undefined}>
      <p class="muted small">
        Each cell counts imports from the row component into the column component; red cells depend on each other both
        ways
        {matrix.mutual.length ? ` (${plural(matrix.mutual.length, "mutual pair")})` : ""}.
        {chosen.length < matrix.components.length
          ? ` Showing the ${chosen.length} most coupled of ${matrix.components.length} components.`
          : ""}
      </p>
      <div class="scroll-x">
        <table class="dt-dsm">
          <thead>
            <tr>
              <th></th>
              {chosen.map((c, k) => <th scope="col" title={c.name}>{k + 1}</th>)}
            </tr>
          </thead>
          <tbody>
            {chosen.map((row, r) => (
              <tr>
                <th scope="row">
                  <span class="muted">{r + 1}</span> {row.name}
                </th>
                {chosen.map((col, k) => {
                  const count = matrix.counts[row.i]?.[col.i] ?? 0;
                  const cls = r === k
                    ? "self"
                    : mutual.has(`${row.name}\0${col.name}`) && count
                    ? "mutual"
                    : count
                    ? "dep"
                    : undefined;
                  return (
                    <td class={cls} title={count ? `${row.name} → ${col.name}: ${count} imports` : undefined}>
                      {r === k || !count ? "" : count}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

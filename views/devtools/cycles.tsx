/** @jsxImportSource hono/jsx */
/**
 * Cycles: files that import each other (at run time, or only through types) with one concrete
 * loop each, every step linked to the import line; and components that depend on each other.
 */
import type { Cycle, Report } from "../../analysis/mod.ts";
import { componentCycles } from "../../analysis/reporters/map-order.ts";
import { FileLink } from "../parts.tsx";
import { Empty, type Paged, Pager, plural, type Scope, ScopeSwitch, Section, Tabs, ViewHeader, viewHref } from "./parts.tsx";

export type CyclesViewProps = { report: Report; kind: "runtime" | "type"; paged: Paged<Cycle>; include?: Scope };

export function CyclesView(props: CyclesViewProps) {
  const { report, kind, paged, include } = props;
  const lineOf = new Map<string, number>();
  for (const e of report.edges) if (!lineOf.has(`${e.from}\0${e.to}`)) lineOf.set(`${e.from}\0${e.to}`, e.line);
  const count = (k: string) => report.cycles.filter((c) => c.kind === k).length;
  const groups = componentCycles(report.components.items);
  const params = { kind: kind === "runtime" ? undefined : kind, include };
  return (
    <div class="dt dt-cycles">
      <ViewHeader title="Cycles" question="Which files and components import each other, and through which loop?">
        <Tabs
          label="Kind of cycle"
          items={[
            { label: `Runtime (${count("runtime")})`, href: viewHref("cycles", { include }), active: kind === "runtime" },
            {
              label: `Type-only (${count("type")})`,
              href: viewHref("cycles", { kind: "type", include }),
              active: kind === "type",
            },
          ]}
        />
        <ScopeSwitch view="cycles" params={params} include={include} />
      </ViewHeader>
      <Section title={kind === "runtime" ? "File cycles" : "Cycles through type imports only"} count={paged.total}>
        {kind === "type"
          ? (
            <p class="muted small">
              These cost no health points: they vanish at run time, but still tie the design together.
            </p>
          )
          : null}
        {paged.total === 0
          ? <Empty>No {kind === "runtime" ? "runtime" : "type-only"} import cycles.</Empty>
          : (
            <ol class="dt-list">
              {paged.rows.map((cycle) => (
                <li class="dt-cycle">
                  <strong>{plural(cycle.files.length, "file")}</strong>
                  <ol class="dt-loop">
                    {cycle.loop.slice(0, -1).map((file, i) => {
                      const next = cycle.loop[i + 1]!;
                      return (
                        <li>
                          <FileLink file={file} line={lineOf.get(`${file}\0${next}`)} />{" "}
                          <span class="muted">imports</span> {next.split("/").pop()}
                        </li>
                      );
                    })}
                  </ol>
                  {cycle.files.length > cycle.loop.length - 1 ? <AlsoInGroup files={cycle.files.filter((f) => !cycle.loop.includes(f))} /> : null}
                </li>
              ))}
            </ol>
          )}
        <Pager view="cycles" params={params} paged={paged} />
      </Section>
      <Section title="Component cycles" count={groups.length}>
        {groups.length === 0 ? <Empty>No components depend on each other in a loop.</Empty> : (
          <ul class="dt-list">
            {groups.map((g) => (
              <li>
                {g.map((name, i) => (
                  <>
                    {i ? " ⇄ " : ""}
                    <a href={viewHref("map", { component: name })}>{name}</a>
                  </>
                ))}
              </li>
            ))}
          </ul>
        )}
        {report.components.matrix.mutual.length
          ? (
            <>
              <h3>Pairs importing each other</h3>
              <ul>
                {report.components.matrix.mutual.map(([a, b]) => (
                  <li>
                    <a href={viewHref("map", { component: a })}>{a}</a> ⇄{" "}
                    <a href={viewHref("map", { component: b })}>{b}</a>
                  </li>
                ))}
              </ul>
            </>
          )
          : null}
      </Section>
    </div>
  );
}

/** Files of a cycle off its loop: the first few as links, the rest behind a click (a group can hold hundreds). */
const SHOWN = 12;

function AlsoInGroup({ files }: { files: string[] }) {
  return (
    <p class="dt-chips small">
      <span class="muted">Also in this group:</span> {files.slice(0, SHOWN).map((f) => <FileLink file={f} />)}
      {files.length > SHOWN
        ? (
          <details>
            <summary>and {files.length - SHOWN} more</summary>
            {files.slice(SHOWN).map((f) => <FileLink file={f} />)}
          </details>
        )
        : null}
    </p>
  );
}

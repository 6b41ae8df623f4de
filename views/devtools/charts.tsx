/** @jsxImportSource hono/jsx */
/**
 * The small server-rendered charts of the Devtools views: the main-sequence chart (abstractness
 * over instability, zones shaded) and the bar chart of commits per week.
 */
import type { Component, HistorySection } from "../../analysis/mod.ts";

const SIZE = 300;
const M = { left: 44, right: 16, top: 14, bottom: 40 };

/** Components on the abstractness/instability plane, the main sequence A + I = 1 drawn, both zones shaded. */
export function MainSequenceChart(props: { components: Component[]; link: (name: string) => string }) {
  const x = (i: number) => M.left + i * SIZE;
  const y = (a: number) => M.top + (1 - a) * SIZE;
  // One label per spot: components at the same point share it ("core, static"), and on a busy
  // chart only the components outside the main sequence are named.
  const labelAll = props.components.length <= 12;
  const labels = new Map<string, { x: number; y: number; names: string[] }>();
  for (const c of props.components) {
    if (!labelAll && (c.zone === "main-sequence" || c.zone === "isolated")) continue;
    const key = `${c.instability.toFixed(2)},${c.abstractness.toFixed(2)}`;
    const spot = labels.get(key) ?? labels.set(key, { x: x(c.instability), y: y(c.abstractness), names: [] }).get(key)!;
    spot.names.push(short(c.name));
  }
  return (
    <svg
      class="dt-chart"
      viewBox={`0 0 ${M.left + SIZE + M.right} ${M.top + SIZE + M.bottom}`}
      role="img"
      aria-label="Main-sequence chart: abstractness over instability for each component"
    >
      <rect class="plot" x={x(0)} y={y(1)} width={SIZE} height={SIZE} />
      <polygon class="zone pain" points={`${x(0)},${y(0)} ${x(0.5)},${y(0)} ${x(0)},${y(0.5)}`}>
        <title>Zone of pain: concrete and stable</title>
      </polygon>
      <polygon class="zone useless" points={`${x(1)},${y(1)} ${x(0.5)},${y(1)} ${x(1)},${y(0.5)}`}>
        <title>Zone of uselessness: abstract and unstable</title>
      </polygon>
      <line class="sequence" x1={x(0)} y1={y(1)} x2={x(1)} y2={y(0)} />
      {[0, 0.5, 1].map((t) => (
        <>
          <text class="tick" x={x(t)} y={y(0) + 16} text-anchor="middle">{t}</text>
          <text class="tick" x={x(0) - 6} y={y(t) + 4} text-anchor="end">{t}</text>
        </>
      ))}
      <text class="axis" x={x(0.5)} y={y(0) + 34} text-anchor="middle">instability (I)</text>
      <text class="axis" transform={`translate(12 ${y(0.5)}) rotate(-90)`} text-anchor="middle">abstractness (A)</text>
      {props.components.map((c) => (
        <a href={props.link(c.name)}>
          <circle
            class={`dot ${c.zone}`}
            cx={x(c.instability)}
            cy={y(c.abstractness)}
            r={4 + Math.min(6, Math.log2(1 + c.files))}
          >
            <title>{`${c.name}: I ${c.instability}, A ${c.abstractness}, D ${c.distance} (${c.zone})`}</title>
          </circle>
        </a>
      ))}
      {[...labels.values()].map((l) => (
        <text class="dot-label" x={l.x + 9} y={l.y - 7} text-anchor={l.x > x(0.7) ? "end" : undefined}>
          {l.names.length > 3 ? `${l.names.slice(0, 2).join(", ")} +${l.names.length - 2}` : l.names.join(", ")}
        </text>
      ))}
    </svg>
  );
}

/** Commits per week as bars, the busiest week labelled. */
export function ActivityChart(props: { weeks: HistorySection["activity"]["weeks"] }) {
  const { weeks } = props;
  const max = Math.max(1, ...weeks.map((w) => w.commits));
  const bar = 10;
  const gap = 3;
  const height = 110;
  const width = Math.max(1, weeks.length) * (bar + gap) + 40;
  const busiest = weeks.reduce(
    (best, w) => (w.commits > best.commits ? w : best),
    weeks[0] ?? { week: "", commits: 0 },
  );
  return (
    <svg
      class="dt-chart dt-activity"
      viewBox={`0 0 ${width} ${height + 30}`}
      width={width}
      height={height + 30}
      role="img"
      aria-label={`Commits per week over ${weeks.length} weeks; the busiest had ${busiest.commits}`}
    >
      <line class="baseline" x1="30" y1={height} x2={width} y2={height} />
      <text class="tick" x="26" y="12" text-anchor="end">{max}</text>
      <text class="tick" x="26" y={height} text-anchor="end">0</text>
      {weeks.map((w, i) => {
        const h = Math.round((w.commits / max) * (height - 10));
        return (
          <rect
            class="dt-bar"
            x={34 + i * (bar + gap)}
            y={height - h}
            width={bar}
            height={Math.max(h, w.commits ? 1 : 0)}
          >
            <title>{`Week of ${w.week}: ${w.commits} commit${w.commits === 1 ? "" : "s"}`}</title>
          </rect>
        );
      })}
      {weeks.length
        ? (
          <>
            <text class="tick" x="34" y={height + 16}>{weeks[0]!.week}</text>
            <text class="tick" x={width} y={height + 16} text-anchor="end">{weeks.at(-1)!.week}</text>
          </>
        )
        : null}
    </svg>
  );
}

const short = (name: string) => (name.length > 22 ? `…${name.slice(-21)}` : name);

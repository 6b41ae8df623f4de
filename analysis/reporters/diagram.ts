import type { Report } from "../schema.ts";

/** Edges that lie inside a runtime cycle, by "from\0to". */
function cyclicEdges(report: Pick<Report, "cycles">): Set<string> {
  const keys = new Set<string>();
  for (const cycle of report.cycles) {
    if (cycle.kind !== "runtime") continue;
    for (let i = 0; i + 1 < cycle.loop.length; i++) keys.add(`${cycle.loop[i]}\0${cycle.loop[i + 1]}`);
  }
  return keys;
}

/** Unique (from, to) pairs; a type edge only where no runtime edge joins the same pair. */
function pairs(report: Pick<Report, "edges">): { from: string; to: string; type: boolean }[] {
  const byPair = new Map<string, { from: string; to: string; type: boolean }>();
  for (const edge of report.edges) {
    const key = `${edge.from}\0${edge.to}`;
    const known = byPair.get(key);
    if (known) known.type &&= edge.kind === "type";
    else byPair.set(key, { from: edge.from, to: edge.to, type: edge.kind === "type" });
  }
  return [...byPair.values()];
}

/** Graphviz DOT: one node per file, type-only imports dashed, edges of a cycle's loop red. */
export function toDot(report: Pick<Report, "files" | "edges" | "cycles">): string {
  const quote = (text: string) => `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  const cyclic = cyclicEdges(report);
  const lines = ["digraph imports {", "  rankdir=LR;", '  node [shape=box, fontname="Helvetica", fontsize=10];'];
  for (const file of report.files) lines.push(`  ${quote(file.path)};`);
  for (const { from, to, type } of pairs(report)) {
    const style = [type ? "style=dashed" : "", cyclic.has(`${from}\0${to}`) ? "color=red" : ""].filter(Boolean);
    lines.push(`  ${quote(from)} -> ${quote(to)}${style.length ? ` [${style.join(", ")}]` : ""};`);
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}

/** Mermaid flowchart: the same picture as the DOT output. */
export function toMermaid(report: Pick<Report, "files" | "edges" | "cycles">): string {
  const ids = new Map(report.files.map((file, i) => [file.path, `n${i}`]));
  const label = (text: string) => `"${text.replaceAll('"', "#quot;")}"`;
  const cyclic = cyclicEdges(report);
  const lines = ["flowchart LR"];
  for (const file of report.files) lines.push(`  ${ids.get(file.path)}[${label(file.path)}]`);
  const red: number[] = [];
  pairs(report).forEach(({ from, to, type }, index) => {
    lines.push(`  ${ids.get(from)} ${type ? "-.->" : "-->"} ${ids.get(to)}`);
    if (cyclic.has(`${from}\0${to}`)) red.push(index);
  });
  if (red.length) lines.push(`  linkStyle ${red.join(",")} stroke:#d33,stroke-width:2px`);
  return lines.join("\n") + "\n";
}

/**
 * The architecture map as standalone SVG text: the console inlines it and the download serves
 * the same bytes. Styles live inside the SVG (scoped under `.tool-map`, with a dark variant), so
 * the file looks the same opened on its own.
 */
import { type MapEdge, type MapInput, type MapLayout, mapLayout, type MapNode, type MapOptions } from "./map-layout.ts";

export const MAP_COLOURS = ["instability", "distance", "language", "churn", "complexity"] as const;
export type MapColour = (typeof MAP_COLOURS)[number];

export type MapSvgOptions = MapOptions & {
  colour?: MapColour;
  /** Where a click on a component leads (the console focuses it); no links in a file on disk. */
  link?: (component: string) => string;
  title?: string;
};

const EDGE_COLOURS = { import: "#8a8f98", cyclic: "#d62828", request: "#e8590c", integration: "#7c3aed" } as const;
const LANGUAGE_PALETTE = [
  "#7aa6e0",
  "#f2b880",
  "#9bd1a5",
  "#e59bb7",
  "#c3a6e8",
  "#f4dc7a",
  "#8fd3d8",
  "#d6b08c",
  "#b5c97a",
  "#e8a19b",
];
const LEGEND_HEIGHT = 64;

/**
 * The map of `report` as SVG text.
 *
 * @example
 * const svg = mapSvg(report, { colour: "churn" });
 * await Bun.write("map.svg", svg);
 */
export function mapSvg(report: MapInput, options: MapSvgOptions = {}): string {
  return renderMap(mapLayout(report, options), options);
}

/** The drawn width: the layout, but never narrower than the legend needs. */
export const mapWidth = (layout: MapLayout) => Math.max(layout.width, 960);

/** Draws an already computed layout (the console shows its notes beside the picture). */
export function renderMap(layout: MapLayout, options: MapSvgOptions = {}): string {
  const colour = options.colour ?? "instability";
  const paint = painter(layout.nodes, colour);
  const width = mapWidth(layout);
  const height = layout.height + LEGEND_HEIGHT;
  const byId = new Map(layout.nodes.map((n) => [n.id, n]));
  const columns = new Map<number, MapNode[]>();
  for (const n of layout.nodes) (columns.get(n.column) ?? columns.set(n.column, []).get(n.column)!).push(n);
  for (const column of columns.values()) column.sort((p, q) => p.y - q.y);
  const title = options.title ?? (layout.focus ? `Architecture map: ${layout.focus}` : "Architecture map");
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="tool-map" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="tool-map-title" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="12">`,
    `<title id="tool-map-title">${esc(title)}</title>`,
    `<style>${STYLE}</style>`,
    "<defs>",
    ...Object.entries(EDGE_COLOURS).map(([name, fill]) =>
      `<marker id="tool-map-arrow-${name}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="${fill}"/></marker>`
    ),
    "</defs>",
    `<rect class="tool-map-bg" x="0" y="0" width="${width}" height="${height}"/>`,
    `<g class="tool-map-columns">`,
    ...layout.columns.map((c) => `<text class="tool-map-column" x="${c.x}" y="30">${esc(c.title)}</text>`),
    "</g>",
    `<g class="tool-map-edges" fill="none">`,
    ...layout.edges.map((e) => edgePath(e, byId, layout, columns)).filter(Boolean),
    "</g>",
    `<g class="tool-map-nodes">`,
    ...layout.nodes.map((n) => nodeBox(n, paint(n), layout, options.link)),
    "</g>",
    legend(layout.height, width, colour, paint.legend),
    "</svg>",
  ];
  return out.join("\n") + "\n";
}

/** The middle of the free space in a column (between two boxes, or above or below them) closest to `y`. */
function gapNear(column: readonly MapNode[], y: number, h: number): number {
  const gaps = [
    column[0]!.y - 9,
    ...column.slice(1).map((n, i) => (column[i]!.y + h + n.y) / 2),
    column.at(-1)!.y + h + 9,
  ];
  return gaps.reduce((best, g) => (Math.abs(g - y) < Math.abs(best - y) ? g : best));
}

function edgePath(
  edge: MapEdge,
  byId: Map<string, MapNode>,
  layout: MapLayout,
  columns: Map<number, MapNode[]>,
): string {
  const a = byId.get(edge.from);
  const b = byId.get(edge.to);
  if (!a || !b) return "";
  const { width: w, height: h } = layout.node;
  let d: string;
  if (a.column === b.column) {
    // Same column (a cycle shares a depth): an arc out to the right and back.
    const x = a.x + w;
    const y1 = a.y + h / 2;
    const y2 = b.y + h / 2;
    const bulge = 30 + Math.min(40, Math.abs(y2 - y1) / 6);
    d = `M${x},${y1} C${x + bulge},${y1} ${x + bulge},${y2} ${x + 2},${y2}`;
  } else {
    const forward = a.column < b.column;
    const start = { x: forward ? a.x + w : a.x, y: a.y + h / 2 };
    const end = { x: forward ? b.x - 2 : b.x + w + 2, y: b.y + h / 2 };
    // An edge that skips columns passes each through the gap between boxes nearest its course,
    // so it never seems to enter a component it does not reach.
    const points = [start];
    if (forward) {
      for (let c = a.column + 1; c < b.column; c++) {
        const column = columns.get(c) ?? [];
        if (!column.length) continue;
        const x = column[0]!.x;
        const t = (x + w / 2 - start.x) / (end.x - start.x);
        const y = gapNear(column, start.y + t * (end.y - start.y), h);
        points.push({ x: x - 12, y }, { x: x + w + 12, y });
      }
    }
    points.push(end);
    d = `M${points[0]!.x},${points[0]!.y}`;
    for (let i = 1; i < points.length; i++) {
      const p = points[i - 1]!;
      const q = points[i]!;
      const mid = (p.x + q.x) / 2;
      d += p.y === q.y ? ` L${q.x},${q.y}` : ` C${mid},${p.y} ${mid},${q.y} ${q.x},${q.y}`;
    }
  }
  const kind = edge.kind === "import" && edge.cyclic ? "cyclic" : edge.kind;
  const widthPx = Math.min(4, 1 + Math.log2(Math.max(1, edge.weight)) / 2).toFixed(2);
  const what = edge.kind === "request" ? "entry points" : edge.kind === "integration" ? "files" : "imports";
  const label = `${a.name} → ${b.name}: ${edge.weight} ${what}${edge.cyclic ? " (in a cycle)" : ""}`;
  return `<path class="tool-map-edge ${kind}" d="${d}" stroke="${EDGE_COLOURS[kind]}" stroke-width="${widthPx}"${
    DASH[kind]
  } marker-end="url(#tool-map-arrow-${kind})"><title>${esc(label)}</title></path>`;
}

const DASH: Record<keyof typeof EDGE_COLOURS, string> = {
  import: "",
  cyclic: "",
  request: ` stroke-dasharray="7 4"`,
  integration: ` stroke-dasharray="2 3"`,
};

function nodeBox(node: MapNode, fill: string, layout: MapLayout, link: MapSvgOptions["link"]): string {
  const { width: w, height: h } = layout.node;
  const focus = layout.focus !== undefined && node.id === `component:${layout.focus}`;
  const box = [
    `<g class="tool-map-node ${node.kind}${focus ? " focus" : ""}" data-id="${esc(node.id)}">`,
    `<title>${esc(node.detail)}</title>`,
    `<rect x="${node.x}" y="${node.y}" width="${w}" height="${h}" rx="${
      node.kind === "client" ? h / 2 : 6
    }" fill="${fill}"${node.kind === "cluster" ? ` stroke-dasharray="4 3"` : ""}/>`,
    `<text x="${node.x + 10}" y="${node.y + h / 2 + 4}">${esc(node.label)}</text>`,
    "</g>",
  ].join("");
  if (!link || node.kind !== "component") return box;
  return `<a href="${esc(link(node.name))}">${box}</a>`;
}

type Painter = ((node: MapNode) => string) & { legend: string };

/** Fill colours by the chosen metric, with the legend that explains them. */
function painter(nodes: MapNode[], colour: MapColour): Painter {
  const fixed = (node: MapNode) =>
    node.kind === "client" ? "#ffe8cc" : node.kind === "integration" ? "#e5dbff" : undefined;
  if (colour === "language") {
    const languages = [
      ...new Set(nodes.filter((n) => n.kind === "component" && n.metrics.language).map((n) => n.metrics.language)),
    ].sort();
    const of = new Map(languages.map((l, i) => [l, LANGUAGE_PALETTE[i % LANGUAGE_PALETTE.length]!]));
    const paint = ((node: MapNode) => fixed(node) ?? of.get(node.metrics.language) ?? "#e9ecef") as Painter;
    paint.legend = languages.slice(0, 10).map((l, i) => swatch(i * 110, of.get(l)!, l)).join("");
    return paint;
  }
  const value = (n: MapNode) => n.metrics[colour];
  const max = colour === "instability" || colour === "distance"
    ? 1
    : Math.max(1, ...nodes.filter((n) => n.kind !== "client" && n.kind !== "integration").map(value));
  const stops = colour === "instability" ? ["#74a9e8", "#f0f0f0", "#f4a261"] : ["#8fd19e", "#f6e27a", "#ef8a7a"];
  const paint = ((node: MapNode) => fixed(node) ?? scale(stops, value(node) / max)) as Painter;
  const low = colour === "instability" ? "0 stable" : colour === "distance" ? "0 on the main sequence" : "least";
  const high = colour === "instability" ? "1 unstable" : colour === "distance" ? "1 far from it" : `most (${max})`;
  paint.legend =
    [0, 0.25, 0.5, 0.75, 1].map((t, i) =>
      `<rect x="${i * 40}" y="0" width="40" height="12" fill="${scale(stops, t)}"/>`
    ).join("") +
    `<text x="0" y="26">${esc(low)}</text><text x="200" y="26" text-anchor="end">${esc(high)}</text>`;
  return paint;
}

function legend(top: number, width: number, colour: MapColour, scaleLegend: string): string {
  const edges = [
    ["import", "imports"],
    ["cyclic", "imports in a cycle"],
    ["request", "requests"],
    ["integration", "uses integration"],
  ] as const;
  const items = edges.map(([kind, text], i) =>
    `<g transform="translate(${i * 175},0)"><path d="M0,6H34" stroke="${EDGE_COLOURS[kind]}" stroke-width="2"${
      DASH[kind]
    }/><text x="40" y="10">${text}</text></g>`
  ).join("");
  const scaleX = Math.max(720, width - 240);
  return `<g class="tool-map-legend" transform="translate(20,${top + 12})">${items}` +
    `<text class="tool-map-column" x="${scaleX}" y="10">Colour: ${esc(colour)}</text>` +
    `<g transform="translate(${scaleX},18)">${scaleLegend}</g></g>`;
}

const swatch = (x: number, fill: string, text: string) =>
  `<rect x="${x}" y="0" width="12" height="12" fill="${fill}"/><text x="${x + 16}" y="10">${esc(text)}</text>`;

/** Linear interpolation across colour stops, t in 0..1. */
function scale(stops: string[], t: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0));
  const at = clamped * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(at));
  const f = at - i;
  const [a, b] = [rgb(stops[i]!), rgb(stops[i + 1]!)];
  const mix = a.map((v, k) => Math.round(v + (b[k]! - v) * f));
  return `#${mix.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** Text and attribute values escaped for XML. */
export const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = [
  ".tool-map .tool-map-bg{fill:#ffffff}",
  ".tool-map text{fill:#1f2328}",
  ".tool-map .tool-map-column{font-weight:600;fill:#57606a}",
  ".tool-map .tool-map-node rect{stroke:#6e7781;stroke-width:1}",
  ".tool-map .tool-map-node.focus rect{stroke:#1f2328;stroke-width:3}",
  ".tool-map .tool-map-node.cluster rect{stroke:#8c959f}",
  ".tool-map a:hover rect,.tool-map a:focus rect{stroke:#0969da;stroke-width:2.5}",
  ".tool-map .tool-map-edge{opacity:.8}",
  ".tool-map .tool-map-edge:hover{opacity:1;stroke-width:4}",
  "@media (prefers-color-scheme: dark){.tool-map .tool-map-bg{fill:#0d1117}.tool-map .tool-map-legend text,.tool-map .tool-map-column{fill:#c9d1d9}}",
].join("");

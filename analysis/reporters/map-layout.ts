/**
 * The architecture map as positions: who calls in (clients, one per entry-point kind), the
 * components they reach ordered by dependency depth, and the integrations at the end; rows
 * ordered by barycentre so that edges cross as little as a few sweeps can manage. A pure
 * function of the report: the console draws it, the download draws the same thing.
 */
import type { Component, Report } from "../schema.ts";
import { componentLayers, orderRows, sccIndex } from "./map-order.ts";

export type MapInput = Pick<Report, "files" | "routes" | "components" | "integrations" | "history">;

export type MapNodeKind = "client" | "component" | "cluster" | "integration";

export type MapNode = {
  id: string;
  kind: MapNodeKind;
  /** The full name: a component folder, an integration, a client kind, a cluster's top folder. */
  name: string;
  /** What the box says (the name, shortened from the left to fit). */
  label: string;
  /** One line of facts, shown as the node's tooltip. */
  detail: string;
  column: number;
  row: number;
  x: number;
  y: number;
  metrics: { instability: number; distance: number; language: string; churn: number; complexity: number };
  /** Components a cluster stands for. */
  members?: string[];
};

export type MapEdge = {
  from: string;
  to: string;
  kind: "request" | "import" | "integration";
  /** Imports, routes or files behind the edge. */
  weight: number;
  /** Both ends lie in one cycle of the component graph. */
  cyclic: boolean;
};

export type MapLayout = {
  nodes: MapNode[];
  edges: MapEdge[];
  columns: { title: string; x: number }[];
  width: number;
  height: number;
  node: { width: number; height: number };
  /** What the map leaves out or merges, in sentences; empty when it draws everything. */
  notes: string[];
  focus?: string;
};

export type MapOptions = {
  /** Draw only this component, its neighbours, the clients calling it and what it reaches. */
  component?: string;
  /** Draw at most this many components (default 30); the rest are clustered by top folder. */
  maxComponents?: number;
  /** Draw at most this many integrations (default 24); the rest become one node. */
  maxIntegrations?: number;
};

export const NODE_WIDTH = 190;
export const NODE_HEIGHT = 34;
const GAP_X = 90;
const GAP_Y = 14;
const PAD = 20;
const HEADER = 28;

const MAX_CLUSTERS = 12;

const CLIENT_LABELS: Record<string, string> = {
  http: "HTTP clients",
  fs: "Browsers (pages)",
  client: "Browser router",
  ws: "WebSocket clients",
  grpc: "gRPC clients",
  graphql: "GraphQL clients",
  consumer: "Message producers",
  job: "Scheduler",
};
const CLIENT_ORDER = Object.keys(CLIENT_LABELS);

/**
 * Lays out the map. Unknown `component` is a RangeError (the console answers 400).
 *
 * @example
 * const layout = mapLayout(report, { component: "src/db" });
 * layout.nodes.filter((n) => n.kind === "component").map((n) => n.name); // src/db and its neighbours
 */
export function mapLayout(report: MapInput, options: MapOptions = {}): MapLayout {
  const components = report.components.items;
  const byName = new Map(components.map((c) => [c.name, c]));
  if (options.component !== undefined && !byName.has(options.component)) {
    throw new RangeError(`Unknown component "${options.component}": pick one of the map's components`);
  }
  const componentOf = new Map(report.files.map((f) => [f.path, f.component]));
  const metrics = componentMetricsFor(report);
  const realScc = sccIndex(components);
  const notes: string[] = [];

  // Which components are drawn, and which are merged into a cluster: the whole repository, or
  // around a focus its neighbours; either way at most `max`, the most connected first.
  const max = Math.max(2, options.maxComponents ?? 30);
  const focus = options.component === undefined ? undefined : byName.get(options.component)!;
  const candidates = focus
    ? components.filter((c) =>
      c === focus || c.dependedOnBy.includes(focus.name) || focus.dependedOnBy.includes(c.name)
    )
    : components;
  const touched = new Set<string>();
  for (const r of report.routes.items) touched.add(componentOf.get(r.file) ?? "");
  for (const i of report.integrations.items) for (const f of i.files) touched.add(componentOf.get(f) ?? "");
  const weight = (c: Component) => (c === focus ? Infinity : c.ca + c.ce + (touched.has(c.name) ? 1 : 0));
  const { shown, clusterOf } = chooseComponents(candidates, max, weight);
  const clusterCount = new Set(clusterOf.values()).size;
  const into = `by top folder into ${clusterCount} cluster${clusterCount === 1 ? "" : "s"} (dashed)`;
  if (focus) {
    const more = clusterOf.size ? ` ${clusterOf.size} more are merged ${into}.` : "";
    notes.push(
      `Focused on ${focus.name}: ${
        shown.length - 1 + clusterOf.size
      } neighbouring components of ${components.length}.${more}`,
    );
  } else if (clusterOf.size) {
    notes.push(
      `Showing ${shown.length} of ${components.length} components, the most connected; the other ${clusterOf.size} are merged ${into}. Pick a component to see its neighbourhood.`,
    );
  }
  const shownNames = new Set(shown.map((c) => c.name));
  const nodeOfComponent = (name: string): string | undefined => {
    if (shownNames.has(name)) return `component:${name}`;
    const cluster = clusterOf.get(name);
    return cluster === undefined ? undefined : `cluster:${cluster}`;
  };

  const nodes = new Map<string, MapNode>();
  const add = (node: Omit<MapNode, "column" | "row" | "x" | "y" | "label">) =>
    nodes.set(node.id, {
      ...node,
      label: node.name === "." ? "(root files)" : shorten(node.name),
      column: 0,
      row: 0,
      x: 0,
      y: 0,
    });
  const neutral = { instability: 0, distance: 0, language: "", churn: 0, complexity: 0 };
  for (const c of shown) {
    add({
      id: `component:${c.name}`,
      kind: "component",
      name: c.name,
      detail: `${c.name}: ${c.files} files, Ca ${c.ca}, Ce ${c.ce}, I ${c.instability}, D ${c.distance}`,
      metrics: metrics.get(c.name) ?? neutral,
    });
  }
  const clusterMembers = new Map<string, string[]>();
  for (const [name, cluster] of clusterOf) {
    (clusterMembers.get(cluster) ?? clusterMembers.set(cluster, []).get(cluster)!).push(name);
  }
  for (const [cluster, members] of clusterMembers) {
    add({
      id: `cluster:${cluster}`,
      kind: "cluster",
      name: cluster === "…" ? `${members.length} other components` : `${cluster}/… (${members.length})`,
      detail: `${members.length} components${cluster === "…" ? "" : ` under ${cluster}`}: ${
        members.slice(0, 8).join(", ")
      }${members.length > 8 ? ", …" : ""}`,
      metrics: averageMetrics(members.map((m) => metrics.get(m) ?? neutral)),
      members: members.sort(),
    });
  }

  // Edges between drawn components (merged through clusters), weighted by imports.
  const edges = new Map<string, MapEdge>();
  const addEdge = (from: string, to: string, kind: MapEdge["kind"], weight: number, cyclic: boolean) => {
    if (from === to) return;
    const key = `${from}\0${to}`;
    const known = edges.get(key);
    if (known) (known.weight += weight, known.cyclic ||= cyclic);
    else edges.set(key, { from, to, kind, weight, cyclic });
  };
  for (const c of components) {
    const from = nodeOfComponent(c.name);
    if (!from) continue;
    for (const d of c.dependsOn) {
      const to = nodeOfComponent(d.component);
      if (!to) continue;
      const cyclic = realScc.get(c.name) === realScc.get(d.component);
      addEdge(from, to, "import", d.imports, cyclic);
    }
  }

  // Clients: one per entry-point kind, with request edges to the components holding handlers.
  const focusNode = options.component === undefined ? undefined : `component:${options.component}`;
  const clientRoutes = new Map<string, number>();
  for (const route of report.routes.items) {
    const component = componentOf.get(route.file);
    const to = component === undefined ? undefined : nodeOfComponent(component);
    if (!to || (focusNode && to !== focusNode)) continue;
    const id = `client:${route.kind}`;
    clientRoutes.set(route.kind, (clientRoutes.get(route.kind) ?? 0) + 1);
    addEdge(id, to, "request", 1, false);
  }
  for (const kind of CLIENT_ORDER) {
    const count = clientRoutes.get(kind);
    if (!count) continue;
    add({
      id: `client:${kind}`,
      kind: "client",
      name: CLIENT_LABELS[kind]!,
      detail: `${count} ${kind} entry point${count === 1 ? "" : "s"}`,
      metrics: neutral,
    });
  }

  // Integrations, reached by the components whose files use them.
  const maxIntegrations = Math.max(1, options.maxIntegrations ?? 24);
  const used = report.integrations.items
    .map((i) => {
      const users = new Map<string, number>();
      for (const file of i.files) {
        const component = componentOf.get(file);
        const from = component === undefined ? undefined : nodeOfComponent(component);
        if (from && (!focusNode || from === focusNode)) users.set(from, (users.get(from) ?? 0) + 1);
      }
      return { integration: i, users };
    })
    .filter((u) => u.users.size > 0 || (!focusNode && u.integration.files.length === 0))
    .sort((a, b) =>
      b.integration.files.length - a.integration.files.length || a.integration.name.localeCompare(b.integration.name)
    );
  const drawn = used.length > maxIntegrations ? used.slice(0, maxIntegrations - 1) : used;
  const rest = used.slice(drawn.length);
  for (const { integration, users } of drawn) {
    const id = `integration:${integration.id}`;
    add({
      id,
      kind: "integration",
      name: integration.name,
      detail: `${integration.name} (${integration.category}), used in ${integration.files.length} files`,
      metrics: neutral,
    });
    for (const [from, count] of users) addEdge(from, id, "integration", count, false);
  }
  if (rest.length) {
    const id = "integration:…";
    add({
      id,
      kind: "integration",
      name: `${rest.length} more integrations`,
      detail: rest.map((r) => r.integration.name).join(", "),
      metrics: neutral,
    });
    for (const { users } of rest) for (const [from, count] of users) addEdge(from, id, "integration", count, false);
    notes.push(`${rest.length} less used integrations are merged into one node.`);
  }

  const edgeList = [...edges.values()];
  const layers = componentLayers(
    [...nodes.values()].filter((n) => n.kind === "component" || n.kind === "cluster").map((n) => n.id),
    edgeList,
  );
  const hasClients = [...nodes.values()].some((n) => n.kind === "client");
  const offset = hasClients ? 1 : 0;
  const componentColumns = Math.max(0, ...layers.values()) + 1;
  for (const node of nodes.values()) {
    if (node.kind === "client") node.column = 0;
    else if (node.kind === "integration") node.column = offset + (layers.size ? componentColumns : 0);
    else node.column = offset + layers.get(node.id)!;
  }
  const columns = orderRows([...nodes.values()], edgeList);
  return place(columns, edgeList, notes, offset, options.component);
}

function place(
  columns: MapNode[][],
  edges: MapEdge[],
  notes: string[],
  offset: number,
  focus: string | undefined,
): MapLayout {
  const tallest = Math.max(1, ...columns.map((c) => c.length));
  const height = PAD * 2 + HEADER + tallest * (NODE_HEIGHT + GAP_Y) - GAP_Y;
  const titles: { title: string; x: number }[] = [];
  columns.forEach((column, c) => {
    const x = PAD + c * (NODE_WIDTH + GAP_X);
    const top = PAD + HEADER + ((tallest - column.length) * (NODE_HEIGHT + GAP_Y)) / 2;
    column.forEach((node, row) => ((node.x = x), (node.y = Math.round(top + row * (NODE_HEIGHT + GAP_Y)))));
    const kind = column[0]?.kind;
    const title = kind === "client" ? "Clients" : kind === "integration" ? "Integrations" : `Depth ${c - offset}`;
    titles.push({ title, x });
  });
  const width = PAD * 2 + Math.max(1, columns.length) * (NODE_WIDTH + GAP_X) - GAP_X;
  return {
    nodes: columns.flat(),
    edges,
    columns: titles,
    width,
    height,
    node: { width: NODE_WIDTH, height: NODE_HEIGHT },
    notes,
    ...(focus === undefined ? {} : { focus }),
  };
}

/** Per component: dominant language (by lines), churn (commits over its files), total complexity. */
function componentMetricsFor(report: MapInput): Map<string, MapNode["metrics"]> {
  const commits = new Map(report.history.files.map((f) => [f.path, f.commits]));
  const acc = new Map<string, { lines: Map<string, number>; churn: number; complexity: number }>();
  for (const f of report.files) {
    const a = acc.get(f.component) ??
      acc.set(f.component, { lines: new Map(), churn: 0, complexity: 0 }).get(f.component)!;
    a.lines.set(f.language, (a.lines.get(f.language) ?? 0) + f.lines + 1);
    a.churn += commits.get(f.path) ?? 0;
    a.complexity += f.complexity;
  }
  const out = new Map<string, MapNode["metrics"]>();
  for (const c of report.components.items) {
    const a = acc.get(c.name);
    const language = a ? [...a.lines].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0]?.[0] ?? "" : "";
    out.set(c.name, {
      instability: c.instability,
      distance: c.distance,
      language,
      churn: a?.churn ?? 0,
      complexity: a?.complexity ?? 0,
    });
  }
  return out;
}

function averageMetrics(list: MapNode["metrics"][]): MapNode["metrics"] {
  const n = Math.max(1, list.length);
  const sum = (key: "instability" | "distance") => Math.round((list.reduce((s, m) => s + m[key], 0) / n) * 1000) / 1000;
  return {
    instability: sum("instability"),
    distance: sum("distance"),
    language: "",
    churn: list.reduce((s, m) => s + m.churn, 0),
    complexity: list.reduce((s, m) => s + m.complexity, 0),
  };
}

/**
 * The components to draw, at most `max` by weight (ties by size, then name); a component of
 * weight 0 (tied to nothing) is merged even when there is room. The rest are merged into
 * clusters by top folder, at most MAX_CLUSTERS; a cluster of one is drawn as its component.
 */
function chooseComponents(candidates: readonly Component[], max: number, weight: (c: Component) => number) {
  const clusterOf = new Map<string, string>();
  if (candidates.length <= max) return { shown: [...candidates], clusterOf };
  const ranked = [...candidates].sort((a, b) =>
    weight(b) - weight(a) || b.files - a.files || a.name.localeCompare(b.name)
  );
  const shown = ranked.slice(0, max).filter((c) => weight(c) > 0);
  const rest = ranked.slice(shown.length);
  const sizes = new Map<string, number>();
  for (const c of rest) sizes.set(topFolder(c.name), (sizes.get(topFolder(c.name)) ?? 0) + 1);
  // Many top folders would make many clusters: the smallest share one "…" node.
  const kept = new Set(
    [...sizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, MAX_CLUSTERS - 1).map(([f]) => f),
  );
  const spill = sizes.size > MAX_CLUSTERS;
  for (const c of rest) clusterOf.set(c.name, !spill || kept.has(topFolder(c.name)) ? topFolder(c.name) : "…");
  const clusterSizes = new Map<string, number>();
  for (const cluster of clusterOf.values()) clusterSizes.set(cluster, (clusterSizes.get(cluster) ?? 0) + 1);
  for (const c of rest) if (clusterSizes.get(clusterOf.get(c.name)!) === 1) (clusterOf.delete(c.name), shown.push(c));
  return { shown, clusterOf };
}

/** The top folder a clustered component is merged under. */
const topFolder = (name: string) => (name === "." ? "." : name.split("/")[0]!);

/** A name cut from the left to fit a node box: `…/routes/users`. */
export function shorten(name: string, max = 26): string {
  return name.length <= max ? name : `…${name.slice(name.length - max + 1)}`;
}

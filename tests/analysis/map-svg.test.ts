import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze, type Component } from "../../analysis/mod.ts";
import { type MapInput, mapLayout, type MapNode } from "../../analysis/reporters/map-layout.ts";
import { componentCycles, crossings } from "../../analysis/reporters/map-order.ts";
import { mapSvg } from "../../analysis/reporters/map-svg.ts";
import { fixtureRepo } from "../helpers/repo.ts";

/**
 * A map input from a dependency list: `{ a: ["b"] }` makes components a and b (one file each,
 * `a/index.ts`), a importing b; routes and integrations name their component's file.
 */
function input(
  deps: Record<string, string[]>,
  extra: {
    routes?: { kind: string; component: string }[];
    integrations?: { id: string; components: string[] }[];
    commits?: Record<string, number>;
  } = {},
): MapInput {
  const names = [...new Set([...Object.keys(deps), ...Object.values(deps).flat()])].sort();
  const file = (c: string) => `${c}/index.ts`;
  const dependedOnBy = (c: string) => names.filter((n) => (deps[n] ?? []).includes(c));
  const components: Component[] = names.map((name) => {
    const ce = (deps[name] ?? []).length;
    const ca = dependedOnBy(name).length;
    const instability = ca + ce ? ce / (ca + ce) : 0;
    return {
      name,
      files: 1,
      lines: 10,
      languages: ["typescript"],
      ca,
      ce,
      instability,
      abstractness: 0,
      distance: Math.abs(instability - 1),
      zone: "main-sequence",
      types: 0,
      abstractTypes: 0,
      functions: 1,
      dependsOn: (deps[name] ?? []).map((component) => ({ component, imports: 1 })),
      dependedOnBy: dependedOnBy(name),
    };
  });
  return {
    files: names.map((name) => ({
      path: file(name),
      language: name.startsWith("py") ? "python" : "typescript",
      lines: 10,
      size: 100,
      complexity: name.length,
      nesting: 1,
      functions: 1,
      types: 0,
      abstractTypes: 0,
      markers: [],
      component: name,
      role: "source" as const,
      unused: false,
      fanIn: 0,
      fanOut: 0,
      parse: "lexical",
    })),
    components: {
      source: "inferred",
      items: components,
      sdpViolations: [],
      sdpMargin: 0.25,
      matrix: { components: names, counts: [], mutual: [] },
      boundaryViolations: [],
    },
    routes: {
      items: (extra.routes ?? []).map((r, i) => ({
        method: "GET",
        path: `/r${i}`,
        file: file(r.component),
        line: 1,
        framework: "express",
        handler: "h",
        guards: [],
        kind: r.kind as "http",
        reaches: { components: [], integrations: [] },
      })),
      frameworks: [],
      duplicates: [],
      unguardedWrites: [],
      globalGuard: false,
      contracts: [],
      drift: { documentedNotImplemented: [], implementedNotDocumented: [] },
    },
    integrations: {
      items: (extra.integrations ?? []).map((i) => ({
        id: i.id,
        name: i.id.toUpperCase(),
        category: "database",
        sources: [],
        files: i.components.map(file),
      })),
      manifests: [],
      unreadable: [],
    },
    history: {
      available: true,
      shallow: false,
      since: "2025-01-01",
      commits: 0,
      authors: 0,
      activity: { weeks: [], activeAuthors90d: 0 },
      files: Object.entries(extra.commits ?? {}).map(([c, commits]) => ({
        path: file(c),
        commits,
        added: 0,
        removed: 0,
        fixes: 0,
        authors: 1,
        mainAuthor: "x",
        mainAuthorShare: 1,
      })),
      coupling: [],
      ownership: [],
      hotspots: [],
      thresholds: { minCommits: 5, minSharedCommits: 5, minDegree: 0.3, maxFilesPerCommit: 30 },
    },
  };
}

const byName = (nodes: MapNode[]) => new Map(nodes.map((n) => [n.name, n]));

const layout = suite("map layout");

layout("mapLayout() puts clients first, components by dependency depth, integrations last", () => {
  const map = mapLayout(input({ web: ["api"], api: ["db"], db: [] }, {
    routes: [{ kind: "http", component: "web" }, { kind: "http", component: "api" }, { kind: "job", component: "api" }],
    integrations: [{ id: "postgresql", components: ["db"] }],
  }));
  const nodes = byName(map.nodes);
  assert.is(nodes.get("HTTP clients")!.column, 0);
  assert.is(nodes.get("Scheduler")!.column, 0);
  assert.is(nodes.get("web")!.column, 1);
  assert.is(nodes.get("api")!.column, 2);
  assert.is(nodes.get("db")!.column, 3);
  assert.is(nodes.get("POSTGRESQL")!.column, 4);
  assert.equal(map.columns.map((c) => c.title), ["Clients", "Depth 0", "Depth 1", "Depth 2", "Integrations"]);
  const request = map.edges.filter((e) => e.kind === "request");
  assert.equal(request.map((e) => `${e.from}>${e.to}`).sort(), [
    "client:http>component:api",
    "client:http>component:web",
    "client:job>component:api",
  ]);
  assert.ok(
    map.edges.some((e) => e.kind === "integration" && e.from === "component:db" && e.to === "integration:postgresql"),
  );
  assert.equal(map.notes, []);
});

layout("mapLayout() orders rows by barycentre: fewer crossings than alphabetical order", () => {
  // a1 -> z, a2 -> y, a3 -> x: alphabetical rows cross every pair; barycentre untangles them.
  const map = mapLayout(input({ a1: ["z"], a2: ["y"], a3: ["x"], x: [], y: [], z: [] }));
  const columns: MapNode[][] = [];
  for (const n of map.nodes) (columns[n.column] ??= []).push(n);
  for (const c of columns) c.sort((p, q) => p.row - q.row);
  assert.is(crossings(columns, map.edges), 0);
  const alphabetical = columns.map((c) => [...c].sort((p, q) => p.name.localeCompare(q.name)));
  assert.is(crossings(alphabetical, map.edges), 3);
  // Rows are placed top to bottom in their order, each column centred.
  const right = columns[1]!;
  assert.ok(right[0]!.y < right[1]!.y && right[1]!.y < right[2]!.y);
});

layout("mapLayout() marks the edges of a component cycle and keeps the cycle in one column", () => {
  const map = mapLayout(input({ a: ["b"], b: ["c"], c: ["b"] }));
  const nodes = byName(map.nodes);
  assert.is(nodes.get("b")!.column, nodes.get("c")!.column);
  assert.ok(nodes.get("a")!.column < nodes.get("b")!.column);
  const cyclic = map.edges.filter((e) => e.cyclic).map((e) => `${e.from}>${e.to}`).sort();
  assert.equal(cyclic, ["component:b>component:c", "component:c>component:b"]);
  assert.equal(componentCycles(input({ a: ["b"], b: ["c"], c: ["b"] }).components.items), [["b", "c"]]);
});

layout("mapLayout() focuses one component: its neighbours, the clients calling it, what it reaches", () => {
  const data = input({ web: ["api"], api: ["db", "mail"], db: [], mail: [], other: ["db"] }, {
    routes: [{ kind: "http", component: "api" }, { kind: "consumer", component: "other" }],
    integrations: [{ id: "smtp", components: ["mail"] }, { id: "stripe", components: ["api"] }],
  });
  const map = mapLayout(data, { component: "api" });
  assert.equal(map.nodes.filter((n) => n.kind === "component").map((n) => n.name).sort(), ["api", "db", "mail", "web"]);
  assert.equal(map.nodes.filter((n) => n.kind === "client").map((n) => n.name), ["HTTP clients"]);
  assert.equal(map.nodes.filter((n) => n.kind === "integration").map((n) => n.name), ["STRIPE"]);
  assert.is(map.focus, "api");
  assert.match(map.notes.join(" "), /Focused on api/);
  assert.throws(
    () => mapLayout(data, { component: "nope" }),
    (e: Error) => e instanceof RangeError && /Unknown component "nope"/.test(e.message),
  );
});

layout("mapLayout() caps what it draws on a large repository and says so", () => {
  const deps: Record<string, string[]> = { core: [] };
  for (let i = 0; i < 30; i++) deps[`apps/app${String(i).padStart(2, "0")}`] = ["core"];
  for (let i = 0; i < 20; i++) deps[`tools/t${i}`] = [];
  const map = mapLayout(input(deps), { maxComponents: 10 });
  const components = map.nodes.filter((n) => n.kind === "component");
  const clusters = map.nodes.filter((n) => n.kind === "cluster");
  assert.is(components.length, 10);
  assert.equal(clusters.map((c) => c.name).sort(), ["apps/… (21)", "tools/… (20)"]);
  assert.match(map.notes[0]!, /Showing 10 of 51 components.*merged by top folder into 2 clusters/);
  // The merged apps still import core, through their cluster.
  assert.ok(map.edges.some((e) => e.from === "cluster:apps" && e.to === "component:core" && e.weight === 21));
  // A focus on a hub is capped the same way, the hub always drawn.
  const hub = mapLayout(input(deps), { component: "core", maxComponents: 10 });
  assert.is(hub.nodes.filter((n) => n.kind === "component").length, 10);
  assert.ok(hub.nodes.some((n) => n.name === "core"));
  assert.equal(hub.notes, [
    "Focused on core: 30 neighbouring components of 51. 21 more are merged by top folder into 1 cluster (dashed).",
  ]);
});

const svg = suite("map svg");

svg("mapSvg() draws cyclic edges red, requests dashed orange, integrations dotted violet", () => {
  const text = mapSvg(
    input({ a: ["b"], b: ["a"] }, {
      routes: [{ kind: "http", component: "a" }],
      integrations: [{ id: "redis", components: ["b"] }],
    }),
  );
  assert.match(text, /<path class="tool-map-edge cyclic"[^>]*stroke="#d62828"/);
  assert.match(text, /<path class="tool-map-edge request"[^>]*stroke="#e8590c"[^>]*stroke-dasharray="7 4"/);
  assert.match(text, /<path class="tool-map-edge integration"[^>]*stroke="#7c3aed"[^>]*stroke-dasharray="2 3"/);
});

svg("mapSvg() passes an edge that skips columns through the gaps between boxes", () => {
  const data = input({ web: ["api", "db"], api: ["db"], db: [] });
  const map = mapLayout(data);
  const api = map.nodes.find((n) => n.name === "api")!;
  const text = mapSvg(data);
  const d = /<path class="tool-map-edge import" d="([^"]+)"[^>]*><title>web → db/.exec(text)![1]!;
  // Straight through the middle column, level, beside the api box rather than across it.
  const level = /L(\d+),(\d+(?:\.\d+)?)/.exec(d);
  assert.ok(level, d);
  const y = Number(level![2]);
  assert.ok(y < api.y || y > api.y + map.node.height, `${y} is outside ${api.y}..${api.y + map.node.height}`);
});

svg("mapSvg() is standalone, well-formed SVG with escaped names", () => {
  const text = mapSvg(input({ 'a&<b>"': ["c"], c: [] }), { title: "Map of <x>" });
  assert.ok(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
  assert.match(text, /<title id="tool-map-title">Map of &lt;x&gt;<\/title>/);
  assert.match(text, /a&amp;&lt;b&gt;&quot;/);
  assert.not.match(text, /a&<b>/);
  assert.ok(wellFormed(text), "tags balance");
  assert.not.match(text, /<a href/, "no links in a file for disk");
  const linked = mapSvg(input({ a: ["c"], c: [] }), { link: (name) => `#devtools/map?component=${name}` });
  assert.match(linked, /<a href="#devtools\/map\?component=a">/);
});

svg("mapSvg() colours nodes by the chosen measure, with a legend", () => {
  const data = input({ hot: ["cold"], cold: [], pyx: [] }, { commits: { hot: 40, cold: 1 } });
  const fill = (text: string, name: string) =>
    new RegExp(`data-id="component:${name}"><title>[^<]*</title><rect [^>]*fill="(#[0-9a-f]{6})"`).exec(text)?.[1];
  const churn = mapSvg(data, { colour: "churn" });
  assert.is.not(fill(churn, "hot"), fill(churn, "cold"));
  assert.match(churn, /Colour: churn/);
  const language = mapSvg(data, { colour: "language" });
  assert.is.not(fill(language, "pyx"), fill(language, "hot"));
  assert.match(language, />python</);
  assert.match(mapSvg(data), /Colour: instability.*0 stable/s);
});

svg("mapSvg() draws a real repository: the fixture's clients, components and integrations", async () => {
  const report = await analyze(fixtureRepo("devtools-app"));
  const text = mapSvg(report);
  for (const name of ["HTTP clients", "Scheduler", "src/routes", "src/db", "PostgreSQL", "Redis", "Stripe"]) {
    assert.ok(text.includes(`>${name}<`), name);
  }
  assert.ok(wellFormed(text));
});

/** Tags open and close in order (no XML parser in the runtime; the browser test parses for real). */
function wellFormed(text: string): boolean {
  const stack: string[] = [];
  for (const m of text.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, closing, name, , self] = m;
    if (self) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  const stripped = text.replace(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g, "");
  return stack.length === 0 && !/[<>]/.test(stripped);
}

layout.run();
svg.run();

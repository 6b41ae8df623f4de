import type { Component, DependencyMatrix, Edge, FileNode, SdpViolation } from "../schema.ts";

/**
 * How much less stable a depended-on component must be before the import breaks the Stable
 * Dependencies Principle: a difference in instability above 0.25, so that near-equal
 * components do not flood the list.
 */
export const SDP_MARGIN = 0.25;
/** Distance from the main sequence at which a component is placed in a zone. */
export const ZONE_DISTANCE = 0.5;

/** Imports from one component into another: how many, and the first of them in edge order. */
export type ComponentLink = { from: string; to: string; imports: number; first: Edge };

/**
 * Every pair of components with imports between them, in the order of each pair's first
 * import. The metrics and the SDP check read these few pairs rather than every edge again.
 */
export function componentLinks(edges: readonly Edge[], byFile: Map<string, string>): ComponentLink[] {
  const byPair = new Map<string, Map<string, ComponentLink>>();
  const links: ComponentLink[] = [];
  // A file's edges come one after another: look its component up once for all of them.
  let lastFile: string | undefined;
  let from: string | undefined;
  for (const edge of edges) {
    if (edge.from !== lastFile) {
      lastFile = edge.from;
      from = byFile.get(edge.from);
    }
    const to = byFile.get(edge.to);
    if (!from || !to || from === to) continue;
    let targets = byPair.get(from);
    if (!targets) byPair.set(from, (targets = new Map()));
    const link = targets.get(to);
    if (link) link.imports++;
    else {
      const created = { from, to, imports: 1, first: edge };
      targets.set(to, created);
      links.push(created);
    }
  }
  return links;
}

/**
 * Robert C. Martin's package metrics per component, as SPEC.md defines them:
 * Ca (components depending on it), Ce (components it depends on), I = Ce / (Ca + Ce),
 * A = abstract types / (types + module-level functions), D = |A + I - 1|, and the zone.
 * Every import counts, type imports included: they are dependencies of the design.
 */
export function componentMetrics(files: readonly FileNode[], links: readonly ComponentLink[], byFile: Map<string, string>): Component[] {
  const members = new Map<string, FileNode[]>();
  for (const file of files) {
    const name = byFile.get(file.path)!;
    (members.get(name) ?? members.set(name, []).get(name)!).push(file);
  }
  const outgoing = new Map<string, ComponentLink[]>();
  const incoming = new Map<string, string[]>();
  for (const link of links) {
    (outgoing.get(link.from) ?? outgoing.set(link.from, []).get(link.from)!).push(link);
    (incoming.get(link.to) ?? incoming.set(link.to, []).get(link.to)!).push(link.from);
  }

  const components: Component[] = [];
  for (const [name, list] of members) {
    const ca = incoming.get(name)?.length ?? 0;
    const dependsOn = (outgoing.get(name) ?? [])
      .map(({ to, imports }) => ({ component: to, imports }))
      .sort((a, b) => b.imports - a.imports || a.component.localeCompare(b.component));
    const ce = dependsOn.length;
    const instability = ca + ce === 0 ? 0 : ce / (ca + ce);
    const types = list.reduce((n, f) => n + f.types, 0);
    const abstractTypes = list.reduce((n, f) => n + f.abstractTypes, 0);
    const functions = list.reduce((n, f) => n + f.functions, 0);
    const abstractness = types + functions === 0 ? 0 : abstractTypes / (types + functions);
    const distance = Math.abs(abstractness + instability - 1);
    components.push({
      name,
      files: list.length,
      lines: list.reduce((n, f) => n + f.lines, 0),
      languages: [...new Set(list.map((f) => f.language))].sort(),
      ca,
      ce,
      instability: round(instability),
      abstractness: round(abstractness),
      distance: round(distance),
      zone: zoneOf(ca, ce, instability, abstractness, distance),
      types,
      abstractTypes,
      functions,
      dependsOn,
      dependedOnBy: [...(incoming.get(name) ?? [])].sort(),
    });
  }
  return components.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Isolated: nothing imports it and it imports nothing of the project's (Ca = Ce = 0).
 * Zone of pain: concrete and stable (others depend on it, so it is hard to change).
 * Zone of uselessness: abstract and unstable (abstractions nobody uses). Otherwise near
 * enough to the main sequence.
 */
function zoneOf(ca: number, ce: number, instability: number, abstractness: number, distance: number): Component["zone"] {
  if (ca === 0 && ce === 0) return "isolated"; // no import in or out: it has no instability to place
  if (distance < ZONE_DISTANCE) return "main-sequence";
  if (abstractness < 0.5 && instability < 0.5 && ca > 0) return "pain";
  if (abstractness >= 0.5 && instability >= 0.5) return "uselessness";
  return "main-sequence";
}

/** Imports from a stable component into one clearly less stable (by more than SDP_MARGIN). */
export function sdpViolations(components: readonly Component[], links: readonly ComponentLink[]): SdpViolation[] {
  const instability = new Map(components.map((c) => [c.name, c.instability]));
  const found: SdpViolation[] = [];
  for (const { from, to, imports, first } of links) {
    const iFrom = instability.get(from)!;
    const iTo = instability.get(to)!;
    if (iTo - iFrom <= SDP_MARGIN) continue;
    found.push({ from, to, fromInstability: iFrom, toInstability: iTo, imports, example: { file: first.from, line: first.line, target: first.to } });
  }
  return found.sort((a, b) => (b.toInstability - b.fromInstability) - (a.toInstability - a.fromInstability));
}

/** The dependency structure matrix: imports from each row component to each column, mutual pairs flagged. */
export function dependencyMatrix(components: readonly Component[]): DependencyMatrix {
  const names = components.map((c) => c.name);
  const index = new Map(names.map((n, i) => [n, i]));
  const counts = names.map(() => names.map(() => 0));
  for (const component of components) {
    for (const { component: target, imports } of component.dependsOn) counts[index.get(component.name)!]![index.get(target)!] = imports;
  }
  const mutual: [string, string][] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) if (counts[i]![j]! > 0 && counts[j]![i]! > 0) mutual.push([names[i]!, names[j]!]);
  }
  return { components: names, counts, mutual };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

import type { Component, DependencyMatrix, Edge, FileNode, SdpViolation } from "../schema.ts";

/**
 * How much less stable a depended-on component must be before the import breaks the Stable
 * Dependencies Principle: a difference in instability above 0.25, so that near-equal
 * components do not flood the list.
 */
export const SDP_MARGIN = 0.25;
/** Distance from the main sequence at which a component is placed in a zone. */
export const ZONE_DISTANCE = 0.5;

/**
 * Robert C. Martin's package metrics per component, as SPEC.md defines them:
 * Ca (components depending on it), Ce (components it depends on), I = Ce / (Ca + Ce),
 * A = abstract types / (types + module-level functions), D = |A + I - 1|, and the zone.
 * Every import counts, type imports included: they are dependencies of the design.
 */
export function componentMetrics(files: readonly FileNode[], edges: readonly Edge[], byFile: Map<string, string>): Component[] {
  const members = new Map<string, FileNode[]>();
  for (const file of files) {
    const name = byFile.get(file.path)!;
    (members.get(name) ?? members.set(name, []).get(name)!).push(file);
  }
  const outgoing = new Map<string, Map<string, number>>();
  const incoming = new Map<string, Set<string>>();
  for (const edge of edges) {
    const from = byFile.get(edge.from);
    const to = byFile.get(edge.to);
    if (!from || !to || from === to) continue;
    const counts = outgoing.get(from) ?? outgoing.set(from, new Map()).get(from)!;
    counts.set(to, (counts.get(to) ?? 0) + 1);
    (incoming.get(to) ?? incoming.set(to, new Set()).get(to)!).add(from);
  }

  const components: Component[] = [];
  for (const [name, list] of members) {
    const ca = incoming.get(name)?.size ?? 0;
    const dependsOn = [...(outgoing.get(name) ?? new Map<string, number>())]
      .map(([component, imports]) => ({ component, imports }))
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
      zone: zoneOf(ca, instability, abstractness, distance),
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
 * Zone of pain: concrete and stable (others depend on it, so it is hard to change).
 * Zone of uselessness: abstract and unstable (abstractions nobody uses). Otherwise near
 * enough to the main sequence.
 */
function zoneOf(ca: number, instability: number, abstractness: number, distance: number): Component["zone"] {
  if (distance < ZONE_DISTANCE) return "main-sequence";
  if (abstractness < 0.5 && instability < 0.5 && ca > 0) return "pain";
  if (abstractness >= 0.5 && instability >= 0.5) return "uselessness";
  return "main-sequence";
}

/** Imports from a stable component into one clearly less stable (by more than SDP_MARGIN). */
export function sdpViolations(components: readonly Component[], edges: readonly Edge[], byFile: Map<string, string>): SdpViolation[] {
  const instability = new Map(components.map((c) => [c.name, c.instability]));
  const found = new Map<string, SdpViolation>();
  for (const edge of edges) {
    const from = byFile.get(edge.from);
    const to = byFile.get(edge.to);
    if (!from || !to || from === to) continue;
    const iFrom = instability.get(from)!;
    const iTo = instability.get(to)!;
    if (iTo - iFrom <= SDP_MARGIN) continue;
    const key = `${from}\0${to}`;
    const known = found.get(key);
    if (known) known.imports++;
    else found.set(key, { from, to, fromInstability: iFrom, toInstability: iTo, imports: 1, example: { file: edge.from, line: edge.line, target: edge.to } });
  }
  return [...found.values()].sort((a, b) => (b.toInstability - b.fromInstability) - (a.toInstability - a.fromInstability));
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

import type { Edge, Hub } from "../schema.ts";

/**
 * The fan-in a file needs to be a hub: 5% of the repository's source files, and never fewer
 * than 10 importers, so a small repository does not call every shared helper a hub while a
 * large one still flags the files a big share of the code depends on.
 */
export const hubThreshold = (sourceFiles: number): number => Math.max(10, Math.ceil(sourceFiles * 0.05));

/** Distinct importers and imports per file, over edges of every kind. */
export function fanCounts(edges: readonly Edge[]): { fanIn: Map<string, number>; fanOut: Map<string, number> } {
  const importers = new Map<string, Set<string>>();
  const imported = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    (importers.get(to) ?? importers.set(to, new Set()).get(to)!).add(from);
    (imported.get(from) ?? imported.set(from, new Set()).get(from)!).add(to);
  }
  const sizes = (map: Map<string, Set<string>>) => new Map([...map].map(([file, set]) => [file, set.size]));
  return { fanIn: sizes(importers), fanOut: sizes(imported) };
}

/** Hub files: fan-in at or above the threshold, most depended-on first. */
export function findHubs(sourceFiles: number, fan: ReturnType<typeof fanCounts>): Hub[] {
  const threshold = hubThreshold(sourceFiles);
  const hubs: Hub[] = [];
  for (const [file, fanIn] of fan.fanIn) {
    if (fanIn >= threshold) hubs.push({ file, fanIn, fanOut: fan.fanOut.get(file) ?? 0 });
  }
  return hubs.sort((a, b) => b.fanIn - a.fanIn || a.file.localeCompare(b.file));
}

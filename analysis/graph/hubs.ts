import type { Hub } from "../schema.ts";
import type { NumberedGraph } from "./numbered.ts";

/**
 * The fan-in a file needs to be a hub: 5% of the repository's source files, and never fewer
 * than 10 importers, so a small repository does not call every shared helper a hub while a
 * large one still flags the files a big share of the code depends on.
 */
export const hubThreshold = (sourceFiles: number): number => Math.max(10, Math.ceil(sourceFiles * 0.05));

/** Distinct importers and imports per file, over edges of every kind; files with none are left out. */
export function fanCounts(graph: NumberedGraph): { fanIn: Map<string, number>; fanOut: Map<string, number> } {
  const importers = new Array<number>(graph.names.length).fill(0);
  const fanOut = new Map<string, number>();
  graph.all.forEach((targets, id) => {
    if (targets.length) fanOut.set(graph.names[id]!, targets.length);
    for (const target of targets) importers[target]!++;
  });
  const fanIn = new Map<string, number>();
  importers.forEach((count, id) => count && fanIn.set(graph.names[id]!, count));
  return { fanIn, fanOut };
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

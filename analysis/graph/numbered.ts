import type { Edge } from "../schema.ts";

/**
 * The import graph with files numbered in name order, for the graph stages: arrays of
 * numbers instead of maps of path strings. Sorted neighbour lists of numbers visit files in
 * the same order as sorted names would, so results do not depend on the numbering.
 */
export type NumberedGraph = {
  names: string[];
  ids: Map<string, number>;
  /**
   * Sorted, distinct targets per file: over every edge (who reaches a file), over the edges that
   * use a file (not a Rust `mod` declaration, which only places it), and over those used at run
   * time (no type import either). Cycles are about use.
   */
  all: number[][];
  uses: number[][];
  runtime: number[][];
};

export function numberGraph(files: readonly string[], edges: readonly Edge[]): NumberedGraph {
  // The scan lists files sorted already; sorting is for callers that do not.
  const names = files.every((file, i) => i === 0 || files[i - 1]! < file) ? [...files] : [...files].sort();
  const ids = new Map(names.map((name, id) => [name, id]));
  const idOf = (path: string): number => {
    let id = ids.get(path);
    if (id === undefined) {
      // An edge to a file outside `files`: numbered after them, so nothing is lost.
      ids.set(path, (id = names.length));
      names.push(path);
    }
    return id;
  };
  const all: number[][] = [];
  const uses: number[][] = [];
  const runtime: number[][] = [];
  let declarations = false;
  // A file's edges come one after another: number it once for all of them.
  let lastFile: string | undefined;
  let from = -1;
  for (const edge of edges) {
    if (edge.from !== lastFile) {
      lastFile = edge.from;
      from = idOf(edge.from);
    }
    const to = idOf(edge.to);
    (all[from] ??= []).push(to);
    if (edge.kind === "declaration") {
      declarations = true;
      continue;
    }
    (uses[from] ??= []).push(to);
    if (edge.kind !== "type") (runtime[from] ??= []).push(to);
  }
  for (let id = 0; id < names.length; id++) {
    all[id] = distinctSorted(all[id]);
    if (declarations) uses[id] = distinctSorted(uses[id]);
    runtime[id] = distinctSorted(runtime[id]);
  }
  // Without declarations every edge is a use: one list serves both.
  return { names, ids, all, uses: declarations ? uses : all, runtime };
}

function distinctSorted(targets: number[] | undefined): number[] {
  if (!targets) return [];
  targets.sort((a, b) => a - b);
  let kept = 0;
  for (let i = 0; i < targets.length; i++) if (i === 0 || targets[i] !== targets[i - 1]) targets[kept++] = targets[i]!;
  targets.length = kept;
  return targets;
}

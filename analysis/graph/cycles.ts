import type { Cycle, Edge } from "../schema.ts";
import type { NumberedGraph } from "./numbered.ts";

/** What the analysis knows of how the files of a loop load (each asked of the edges and loops of runtime cycles only). */
export type Loading = {
  /** The importer reads what it imports only after loading (inside functions). */
  readLazily?: (edge: Edge) => boolean;
  /** The importer is known to read what it imports while it loads (a class it extends, a constant): where a loop can be shown failing. */
  readsAtLoad?: (edge: Edge) => boolean;
  /** Compiling removes the import: TypeScript's, when its names are used only as types. */
  erased?: (edge: Edge) => boolean;
  /** A loop of load-time imports (`deferred` says which are not) meets no half-loaded name whichever module is entered first. */
  loadsInAnyOrder?: (members: readonly string[], deferred: (edge: Edge) => boolean) => boolean;
  /** The importer refers to what it imports through `forwardRef(() => Name)`: the team breaks the loop there on purpose. */
  deliberate?: (edge: Edge) => boolean;
  /** A loop of load-time imports (inside the runtime cycle `cycle`) loads from each module the files outside the cycle enter it by (undefined: none do). */
  loadsFromEntrances?: (members: readonly string[], deferred: (edge: Edge) => boolean, cycle: readonly string[]) => boolean | undefined;
};

/**
 * Import cycles as strongly connected components (Tarjan). Runtime cycles use every edge
 * but type imports and declarations (a Rust parent's `mod x;` with the child's `use crate::`
 * back is how a crate is laid out, not a cycle); cycles that exist only because of type imports are reported apart, since
 * they vanish at run time. The search starts from `files` in their order; `edges` are those
 * the graph was numbered from.
 */
export function findCycles(graph: NumberedGraph, files: readonly string[], edges: readonly Edge[], loading: Loading = {}): Cycle[] {
  const { readLazily = () => false, readsAtLoad = () => false, erased = () => false, loadsInAnyOrder = () => false, deliberate = () => false, loadsFromEntrances = () => undefined } = loading;
  const starts = files.map((file) => graph.ids.get(file)!);
  const runtime = components(starts, graph.runtime);
  const runtimeKeys = new Set(runtime.map((members) => members.join(",")));
  const typeOnly = components(starts, graph.uses).filter((members) => !runtimeKeys.has(members.join(",")));

  // A loop of static imports fails at load only if some module in it reads another's binding
  // while loading (whichever module is entered first, the one reading may find the other
  // unfinished). When every import inside the loop is read only inside functions
  // (load-time.ts, asked of these few edges only), no loading order can break it.
  const cycleOf = new Map<number, number>();
  runtime.forEach((members, i) => members.forEach((id) => cycleOf.set(id, i)));
  const withinCycle = (edge: Edge) => {
    const at = cycleOf.get(graph.ids.get(edge.from) ?? -1);
    return at !== undefined && at === cycleOf.get(graph.ids.get(edge.to) ?? -1);
  };
  // A `require` made only inside functions runs when they are called, and an import compiling
  // removes never runs: at load, no edge at all. A loop of load-time imports that meets no
  // half-loaded name from whichever module it is entered (Python's package that gathers its
  // submodules: python-load-order.ts; an ES module barrel that runs what it passes on before
  // its readers: script-load-order.ts) cannot fail either.
  const deferred = (edge: Edge) => withinCycle(edge) && ((edge.kind === "require" && readLazily(edge)) || (edge.kind === "import" && erased(edge)));
  const eager = eagerMembers(starts, edges, graph, deferred, loadsInAnyOrder);
  // The imports inside each loop that runs at load: one of them reading what it imports while
  // loading is what can fail.
  const eagerOf = new Map<number, number>();
  eager.loops.forEach((members, i) => members.forEach((id) => eagerOf.set(id, i)));
  const inside = runtime.map((): Edge[] => []);
  for (const edge of edges) {
    if (edge.kind !== "import" && edge.kind !== "require" && edge.kind !== "reexport") continue;
    const loop = eagerOf.get(graph.ids.get(edge.from) ?? -1);
    if (loop !== undefined && loop === eagerOf.get(graph.ids.get(edge.to) ?? -1) && !deferred(edge)) inside[cycleOf.get(graph.ids.get(edge.from)!)!]!.push(edge);
  }
  // Angular's and NestJS's forwardRef(() => X) is how a team makes a known loop load: one that has it is theirs on purpose.
  const withForwardRef = new Set<number>();
  const lazyOf = runtime.map((members, i) => !members.some((id) => eager.members.has(id)) || inside[i]!.every(readLazily));
  for (const edge of edges) {
    const at = cycleOf.get(graph.ids.get(edge.from) ?? -1);
    if (at !== undefined && !lazyOf[at] && !withForwardRef.has(at) && edge.kind === "import" && withinCycle(edge) && deliberate(edge)) withForwardRef.add(at);
  }
  const cycles: Cycle[] = runtime.map((members, i) => {
    const lazy = lazyOf[i]!;
    // The loop shown for a cycle that can fail is one that can: through imports made at load
    // alone, and first through an import read while its importer loads, where one is known.
    const eagerLoop = lazy ? undefined : members.filter((id) => eager.members.has(id));
    const throughRead = eagerLoop && loopThroughRead(inside[i]!.filter(readsAtLoad), eagerLoop, graph.ids, eager.adjacency);
    // Where a read at load can fail, whether it does in the orders the app enters the loops (asked of those cycles alone).
    const safelyEntered = !!throughRead && eager.loops.filter((loop) => cycleOf.get(loop[0]!) === i).every((loop) => loadsFromEntrances(loop.map((id) => graph.names[id]!), deferred, members.map((id) => graph.names[id]!)) === true);
    return {
      kind: "runtime",
      files: members.map((id) => graph.names[id]!),
      loop: (throughRead ?? (eagerLoop ? loopThrough(eagerLoop, eagerLoop[0]!, eager.adjacency) : loopThrough(members, members[0]!, graph.runtime))).map((id) => graph.names[id]!),
      ...(throughRead ? { readAtLoad: true } : {}),
      ...(safelyEntered ? { safelyEntered: true } : {}),
      ...(lazy ? { lazy: true } : {}),
      ...(withForwardRef.has(i) ? { deliberate: true } : {}),
    };
  });
  const typeStarts = firstTypeEdgeSources(typeOnly, edges, graph.ids);
  typeOnly.forEach((members, i) => {
    cycles.push({
      kind: "type",
      files: members.map((id) => graph.names[id]!),
      loop: loopThrough(members, typeStarts[i] ?? members[0]!, graph.uses).map((id) => graph.names[id]!),
    });
  });
  return cycles.sort((a, b) => (a.kind === b.kind ? b.files.length - a.files.length : a.kind === "runtime" ? -1 : 1));
}

/**
 * The files in a cycle of load-time imports alone (no type and no dynamic edge, nor a `require`
 * made only inside functions, which runs when they are called), leaving out the loops that load
 * in any order: a runtime cycle with none of them is closed only by lazy imports.
 */
function eagerMembers(
  starts: readonly number[],
  edges: readonly Edge[],
  graph: NumberedGraph,
  deferred: (edge: Edge) => boolean,
  loadsInAnyOrder: (members: readonly string[], deferred: (edge: Edge) => boolean) => boolean,
): { members: Set<number>; loops: number[][]; adjacency: number[][] } {
  const adjacency: number[][] = graph.runtime.map(() => []);
  for (const edge of edges) {
    if (edge.kind === "type" || edge.kind === "dynamic" || edge.kind === "declaration" || deferred(edge)) continue;
    const from = graph.ids.get(edge.from);
    const to = graph.ids.get(edge.to);
    if (from !== undefined && to !== undefined) (adjacency[from] ??= []).push(to);
  }
  const failing = components(starts, adjacency).filter((members) => !loadsInAnyOrder(members.map((id) => graph.names[id]!), deferred));
  return { members: new Set(failing.flat()), loops: failing, adjacency };
}

/** Strongly connected components of two or more files, each sorted, found iteratively. */
function components(starts: readonly number[], adjacency: readonly number[][]): number[][] {
  const size = adjacency.length;
  const index = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const onStack = new Uint8Array(size);
  const stack: number[] = [];
  const result: number[][] = [];
  let counter = 0;

  for (const start of starts) {
    if (index[start] !== -1) continue;
    const work: { node: number; next: number }[] = [{ node: start, next: 0 }];
    index[start] = low[start] = counter++;
    stack.push(start);
    onStack[start] = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = adjacency[frame.node]!;
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (index[target] === -1) {
          index[target] = low[target] = counter++;
          stack.push(target);
          onStack[target] = 1;
          work.push({ node: target, next: 0 });
        } else if (onStack[target]) {
          low[frame.node] = Math.min(low[frame.node]!, index[target]!);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent.node] = Math.min(low[parent.node]!, low[frame.node]!);
      if (low[frame.node] === index[frame.node]) {
        const members: number[] = [];
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          members.push(member);
        } while (member !== frame.node);
        if (members.length > 1) result.push(members.sort((a, b) => a - b));
      }
    }
  }
  return result;
}

/**
 * Where the loop of each type-only cycle starts: the source of the first type edge inside
 * it, since a loop through a type edge is the one that makes the cycle. One pass over edges.
 */
function firstTypeEdgeSources(cycles: readonly number[][], edges: readonly Edge[], ids: Map<string, number>): (number | undefined)[] {
  const cycleOf = new Map<number, number>();
  cycles.forEach((members, i) => members.forEach((id) => cycleOf.set(id, i)));
  const starts: (number | undefined)[] = cycles.map(() => undefined);
  for (const edge of edges) {
    if (edge.kind !== "type") continue;
    const from = ids.get(edge.from)!;
    const cycle = cycleOf.get(from);
    if (cycle !== undefined && starts[cycle] === undefined && cycleOf.get(ids.get(edge.to)!) === cycle) starts[cycle] = from;
  }
  return starts;
}

/**
 * The shortest loop that starts with one of the `reads` (imports the importer reads while it
 * loads), among the first few: the import of a loop that fails when the other file is entered
 * first. Undefined when no read closes a loop through `members`.
 */
function loopThroughRead(reads: readonly Edge[], members: readonly number[], ids: Map<string, number>, adjacency: readonly number[][]): number[] | undefined {
  let best: number[] | undefined;
  for (const edge of reads.slice(0, 24)) {
    const from = ids.get(edge.from)!;
    const to = ids.get(edge.to)!;
    if (from === to) continue;
    const back = pathBetween(members, to, from, adjacency);
    if (back && (!best || back.length + 1 < best.length)) best = [from, ...back];
    if (best?.length === 3) break; // two files: none is shorter
  }
  return best;
}

/** The shortest path from `start` to `goal` (both included), breadth-first inside the component. */
function pathBetween(members: readonly number[], start: number, goal: number, adjacency: readonly number[][]): number[] | undefined {
  const inside = new Set(members);
  const previous = new Map<number, number>([[start, start]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    if (node === goal) {
      const path = [goal];
      for (let at = goal; at !== start; at = previous.get(at)!) path.push(previous.get(at)!);
      return path.reverse();
    }
    for (const target of adjacency[node] ?? []) {
      if (inside.has(target) && !previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return undefined;
}

/** The shortest loop from `start` back to itself, breadth-first inside the component. */
function loopThrough(members: readonly number[], start: number, adjacency: readonly number[][]): number[] {
  const inside = new Set(members);
  const previous = new Map<number, number>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const target of adjacency[node]!) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const path: number[] = [];
        for (let at: number | undefined = node; at !== undefined && at !== start; at = previous.get(at)) path.push(at);
        return [start, ...path.reverse(), start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/**
 * Languages whose imports run the imported file at once, in order, so that a loop of them can
 * meet a half-loaded module: JavaScript and TypeScript (ESM and CommonJS), Python, Ruby's
 * `require`, and C and C++ includes. Elsewhere a loop cannot fail while loading: Rust modules
 * compile as one crate (cargo refuses a cycle between crates), the JVM and .NET load a class
 * when it is first used, PHP's autoloader likewise, Go refuses import cycles, and Swift, Dart
 * and Elixir resolve a module's names as a whole.
 */
const LOADS_IN_ORDER = /\.(?:[cm]?[jt]sx?|vue|svelte|py|rb|c|cc|cpp|cxx|h|hh|hpp|hxx)$/;

/** Whether a runtime cycle can fail while its files load: not when only lazy imports close it, nor in languages that load no file in order. */
export function loadsInOrder(cycle: Pick<Cycle, "kind" | "lazy" | "deliberate" | "files">): boolean {
  return cycle.kind === "runtime" && !cycle.lazy && !cycle.deliberate && cycle.files.some((file) => LOADS_IN_ORDER.test(file) && !/\.d\.[cm]?ts$/.test(file));
}

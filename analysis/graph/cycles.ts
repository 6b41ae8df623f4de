import type { Cycle, Edge } from "../schema.ts";

const RUNTIME = (edge: Edge) => edge.kind !== "type";

/**
 * Import cycles as strongly connected components (Tarjan). Runtime cycles use every edge
 * but type imports; cycles that exist only because of type imports are reported apart, since
 * they vanish at run time.
 */
export function findCycles(files: readonly string[], edges: readonly Edge[]): Cycle[] {
  const runtime = components(files, edges.filter(RUNTIME));
  const runtimeKeys = new Set(runtime.map((c) => c.join("\0")));
  const all = components(files, edges);
  const cycles: Cycle[] = runtime.map((members) => ({
    kind: "runtime",
    files: members,
    loop: loopThrough(members, edges.filter(RUNTIME)),
  }));
  for (const members of all) {
    if (runtimeKeys.has(members.join("\0"))) continue;
    cycles.push({ kind: "type", files: members, loop: loopThrough(members, edges, true) });
  }
  return cycles.sort((a, b) => (a.kind === b.kind ? b.files.length - a.files.length : a.kind === "runtime" ? -1 : 1));
}

/** Strongly connected components of two or more files, each sorted, found iteratively. */
function components(files: readonly string[], edges: readonly Edge[]): string[][] {
  const adjacency = adjacencyOf(edges);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const result: string[][] = [];
  let counter = 0;

  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = adjacency.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const members: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          members.push(member);
        } while (member !== frame.node);
        if (members.length > 1) result.push(members.sort());
      }
    }
  }
  return result;
}

/**
 * The shortest loop from the component's first file back to itself (breadth-first inside the
 * component). With `needType`, a loop that passes a type edge is preferred, since that is the
 * loop that makes a type-only cycle.
 */
function loopThrough(members: readonly string[], edges: readonly Edge[], needType = false): string[] {
  const inside = new Set(members);
  const within = edges.filter((e) => inside.has(e.from) && inside.has(e.to));
  const start = needType ? (within.find((e) => e.kind === "type")?.from ?? members[0]!) : members[0]!;
  const adjacency = adjacencyOf(within);
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const target of adjacency.get(node) ?? []) {
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) path.push(at);
        return [start, ...path.slice(1).reverse(), start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

function adjacencyOf(edges: readonly Edge[]): Map<string, string[]> {
  const adjacency = new Map<string, Set<string>>();
  for (const edge of edges) {
    let targets = adjacency.get(edge.from);
    if (!targets) adjacency.set(edge.from, (targets = new Set()));
    targets.add(edge.to);
  }
  return new Map([...adjacency].map(([from, targets]) => [from, [...targets].sort()]));
}

/**
 * The ordering half of the map layout, on any nodes and edges: columns by dependency depth
 * (strongly connected groups share one), rows by the barycentre heuristic, the crossings that
 * judge an order, and the component cycles the Cycles view lists.
 */
import type { Component } from "../schema.ts";

export type OrderNode = { id: string; name: string; column: number; row: number };
export type OrderEdge = { from: string; to: string; kind: string };

/** Component layers by longest path from the components nothing depends on; a cycle shares one layer. */
export function componentLayers(ids: string[], edges: readonly OrderEdge[]): Map<string, number> {
  const idSet = new Set(ids);
  const inner = edges.filter((e) => e.kind === "import" && idSet.has(e.from) && idSet.has(e.to));
  const adjacency = new Map(ids.map((id) => [id, [] as string[]]));
  for (const e of inner) adjacency.get(e.from)!.push(e.to);
  const scc = tarjan(ids, adjacency);
  const dagNext = new Map<number, Set<number>>();
  const indegree = new Map<number, number>();
  for (const group of new Set(scc.values())) (dagNext.set(group, new Set()), indegree.set(group, 0));
  for (const e of inner) {
    const a = scc.get(e.from)!;
    const b = scc.get(e.to)!;
    if (a === b || dagNext.get(a)!.has(b)) continue;
    dagNext.get(a)!.add(b);
    indegree.set(b, indegree.get(b)! + 1);
  }
  const depth = new Map<number, number>();
  const ready = [...indegree].filter(([, n]) => n === 0).map(([g]) => g);
  for (const g of ready) depth.set(g, 0);
  for (let i = 0; i < ready.length; i++) {
    const g = ready[i]!;
    for (const next of dagNext.get(g)!) {
      depth.set(next, Math.max(depth.get(next) ?? 0, depth.get(g)! + 1));
      indegree.set(next, indegree.get(next)! - 1);
      if (indegree.get(next) === 0) ready.push(next);
    }
  }
  return new Map(ids.map((id) => [id, depth.get(scc.get(id)!) ?? 0]));
}

/**
 * Rows within each column by the barycentre heuristic: alternating sweeps order each column by
 * the mean position of its neighbours in the columns already placed; the order with the fewest
 * crossings between adjacent columns wins.
 */
export function orderRows<N extends OrderNode>(nodes: N[], edges: readonly OrderEdge[]): N[][] {
  const count = Math.max(0, ...nodes.map((n) => n.column)) + 1;
  let columns: N[][] = Array.from({ length: count }, () => []);
  for (const node of nodes) columns[node.column]!.push(node);
  for (const column of columns) column.sort((a, b) => a.name.localeCompare(b.name));
  const neighbours = new Map<string, string[]>(nodes.map((n) => [n.id, []]));
  for (const e of edges) (neighbours.get(e.from)?.push(e.to), neighbours.get(e.to)?.push(e.from));
  const columnOf = new Map(nodes.map((n) => [n.id, n.column]));

  let best = columns.map((c) => [...c]);
  let bestCrossings = crossings(best, edges);
  for (let sweep = 0; sweep < 8 && bestCrossings > 0; sweep++) {
    const forward = sweep % 2 === 0;
    const position = positions(columns);
    const order = forward ? columns.keys() : [...columns.keys()].reverse();
    for (const c of order) {
      const column = columns[c]!;
      const bary = new Map<string, number>();
      for (const node of column) {
        const side = neighbours.get(node.id)!.filter((n) => forward ? columnOf.get(n)! < c : columnOf.get(n)! > c);
        bary.set(
          node.id,
          side.length ? side.reduce((s, n) => s + position.get(n)!, 0) / side.length : position.get(node.id)!,
        );
      }
      column.sort((a, b) =>
        bary.get(a.id)! - bary.get(b.id)! || position.get(a.id)! - position.get(b.id)! || a.name.localeCompare(b.name)
      );
      column.forEach((n, i) => position.set(n.id, (i + 0.5) / column.length));
    }
    const found = crossings(columns, edges);
    if (found < bestCrossings) (best = columns.map((col) => [...col]), bestCrossings = found);
    columns = columns.map((col) => [...col]);
  }
  best.forEach((column) => column.forEach((node, row) => (node.row = row)));
  return best;
}

/** Each node's relative height in its column, 0 to 1. */
function positions(columns: readonly OrderNode[][]): Map<string, number> {
  const position = new Map<string, number>();
  for (const column of columns) column.forEach((n, i) => position.set(n.id, (i + 0.5) / column.length));
  return position;
}

/** Crossings between edges that join the same pair of columns (a standard proxy for clutter). */
export function crossings(columns: readonly OrderNode[][], edges: readonly OrderEdge[]): number {
  const where = new Map<string, { column: number; row: number }>();
  columns.forEach((column, c) => column.forEach((n, row) => where.set(n.id, { column: c, row })));
  const spans = edges.map((e) => [where.get(e.from), where.get(e.to)] as const)
    .filter(([a, b]) => a && b && a.column !== b.column)
    .map((
      [a, b],
    ) => (a!.column < b!.column
      ? { c: a!.column, d: b!.column, r1: a!.row, r2: b!.row }
      : { c: b!.column, d: a!.column, r1: b!.row, r2: a!.row })
    );
  let total = 0;
  for (let i = 0; i < spans.length; i++) {
    for (let j = i + 1; j < spans.length; j++) {
      const a = spans[i]!;
      const b = spans[j]!;
      if (a.c !== b.c || a.d !== b.d) continue;
      if ((a.r1 - b.r1) * (a.r2 - b.r2) < 0) total++;
    }
  }
  return total;
}

/** Strongly connected groups of the component graph: each component's group index. */
export function sccIndex(components: readonly Component[]): Map<string, number> {
  const adjacency = new Map(components.map((c) => [c.name, c.dependsOn.map((d) => d.component)]));
  return tarjan(components.map((c) => c.name), adjacency);
}

/** Components that depend on each other in a loop: each group of two or more, sorted. */
export function componentCycles(components: readonly Component[]): string[][] {
  const groups = new Map<number, string[]>();
  for (const [name, group] of sccIndex(components)) (groups.get(group) ?? groups.set(group, []).get(group)!).push(name);
  return [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort()).sort((a, b) =>
    b.length - a.length || a[0]!.localeCompare(b[0]!)
  );
}

/** Tarjan's strongly connected components, iterative so deep graphs cannot overflow the stack. */
export function tarjan(ids: string[], adjacency: Map<string, string[]>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const group = new Map<string, number>();
  let counter = 0;
  let groups = 0;
  for (const start of ids) {
    if (index.has(start)) continue;
    const work: { id: string; next: number }[] = [{ id: start, next: 0 }];
    index.set(start, counter), low.set(start, counter++), stack.push(start), onStack.add(start);
    while (work.length) {
      const frame = work.at(-1)!;
      const targets = (adjacency.get(frame.id) ?? []).filter((t) => adjacency.has(t));
      if (frame.next < targets.length) {
        const to = targets[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter), low.set(to, counter++), stack.push(to), onStack.add(to);
          work.push({ id: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.id, Math.min(low.get(frame.id)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) === index.get(frame.id)) {
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.set(member, groups);
        } while (member !== frame.id);
        groups++;
      }
    }
  }
  return group;
}

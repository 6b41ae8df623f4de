/**
 * Whether a loop of JavaScript or TypeScript imports made at load can fail, from whichever of
 * its modules it is entered. An ES module runs after the modules it imports, in the order its
 * import and export-from statements come, skipping one already on the way (the loop); its code
 * then reads what it reads at load (a class it extends, a constant, a decorator's argument). A read fails
 * only when the module that defines the name has not run yet. Read through a barrel
 * (`export * from "./utils"`), that is the module behind the barrel, not the barrel: a loop
 * through a barrel that lists the module first (`utils/index.ts` passing on `./utils` before
 * `./region`) runs it before any reader. CommonJS, tsc's output included, runs a `require` at
 * its place, to the same effect. This runs that loading from each module of the loop as the
 * first one imported and reports a failure if any entry meets a name whose module has not run,
 * unless an ES module imports it and it is a function declaration (bound before anything runs).
 * Only the files of loops that would otherwise be reported are read.
 */
import type { Edge } from "../schema.ts";
import type { Exports } from "./load-time.ts";

const SCRIPT = /\.[cm]?[jt]sx?$/;
const COMPONENT = /\.(?:vue|svelte)$/;
const RUNNING = 1;
const DONE = 2;

type Reading = {
  /** What the importer reads at load of what it imports (load-time.ts importsReadAtLoad): names, `default`, or `*` for the whole module. */
  importsReadAtLoad: (from: string, specifier: string) => string[];
  exportsOf: (path: string) => Exports;
};

/**
 * Two tests of the loops of one repository's graph. `inAnyOrder`: true for a loop of scripts that
 * loads whichever of its modules is imported first. `fromEntrances`: true for a loop that loads
 * from every module by which the rest of the app enters it, a module of the loop that a file
 * outside it imports (by any import, `import()` included): the loop loads whole from the first one
 * reached, so those are the only orders the app runs; undefined when nothing outside imports the
 * loop (the app starts inside it). Components (`.vue`, `.svelte`) take part there, read as
 * `reading` reads them. `edges` are all the graph's edges; `deferred`, asked of the imports
 * inside loops, those that do not run at load (compiling erases them, or a `require` made inside
 * a function).
 */
export function scriptLoadOrder(edges: readonly Edge[], reading: Reading): {
  inAnyOrder: (members: readonly string[], deferred: (edge: Edge) => boolean) => boolean;
  fromEntrances: (members: readonly string[], deferred: (edge: Edge) => boolean, cycle: readonly string[]) => boolean | undefined;
} {
  const loads = loopLoading(edges, reading);
  let importedBy: Map<string, Edge[]> | undefined;
  return {
    inAnyOrder: (members, deferred) => members.every((file) => SCRIPT.test(file)) && loads(members, deferred, members),
    fromEntrances: (members, deferred, cycle) => {
      if (!members.every((file) => SCRIPT.test(file) || COMPONENT.test(file))) return false;
      if (!importedBy) {
        importedBy = new Map();
        for (const edge of edges) {
          if (edge.kind === "type" || edge.kind === "declaration") continue;
          let list = importedBy.get(edge.to);
          if (!list) importedBy.set(edge.to, (list = []));
          list.push(edge);
        }
      }
      const loop = new Set(members);
      const around = new Set(cycle);
      // The cycle's files the rest of the app imports; a file of the cycle outside the loop reaches
      // it only through imports run later (`() => import("./views/Minimal.vue")`), unless it is one of those.
      const entered = (file: string) => (importedBy!.get(file) ?? []).some((edge) => !around.has(edge.from));
      const entrances = members.filter((m) =>
        (importedBy!.get(m) ?? []).some((edge) => !around.has(edge.from) || (!loop.has(edge.from) && !deferred(edge) && edge.kind !== "dynamic" && entered(edge.from)))
      );
      return entrances.length ? loads(members, deferred, entrances) : undefined;
    },
  };
}

/** Whether the loop of `members` loads when entered from each of `entries`. */
function loopLoading(edges: readonly Edge[], reading: Reading): (members: readonly string[], deferred: (edge: Edge) => boolean, entries: readonly string[]) => boolean {
  let byFile: Map<string, Edge[]> | undefined;
  let targets: Map<string, string> | undefined;
  // Each module's exports read once per analysis, however many loops and entries ask.
  const exports = new Map<string, Exports>();
  const exportsOf = (path: string) => exports.get(path) ?? exports.set(path, reading.exportsOf(path)).get(path)!;
  return (members, deferred, entries) => {
    if (!byFile) ({ byFile, targets } = indexEdges(edges, deferred));
    const loop = new Set(members);
    const definer = definerOf(loop, targets!, exportsOf);
    // A function declaration an ES module imports is bound before any module of the loop runs.
    const hoisted = (at: { module: string; name: string }) => !!exportsOf(at.module).hoisted?.includes(at.name);
    return entries.every((entry) => !failsEnteredAt(entry, loop, byFile!, reading.importsReadAtLoad, definer, hoisted));
  };
}

/** Per script, the imports that run at load in statement order; and where each (importer, specifier) leads. */
function indexEdges(edges: readonly Edge[], deferred: (edge: Edge) => boolean): { byFile: Map<string, Edge[]>; targets: Map<string, string> } {
  const byFile = new Map<string, Edge[]>();
  const targets = new Map<string, string>();
  for (const edge of edges) {
    if (!(SCRIPT.test(edge.from) || COMPONENT.test(edge.from)) || (edge.kind !== "import" && edge.kind !== "require" && edge.kind !== "reexport")) continue;
    if (edge.specifier !== undefined) targets.set(`${edge.from}\0${edge.specifier}`, edge.to);
    if (deferred(edge)) continue;
    let list = byFile.get(edge.from);
    if (!list) byFile.set(edge.from, (list = []));
    list.push(edge);
  }
  for (const list of byFile.values()) list.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { byFile, targets };
}

/**
 * The module whose running binds `name` when it is read from `module`: followed through the
 * loop's barrels (`export { a } from`, `export *`) to the module that defines it. The module
 * itself when it defines the name, when it is outside the loop (it has run by the time anyone
 * importing it runs), or when the name cannot be traced.
 */
function definerOf(loop: ReadonlySet<string>, targets: ReadonlyMap<string, string>, exportsOf: Reading["exportsOf"]) {
  const target = (from: string, specifier: string) => targets.get(`${from}\0${specifier}`);
  // Whether `module` exports `name` at all, through its own barrels too (a few levels).
  const exports = (module: string, name: string, depth: number): boolean => {
    const ex = exportsOf(module);
    if (ex.own.includes(name) || Object.hasOwn(ex.forwards, name)) return true;
    return depth > 0 && ex.stars.some((specifier) => {
      const to = target(module, specifier);
      return to !== undefined && exports(to, name, depth - 1);
    });
  };
  const definer = (module: string, name: string, depth = 8): { module: string; name: string } => {
    if (!loop.has(module) || name === "*" || depth === 0) return { module, name };
    const ex = exportsOf(module);
    if (ex.own.includes(name)) return { module, name };
    const forward = Object.hasOwn(ex.forwards, name) ? ex.forwards[name] : undefined;
    if (forward) {
      const to = target(module, forward.specifier);
      return to === undefined ? { module, name } : definer(to, forward.name, depth - 1);
    }
    for (const specifier of ex.stars) {
      const to = target(module, specifier);
      if (to !== undefined && exports(to, name, 4)) return definer(to, name, depth - 1);
    }
    return { module, name };
  };
  return definer;
}

/** Whether loading from `entry` meets, in some module of the loop, a name read at load whose module has not run yet. */
function failsEnteredAt(
  entry: string,
  loop: ReadonlySet<string>,
  byFile: ReadonlyMap<string, Edge[]>,
  importsReadAtLoad: Reading["importsReadAtLoad"],
  definer: (module: string, name: string) => { module: string; name: string },
  hoisted: (at: { module: string; name: string }) => boolean,
): boolean {
  const state = new Map<string, number>();
  // A module outside the loop runs whole when first reached: nothing it imports leads back.
  const stack: { module: string; next: number }[] = [{ module: entry, next: 0 }];
  state.set(entry, RUNNING);
  while (stack.length) {
    const frame = stack.at(-1)!;
    const imports = byFile.get(frame.module) ?? [];
    if (frame.next < imports.length) {
      const to = imports[frame.next++]!.to;
      if (state.has(to)) continue;
      if (loop.has(to)) {
        state.set(to, RUNNING);
        stack.push({ module: to, next: 0 });
      } else state.set(to, DONE);
      continue;
    }
    // Its imports have run (or are on the way): now its own code, and what it reads at load.
    for (const edge of imports) {
      if (edge.kind === "reexport" || edge.specifier === undefined) continue;
      for (const name of importsReadAtLoad(frame.module, edge.specifier)) {
        const at = definer(edge.to, name);
        // CommonJS binds a function to `exports` only when its statement runs: no hoisting across a require.
        if (state.get(at.module) !== DONE && !(edge.kind === "import" && hoisted(at))) return true;
      }
    }
    state.set(frame.module, DONE);
    stack.pop();
  }
  return false;
}

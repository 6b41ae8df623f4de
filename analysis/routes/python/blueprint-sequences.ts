/**
 * Blueprints (and Flask-RESTX namespaces) an app registers from a sequence: one an app factory is handed, `def configure_blueprints(app,
 * blueprints): for bp in blueprints: app.register_blueprint(bp, url_prefix="/api/1")`, called as
 * `configure_blueprints(app, blueprints)` from `def create_app(app_name=None, blueprints=None)`, which
 * another module calls as `factory.create_app(blueprints=LEMUR_BLUEPRINTS)` with `LEMUR_BLUEPRINTS =
 * (domains_bp, users_bp, ...)` imported there. A scanner reads one file, so it marks such a mount
 * (`eachOf`); this follows the sequence up its callers (a few calls deep) to the list a module writes
 * out, and mounts each blueprint it names by the module it is imported from. A list the module imports,
 * or a list of lists walked by nested loops (`for ns in api_ns_list: for item in ns: api.add_namespace(item, "/")`),
 * is read where each is written.
 */
import { dirOf } from "../../project.ts";
import { python } from "../../languages/python.ts";
import { strip } from "../../languages/strip.ts";
import type { Binding, FileRoutes, Registration } from "../registration.ts";
import { pythonBindings } from "./bindings.ts";
import { type Definition, parameterNames, pythonDefinitions } from "./definitions.ts";
import { moduleListItems, pythonArguments } from "./values.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
type Resolve = (from: string, specifier: string) => string | undefined;
type Sequence = { parameter: string; fn: string; index: number };
type Module = { code: string; definitions: Definition[]; bindings: Binding[] };

// How many functions a sequence may be handed through before the module that lists it.
const MAX_DEPTH = 4;

export function withBlueprintSequences(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined, resolve: Resolve): ReadonlyMap<string, FileRoutes> {
  const marked = [...files].filter(([, f]) => f.registrations.some((r) => r.type === "use" && r.eachOf));
  if (!project || !marked.length) return files;
  const modules = new Map<string, Module | undefined>();
  const moduleOf = (path: string): Module | undefined => {
    if (!modules.has(path)) {
      const text = project.text(path);
      const source = text === undefined ? undefined : { ...strip(text, python.syntax), path, text };
      // Its imports as a scanner reads them: a module that registers no route has none on record.
      modules.set(path, source && { code: source.code, definitions: pythonDefinitions(source), bindings: pythonBindings(source) });
    }
    return modules.get(path);
  };
  const pythonFiles = [...project.listed].filter((p) => p.endsWith(".py") && !/(^|\/)(?:tests?|testing)\/|(^|\/)test_[^/]*\.py$|_tests?\.py$/.test(p));
  const result = new Map(files);
  for (const [file, routes] of marked) {
    result.set(file, {
      ...routes,
      registrations: routes.registrations.map((r): Registration => {
        if (r.type !== "use" || !r.eachOf) return r;
        const items = "fn" in r.eachOf ? sequenceItems(file, r.eachOf, 0) : nestedItems(file, r.eachOf.sequence, r.eachOf.depth);
        const specifiers = items.map((item) => relativeSpecifier(file, item.file));
        const { eachOf: _, ...mount } = r;
        return { ...mount, specifiers, specifierExports: Object.fromEntries(items.map((item, i) => [specifiers[i]!, item.exported])) };
      }),
    });
  }
  return result;

  /** The blueprints, by file and exported name, that the callers of `sequence.fn` (defined in `file`) hand it. */
  function sequenceItems(file: string, sequence: Sequence, depth: number): { file: string; exported: string }[] {
    if (depth > MAX_DEPTH) return [];
    const found: { file: string; exported: string }[] = [];
    for (const caller of pythonFiles) {
      const module = moduleOf(caller);
      if (!module?.code.includes(sequence.fn)) continue;
      const { code } = module;
      for (const call of code.matchAll(new RegExp(String.raw`(?<![\w.])(?:([A-Za-z_]\w*)\s*\.\s*)?${sequence.fn}\s*\(`, "g"))) {
        if (/\bdef\s+$/.test(code.slice(Math.max(0, call.index - 8), call.index))) continue;
        // The function called is the one holding the loop: by its module's name (`factory.create_app`) or its own.
        const through = call[1] ?? sequence.fn;
        const binding = module.bindings.find((b) => b.local === through);
        const defined = binding ? resolve(caller, binding.specifier) : caller;
        if (defined !== file) continue;
        const { positional, keywords } = pythonArguments(code, call.index + call[0].length - 1);
        const arg = keywords.get(sequence.parameter) ?? positional[sequence.index];
        const name = arg && /^\s*([A-Za-z_]\w*)\s*$/.exec(code.slice(arg.start, arg.end))?.[1];
        if (!name) continue;
        // Handed on from the caller's own parameter: that function's callers say what it is.
        const within = module.definitions.filter((d) => d.kind === "def" && d.start <= call.index && call.index < d.end).at(-1);
        const index = within ? parameterNames(code, within).indexOf(name) : -1;
        if (within && index !== -1) {
          found.push(...sequenceItems(caller, { parameter: name, fn: within.name, index }, depth + 1));
          // And what the function adds to it, or puts in its place: `blueprints = blueprints + DEFAULT_BLUEPRINTS`.
          const body = code.slice(within.start, call.index);
          for (const assigned of body.matchAll(new RegExp(String.raw`^[ \t]*${name}[ \t]*\+?=[ \t]*([^\n]+)$`, "gm"))) {
            for (const term of assigned[1]!.split("+").map((t) => t.trim())) if (term !== name && /^[A-Za-z_]\w*$/.test(term)) found.push(...listedItems(caller, module, term));
          }
          continue;
        }
        found.push(...listedItems(caller, module, name));
      }
    }
    return found;
  }

  /** The items of a list `file` names (its own or imported), or at depth 2 the items of each of its items' lists, and so on. */
  function nestedItems(file: string, name: string, depth: number): { file: string; exported: string }[] {
    const module = moduleOf(file);
    const items = module ? listedItems(file, module, name) : [];
    return depth <= 1 ? items : items.flatMap((item) => nestedItems(item.file, item.exported, depth - 1));
  }

  /**
   * The names a module-level list or tuple of `caller` holds, each where it comes from: imported, or the
   * module's own. A list the module imports is read where it is written.
   */
  function listedItems(caller: string, { code, bindings }: Module, name: string, hops = 0): { file: string; exported: string }[] {
    const items = moduleListItems(code, name);
    if (!items) {
      const binding = hops < MAX_DEPTH ? bindings.find((b) => b.local === name) : undefined;
      const target = binding && resolve(caller, binding.specifier);
      const module = target && moduleOf(target);
      return module ? listedItems(target, module, binding.imported, hops + 1) : [];
    }
    return items.flatMap((local) => {
      if (!/^[A-Za-z_]\w*$/.test(local)) return [];
      const binding = bindings.find((b) => b.local === local);
      const target = binding ? resolve(caller, binding.specifier) : caller;
      return target ? [{ file: target, exported: binding ? binding.imported : local }] : [];
    });
  }
}

/** `lemur/domains/views.py` as the module in `lemur/factory.py` names it by path: `./domains/views.py`. */
function relativeSpecifier(from: string, to: string): string {
  const base = dirOf(from).split("/").filter(Boolean);
  const parts = to.split("/");
  let shared = 0;
  while (shared < base.length && shared < parts.length - 1 && base[shared] === parts[shared]) shared++;
  const up = base.length - shared;
  return `${up ? "../".repeat(up) : "./"}${parts.slice(shared).join("/")}`;
}

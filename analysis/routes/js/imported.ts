import { javascriptSyntax } from "../../languages/javascript/syntax.ts";
import { strip } from "../../languages/strip.ts";
import type { Binding, FileRoutes, Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { jsBindings } from "./bindings.ts";
import { pathFunctions, type PathFunction } from "./path-functions.ts";
import { ENV_NAME, importHoles, jsConstants, jsValue, joinSegments } from "./values.ts";

/** `${NAME}`, or `${name("a","b")}`: a call of a function with known string arguments (values.ts). */
const PLACEHOLDER = /\$\{([A-Za-z_$][\w$.]*)(\((?:"(?:[^"\\]|\\.)*"(?:,"(?:[^"\\]|\\.)*")*)?\))?\}/g;
const MAX_DEPTH = 8;
/** The files whose route registrations are JavaScript's (and Vue's and Svelte's scripts). */
export const JS_FILE = /\.(?:[cm]?[jt]sx?|vue|svelte)$/;

/** How the routes stage reaches other modules: import resolution, re-exports, file text. */
export type ModuleAccess = {
  resolve(from: string, specifier: string): string | undefined;
  reexports(file: string): readonly string[];
  text(file: string): string | undefined;
  /** An environment variable's value in the project's example env file, when it has one. */
  env?(name: string): string | undefined;
};

/**
 * Fills the placeholders scanners leave for imported constants (`${API.USERS}`, see
 * `importHoles`) with their values, read from the modules that define them, through barrel
 * re-exports and constants built from further imports; an environment variable with its
 * example value; a call of a path-building function (`${apiPath("/users")}`) with what the
 * function returns for those arguments (path-functions.ts). A route whose path stays unknown
 * is dropped. A mount's prefix that stays unknown keeps what is known of it (the arguments of
 * the call that builds it) and its routes say their prefix is unknown.
 */
export function fillImportedValues(
  files: ReadonlyMap<string, FileRoutes>,
  access: ModuleAccess,
): Map<string, FileRoutes> {
  type Module = { source: RouteSource; constants: Map<string, string>; bindings: Binding[]; functions?: Map<string, PathFunction> };
  const modules = new Map<string, Module | undefined>();
  const moduleOf = (file: string) => {
    if (!modules.has(file)) {
      const text = access.text(file);
      const source = text === undefined ? undefined : { ...strip(text, javascriptSyntax), path: file, text };
      modules.set(
        file,
        source &&
          {
            source,
            constants: jsConstants(source, importHoles(source)),
            bindings: files.get(file)?.bindings ?? jsBindings(source),
          },
      );
    }
    return modules.get(file);
  };
  /** What `found` finds for `name` in the module defining it: this file, an import of it, a barrel it re-exports. */
  const lookup = <T>(file: string, name: string, depth: number, found: (module: Module, file: string, name: string) => T | undefined): T | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    const module = moduleOf(file);
    const own = module && found(module, file, name);
    if (own !== undefined) return own;
    const dot = name.indexOf(".");
    const root = dot === -1 ? name : name.slice(0, dot);
    const binding = module?.bindings.find((b) => b.local === root);
    const target = binding && access.resolve(file, binding.specifier);
    if (binding && target) {
      const imported = binding.imported === "*"
        ? name.slice(root.length + 1)
        : binding.imported + name.slice(root.length);
      // A default import's property (`config.apiPath`) is the default export object's (values.ts).
      if (imported && (!imported.startsWith("default") || imported.startsWith("default."))) return lookup(target, imported, depth + 1, found);
      return undefined;
    }
    for (const next of access.reexports(file)) {
      const result = lookup(next, name, depth + 1, found);
      if (result !== undefined) return result;
    }
    return undefined;
  };
  const valueOf = (file: string, name: string, depth: number): string | undefined => {
    if (ENV_NAME.test(name)) return access.env?.(name.slice("process.env.".length));
    return lookup(file, name, depth, (module, at, local) => {
      const own = module.constants.get(local);
      return own === undefined ? undefined : fill(at, own, depth + 1);
    });
  };
  /** What a path-building function returns for these arguments, evaluated in its own module. */
  const callOf = (file: string, name: string, args: string[], depth: number): string | undefined =>
    lookup(file, name, depth, (module, at, local) => {
      const fn = (module.functions ??= pathFunctions(module.source)).get(local);
      if (!fn) return undefined;
      const constants = new Map(module.constants);
      fn.params.forEach((param, i) => {
        const value = fn.rest && i === fn.params.length - 1 ? joinSegments(args.slice(i)) : args[i];
        if (value !== undefined) constants.set(param, value);
        else constants.delete(param);
      });
      const value = jsValue(module.source, fn.returns.start, fn.returns.end, constants, importHoles(module.source));
      return value === undefined ? undefined : fill(at, value, depth + 1);
    });
  const fill = (file: string, value: string, depth: number): string | undefined => {
    let unknown = false;
    const filled = value.replace(PLACEHOLDER, (_, name: string, call: string | undefined) =>
      (call ? callOf(file, name, callArgs(call), depth) : valueOf(file, name, depth)) ?? ((unknown = true), ""));
    return unknown ? undefined : filled;
  };
  /** What is known of a prefix that stays unknown: its literal parts, and a call's arguments. */
  const known = (value: string): string =>
    value.replace(PLACEHOLDER, (_, _name: string, call: string | undefined) => (call ? joinSegments(callArgs(call)) : ""));

  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!JS_FILE.test(file) || !routes.registrations.some(hasPlaceholder)) {
      result.set(file, routes);
      continue;
    }
    const registrations = routes.registrations.flatMap((r): Registration[] => {
      if (r.type === "route" && r.path.includes("${")) {
        const path = fill(file, r.path, 0);
        return path === undefined ? [] : [{ ...r, path }];
      }
      if (r.type === "use" && r.prefix.includes("${")) {
        const prefix = fill(file, r.prefix, 0);
        return [prefix === undefined ? { ...r, prefix: known(r.prefix), prefixUnknown: true } : { ...r, prefix }];
      }
      if ((r.type === "router" || r.type === "global") && r.prefix?.includes("${")) {
        return [{ ...r, prefix: fill(file, r.prefix, 0) ?? "" }];
      }
      return [r];
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

/** The string arguments a call placeholder holds: `("/a","b")` -> ["/a", "b"]. */
const callArgs = (call: string): string[] => JSON.parse(`[${call.slice(1, -1)}]`) as string[];

const hasPlaceholder = (r: Registration): boolean =>
  (r.type === "route" && r.path.includes("${")) ||
  ((r.type === "router" || r.type === "use" || r.type === "global") && !!r.prefix?.includes("${"));

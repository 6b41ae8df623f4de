import { javascriptSyntax } from "../../languages/javascript/syntax.ts";
import { strip } from "../../languages/strip.ts";
import type { Binding, FileRoutes, Registration } from "../registration.ts";
import { jsBindings } from "./bindings.ts";
import { importHoles, jsConstants } from "./values.ts";

const PLACEHOLDER = /\$\{([A-Za-z_$][\w$.]*)\}/g;
const MAX_DEPTH = 8;
/** The files whose route registrations are JavaScript's (and Vue's and Svelte's scripts). */
export const JS_FILE = /\.(?:[cm]?[jt]sx?|vue|svelte)$/;

/** How the routes stage reaches other modules: import resolution, re-exports, file text. */
export type ModuleAccess = {
  resolve(from: string, specifier: string): string | undefined;
  reexports(file: string): readonly string[];
  text(file: string): string | undefined;
};

/**
 * Fills the placeholders scanners leave for imported constants (`${API.USERS}`, see
 * `importHoles`) with their values, read from the modules that define them, through barrel
 * re-exports and constants built from further imports. A route whose path stays unknown is
 * dropped; an unknown prefix adds nothing, as when it was never read.
 */
export function fillImportedValues(
  files: ReadonlyMap<string, FileRoutes>,
  access: ModuleAccess,
): Map<string, FileRoutes> {
  const modules = new Map<string, { constants: Map<string, string>; bindings: Binding[] } | undefined>();
  const moduleOf = (file: string) => {
    if (!modules.has(file)) {
      const text = access.text(file);
      const source = text === undefined ? undefined : { ...strip(text, javascriptSyntax), path: file, text };
      modules.set(
        file,
        source &&
          {
            constants: jsConstants(source, importHoles(source)),
            bindings: files.get(file)?.bindings ?? jsBindings(source),
          },
      );
    }
    return modules.get(file);
  };
  const valueOf = (file: string, name: string, depth: number): string | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    const module = moduleOf(file);
    const own = module?.constants.get(name);
    if (own !== undefined) return fill(file, own, depth + 1);
    const dot = name.indexOf(".");
    const root = dot === -1 ? name : name.slice(0, dot);
    const binding = module?.bindings.find((b) => b.local === root);
    const target = binding && access.resolve(file, binding.specifier);
    if (binding && target) {
      const imported = binding.imported === "*"
        ? name.slice(root.length + 1)
        : binding.imported + name.slice(root.length);
      if (imported && !imported.startsWith("default")) return valueOf(target, imported, depth + 1);
      return undefined;
    }
    for (const next of access.reexports(file)) {
      const found = valueOf(next, name, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const fill = (file: string, value: string, depth: number): string | undefined => {
    let unknown = false;
    const filled = value.replace(
      PLACEHOLDER,
      (_, name: string) => valueOf(file, name, depth) ?? ((unknown = true), ""),
    );
    return unknown ? undefined : filled;
  };

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
      if ((r.type === "router" || r.type === "use" || r.type === "global") && r.prefix?.includes("${")) {
        return [{ ...r, prefix: fill(file, r.prefix, 0) ?? "" }];
      }
      return [r];
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

const hasPlaceholder = (r: Registration): boolean =>
  (r.type === "route" && r.path.includes("${")) ||
  ((r.type === "router" || r.type === "use" || r.type === "global") && !!r.prefix?.includes("${"));

import type { FileFacts } from "../facts.ts";
import type { ProjectFiles } from "../project.ts";
import type { Resolution, Resolver } from "./resolution.ts";

/**
 * Resolves Elixir module names through what files declare (their `defmodule`s): a module
 * defined in the repository is the file that defines it (several files: a package). A name
 * that only prefixes defined modules (`alias Shop.Accounts` where Shop.Accounts.User exists)
 * is a namespace: a package of the files defining its direct children (coarse edges). A name
 * nothing defines is unresolved when its parent is local (defined, or the prefix of defined
 * modules: `Shop.Missing` beside `Shop.Cart`). Otherwise it is external, named by its first
 * segments up to the first one no local module shares: Ecto, Phoenix, Logger, and
 * `Plug.Crypto` for the plug_crypto package inside the Plug repository; Erlang modules such
 * as `:crypto` as "crypto".
 */
export function elixirResolver(_project: ProjectFiles, facts: readonly FileFacts[]): Resolver {
  const definedIn = new Map<string, string[]>();
  for (const file of facts) {
    if (file.language !== "elixir") continue;
    for (const name of new Set(file.declares ?? [])) {
      (definedIn.get(name) ?? definedIn.set(name, []).get(name)!).push(file.path);
    }
  }
  const names = [...definedIn.keys()].sort();
  const prefixes = new Set<string>();
  for (const name of names) {
    const segments = name.split(".");
    for (let n = 1; n <= segments.length; n++) prefixes.add(segments.slice(0, n).join("."));
  }

  const namespace = (prefix: string): string[] => {
    const below = names.filter((name) => name.startsWith(prefix + "."));
    if (!below.length) return [];
    const shallowest = Math.min(...below.map((name) => name.split(".").length));
    return [
      ...new Set(below.filter((name) => name.split(".").length === shallowest).flatMap((name) => definedIn.get(name)!)),
    ].sort();
  };

  return (specifier): Resolution => {
    if (specifier.startsWith(":")) return { kind: "external", name: specifier.slice(1) };
    const files = definedIn.get(specifier);
    if (files?.length === 1) return { kind: "local", path: files[0]! };
    if (files) return { kind: "package", paths: files };
    const children = namespace(specifier);
    if (children.length) return { kind: "package", paths: children };
    const segments = specifier.split(".");
    if (segments.length > 1 && prefixes.has(segments.slice(0, -1).join("."))) {
      return { kind: "unresolved", reason: `no file defines ${specifier}` };
    }
    let n = 1;
    while (n < segments.length && prefixes.has(segments.slice(0, n).join("."))) n++;
    return { kind: "external", name: segments.slice(0, n).join(".") };
  };
}

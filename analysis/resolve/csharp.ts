import type { FileFacts } from "../facts.ts";
import type { ProjectFiles } from "../project.ts";
import type { Resolution, Resolver } from "./resolution.ts";

const PLATFORM = /^(System|Microsoft)(\.|$)/;

/**
 * Resolves C# using directives from what every file declares (namespaces and qualified
 * top-level type names; a declared name is read as a type when the file declares a type of
 * that simple name). `using A.B;` leads to every file declaring namespace `A.B` (coarse, as
 * C# imports namespaces); `using static A.B.C;` and `using X = A.B.C;` to the file declaring
 * the type (or its enclosing type; several files for a partial class), an alias of a
 * namespace to its files, and an alias to an unknown type of a declared namespace to that
 * namespace's files. Inside `namespace A.B`, a name not found as written is tried under the
 * enclosing namespaces (`using Internal;` -> `A.B.Internal`, then `A.Internal`). A name
 * inside the repository's namespace tree (under a declared namespace or one of its
 * ancestors: `Acme.Core.Reporting` when `Acme.Core.Models` is declared) that no file
 * declares is unresolved; System.*, Microsoft.* and every other name are external, named by
 * their first two segments.
 */
export function csharpResolver(_project: ProjectFiles, facts: readonly FileFacts[]): Resolver {
  const namespaces = new Map<string, string[]>();
  const types = new Map<string, string[]>();
  for (const file of facts) {
    if (file.language !== "csharp") continue;
    const declared = new Set(file.declares ?? []);
    const typeNames = new Set(file.types.map((t) => t.name));
    for (const name of declared) {
      const dot = name.lastIndexOf(".");
      const isType = typeNames.has(name.slice(dot + 1)) && (dot === -1 || declared.has(name.slice(0, dot)));
      add(isType ? types : namespaces, name, file.path);
    }
  }

  const typeFiles = (name: string): Resolution | undefined => {
    for (let end = name.length; end > 0; end = name.lastIndexOf(".", end - 1)) {
      const paths = types.get(name.slice(0, end));
      if (paths) return paths.length === 1 ? { kind: "local", path: paths[0]! } : { kind: "package", paths };
    }
    return undefined;
  };
  const namespaceFiles = (name: string): Resolution | undefined => {
    const paths = namespaces.get(name);
    return paths ? { kind: "package", paths } : undefined;
  };
  // Every declared namespace and its ancestors: the part of the namespace tree the repository owns.
  const owned = new Set<string>();
  for (const name of namespaces.keys()) {
    for (let end = name.length; end > 0; end = name.lastIndexOf(".", end - 1)) owned.add(name.slice(0, end));
  }
  const missing = (name: string, what: string): Resolution => {
    if (!PLATFORM.test(name)) {
      for (let dot = name.lastIndexOf("."); dot > 0; dot = name.lastIndexOf(".", dot - 1)) {
        if (owned.has(name.slice(0, dot))) return { kind: "unresolved", reason: `no file declares ${what} ${name}` };
      }
    }
    return { kind: "external", name: name.split(".").slice(0, 2).join(".") };
  };

  // Inside `namespace A.B`, `using C;` may name A.B.C or A.C: the namespaces around a file's
  // usings, innermost first, are tried after the name as written.
  const enclosing = new Map<string, string[]>();
  for (const file of facts) {
    if (file.language !== "csharp") continue;
    const around = new Set<string>();
    for (const name of file.declares ?? []) {
      if (!namespaces.get(name)?.includes(file.path)) continue;
      for (let end = name.length; end > 0; end = name.lastIndexOf(".", end - 1)) around.add(name.slice(0, end));
    }
    enclosing.set(file.path, [...around].sort((a, b) => b.length - a.length));
  }

  const find = (name: string, form: "namespace" | "static" | "alias"): Resolution | undefined => {
    if (form === "static") return typeFiles(name);
    if (form === "alias") return typeFiles(name) ?? namespaceFiles(name);
    return namespaceFiles(name);
  };

  return (specifier, from) => {
    const alias = specifier.indexOf(" = ");
    const form = specifier.startsWith("static ") ? "static" : alias !== -1 ? "alias" : "namespace";
    const name = form === "static" ? specifier.slice(7) : form === "alias" ? specifier.slice(alias + 3) : specifier;
    const found = find(name, form);
    if (found) return found;
    for (const outer of enclosing.get(from) ?? []) {
      const relative = find(`${outer}.${name}`, form);
      if (relative) return relative;
    }
    const dot = name.lastIndexOf(".");
    const container = form === "alias" && dot > 0 ? namespaceFiles(name.slice(0, dot)) : undefined;
    return container ?? missing(name, form === "namespace" ? "namespace" : "type");
  };
}

function add(map: Map<string, string[]>, key: string, path: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [path]);
  else if (!list.includes(path)) list.push(path);
}

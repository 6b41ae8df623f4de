import { parse } from "yaml";
import { dirOf, joinPath, type ProjectFiles } from "../project.ts";
import type { Resolution, Resolver } from "./resolution.ts";

/**
 * Resolves Dart URIs. `package:name/path` leads to `lib/path` beside the pubspec.yaml whose
 * `name` is `name` (every pubspec.yaml of the repository counts, so pub workspaces and
 * path dependencies resolve alike; where two share a name the shallowest wins); a package no
 * pubspec declares is external, named by its package name. `dart:x` is external (`dart:x`).
 * Other URIs are relative to the importing file, and may climb out of their package as long
 * as they stay inside the repository.
 */
export function dartResolver(project: ProjectFiles): Resolver {
  const packages = new Map<string, string>();
  const manifests = project.named("pubspec.yaml").sort((a, b) =>
    a.split("/").length - b.split("/").length || a.localeCompare(b)
  );
  for (const manifest of manifests) {
    const name = packageName(project.text(manifest));
    if (name && !packages.has(name)) packages.set(name, dirOf(manifest));
  }

  const file = (path: string | undefined, reason: string): Resolution => {
    if (path === undefined) return { kind: "unresolved", reason: "outside the repository" };
    if (project.sources.has(path)) return { kind: "local", path };
    if (project.has(path)) return { kind: "asset", path };
    return { kind: "unresolved", reason };
  };

  return (specifier, from) => {
    if (specifier.startsWith("dart:")) return { kind: "external", name: specifier };
    if (specifier.startsWith("package:")) {
      const rest = specifier.slice(8);
      const slash = rest.indexOf("/");
      const name = slash === -1 ? rest : rest.slice(0, slash);
      const dir = packages.get(name);
      if (dir === undefined) return { kind: "external", name };
      return file(joinPath(dir, `lib/${rest.slice(slash + 1)}`), `no such file in package ${name}`);
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(specifier) || specifier.startsWith("/")) {
      return { kind: "unresolved", reason: "not a path inside the repository" };
    }
    return file(joinPath(dirOf(from), specifier), "no such file");
  };
}

function packageName(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = parse(text);
    const name = value && typeof value === "object" ? (value as { name?: unknown }).name : undefined;
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}

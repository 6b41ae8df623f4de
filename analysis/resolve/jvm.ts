import type { FileFacts } from "../facts.ts";
import type { ProjectFiles } from "../project.ts";
import type { Resolution, Resolver } from "./resolution.ts";

const JVM_LANGUAGES = new Set(["java", "kotlin"]);
// Platform namespaces: always external, named by their first two segments (`java.util`).
const PLATFORM = /^(java|javax|jakarta|kotlin|kotlinx|android|jdk|sun)\./;

/**
 * Resolves Java and Kotlin imports (one resolver for both, since each imports the other's
 * classes) from what every file declares: its package (`declares[0]`) and the qualified
 * names of its top-level declarations. `a.b.C` resolves to the file declaring it, or to the
 * file of its longest declared prefix (nested classes, static imports: `a.b.C.method`);
 * `a.b.*` to every file of package `a.b` (coarse) or, when `a.b` is a class, to its file.
 * A name under a package the repository declares but that names nothing is unresolved;
 * anything else is external. Same-package references need no import in either language and
 * make no edge: the analysis does not resolve the names used in code.
 */
export function jvmResolver(_project: ProjectFiles, facts: readonly FileFacts[]): Resolver {
  const packages = new Map<string, string[]>();
  const names = new Map<string, string[]>();
  for (const file of facts) {
    if (!JVM_LANGUAGES.has(file.language)) continue;
    const [pkg, ...declared] = file.declares ?? [];
    if (pkg === undefined) continue;
    add(packages, pkg, file.path);
    for (const name of declared) add(names, name, file.path);
  }

  const declaration = (name: string): Resolution | undefined => {
    const paths = names.get(name);
    if (!paths) return undefined;
    return paths.length === 1 ? { kind: "local", path: paths[0]! } : { kind: "package", paths };
  };
  const enclosing = (name: string): Resolution | undefined => {
    for (let dot = name.lastIndexOf("."); dot > 0; dot = name.lastIndexOf(".", dot - 1)) {
      const found = declaration(name.slice(0, dot));
      if (found) return found;
    }
    return undefined;
  };
  const missing = (name: string, wildcard: boolean): Resolution => {
    if (PLATFORM.test(name)) return { kind: "external", name: externalName(name) };
    for (let dot = name.lastIndexOf("."); dot > 0; dot = name.lastIndexOf(".", dot - 1)) {
      const pkg = name.slice(0, dot);
      if (packages.has(pkg)) {
        return {
          kind: "unresolved",
          reason: wildcard ? `no files in package ${name}` : `package ${pkg} declares no ${name.slice(dot + 1)}`,
        };
      }
    }
    return { kind: "external", name: externalName(name) };
  };

  return (specifier) => {
    if (specifier.endsWith(".*")) {
      const base = specifier.slice(0, -2);
      const files = packages.get(base);
      return declaration(base) ?? (files ? { kind: "package", paths: files } : undefined) ?? enclosing(base) ??
        missing(base, true);
    }
    return declaration(specifier) ?? enclosing(specifier) ?? missing(specifier, false);
  };
}

/**
 * The library an external name belongs to: two segments for platform packages
 * (`java.util`, `kotlinx.coroutines`), otherwise up to three lower-case segments before the
 * first class name (`org.springframework.boot`, `com.fasterxml.jackson`, `org.junit`).
 */
export function externalName(name: string): string {
  const segments = name.split(".");
  const packageSegments: string[] = [];
  for (const segment of segments) {
    if (segment === "*" || /^[A-Z]/.test(segment)) break;
    packageSegments.push(segment);
  }
  const take = PLATFORM.test(name) ? 2 : 3;
  const kept = packageSegments.slice(0, take);
  return kept.length ? kept.join(".") : segments[0]!;
}

function add(map: Map<string, string[]>, key: string, path: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [path]);
  else if (!list.includes(path)) list.push(path);
}

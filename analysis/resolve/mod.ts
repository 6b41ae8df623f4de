/**
 * The resolve stage: every import specifier of every file, resolved by its language's
 * resolver to a repository file, a package, or nothing.
 */
import type { FileFacts, ImportFact } from "../facts.ts";
import type { Edge, External, Unresolved } from "../schema.ts";
import type { ProjectFiles } from "../project.ts";
import { javascriptResolver } from "./javascript.ts";
import { jvmResolver } from "./jvm.ts";
import { csharpResolver } from "./csharp.ts";
import { dartResolver } from "./dart.ts";
import { goResolver } from "./go.ts";
import { rustResolver } from "./rust.ts";
import { cResolver } from "./c.ts";
import { swiftResolver } from "./swift.ts";
import { pythonResolver } from "./python.ts";
import { rubyResolver } from "./ruby.ts";
import { elixirResolver } from "./elixir.ts";
import { phpResolver } from "./php.ts";
import type { Resolver } from "./resolution.ts";
import { ListingMemos } from "./listing-memo.ts";

export type { Resolution, Resolver } from "./resolution.ts";

/**
 * Makes a resolver for one language from the repository's files and every file's facts
 * (what each file declares: packages, namespaces, modules).
 */
export type ResolverFactory = (project: ProjectFiles, facts: readonly FileFacts[], memos: ListingMemos) => Resolver;

/** Resolver factories by language id; languages that share a module system share one. */
const RESOLVERS: Record<string, ResolverFactory> = {
  typescript: javascriptResolver,
  javascript: javascriptResolver,
  vue: javascriptResolver,
  svelte: javascriptResolver,
  java: jvmResolver,
  kotlin: jvmResolver,
  csharp: csharpResolver,
  dart: dartResolver,
  go: goResolver,
  rust: rustResolver,
  c: cResolver,
  cpp: cResolver,
  swift: swiftResolver,
  python: pythonResolver,
  ruby: rubyResolver,
  elixir: elixirResolver,
  php: phpResolver,
};

export type Resolved = { edges: Edge[]; unresolved: Unresolved[]; externals: External[] };

export function resolveImports(facts: readonly FileFacts[], project: ProjectFiles): Resolved {
  const resolvers = new Map<ResolverFactory, Resolver>();
  const memos = ListingMemos.load(project);
  const resolverFor = (language: string): Resolver | undefined => {
    const factory = RESOLVERS[language];
    if (!factory) return undefined;
    let resolver = resolvers.get(factory);
    if (!resolver) resolvers.set(factory, (resolver = factory(project, facts, memos)));
    return resolver;
  };

  const byPath = new Map(facts.map((f) => [f.path, f]));
  // Whether every name an import takes is an interface or type alias of the module: TypeScript
  // erases such an import (`import { ListViewState } from "./state"` without `type`), so it is a
  // type import, whatever its syntax. A module declares few types: a scan of them is enough.
  const onlyErased = (names: readonly string[], path: string): boolean => {
    const types = byPath.get(path)?.types;
    if (!types || names.length === 0) return false;
    return names.every((name) => {
      let erased = false;
      for (const t of types) {
        if (t.name !== name) continue;
        if (!t.erased) return false; // a class or enum of that name is a value
        erased = true;
      }
      return erased;
    });
  };
  const edges: Edge[] = [];
  const unresolved: Unresolved[] = [];
  const externals: External[] = [];
  for (const file of facts) {
    const resolve = resolverFor(file.language);
    if (!resolve) continue;
    const imports = file.imports;
    let used: Set<string> | undefined; // what the file names, for imports of whole packages
    for (let i = 0; i < imports.length; i++) {
      if (repeated(imports, i)) continue;
      const { specifier, kind, line, names } = imports[i]!;
      const target = resolve(specifier, file.path);
      if (target.kind === "local") {
        const erased = names !== undefined && kind === "import" && onlyErased(names, target.path);
        if (target.path !== file.path) edges.push({ from: file.path, to: target.path, kind: erased ? "type" : kind, line, specifier });
      } else if (target.kind === "package") {
        for (const path of narrowed(target.paths, (used ??= new Set(file.uses)), file.uses !== undefined, byPath)) {
          if (path !== file.path) edges.push({ from: file.path, to: path, kind, line, specifier, coarse: true });
        }
      } else if (target.kind === "external") {
        externals.push({ file: file.path, specifier, name: target.name, kind, line });
      } else if (target.kind === "unresolved") {
        unresolved.push({ file: file.path, specifier, kind, line, reason: target.reason });
      }
    }
  }
  memos.save();
  return { edges, unresolved, externals };
}

/**
 * The files of an imported namespace or package that the importer uses: those declaring a type,
 * function, method, variable or constant the importer's code names. A language that says
 * neither what a file uses nor what it declares (or a use found nowhere: reflection, a name the
 * scan missed) keeps the whole package, as the import itself says.
 */
function narrowed(paths: readonly string[], used: ReadonlySet<string>, known: boolean, byPath: ReadonlyMap<string, FileFacts>): readonly string[] {
  if (!known) return paths;
  const kept = paths.filter((path) => {
    const target = byPath.get(path);
    return !!target && (target.types.some((t) => used.has(t.name)) || !!target.exports?.some((name) => used.has(name)));
  });
  return kept.length ? kept : paths;
}

/** Whether the same import (specifier, kind and line) came earlier in the list. */
function repeated(imports: readonly ImportFact[], i: number): boolean {
  const { specifier, kind, line } = imports[i]!;
  for (let j = 0; j < i; j++) {
    const other = imports[j]!;
    if (other.line === line && other.specifier === specifier && other.kind === kind) return true;
  }
  return false;
}

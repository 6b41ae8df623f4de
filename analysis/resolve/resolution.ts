/** Where an import specifier leads. */
export type Resolution =
  /** A source file of the repository: an edge of the graph. */
  | { kind: "local"; path: string }
  /**
   * Several source files at once, where the language imports a package or namespace rather
   * than a file (a Go package directory, a C# namespace, a Java wildcard): edges are coarse.
   */
  | { kind: "package"; paths: string[] }
  /** A repository file that is not source (JSON, CSS, images): no edge, not unresolved. */
  | { kind: "asset"; path: string }
  /** A package or a built-in module; `name` is the package name. */
  | { kind: "external"; name: string }
  /** Looks local but names no file of the repository. */
  | { kind: "unresolved"; reason: string };

export type Resolver = (specifier: string, from: string) => Resolution;

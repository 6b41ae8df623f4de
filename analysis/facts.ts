import { z } from "zod";
import { FileRoutes } from "./routes/registration.ts";

/**
 * What one file says about itself, extracted once and cached by path + size + mtime.
 * Every later stage (resolve, graph, metrics, findings) works from these facts alone.
 */
/**
 * How a file names another: `declaration` places a file in its module without using it (Rust's
 * `mod x;`), so it counts for who reaches a file but closes no cycle and breaks no stability.
 */
export const ImportKind = z.enum(["import", "type", "dynamic", "require", "reexport", "declaration"]);
export type ImportKind = z.infer<typeof ImportKind>;

export const ImportFact = z.object({
  specifier: z.string(),
  kind: ImportKind,
  line: z.number().int(),
  /**
   * The names a JavaScript or TypeScript import takes from the module, when it takes only
   * named ones (`import { A, B as C }`: A and B): an import of interfaces alone is erased.
   */
  names: z.array(z.string()).optional(),
});
export type ImportFact = z.infer<typeof ImportFact>;

export const TypeFact = z.object({
  name: z.string(),
  abstract: z.boolean(),
  line: z.number().int(),
  /** A TypeScript interface or type alias: nothing of it exists at run time. */
  erased: z.boolean().optional(),
});
export type TypeFact = z.infer<typeof TypeFact>;

export const MarkerFact = z.object({
  kind: z.enum(["FIXME", "HACK", "TODO", "XXX"]),
  line: z.number().int(),
  text: z.string(),
});
export type MarkerFact = z.infer<typeof MarkerFact>;

/** An environment variable the file reads by name (`process.env.X`, `os.getenv("X")`, ...). */
export const EnvRead = z.object({ name: z.string(), line: z.number().int() });
export type EnvRead = z.infer<typeof EnvRead>;

/**
 * A function of the file (analysis/languages/functions.ts): name, header line, its own decision
 * points, and how deep its control statements nest (1: none inside another).
 */
/** `cases`: the case labels among its decision points (`case`, `when`): a switch's arms, each a path of its own. */
export const FunctionFact = z.object({ name: z.string(), line: z.number().int(), end: z.number().int().optional(), complexity: z.number().int(), depth: z.number().int(), cases: z.number().int().optional() });
export type FunctionFact = z.infer<typeof FunctionFact>;

export const FileFacts = z.object({
  path: z.string(),
  language: z.string(),
  size: z.number().int(),
  lines: z.number().int(),
  imports: z.array(ImportFact),
  types: z.array(TypeFact),
  functions: z.number().int(),
  complexity: z.number().int(),
  nesting: z.number().int(),
  /** The function with the most decision points of its own; absent when none was found. */
  mostComplexFunction: FunctionFact.optional(),
  markers: z.array(MarkerFact),
  /**
   * Names this file declares that other files import by name rather than by path: a Java or
   * Kotlin package, a C# namespace, a PHP namespace, an Elixir module, a Go package clause.
   * Each language module documents what it puts here; its resolver reads them.
   */
  declares: z.array(z.string()).optional(),
  /**
   * To narrow an import of a whole namespace or package (C# `using`, a Go import) to the files
   * that declare what the importer uses: the names the file's code refers to, and the names it
   * declares besides its types (functions, methods, variables, constants).
   */
  uses: z.array(z.string()).optional(),
  exports: z.array(z.string()).optional(),
  /** Entry points the file registers (routes, routers, mounts), for the routes stage to link. */
  routes: FileRoutes.optional(),
  /** Environment variables read by name, in line order; absent when there are none. */
  env: z.array(EnvRead).optional(),
  /** The file's header says a tool wrote it ("Code generated ... DO NOT EDIT", "@generated"). */
  generated: z.boolean().optional(),
  /** How the imports were found: a full parse, or the lexical scan alone. */
  parse: z.enum(["lexical", "parsed"]),
  /** Why a full parse failed, when it was tried and failed; the lexical result stands. */
  parseError: z.object({ message: z.string(), line: z.number().int() }).optional(),
});
export type FileFacts = z.infer<typeof FileFacts>;

/** The facts a language module extracts from text; scan adds path, size and language. */
export type Extracted = Omit<FileFacts, "path" | "size" | "language" | "generated">;

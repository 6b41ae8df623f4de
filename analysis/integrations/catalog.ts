/**
 * The integration catalog: `catalog.json` beside this module, validated the first time it is
 * needed (not when the module loads: a command that reads no integrations should not pay for it).
 * It is data, so covering another package or image is one line there and no code here; the
 * import attribute makes `bun build --compile` embed it in the binary.
 */
import { z } from "zod";
import { IntegrationCategory } from "../schema.ts";
import data from "./catalog.json" with { type: "json" };

/** Package ecosystems, as manifests name their dependencies. */
export const Ecosystem = z.enum([
  "npm",
  "pypi",
  "go",
  "crates",
  "maven",
  "nuget",
  "composer",
  "gems",
  "hex",
  "pub",
  "swift",
]);
export type Ecosystem = z.infer<typeof Ecosystem>;

/** Families of languages whose import names differ from their package names. */
export const ImportFamily = z.enum(["python", "rust", "jvm", "dotnet", "php", "ruby", "elixir", "swift"]);
export type ImportFamily = z.infer<typeof ImportFamily>;

const Names = z.array(z.string().min(1).regex(/^\S+$/, "has white space")).min(1);

export const CatalogEntry = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "must be lower-case letters, digits and dashes"),
  name: z.string().min(1),
  category: IntegrationCategory,
  packages: z.partialRecord(Ecosystem, Names).optional(),
  imports: z.partialRecord(ImportFamily, Names).optional(),
  images: Names.optional(),
});
export type CatalogEntry = z.infer<typeof CatalogEntry>;

const CatalogFile = z.strictObject({ description: z.array(z.string()), integrations: z.array(CatalogEntry) });

/**
 * Validates a catalog: the shape, and ids that are unique. A broken catalog is a defect of
 * the build, so it throws a SyntaxError naming the entry rather than analysing with less.
 */
export function parseCatalog(raw: unknown): CatalogEntry[] {
  const parsed = CatalogFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SyntaxError(`Cannot read the integration catalog: "${issue.path.join(".")}" ${issue.message}`);
  }
  const seen = new Set<string>();
  for (const entry of parsed.data.integrations) {
    if (seen.has(entry.id)) {
      throw new SyntaxError(`Cannot read the integration catalog: id "${entry.id}" is listed twice`);
    }
    seen.add(entry.id);
  }
  return parsed.data.integrations;
}

let parsed: readonly CatalogEntry[] | undefined;

/** The shipped catalog, validated. */
export const catalog = (): readonly CatalogEntry[] => (parsed ??= parseCatalog(data));

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const CONFIG_FILE = ".tool/config.json";

export const BoundaryRule = z.object({
  from: z.string().min(1),
  disallow: z.array(z.string().min(1)).min(1),
  allow: z.array(z.string().min(1)).optional(),
  reason: z.string().optional(),
}).strict();
export type BoundaryRule = z.infer<typeof BoundaryRule>;

/** The `architecture` key of .tool/config.json, as SPEC.md's "Architecture configuration". */
export const ArchitectureConfig = z.object({
  components: z.array(z.string().min(1)).min(1).optional(),
  depth: z.number().int().min(1).max(20).optional(),
  maxComponents: z.number().int().min(2, "must be 2 to 200").max(200, "must be 2 to 200").optional(),
  rules: z.array(BoundaryRule).optional(),
}).strict();
export type ArchitectureConfig = z.infer<typeof ArchitectureConfig>;

export const ConfigError = z.object({ key: z.string(), reason: z.string() });
export type ConfigError = z.infer<typeof ConfigError>;

/**
 * Reads the `architecture` key of .tool/config.json. A missing file means no configuration;
 * a file that does not parse or a value that breaks the schema gives a `configError` naming
 * the key, and the analysis goes on with inference, never with a crash.
 */
export function loadArchitectureConfig(root: string): { architecture: ArchitectureConfig; configError?: ConfigError } {
  const path = join(root, CONFIG_FILE);
  if (!existsSync(path)) return { architecture: {} };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    return { architecture: {}, configError: { key: CONFIG_FILE, reason: `not valid JSON: ${(error as Error).message}` } };
  }
  const section = raw && typeof raw === "object" ? (raw as Record<string, unknown>).architecture : undefined;
  if (section === undefined) return { architecture: {} };
  const parsed = ArchitectureConfig.safeParse(section);
  if (parsed.success) return { architecture: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    const key = ["architecture", ...where, issue.keys[0] ?? ""].join(".");
    return { architecture: {}, configError: { key, reason: "is not a known key (components, depth, maxComponents, rules)" } };
  }
  return { architecture: {}, configError: { key: ["architecture", ...where].join("."), reason: issue.message } };
}

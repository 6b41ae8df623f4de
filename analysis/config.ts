import { existsSync } from "node:fs";
import { join } from "node:path";
import { OutsideRepository, readInside } from "../core/inside.ts";
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

/**
 * The `history` key: thresholds of change coupling. Defaults follow the usual practice of
 * code-forensics tools: files with at least 5 commits, pairs sharing at least 5 commits with a
 * degree of at least 0.3, and commits touching more than 30 files left out.
 */
export const HistoryConfig = z.object({
  minCommits: z.number().int().min(1).default(5),
  minSharedCommits: z.number().int().min(1).default(5),
  minDegree: z.number().min(0).max(1).default(0.3),
  maxFilesPerCommit: z.number().int().min(2).default(30),
}).strict();
export type HistoryConfig = z.infer<typeof HistoryConfig>;

const Globs = z.array(z.string().min(1)).min(1).optional();

/**
 * `analysis`: how many source files the scan reads at most (SPEC: 5000 by default), and `roles`:
 * globs that decide a file's role before the path conventions (analysis/roles.ts).
 */
export const AnalysisConfig = z.object({
  maxFiles: z.number().int().min(1).max(1_000_000).optional(),
  roles: z.object({ source: Globs, generated: Globs, test: Globs, fixture: Globs, example: Globs, tooling: Globs, vendored: Globs }).strict().optional(),
}).strict();
export type AnalysisConfig = z.infer<typeof AnalysisConfig>;

export const ConfigError = z.object({ key: z.string(), reason: z.string() });
export type ConfigError = z.infer<typeof ConfigError>;

/**
 * Reads one key of .tool/config.json against its schema. A missing file or key gives the
 * schema's defaults; a file that does not parse or a value that breaks the schema gives a
 * `configError` naming the key, and the defaults are used: a bad config never stops a run.
 */
export function readConfigSection<S extends z.ZodType>(root: string, key: string, schema: S): { value: z.output<S>; configError?: ConfigError } {
  const fallback = schema.parse({}) as z.output<S>;
  const path = join(root, CONFIG_FILE);
  if (!existsSync(path)) return { value: fallback };
  let raw: unknown;
  try {
    raw = JSON.parse(readInside(root, path));
  } catch (error) {
    if (error instanceof OutsideRepository) return { value: fallback, configError: { key: CONFIG_FILE, reason: error.message } };
    return { value: fallback, configError: { key: CONFIG_FILE, reason: `not valid JSON: ${(error as Error).message}` } };
  }
  const section = raw && typeof raw === "object" ? (raw as Record<string, unknown>)[key] : undefined;
  if (section === undefined) return { value: fallback };
  const parsed = schema.safeParse(section);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    return { value: fallback, configError: { key: [key, ...where, issue.keys[0] ?? ""].join("."), reason: "is not a known key" } };
  }
  return { value: fallback, configError: { key: [key, ...where].join("."), reason: issue.message } };
}

/** The `architecture` configuration, or inference (an empty one) with the error that prevented it. */
export function loadArchitectureConfig(root: string): { architecture: ArchitectureConfig; configError?: ConfigError } {
  const { value, configError } = readConfigSection(root, "architecture", ArchitectureConfig);
  return { architecture: value, ...(configError ? { configError } : {}) };
}

/** The `history` thresholds, or the defaults with the error that prevented reading them. */
export function loadHistoryConfig(root: string): { history: HistoryConfig; configError?: ConfigError } {
  const { value, configError } = readConfigSection(root, "history", HistoryConfig);
  return { history: value, ...(configError ? { configError } : {}) };
}

/** The `analysis` settings, or none with the error that prevented reading them. */
export function loadAnalysisConfig(root: string): { analysis: AnalysisConfig; configError?: ConfigError } {
  const { value, configError } = readConfigSection(root, "analysis", AnalysisConfig);
  return { analysis: value, ...(configError ? { configError } : {}) };
}

import type { AnalyzeOptions } from "../analysis/analyze.ts";
import type { CommandContext, OptionSpec } from "./command.ts";

/**
 * The flags every analysing command takes: `--max-files N` raises the 5000-file cap;
 * `--include tests` brings tests, fixtures and vendored code into the architecture (components,
 * cycles, hubs, health), which is the product's alone by default.
 */
export const ANALYSIS_OPTIONS: OptionSpec = { "max-files": { type: "string" }, include: { type: "string" } };

/** The analysis options of a command's flags (the config's `analysis.maxFiles` applies when none). */
export function analysisOptions(context: CommandContext): AnalyzeOptions {
  const include = context.values.include;
  if (include !== undefined && include !== "tests" && include !== "all") throw new RangeError(`--include must be tests (or all), not "${include}"`);
  const options: AnalyzeOptions = { onProgress: context.progress, ...(include !== undefined ? { includeAll: true } : {}) };
  const text = context.values["max-files"];
  if (text === undefined) return options;
  const value = Number(text);
  if (!/^\d+$/.test(String(text)) || value < 1) throw new RangeError(`--max-files must be a positive whole number, not "${text}"`);
  return { ...options, maxFiles: value };
}

/**
 * The analysis options, with the listing fetched ahead: git lists the files while the stored
 * facts and resolutions are parsed, each on a core of its own, rather than one after the other
 * (on a repository of thousands of files, git's walk for untracked files and the parse of the
 * caches take about as long each). The analysis then reads them from memory.
 */
export async function analysisOptionsAhead(context: CommandContext): Promise<AnalyzeOptions> {
  const options = analysisOptions(context);
  const { gitListingAhead } = await import("../analysis/scan.ts");
  const listing = gitListingAhead(context.root);
  const [{ preloadFacts }, { preloadResolutions }] = await Promise.all([import("../analysis/cache.ts"), import("../analysis/resolve/listing-memo.ts")]);
  preloadFacts(context.root);
  preloadResolutions(context.root);
  const listed = await listing;
  return listed ? { ...options, listing: listed } : options;
}

/** One line on stderr when the file cap left files out: never a silent truncation. */
export function noteTruncation(context: CommandContext, report: { truncated: boolean; warnings: { message: string }[] }): void {
  if (!report.truncated) return;
  const warning = report.warnings.find((w) => / source files were left out past the /.test(w.message));
  context.stderr(`tool: ${warning?.message ?? "some files were left out past the file cap"}`);
}

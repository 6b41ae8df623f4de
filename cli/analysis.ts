import type { AnalyzeOptions } from "../analysis/analyze.ts";
import type { CommandContext, OptionSpec } from "./command.ts";

/** The flag every analysing command takes: `--max-files N` raises the 5000-file cap. */
export const ANALYSIS_OPTIONS: OptionSpec = { "max-files": { type: "string" } };

/** The analysis options of a command's flags (the config's `analysis.maxFiles` applies when none). */
export function analysisOptions(context: CommandContext): AnalyzeOptions {
  const text = context.values["max-files"];
  if (text === undefined) return { onProgress: context.progress };
  const value = Number(text);
  if (!/^\d+$/.test(String(text)) || value < 1) throw new RangeError(`--max-files must be a positive whole number, not "${text}"`);
  return { onProgress: context.progress, maxFiles: value };
}

/** One line on stderr when the file cap left files out: never a silent truncation. */
export function noteTruncation(context: CommandContext, report: { truncated: boolean; warnings: { message: string }[] }): void {
  if (!report.truncated) return;
  const warning = report.warnings.find((w) => / source files were left out past the /.test(w.message));
  context.stderr(`tool: ${warning?.message ?? "some files were left out past the file cap"}`);
}

import type { Command } from "./command.ts";
import { ANALYSIS_OPTIONS, analysisOptionsAhead, noteTruncation } from "./analysis.ts";
import { plural } from "../core/plural.ts";

export const hotspotsCommand: Command = {
  name: "hotspots",
  summary: "files where churn, complexity and dependents meet; files that change together",
  usage: "tool hotspots [--limit N] [--json]",
  details: [
    "From the last 12 months of git history. Score (0-100): the product of a file's percentile ranks",
    "in commits, complexity and dependents, among files that changed.",
    "Change coupling: degree = shared commits / average commits of the two files; thresholds in",
    ".tool/config.json under `history` (minCommits, minSharedCommits, minDegree, maxFilesPerCommit).",
  ].join("\n"),
  options: { ...ANALYSIS_OPTIONS, limit: { type: "string" } },
  async run(context) {
    const limit = context.values.limit === undefined ? 20 : Number(context.values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`--limit must be a whole number of 1 or more, not "${context.values.limit}"`);
    const { analyzeHistory } = await import("../analysis/analyze.ts");
    const report = analyzeHistory(context.root, await analysisOptionsAhead(context));
    noteTruncation(context, report);
    const history = report.history;
    if (context.json) {
      const { available, note, since, commits, hotspots, coupling, files, ownership } = history;
      context.printJson({ available, note, since, commits, hotspots: hotspots.slice(0, limit), coupling, files, ownership });
      return 0;
    }
    const out: string[] = [];
    if (!history.available) {
      context.stdout(`No history: ${history.note}.`);
      return 0;
    }
    if (history.note) out.push(`note: ${history.note}`, "");
    out.push(`${plural(history.commits, "commit")} by ${plural(history.authors, "person", "people")} since ${history.since.slice(0, 10)}`, "");
    out.push("Hotspots (score = churn x complexity x dependents, as percentile ranks):");
    for (const h of history.hotspots.slice(0, limit)) {
      const owner = history.files.find((f) => f.path === h.file);
      out.push(`  ${h.score.toFixed(1).padStart(5)}  ${h.file}  ${plural(h.commits, "commit")}, complexity ${h.complexity}, ${plural(h.dependents, "dependent")}${owner?.mainAuthor ? `, mostly ${owner.mainAuthor}` : ""}`);
    }
    if (history.hotspots.length === 0) out.push("  none (no file both changed and has decision points)");
    out.push("", "Files that change together:");
    for (const c of history.coupling.slice(0, limit)) {
      out.push(`  ${c.a} <-> ${c.b}  ${c.shared} shared commits, degree ${c.degree.toFixed(2)}${c.imports ? "" : "  (no import between them)"}`);
    }
    if (history.coupling.length === 0) out.push("  none above the thresholds");
    context.stdout(out.join("\n"));
    return 0;
  },
};

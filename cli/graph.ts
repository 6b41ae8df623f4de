import type { StructureReport } from "../analysis/structure.ts";
import type { Command } from "./command.ts";
import { ANALYSIS_OPTIONS, analysisOptionsAhead, noteTruncation } from "./analysis.ts";
import { plural } from "../core/plural.ts";

const FORMATS = ["text", "mermaid", "dot"];

export const graphCommand: Command = {
  name: "graph",
  summary: "import graph: files, edges, cycles, hubs, health",
  usage: "tool graph [--format text|mermaid|dot] [--json]",
  details: [
    "Cycles are runtime cycles (type-only imports left out) and, apart, cycles made only by type imports.",
    "A hub is a file imported by at least 5% of the source files (and at least 10).",
    "--format mermaid|dot prints diagram text; --json prints files, edges, unresolved, cycles, hubs, health.",
  ].join("\n"),
  options: { ...ANALYSIS_OPTIONS, format: { type: "string" } },
  async run(context) {
    const format = String(context.values.format ?? "text");
    if (!FORMATS.includes(format)) throw new RangeError(`--format must be text, mermaid or dot, not "${format}"`);
    const { analyzeStructure } = await import("../analysis/structure.ts");
    const report = analyzeStructure(context.root, await analysisOptionsAhead(context));
    noteTruncation(context, report);
    if (context.json) {
      const { generatedAt, root, truncated, skipped, warnings, files, edges, unresolved, externals, cycles, hubs, hubThreshold, health } = report;
      context.printJson({ generatedAt, root, truncated, skipped, warnings, files, edges, unresolved, externals, cycles, hubs, hubThreshold, health });
    } else if (format !== "text") {
      const { toDot, toMermaid } = await import("../analysis/reporters/diagram.ts");
      context.stdout((format === "dot" ? toDot : toMermaid)(report).trimEnd());
    } else {
      context.stdout(summary(report));
    }
    return 0;
  },
};

function summary(report: StructureReport): string {
  const runtime = report.cycles.filter((c) => c.kind === "runtime");
  const typeOnly = report.cycles.filter((c) => c.kind === "type");
  const out: string[] = [];
  out.push(`${plural(report.files.length, "file")}, ${plural(report.edges.length, "import")} between them, ${report.unresolved.length} unresolved`);
  if (report.truncated) out.push(`truncated: only the first ${report.files.length} source files were analysed`);
  for (const skip of report.skipped) out.push(`skipped ${skip.file}: ${skip.reason}`);
  for (const w of report.warnings) out.push(`warning ${w.file ? `${w.file}${w.line ? `:${w.line}` : ""}: ` : ""}${w.message}`);
  out.push("", `Health ${report.health.score}/100`);
  for (const d of report.health.deductions) out.push(`  -${d.points} ${d.rule} (${plural(d.files.length, "file")})`);
  out.push("", `Cycles: ${runtime.length} runtime, ${typeOnly.length} type-only`);
  for (const cycle of report.cycles) out.push(`  ${cycle.kind === "type" ? "type " : ""}${cycle.loop.join(" -> ")}`);
  out.push("", `Hubs (fan-in >= ${report.hubThreshold}): ${report.hubs.length}`);
  for (const hub of report.hubs) out.push(`  ${hub.file}  imported by ${hub.fanIn}, imports ${hub.fanOut}`);
  if (report.unresolved.length) {
    out.push("", "Unresolved imports:");
    for (const u of report.unresolved.slice(0, 20)) out.push(`  ${u.file}:${u.line} ${u.specifier} (${u.reason})`);
    if (report.unresolved.length > 20) out.push(`  ... and ${report.unresolved.length - 20} more (--json lists all)`);
  }
  return out.join("\n");
}

import { resolve } from "node:path";
import { z } from "zod";
import type { Finding } from "../analysis/schema.ts";
import { writeFileAtomic } from "../core/atomic.ts";
import type { Command } from "./command.ts";
import { readNamedFile } from "../core/inside.ts";
import { ANALYSIS_OPTIONS, analysisOptionsAhead, noteTruncation } from "./analysis.ts";

const Baseline = z.object({ version: z.literal(1), findings: z.array(z.object({ id: z.string(), rule: z.string(), title: z.string() })) });

export const auditCommand: Command = {
  name: "audit",
  summary: "ranked findings: architecture, hotspots, complexity, routes, security, configuration, dead code, knowledge, debt",
  usage: "tool audit [--fail-on high|medium|low] [--format text|json|sarif] [--baseline FILE] [--write-baseline FILE]",
  details: [
    "--fail-on SEVERITY: exit 1 when a finding of that severity or higher exists (after the baseline).",
    "--baseline FILE: leave out findings accepted in FILE, so CI fails only on new ones.",
    "--write-baseline FILE: accept every current finding into FILE and exit 0.",
    "--format sarif prints SARIF 2.1.0 for code-scanning pages; --json is --format json.",
  ].join("\n"),
  options: { ...ANALYSIS_OPTIONS, "fail-on": { type: "string" }, format: { type: "string" }, baseline: { type: "string" }, "write-baseline": { type: "string" } },
  async run(context) {
    const { Severity } = await import("../analysis/schema.ts");
    const failOn = context.values["fail-on"] === undefined ? undefined : Severity.safeParse(String(context.values["fail-on"]));
    if (failOn && !failOn.success) throw new RangeError(`--fail-on must be high, medium or low, not "${context.values["fail-on"]}"`);
    const format = context.json ? "json" : String(context.values.format ?? "text");
    if (!["text", "json", "sarif"].includes(format)) throw new RangeError(`--format must be text, json or sarif, not "${format}"`);
    const accepted = context.values.baseline === undefined ? new Set<string>() : readBaseline(resolve(String(context.values.baseline)));

    const { analyze } = await import("../analysis/analyze.ts");
    const report = analyze(context.root, await analysisOptionsAhead(context));
    noteTruncation(context, report);
    const writeTo = context.values["write-baseline"];
    if (writeTo !== undefined) {
      const baseline = { version: 1, findings: report.findings.map(({ id, rule, title }) => ({ id, rule, title })) };
      writeFileAtomic(resolve(String(writeTo)), JSON.stringify(baseline, null, 2) + "\n");
      context.stderr(`wrote ${baseline.findings.length} accepted findings to ${writeTo}`);
      if (context.json) context.printJson({ written: String(writeTo), findings: baseline.findings.length });
      return 0;
    }
    const findings = report.findings.filter((f) => !accepted.has(f.id));
    if (format === "json") context.printJson({ findings, baselined: report.findings.length - findings.length, health: report.health });
    else if (format === "sarif") context.printJson((await import("../analysis/reporters/sarif.ts")).toSarif(findings, report.root));
    else context.stdout(text(findings, report.findings.length - findings.length, report.health.score));

    const { SEVERITY_RANK } = await import("../analysis/findings/mod.ts");
    const threshold = failOn?.success ? SEVERITY_RANK[failOn.data] : undefined;
    return threshold !== undefined && findings.some((f) => SEVERITY_RANK[f.severity] <= threshold) ? 1 : 0;
  },
};

function readBaseline(path: string): Set<string> {
  let raw: unknown;
  try {
    raw = JSON.parse(readNamedFile(path));
  } catch (error) {
    throw new SyntaxError(`cannot read baseline "${path}": ${(error as Error).message}`);
  }
  const parsed = Baseline.safeParse(raw);
  if (!parsed.success) throw new SyntaxError(`baseline "${path}" is not a baseline written by --write-baseline: ${parsed.error.issues[0]!.message}`);
  return new Set(parsed.data.findings.map((f) => f.id));
}

function text(findings: Finding[], baselined: number, health: number): string {
  const out = [`${findings.length} findings${baselined ? ` (${baselined} accepted in the baseline)` : ""}; health ${health}/100`];
  for (const severity of ["high", "medium", "low"] as const) {
    const group = findings.filter((f) => f.severity === severity);
    if (!group.length) continue;
    out.push("", `${severity.toUpperCase()} (${group.length})`);
    for (const f of group) {
      const where = f.evidence[0] ? `${f.evidence[0].file}${f.evidence[0].line ? `:${f.evidence[0].line}` : ""}` : "";
      out.push(`  [${f.category}] ${f.title}  ${where}  (${f.id})`, `      ${f.action}`);
    }
  }
  return out.join("\n");
}

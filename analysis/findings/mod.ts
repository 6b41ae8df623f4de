/**
 * Findings: every signal of the analysis as one ranked list, high then medium then low,
 * each with evidence (files and lines), a suggested action, and the task it would become.
 */
import type { Finding, Report, Severity } from "../schema.ts";
import { architectureFindings } from "./architecture.ts";
import { changeFindings } from "./change.ts";
import { codeFindings } from "./code.ts";
import { configurationFindings } from "./configuration.ts";
import { routeFindings } from "./routes.ts";

export type FindingsInput = Pick<Report, "cycles" | "hubs" | "hubThreshold" | "components" | "history" | "files" | "routes"> & Partial<Pick<Report, "configuration">>;

/** Finding rules, each a pure function of the report; adding a category is one module and one line. */
const RULES: ((report: FindingsInput) => Finding[])[] = [architectureFindings, routeFindings, changeFindings, codeFindings, configurationFindings];

export const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
const CATEGORY_ORDER = ["security", "architecture", "routes", "hotspots", "complexity", "configuration", "knowledge", "dead-code", "debt"];

export function rankedFindings(report: FindingsInput, extra: Finding[] = []): Finding[] {
  return [...oneTicketPerFile(RULES.flatMap((rule) => rule(report))), ...extra].sort((a, b) =>
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category) ||
    b.evidence.length - a.evidence.length ||
    a.id.localeCompare(b.id)
  );
}

/**
 * A hotspot in a file that is also reported as complex is the same problem seen twice (both say
 * "split this function and test it"): reviewers filed one ticket for the two, or called the second
 * a duplicate. The complexity finding keeps the hotspot's evidence and the higher severity.
 */
function oneTicketPerFile(findings: Finding[]): Finding[] {
  const complex = new Map(findings.filter((f) => f.rule === "complex-file").map((f) => [f.evidence[0]!.file, f]));
  const merged = new Map<Finding, Finding>();
  const dropped = new Set<Finding>();
  for (const hotspot of findings.filter((f) => f.rule === "hotspot")) {
    const file = hotspot.evidence[0]!.file;
    const into = complex.get(file);
    if (!into) continue;
    const base = merged.get(into) ?? into;
    merged.set(into, {
      ...base,
      severity: SEVERITY_RANK[hotspot.severity] < SEVERITY_RANK[base.severity] ? hotspot.severity : base.severity,
      evidence: [...base.evidence, { file, detail: `also a hotspot: ${hotspot.title.replace(/^Hotspot: /, "")}` }],
    });
    dropped.add(hotspot);
  }
  return findings.filter((f) => !dropped.has(f)).map((f) => merged.get(f) ?? f);
}

import type { Finding, Report } from "../schema.ts";
import { finding } from "./finding.ts";

type Input = Pick<Report, "files">;

/** Thresholds for "very complex, deeply nested or very large": [medium, high]. */
export const LIMITS = { complexity: [50, 100], nesting: [6, 8], lines: [800, 1500] } as const;

/** How each measure over its limit reads in a finding's title. */
const WORDS: Record<keyof typeof LIMITS, string> = { complexity: "very complex", nesting: "deeply nested", lines: "very long" };

/** The words as one phrase, capitalised: "Very complex, deeply nested and very long". */
function phrase(parts: string[]): string {
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0]!;
  return text[0]!.toUpperCase() + text.slice(1);
}

/**
 * Very complex, deeply nested and very long files; files nothing imports; FIXME/HACK/TODO
 * markers. The product's own code only: generated files (migrations, protobuf output) are not
 * split by hand, and fixtures and vendored code are not the project's to fix; tests keep their
 * debt markers.
 */
export function codeFindings(report: Input): Finding[] {
  const found: Finding[] = [];
  for (const f of report.files) {
    const role = f.role;
    if (role === "fixture" || role === "vendored" || role === "generated") continue;
    const over: string[] = [];
    const words: string[] = [];
    let high = false;
    for (const [measure, [medium, top]] of Object.entries(LIMITS) as [keyof typeof LIMITS, readonly [number, number]][]) {
      const value = f[measure];
      if (value < medium) continue;
      over.push(`${measure} ${value} (over ${medium})`);
      words.push(WORDS[measure]);
      if (value >= top) high = true;
    }
    if (over.length && role === "source") {
      found.push(finding("complexity", "complex-file", high ? "high" : "medium", f.path, {
        title: `${phrase(words)} file`,
        evidence: [{ file: f.path, detail: over.join(", ") }],
        action: "Split the file by responsibility and flatten deep nesting with early returns and small functions.",
        task: { title: `Simplify ${f.path}`, detail: `${f.path}: ${over.join(", ")}. Split it so each part is easy to read and test.` },
      }));
    }
    if (f.unused && role === "source") {
      found.push(finding("dead-code", "unused-file", "low", f.path, {
        title: "File nothing imports",
        evidence: [{ file: f.path, detail: "no importer, and not a test, main, config, route or manifest entry" }],
        action: "Delete it if it is dead; if something loads it by convention, add it to the entry points (or import it).",
        task: { title: `Remove or wire up ${f.path}`, detail: `Nothing imports ${f.path} and it does not look like an entry point. Delete it or make its use explicit.` },
      }));
    }
    if (f.markers.length) {
      const severe = f.markers.some((m) => m.kind === "FIXME" || m.kind === "HACK");
      found.push(finding("debt", "debt-markers", severe ? "medium" : "low", f.path, {
        title: `${f.markers.length} debt marker${f.markers.length === 1 ? "" : "s"} (${[...new Set(f.markers.map((m) => m.kind))].join(", ")})`,
        evidence: f.markers.map((m) => ({ file: f.path, line: m.line, detail: `${m.kind}${m.text ? `: ${m.text}` : ""}` })),
        action: "Resolve the markers or turn them into tasks; a FIXME or HACK is a known defect or shortcut.",
        task: { title: `Resolve the debt markers in ${f.path}`, detail: f.markers.map((m) => `- line ${m.line}: ${m.kind} ${m.text}`).join("\n") },
      }));
    }
  }
  return found;
}

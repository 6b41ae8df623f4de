import type { Finding, Report, Severity } from "../schema.ts";
import { finding } from "./finding.ts";

type Input = Pick<Report, "files">;

/**
 * Where a file's decision points (complexity) and lines start to matter: low, medium, high.
 * A file is high when it is very complex, or complex and very long at once; length alone is low
 * (a long file of declarations or documentation is not hard to follow). Nesting is shown but
 * decides nothing: it is measured by indentation, which formatting (wrapped calls, multi-line
 * literals, module wrappers) inflates without making code harder to follow.
 */
export const LIMITS = { complexity: [50, 100, 150], lines: [800, 1500] } as const;

/** The words as one phrase, capitalised: "Very complex and very long". */
function phrase(parts: string[]): string {
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0]!;
  return text[0]!.toUpperCase() + text.slice(1);
}

function complexity(f: Input["files"][number]): { severity: Severity; words: string[]; detail: string } | undefined {
  const [lowC, mediumC, highC] = LIMITS.complexity;
  const [longL, veryLongL] = LIMITS.lines;
  const complex = f.complexity >= lowC;
  const long = f.lines >= longL;
  if (!complex && !long) return undefined;
  const severity: Severity = f.complexity >= highC || (f.complexity >= mediumC && f.lines >= veryLongL)
    ? "high"
    : f.complexity >= mediumC || (complex && f.lines >= veryLongL) ? "medium" : "low";
  const words = [...(complex ? ["very complex"] : []), ...(long ? ["very long"] : [])];
  const detail = [
    `${f.complexity} decision points (${complex ? "at or above" : "below"} ${lowC})`,
    `${f.lines} lines (${long ? "at or above" : "below"} ${longL})`,
    `deepest nesting ${f.nesting}`,
  ].join(", ");
  return { severity, words, detail };
}

/**
 * Very complex or very long files; files nothing imports; FIXME/HACK/TODO markers. The product's
 * own code only: generated files (migrations, protobuf output) are not split by hand, and
 * fixtures, examples and vendored code are not the project's to fix; tests keep their debt markers.
 */
export function codeFindings(report: Input): Finding[] {
  const found: Finding[] = [];
  for (const f of report.files) {
    const role = f.role;
    if (role !== "source" && role !== "test") continue;
    const measured = role === "source" ? complexity(f) : undefined;
    if (measured) {
      const { severity, words, detail } = measured;
      found.push(finding("complexity", "complex-file", severity, f.path, {
        title: `${phrase(words)} file`,
        evidence: [{ file: f.path, detail }],
        action: "Split the file by responsibility and flatten deep nesting with early returns and small functions.",
        task: { title: `Simplify ${f.path}`, detail: `${f.path}: ${detail}. Split it so each part is easy to read and test.` },
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

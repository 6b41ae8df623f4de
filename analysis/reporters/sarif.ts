import { VERSION } from "../../core/version.ts";
import type { Finding, Severity } from "../schema.ts";

const LEVEL: Record<Severity, "error" | "warning" | "note"> = { high: "error", medium: "warning", low: "note" };

/**
 * Findings as a SARIF 2.1.0 log, so CI systems and code-scanning pages show them inline.
 * Paths are relative to the repository root (SRCROOT); each result carries the finding's
 * stable id as a partial fingerprint so that a finding is tracked across runs.
 */
export function toSarif(findings: readonly Finding[], root: string): object {
  const rules = new Map<string, Finding>();
  for (const f of findings) if (!rules.has(f.rule)) rules.set(f.rule, f);
  const ruleIds = [...rules.keys()];
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [{
      tool: {
        driver: {
          name: "tool",
          version: VERSION,
          informationUri: "https://example.invalid/tool",
          rules: [...rules.values()].map((f) => ({
            id: f.rule,
            name: f.rule.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()),
            shortDescription: { text: `${f.category}: ${f.rule.replaceAll("-", " ")}` },
            help: { text: f.action },
            properties: { category: f.category },
          })),
        },
      },
      originalUriBaseIds: { SRCROOT: { uri: `file://${root.endsWith("/") ? root : root + "/"}` } },
      results: findings.map((f) => ({
        ruleId: f.rule,
        ruleIndex: ruleIds.indexOf(f.rule),
        level: LEVEL[f.severity],
        message: { text: `${f.title}. ${f.action}` },
        locations: f.evidence.slice(0, 10).map((e) => ({
          physicalLocation: {
            artifactLocation: { uri: e.file, uriBaseId: "SRCROOT" },
            ...(e.line ? { region: { startLine: e.line } } : {}),
          },
          ...(e.detail ? { message: { text: e.detail } } : {}),
        })),
        partialFingerprints: { "toolFindingId/v1": f.id },
        properties: { severity: f.severity, category: f.category },
      })),
    }],
  };
}

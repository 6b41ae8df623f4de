import { ToolError } from "../core/errors.ts";
import { type ImpactInput, impactOf } from "./impact.ts";
import type { Component, FileNode, Finding, Report } from "./schema.ts";

export type BriefInput = ImpactInput & Pick<Report, "components" | "findings">;

/**
 * A Markdown brief for a coding agent or a reviewer about one file or one component:
 * its metrics, imports, dependents, the entry points a change would affect, the tests to run
 * and the integrations it reaches. No author names: the brief may leave this machine.
 */
export function contextBrief(report: BriefInput, target: string): string {
  const file = report.files.find((f) => f.path === target);
  if (file) return fileBrief(report, file);
  const component = report.components.items.find((c) => c.name === target);
  if (component) return componentBrief(report, component);
  throw new ToolError("unknown-target", `"${target}" is neither a file nor a component the analysis knows`, 404);
}

function fileBrief(report: BriefInput, file: FileNode): string {
  const impact = impactOf(report, [file.path]);
  const imports = report.edges.filter((e) => e.from === file.path);
  const out = [
    `# Context: ${file.path}`,
    "",
    `- Component: ${file.component}`,
    `- Language: ${file.language}; ${file.lines} lines; complexity ${file.complexity}; nesting ${file.nesting}`,
    `- Imported by ${file.fanIn} files; imports ${file.fanOut}`,
    "",
    section("Imports", imports.map((e) => `${e.to} (line ${e.line}${e.kind === "import" ? "" : `, ${e.kind}`})`)),
    section("Dependents", impact.dependents.map((d) => `${d.file}${d.distance > 1 ? ` (distance ${d.distance}, via ${d.via})` : ""}`)),
    section("Entry points affected", impact.entryPoints.map((r) => `${r.method} ${r.path} (${r.file}:${r.line})`)),
    section("Tests to run", impact.tests.map((t) => `${t.file} (${t.reason})`)),
    section("Integrations reached", [...impact.integrations, ...impact.packages.map((p) => `package ${p}`)]),
    section("Findings", findingsAbout(report.findings, [file.path])),
  ];
  return out.join("\n").trimEnd() + "\n";
}

function componentBrief(report: BriefInput, component: Component): string {
  const members = report.files.filter((f) => f.component === component.name);
  const impact = impactOf(report, members.map((f) => f.path));
  const outside = impact.dependents.filter((d) => !members.some((m) => m.path === d.file));
  const out = [
    `# Context: component ${component.name}`,
    "",
    `- ${component.files} files, ${component.lines} lines (${component.languages.join(", ")})`,
    `- Ca ${component.ca}, Ce ${component.ce}, instability ${component.instability}, abstractness ${component.abstractness}, distance ${component.distance} (${component.zone})`,
    "",
    section("Most depended-on files", [...members].sort((a, b) => b.fanIn - a.fanIn).slice(0, 10).map((f) => `${f.path} (imported by ${f.fanIn})`)),
    section("Depends on", component.dependsOn.map((d) => `${d.component} (${d.imports} imports)`)),
    section("Depended on by", component.dependedOnBy),
    section("Dependents outside the component", outside.map((d) => d.file)),
    section("Entry points affected", impact.entryPoints.map((r) => `${r.method} ${r.path} (${r.file}:${r.line})`)),
    section("Tests to run", impact.tests.map((t) => `${t.file} (${t.reason})`)),
    section("Integrations reached", [...impact.integrations, ...impact.packages.map((p) => `package ${p}`)]),
    section("Findings", findingsAbout(report.findings, members.map((f) => f.path).concat(component.name))),
  ];
  return out.join("\n").trimEnd() + "\n";
}

function section(title: string, lines: string[]): string {
  return `## ${title}\n${lines.length ? lines.slice(0, 50).map((l) => `- ${l}`).join("\n") + (lines.length > 50 ? `\n- ... and ${lines.length - 50} more` : "") : "- none"}\n`;
}

function findingsAbout(findings: readonly Finding[], subjects: string[]): string[] {
  const set = new Set(subjects);
  return findings.filter((f) => f.evidence.some((e) => set.has(e.file))).map((f) => `[${f.severity}] ${f.title} (${f.id})`);
}

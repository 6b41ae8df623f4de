import { join } from "node:path";
import { analyze, impactOf } from "../../../analysis/mod.ts";
import { writeFileAtomic } from "../../../core/atomic.ts";
import { taskDir } from "../read.ts";
import type { Check } from "./check.ts";
import { changedFiles } from "./git.ts";

/**
 * A structured review of the task's diff from the analysis: the files and components it
 * touches, what depends on them, the entry points and tests affected, and the findings that
 * sit in the changed files. Written to the task as review.md; fails on a high-severity finding.
 */
export const review: Check = ({ root, task, base }) => {
  const report = analyze(root);
  const known = new Set(report.files.map((f) => f.path));
  const changed = changedFiles(root, base);
  const analysed = changed.filter((f) => known.has(f));
  const impact = analysed.length ? impactOf(report, analysed) : undefined;
  const components = [...new Set(report.files.filter((f) => analysed.includes(f.path)).map((f) => f.component))].sort();
  const findings = report.findings.filter((f) => f.evidence.some((e) => changed.includes(e.file)));
  const high = findings.filter((f) => f.severity === "high");
  const list = (items: string[]) => (items.length ? items.map((i) => `- ${i}`).join("\n") : "- none");
  const markdown = [
    `# Review of ${task.id}: ${task.title}`,
    "",
    `## Changed files (${changed.length})`, list(changed),
    "", `## Components touched`, list(components),
    "", `## Dependents (${impact?.dependents.length ?? 0})`, list((impact?.dependents ?? []).map((d) => `${d.file} (distance ${d.distance})`)),
    "", `## Entry points affected`, list((impact?.entryPoints ?? []).map((r) => `${r.method} ${r.path} (${r.file}:${r.line})`)),
    "", `## Tests to run`, list((impact?.tests ?? []).map((t) => `${t.file} (${t.reason})`)),
    "", `## Findings in the changed files`, list(findings.map((f) => `[${f.severity}] ${f.title} (${f.evidence[0]?.file}${f.evidence[0]?.line ? `:${f.evidence[0].line}` : ""}): ${f.action}`)),
    "",
  ].join("\n");
  writeFileAtomic(join(taskDir(root, task.id), "review.md"), markdown);
  return {
    ok: high.length === 0,
    summary: `${changed.length} files, ${components.length} components, ${impact?.dependents.length ?? 0} dependents, ${findings.length} findings (${high.length} high)`,
    details: { changed, components, dependents: impact?.dependents.length ?? 0, entryPoints: impact?.entryPoints ?? [], tests: impact?.tests ?? [], findings: findings.map((f) => f.id) },
    text: markdown,
  };
};

import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { Command } from "./command.ts";
import { ANALYSIS_OPTIONS, analysisOptionsAhead, noteTruncation } from "./analysis.ts";

/** How many items of each list the text output shows. */
const TEXT_LIMIT = 20;

export const impactCommand: Command = {
  name: "impact",
  summary: "what a change to files touches: dependents, entry points, tests to run, integrations",
  usage: "tool impact <file>... [--brief] [--json]",
  details: [
    "Files are given relative to the current folder or to the repository root.",
    "--brief prints a Markdown context brief for one file or one component (a folder name from `tool coupling`).",
  ].join("\n"),
  options: { ...ANALYSIS_OPTIONS, brief: { type: "boolean" } },
  maxPositionals: 1000,
  async run(context) {
    if (context.positionals.length === 0) throw new TypeError("give at least one file: tool impact <file>...");
    const { analyze } = await import("../analysis/analyze.ts");
    const { contextBrief } = await import("../analysis/brief.ts");
    const { impactOf } = await import("../analysis/impact.ts");
    const report = analyze(context.root, await analysisOptionsAhead(context));
    noteTruncation(context, report);
    const known = new Set(report.files.map((f) => f.path));
    const targets = context.positionals.map((arg) => toRepoPath(arg, context.root, known));
    if (context.values.brief) {
      if (targets.length !== 1) throw new TypeError("--brief takes one file or component");
      const brief = contextBrief(report, targets[0]!);
      if (context.json) context.printJson({ target: targets[0], markdown: brief });
      else context.stdout(brief.trimEnd());
      return 0;
    }
    const impact = impactOf(report, targets);
    if (context.json) {
      context.printJson(impact);
      return 0;
    }
    // Each list is cut at TEXT_LIMIT lines in text; --json lists everything.
    const listed = <T,>(items: readonly T[], line: (item: T) => string) => [
      ...items.slice(0, TEXT_LIMIT).map(line),
      ...(items.length > TEXT_LIMIT ? [`  … and ${items.length - TEXT_LIMIT} more (--json lists all)`] : []),
    ];
    const out = [`Impact of ${targets.join(", ")}`, "", `Dependents: ${impact.dependents.length}`];
    out.push(...listed(impact.dependents, (d) => `  ${"  ".repeat(d.distance - 1)}${d.file}${d.distance > 1 ? `  (via ${d.via})` : ""}`));
    out.push("", `Entry points served: ${impact.entryPoints.length}`);
    out.push(...listed(impact.entryPoints, (r) => `  ${r.method} ${r.path}  ${r.file}:${r.line}`));
    out.push("", `Tests to run: ${impact.tests.length}`);
    out.push(...listed(impact.tests, (t) => `  ${t.file}  (${t.reason})`));
    const reached = [...impact.integrations, ...impact.packages.map((p) => `package ${p}`)];
    out.push("", `Integrations reached: ${reached.length ? reached.join(", ") : "none"}`);
    context.stdout(out.join("\n"));
    return 0;
  },
};

/** A path the user typed, as a repository path: relative to the current folder first, then to the root. */
function toRepoPath(arg: string, root: string, known: Set<string>): string {
  const fromCwd = relative(root, resolve(arg)).split("\\").join("/");
  if (known.has(fromCwd)) return fromCwd;
  const fromRoot = arg.replace(/^\.\//, "");
  if (known.has(fromRoot) || !existsSync(resolve(arg))) return fromRoot;
  return fromCwd;
}

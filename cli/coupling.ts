import type { Component } from "../analysis/schema.ts";
import type { Command } from "./command.ts";
import { ANALYSIS_OPTIONS, analysisOptionsAhead, noteTruncation } from "./analysis.ts";

/** Sort keys of `--sort`, with their short names; numbers sort descending, names ascending. */
const SORTS: Record<string, (a: Component, b: Component) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  files: (a, b) => b.files - a.files,
  ca: (a, b) => b.ca - a.ca,
  ce: (a, b) => b.ce - a.ce,
  instability: (a, b) => b.instability - a.instability,
  abstractness: (a, b) => b.abstractness - a.abstractness,
  distance: (a, b) => b.distance - a.distance,
  zone: (a, b) => a.zone.localeCompare(b.zone),
};
const ALIASES: Record<string, string> = { i: "instability", a: "abstractness", d: "distance" };

export const couplingCommand: Command = {
  name: "coupling",
  summary: "components with Ca, Ce, instability, abstractness, distance, zones and SDP violations",
  usage: "tool coupling [--sort name|files|ca|ce|instability|abstractness|distance|zone] [--json]",
  details: [
    "Components are inferred from folders, or set in .tool/config.json under `architecture`",
    "(components: folder globs; depth: a fixed folder depth; maxComponents: 2 to 200; rules: forbidden imports).",
    "I = Ce / (Ca + Ce); A = abstract types / (types + module-level functions); D = |A + I - 1|.",
    "An SDP violation is an import into a component more than 0.25 less stable.",
    "--json prints the components section: items, sdpViolations, matrix, boundaryViolations.",
  ].join("\n"),
  options: { ...ANALYSIS_OPTIONS, sort: { type: "string" } },
  async run(context) {
    const requested = String(context.values.sort ?? "name").toLowerCase();
    const sortKey = ALIASES[requested] ?? requested;
    const sort = SORTS[sortKey];
    if (!sort) throw new RangeError(`--sort must be one of ${Object.keys(SORTS).join(", ")}, not "${requested}"`);
    const { analyzeStructure } = await import("../analysis/structure.ts");
    const report = analyzeStructure(context.root, await analysisOptionsAhead(context));
    noteTruncation(context, report);
    const section = report.components;
    if (context.json) {
      context.printJson(section);
      return 0;
    }
    const items = [...section.items].sort(sort);
    const out: string[] = [];
    if (section.configError) out.push(`config error: ${section.configError.key} ${section.configError.reason} (components were inferred instead)`, "");
    out.push(`${items.length} components (${section.source})`, "");
    const width = Math.max(9, ...items.map((c) => c.name.length));
    out.push(`${"component".padEnd(width)}  files    Ca    Ce     I     A     D  zone`);
    for (const c of items) {
      const n = (value: number) => value.toFixed(2).padStart(5);
      out.push(`${c.name.padEnd(width)}  ${String(c.files).padStart(5)} ${String(c.ca).padStart(5)} ${String(c.ce).padStart(5)} ${n(c.instability)} ${n(c.abstractness)} ${n(c.distance)}  ${c.zone}`);
    }
    const pain = items.filter((c) => c.zone === "pain").map((c) => c.name);
    const useless = items.filter((c) => c.zone === "uselessness").map((c) => c.name);
    out.push("", `Zone of pain (concrete, depended on): ${pain.join(", ") || "none"}`);
    out.push(`Zone of uselessness (abstract, unused): ${useless.join(", ") || "none"}`);
    out.push("", `Stable Dependencies Principle violations (margin ${section.sdpMargin}): ${section.sdpViolations.length}`);
    for (const v of section.sdpViolations) {
      out.push(`  ${v.from} (I=${v.fromInstability.toFixed(2)}) -> ${v.to} (I=${v.toInstability.toFixed(2)}), ${v.imports} imports, e.g. ${v.example.file}:${v.example.line}`);
    }
    if (section.boundaryViolations.length) {
      out.push("", `Boundary rule violations: ${section.boundaryViolations.length}`);
      for (const v of section.boundaryViolations) out.push(`  ${v.from}:${v.line} imports ${v.to}: ${v.reason}`);
    }
    if (section.matrix.mutual.length) {
      out.push("", "Mutually dependent components:");
      for (const [a, b] of section.matrix.mutual) out.push(`  ${a} <-> ${b}`);
    }
    context.stdout(out.join("\n"));
    return 0;
  },
};

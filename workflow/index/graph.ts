import { plural } from "../../core/plural.ts";
import { productPaths } from "../../analysis/roles.ts";
import { loadsInOrder } from "../../analysis/graph/cycles.ts";
import { SEVERITY_RANK } from "../../analysis/findings/mod.ts";
import type { StructureReport } from "../../analysis/mod.ts";
import type { GraphSummary, Improvement, ModuleSummary, Signal } from "./schema.ts";

const MAX_IMPROVEMENTS = 50;
const MAX_FILE_SIGNALS = 50;

/**
 * The import graph as the index shows it: nodes and edges (compact), health, cycles, hubs.
 * Reads the report defensively: sections the analysis does not have yet are empty.
 * Hotspots come with the history issue and are empty until then.
 */
export function graphSummary(report: StructureReport | undefined): GraphSummary {
  return {
    nodes: (report?.files ?? []).map((f) => ({
      id: f.path,
      language: f.language,
      lines: f.lines ?? 0,
      complexity: f.complexity ?? 0,
      fanIn: f.fanIn ?? 0,
      fanOut: f.fanOut ?? 0,
    })),
    edges: (report?.edges ?? []).map((e) => ({ from: e.from, to: e.to, kind: e.kind })),
    health: report?.health ?? null,
    cycles: report?.cycles ?? [],
    hubs: report?.hubs ?? [],
    hotspots: [],
    truncated: report?.truncated ?? false,
  };
}

/**
 * Files grouped by top-level folder ("." for files at the root), with the number of other
 * modules each imports and is imported by. A stand-in until components are inferred.
 */
export function moduleSummaries(report: StructureReport | undefined): ModuleSummary[] {
  const modules = new Map<
    string,
    { files: number; lines: number; languages: Set<string>; in: Set<string>; out: Set<string> }
  >();
  const get = (name: string) => {
    let module = modules.get(name);
    if (!module) {
      modules.set(name, module = { files: 0, lines: 0, languages: new Set(), in: new Set(), out: new Set() });
    }
    return module;
  };
  for (const file of report?.files ?? []) {
    const module = get(moduleOf(file.path));
    module.files++;
    module.lines += file.lines ?? 0;
    module.languages.add(file.language);
  }
  for (const edge of report?.edges ?? []) {
    const from = moduleOf(edge.from);
    const to = moduleOf(edge.to);
    if (from === to) continue;
    get(from).out.add(to);
    get(to).in.add(from);
  }
  return [...modules].map(([path, m]) => ({
    path,
    files: m.files,
    lines: m.lines,
    languages: [...m.languages].sort(),
    fanIn: m.in.size,
    fanOut: m.out.size,
  })).sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Suggested tasks from the findings the analysis has now: runtime cycles, then hub files, most
 * urgent first. The severities are the findings' own (a cycle is high only where it can fail
 * while the files load; a hub is a fact, low), so the Overview and Findings never disagree.
 */
export function improvements(report: StructureReport | undefined): Improvement[] {
  const out: Improvement[] = [];
  for (const cycle of (report?.cycles ?? []).filter((c) => c.kind === "runtime")) {
    const loop = cycle.loop.length ? cycle.loop : cycle.files;
    const urgent = loadsInOrder(cycle);
    out.push({
      slug: slugify(`break-cycle-${stem(cycle.files[0] ?? "files")}`),
      title: `Break the import cycle between ${cycle.files.length} files`,
      detail: `These files import each other: ${loop.join(" -> ")}. ${
        urgent
          ? "Loading one of them can find the other half-initialised. "
          : "The loop cannot fail while they load (lazy imports, or a language that does not load files in order), so it is a design smell, not a defect. "
      }Move what they share into a module both can import, or invert one import.`,
      severity: urgent ? "high" : "low",
      preset: "standard",
      evidence: [...cycle.files],
    });
  }
  for (const hub of report?.hubs ?? []) {
    out.push({
      slug: slugify(`split-hub-${stem(hub.file)}`),
      title: `Reduce what depends on ${hub.file}`,
      detail: `${hub.file} is imported by ${hub.fanIn} files (hub threshold ${
        report?.hubThreshold ?? "?"
      }): a change to it reaches all of them. Split it by concern so each importer depends on less.`,
      severity: "low",
      preset: "standard",
      evidence: [hub.file],
    });
  }
  return uniqueSlugs(out).sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]).slice(0, MAX_IMPROVEMENTS);
}

/** Warnings and notes about the analysis itself: truncation (the first of its warnings), skipped files, parse failures, unresolved imports. */
export function analysisSignals(report: StructureReport | undefined): Signal[] {
  if (!report) return [];
  const signals: Signal[] = [];
  if (report.git === false) {
    signals.push({
      level: "info",
      code: "no-git",
      message: "Not a git repository: files were found by walking the folder, and there is no history",
    });
  }
  for (const skip of (report.skipped ?? []).slice(0, MAX_FILE_SIGNALS)) {
    signals.push({
      level: "info",
      code: "file-skipped",
      file: skip.file,
      message: `Skipped ${skip.file}: ${skip.reason}`,
    });
  }
  for (const warning of (report.warnings ?? []).slice(0, MAX_FILE_SIGNALS)) {
    signals.push({
      level: "warning",
      code: "analysis-warning",
      file: warning.file,
      ...(warning.line ? { line: warning.line } : {}),
      message: warning.file ? `${warning.file}: ${warning.message}` : warning.message,
    });
  }
  // Imports a test or a fixture cannot resolve (fixtures are often incomplete on purpose) are
  // not the project's signal; the graph's own answer still lists them.
  const product = productPaths(report.files);
  const unresolved = (report.unresolved ?? []).filter((u) => product(u.file));
  if (unresolved.length) {
    const first = unresolved[0]!;
    signals.push({
      level: "info",
      code: "unresolved-imports",
      file: first.file,
      line: first.line,
      message: `${plural(unresolved.length, "import")} of the product's code could not be resolved to a file, e.g. "${first.specifier}" in ${first.file}`,
    });
  }
  return signals;
}

const moduleOf = (path: string): string => (path.includes("/") ? path.slice(0, path.indexOf("/")) : ".");
const stem = (path: string): string => path.split("/").pop()!.replace(/\.[^.]+$/, "");

function slugify(text: string): string {
  const slug = text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60).replace(/-+$/, "");
  return slug.length >= 2 ? slug : `task-${slug}`;
}

function uniqueSlugs(items: Improvement[]): Improvement[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const n = (seen.get(item.slug) ?? 0) + 1;
    seen.set(item.slug, n);
    return n === 1 ? item : { ...item, slug: `${item.slug}-${n}` };
  });
}

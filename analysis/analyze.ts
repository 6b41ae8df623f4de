import { configurationSection } from "./configuration/mod.ts";
import { rankedFindings } from "./findings/mod.ts";
import { historySection } from "./history/mod.ts";
import { integrationsByFile, integrationsSection } from "./integrations/mod.ts";
import { productRouteFacts, routesSection } from "./routes/mod.ts";
import type { HistorySection, Report } from "./schema.ts";
import { type AnalyzeOptions, structure, type StructureReport } from "./structure.ts";

export { analyzeStructure, type AnalyzeOptions, type Progress, type StructureReport } from "./structure.ts";

/**
 * The whole pipeline: the structure, then integrations and configuration, routes, history,
 * and findings. Static: it reads files and runs `git ls-files` and `git log`, nothing else.
 */
export function analyze(root: string, options: AnalyzeOptions & { deferHistory?: boolean } = {}): Report {
  const { report, facts, project, externals, byFile, lap, progress, git } = structure(root, options, { whole: true });

  progress("integrations");
  const integrations = integrationsSection(project, facts, externals);
  const configuration = configurationSection(facts, project);
  lap("integrations");

  progress("routes");
  const routes = routesSection(productRouteFacts(facts, report.files), report.edges, byFile, project, integrationsByFile(integrations));
  lap("routes");

  progress("history");
  const history = historySection(root, git, report.files, report.edges, new Date(), { write: !options.readOnly, defer: options.deferHistory });
  lap("history");

  const { cycles, hubs, hubThreshold, components, files } = report;
  const findings = rankedFindings({ cycles, hubs, hubThreshold, components, history, files, routes, configuration });
  lap("findings");
  // A scanner that failed on a file costs that file's routes of its framework, said here.
  const scanWarnings = facts.flatMap((f) => (f.routes?.scanErrors ?? []).map((e) => ({
    file: f.path,
    message: `the ${e.framework} routes of this file could not be read (${e.message}); the rest of the analysis stands`,
  })));
  return { ...report, warnings: [...report.warnings, ...scanWarnings], routes, integrations, configuration, history, findings };
}

/**
 * A report whose history the first analysis left for later (`history.pending`), completed once
 * the history is read (readHistoryAhead): the history and the findings that weigh it are
 * computed again, and the rest of the report stands, since no file had to change for the
 * history to arrive (a change refreshes the whole report, as always). On payload the console's
 * refresh after its history took 450 ms and 110 MB more at its peak with a whole analysis.
 */
export function withHistory(root: string, report: Report, options: { readOnly?: boolean } = {}): Report {
  const history = historySection(root, report.git, report.files, report.edges, new Date(), { write: !options.readOnly });
  const { cycles, hubs, hubThreshold, components, files, routes, configuration } = report;
  const findings = rankedFindings({ cycles, hubs, hubThreshold, components, history, files, routes, configuration });
  return { ...report, generatedAt: new Date().toISOString(), history, findings };
}

/**
 * The structure and the history alone (no integrations, routes or findings): what `tool
 * hotspots` shows, a few hundred milliseconds sooner on a large repository.
 */
export function analyzeHistory(root: string, options: AnalyzeOptions = {}): StructureReport & { history: HistorySection } {
  const { report, git } = structure(root, options, { whole: false });
  return { ...report, history: historySection(root, git, report.files, report.edges, new Date(), { write: !options.readOnly }) };
}

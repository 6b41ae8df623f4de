import type { StructureReport } from "../../analysis/mod.ts";
import { findDocuments } from "./docs.ts";
import { listProjectFiles } from "./files.ts";
import { gitState } from "./git.ts";
import { analysisSignals, graphSummary, improvements, moduleSummaries } from "./graph.ts";
import { projectFacts } from "./project.ts";
import type { CommandInfo, ProjectIndex, Signal } from "./schema.ts";
import { presetCounts, readTaskSummaries } from "./tasks.ts";
import { agentConfiguration } from "../agents/config.ts";
import { ADAPTERS, activeAdapter, installedState } from "../capabilities/mod.ts";
import { loadFlows } from "../flows/definitions.ts";

export type BuildIndexOptions = {
  /**
   * The analysis the graph sections summarise (its structure is all they need: a whole report
   * or the structure alone); without one they are empty. A promise is awaited after git's
   * processes for the index have started, so they run during the analysis.
   */
  report?: StructureReport | Promise<StructureReport | undefined>;
  /** The command registry of `tool` (the faces own it; the index only lists it). */
  commands?: readonly CommandInfo[];
};

/**
 * Builds the project index (GET /api/project): project facts, commands, presets, tasks,
 * documents, the import-graph summary with suggested improvements and signals, git state.
 * The repository's assets: the agent adapters (the active one marked), the agent providers with
 * their trust, the flows (`workflows`), the installed capabilities; `lab` is empty (no feature
 * fills it yet).
 *
 * @example
 * const index = await buildProjectIndex(root, { report: analyze(root), commands });
 */
export async function buildProjectIndex(root: string, options: BuildIndexOptions = {}): Promise<ProjectIndex> {
  const [paths, git, report] = await Promise.all([listProjectFiles(root), gitState(root), options.report]);
  const signals: Signal[] = [];
  const project = projectFacts(root, paths, report, signals);
  const tasks = readTaskSummaries(root, signals);
  const documents = findDocuments(root, paths);
  return {
    generatedAt: new Date().toISOString(),
    project,
    commands: (options.commands ?? []).map(({ name, summary, usage }) => ({ name, summary, usage })),
    presets: presetCounts(tasks),
    tasks,
    specs: documents.specs,
    docs: documents.docs,
    adrs: documents.adrs,
    modules: moduleSummaries(report),
    couplings: [],
    graph: graphSummary(report),
    improvements: improvements(report),
    signals: [...signals, ...analysisSignals(report)],
    git,
    adapters: ADAPTERS.map((a) => ({ id: a.id, name: a.name, instructions: a.instructions, active: a.id === activeAdapter(root) })),
    agents: agentConfiguration(root).providers.map(({ id, name, installed, trusted, maxPermission }) => ({ id, name, installed, trusted, maxPermission })),
    workflows: loadFlows(root).flows.map((f) => ({ name: f.name, description: f.description, gates: f.gates.map((g) => ({ name: g.name, kind: g.kind })) })),
    lab: [],
    capabilities: installedState(root),
  };
}

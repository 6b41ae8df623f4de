/** Components of the architecture: assignment of files, coupling metrics, SDP, matrix, boundary rules. */
import type { ArchitectureConfig, ConfigError } from "../config.ts";
import type { ComponentsSection, Edge, FileNode } from "../schema.ts";
import { assignComponents } from "./assign.ts";
import { componentLinks, componentMetrics, dependencyMatrix, SDP_MARGIN, sdpViolations } from "./metrics.ts";
import { boundaryViolations } from "./rules.ts";

export { assignComponents, ROOT_COMPONENT } from "./assign.ts";

/** The `components` section of the report from the files, the edges and the configuration. */
export function componentsSection(
  files: readonly FileNode[],
  edges: readonly Edge[],
  byFile: Map<string, string>,
  source: ComponentsSection["source"],
  architecture: ArchitectureConfig,
  configError: ConfigError | undefined,
): ComponentsSection {
  const links = componentLinks(edges, byFile);
  const items = componentMetrics(files, links, byFile);
  // A dependency made only of type imports vanishes at run time, and a Rust `mod x;` only places
  // a file in the crate: neither breaks stability, and
  // the imports counted and shown for one that does are those that run. Nor does an import of a
  // file that itself imports nothing of the project at run time (a constant, a runtime probe):
  // nothing can reach the importer through it, whatever the rest of its folder depends on.
  const importers = new Set<string>();
  for (const e of edges) if (e.kind !== "type" && e.kind !== "declaration") importers.add(e.from);
  const atRunTime = componentLinks(edges.filter((e) => e.kind !== "type" && e.kind !== "declaration" && importers.has(e.to)), byFile);
  return {
    source,
    ...(configError ? { configError } : {}),
    items,
    sdpViolations: sdpViolations(items, atRunTime),
    sdpMargin: SDP_MARGIN,
    matrix: dependencyMatrix(items),
    boundaryViolations: boundaryViolations(edges, architecture.rules ?? []),
  };
}

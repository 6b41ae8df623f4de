import { join } from "node:path";
import { cachedFacts, type Extractor } from "./cache.ts";
import { extractAll } from "./extract/pool.ts";
import { assignComponents, componentsSection } from "./components/mod.ts";
import { loadAnalysisConfig, loadArchitectureConfig } from "./config.ts";
import { entryPointMatcher } from "./entry-points.ts";
import type { FileFacts } from "./facts.ts";
import { findCycles, loadsInOrder } from "./graph/cycles.ts";
import { pythonLoadOrder } from "./graph/python-load-order.ts";
import { scriptLoadOrder } from "./graph/script-load-order.ts";
import { loadTimeReads } from "./graph/load-time.ts";
import { fanCounts, findHubs, hubThreshold } from "./graph/hubs.ts";
import { numberGraph } from "./graph/numbered.ts";
import { computeHealth } from "./health.ts";
import { ProjectFiles } from "./project.ts";
import { resolveImports } from "./resolve/mod.ts";
import { RUBY_AUTOLOAD_WARNING } from "./resolve/ruby.ts";
import { PRODUCT_ROLES, type Role, roleResolver } from "./roles.ts";
import { scan, type ScanOptions } from "./scan.ts";
import type { FileNode, Report } from "./schema.ts";

export type Progress = (phase: string, done?: number, total?: number) => void;

/** JavaScript and TypeScript modules, whose imports load-time.ts reads. */
const SCRIPT = /\.[cm]?[jt]sx?$/;
// A Svelte or Vue component, whose instance script runs per component, not at load (load-time.ts importedPerInstance).
const COMPONENT = /\.(?:svelte|vue)$/;
/**
 * `readOnly`: read the caches under `.tool/cache` but never write them (the MCP server writes
 * nothing). `factsLater`: keep new facts in memory and leave their writing to the next analysis
 * in this process (the console answers its first page before writing megabytes of facts; the
 * whole report it starts right after writes them).
 */
export type AnalyzeOptions = ScanOptions & { onProgress?: Progress; readOnly?: boolean; includeAll?: boolean; factsLater?: boolean };


/** The structure of the code: files, imports, cycles, hubs, components and health. */
export type StructureReport = Pick<
  Report,
  "generatedAt" | "root" | "truncated" | "skipped" | "warnings" | "git" | "files" | "edges" | "unresolved" |
  "externals" | "cycles" | "hubs" | "hubThreshold" | "components" | "health" | "timings"
>;

/**
 * The first half of the pipeline, on its own so that the commands that need only it load no
 * more than it: scan -> extract (cached per file) -> resolve -> graph
 * (cycles, hubs) -> components (coupling, SDP, matrix, rules) -> health. `tool graph` and
 * `tool coupling` need nothing more, so they stop here.
 */
export function analyzeStructure(root: string, options: AnalyzeOptions = {}): StructureReport {
  return structure(root, options, { whole: false }).report;
}

/**
 * The structure with what the rest of the pipeline (analyze.ts) builds on. Unless `whole`, the
 * files' surfaces (routes, env reads) are not extracted (a third of a cold extraction): the
 * structure needs them only to tell whether an otherwise unused file registers routes.
 */
export function structure(root: string, options: AnalyzeOptions, { whole }: { whole: boolean }) {
  const progress = options.onProgress ?? (() => {});
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round((now - mark) * 10) / 10;
    mark = now;
  };

  progress("scan");
  const { analysis, configError: analysisConfigError } = loadAnalysisConfig(root);
  const byPath = roleResolver(analysis.roles);
  const scanned = scan(root, { ...options, maxFiles: options.maxFiles ?? analysis.maxFiles, role: byPath });
  lap("scan");

  const onProgress = (done: number, total: number) => progress("extract", done, total);
  const extractor: Extractor = {
    facts: (stale, whole) => extractAll(root, stale, { part: whole ? "whole" : "structure", onProgress }).facts,
    surfaces: (partial) => extractAll(root, partial, { part: "surfaces", onProgress }).facts,
  };
  const { facts, complete } = cachedFacts(root, scanned.files, extractor, { whole, readOnly: options.readOnly || options.factsLater });
  lap("extract");

  progress("resolve");
  const project = new ProjectFiles(root, scanned.listed, scanned.files.map((f) => f.path), options.readOnly);
  const { edges, unresolved, externals } = resolveImports(facts, project);
  lap("resolve");

  progress("graph");
  // The architecture is the product's: tests, fixtures and vendored code stay out of the graph's
  // cycles and hubs, the components and the health (unless asked for); they keep their edges,
  // so impact still finds the tests to run.
  const roleOf = roleResolver(analysis.roles, new Set(facts.filter((f) => f.generated).map((f) => f.path)), byPath);
  const inProduct = options.includeAll ? () => true : (path: string) => PRODUCT_ROLES.has(roleOf(path));
  const paths = facts.map((f) => f.path).filter(inProduct);
  const productEdges = options.includeAll ? edges : edges.filter((e) => inProduct(e.from) && inProduct(e.to));
  const graph = numberGraph(paths, productEdges);
  // Asked only for the edges of runtime cycles: the stamps are mapped on the first question.
  let stamps: Map<string, string> | undefined;
  const stampOf = (path: string) => (stamps ??= new Map(scanned.files.map((f) => [f.path, `${f.size}:${f.mtimeMs}`]))).get(path);
  const atLoad = loadTimeReads({ root, read: (path) => project.text(path), stampOf, readOnly: options.readOnly });
  const pythonLoads = pythonLoadOrder(productEdges, graph.ids, (path) => project.text(path));
  // A component's instance script (Vue's `<script setup>`, Svelte's `<script>`) reads its imports when a component is made, not at load.
  const scriptLoads = scriptLoadOrder(productEdges, {
    ...atLoad,
    importsReadAtLoad: (from, specifier) => (COMPONENT.test(from) && atLoad.importedPerInstance(from, specifier) ? [] : atLoad.importsReadAtLoad(from, specifier)),
  });
  // An ES module's re-export (`export * from "./oauth-accounts"` in a barrel) binds names and reads none while loading.
  const cycles = findCycles(graph, paths, productEdges, {
    readLazily: (edge) =>
      (SCRIPT.test(edge.from) && (edge.kind === "reexport" || ((edge.kind === "import" || edge.kind === "require") && !atLoad.usedAtLoad(edge.from, edge.specifier)))) ||
      (COMPONENT.test(edge.from) && edge.kind === "import" && edge.specifier !== undefined && atLoad.importedPerInstance(edge.from, edge.specifier)),
    readsAtLoad: (edge) =>
      (SCRIPT.test(edge.from) && (edge.kind === "import" || edge.kind === "require") && atLoad.usedAtLoad(edge.from, edge.specifier)) ||
      // A component's module script (or options object) reading another component while it loads, not once per instance.
      (COMPONENT.test(edge.from) && edge.kind === "import" && edge.specifier !== undefined && !atLoad.importedPerInstance(edge.from, edge.specifier) && atLoad.usedAtLoad(edge.from, edge.specifier)),
    erased: (edge) => !atLoad.usedAsValue(edge.from, edge.specifier),
    loadsInAnyOrder: (members, deferred) => pythonLoads(members) || scriptLoads.inAnyOrder(members, deferred),
    loadsFromEntrances: scriptLoads.fromEntrances,
    deliberate: (edge) => SCRIPT.test(edge.from) && atLoad.throughForwardRef(edge.from, edge.specifier),
  });
  atLoad.save();
  const fan = fanCounts(graph);
  const hubs = findHubs(paths.length, fan);
  lap("graph");

  progress("components");
  const { architecture, configError } = loadArchitectureConfig(root);
  const assignment = assignComponents(paths, architecture);
  const entryPoint = entryPointMatcher(project);
  // Imported by anything, tests included: a module only the tests import (a library's testing
  // helpers, its public API exercised there) is not dead.
  const imported = new Set(edges.map((e) => e.to));
  // A file that registers routes is an entry point: the framework loads it. A test is run, not
  // imported. The routes are in the facts' surfaces, asked (and extracted, if the facts were
  // read without them) only for the files that would otherwise be unused: a few of thousands.
  const candidates = facts.flatMap((f, i) =>
    inProduct(f.path) && !fan.fanIn.get(f.path) && !imported.has(f.path) && entryPoint(f.path, f.language) === "candidate" ? [i] : []);
  const unused = new Set(complete(candidates).filter((f) => !f.routes).map((f) => f.path));
  const files = facts.map((f) => {
    const fanIn = fan.fanIn.get(f.path) ?? 0;
    const role = roleOf(f.path);
    return fileNode(f, assignment.byFile.get(f.path) ?? `(${role})`, role, unused.has(f.path), fanIn, fan.fanOut.get(f.path) ?? 0);
  });
  const components = componentsSection(files.filter((f) => inProduct(f.path)), productEdges, assignment.byFile, assignment.source, architecture, configError);
  const health = computeHealth(paths.length, {
    "import-cycle": cycles.filter(loadsInOrder).flatMap((c) => c.files),
    "hub-file": hubs.map((h) => h.file),
    "boundary-violation": components.boundaryViolations.map((v) => v.from),
  });
  lap("components");

  const report: StructureReport = {
    generatedAt: new Date().toISOString(),
    root,
    truncated: scanned.truncated,
    skipped: scanned.skipped,
    warnings: [
      // The file cap first: what was left out matters more than any one file's warning, and lists cut to a few keep it.
      ...(scanned.truncated ? [{ message: truncationMessage(scanned.leftOut, scanned.files.length) }] : []),
      // A test or fixture that does not parse (often on purpose) is not the product's warning.
      ...facts.filter((f) => f.parseError && inProduct(f.path)).map((f) => ({
        file: f.path,
        line: f.parseError!.line,
        message: `does not parse (${f.parseError!.message}); imports were read by the lexical scan`,
      })),
      ...languageWarnings(options.includeAll ? facts : facts.filter((f) => PRODUCT_ROLES.has(roleOf(f.path)))),
      ...(analysisConfigError ? [{ message: `.tool/config.json ${analysisConfigError.key}: ${analysisConfigError.reason}; the defaults are used` }] : []),
    ],
    git: scanned.git,
    files,
    edges,
    unresolved,
    externals,
    cycles,
    hubs,
    hubThreshold: hubThreshold(paths.length),
    components,
    health,
    timings,
  };
  return { report, facts, project, externals, byFile: assignment.byFile, lap, progress, git: scanned.git };
}

/** The file cap's warning: how many files were left out, where, and how to raise it. */
export function truncationMessage(leftOut: { files: number; folders: { folder: string; files: number }[] }, kept: number): string {
  const where = leftOut.folders.slice(0, 5).map((f) => `${f.folder} ${f.files}`).join(", ");
  return `${leftOut.files} source files were left out past the ${kept}-file cap (${where}${leftOut.folders.length > 5 ? ", ..." : ""}); the product's own files were kept first. Raise the cap with --max-files N or analysis.maxFiles in .tool/config.json`;
}

/** What the analysis of a language present in the repository cannot see, said once. */
function languageWarnings(facts: readonly FileFacts[]): { message: string }[] {
  const present = new Set(facts.map((f) => f.language));
  return present.has("ruby") ? [{ message: RUBY_AUTOLOAD_WARNING }] : [];
}

function fileNode(facts: FileFacts, component: string, role: Role, unused: boolean, fanIn: number, fanOut: number): FileNode {
  return {
    path: facts.path,
    language: facts.language,
    lines: facts.lines,
    size: facts.size,
    complexity: facts.complexity,
    nesting: facts.nesting,
    ...(facts.mostComplexFunction && { mostComplexFunction: facts.mostComplexFunction }),
    functions: facts.functions,
    types: facts.types.length,
    abstractTypes: facts.types.filter((t) => t.abstract).length,
    markers: facts.markers,
    component,
    role,
    unused,
    fanIn,
    fanOut,
    parse: facts.parse,
  };
}

/**
 * The codebase analysis engine: static, reads text only, names the file behind every result.
 * Faces (cli/, routes/, mcp/) call `analyze` and format what it returns.
 */
export { analyze, analyzeStructure, withHistory, type AnalyzeOptions, type Progress, type StructureReport } from "./analyze.ts";
export { inNeverScanned, keptFolders, MAX_FILE_BYTES, MAX_FILES, NEVER_SCANNED } from "./scan.ts";
export * from "./schema.ts";
export { RouteKind } from "./routes/registration.ts";
export { toDot, toMermaid } from "./reporters/diagram.ts";
export { toSarif } from "./reporters/sarif.ts";
export { impactOf } from "./impact.ts";
export { contextBrief } from "./brief.ts";

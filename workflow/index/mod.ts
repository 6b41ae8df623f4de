/**
 * The project index (GET /api/project, `.tool/cache/project-index.json`): what the project is,
 * its commands, tasks, documents, import graph, suggested improvements, signals and git state;
 * the service that caches it with the analysis report; and the file watcher that refreshes it.
 */
export { type BuildIndexOptions, buildProjectIndex } from "./build.ts";
export { documentType, findDocuments } from "./docs.ts";
export { gitState } from "./git.ts";
export { projectName } from "./project.ts";
export * from "./schema.ts";
export {
  type Analyzer,
  INDEX_CACHE_FILE,
  type IndexSnapshot,
  ProjectService,
  type ProjectServiceOptions,
} from "./service.ts";
export { isWatchedPath, type ProjectWatcher, type WatchOptions, watchProject } from "./watch.ts";

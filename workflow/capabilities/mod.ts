export { ADAPTERS, type Adapter, findAdapter } from "./adapters/mod.ts";
export { catalog, findEntry, searchCatalog } from "./catalog.ts";
export { activeAdapter, install, type InstallRequest, installedState, lineDiff, type Plan, RECORD_FILE } from "./install.ts";
export { type Entry, KINDS, REF } from "./schema.ts";

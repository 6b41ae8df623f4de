/** Cross-cutting primitives shared by every folder: errors, version, atomic files. */
export { isUserError, ToolError } from "./errors.ts";
export { VERSION } from "./version.ts";
export { writeFileAtomic } from "./atomic.ts";

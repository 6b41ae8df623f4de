import type { Resolver } from "./resolution.ts";

/**
 * Swift imports name modules, never files: every import is external, named by its module
 * (`import struct Foundation.Date` -> Foundation). Files of one module see each other without
 * imports, so there are no file edges to find.
 */
export function swiftResolver(): Resolver {
  return (specifier) => ({ kind: "external", name: specifier.split(".")[0]! });
}

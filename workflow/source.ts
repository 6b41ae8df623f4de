import type { Report } from "../analysis/mod.ts";
import { tryReadPrefixInside } from "../core/inside.ts";

export const MAX_SOURCE_LINES = 4000;
/** Read at most this much of a file: 4000 lines of any sane source fit well inside. */
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

export type SourceImport = {
  specifier: string;
  kind: string;
  line: number;
  file?: string;
  package?: string;
  unresolved?: string;
};
export type SourceFile = {
  file: string;
  root: string;
  lines: string[];
  truncated: boolean;
  imports: SourceImport[];
  importedBy: { file: string; specifier: string; kind: string; line: number }[];
};

/**
 * A file the analysis knows, with its first 4000 lines, what it imports and what imports it;
 * undefined for any other path (traversal, absolute paths, unknown files, symlinks that lead
 * out of the repository, files gone since the analysis).
 *
 * @example
 * sourceFile(report, "src/app.ts")?.importedBy.map((i) => i.file)
 */
export function sourceFile(report: Report, file: string): SourceFile | undefined {
  if (!knownFiles(report).has(file)) return undefined;
  const text = tryReadPrefixInside(report.root, file, MAX_SOURCE_BYTES);
  if (text === undefined) return undefined;
  const all = text.split(/\r?\n/);
  if (all.length > 1 && all.at(-1) === "") all.pop();
  const truncated = all.length > MAX_SOURCE_LINES || text.length >= MAX_SOURCE_BYTES;
  const imports: SourceImport[] = [
    ...report.edges.filter((e) => e.from === file).map((e) => ({
      specifier: e.specifier,
      kind: e.kind,
      line: e.line,
      file: e.to,
    })),
    ...(report.externals ?? []).filter((e) => e.file === file).map((e) => ({
      specifier: e.specifier,
      kind: e.kind,
      line: e.line,
      package: e.name,
    })),
    ...(report.unresolved ?? []).filter((u) => u.file === file).map((u) => ({
      specifier: u.specifier,
      kind: u.kind,
      line: u.line,
      unresolved: u.reason,
    })),
  ].sort((a, b) => a.line - b.line);
  return {
    file,
    root: report.root,
    lines: all.slice(0, MAX_SOURCE_LINES),
    truncated,
    imports,
    importedBy: report.edges.filter((e) => e.to === file).map((e) => ({
      file: e.from,
      specifier: e.specifier,
      kind: e.kind,
      line: e.line,
    })),
  };
}

/**
 * Every repository path the report names: its files, and the `file` of any item in any of its
 * list sections (routes, integrations, findings, ... as the analysis grows).
 */
export function knownFiles(report: Report): Set<string> {
  const known = new Set<string>(report.files.map((f) => f.path));
  for (const value of Object.values(report as Record<string, unknown>)) {
    if (!Array.isArray(value)) continue;
    for (const item of value) {
      const file = (item as { file?: unknown } | null)?.file;
      if (typeof file === "string") known.add(file);
    }
  }
  return known;
}

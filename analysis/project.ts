import { statSync } from "node:fs";
import { join } from "node:path";
import { parse as parseJsonc, type ParseError } from "jsonc-parser";
import { readInside } from "../core/inside.ts";

/**
 * Read access to the repository for the resolvers: which paths exist (as listed by the scan)
 * and the parsed content of manifests and configs, each read once.
 */
export class ProjectFiles {
  readonly root: string;
  readonly listed: Set<string>;
  readonly sources: Set<string>;
  private readonly jsonCache = new Map<string, unknown>();
  private listingText: string | undefined;
  /** Every file read or probed through this object, with its stamp when it was: what a resolution depended on. */
  readonly inputs = new Map<string, string>();

  /** Caches are read, never written (the MCP server). */
  readonly readOnly: boolean;

  constructor(root: string, listed: Set<string>, sources: Iterable<string>, readOnly = false) {
    this.root = root;
    this.readOnly = readOnly;
    this.listed = listed;
    this.sources = new Set(sources);
  }

  /**
   * Every listed path, marked `+` when it is analysed source: two analyses with the same
   * listing resolve a relative import the same way (resolve/listing-memo.ts).
   */
  get listing(): string {
    if (this.listingText === undefined) {
      let text = "";
      for (const path of this.listed) text += (this.sources.has(path) ? "+" : "-") + path + "\n";
      this.listingText = text;
    }
    return this.listingText;
  }

  has(path: string): boolean {
    return this.listed.has(path);
  }

  /**
   * Whether a path exists, listed or not (`node_modules/...` is never listed): for the
   * configurations that name files outside the scan.
   */
  exists(path: string): boolean {
    return this.stamp(path) !== MISSING;
  }

  /** Reads a repository file as text, or undefined when it cannot be read. */
  text(path: string): string | undefined {
    this.stamp(path);
    try {
      return readInside(this.root, path);
    } catch {
      return undefined;
    }
  }

  /** Parses JSON with comments and trailing commas (tsconfig style); undefined when unreadable. */
  json(path: string): unknown {
    if (this.jsonCache.has(path)) return this.jsonCache.get(path);
    const text = this.text(path);
    let value: unknown;
    if (text !== undefined) {
      // Most manifests are plain JSON, which the native parser reads several times faster; the
      // comments and trailing commas of a tsconfig fall through to the lenient parser.
      try {
        value = JSON.parse(text);
      } catch {
        const errors: ParseError[] = [];
        value = parseJsonc(text, errors, { allowTrailingComma: true });
        if (errors.length > 0 && (value === undefined || typeof value !== "object")) value = undefined;
      }
    }
    this.jsonCache.set(path, value);
    return value;
  }

  /** Size and modification time of a file, noted in `inputs`; a later run compares them (inputsUnchanged). */
  private stamp(path: string): string {
    let stamp = this.inputs.get(path);
    if (stamp === undefined) this.inputs.set(path, (stamp = fileStamp(this.root, path)));
    return stamp;
  }

  /** Paths listed with this file name, anywhere in the tree. */
  named(name: string): string[] {
    const found: string[] = [];
    for (const path of this.listed) if (path === name || path.endsWith("/" + name)) found.push(path);
    return found;
  }
}

const MISSING = "-";

function fileStamp(root: string, path: string): string {
  const stat = statSync(join(root, path), { throwIfNoEntry: false });
  return stat ? `${stat.size}:${stat.mtimeMs}` : MISSING;
}

/** The size and modification time of each of these files, as inputsUnchanged compares them. */
export function fileStamps(root: string, paths: readonly string[]): Record<string, string> {
  return Object.fromEntries(paths.map((path) => [path, fileStamp(root, path)]));
}

/** Whether every file of `inputs` (as ProjectFiles noted them) is still as it was. */
export function inputsUnchanged(root: string, inputs: Record<string, string>): boolean {
  for (const [path, stamp] of Object.entries(inputs)) if (fileStamp(root, path) !== stamp) return false;
  return true;
}

/** The folder of a repository path ("" for the root). */
export const dirOf = (path: string): string => {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
};

/** A folder and every folder above it, up to the root (""). */
export function ancestors(dir: string): string[] {
  const found = [dir];
  while (found.at(-1) !== "") found.push(dirOf(found.at(-1)!));
  return found;
}

/** The innermost of the folders ("" for the repository's root) that holds `file`. */
export function innermostFolder(folders: readonly string[], file: string): string | undefined {
  return folders.filter((f) => f === "" || file.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0];
}

/**
 * Joins and normalises repository paths; undefined when the result climbs above the root.
 * Walks the segments itself rather than calling path.normalize: resolution joins a path for
 * nearly every import, and this is several times cheaper.
 */
export function joinPath(dir: string, relative: string): string | undefined {
  if (!dir && relative.startsWith("/")) return undefined;
  const parts: string[] = [];
  for (const whole of [dir, relative]) {
    let start = 0;
    while (start <= whole.length) {
      let end = whole.indexOf("/", start);
      if (end === -1) end = whole.length;
      const segment = whole.slice(start, end);
      if (segment === "..") {
        if (parts.length === 0) return undefined;
        parts.pop();
      } else if (segment !== "" && segment !== ".") {
        parts.push(segment);
      }
      start = end + 1;
    }
  }
  return parts.join("/");
}

import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { ToolError } from "./errors.ts";

/**
 * Every read of a file on behalf of the repository goes through this module: the path is
 * resolved with its symbolic links (realpath) and refused when the target lies outside the
 * repository root. A cloned repository whose README.md links to ~/.ssh/id_rsa must not hand
 * that key to the console, the index or an agent. Links that stay inside keep working.
 * tests/core/inside.test.ts fails when another module reads files itself.
 */
export class OutsideRepository extends ToolError {
  readonly path: string;
  readonly target: string;

  constructor(path: string, target: string) {
    super("outside-repository", `${path} is a symbolic link to ${target}, outside the repository: not read`, 403);
    this.path = path;
    this.target = target;
  }
}

export const OUTSIDE_REASON = "symbolic link to a target outside the repository";

// The root's own real path, once per root: it is a prefix test for every read after that.
const realRoots = new Map<string, string>();

function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    real = realpathSync.native(root);
    realRoots.set(root, real);
  }
  return real;
}

/**
 * The real path of a repository file (relative to root, or absolute below it), after every
 * link is followed. Throws OutsideRepository when that lands outside root, and the file
 * system's error (ENOENT) when the file or its target does not exist.
 */
export function realInside(root: string, path: string): string {
  const absolute = resolve(root, path);
  const real = realpathSync.native(absolute);
  const base = realRoot(root);
  if (real !== base && !real.startsWith(base.endsWith(sep) ? base : base + sep)) {
    throw new OutsideRepository(isAbsolute(path) ? relative(root, path) || path : path, real);
  }
  return real;
}

/** Where a path's links lead when that is outside the repository; undefined when it stays inside or cannot be resolved. */
export function targetOutside(root: string, path: string): string | undefined {
  try {
    realInside(root, path);
    return undefined;
  } catch (error) {
    return error instanceof OutsideRepository ? error.target : undefined;
  }
}

/** A repository file's bytes; throws OutsideRepository or the file system's error. */
export function readBytesInside(root: string, path: string): Buffer {
  return readFileSync(realInside(root, path));
}

/** A repository file as UTF-8 text; throws OutsideRepository or the file system's error. */
export function readInside(root: string, path: string): string {
  return readFileSync(realInside(root, path), "utf8");
}

/**
 * A file the scan listed as a plain file, not a link, as UTF-8 text. Git lists no path through
 * a linked folder and the scan's own walk enters none, so only the file itself could be a link,
 * and opening it with O_NOFOLLOW refuses one: no need to resolve every folder above it, which
 * cost a tenth of a cold analysis. Where O_NOFOLLOW does not exist, the path is resolved.
 */
export function readListedFile(root: string, path: string): string {
  if (constants.O_NOFOLLOW === undefined) return readInside(root, path);
  let fd: number;
  try {
    fd = openSync(resolve(root, path), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    // A link after all (a tracked file replaced by one in the working tree): resolved and checked.
    if ((error as NodeJS.ErrnoException).code === "ELOOP") return readInside(root, path);
    throw error;
  }
  try {
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

/**
 * A repository file as text, or undefined when it is missing, unreadable, outside the
 * repository or larger than maxBytes.
 */
export function tryReadInside(root: string, path: string, maxBytes = Infinity): string | undefined {
  try {
    const real = realInside(root, path);
    if (maxBytes !== Infinity && statSync(real).size > maxBytes) return undefined;
    return readFileSync(real, "utf8");
  } catch {
    return undefined;
  }
}

/** The first maxBytes of a repository file as text, or undefined as for tryReadInside. */
export function tryReadPrefixInside(root: string, path: string, maxBytes: number): string | undefined {
  try {
    const fd = openSync(realInside(root, path), "r");
    try {
      const buffer = Buffer.alloc(Math.min(fstatSync(fd).size, maxBytes));
      const size = readSync(fd, buffer, 0, buffer.length, 0);
      return buffer.subarray(0, size).toString("utf8");
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * A file the user named on the command line (`--report ./report.json`): read where they said,
 * links and all, because it is their choice and not the repository's.
 */
export function readNamedFile(path: string): string {
  return readFileSync(path, "utf8");
}

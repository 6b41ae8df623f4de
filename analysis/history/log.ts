import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type Commit = {
  hash: string;
  author: string;
  email: string;
  /** Author time, seconds since the epoch. */
  time: number;
  /** Committer time, seconds since the epoch: the date `git log --since` goes by. */
  committed: number;
  /** Whether the subject says it fixes a defect (`fix:`, "Fix crash...", "security", a CVE): the subject itself is not kept. */
  fix: boolean;
  files: { path: string; added: number; removed: number }[];
};

/**
 * A subject that says the commit repairs something: a conventional `fix:`/`fix(scope):`, the
 * words fix, bug, hotfix, regression, crash, panic, leak, incorrect, wrong, broken, defect,
 * flaw, the names of attacks and weaknesses, or an advisory id. Hardening written as a feature
 * ("Limit the number of escapes") is not seen. Mining fixes from messages is how defect-prone code is found in the SZZ line of
 * research; a message that merely mentions "prefix" or "debug" does not count.
 */
export const FIX_SUBJECT = /\b(?:fix(?:e[sd]|ing)?|bug(?:fix)?s?|hotfix|regression|crash(?:es|ed)?|panics?|leaks?|incorrect(?:ly)?|wrong|broken|defect|flaw|vulnerab\w*|security|exploit|DoS|ReDoS|XSS|injection|overflow|CVE-\d|GHSA-)\b/i;

const RECORD = "\x1e";
const FIELD = "\x1f";

/**
 * Streams `git log` over the window (newest first, merges left out, renames detected) and
 * hands each commit to `onCommit`; `range` (`<old>..HEAD`) reads only the commits since an
 * earlier HEAD. The log goes to a temp file that is read back in chunks, so a history of any
 * length is never held in memory whole, and the call stays synchronous. Returns "failed" when
 * git could not be run, "partial" when git stopped early (a repository with missing objects)
 * after printing some of the log: what it printed is used.
 */
export function readLog(root: string, since: Date, onCommit: (commit: Commit) => void, range?: string): "complete" | "partial" | "failed" {
  const dir = mkdtempSync(join(tmpdir(), "tool-log-"));
  const file = join(dir, "log");
  try {
    const fd = openSync(file, "w");
    const result = spawnSync("git", logArgs(since, range), { cwd: root, stdio: ["ignore", fd, "ignore"] });
    closeSync(fd);
    return result.error ? "failed" : parseLog(file, result.status, onCommit);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * readLog with git run asynchronously: a server keeps answering while git walks a long history
 * (seconds on a large repository); only the parse, a small part, holds the thread.
 */
export async function readLogAsync(root: string, since: Date, onCommit: (commit: Commit) => void, range?: string): Promise<"complete" | "partial" | "failed"> {
  const dir = mkdtempSync(join(tmpdir(), "tool-log-"));
  const file = join(dir, "log");
  try {
    const fd = openSync(file, "w");
    const status = await new Promise<number | null | "failed">((done) => {
      const child = spawn("git", logArgs(since, range), { cwd: root, stdio: ["ignore", fd, "ignore"] });
      child.on("error", () => done("failed"));
      child.on("close", (code) => done(code));
    });
    closeSync(fd);
    return status === "failed" ? "failed" : parseLog(file, status, onCommit);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function logArgs(since: Date, range: string | undefined): string[] {
  return [
    "-c", "core.quotepath=off",
    "log", `--since=${since.toISOString()}`, "--no-merges", "-M", "--numstat",
    `--format=${RECORD}%H${FIELD}%an${FIELD}%ae${FIELD}%at${FIELD}%ct${FIELD}%s`,
    ...(range ? [range] : []),
  ];
}

/** The commits of a log git wrote to `file`; git's exit status tells a whole log from a cut one. */
function parseLog(file: string, status: number | null, onCommit: (commit: Commit) => void): "complete" | "partial" | "failed" {
  let read = 0;
  forEachRecord(file, (record) => {
    const commit = parseRecord(record);
    if (commit) (read++, onCommit(commit));
  });
  if (status === 0) return "complete";
  return read > 0 ? "partial" : "failed";
}

/** Reads a file in 1 MiB chunks and calls back once per record separator. */
function forEachRecord(file: string, onRecord: (record: string) => void): void {
  const fd = openSync(file, "r");
  const buffer = Buffer.alloc(1 << 20);
  const decoder = new TextDecoder();
  let pending = "";
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      pending += decoder.decode(buffer.subarray(0, read), { stream: true });
      const parts = pending.split(RECORD);
      pending = parts.pop() ?? "";
      for (const part of parts) if (part.trim()) onRecord(part);
    }
    pending += decoder.decode();
    if (pending.trim()) onRecord(pending);
  } finally {
    closeSync(fd);
  }
}

function parseRecord(record: string): Commit | undefined {
  const lines = record.split("\n");
  const [hash, author, email, time, committed, subject] = (lines[0] ?? "").split(FIELD);
  if (!hash || !time) return undefined;
  const files: Commit["files"] = [];
  for (const line of lines.slice(1)) {
    const match = /^(\d+|-)\t(\d+|-)\t(.+)$/.exec(line);
    if (!match) continue;
    files.push({ path: match[3]!, added: Number(match[1]) || 0, removed: Number(match[2]) || 0 });
  }
  return { hash, author: author ?? "", email: email ?? "", time: Number(time), committed: Number(committed ?? time), fix: FIX_SUBJECT.test(subject ?? ""), files };
}

/**
 * The two paths of a numstat rename: `src/{a => b}/x.ts` or `old.ts => new.ts`.
 * Undefined for a path that was not renamed.
 */
export function renamedPaths(path: string): { from: string; to: string } | undefined {
  const braces = /^(.*)\{(.*) => (.*)\}(.*)$/.exec(path);
  if (braces) {
    const [, head, from, to, tail] = braces;
    const clean = (middle: string) => `${head}${middle}${tail}`.replace(/\/\//g, "/");
    return { from: clean(from!), to: clean(to!) };
  }
  const plain = /^(.*) => (.*)$/.exec(path);
  return plain ? { from: plain[1]!, to: plain[2]! } : undefined;
}

/** Whether the repository is a shallow clone, whose history is cut short. */
export function isShallow(root: string): boolean {
  const result = spawnSync("git", ["rev-parse", "--is-shallow-repository"], { cwd: root, encoding: "utf8" });
  return result.stdout?.trim() === "true";
}

/** The commit HEAD points at, or undefined outside git or in a repository without commits. */
export function headCommit(root: string): string | undefined {
  const result = spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** Whether `ancestor` is an ancestor of (or the same commit as) `commit`. */
export function isAncestor(root: string, ancestor: string, commit: string): boolean {
  return spawnSync("git", ["merge-base", "--is-ancestor", ancestor, commit], { cwd: root }).status === 0;
}

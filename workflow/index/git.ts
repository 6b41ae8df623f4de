import { runGit } from "./files.ts";
import type { GitState } from "./schema.ts";

const MAX_CHANGES = 500;
const COMMITS = 20;
const STATUS: Record<string, string> = {
  M: "modified",
  T: "modified",
  A: "added",
  D: "deleted",
  R: "renamed",
  C: "copied",
  U: "conflicted",
  "?": "untracked",
};

/**
 * The repository's git state: branch (null when detached or outside git), short HEAD, working
 * tree changes (at most 500, `changesTotal` counts all) and the last 20 commits. Runs git with
 * argument arrays and `--no-optional-locks`, so reading never rewrites `.git/index`.
 */
export async function gitState(root: string): Promise<GitState> {
  // All at once, not after asking whether this is a repository: the index starts them before
  // the analysis, which holds the thread, so anything started after an await would wait for it.
  const [inside, branch, head, status, log] = await Promise.all([
    runGit(root, ["rev-parse", "--is-inside-work-tree"]),
    runGit(root, ["symbolic-ref", "--short", "-q", "HEAD"]),
    runGit(root, ["rev-parse", "--short", "HEAD"]),
    runGit(root, ["--no-optional-locks", "status", "--porcelain=v1", "-z"]),
    runGit(root, ["log", `-n${COMMITS}`, "--no-color", "--format=%H%x1f%h%x1f%an%x1f%aI%x1f%s%x1e"]),
  ]);
  if (inside?.trim() !== "true") {
    return { available: false, branch: null, head: null, changes: [], changesTotal: 0, commits: [] };
  }
  const changes = parseStatus(status ?? "");
  return {
    available: true,
    branch: branch?.trim() || null,
    head: head?.trim() || null,
    changes: changes.slice(0, MAX_CHANGES),
    changesTotal: changes.length,
    commits: parseLog(log ?? ""),
  };
}

/** `git status --porcelain=v1 -z`: "XY path\0", renames followed by "from\0". */
export function parseStatus(out: string): GitState["changes"] {
  const entries = out.split("\0");
  const changes: GitState["changes"] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.length < 4) continue;
    const x = entry[0]!;
    const y = entry[1]!;
    const file = entry.slice(3);
    const code = x === "?" ? "?" : x === "U" || y === "U" ? "U" : x !== " " ? x : y;
    const change: GitState["changes"][number] = {
      file,
      status: STATUS[code] ?? "modified",
      staged: x !== " " && x !== "?",
    };
    if (x === "R" || x === "C") change.from = entries[++i] ?? "";
    changes.push(change);
  }
  return changes;
}

function parseLog(out: string): GitState["commits"] {
  return out.split("\x1e").map((record) => record.trim()).filter(Boolean).map((record) => {
    const [hash = "", short = "", author = "", date = "", subject = ""] = record.split("\x1f");
    return { hash, short, author, date, subject };
  });
}

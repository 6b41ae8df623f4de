import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { inNeverScanned, keptFolders, NEVER_SCANNED } from "../../analysis/mod.ts";

/** Folders of sample data, not of the project: their manifests and documents are not the project's. */
const SAMPLE_FOLDERS = new Set(["fixtures", "__fixtures__", "testdata", "__snapshots__"]);
const WALK_LIMIT = 20_000;

/**
 * The repository's files that the index reads manifests and documents from: what git lists
 * (tracked and untracked, not ignored), or outside git a bounded walk; never the folders the
 * analysis never scans, never sample-data folders.
 */
export async function listProjectFiles(root: string): Promise<string[]> {
  const listed = await gitListed(root) ?? walk(root, new Set(keptFolders(root, [])));
  const kept = keptFolders(root, listed);
  return listed.filter((path) => isProjectPath(path, kept)).sort();
}

/** `kept`: the never-scanned folders the repository takes back (keptFolders). */
export function isProjectPath(path: string, kept: readonly string[] = []): boolean {
  if (inNeverScanned(path, kept)) return false;
  const parts = path.split("/");
  for (let i = 0; i < parts.length - 1; i++) if (SAMPLE_FOLDERS.has(parts[i]!)) return false;
  return true;
}

/** Runs git with an argument array; the output, or undefined when git fails or is missing. */
export function runGit(root: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile("git", args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      resolve(error ? undefined : stdout);
    });
  });
}

async function gitListed(root: string): Promise<string[] | undefined> {
  const out = await runGit(root, ["ls-files", "-co", "--exclude-standard", "-z"]);
  return out === undefined ? undefined : out.split("\0").filter(Boolean);
}

/** `kept`: the never-scanned folders the repository takes back (keptFolders). */
function walk(root: string, kept: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (found.length >= WALK_LIMIT) return;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if ((!NEVER_SCANNED.has(entry.name) || kept.has(path)) && !SAMPLE_FOLDERS.has(entry.name)) visit(path);
      } else if (entry.isFile()) {
        found.push(path);
      }
    }
  };
  visit("");
  return found;
}

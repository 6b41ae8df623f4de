import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { readBytesInside } from "../../../core/inside.ts";

/** Runs git with an argument array (never a shell string) and returns its output, or undefined on failure. */
export function git(root: string, args: string[], env: Record<string, string> = {}): string | undefined {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  return result.status === 0 ? result.stdout : undefined;
}

/**
 * Files the task changed: committed since the task's base commit, staged, unstaged and
 * untracked (not ignored). Without a base (a repository without commits), every listed file.
 */
export function changedFiles(root: string, base: string | null): string[] {
  const files = new Set<string>();
  const add = (out: string | undefined) => out?.split("\n").map((l) => l.trim()).filter(Boolean).forEach((f) => files.add(f));
  if (base) add(git(root, ["diff", "--name-only", base]));
  else add(git(root, ["ls-files"]));
  add(git(root, ["ls-files", "--others", "--exclude-standard"]));
  return [...files].filter((f) => !f.startsWith(".tool/")).sort();
}

/** The lines the task added (unified diff since the base, untracked files whole), per file. */
export function addedLines(root: string, base: string | null): { file: string; line: number; text: string }[] {
  const added: { file: string; line: number; text: string }[] = [];
  const diff = base ? git(root, ["diff", "--unified=0", "--no-color", base]) ?? "" : "";
  let file = "";
  let line = 0;
  for (const raw of diff.split("\n")) {
    if (raw.startsWith("+++ ")) file = raw.slice(4).replace(/^b\//, "");
    else if (raw.startsWith("@@")) line = Number(/\+(\d+)/.exec(raw)?.[1] ?? 0);
    else if (raw.startsWith("+") && !raw.startsWith("+++")) added.push({ file, line: line++, text: raw.slice(1) });
  }
  for (const untracked of (git(root, ["ls-files", "--others", "--exclude-standard"]) ?? "").split("\n").filter(Boolean)) {
    if (untracked.startsWith(".tool/")) continue;
    readIfText(root, untracked).split("\n").forEach((text, i) => added.push({ file: untracked, line: i + 1, text }));
  }
  return added.filter((a) => !a.file.startsWith(".tool/"));
}

function readIfText(root: string, file: string): string {
  try {
    const buffer = readBytesInside(root, file);
    return buffer.includes(0) || buffer.length > 512 * 1024 ? "" : buffer.toString("utf8");
  } catch {
    return "";
  }
}

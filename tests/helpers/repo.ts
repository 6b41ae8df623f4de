import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { spawnSync } from "node:child_process";

export const PROJECT_ROOT = join(import.meta.dirname, "..", "..");
export const FIXTURES = join(PROJECT_ROOT, "tests", "fixtures");

const made: string[] = [];
process.on("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder, removed when the test process exits. */
export function tempDir(prefix = "tool-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Runs git in a folder with a fixed identity; throws with git's message on failure. */
export function git(cwd: string, ...args: string[]): string {
  const result = spawnSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "Test", GIT_AUTHOR_EMAIL: "test@example.com",
      GIT_COMMITTER_NAME: "Test", GIT_COMMITTER_EMAIL: "test@example.com",
    },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

/** Makes a folder a git repository on branch main with everything in it as one commit. */
export function commitAll(root: string, message = "first"): void {
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", message);
}

/** Copies a fixture into a temp folder and, unless `git: false`, makes it a git repository with one commit. */
export function fixtureRepo(name: string, options: { git?: boolean } = {}): string {
  const dir = tempDir(`tool-${name}-`);
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  if (options.git !== false) {
    git(dir, "init", "-q", "-b", "main");
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "fixture");
  }
  return dir;
}

/** Writes files (path -> content) under a folder, creating folders as needed. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

export type CliResult = { code: number; stdout: string; stderr: string };

/** Runs `tool` (main.ts under this Bun) as a child process, as a user would. */
export function runTool(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): CliResult {
  const result = spawnSync(process.execPath, [join(PROJECT_ROOT, "main.ts"), ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Asserts that `fn` rejects with an error whose message matches, or for which the predicate holds. */
export async function rejects(fn: () => Promise<unknown>, expected: RegExp | ((error: Error & { status?: number }) => boolean)): Promise<void> {
  try {
    await fn();
  } catch (error) {
    const e = error as Error & { status?: number };
    const ok = expected instanceof RegExp ? expected.test(e.message) : expected(e);
    if (!ok) throw new Error(`rejected, but not as expected (${String(expected)}): ${e.message}`);
    return;
  }
  throw new Error(`expected a rejection (${String(expected)}), got none`);
}

/** A committed repository with two source files, a test of them, and a fixture whose two files import each other. */
export function repoWithTestsAndFixtures(prefix = "tool-roles-"): string {
  const root = tempDir(prefix);
  writeFiles(root, {
    "src/app.ts": 'import { db } from "./db.ts";\nexport const app = () => db();\n',
    "src/db.ts": "export const db = () => 1;\n",
    "tests/app.test.ts": 'import { app } from "../src/app.ts";\nexport const t = app();\n',
    "tests/fixtures/cyclic/a.ts": 'import { b } from "./b.ts";\nexport const a = () => b;\n',
    "tests/fixtures/cyclic/b.ts": 'import { a } from "./a.ts";\nexport const b = () => a;\n',
  });
  commitAll(root);
  return root;
}

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fixtureRepo, git, PROJECT_ROOT, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("tool graph and the command line");
const hasDot = spawnSync("dot", ["-V"]).status === 0;

test("tool --version and --help answer with exit 0", () => {
  const version = runTool(["--version"]);
  assert.is(version.code, 0);
  assert.match(version.stdout, /^tool \d+\.\d+\.\d+/);
  const help = runTool(["--help"]);
  assert.is(help.code, 0);
  assert.match(help.stdout, /graph/);
  const commandHelp = runTool(["graph", "--help"]);
  assert.is(commandHelp.code, 0);
  assert.match(commandHelp.stdout, /Usage: tool graph/);
});

test("an unknown command or flag exits 2 with one line on stderr saying what to type", () => {
  const unknown = runTool(["grpah"]);
  assert.is(unknown.code, 2);
  assert.is(unknown.stdout, "");
  assert.is(unknown.stderr.trim().split("\n").length, 1);
  assert.match(unknown.stderr, /Did you mean 'tool graph'\?/);
  const flag = runTool(["graph", "--colour"]);
  assert.is(flag.code, 2);
  assert.match(flag.stderr, /unknown option '--colour'.*tool graph --help/);
  const format = runTool(["graph", "--format", "png"]);
  assert.is(format.code, 2);
  assert.match(format.stderr, /--format must be text, mermaid or dot/);
  const root = runTool(["graph", "--root", "/no/such/folder"]);
  assert.is(root.code, 2);
  assert.match(root.stderr, /--root/);
});

test("tool graph --json prints only JSON, with files, edges, cycles, hubs and health", () => {
  const repo = fixtureRepo("ts-app");
  const result = runTool(["graph", "--json"], { cwd: repo + "/src" });
  assert.is(result.code, 0);
  const report = JSON.parse(result.stdout);
  assert.is(report.root, repo, "the default root is the git root above the current folder");
  assert.is(report.files.length, 14);
  assert.is(report.cycles.filter((c: { kind: string }) => c.kind === "runtime").length, 2);
  for (const key of ["edges", "hubs", "health", "unresolved", "truncated", "skipped"]) assert.ok(key in report, key);
});

test("piped --json output is compact, one line a program reads at once", () => {
  const repo = fixtureRepo("ts-app");
  const result = runTool(["graph", "--json", "--root", repo]);
  assert.is(result.stdout.trimEnd().split("\n").length, 1);
  assert.is(JSON.parse(result.stdout).files.length, 14);
});

test("a reader that stops early ends the output quietly, without an error", () => {
  // Output larger than a pipe holds, so that the writer meets the closed pipe.
  const repo = tempDir();
  const files: Record<string, string> = {};
  for (let i = 0; i < 400; i++) files[`src/module-with-a-long-name-${i}.ts`] = `import "./module-with-a-long-name-${(i + 1) % 400}";\n`;
  writeFiles(repo, files);
  const main = join(PROJECT_ROOT, "main.ts");
  const result = spawnSync("bash", ["-c", `set -o pipefail; "${process.execPath}" "${main}" graph --json --root "${repo}" | head -c 14`], { encoding: "utf8" });
  assert.is(result.stdout, '{"generatedAt"');
  assert.is(result.stderr, "");
  assert.is(result.status, 0);
});

test("the default root is the work tree of a git worktree too, whose .git is a file", () => {
  const repo = fixtureRepo("ts-app");
  const worktree = tempDir("tool-worktree-") + "/wt";
  git(repo, "worktree", "add", "-q", worktree);
  const result = runTool(["graph", "--json"], { cwd: worktree + "/src" });
  assert.is(result.code, 0);
  assert.is(JSON.parse(result.stdout).root, worktree);
});

test("tool graph prints a readable summary with cycles as loops", () => {
  const repo = fixtureRepo("ts-app");
  const result = runTool(["graph", "--root", repo]);
  assert.is(result.code, 0);
  assert.match(result.stdout, /14 files, \d+ imports/);
  assert.match(result.stdout, /src\/cycle2\/a\.ts -> src\/cycle2\/b\.ts -> src\/cycle2\/a\.ts/);
  assert.match(result.stdout, /Health 0\/100/);
});

test("tool graph --format mermaid prints a flowchart with every file and cyclic edges styled", () => {
  const repo = fixtureRepo("ts-app");
  const result = runTool(["graph", "--format", "mermaid", "--root", repo]);
  assert.is(result.code, 0);
  const lines = result.stdout.trim().split("\n");
  assert.is(lines[0], "flowchart LR");
  assert.is(lines.filter((l) => /^  n\d+\["/.test(l)).length, 14);
  assert.ok(lines.some((l) => / -\.-> /.test(l)), "type-only edges are dotted");
  assert.match(lines.at(-1)!, /^  linkStyle [\d,]+ stroke:#d33/);
});

test("tool graph --format dot is accepted by Graphviz", () => {
  const repo = fixtureRepo("ts-app");
  const result = runTool(["graph", "--format", "dot", "--root", repo]);
  assert.is(result.code, 0);
  assert.match(result.stdout, /^digraph imports \{/);
  assert.match(result.stdout, /"src\/cycle2\/a\.ts" -> "src\/cycle2\/b\.ts" \[color=red\]/);
  if (!hasDot) {
    console.log("  (graphviz not installed: dot -Tsvg check skipped)");
    return;
  }
  const svg = spawnSync("dot", ["-Tsvg"], { input: result.stdout, encoding: "utf8" });
  assert.is(svg.status, 0, svg.stderr);
  assert.match(svg.stdout, /<svg/);
});

test("tool graph reports a file that does not parse and still analyses the rest", () => {
  const repo = fixtureRepo("broken");
  const result = runTool(["graph", "--json", "--root", repo]);
  assert.is(result.code, 0);
  const report = JSON.parse(result.stdout);
  assert.equal(report.warnings.map((w: { file: string }) => w.file), ["src/broken.ts"]);
  assert.is(report.files.length, 3);
  assert.is(report.edges.length, 3);
});

test("tool graph works outside git, in an empty folder", () => {
  const empty = tempDir();
  const result = runTool(["graph", "--json"], { cwd: empty });
  assert.is(result.code, 0);
  const report = JSON.parse(result.stdout);
  assert.is(report.files.length, 0);
  assert.is(report.health.score, 100);
});

test.run();

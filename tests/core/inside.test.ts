// Symbolic links out of the repository: nothing behind them reaches a response, the analysis or
// an agent; links that stay inside keep working; and no module reads files around core/inside.ts.
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { commitAll, PROJECT_ROOT, runTool, tempDir, writeFiles } from "../helpers/repo.ts";
import { HOST, makeHarness } from "../routes/harness.ts";

const inside = suite("symbolic links");

/** Files outside the repository, each with a marker no response may ever carry. */
function outsideFiles(): string {
  const dir = tempDir("tool-outside-");
  writeFiles(dir, {
    "readme.md": "# Stolen\n\nOUTSIDE_README_MARKER\n",
    "guide.md": "# Guide\n\nOUTSIDE_GUIDE_MARKER\n",
    "leak.ts": 'export const OUTSIDE_SOURCE_MARKER = fetch("https://api.stripe.com/v1/charges");\n',
    "package.json": JSON.stringify({ name: "OUTSIDE_MANIFEST_MARKER", dependencies: { "outside-manifest-marker": "1.0.0" } }),
    "env": "OUTSIDE_ENV_MARKER=1\n",
    "openapi.yaml": "openapi: 3.0.0\ninfo: { title: OUTSIDE_CONTRACT_MARKER, version: '1' }\npaths:\n  /outside-contract-marker:\n    get: { responses: { '200': { description: ok } } }\n",
    "config.json": JSON.stringify({ architecture: { components: { OUTSIDE_CONFIG_MARKER: ["src/**"] } } }),
    "plan.md": "# Plan\n\nOUTSIDE_PLAN_MARKER\n",
  });
  return dir;
}

const LINKS: Record<string, string> = {
  "README.md": "readme.md",
  "docs/guide.md": "guide.md",
  "src/leak.ts": "leak.ts",
  "package.json": "package.json",
  ".env.example": "env",
  "openapi.yaml": "openapi.yaml",
  ".tool/config.json": "config.json",
  ".tool/tasks/login/plan.md": "plan.md",
};

function linkedRepo(): string {
  const outside = outsideFiles();
  const root = tempDir("tool-links-");
  writeFiles(root, {
    "GUIDE.md": "# Inside guide\n\nINSIDE_LINK_OK\n",
    "src/helper.ts": "export const helper = () => 1;\n",
    "src/main.ts": 'import { helper } from "./alias.ts";\nexport const main = helper;\n',
    ".tool/tasks/login/task.md": "---\nid: login\ntitle: Login\nworkflow: standard\nstage: plan\n---\n\n## Goal\n\nSign in.\n",
  });
  for (const [path, target] of Object.entries(LINKS)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    symlinkSync(join(outside, target), join(root, path));
  }
  // Links that stay inside the repository keep working.
  symlinkSync("../GUIDE.md", join(root, "docs/inside.md"));
  symlinkSync("helper.ts", join(root, "src/alias.ts"));
  commitAll(root, "links");
  return root;
}

const MARKER = /OUTSIDE_[A-Z]+_MARKER|outside-manifest-marker|outside-contract-marker/;

inside("no response carries a file behind a link out of the repository; links inside still work", async () => {
  const root = linkedRepo();
  const h = makeHarness({ root });
  const get = async (path: string) => {
    const response = await h.app.request(path, { headers: HOST });
    return { status: response.status, text: await response.text() };
  };
  const answers = {
    project: await get("/api/project"),
    report: await get("/api/devtools"),
    source: await get("/api/source?file=src/leak.ts"),
    artifact: await get("/api/artifact?task=login&file=plan.md"),
    task: await get("/api/task?task=login"),
    docView: await get("/ui/doc?path=README.md"),
    artifactView: await get("/ui/task/login?artifact=plan.md"),
    settings: await get("/ui/settings"),
    overview: await get("/ui/devtools/overview"),
    integrations: await get("/ui/devtools/integrations"),
    routes: await get("/ui/devtools/routes"),
  };
  for (const [name, answer] of Object.entries(answers)) {
    assert.not.match(answer.text, MARKER, `${name} (${answer.status}) leaks a file from outside`);
    assert.ok(answer.status < 500, `${name} answered ${answer.status}`);
  }
  assert.is(answers.source.status, 404);
  assert.is(answers.artifact.status, 403);
  assert.match(JSON.parse(answers.artifact.text).error, /plan\.md is a symbolic link to .*outside the repository/);
  assert.is(answers.artifactView.status, 403);

  const report = JSON.parse(answers.report.text);
  const skipped = new Map<string, string>(report.skipped.map((s: { file: string; reason: string }) => [s.file, s.reason]));
  for (const path of Object.keys(LINKS)) {
    if (path.startsWith(".tool/")) continue; // the tool's own folder is never listed
    assert.match(skipped.get(path) ?? "", /symbolic link to a target outside the repository/, `${path} is listed as skipped`);
  }
  const files = report.files.map((f: { path: string }) => f.path);
  assert.ok(files.includes("src/alias.ts"), "a link inside the repository is analysed");
  assert.not.ok(files.includes("src/leak.ts"));
  assert.ok(report.edges.some((e: { from: string; to: string }) => e.from === "src/main.ts" && e.to === "src/alias.ts"));

  const project = JSON.parse(answers.project.text);
  const docs = [...project.docs, ...project.specs, ...project.adrs];
  assert.ok(docs.some((d: { path: string; content: string }) => d.path === "docs/inside.md" && d.content.includes("INSIDE_LINK_OK")));
  assert.not.ok(docs.some((d: { path: string }) => d.path === "README.md" || d.path === "docs/guide.md"));
  assert.match(answers.settings.text, /\.tool\/config\.json is a symbolic link to .*outside the repository/);
});

inside("the command line refuses the same links", () => {
  const root = linkedRepo();
  for (const args of [["graph"], ["routes"], ["audit"], ["task", "login"], ["verify", "login"], ["security", "login"], ["deps", "login"]]) {
    const result = runTool([...args, "--json"], { cwd: root });
    assert.ok(result.code < 2 || /^[^\n]+\n?$/.test(result.stderr), `tool ${args.join(" ")}: ${result.stderr}`);
    assert.not.match(result.stdout + result.stderr, MARKER, `tool ${args.join(" ")}`);
  }
});

inside("a tracked file replaced by a link out of the repository is left out and said so; the rest of the analysis stands", () => {
  const outside = outsideFiles();
  const root = tempDir("tool-links-tracked-");
  writeFiles(root, {
    "src/secret.ts": "export const a = 1;\n",
    "src/main.ts": 'import { a } from "./secret";\nexport const main = a;\n',
  });
  commitAll(root, "plain files");
  // Git still lists src/secret.ts as the regular file it committed.
  rmSync(join(root, "src/secret.ts"));
  symlinkSync(join(outside, "leak.ts"), join(root, "src/secret.ts"));
  const result = runTool(["graph", "--json"], { cwd: root });
  assert.is(result.code, 0, result.stderr);
  assert.not.match(result.stdout, MARKER);
  const graph = JSON.parse(result.stdout);
  assert.equal(graph.files.map((f: { path: string }) => f.path), ["src/main.ts"]);
  assert.match(JSON.stringify(graph.skipped), /src\/secret\.ts.*outside the repository/);
});

// Modules that may call the file system's read functions themselves, and why.
const OWN_READERS: Record<string, string> = {
  "core/inside.ts": "the one reader of repository files",
  "core/process.ts": "reads /proc/<pid>/stat, not a repository file",
  "analysis/history/log.ts": "reads git log's output from its own temp file",
};
const READ_CALL = /\b(readFileSync|readFile|createReadStream|openSync|readSync)\s*\(|Bun\.file\s*\(/;
const SOURCE_FOLDERS = ["analysis", "cli", "core", "routes", "views", "workflow", "mcp", "client"];

inside("every file read goes through core/inside.ts", () => {
  const offenders: string[] = [];
  const visit = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // a folder not there yet
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const file = relative(PROJECT_ROOT, path);
        if (OWN_READERS[file]) continue;
        readFileSync(path, "utf8").split("\n").forEach((line, i) => {
          if (READ_CALL.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        });
      }
    }
  };
  for (const folder of SOURCE_FOLDERS) visit(join(PROJECT_ROOT, folder));
  for (const file of ["main.ts"]) {
    readFileSync(join(PROJECT_ROOT, file), "utf8").split("\n").forEach((line, i) => {
      if (READ_CALL.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.equal(offenders, [], `read through core/inside.ts instead:\n${offenders.join("\n")}`);
});

inside.run();

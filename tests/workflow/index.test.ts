import { suite } from "uvu";
import * as assert from "uvu/assert";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../../analysis/mod.ts";
import { buildProjectIndex, documentType, gitState, ProjectIndex, ProjectService } from "../../workflow/index/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("the project index");

function richRepo(): string {
  const root = tempDir("tool-index-");
  writeFiles(root, {
    "package.json": JSON.stringify({
      name: "shop",
      packageManager: "pnpm@9.1.0",
      dependencies: { hono: "1", react: "18" },
      devDependencies: { vue: "3" },
    }),
    "pnpm-lock.yaml": "lockfileVersion: 9\n",
    "services/api/go.mod": "module example.com/api\n\nrequire github.com/gin-gonic/gin v1.9.0\n",
    "services/ml/requirements.txt": "fastapi==0.110\nnumpy\n",
    "tests/fixtures/demo/package.json": JSON.stringify({ dependencies: { express: "4" } }),
    "README.md":
      "# Shop\n\n[![ci](https://x/badge.svg)](https://x)\n\nThe **shop** sells [things](https://example.com) to people.\n\n## More\n",
    "CONTRIBUTING.md": "---\ntitle: How to contribute\n---\n\nOpen a pull request.\n",
    "docs/guide.md": "Guide\n=====\n\nRead this first.\n",
    "docs/adr/0001-use-hono.md": "# 1. Use Hono\n\nStatus: accepted\n",
    "docs/0002-second.md": "# 2. Second decision\n\nWe decided.\n",
    "specs/api.md": "# API spec\n\nEndpoints.\n",
    "SPEC.md": "# The contract\n\nWhat users rely on.\n",
    "packages/ui/README.md": "# UI package\n\nButtons.\n",
    "packages/ui/src/deep/notes.md": "# Notes\n\nnot a project document\n",
    "tests/fixtures/demo/README.md": "# Fixture\n",
    "src/a.ts": 'import { b } from "./b.ts";\nexport const a = b;\n',
    "src/b.ts": 'import { a } from "./a.ts";\nexport const b = 1;\nexport const first = () => a;\n',
    ".tool/config.json": JSON.stringify({ workflow: "strict", adapter: "claude", architecture: {} }),
    ".tool/tasks/add-login/task.md":
      "---\nid: add-login\ntitle: Add login\nworkflow: spec-driven\n---\n\n## Goal\n\nUsers can log in.\n\n## Scope\n\n- src/auth\n\n## Acceptance criteria\n\n- AC-1: a user logs in with a password\n- AC-2: a wrong password is refused\n",
    ".tool/tasks/add-login/spec.md": "# Spec\n",
    ".tool/tasks/add-login/subtasks/01-form.md": "---\ntitle: Form\nstatus: done\ncriteria: [AC-1]\n---\n- [x] build\n",
    ".tool/tasks/add-login/subtasks/02-api.md":
      '---\ntitle: API\nstatus: pending\ndependsOn: ["01"]\n---\n- [ ] build\n',
    ".tool/tasks/add-login/subtasks/03-e2e.md": '---\ntitle: E2E\nstatus: pending\ndependsOn: ["02"]\n---\n',
    ".tool/tasks/add-login/state.json": JSON.stringify({
      evidence: { validate: { at: "2026-01-02T00:00:00.000Z", ok: true, summary: "valid" } },
    }),
    ".tool/tasks/plain/task.md": "---\ntitle: Plain\n---\n",
    ".tool/tasks/Bad_Id/task.md": "---\ntitle: Bad\n---\n",
  });
  git(root, "init", "-q", "-b", "trunk");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "initial import");
  writeFiles(root, { "src/c.ts": "export const c = 1;\n" });
  writeFileSync(join(root, "README.md"), "# Shop\n\nChanged.\n");
  git(root, "mv", "docs/guide.md", "docs/handbook.md");
  return root;
}

test("buildProjectIndex fills every field of SPEC.md's table", async () => {
  const root = richRepo();
  const index = ProjectIndex.parse(
    await buildProjectIndex(root, {
      report: analyze(root),
      commands: [{ name: "graph", summary: "g", usage: "tool graph" }],
    }),
  );
  const { project } = index;
  assert.is(project.name, "shop");
  assert.is(project.root, root);
  assert.equal(project.languages.map((l) => l.id), ["typescript"]);
  assert.equal(
    project.frameworks.map((f) => f.name).sort(),
    ["FastAPI", "Gin", "Hono", "React", "Vue"],
    "fixtures are not the project",
  );
  assert.equal(project.packageManagers.map((m) => m.name).sort(), ["go", "pip", "pnpm"]);
  assert.equal(project.manifests.map((m) => m.file), [
    "package.json",
    "services/api/go.mod",
    "services/ml/requirements.txt",
  ]);
  assert.is(project.defaultWorkflow, "strict");
  assert.is(project.activeAdapter, "claude");
  assert.equal(index.commands, [{ name: "graph", summary: "g", usage: "tool graph" }]);
  assert.equal(index.presets.map((p) => [p.name, p.tasks]), [["standard", 1], ["spec-driven", 1], ["strict", 0]]);
  assert.equal(index.presets.find((p) => p.name === "spec-driven")!.stages.slice(0, 2), ["spec", "plan"]);
  for (const key of ["lab", "capabilities", "couplings"] as const) assert.equal(index[key], [], key);
  assert.equal(index.adapters.map((a) => (a as { id: string }).id), ["claude-code", "codex", "gemini", "cursor", "opencode"]);
  assert.equal(index.agents.map((a) => (a as { id: string }).id), ["claude", "codex", "gemini", "opencode"]);
  assert.ok(index.workflows.some((f) => (f as { name: string }).name === "ship"));
  assert.is(index.graph.cycles.filter((c) => c.kind === "runtime").length, 1);
  assert.equal(index.graph.hotspots, []);
  assert.ok(
    index.improvements.some((i) =>
      i.severity === "high" && i.evidence.includes("src/a.ts") && i.slug.startsWith("break-cycle")
    ),
  );
  assert.ok(index.signals.some((s) => s.code === "task-id" && s.file === ".tool/tasks/Bad_Id"));
  assert.equal(index.modules.map((m) => m.path), ["src"]);
});

test("the stack's frameworks are the product's: an example's, a template's, a test app's or a CI action's manifest does not add its own", async () => {
  const root = tempDir("tool-index-stack-");
  const pkg = (dependencies: Record<string, string>) => JSON.stringify({ name: "cms", dependencies });
  writeFiles(root, {
    "package.json": pkg({ next: "15.0.0", react: "19.0.0" }),
    "src/a.ts": "export const a = 1;\n",
    "examples/astro/package.json": pkg({ astro: "5.0.0" }),
    "templates/remix-starter/package.json": pkg({ "@remix-run/node": "2.0.0" }),
    "test/package.json": pkg({ express: "4.0.0" }),
    ".github/actions/triage/package.json": pkg({ vue: "3.0.0" }),
  });
  git(root, "init", "-q");
  const { project } = await buildProjectIndex(root, { report: analyze(root), commands: [] });
  assert.equal(project.frameworks.map((f) => f.name).sort(), ["Next.js", "React"]);
  assert.is(project.manifests.length, 5, "every manifest is still listed");
  const examplesOnly = tempDir("tool-index-examples-");
  writeFiles(examplesOnly, { "examples/astro/package.json": pkg({ astro: "5.0.0" }), "examples/astro/src/a.ts": "export const a = 1;\n" });
  git(examplesOnly, "init", "-q");
  const { project: examples } = await buildProjectIndex(examplesOnly, { report: analyze(examplesOnly), commands: [] });
  assert.equal(examples.frameworks.map((f) => f.name), ["Astro"], "a repository of examples is about them");
});

test("suggested improvements take the findings' severities: a lazy cycle and a hub are low, after an eager cycle", async () => {
  const root = tempDir("tool-index-");
  const hub: Record<string, string> = { "src/util.ts": "export const u = 1;\n" };
  for (let i = 0; i < 12; i++) hub[`src/use${i}.ts`] = `import { u } from "./util.ts";\nexport const v${i} = u;\n`;
  writeFiles(root, {
    ...hub,
    "src/a.ts": 'import { b } from "./b.ts";\nexport const a = b;\n',
    "src/b.ts": 'import { a } from "./a.ts";\nexport const b = 1;\nexport const first = () => a;\n',
    // The CLI imports the routes at the top; the routes reach back only inside a function.
    "src/cli.ts": 'import { routes } from "./routes.ts";\nexport const cli = () => routes();\n',
    "src/routes.ts": 'export function routes() {\n  return import("./cli.ts");\n}\n',
  });
  git(root, "init", "-q");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "initial import");
  const report = await analyze(root);
  const index = await buildProjectIndex(root, { report });
  const bySlug = Object.fromEntries(index.improvements.map((i) => [i.slug.replace(/-\d+$/, ""), i.severity]));
  assert.equal(bySlug, { "break-cycle-a": "high", "break-cycle-cli": "low", "split-hub-util": "low" });
  assert.is(index.improvements[0]!.slug, "break-cycle-a");
  const findings = report.findings.filter((f) => f.rule === "import-cycle").map((f) => [f.evidence[0]!.file, f.severity]);
  assert.equal(findings.sort(), [["src/a.ts", "high"], ["src/cli.ts", "low"]]);
});

test("tasks are summarised from the task store", async () => {
  const root = richRepo();
  const index = await buildProjectIndex(root);
  assert.equal(index.tasks.map((t) => t.id).sort(), ["add-login", "plain"]);
  const task = index.tasks.find((t) => t.id === "add-login")!;
  assert.is(task.title, "Add login");
  assert.is(task.preset, "spec-driven");
  assert.equal(task.stages, ["spec", "plan", "build", "verify", "pr", "done"]);
  assert.is(task.stage, "build", "spec.md and subtasks exist, subtasks are open");
  assert.match(task.next!, /tool subtask set add-login/);
  assert.is(task.goal, "Users can log in.");
  assert.equal(task.scope, ["src/auth"]);
  assert.equal(task.acceptanceCriteria.map((c) => [c.id, c.text, c.specified]), [
    ["AC-1", "a user logs in with a password", true],
    ["AC-2", "a wrong password is refused", false],
  ]);
  assert.equal(task.artifacts.map((a) => a.file), ["spec.md"]);
  assert.equal(task.subtasks, { total: 3, done: 1, ready: 1, problems: 0 });
  assert.equal(task.reports.map((r) => [r.check, r.ok]), [["validate", true]]);
  assert.equal(task.validation, { ok: true, at: "2026-01-02T00:00:00.000Z", summary: "valid" });
  assert.equal(task.flows, []);
  assert.is(index.tasks.find((t) => t.id === "plain")!.preset, "standard", "the task store's default");
  const empty = await buildProjectIndex(tempDir());
  assert.equal(empty.tasks, [], "no task store: an empty list");
});

test("a task that cannot be read is a signal, and the rest of the index stands", async () => {
  const root = tempDir();
  writeFiles(root, {
    ".tool/tasks/good/task.md": "---\ntitle: Good\n---\n",
    ".tool/tasks/broken/task.md": "---\ntitle: [unclosed\n---\n",
  });
  const index = await buildProjectIndex(root);
  assert.equal(index.tasks.map((t) => t.id), ["good"]);
  assert.ok(index.signals.some((s) => s.code === "task-unreadable" && s.file === ".tool/tasks/broken/task.md"));
});

test("documents are found in the usual places with title, type and excerpt", async () => {
  const root = richRepo();
  const index = await buildProjectIndex(root);
  const byPath = new Map([...index.docs, ...index.specs, ...index.adrs].map((d) => [d.path, d]));
  assert.equal(index.docs.map((d) => d.path), [
    "CONTRIBUTING.md",
    "README.md",
    "docs/handbook.md",
    "packages/ui/README.md",
  ]);
  assert.equal(index.specs.map((d) => d.path), ["SPEC.md", "specs/api.md"]);
  assert.equal(index.adrs.map((d) => d.path), ["docs/0002-second.md", "docs/adr/0001-use-hono.md"]);
  assert.is(byPath.get("README.md")!.excerpt, "Changed.", "the working tree, not the last commit");
  assert.is(byPath.get("CONTRIBUTING.md")!.title, "How to contribute");
  assert.is(byPath.get("docs/handbook.md")!.title, "Guide");
  assert.is(byPath.get("docs/handbook.md")!.excerpt, "Read this first.");
  assert.is(byPath.get("docs/adr/0001-use-hono.md")!.type, "adr");
  assert.match(byPath.get("SPEC.md")!.content, /What users rely on/);
  assert.is(documentType(".tool/tasks/x/spec.md"), undefined);
  assert.is(documentType("src/deep/x/README.md"), undefined);
  assert.is(documentType("src/x.ts"), undefined);
});

test("the README excerpt skips badges and strips inline marks", async () => {
  const root = tempDir();
  writeFiles(root, {
    "README.md":
      "# Shop\n\n[![ci](https://x/badge.svg)](https://x)\n\nThe **shop** sells [things](https://example.com) to `people`.\n",
  });
  const index = await buildProjectIndex(root);
  assert.is(index.docs[0]!.excerpt, "The shop sells things to people.");
});

test("git state: branch, changes (renames, untracked), recent commits; outside git: unavailable", async () => {
  const root = richRepo();
  const state = await gitState(root);
  assert.is(state.available, true);
  assert.is(state.branch, "trunk");
  assert.match(state.head!, /^[0-9a-f]{7,}$/);
  assert.equal(state.commits.map((c) => c.subject), ["initial import"]);
  assert.is(state.commits[0]!.author, "Test");
  const byFile = new Map(state.changes.map((c) => [c.file, c]));
  assert.equal(byFile.get("README.md"), { file: "README.md", status: "modified", staged: false });
  assert.equal(byFile.get("docs/handbook.md"), {
    file: "docs/handbook.md",
    status: "renamed",
    staged: true,
    from: "docs/guide.md",
  });
  assert.is(byFile.get("src/c.ts")!.status, "untracked");
  assert.is(state.changesTotal, state.changes.length);
  const outside = await gitState(tempDir());
  assert.equal(outside, { available: false, branch: null, head: null, changes: [], changesTotal: 0, commits: [] });
  const fresh = tempDir();
  git(fresh, "init", "-q", "-b", "dev");
  const unborn = await gitState(fresh);
  assert.is(unborn.branch, "dev");
  assert.equal(unborn.commits, []);
});

test("a broken .tool/config.json is a signal, not an error", async () => {
  const root = tempDir();
  writeFiles(root, { ".tool/config.json": "{ nope" });
  const index = await buildProjectIndex(root);
  assert.is(index.project.defaultWorkflow, "standard");
  assert.ok(index.signals.some((s) => s.code === "config-unreadable"));
  writeFiles(root, { ".tool/config.json": JSON.stringify({ workflow: 3 }) });
  const typed = await buildProjectIndex(root);
  assert.match(typed.signals.find((s) => s.code === "config-invalid")!.message, /"workflow"/);
});

test("ProjectService shares one report build, refreshes on the queue, tells listeners, writes the file", async () => {
  const root = richRepo();
  let runs = 0;
  const service = new ProjectService({
    root,
    analyze: async (r) => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return analyze(r);
    },
  });
  const [a, b] = await Promise.all([service.report(), service.report()]);
  assert.is(a, b);
  assert.is(runs, 1);
  const snapshot = await service.snapshot();
  assert.is(snapshot.version, 1);
  assert.is(runs, 1, "the index uses the cached report");
  const seen: number[] = [];
  const off = service.onChange((version) => seen.push(version));
  const [v1, v2] = await Promise.all([service.refresh(), service.refresh()]);
  assert.is(v1, 2);
  assert.is(v2, 2, "a refresh that waits joins the queued one");
  assert.is(runs, 2);
  assert.equal(seen, [2]);
  off();
  await service.refresh();
  assert.equal(seen, [2], "unsubscribed");
  const { readFileSync } = await import("node:fs");
  assert.is(readFileSync(join(root, ".tool/cache/project-index.json"), "utf8"), (await service.snapshot()).json);
  assert.is(readFileSync(join(root, ".tool/cache/.gitignore"), "utf8"), "*\n");
  await service.close();
});

test.run();

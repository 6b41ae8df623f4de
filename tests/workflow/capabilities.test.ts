// Capabilities on temp repositories: the catalog, each adapter's output read back by its format,
// plans that equal what apply writes, apply twice a no-op, shared files kept byte for byte, edits
// kept without --force, sync after the catalog changes, exec refused, and the doctor.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ADAPTERS, catalog, install, installedState } from "../../workflow/capabilities/mod.ts";
import { commitAll, runTool, tempDir, writeFiles } from "../helpers/repo.ts";
import { getJson, makeHarness, postJson } from "../routes/harness.ts";

const test = suite("capabilities");

function repo(files: Record<string, string> = {}): string {
  const root = tempDir("tool-caps-");
  writeFiles(root, { "src/app.ts": "export const app = 1;\n", ...files });
  commitAll(root);
  return root;
}

const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");

test("the catalog: at least 20 valid entries of every kind; every adapter's output reads back in its format", () => {
  const { entries, errors } = catalog();
  assert.equal(errors, []);
  assert.ok(entries.length >= 20, `${entries.length} entries`);
  assert.equal([...new Set(entries.map((e) => e.kind))].sort(), ["agent", "command", "hook", "mcp-server", "skill"]);
  for (const adapter of ADAPTERS) {
    for (const entry of entries) {
      for (const output of adapter.render(entry)) {
        if (output.type === "file" && /\.(md|mdc)$/.test(output.path)) {
          const front = /^---\n([\s\S]*?)\n---\n/.exec(output.content);
          assert.ok(front, `${adapter.id} ${entry.ref}: frontmatter`);
          assert.match(front![1]!, /^description: /m, `${adapter.id} ${entry.ref}: a description`);
        }
        if (output.type === "file" && output.path.endsWith(".toml")) assert.match(output.content, /^description = ".+"\nprompt = """\n[\s\S]+\n"""\n$/);
        if (output.type === "json") assert.ok(JSON.parse(JSON.stringify(output.value)));
        if (output.type === "unsupported") assert.ok(output.reason.length > 10);
      }
    }
  }
});

test("a plan writes nothing and lists what apply then writes; apply twice is a no-op; each adapter's files parse", () => {
  for (const adapter of ADAPTERS) {
    const root = repo();
    const refs = ["skill/impact-check", "agent/diff-reviewer", "command/ship-task", "mcp-server/tool", "hook/audit-before-stop"];
    const plan = install(root, { action: "add", refs, to: adapter.id, allowExec: true });
    assert.not.ok(existsSync(join(root, ".tool/capabilities.json")), "a plan writes nothing");
    assert.ok(plan.changes.every((c) => !existsSync(join(root, c.path))));
    const applied = install(root, { action: "add", refs, to: adapter.id, allowExec: true, apply: true });
    assert.equal(applied.changes.map((c) => [c.path, c.action]), plan.changes.map((c) => [c.path, c.action]), `${adapter.id}: apply does what the plan said`);
    for (const change of plan.changes) {
      const text = read(root, change.path);
      assert.equal(change.diff.split("\n").filter((l) => l.startsWith("+")).map((l) => l.slice(1)), text.replace(/\n$/, "").split("\n"), `${adapter.id} ${change.path}: the diff is the file`);
      if (change.path.endsWith(".json")) assert.ok(parseJsonc(text), `${change.path} parses`);
    }
    const again = install(root, { action: "add", refs, to: adapter.id, allowExec: true, apply: true });
    assert.ok(again.changes.every((c) => c.action === "unchanged"), `${adapter.id}: apply twice is a no-op`);
    assert.ok(installedState(root).every((i) => i.state === "current"));
  }
});

test("shared files keep the user's text byte for byte; removing gives them back as they were", () => {
  const agents = "# Our agents\n\nUse pnpm, never npm.\n";
  const mcp = '{\n    "mcpServers": {\n        "mine": { "command": "my-server" }\n    },\n    "other": true\n}\n';
  const settings = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "echo mine" }] }] }, permissions: { allow: ["Bash(ls)"] } }, null, 2) + "\n";
  const root = repo({ "AGENTS.md": agents, ".mcp.json": mcp, ".claude/settings.json": settings });
  install(root, { action: "add", refs: ["skill/impact-check", "skill/task-format"], to: "codex", apply: true });
  const withSkills = read(root, "AGENTS.md");
  assert.ok(withSkills.startsWith(agents), "the user's text comes first, unchanged");
  assert.match(withSkills, /<!-- tool:begin skill\/impact-check -->[\s\S]*<!-- tool:end skill\/impact-check -->/);
  install(root, { action: "add", refs: ["mcp-server/tool", "hook/audit-before-stop"], to: "claude-code", allowExec: true, apply: true });
  const servers = parseJsonc(read(root, ".mcp.json"));
  assert.equal(servers.mcpServers, { mine: { command: "my-server" }, tool: { command: "tool", args: ["mcp"] } });
  assert.ok(read(root, ".mcp.json").includes('        "mine": { "command": "my-server" }'), "the user's formatting is kept");
  const hooks = JSON.parse(read(root, ".claude/settings.json"));
  assert.equal(hooks.hooks.Stop.length, 2, "the user's own Stop hook stays beside ours");
  assert.equal(hooks.permissions, { allow: ["Bash(ls)"] });
  install(root, { action: "remove", refs: ["skill/impact-check", "skill/task-format"], to: "codex", apply: true });
  assert.is(read(root, "AGENTS.md"), agents, "byte for byte");
  install(root, { action: "remove", refs: ["mcp-server/tool", "hook/audit-before-stop"], to: "claude-code", apply: true });
  assert.is(read(root, ".mcp.json"), mcp, "byte for byte");
  assert.equal(JSON.parse(read(root, ".claude/settings.json")), JSON.parse(settings));
});

test("a file the user edited is kept without --force (409 naming it); sync updates only what changed upstream", () => {
  const root = repo();
  install(root, { action: "add", refs: ["agent/diff-reviewer", "skill/impact-check"], to: "claude-code", apply: true });
  const file = ".claude/agents/diff-reviewer.md";
  writeFileSync(join(root, file), read(root, file) + "\nAlso check the changelog.\n");
  assert.throws(() => install(root, { action: "remove", refs: ["agent/diff-reviewer"], to: "claude-code", apply: true }), (e: Error & { status?: number }) => e.status === 409 && e.message.includes(file));
  assert.match(read(root, file), /Also check the changelog/);
  assert.equal(installedState(root).find((i) => i.ref === "agent/diff-reviewer")!.state, "modified");
  // The catalog's entry changes upstream: simulated by an older install record of another skill.
  const record = JSON.parse(read(root, ".tool/capabilities.json"));
  const skill = record.installed.find((i: { ref: string }) => i.ref === "skill/impact-check");
  skill.parts[0].hash = "0000000000000000";
  writeFileSync(join(root, ".claude/skills/impact-check/SKILL.md"), "old text of the skill\n");
  writeFileSync(join(root, ".tool/capabilities.json"), JSON.stringify(record));
  assert.throws(() => install(root, { action: "sync", refs: [], to: "claude-code", apply: true }), (e: Error & { status?: number }) => e.status === 409);
  const forced = install(root, { action: "sync", refs: ["skill/impact-check"], to: "claude-code", apply: true, force: true });
  assert.equal(forced.changes.map((c) => [c.path, c.action]), [[".claude/skills/impact-check/SKILL.md", "change"]]);
  assert.match(read(root, ".claude/skills/impact-check/SKILL.md"), /tool impact <file> --json/);
});

test("bad input: exec without allow, unknown ref and adapter, malformed ref, nothing written", async () => {
  const root = repo();
  const cases: [string[], number, RegExp][] = [
    [["capability", "add", "hook/audit-before-stop", "--apply"], 2, /--allow-exec/],
    [["capability", "add", "skill/nope", "--apply"], 2, /the catalog has no skill\/nope/],
    [["capability", "add", "nonsense", "--apply"], 2, /"ref" must be <kind>\/<name>/],
    [["capability", "add", "skill/impact-check", "--to", "vim", "--apply"], 2, /"to" must be one of claude-code, codex, gemini, cursor, opencode/],
    [["capability", "fly"], 2, /give an action/],
  ];
  for (const [args, code, message] of cases) {
    const result = runTool([...args, "--root", root]);
    assert.is(result.code, code, args.join(" "));
    assert.match(result.stderr, message, args.join(" "));
  }
  assert.not.ok(existsSync(join(root, ".claude")) || existsSync(join(root, ".tool/capabilities.json")), "nothing written");
  const h = makeHarness({ root });
  assert.is((await postJson(h, "/api/capabilities", { action: "add", refs: [] })).status, 400);
  assert.is((await postJson(h, "/api/capabilities", { action: "explode", refs: ["skill/impact-check"] })).status, 400);
  assert.is((await postJson(h, "/api/capabilities", { action: "add", refs: "skill/impact-check" })).status, 400);
  assert.is((await postJson(h, "/api/capabilities", { action: "add", refs: ["skill/nope"] })).status, 404);
  assert.is((await postJson(h, "/api/capabilities", { action: "add", refs: ["hook/audit-before-stop"], apply: true })).status, 400);
  assert.is((await getJson(h, "/api/capability?ref=skill/nope")).status, 404);
  assert.is((await getJson(h, "/api/capability?ref=bad")).status, 400);
  const planned = await postJson(h, "/api/capabilities", { action: "add", refs: ["skill/impact-check"] });
  assert.equal([planned.status, planned.body.data.applied, planned.body.data.changes[0].action], [200, false, "create"]);
  const applied = await postJson(h, "/api/capabilities", { action: "add", refs: ["skill/impact-check"], apply: true });
  assert.is(applied.body.data.applied, true);
  const listing = (await getJson(h, "/api/capabilities")).body;
  assert.equal(listing.installed.map((i: { ref: string; state: string }) => [i.ref, i.state]), [["skill/impact-check", "current"]]);
  assert.ok(listing.catalog.length >= 20);
});

test("doctor and settings: no git, a bad config, no gh; language and adapter through POST /api/settings", async () => {
  const bare = tempDir("tool-doctor-");
  mkdirSync(join(bare, ".tool"));
  writeFileSync(join(bare, ".tool/config.json"), "{ not json");
  const result = runTool(["doctor", "--json", "--root", bare], { env: { PATH: "/usr/bin:/bin" } });
  assert.is(result.code, 1);
  const checks = Object.fromEntries(JSON.parse(result.stdout).checks.map((c: { name: string; status: string }) => [c.name, c.status]));
  assert.equal([checks.git, checks.config, checks["pull requests"]], ["fail", "fail", "warn"]);
  const root = repo();
  const h = makeHarness({ root });
  const settings = (await getJson(h, "/api/settings")).body;
  assert.ok(Array.isArray(settings.doctor) && settings.doctor.some((c: { name: string; status: string }) => c.name === "git" && c.status === "ok"));
  assert.ok(settings.stack.languages.some((l: { id: string }) => l.id === "typescript"));
  assert.ok((await postJson(h, "/api/settings", { action: "language", docs: "pt-BR", code: "en" })).body.ok);
  assert.ok((await postJson(h, "/api/settings", { action: "adapter", id: "cursor" })).body.ok);
  assert.is((await postJson(h, "/api/settings", { action: "adapter", id: "vim" })).status, 400);
  assert.is((await postJson(h, "/api/settings", { action: "paint" })).status, 400);
  const config = JSON.parse(read(root, ".tool/config.json"));
  assert.equal([config.language, config.adapter], [{ docs: "pt-BR", code: "en" }, "cursor"]);
  assert.is((await getJson(h, "/api/settings")).body.language.docs, "pt-BR");
});

test.run();

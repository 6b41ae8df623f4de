// `tool mcp` driven by the MCP SDK's own client over stdio: the thirteen tools and their schemas,
// each called on a repository with tasks, history, a decision record and a loop-free task
// store, every bad-input case, and proof that nothing in the repository was written.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { fixtureRepo, git, PROJECT_ROOT, runTool, writeFiles } from "../helpers/repo.ts";

const test = suite("tool mcp");

/** ts-app with a task whose subtask names a file, a commit naming the task, an ADR naming the file. */
function repo(): string {
  const root = fixtureRepo("ts-app");
  runTool(["new", "user-lookup", "--title", "Look users up by id", "--detail", "Find a user by id through the helper", "--criterion", "a user is found by id", "--root", root]);
  runTool(["subtask", "add", "user-lookup", "--title", "Helper lookup", "--files", "src/lib/helper.ts", "--criteria", "AC-1", "--root", root]);
  writeFiles(root, {
    "src/lib/helper.ts": "export const helper = () => 1;\nexport function findUserById(id: string) {\n  return { id };\n}\n",
    "docs/adr/0001-helper.md": "# Keep lookups in the helper\n\nAll user lookups live in src/lib/helper.ts.\n",
  });
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "user-lookup: find users by id in the helper");
  return root;
}

/** Every file of the working tree (not .git) with its content and mtime. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.name === ".git") continue;
      if (entry.isDirectory()) visit(path);
      else files.set(relative(root, path), `${statSync(path).mtimeMs}:${readFileSync(path, "base64")}`);
    }
  };
  visit(root);
  return files;
}

async function connect(root: string): Promise<Client> {
  const client = new Client({ name: "tool-tests", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(PROJECT_ROOT, "main.ts"), "mcp", "--root", root], stderr: "ignore" }));
  return client;
}

type Answer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as Answer;
const json = (answer: Answer) => JSON.parse(answer.content[0]!.text);

test("lists thirteen read-only tools, every argument described; each answers on a real repository; nothing is written", async () => {
  const root = repo();
  const before = snapshot(root);
  const client = await connect(root);
  try {
    const { tools } = await client.listTools();
    assert.equal(tools.map((t) => t.name).sort(), ["architecture", "audit", "get_task", "graph_summary", "ground_change", "impact", "list_routes", "list_tasks", "loop_status", "next_subtasks", "project_overview", "search_capabilities", "why"]);
    for (const tool of tools) {
      assert.is(tool.annotations?.readOnlyHint, true, tool.name);
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        assert.ok((schema as { description?: string }).description, `${tool.name}.${field} has a description`);
      }
    }
    const overview = json(await call(client, "project_overview"));
    assert.ok(overview.languages.some((l: { id: string }) => l.id === "typescript"));
    const tasks = json(await call(client, "list_tasks"));
    assert.equal(tasks.tasks.map((t: { id: string }) => t.id), ["user-lookup"]);
    assert.is(json(await call(client, "get_task", { task: "user-lookup" })).criteria[0].text, "a user is found by id");
    assert.equal(json(await call(client, "next_subtasks")).subtasks.map((s: { id: string }) => s.id), ["01"]);
    assert.equal(json(await call(client, "loop_status")), { loops: [], left: 0 });
    const grounded = json(await call(client, "ground_change", { request: "find a user by their id" }));
    assert.is(grounded.files[0].file, "src/lib/helper.ts", JSON.stringify(grounded.files.slice(0, 3)));
    assert.match(grounded.files[0].reasons.join(" "), /matches .*user/);
    assert.equal(grounded.similarTasks.map((t: { id: string }) => t.id), ["user-lookup"]);
    const why = json(await call(client, "why", { file: "src/lib/helper.ts", line: 2 }));
    assert.is(why.commit.subject, "user-lookup: find users by id in the helper");
    assert.equal(why.tasks.map((t: { id: string }) => t.id), ["user-lookup"]);
    assert.equal(why.decisions.map((d: { path: string }) => d.path), ["docs/adr/0001-helper.md"]);
    assert.not.match(JSON.stringify(why), /Test|test@example\.com/, "no author name or e-mail");
    const impact = json(await call(client, "impact", { files: ["src/lib/helper.ts"] }));
    assert.ok(impact.dependents.length > 0);
    const graph = json(await call(client, "graph_summary", { limit: 2 }));
    assert.ok(graph.cycles.items.length <= 2);
    assert.ok(graph.cycles.items.length + graph.cycles.left >= 2, "the fixture's two cycles");
    assert.ok(Array.isArray(json(await call(client, "list_routes")).routes));
    assert.ok(json(await call(client, "architecture")).components.items.length > 0);
    assert.ok(Array.isArray(json(await call(client, "audit", { severity: "low" })).findings));
    assert.equal(json(await call(client, "search_capabilities", { query: "test" })).capabilities, []);
    for (const tool of tools) {
      const answer = await call(client, tool.name, tool.name === "get_task" ? { task: "user-lookup" } : tool.name === "why" ? { file: "src/lib/helper.ts", line: 1 } : tool.name === "impact" ? { files: ["src/main.ts"] } : tool.name === "ground_change" ? { request: "change the main entry" } : tool.name === "search_capabilities" ? { query: "x" } : {});
      assert.ok(answer.content[0]!.text.length <= 20_000, `${tool.name} answers at most 20 KB`);
      assert.ok(answer.structuredContent, `${tool.name} has structured content`);
    }
  } finally {
    await client.close();
  }
  assert.equal([...snapshot(root)], [...before], "not a file of the repository was written or touched");
});

test("bad input is an isError result naming the argument, and the server keeps serving", async () => {
  const root = repo();
  const client = await connect(root);
  try {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["get_task", { task: "Bad_Id" }, /task/],
      ["get_task", { task: "ghost" }, /no task "ghost"/],
      ["get_task", {}, /task/],
      ["why", { file: "../outside.ts", line: 1 }, /"file" \.\.\/outside\.ts is not a file the analysis knows/],
      ["why", { file: "src/nope.ts", line: 1 }, /"file" src\/nope\.ts/],
      ["why", { file: "src/lib/helper.ts", line: 999 }, /"line" must be from 1 to 4/],
      ["why", { file: "src/lib/helper.ts" }, /line/],
      ["impact", { files: ["src/ghost.ts"] }, /"files": src\/ghost\.ts is not a file the analysis knows/],
      ["ground_change", {}, /request/],
      ["audit", { severity: "apocalyptic" }, /severity/],
    ];
    for (const [name, args, message] of cases) {
      const answer = await call(client, name, args).catch((error: Error) => ({ isError: true, content: [{ type: "text", text: error.message }] }) as Answer);
      assert.is(answer.isError, true, `${name} ${JSON.stringify(args)}`);
      assert.match(answer.content[0]!.text, message, `${name} ${JSON.stringify(args)}`);
    }
    const unknown = await call(client, "no_such_tool").catch((error: Error) => ({ isError: true, content: [{ type: "text", text: error.message }] }) as Answer);
    assert.is(unknown.isError, true);
    assert.match(unknown.content[0]!.text, /no_such_tool/);
    assert.equal(json(await call(client, "list_tasks")).tasks.length, 1, "still serving");
  } finally {
    await client.close();
  }
});

test("--print-config gives the block a client needs, and the server ends when stdin ends", () => {
  const config = JSON.parse(runTool(["mcp", "--print-config"]).stdout);
  assert.equal(config.mcpServers.tool.args.slice(-3), ["mcp", "--root", PROJECT_ROOT]);
  const ended = runTool(["mcp", "--root", repo()]);
  assert.is(ended.code, 0, ended.stderr);
  assert.is(ended.stdout, "", "nothing but protocol on stdout");
});

test.run();

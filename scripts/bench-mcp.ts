// Latency of each `tool mcp` tool on a synthetic repository of about 3,000 TypeScript files
// (imports between them, a few commits of history), through the SDK's client over stdio: the
// first call (which builds the analysis in memory when it is the first of the session) and the
// median of five later calls.
//
//   bun scripts/bench-mcp.ts [--files 3000]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const { values } = parseArgs({ options: { files: { type: "string", default: "3000" } } });
const FILES = Number(values.files);
const projectRoot = join(import.meta.dirname, "..");
const root = mkdtempSync(join(tmpdir(), "tool-bench-mcp-"));
const git = (...args: string[]) => spawnSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...args], { cwd: root });
git("init", "-q", "-b", "main");
let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const areas = ["users", "orders", "billing", "search", "auth", "reports", "catalog", "shipping", "notifications", "admin"];
for (let i = 0; i < FILES; i++) {
  const area = areas[i % areas.length]!;
  const dir = join(root, "src", area, `part${Math.floor(i / 100)}`);
  mkdirSync(dir, { recursive: true });
  const imports = Array.from({ length: 4 }, () => Math.floor(random() * i)).filter((j, k, all) => all.indexOf(j) === k && j !== i);
  const lines = imports.map((j) => `import { ${areas[j % areas.length]}${j} } from "../../${areas[j % areas.length]}/part${Math.floor(j / 100)}/${areas[j % areas.length]}-${j}.ts";`);
  writeFileSync(join(dir, `${area}-${i}.ts`), `${lines.join("\n")}\nexport function ${area}${i}(id: string) {\n  return id.length > ${i % 7} ? "${area}" : "${i}";\n}\n`);
  if (i % 1000 === 999 || i === FILES - 1) {
    git("add", "-A");
    git("commit", "-q", "-m", `add ${area} files up to ${i}`);
  }
}
const client = new Client({ name: "bench", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(projectRoot, "main.ts"), "mcp", "--root", root], stderr: "ignore" }));
const calls: [string, Record<string, unknown>][] = [
  ["project_overview", {}], ["graph_summary", {}], ["list_tasks", {}], ["get_task", { task: "nothing-here" }], ["next_subtasks", {}], ["loop_status", {}],
  ["ground_change", { request: "refund an order from the billing page" }], ["why", { file: "src/users/part0/users-0.ts", line: 1 }],
  ["impact", { files: ["src/users/part0/users-0.ts"] }], ["list_routes", {}], ["architecture", {}], ["audit", {}], ["search_capabilities", { query: "x" }],
];
console.log(`tool mcp on ${FILES} files: first call, then the median of five`);
for (const [name, args] of calls) {
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const start = performance.now();
    await client.callTool({ name, arguments: args });
    times.push(performance.now() - start);
  }
  const later = times.slice(1).sort((a, b) => a - b)[2]!;
  console.log(`  ${name.padEnd(20)} first ${times[0]!.toFixed(0).padStart(6)} ms   later ${later.toFixed(1).padStart(7)} ms`);
}
await client.close();
rmSync(root, { recursive: true, force: true });

// The one test runner: runs every tests/**/*.test.ts file (uvu suites) in its own Bun
// process, two at a time, and ends with the line `N passed, M failed`.
// Arguments narrow the run to files whose path contains one of them.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { spawn } from "node:child_process";

const root = join(import.meta.dirname, "..");
const filters = process.argv.slice(2);

function findTests(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "fixtures" || name === "node_modules") continue;
    if (statSync(path).isDirectory()) found.push(...findTests(path));
    else if (name.endsWith(".test.ts") || name.endsWith(".test.tsx")) found.push(path);
  }
  return found.sort();
}

type Outcome = { file: string; passed: number; failed: number; skipped: number; output: string; code: number };

function runFile(file: string): Promise<Outcome> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [file], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      const count = (label: string) => Number(output.match(new RegExp(`${label}:\\s+(\\d+)`))?.[1] ?? 0);
      const total = count("Total");
      const passed = count("Passed");
      const skipped = count("Skipped");
      // A file that crashed before uvu summarised counts as one failure.
      const failed = code === 0 ? Math.max(0, total - passed - skipped) : Math.max(1, total - passed - skipped);
      done({ file, passed, failed, skipped, output, code: code ?? 1 });
    });
  });
}

const files = findTests(join(root, "tests")).filter((f) =>
  filters.length === 0 || filters.some((part) => relative(root, f).includes(part))
);
// Browser tests (Chromium and a live server each) run last and one at a time: beside the other
// suites on a 2-core machine they compete for CPU and their timing-sensitive steps (an SSE
// connection, a live refresh) become flaky.
const isBrowserTest = (file: string) => relative(root, file).startsWith("tests/e2e/");
let queue = files.filter((f) => !isBrowserTest(f));
const outcomes: Outcome[] = [];
const started = performance.now();

async function worker() {
  for (let file = queue.shift(); file; file = queue.shift()) {
    const outcome = await runFile(file);
    outcomes.push(outcome);
    const mark = outcome.failed > 0 ? "FAIL" : "ok  ";
    console.log(`${mark} ${relative(root, file)} (${outcome.passed} passed${outcome.skipped ? `, ${outcome.skipped} skipped` : ""})`);
    if (outcome.failed > 0) console.log(outcome.output.trimEnd().split("\n").map((l) => "     " + l).join("\n"));
    // A suite that cannot run here (no browser) says so on a line of its own: show it.
    for (const line of outcome.output.split("\n")) if (line.startsWith("skipped: ")) console.log(`     ${line}`);
  }
}

await Promise.all([worker(), worker()]);
queue = files.filter(isBrowserTest);
await worker();
const sum = (key: "passed" | "failed" | "skipped") => outcomes.reduce((n, o) => n + o[key], 0);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\n${files.length} test files in ${seconds}s`);
const skipped = sum("skipped");
console.log(`${sum("passed")} passed, ${sum("failed")} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(sum("failed") > 0 || files.length === 0 ? 1 : 0);

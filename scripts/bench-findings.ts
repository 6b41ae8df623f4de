// How many of `tool audit`'s HIGH and MEDIUM findings a team would act on: runs the audit in
// checkouts of the public repositories hand-labelled in tests/realworld/findings.json (each
// finding "actionable" or "noise"), matches the current findings to the labels by id and prints,
// per repository and overall, the number of HIGH and MEDIUM findings and the share labelled
// actionable, against the targets (>= 90% of HIGH, >= 75% of MEDIUM). A finding without a label
// is listed as unlabelled; a label whose finding is now low, or no longer appears, is listed so. Fetches nothing: DIR
// holds clones named by repository name (DIR/flask, DIR/hono, ..., or DIR/<owner>+<name>); a checkout that is not at the
// labelled commit is measured with a warning. Uses dist/tool when it is built, else main.ts.
// Always exits 0 (it is a measurement); 2 on bad arguments.
//
//   bun scripts/bench-findings.ts --checkouts DIR [--labels tests/realworld/findings.json] [--source]
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Finding } from "../analysis/schema.ts";

type Severity = "high" | "medium";
type Label = { id: string; severity: Severity; rule: string; file: string; verdict: "actionable" | "noise"; why: string };
type Labelled = { repository: string; commit: string; language: string; findings: Label[] };

const projectRoot = join(import.meta.dirname, "..");
const TARGETS: Record<Severity, number> = { high: 0.9, medium: 0.75 };
const SEVERITIES: Severity[] = ["high", "medium"];

function usage(message: string): never {
  console.error(`bench-findings: ${message} (usage: bun scripts/bench-findings.ts --checkouts DIR [--labels FILE] [--source])`);
  process.exit(2);
}

let values: { checkouts?: string; labels?: string; source?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      checkouts: { type: "string" },
      labels: { type: "string", default: join(projectRoot, "tests/realworld/findings.json") },
      source: { type: "boolean", default: false },
    },
  }));
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
if (!values.checkouts) usage("--checkouts DIR is required");
const checkouts = resolve(values.checkouts);
if (!existsSync(checkouts) || !statSync(checkouts).isDirectory()) usage(`${values.checkouts} is not a directory`);
let repositories: Labelled[];
try {
  repositories = (JSON.parse(readFileSync(values.labels!, "utf8")) as { repositories: Labelled[] }).repositories;
  if (!Array.isArray(repositories)) throw new Error("no repositories array");
} catch (error) {
  usage(`cannot read the labels in ${values.labels}: ${error instanceof Error ? error.message : String(error)}`);
}

const binary = join(projectRoot, "dist/tool");
const command = !values.source && existsSync(binary) ? { cmd: binary, args: [] as string[] } : { cmd: process.execPath, args: [join(projectRoot, "main.ts")] };
console.log(`labels: ${values.labels}; audit by ${command.args.length ? "bun main.ts" : "dist/tool"}`);

const percent = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)}%` : "n/a");
type Tally = { found: number; labelled: number; actionable: number };
const empty = (): Record<Severity, Tally> => ({ high: { found: 0, labelled: 0, actionable: 0 }, medium: { found: 0, labelled: 0, actionable: 0 } });
const overall = empty();
// The same counts per severity and rule, over every repository: which rule costs the precision.
const byRule = new Map<string, Tally>();
let measured = 0;

function printTally(indent: string, tally: Record<Severity, Tally>) {
  for (const severity of SEVERITIES) {
    const t = tally[severity];
    const share = t.labelled ? t.actionable / t.labelled : NaN;
    const verdict = Number.isNaN(share) ? "nothing labelled" : share >= TARGETS[severity] ? "met" : "missed";
    console.log(
      `${indent}${severity.toUpperCase().padEnd(6)} ${String(t.found).padStart(3)} findings, ${String(t.labelled).padStart(3)} labelled, ` +
        `${String(t.actionable).padStart(3)} actionable (${percent(t.actionable, t.labelled)}); target >= ${TARGETS[severity] * 100}%: ${verdict}`,
    );
  }
}

for (const repo of repositories) {
  // DIR/<owner>+<name> when several repositories share a name (gotify/server, bitwarden/server), else DIR/<name>.
  const qualified = join(checkouts, repo.repository.replace("/", "+"));
  const dir = existsSync(qualified) ? qualified : join(checkouts, repo.repository.split("/").pop()!);
  console.log(`\n${repo.repository} (${repo.language})`);
  if (!existsSync(dir)) {
    console.log(`  skipped: no checkout at ${dir}`);
    continue;
  }
  const head = spawnSync("git", ["rev-parse", "HEAD"], { cwd: dir, encoding: "utf8" }).stdout.trim();
  if (head !== repo.commit) console.log(`  warning: ${dir} is at ${head || "(no git HEAD)"}, the labels are for ${repo.commit}`);
  const started = performance.now();
  const run = spawnSync(command.cmd, [...command.args, "audit", "--json", "--root", dir], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });
  let findings: Finding[];
  try {
    findings = (JSON.parse(run.stdout) as { findings: Finding[] }).findings;
  } catch {
    console.log(`  audit failed (exit ${run.status}): ${(run.stderr || run.stdout || "no output").trim().split("\n")[0]}`);
    continue;
  }
  measured++;
  const labels = new Map(repo.findings.map((label) => [label.id, label]));
  const current = findings.filter((f): f is Finding & { severity: Severity } => f.severity === "high" || f.severity === "medium");
  const seen = new Set(current.map((f) => f.id));
  const tally = empty();
  const unlabelled: string[] = [];
  const noise: string[] = [];
  for (const f of current) {
    const t = tally[f.severity];
    t.found++;
    const label = labels.get(f.id);
    if (!label) {
      unlabelled.push(`${f.severity} ${f.id} (${f.rule}, ${f.evidence[0]?.file ?? "-"})`);
      continue;
    }
    t.labelled++;
    const key = `${f.severity} ${f.rule}`;
    const rule = byRule.get(key) ?? { found: 0, labelled: 0, actionable: 0 };
    byRule.set(key, rule);
    rule.labelled++;
    if (label.verdict === "actionable") {
      t.actionable++;
      rule.actionable++;
    }
    else noise.push(`${f.severity} ${f.id} (${f.rule}, ${f.evidence[0]?.file ?? "-"}): ${label.why}`);
  }
  const severityOf = new Map(findings.map((f) => [f.id, f.severity]));
  const lowered = repo.findings.filter((label) => !seen.has(label.id) && severityOf.has(label.id));
  const gone = repo.findings.filter((label) => !severityOf.has(label.id));
  console.log(`  audit: ${findings.length} findings in ${Math.round(performance.now() - started)} ms`);
  printTally("  ", tally);
  if (noise.length) console.log(`  labelled noise (${noise.length}):\n${noise.map((line) => `    ${line}`).join("\n")}`);
  if (unlabelled.length) console.log(`  unlabelled (${unlabelled.length}):\n${unlabelled.map((line) => `    ${line}`).join("\n")}`);
  const list = (labels: Label[]) => labels.map((l) => `    ${l.severity} ${l.id} (${l.rule}, ${l.file}): ${l.verdict}`).join("\n");
  if (lowered.length) console.log(`  now low (${lowered.length}), labelled as:\n${list(lowered)}`);
  if (gone.length) console.log(`  gone (${gone.length}), labelled as:\n${list(gone)}`);
  for (const severity of SEVERITIES) {
    overall[severity].found += tally[severity].found;
    overall[severity].labelled += tally[severity].labelled;
    overall[severity].actionable += tally[severity].actionable;
  }
}

console.log(`\noverall (${measured} of ${repositories.length} repositories measured)`);
printTally("  ", overall);
console.log("  by rule (labelled findings):");
for (const [key, t] of [...byRule].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`    ${key.padEnd(32)} ${String(t.labelled).padStart(4)} labelled, ${String(t.actionable).padStart(4)} actionable (${percent(t.actionable, t.labelled)})`);
}
process.exit(0);

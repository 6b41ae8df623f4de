// How right `tool routes` is on real applications: runs it in checkouts of the public
// applications hand-labelled under tests/realworld/routes/ (one file per application: every HTTP
// route with its method, full path and whether it requires authentication) and prints, per
// application and overall, precision, recall and F1 of the routes found (HTTP routes, and pages a
// server renders where the labels list pages; same method, same path once every path parameter
// is treated as equal) and guard agreement on the routes found (a route labelled `required`
// should carry a guard; `optional` and `none` should not). Fetches nothing:
// DIR holds clones named by repository name (DIR/<name>, or DIR/<owner>+<name> when names clash);
// a checkout at another commit than the labelled one is measured with a warning. A route that
// says its prefix is unknown is left out of precision and counted. Uses dist/tool when it is built, else main.ts.
// Always exits 0 (it is a measurement); 2 on bad arguments.
//
//   bun scripts/bench-routes.ts --checkouts DIR [--labels tests/realworld/routes] [--source] [--verbose]
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

type Auth = "required" | "optional" | "none";
type Labelled = { repository: string; commit: string; framework: string; routes: { method: string; path: string; auth: Auth; file?: string }[] };
type Found = { method: string; path: string; file: string; guards: string[]; prefixUnknown?: boolean };

const projectRoot = join(import.meta.dirname, "..");
function usage(message: string): never {
  console.error(`bench-routes: ${message} (usage: bun scripts/bench-routes.ts --checkouts DIR [--labels DIR] [--source] [--verbose])`);
  process.exit(2);
}

let values: { checkouts?: string; labels?: string; source?: boolean; verbose?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      checkouts: { type: "string" },
      labels: { type: "string", default: join(projectRoot, "tests/realworld/routes") },
      source: { type: "boolean", default: false },
      verbose: { type: "boolean", default: false },
    },
  }));
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
if (!values.checkouts) usage("--checkouts DIR is required");
const checkouts = resolve(values.checkouts);
if (!existsSync(checkouts) || !statSync(checkouts).isDirectory()) usage(`${values.checkouts} is not a directory`);
if (!existsSync(values.labels!)) usage(`${values.labels} does not exist`);
const labelled: Labelled[] = readdirSync(values.labels!).filter((f) => f.endsWith(".json")).sort().map((f) => {
  try {
    return JSON.parse(readFileSync(join(values.labels!, f), "utf8")) as Labelled;
  } catch (error) {
    usage(`${f}: ${error instanceof Error ? error.message : String(error)}`);
  }
});

const binary = join(projectRoot, "dist/tool");
const command = !values.source && existsSync(binary) ? { cmd: binary, args: [] as string[] } : { cmd: process.execPath, args: [join(projectRoot, "main.ts")] };

/**
 * `GET /api/Articles/{slug}/` -> `GET /api/articles/{}`: parameters of any spelling are equal, and
 * so are paths that differ only in case (ASP.NET and Express match paths without case, and
 * ASP.NET's `[controller]` is the class name as written; no labelled app has two routes that
 * differ only in case).
 */
// "ANY" and "ALL" both label a route that takes every method; the tool says ALL.
const key = (method: string, path: string) =>
  `${method.toUpperCase().replace(/^ANY$/, "ALL")} ${path.replace(/\{[^}]*\}|:[A-Za-z_]\w*|<[^>]*>|\*+\w*/g, "{}").replace(/\/+$/, "").toLowerCase() || "/"}`;
const ratio = (a: number, b: number) => (b ? a / b : NaN);
const fmt = (x: number) => (Number.isNaN(x) ? "  n/a" : x.toFixed(2).padStart(5));
// Nothing labelled and nothing found (an application that serves no route) has no F1.
const f1 = (p: number, r: number) => (Number.isNaN(p) && Number.isNaN(r) ? NaN : (p || 0) + (r || 0) ? (2 * (p || 0) * (r || 0)) / ((p || 0) + (r || 0)) : 0);

const total = { labelled: 0, found: 0, matched: 0, guardChecked: 0, guardAgreed: 0, prefixUnknown: 0 };
console.log(`labels: ${values.labels}; routes by ${command.args.length ? "bun main.ts" : "dist/tool"}\n`);
console.log("application                               framework          labelled found matched precision recall    F1 guards");
for (const app of labelled) {
  // DIR/<owner>+<name> when several applications share a name, else DIR/<name>.
  const qualified = join(checkouts, app.repository.replace("/", "+"));
  const dir = existsSync(qualified) ? qualified : join(checkouts, app.repository.split("/").pop()!);
  if (!existsSync(dir)) {
    console.log(`${app.repository.padEnd(42)}skipped: no checkout at ${dir}`);
    continue;
  }
  const head = spawnSync("git", ["rev-parse", "HEAD"], { cwd: dir, encoding: "utf8" }).stdout.trim();
  const run = spawnSync(command.cmd, [...command.args, "routes", "--json", "--root", dir], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });
  let found: Found[];
  let unknown = 0;
  try {
    // HTTP routes, and the pages a server renders (`fs`: Next.js' page.tsx, Remix's and SvelteKit's
    // routes) where the labeller listed pages as the GET routes they are: some did (the brief asks
    // for every endpoint a server serves), some left them out as front-end. Never a browser's client-side routes.
    const items = (JSON.parse(run.stdout) as { items: (Found & { kind?: string; framework?: string })[] }).items;
    const labelledFiles = new Set(app.routes.map((r) => r.file));
    const pagesLabelled = items.some((r) => r.kind === "fs" && labelledFiles.has(r.file));
    // A WebSocket endpoint is the GET its handshake is, as the labelling brief lists it. An event
    // on a socket (`/chat#message`) is no endpoint, nor is a Socket.IO namespace: they travel
    // inside the connection, whose HTTP route is the engine's (`/socket.io/`, listed as http).
    const endpoint = (r: { kind?: string; path: string; framework?: string }) =>
      r.kind === "ws" && r.path.startsWith("/") && !r.path.includes("#") && r.framework !== "socket.io" && r.framework !== "nestjs-websockets";
    const http = items
      .filter((r) => !r.kind || r.kind === "http" || (r.kind === "fs" && pagesLabelled) || endpoint(r))
      .map((r) => (r.kind === "ws" ? { ...r, method: "GET" } : r));
    // A route that says its prefix is unknown claims no full path: neither right nor wrong, so it
    // is left out of precision (its labelled route still counts as missed).
    found = http.filter((r) => !r.prefixUnknown);
    unknown = http.length - found.length;
  } catch {
    console.log(`${app.repository.padEnd(42)}tool routes failed (exit ${run.status}): ${(run.stderr || "no output").trim().split("\n")[0]}`);
    continue;
  }
  const labels = new Map(app.routes.map((r) => [key(r.method, r.path), r]));
  const ours = new Map<string, Found>();
  for (const r of found) if (!ours.has(key(r.method, r.path))) ours.set(key(r.method, r.path), r);
  const matched = [...ours.keys()].filter((k) => labels.has(k));
  let checked = 0;
  let agreed = 0;
  const disagreements: string[] = [];
  for (const k of matched) {
    const label = labels.get(k)!;
    const guarded = ours.get(k)!.guards.length > 0;
    checked++;
    if (guarded === (label.auth === "required")) agreed++;
    else disagreements.push(`${k}: labelled ${label.auth}, tool ${guarded ? `guarded (${ours.get(k)!.guards.join(", ")})` : "unguarded"}`);
  }
  const p = ratio(matched.length, ours.size);
  const r = ratio(matched.length, labels.size);
  console.log(
    `${app.repository.slice(0, 41).padEnd(42)}${app.framework.slice(0, 18).padEnd(19)}${String(labels.size).padStart(8)} ${String(ours.size).padStart(5)} ${String(matched.length).padStart(7)} ${fmt(p).padStart(9)} ${fmt(r).padStart(6)} ${fmt(f1(p, r))} ${fmt(ratio(agreed, checked))}` +
      (unknown ? `  (${unknown} with an unknown prefix, left out)` : "") +
      (head && head !== app.commit ? `  (checkout at ${head.slice(0, 10)}, labels for ${app.commit.slice(0, 10)})` : ""),
  );
  if (values.verbose) {
    for (const k of labels.keys()) if (!ours.has(k)) console.log(`    missed:     ${k}`);
    for (const k of ours.keys()) if (!labels.has(k)) console.log(`    not labelled: ${k} (${ours.get(k)!.file})`);
    for (const d of disagreements) console.log(`    guard:      ${d}`);
  }
  total.labelled += labels.size;
  total.found += ours.size;
  total.matched += matched.length;
  total.guardChecked += checked;
  total.guardAgreed += agreed;
  total.prefixUnknown += unknown;
}
const p = ratio(total.matched, total.found);
const r = ratio(total.matched, total.labelled);
console.log(`\noverall: ${total.labelled} labelled, ${total.found} found, ${total.matched} matched; precision ${fmt(p).trim()}, recall ${fmt(r).trim()}, F1 ${fmt(f1(p, r)).trim()} (target 0.95); guard agreement ${fmt(ratio(total.guardAgreed, total.guardChecked)).trim()} on ${total.guardChecked} routes found (target 0.90)${total.prefixUnknown ? `; ${total.prefixUnknown} routes with an unknown prefix left out of precision` : ""}`);
process.exit(0);

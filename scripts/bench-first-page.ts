// How soon the console is useful on a large repository with nothing cached: starts dist/tool
// serve, times the first answer of GET /api/project (structure, routes, findings; the history
// deferred when it is long), and the time until the hotspots view shows the history, fetched
// again on each `changed` event as the console does; with the server's peak RSS. Each run starts from an empty .tool/cache, or with
// --warm from the per-file facts of an earlier run only (the history and the index not cached:
// a console started again after new commits).
//
//   bun scripts/bench-first-page.ts --repo PATH [--runs 5] [--warm] [--binary PATH (instead of building dist/tool)]
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { repo: { type: "string" }, runs: { type: "string", default: "5" }, warm: { type: "boolean", default: false }, binary: { type: "string" } } });
if (!values.repo) throw new Error("--repo PATH: a git repository to serve");
const repo = values.repo;
const projectRoot = join(import.meta.dirname, "..");
if (!values.binary && spawnSync(process.execPath, [join(projectRoot, "scripts/build.ts")], { cwd: projectRoot, stdio: "ignore" }).status !== 0) {
  throw new Error("npm run build failed");
}
// The server runs in the repository: a relative --binary is taken from where the bench started.
const tool = values.binary ? resolve(values.binary) : join(projectRoot, "dist/tool");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const peakRss = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

const first: number[] = [];
const whole: number[] = [];
const rss: number[] = [];
const rssFirst: number[] = [];
for (let run = 0; run < Number(values.runs); run++) {
  if (!values.warm) rmSync(join(repo, ".tool/cache"), { recursive: true, force: true });
  else {
    spawnSync(tool, ["graph", "--json"], { cwd: repo, stdio: "ignore" }); // the facts, once
    for (const name of ["history-commits.json", "project-index.json"]) rmSync(join(repo, ".tool/cache", name), { force: true });
  }
  const started = performance.now();
  const server = spawn(tool, ["serve", "--port", "0"], { cwd: repo, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    server.on("error", reject);
    server.on("exit", (code) => reject(new Error(`the server stopped (exit ${code}) before printing its URL`)));
    let out = "";
    server.stdout!.on("data", (chunk) => {
      out += chunk;
      const found = /http:\/\/\S+/.exec(out);
      if (found) resolve(found[0].endsWith("/") ? found[0] : `${found[0]}/`);
    });
  });
  const headers = { host: new URL(url).host };
  const project = await fetch(`${url}api/project`, { headers });
  if (!project.ok) throw new Error(`GET /api/project: ${project.status}`);
  await project.json();
  first.push(performance.now() - started);
  rssFirst.push(peakRss(server.pid!));
  // As the console does: the hotspots view, again after each `changed` event until the history
  // is in it (polling the whole report instead would make the server serialize it each time).
  const events = await fetch(`${url}api/events`, { headers });
  const reader = events.body!.getReader();
  const decoder = new TextDecoder();
  let stream = "";
  for (;;) {
    const view = await (await fetch(`${url}ui/devtools/hotspots`, { headers })).text();
    if (!view.includes("Reading the last 12 months")) {
      whole.push(performance.now() - started);
      break;
    }
    while (!/event: changed/.test(stream)) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the event stream ended before the history was read");
      stream += decoder.decode(value, { stream: true });
    }
    stream = stream.slice(stream.search(/event: changed/) + 14);
  }
  void reader.cancel();
  rss.push(peakRss(server.pid!));
  server.kill("SIGTERM");
  await new Promise((resolve) => server.on("exit", resolve));
}
const files = spawnSync("git", ["ls-files"], { cwd: repo, encoding: "utf8" }).stdout.split("\n").length - 1;
console.log(`${repo}: ${files} files in git; ${values.runs} runs from ${values.warm ? "cached file facts, no history" : "an empty cache"}, medians (each run: ${first.map(Math.round).join(" ")} ms)`);
console.log(`first GET /api/project answered   ${median(first).toFixed(0).padStart(6)} ms after start`);
console.log(`history served whole              ${median(whole).toFixed(0).padStart(6)} ms after start`);
console.log(`server peak RSS                   ${median(rssFirst).toFixed(0).padStart(6)} MB at the first answer, ${median(rss).toFixed(0)} MB once the history is served`);

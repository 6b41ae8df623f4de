// Where parallel extraction pays: times extractAll on one thread and with workers over the first
// N files of a repository (this one unless --repo), runs alternating, medians, and how many files
// the workers took. The file cache is not involved: every run extracts every file.
//
//   bun scripts/bench-extract-workers.ts [--repo PATH] [--runs 5] [--workers N] [--sizes 100,400,1600,5000]
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { extractAll } from "../analysis/extract/pool.ts";
import { scan } from "../analysis/scan.ts";

const { values } = parseArgs({
  options: {
    repo: { type: "string", default: join(import.meta.dirname, "..") },
    runs: { type: "string", default: "5" },
    workers: { type: "string", default: String(Math.max(1, availableParallelism() - 1)) },
    sizes: { type: "string", default: "100,200,400,800,1600,3200,5000" },
  },
});
const runs = Number(values.runs);
const workers = Number(values.workers);
const all = scan(values.repo, { maxFiles: 100_000 }).files;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`${values.repo}: ${all.length} source files; ${availableParallelism()} cores; ${workers} worker(s) beside the main thread; ${runs} runs, medians`);
console.log("files   one thread   with workers   ratio   share by workers");
for (const size of values.sizes.split(",").map(Number).filter((n) => n <= all.length)) {
  const files = all.slice(0, size);
  const one: number[] = [];
  const many: number[] = [];
  let share = 0;
  extractAll(values.repo, files, { workers: 0 }); // the page cache and the JIT warm for both
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    extractAll(values.repo, files, { workers: 0 });
    one.push(performance.now() - t);
    t = performance.now();
    share += extractAll(values.repo, files, { workers }).byWorkers / files.length / runs;
    many.push(performance.now() - t);
  }
  const [a, b] = [median(one), median(many)];
  console.log(`${String(size).padStart(5)} ${a.toFixed(0).padStart(9)} ms ${b.toFixed(0).padStart(11)} ms ${(b / a).toFixed(2).padStart(7)} ${(share * 100).toFixed(0).padStart(10)}%`);
}

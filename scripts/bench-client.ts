// Measures what the client adds on top of plain fetch, against a local
// node:http server: N sequential GETs, then N GETs in concurrent batches
// (identical calls, which dedup merges, and distinct calls, which it cannot).
// Run: node_modules/.bin/bun scripts/bench-client.ts [N] [batch]
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { HttpClientFactory } from "../client/mod.ts";

const N = Number(process.argv[2] ?? 3000);
const BATCH = Number(process.argv[3] ?? 50);
const ROUNDS = 5;

let served = 0;
const server = createServer((_req, res) => {
  served++;
  res.writeHead(200, { "content-type": "application/json" });
  res.end('{"ok":true,"items":[1,2,3]}');
});
await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

type Call = (i: number) => Promise<unknown>;
const plain = HttpClientFactory.create(base);
const deduped = HttpClientFactory.create(base).dedup();
const modes: Record<string, (distinct: boolean) => Call> = {
  "fetch": (distinct) => async (i) => (await fetch(`${base}/items${distinct ? `?i=${i}` : ""}`)).json(),
  "client": (distinct) => (i) => plain.get("/items", distinct ? { params: { i } } : {}),
  "client+dedup": (distinct) => (i) => deduped.get("/items", distinct ? { params: { i } } : {}),
};

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Per-call latency samples (ms), sequential. */
async function sequential(call: Call, count: number, into: number[]) {
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await call(i);
    into.push(performance.now() - t);
  }
}

/** Per-call cost (ms) of each batch of `BATCH` concurrent calls. */
async function concurrent(call: Call, count: number, into: number[]) {
  for (let done = 0; done < count; done += BATCH) {
    const t = performance.now();
    await Promise.all(Array.from({ length: BATCH }, (_, j) => call(done + j)));
    into.push((performance.now() - t) / BATCH);
  }
}

async function measure(
  label: string,
  run: (call: Call, count: number, into: number[]) => Promise<void>,
  distinct: boolean,
) {
  const samples: Record<string, number[]> = {};
  const requests: Record<string, number> = {};
  for (const name of Object.keys(modes)) {
    await run(modes[name]!(distinct), 200, []);
    samples[name] = [];
    requests[name] = 0;
  }
  // Interleaved rounds, so drift (GC, JIT, sockets) hits every mode alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, make] of Object.entries(modes)) {
      const before = served;
      await run(make(distinct), N / ROUNDS, samples[name]!);
      requests[name]! += served - before;
    }
  }
  console.log(`\n${label} (${N} calls${run === concurrent ? `, batches of ${BATCH}` : ""})`);
  console.log("mode           median µs/call   mean µs/call   overhead vs fetch (median / mean)   requests sent");
  const base = samples["fetch"]!;
  for (const [name, xs] of Object.entries(samples)) {
    const med = median(xs) * 1000;
    const avg = mean(xs) * 1000;
    const over = name === "fetch"
      ? "-"
      : `${(med - median(base) * 1000).toFixed(1)} / ${(avg - mean(base) * 1000).toFixed(1)} µs`;
    console.log(
      `${name.padEnd(14)} ${med.toFixed(1).padStart(14)} ${avg.toFixed(1).padStart(14)}   ${over.padStart(33)}   ${
        String(requests[name]).padStart(13)
      }`,
    );
  }
}

console.log(`runtime: ${typeof Bun !== "undefined" ? `Bun ${Bun.version}` : process.version}`);
await measure("Sequential GETs", sequential, false);
await measure("Concurrent identical GETs", concurrent, false);
await measure("Concurrent distinct GETs", concurrent, true);
server.closeAllConnections();
server.close();

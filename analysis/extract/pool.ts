import { availableParallelism } from "node:os";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import { workerEntry } from "../../core/worker-entry.ts";
import type { ScannedFile } from "../scan.ts";
import { extractFile, type Part, type PartOf } from "./file.ts";
import { BATCH, type BatchMessage, NEXT, POSTED, type WorkerInput } from "./protocol.ts";

/**
 * From this many files to extract, a worker (a thread that loads every extractor) saves more
 * than its start-up costs. Measured end to end with the binary on payload, cold, on two cores
 * (`tool graph --max-files N`, medians of 5; ARCHITECTURE.md): one worker cost 30-40 ms up to
 * 1,600 files, broke even at 3,200 and saved 40-50 ms of 670 at 5,000.
 */
export const PARALLEL_MIN_FILES = 3_000;
/** A worker that posts nothing for this long is taken for dead: its files are extracted here. */
const STALL_MS = 5_000;

const WORKER_URL = workerEntry("analysis/extract/worker.ts");

export type ExtractOptions<P extends Part> = {
  /** What of each file to extract (file.ts): the whole facts by default. */
  part?: P;
  /**
   * Worker threads beside this one; by default one per further core when there are enough
   * files, or TOOL_WORKERS from the environment (0: extract on one thread).
   */
  workers?: number;
  /** Whether this thread takes batches too (the default); without, the workers extract every file. */
  thisThread?: boolean;
  onProgress?: (done: number, total: number) => void;
};

/**
 * The facts of every file (or the part asked), in the files' order, extracted on every core
 * (`byWorkers`: how many the workers extracted). The analysis is synchronous, so this thread
 * does not await the workers: it takes batches from the same shared counter as they do, then
 * blocks on a shared slot (Atomics.wait) until their batches are posted and reads them off
 * their ports synchronously (receiveMessageOnPort). The facts are the ones one thread
 * extracts (the same function, structured-cloned), whatever the number of workers.
 */
export function extractAll<P extends Part = "whole">(root: string, files: readonly ScannedFile[], options: ExtractOptions<P> = {}): { facts: PartOf<P>[]; byWorkers: number } {
  const part = options.part ?? ("whole" as P);
  const workers = options.workers ?? workersFor(files.length);
  const facts: (PartOf<P> | undefined)[] = new Array(files.length);
  if (workers <= 0) {
    for (let i = 0; i < files.length; i++) {
      facts[i] = extractFile(root, files[i]!, part);
      if (options.onProgress && i % 250 === 0) options.onProgress(i, files.length);
    }
    return { facts: facts as PartOf<P>[], byWorkers: 0 };
  }

  let byWorkers = 0;
  const slots = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  const pool = Array.from({ length: workers }, () => startWorker({ root, files: [...files], part, slots }));
  try {
    let missing = files.length;
    while (options.thisThread !== false) {
      const start = Atomics.add(slots, NEXT, BATCH);
      if (start >= files.length) break;
      const end = Math.min(start + BATCH, files.length);
      for (let i = start; i < end; i++) facts[i] = extractFile(root, files[i]!, part);
      missing -= end - start;
      options.onProgress?.(Math.min(Atomics.load(slots, NEXT), files.length), files.length);
    }
    while (missing > 0) {
      // Read the count before draining: a batch posted after the drain changes it, so the wait
      // below returns at once instead of sleeping on a message already there.
      const posted = Atomics.load(slots, POSTED);
      for (const { port } of pool) {
        for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
          const batch = message.message as BatchMessage;
          batch.facts.forEach((fact, k) => (facts[batch.start + k] = fact as PartOf<P>));
          missing -= batch.facts.length;
          byWorkers += batch.facts.length;
        }
      }
      if (missing > 0 && Atomics.wait(slots, POSTED, posted, STALL_MS) === "timed-out") break;
    }
    // A worker that failed (or stalled) leaves its batch unposted: this thread does it.
    for (let i = 0; i < files.length; i++) facts[i] ??= extractFile(root, files[i]!, part);
    return { facts: facts as PartOf<P>[], byWorkers };
  } finally {
    for (const { worker, port } of pool) {
      port.close();
      void worker.terminate();
    }
  }
}

function workersFor(count: number): number {
  const asked = process.env.TOOL_WORKERS;
  if (asked !== undefined && /^\d+$/.test(asked)) return Number(asked);
  const cores = availableParallelism();
  return count >= PARALLEL_MIN_FILES ? cores - 1 : 0;
}

function startWorker(input: Omit<WorkerInput, "port">): { worker: Worker; port: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_URL, {
    workerData: { ...input, port: port2 } satisfies WorkerInput,
    transferList: [port2],
  });
  // Nothing awaits the worker: an error in it only means its batches are done here.
  worker.on("error", () => {});
  worker.unref();
  return { worker, port: port1 };
}

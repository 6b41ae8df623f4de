// One extraction worker (see pool.ts): takes batches of files from the shared counter until
// none are left, posts each batch's facts on its port, and counts the batch in the shared
// progress slot so the waiting thread wakes.
import { workerData } from "node:worker_threads";
import type { ScannedFile } from "../scan.ts";
import { extractFile } from "./file.ts";
import { BATCH, NEXT, POSTED, type WorkerInput } from "./protocol.ts";

const { root, files, part, slots, port } = workerData as WorkerInput;
for (;;) {
  const start = Atomics.add(slots, NEXT, BATCH);
  if (start >= files.length) break;
  const batch = files.slice(start, start + BATCH).map((file: ScannedFile) => extractFile(root, file, part));
  port.postMessage({ start, facts: batch });
  Atomics.add(slots, POSTED, 1);
  Atomics.notify(slots, POSTED);
}
port.close();

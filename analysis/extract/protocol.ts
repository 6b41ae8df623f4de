import type { MessagePort } from "node:worker_threads";
import type { FileFacts } from "../facts.ts";
import type { Part, Surfaces } from "./file.ts";
import type { ScannedFile } from "../scan.ts";

/** Files per batch taken from the shared counter: small enough to balance, large enough to be cheap. */
export const BATCH = 48;
/** Slot of the shared array holding the index of the next file to extract. */
export const NEXT = 0;
/** Slot counting the batches the workers have posted, waited on by the thread that collects them. */
export const POSTED = 1;

export type WorkerInput = { root: string; files: ScannedFile[]; part: Part; slots: Int32Array; port: MessagePort };
export type BatchMessage = { start: number; facts: (FileFacts | Surfaces)[] };

import { ToolError } from "../core/errors.ts";

/**
 * The one write queue of the process: every command that writes project state runs through it,
 * one at a time, in the order it arrived. A job that fails rejects only its own caller; the queue
 * goes on with the next job.
 *
 * @example
 * const queue = new WriteQueue();
 * const result = await queue.run("refresh", () => rebuildIndex());
 */
export class WriteQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #waiting = 0;
  #running: string | undefined;
  #closed = false;

  /** Label of the job running now, if any. */
  get running(): string | undefined {
    return this.#running;
  }

  /** Jobs accepted and not yet finished, the running one included. */
  get size(): number {
    return this.#waiting;
  }

  /** Queues `job`; it starts when every job queued before it has finished. */
  run<T>(label: string, job: () => T | Promise<T>): Promise<T> {
    if (this.#closed) {
      return Promise.reject(
        new ToolError("shutting-down", "The server is shutting down; no new writes are accepted", 503),
      );
    }
    this.#waiting++;
    const result = this.#tail.then(async () => {
      this.#running = label;
      try {
        return await job();
      } finally {
        this.#running = undefined;
        this.#waiting--;
      }
    });
    this.#tail = result.catch(() => {});
    return result;
  }

  /** Resolves when every job queued so far has finished. */
  idle(): Promise<void> {
    return this.#tail.then(() => {});
  }

  /** Refuses new jobs (503) and resolves when the queued ones have finished: no half-done writes. */
  close(): Promise<void> {
    this.#closed = true;
    return this.idle();
  }
}

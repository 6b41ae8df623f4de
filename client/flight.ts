/**
 * One piece of shared work (a request with its retries) and the callers
 * waiting on it. Each caller can stop waiting on its own; the work itself is
 * aborted only when the last one has left, and `release` then runs at once so
 * that nobody new joins work that is being torn down.
 */
export class Flight<T> {
  readonly #controller = new AbortController();
  readonly #promise: Promise<T>;
  readonly #release: () => void;
  #waiters = 0;
  #done = false;

  constructor(run: (signal: AbortSignal) => Promise<T>, release: () => void = () => {}) {
    this.#release = release;
    this.#promise = run(this.#controller.signal).finally(() => {
      this.#done = true;
      release();
    });
    // Waiters handle the outcome; this keeps an abandoned flight's rejection from going unhandled.
    this.#promise.catch(() => {});
  }

  /**
   * Waits for the shared outcome: every caller gets the very same value or
   * the very same error. `signal` ends only this caller's wait, rejecting
   * with its reason; an already-aborted signal rejects at once.
   */
  join(signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.#waiters++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        reject(signal?.reason);
        this.#leave(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#promise.then(
        (value) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      );
    });
  }

  #leave(reason: unknown): void {
    this.#waiters--;
    if (this.#waiters > 0 || this.#done) return;
    this.#done = true;
    this.#release();
    this.#controller.abort(reason);
  }
}

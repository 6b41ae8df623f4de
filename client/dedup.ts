import { Flight } from "./flight.ts";

/**
 * The requests in flight of one client, by dedup key. A call whose key is in
 * flight joins it; an entry is removed the moment its request settles (or
 * every caller has aborted), so the next call starts a fresh request.
 */
export class DedupTable {
  readonly #flights = new Map<string, Flight<unknown>>();

  /** Number of keys with a request in flight. */
  get size(): number {
    return this.#flights.size;
  }

  /** Joins the request in flight for `key`, starting it with `start` when there is none. */
  join<T>(
    key: string,
    start: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let flight = this.#flights.get(key) as Flight<T> | undefined;
    if (flight === undefined) {
      const created: Flight<T> = new Flight(start, () => {
        if (this.#flights.get(key) === created) this.#flights.delete(key);
      });
      this.#flights.set(key, created);
      flight = created;
    }
    return flight.join(signal);
  }
}

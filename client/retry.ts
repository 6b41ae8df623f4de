/**
 * Decides how long to wait before a retry. `retry` counts from 0 (the wait
 * before the second attempt); `retryAfterMs` is what the server asked for in
 * a `Retry-After` header, when it sent one.
 */
export interface RetryStrategy {
  delay(retry: number, retryAfterMs?: number): number;
}

/**
 * Exponential backoff with "full jitter": the wait before retry `n` (from 0)
 * is a uniform random value in `[0, min(maxDelayMs, baseDelayMs * 2^n))`.
 * Randomising the whole window spreads clients that failed together, so they
 * do not come back together.
 *
 * - `baseDelayMs`: the window of the first retry, in milliseconds; it doubles
 *   with every further retry.
 * - `maxDelayMs`: the ceiling of any single wait, in milliseconds. It also
 *   caps a server's `Retry-After`, which is otherwise obeyed exactly.
 * - `random`: the source of randomness, `[0, 1)`; injectable for tests.
 *
 * @example
 * ```ts
 * const client = HttpClientFactory.create("http://127.0.0.1:4173")
 *   .retry(3, new ExponentialJitterRetryStrategy(100, 2000));
 * // waits up to 100 ms, then up to 200 ms, then up to 400 ms
 * ```
 */
export class ExponentialJitterRetryStrategy implements RetryStrategy {
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly #random: () => number;

  constructor(
    baseDelayMs: number,
    maxDelayMs: number,
    random: () => number = Math.random,
  ) {
    checkDelay("baseDelayMs", baseDelayMs);
    checkDelay("maxDelayMs", maxDelayMs);
    this.baseDelayMs = baseDelayMs;
    this.maxDelayMs = maxDelayMs;
    this.#random = random;
  }

  /** The largest wait retry `retry` can get: `min(maxDelayMs, baseDelayMs * 2^retry)`. */
  cap(retry: number): number {
    const exponent = Math.min(Math.max(0, retry), 1023);
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** exponent);
  }

  delay(retry: number, retryAfterMs?: number): number {
    if (retryAfterMs !== undefined) {
      return Math.min(this.maxDelayMs, Math.max(0, retryAfterMs));
    }
    return this.#random() * this.cap(retry);
  }
}

function checkDelay(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(
      `Cannot create ExponentialJitterRetryStrategy: "${name}" must be a finite number of milliseconds >= 0, got ${value}`,
    );
  }
}

/**
 * Milliseconds a `Retry-After` header asks to wait: delay-seconds or an HTTP
 * date (a date in the past means 0). `undefined` when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | undefined,
  now: number = Date.now(),
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP date format starts with a day name; this keeps "-5" from parsing as a year.
  const date = /^[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

import type { Method } from "./request.ts";
import type { RetryStrategy } from "./retry.ts";

/** Statuses worth another try: the server was busy, slow or briefly broken. */
export const DEFAULT_RETRY_STATUSES: readonly number[] = [
  408,
  425,
  429,
  500,
  502,
  503,
  504,
];

/** Options of `client.retry()`. */
export interface RetryOptions {
  /** Statuses to retry; network failures are always retried. */
  readonly statuses?: readonly number[];
  /**
   * Also retry POST and PATCH. Off by default: a retried write whose first
   * attempt did reach the server happens twice.
   */
  readonly nonIdempotent?: boolean;
}

/** Everything the send loop needs to know about retrying. */
export interface RetryPolicy {
  readonly count: number;
  readonly strategy: RetryStrategy;
  readonly statuses: ReadonlySet<number>;
  readonly nonIdempotent: boolean;
}

const NON_IDEMPOTENT: ReadonlySet<Method> = new Set(["POST", "PATCH"]);

/** How many retries a request may get under a policy. */
export function retriesFor(method: Method, policy: RetryPolicy): number {
  return NON_IDEMPOTENT.has(method) && !policy.nonIdempotent ? 0 : policy.count;
}

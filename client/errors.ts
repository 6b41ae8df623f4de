import type { HttpResponse } from "./response.ts";

/** What an {@linkcode HttpError} is built from. */
export interface HttpErrorInit {
  /** HTTP status of the final response, or 0 when no response arrived. */
  readonly status: number;
  readonly method: string;
  readonly url: string;
  /** Attempts made, the first one included. */
  readonly attempts: number;
  /** The final response, read in full; absent for network failures. */
  readonly response?: HttpResponse;
}

/**
 * The one error a request rejects with when it fails for good, so callers
 * can tell an answer they did not like (`status` >= 100, `response` set) from
 * no answer at all (`status` 0, the network error in `cause`). The attempt
 * count says whether retries already ran.
 *
 * @example
 * ```ts
 * try {
 *   await client.get("/items");
 * } catch (error) {
 *   if (error instanceof HttpError && error.status === 404) return [];
 *   throw error;
 * }
 * ```
 */
export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly attempts: number;
  readonly response: HttpResponse | undefined;

  constructor(init: HttpErrorInit, options?: ErrorOptions) {
    super(describe(init, options?.cause), options);
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.attempts = init.attempts;
    this.response = init.response;
  }
}

function describe(init: HttpErrorInit, cause: unknown): string {
  const tries = init.attempts === 1 ? "1 attempt" : `${init.attempts} attempts`;
  const what = init.status === 0
    ? `failed without a response (${reason(cause)})`
    : `answered ${init.status}${init.response?.statusText ? ` ${init.response.statusText}` : ""}`;
  return `${init.method} ${init.url} ${what} after ${tries}`;
}

function reason(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : "";
    return `${cause.message}${inner}`;
  }
  return String(cause);
}

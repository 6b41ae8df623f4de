import { HttpError } from "./errors.ts";
import { retriesFor } from "./policy.ts";
import type { RetryPolicy } from "./policy.ts";
import type { PreparedRequest } from "./request.ts";
import { readResponse } from "./response.ts";
import type { HttpResponse } from "./response.ts";
import { parseRetryAfter } from "./retry.ts";
import { sleep } from "./sleep.ts";

/** The `fetch` the client calls; any web-standard implementation fits. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Sends a request, retrying under the policy, and resolves with the first 2xx
 * response or rejects with an `HttpError` for the last failure. When `signal`
 * aborts (every caller gave up) it stops at once, also during a backoff, and
 * rejects with the signal's reason; an abort is never retried.
 */
export async function send(
  request: PreparedRequest,
  policy: RetryPolicy,
  fetcher: FetchLike,
  signal: AbortSignal,
): Promise<HttpResponse> {
  const retries = retriesFor(request.method, policy);
  for (let attempt = 1;; attempt++) {
    const outcome = await attemptOnce(request, fetcher, signal, attempt);
    if (!(outcome instanceof HttpError)) return outcome;
    const retryable = outcome.status === 0 || policy.statuses.has(outcome.status);
    if (!retryable || attempt > retries) throw outcome;
    const retryAfter = parseRetryAfter(outcome.response?.headers["retry-after"]);
    await sleep(policy.strategy.delay(attempt - 1, retryAfter), signal);
  }
}

async function attemptOnce(
  request: PreparedRequest,
  fetcher: FetchLike,
  signal: AbortSignal,
  attempt: number,
): Promise<HttpResponse | HttpError> {
  const { method, url } = request;
  let response: HttpResponse;
  try {
    const res = await fetcher(url, {
      method,
      headers: request.headers.map(([name, value]): [string, string] => [name, value]),
      body: request.body,
      signal,
    });
    response = await readResponse(res, method, url, attempt);
  } catch (cause) {
    if (signal.aborted) throw signal.reason;
    return new HttpError({ status: 0, method, url, attempts: attempt }, { cause });
  }
  if (response.ok) return response;
  return new HttpError({ status: response.status, method, url, attempts: attempt, response });
}

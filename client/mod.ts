/**
 * A small HTTP client over web-standard `fetch` (Bun, Deno, Node 20) with
 * request deduplication and retries.
 *
 * Identical concurrent calls can share one network request (`dedup()`), and
 * failed requests can be retried with exponential backoff and full jitter
 * (`retry()`); with both, the retries run inside the one shared request. Dedup
 * is meant for GET and HEAD on clients that only read. See README.md.
 *
 * @example
 * ```ts
 * import { ExponentialJitterRetryStrategy, HttpClientFactory } from "./client/mod.ts";
 *
 * const client = HttpClientFactory.create("http://127.0.0.1:4173")
 *   .dedup()
 *   .retry(3, new ExponentialJitterRetryStrategy(100, 2000));
 * const { data } = await client.get("/api/project", { params: { fresh: true } });
 * ```
 *
 * @module
 */
export { HttpClient, HttpClientFactory } from "./client.ts";
export type { ClientOptions, DedupOptions } from "./client.ts";
export { HttpError } from "./errors.ts";
export type { HttpErrorInit } from "./errors.ts";
export { DEFAULT_RETRY_STATUSES } from "./policy.ts";
export type { RetryOptions } from "./policy.ts";
export type { DataRequestOptions, Method, Params, ParamValue, RequestOptions } from "./request.ts";
export type { HttpResponse } from "./response.ts";
export { ExponentialJitterRetryStrategy } from "./retry.ts";
export type { RetryStrategy } from "./retry.ts";
export type { FetchLike } from "./send.ts";

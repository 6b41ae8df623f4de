import { DedupTable } from "./dedup.ts";
import { Flight } from "./flight.ts";
import { requestKey } from "./key.ts";
import { DEFAULT_RETRY_STATUSES } from "./policy.ts";
import type { RetryOptions, RetryPolicy } from "./policy.ts";
import { prepareRequest } from "./request.ts";
import type { DataRequestOptions, Method, RequestOptions } from "./request.ts";
import type { HttpResponse } from "./response.ts";
import { ExponentialJitterRetryStrategy } from "./retry.ts";
import type { RetryStrategy } from "./retry.ts";
import { send } from "./send.ts";
import type { FetchLike } from "./send.ts";

/** Options of `HttpClientFactory.create()`. */
export interface ClientOptions {
  /** Headers sent with every call; per-call headers win. */
  readonly headers?: HeadersInit;
  /** The `fetch` to call, e.g. an instrumented one; the global `fetch` by default. */
  readonly fetch?: FetchLike;
}

/** Options of `client.dedup()`. */
export interface DedupOptions {
  /**
   * Also coalesce POST, PUT, PATCH and DELETE calls with equal data. Off by
   * default: two identical writes are usually meant to happen twice.
   */
  readonly writes?: boolean;
}

const NO_RETRY: RetryPolicy = {
  count: 0,
  strategy: new ExponentialJitterRetryStrategy(0, 0),
  statuses: new Set(),
  nonIdempotent: false,
};

/**
 * A client bound to one base URL. `dedup()` and `retry()` configure this
 * client and return it, so they chain in any order; each call reads the
 * configuration current when it is made.
 */
export class HttpClient {
  readonly baseUrl: string;
  readonly #headers: Headers;
  readonly #fetch: FetchLike;
  readonly #table = new DedupTable();
  #dedup: Required<DedupOptions> | undefined;
  #policy: RetryPolicy = NO_RETRY;

  constructor(baseUrl: string, options: ClientOptions = {}) {
    if (!URL.canParse(baseUrl)) {
      throw new TypeError(`Cannot create HTTP client: base URL "${baseUrl}" is not an absolute URL`);
    }
    this.baseUrl = new URL(baseUrl).href.replace(/\/+$/, "");
    this.#headers = new Headers(options.headers);
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /**
   * Merges identical concurrent calls into one request whose response (or
   * error) every caller receives. Meant for GET and HEAD on clients that only
   * read; write methods join only with `{ writes: true }`.
   */
  dedup(options: DedupOptions = {}): this {
    this.#dedup = { writes: options.writes ?? false };
    return this;
  }

  /**
   * Retries network failures and busy or broken statuses up to `count` times
   * after the first attempt, waiting as `strategy` says (and as `Retry-After`
   * asks, within the strategy's ceiling). POST and PATCH are not retried
   * unless `options.nonIdempotent` is set.
   */
  retry(
    count: number,
    strategy: RetryStrategy = new ExponentialJitterRetryStrategy(100, 2000),
    options: RetryOptions = {},
  ): this {
    if (!Number.isInteger(count) || count < 0) {
      throw new RangeError(`Cannot configure retry: "count" must be a whole number >= 0, got ${count}`);
    }
    this.#policy = {
      count,
      strategy,
      statuses: new Set(options.statuses ?? DEFAULT_RETRY_STATUSES),
      nonIdempotent: options.nonIdempotent ?? false,
    };
    return this;
  }

  /** Number of deduplicated requests in flight right now. */
  get inFlight(): number {
    return this.#table.size;
  }

  get<T = unknown>(path: string, options?: RequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>("GET", path, options);
  }

  head(path: string, options?: RequestOptions): Promise<HttpResponse<null>> {
    return this.request<null>("HEAD", path, options);
  }

  post<T = unknown>(path: string, options?: DataRequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>("POST", path, options);
  }

  put<T = unknown>(path: string, options?: DataRequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>("PUT", path, options);
  }

  patch<T = unknown>(path: string, options?: DataRequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>("PATCH", path, options);
  }

  delete<T = unknown>(path: string, options?: DataRequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>("DELETE", path, options);
  }

  /**
   * Sends one call. Resolves with the 2xx response read in full; rejects with
   * an `HttpError`, or with the caller's abort reason when its signal aborts.
   * The type argument is trusted, not checked.
   */
  async request<T = unknown>(
    method: Method,
    path: string,
    options: DataRequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const { signal } = options;
    if (signal?.aborted) throw signal.reason;
    const request = prepareRequest(this.baseUrl, this.#headers, method, path, options);
    const policy = this.#policy;
    const fetcher = this.#fetch;
    const start = (shared: AbortSignal) => send(request, policy, fetcher, shared);
    const key = this.#dedup && requestKey(request, this.#dedup.writes);
    const pending = key === undefined ? new Flight(start).join(signal) : this.#table.join(key, start, signal);
    return await pending as HttpResponse<T>;
  }
}

/** Where clients come from; see {@linkcode HttpClient}. */
export const HttpClientFactory = {
  /**
   * A client for `baseUrl`; call paths are appended to it.
   *
   * @example
   * ```ts
   * const client = HttpClientFactory.create("http://127.0.0.1:4173").dedup();
   * const { data } = await client.get("/api/project");
   * ```
   */
  create(baseUrl: string, options?: ClientOptions): HttpClient {
    return new HttpClient(baseUrl, options);
  },
};

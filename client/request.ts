/** The methods the client sends. */
export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One query parameter value; arrays repeat the name, `null`/`undefined` are left out. */
export type ParamValue = string | number | boolean;

/** Query parameters; their order never matters to deduplication. */
export type Params = Readonly<
  Record<string, ParamValue | readonly ParamValue[] | null | undefined>
>;

/** Options every call takes. */
export interface RequestOptions {
  readonly params?: Params;
  /** Per-call headers, merged over the client's default headers. */
  readonly headers?: HeadersInit;
  /** Aborts this caller's wait; see the README for how it meets deduplication. */
  readonly signal?: AbortSignal;
}

/** Options of the calls that carry a body. */
export interface DataRequestOptions extends RequestOptions {
  /**
   * The body: a string is sent as text; `URLSearchParams`, `FormData`,
   * `Blob`, `ArrayBuffer` and typed arrays as they are; anything else as JSON.
   */
  readonly data?: unknown;
}

/** How a body was encoded, which decides how it takes part in a dedup key. */
export type BodyKind = "none" | "text" | "json" | "raw";

/** A request with its URL, headers and body settled, ready to send (and resend). */
export interface PreparedRequest {
  readonly method: Method;
  readonly url: string;
  /** Lower-case names, sorted, one entry per name. */
  readonly headers: readonly (readonly [string, string])[];
  readonly body: BodyInit | undefined;
  readonly bodyKind: BodyKind;
  /** The caller's `data`, kept to build the dedup key only when it is needed. */
  readonly data: unknown;
}

/** Settles everything about a call that does not depend on the network. */
export function prepareRequest(
  baseUrl: string,
  defaults: Headers,
  method: Method,
  path: string,
  options: DataRequestOptions,
): PreparedRequest {
  const url = new URL(joinUrl(baseUrl, path));
  for (const [name, value] of Object.entries(options.params ?? {})) {
    for (const item of [value].flat()) {
      if (item !== null && item !== undefined) {
        url.searchParams.append(name, String(item));
      }
    }
  }
  const headers = new Headers(defaults);
  new Headers(options.headers).forEach((value, name) => headers.set(name, value));
  const { body, bodyKind, contentType } = encodeBody(options.data);
  if (contentType && !headers.has("content-type")) {
    headers.set("content-type", contentType);
  }
  return {
    method,
    url: url.href,
    headers: [...headers],
    body,
    bodyKind,
    data: options.data,
  };
}

function joinUrl(baseUrl: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return path;
  if (path === "") return baseUrl;
  return `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

interface EncodedBody {
  readonly body: BodyInit | undefined;
  readonly bodyKind: BodyKind;
  readonly contentType?: string;
}

function encodeBody(data: unknown): EncodedBody {
  if (data === undefined) return { body: undefined, bodyKind: "none" };
  if (typeof data === "string") {
    return { body: data, bodyKind: "text", contentType: "text/plain;charset=UTF-8" };
  }
  if (isRawBody(data)) return { body: data, bodyKind: "raw" };
  const json = JSON.stringify(data);
  if (json === undefined) {
    throw new TypeError(`Cannot send request data: ${typeof data} is not JSON`);
  }
  return { body: json, bodyKind: "json", contentType: "application/json" };
}

function isRawBody(data: unknown): data is BodyInit {
  return data instanceof URLSearchParams ||
    (typeof FormData !== "undefined" && data instanceof FormData) ||
    (typeof Blob !== "undefined" && data instanceof Blob) ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data);
}

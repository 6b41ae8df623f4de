/**
 * A response read in full. Under deduplication one object is handed to every
 * joined caller, so it is frozen (its `headers` too) and its `data` should be
 * treated as read-only.
 */
export interface HttpResponse<T = unknown> {
  readonly status: number;
  readonly statusText: string;
  /** True for a 2xx status. */
  readonly ok: boolean;
  /** Header names in lower case; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The body: parsed JSON when the content type is JSON (`null` for an empty
   * JSON body, the text when it does not parse), otherwise the text; `null`
   * for HEAD.
   */
  readonly data: T;
  /** The final URL, after redirects. */
  readonly url: string;
  readonly method: string;
  /** Attempts made, the first one included. */
  readonly attempts: number;
}

/**
 * Reads the body once, so that a response shared by many callers stays
 * readable by all of them (a `Response` body can be consumed only once).
 */
export async function readResponse(
  res: Response,
  method: string,
  url: string,
  attempts: number,
): Promise<HttpResponse> {
  const head = method === "HEAD";
  const text = head ? "" : await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    const seen = headers[name];
    headers[name] = seen === undefined ? value : `${seen}, ${value}`;
  });
  return Object.freeze({
    status: res.status,
    statusText: res.statusText,
    ok: res.ok,
    headers: Object.freeze(headers),
    data: head ? null : isJson(res.headers.get("content-type")) ? parseJson(text) : text,
    url: res.url || url,
    method,
    attempts,
  });
}

/** True for `application/json` and `+json` media types such as `application/problem+json`. */
export function isJson(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

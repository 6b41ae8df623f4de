import type { Method, PreparedRequest } from "./request.ts";

const WRITES: ReadonlySet<Method> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The dedup key of a request, or `undefined` when it must not be coalesced.
 *
 * The parts are encoded as one JSON array rather than joined with a
 * separator, so no URL, header or body can be crafted to look like another
 * request. Query parameters are sorted by name (values of a repeated name keep
 * their order), so `{ a, b }` and `{ b, a }` are one key. Every header is part
 * of the key, which keeps callers with a different identity (Authorization,
 * Cookie, API keys) apart. Write methods get a key only when `writes` is true,
 * and then their data counts too, as canonical JSON; a raw body (bytes, form
 * data) cannot be compared and is never coalesced.
 *
 * @example
 * ```ts
 * requestKey(prepared, false); // '["GET","http://127.0.0.1/items",[["a","1"]],[],"none",null]'
 * ```
 */
export function requestKey(
  request: PreparedRequest,
  writes: boolean,
): string | undefined {
  if (WRITES.has(request.method) && !writes) return undefined;
  if (request.bodyKind === "raw") return undefined;
  const url = new URL(request.url);
  const params = [...url.searchParams].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  url.search = "";
  url.hash = "";
  const body = request.bodyKind === "json"
    ? canonicalJson(request.data)
    : request.bodyKind === "text"
    ? request.data
    : null;
  return JSON.stringify([
    request.method,
    url.href,
    params,
    request.headers,
    request.bodyKind,
    body,
  ]);
}

/**
 * JSON with the keys of every object sorted, so that two values that send the
 * same body give the same text whatever order their keys were written in.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }); // '{"a":[2,{"c":4,"d":3}],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (!isPlainObject(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const name of Object.keys(item).sort()) sorted[name] = item[name];
    return sorted;
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === "[object Object]";
}

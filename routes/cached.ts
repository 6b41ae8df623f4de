import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context } from "hono";
import { NO_STORE } from "./errors.ts";

type Encoding = "br" | "gzip";
type Bytes = Uint8Array<ArrayBuffer>;
/** Below this size compression costs more than it saves. */
const MIN_COMPRESS = 1024;
const encoder = new TextEncoder();
const bodies = new WeakMap<object, CachedJson>();

/**
 * A JSON answer serialized once and compressed at most once per encoding, then sent as the
 * same bytes to every request until its source object is replaced (the next rebuild).
 */
export class CachedJson {
  readonly raw: Bytes;
  readonly #encoded = new Map<Encoding, Bytes>();

  constructor(json: string) {
    this.raw = encoder.encode(json);
  }

  encoded(encoding: Encoding): Bytes {
    let bytes = this.#encoded.get(encoding);
    if (!bytes) {
      const compressed = encoding === "br"
        ? brotliCompressSync(this.raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length },
        })
        : gzipSync(this.raw, { level: 6 });
      bytes = new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength);
      this.#encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** The cached body of `source`, serialized on first use (by `json`, else JSON.stringify). */
export function cachedJson(source: object, json?: () => string): CachedJson {
  let body = bodies.get(source);
  if (!body) {
    body = new CachedJson(json ? json() : JSON.stringify(source));
    bodies.set(source, body);
  }
  return body;
}

/** Sends a cached body, compressed when the client accepts brotli or gzip. */
export function sendCached(c: Context, body: CachedJson): Response {
  const encoding = body.raw.length >= MIN_COMPRESS ? pickEncoding(c.req.raw.headers.get("accept-encoding")) : undefined;
  const headers: Record<string, string> = {
    ...NO_STORE,
    "content-type": "application/json; charset=utf-8",
    vary: "accept-encoding",
  };
  if (encoding) headers["content-encoding"] = encoding;
  return c.body(encoding ? body.encoded(encoding) : body.raw, 200, headers);
}

/** brotli when accepted, else gzip when accepted (q=0 refuses), else none. */
export function pickEncoding(header: string | null): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}

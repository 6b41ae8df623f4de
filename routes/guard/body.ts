import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorResponse } from "../errors.ts";

export const MAX_BODY_BYTES = 1024 * 1024;
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write's body must be JSON (`application/json`, else 415) and at most 1 MiB (else 413,
 * checked on Content-Length before reading and while reading a chunked body). A write without
 * a body needs no content type.
 */
export const jsonBodyGuard = (): MiddlewareHandler => {
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => errorResponse(c, 413, "Payload too large: a request body may hold at most 1 MiB"),
  });
  return async function jsonBodyGuard(c, next) {
    if (SAFE.has(c.req.method)) return next();
    const type = c.req.raw.headers.get("content-type");
    const length = c.req.raw.headers.get("content-length");
    const hasBody = c.req.raw.headers.has("transfer-encoding") || (length !== null && length !== "0") ||
      (length === null && c.req.raw.body !== null);
    if ((type !== null || hasBody) && !isJson(type)) {
      return errorResponse(c, 415, "Unsupported media type: send the body as JSON with content-type application/json");
    }
    return limit(c, next);
  };
};

const isJson = (type: string | null): boolean => type !== null && /^application\/json\s*(;|$)/i.test(type.trim());

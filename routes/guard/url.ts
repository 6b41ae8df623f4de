import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../errors.ts";

/** No page or API of the console needs a longer URL; the longest query is a source path (4096). */
export const MAX_URL_BYTES = 8 * 1024;

/**
 * Answers 414 with `{ error }` to a URL over 8 KiB, before any route parses its query. Past
 * Bun's own header limit (16 KiB in all) the runtime answers 431 with an empty body before the
 * app sees the request at all.
 */
export const urlLengthGuard = (): MiddlewareHandler =>
  async function urlLengthGuard(c, next) {
    if (c.req.url.length > MAX_URL_BYTES) {
      return errorResponse(c, 414, `URI too long: a URL may hold at most ${MAX_URL_BYTES} bytes`);
    }
    await next();
  };

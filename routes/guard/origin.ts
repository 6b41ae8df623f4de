import type { Context, MiddlewareHandler } from "hono";
import { errorResponse } from "../errors.ts";
import { hostPort } from "./host.ts";

const LOOPBACK_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?$/i;
const SAFE = new Set(["GET", "HEAD"]);

export type OriginGuardOptions = {
  /** The port the server listens on; without it (app.request in tests) the Host header's port stands in. */
  port?: () => number | undefined;
};

/** Whether an Origin header is this server's own loopback origin: http, a loopback name, this port. */
export function isLoopbackOrigin(origin: string, port: number): boolean {
  const match = LOOPBACK_ORIGIN.exec(origin);
  return match !== null && (match[1] === undefined ? 80 : Number(match[1])) === port;
}

/**
 * A write (any method but GET and HEAD) that carries an Origin header must come from this
 * server's own loopback origin, else 403. A CORS preflight is never granted: a foreign origin
 * gets 403, any other an `Allow` list and no `Access-Control-*` header.
 */
export const originGuard = (options: OriginGuardOptions = {}): MiddlewareHandler =>
  async function originGuard(c, next) {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.raw.headers.get("origin");
    if (origin !== null && !isLoopbackOrigin(origin, expectedPort(c, options))) {
      return errorResponse(
        c,
        403,
        "Forbidden: writes are accepted only from the console's own page (the Origin is not this server)",
      );
    }
    if (c.req.method === "OPTIONS") return c.body(null, 204, { allow: "GET, HEAD, POST" });
    await next();
  };

function expectedPort(c: Context, options: OriginGuardOptions): number {
  return options.port?.() ?? hostPort(c.req.raw.headers.get("host") ?? "");
}

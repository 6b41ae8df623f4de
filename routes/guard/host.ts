import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../errors.ts";

/** 127.0.0.1, localhost or [::1], each with an optional non-empty port; nothing else. */
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?$/i;

/** Whether a raw Host header names this machine's loopback interface (SPEC.md, Authentication 4). */
export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return false;
  const match = LOOPBACK_HOST.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

/** The port a valid Host header names (80 when it names none). */
export function hostPort(host: string): number {
  const match = LOOPBACK_HOST.exec(host);
  return match?.[1] === undefined ? 80 : Number(match[1]);
}

/**
 * Answers 421 to any request whose Host header is not a loopback name, so a page of another
 * site that rebinds its DNS name to 127.0.0.1 never reaches the console. Two Host headers
 * arrive joined by a comma and fail the check too.
 */
export const hostGuard = (): MiddlewareHandler =>
  async function hostGuard(c, next) {
    if (!isLoopbackHost(c.req.raw.headers.get("host"))) {
      return errorResponse(c, 421, "Misdirected request: the Host header must be 127.0.0.1, localhost or [::1]");
    }
    await next();
  };

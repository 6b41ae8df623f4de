import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../errors.ts";

export const TOKEN_HEADER = "x-tool-token";
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** A fresh token: 32 random bytes, base64url (43 characters). One per server start. */
export const generateToken = (): string => randomBytes(32).toString("base64url");

/**
 * Compares a presented token with the real one in constant time. Both are hashed first, so
 * the comparison takes the same time whatever the presented length or bytes (non-ASCII too).
 */
export function tokensEqual(presented: string | null | undefined, token: string): boolean {
  if (typeof presented !== "string" || presented.length === 0) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/** Every write (any method but GET, HEAD and OPTIONS) needs the `x-tool-token` header, else 403. */
export const tokenGuard = (token: string): MiddlewareHandler =>
  async function tokenGuard(c, next) {
    if (!SAFE.has(c.req.method) && !tokensEqual(c.req.raw.headers.get(TOKEN_HEADER), token)) {
      return errorResponse(c, 403, `Forbidden: writes need the ${TOKEN_HEADER} header of the console page`);
    }
    await next();
  };

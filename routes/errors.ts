import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ToolError } from "../core/errors.ts";

/** Every JSON answer, errors included, is never stored by a browser or proxy. */
export const NO_STORE = { "cache-control": "no-store" } as const;

/** The one mapping from errors to HTTP statuses: bad input 400, domain errors their own, else 500. */
export function errorStatus(error: unknown): ContentfulStatusCode {
  if (error instanceof ToolError) return error.status as ContentfulStatusCode;
  if (error instanceof HTTPException) return error.status as ContentfulStatusCode;
  if (error instanceof TypeError || error instanceof RangeError || error instanceof SyntaxError) return 400;
  return 500;
}

/** `{ error }` with a status, as every failed answer of the API. */
export function errorResponse(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json({ error: message }, status, NO_STORE);
}

export const onError: ErrorHandler = (error, c) => {
  const status = errorStatus(error);
  if (status >= 500) console.error(`tool serve: ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
  const message = status >= 500 ? `Internal error: ${error.message}` : error.message;
  return errorResponse(c, status, message);
};

export const notFound: NotFoundHandler = (c) => errorResponse(c, 404, `No such address: ${c.req.method} ${c.req.path}`);

import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { ProjectService } from "../workflow/index/mod.ts";
import type { EventHub } from "./hub.ts";

export type EventOptions = {
  /** Interval of the keep-alive comment (default 15 s; proxies and idle timers see traffic). */
  keepAliveMs?: number;
  /** The reconnection delay the stream asks browsers to use (default 2 s). */
  retryMs?: number;
};

/**
 * GET /api/events: Server-Sent Events. `ready` with the index version on connect (with a
 * `retry` hint), `changed` with the new version after each rebuild, a `: keep-alive` comment
 * at a steady interval. A stream is released as soon as its client goes away.
 */
export const eventRoutes = (service: ProjectService, hub: EventHub, options: EventOptions = {}) => {
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const retryMs = options.retryMs ?? 2_000;
  return new Hono().get("/events", (c) =>
    streamSSE(c, async (stream) => {
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));
      stream.onAbort(end);
      c.req.raw.signal?.addEventListener("abort", end, { once: true });
      const release = hub.add({
        send: (event, data) => void stream.writeSSE({ event, data: JSON.stringify(data) }),
        end,
      });
      const timer = setInterval(() => void stream.write(": keep-alive\n\n"), keepAliveMs);
      try {
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ version: service.version }), retry: retryMs });
        await ended;
      } finally {
        clearInterval(timer);
        release();
      }
    }));
};

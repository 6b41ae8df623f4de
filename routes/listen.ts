/**
 * The only runtime-specific code: serving a fetch handler with Bun.serve or Deno.serve, on a
 * loopback address only.
 */
import { ToolError } from "../core/errors.ts";

export type FetchHandler = (request: Request) => Response | Promise<Response>;
export type Listening = { hostname: string; port: number; url: string; stop(): Promise<void> };

/** The addresses `listen` accepts: loopback only (SPEC.md, Authentication 5). */
export const LOOPBACK_ADDRESSES = ["127.0.0.1", "localhost", "::1"] as const;

type DenoServer = { addr: { port: number }; shutdown(): Promise<void> };
type DenoLike = {
  serve(options: { hostname: string; port: number; onListen?: () => void }, handler: FetchHandler): DenoServer;
};

/** Serves `fetch` on a loopback address; port 0 picks a free port. */
export async function listen(fetch: FetchHandler, options: { hostname: string; port: number }): Promise<Listening> {
  const hostname = options.hostname === "[::1]" ? "::1" : options.hostname;
  if (!(LOOPBACK_ADDRESSES as readonly string[]).includes(hostname)) {
    throw new RangeError(
      `Cannot listen on "${options.hostname}": the console listens on loopback only (127.0.0.1, localhost or ::1)`,
    );
  }
  const urlHost = hostname === "::1" ? "[::1]" : hostname;
  try {
    if (typeof Bun !== "undefined") {
      // idleTimeout (seconds) above the SSE keep-alive interval, so quiet streams stay open.
      const server = Bun.serve({ hostname, port: options.port, fetch, idleTimeout: 60 });
      const port = server.port ?? options.port;
      return { hostname, port, url: `http://${urlHost}:${port}/`, stop: async () => void (await server.stop(true)) };
    }
    const deno = (globalThis as { Deno?: DenoLike }).Deno;
    if (deno) {
      const server = deno.serve({ hostname, port: options.port, onListen: () => {} }, fetch);
      const port = server.addr.port;
      return { hostname, port, url: `http://${urlHost}:${port}/`, stop: () => server.shutdown() };
    }
  } catch (error) {
    const message = (error as Error).message ?? "";
    if ((error as { code?: string }).code === "EADDRINUSE" || /in use|EADDRINUSE/i.test(message)) {
      throw new ToolError(
        "port-in-use",
        `Port ${options.port} is in use on ${hostname}: stop the other server or pass --port`,
        409,
      );
    }
    throw error;
  }
  throw new Error("tool serve needs Bun or Deno to run (run it with `bun main.ts serve`)");
}

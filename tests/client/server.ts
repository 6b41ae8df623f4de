// A real local HTTP server for the client tests: counts requests per path and
// answers each path by a plan of steps (delay, status, dropped connection,
// Retry-After), so a test can script "fails twice, then succeeds".
import { createServer } from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Step {
  readonly status?: number;
  readonly delayMs?: number;
  /** Destroy the socket instead of answering. */
  readonly drop?: boolean;
  readonly retryAfter?: string;
  /** Sent as JSON; by default the request is echoed back. */
  readonly json?: unknown;
  /** Sent as text/plain instead of JSON. */
  readonly text?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Seen {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string | string[]>;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface TestServer {
  readonly url: string;
  readonly requests: Seen[];
  /** Requests whose connection closed before an answer was sent. */
  readonly aborted: () => number;
  /** Requests received, for one path or for all. */
  count(path?: string): number;
  /** Answer `path` by `steps` in order; the last step repeats. */
  plan(path: string, steps: readonly Step[]): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const requests: Seen[] = [];
  const plans = new Map<string, { steps: readonly Step[]; next: number }>();
  let aborted = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const query: Record<string, string | string[]> = {};
      for (const name of new Set(url.searchParams.keys())) {
        const values = url.searchParams.getAll(name);
        query[name] = values.length === 1 ? values[0] ?? "" : values;
      }
      const seen: Seen = {
        method: req.method ?? "GET",
        path: url.pathname,
        query,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(seen);
      const plan = plans.get(url.pathname);
      const step: Step = plan ? plan.steps[Math.min(plan.next++, plan.steps.length - 1)] ?? {} : {};
      let answered = false;
      res.on("close", () => {
        if (!answered) aborted++;
      });
      const answer = () => {
        if (res.destroyed) return;
        answered = true;
        if (step.drop) {
          req.socket.destroy();
          return;
        }
        const headers: Record<string, string> = { ...step.headers };
        if (step.retryAfter !== undefined) headers["retry-after"] = step.retryAfter;
        if (step.text !== undefined) {
          res.writeHead(step.status ?? 200, { "content-type": "text/plain", ...headers });
          res.end(step.text);
          return;
        }
        res.writeHead(step.status ?? 200, { "content-type": "application/json", ...headers });
        res.end(seen.method === "HEAD" ? undefined : JSON.stringify(step.json ?? seen));
      };
      if (step.delayMs) setTimeout(answer, step.delayMs);
      else answer();
    });
  });

  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    aborted: () => aborted,
    count: (path) => path === undefined ? requests.length : requests.filter((r) => r.path === path).length,
    plan: (path, steps) => void plans.set(path, { steps, next: 0 }),
    reset: () => {
      requests.length = 0;
      plans.clear();
      aborted = 0;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Resolves once `check` holds, polling every few ms; rejects after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((tick) => setTimeout(tick, 5));
  }
}

/** Settles a promise into a value that a test can assert on without try/catch. */
export async function outcome<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  try {
    return { value: await promise };
  } catch (error) {
    return { error };
  }
}

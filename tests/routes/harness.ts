// Shared setup of the console tests: a small repository, a service over it (with an analyzer
// that counts its runs and can be slowed down), and the app or a real listening server.
import { analyze, type Report } from "../../analysis/mod.ts";
import { createApp, EventHub, generateToken, listen, type Listening } from "../../routes/mod.ts";
import { ProjectService } from "../../workflow/index/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

export const HOST = { host: "127.0.0.1:4173" };

/** Host values that name no loopback address, or not only one: the guard answers each with 421. */
export const NOT_LOOPBACK_HOSTS = [
  "localhost.",
  "x.localhost",
  "localhost.evil.example",
  "127.0.0.1.evil.example",
  "127.0.0.2",
  "0.0.0.0",
  "[::]",
  "::1",
  "[::1",
  "localhost:",
  "user@localhost",
  "user@127.0.0.1",
  "localhost, localhost",
  "localhost:99999",
  "localhost:80:80",
  "evil.example",
  "127.1",
  "2130706433",
  "local host",
  "[::ffff:127.0.0.1]",
];

/** A git repository with a few TypeScript files (one importing another), a README and a package.json. */
export function smallRepo(): string {
  const root = tempDir("tool-console-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "small-app", dependencies: { hono: "^4.0.0" } }),
    "README.md": "# Small app\n\nA tiny app for the console tests.\n",
    "src/main.ts":
      'import { helper } from "./helper.ts";\nimport { z } from "zod";\nexport const main = () => helper();\n',
    "src/helper.ts": "export const helper = () => 1;\n",
    "src/other.ts": 'import { helper } from "./helper.ts";\nexport const other = helper;\n',
  });
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "first");
  return root;
}

export type Counted = { runs: number; running: number; maxRunning: number; delayMs: number };

/** An analyzer over the real `analyze` that counts runs and concurrency, optionally slowed down. */
export function countingAnalyzer(delayMs = 0): { analyze: (root: string) => Promise<Report>; stats: Counted } {
  const stats: Counted = { runs: 0, running: 0, maxRunning: 0, delayMs };
  return {
    stats,
    analyze: async (root) => {
      stats.runs++;
      stats.running++;
      stats.maxRunning = Math.max(stats.maxRunning, stats.running);
      try {
        if (stats.delayMs) await new Promise((resolve) => setTimeout(resolve, stats.delayMs));
        return analyze(root);
      } finally {
        stats.running--;
      }
    },
  };
}

export type Harness = {
  root: string;
  token: string;
  service: ProjectService;
  events: EventHub;
  stats: Counted;
  app: ReturnType<typeof createApp>;
};

export function makeHarness(
  options: { root?: string; delayMs?: number; keepAliveMs?: number; port?: number } = {},
): Harness {
  const root = options.root ?? smallRepo();
  const { analyze, stats } = countingAnalyzer(options.delayMs);
  const service = new ProjectService({
    root,
    analyze,
    commands: [{ name: "graph", summary: "import graph", usage: "tool graph" }],
  });
  const token = generateToken();
  const events = new EventHub(service);
  const app = createApp({
    service,
    token,
    events,
    keepAliveMs: options.keepAliveMs,
    port: options.port ? () => options.port : undefined,
  });
  return { root, token, service, events, stats, app };
}

/** The harness's app on a real loopback socket. */
export async function serveHarness(harness: Harness): Promise<Listening> {
  return await listen(harness.app.fetch, { hostname: "127.0.0.1", port: 0 });
}

/** A POST as the console page sends it. */
export function post(token: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: { ...HOST, "content-type": "application/json", "x-tool-token": token, ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  };
}

/** A GET through the app as the page sends it, with its JSON answer. */
export async function getJson(h: Harness, path: string): Promise<{ status: number; body: any }> {
  const response = await h.app.request(path, { headers: HOST });
  return { status: response.status, body: await response.json() };
}

/** A POST through the app as the page sends it, with its JSON answer. */
export async function postJson(h: Harness, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await h.app.request(path, post(h.token, body));
  return { status: response.status, body: await response.json() };
}

/** Polls `check` until it holds or `ms` pass; returns whether it held. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return await check();
}

import type { Analyzer, CommandInfo } from "../workflow/index/mod.ts";
import { ProjectService, watchProject } from "../workflow/index/mod.ts";
import { watchLoops } from "../workflow/loops/watch.ts";
import { createApp } from "./app.ts";
import { generateToken } from "./guard/index.ts";
import { EventHub } from "./hub.ts";
import { listen } from "./listen.ts";

export type ConsoleOptions = {
  root: string;
  hostname: string;
  port: number;
  commands?: readonly CommandInfo[];
  analyze?: Analyzer;
  /** Refresh the index when files change (default true). */
  watch?: boolean;
  debounceMs?: number;
  keepAliveMs?: number;
  /** Where problems of background work go (a failed rebuild, a watcher error). */
  log?: (line: string) => void;
};

export type RunningConsole = {
  url: string;
  port: number;
  token: string;
  service: ProjectService;
  events: EventHub;
  /** Stops watching, ends the event streams, lets queued writes finish, stops the server. */
  close(): Promise<void>;
};

/** Starts the console: service, token, app, server, file watcher; warms the index. */
export async function startConsole(options: ConsoleOptions): Promise<RunningConsole> {
  const log = options.log ?? ((line) => console.error(line));
  const service = new ProjectService({ root: options.root, commands: options.commands, analyze: options.analyze });
  const token = generateToken();
  const events = new EventHub(service);
  let port: number | undefined;
  const app = createApp({ service, token, events, port: () => port, keepAliveMs: options.keepAliveMs });
  const server = await listen(app.fetch, { hostname: options.hostname, port: options.port });
  port = server.port;
  const watcher = options.watch === false ? undefined : watchProject(
    options.root,
    () =>
      service.refresh().catch((error) =>
        log(`tool serve: rebuild after a file change failed: ${(error as Error).message}`)
      ),
    {
      debounceMs: options.debounceMs,
      onError: (error) => log(`tool serve: file watcher stopped: ${error.message}; use POST /api/refresh`),
    },
  );
  // Loops run in other processes too (a terminal, CI): their state files are the news.
  const loops = watchLoops(options.root, ({ state, ended }) => {
    const { task, id, status, iteration, phase } = state;
    events.broadcast("loop", { version: service.version, task, id, status, iteration, phase });
    if (ended) events.broadcast("loop-end", { version: service.version, task, id, status });
  });
  // Warm the index once the caller has printed the address (the analysis holds the thread).
  const warm = setTimeout(
    () =>
      service.snapshot().catch((error) =>
        log(`tool serve: building the project index failed: ${(error as Error).message}`)
      ),
    10,
  );
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    port: server.port,
    token,
    service,
    events,
    close: () =>
      closing ??= (async () => {
        clearTimeout(warm);
        watcher?.close();
        loops.close();
        await service.agents.stopAll(); // no agent outlives the server that started it
        events.close();
        await service.close().catch(() => {});
        await server.stop();
      })(),
  };
}

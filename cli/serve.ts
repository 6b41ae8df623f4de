import { spawn } from "node:child_process";
import process from "node:process";
import { isAlive, npmAncestors } from "../core/process.ts";
import { LOOPBACK_ADDRESSES } from "../routes/listen.ts";
import type { Command } from "./command.ts";

const NPM_POLL_MS = 1000;

export const serveCommand: Command = {
  name: "serve",
  summary: "the console: web page, JSON API and live events on loopback",
  usage: "tool serve [--port 4173] [--host 127.0.0.1] [--open]",
  details: [
    "Serves the console of the repository on a loopback address only (127.0.0.1, localhost or ::1).",
    "Writes need the x-tool-token header the page carries; the token changes at every start.",
    "--port 0 picks a free port. --open opens the page in the default browser. Ctrl+C stops.",
  ].join("\n"),
  options: { port: { type: "string" }, host: { type: "string" }, open: { type: "boolean" } },
  async run(context) {
    const port = parsePort(context.values.port);
    const hostname = parseHost(context.values.host);
    // The console (server, views, embedded assets) loads only when served, so every other
    // command starts without evaluating it.
    const { startConsole } = await import("../routes/console.ts");
    const running = await startConsole({
      root: context.root,
      hostname,
      port,
      commands: context.commands.map(({ name, summary, usage }) => ({ name, summary, usage })),
      log: context.stderr,
    });
    if (context.json) context.printJson({ url: running.url, root: context.root });
    else context.stdout(`tool console: ${running.url}  (root ${context.root}; Ctrl+C stops)`);
    if (context.values.open) openBrowser(running.url, context.stderr);
    await new Promise<void>((resolve) => {
      // `npm start` killed by its pid does not pass the signal on: the server would go on
      // holding the port. Started by npm, it stops as soon as npm is gone.
      const npm = npmAncestors();
      const watch = npm.length ? setInterval(() => {
        if (npm.every(isAlive)) return;
        context.stderr("tool serve: npm, which started this server, is gone; stopping");
        stop();
      }, NPM_POLL_MS) : undefined;
      const stop = () => {
        // Signal listeners and the timer keep the process alive: remove them before closing.
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        clearInterval(watch);
        resolve();
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
    await running.close();
    return 0;
  },
};

function parsePort(value: unknown): number {
  if (value === undefined) return 4173;
  const text = String(value);
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new RangeError(`--port must be a number from 0 to 65535, not "${text}"`);
  return port;
}

function parseHost(value: unknown): string {
  if (value === undefined) return "127.0.0.1";
  const host = String(value) === "[::1]" ? "::1" : String(value);
  if (!(LOOPBACK_ADDRESSES as readonly string[]).includes(host)) {
    throw new RangeError(
      `--host must be a loopback address (127.0.0.1, localhost or ::1), not "${value}": the console never listens on other interfaces`,
    );
  }
  return host;
}

/** Opens the page with the platform's opener, spawned with an argument array. */
function openBrowser(url: string, stderr: (text: string) => void): void {
  const [command, args] = process.platform === "darwin"
    ? ["open", [url]]
    : process.platform === "win32"
    ? ["cmd", ["/c", "start", "", url]]
    : ["xdg-open", [url]];
  try {
    const child = spawn(command, args as string[], { stdio: "ignore", detached: true });
    child.on("error", () => stderr(`tool serve: could not open a browser; open ${url} yourself`));
    child.unref();
  } catch {
    stderr(`tool serve: could not open a browser; open ${url} yourself`);
  }
}

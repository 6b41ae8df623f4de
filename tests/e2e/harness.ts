// The end-to-end harness of the console: `tool serve` (bun main.ts) on a fixture repository as a
// child process, and headless Chromium (Debian's `chromium`, driven by playwright-core). When
// chromium is not installed, suites made with `e2eSuite` print one clear "skipped" line and skip
// their tests, so `npm test` still passes on a machine without a browser.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { suite, type Test } from "uvu";
import { fixtureRepo, PROJECT_ROOT } from "../helpers/repo.ts";

/** The path `command -v chromium` prints, or undefined when chromium is not installed. */
export const CHROMIUM: string | undefined = (() => {
  const found = spawnSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" });
  const path = found.status === 0 ? found.stdout.trim() : "";
  return path || undefined;
})();

/** Where `shoot` writes screenshots. */
export const SHOTS_DIR = "/tmp/tool-console-shots";

export type Served = { url: string; root: string; close(): Promise<void> };
export type PageOptions = {
  width?: number;
  height?: number;
  colorScheme?: "light" | "dark";
  /** Console errors matching this are expected (a refused POST logs one); others fail the test. */
  allowErrors?: RegExp;
};

const servers = new Map<string, Promise<Served>>();
let browser: Promise<Browser> | undefined;

/**
 * A uvu suite whose tests run only when chromium is installed; otherwise every test is skipped
 * and one line says why. The suite closes the browser and the servers after its last test.
 */
export function e2eSuite(title: string): Test {
  const test = suite(title);
  if (CHROMIUM) {
    test.after(closeAll);
    return test;
  }
  console.log(`skipped: chromium not installed (${title}); install Debian's chromium package to run these tests`);
  const skipping = ((name: string, fn: Parameters<Test>[1]) => test.skip(name, fn)) as Test;
  return Object.assign(skipping, {
    only: skipping,
    skip: test.skip,
    before: test.before,
    after: test.after,
    run: test.run,
  });
}

/**
 * Starts `tool serve --port 0` on a repository (a folder name under tests/fixtures, copied and
 * made a git repository, or an absolute path used as it is) and resolves with the printed URL.
 * One server per repository and process: tests of a file share it.
 */
export function serve(fixture: string): Promise<Served> {
  let served = servers.get(fixture);
  if (!served) {
    served = startServer(isAbsolute(fixture) ? fixture : fixtureRepo(fixture));
    servers.set(fixture, served);
  }
  return served;
}

function startServer(root: string): Promise<Served> {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, "main.ts"), "serve", "--port", "0", "--root", root], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  process.on("exit", () => child.exitCode === null && child.kill("SIGKILL"));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`tool serve printed no URL within 20 s: ${output}`));
    }, 20_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ url, root, close });
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`tool serve exited with ${code}: ${output}`));
    });
  });
}

function launch(): Promise<Browser> {
  if (!CHROMIUM) throw new Error("chromium is not installed");
  browser ??= chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  return browser;
}

/**
 * Runs `fn` with a fresh page (its own browser context, viewport 1280x800 unless told) and the
 * base URL of `tool serve` on `fixture`. Console errors and uncaught page errors are collected;
 * any the test did not allow fails it after `fn` returns. `errors` is the live list.
 */
export async function withPage(
  fixture: string,
  fn: (page: Page, base: string, errors: string[]) => Promise<void>,
  options: PageOptions = {},
): Promise<void> {
  const [served, chrome] = await Promise.all([serve(fixture), launch()]);
  const context: BrowserContext = await chrome.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? "light",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  try {
    await fn(page, served.url, errors);
    const unexpected = errors.filter((e) => !options.allowErrors?.test(e));
    if (unexpected.length) throw new Error(`errors in the browser:\n${unexpected.join("\n")}`);
  } finally {
    await context.close();
  }
}

/**
 * Opens `base/#hash` (or changes the hash of an open page) and waits until console.js has
 * loaded that view: `#view` carries the address in `data-address` and no request is in flight,
 * after the live stream's first event (which may refresh the view) was handled.
 */
export async function openView(page: Page, base: string, hash: string, options: { live?: boolean } = {}): Promise<void> {
  const address = hash.replace(/^#/, "");
  if (page.url().startsWith(base)) await page.evaluate((a) => (location.hash = a), address);
  else await page.goto(`${base}/#${address}`);
  // The live stream's first event can start a refresh of the view just loaded (the page was
  // drawn from an older index): wait for it, so that a test's click does not race a refresh.
  // (`live: false` for a test that holds the stream back.)
  if (options.live !== false) await page.waitForFunction(() => document.body.dataset.live === "ready");
  await viewLoaded(page, address);
}

/** Waits until `#view` shows `address` (console.js records it in `data-address`) and is not loading. */
export async function viewLoaded(page: Page, address: string): Promise<void> {
  await page.waitForFunction(
    (a) => {
      const view = document.querySelector<HTMLElement>("#view");
      return view?.dataset.address === a && view.getAttribute("aria-busy") !== "true";
    },
    address,
  );
}

/** A full-page screenshot to SHOTS_DIR/<name>.png; returns the path. */
export async function shoot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const path = join(SHOTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Stops the browser and every server this process started. */
export async function closeAll(): Promise<void> {
  const started = [...servers.values()];
  servers.clear();
  const chrome = browser;
  browser = undefined;
  await Promise.all([
    chrome?.then((b) => b.close()).catch(() => {}),
    ...started.map((s) => s.then((x) => x.close()).catch(() => {})),
  ]);
}

import * as assert from "uvu/assert";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { fixtureRepo, writeFiles } from "../helpers/repo.ts";
import { CHROMIUM, e2eSuite, openView, serve, viewLoaded, withPage } from "./harness.ts";

const test = e2eSuite("the console shell in Chromium: navigation, deep links, palette, live updates, token");
/** ts-app (cycles, findings, a helper file) with a README, so the Overview lists a document. */
const FIXTURE = CHROMIUM ? fixtureRepo("ts-app") : "";
if (CHROMIUM) writeFiles(FIXTURE, { "README.md": "# TS app\n\nA fixture with **import cycles**.\n" });

const viewText = (page: Page) => page.locator("#view").innerText();

test("the shell shows the project with its navigation, and the nav, back and forward move between views", async () => {
  await withPage(FIXTURE, async (page, base) => {
    await page.goto(`${base}/`);
    await viewLoaded(page, "overview");
    assert.match(await page.title(), /Overview · ts-app/);
    assert.match(await page.locator(".brand").innerText(), /ts-app/);
    assert.equal(await page.locator(".nav a").allInnerTexts(), ["Overview", "Tasks", "Loops", "Codebase", "Settings"]);
    assert.match(await viewText(page), /Languages[\s\S]*typescript/i);
    assert.match(await viewText(page), /Git[\s\S]*main/);

    await page.click('.nav a[data-section="settings"]');
    await viewLoaded(page, "settings");
    assert.ok(page.url().endsWith("#settings"));
    assert.match(await page.title(), /Settings · ts-app/);
    assert.is(await page.getAttribute('.nav a[data-section="settings"]', "aria-current"), "page");
    assert.match(await viewText(page), /Command-line commands[\s\S]*serve/);

    await page.goBack();
    await viewLoaded(page, "overview");
    assert.is(await page.getAttribute('.nav a[data-section="overview"]', "aria-current"), "page");
    await page.goForward();
    await viewLoaded(page, "settings");
  });
});

test("deep links load the right view: hashes map to /ui fragments, a /ui address opens as the full page", async () => {
  await withPage(FIXTURE, async (page, base) => {
    const cases: [string, string][] = [
      ["settings", "/ui/settings"],
      ["devtools/map?component=src", "/ui/devtools/map?component=src"],
      ["devtools/impact?file=src/lib/helper.ts,src/main.ts", "/ui/devtools/impact?file=src/lib/helper.ts,src/main.ts"],
      ["devtools/cycles", "/ui/devtools/cycles"],
    ];
    for (const [hash, path] of cases) {
      const fragment = page.waitForResponse((r) => decodeURIComponent(r.url()).endsWith(path));
      await page.goto(`${base}/#${hash}`);
      const response = await fragment;
      assert.is(response.status(), 200, hash);
      assert.is(response.request().headers()["hx-request"], "true");
      await viewLoaded(page, hash);
    }
    await page.goto(`${base}/ui/settings`);
    await viewLoaded(page, "settings");
    assert.is(new URL(page.url()).pathname + new URL(page.url()).hash, "/#settings");
    assert.match(await viewText(page), /Detected stack/);

    await page.goto(`${base}/#nowhere`);
    await page.waitForSelector("#view .card.error");
    assert.match(await viewText(page), /could not be loaded[\s\S]*No such address: GET \/ui\/nowhere/);
  }, { allowErrors: /404/ });
});

test("a document opens in the side panel at its own address; back closes it and keeps the view", async () => {
  await withPage(FIXTURE, async (page, base) => {
    await openView(page, base, "overview");
    await page.click('.docs a:has-text("TS app")');
    await page.waitForSelector("#panel:not([hidden]) .markdown strong");
    assert.match(await page.locator("#panel .markdown").innerText(), /TS app[\s\S]*import cycles/);
    assert.ok(page.url().endsWith("#doc?path=README.md"));
    assert.match(await page.title(), /Overview/, "the panel leaves the title alone");
    await page.goBack();
    await page.waitForSelector("#panel[hidden]", { state: "attached" });
    assert.ok(page.url().endsWith("#overview"));
    assert.is(await page.locator("#view").getAttribute("data-address"), "overview");

    await page.goto(`${base}/#doc?path=README.md`);
    await page.waitForSelector("#panel:not([hidden]) .markdown");
    await page.click(".panel-close");
    await page.waitForSelector("#panel[hidden]", { state: "attached" });
    assert.ok(page.url().endsWith("#overview"));
  });
});

test("the palette: Ctrl+K lists views and top findings, arrows move, typing finds a file, Enter opens it", async () => {
  await withPage(FIXTURE, async (page, base) => {
    await openView(page, base, "overview");
    await page.keyboard.press("Control+k");
    await page.waitForSelector("#palette[open] .palette-item");
    const groups = await page.locator(".palette-group").allInnerTexts();
    assert.equal(groups.map((g) => g.toLowerCase()), ["views", "top findings"]);
    assert.is(await page.locator('.palette-item[aria-selected="true"] .label').innerText(), "Overview");
    await page.keyboard.press("ArrowDown");
    assert.is(await page.locator('.palette-item[aria-selected="true"] .label').innerText(), "Tasks");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    assert.match(
      await page.locator('.palette-item[aria-selected="true"] .kind').innerText(),
      /finding/,
      "wraps to the end",
    );

    await page.keyboard.type("helper");
    await page.waitForFunction(() =>
      document.querySelector(".palette-item .label")?.textContent === "src/lib/helper.ts"
    );
    const source = page.waitForResponse((r) => r.url().includes("/ui/source?file=src%2Flib%2Fhelper.ts"));
    await page.keyboard.press("Enter");
    assert.is((await source).status(), 200);
    await page.waitForSelector("#panel:not([hidden])");
    assert.ok(!(await page.locator("#palette").evaluate((d: HTMLDialogElement) => d.open)), "the palette closed");
    assert.match(decodeURIComponent(page.url()), /#devtools\/source\?file=src\/lib\/helper\.ts/);
    assert.match(await page.locator("#panel").innerText(), /helper/);
    assert.is(await page.locator("#view").getAttribute("data-address"), "overview", "the view stays");

    await page.keyboard.press("Escape");
    await page.waitForSelector("#panel[hidden]", { state: "attached" });
    assert.ok(page.url().endsWith("#overview"), "closing the panel returns to the view's address");

    await page.keyboard.press("/");
    assert.ok(!(await page.locator("#palette").evaluate((d: HTMLDialogElement) => d.open)), "/ only in Codebase");
    await openView(page, base, "devtools/cycles");
    await page.keyboard.press("/");
    await page.waitForSelector("#palette[open]");
    await page.keyboard.type("cycle");
    await page.waitForSelector('#palette .palette-item[data-href="#devtools/cycles"]');
  });
});

test("live: a change on disk re-fetches the visible view, keeping its address and the scroll position", async () => {
  const served = await serve(FIXTURE);
  await withPage(FIXTURE, async (page, base) => {
    await openView(page, base, "settings");
    await page.waitForSelector("#live.on", { state: "attached" });
    assert.not.match(await viewText(page), /maxComponents/);
    await page.evaluate(() => window.scrollTo(0, 300));
    const before = await page.evaluate(() => window.scrollY);
    assert.ok(before > 0, "the settings page scrolls at 390 px");
    const refetch = page.waitForResponse((r) => r.url().endsWith("/ui/settings"));
    mkdirSync(join(served.root, ".tool"), { recursive: true });
    writeFileSync(join(served.root, ".tool/config.json"), JSON.stringify({ architecture: { maxComponents: 500 } }));
    assert.is((await refetch).status(), 200);
    await page.waitForFunction(() => /maxComponents/.test(document.querySelector("#view")?.textContent ?? ""));
    assert.match(await viewText(page), /architecture\.maxComponents/, "the configError is shown");
    assert.ok(page.url().endsWith("#settings"));
    assert.ok(Math.abs((await page.evaluate(() => window.scrollY)) - before) < 2, "scroll kept");
  }, { width: 390, height: 700 });
});

test("live updates connect even when the page's scripts arrive slowly, one after another", async () => {
  await withPage(FIXTURE, async (page, base) => {
    // htmx starts on a timer once the page is parsed. A script that arrived after that start
    // (its SSE extension, the console's listeners) used to miss it, and nothing connected.
    let scripts = 0;
    await page.route("**/static/*.js", async (route) => {
      if (scripts++ > 0) await new Promise((tick) => setTimeout(tick, 500));
      await route.continue();
    });
    await openView(page, base, "overview");
    await page.waitForSelector("#live.on", { state: "attached" });
  });
});

/** The server's index version: the `ready` event that opens its event stream names it. */
async function indexVersion(base: string): Promise<number> {
  const stop = new AbortController();
  const response = await fetch(`${base}/api/events`, { signal: stop.signal });
  const reader = response.body!.getReader();
  const ready = /event: ready\ndata: (.*)\n/;
  let text = "";
  while (!ready.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the event stream ended before its ready event: ${text}`);
    text += new TextDecoder().decode(value);
  }
  stop.abort();
  return JSON.parse(ready.exec(text)![1]!).version;
}

test("live: a change made before the live connection opens still refreshes the page", async () => {
  const served = await serve(FIXTURE);
  await withPage(FIXTURE, async (page, base) => {
    // Hold the event stream back, so the change's `changed` event goes out while nobody listens.
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    await page.route("**/api/events", async (route) => {
      await opened;
      await route.continue();
    });
    await openView(page, base, "settings", { live: false });
    assert.not.match(await viewText(page), /architecture\.depth/);
    const drawn = await indexVersion(base);
    writeFileSync(join(served.root, ".tool/config.json"), JSON.stringify({ architecture: { depth: 99 } }));
    for (let tries = 0; (await indexVersion(base)) === drawn; tries++) {
      assert.ok(tries < 150, "the server did not rebuild its index after the change");
      await new Promise((tick) => setTimeout(tick, 100));
    }
    open();
    await page.waitForSelector("#live.on", { state: "attached" });
    // The stream's first event names a newer index than the page was drawn from: the page redraws.
    await page.waitForFunction(() => /architecture\.depth/.test(document.querySelector("#view")?.textContent ?? ""));
  });
});

test("every POST carries x-tool-token from the page; a POST without it is refused in the browser too", async () => {
  await withPage(FIXTURE, async (page, base) => {
    await openView(page, base, "overview");
    const refresh = page.waitForResponse((r) => r.url().endsWith("/api/refresh"));
    await page.click("text=Rebuild index");
    const answer = await refresh;
    assert.is(answer.status(), 204);
    const token = await page.getAttribute('meta[name="tool-token"]', "content");
    assert.is(answer.request().headers()["x-tool-token"], token);
    assert.is(answer.request().headers()["content-type"], "application/json");

    const bare = await page.evaluate(async () =>
      (await fetch("/api/refresh", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }))
        .status
    );
    assert.is(bare, 403);
    await page.evaluate(() => document.querySelector('meta[name="tool-token"]')!.setAttribute("content", "wrong"));
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/refresh"));
    await page.click("text=Rebuild index");
    assert.is((await refused).status(), 403);
    await page.waitForSelector(".toast");
    assert.match(await page.locator(".toast").innerText(), /token/i);
  }, { allowErrors: /403/ });
});

test("a task planned on its page: create it with the title alone, follow Next to the subtask form (the view stays), add a subtask", async () => {
  const root = fixtureRepo("ts-app");
  await withPage(root, async (page, base) => {
    await openView(page, base, "#tasks");
    await page.fill('input[name="title"]', "Split the ledger");
    await page.click('button:has-text("Create task")');
    await page.locator("text=Created task split-the-ledger.").waitFor();
    await page.click('a:has-text("Open it")');
    await viewLoaded(page, "task/split-the-ledger");
    const entries = await page.evaluate(() => history.length);
    await page.click('a:has-text("Plan the work as subtasks")');
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "title");
    assert.is(await page.evaluate(() => history.length), entries, "scrolling within the page adds no entry for Back to repeat");
    assert.is(await page.locator("#view").getAttribute("data-address"), "task/split-the-ledger", "the link scrolls within the page, it opens no other view");
    assert.ok(page.url().endsWith("#task/split-the-ledger"), page.url());
    await page.keyboard.type("Move the ledger to its own module");
    await page.keyboard.press("Enter");
    await page.locator("#subtasks td:has-text('Move the ledger to its own module')").waitFor();
  });
});

test("usable at 390 px and by keyboard: nothing overflows sideways, focus is visible", async () => {
  await withPage(FIXTURE, async (page, base) => {
    for (const address of ["overview", "settings"]) {
      await openView(page, base, address);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${address} overflows by ${overflow}px`);
      assert.ok(await page.locator('.nav a[data-section="tasks"]').isVisible());
    }
    await page.goto(`${base}/`);
    await viewLoaded(page, "overview");
    await page.keyboard.press("Tab");
    assert.is(await page.evaluate(() => document.activeElement?.textContent), "Skip to the view");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { text: el.textContent, outline: style.outlineStyle, width: style.outlineWidth };
    });
    assert.is(focused.text, "Overview");
    assert.is(focused.outline, "solid");
    assert.is(focused.width, "2px");
    await page.keyboard.press("Enter");
    await viewLoaded(page, "overview");
  }, { width: 390, height: 844 });
});

test.run();

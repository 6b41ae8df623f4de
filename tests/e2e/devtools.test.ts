import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { commitAll, fixtureRepo, tempDir, writeFiles } from "../helpers/repo.ts";
import { CHROMIUM, e2eSuite, openView, viewLoaded, withPage } from "./harness.ts";

const test = e2eSuite("the Devtools views in Chromium: every view, deep links, the Source panel, downloads");
/** The shop fixture: routes, guards, a cycle, integrations, environment variables, markers. */
const FIXTURE = CHROMIUM ? fixtureRepo("devtools-app") : "";

const viewText = (page: Page) => page.locator("#view").innerText();

/** What each view shows on the fixture, so a view that renders but says nothing fails. */
const VIEWS: [string, RegExp][] = [
  ["devtools/overview", /Architecture health[\s\S]*40[\s\S]*Composition[\s\S]*What needs attention first/],
  ["devtools/map", /Map[\s\S]*Download SVG/],
  ["devtools/routes", /Entry points[\s\S]*DELETE\s+\/api\/users\/\{id\}[\s\S]*Routes defined twice/],
  ["devtools/coupling", /Coupling[\s\S]*src\/db[\s\S]*Main sequence[\s\S]*Dependency structure matrix/],
  ["devtools/cycles", /Cycles[\s\S]*src\/services\/billing\.js/],
  ["devtools/hotspots", /Hotspots/],
  ["devtools/impact", /Impact[\s\S]*Pick one or more files/],
  ["devtools/integrations", /Redis[\s\S]*PostgreSQL[\s\S]*Stripe[\s\S]*REDIS_URL/],
  ["devtools/team", /Team[\s\S]*Activity/],
  ["devtools/debt", /Markers[\s\S]*retries charge twice[\s\S]*Files nothing imports[\s\S]*src\/legacy\/export\.js/],
  ["devtools/findings", /Findings[\s\S]*has no route-level guard/],
];

test("each view renders its content without console errors, at both widths", async () => {
  for (const width of [1280, 390]) {
    await withPage(FIXTURE, async (page, base) => {
      for (const [address, content] of VIEWS) {
        await openView(page, base, `#${address}`);
        assert.match(await viewText(page), content, `${address} at ${width}px`);
        const overflow = await page.evaluate(() =>
          document.documentElement.scrollWidth - document.documentElement.clientWidth
        );
        assert.ok(overflow <= 1, `${address} at ${width}px scrolls sideways by ${overflow}px`);
        // A path in a table wraps after its slashes, never letter by letter in a squeezed column.
        const wrapped = await page.evaluate(() =>
          [...document.querySelectorAll("#view table a.file")].flatMap((link) => {
            const lines = new Set([...link.getClientRects()].map((r) => Math.round(r.top))).size;
            return lines > (link.textContent ?? "").split("/").length ? [`${link.textContent} on ${lines} lines`] : [];
          })
        );
        assert.equal(wrapped, [], `${address} at ${width}px`);
      }
    }, { width });
  }
});

test("files listed one under another (an integration's users) start at the same edge", async () => {
  const root = tempDir("tool-e2e-users-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "queues", dependencies: { ioredis: "5.0.0" } }),
    ...Object.fromEntries(["api/cache.js", "api/sessions.js", "worker/queue.js"].map((file) => [file, 'const Redis = require("ioredis");\nmodule.exports = new Redis();\n'])),
  });
  commitAll(root);
  await withPage(root, async (page, base) => {
    await openView(page, base, "#devtools/integrations");
    const lefts = await page.locator("#view .dt-files > a.file").evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().left)));
    assert.is(lefts.length, 3);
    assert.is(new Set(lefts).size, 1, lefts.join(" "));
  }, { width: 390 });
});

test("long paths, handler names and component names wrap or scroll in place at a phone's width: no view scrolls sideways", async () => {
  const root = tempDir("tool-e2e-long-");
  const path = "/dep_web_enroll/:dep_enrollment_secret/custom_views/:custom_view_identifier/documents";
  const service = (name: string, requires: string[]) =>
    [...requires.map((r, i) => `const dep${i} = require("../${r}/index.js");`), `module.exports = { ${name.replace(/-/g, "_")}: 1 };`, ""].join("\n");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "long", dependencies: { express: "^4" } }),
    // A stable component leaning on a volatile one: a Stable Dependencies violation between two long names.
    "services/notification-dispatcher-foundation/index.js": service("foundation", ["frequently-changing-experimental-helpers"]),
    "services/frequently-changing-experimental-helpers/index.js": service("helpers", ["another-volatile-dependency-module", "yet-another-volatile-dependency"]),
    "services/another-volatile-dependency-module/index.js": service("volatile", []),
    "services/yet-another-volatile-dependency/index.js": service("volatile_too", []),
    "services/reporting-consumer-of-foundation/index.js": service("reporting", ["notification-dispatcher-foundation"]),
    "services/billing-consumer-of-foundation/index.js": service("billing", ["notification-dispatcher-foundation"]),
    "services/api-gateway-with-a-long-name/index.js": [
      'const express = require("express");',
      'const foundation = require("../notification-dispatcher-foundation/index.js");',
      "const app = express();",
      'app.get("/me", requireAuth, (req, res) => res.send("me"));',
      `app.post("${path}", assign_dep_virtual_server_default_enrollment_task_handler);`,
      `app.post("${path}", assign_dep_virtual_server_default_enrollment_task_handler_again);`,
      "app.listen(3000);",
      "",
    ].join("\n"),
  });
  commitAll(root);
  await withPage(root, async (page, base) => {
    for (const address of ["devtools/overview", "devtools/findings", "devtools/routes", "devtools/coupling", "devtools/debt"]) {
      await openView(page, base, `#${address}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 1, `${address} at 390px scrolls sideways by ${overflow}px`);
    }
    await openView(page, base, "#devtools/coupling");
    assert.match(await viewText(page), /services\/notification-dispatcher-foundation[\s\S]*services\/frequently-changing-experimental-helpers/, "the violation is listed");
  }, { width: 390 });
});

test("deep links load the right view: a focused map, chosen files for impact, filters kept in the hash", async () => {
  await withPage(FIXTURE, async (page, base) => {
    await page.goto(`${base}/#devtools/map?component=src/db`);
    await viewLoaded(page, "devtools/map?component=src/db");
    assert.is(await page.locator(".tool-map-node.focus").getAttribute("data-id"), "component:src/db");
    assert.match(await viewText(page), /Component src\/db/);

    await page.goto(`${base}/#devtools/impact?file=src/db/index.js,src/db/cache.js`);
    await viewLoaded(page, "devtools/impact?file=src/db/index.js,src/db/cache.js");
    assert.match(await viewText(page), /dependents[\s\S]*Tests to run[\s\S]*test\/users\.test\.js/);
    assert.match(await viewText(page), /postgresql[\s\S]*redis|redis[\s\S]*postgresql/);

    // A full-page /ui address shows the same view without scripts having to load it.
    await page.goto(`${base}/ui/devtools/findings?category=security`);
    await viewLoaded(page, "devtools/findings?category=security");
    assert.match(await viewText(page), /2 findings/);

    // Choosing a filter puts it in the hash; the view reloads with it.
    await openView(page, base, "#devtools/routes");
    await page.selectOption('select[name="method"]', "DELETE");
    await viewLoaded(page, "devtools/routes?method=DELETE");
    assert.match(await viewText(page), /1 entry point of 9/);
    assert.ok(page.url().endsWith("#devtools/routes?method=DELETE"));

    // Clicking a component on the map focuses it.
    await openView(page, base, "#devtools/map");
    await page.locator('.tool-map a[href="#devtools/map?component=src/services"]').click();
    await viewLoaded(page, "devtools/map?component=src/services");
    assert.match(await viewText(page), /Component src\/services/);
  });
});

test("impact: the file picker completes paths and adds the chosen file to the address", async () => {
  await withPage(FIXTURE, async (page, base) => {
    await openView(page, base, "#devtools/impact?file=src/db/index.js");
    await page.fill('input[name="add"]', "cach");
    await page.locator('#impact-files option[value="src/db/cache.js"]').waitFor({ state: "attached" });
    await page.fill('input[name="add"]', "src/db/cache.js");
    await page.click("button:text-is('Add')");
    await viewLoaded(page, "devtools/impact?file=src/db/index.js,src/db/cache.js");
    assert.match(await viewText(page), /redis/);
  });
});

test("a file link opens the Source panel beside the view: lines around the result, imports, imported by", async () => {
  await withPage(FIXTURE, async (page, base) => {
    await openView(page, base, "#devtools/cycles");
    await page.locator("#view a.file", { hasText: "src/services/billing.js:2" }).click();
    await page.locator("#panel .dt-source").waitFor();
    assert.ok(page.url().endsWith("#devtools/cycles"), "the view stays");
    const panel = await page.locator("#panel").innerText();
    assert.match(panel, /src\/services\/billing\.js:2/);
    assert.match(panel, /Imports[\s\S]*src\/services\/ledger\.js[\s\S]*Imported by/i);
    assert.is((await page.locator("#panel .ln.focus .no").innerText()).trim(), "2");
    // The AI brief opens in the same panel.
    await page.locator("#panel button", { hasText: "AI brief" }).click();
    await page.locator("#panel #brief-markdown").waitFor();
    assert.match(await page.locator("#brief-markdown").innerText(), /^# Context: src\/services\/billing\.js/);
  });
});

test("the map downloads as valid SVG", async () => {
  await withPage(FIXTURE, async (page, base) => {
    await openView(page, base, "#devtools/map?colour=churn");
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Download SVG")]);
    assert.is(download.suggestedFilename(), "map.svg");
    const text = readFileSync((await download.path())!, "utf8");
    const parsed = await page.evaluate((svg) => {
      const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
      return {
        error: doc.querySelector("parsererror")?.textContent ?? "",
        root: doc.documentElement.localName,
        nodes: doc.querySelectorAll(".tool-map-node").length,
      };
    }, text);
    assert.is(parsed.error, "");
    assert.is(parsed.root, "svg");
    assert.ok(parsed.nodes >= 8, `${parsed.nodes} nodes`);
    assert.match(text, /Colour: churn/);
  });
});

test("an export downloads the filtered entry points", async () => {
  await withPage(FIXTURE, async (page, base) => {
    await openView(page, base, "#devtools/routes?method=POST");
    const [csv] = await Promise.all([page.waitForEvent("download"), page.click("a.button:text-is('CSV')")]);
    assert.is(csv.suggestedFilename(), "routes.csv");
    const lines = readFileSync((await csv.path())!, "utf8").trim().split("\r\n");
    assert.is(lines[0], "method,path,kind,framework,file,line,handler,guards,components,integrations");
    assert.equal(lines.slice(1).map((l) => l.split(",").slice(0, 2).join(" ")).sort(), [
      "POST /api/orders/{orderId}/pay",
      "POST /api/users",
    ]);
    const [http] = await Promise.all([page.waitForEvent("download"), page.click("a.button:text-is('.http')")]);
    assert.match(
      readFileSync((await http.path())!, "utf8"),
      /@baseUrl = http:\/\/localhost:3000[\s\S]*POST \{\{baseUrl\}\}\/api\/users/,
    );
  });
});

test("create task turns a finding into a task through POST /api/improvements", async () => {
  await withPage(FIXTURE, async (page, base) => {
    await openView(page, base, "#devtools/findings?category=dead-code");
    const button = page.locator("#view .dt-finding button", { hasText: "Create task" }).first();
    assert.is(await button.isEnabled(), true);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/improvements"));
    await button.click();
    assert.is((await answer).status(), 201);
    // Once the index has the task (the live refresh after the write), the finding links to it.
    const link = page.locator('#view .dt-finding a[href^="#task/"]').first();
    await link.waitFor();
    assert.match(await link.innerText(), /^Task [a-z0-9-]+$/);
  });
});

test.run();

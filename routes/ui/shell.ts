import { createHash } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { agentConfiguration } from "../../workflow/agents/mod.ts";
import { loadFlows } from "../../workflow/flows/mod.ts";
import { ADAPTERS, activeAdapter } from "../../workflow/capabilities/mod.ts";
import { doctor } from "../../workflow/doctor.ts";
import { readSettings } from "../../workflow/settings.ts";
import { VERSION } from "../../core/version.ts";
import { DocView } from "../../views/doc.tsx";
import { Overview } from "../../views/overview.tsx";
import { PaletteResults, searchPalette } from "../../views/palette.tsx";
import { SettingsView } from "../../views/settings.tsx";
import { renderView, type ShellEnv } from "../../views/shell.tsx";
import { readQuery } from "../validate.ts";
// Imported as text so `bun build --compile` embeds them: the binary serves the page with nothing beside it.
import htmx from "../../node_modules/htmx.org/dist/htmx.min.js" with { type: "text" };
import htmxSse from "../../node_modules/htmx.org/dist/ext/hx-sse.min.js" with { type: "text" };
import consoleJs from "../../static/console.js" with { type: "text" };
import consoleCss from "../../static/console.css" with { type: "text" };
import devtoolsCss from "../../static/devtools.css" with { type: "text" };

type Asset = { body: string; type: string; etag: string };

const asset = (body: string, type: string): Asset => ({
  body,
  type,
  etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
});
const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";
const ASSETS: Record<string, Asset> = {
  // The page's one script: htmx, its SSE extension, then the console's own code. htmx starts on
  // a timer once the page is parsed, and whatever registers after that start misses it: an
  // extension is never applied, a listener never hears the first events. As separate scripts,
  // one arriving late left the live updates unconnected.
  "console.js": asset(`${htmx}\n;${htmxSse}\n;${consoleJs}`, JS),
  "console.css": asset(consoleCss, CSS),
  "devtools.css": asset(devtoolsCss, CSS),
};

const PaletteQuery = z.object({ q: z.string().max(200).optional() });
const DocQuery = z.object({ path: z.string().min(1).max(1000) });

/**
 * The shell of the console: GET / (the page, with the Overview inside), the Overview, Settings,
 * palette and document fragments under /ui, and the embedded static files. Its middleware gives
 * every later route the shell context `renderView` needs, so it is mounted before the others.
 */
export const shellRoutes = (service: ProjectService, token: string) =>
  new Hono<ShellEnv>()
    .use("*", async function shellContext(c, next) {
      c.set("shell", { root: service.root, token, version: service.version });
      await next();
    })
    .get("/", async (c) => renderView(c, "Overview", Overview({ index: (await service.snapshot()).index })))
    .get("/ui/overview", async (c) => renderView(c, "Overview", Overview({ index: (await service.snapshot()).index })))
    .get("/ui/settings", async (c) => renderView(c, "Settings", await settingsView(service)))
    .get("/ui/palette", async (c) => {
      const { q = "" } = readQuery(c, PaletteQuery);
      const items = searchPalette(await service.report(), q);
      return c.html(PaletteResults({ items, query: q }));
    })
    .get("/ui/doc", async (c) => {
      const { path } = readQuery(c, DocQuery);
      const { index } = await service.snapshot();
      const doc = [...index.docs, ...index.specs, ...index.adrs].find((d) => d.path === path);
      if (!doc) return c.html(`<p class="empty">No document ${escapeText(path)} in the project index.</p>`, 404);
      return renderView(c, doc.title, DocView({ doc }));
    })
    .get("/static/:file", (c) => {
      const name = c.req.param("file");
      // Own names only: `constructor` or `__proto__` are not files.
      const found = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
      if (!found) return c.json({ error: `No such file: /static/${c.req.param("file")}` }, 404);
      // The same bytes until the binary changes: revalidate with the ETag, never serve stale.
      const headers = { "content-type": found.type, "cache-control": "no-cache", etag: found.etag };
      if (c.req.header("if-none-match") === found.etag) return c.body(null, 304, headers);
      return c.body(found.body, 200, headers);
    });

export function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The Settings page as it is now (shown again after a change made from it). */
export async function settingsView(service: ProjectService) {
  const { index } = await service.snapshot();
  const active = activeAdapter(service.root);
  return SettingsView({
    index, settings: readSettings(service.root), version: VERSION, agents: agentConfiguration(service.root), flows: loadFlows(service.root),
    doctor: doctor(service.root), adapters: ADAPTERS.map((a) => ({ id: a.id, name: a.name, active: a.id === active })),
  });
}

/** @jsxImportSource hono/jsx */
/**
 * The console's page shell and `renderView`, the one way a `/ui/...` route answers: the bare
 * fragment for htmx (console.js loads every view with `HX-Request: true`), or the whole page
 * with the fragment inside, so a deep link opened without JavaScript still shows its view.
 */
import type { Context } from "hono";
import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import { VERSION } from "../core/version.ts";
import { projectName } from "../workflow/index/mod.ts";

/**
 * What the shell needs from the running console; set per request by routes/ui/shell.ts.
 * `version` is the index version as the request began, so the page's data is at least that new.
 */
export type ShellInfo = { root: string; token: string; version: number };
export type ShellEnv = { Variables: { shell: ShellInfo } };

/** The four sections of the navigation; `match` lists the first address segments each owns. */
export const SECTIONS = [
  { id: "overview", label: "Overview", href: "#overview", match: ["overview"] },
  { id: "tasks", label: "Tasks", href: "#tasks", match: ["tasks", "task", "runs"] },
  { id: "loops", label: "Loops", href: "#loops", match: ["loops", "loop"] },
  { id: "devtools", label: "Codebase", href: "#devtools/overview", match: ["devtools"] },
  { id: "settings", label: "Settings", href: "#settings", match: ["settings", "capabilities"] },
] as const;

/** The section an address (`devtools/map?component=src`) belongs to; Overview for anything unknown. */
export function sectionOf(address: string): string {
  const first = address.split(/[/?]/, 1)[0] ?? "";
  return SECTIONS.find((s) => (s.match as readonly string[]).includes(first))?.id ?? "overview";
}

/** The hash address of a `/ui/...` request (`/ui/devtools/map?component=src` -> `devtools/map?component=src`). */
export function addressOf(url: string): string {
  const { pathname, search } = new URL(url, "http://127.0.0.1");
  const path = pathname.replace(/^\/ui\/?/, "").replace(/^\/$/, "");
  return `${path || "overview"}${search}`;
}

/** An inline icon: the tab is recognisable, and no request for /favicon.ico fails. */
const ICON = `data:image/svg+xml,${
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M8 1l7 7-7 7-7-7z" fill="#2457c5"/></svg>',
  )
}`;

type ShellProps = { name: string; token: string; version: number; title: string; address: string; children?: Child };

/** The whole page: head (token, console.js with htmx), header with navigation, the view, the source panel, the palette. */
export function Shell(props: ShellProps) {
  const section = sectionOf(props.address);
  return (
    <>
      {raw("<!doctype html>")}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="color-scheme" content="light dark" />
          <meta name="tool-token" content={props.token} />
          <title>{`${props.title} · ${props.name}`}</title>
          <link rel="icon" href={ICON} />
          <link rel="stylesheet" href="/static/console.css" />
          <link rel="stylesheet" href="/static/devtools.css" />
          <script src="/static/console.js" defer></script>
        </head>
        {/* console.js compares data-version with the live stream's first event: a change made
            before the stream opened still redraws the page. */}
        <body data-section={section} data-version={String(props.version)}>
          <a class="skip" href="#view">Skip to the view</a>
          <header class="top">
            <a class="brand" href="#overview" title={`${props.name}: project overview`}>
              <span class="logo" aria-hidden="true">◆</span>
              <span class="brand-name">{props.name}</span>
            </a>
            <nav class="nav" aria-label="Sections">
              {SECTIONS.map((s) => (
                <a
                  href={s.href}
                  data-section={s.id}
                  class={s.id === section ? "active" : undefined}
                  aria-current={s.id === section ? "page" : undefined}
                >
                  {s.label}
                </a>
              ))}
            </nav>
            <button type="button" class="search" data-palette-open aria-keyshortcuts="Control+K Meta+K">
              <span>Search</span> <kbd>Ctrl K</kbd>
            </button>
            <span
              id="live"
              class="live"
              hx-sse:connect="/api/events"
              role="status"
              title="Live updates: connecting"
              aria-label="Live updates: connecting"
            >
            </span>
          </header>
          <div class="layout">
            <main id="view" tabindex={-1} data-address={props.address} hx-sync="this:replace">
              {props.children}
            </main>
            <aside id="panel" aria-label="Side panel" hidden></aside>
          </div>
          <footer class="foot muted">
            tool {VERSION} · JSON: <a href="/api/project">/api/project</a> · <a href="/api/devtools">/api/devtools</a>
          </footer>
          <dialog id="palette" aria-label="Search">
            <form method="dialog" class="palette-box" role="search">
              <input
                id="palette-input"
                type="search"
                name="q"
                autocomplete="off"
                spellcheck={false}
                placeholder="Search views, files, routes, components, findings…"
                role="combobox"
                aria-expanded="true"
                aria-controls="palette-results"
                aria-autocomplete="list"
              />
              <ul id="palette-results" role="listbox" aria-label="Results"></ul>
              <p class="palette-help muted">
                <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
              </p>
            </form>
          </dialog>
          <div id="toasts" class="toasts" role="alert" aria-live="assertive"></div>
        </body>
      </html>
    </>
  );
}

/**
 * Answers a `/ui/...` request with its view: the fragment (with a `<title>` htmx applies) when
 * the request comes from htmx, else the whole shell around it. B and C call this from their
 * routes; the shell's context comes from the middleware of routes/ui/shell.ts.
 *
 * @example
 * app.get("/ui/devtools/cycles", async (c) => renderView(c, "Cycles", <Cycles report={await service.report()} />));
 */
export function renderView(c: Context, title: string, fragment: Child): Response | Promise<Response> {
  const info = (c as unknown as Context<ShellEnv>).get("shell");
  if (!info) throw new Error("renderView: the shell context is missing; mount shellRoutes before the other routes");
  const name = projectName(info.root);
  c.header("vary", "HX-Request");
  if (c.req.header("hx-request") === "true") {
    return c.html(
      <>
        <title>{`${title} · ${name}`}</title>
        {fragment}
      </>,
    );
  }
  return c.html(
    <Shell name={name} token={info.token} version={info.version} title={title} address={addressOf(c.req.url)}>
      {fragment}
    </Shell>,
  );
}

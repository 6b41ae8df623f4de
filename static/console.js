// The console's one hand-written script. Everything is rendered on the server; this file only:
// - maps the hash address (#devtools/map?component=src) to GET /ui/<address> swapped into
//   <main id="view">, so every view is a deep link and back/forward work;
// - opens #devtools/source?file=... and #doc?path=... addresses (file links, palette results,
//   documents) in <aside id="panel">, over the view;
// - adds x-tool-token (from <meta name="tool-token">) to every write and sends its fields as JSON;
// - re-fetches what is on screen after the server's `changed` event, keeping filters, scroll
//   and opened <details>;
// - runs the search palette (Ctrl+K / Cmd+K, and `/` in the Codebase section);
// - copies [data-copy] text, and keeps <form data-hash="devtools/routes"> filters in the hash.
(() => {
  "use strict";

  // A live refresh morphs the view into the server's fresh HTML, which would also close every
  // <details> the user opened (the server renders them closed): their `open` stays the user's.
  htmx.config.morphIgnore = [...(htmx.config.morphIgnore ?? []), "open"];

  const view = document.getElementById("view");
  const panel = document.getElementById("panel");
  const live = document.getElementById("live");
  const palette = document.getElementById("palette");
  const paletteInput = document.getElementById("palette-input");
  const paletteResults = document.getElementById("palette-results");
  const toasts = document.getElementById("toasts");
  /** Addresses shown in the side panel, over the view, and the fragment each loads. */
  const PANELS = { "devtools/source": "/ui/source", doc: "/ui/doc" };
  const panelUrlOf = (address) => {
    for (const [prefix, url] of Object.entries(PANELS)) {
      if (address === prefix || address.startsWith(`${prefix}?`)) return url + address.slice(prefix.length);
    }
    return null;
  };

  const token = () => document.querySelector('meta[name="tool-token"]')?.getAttribute("content") ?? "";
  const currentAddress = () => decodeHash(location.hash) || "overview";

  function decodeHash(hash) {
    return hash.replace(/^#/, "");
  }

  // ---------------------------------------------------------------- writes carry the token

  /** A POST from the page's own code (not htmx): JSON body, token header. */
  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-tool-token": token() },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) toast(await errorText(response));
    return response;
  }

  // Every htmx write: the token header, and the fields (form values, hx-vals with their JSON
  // types) as a JSON body, because the API takes JSON only.
  document.addEventListener("htmx:before:request", (event) => {
    const request = event.detail.ctx.request;
    if (/^(GET|HEAD)$/i.test(request.method)) return;
    request.headers["x-tool-token"] = token();
    const fields = {};
    if (request.body && typeof request.body.forEach === "function") {
      request.body.forEach((value, key) => (fields[key] = value));
    }
    Object.assign(fields, event.detail.ctx.vals ?? {});
    request.headers["Content-Type"] = "application/json";
    request.body = JSON.stringify(fields);
  });

  // JSON answers are results, not HTML: a 2xx is not swapped (listeners get `tool:json`), an
  // error becomes a message, and a view that failed to load says why in its place.
  document.addEventListener("htmx:after:request", (event) => {
    const ctx = event.detail.ctx;
    const type = ctx.response?.headers?.get("content-type") ?? "";
    if (!type.includes("application/json")) return;
    let data = null;
    try {
      data = JSON.parse(ctx.text);
    } catch { /* not JSON after all */ }
    if (ctx.response.status < 400) {
      event.preventDefault();
      ctx.sourceElement?.dispatchEvent(
        new CustomEvent("tool:json", { bubbles: true, detail: { status: ctx.response.status, data } }),
      );
      return;
    }
    const message = data?.error ?? `${ctx.response.status} ${ctx.request.action}`;
    if (ctx.target === view) {
      ctx.text = `<div class="card error" role="alert"><h1>This view could not be loaded</h1><p>${
        escapeHtml(message)
      }</p></div>`;
    } else {
      event.preventDefault();
      toast(message);
    }
  });

  document.addEventListener("htmx:error", (event) => {
    if (event.detail.ctx?.sourceElement === live) return;
    toast(
      `Could not reach the console server (${event.detail.error?.message ?? "network error"}). Is tool serve running?`,
    );
  });

  async function errorText(response) {
    try {
      return (await response.json()).error ?? `${response.status}`;
    } catch {
      return `${response.status} ${response.statusText}`;
    }
  }

  // ---------------------------------------------------------------- hash addresses

  let navigation = 0;

  /** Shows `address` in the view (or, for a file or document address, in the panel). */
  async function show(address, options = {}) {
    const inPanel = panelUrlOf(address);
    if (inPanel) {
      openPanel(inPanel);
      return;
    }
    const seq = ++navigation;
    const y = window.scrollY;
    view.setAttribute("aria-busy", "true");
    markSection(address);
    try {
      await htmx.ajax("GET", `/ui/${address}`, {
        source: view,
        target: view,
        swap: options.refresh ? "innerMorph" : "innerHTML",
        refresh: Boolean(options.refresh), // read back from the request's context after the swap
      });
    } finally {
      if (seq === navigation) {
        view.dataset.address = address;
        view.removeAttribute("aria-busy");
        if (options.refresh) window.scrollTo(0, y);
        else {
          window.scrollTo(0, 0);
          if (options.focus) view.focus({ preventScroll: true });
        }
        view.dispatchEvent(new CustomEvent("tool:view", { bubbles: true, detail: { address } }));
      }
    }
  }

  function markSection(address) {
    const first = address.split(/[/?]/, 1)[0];
    const section = first === "task" || first === "tasks" || first === "runs"
      ? "tasks"
      : first === "loop" || first === "loops"
      ? "loops"
      : first === "devtools"
      ? "devtools"
      : first === "settings" || first === "capabilities"
      ? "settings"
      : "overview";
    document.body.dataset.section = section;
    for (const link of document.querySelectorAll(".nav a[data-section]")) {
      const active = link.dataset.section === section;
      link.classList.toggle("active", active);
      if (active) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
  }

  // A link to a part of the view (`#subtasks`, `#add-subtask`) scrolls there and focuses its first
  // field; the address stays the view's. Such a link is handled on its click, against the page the
  // user clicked: by the time a hash change is handled, a live refresh may be swapping the view,
  // and the part would not be found and would be opened as a view of that name.
  function goToPart(id) {
    const part = /^[\w-]+$/.test(id) ? view.querySelector(`#${id}`) : null;
    if (!part) return false;
    part.scrollIntoView({ block: "start" });
    part.querySelector("input, select, textarea")?.focus();
    return true;
  }

  view.addEventListener("click", (event) => {
    const link = event.target.closest?.('a[href^="#"]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    if (goToPart(link.getAttribute("href").slice(1))) event.preventDefault();
  });

  window.addEventListener("hashchange", () => {
    const address = currentAddress();
    if (goToPart(address)) {
      history.replaceState(null, "", `#${view.dataset.address || "overview"}`);
      return;
    }
    if (panelUrlOf(address)) return void show(address);
    if (!panel.hidden) hidePanel(); // back from a file's address closes its panel
    if (address !== view.dataset.address) show(address, { focus: true });
  });

  // Filters kept in the address: <form data-hash="devtools/routes"> puts its non-empty fields
  // in the hash (replacing the entry, so typing does not fill the history) and reloads the view.
  let filterTimer;
  function applyFilters(form) {
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (String(value) !== "") query.append(key, String(value));
    const address = form.dataset.hash + (query.size ? `?${query}` : "");
    history.replaceState(null, "", `#${address}`);
    show(address, { refresh: true });
  }
  document.addEventListener("submit", (event) => {
    const form = event.target.closest?.("form[data-hash]");
    if (!form) return;
    event.preventDefault();
    applyFilters(form);
  });
  document.addEventListener("input", (event) => {
    const form = event.target.closest?.("form[data-hash]");
    if (!form) return;
    clearTimeout(filterTimer);
    filterTimer = setTimeout(
      () => applyFilters(form),
      event.target.type === "search" || event.target.type === "text" ? 250 : 0,
    );
  });

  // ---------------------------------------------------------------- the side panel

  let panelUrl = null;
  let panelOpener = null;

  function openPanel(url) {
    panelOpener = document.activeElement;
    htmx.ajax("GET", url, { target: panel, swap: "innerHTML ignoreTitle:true" });
  }

  function hidePanel() {
    panel.hidden = true;
    panel.replaceChildren();
    panelUrl = null;
    document.body.classList.remove("panel-open");
  }

  function closePanel() {
    hidePanel();
    if (panelUrlOf(currentAddress())) history.replaceState(null, "", `#${view.dataset.address || "overview"}`);
    const opener = panelOpener;
    panelOpener = null;
    if (opener?.isConnected && opener !== document.body) opener.focus();
  }

  // Fragments swapped into the panel never change the page title; the panel shows itself
  // with a close button and remembers its address for live refresh.
  document.addEventListener("htmx:config:request", (event) => {
    const ctx = event.detail.ctx;
    if (ctx.target === panel && !/ignoreTitle/.test(ctx.swap)) ctx.swap = `${ctx.swap} ignoreTitle:true`;
    if (ctx.target === panel && ctx.sourceElement !== document.body) panelOpener = ctx.sourceElement;
  });
  // An action's answer goes to the element it targets (`#task-page`), found when the action was
  // sent. A live refresh or a navigation may have drawn that element anew while the action ran,
  // and htmx drops an answer whose target has left the page: the user's action would seem to do
  // nothing. The answer goes to the element that now has the same id instead.
  document.addEventListener("htmx:after:request", (event) => {
    const ctx = event.detail.ctx;
    if (ctx.target instanceof Element && !ctx.target.isConnected && ctx.target.id) {
      const current = document.getElementById(ctx.target.id);
      if (current) ctx.target = current;
    }
  });
  // The outcome of an action the user ran (`.output[role=status]`) is only in the answer to their
  // POST. The action's own writes announce a change, and the refresh that follows (often already
  // on its way), or a navigation to the same view still on its way (a hash change racing the
  // first load), would draw the view again without it, even before htmx has finished swapping
  // the answer in. So the outcomes are read from the answer itself, with the view's address, and
  // put back after every later drawing of that address, until the view shows another one.
  let outcomes = [];
  let outcomesAt = "";
  document.addEventListener("htmx:after:request", (event) => {
    const ctx = event.detail.ctx;
    if (!ctx.request?.method || ctx.request.method === "GET" || typeof ctx.text !== "string") return;
    const answer = document.createElement("template");
    answer.innerHTML = ctx.text;
    // A later action's answer replaces an earlier one's outcome, even when it has none.
    outcomes = outcomesIn(answer.content);
    outcomesAt = view.dataset.address || "";
  });
  document.addEventListener("htmx:after:swap", (event) => {
    const ctx = event.detail.ctx;
    if (!outcomes.length) return;
    if (ctx.request?.method !== "GET" || viewAddressOf(ctx.request.action) === outcomesAt) restoreOutcomes();
    else if (ctx.target === view) outcomes = [];
  });
  /** The view address a GET of the view asked for (`/ui/task/login` -> `task/login`). */
  function viewAddressOf(action) {
    if (!action) return undefined;
    const url = new URL(action, location.href);
    return url.pathname.startsWith("/ui/") ? decodeURIComponent(url.pathname.slice(4)) + url.search : undefined;
  }
  /** The outcomes in a fragment, each with the id of the element holding it and its place there. */
  function outcomesIn(root) {
    return [...root.querySelectorAll('.output[role="status"]')].flatMap((element) => {
      const parent = element.parentElement;
      return parent?.id ? [{ html: element.outerHTML, parent: parent.id, index: [...parent.children].indexOf(element) }] : [];
    });
  }
  function restoreOutcomes() {
    for (const { html, parent: id, index } of outcomes) {
      const parent = document.getElementById(id);
      if (!parent || !view.contains(parent) || parent.querySelector(':scope > .output[role="status"]')) continue;
      const before = parent.children[index];
      if (before) before.insertAdjacentHTML("beforebegin", html);
      else parent.insertAdjacentHTML("beforeend", html);
    }
  }
  document.addEventListener("htmx:after:swap", (event) => {
    const ctx = event.detail.ctx;
    if (ctx.target !== panel) return;
    panelUrl = ctx.request.action;
    panel.hidden = false;
    document.body.classList.add("panel-open");
    if (!panel.querySelector(":scope > .panel-close")) {
      const close = document.createElement("button");
      close.type = "button";
      close.className = "panel-close";
      close.setAttribute("aria-label", "Close the panel");
      close.title = "Close (Esc)";
      close.textContent = "×";
      close.addEventListener("click", closePanel);
      panel.prepend(close);
    }
    if (!panel.contains(document.activeElement)) panel.querySelector(".panel-close")?.focus({ preventScroll: true });
  });

  // ---------------------------------------------------------------- live updates

  // The index version the page was drawn from (the shell says it), then the last one announced.
  // The stream's first event can already be newer: a change made before it opened is not missed.
  let version = Number(document.body.dataset.version) || undefined;
  // A field of the view the user has changed but not sent: a refresh would wipe it, so the
  // view's refresh waits until the view's next answer is swapped in.
  let edited = false;
  let viewRefreshWaiting = false;
  view.addEventListener("input", () => (edited = true));
  view.addEventListener("change", () => (edited = true));
  document.addEventListener("htmx:after:swap", (event) => {
    const target = event.detail.ctx.target;
    if (!(target instanceof Element) || !view.contains(target) && target !== view) return;
    edited = false;
    if (viewRefreshWaiting) {
      viewRefreshWaiting = false;
      refreshView();
    }
  });
  function refreshView() {
    if (edited) {
      viewRefreshWaiting = true;
      return;
    }
    show(panelUrlOf(currentAddress()) ? view.dataset.address || "overview" : currentAddress(), { refresh: true });
  }
  function refreshVisible() {
    refreshView();
    if (panelUrl && !panel.hidden) htmx.ajax("GET", panelUrl, { target: panel, swap: "innerMorph ignoreTitle:true" });
    if (palette.open) search(paletteInput.value);
  }
  function onVersion(event, always) {
    let next;
    try {
      next = JSON.parse(event.detail?.data ?? "{}").version;
    } catch {
      return;
    }
    // A restarted server counts from 1 again: any difference means the page is out of date.
    if ((always || version !== undefined) && next !== version) refreshVisible();
    version = next;
    document.body.dataset.version = String(next); // the generation the page now shows
  }
  live.addEventListener("ready", (event) => {
    onVersion(event, false);
    // The page knows it is current (a refresh for a newer version, if any, has begun).
    document.body.dataset.live = "ready";
  });
  live.addEventListener("changed", (event) => onVersion(event, true));
  // A loop wrote its state (the server sends at most one event per loop per 250 ms): the Loops
  // page, that loop's page and its task's page show it.
  function onLoop(event) {
    let loop;
    try {
      loop = JSON.parse(event.detail?.data ?? "{}");
    } catch {
      return;
    }
    const address = view.dataset.address || "";
    if (address === "loops" || address.startsWith(`loop/${loop.task}/${loop.id}`) || address.split("?")[0] === `task/${loop.task}`) {
      show(address, { refresh: true });
    }
  }
  live.addEventListener("loop", onLoop);
  live.addEventListener("loop-end", onLoop);
  // An agent run's event: appended to its live transcript when the page shows it, drawn as
  // views/tasks/agents.tsx draws it; a gap in the numbers (events missed) redraws the page.
  const EVENT_LABELS = { tool: "tool", "tool-result": "result", file: "file", message: "agent", thinking: "thinking", usage: "usage", result: "done", error: "error", stderr: "stderr", raw: "output", start: "start", end: "end" };
  function onAgent(event) {
    let data;
    try {
      data = JSON.parse(event.detail?.data ?? "{}");
    } catch {
      return;
    }
    const list = view.querySelector(`.agent-run[data-run="${CSS.escape(String(data.id))}"] .agent-events`);
    if (!list || !data.event) return;
    const last = Number(list.lastElementChild?.dataset.seq ?? 0);
    if (data.event.seq <= last) return;
    if (data.event.seq > last + 1) return show(view.dataset.address || "", { refresh: true });
    list.append(agentEventLine(data.event));
    list.lastElementChild.scrollIntoView({ block: "nearest" });
  }
  function agentEventLine(e) {
    const li = document.createElement("li");
    li.className = `ev ev-${e.type}${e.ok === false ? " failed" : ""}`;
    li.dataset.seq = String(e.seq);
    const kind = document.createElement("span");
    kind.className = "ev-kind";
    kind.textContent = EVENT_LABELS[e.type] ?? e.type;
    li.append(kind, " ");
    if (e.type === "tool" || e.type === "file") {
      const code = document.createElement("code");
      code.textContent = e.type === "tool" ? e.tool ?? "" : e.file ?? "";
      li.append(code, " ");
    }
    const text = document.createElement("span");
    text.className = "ev-text";
    text.textContent = e.type === "tool" ? summarizeInput(e.input) : (e.text ?? "").slice(0, 4000);
    li.append(text);
    return li;
  }
  function summarizeInput(input) {
    const v = input ?? {};
    const main = v.command ?? v.file_path ?? v.filePath ?? v.path ?? v.query ?? v.pattern;
    return (typeof main === "string" ? main : JSON.stringify(input ?? {})).slice(0, 300);
  }
  live.addEventListener("agent", onAgent);
  // Events that came between the server drawing a live run and the page showing it are read
  // back once the page is in (GET /api/agents/run gives every event so far).
  document.addEventListener("htmx:after:swap", async () => {
    for (const run of view.querySelectorAll(".agent-run[data-run]")) {
      const list = run.querySelector(".agent-events");
      const last = Number(list?.lastElementChild?.dataset.seq ?? 0);
      let data;
      try {
        data = await (await fetch(`/api/agents/run?id=${encodeURIComponent(run.dataset.run)}`)).json();
      } catch {
        continue;
      }
      if (!list?.isConnected || !Array.isArray(data.events)) continue;
      for (const event of data.events) {
        if (event.seq > Number(list.lastElementChild?.dataset.seq ?? last)) list.append(agentEventLine(event));
      }
      if (data.status && data.status !== "running") show(view.dataset.address || "", { refresh: true });
    }
  });
  live.addEventListener("agent-end", (event) => {
    let data;
    try {
      data = JSON.parse(event.detail?.data ?? "{}");
    } catch {
      return;
    }
    if (view.querySelector(`.agent-run[data-run="${CSS.escape(String(data.id))}"]`)) show(view.dataset.address || "", { refresh: true });
  });
  const setLive = (on, text) => {
    live.classList.toggle("on", on);
    live.title = `Live updates: ${text}`;
    live.setAttribute("aria-label", live.title);
  };
  live.addEventListener("htmx:sse:after:connection", () => setLive(true, "on"));
  live.addEventListener("htmx:sse:error", () => setLive(false, "reconnecting"));
  live.addEventListener("htmx:sse:close", () => setLive(false, "off"));

  // ---------------------------------------------------------------- search palette

  let searchTimer;
  let searchAbort;

  function openPalette() {
    if (palette.open) return;
    palette.showModal();
    paletteInput.value = "";
    search("");
    paletteInput.focus();
  }

  async function search(q) {
    searchAbort?.abort();
    searchAbort = new AbortController();
    try {
      const response = await fetch(`/ui/palette?q=${encodeURIComponent(q)}`, {
        headers: { "HX-Request": "true" },
        signal: searchAbort.signal,
      });
      paletteResults.innerHTML = response.ok
        ? await response.text()
        : `<li class="palette-empty" role="presentation">${escapeHtml(await errorText(response))}</li>`;
      select(paletteResults.querySelector(".palette-item"));
    } catch (error) {
      if (error.name !== "AbortError") {
        paletteResults.innerHTML = `<li class="palette-empty" role="presentation">The search failed.</li>`;
      }
    }
  }

  function select(item) {
    for (const old of paletteResults.querySelectorAll('[aria-selected="true"]')) {
      old.setAttribute("aria-selected", "false");
    }
    if (!item) return paletteInput.removeAttribute("aria-activedescendant");
    item.setAttribute("aria-selected", "true");
    paletteInput.setAttribute("aria-activedescendant", item.id);
    item.scrollIntoView({ block: "nearest" });
  }

  function move(step) {
    const items = [...paletteResults.querySelectorAll(".palette-item")];
    if (!items.length) return;
    const at = items.findIndex((item) => item.getAttribute("aria-selected") === "true");
    select(items[(at + step + items.length) % items.length]);
  }

  function choose(item) {
    if (!item) return;
    palette.close();
    const address = decodeHash(item.dataset.href);
    if (address === currentAddress()) show(address);
    else location.hash = address;
  }

  paletteInput.addEventListener("input", () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => search(paletteInput.value), 120);
  });
  paletteInput.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(paletteResults.querySelector('[aria-selected="true"]'));
    }
  });
  paletteResults.addEventListener("click", (event) => choose(event.target.closest(".palette-item")));
  paletteResults.addEventListener("mousemove", (event) => {
    const item = event.target.closest(".palette-item");
    if (item && item.getAttribute("aria-selected") !== "true") select(item);
  });
  palette.addEventListener("click", (event) => event.target === palette && palette.close());
  for (const button of document.querySelectorAll("[data-palette-open]")) button.addEventListener("click", openPalette);

  const editable = (element) => element?.closest?.("input, textarea, select, [contenteditable]") != null;
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
      event.preventDefault();
      openPalette();
    } else if (
      event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey &&
      document.body.dataset.section === "devtools" && !editable(event.target) && !palette.open
    ) {
      event.preventDefault();
      openPalette();
    } else if (event.key === "Escape" && !palette.open && !panel.hidden) {
      closePanel();
    }
  });

  // ---------------------------------------------------------------- copy, messages

  // [data-copy="#id"] copies that element's text; [data-copy="text"] copies the text itself;
  // an empty data-copy copies the nearest <pre> of its card.
  document.addEventListener("click", async (event) => {
    const button = event.target.closest?.("[data-copy]");
    if (!button) return;
    event.preventDefault();
    const spec = button.getAttribute("data-copy");
    const text = spec.startsWith("#")
      ? document.querySelector(spec)?.textContent ?? ""
      : spec || button.closest("section, article, .card, aside")?.querySelector("pre")?.textContent || "";
    try {
      await navigator.clipboard.writeText(text);
      flash(button, "Copied");
    } catch {
      toast("Copying failed: select the text and copy it by hand.");
    }
  });

  function flash(button, label) {
    const before = button.textContent;
    button.textContent = label;
    setTimeout(() => (button.textContent = before), 1500);
  }

  function toast(message) {
    const item = document.createElement("div");
    item.className = "toast";
    item.textContent = message;
    toasts.append(item);
    setTimeout(() => item.remove(), 6000);
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  }

  // ---------------------------------------------------------------- start

  document.addEventListener("DOMContentLoaded", () => {
    // A deep link opened as /ui/<address> becomes /#<address>: one form of address everywhere.
    if (location.pathname.startsWith("/ui/") && !location.hash) {
      history.replaceState(null, "", `/#${view.dataset.address}`);
    }
    const address = currentAddress();
    markSection(address);
    if (panelUrlOf(address) || address !== view.dataset.address) show(address);
  });

  window.toolConsole = { post, show, openPalette, closePanel, refresh: refreshVisible };
})();

/** @jsxImportSource hono/jsx */
import type { FC } from "hono/jsx";
import type { Entry, Plan } from "../workflow/capabilities/mod.ts";

type Installed = { ref: string; adapter: string; state: string; outdated: boolean; parts: { path: string; state: string }[] };
type Adapter = { id: string; name: string; active: boolean };

export type CapabilitiesProps = {
  entries: Entry[];
  installed: Installed[];
  adapters: Adapter[];
  filter: { q: string; kind: string };
  selected?: Entry & { writes: Record<string, { type: string; path?: string; reason?: string }[]> };
  plan?: Plan;
  notice?: { ok: boolean; text: string };
};

const KINDS = ["skill", "agent", "command", "mcp-server", "hook"];

/**
 * The capability catalog: search and filter by kind, an entry's detail with what it writes for
 * each agent, the plan of an install shown before it is applied, and what is installed with
 * whether the files are still as written.
 */
export const CapabilitiesPage: FC<CapabilitiesProps> = ({ entries, installed, adapters, filter, selected, plan, notice }) => {
  const active = adapters.find((a) => a.active)?.id ?? "claude-code";
  return (
    <section class="view capabilities" id="capabilities-page" aria-labelledby="caps-title">
      <header class="view-head"><div><h1 id="caps-title">Capabilities</h1><p class="muted">Skills, agents, commands, MCP servers and hooks for your coding agent, installed with a plan first. <a href="#settings">Settings</a></p></div></header>
      {notice && <p class={`notice ${notice.ok ? "ok" : "error"}`} role="status">{notice.text}</p>}
      <form class="toolbar filters" hx-get="/ui/capabilities" hx-target="#capabilities-page" hx-swap="outerHTML" hx-trigger="input delay:250ms, change">
        <label>Search <input name="q" value={filter.q} placeholder="review, loop, audit…" autocomplete="off" /></label>
        <label>Kind <select name="kind"><option value="">all</option>{KINDS.map((k) => <option value={k} selected={k === filter.kind}>{k}</option>)}</select></label>
      </form>
      <div class="grid">
        <div class="card">
          <h2>Catalog <span class="muted">{entries.length}</span></h2>
          {entries.length === 0 ? <p class="empty">Nothing matches.</p> : (
            <ul class="catalog">
              {entries.map((e) => (
                <li>
                  <a href={`#capabilities?ref=${e.ref}`} hx-get={`/ui/capabilities?ref=${encodeURIComponent(e.ref)}&q=${encodeURIComponent(filter.q)}&kind=${filter.kind}`} hx-target="#capabilities-page" hx-swap="outerHTML" data-ref={e.ref}>{e.title}</a>{" "}
                  <span class="badge low">{e.kind}</span>{e.exec ? <span class="badge warn">runs a program</span> : ""}
                  {installed.some((i) => i.ref === e.ref) ? <span class="badge ok">installed</span> : ""}
                  <br /><span class="muted">{e.description}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div class="card" id="capability-detail">
          {!selected ? <p class="empty">Choose an entry to see what it writes.</p> : (
            <>
              <h2>{selected.title} <code>{selected.ref}</code></h2>
              <p>{selected.description}</p>
              <h3>What it writes</h3>
              <ul>{Object.entries(selected.writes).map(([adapter, outputs]) => <li><strong>{adapter}</strong>: {outputs.map((o) => (o.type === "unsupported" ? `not offered (${o.reason})` : `${o.type} ${o.path}`)).join("; ")}</li>)}</ul>
              <form class="toolbar" hx-post="/ui/capabilities" hx-target="#capabilities-page" hx-swap="outerHTML">
                <input type="hidden" name="ref" value={selected.ref} />
                <label>For <select name="to">{adapters.map((a) => <option value={a.id} selected={a.id === active}>{a.name}</option>)}</select></label>
                {selected.exec && <label><input type="checkbox" name="allowExec" value="true" /> let it run a program</label>}
                <button class="button" type="submit" name="apply" value="false">Preview the install</button>
              </form>
            </>
          )}
          {plan && (
            <div class="plan" aria-label="Install plan">
              <h3>{plan.applied ? "Installed" : "Plan"}: {plan.action} for {plan.adapter}</h3>
              <ul>{plan.changes.map((c) => <li><span class="badge low">{c.action}</span> <code>{c.path}</code>{c.diff && <details><summary>diff</summary><pre class="diff">{c.diff}</pre></details>}</li>)}</ul>
              {plan.unsupported.map((u) => <p class="muted">{u.ref}: {u.reason}</p>)}
              {!plan.applied && plan.changes.some((c) => c.action !== "unchanged") && (
                <form hx-post="/ui/capabilities" hx-target="#capabilities-page" hx-swap="outerHTML">
                  {plan.refs.map((r) => <input type="hidden" name="ref" value={r} />)}
                  <input type="hidden" name="to" value={plan.adapter} />
                  <input type="hidden" name="allowExec" value="true" />
                  <button class="button primary" type="submit" name="apply" value="true">Apply this plan</button>
                </form>
              )}
            </div>
          )}
        </div>
      </div>
      <div class="card">
        <h2>Installed</h2>
        {installed.length === 0 ? <p class="empty">Nothing installed yet.</p> : (
          <table class="table">
            <thead><tr><th>Entry</th><th>Agent</th><th>State</th><th>Files</th></tr></thead>
            <tbody>{installed.map((i) => (
              <tr><td>{i.ref}</td><td>{i.adapter}</td><td><span class={`badge ${i.state === "current" ? "ok" : "warn"}`}>{i.state}</span>{i.outdated ? <span class="badge low">update available</span> : ""}</td><td>{i.parts.map((p) => `${p.path} (${p.state})`).join(", ")}</td></tr>
            ))}</tbody>
          </table>
        )}
      </div>
    </section>
  );
};

/** @jsxImportSource hono/jsx */
/**
 * Pieces the Devtools views share: the view header, hash links, filter forms that write the
 * hash (so every filter is a deep link and survives a live refresh), tabs, the pager, badges.
 */
import type { Child } from "hono/jsx";
import { queryString } from "../parts.tsx";

export type Params = Record<string, string | number | undefined | null>;

/** Rows per page of every Devtools table: past this, tables paginate with `?page=`. */
export const PAGE_SIZE = 200;

/** `#devtools/<view>?...`, the address console.js turns into `/ui/devtools/<view>?...`. */
export const viewHref = (view: string, params: Params = {}) => `#devtools/${view}${queryString(params)}`;

/** Why the history is not shown: still being read by the server, or not there at all. */
export function historyAbsent(history: { pending?: boolean; note?: string }): string {
  if (history.pending) return "Reading the last 12 months of git history; this part fills in when it is done";
  return `No version history${history.note ? `: ${history.note}` : ""}`;
}

export function ViewHeader(props: { title: string; question: string; children?: Child }) {
  return (
    <header class="dt-head">
      <h1>{props.title}</h1>
      <p class="muted">{props.question}</p>
      {props.children}
    </header>
  );
}

/**
 * A filter form kept in the address: console.js puts its non-empty fields in the hash
 * (`#devtools/<view>?<fields>`) as they change and reloads the view, so every filter is a deep
 * link and survives a live refresh. Without scripts it submits to the full page instead.
 */
export function HashForm(props: { view: string; children: Child; class?: string; label: string }) {
  return (
    <form
      class={props.class ?? "toolbar dt-filters"}
      action={`/ui/devtools/${props.view}`}
      method="get"
      data-hash={`devtools/${props.view}`}
      aria-label={props.label}
    >
      {props.children}
    </form>
  );
}

export function Tabs(props: { label: string; items: { label: Child; href: string; active: boolean }[] }) {
  return (
    <nav class="tabs" aria-label={props.label}>
      {props.items.map((item) => (
        <a href={item.href} class={item.active ? "active" : undefined} aria-current={item.active ? "page" : undefined}>
          {item.label}
        </a>
      ))}
    </nav>
  );
}

/** What a view's architecture covers: the product's code, or also tests, fixtures and vendored code (`include=tests`). */
export type Scope = "tests" | undefined;

/** The switch between the product's code and everything, kept in the view's address with its other parameters. */
export function ScopeSwitch(props: { view: string; params: Params; include: Scope }) {
  return (
    <Tabs
      label="Files in scope"
      items={[
        { label: "Product code", href: viewHref(props.view, { ...props.params, include: undefined }), active: !props.include },
        {
          label: "All files, tests included",
          href: viewHref(props.view, { ...props.params, include: "tests" }),
          active: props.include === "tests",
        },
      ]}
    />
  );
}

export type Paged<T> = { rows: T[]; page: number; pages: number; total: number; first: number };

/** One page of a list; a page past the last is a RangeError (400). */
export function paginate<T>(list: readonly T[], page: number, size = PAGE_SIZE): Paged<T> {
  const pages = Math.max(1, Math.ceil(list.length / size));
  if (page > pages) throw new RangeError(`Invalid query: "page" ${page} is past the last page (${pages})`);
  const first = (page - 1) * size;
  return { rows: list.slice(first, first + size), page, pages, total: list.length, first };
}

/** "Rows 201–400 of 950" with previous and next links; nothing when one page holds all. */
export function Pager(props: { view: string; params: Params; paged: Paged<unknown>; name?: string }) {
  const { page, pages, total, first, rows } = props.paged;
  if (pages <= 1) return <></>;
  const key = props.name ?? "page";
  const href = (p: number) => viewHref(props.view, { ...props.params, [key]: p === 1 ? undefined : p });
  return (
    <nav class="pager" aria-label="Pages">
      {page > 1 ? <a href={href(page - 1)} rel="prev">← Previous</a> : <span class="muted">← Previous</span>}
      <span>
        Rows {first + 1}–{first + rows.length} of {total} · page {page} of {pages}
      </span>
      {page < pages ? <a href={href(page + 1)} rel="next">Next →</a> : <span class="muted">Next →</span>}
    </nav>
  );
}

export function SeverityBadge(props: { severity: string }) {
  return <span class={`badge ${props.severity}`}>{props.severity}</span>;
}

export function Empty(props: { children: Child }) {
  return <p class="empty">{props.children}</p>;
}

/** A section of a view: a card with a heading and an optional count. */
export function Section(props: { title: string; count?: number; id?: string; children: Child; class?: string }) {
  return (
    <section class={props.class ? `card ${props.class}` : "card"} id={props.id}>
      <h2>
        {props.title}
        {props.count !== undefined ? <span class="count">{props.count}</span> : null}
      </h2>
      {props.children}
    </section>
  );
}

/** Loads the AI-context brief of a file or component into the side panel. */
export function BriefButton(props: { target: string; small?: boolean }) {
  return (
    <button
      type="button"
      class={props.small ? "button dt-mini" : "button"}
      hx-get={`/ui/brief${queryString({ target: props.target })}`}
      hx-target="#panel"
    >
      AI brief
    </button>
  );
}

/** A small inline bar for a share from 0 to 1, with its label beside it. */
export function Meter(props: { share: number; label: string }) {
  const width = Math.max(1, Math.min(100, Math.round(props.share * 100)));
  return (
    <span class="dt-meter-cell">
      <span class="dt-meter" aria-hidden="true">
        <span style={`width:${width}%`}></span>
      </span>{" "}
      {props.label}
    </span>
  );
}

/** A ratio between 0 and 1 (instability, abstractness, distance) to two places, 1 and 0 too: a column's figures line up. */
export const ratio = (value: number) => value.toFixed(2);

export const percent = (share: number) => `${Math.round(share * 100)}%`;

export { plural } from "../../core/plural.ts";

/** @jsxImportSource hono/jsx */
/**
 * The search palette (Ctrl+K / Cmd+K, `/` in the Codebase section): one list over the views,
 * components, routes, integrations, findings and files of the analysis report. Every result is
 * a hash address, so choosing one is the same as following a deep link. With an empty query
 * it lists the views and the top five findings: where to start.
 */
import type { Report } from "../analysis/mod.ts";

export type PaletteKind = "view" | "component" | "route" | "integration" | "finding" | "file";
export type PaletteItem = { kind: PaletteKind; label: string; detail: string; href: string };

/** The console's views: the shell's pages and the eleven Codebase views of SPEC.md. */
export const PALETTE_VIEWS: readonly PaletteItem[] = [
  ["Overview", "the project index: languages, tasks, documents, git, signals", "#overview"],
  ["Tasks", "tasks with their stages, subtasks and criteria", "#tasks"],
  ["Settings", "configuration, detected stack, commands", "#settings"],
  ["Codebase overview", "architecture health, composition, what needs attention first", "#devtools/overview"],
  ["Map", "request entry, components passed through, what each reaches", "#devtools/map"],
  ["Entry points", "where a route is handled, its guards, how to call it", "#devtools/routes"],
  ["Coupling", "stable, abstract or zone-of-pain components", "#devtools/coupling"],
  ["Cycles", "mutually importing files and components", "#devtools/cycles"],
  ["Hotspots", "where change, complexity and dependents meet", "#devtools/hotspots"],
  ["Impact", "what breaks on change, tests to run", "#devtools/impact"],
  ["Integrations", "databases, brokers, clouds, SaaS APIs, environment variables", "#devtools/integrations"],
  ["Team", "who knows each part, bus factor, activity", "#devtools/team"],
  ["Debt", "markers, most complex and largest files, unused files", "#devtools/debt"],
  ["Findings", "every signal as one ranked list", "#devtools/findings"],
].map(([label, detail, href]) => ({ kind: "view" as const, label: label!, detail: detail!, href: href! }));

/** How many results of each kind a query shows: enough to choose from, few enough to read. */
const LIMITS: Record<PaletteKind, number> = { view: 14, component: 6, route: 8, integration: 5, finding: 6, file: 12 };
const KIND_LABEL: Record<PaletteKind, string> = {
  view: "Views",
  component: "Components",
  route: "Routes",
  integration: "Integrations",
  finding: "Findings",
  file: "Files",
};

/**
 * The results for `query`: every word must occur in the label or the detail; a label that
 * starts with the query ranks first, then a label (or a file's name) containing it.
 *
 * @example
 * searchPalette(report, "helper") // [{ kind: "file", label: "src/helper.ts", href: "#devtools/source?file=src%2Fhelper.ts", ... }]
 */
export function searchPalette(report: Report, query: string): PaletteItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...PALETTE_VIEWS, ...report.findings.slice(0, 5).map(findingItem)];
  const words = q.split(/\s+/);
  const results: PaletteItem[] = [];
  const take = (kind: PaletteKind, items: Iterable<PaletteItem>) => {
    const scored: [number, number, PaletteItem][] = [];
    let order = 0;
    for (const item of items) {
      const score = rank(item, q, words);
      if (score > 0) scored.push([score, order++, item]);
    }
    scored.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    results.push(...scored.slice(0, LIMITS[kind]).map(([, , item]) => item));
  };
  take("view", PALETTE_VIEWS);
  take("file", lazy(report.files, (f) => fileItem(f.path, `${f.language} · ${f.lines} lines · ${f.component}`)));
  take(
    "component",
    lazy(report.components.items, (c) => ({
      kind: "component",
      label: c.name,
      detail: `${c.files} files · instability ${c.instability.toFixed(2)}`,
      href: `#devtools/map?component=${encodeURIComponent(c.name)}`,
    })),
  );
  take(
    "route",
    lazy(report.routes.items, (r) => ({
      kind: "route",
      label: `${r.method} ${r.path}`,
      detail: `${r.framework} · ${r.file}:${r.line}`,
      href: sourceHref(r.file, r.line),
    })),
  );
  take(
    "integration",
    lazy(report.integrations.items, (i) => ({
      kind: "integration",
      label: i.name,
      detail: `${i.category} · ${i.files.length} file${i.files.length === 1 ? "" : "s"}`,
      href: `#devtools/integrations?q=${encodeURIComponent(i.name)}`,
    })),
  );
  take("finding", lazy(report.findings, findingItem));
  return results;
}

function rank(item: PaletteItem, q: string, words: string[]): number {
  const label = item.label.toLowerCase();
  const haystack = `${label} ${item.detail.toLowerCase()}`;
  if (!words.every((w) => haystack.includes(w))) return 0;
  const name = label.slice(label.lastIndexOf("/") + 1);
  if (label === q || name === q) return 5;
  if (name.startsWith(q)) return 4;
  if (label.startsWith(q)) return 3;
  if (label.includes(q)) return 2;
  return 1;
}

function* lazy<T>(items: readonly T[], map: (item: T) => PaletteItem): Iterable<PaletteItem> {
  for (const item of items) yield map(item);
}

function findingItem(f: Report["findings"][number]): PaletteItem {
  return {
    kind: "finding",
    label: f.title,
    detail: `${f.severity} · ${f.category}${f.evidence[0] ? ` · ${f.evidence[0].file}` : ""}`,
    href: `#devtools/findings?id=${encodeURIComponent(f.id)}`,
  };
}

function fileItem(path: string, detail: string): PaletteItem {
  return { kind: "file", label: path, detail, href: sourceHref(path) };
}

/** A file's deep link: console.js opens it in the Source panel. */
function sourceHref(file: string, line?: number): string {
  return `#devtools/source?file=${encodeURIComponent(file)}${line ? `&line=${line}` : ""}`;
}

/** The result list console.js puts in the palette: options grouped by kind, ids for aria-activedescendant. */
export function PaletteResults(props: { items: PaletteItem[]; query: string }) {
  if (props.items.length === 0) {
    return <li class="palette-empty" role="presentation">Nothing matches “{props.query}”.</li>;
  }
  let last: PaletteKind | undefined;
  let n = 0;
  return (
    <>
      {props.items.map((item) => {
        const heading = item.kind !== last
          ? (
            <li class="palette-group" role="presentation">
              {props.query.trim() === "" && item.kind === "finding" ? "Top findings" : KIND_LABEL[item.kind]}
            </li>
          )
          : null;
        last = item.kind;
        return (
          <>
            {heading}
            <li id={`palette-${n++}`} class="palette-item" role="option" aria-selected="false" data-href={item.href}>
              <span class={`kind kind-${item.kind}`}>{`${item.kind}: `}</span>
              <span class="label">{item.label}</span>
              <span class="detail muted">{item.detail}</span>
            </li>
          </>
        );
      })}
    </>
  );
}

/** @jsxImportSource hono/jsx */
/**
 * Entry points: where each route is handled, its guards, what it reaches and how to call it,
 * grouped and filtered; the filtered list exports as JSON, CSV, Markdown or `.http`. Routes
 * defined twice, contract drift and unguarded write routes are listed first.
 */
import type { Report, Route } from "../../analysis/mod.ts";
import {
  curlCommand,
  groupRoutes,
  ROUTE_GROUPS,
  type RouteFilter,
  type RouteGroup,
} from "../../analysis/reporters/route-exports.ts";
import { FileLink, queryString } from "../parts.tsx";
import { Empty, HashForm, type Paged, Pager, plural, Section, Tabs, ViewHeader, viewHref } from "./parts.tsx";
import { Snippet, type SnippetLines } from "./snippet.tsx";

export type RoutesViewProps = {
  report: Report;
  filter: RouteFilter;
  group: RouteGroup;
  base: string;
  paged: Paged<Route>;
  /** Source around each route on the page, by `file:line`. */
  snippets: Map<string, SnippetLines>;
};

export const DEFAULT_BASE = "http://localhost:3000";
/** Routes per page: each carries its curl command and the source around its handler. */
export const ROUTES_PAGE = 100;

export function RoutesView(props: RoutesViewProps) {
  const { report, filter, group, base, paged } = props;
  const params = {
    ...filter,
    group: group === "prefix" ? undefined : group,
    base: base === DEFAULT_BASE ? undefined : base,
  };
  const componentOf = new Map(report.files.map((f) => [f.path, f.component]));
  const groups = groupRoutes(paged.rows, group, (file) => componentOf.get(file));
  const methods = [...new Set(report.routes.items.map((r) => r.method))].sort();
  const kinds = [...new Set(report.routes.items.map((r) => r.kind))].sort();
  const exportQuery = (format: string) =>
    `/ui/devtools/routes/export${queryString({ format, ...filter, base: format === "http" ? base : undefined })}`;
  return (
    <div class="dt dt-routes">
      <ViewHeader
        title="Entry points"
        question="Where is a route handled, what guards it, what does it reach, and how do I call it?"
      >
        <Tabs
          label="Group by"
          items={ROUTE_GROUPS.map((g) => ({
            label: `by ${g}`,
            href: viewHref("routes", { ...params, group: g === "prefix" ? undefined : g, page: undefined }),
            active: g === group,
          }))}
        />
        <HashForm view="routes" label="Filter entry points">
          {group !== "prefix" ? <input type="hidden" name="group" value={group} /> : null}
          <label>
            Method{" "}
            <select name="method">
              <option value="">any</option>
              {methods.map((m) => <option selected={m === filter.method}>{m}</option>)}
            </select>
          </label>
          <label>
            Framework{" "}
            <select name="framework">
              <option value="">any</option>
              {report.routes.frameworks.map((f) => <option selected={f === filter.framework}>{f}</option>)}
            </select>
          </label>
          {kinds.length > 1
            ? (
              <label>
                Kind{" "}
                <select name="kind">
                  <option value="">any</option>
                  {kinds.map((k) => <option selected={k === filter.kind}>{k}</option>)}
                </select>
              </label>
            )
            : null}
          <label>
            Text <input type="search" name="q" value={filter.q ?? ""} placeholder="path, handler, file, guard" />
          </label>
          <label>
            Base URL{" "}
            <input type="url" name="base" value={base === DEFAULT_BASE ? "" : base} placeholder={DEFAULT_BASE} />
          </label>
          <button class="button">Apply</button>
        </HashForm>
        <p class="toolbar dt-exports">
          <span>Export {plural(paged.total, "route")}:</span>
          <a class="button" href={exportQuery("json")} download="routes.json">JSON</a>
          <a class="button" href={exportQuery("csv")} download="routes.csv">CSV</a>
          <a class="button" href={exportQuery("md")} download="routes.md">Markdown</a>
          <a class="button" href={exportQuery("http")} download="routes.http">.http</a>
        </p>
      </ViewHeader>
      <Problems report={report} />
      {paged.total === 0
        ? (
          <Empty>
            {report.routes.items.length ? "No entry point matches the filter." : "No entry points were found."}
          </Empty>
        )
        : (
          <Section
            title={`${plural(paged.total, "entry point")}${
              paged.total !== report.routes.items.length ? ` of ${report.routes.items.length}` : ""
            }`}
          >
            {groups.map((g) => (
              <div class="dt-group">
                <h3>
                  {g.name} <span class="count">{g.routes.length}</span>
                </h3>
                {g.routes.map((r) => (
                  <RouteItem route={r} base={base} snippet={props.snippets.get(`${r.file}:${r.line}`)} />
                ))}
              </div>
            ))}
            <Pager view="routes" params={params} paged={paged} />
          </Section>
        )}
    </div>
  );
}

function RouteItem({ route, base, snippet }: { route: Route; base: string; snippet: SnippetLines | undefined }) {
  const curl = curlCommand(route, base);
  return (
    <details class="dt-route">
      <summary>
        <span class={`dt-method m-${route.method.toLowerCase()}`}>{route.method}</span> <code>{route.path}</code>{" "}
        <span class="muted">{route.handler}</span> {route.guards.length
          ? <span class="badge ok">guarded</span>
          : route.checks?.length
          ? <span class="badge" title={`${route.checks.join(", ")} asks about each caller, and may let one without an account through`}>checked</span>
          : null}
        {route.kind !== "http" ? <span class="badge">{route.kind}</span> : null}
        {route.prefixUnknown ? <span class="badge medium" title="The path is written after a prefix from configuration the analysis cannot read: it is served under that prefix.">prefix unknown</span> : null}
        <span class="dt-where">
          <FileLink file={route.file} line={route.line} />
        </span>
      </summary>
      <dl class="facts">
        <dt>Handler</dt>
        <dd>
          <code>{route.handler}</code> in <FileLink file={route.file} line={route.line} /> ({route.framework})
        </dd>
        <dt>Guards</dt>
        <dd class="dt-chips">
          {route.guards.length
            ? route.guards.map((g) => <code class="chip">{g}</code>)
            : <span class="muted">none at route level</span>}
        </dd>
        {route.checks?.length
          ? (
            <>
              <dt>Checks</dt>
              <dd class="dt-chips">
                {route.checks.map((c) => <code class="chip">{c}</code>)}
                <span class="muted">asks about each caller, and may let one without an account through</span>
              </dd>
            </>
          )
          : null}
        <dt>Reaches</dt>
        <dd class="dt-chips">
          {route.reaches.components.map((c) => <a class="chip" href={viewHref("map", { component: c })}>{c}</a>)}
          {route.reaches.integrations.map((i) => <a class="chip integration" href={viewHref("integrations")}>{i}</a>)}
          {route.reaches.components.length + route.reaches.integrations.length === 0
            ? <span class="muted">nothing else</span>
            : null}
        </dd>
        <dt>Call it</dt>
        <dd>
          {curl
            ? (
              <div class="dt-copyable">
                <pre class="dt-curl"><code>{curl}</code></pre>
                <button type="button" class="button" data-copy={curl}>Copy</button>
              </div>
            )
            : <span class="muted">{notCallable(route)}</span>}
        </dd>
      </dl>
      {snippet ? <Snippet file={route.file} snippet={snippet} /> : null}
    </details>
  );
}

function notCallable(route: Route): string {
  if (route.kind === "consumer") return `A message consumer: publish to ${route.path} to reach it.`;
  if (route.kind === "job") return `A scheduled job (${route.path}): it runs on its schedule.`;
  if (route.kind === "ws") return `A WebSocket handler: connect a WebSocket client and send ${route.path}.`;
  if (route.kind === "grpc") return `A gRPC method: call ${route.path} with a gRPC client (grpcurl).`;
  return "Not reached by a plain HTTP request.";
}

/**
 * Why the finding about an unguarded write route is low (public by design, internal, a SCIM or
 * GraphQL endpoint...), as the finding says it; undefined when it is high or not a finding of its own.
 */
function lowFinding(report: Report, r: { method: string; path: string; file: string }): string | undefined {
  const finding = report.findings.find((f) => f.rule === "unguarded-write" && f.title === `${r.method} ${r.path} has no route-level guard` && f.evidence[0]?.file === r.file);
  return finding?.severity === "low" ? finding.evidence[0]?.detail ?? "low" : undefined;
}

/** Duplicates, contract drift and unguarded write routes (those the findings call high first), each with its files. */
function Problems({ report }: { report: Report }) {
  const { duplicates, drift, unguardedWrites, globalGuard, contracts } = report.routes;
  const driftCount = drift.documentedNotImplemented.length + drift.implementedNotDocumented.length;
  if (!duplicates.length && !driftCount && !unguardedWrites.length) return <></>;
  return (
    <div class="grid dt-problems">
      {unguardedWrites.length
        ? (
          <Section title="Write routes without a guard" count={unguardedWrites.length} class="warn">
            <p class="muted small">
              {globalGuard
                ? ""
                : "No global guard was found; middleware the analysis cannot see may still protect these."}
            </p>
            <ul>
              {unguardedWrites.map((r) => ({ r, low: lowFinding(report, r) })).sort((a, b) => Number(!!a.low) - Number(!!b.low)).map(({ r, low }) => (
                <li>
                  <code>{r.method} {r.path}</code> <FileLink file={r.file} line={r.line} />
                  {r.public ? <> <span class="badge" title="the handler opts out of authentication (skipAuth, [AllowAnonymous])">declared public</span></> : null}
                  {low && !r.public ? <> <span class="badge" title={low}>low</span></> : null}
                </li>
              ))}
            </ul>
          </Section>
        )
        : null}
      {duplicates.length
        ? (
          <Section title="Routes defined twice" count={duplicates.length}>
            <ul>
              {duplicates.map((d) => (
                <li>
                  <code>{d.method} {d.path}</code> {d.routes.map((r) => <FileLink file={r.file} line={r.line} />)}
                </li>
              ))}
            </ul>
          </Section>
        )
        : null}
      {driftCount
        ? (
          <Section title="Contract drift" count={driftCount}>
            <p class="muted small">Compared with {contracts.map((c) => <FileLink file={c.file} />)}</p>
            {drift.documentedNotImplemented.length
              ? (
                <>
                  <h3>Documented, not implemented</h3>
                  <ul>
                    {drift.documentedNotImplemented.map((o) => (
                      <li>
                        <code>{o.method} {o.path}</code> <FileLink file={o.file} line={o.line} />
                      </li>
                    ))}
                  </ul>
                </>
              )
              : null}
            {drift.implementedNotDocumented.length
              ? (
                <>
                  <h3>Implemented, not documented</h3>
                  <ul>
                    {drift.implementedNotDocumented.slice(0, 50).map((r) => (
                      <li>
                        <code>{r.method} {r.path}</code> <FileLink file={r.file} line={r.line} />
                      </li>
                    ))}
                  </ul>
                  {drift.implementedNotDocumented.length > 50
                    ? <p class="muted">and {drift.implementedNotDocumented.length - 50} more.</p>
                    : null}
                </>
              )
              : null}
          </Section>
        )
        : null}
    </div>
  );
}

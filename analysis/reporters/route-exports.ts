/**
 * Entry points as files to take away: JSON, CSV, Markdown and an `.http` file (the request
 * format of the VS Code REST Client and JetBrains HTTP Client), plus the curl command each
 * route shows. Pure functions of the route list, picked from `ROUTE_EXPORTS` by format name;
 * the console filters with `filterRoutes` first, so an export holds what the view shows.
 */
import type { Route } from "../schema.ts";

export type RouteFilter = { method?: string; framework?: string; kind?: string; q?: string };
export const ROUTE_GROUPS = ["prefix", "file", "component", "framework"] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

/**
 * The routes that match every given criterion: method and framework exactly (method without
 * regard to case), text anywhere in method, path, file, handler or guards.
 */
export function filterRoutes(routes: readonly Route[], filter: RouteFilter): Route[] {
  const method = filter.method?.toUpperCase();
  const q = filter.q?.trim().toLowerCase();
  return routes.filter((r) =>
    (!method || r.method.toUpperCase() === method) &&
    (!filter.framework || r.framework === filter.framework) &&
    (!filter.kind || r.kind === filter.kind) &&
    (!q || [r.method, r.path, r.file, r.handler, ...r.guards].some((text) => text.toLowerCase().includes(q)))
  );
}

/** Routes a prefix group holds before it is split by the next path segment. */
export const PREFIX_GROUP_MAX = 12;

/**
 * The literal segments of a route's path, up to its first parameter; an entry point whose
 * "path" is a queue, a schedule or an operation is grouped by its kind: `(job)`, `(consumer)`.
 */
function literalSegments(route: Route): string[] {
  if (!route.path.startsWith("/")) return [`(${route.kind})`];
  const kept: string[] = [];
  for (const segment of route.path.split("/").filter(Boolean)) {
    if (/^[{:*#]/.test(segment)) break;
    kept.push(segment);
  }
  return kept;
}

const prefixName = (
  route: Route,
  segments: string[],
) => (route.path.startsWith("/") ? `/${segments.join("/")}` : segments.join("/"));

/**
 * Prefix groups that stay readable at any size: routes share a group by their first path
 * segment, and a group of more than PREFIX_GROUP_MAX routes is split by the next segment
 * (`/api` -> `/api/v1` -> `/api/v1/orders`), as deep as the paths go.
 */
function prefixGroups(routes: readonly Route[], depth = 1): Map<string, Route[]> {
  const groups = new Map<string, Route[]>();
  for (const route of routes) {
    const name = prefixName(route, literalSegments(route).slice(0, depth));
    (groups.get(name) ?? groups.set(name, []).get(name)!).push(route);
  }
  const out = new Map<string, Route[]>();
  for (const [name, list] of groups) {
    const deeper = list.some((r) => literalSegments(r).length > depth);
    if (list.length <= PREFIX_GROUP_MAX || !deeper) out.set(name, list);
    else {for (const [sub, subList] of prefixGroups(list, depth + 1)) {
        out.set(sub, [...(out.get(sub) ?? []), ...subList]);
      }}
  }
  return out;
}

/** Routes in named groups, groups and routes in a stable order. */
export function groupRoutes(
  routes: readonly Route[],
  by: RouteGroup,
  componentOf: (file: string) => string | undefined,
): { name: string; routes: Route[] }[] {
  let groups: Map<string, Route[]>;
  if (by === "prefix") groups = prefixGroups(routes);
  else {
    const key = (r: Route) => (by === "file" ? r.file : by === "component" ? componentOf(r.file) ?? "." : r.framework);
    groups = new Map();
    for (const route of routes) (groups.get(key(route)) ?? groups.set(key(route), []).get(key(route))!).push(route);
  }
  return [...groups].map(([name, list]) => ({ name: name || "/", routes: [...list].sort(byPath) })).sort((a, b) =>
    a.name.localeCompare(b.name)
  );
}

const byPath = (a: Route, b: Route) =>
  a.path.localeCompare(b.path) || a.method.localeCompare(b.method) || a.file.localeCompare(b.file);

const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The method a client sends: `ALL`, `ANY`, `USE` and page routes are reached with GET. */
const sentMethod = (
  route: Route,
) => (/^[A-Z]+$/.test(route.method) && !/^(ALL|ANY|USE|\*)$/.test(route.method) ? route.method : "GET");

/** Whether a plain HTTP request reaches the route (not a consumer, a job, a socket or an RPC). */
export const callable = (route: Route) =>
  route.kind === "http" || route.kind === "fs" || route.kind === "client" || route.kind === "graphql";

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const joinUrl = (base: string, path: string) =>
  `${base.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;

/**
 * A curl command for the route against `baseUrl`, or undefined when HTTP does not reach it.
 * Parameters stay `{name}` for the reader to fill in (`-g` keeps curl from globbing them);
 * GraphQL operations are posted to `/graphql`.
 *
 * @example curlCommand(route, "http://localhost:3000") // "curl -g -X DELETE 'http://localhost:3000/users/{id}'"
 */
export function curlCommand(route: Route, baseUrl: string): string | undefined {
  if (!callable(route)) return undefined;
  if (route.kind === "graphql") {
    const operation = route.method === "MUTATION"
      ? "mutation"
      : route.method === "SUBSCRIPTION"
      ? "subscription"
      : "query";
    const body = JSON.stringify({ query: `${operation} { ${route.path} }` });
    return `curl -X POST ${shellQuote(joinUrl(baseUrl, "/graphql"))} -H 'content-type: application/json' -d ${
      shellQuote(body)
    }`;
  }
  const method = sentMethod(route);
  const parts = ["curl", "-g"];
  if (method === "HEAD") parts.push("-I");
  else if (method !== "GET") parts.push("-X", method);
  parts.push(shellQuote(joinUrl(baseUrl, route.path)));
  if (WRITE.has(method) && method !== "DELETE") parts.push("-H", "'content-type: application/json'", "-d", "'{}'");
  return parts.join(" ");
}

/** The fields every export carries, one object per route. */
function rows(routes: readonly Route[]) {
  return routes.map((r) => ({
    method: r.method,
    path: r.path,
    kind: r.kind,
    framework: r.framework,
    file: r.file,
    line: r.line,
    handler: r.handler,
    guards: r.guards,
    components: r.reaches.components,
    integrations: r.reaches.integrations,
  }));
}

export function routesToJson(routes: readonly Route[]): string {
  return JSON.stringify(rows(routes), null, 2) + "\n";
}

/** RFC 4180 CSV; a cell a spreadsheet would read as a formula is prefixed with `'`. */
export function routesToCsv(routes: readonly Route[]): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const header = [
    "method",
    "path",
    "kind",
    "framework",
    "file",
    "line",
    "handler",
    "guards",
    "components",
    "integrations",
  ];
  const lines = rows(routes).map((r) =>
    [
      r.method,
      r.path,
      r.kind,
      r.framework,
      r.file,
      r.line,
      r.handler,
      r.guards.join("; "),
      r.components.join("; "),
      r.integrations.join("; "),
    ].map(cell).join(",")
  );
  return [header.join(","), ...lines].join("\r\n") + "\r\n";
}

export function routesToMarkdown(routes: readonly Route[]): string {
  const md = (text: string) => text.replaceAll("\\", "\\\\").replaceAll("|", "\\|").replaceAll("\n", " ");
  const code = (text: string) => (text ? `\`${md(text).replaceAll("`", "'")}\`` : "");
  const lines = [
    `# Entry points (${routes.length})`,
    "",
    "| Method | Path | Kind | Handler | Guards | File |",
    "|---|---|---|---|---|---|",
    ...routes.map((r) =>
      `| ${md(r.method)} | ${code(r.path)} | ${md(r.kind)} | ${code(r.handler)} | ${
        r.guards.length ? md(r.guards.join(", ")) : "none"
      } | ${code(`${r.file}:${r.line}`)} |`
    ),
  ];
  return lines.join("\n") + "\n";
}

/**
 * An `.http` file: a `@baseUrl` variable, one variable per path parameter (so every request
 * runs as it is once the values are set), and one request per callable route.
 */
export function routesToHttp(routes: readonly Route[], baseUrl: string): string {
  const callableRoutes = routes.filter((r) => callable(r) && r.kind !== "graphql");
  const params = new Set<string>();
  const requests = callableRoutes.map((r) => {
    const path = r.path.replace(/\{([^}]*)\}/g, (_, name: string) => {
      const variable = name.replace(/^\.\.\./, "").replace(/\W+/g, "_") || "param";
      params.add(variable);
      return `{{${variable}}}`;
    });
    const method = sentMethod(r);
    const lines = [
      `### ${r.method} ${r.path}`,
      `# ${r.file}:${r.line} · handler ${r.handler}${r.guards.length ? ` · guards: ${r.guards.join(", ")}` : ""}`,
      `${method} {{baseUrl}}${path.startsWith("/") ? path : `/${path}`}`,
    ];
    if (WRITE.has(method) && method !== "DELETE") lines.push("Content-Type: application/json", "", "{}");
    return lines.join("\n");
  });
  const skipped = routes.length - callableRoutes.length;
  const head = [
    `# ${callableRoutes.length} entry points${
      skipped ? `; ${skipped} not reached by plain HTTP (consumers, jobs, sockets, RPC, GraphQL) are left out` : ""
    }`,
    `@baseUrl = ${baseUrl.replace(/\/+$/, "")}`,
    ...[...params].sort().map((p) => `@${p} = ${p}`),
  ];
  return [head.join("\n"), ...requests].join("\n\n") + "\n";
}

export type RouteExportFormat = "json" | "csv" | "md" | "http";

/** Each export format: its file extension, media type and renderer. */
export const ROUTE_EXPORTS: Record<
  RouteExportFormat,
  { extension: string; type: string; render: (routes: readonly Route[], baseUrl: string) => string }
> = {
  json: { extension: "json", type: "application/json; charset=utf-8", render: (routes) => routesToJson(routes) },
  csv: { extension: "csv", type: "text/csv; charset=utf-8", render: (routes) => routesToCsv(routes) },
  md: { extension: "md", type: "text/markdown; charset=utf-8", render: (routes) => routesToMarkdown(routes) },
  http: { extension: "http", type: "text/plain; charset=utf-8", render: routesToHttp },
};

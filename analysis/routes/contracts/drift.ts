import { dirOf } from "../../project.ts";
import type { Route, RoutesSection } from "../../schema.ts";
import { joinPaths, normalizePath } from "../paths.ts";
import type { FoundContract } from "./mod.ts";

type Operation = FoundContract["operations"][number];
type Drift = RoutesSection["drift"];

const CODE_KIND = { openapi: "http", swagger: "http", graphql: "graphql", protobuf: "grpc" } as const;
const MANIFEST =
  /(^|\/)(package\.json|go\.mod|pom\.xml|build\.gradle(\.kts)?|pyproject\.toml|setup\.py|requirements\.txt|Gemfile|composer\.json|mix\.exs|Cargo\.toml|pubspec\.yaml|Package\.swift|[^/]+\.csproj)$/;

/**
 * Drift both ways between contracts and code: operations a contract documents that no entry
 * point serves, and entry points no contract documents. OpenAPI and Swagger are compared with
 * HTTP routes, GraphQL SDL with resolvers, protobuf with gRPC implementations.
 *
 * Decisions, so that drift is a finding worth acting on:
 * - A contract covers the code of its project: the nearest folder above it holding a manifest
 *   (the repository root when none does). Code outside every contract's project is not judged,
 *   but an operation it serves is implemented all the same.
 * - Drift is computed only where the code side exists: with no HTTP routes (resolvers, gRPC
 *   services) found in its project, a contract's operations are not all called missing, since
 *   the analysis may simply not see how they are served.
 * - A contract none of whose operations the code serves describes another service (a client's
 *   copy of a vendor API, say): it is listed but not judged.
 * - HTTP paths compare with every parameter alike (`{id}` = `{userId}`) and without trailing
 *   slashes; `ALL` serves every method, GET serves HEAD, any route serves OPTIONS. A server base
 *   path (`servers: [{url: /api/v1}]`, Swagger `basePath`) is often added by a proxy or a mount
 *   the code does not show, so each contract is compared both with and without it, and the way
 *   that matches more routes is kept; and the other way, the code may mount the API under a prefix
 *   the contract leaves out (a prefix at least half its routes share is tried in front of the
 *   contract's paths). Wildcard routes (`/assets/*`) are never judged.
 * - A route's path parameter serves any value of its segment: `/api/{api_version}/polls/{id}`
 *   serves the documented `/api/v1/polls/{id}` (the reverse does not hold: `/users/me` does not
 *   serve `/users/{id}`).
 * - A contract nearly all of whose operations sit under one first segment (`/api`) describes that
 *   API: the pages, feeds, sign-in and federation endpoints the same server answers beside it
 *   (`/about`, `/@{user}`, `/users/{name}/inbox`) are none of its business, so only routes under
 *   the first segments it uses are judged undocumented, or under the versions it documents when
 *   every path names one (`/api/v1`, not the UI's `/api/web`). One whose paths spread over many
 *   first segments (a REST API at the root) judges every route.
 * - gRPC compares `Service/Method`: the package of a proto is not always visible in the code.
 *   Only services with at least one rpc served are judged: a proto often lists the services
 *   its project calls beside the ones it serves.
 */
export function contractDrift(
  contracts: readonly FoundContract[],
  items: readonly Route[],
  listed: Iterable<string>,
): Drift {
  const projects = new Set([...listed].filter((p) => MANIFEST.test(p)).map(dirOf));
  const projectOf = (file: string) => {
    for (let dir = dirOf(file);; dir = dirOf(dir)) if (projects.has(dir) || dir === "") return dir;
  };
  const covers = (project: string, file: string) => project === "" || file.startsWith(project + "/");
  const documentedNotImplemented: Drift["documentedNotImplemented"] = [];
  // `bySegments`: the keys split into segments, by their number, for a route's parameters to match values in.
  const judged: { kind: string; project: string; keys: Set<string>; bySegments: Map<number, string[][]>; territory?: Territory }[] = [];

  for (const contract of contracts) {
    const kind = CODE_KIND[contract.kind];
    const project = projectOf(contract.file);
    const code = items.filter((r) => r.kind === kind && covers(project, r.file) && !r.path.includes("*"));
    if (code.length === 0) continue;
    // The code may serve the contract under a prefix of its own the contract leaves out (Lemur's blueprints all
    // under `/api/1`, its spec at the root): each prefix most of the routes share is tried in front of the paths too.
    const mounted = kind === "http" ? sharedPrefixes(code.map((r) => r.path)).map((prefix) => (op: Operation) => joinPaths(prefix, withoutBase(op))) : [];
    const variants = kind === "http" ? [(op: Operation) => op.path, withoutBase, ...mounted] : [(op: Operation) => op.path];
    // A catch-all route (`/branches/*`) serves the documented paths under it (`/branches/{branch}`).
    const catchAlls = kind === "http" ? items.filter((r) => r.kind === kind && covers(project, r.file) && /\/\*$/.test(r.path)) : [];
    const served = variants.map((variant) =>
      contract.operations.map((op) => code.some((r) => serves(r, op.method, variant(op), kind)) || catchAlls.some((r) => servesUnder(r, op.method, variant(op))))
    );
    const count = (flags: boolean[]) => flags.filter(Boolean).length;
    const best = served.reduce((a, b, i) => (count(b) > count(served[a]!) ? i : a), 0);
    if (count(served[best]!) === 0) continue;
    // A proto service none of whose rpcs is served here is one this project calls, not serves.
    const servedServices = new Set(
      contract.operations.filter((_, i) => served[best]![i]).map((op) => serviceOf(op.path)),
    );
    // An operation served anywhere in the repository is implemented: a contract generated from the
    // whole server (Swashbuckle's, kept in the API's project) documents routes of its other projects too.
    const elsewhere = items.filter((r) => r.kind === kind && !covers(project, r.file) && !r.path.includes("*"));
    contract.operations.forEach((op, i) => {
      if (served[best]![i] || elsewhere.some((r) => serves(r, op.method, variants[best]!(op), kind))) return;
      if (kind !== "grpc" || servedServices.has(serviceOf(op.path))) {
        documentedNotImplemented.push({ method: op.method, path: op.path, line: op.line, file: contract.file });
      }
    });
    const paths = contract.operations.map((op) => variants[best]!(op));
    const keys = new Set(contract.operations.map((op, i) => key(op.method, paths[i]!, kind)));
    const bySegments = new Map<number, string[][]>();
    for (const k of keys) {
      const segments = k.split("/");
      bySegments.set(segments.length, [...(bySegments.get(segments.length) ?? []), segments]);
    }
    judged.push({ kind, project, keys, bySegments, ...(kind === "http" ? { territory: territory(paths) } : {}) });
  }

  const judgedFor = (r: Route) =>
    judged.filter((j) => j.kind === r.kind && covers(j.project, r.file) && (!j.territory || within(j.territory, r.path)));
  const documented = (r: Route, path = r.path): boolean => {
    const methods = r.method === "ALL" ? ["GET", "POST", "PUT", "PATCH", "DELETE"] : [r.method];
    return judgedFor(r).some((j) => methods.some((m) => {
      const routeKey = key(m, path, r.kind);
      if (j.keys.has(routeKey)) return true;
      if (r.kind !== "http" || !routeKey.includes("{}")) return false;
      const segments = routeKey.split("/");
      return (j.bySegments.get(segments.length) ?? []).some((documented) => servesSegments(segments, documented));
    }));
  };
  // The forms of one path with optional segments (`/brand` and `/brand/{brandId?}`, AzuraCast's
  // `/fallback[/{do}]`: the same registration, one path the other's start) are one operation,
  // documented when one of them is: OpenAPI has no optional path segment.
  const withOptionalSegments = (r: Route) => {
    const base = r.path.replace(/\/$/, "");
    return items.some((other) => other !== r && other.file === r.file && other.line === r.line && other.method === r.method &&
      (other.path.startsWith(`${base}/`) || base.startsWith(`${other.path.replace(/\/$/, "")}/`)) && documented(other));
  };
  // A file's URL with a suffix a cache or a format adds (`/art-{timestamp}.jpg`, `/download.{extension}`):
  // the documented resource (`/art`, `/download`), served in another form.
  const withSuffix = (r: Route) => {
    const stripped = r.path.replace(/\/([^/]+?)(?:-\{[^/}]+\}(?:\.\w+)?|\.\{[^/}]+\}|\.[A-Za-z]\w*)$/, "/$1");
    return stripped !== r.path && documented(r, stripped);
  };
  const implementedNotDocumented = items.filter((r) => {
    if (r.path.includes("*") || r.method === "HEAD" || r.method === "OPTIONS") return false;
    // The app's internal endpoints (`/api/internal/sftp-auth`, called by its own services) are no
    // part of its public contract, nor those that feed its own front end (AzuraCast's
    // `/api/admin/vue/settings` page props), unless the contract documents some of them.
    if (INTERNAL.test(r.path) || DESCRIBES_API.test(r.path) || !judgedFor(r).length) return false;
    const frontEnd = FRONT_END.exec(r.path)?.[1]?.toLowerCase();
    if (frontEnd && !judgedFor(r).some((j) => [...j.keys].some((k) => k.toLowerCase().split("/").includes(frontEnd)))) return false;
    return !documented(r) && !(r.kind === "http" && (withOptionalSegments(r) || withSuffix(r)));
  }).map((r) => ({ method: r.method, path: r.path, file: r.file, line: r.line }));

  const order = (a: { file: string; line: number }, b: { file: string; line: number }) =>
    a.file.localeCompare(b.file) || a.line - b.line;
  return {
    documentedNotImplemented: documentedNotImplemented.sort(order),
    implementedNotDocumented: implementedNotDocumented.sort(order),
  };
}

const INTERNAL = /\/(?:_?internal|private)(?=\/|$)/i;
// The contract itself as the server hands it out (`/api/openapi.json`), or a page showing it
// (`/swagger-ui`, `/redoc`, `/api-docs`): no operation of the API it describes.
const DESCRIBES_API = /\/(?:(?:openapi|swagger)\.(?:json|ya?ml)|swagger-ui|redoc|api-docs)(?=\/|$)/i;
// A segment that names the app's own front end.
const FRONT_END = /\/(vue|react|spa|frontend)(?=\/|$)/i;

/** The operation's path without its server base path: as written under `paths`. */
/** The literal first one or two segments (`/api`, `/api/1`) at least half of the paths share: a mount in front of an API. */
function sharedPrefixes(paths: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const path of paths) {
    const segments = path.split("/").filter(Boolean);
    for (let depth = 1; depth <= 2 && depth < segments.length; depth++) {
      if (segments.slice(0, depth).some((s) => s.includes("{"))) break;
      const prefix = `/${segments.slice(0, depth).join("/")}`;
      counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    }
  }
  return [...counts].filter(([, n]) => n * 2 >= paths.length).map(([prefix]) => prefix);
}

export function withoutBase(op: Operation): string {
  const base = op.base ?? "/";
  return base !== "/" && (op.path === base || op.path.startsWith(base + "/"))
    ? joinPaths(op.path.slice(base.length))
    : op.path;
}

/** What a route and an operation compare by: the method and the path with parameters unnamed (gRPC: `Service/Method`). */
function key(method: string, path: string, kind: string): string {
  if (kind === "http") return httpKey(method, path);
  if (kind === "grpc") return `${method} ${path.replace(/^\/(?:[\w.]*\.)?(\w+)\//, "$1/")}`;
  return `${method} ${path}`;
}

/** An HTTP route or operation as they compare: the method and the path with parameters unnamed. */
export const httpKey = (method: string, path: string): string => `${method} ${normalizePath(path).replace(/\{[^}]*\}/g, "{}")}`;

/** Whether a route serves an operation: same path (a parameter of the route's serving any segment), and a method that answers the documented one. */
function serves(route: Route, method: string, path: string, kind: string): boolean {
  const routePath = key(route.method, route.path, kind).slice(route.method.length);
  const documentedPath = key(method, path, kind).slice(method.length);
  if (routePath !== documentedPath && !(kind === "http" && routePath.includes("{}") && servesSegments(routePath.split("/"), documentedPath.split("/")))) return false;
  return route.method === method || route.method === "ALL" || method === "OPTIONS" ||
    (method === "HEAD" && route.method === "GET");
}

/** Whether a catch-all route (`/repos/{owner}/{repo}/raw/*`) serves a documented path under it, with a method that answers the documented one. */
function servesUnder(route: Route, method: string, path: string): boolean {
  const base = httpKey("GET", route.path.slice(0, -2)).slice(4);
  const documented = httpKey("GET", path).slice(4);
  return documented.startsWith(`${base}/`) && (route.method === method || route.method === "ALL" || (method === "HEAD" && route.method === "GET"));
}

/**
 * Whether the segments of an HTTP key (or path) of a route serve a documented one's: each
 * segment the same, or a parameter of the route's (`{}`) where the contract names a value.
 */
function servesSegments(route: readonly string[], documented: readonly string[]): boolean {
  // A value the contract names is a plain word (`v1`): not a parameter written amiss (`${id}`, `keywords{id}`).
  return route.length === documented.length && route.every((segment, i) => segment === documented[i] || (segment === "{}" && i > 0 && /^[\w.~-]+$/.test(documented[i]!)));
}

/** The first `depth` segments of a path: `api` or `api/v1` of `/api/v1/users`. */
const leading = (path: string, depth: number) => normalizePath(path).split("/").slice(1, depth + 1).join("/");

/** Share of a contract's operations under one first segment from which it describes only the API under its segments. */
const DOMINANT_SHARE = 0.9;
const VERSION = /^v\d+(?:\.\d+)*$/;

/** The leading segments under which a contract's API lives (`api`, or `api/v1` and `api/v2`): a route elsewhere is not its business. */
type Territory = Set<string>;

/**
 * Where a contract's API lives, when nearly all its paths sit under one first segment: the first
 * segments it uses, that one narrowed to the versions it documents when every path under it
 * names one (Gogs' `/api/v1`, not the UI's `/api/web` beside it); else undefined (every route is judged).
 */
function territory(paths: readonly string[]): Territory | undefined {
  const counts = new Map<string, number>();
  for (const path of paths) counts.set(leading(path, 1), (counts.get(leading(path, 1)) ?? 0) + 1);
  const [dominant, most] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a));
  if (most < DOMINANT_SHARE * paths.length || counts.size >= paths.length) return undefined;
  const under = paths.filter((path) => leading(path, 1) === dominant);
  const versioned = under.every((path) => VERSION.test(leading(path, 2).split("/")[1] ?? ""));
  return new Set([...counts.keys()].flatMap((first) => (first === dominant && versioned ? under.map((path) => leading(path, 2)) : [first])));
}

/** Whether a route's path lies in a territory: under one of its prefixes. */
const within = (territory: Territory, path: string) => {
  const segments = normalizePath(path).split("/").slice(1);
  return territory.has(segments[0] ?? "") || territory.has(segments.slice(0, 2).join("/"));
};

/** The service part of an rpc path: `/shop.v1.Catalog/Get` is `shop.v1.Catalog`. */
const serviceOf = (path: string) => path.split("/")[1] ?? "";

import type { Framework } from "../framework.ts";
import { objectProperties } from "../js/objects.ts";
import { joinPaths } from "../paths.ts";
import type { Registration, RouteRegistration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { builderGuards, chainEnd, endpointOf, type TrpcEndpoint } from "./trpc.ts";

export const ORPC = "orpc";
/** The router an `RPCHandler` serves is mounted on this owner, at the handler's prefix. */
export const ORPC_RPC_ENDPOINT = "(orpc rpc endpoint)";
/** Likewise for an `OpenAPIHandler`, which serves each procedure at the path its `.route()` declares. */
export const ORPC_OPENAPI_ENDPOINT = "(orpc openapi endpoint)";

// A router is a plain object of procedures and routers (`export const billingRouter = {`,
// `export const appRouter: AppRouter = {`), or one handed to `os.router({`.
const OBJECT = /\b(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(?:[A-Za-z_$][\w$]*\s*\.\s*router\s*\(\s*)?\{/g;
// `export const getLinkedTypebots = authenticatedProcedure` (or `os`, `pub`) followed by its chain, to `.handler(...)`.
const STANDALONE = /\b(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(?=[A-Za-z_$][\w$]*\s*\.)/g;
const NAME = /[A-Za-z_$][\w$]*/y;
// A procedure: a chain of calls that ends in `.handler(...)`.
const RESOLVER = /\.\s*handler\s*\(/;
const ROUTE = /\.\s*route\s*\(\s*\{/;
// `new OpenAPIHandler(appRouter, ...)`, `new RPCHandler(router)`.
const HANDLER = /\bnew\s+(OpenAPIHandler|RPCHandler)\s*\(\s*([A-Za-z_$][\w$]*)/g;
// `handler.handle(request, { prefix: "/api", ... })`.
const PREFIX = /\.\s*handle\s*\([^;]*?\bprefix\s*:\s*["'`]([^"'`$]*)["'`]/;

/**
 * oRPC: procedures (`authenticatedProcedure.route({ method: "GET", path: "/v1/billing/usage" })
 * .input(...).handler(...)`) in routers that are plain objects, served by an `OpenAPIHandler`
 * (each procedure at the path its `.route()` declares, else at its routers' keys joined with
 * `/`, answering POST unless it declares a method) or an `RPCHandler` (every procedure at its
 * keys, POST), under the prefix the handler's `handle(request, { prefix })` is given or the
 * catch-all route module it is in. A builder named like a check (`authenticatedProcedure`)
 * guards its procedures, as does middleware its chain adds so named.
 */
export const orpc: Framework = {
  id: ORPC,
  name: "oRPC",
  languages: ["javascript", "typescript"],
  // A module of routers may import nothing of oRPC's, only the project's builders; one that only
  // gathers procedures and routers of other modules is named for a router (`export const forgeRouter = { fetchSelectItems }`).
  hint: /\.\s*handler\s*\(|\b(?:OpenAPIHandler|RPCHandler)\b|[Rr]outer\s*(?::[^=;\n]+)?=\s*\{/,
  scan(source) {
    const found: Registration[] = [];
    const { code } = source;
    for (const m of code.matchAll(OBJECT)) {
      const name = m[1]!;
      const properties = objectProperties(source, m.index + m[0].length - 1);
      const values = [...properties].map(([key, span]) => ({ key, span, value: code.slice(span.start, span.end) }));
      const procedures = values.filter((v) => RESOLVER.test(v.value));
      const named = values.filter((v) => /^[A-Za-z_$][\w$]*$/.test(v.value.trim()));
      // An object of procedures, or one gathering other routers by name (`appRouter`, `{ spaces: spacesRouter }`).
      if (!procedures.length && !(named.length && named.length === values.length && /[Rr]outer$/.test(name))) continue;
      const line = source.lineAt(m.index);
      found.push({ type: "router", framework: ORPC, name, prefix: "", guards: [], mountedOnly: true, line });
      for (const { key, span, value } of values) {
        const at = source.lineAt(span.start);
        if (RESOLVER.test(value)) found.push(procedureRoute(source, span.start, span.end, `/${key}`, `${name}.${key}`, name, at));
        else if (/^[A-Za-z_$][\w$]*$/.test(value.trim())) {
          found.push({ type: "use", framework: ORPC, owner: name, prefix: `/${key}`, args: [value.trim()], specifiers: [], guards: [], mountOnly: true, line: at });
        }
      }
    }
    // A procedure defined on its own, which a router names under a key: a router of one route, at the key's path.
    for (const m of code.matchAll(STANDALONE)) {
      const start = m.index + m[0].length;
      NAME.lastIndex = start;
      const end = chainEnd(code, start + NAME.exec(code)![0].length);
      const value = code.slice(start, end);
      // The chain's last call is `.handler(...)`: a procedure, not a builder made from another (`publicProcedure.use(requireAuth)`).
      const resolver = [...value.matchAll(new RegExp(RESOLVER.source, "g"))].at(-1);
      if (!resolver || callArguments(value, resolver.index + resolver[0].length - 1).end !== value.trimEnd().length) continue;
      const line = source.lineAt(m.index);
      found.push({ type: "router", framework: ORPC, name: m[1]!, prefix: "", guards: [], mountedOnly: true, line });
      found.push(procedureRoute(source, start, end, "", m[1]!, m[1]!, line));
    }
    for (const m of code.matchAll(HANDLER)) {
      const path = PREFIX.exec(source.text)?.[1] ?? catchAllBase(source.path);
      if (path === undefined) continue;
      const line = source.lineAt(m.index);
      const owner = m[1] === "OpenAPIHandler" ? ORPC_OPENAPI_ENDPOINT : ORPC_RPC_ENDPOINT;
      found.push({ type: "router", framework: ORPC, name: owner, prefix: "", guards: [], line });
      found.push({ type: "use", framework: ORPC, owner, prefix: path, args: [m[2]!], specifiers: [], guards: [], mountOnly: true, line });
    }
    return found;
  },
};

/**
 * A procedure as a route at its routers' keys (`path`), answering POST, or, when its `.route()`
 * declares a path, at the keys joined with that path and the method it declares, for
 * `orpcPaths` to place under its endpoint. `start`..`end` is the procedure's chain.
 */
function procedureRoute(source: RouteSource, start: number, end: number, path: string, handler: string, owner: string, line: number): RouteRegistration {
  const value = source.code.slice(start, end);
  // The builder and the middleware its chain adds, to the `.` of `.handler(`: not the handler's own code.
  const dot = value.search(RESOLVER) + 1;
  const { guards, helpers } = builderGuards(value.slice(0, dot), source.text.slice(start, start + dot));
  const route: RouteRegistration = { type: "route", framework: ORPC, kind: "http", methods: ["POST"], path, handler, guards, owner, line, ...(helpers.length ? { helpers } : {}) };
  const declared = ROUTE.exec(value);
  if (!declared) return route;
  const fields = objectProperties(source, start + declared.index + declared[0].length - 1);
  const field = (name: string) => {
    const span = fields.get(name);
    return span && source.stringAt(span.start)?.value;
  };
  const method = field("method")?.toUpperCase() ?? "POST";
  const declaredPath = field("path");
  if (!declaredPath?.startsWith("/")) return { ...route, methods: [method] };
  return { ...route, methods: [method], path: joinPaths(path, declaredPath), declaredPath };
}

/** The path a catch-all route module serves: `app/api/[[...rest]]/route.ts` and `pages/api/[...rest].ts` are `/api`. */
function catchAllBase(path: string): string | undefined {
  const m = /(?:^|\/)(?:src\/)?(?:pages|app)((?:\/[\w.()-]+)*?)\/\[\[?\.\.\.\w+\]?\](?:\/route)?\.[cm]?[jt]sx?$/.exec(path);
  return m ? (m[1]!.split("/").filter((s) => s && !s.startsWith("(")).map((s) => `/${s}`).join("") || "/") : undefined;
}

/** After linking: a procedure's path under the endpoint that serves it (see `orpc`). */
export function orpcPaths(endpoints: readonly TrpcEndpoint[]): <R extends { framework: string; path: string; method: string; declaredPath?: string }>(route: R) => R {
  return <R extends { framework: string; path: string; method: string; declaredPath?: string }>(route: R): R => {
    if (route.framework !== ORPC) return route;
    const { declaredPath, ...rest } = route;
    const endpoint = endpointOf(endpoints, route.path);
    if (endpoint === undefined) return rest as R;
    const under = route.path.slice(endpoint.path.replace(/\/$/, "").length);
    if (endpoint.openapi) return { ...rest, path: joinPaths(endpoint.path, declaredPath ?? under) } as R;
    // An RPC handler serves every procedure at its keys, POST: a path a procedure declares is the OpenAPI handler's.
    const declared = declaredPath ? joinPaths(declaredPath) : "";
    const keys = declared && declared !== "/" && under.endsWith(declared) ? under.slice(0, -declared.length) : under;
    return { ...rest, path: joinPaths(endpoint.path, keys), method: "POST" } as R;
  };
}

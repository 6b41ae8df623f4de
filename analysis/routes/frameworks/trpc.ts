import type { Framework } from "../framework.ts";
import { objectProperties } from "../js/objects.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";

export const TRPC = "trpc";
/** The router an endpoint handler serves (`createNextApiHandler({ router: appRouter })`) is mounted on this owner, at the endpoint's path. */
export const TRPC_ENDPOINT = "(trpc endpoint)";

// `export const traceRouter = createTRPCRouter({`, `router({`, `t.router({`, `createRouter({`.
const ROUTER = /\b(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)?(?:createTRPCRouter|createRouter|router)\s*\(\s*\{/g;
// A procedure's chain: its builder first (`protectedProjectProcedure.input(...).query(...)`).
const PROCEDURE = /^\s*([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*?)\s*(?:\.|\n)/;
const KIND = /\.\s*(query|mutation|subscription)\s*\(/g;
// Builders whose names say they admit only signed-in callers, though no auth word is in them.
const SIGNED_IN = /^(?:admin|authed|private|signedIn|loggedIn|member|owner)\w*Procedure$/i;
// `createNextApiHandler({ router: appRouter })`, `fetchRequestHandler({ endpoint: "/api/trpc", router: appRouter })`.
const HANDLER = /\b(createNextApiHandler|fetchRequestHandler|createExpressMiddleware|createHTTPHandler)\s*\(\s*\{/g;

/**
 * tRPC: routers (`createTRPCRouter({ byId: protectedProcedure.input(...).query(...), traces:
 * traceRouter })`) and the endpoint handler serving one (Next.js's `pages/api/trpc/[trpc].ts` or
 * `app/api/trpc/[trpc]/route.ts`, or a `fetchRequestHandler` given its `endpoint`). Each procedure is
 * a route at `<endpoint>/<router key>.<procedure>` (the dots are joined after linking,
 * routes/mod.ts): a query answers GET, a mutation POST. A builder named like a check
 * (`protectedProcedure`, `adminProcedure`) guards its procedures.
 */
export const trpc: Framework = {
  id: TRPC,
  name: "tRPC",
  languages: ["javascript", "typescript"],
  hint: /\bcreateTRPCRouter\b|@trpc\/server|\bt\.router\s*\(/,
  scan(source) {
    const found: Registration[] = [];
    const { code } = source;
    for (const m of code.matchAll(ROUTER)) {
      const name = m[1]!;
      found.push({ type: "router", framework: TRPC, name, prefix: "", guards: [], mountedOnly: true, line: source.lineAt(m.index) });
      for (const [key, span] of objectProperties(source, m.index + m[0].length - 1)) {
        const value = code.slice(span.start, span.end);
        const line = source.lineAt(span.start);
        const kind = [...value.matchAll(KIND)].at(-1)?.[1];
        if (!kind) {
          // Another router under this key (`traces: traceRouter`).
          const router = /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(value)?.[1];
          if (router) found.push({ type: "use", framework: TRPC, owner: name, prefix: `/${key}`, args: [router], specifiers: [], guards: [], mountOnly: true, line });
          continue;
        }
        if (kind === "subscription") continue;
        const builder = PROCEDURE.exec(value)?.[1]?.replace(/\s+/g, "").split(".")[0] ?? "";
        const guarded = isGuardName(builder) || SIGNED_IN.test(builder);
        found.push({ type: "route", framework: TRPC, kind: "http", methods: [kind === "query" ? "GET" : "POST"], path: `/${key}`, handler: `${name}.${key}`, guards: guarded ? [builder] : [], owner: name, line });
      }
    }
    for (const m of code.matchAll(HANDLER)) {
      const options = objectProperties(source, m.index + m[0].length - 1);
      const router = options.get("router");
      const routerName = router && /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(code.slice(router.start, router.end))?.[1];
      const endpoint = options.get("endpoint");
      const path = endpoint ? source.stringAt(endpoint.start)?.value : endpointOfFile(source.path);
      if (!routerName || path === undefined) continue;
      const line = source.lineAt(m.index);
      found.push({ type: "router", framework: TRPC, name: TRPC_ENDPOINT, prefix: "", guards: [], line });
      found.push({ type: "use", framework: TRPC, owner: TRPC_ENDPOINT, prefix: path, args: [routerName], specifiers: [], guards: [], mountOnly: true, line });
    }
    return found;
  },
};

/** The path a Next.js route module serves its tRPC handler at: `pages/api/trpc/[trpc].ts` and `app/api/trpc/[trpc]/route.ts` are `/api/trpc`. */
function endpointOfFile(path: string): string | undefined {
  const m = /(?:^|\/)(?:src\/)?(?:pages|app)(\/(?:[\w.-]+\/)*?)\[[\w.]+\](?:\/route)?\.[cm]?[jt]sx?$/.exec(path);
  return m ? m[1]!.replace(/\/$/, "") : undefined;
}

/** After linking: a procedure's path joins its routers' keys with dots under the endpoint (`/api/trpc/traces/byId` -> `/api/trpc/traces.byId`). */
export function trpcPaths(endpoints: readonly string[]): <R extends { framework: string; path: string }>(route: R) => R {
  return (route) => {
    if (route.framework !== TRPC) return route;
    const endpoint = endpoints.filter((e) => route.path.startsWith(`${e}/`)).sort((a, b) => b.length - a.length)[0];
    return endpoint === undefined ? route : { ...route, path: `${endpoint}/${route.path.slice(endpoint.length + 1).replaceAll("/", ".")}` };
  };
}

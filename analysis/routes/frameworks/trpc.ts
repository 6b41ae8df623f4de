import type { Framework } from "../framework.ts";
import { objectProperties, type Span } from "../js/objects.ts";
import { isGuardName, joinPaths } from "../paths.ts";
import type { Registration, RouteRegistration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { configuredPlaceholder } from "../common/configured.ts";

export const TRPC = "trpc";
/** The router an endpoint handler serves (`createNextApiHandler({ router: appRouter })`) is mounted on this owner, at the endpoint's path. */
export const TRPC_ENDPOINT = "(trpc endpoint)";
/** Likewise for an OpenAPI handler (trpc-openapi's `createOpenApiFetchHandler({ endpoint: "/api", router })`), which serves only the procedures declaring an OpenAPI path. */
export const TRPC_OPENAPI_ENDPOINT = "(trpc openapi endpoint)";

// `export const traceRouter = createTRPCRouter({`, `router({`, `t.router({`, `createRouter({`.
const ROUTER = /\b(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)?(?:createTRPCRouter|createRouter|router)\s*\(\s*\{/g;
// `router({`, `t.router({` written as a value (a key's, a merged router's argument).
const INLINE_ROUTER = /^\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)?(?:createTRPCRouter|createRouter|router)\s*\(\s*\{/;
// `export default router({ ... })`: the module's router, imported by whatever name its importer gives it.
const DEFAULT_ROUTER = /\bexport\s+default\s+(?:[A-Za-z_$][\w$]*\s*\.\s*)?(?:createTRPCRouter|createRouter|router)\s*\(\s*\{/g;
const DEFAULT_NAME = "(default router)";
const MERGED = /\b(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)?mergeRouters\s*\(/g;
// A procedure's chain: its builder first (`protectedProjectProcedure.input(...).query(...)`), or a
// function making one (`withPermission("project", "create").mutation(...)`).
const PROCEDURE = /^\s*([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*?)\s*(?:\.|\n|\()/;
const KIND = /\.\s*(query|mutation|subscription)\s*\(/g;
// Builders whose names say they admit only signed-in callers, though no auth word is in them.
const SIGNED_IN = /^(?:admin|authed|private|signedIn|loggedIn|member|owner)\w*Procedure$/i;
// `createNextApiHandler({ router: appRouter })`, `fetchRequestHandler({ endpoint: "/api/trpc", router: appRouter })`;
// trpc-openapi's (and its forks') `createOpenApiNextHandler({ router })`, `createOpenApiFetchHandler({ endpoint: "/", router })`.
// Hono's adapter: `app.use("/trpc/*", trpcServer({ router: appRouter }))`, at `/trpc` unless its `endpoint` says otherwise.
const HANDLER = /\b(createNextApiHandler|fetchRequestHandler|createExpressMiddleware|createHTTPHandler|trpcServer|createOpenApi\w*(?:Handler|Middleware))\s*\(\s*\{/g;
const HONO_DEFAULT_ENDPOINT = "/trpc";
/** The kind of configured value (common/configured.ts) naming a handler an Express app mounts: its path there. */
export const EXPRESS_MOUNT = "expressmount";
// A procedure's `.meta({ openapi: { method: "GET", path: "/users/{id}" } })`.
const META = /\.\s*meta\s*\(\s*\{/;

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
  // A module of routers may import nothing of tRPC's, only the project's builders (`router`, `publicProcedure`).
  // Nor a module of procedures defined one by one (`export const createSecret = workspaceProcedure.input(...)`).
  hint: /\bcreateTRPCRouter\b|@trpc\/server|@hono\/trpc-server|\bcreateOpenApi\w*(?:Handler|Middleware)\b|\bt\.router\s*\(|\bmergeRouters\s*\(|\b(?:router|createRouter)\s*\(\s*\{[^]*?\b\w*Procedure\s*[.\n]|\b(?:router|createRouter)\s*\(\s*\{\s*\w+\s*:\s*(?:\w*[Rr]outer\s*,|\w+Route\s*,|(?:\{\s*\w+\s*:\s*)+\w+Route\b)|\bconst\s+[\w$]+\s*(?::[^=]+)?=\s*(?:\w*Procedure|procedure)\s*(?:\/\/[^\n]*\s*)*\./,
  scan(source) {
    const found: Registration[] = [];
    const { code } = source;
    /** A router named `name` whose object (`{ byId: ..., traces: traceRouter }`) opens at `open`, with what it holds. */
    const router = (name: string, open: number, line: number) => {
      found.push({ type: "router", framework: TRPC, name, prefix: "", guards: [], mountedOnly: true, line });
      procedures(name, open);
    };
    /** The procedures and routers of a router's object, on router `name`. */
    const procedures = (name: string, open: number) => {
      for (const [key, span] of objectProperties(source, open)) {
        const value = code.slice(span.start, span.end);
        const line = source.lineAt(span.start);
        // A router written in place under this key (`auth: router({ ... })`), or tRPC 11's plain object of
        // procedures (`organisation: { find: findRoute, stats: { ... } }`).
        const inline = INLINE_ROUTER.exec(value) ?? /^\s*\{/.exec(value);
        const kind = inline ? undefined : [...value.matchAll(KIND)].at(-1)?.[1];
        if (!kind) {
          // A router its module exports, loaded when first called (tRPC 11's `lazy(() => import("./router/user").then((mod) => mod.userRouter))`).
          const lazy = LAZY.exec(source.text.slice(span.start, span.end));
          if (lazy) {
            found.push({ type: "use", framework: TRPC, owner: name, prefix: `/${key}`, args: [], specifiers: [lazy[1]!], ...(lazy[3] ? { specifierExports: { [lazy[1]!]: lazy[3] } } : {}), guards: [], mountOnly: true, line });
            continue;
          }
          // Another router under this key (`traces: traceRouter`).
          const child = inline ? `${name}.${key}` : /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(value)?.[1];
          if (inline) router(child!, span.start + inline[0].length - 1, line);
          if (child) found.push({ type: "use", framework: TRPC, owner: name, prefix: `/${key}`, args: [child], specifiers: [], guards: [], mountOnly: true, line });
          continue;
        }
        if (kind === "subscription") continue;
        const route = procedureRoute(value, source.text.slice(span.start, span.end), kind, `/${key}`, `${name}.${key}`, name, line);
        found.push(route, ...openApiTwin(source, span.start, value, route));
      }
    };
    for (const m of code.matchAll(ROUTER)) router(m[1]!, m.index + m[0].length - 1, source.lineAt(m.index));
    for (const m of code.matchAll(DEFAULT_ROUTER)) {
      router(DEFAULT_NAME, m.index + m[0].length - 1, source.lineAt(m.index));
      found.push({ type: "export", local: DEFAULT_NAME, as: "default" });
    }
    // A procedure defined on its own (`export const createSecret = workspaceProcedure.input(...).mutation(...)`),
    // which a router of another module names under a key: a router of one route, at the key's path.
    for (const m of code.matchAll(STANDALONE)) {
      const end = chainEnd(code, m.index + m[0].length);
      const value = code.slice(m.index + m[0].length - m[2]!.length, end);
      const kind = [...value.matchAll(KIND)].at(-1)?.[1];
      if (!kind || kind === "subscription" || !/\)\s*$/.test(value)) continue;
      const line = source.lineAt(m.index);
      found.push({ type: "router", framework: TRPC, name: m[1]!, prefix: "", guards: [], mountedOnly: true, line });
      const start = m.index + m[0].length - m[2]!.length;
      const route = procedureRoute(value, source.text.slice(start, end), kind, "", m[1]!, m[1]!, line);
      found.push(route, ...openApiTwin(source, start, value, route));
    }
    // `export const appRouter = mergeRouters(edgeRouter, router({ ... }))`: the procedures of every router merged, at its root.
    for (const m of code.matchAll(MERGED)) {
      const name = m[1]!;
      const line = source.lineAt(m.index);
      found.push({ type: "router", framework: TRPC, name, prefix: "", guards: [], mountedOnly: true, line });
      callArguments(code, m.index + m[0].length - 1).args.forEach((arg, i) => {
        const value = code.slice(arg.start, arg.end);
        const inline = INLINE_ROUTER.exec(value);
        const merged = inline ? `${name}#${i + 1}` : /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(value)?.[1];
        if (!merged) return;
        if (inline) router(merged, arg.start + inline[0].length - 1, line);
        found.push({ type: "use", framework: TRPC, owner: name, prefix: "", args: [merged], specifiers: [], guards: [], mountOnly: true, line });
      });
    }
    for (const m of code.matchAll(HANDLER)) {
      const options = objectProperties(source, m.index + m[0].length - 1);
      const router = options.get("router");
      const routerName = router && /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(code.slice(router.start, router.end))?.[1];
      const endpoint = options.get("endpoint");
      // An endpoint given by a constant of another module (`endpoint: trpcPath`): the route module's own path says it.
      // Express's middleware kept in a name (`export const trpcExpressHandler = createExpressMiddleware({...})`) serves
      // where an app mounts that name (`app.use("/trpc", trpcExpressHandler)`), maybe in another module: found before linking (js/express-mounts.ts).
      const kept = m[1] === "createExpressMiddleware" && !endpoint ? /(?:^|[\s;])(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*$/.exec(code.slice(Math.max(0, m.index - 200), m.index))?.[1] : undefined;
      const path = (endpoint ? source.stringAt(endpoint.start)?.value ?? wrappedPath(source, endpoint) : undefined) ?? endpointOfFile(source.path) ?? (m[1] === "trpcServer" && !endpoint ? HONO_DEFAULT_ENDPOINT : undefined) ?? (kept ? configuredPlaceholder(EXPRESS_MOUNT, kept) : undefined);
      if (!routerName || path === undefined) continue;
      const line = source.lineAt(m.index);
      const owner = m[1]!.startsWith("createOpenApi") ? TRPC_OPENAPI_ENDPOINT : TRPC_ENDPOINT;
      found.push({ type: "router", framework: TRPC, name: owner, prefix: "", guards: [], line });
      found.push({ type: "use", framework: TRPC, owner, prefix: path, args: [routerName], specifiers: [], guards: [], mountOnly: true, line });
    }
    // Fastify's adapter: `fastify.register(fastifyTRPCPlugin, { prefix: "/trpc", trpcOptions: { router: appRouter } })`,
    // at its prefix (the server's root without one).
    for (const m of code.matchAll(FASTIFY_PLUGIN)) {
      const options = objectProperties(source, m.index + m[0].length - 1);
      const trpcOptions = options.get("trpcOptions");
      const brace = trpcOptions ? /^\s*\{/.exec(code.slice(trpcOptions.start, trpcOptions.end)) : null;
      const router = brace && objectProperties(source, trpcOptions!.start + brace[0].length - 1).get("router");
      const routerName = router && /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(code.slice(router.start, router.end))?.[1];
      const prefix = options.get("prefix");
      const path = prefix ? source.stringAt(code.slice(prefix.start, prefix.end).search(/\S/) + prefix.start)?.value : "";
      if (!routerName || path === undefined) continue;
      const line = source.lineAt(m.index);
      found.push({ type: "router", framework: TRPC, name: TRPC_ENDPOINT, prefix: "", guards: [], line });
      found.push({ type: "use", framework: TRPC, owner: TRPC_ENDPOINT, prefix: path, args: [routerName], specifiers: [], guards: [], mountOnly: true, line });
    }
    return found;
  },
};

const FASTIFY_PLUGIN = /\.\s*register\s*\(\s*fastifyTRPCPlugin\s*,\s*\{/g;

/**
 * A path handed through a function of the app's (`endpoint: formatPath("/api/trpc")`, documenso's,
 * which puts an optional base path configured for a sub-path deployment before it): the path
 * written, as served by default.
 */
function wrappedPath(source: RouteSource, span: Span): string | undefined {
  const call = /^\s*[A-Za-z_$][\w$.]*\s*\(\s*/.exec(source.code.slice(span.start, span.end));
  if (!call) return undefined;
  const literal = source.stringAt(span.start + call[0].length);
  return literal?.value.startsWith("/") && /^\s*\)\s*$/.test(source.code.slice(literal.end, span.end)) ? literal.value : undefined;
}

// `lazy(() => import("./router/user").then((mod) => mod.userRouter))`, or the module's default export.
const LAZY = /^\s*lazy\s*\(\s*(?:async\s*)?\(\s*\)\s*=>\s*import\s*\(\s*["']([^"']+)["']\s*\)(?:\s*\.\s*then\s*\(\s*\(?\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>\s*\2\s*\.\s*([A-Za-z_$][\w$]*)\s*\))?/;

// `export const createSecret = workspaceProcedure` followed by its chain: a builder named for a procedure (or `procedure` itself).
const STANDALONE = /\b(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*([A-Za-z_$][\w$]*Procedure|procedure)(?=\s*\.)/g;

/** The end of a chain of calls starting at `from` (`.use(...).input(...).mutation(...)`). */
export function chainEnd(code: string, from: number): number {
  let at = from;
  for (let link = /^\s*\.\s*[A-Za-z_$][\w$]*\s*(?:<[^<>()]*>\s*)?\(/.exec(code.slice(at, at + 200)); link; link = /^\s*\.\s*[A-Za-z_$][\w$]*\s*(?:<[^<>()]*>\s*)?\(/.exec(code.slice(at, at + 200))) {
    at = callArguments(code, at + link[0].length - 1).end;
  }
  return at;
}

/**
 * A procedure as a route: a query answers GET, a mutation POST; a builder named like a check
 * (`protectedProcedure`) guards it, as do the middleware its chain adds named so or refusing in place.
 * `value` is the procedure's code (strings blanked), `text` the same span as written.
 */
function procedureRoute(value: string, text: string, kind: string, path: string, handler: string, owner: string, line: number): RouteRegistration {
  const { guards, helpers } = builderGuards(value, text);
  // Built on tRPC's bare builder or one named public (`procedure`, `publicProcedure`): left open on purpose, unless its middleware refuses (guards-away.ts).
  const open = OPEN_BUILDER.test(PROCEDURE.exec(value)?.[1]?.replace(/\s+/g, "").split(".")[0] ?? "");
  return { type: "route", framework: TRPC, kind: "http", methods: [kind === "query" ? "GET" : "POST"], path, handler, guards, owner, line, ...(helpers.length ? { helpers } : {}), ...(open ? { declaredPublic: true } : {}) };
}

const OPEN_BUILDER = /^(?:procedure|(?:public|unauthenticated|anonymous|open|guest)\w*Procedure)$/i;

/**
 * The guards of a procedure's chain (tRPC's, oRPC's): its builder when named like a check
 * (`protectedProcedure`), and the middleware the chain adds to it
 * (`publicProcedure.use(requireUserMiddleware)`); `helpers`, the builder and middleware of the
 * project's named otherwise, which may refuse callers: read after linking (guards-away.ts).
 */
export function builderGuards(value: string, text: string): { guards: string[]; helpers: string[] } {
  const builder = PROCEDURE.exec(value)?.[1]?.replace(/\s+/g, "").split(".")[0] ?? "";
  const guarded = isGuardName(builder) || SIGNED_IN.test(builder);
  const added = procedureMiddleware(value, text);
  return { guards: [...(guarded ? [builder] : []), ...added.guards], helpers: [...(guarded || !builder ? [] : [builder]), ...added.named] };
}

/**
 * The same procedure as an OpenAPI handler serves it, when its meta declares a path
 * (`.meta({ openapi: { method: "GET", path: "/users/{id}" } })`) and does not turn it off
 * (`enabled: false`): at that path, answering that method. `start` is where `value` begins in the code.
 */
function openApiTwin(source: RouteSource, start: number, value: string, route: RouteRegistration): Registration[] {
  const meta = META.exec(value.slice(0, [...value.matchAll(KIND)].at(-1)?.index ?? value.length));
  const openapi = meta && objectProperties(source, start + meta.index + meta[0].length - 1).get("openapi");
  const brace = openapi ? source.code.indexOf("{", openapi.start) : -1;
  if (!openapi || brace < 0 || brace > openapi.end) return [];
  const fields = objectProperties(source, brace);
  const field = (name: string) => {
    const span = fields.get(name);
    return span && source.stringAt(source.code.slice(span.start, span.end).search(/\S/) + span.start)?.value;
  };
  const enabled = fields.get("enabled");
  const method = field("method")?.toUpperCase();
  const path = field("path");
  if (!method || !path?.startsWith("/") || (enabled && /^\s*false\s*$/.test(source.code.slice(enabled.start, enabled.end)))) return [];
  // Under its routers' keys, as any procedure, until trpcPaths puts it under its endpoint alone.
  return [{ ...route, methods: [method], path: joinPaths(route.path, path), declaredPath: path }];
}

/**
 * The middleware a procedure's own chain adds (`.use(...)` calls before its `.query(`/`.mutation(`),
 * in `value` (the code, strings blanked) and `text` (the same span as written):
 * as guards, those named like a check and those written in place that refuse a caller without a
 * user; by name, the others, for the project's definitions to settle (trpcGuardingBuilders).
 */
function procedureMiddleware(value: string, text: string): { guards: string[]; named: string[] } {
  const guards: string[] = [];
  const named: string[] = [];
  const resolver = [...value.matchAll(KIND)].at(-1)?.index ?? value.length;
  for (const use of value.slice(0, resolver).matchAll(/\.\s*use\s*\(/g)) {
    const argument = callArguments(value, use.index + use[0].length - 1).args[0];
    const written = argument ? value.slice(argument.start, argument.end).trim() : "";
    const name = /^[A-Za-z_$][\w$]*$/.exec(written)?.[0];
    if (name) (isGuardName(name) ? guards : named).push(name);
    // Read in the text itself: the error's code is a string, blank in `value`.
    else if (argument && refusesNoUser(text.slice(argument.start, argument.end))) guards.push("use(middleware)");
  }
  return { guards, named };
}

/** The path a Next.js route module serves its tRPC handler at: `pages/api/trpc/[trpc].ts` and `app/api/trpc/[trpc]/route.ts` are `/api/trpc`. */
function endpointOfFile(path: string): string | undefined {
  const m = /(?:^|\/)(?:src\/)?(?:pages|app)(\/(?:[\w.-]+\/)*?)\[[\w.]+\](?:\/route)?\.[cm]?[jt]sx?$/.exec(path);
  return m ? m[1]!.replace(/\/$/, "") : undefined;
}

/** Where a handler serves a tRPC router: its endpoint's path, and whether it is an OpenAPI handler. */
export type TrpcEndpoint = { path: string; openapi: boolean };

/** The endpoint a linked tRPC route was served through: the longest whose path it is under. */
export function endpointOf(endpoints: readonly TrpcEndpoint[], path: string): TrpcEndpoint | undefined {
  return endpoints.filter((e) => path.startsWith(`${e.path.replace(/\/$/, "")}/`)).sort((a, b) => b.path.length - a.path.length)[0];
}

/**
 * After linking: whether a tRPC route is one its endpoint serves. An OpenAPI handler serves the
 * procedures declaring a path of their own (their twins), a tRPC handler every procedure but those twins.
 */
export function trpcServed(endpoints: readonly TrpcEndpoint[]): (route: { framework: string; path: string; declaredPath?: string }) => boolean {
  return (route) => route.framework !== TRPC || (endpointOf(endpoints, route.path)?.openapi ?? false) === (route.declaredPath !== undefined);
}

/**
 * After linking: a procedure's path joins its routers' keys with dots under the endpoint
 * (`/api/trpc/traces/byId` -> `/api/trpc/traces.byId`); under an OpenAPI handler's endpoint it is the path it declares.
 */
export function trpcPaths(endpoints: readonly TrpcEndpoint[]): <R extends { framework: string; path: string; declaredPath?: string }>(route: R) => R {
  return <R extends { framework: string; path: string; declaredPath?: string }>(route: R): R => {
    if (route.framework !== TRPC) return route;
    const { declaredPath, ...rest } = route;
    const endpoint = endpointOf(endpoints, route.path);
    if (endpoint === undefined) return rest as R;
    if (endpoint.openapi) return { ...rest, path: joinPaths(endpoint.path, declaredPath ?? "") } as R;
    return { ...rest, path: `${endpoint.path}/${route.path.slice(endpoint.path.length + 1).replaceAll("/", ".")}` } as R;
  };
}

// `export const privateProcedure = publicProcedure.use(async ({ ctx, next }) => { ... })`: a builder made from another with middleware;
// also a function returning one (`export const orgProcedure = <R extends Role>(role: R) => protectedProcedure.use(...)`).
// Its input may be declared first (`protectedProcedure.input(z.object({ companyId: z.string() })).use(...)`).
const BUILDER = /\b(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>\s*)?\([^()]*\)\s*=>\s*)?([A-Za-z_$][\w$.]*)\s*(?=(?:\.\s*(?:input|output|meta)\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*)*\.\s*use\s*\()/g;
const DECLARED = /^\s*\.\s*(?:input|output|meta)\s*\(/;
// `const requireUser = t.middleware(`, `export const isAuthed = middleware(`.
const MIDDLEWARE = /\b(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)?middleware\s*\(/g;
// What refuses a caller without a user: an `if` on the context's missing user or session (or a guest)
// that throws an UNAUTHORIZED (or FORBIDDEN) error. One that lets such a caller through (`if (!ctx.user) return next()`) does not.
const REFUSES = /\bcode\s*:\s*["'](?:UNAUTHORIZED|FORBIDDEN)["']/;
// Also the user's id read from the context first (`const userId = ctx.userId;` then `if (!userId)`).
const NO_USER = /!\s*ctx\s*\.\s*(?:user|session|auth|userId)\b|!\s*(?:userId|user_id|currentUserId)\b|\bctx\s*\.\s*(?:user|session)\s*={2,3}\s*(?:null|undefined)\b|\bisGuest\b/;

/**
 * The tRPC builders (and middleware) of the project whose middleware turns away a caller without a user
 * (`privateProcedure = publicProcedure.use(async ({ ctx, next }) => { if (!ctx.user) throw new
 * TRPCError({ code: "UNAUTHORIZED" }) ... })`), and those made from them (`spaceProcedure =
 * privateProcedure.use(...)`). A middleware passed by name is read where its module defines it.
 */
export function trpcGuardingBuilders(project: { listed: Iterable<string>; text(path: string): string | undefined } | undefined): (name: string) => boolean {
  let builders: Map<string, { base: string; refuses: boolean }> | undefined;
  const read = () => {
    builders = new Map();
    for (const path of project?.listed ?? []) {
      if (!/\.[cm]?[jt]sx?$/.test(path)) continue;
      const text = project!.text(path);
      if (!text || !text.includes("TRPCError") || !/\.use\b|\bmiddleware\b/.test(text)) continue;
      for (const m of text.matchAll(BUILDER)) {
        // Every `.use(...)` of the definition, to the end of its statement.
        let at = m.index + m[0].length;
        for (let declared = DECLARED.exec(text.slice(at)); declared; declared = DECLARED.exec(text.slice(at))) at = callArguments(text, at + declared[0].length - 1).end;
        let refuses = false;
        for (let use = /^\s*\.\s*use\s*\(/.exec(text.slice(at)); use; use = /^\s*\.\s*use\s*\(/.exec(text.slice(at))) {
          const { args, end } = callArguments(text, at + use[0].length - 1);
          const argument = args[0] ? text.slice(args[0].start, args[0].end) : "";
          const named = /^[A-Za-z_$][\w$]*$/.exec(argument.trim())?.[0];
          const body = named ? definitionText(text, named) ?? "" : argument;
          refuses ||= refusesNoUser(body);
          at = end;
        }
        if (!builders.has(m[1]!)) builders.set(m[1]!, { base: m[2]!, refuses });
      }
      // A middleware defined on its own (`const requireUser = t.middleware(...)`), which a procedure adds with `.use(requireUser)`.
      for (const m of text.matchAll(MIDDLEWARE)) {
        if (!builders.has(m[1]!)) builders.set(m[1]!, { base: "", refuses: refusesNoUser(definitionText(text, m[1]!) ?? "") });
      }
    }
  };
  const guards = (name: string, depth = 0): boolean => {
    if (!builders) read();
    const builder = builders!.get(name);
    // A builder made from one named for a check (`companyProcedure = protectedProcedure.use(...)`) guards as it does.
    return !!builder && depth < 10 && (builder.refuses || isGuardName(builder.base) || SIGNED_IN.test(builder.base) || guards(builder.base, depth + 1));
  };
  return (name) => guards(name);
}

/** Whether a middleware's text has an `if` on a missing user whose statement or block throws UNAUTHORIZED (or FORBIDDEN). */
function refusesNoUser(text: string): boolean {
  for (const m of text.matchAll(/\bif\s*\(/g)) {
    const { args, end } = callArguments(text, m.index + m[0].length - 1);
    if (!args[0] || !NO_USER.test(text.slice(args[0].start, args[0].end))) continue;
    const block = /^\s*\{/.exec(text.slice(end, end + 20));
    const body = block ? text.slice(end, callArguments(text, end + block[0].length - 1).end) : text.slice(end, end + 300).split(";")[0]!;
    if (REFUSES.test(body)) return true;
  }
  return false;
}

/** The text of what a module defines a name as (`const requireUser = middleware(async ... => { ... })`), to the end of its brackets. */
function definitionText(text: string, name: string): string | undefined {
  const m = new RegExp(String.raw`\bconst\s+${name.replace(/\$/g, "\\$")}\s*(?::[^=]+)?=\s*[\w$.]*\s*\(`).exec(text);
  return m ? text.slice(m.index, callArguments(text, m.index + m[0].length - 1).end) : undefined;
}

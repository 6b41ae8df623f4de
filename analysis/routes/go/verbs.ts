import { join } from "./chain.ts";
import { onlyWhenConfigured } from "./configured-middleware.ts";
import { configuredPlaceholder } from "../common/configured.ts";
import type { Span } from "../js/objects.ts";
import type { GoContext, GoLink, GoRef, GoSpec } from "./engine.ts";

/** How a group-style Go router (Gin, Echo, Fiber) names its calls. */
export type GroupStyle = {
  /** Method name -> HTTP method: `GET` -> GET, `Any` -> ALL. */
  verbs: Record<string, string>;
  /** Where the handler sits among the handler arguments. */
  order: "first" | "last";
  /** `Handle(method, path, ...)` / `Add(method, path, ...)`. */
  handle: RegExp;
  /** `Match([]string{...}, path, ...)`. */
  match?: RegExp;
  /** The framework's names for the calls below (bunrouter's `NewGroup` is a `Group`, its `WithMiddleware` a `With`). */
  names?: Record<string, "Group" | "With" | "Use" | "Route">;
  /** Its middleware package's `Heartbeat(path)` used on a router serves that path (chi). */
  heartbeat?: boolean;
};

/**
 * The chain reader of a router whose groups are values (`v1 := r.Group("/v1", auth)`):
 * verbs register routes, `Group` makes a group with a prefix and guards, `Use` adds guards to
 * the routes registered after it, `Route(prefix, func(r) {...})` and `Group(func(r) {...})`
 * walk a closure on a group (`Route(prefix)` without one is a group, as Kratos's is), `With(mw...)`
 * guards what is chained on it, `Mount(prefix, sub)` mounts another router. A call it does not
 * know ends the chain.
 */
export function groupChain(style: GroupStyle): GoSpec["chain"] {
  return (ctx: GoContext, start: GoRef | undefined, links: readonly GoLink[]) => {
    if (!start) return undefined;
    let ref = start;
    let rebind = false;
    // `Use` on the router itself guards its later routes (the variable is rebound); on a group
    // made in the same chain (`g.Group("/user").Use(auth).POST(...)`), only that group's.
    let derived = false;
    for (const link of links) {
      const name = style.names?.[link.name] ?? link.name;
      const args = link.args;
      if (!args) return undefined;
      const verb = style.verbs[link.name];
      if (verb) {
        const path = ctx.path(args[0]);
        if (path === undefined || args.length < 2) return undefined;
        ctx.route(ref, [verb], path.path, args.slice(1), style.order, link.start, path.prefixUnknown);
      } else if (style.handle.test(link.name) || style.match?.test(link.name)) {
        const methods = ctx.strings(args[0])?.map((m) => m.toUpperCase());
        const path = ctx.path(args[1]);
        if (!methods || path === undefined) return undefined;
        ctx.route(ref, methods, path.path, args.slice(2), style.order, link.start, path.prefixUnknown);
      } else if (name === "Group" && ctx.isClosure(args[0])) {
        ctx.closure(args[0]!, ref);
      } else if (name === "With") {
        ref = { ...ref, guards: [...ref.guards, ...ctx.guards(args)] };
        derived = true;
      } else if (name === "Route" && !args[1] && args[0] && ctx.router(args[0])) {
        // `c.accounts.Route(group.Handle)`: a module handed a router, not a group with a prefix.
        return link === links[0] ? undefined : { ref, rebind };
      } else if (name === "Group" || (name === "Route" && !args[1])) {
        // A prefix after a value not read (`conf.APIBaseURL + "/answer/api/v1"`) is the rest, and its routes say so.
        const prefix = ctx.path(args[0]) ?? wrappedPrefix(ctx, args[0]) ?? unreadPrefix(ctx.code.slice(args[0]?.start ?? 0, args[0]?.end ?? 0).trim());
        if (prefix === undefined) return undefined;
        ref = { node: ref.node, prefix: join(ref.prefix, prefix.path), guards: [...ref.guards, ...ctx.guards(args.slice(1))], ...(ref.prefixUnknown || prefix.prefixUnknown ? { prefixUnknown: true } : {}) };
        derived = true;
        if (ctx.isClosure(args[1])) ctx.closure(args[1]!, ref);
      } else if (name === "Use") {
        pingRoutes(ctx, ref, args, link.start);
        for (const a of style.heartbeat ? args : []) {
          // chi's `middleware.Heartbeat("/healthz")` answers GET at its path itself, behind the middleware used before it.
          const heartbeat = HEARTBEAT.exec(ctx.code.slice(a.start, a.end));
          const quote = heartbeat ? a.start + heartbeat[0].indexOf('"') : 0;
          const path = heartbeat ? ctx.value({ start: quote, end: quote + heartbeat[1]!.length }) : undefined;
          if (path) ctx.route(ref, ["GET"], path, [a], style.order, link.start, false, "middleware.Heartbeat");
        }
        const prefix = ctx.value(args[0]);
        const rest = prefix === undefined ? args : args.slice(1);
        const mounted = rest.map((a) => ctx.router(a)).filter((r) => r && !r.returned);
        if (prefix !== undefined && mounted.length) for (const a of rest) ctx.mount(ref, prefix, a, link.start);
        else if (prefix !== undefined) ctx.middleware(ref, prefix, ctx.guards(rest), link.start);
        // Middleware added only when a setting holds a value (`if authUser != "" && authPass != "" { r.Use(basicAuthHandler) }`)
        // checks nobody as shipped, where the value is not set.
        else if (!onlyWhenConfigured(ctx.code, link.start)) (ref = { ...ref, guards: [...ref.guards, ...ctx.guards(rest)] }, rebind = !derived);
      } else if (name === "Route") {
        const prefix = ctx.path(args[0]);
        if (prefix === undefined || !args[1]) return undefined;
        ctx.closure(args[1], { node: ref.node, prefix: join(ref.prefix, prefix.path), guards: ref.guards, ...(ref.prefixUnknown || prefix.prefixUnknown ? { prefixUnknown: true } : {}) });
      } else if (name === "Mount") {
        const prefix = ctx.value(args[0]);
        if (prefix === undefined || !args[1]) return undefined;
        ctx.mount(ref, prefix, args[1], link.start);
      } else return link === links[0] ? undefined : { ref, rebind };
    }
    return { ref, rebind };
  };
}

const HEARTBEAT = /^\s*middleware\s*\.\s*Heartbeat\s*\(\s*("[^"]*")\s*\)\s*$/;

/**
 * go-pkgz/rest's `rest.Ping` middleware answers `GET /ping` itself (on any router it is used on,
 * chi's or routegroup's), behind the middleware used before it in the same call.
 */
export function pingRoutes(ctx: GoContext, ref: GoRef, args: readonly Span[], at: number): void {
  args.forEach((a, i) => {
    if (/^\s*rest\s*\.\s*Ping\s*$/.test(ctx.code.slice(a.start, a.end))) ctx.route({ ...ref, guards: [...ref.guards, ...ctx.guards(args.slice(0, i))] }, ["GET"], "/ping", [a], "last", at, false, "rest.Ping");
  });
}

/** `GET`, `POST`... as methods of the same name, plus the catch-all verb. */
export const verbs = (names: readonly string[], all: string): Record<string, string> =>
  Object.fromEntries([...names.map((n) => [n, n.toUpperCase()]), [all, "ALL"]]);


/** A prefix held in a variable or field not read (`r.Group(uiConf.APIBaseURL)`): unknown, a configuration field's placeholder. */
function unreadPrefix(text: string): { path: string; prefixUnknown: true } | undefined {
  if (!/^[A-Za-z_][\w.]*$/.test(text)) return undefined;
  const field = /\.([A-Z]\w*)$/.exec(text)?.[1];
  return { path: field ? configuredPlaceholder("go", field) : "", prefixUnknown: true };
}

/** A path handed to a function of the app's that may put a configured base in front (`conf.BaseUri(config.ApiUri)`): the path, its prefix unknown. */
function wrappedPrefix(ctx: GoContext, span: Span | undefined): { path: string; prefixUnknown: true } | undefined {
  const text = span ? ctx.code.slice(span.start, span.end) : "";
  const call = /^\s*[A-Za-z_][\w.]*\s*\(/.exec(text);
  if (!span || !call || !text.trimEnd().endsWith(")")) return undefined;
  const args = ctx.arguments(span.start + call[0].length - 1);
  if (args.length !== 1) return undefined;
  // Its argument may be a constant of another package (`config.ApiUri`): then the whole prefix is unknown.
  const value = ctx.value(args[0]);
  return value === undefined ? { path: "", prefixUnknown: true } : value.startsWith("/") ? { path: value, prefixUnknown: true } : undefined;
}

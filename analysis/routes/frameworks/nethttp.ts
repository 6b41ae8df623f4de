import type { Framework } from "../framework.ts";
import { type GoContext, type GoLink, type GoRef, scanGo } from "../go/engine.ts";
import { inDefaultBuild } from "../go/build-constraints.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import type { Span } from "../js/objects.ts";

/**
 * Go's net/http: `http.HandleFunc`/`http.Handle` on the default mux and the same calls on
 * `http.NewServeMux()` muxes, with Go 1.22 patterns (`"GET /users/{id}"`, `{path...}`, `{$}`;
 * a pattern without a method serves them all). `mux.Handle("/api/", http.StripPrefix("/api", api))`
 * mounts another mux under the prefix it strips; without StripPrefix the sub-mux sees full paths.
 */
export const nethttp: Framework = {
  id: "nethttp",
  name: "net/http",
  languages: ["go"],
  hint: /"net\/http"[\s\S]*\.Handle(?:Func)?\s*\(|"net\/http\/pprof"/,
  scan: (source) => [...scanGo(source, { id: "nethttp", imports: /^net\/http$/, constructors: /^NewServeMux$/, types: /^ServeMux$/, chain }), ...profilerRoutes(source)],
};

// `import _ "net/http/pprof"` in a program's main package: the profiler registers its handlers
// on the default mux as the program starts, with a "GET " pattern since Go 1.22 (a module still
// on an older `go` line serves them for every method; listed as current Go registers them).
// Read in the main package alone, as another package of the program importing it too (for its
// own sake) adds nothing a second time.
const PROFILER_IMPORT = /^[ \t]*(?:import[ \t]+)?_[ \t]+"net\/http\/pprof"/m;
const PROFILER = [["/debug/pprof/{profile}", "pprof.Index"], ["/debug/pprof/cmdline", "pprof.Cmdline"], ["/debug/pprof/profile", "pprof.Profile"], ["/debug/pprof/symbol", "pprof.Symbol"], ["/debug/pprof/trace", "pprof.Trace"]];

function profilerRoutes(source: RouteSource): Registration[] {
  const m = PROFILER_IMPORT.exec(source.text);
  if (!m || !/^package[ \t]+main\b/m.test(source.code) || !inDefaultBuild(source.text)) return [];
  const line = source.lineAt(m.index + m[0].indexOf("_"));
  const owner = "net/http::DefaultServeMux";
  return [
    { type: "router", framework: "nethttp", name: owner, prefix: "", guards: [], line },
    ...PROFILER.map(([path, handler]): Registration => ({ type: "route", framework: "nethttp", kind: "http", methods: ["GET"], path: path!, handler: handler!, guards: [], owner, line })),
  ];
}

function chain(ctx: GoContext, start: GoRef | undefined, links: readonly GoLink[]): { ref?: GoRef } | undefined {
  const link = links[0];
  if (!link?.args || (link.name !== "HandleFunc" && link.name !== "Handle") || links.length > 1) return undefined;
  // A pattern may hold a value of another package (`"GET " + config.Webroot + "livez"`), filled in before linking.
  const read = ctx.path(link.args[0]);
  const pattern = read?.path;
  const target = link.args[1];
  if (pattern === undefined || !target) return undefined;
  const ref = start ?? ctx.named("net/http::DefaultServeMux", link.start);
  const parsed = servePattern(pattern);
  if (!parsed) return undefined;
  const { method, path } = parsed;
  const strip = /^\s*http\s*\.\s*StripPrefix\s*\(/.exec(ctx.code.slice(target.start, target.end));
  if (strip) {
    const inner = ctx.arguments(target.start + strip[0].length - 1);
    // The router itself, or the router a middleware chain wraps (`http.StripPrefix("/admin", chain(ctrlAdmin))`).
    const mounted = inner[1] && (wrapped(ctx, inner[1]) ?? (ctx.router(inner[1]) ? inner[1] : undefined));
    if (mounted) ctx.mount(ref, ctx.value(inner[0]) ?? "", mounted, link.start);
    return { ref };
  }
  const sub = link.name === "Handle" ? ctx.router(target) : undefined;
  if (sub && !sub.returned) ctx.mount(ref, "", target, link.start);
  else ctx.route(ref, [method ?? "ALL"], path, [target], "last", link.start, read?.prefixUnknown);
  return { ref };
}

/**
 * A Go 1.22 ServeMux pattern (`"GET /users/{id}"`, `"/files/{path...}"`, `"/{$}"`) as a method,
 * none when it serves them all, and a path; a host before the path is dropped. A pattern ending in
 * a slash serves the subtree below it (`"/fever/"`: `/fever/*`); the root's, everything, is the root.
 */
export function servePattern(pattern: string): { method?: string; path: string } | undefined {
  // A value filled in before linking (a configured root, `\u0002goconst:...\u0002`) starts the path, not a host.
  const m = /^\s*(?:([A-Z]+)\s+)?([^/\u0002]*)((?:\u0002[^\u0002]*\u0002)?\/?.*)?$/.exec(pattern);
  if (!m) return undefined;
  const path = m[3] || "/";
  const subtree = path.length > 1 && path.endsWith("/") && !path.endsWith("\u0002/");
  return { method: m[1], path: (subtree ? `${path}*` : path).replace(/\{\$\}$/, "").replace(/\{(\w+)\.\.\.\}/g, "{$1}") };
}

/** The router a one-argument wrapper call hands on (`chain(ctrlAdmin)`, `withLogging(api)`), if its argument is one. */
function wrapped(ctx: GoContext, span: Span): Span | undefined {
  const call = /^\s*[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)?\s*\(/.exec(ctx.code.slice(span.start, span.end));
  if (!call) return undefined;
  const args = ctx.arguments(span.start + call[0].length - 1);
  if (args.length !== 1 || !/^\s*[A-Za-z_][\w.]*\s*$|^\s*[A-Za-z_]\w*\s*\(/.test(ctx.code.slice(args[0]!.start, args[0]!.end))) return undefined;
  // A variable holding a router, or a wrapper around one further in.
  return /^\s*[A-Za-z_][\w.]*\s*$/.test(ctx.code.slice(args[0]!.start, args[0]!.end)) ? (ctx.router(args[0]!) ? args[0] : undefined) : wrapped(ctx, args[0]!);
}

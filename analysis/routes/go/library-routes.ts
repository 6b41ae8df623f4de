/**
 * Routes a Go library registers on the router the app hands it: gin-contrib/pprof's
 * `pprof.Register(r, "/api/debug/pprof")` (or `pprof.RouteRegister(group, prefix)`) serves the
 * runtime profiler's handlers under the prefix given, `/debug/pprof` by default. The engine reads
 * such a call as a mount of the library's function (`github.com/gin-contrib/pprof::Register`),
 * which no file of the repository defines; it stands here for the routes the library adds.
 */
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

type Library = { functions: RegExp; prefix: string; routes: readonly (readonly [method: string, path: string, handler: string])[] };

const PPROF_ROUTES = [
  ["GET", "/", "pprof.Index"], ["GET", "/cmdline", "pprof.Cmdline"], ["GET", "/profile", "pprof.Profile"], ["POST", "/symbol", "pprof.Symbol"],
  ["GET", "/symbol", "pprof.Symbol"], ["GET", "/trace", "pprof.Trace"], ["GET", "/allocs", "pprof.Handler(allocs)"], ["GET", "/block", "pprof.Handler(block)"],
  ["GET", "/goroutine", "pprof.Handler(goroutine)"], ["GET", "/heap", "pprof.Handler(heap)"], ["GET", "/mutex", "pprof.Handler(mutex)"], ["GET", "/threadcreate", "pprof.Handler(threadcreate)"],
] as const;

const LIBRARIES: Record<string, Library> = {
  "github.com/gin-contrib/pprof": { functions: /^(?:Register|RouteRegister)$/, prefix: "/debug/pprof", routes: PPROF_ROUTES },
};

/** The registrations, with each mount of a known library's function replaced by the routes it adds. */
export function withLibraryRoutes(source: RouteSource, registrations: Registration[]): Registration[] {
  return registrations.flatMap((r): Registration[] => {
    if (r.type !== "use" || r.args.length !== 1) return [r];
    const [importPath, fn] = r.args[0]!.split("::") as [string, string | undefined];
    const library = LIBRARIES[importPath];
    if (!library || !fn || !library.functions.test(fn)) return [r];
    const prefix = prefixGiven(source, fn, r.line, library.prefix);
    if (prefix === undefined) return [r];
    // Under the group's prefix the mount carries (`pprof.RouteRegister(admin)` with admin a `/admin` group).
    const under = `${r.prefix.replace(/\/+$/, "")}${prefix.replace(/\/+$/, "")}`;
    return library.routes.map(([method, path, handler]) => ({
      type: "route", framework: r.framework, kind: "http", methods: [method], path: `${under}${path === "/" ? "" : path}` || "/",
      handler, guards: r.guards, owner: r.owner, line: r.line, ...(r.switchedOn ? { switchedOn: r.switchedOn } : {}),
    }));
  });
}

/** The prefix the call of `fn` on `line` gives as its second argument, or the library's default; undefined when it is not a literal. */
function prefixGiven(source: RouteSource, fn: string, line: number, fallback: string): string | undefined {
  const call = new RegExp(String.raw`\.\s*${fn}\s*\(`, "g");
  for (const m of source.code.matchAll(call)) {
    if (source.lineAt(m.index) !== line) continue;
    const given = callArguments(source.code, m.index + m[0].length - 1).args[1];
    if (!given) return fallback;
    return source.stringAt(given.start)?.value;
  }
  return fallback;
}

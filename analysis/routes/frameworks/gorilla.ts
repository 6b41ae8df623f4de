import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import { type GoContext, type GoLink, type GoRef, scanGo } from "../go/engine.ts";
import { rangeRecords } from "../go/range-tables.ts";

// Route matchers that narrow a route without changing its path or method (and NewRoute, an empty
// route whose Subrouter is a second router on the same paths, with middleware of its own).
const IGNORED = /^(?:NewRoute|Name|Queries|Host|Schemes|Headers|HeadersRegexp|MatcherFunc|BuildOnly|BuildVarsFunc|StrictSlash|SkipClean|UseEncodedPath)$/;

const GO122_METHOD = /^[A-Z]+\s/;

/**
 * gorilla/mux: `mux.NewRouter()`, routes built by chaining in any order
 * (`r.HandleFunc("/x", h).Methods("GET", "POST")`, `r.Methods("GET").Path("/x").HandlerFunc(h)`),
 * sub-routers (`r.PathPrefix("/api").Subrouter()`) and `Use`, whose middleware runs for every
 * route of its router.
 */
export const gorilla: Framework = {
  id: "gorilla",
  name: "gorilla/mux",
  languages: ["go"],
  // Or a file that hands routers on without registering any itself (`routing.Setup(routers.Client, ...)`).
  hint: /"github\.com\/gorilla\/mux"|\.(?:HandleFunc|PathPrefix)\s*\(|\b[Rr]outers\b/,
  scan: (source) => scanGo(source, { id: "gorilla", imports: /^github\.com\/gorilla\/mux$/, constructors: /^NewRouter$/, types: /^Router$/, chain }),
};

function chain(ctx: GoContext, start: GoRef | undefined, links: readonly GoLink[]): { ref?: GoRef } | undefined {
  if (!start || !links[0]?.args) return undefined;
  if (tableRoutes(ctx, start, links)) return { ref: start };
  let ref = start;
  let path: string | undefined;
  let prefix: string | undefined;
  let methods: string[] | undefined;
  let handler: { args: Span[]; at: number } | undefined;
  // A path or prefix may be a constant of another file or package, looked up before linking.
  let unknown = false;
  const read = (span: Span | undefined) => {
    const found = ctx.path(span);
    if (found?.prefixUnknown) unknown = true;
    return found?.path;
  };
  for (const link of links) {
    const args = link.args;
    if (!args) return undefined;
    if (link.name === "HandleFunc" || link.name === "Handle") {
      path = read(args[0]);
      // A pattern led by its method (`"GET " + root + "livez"`) is net/http's ServeMux's (Go 1.22), not gorilla's.
      if (path === undefined || GO122_METHOD.test(path)) return undefined;
      handler = { args: args.slice(1), at: link.start };
    } else if (link.name === "Path") path = read(args[0]);
    else if (link.name === "PathPrefix") {
      prefix = read(args[0]);
      // A prefix the code computes (`PathPrefix(apiListenURL.Path)`): what is under it says its prefix is not known.
      if (prefix === undefined && args[0]) unknown = true;
    }
    else if (link.name === "Methods") methods = args.map((a) => ctx.value(a)?.toUpperCase()).filter((m): m is string => !!m);
    else if (link.name === "HandlerFunc" || link.name === "Handler") handler = { args, at: links[0]!.start };
    else if (link.name === "Subrouter") {
      ref = ctx.subrouter(ref, prefix ?? path ?? "", link.start);
      // Its routes say their prefix is not known when its own is not (`PathPrefix(WithBase("/api"))`).
      if (unknown) ref = { ...ref, prefixUnknown: true };
      unknown = false;
      path = prefix = undefined;
    } else if (link.name === "Use") ctx.middleware(ref, "", ctx.guards(args), link.start);
    else if (!IGNORED.test(link.name)) return link === links[0] ? undefined : { ref };
  }
  // No path at all (`ping := r.Path("/api/ping").Subrouter(); ping.Methods("GET").HandlerFunc(h)`): the router's own path.
  const served = path ?? (prefix === undefined ? (handler ? "" : undefined) : catchAll(prefix));
  if (handler && served !== undefined) ctx.route(ref, methods?.length ? methods : ["ALL"], served, handler.args, "last", handler.at, unknown);
  return { ref };
}

/** A PathPrefix route serves every path under its prefix, `/api/resources/*`, unless its last segment already takes the rest (`{path:.*}`). */
const catchAll = (prefix: string): string => (/\{\w+:\.\*\}\/?$/.test(prefix) ? prefix : `${prefix.replace(/\/+$/, "")}/*`);

/**
 * A route built from a table's record in a loop (`for _, r := range routes {
 * api.Methods(r.Methods()...).Path(r.Pattern).Handler(r.HandlerFunc) }`): one route per record of
 * the table the function writes (go/range-tables.ts), its path, method and handler read from the
 * fields the chain names. A method the record's type computes (`r.Methods()`) is its method field.
 */
function tableRoutes(ctx: GoContext, ref: GoRef, links: readonly GoLink[]): boolean {
  const pathLink = links.find((l) => l.name === "Path" || l.name === "HandleFunc" || l.name === "Handle");
  const pathArg = pathLink?.args?.[0];
  const variable = pathArg && /^\s*([A-Za-z_]\w*)\s*\.\s*[A-Z]\w*\s*$/.exec(ctx.code.slice(pathArg.start, pathArg.end))?.[1];
  if (!pathLink || !variable) return false;
  const records = rangeRecords(ctx, pathLink.start, variable);
  if (!records?.length) return false;
  // The field an argument names (`r.Pattern`, `r.Methods()...`), or undefined for a value of its own.
  const field = (span: Span) => new RegExp(String.raw`^\s*${variable}\s*\.\s*([A-Z]\w*)(\s*\(\s*\))?(?:\s*\.\.\.)?\s*$`).exec(ctx.code.slice(span.start, span.end)) ?? undefined;
  const handlerLink = links.find((l) => l.name === "Handler" || l.name === "HandlerFunc") ?? pathLink;
  const handlerArg = handlerLink.args?.[handlerLink === pathLink ? 1 : 0];
  const methodsLink = links.find((l) => l.name === "Methods");
  for (const record of records) {
    const named = field(pathArg!);
    const path = named && ctx.value(record.get(named[1]!));
    if (path === undefined) continue;
    const methods = (methodsLink?.args ?? []).flatMap((arg) => {
      const f = field(arg);
      // A method of the record's type (`r.Methods()`) answers from its method field.
      const span = f ? record.get(f[2] ? [...record.keys()].find((k) => /^method$/i.test(k)) ?? "" : f[1]!) : arg;
      const value = span && ctx.value(span);
      return value ? [value.toUpperCase()] : [];
    });
    const handlerField = handlerArg && field(handlerArg);
    const handler = handlerField ? record.get(handlerField[1]!) : handlerArg;
    if (!handler) continue;
    ctx.route(ref, methods.length ? methods : ["ALL"], path, [handler], "last", pathLink.start);
  }
  return true;
}
import type { Route, RoutesSection } from "../analysis/schema.ts";
import { pathPrefix } from "../analysis/routes/paths.ts";
import { plural } from "../core/plural.ts";
import type { Command } from "./command.ts";
import { ANALYSIS_OPTIONS, analysisOptionsAhead, noteTruncation } from "./analysis.ts";

export const routesCommand: Command = {
  name: "routes",
  summary: "entry points: HTTP routes, file-system and client routes, consumers, jobs",
  usage: "tool routes [--kind http|fs|client|ws|grpc|graphql|consumer|job] [--method M] [--framework F] [--json]",
  details: [
    "Paths are full (prefixes, versions and mounts applied), parameters written {name}.",
    "Guards are the middleware, decorators or filters that protect a route; a route without one may",
    "still be protected by middleware the analysis cannot see.",
    "--json prints the routes section: items (filtered), duplicates, unguardedWrites, contracts, drift.",
  ].join("\n"),
  options: { ...ANALYSIS_OPTIONS, kind: { type: "string" }, method: { type: "string" }, framework: { type: "string" } },
  async run(context) {
    const { RouteKind } = await import("../analysis/routes/registration.ts");
    const kind = context.values.kind === undefined ? undefined : String(context.values.kind);
    if (kind !== undefined && !RouteKind.safeParse(kind).success) {
      throw new RangeError(`--kind must be one of ${RouteKind.options.join(", ")}, not "${kind}"`);
    }
    const method = context.values.method === undefined ? undefined : String(context.values.method).toUpperCase();
    const framework = context.values.framework === undefined ? undefined : String(context.values.framework).toLowerCase();
    const { analyze } = await import("../analysis/analyze.ts");
    const report = analyze(context.root, await analysisOptionsAhead(context));
    noteTruncation(context, report);
    const section = report.routes;
    const items = section.items.filter((r) =>
      (!kind || r.kind === kind) && (!method || r.method === method) && (!framework || r.framework.toLowerCase() === framework)
    );
    if (context.json) {
      context.printJson({ ...section, items });
      return 0;
    }
    context.stdout(table(items, section.frameworks) + notes(section));
    return 0;
  },
};

function table(items: Route[], frameworks: string[]): string {
  if (items.length === 0) return `No entry points found${frameworks.length ? "" : " (no supported framework detected)"}.`;
  const groups = new Map<string, Route[]>();
  for (const r of items) {
    const key = r.kind === "http" || r.kind === "fs" || r.kind === "client" ? pathPrefix(r.path) : r.kind;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const out = [`${items.length} entry points (${frameworks.join(", ")})`];
  const width = Math.min(60, Math.max(...items.map((r) => r.path.length)));
  // GraphQL methods (SUBSCRIPTION) and CONSUME are longer than HTTP verbs.
  const methodWidth = Math.max(7, ...items.map((r) => r.method.length));
  for (const [prefix, routes] of groups) {
    out.push("", prefix);
    for (const r of routes) {
      const guards = r.guards.length ? `  [${r.guards.join(", ")}]` : "";
      const unknown = r.prefixUnknown ? "  (prefix unknown)" : "";
      out.push(`  ${r.method.padEnd(methodWidth)} ${r.path.padEnd(width)}  ${r.file}:${r.line}  ${r.handler}${guards}${unknown}`);
    }
  }
  const unknown = items.filter((r) => r.prefixUnknown).length;
  if (unknown) out.push("", `${plural(unknown, "route")} marked (prefix unknown) ${unknown === 1 ? "is" : "are"} written after a prefix from configuration the analysis cannot read (opts.prefix + "..."): the path shown lacks it.`);
  return out.join("\n");
}

function notes(section: RoutesSection): string {
  const out: string[] = [];
  for (const d of section.duplicates) out.push(`duplicate: ${d.method} ${d.path} at ${d.routes.map((r) => `${r.file}:${r.line}`).join(", ")}`);
  if (section.unguardedWrites.length) {
    out.push(`write routes without a route-level guard (no global guard found; middleware the analysis cannot see may protect them):`);
    for (const r of section.unguardedWrites) out.push(`  ${r.method} ${r.path}  ${r.file}:${r.line}`);
  }
  for (const d of section.drift.documentedNotImplemented) out.push(`documented, not implemented: ${d.method} ${d.path} (${d.file}:${d.line})`);
  for (const d of section.drift.implementedNotDocumented) out.push(`implemented, not documented: ${d.method} ${d.path} (${d.file}:${d.line})`);
  return out.length ? "\n\n" + out.join("\n") : "";
}

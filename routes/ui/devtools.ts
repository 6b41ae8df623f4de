/**
 * The Devtools views under /ui/devtools/<view>, the Source panel (/ui/source), the AI brief
 * (/ui/brief), the map as an SVG file and the entry-point exports. Each route validates its
 * query, reads the cached report and renders a view with `renderView` (fragment for htmx, the
 * whole shell otherwise). Errors answer as HTML in the view's place, with their status.
 */
import { type Context, Hono } from "hono";
import { contextBrief, impactOf, type Report } from "../../analysis/mod.ts";
import { mapLayout } from "../../analysis/reporters/map-layout.ts";
import { renderMap } from "../../analysis/reporters/map-svg.ts";
import { filterRoutes, groupRoutes, ROUTE_EXPORTS } from "../../analysis/reporters/route-exports.ts";
import { ToolError } from "../../core/errors.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { sourceFile } from "../../workflow/source.ts";
import { BriefView } from "../../views/brief.tsx";
import { CouplingView, sortComponents } from "../../views/devtools/coupling.tsx";
import { CyclesView } from "../../views/devtools/cycles.tsx";
import { DebtView, type MarkerRow } from "../../views/devtools/debt.tsx";
import { ErrorView, NotFoundView } from "../../views/devtools/error.tsx";
import { FINDINGS_PAGE, FindingsView, type TaskAction } from "../../views/devtools/findings.tsx";
import { HotspotsView } from "../../views/devtools/hotspots.tsx";
import { completeFiles, FileOptions, ImpactView } from "../../views/devtools/impact.tsx";
import { IntegrationsView } from "../../views/devtools/integrations.tsx";
import { MapView } from "../../views/devtools/map.tsx";
import { OverviewView } from "../../views/devtools/overview.tsx";
import { paginate, viewHref } from "../../views/devtools/parts.tsx";
import { ROUTES_PAGE, RoutesView } from "../../views/devtools/routes.tsx";
import { around, handlerLine, type SnippetLines } from "../../views/devtools/snippet.tsx";
import { TeamView } from "../../views/devtools/team.tsx";
import { renderView } from "../../views/shell.tsx";
import { SourceView } from "../../views/source.tsx";
import { errorStatus } from "../errors.ts";
import { readQuery } from "../validate.ts";
import * as Q from "./devtools-query.ts";

export const devtoolsViewRoutes = (service: ProjectService) => {
  const report = (include?: "tests") => service.report({ includeAll: include === "tests" });
  return new Hono()
    .onError((error, c) => {
      const status = errorStatus(error);
      if (status >= 500) console.error(`tool serve: ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
      c.status(status);
      return renderView(
        c,
        "Error",
        ErrorView({ status, message: status >= 500 ? `Internal error: ${error.message}` : error.message }),
      );
    })
    .get("/ui/devtools", async (c) => renderView(c, "Codebase", OverviewView({ report: await report() })))
    .get("/ui/devtools/overview", async (c) => renderView(c, "Codebase", OverviewView({ report: await report() })))
    .get("/ui/devtools/map", async (c) => {
      const { component, colour, include } = readQuery(c, Q.MapQuery);
      const r = await report(include);
      const layout = mapLayout(r, { component });
      const svg = renderMap(layout, {
        colour,
        link: (name) => viewHref("map", { component: name, colour: colour === "instability" ? undefined : colour }),
      });
      return renderView(
        c,
        component ? `Map: ${component}` : "Map",
        MapView({ report: r, layout, svg, colour, component, include }),
      );
    })
    .get("/ui/devtools/map.svg", async (c) => {
      const { component, colour, include } = readQuery(c, Q.MapQuery);
      const svg = renderMap(mapLayout(await report(include), { component }), { colour });
      const name = `map${component ? `-${component.replace(/[^\w.-]+/g, "-")}` : ""}.svg`;
      return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`, 200, {
        "content-type": "image/svg+xml; charset=utf-8",
        "content-disposition": `attachment; filename="${name}"`,
      });
    })
    .get("/ui/devtools/routes", async (c) => {
      const { group, page, base, ...filter } = readQuery(c, Q.RoutesQuery);
      const r = await report();
      const componentOf = new Map(r.files.map((f) => [f.path, f.component]));
      const ordered = groupRoutes(filterRoutes(r.routes.items, filter), group, (f) => componentOf.get(f)).flatMap((g) =>
        g.routes
      );
      const paged = paginate(ordered, page, ROUTES_PAGE);
      const snippets = routeSnippets(r, paged.rows);
      return renderView(c, "Entry points", RoutesView({ report: r, filter, group, base, paged, snippets }));
    })
    .get("/ui/devtools/routes/export", async (c) => {
      const { format, base, ...filter } = readQuery(c, Q.ExportQuery);
      const r = await report();
      const { extension, type, render } = ROUTE_EXPORTS[format];
      return c.body(render(filterRoutes(r.routes.items, filter), base), 200, {
        "content-type": type,
        "content-disposition": `attachment; filename="routes.${extension}"`,
      });
    })
    .get("/ui/devtools/coupling", async (c) => {
      const { sort, dir, page, include } = readQuery(c, Q.CouplingQuery);
      const r = await report(include);
      const paged = paginate(sortComponents(r.components.items, sort, dir), page);
      return renderView(c, "Coupling", CouplingView({ report: r, sort, dir, paged, include }));
    })
    .get("/ui/devtools/cycles", async (c) => {
      const { kind, page, include } = readQuery(c, Q.CyclesQuery);
      const r = await report(include);
      const paged = paginate(r.cycles.filter((cycle) => cycle.kind === kind), page);
      return renderView(c, "Cycles", CyclesView({ report: r, kind, paged, include }));
    })
    .get("/ui/devtools/hotspots", async (c) => {
      const { page, cpage } = readQuery(c, Q.HotspotsQuery);
      const r = await report();
      const coupling = [...r.history.coupling].sort((a, b) =>
        Number(a.imports) - Number(b.imports) || b.degree - a.degree
      );
      return renderView(
        c,
        "Hotspots",
        HotspotsView({ report: r, hotspots: paginate(r.history.hotspots, page), coupling: paginate(coupling, cpage) }),
      );
    })
    .get("/ui/devtools/impact", async (c) => {
      const query = readQuery(c, Q.ImpactQuery);
      const files = Q.impactFiles(query);
      const r = await report();
      if (!files.length) return renderView(c, "Impact", ImpactView({ report: r, files }));
      const impact = impactOf(r, files);
      return renderView(
        c,
        "Impact",
        ImpactView({ report: r, files, impact, dependents: paginate(impact.dependents, query.page) }),
      );
    })
    .get("/ui/devtools/impact/complete", async (c) => {
      const { add } = readQuery(c, Q.CompleteQuery);
      return c.html(FileOptions({ files: completeFiles(await report(), add ?? "") }));
    })
    .get("/ui/devtools/integrations", async (c) => {
      const { page } = readQuery(c, Q.PagedQuery);
      const r = await report();
      const variables = [...r.configuration.variables].sort((a, b) =>
        Number(a.documented) - Number(b.documented) || a.name.localeCompare(b.name)
      );
      return renderView(c, "Integrations", IntegrationsView({ report: r, variables: paginate(variables, page) }));
    })
    .get("/ui/devtools/team", async (c) => {
      const { page } = readQuery(c, Q.PagedQuery);
      const r = await report();
      const ownership = [...r.history.ownership].sort((a, b) => a.busFactor - b.busFactor || b.commits - a.commits);
      return renderView(c, "Team", TeamView({ report: r, ownership: paginate(ownership, page) }));
    })
    .get("/ui/devtools/debt", async (c) => {
      const { marker, page, upage } = readQuery(c, Q.DebtQuery);
      const r = await report();
      const markers: MarkerRow[] = r.files.flatMap((f) =>
        f.markers.filter((m) => !marker || m.kind === marker).map((m) => ({ ...m, file: f.path }))
      );
      const unused = r.files.filter((f) => f.unused);
      return renderView(
        c,
        "Debt",
        DebtView({ report: r, marker, markers: paginate(markers, page), unused: paginate(unused, upage) }),
      );
    })
    .get("/ui/devtools/findings", async (c) => {
      const { category, severity, page, include } = readQuery(c, Q.FindingsQuery);
      const r = await report(include);
      const list = r.findings.filter((f) =>
        (!category || f.category === category) && (!severity || f.severity === severity)
      );
      const taskAction = await createTaskAction(service);
      return renderView(
        c,
        "Findings",
        FindingsView({ report: r, category, severity, paged: paginate(list, page, FINDINGS_PAGE), taskAction, include }),
      );
    })
    .get("/ui/devtools/source", async (c) => sourceAnswer(c, await report(), true))
    .get("/ui/source", async (c) => sourceAnswer(c, await report(), false))
    .get("/ui/brief", async (c) => {
      const { target } = readQuery(c, Q.BriefQuery);
      const r = await report();
      const markdown = contextBrief(r, target);
      const kind = r.files.some((f) => f.path === target) ? "file" : "component";
      return renderView(c, `AI context: ${target}`, BriefView({ target, kind, markdown }));
    })
    .get("/ui/devtools/:view", (c) => {
      c.status(404);
      return renderView(c, "Not found", NotFoundView({ view: c.req.param("view") }));
    });
};

/** The Source panel, or (for a deep link `#devtools/source?...` opened as a view) the same as a view. */
function sourceAnswer(c: Context, report: Report, asView: boolean) {
  const { file, line, all } = readQuery(c, Q.SourceQuery);
  const source = sourceFile(report, file);
  if (!source) throw new ToolError("unknown-file", `Unknown file: "${file}" is not a file the analysis knows`, 404);
  const node = report.files.find((f) => f.path === file);
  const view = SourceView({ source, node, line, all: all !== undefined });
  return renderView(c, asView ? file : `Source: ${file}`, view);
}

/**
 * The source around each route's handler: its definition when the file defines a function of
 * that name, else the registration line. Each file is read once.
 */
function routeSnippets(
  report: Report,
  routes: readonly Report["routes"]["items"][number][],
): Map<string, SnippetLines> {
  const files = new Map<string, string[] | undefined>();
  const snippets = new Map<string, SnippetLines>();
  for (const route of routes) {
    if (!files.has(route.file)) files.set(route.file, sourceFile(report, route.file)?.lines);
    const lines = files.get(route.file);
    if (!lines?.length) continue;
    const at = handlerLine(lines, route.handler, route.line) ?? route.line;
    snippets.set(`${route.file}:${route.line}`, around(lines, Math.min(at, lines.length), 6));
  }
  return snippets;
}

/** Creating a task runs the tool's `new` command: without it, the action says why it is off. */
async function createTaskAction(service: ProjectService): Promise<TaskAction> {
  const { index } = await service.snapshot();
  if (index.commands.some((command) => command.name === "new")) {
    return {
      enabled: true,
      existing: new Set(index.tasks.map((t) => t.id)),
    };
  }
  return { enabled: false, reason: "this build of tool has no `new` command, which creates tasks." };
}

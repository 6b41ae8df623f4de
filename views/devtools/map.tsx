/** @jsxImportSource hono/jsx */
/**
 * The map: where requests enter, which components they pass through, what each reaches. The
 * picture is the server-rendered SVG of analysis/reporters/map-svg.ts, the same the download
 * serves; a component can be focused, and the colour picked.
 */
import { raw } from "hono/html";
import type { Report } from "../../analysis/mod.ts";
import type { MapLayout } from "../../analysis/reporters/map-layout.ts";
import { MAP_COLOURS, type MapColour, mapWidth } from "../../analysis/reporters/map-svg.ts";
import { FileLink, queryString } from "../parts.tsx";
import { INTEGRATION_CATEGORY_LABELS } from "./integrations.tsx";
import { BriefButton, Empty, HashForm, plural, type Scope, ScopeSwitch, Section, Tabs, ViewHeader, viewHref } from "./parts.tsx";

export type MapViewProps = { report: Report; layout: MapLayout; svg: string; colour: MapColour; component?: string; include?: Scope };

export function MapView(props: MapViewProps) {
  const { report, layout, colour, component, include } = props;
  const download = `/ui/devtools/map.svg${
    queryString({ component, colour: colour === "instability" ? undefined : colour })
  }`;
  const fileName = `map${component ? `-${component.replace(/[^\w.-]+/g, "-")}` : ""}.svg`;
  return (
    <div class="dt dt-map">
      <ViewHeader
        title="Map"
        question="Where do requests enter, which components do they pass through, and what does each reach?"
      >
        <div class="toolbar">
          <Tabs
            label="Colour nodes by"
            items={MAP_COLOURS.map((c) => ({
              label: c,
              href: viewHref("map", { component, colour: c === "instability" ? undefined : c, include }),
              active: c === colour,
            }))}
          />
          <a class="button" href={download} download={fileName}>Download SVG</a>
        </div>
        <ScopeSwitch view="map" params={{ component, colour: colour === "instability" ? undefined : colour }} include={include} />
        <HashForm view="map" label="Focus a component">
          {colour !== "instability" ? <input type="hidden" name="colour" value={colour} /> : null}
          {include ? <input type="hidden" name="include" value={include} /> : null}
          <label>
            Component{" "}
            <select name="component">
              <option value="" selected={!component}>All components</option>
              {report.components.items.map((c) => (
                <option value={c.name} selected={c.name === component}>{c.name}</option>
              ))}
            </select>
          </label>
          <noscript>
            <button class="button">Show</button>
          </noscript>
          {component
            ? (
              <a href={viewHref("map", { colour: colour === "instability" ? undefined : colour, include })}>
                Show all components
              </a>
            )
            : null}
        </HashForm>
      </ViewHeader>
      {layout.notes.map((n) => <p class="muted dt-note">{n}</p>)}
      {layout.nodes.length === 0
        ? <Empty>Nothing to draw: no components, entry points or integrations were found.</Empty>
        : (
          <div class="dt-map-frame" tabindex={0} aria-label="Architecture map">
            <div class="dt-map-canvas" style={`max-width:${mapWidth(layout)}px`}>{raw(props.svg)}</div>
          </div>
        )}
      {component ? <ComponentCard report={report} name={component} include={include} /> : <MapHelp />}
    </div>
  );
}

function MapHelp() {
  return (
    <p class="muted small">
      Columns: clients (one per kind of entry point), then components by dependency depth, then integrations. Red edges
      lie in a cycle, dashed orange edges are requests, dotted violet edges reach an integration. Click a component to
      focus it.
    </p>
  );
}

/** What the focused component holds, depends on and serves, each with its files. */
function ComponentCard({ report, name, include }: { report: Report; name: string; include: Scope }) {
  const component = report.components.items.find((c) => c.name === name)!;
  const files = report.files.filter((f) => f.component === name).sort((a, b) =>
    b.fanIn - a.fanIn || a.path.localeCompare(b.path)
  );
  const memberSet = new Set(files.map((f) => f.path));
  const routes = report.routes.items.filter((r) => memberSet.has(r.file));
  const integrations = report.integrations.items.filter((i) => i.files.some((f) => memberSet.has(f)));
  return (
    <Section title={`Component ${name}`}>
      <div class="toolbar">
        <BriefButton target={name} />
        <a class="button" href={viewHref("impact", { file: files.slice(0, 20).map((f) => f.path).join(",") })}>
          Impact of its files
        </a>
      </div>
      <p>
        {plural(component.files, "file")}, {component.lines} lines ({component.languages.join(", ")}) · Ca{" "}
        {component.ca} · Ce {component.ce} · instability {component.instability} · abstractness {component.abstractness}
        {" "}
        · distance {component.distance} ({component.zone})
      </p>
      <div class="grid">
        <div>
          <h3>Depends on</h3>
          {component.dependsOn.length
            ? (
              <ul>
                {component.dependsOn.map((d) => (
                  <li>
                    <a href={viewHref("map", { component: d.component, include })}>{d.component}</a>{" "}
                    <span class="muted">{plural(d.imports, "import")}</span>
                  </li>
                ))}
              </ul>
            )
            : <Empty>Nothing inside the repository.</Empty>}
          <h3>Depended on by</h3>
          {component.dependedOnBy.length
            ? (
              <ul>
                {component.dependedOnBy.map((d) => (
                  <li>
                    <a href={viewHref("map", { component: d, include })}>{d}</a>
                  </li>
                ))}
              </ul>
            )
            : <Empty>No other component.</Empty>}
        </div>
        <div>
          <h3>Entry points handled here</h3>
          {routes.length
            ? (
              <ul>
                {routes.slice(0, 30).map((r) => (
                  <li>
                    <code>{r.method} {r.path}</code> <FileLink file={r.file} line={r.line} />
                  </li>
                ))}
              </ul>
            )
            : <Empty>None.</Empty>}
          <h3>Integrations used</h3>
          {integrations.length
            ? (
              <ul>
                {integrations.map((i) => (
                  <li>
                    {i.name} <span class="muted">{INTEGRATION_CATEGORY_LABELS[i.category]}</span>{" "}
                    {i.files.filter((f) => memberSet.has(f)).slice(0, 3).map((f) => <FileLink file={f} />)}
                  </li>
                ))}
              </ul>
            )
            : <Empty>None.</Empty>}
        </div>
      </div>
      <h3>Files, most imported first</h3>
      <ul class="dt-files-list">
        {files.slice(0, 40).map((f) => (
          <li>
            <FileLink file={f.path} /> <span class="muted">imported by {f.fanIn}, complexity {f.complexity}</span>
          </li>
        ))}
      </ul>
      {files.length > 40 ? <p class="muted">and {files.length - 40} more files.</p> : null}
    </Section>
  );
}

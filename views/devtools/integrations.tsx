/** @jsxImportSource hono/jsx */
/**
 * Integrations: the databases, caches, brokers, clouds and SaaS APIs the code uses (declared
 * where, used by which files), and the environment variables it reads (values never read).
 */
import type { EnvVariable, IntegrationCategory, Report } from "../../analysis/mod.ts";
import { FileLink } from "../parts.tsx";
import { Empty, type Paged, Pager, plural, Section, ViewHeader, viewHref } from "./parts.tsx";

/** A category as a heading says it: "AI", not "Ai"; "HTTP clients", not "Http-client". */
export const INTEGRATION_CATEGORY_LABELS: Record<IntegrationCategory, string> = {
  database: "Databases", cache: "Caches", broker: "Message brokers", search: "Search", storage: "Storage", cloud: "Cloud",
  payments: "Payments", ai: "AI", observability: "Observability", auth: "Authentication", "http-client": "HTTP clients",
  email: "Email", messaging: "Messaging", analytics: "Analytics",
};

export type IntegrationsViewProps = { report: Report; variables: Paged<EnvVariable> };

export function IntegrationsView(props: IntegrationsViewProps) {
  const { report, variables } = props;
  const { items, manifests, unreadable } = report.integrations;
  const { exampleFile, unread } = report.configuration;
  const componentOf = new Map(report.files.map((f) => [f.path, f.component]));
  const categories = [...new Set(items.map((i) => i.category))].sort((a, b) => INTEGRATION_CATEGORY_LABELS[a].localeCompare(INTEGRATION_CATEGORY_LABELS[b]));
  const missing = report.configuration.variables.filter((v) => !v.documented).length;
  return (
    <div class="dt dt-integrations">
      <ViewHeader
        title="Integrations"
        question="Which databases, brokers, clouds and SaaS APIs does the code use, and which environment variables does it read?"
      />
      <Section title="Integrations" count={items.length}>
        {items.length === 0
          ? <Empty>No integrations found in {plural(manifests.length, "manifest")} or in imports.</Empty>
          : (
            <div class="scroll-x">
              <table class="table">
                <thead>
                  <tr>
                    <th>Integration</th>
                    <th>Declared in</th>
                    <th>Used by</th>
                  </tr>
                </thead>
                {categories.map((category) => (
                  <tbody>
                    <tr class="dt-subhead">
                      <th colspan={3}>{INTEGRATION_CATEGORY_LABELS[category]}</th>
                    </tr>
                    {items.filter((i) => i.category === category).map((i) => {
                      const components = [
                        ...new Set(i.files.map((f) => componentOf.get(f)).filter((c): c is string => !!c)),
                      ].sort();
                      return (
                        <tr id={`integration-${i.id}`}>
                          <td>
                            <strong>{i.name}</strong>
                          </td>
                          <td>
                            <div class="dt-files">
                              {i.sources.slice(0, 6).map((s) => (
                                <span>
                                  <FileLink file={s.file} line={s.line} />{" "}
                                  <span class="muted">{s.kind}: {s.detail}</span>
                                </span>
                              ))}
                              {i.sources.length > 6 ? <span class="muted">and {i.sources.length - 6} more</span> : null}
                            </div>
                          </td>
                          <td>
                            <div class="dt-files">
                              {i.files.length === 0 ? <span class="muted">declared, not imported</span> : null}
                              {i.files.slice(0, 5).map((f) => <FileLink file={f} />)}
                              {i.files.length > 5
                                ? (
                                  <a href={viewHref("impact", { file: i.files.slice(0, 20).join(",") })}>
                                    and {i.files.length - 5} more
                                  </a>
                                )
                                : null}
                              {components.length
                                ? (
                                  <span class="muted">
                                    in {components.map((c, k) => <>{k ? ", " : ""}<a href={viewHref("map", { component: c })}>{c}</a></>)}
                                  </span>
                                )
                                : null}
                            </div>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                ))}
              </table>
            </div>
          )}
      </Section>
      <Section title="Environment variables" count={report.configuration.variables.length}>
        <p class="muted small">
          {exampleFile
            ? (
              <>
                Compared with <FileLink file={exampleFile} />: {plural(missing, "variable")} read but not listed there.
              </>
            )
            : "No .env.example (or .env.sample, .env.template) was found, so no variable is documented."}{" "}
          Only names are read, never values.
        </p>
        {variables.total === 0 ? <Empty>The code reads no environment variables.</Empty> : (
          <div class="scroll-x">
            <table class="table">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Kind</th>
                  <th>Documented</th>
                  <th>Read in</th>
                </tr>
              </thead>
              <tbody>
                {variables.rows.map((v) => (
                  <tr>
                    <td>
                      <code>{v.name}</code>
                    </td>
                    <td>
                      <span class="dt-badges">
                        {v.secret ? <span class="badge warn">secret</span> : null}
                        {v.serviceAddress ? <span class="badge">service address</span> : null}
                        {v.provided ? <span class="badge">provided by the platform</span> : null}
                      </span>
                    </td>
                    <td>{v.documented ? <span class="muted">yes</span> : <span class="badge medium">missing</span>}</td>
                    <td>
                      <div class="dt-files">
                        {v.files.slice(0, 4).map((f) => <FileLink file={f.file} line={f.line} />)}
                        {v.files.length > 4 ? <span class="muted">and {v.files.length - 4} more</span> : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager view="integrations" params={{}} paged={variables} />
        {unread.length
          ? (
            <p class="dt-chips small">
              <span class="muted">Listed in the example but read by no scanned code:</span>{" "}
              {unread.map((n) => <code class="chip">{n}</code>)}
            </p>
          )
          : null}
      </Section>
      <Section title="Manifests read" count={manifests.length}>
        {manifests.length === 0 ? <Empty>No package manifest or compose file.</Empty> : (
          <p class="dt-chips">
            {manifests.map((m) => (
              <span class="chip">
                <FileLink file={m.file} />
                {m.file.endsWith(m.kind) ? null : <span class="muted">{m.kind}</span>}
              </span>
            ))}
          </p>
        )}
        {unreadable.length
          ? (
            <ul>
              {unreadable.map((u) => (
                <li>
                  <FileLink file={u.file} /> could not be read: {u.reason}
                </li>
              ))}
            </ul>
          )
          : null}
      </Section>
    </div>
  );
}

/** @jsxImportSource hono/jsx */
/**
 * Settings: what the tool reads from this repository and how it sees it. The parsed
 * `.tool/config.json` with its problems, the tool version, the detected stack, the
 * verification commands, the coding agents (trust and stage routing), the flows, the doctor's
 * checks, and the command-line commands; the languages and the active adapter are changed here.
 */
import type { ProjectIndex } from "../workflow/index/mod.ts";
import type { Settings } from "../workflow/settings.ts";
import type { agentConfiguration } from "../workflow/agents/mod.ts";
import type { loadFlows } from "../workflow/flows/mod.ts";
import type { DoctorCheck } from "../workflow/doctor.ts";
import { AgentsSettings } from "./agents-settings.tsx";

type Props = {
  index: ProjectIndex; settings: Settings; version: string; agents: ReturnType<typeof agentConfiguration>; flows: ReturnType<typeof loadFlows>;
  doctor: DoctorCheck[]; adapters: { id: string; name: string; active: boolean }[];
};

export function SettingsView(props: Props) {
  const { index, settings, version, agents, flows, doctor, adapters } = props;
  return (
    <section class="view settings" aria-labelledby="settings-title">
      <header class="view-head">
        <div>
          <h1 id="settings-title">Settings</h1>
          <p class="muted">What tool reads from this repository, and how it sees it.</p>
        </div>
      </header>
      <div class="grid">
        <Config settings={settings} index={index} />
        <Tool index={index} settings={settings} version={version} />
        <Stack index={index} />
        <Verify settings={settings} />
        <AgentsSettings config={agents} />
        <Flows flows={flows} />
        <Commands index={index} />
        <Actions doctor={doctor} adapters={adapters} language={settings.language} />
      </div>
    </section>
  );
}

function Config({ settings, index }: { settings: Settings; index: ProjectIndex }) {
  const signals = index.signals.filter((s) => s.code.startsWith("config"));
  const problems = [
    ...settings.configErrors.map((e) => `"${e.key}" ${e.reason}`),
    ...signals.map((s) => s.message).filter((m) => !settings.configErrors.some((e) => m.includes(e.reason))),
  ];
  return (
    <article class="card wide" aria-labelledby="set-config">
      <h2 id="set-config">
        Configuration <code class="small">{settings.file}</code>
      </h2>
      {problems.length > 0 && (
        <div class="callout high" role="note">
          <strong>configError</strong>
          <ul class="plain">
            {problems.map((p) => <li>{p}</li>)}
          </ul>
          <p class="small">The defaults apply where the file is wrong; nothing else stops.</p>
        </div>
      )}
      {!settings.exists
        ? (
          <p class="empty">
            No <code>{settings.file}</code>: every setting has its default. Keys: <code>architecture</code>,{" "}
            <code>history</code>, <code>verify</code>, <code>workflow</code>, <code>adapter</code>,{" "}
            <code>language</code>.
          </p>
        )
        : settings.config === null
        ? <p class="empty">The file could not be read.</p>
        : <pre class="code">{JSON.stringify(settings.config, null, 2)}</pre>}
    </article>
  );
}

function Flows({ flows }: { flows: ReturnType<typeof loadFlows> }) {
  return (
    <article class="card wide" aria-labelledby="set-flows">
      <h2 id="set-flows">Flows</h2>
      <p class="muted">Built in, or from <code>.tool/flows/&lt;name&gt;.json</code> (read when a flow is asked for).</p>
      <ul>
        {flows.flows.map((f) => <li><strong>{f.name}</strong> {f.gates.map((g) => `${g.name} (${g.kind})`).join(" → ")} <span class="muted">{f.description}</span></li>)}
      </ul>
      {flows.problems.length > 0 && (
        <ul class="problems">{flows.problems.map((p) => <li><span class="badge high">cannot read</span> <code>{p.file}</code>: {p.error}</li>)}</ul>
      )}
    </article>
  );
}

function Tool({ index, settings, version }: Pick<Props, "index" | "settings" | "version">) {
  const { project } = index;
  return (
    <article class="card" aria-labelledby="set-tool">
      <h2 id="set-tool">Tool</h2>
      <dl class="facts">
        <dt>Version</dt>
        <dd>
          <code>{version}</code>
        </dd>
        <dt>Repository</dt>
        <dd class="path">{project.root}</dd>
        <dt>Default workflow</dt>
        <dd>{project.defaultWorkflow}</dd>
        <dt>Active adapter</dt>
        <dd>{project.activeAdapter ?? <span class="muted">none</span>}</dd>
        <dt>Language</dt>
        <dd>
          {settings.language === null
            ? <span class="muted">not set (English)</span>
            : <code>{JSON.stringify(settings.language)}</code>}
        </dd>
        <dt>Index</dt>
        <dd>
          built <span title={index.generatedAt}>{index.generatedAt.replace("T", " ").slice(0, 19)} UTC</span>
        </dd>
      </dl>
    </article>
  );
}

function Stack({ index }: { index: ProjectIndex }) {
  const { languages, frameworks, packageManagers, manifests } = index.project;
  return (
    <article class="card" aria-labelledby="set-stack">
      <h2 id="set-stack">Detected stack</h2>
      <dl class="facts">
        <dt>Languages</dt>
        <dd>
          {languages.length
            ? (
              <ul class="chips">
                {languages.map((l) => <li class="chip" title={`${l.files} files, ${l.lines} lines`}>{l.id}</li>)}
              </ul>
            )
            : <span class="muted">none</span>}
        </dd>
        <dt>Frameworks</dt>
        <dd>
          {frameworks.length
            ? (
              <ul class="chips">
                {frameworks.map((f) => <li class="chip" title={`from ${f.manifest}`}>{f.name}</li>)}
              </ul>
            )
            : <span class="muted">none detected</span>}
        </dd>
        <dt>Package managers</dt>
        <dd>
          {packageManagers.length
            ? <ul class="chips">{packageManagers.map((p) => <li class="chip" title={p.evidence}>{p.name}</li>)}</ul>
            : <span class="muted">none detected</span>}
        </dd>
        <dt>Manifests</dt>
        <dd>
          {manifests.length === 0 ? <span class="muted">none</span> : (
            <ul class="plain small">
              {manifests.slice(0, 12).map((m) => (
                <li>
                  <span class="path">{m.file}</span> <span class="muted">({m.ecosystem})</span>
                </li>
              ))}
              {manifests.length > 12 && <li class="muted">and {manifests.length - 12} more</li>}
            </ul>
          )}
        </dd>
      </dl>
    </article>
  );
}

function Verify({ settings }: { settings: Settings }) {
  const { commands, configured, timeoutSeconds } = settings.verify;
  return (
    <article class="card" aria-labelledby="set-verify">
      <h2 id="set-verify">Verification commands</h2>
      <p class="muted small">
        {configured ? "From the config's verify key" : "Detected from the manifests"} · time limit {timeoutSeconds}{" "}
        s · run by <code>tool verify &lt;task&gt;</code>
      </p>
      {commands.length === 0
        ? <p class="empty">None found: add them under the config's verify key.</p>
        : (
          <ul class="plain">
            {commands.map((c) => (
              <li>
                <strong>{c.name}</strong> <code>{c.run.join(" ")}</code>
              </li>
            ))}
          </ul>
        )}
    </article>
  );
}

function Commands({ index }: { index: ProjectIndex }) {
  return (
    <article class="card wide" aria-labelledby="set-commands">
      <h2 id="set-commands">Command-line commands</h2>
      <p class="muted small">
        Every command takes <code>--json</code> and <code>--root DIR</code>; <code>tool &lt;command&gt; --help</code>
        {" "}
        explains one.
      </p>
      {index.commands.length === 0 ? <p class="empty">The command registry is empty.</p> : (
        <div class="scroll-x">
          <table class="table">
            <thead>
              <tr>
                <th scope="col">Command</th>
                <th scope="col">What it does</th>
                <th scope="col">Usage</th>
              </tr>
            </thead>
            <tbody>
              {index.commands.map((c) => (
                <tr>
                  <td>
                    <code>{c.name}</code>
                  </td>
                  <td>{c.summary}</td>
                  <td>
                    <code class="small usage">{c.usage}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}

function Actions({ doctor, adapters, language }: { doctor: DoctorCheck[]; adapters: { id: string; name: string; active: boolean }[]; language: unknown }) {
  const current = (language && typeof language === "object" ? language : {}) as { docs?: string; code?: string };
  return (
    <article class="card wide" id="settings-actions" aria-labelledby="set-actions">
      <h2 id="set-actions">Doctor and changes</h2>
      <ul class="doctor">
        {doctor.map((c) => (
          <li><span class={`badge ${c.status === "ok" ? "ok" : c.status === "warn" ? "warn" : "high"}`}>{c.status}</span> <strong>{c.name}</strong> {c.detail}{c.fix && <> <span class="muted">fix:</span> <code>{c.fix}</code></>}</li>
        ))}
      </ul>
      <form class="toolbar" hx-post="/ui/settings/language" hx-target="#view" hx-swap="innerHTML">
        <label>Documents in <input name="docs" value={current.docs ?? ""} placeholder="en" size={8} /></label>
        <label>Code comments in <input name="code" value={current.code ?? ""} placeholder="en" size={8} /></label>
        <button class="button" type="submit">Set the languages</button>
      </form>
      <form class="toolbar" hx-post="/ui/settings/adapter" hx-target="#view" hx-swap="innerHTML">
        <label>Coding agent <select name="id">{adapters.map((a) => <option value={a.id} selected={a.active}>{a.name}</option>)}</select></label>
        <button class="button" type="submit">Make it the active adapter</button>
        <a href="#capabilities">Capabilities for it</a>
      </form>
    </article>
  );
}

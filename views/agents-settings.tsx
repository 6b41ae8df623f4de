/** @jsxImportSource hono/jsx */
import type { agentConfiguration } from "../workflow/agents/mod.ts";

type Configuration = ReturnType<typeof agentConfiguration>;
type Notice = { ok: boolean; text: string };

/**
 * The agents card of Settings: each provider with whether it is installed, trusted and up to
 * which permission (trust, change the ceiling, untrust), and the stage routing (provider, model
 * and effort per stage, or the built-in route). Writes post to /ui/settings/agents/*, which run
 * `tool agent trust|untrust|stage` as POST /api/agents/trust and /stage do.
 */
export function AgentsSettings({ config, notice }: { config: Configuration; notice?: Notice }) {
  const installed = config.providers.filter((p) => p.installed);
  return (
    <article class="card wide" id="agents-settings" aria-labelledby="set-agents">
      <h2 id="set-agents">Coding agents</h2>
      {notice && <p class={`output ${notice.ok ? "ok" : "failed"}`} role="status"><span class={`badge ${notice.ok ? "ok" : "high"}`}>{notice.ok ? "saved" : "not saved"}</span> {notice.text}</p>}
      {config.configError && <p class="output failed"><span class="badge high">config</span> "{config.configError.key}" {config.configError.reason}</p>}
      <div class="scroll-x"><table class="table">
        <thead><tr><th>Provider</th><th>Installed</th><th>Trust</th><th>Ceiling</th><th></th></tr></thead>
        <tbody>
          {config.providers.map((p) => (
            <tr>
              <td><strong>{p.name}</strong> <code>{p.bin}</code>{p.custom ? <span class="badge low">custom</span> : ""}</td>
              <td>{p.installed ? <span class="badge ok">installed</span> : <span class="muted">missing: <code>{p.install}</code></span>}</td>
              <td>{p.trusted ? <span class="badge ok">trusted</span> : <span class="badge warn">untrusted</span>}</td>
              <td>
                <form class="inline" hx-post="/ui/settings/agents/trust" hx-target="#agents-settings" hx-swap="outerHTML">
                  <input type="hidden" name="provider" value={p.id} />
                  <select name="maxPermission" aria-label={`Permission ceiling of ${p.name}`}>
                    {config.permissions.map((perm) => <option value={perm} selected={perm === (p.maxPermission ?? "edit")}>{perm}</option>)}
                  </select>{" "}
                  <button class="button" type="submit">{p.trusted ? "Set ceiling" : "Trust"}</button>
                </form>
              </td>
              <td>
                {p.trusted && (
                  <button class="button" hx-post="/ui/settings/agents/trust" hx-vals={JSON.stringify({ provider: p.id, trusted: false })} hx-target="#agents-settings" hx-swap="outerHTML">Untrust</button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table></div>
      <h3>Stage routing</h3>
      <p class="muted">Which agent runs each stage of a task. Runs time out after {config.timeoutMinutes} minutes (agents.timeoutMinutes).</p>
      <div class="scroll-x"><table class="table">
        <thead><tr><th>Stage</th><th>Route</th><th>Change</th></tr></thead>
        <tbody>
          {config.stages.map((stage) => {
            const route = config.routes[stage] as { provider: string; model?: string; effort?: string };
            const configured = Object.hasOwn(config.configuredStages, stage);
            return (
              <tr>
                <td>{stage}</td>
                <td>{[route.provider, route.model, route.effort].filter(Boolean).join(" · ")} {configured ? <span class="badge low">configured</span> : <span class="muted">built in</span>}</td>
                <td>
                  <form class="inline" hx-post="/ui/settings/agents/stage" hx-target="#agents-settings" hx-swap="outerHTML">
                    <input type="hidden" name="stage" value={stage} />
                    <select name="provider" aria-label={`Provider of ${stage}`}>
                      {(installed.length ? installed : config.providers).map((p) => <option value={p.id} selected={p.id === route.provider}>{p.id}</option>)}
                    </select>{" "}
                    <input name="model" value={route.model ?? ""} placeholder="model" aria-label={`Model of ${stage}`} size={12} />{" "}
                    <input name="effort" value={route.effort ?? ""} placeholder="effort" aria-label={`Effort of ${stage}`} size={7} />{" "}
                    <button class="button" type="submit">Route</button>
                  </form>
                  {configured && <button class="button" hx-post="/ui/settings/agents/stage" hx-vals={JSON.stringify({ stage, reset: true })} hx-target="#agents-settings" hx-swap="outerHTML">Reset</button>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table></div>
    </article>
  );
}

/** @jsxImportSource hono/jsx */
import { type Context, Hono } from "hono";
import { isUserError } from "../../core/errors.ts";
import { AgentsSettings } from "../../views/agents-settings.tsx";
import { agentConfiguration } from "../../workflow/agents/mod.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { StageBody, stageAction, TrustBody, trustAction } from "../api/agents.ts";
import { errorStatus } from "../errors.ts";
import { readForm, readJson } from "../validate.ts";

/**
 * The writes of the Settings page's agents card: trust and stage routing, run as POST
 * /api/agents/trust and /stage run them; each answers with the card again, the outcome on top.
 */
export const agentSettingsRoutes = (service: ProjectService) =>
  new Hono()
    .post("/ui/settings/agents/trust", (c) => answer(c, service, async () => {
      const body = await readJson(c, TrustBody);
      const result = await trustAction(service, body);
      return result.output.trim();
    }))
    .post("/ui/settings/agents/stage", (c) => answer(c, service, async () => {
      const body = await readForm(c, StageBody);
      const result = await stageAction(service, body);
      return result.ok ? `${body.stage}: ${body.reset ? "built-in route again" : "routed"}` : String((result.data as { error?: string }).error);
    }));

async function answer(c: Context, service: ProjectService, write: () => Promise<string>) {
  try {
    const text = await write();
    return c.html(<AgentsSettings config={agentConfiguration(service.root)} notice={{ ok: true, text }} />);
  } catch (error) {
    if (!isUserError(error)) throw error;
    c.status(errorStatus(error));
    return c.html(<AgentsSettings config={agentConfiguration(service.root)} notice={{ ok: false, text: (error as Error).message }} />);
  }
}

/** @jsxImportSource hono/jsx */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { isUserError } from "../../core/errors.ts";
import { CapabilitiesPage } from "../../views/capabilities.tsx";
import { renderView } from "../../views/shell.tsx";
import { ADAPTERS, activeAdapter, findEntry, installedState, type Plan, searchCatalog } from "../../workflow/capabilities/mod.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { CapabilitiesBody, capabilityAction } from "../api/capabilities.ts";
import { errorStatus } from "../errors.ts";
import { readJson, readQuery, validate } from "../validate.ts";
import { runTool } from "../api/tool.ts";
import { escapeText, settingsView } from "./shell.ts";

const Query = z.object({ q: z.string().max(200).default(""), kind: z.string().max(20).default(""), ref: z.string().max(100).optional() });

/** The Capabilities page; its install form posts here and gets the page back with the plan. */
export const capabilityViewRoutes = (service: ProjectService) =>
  new Hono()
    .get("/ui/capabilities", (c) => {
      const { q, kind, ref } = readQuery(c, Query);
      return page(c, service, { q, kind }, ref);
    })
    .post("/ui/settings/language", async (c) => {
      const form = await readJson(c, z.object({ docs: z.string().max(40).optional(), code: z.string().max(40).optional() }));
      const args = ["language", ...(form.docs ? [`--docs=${form.docs}`] : []), ...(form.code ? [`--code=${form.code}`] : [])];
      return settingsAnswer(c, service, args);
    })
    .post("/ui/settings/adapter", async (c) => {
      const { id } = await readJson(c, z.object({ id: z.string().max(40) }));
      return settingsAnswer(c, service, ["adapter", "install", id]);
    })
    .post("/ui/capabilities", async (c) => {
      const form = await readJson(c, z.record(z.string(), z.unknown()));
      const refs = ([] as unknown[]).concat(form.ref ?? []).map(String);
      const body = validate(CapabilitiesBody, { action: "add", refs, to: form.to, allowExec: form.allowExec === "true" || form.allowExec === true, apply: form.apply === "true" || form.apply === true }, "body");
      try {
        const { data } = await capabilityAction(service, body);
        const plan = data as Plan;
        return page(c, service, { q: "", kind: "" }, refs[0], plan, plan.applied ? { ok: true, text: `Installed ${refs.join(", ")} for ${plan.adapter}.` } : undefined);
      } catch (error) {
        if (!isUserError(error)) throw error;
        c.status(errorStatus(error));
        return page(c, service, { q: "", kind: "" }, refs[0], undefined, { ok: false, text: (error as Error).message });
      }
    });

function page(c: Context, service: ProjectService, filter: { q: string; kind: string }, ref?: string, plan?: Plan, notice?: { ok: boolean; text: string }) {
  const entries = searchCatalog(filter.q, filter.kind ? { kind: filter.kind } : {});
  const selected = ref ? (() => {
    const entry = findEntry(ref);
    return { ...entry, writes: Object.fromEntries(ADAPTERS.map((a) => [a.id, a.render(entry)])) };
  })() : undefined;
  const active = activeAdapter(service.root);
  return renderView(c, "Capabilities", (
    <CapabilitiesPage entries={entries} installed={installedState(service.root)} adapters={ADAPTERS.map((a) => ({ id: a.id, name: a.name, active: a.id === active }))} filter={filter} selected={selected} plan={plan} notice={notice} />
  ));
}

/** Runs a settings command and answers with the Settings page, the outcome on top. */
async function settingsAnswer(c: Context, service: ProjectService, args: string[]) {
  const result = await runTool(service, args);
  if (result.code === 2) c.status(400);
  const notice = result.code === 0 ? `<p class="notice ok" role="status">${escapeText(result.stdout.trim())}</p>` : `<p class="notice error" role="status">${escapeText(result.stderr.trim())}</p>`;
  return c.html(notice + String(await settingsView(service)));
}

import { Hono } from "hono";
import { z } from "zod";
import { ToolError } from "../../core/errors.ts";
import { ADAPTERS, activeAdapter, catalog, findEntry, install, installedState } from "../../workflow/capabilities/mod.ts";
import { doctor } from "../../workflow/doctor.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { readSettings } from "../../workflow/settings.ts";
import { NO_STORE } from "../errors.ts";
import { readJson, readQuery } from "../validate.ts";
import { runTool, runToolOrRefuse } from "./tool.ts";

export const CapabilitiesBody = z.strictObject({
  action: z.enum(["add", "remove", "sync"]),
  refs: z.array(z.string().min(1).max(100)).max(50),
  to: z.string().max(40).optional(),
  allowExec: z.boolean().default(false),
  force: z.boolean().default(false),
  apply: z.boolean().default(false),
}).refine((b) => b.action === "sync" || b.refs.length > 0, { path: ["refs"], message: "must name at least one catalog entry" });

const SettingsBody = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("language"), docs: z.string().max(40).optional(), code: z.string().max(40).optional() }),
  z.strictObject({ action: z.literal("adapter"), id: z.string().max(40) }),
]);

/** The `tool capability` arguments of a request: every value as --name=value, never re-read as an option. */
export function capabilityArgs(body: z.infer<typeof CapabilitiesBody>): string[] {
  return ["capability", body.action, ...body.refs.map((r) => `--ref=${r}`), "--json",
    ...(body.to ? [`--to=${body.to}`] : []), ...(body.allowExec ? ["--allow-exec"] : []), ...(body.force ? ["--force"] : []), ...(body.apply ? ["--apply"] : [])];
}

/** Runs `tool capability` on the write queue; bad input (exit 2) is a 400, a conflict a 409. */
export async function capabilityAction(service: ProjectService, body: z.infer<typeof CapabilitiesBody>) {
  const args = capabilityArgs(body);
  if (!body.apply) {
    // A plan writes nothing: it needs neither the write queue nor an index refresh.
    const plan = install(service.root, body);
    return { ok: true, data: plan, output: JSON.stringify(plan), command: ["tool", ...args].join(" ") };
  }
  const result = await runTool(service, args);
  const command = ["tool", ...args].join(" ");
  if (result.code !== 0) {
    const message = result.stderr.trim().replace(/^tool capability: /, "");
    if (/edited since tool wrote|is not valid JSON|is not installed for/.test(message)) throw new ToolError("capability-conflict", message, 409);
    if (/the catalog has no/.test(message)) throw new ToolError("unknown-ref", message, 404);
    throw new RangeError(message);
  }
  return { ok: true, data: JSON.parse(result.stdout), output: result.stdout, command };
}

/**
 * Capabilities and settings (SPEC.md): the catalog with what is installed, one entry, installs
 * (a plan unless `apply`), and the settings with the doctor's checks; writes run the commands.
 */
export const capabilityRoutes = (service: ProjectService) =>
  new Hono()
    .get("/capabilities", (c) => {
      const { entries, errors } = catalog();
      return c.json({ catalog: entries, installed: installedState(service.root), adapters: ADAPTERS.map((a) => ({ id: a.id, name: a.name, active: a.id === activeAdapter(service.root) })), errors }, 200, NO_STORE);
    })
    .get("/capability", (c) => {
      const { ref } = readQuery(c, z.object({ ref: z.string() }));
      const entry = findEntry(ref);
      return c.json({ ...entry, writes: Object.fromEntries(ADAPTERS.map((a) => [a.id, a.render(entry)])) }, 200, NO_STORE);
    })
    .post("/capabilities", async (c) => c.json(await capabilityAction(service, await readJson(c, CapabilitiesBody)), 200, NO_STORE))
    .get("/settings", async (c) => {
      const settings = readSettings(service.root);
      const { index } = await service.snapshot();
      return c.json({
        config: settings.config, configError: settings.configErrors[0] ?? null, doctor: doctor(service.root), language: settings.language,
        stack: { languages: index.project.languages, frameworks: index.project.frameworks, packageManagers: index.project.packageManagers },
      }, 200, NO_STORE);
    })
    .post("/settings", async (c) => {
      const body = await readJson(c, SettingsBody);
      const args = body.action === "language"
        ? ["language", "--json", ...(body.docs ? [`--docs=${body.docs}`] : []), ...(body.code ? [`--code=${body.code}`] : [])]
        : ["adapter", "install", body.id, "--json"];
      const result = await runToolOrRefuse(service, args);
      return c.json({ ok: result.code === 0, command: ["tool", ...args].join(" "), output: result.stdout || result.stderr }, 200, NO_STORE);
    });

import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { z } from "zod";
import { type ConfigError, readConfigSection } from "../../analysis/config.ts";
import { updateConfigSection } from "../config-write.ts";
import { PRESETS } from "../tasks/presets.ts";
import { CustomProvider, type Provider, providerTable, SAFE_WORD } from "./providers/mod.ts";
import { Permission, PERMISSIONS } from "./schema.ts";

const Route = z.object({
  provider: z.string().regex(SAFE_WORD).optional(),
  model: z.string().regex(SAFE_WORD, "must be a model name without spaces, shell characters or a leading dash").optional(),
  effort: z.string().regex(SAFE_WORD, "must be an effort name without spaces, shell characters or a leading dash").optional(),
}).strict();
export type Route = z.infer<typeof Route>;

/** `.tool/config.json`, key `agents`. */
export const AgentsConfig = z.object({
  /** Trusted providers and each one's permission ceiling; a provider not here is untrusted. */
  trusted: z.record(z.string(), z.object({ maxPermission: Permission.default("edit") }).strict()).default({}),
  stages: z.record(z.string(), Route).default({}),
  default: z.string().regex(SAFE_WORD).optional(),
  timeoutMinutes: z.number().min(0.01).max(24 * 60).default(30),
  custom: z.array(CustomProvider).max(20).default([]),
}).strict();
export type AgentsConfig = z.infer<typeof AgentsConfig>;

export const DEFAULT_PROVIDER = "claude";
/** Every stage a task can be in, across the workflows, but `done`. */
export const STAGES = [...new Set(Object.values(PRESETS).flatMap((p) => p.stages))].filter((s) => s !== "done");
/** Built-in routing: thinking stages at high effort, building at medium, checking at low. */
const STAGE_EFFORT: Record<string, string> = { spec: "high", plan: "high", build: "medium", verify: "low", review: "high", security: "high", pr: "low" };

export function readAgentsConfig(root: string): { config: AgentsConfig; configError?: ConfigError } {
  const { value, configError } = readConfigSection(root, "agents", AgentsConfig);
  return { config: value, ...(configError ? { configError } : {}) };
}

/** Whether a command is on PATH (or, given as a path, is executable). */
export function onPath(bin: string, path = process.env.PATH ?? ""): boolean {
  const candidates = isAbsolute(bin) || bin.includes("/") ? [bin] : path.split(delimiter).filter(Boolean).map((dir) => join(dir, bin));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export type ProviderInfo = Pick<Provider, "id" | "name" | "bin" | "efforts" | "recommended" | "custom" | "install"> & {
  installed: boolean;
  trusted: boolean;
  maxPermission: Permission | null;
  permissions: Record<Permission, string>;
};

/** The agent configuration of SPEC.md: providers, trust, stage routing, timeout. */
export function agentConfiguration(root: string) {
  const { config, configError } = readAgentsConfig(root);
  const table = providerTable(config.custom);
  const providers: ProviderInfo[] = table.map((p) => ({
    id: p.id, name: p.name, bin: p.bin, install: p.install, efforts: p.efforts, recommended: p.recommended, custom: p.custom,
    installed: onPath(p.bin),
    trusted: Object.hasOwn(config.trusted, p.id),
    maxPermission: config.trusted[p.id]?.maxPermission ?? null,
    permissions: p.permissions,
  }));
  const fallback = config.default ?? DEFAULT_PROVIDER;
  const stageDefaults = Object.fromEntries(STAGES.map((stage) => [stage, { provider: fallback, effort: effortFor(table, fallback, stage) }]));
  const routes = Object.fromEntries(STAGES.map((stage) => [stage, { ...stageDefaults[stage], ...config.stages[stage] }]));
  return {
    providers,
    stages: STAGES,
    stageDefaults,
    configuredStages: config.stages,
    permissions: PERMISSIONS,
    efforts: Object.fromEntries(table.map((p) => [p.id, p.efforts])),
    maxPermission: Object.fromEntries(providers.filter((p) => p.trusted).map((p) => [p.id, p.maxPermission])),
    default: fallback,
    routes,
    timeoutMinutes: config.timeoutMinutes,
    ...(configError ? { configError } : {}),
  };
}

/** The stage's effort when the provider knows it, else none. */
function effortFor(table: Provider[], provider: string, stage: string): string | undefined {
  const effort = STAGE_EFFORT[stage];
  return effort && table.find((p) => p.id === provider)?.efforts.includes(effort) ? effort : undefined;
}

/** Finds a provider by id among the built-in and the configured ones; 400 when unknown. */
export function findProvider(config: AgentsConfig, id: string): Provider {
  const table = providerTable(config.custom);
  const provider = table.find((p) => p.id === id);
  if (!provider) throw new RangeError(`"provider" must be one of ${table.map((p) => p.id).join(", ")}, not "${id}"`);
  return provider;
}

/** Trusts a provider up to a ceiling (edit unless said), or keeps its ceiling when none is given. */
export async function trustProvider(root: string, id: string, maxPermission?: Permission): Promise<AgentsConfig> {
  findProvider(readAgentsConfig(root).config, id);
  return await changeAgents(root, (config) => {
    config.trusted[id] = { maxPermission: maxPermission ?? config.trusted[id]?.maxPermission ?? "edit" };
  });
}

export async function untrustProvider(root: string, id: string): Promise<AgentsConfig> {
  findProvider(readAgentsConfig(root).config, id);
  return await changeAgents(root, (config) => {
    delete config.trusted[id];
  });
}

/** Routes a stage to a provider, model and effort; `reset` returns it to the built-in route. */
export async function routeStage(root: string, stage: string, route: Route & { reset?: boolean }): Promise<AgentsConfig> {
  if (!STAGES.includes(stage)) throw new RangeError(`"stage" must be one of ${STAGES.join(", ")}, not "${stage}"`);
  const checked = Route.safeParse({ provider: route.provider, model: route.model, effort: route.effort });
  if (!checked.success) throw new RangeError(`"${checked.error.issues[0]!.path.join(".")}" ${checked.error.issues[0]!.message}`);
  const parsed = checked.data;
  const current = readAgentsConfig(root).config;
  if (parsed.provider) {
    const provider = findProvider(current, parsed.provider);
    if (parsed.effort && provider.efforts.length && !provider.efforts.includes(parsed.effort)) {
      throw new RangeError(`"effort" must be one of ${provider.efforts.join(", ")} for ${provider.id}, not "${parsed.effort}"`);
    }
  }
  return await changeAgents(root, (config) => {
    if (route.reset) delete config.stages[stage];
    else config.stages[stage] = { ...config.stages[stage], ...Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) };
  });
}

async function changeAgents(root: string, change: (config: AgentsConfig) => void): Promise<AgentsConfig> {
  return await updateConfigSection(root, "agents", (raw) => {
    const parsed = AgentsConfig.safeParse(raw ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new RangeError(`.tool/config.json agents.${issue.path.join(".")} ${issue.message}: fix it before changing agents`);
    }
    const config = parsed.data;
    change(config);
    return config;
  });
}

/** GET /api/agents/models: the provider's own listing when its CLI has one (10 s at most), else the suggested models. */
export function modelList(root: string, id: string): { provider: string; efforts: string[]; models: { id: string; name?: string }[]; listed: boolean } {
  const provider = findProvider(readAgentsConfig(root).config, id);
  if (provider.listModels && onPath(provider.bin)) {
    const result = spawnSync(provider.bin, provider.listModels.args, { cwd: root, encoding: "utf8", timeout: 10_000, stdio: ["ignore", "pipe", "pipe"] });
    const models = result.status === 0 ? provider.listModels.parse(result.stdout) : [];
    if (models.length) return { provider: provider.id, efforts: provider.efforts, models, listed: true };
  }
  return { provider: provider.id, efforts: provider.efforts, models: provider.models, listed: false };
}

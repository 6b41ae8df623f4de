/**
 * Mount prefixes an application reads from its own configuration file: Axum's
 * `.nest(&self.config.server.path_prefix, api)` with `server: { path_prefix: /api/v1 }` in
 * `src/resources/application.yaml`. A scanner that meets a configuration value as a prefix
 * writes it `${config:server.path_prefix}` and marks the mount's prefix unknown; this fills it
 * from the configuration files of the app holding the mount (application, config, settings or
 * app files in YAML, TOML or JSON), and clears the mark when one of them gives a path. A prefix
 * no file gives keeps the mark, so its routes say that their prefix is unknown.
 */
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { appConfigs, appOf } from "../app-configs.ts";
import type { ContractProject } from "../contracts/mod.ts";
import type { FileRoutes, Registration } from "../registration.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

const PLACEHOLDER = /\$\{config:([\w.-]+)\}/g;
// The app's folder (before src/, resources/ or config/), then an application configuration file.
const CONFIG_FILE = /^(?:(.*?)\/)?(?:(?:src\/(?:main\/)?)?(?:resources\/)?|config\/)?(?:application|config|settings|app)(?:[.-][\w-]+)?\.(ya?ml|toml|json)$/;

/** The placeholder a scanner writes for a configuration value read as a prefix (`config.server.path_prefix` -> `${config:server.path_prefix}`). */
export const configPlaceholder = (key: string): string => `\${config:${key}}`;

/** The files' registrations with the configuration prefixes of their mounts filled in where a file gives them. */
export function withConfigPrefixes(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  let configs: ReturnType<typeof readConfigs> | undefined;
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!routes.registrations.some((r) => r.type === "use" && r.prefix.includes("${config:"))) {
      result.set(file, routes);
      continue;
    }
    configs ??= readConfigs(project);
    const values = appOf(configs, file) ?? [];
    const registrations = routes.registrations.map((r): Registration => {
      if (r.type !== "use" || !r.prefix.includes("${config:")) return r;
      let unknown = false;
      const prefix = r.prefix.replace(PLACEHOLDER, (_, key: string) => {
        const value = values.map((v) => valueAt(v, key)).find((v) => typeof v === "string" && v.startsWith("/"));
        return typeof value === "string" ? value : ((unknown = true), "");
      });
      const { prefixUnknown: _, ...rest } = r;
      return unknown ? { ...rest, prefix, prefixUnknown: true } : { ...rest, prefix };
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

/** Every app's parsed configuration files, deepest app first. */
function readConfigs(project: Project | undefined) {
  return appConfigs(project, CONFIG_FILE, (text, path) => {
    try {
      const parsed: unknown = path.endsWith(".toml") ? parseToml(text) : path.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
      return parsed && typeof parsed === "object" ? [parsed] : undefined;
    } catch {
      return undefined; // a file that does not parse gives nothing
    }
  }).reduce<{ root: string; value: unknown[] }[]>((apps, app) => {
    const same = apps.find((a) => a.root === app.root);
    if (same) same.value.push(...app.value);
    else apps.push({ root: app.root, value: [...app.value] });
    return apps;
  }, []);
}

/** The value at a dotted key of a parsed configuration (`server.path_prefix`). */
function valueAt(config: unknown, key: string): unknown {
  let value = config;
  for (const part of key.split(".")) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Registrations settings switch on (`switchedOn`, go/switched-blocks.ts), decided by the
 * configuration the repository ships: where every configuration file that sets one of the keys
 * sets it false (nightingale's `[HTTP.APIForService] Enable = false` in etc/config.toml), the code
 * does not run as shipped and what it registers is left out. A key no such file sets may be given by
 * the environment: an example env file's variable named for it (gotify's `# GOTIFY_OIDC_ENABLED=false`,
 * documenting the default, for `OIDC.Enabled`) decides it too, and so does the default the code
 * gives the setting (navidrome's `viper.SetDefault("jellyfin.enabled", false)`). A key nothing sets is
 * kept: its default may be given in code the analysis does not read.
 *
 * A key naming an environment variable and the value the code compares it with (`env:FEATURE_X=on`,
 * Rails's `if ENV["FEATURE_X"] == "on"`) is on where the example env files give the variable that value,
 * and off where they give another or none: the code reads an unset variable as no value at all.
 *
 * A route so switched off stays, marked, and so does a mount (`if conf.Server.Jellyfin.Enabled {
 * a.MountRouter(...) }`), whose routes are then all marked: dropped, it would leave them served at the root.
 */
import { configFiles, viperDefaults } from "../go/config-fields.ts";
import type { FileRoutes, Registration } from "../registration.ts";

type Project = { listed: Iterable<string>; has(path: string): boolean; text(path: string): string | undefined };

export function withoutSwitchedOff(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  let configs: unknown[] | undefined;
  const decided = new Map<string, boolean | undefined>();
  let env: Map<string, Set<string>> | undefined;
  let defaults: Map<string, Set<string>> | undefined;
  let variables: Map<string, Set<string>> | undefined;
  // A key written `!KEY` must be off (the `else` of `if ENV[...]`): what it registers is off where the setting is on.
  const off = (written: string): boolean => {
    const key = written.replace(/^!/, "");
    const variable = ENV_KEY.exec(key);
    if (!decided.has(key) && variable) decided.set(key, holds((variables ??= exampleVariables(project)).get(variable[1]!), variable[2]!));
    else if (!decided.has(key)) decided.set(key, switchValue((configs ??= configFiles(project, [...(project?.listed ?? [])])), key) ?? envValue((env ??= exampleEnv(project)), key) ?? defaultValue((defaults ??= viperDefaults(project)), key));
    return decided.get(key) === written.startsWith("!");
  };
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!routes.registrations.some((r) => r.type !== "export" && r.switchedOn)) {
      result.set(file, routes);
      continue;
    }
    // A route so switched off stays, marked: a contract documenting it has not drifted from the code.
    result.set(file, {
      ...routes,
      registrations: routes.registrations.flatMap((r: Registration): Registration[] => (r.type === "export" || !r.switchedOn?.some(off) ? [r] : r.type === "route" || r.type === "use" ? [{ ...r, offAsShipped: true }] : [])),
    });
  }
  return result;
}

/**
 * The boolean the configuration files give a key (`HTTP.APIForService.Enable`), matched without
 * case (Go's TOML and YAML readers match field names so): the whole key from any level of a
 * file, or failing that its last two parts. Undefined when no file sets it or files disagree.
 */
function switchValue(configs: readonly unknown[], key: string): boolean | undefined {
  const parts = key.toLowerCase().split(".");
  for (const tail of [parts, parts.slice(-2)]) {
    if (tail.length < (parts.length > 1 ? 2 : 1)) continue;
    const found = new Set<unknown>();
    for (const config of configs) collectAt(config, tail, found, 0);
    if (found.size) return found.size === 1 && typeof [...found][0] === "boolean" ? ([...found][0] as boolean) : undefined;
  }
  return undefined;
}

/** Every value found at the path `parts` below any object of `value`. */
function collectAt(value: unknown, parts: readonly string[], found: Set<unknown>, depth: number): void {
  if (!value || typeof value !== "object" || depth > 8) return;
  const at = valueAt(value, parts);
  if (at !== undefined) found.add(at);
  for (const child of Object.values(value as Record<string, unknown>)) collectAt(child, parts, found, depth + 1);
}

function valueAt(value: unknown, parts: readonly string[]): unknown {
  let current = value;
  for (const part of parts) {
    if (!current || typeof current !== "object") return undefined;
    const entry = Object.entries(current as Record<string, unknown>).find(([k]) => k.toLowerCase() === part);
    if (!entry) return undefined;
    current = entry[1];
  }
  return current;
}

// Example environment files a repository ships: `.env.example`, `gotify-server.env.example`, `.env.sample`, `.sample.env`.
const ENV_EXAMPLE = /(?:^|\/)(?:[\w.-]*\.)?env\.(?:example|sample|dist|template)$|(?:^|\/)\.env\.(?:example|sample|dist|template)$|(?:^|\/)\.?(?:sample|example)\.env$/;
// `GOTIFY_OIDC_ENABLED=false`, or commented out to document the default: `# GOTIFY_OIDC_ENABLED=false`.
const ENV_LINE = /^[ \t]*(?:#[ \t]*)?([A-Z][A-Z0-9_]*)[ \t]*=[ \t]*["']?(true|false)["']?[ \t]*$/gim;

const ENV_KEY = /^env:([A-Z][A-Z0-9_]*)=(.*)$/;

/** The key of a setting held by environment variable `name`, on when it holds `value`. */
export const environmentKey = (name: string, value: string): string => `env:${name}=${value}`;

// Values a boolean reading takes for true (ActiveModel's cast: anything but its false values; these are the ones written).
const TRUE_VALUES = new Set(["true", "1", "t", "on", "yes", "y"]);

/** Whether the values the example env files give a variable are all the one compared with; an unset variable holds none. */
function holds(values: ReadonlySet<string> | undefined, value: string): boolean | undefined {
  if (!values?.size) return false;
  const matches = [...values].map((v) => (value === "true" ? TRUE_VALUES.has(v.toLowerCase()) : v === value));
  return matches.every(Boolean) ? true : matches.some(Boolean) ? undefined : false;
}

// `FEATURE_X=on`, `FEATURE_X="on"`, not commented out: a value the example sets.
const VARIABLE_LINE = /^[ \t]*(?:export[ \t]+)?([A-Z][A-Z0-9_]*)[ \t]*=[ \t]*["']?([^"'\s#]*)["']?[ \t]*(?:#.*)?$/gm;

/** Every value the example env files give each variable. */
function exampleVariables(project: Project | undefined): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  for (const path of project?.listed ?? []) {
    if (!ENV_EXAMPLE.test(path) || /(?:^|\/)(?:test|tests|testdata|examples?)\//.test(path)) continue;
    for (const m of (project!.text(path) ?? "").matchAll(VARIABLE_LINE)) if (m[2]) values.set(m[1]!, (values.get(m[1]!) ?? new Set()).add(m[2]));
  }
  return values;
}

/** The boolean values the example env files give each variable. */
function exampleEnv(project: Project | undefined): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  for (const path of project?.listed ?? []) {
    if (!ENV_EXAMPLE.test(path) || /(?:^|\/)(?:test|tests|testdata|examples?)\//.test(path)) continue;
    for (const m of (project!.text(path) ?? "").matchAll(ENV_LINE)) values.set(m[1]!, (values.get(m[1]!) ?? new Set()).add(m[2]!.toLowerCase()));
  }
  return values;
}

/** A key's value from the variable named for its last two parts (`OIDC.Enabled`: `..._OIDC_ENABLED`); undefined when none or they disagree. */
function envValue(env: ReadonlyMap<string, Set<string>>, key: string): boolean | undefined {
  const suffix = key.split(".").slice(-2).join("_").toUpperCase();
  const found = new Set([...env].filter(([name]) => name === suffix || name.endsWith(`_${suffix}`)).flatMap(([, v]) => [...v]));
  return found.size === 1 ? found.has("true") : undefined;
}

/**
 * A key's default from the longest of its tails a default is given for: the struct the settings
 * load into is one of the key's leading parts (`Server.Jellyfin.Enabled` reads `jellyfin.enabled`,
 * `Server.EnableTranscodingConfig` reads `enabletranscodingconfig`). Undefined when none or they disagree.
 */
function defaultValue(defaults: ReadonlyMap<string, Set<string>>, key: string): boolean | undefined {
  const parts = key.toLowerCase().split(".");
  for (let from = 0; from < parts.length; from++) {
    const found = defaults.get(parts.slice(from).join("."));
    if (found) return found.size === 1 && (found.has("true") || found.has("false")) ? found.has("true") : undefined;
  }
  return undefined;
}

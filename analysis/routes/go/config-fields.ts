/**
 * A Go prefix read from a configuration struct (`r.Group(uiConf.APIBaseURL + "/answer/api/v1")`):
 * the field's keys in its struct tags (`yaml:"api_base_url"`, `mapstructure`, `json`, `toml`, and
 * `env:"API_BASE_URL"`) and the value the repository's configuration files give that key
 * (configs/config.yaml `ui: { api_base_url: '' }`), or its sample env file, or else its tag's default
 * (`default:"/"`) or Viper's. The scanner writes
 * the field as a placeholder (common/configured.ts), filled in before linking.
 */
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { configuredPath } from "../common/configured.ts";
import { sampleEnvValue } from "../js/sample-env-prefix.ts";

type Project = { listed: Iterable<string>; has(path: string): boolean; text(path: string): string | undefined };

const CONFIG_FILE = /(?:^|\/)(?:configs?\/[^/]+|(?:config|conf|settings|application|app)(?:[.-][\w-]+)?)\.(?:ya?ml|toml|json)$/;
const SKIPPED = /(?:^|\/)(?:test|tests|testdata|vendor|node_modules|examples?|docs?)\//;

/** A function giving a configuration field's path value, from its tags and the repository's configuration. */
export function goFieldValues(project: Project | undefined): (field: string) => string | undefined {
  const listed = [...(project?.listed ?? [])];
  let tags: Map<string, Tagged> | undefined;
  let configs: unknown[] | undefined;
  let defaults: Map<string, Set<string>> | undefined;
  const env = sampleEnvValue(project);
  const memo = new Map<string, string | undefined>();
  return (field) => {
    if (memo.has(field)) return memo.get(field);
    tags ??= fieldTags(project, listed);
    configs ??= configFiles(project, listed);
    const tagged = tags.get(field);
    const found = new Set<string>();
    for (const key of tagged?.keys ?? []) for (const config of configs) collect(config, key, found);
    for (const name of tagged?.env ?? []) {
      const value = env(name);
      if (value !== undefined) found.add(value);
    }
    // Nothing set anywhere: the default its tag gives (go-arg's and envconfig's `default:"/"`), or
    // Viper's for the key named for it, at any level (`viper.SetDefault("basepath", "")`, which Viper matches to `BasePath`).
    if (!found.size) for (const given of tagged?.defaults ?? []) found.add(given);
    if (!found.size) {
      defaults ??= viperDefaults(project);
      const key = field.toLowerCase();
      for (const [name, given] of defaults) if (name === key || name.endsWith(`.${key}`)) for (const v of given) found.add(v);
    }
    const paths = [...found].map(configuredPath).filter((v): v is string => v !== undefined);
    const value = new Set(paths).size === 1 ? paths[0] : undefined;
    memo.set(field, value);
    return value;
  };
}

type Tagged = { keys: string[]; env: string[]; defaults: string[] };

/**
 * The keys each struct field is read under: `APIBaseURL string `json:"api_base_url" mapstructure:"api_base_url"``,
 * its environment variables (`env:"X"`, go-arg's `arg:"env:X"`) and its default (`default:"/"`).
 */
function fieldTags(project: Project | undefined, listed: readonly string[]): Map<string, Tagged> {
  const found = new Map<string, Tagged>();
  for (const path of listed) {
    if (!path.endsWith(".go") || path.endsWith("_test.go") || SKIPPED.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("`")) continue;
    for (const m of text.matchAll(/^[ \t]*([A-Z]\w*)[ \t]+[\w.*[\]]+[ \t]+`([^`\n]*)`/gm)) {
      const entry = found.get(m[1]!) ?? { keys: [], env: [], defaults: [] };
      for (const tag of m[2]!.matchAll(/(\w+):"([^",]*)/g)) {
        if (!tag[2] || tag[2] === "-") continue;
        if (tag[1] === "env" || tag[1] === "envconfig") entry.env.push(tag[2]);
        else if (tag[1] === "arg" && tag[2].startsWith("env:")) entry.env.push(tag[2].slice(4));
        else if (tag[1] === "default") entry.defaults.push(tag[2]);
        else if (/^(?:yaml|json|mapstructure|toml|koanf)$/.test(tag[1]!)) entry.keys.push(tag[2]);
      }
      found.set(m[1]!, entry);
    }
  }
  return found;
}

/** The repository's configuration files, parsed. */
export function configFiles(project: Project | undefined, listed: readonly string[]): unknown[] {
  const parsed: unknown[] = [];
  for (const path of listed) {
    if (!CONFIG_FILE.test(path) || SKIPPED.test(path)) continue;
    const text = project!.text(path) ?? "";
    try {
      parsed.push(path.endsWith(".toml") ? parseToml(text) : path.endsWith(".json") ? JSON.parse(text) : parseYaml(text));
    } catch {
      // a file that does not parse gives nothing
    }
  }
  return parsed;
}

/** Every string value under `key`, at any depth. */
function collect(value: unknown, key: string, found: Set<string>, depth = 0): void {
  if (!value || typeof value !== "object" || depth > 8) return;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === key && typeof v === "string") found.add(v);
    else collect(v, key, found, depth + 1);
  }
}

// `viper.SetDefault("basepath", "")`, `viper.SetDefault("jellyfin.enabled", false)`: the default Viper gives a setting nothing else sets.
const VIPER_DEFAULT = /\bviper\s*\.\s*SetDefault\s*\(\s*"([\w.-]+)"\s*,\s*(?:"((?:[^"\\\n]|\\.)*)"|(true|false))\s*\)/g;

/** The string and boolean defaults a Go program gives its Viper settings, by key in lower case (booleans as `true`/`false`). */
export function viperDefaults(project: Pick<Project, "listed" | "text"> | undefined): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".go") || path.endsWith("_test.go") || SKIPPED.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("SetDefault")) continue;
    for (const m of text.matchAll(VIPER_DEFAULT)) {
      const key = m[1]!.toLowerCase();
      values.set(key, (values.get(key) ?? new Set()).add(m[2] ?? m[3]!));
    }
  }
  return values;
}

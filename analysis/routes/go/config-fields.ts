/**
 * A Go prefix read from a configuration struct (`r.Group(uiConf.APIBaseURL + "/answer/api/v1")`),
 * filled in before linking. The scanner writes the field as a placeholder and marks the prefix
 * unknown; this finds the field's keys in its struct tags (`yaml:"api_base_url"`, `mapstructure`,
 * `json`, `toml`, and `env:"API_BASE_URL"`) and the value the repository's configuration files
 * give that key (configs/config.yaml `ui: { api_base_url: '' }`), or its sample env file. A value
 * found once, or the same everywhere, fills the prefix and clears the mark; otherwise the
 * placeholder goes and the routes keep saying their prefix is unknown.
 */
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import type { FileRoutes, Registration } from "../registration.ts";
import { sampleEnvValue } from "../js/sample-env-prefix.ts";

type Project = { listed: Iterable<string>; has(path: string): boolean; text(path: string): string | undefined };

const MARK = "\u0002";
const PLACEHOLDER = new RegExp(`${MARK}([A-Za-z_]\\w*)${MARK}`, "g");
const CONFIG_FILE = /(?:^|\/)(?:configs?\/[^/]+|(?:config|conf|settings|application|app)(?:[.-][\w-]+)?)\.(?:ya?ml|toml|json)$/;
const SKIPPED = /(?:^|\/)(?:test|tests|testdata|vendor|node_modules|examples?|docs?)\//;

/** The placeholder the Go scanner writes for a configuration field read as a prefix (`conf.APIBaseURL` -> its field name). */
export const goFieldPlaceholder = (field: string): string => `${MARK}${field}${MARK}`;

export function withGoConfigFields(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  let valueOf: ((field: string) => string | undefined) | undefined;
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    const marked = (r: Registration) => (r.type === "route" && r.path.includes(MARK)) || (r.type === "use" && r.prefix.includes(MARK));
    if (!routes.registrations.some(marked)) {
      result.set(file, routes);
      continue;
    }
    valueOf ??= fieldValues(project);
    const fill = (text: string): { text: string; known: boolean } => {
      let known = true;
      const filled = text.replace(PLACEHOLDER, (_, field: string) => valueOf!(field) ?? ((known = false), ""));
      return { text: filled, known };
    };
    const registrations = routes.registrations.map((r): Registration => {
      if (!marked(r)) return r;
      const { prefixUnknown: _, ...rest } = r as Registration & { prefixUnknown?: boolean };
      if (r.type === "route") {
        const { text, known } = fill(r.path);
        return { ...(rest as typeof r), path: text, ...(known ? {} : { prefixUnknown: true }) };
      }
      if (r.type === "use") {
        const { text, known } = fill(r.prefix);
        return { ...(rest as typeof r), prefix: text, ...(known ? {} : { prefixUnknown: true }) };
      }
      return r;
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

/** A function giving a configuration field's path value, from its tags and the repository's configuration. */
function fieldValues(project: Project | undefined): (field: string) => string | undefined {
  const listed = [...(project?.listed ?? [])];
  let tags: Map<string, { keys: string[]; env: string[] }> | undefined;
  let configs: unknown[] | undefined;
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
    const paths = [...found].map(asPath).filter((v): v is string => v !== undefined);
    const value = new Set(paths).size === 1 ? paths[0] : undefined;
    memo.set(field, value);
    return value;
  };
}

/** The keys each struct field is read under: `APIBaseURL string `json:"api_base_url" mapstructure:"api_base_url"``. */
function fieldTags(project: Project | undefined, listed: readonly string[]): Map<string, { keys: string[]; env: string[] }> {
  const found = new Map<string, { keys: string[]; env: string[] }>();
  for (const path of listed) {
    if (!path.endsWith(".go") || path.endsWith("_test.go") || SKIPPED.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("`")) continue;
    for (const m of text.matchAll(/^[ \t]*([A-Z]\w*)[ \t]+[\w.*[\]]+[ \t]+`([^`\n]*)`/gm)) {
      const entry = found.get(m[1]!) ?? { keys: [], env: [] };
      for (const tag of m[2]!.matchAll(/(\w+):"([^",]*)/g)) {
        if (!tag[2] || tag[2] === "-") continue;
        if (tag[1] === "env" || tag[1] === "envconfig") entry.env.push(tag[2]);
        else if (/^(?:yaml|json|mapstructure|toml|koanf)$/.test(tag[1]!)) entry.keys.push(tag[2]);
      }
      found.set(m[1]!, entry);
    }
  }
  return found;
}

/** The repository's configuration files, parsed. */
function configFiles(project: Project | undefined, listed: readonly string[]): unknown[] {
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

/** A prefix from a configured value: a path, empty, or a URL's path (`https://host/base` -> `/base`). */
function asPath(value: string): string | undefined {
  if (value === "" || /^\/[\w\-/.]*$/.test(value)) return value.replace(/\/+$/, "");
  const url = /^https?:\/\/[^/]+(\/[\w\-/.]*)?$/.exec(value);
  return url ? (url[1] ?? "").replace(/\/+$/, "") : undefined;
}

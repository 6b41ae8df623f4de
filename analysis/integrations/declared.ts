/**
 * Dependency lists of the structured manifests (JSON, TOML, YAML): package.json, deno.json,
 * pyproject.toml, Pipfile, Cargo.toml, composer.json, pubspec.yaml, Gradle version catalogs.
 * Each reader returns the names as declared; `line` is where the name first appears.
 */
import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";

export type Declared = { name: string; line?: number; features?: string[] };

type Table = Record<string, unknown>;
const isTable = (value: unknown): value is Table =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const table = (value: unknown): Table => (isTable(value) ? value : {});
const keysOf = (value: unknown): string[] => Object.keys(table(value));
const strings = (
  value: unknown,
): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** The 1-based line of the first occurrence of `needle`, or undefined. */
export function lineOf(text: string, needle: string): number | undefined {
  const at = text.indexOf(needle);
  if (at === -1) return undefined;
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < at; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

const named = (text: string, names: Iterable<string>, quote = '"'): Declared[] =>
  [...new Set(names)].map((name) => ({ name, line: lineOf(text, `${quote}${name}${quote}`) ?? lineOf(text, name) }));

/** package.json: every dependency table; `@types/*` packages are types, not integrations. */
export function packageJson(text: string): Declared[] {
  const json = table(JSON.parse(text));
  const names = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"].flatMap((key) =>
    keysOf(json[key])
  );
  return named(text, names.filter((name) => !name.startsWith("@types/")));
}

/**
 * deno.json(c): the npm packages its import map names (`"hono": "npm:hono@^4"`); `jsr:` and URL
 * imports name no npm package. Comments and trailing commas are allowed, as Deno allows them.
 */
export function denoJson(text: string): Declared[] {
  const json = table(parseJsonc(text));
  const names = Object.values(table(json.imports)).flatMap((target) => {
    const match = typeof target === "string" ? /^npm:\/?((?:@[^/@]+\/)?[^/@]+)/.exec(target) : null;
    return match ? [match[1]!] : [];
  });
  return named(text, [...new Set(names)].filter((name) => !name.startsWith("@types/")));
}

/** composer.json: require and require-dev, without the platform (`php`, `ext-*`: no vendor). */
export function composerJson(text: string): Declared[] {
  const json = table(JSON.parse(text));
  return named(text, [...keysOf(json.require), ...keysOf(json["require-dev"])].filter((name) => name.includes("/")));
}

/** The distribution name at the start of a PEP 508 requirement: `psycopg[binary]>=3` -> `psycopg`. */
export const requirementName = (spec: string): string | undefined => /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(spec)?.[1];

/**
 * pyproject.toml: PEP 621 `project.dependencies` and optional dependencies, PEP 735
 * dependency groups, uv's dev dependencies, and Poetry's dependency tables and groups.
 */
export function pyprojectToml(text: string): Declared[] {
  const toml = parseToml(text) as Table;
  const project = table(toml.project);
  const tool = table(toml.tool);
  const poetry = table(tool.poetry);
  const specs = [
    ...strings(project.dependencies),
    ...Object.values(table(project["optional-dependencies"])).flatMap(strings),
    ...Object.values(table(toml["dependency-groups"])).flatMap(strings),
    ...strings(table(tool.uv)["dev-dependencies"]),
  ];
  const poetryNames = [
    ...keysOf(poetry.dependencies),
    ...keysOf(poetry["dev-dependencies"]),
    ...Object.values(table(poetry.group)).flatMap((group) => keysOf(table(group).dependencies)),
  ].filter((name) => name.toLowerCase() !== "python");
  const names = [...specs.map(requirementName).filter((n): n is string => !!n), ...poetryNames];
  return [...new Set(names)].map((name) => ({ name, line: lineOf(text, name) }));
}

/** Pipfile: the packages and dev-packages tables. */
export function pipfile(text: string): Declared[] {
  const toml = parseToml(text) as Table;
  return [...new Set([...keysOf(toml.packages), ...keysOf(toml["dev-packages"])])].map((name) => ({
    name,
    line: lineOf(text, name),
  }));
}

/**
 * Cargo.toml: dependency tables at the top, per target and of the workspace. A renamed
 * dependency (`pg = { package = "tokio-postgres" }`) counts by its package; features are kept
 * because some crates (sqlx, diesel) name the database only there.
 */
export function cargoToml(text: string): Declared[] {
  const toml = parseToml(text) as Table;
  const tables = [toml, table(toml.workspace), ...Object.values(table(toml.target)).map(table)];
  const found = new Map<string, Declared>();
  for (const owner of tables) {
    for (const key of ["dependencies", "dev-dependencies", "build-dependencies"]) {
      for (const [name, spec] of Object.entries(table(owner[key]))) {
        const crate = typeof table(spec).package === "string" ? (table(spec).package as string) : name;
        const known = found.get(crate);
        const features = [...(known?.features ?? []), ...strings(table(spec).features)];
        found.set(crate, {
          name: crate,
          line: known?.line ?? lineOf(text, name),
          ...(features.length ? { features } : {}),
        });
      }
    }
  }
  return [...found.values()];
}

/** pubspec.yaml: dependencies and dev_dependencies (SDK entries such as `flutter` included; the catalog ignores them). */
export function pubspecYaml(text: string): Declared[] {
  const yaml = table(parseYaml(text));
  return [...new Set([...keysOf(yaml.dependencies), ...keysOf(yaml.dev_dependencies)])].map((name) => ({
    name,
    line: lineOf(text, `${name}:`),
  }));
}

/** gradle/libs.versions.toml: the libraries of a Gradle version catalog, as `group:artifact`. */
export function gradleVersionCatalog(text: string): Declared[] {
  const toml = parseToml(text) as Table;
  const found: Declared[] = [];
  for (const [alias, spec] of Object.entries(table(toml.libraries))) {
    const entry = table(spec);
    const coordinates = typeof spec === "string"
      ? spec
      : typeof entry.module === "string"
      ? entry.module
      : typeof entry.group === "string" && typeof entry.name === "string"
      ? `${entry.group}:${entry.name}`
      : undefined;
    const [group, artifact] = coordinates?.split(":") ?? [];
    if (group && artifact) found.push({ name: `${group}:${artifact}`, line: lineOf(text, alias) });
  }
  return found;
}

/**
 * Symfony's container parameters in route paths: `#[Route('%bolt.backend_url%/edit/{id}')]`
 * takes the value `parameters: { bolt.backend_url: /bolt }` gives it in config/services.yaml
 * (or another file of config/ that declares parameters), as the router resolves it when it
 * compiles. Filled after linking; a parameter no file sets is left as written.
 */
import { parse as parseYaml } from "yaml";
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";
import { appConfigs, appOf } from "../app-configs.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

const CONFIG = /^(?:(.*)\/)?config\/(?:services|parameters|packages\/[\w.-]+)\.ya?ml$/;
const PARAMETER = /%([\w.-]+)%/g;
const FRAMEWORKS = new Set(["symfony", "api-platform"]);

/** The container parameters of the Symfony app a file belongs to. */
export type ParametersOf = (file: string) => ReadonlyMap<string, string> | undefined;

/** The parameters of each Symfony app's config/ (its root the folder above config/). */
export function containerParameters(project: Project | undefined): ParametersOf {
  const files = appConfigs(project, CONFIG, readParameters);
  // One map per app: the files of a root merged, services.yaml last (it wins, as it loads last).
  const byRoot = new Map<string, Map<string, string>>();
  for (const { root, value } of files) byRoot.set(root, new Map([...(byRoot.get(root) ?? []), ...value]));
  const apps = [...byRoot].map(([root, value]) => ({ root, value })).sort((a, b) => b.root.length - a.root.length);
  return (file) => appOf(apps, file);
}

/** `%name%` in `text` with the parameters' values, those it knows. */
export function withParameters(text: string, parameters: ReadonlyMap<string, string> | undefined): string {
  return parameters ? text.replace(PARAMETER, (whole, name: string) => parameters.get(name) ?? whole) : text;
}

/** A step after linking: the parameters in Symfony routes' paths filled in (`parametersOf`: containerParameters). */
export function symfonyParameters(parametersOf: ParametersOf): <R extends LinkedRoute>(route: R) => R {
  return (route) => {
    if (!FRAMEWORKS.has(route.framework) || !route.path.includes("%")) return route;
    const path = withParameters(route.path, parametersOf(route.file)).replace(/\/{2,}/g, "/");
    return path === route.path ? route : { ...route, path };
  };
}

// The top-level `parameters:` block alone: the rest of a services file is full of tags (`!tagged_iterator`) a plain reader refuses.
const BLOCK = /^parameters:[ \t]*\n((?:[ \t]+[^\n]*\n?|[ \t]*#[^\n]*\n?|[ \t]*\n)*)/m;

function readParameters(text: string): Map<string, string> | undefined {
  const block = BLOCK.exec(text)?.[0];
  if (!block) return undefined;
  let config: { parameters?: unknown } | undefined;
  try {
    config = parseYaml(block) as typeof config;
  } catch {
    return undefined; // an unreadable block declares no parameters
  }
  const parameters = config?.parameters;
  if (!parameters || typeof parameters !== "object") return undefined;
  const found = new Map<string, string>();
  for (const [name, value] of Object.entries(parameters)) if (typeof value === "string" || typeof value === "number") found.set(name, String(value));
  return found.size ? found : undefined;
}

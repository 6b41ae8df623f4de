/**
 * Sureness (dromara's security framework, `spring-boot-starter-sureness`): its filter
 * authenticates every request but those its `sureness.yml` lists under `excludedResource`
 * (`/api/account/auth/**===*`, `/api/i18n/**===get`). With that file in an app's resources, a
 * route it does not exclude is guarded by `sureness`; an excluded one stays as it is.
 */
import { appConfigs, appOf } from "../app-configs.ts";
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";

const CONFIG = /^(?:(.*)\/)?src\/main\/resources\/sureness\.ya?ml$/;
const FRAMEWORKS = new Set(["spring", "jaxrs"]);

type Exclusion = { path: RegExp; method: string };

export function surenessFilter(project: Pick<ContractProject, "listed" | "has" | "text"> | undefined): <R extends LinkedRoute>(route: R) => R {
  const apps = appConfigs(project, CONFIG, readExclusions);
  if (!apps.length) return (route) => route;
  return (route) => {
    if (!FRAMEWORKS.has(route.framework) || route.kind !== "http" || route.guards.length) return route;
    // An app's controllers may come from other modules it depends on: those take the one configuration there is.
    const excluded = appOf(apps, route.file) ?? (apps.length === 1 ? apps[0]!.value : undefined);
    if (!excluded) return route;
    const sample = route.path.replace(/\{[^}]+\}/g, "x");
    const method = route.method.toLowerCase();
    if (excluded.some((e) => e.path.test(sample) && (e.method === "*" || e.method === method || route.method === "ALL"))) return route;
    return { ...route, guards: ["sureness"] };
  };
}

/** The `excludedResource` entries of a sureness.yml (`path===method`), or undefined when it has none. */
function readExclusions(text: string): Exclusion[] | undefined {
  const block = /^excludedResource:[ \t]*\n((?:[ \t]+-[^\n]*\n?|[ \t]*#[^\n]*\n?|[ \t]*\n)*)/m.exec(text)?.[1];
  if (block === undefined) return undefined;
  const exclusions: Exclusion[] = [];
  for (const line of block.split("\n")) {
    const entry = /^[ \t]+-[ \t]*["']?([^"'#\s]+)===([\w*]+)/.exec(line);
    if (entry) exclusions.push({ path: antPattern(entry[1]!), method: entry[2]!.toLowerCase() });
  }
  return exclusions;
}

/** An Ant-style path pattern (`/api/push/**`, `/**\/*.js`) as a regular expression; `/x/**` matches `/x` too. */
function antPattern(pattern: string): RegExp {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    if (pattern.startsWith("/**", i)) {
      out += "(?:/.*)?";
      i += 2;
    } else if (pattern[i] === "*") out += "[^/]*";
    else out += pattern[i]!.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

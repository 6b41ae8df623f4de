/**
 * Egg.js prefixes from the app's configuration: `router.prefix(config.prefix)` in the router file
 * leaves a placeholder (`${egg-config.prefix}`; no colon, which paths read as a parameter) that
 * is filled after linking from `config/config.default.js` (or `.ts`), where Egg apps set it
 * (`config.prefix = "/api"`, `exports.prefix = "/api"`, or `prefix: "/api"` in the object it
 * returns). Unset there, the placeholder is dropped and the route says its prefix is unknown.
 */
import type { ContractProject } from "../contracts/mod.ts";
import { joinPaths } from "../paths.ts";
import type { LinkedRoute } from "../link.ts";

type Project = Pick<ContractProject, "listed" | "text">;

/** The placeholder the Egg scanner writes for a configured value `key`. */
export const eggConfigPlaceholder = (key: string) => `\${egg-config.${key}}`;
const PLACEHOLDER = /\$\{egg-config\.([\w.]+)\}/g;
const CONFIG_FILE = /(?:^|\/)config\/config\.default\.[cm]?[jt]s$/;

export function eggConfigPrefix(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  let configs: string[] | undefined;
  return (route) => {
    if (route.framework !== "egg" || !route.path.includes("${egg-config.")) return route;
    configs ??= [...(project?.listed ?? [])].filter((path) => CONFIG_FILE.test(path) && !/(^|\/)(node_modules|test)\//.test(path)).map((path) => project!.text(path) ?? "");
    let unknown = false;
    const path = route.path.replace(PLACEHOLDER, (_, key: string) => {
      const value = configs!.map((text) => valueOf(text, key)).find((v) => v !== undefined);
      if (value === undefined) unknown = true;
      return value ?? "";
    });
    return { ...route, path: joinPaths(path), ...(unknown ? { prefixUnknown: true } : {}) };
  };
}

/** A configured string: `config.key = "..."`, `exports.key = "..."`, or `key: "..."`. */
function valueOf(text: string, key: string): string | undefined {
  const name = key.replace(/\./g, "\\.");
  const m = new RegExp(String.raw`(?:\b(?:config|exports)\.${name}\s*=|(?:^|[\s{,])${name}\s*:)\s*(["'\`])([^"'\`]*)\1`, "m").exec(text);
  return m?.[2];
}

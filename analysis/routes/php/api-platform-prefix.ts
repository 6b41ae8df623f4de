/**
 * The prefix Symfony's route configuration gives API Platform's operations, added after linking:
 * `prefix: /api` under the `api_platform` resource of config/routes/api_platform.yaml (the
 * recipe's file) or config/routes.yaml of the Symfony app (the folder holding config/, which may
 * be a subfolder of the repository), in front of every operation's `uriTemplate` in that app.
 */
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";

const CONFIG = /^(?:(.*)\/)?config\/routes(?:\/api_platform)?\.ya?ml$/;

export function apiPlatformPrefix(project: Pick<ContractProject, "listed" | "has" | "text"> | undefined): <R extends LinkedRoute>(route: R) => R {
  const apps = project ? readPrefixes(project) : [];
  if (!apps.length) return (route) => route;
  return (route) => {
    if (route.framework !== "api-platform") return route;
    const app = apps.find((a) => a.root === "" || route.file.startsWith(`${a.root}/`));
    if (!app) return route;
    const base = `/${app.prefix.split("/").filter(Boolean).join("/")}`;
    return { ...route, path: route.path === "/" ? base : base + route.path };
  };
}

/** Each Symfony app's API Platform prefix, deepest app first. */
function readPrefixes(project: Pick<ContractProject, "listed" | "has" | "text">): { root: string; prefix: string }[] {
  const found = new Map<string, string>();
  for (const file of project.listed) {
    const m = CONFIG.exec(file);
    if (!m || !project.has(file)) continue;
    const root = m[1] ?? "";
    const prefix = readPrefix(project.text(file) ?? "");
    if (prefix && !found.has(root)) found.set(root, prefix);
  }
  return [...found].map(([root, prefix]) => ({ root, prefix })).sort((a, b) => b.root.length - a.root.length);
}

/** The `prefix:` of the block that declares `type: api_platform`. */
function readPrefix(text: string): string | undefined {
  for (const block of text.split(/\n(?=\S)/)) {
    if (!/^\s+type:\s*["']?api_platform\b/m.test(block)) continue;
    return /^\s+prefix:\s*["']?([^\s"'#]+)/m.exec(block)?.[1];
  }
  return undefined;
}

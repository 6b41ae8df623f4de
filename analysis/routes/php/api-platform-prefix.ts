/**
 * The prefix Symfony's route configuration gives API Platform's operations, added after linking:
 * `prefix: /api` under the `api_platform` resource of config/routes/api_platform.yaml (the
 * recipe's file) or config/routes.yaml, in front of every operation's `uriTemplate`.
 */
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";

const FILES = ["config/routes/api_platform.yaml", "config/routes/api_platform.yml", "config/routes.yaml", "config/routes.yml"];

export function apiPlatformPrefix(project: Pick<ContractProject, "has" | "text"> | undefined): <R extends LinkedRoute>(route: R) => R {
  const prefix = project ? readPrefix(project) : undefined;
  if (!prefix) return (route) => route;
  const base = `/${prefix.split("/").filter(Boolean).join("/")}`;
  return (route) => (route.framework === "api-platform" ? { ...route, path: route.path === "/" ? base : base + route.path } : route);
}

/** The `prefix:` of the block that declares `type: api_platform`. */
function readPrefix(project: Pick<ContractProject, "has" | "text">): string | undefined {
  for (const file of FILES) {
    if (!project.has(file)) continue;
    for (const block of (project.text(file) ?? "").split(/\n(?=\S)/)) {
      if (!/^\s+type:\s*["']?api_platform\b/m.test(block)) continue;
      return /^\s+prefix:\s*["']?([^\s"'#]+)/m.exec(block)?.[1];
    }
  }
  return undefined;
}

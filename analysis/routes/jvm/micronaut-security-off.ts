/**
 * Micronaut Security turned off by the application's configuration (`micronaut.security.enabled:
 * false` in its `application.yml`, as AKHQ ships until someone configures users): its filter
 * never runs, so neither the secured-by-default rule nor a route's `@Secured` refuses anyone.
 * Those guards stay on the route as checks a setting can turn on (not a sensitive management
 * endpoint's, which micronaut-management refuses on its own).
 */
import type { ContractProject } from "../contracts/mod.ts";
import { appConfigs, appOf } from "../app-configs.ts";
import type { LinkedRoute } from "../link.ts";
import { APPLICATION_CONFIG, placeholderDefault, settingsOf } from "./context-path.ts";
import { SENSITIVE_ENDPOINT } from "./management-endpoints.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

const ENABLED = "micronaut.security.enabled";

export function micronautSecurityOff(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  const off = appConfigs(project, APPLICATION_CONFIG, (text, path) => {
    const value = settingsOf(text, path).get(ENABLED);
    return value === undefined ? undefined : placeholderDefault(value).trim().toLowerCase() === "false";
  });
  if (!off.some((app) => app.value)) return (route) => route;
  return (route) => {
    if (route.framework !== "micronaut" || !route.guards.length || !appOf(off, route.file)) return route;
    // A sensitive management endpoint is refused by micronaut-management itself, security or not.
    const lifted = route.guards.filter((guard) => guard !== SENSITIVE_ENDPOINT);
    if (!lifted.length) return route;
    return { ...route, guards: route.guards.filter((guard) => guard === SENSITIVE_ENDPOINT), checks: [...(route.checks ?? []), ...lifted.map((guard) => `${guard} (${ENABLED}: false)`)] };
  };
}

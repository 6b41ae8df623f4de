/**
 * Symfony's `access_control` rules (config/packages/security.yaml of the app), added after
 * linking: the first rule whose `path` pattern (and `methods`, when listed) matches a route
 * decides; a rule that requires a role or an authenticated user guards it, `PUBLIC_ACCESS` (and
 * the older IS_AUTHENTICATED_ANONYMOUSLY) does not. For Symfony and API Platform routes that carry
 * no guard of their own.
 */
import { parse as parseYaml } from "yaml";
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";

type Rule = { path: RegExp; methods?: string[]; roles: string[] };

const FRAMEWORKS = new Set(["symfony", "api-platform"]);
const CONFIG = /^(?:(.*)\/)?config\/packages\/security\.ya?ml$/;
const OPEN = /^(?:PUBLIC_ACCESS|IS_AUTHENTICATED_ANONYMOUSLY)$/;

export function accessControl(project: Pick<ContractProject, "listed" | "has" | "text"> | undefined): <R extends LinkedRoute>(route: R) => R {
  const apps = project ? readApps(project) : [];
  if (!apps.length) return (route) => route;
  return (route) => {
    if (!FRAMEWORKS.has(route.framework) || route.guards.length) return route;
    const app = apps.find((a) => a.root === "" || route.file.startsWith(`${a.root}/`));
    // Parameters stand for any segment in the path the rules are matched against.
    const sample = route.path.replace(/\{[^}]+\}/g, "x");
    const rule = app?.rules.find((r) => r.path.test(sample) && (!r.methods || r.methods.includes(route.method)));
    if (!rule || rule.roles.every((role) => OPEN.test(role))) return route;
    return { ...route, guards: [`access_control(${rule.roles.join(",")})`] };
  };
}

/** Each Symfony app's rules, deepest app first. */
function readApps(project: Pick<ContractProject, "listed" | "has" | "text">): { root: string; rules: Rule[] }[] {
  const apps: { root: string; rules: Rule[] }[] = [];
  for (const file of project.listed) {
    const m = CONFIG.exec(file);
    if (!m || !project.has(file)) continue;
    let config: { security?: { access_control?: unknown } } | undefined;
    try {
      config = parseYaml(project.text(file) ?? "") as typeof config;
    } catch {
      continue; // an unreadable security.yaml declares no rules
    }
    const list = config?.security?.access_control;
    if (!Array.isArray(list)) continue;
    const rules = list.flatMap((entry): Rule[] => {
      const e = entry as { path?: unknown; roles?: unknown; methods?: unknown };
      if (typeof e.path !== "string") return [];
      let path: RegExp;
      try {
        path = new RegExp(e.path);
      } catch {
        return [];
      }
      const roles = (Array.isArray(e.roles) ? e.roles : [e.roles]).filter((r): r is string => typeof r === "string");
      const methods = Array.isArray(e.methods) ? e.methods.filter((x): x is string => typeof x === "string").map((x) => x.toUpperCase()) : undefined;
      return roles.length ? [{ path, roles, ...(methods?.length ? { methods } : {}) }] : [];
    });
    if (rules.length) apps.push({ root: m[1] ?? "", rules });
  }
  return apps.sort((a, b) => b.root.length - a.root.length);
}

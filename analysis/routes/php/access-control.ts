/**
 * Symfony's `access_control` rules (config/packages/security.yaml of the app, or its security.php, app/config/security.yml in Symfony 2-3), added after
 * linking: the first rule whose `path` pattern (and `methods`, when listed) matches a route
 * decides; a rule that requires a role or an authenticated user guards it, `PUBLIC_ACCESS` (and
 * the older IS_AUTHENTICATED_ANONYMOUSLY) does not. For Symfony and API Platform routes that carry
 * no guard of their own.
 */
import { parse as parseYaml } from "yaml";
import type { ContractProject } from "../contracts/mod.ts";
import { appConfigs, appOf } from "../app-configs.ts";
import { type ParametersOf, withParameters } from "./container-parameters.ts";
import type { LinkedRoute } from "../link.ts";
import { php } from "../../languages/php/mod.ts";
import { strip } from "../../languages/strip.ts";
import type { RouteSource } from "../source.ts";
import { chainedArguments, phpList, phpValue } from "./values.ts";

type Rule = { path: RegExp; methods?: string[]; roles: string[] };

const FRAMEWORKS = new Set(["symfony", "api-platform"]);
// Symfony 4 and later keep it in config/packages/, Symfony 2 and 3 in app/config/.
const CONFIG = /^(?:(.*)\/)?(?:config\/packages|app\/config)\/security\.ya?ml$/;
const OPEN = /^(?:PUBLIC_ACCESS|IS_AUTHENTICATED_ANONYMOUSLY)$/;
// Or in PHP, the SecurityConfig format: `$config->accessControl()->path('^/admin')->roles(['ROLE_ADMIN'])`.
const CONFIG_PHP = /^(?:(.*)\/)?config\/packages\/security\.php$/;

/** `parametersOf`: the apps' container parameters (containerParameters), which a rule's path may name (`^%bolt.backend_url%/login$`). */
export function accessControl(project: Pick<ContractProject, "listed" | "has" | "text"> | undefined, parametersOf: ParametersOf): <R extends LinkedRoute>(route: R) => R {
  const apps = [
    ...appConfigs(project, CONFIG, (text, path) => readRules(text, parametersOf(path))),
    ...appConfigs(project, CONFIG_PHP, (text, path) => readPhpRules(text, path, parametersOf(path))),
  ].sort((a, b) => b.root.length - a.root.length);
  if (!apps.length) return (route) => route;
  return (route) => {
    if (!FRAMEWORKS.has(route.framework) || route.guards.length) return route;
    // Parameters stand for a word, a number or a UUID: a rule written for the values the route takes (`/view/quote/[a-zA-Z0-9-]{36}$`) matches one of them.
    const samples = PARAMETER_SAMPLES.map((value) => route.path.replace(/\{[^}]+\}/g, value));
    const rule = appOf(apps, route.file)?.find((r) => samples.some((sample) => r.path.test(sample)) && (!r.methods || r.methods.includes(route.method)));
    if (!rule || rule.roles.every((role) => OPEN.test(role))) return route;
    return { ...route, guards: [`access_control(${rule.roles.join(",")})`] };
  };
}

const PARAMETER_SAMPLES = ["x", "1", "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"];

const CALLER_CHECK = /\b(?:is_authenticated|is_fully_authenticated|is_remember_me|is_granted|has_role)\s*\(/;

/** Whether an access_control expression requires a caller: each alternative (`or`, `||`) checks one. */
function requiresCaller(expression: string): boolean {
  return expression.split(/\bor\b|\|\|/).every((alternative) => CALLER_CHECK.test(alternative) && !/\bis_anonymous\s*\(|PUBLIC_ACCESS/.test(alternative));
}

/** The access_control rules of one security.php, in order, or undefined when it has none. */
function readPhpRules(text: string, path: string, parameters?: ReadonlyMap<string, string>): Rule[] | undefined {
  const source: RouteSource = { ...strip(text, php.syntax), path, text };
  const rules: Rule[] = [];
  for (const m of source.code.matchAll(/->\s*accessControl\s*\(\s*\)/g)) {
    const calls = chainedArguments(source, m.index + m[0].length);
    const pattern = calls.get("path") && phpValue(source, calls.get("path")!);
    if (pattern === undefined) continue;
    let regex: RegExp;
    try {
      regex = new RegExp(withParameters(pattern, parameters));
    } catch {
      continue;
    }
    const roles = calls.get("roles") ? phpList(source, calls.get("roles")!) : [];
    const allowIf = calls.get("allowIf") && phpValue(source, calls.get("allowIf")!);
    if (!roles.length && allowIf !== undefined) roles.push(requiresCaller(allowIf) ? `allow_if(${allowIf})` : "PUBLIC_ACCESS");
    const methods = calls.get("methods") ? phpList(source, calls.get("methods")!).map((x) => x.toUpperCase()) : [];
    if (roles.length) rules.push({ path: regex, roles, ...(methods.length ? { methods } : {}) });
  }
  return rules.length ? rules : undefined;
}


/** The access_control rules of one security.yaml, or undefined when it has none (or cannot be read). */
function readRules(text: string, parameters?: ReadonlyMap<string, string>): Rule[] | undefined {
  let config: { security?: { access_control?: unknown } } | undefined;
  try {
    config = parseYaml(text) as typeof config;
  } catch {
    return undefined; // an unreadable security.yaml declares no rules
  }
  const list = config?.security?.access_control;
  if (!Array.isArray(list)) return undefined;
  const rules = list.flatMap((entry): Rule[] => {
    const e = entry as { path?: unknown; roles?: unknown; role?: unknown; methods?: unknown; allow_if?: unknown };
    if (typeof e.path !== "string") return [];
    let path: RegExp;
    try {
      path = new RegExp(withParameters(e.path, parameters));
    } catch {
      return [];
    }
    // `role:` is Symfony's singular form of `roles:`; a string lists its roles split at commas.
    const given = e.roles ?? e.role;
    const roles = (Array.isArray(given) ? given : typeof given === "string" ? given.split(",") : []).filter((r): r is string => typeof r === "string").map((r) => r.trim()).filter(Boolean);
    // An expression (`allow_if: 'is_granted("@api.access_api") and is_authenticated()'`) requires the
    // caller when each of its alternatives does; otherwise it lets someone in without one.
    if (!roles.length && typeof e.allow_if === "string") roles.push(requiresCaller(e.allow_if) ? `allow_if(${e.allow_if})` : "PUBLIC_ACCESS");
    const methods = Array.isArray(e.methods) ? e.methods.filter((x): x is string => typeof x === "string").map((x) => x.toUpperCase()) : undefined;
    return roles.length ? [{ path, roles, ...(methods?.length ? { methods } : {}) }] : [];
  });
  return rules.length ? rules : undefined;
}

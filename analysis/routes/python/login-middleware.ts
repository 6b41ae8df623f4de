/**
 * A Django middleware of the settings' MIDDLEWARE that sends every caller not signed in to sign in,
 * added after linking as a guard of each Django route it does not let through: Django's own
 * `LoginRequiredMiddleware` (5.1), which lets through the views marked `@login_not_required` and
 * Django's sign-in views; or the project's class (Archery's `CheckLoginMiddleware`), judged by its
 * `process_request` (or `__call__`): it guards when it tests `request.user.is_authenticated` and
 * answers a redirect, a 401 or 403, or raises PermissionDenied, except for the paths it hands on
 * first, named in a module list (`request.path not in IGNORE_URL`), by a pattern
 * (`re.match(IGNORE_URL_RE, request.path)`) or by a prefix (`request.path.startswith("/api/")`).
 */
import type { ContractProject } from "../contracts/mod.ts";
import { type AppConfig, appOf } from "../app-configs.ts";
import type { LinkedRoute } from "../link.ts";
import { djangoSettings } from "./django-settings.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;
type Paths = { paths: string[]; patterns: RegExp[]; prefixes: string[] };
/** `exempt`: the paths it hands on before checking; `scope`, when it checks only some (`if request.path.startswith("/admin")`). */
type Check = { name: string; exempt: Paths; scope?: Paths; notRequired: boolean };

const MIDDLEWARE = /^MIDDLEWARE(?:_CLASSES)?[ \t]*(?:\+?=)[ \t]*[[(]([^\])]*)[\])]/gm;
const DJANGO_LOGIN_REQUIRED = "django.contrib.auth.middleware.LoginRequiredMiddleware";
// A test that the caller is not signed in, and what turns them away.
const NOT_SIGNED_IN = /\bnot\s+request\.user\.is_authenticated\b|\brequest\.user\.is_anonymous\b/;
const REFUSES = /\bHttpResponseRedirect\s*\(|\bredirect\s*\(|\bredirect_to_login\s*\(|\bHttpResponseForbidden\s*\(|\bstatus\s*=\s*40[13]\b|\braise\s+PermissionDenied\b/;
// Django's sign-in views, which 5.1 marks login_not_required.
const SIGN_IN_VIEW = /\b(?:LoginView|LogoutView|PasswordReset\w*View|login|logout)\b/;

export function djangoLoginMiddleware(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  let apps: AppConfig<Check[]>[] | undefined;
  return (route) => {
    if (route.kind !== "http" || route.guards.length || !route.file.endsWith(".py") || (route.framework !== "django" && route.framework !== "ninja")) return route;
    apps ??= readMiddleware(project);
    if (!apps.length) return route;
    const checks = appOf(apps, route.file) ?? (apps.length === 1 ? apps[0]!.value : []);
    const check = checks.find((c) => !exempted(c, route, project!));
    return check ? { ...route, guards: [check.name] } : route;
  };
}

function readMiddleware(project: Project | undefined): AppConfig<Check[]>[] {
  if (!project) return [];
  return djangoSettings(project, (text, path) => {
    if (/test/i.test(path)) return undefined;
    const entries = [...text.matchAll(MIDDLEWARE)].flatMap((m) => [...m[1]!.matchAll(/["']([\w.]+)["']/g)].map((e) => e[1]!));
    const checks = entries.flatMap((entry): Check[] => {
      if (entry === DJANGO_LOGIN_REQUIRED) return [{ name: "LoginRequiredMiddleware", exempt: { paths: [], patterns: [], prefixes: [] }, notRequired: true }];
      const check = projectMiddleware(project, entry);
      return check ? [check] : [];
    });
    return checks.length ? checks : undefined;
  });
}

/** The project's middleware class a dotted name points to, when it turns away a caller not signed in. */
function projectMiddleware(project: Project, dotted: string): Check | undefined {
  const parts = dotted.split(".");
  const name = parts.at(-1)!;
  const module = `${parts.slice(0, -1).join("/")}.py`;
  const file = [...project.listed].find((p) => p === module || p.endsWith(`/${module}`));
  const text = file ? project.text(file) ?? "" : "";
  const header = new RegExp(String.raw`^class[ \t]+${name}\b[^\n]*:[ \t]*$`, "m").exec(text);
  if (!header) return undefined;
  const rest = text.slice(header.index + header[0].length);
  const body = rest.slice(0, /\n(?=\S)/.exec(rest)?.index ?? rest.length);
  const refusing = /\bdef[ \t]+(?:process_request|__call__)\b/.test(body) ? refusingTest(body) : undefined;
  if (refusing === undefined) return undefined;
  const exempt = pathsTested(text, body, true);
  // What the refusing test itself names (`if request.path.startswith("/admin") and not request.user...`) is all it checks.
  const scope = pathsTested(text, refusing, false);
  const scoped = scope.paths.length + scope.patterns.length + scope.prefixes.length > 0;
  return { name, exempt, ...(scoped ? { scope } : {}), notRequired: false };
}

/**
 * The condition by which the middleware turns away a caller not signed in: an `if` testing so
 * (and not a setting too: pinry's `settings.PUBLIC is False and ...`, off as shipped) whose
 * block, nested tests included, answers a redirect, a 401 or 403. One that hands such a caller on
 * (opencve's onboarding, which only redirects signed-in users) or reads the user for its own ends
 * (a rate limit, a cache) guards nothing.
 */
function refusingTest(body: string): string | undefined {
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const test = /^([ \t]*)(?:el)?if\b(.*)$/.exec(lines[i]!);
    if (!test || !NOT_SIGNED_IN.test(test[2]!) || /\bsettings\./.test(test[2]!)) continue;
    const block: string[] = [];
    for (const next of lines.slice(i + 1)) {
      if (next.trim() && /^[ \t]*/.exec(next)![0].length <= test[1]!.length) break;
      block.push(next);
    }
    if (REFUSES.test(block.join("\n"))) return test[2]!;
  }
  return undefined;
}

/**
 * The paths the middleware's conditions test, those it lets through (`handed`: `request.path not
 * in IGNORE_URL`, `re.match(IGNORE_RE, request.path) is None`, `not request.path.startswith(...)`)
 * or those it checks alone (the same tests without the negation): a module list, a pattern, a prefix.
 */
function pathsTested(module: string, body: string, handed: boolean): Paths {
  const constant = (constantName: string) => new RegExp(String.raw`^${constantName}[ \t]*=[ \t]*([^\n]*(?:\n[ \t]+[^\n]*)*\n?[\])]?)`, "m").exec(module)?.[1] ?? "";
  const strings = (text: string) => [...text.matchAll(/r?["']([^"'\n]+)["']/g)].map((m) => m[1]!);
  const paths = [...body.matchAll(/request\.path(?:_info)?\s+(not\s+)?in\s+([A-Z_][A-Z0-9_]*)/g)].filter((m) => !!m[1] === handed).flatMap((m) => strings(constant(m[2]!)));
  const patterns = [...body.matchAll(/(\bnot\s+)?re\.(?:match|search|fullmatch)\s*\(\s*(?:([A-Z_][A-Z0-9_]*)|r?["']([^"']+)["'])\s*,\s*request\.path[^)]*\)(\s+is\s+None\b)?/g)]
    .filter((m) => !!(m[1] || m[4]) === handed)
    .flatMap((m) => {
      const source = m[2] ? strings(constant(m[2]))[0] : m[3];
      try {
        return source ? [new RegExp(`^(?:${source.replace(/\(\?P</g, "(?<")})`)] : [];
      } catch {
        return [];
      }
    });
  const prefixes = [...body.matchAll(/(\bnot\s+)?request\.path(?:_info)?\.startswith\s*\(\s*r?["']([^"']+)["']/g)].filter((m) => !!m[1] === handed).map((m) => m[2]!);
  return { paths, patterns, prefixes };
}

/** Whether a route is one the middleware lets through: a path it names or does not check, or a view marked not to need a login. */
function exempted(check: Check, route: LinkedRoute, project: Project): boolean {
  const slashed = (p: string) => (p.endsWith("/") ? p : `${p}/`);
  const sample = route.path.replace(/\{[^}]*\}/g, "x");
  const among = (tested: Paths) =>
    tested.paths.some((p) => slashed(p) === slashed(route.path)) || tested.prefixes.some((p) => sample.startsWith(p)) || tested.patterns.some((p) => p.test(sample) || p.test(slashed(sample)));
  if (among(check.exempt) || (check.scope && !among(check.scope))) return true;
  if (!check.notRequired) return false;
  if (SIGN_IN_VIEW.test(route.handler)) return true;
  // `@login_not_required` among the decorators above the view's definition.
  const lines = (project.text(route.file) ?? "").split("\n").slice(Math.max(0, route.line - 6), route.line - 1);
  return lines.some((line) => /^\s*@(?:\w+\.)*login_not_required\b/.test(line));
}

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
import { conditionEnd } from "./middleware-guards.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;
type Paths = { paths: string[]; patterns: RegExp[]; prefixes: string[] };
/** `exempt`: the paths it hands on before checking; `scope`, when it checks only some (`if request.path.startswith("/admin")`). */
type Check = { name: string; exempt: Paths; scope?: Paths; notRequired: boolean };

const MIDDLEWARE = /^MIDDLEWARE(?:_CLASSES)?[ \t]*(?:\+?=)[ \t]*[[(]([^\])]*)[\])]/gm;
const DJANGO_LOGIN_REQUIRED = "django.contrib.auth.middleware.LoginRequiredMiddleware";
// A test that the caller is not signed in, and what turns them away.
// Also a negated check of the request's credentials (MobSF's `if not api_auth(request.META):`).
const NOT_SIGNED_IN = /\bnot\s+request\.user\.is_authenticated\b|\brequest\.user\.is_anonymous\b|\bnot\s+\w*(?:auth|api_key|token)\w*\s*\(\s*request\b/i;
const REFUSES = /\bHttpResponseRedirect\s*\(|\bredirect\s*\(|\bredirect_to_login\s*\(|\bHttpResponseForbidden\s*\(|\bstatus\s*=\s*40[13]\b|,\s*40[13]\s*\)|\braise\s+PermissionDenied\b/;
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
  if (!/\bdef[ \t]+(?:process_request|__call__)\b/.test(body)) return undefined;
  const tests = ifStatements(body);
  // It turns away a caller not signed in (or without the key it checks): an `if` testing so (and
  // not a setting too: pinry's `settings.PUBLIC is False and ...`, off as shipped) whose block,
  // nested tests included, answers a redirect, a 401 or 403. One that hands such a caller on
  // (opencve's onboarding, which only redirects signed-in users) or reads the user for its own
  // ends (a rate limit, a cache) guards nothing.
  if (!tests.some((t) => NOT_SIGNED_IN.test(t.condition) && !/\bsettings\./.test(t.condition) && REFUSES.test(t.block))) return undefined;
  // The paths each test names: an `if` that refuses (or leads to a refusal) checks those it names
  // and lets through those it names negated (`request.path not in IGNORE_URL`); one that hands the
  // request on (`if not request.path.startswith("/api/"): return`) does the opposite.
  const exempt: Paths = { paths: [], patterns: [], prefixes: [] };
  const scope: Paths = { paths: [], patterns: [], prefixes: [] };
  const add = (into: Paths, found: Paths) => {
    into.paths.push(...found.paths);
    into.patterns.push(...found.patterns);
    into.prefixes.push(...found.prefixes);
  };
  for (const t of tests) {
    const refuses = REFUSES.test(t.block);
    const handsOn = !refuses && HANDS_ON.test(t.block);
    if (!refuses && !handsOn) continue;
    add(refuses ? scope : exempt, pathsTested(text, t.condition, false));
    add(refuses ? exempt : scope, pathsTested(text, t.condition, true));
  }
  const scoped = scope.paths.length + scope.patterns.length + scope.prefixes.length > 0;
  return { name, exempt, ...(scoped ? { scope } : {}), notRequired: false };
}

// A block that hands the request on: a bare `return`, `return None`, or the next handler's answer.
const HANDS_ON = /^\s*return(?:\s+None)?\s*$|\breturn\s+(?:self\.)?get_response\s*\(/m;

/** The `if` statements of a body: each condition (over its lines, to the colon outside brackets) and its block. */
function ifStatements(body: string): { condition: string; block: string }[] {
  const found: { condition: string; block: string }[] = [];
  for (const m of body.matchAll(/^([ \t]*)(?:el)?if\b/gm)) {
    const at = conditionEnd(body, m.index + m[0].length);
    const [inline, ...lines] = body.slice(at + 1).split("\n");
    const stop = lines.findIndex((l) => l.trim() && /^[ \t]*/.exec(l)![0].length <= m[1]!.length);
    found.push({ condition: body.slice(m.index + m[0].length, at), block: [inline, ...(stop === -1 ? lines : lines.slice(0, stop))].join("\n") });
  }
  return found;
}

/**
 * The paths a condition tests, negated (`request.path not in IGNORE_URL`, `re.match(IGNORE_RE,
 * request.path) is None`, `not request.path.startswith(...)`) or not: a module list, a pattern, a prefix.
 */
function pathsTested(module: string, condition: string, negated: boolean): Paths {
  // A test inside `not (...)` is negated by it (Archery's `and not (re.match(r"/user/qrcode/\w+", request.path) and ...)`).
  const flipped: [number, number][] = [];
  for (const m of condition.matchAll(/\bnot\s*\(/g)) {
    let depth = 0;
    for (let at = m.index + m[0].length - 1; at < condition.length; at++) {
      if (condition[at] === "(") depth++;
      else if (condition[at] === ")" && --depth === 0) {
        flipped.push([m.index, at]);
        break;
      }
    }
  }
  const isNegated = (at: number, own: boolean) => own !== flipped.some(([from, to]) => from < at && at < to);
  const constant = (constantName: string) => new RegExp(String.raw`^${constantName}[ \t]*=[ \t]*([^\n]*(?:\n[ \t]+[^\n]*)*\n?[\])]?)`, "m").exec(module)?.[1] ?? "";
  const strings = (text: string) => [...text.matchAll(/r?["']([^"'\n]+)["']/g)].map((m) => m[1]!);
  const paths = [...condition.matchAll(/request\.path(?:_info)?\s+(not\s+)?in\s+([A-Z_][A-Z0-9_]*)/g)].filter((m) => isNegated(m.index, !!m[1]) === negated).flatMap((m) => strings(constant(m[2]!)));
  const patterns = [...condition.matchAll(/(\bnot\s+)?re\.(?:match|search|fullmatch)\s*\(\s*(?:([A-Z_][A-Z0-9_]*)|r?["']([^"']+)["'])\s*,\s*request\.path[^)]*\)(\s+is\s+None\b)?/g)]
    .filter((m) => isNegated(m.index, !!(m[1] || m[4])) === negated)
    .flatMap((m) => {
      const source = m[2] ? strings(constant(m[2]))[0] : m[3];
      try {
        return source ? [new RegExp(`^(?:${source.replace(/\(\?P</g, "(?<")})`)] : [];
      } catch {
        return [];
      }
    });
  const prefixes = [...condition.matchAll(/(\bnot\s+)?request\.path(?:_info)?\.startswith\s*\(\s*r?["']([^"']+)["']/g)].filter((m) => isNegated(m.index, !!m[1]) === negated).map((m) => m[2]!);
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

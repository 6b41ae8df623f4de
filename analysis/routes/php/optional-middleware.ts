/**
 * Laravel middleware that guard nobody without a user: those that guard only when asked to, Cachet's `'auth.api' => ApiAuthentication::class`
 * whose `handle(Request $request, Closure $next, $required = false)` lets a caller without a
 * token through unless the route passes `auth.api:true`. Aliases are read where Laravel declares
 * them (app/Http/Kernel.php's `$routeMiddleware` / `$middlewareAliases`, bootstrap/app.php's
 * `->alias([...])`), the class where the project defines it.
 */
import { phpWithoutComments } from "../../languages/php/strings.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const DECLARES_ALIASES = /(?:^|\/)(?:app\/Http\/Kernel|bootstrap\/app)\.php$/;
const ALIAS = /['"]([\w.:-]+)['"]\s*=>\s*\\?([\w\\]+)::class/g;
// A handle() whose parameter after the request and the next closure turns the check on.
const ASKED_FOR = /function\s+handle\s*\([^)]*?\$\w+\s*,\s*(?:\\?Closure\s+)?\$\w+\s*,\s*(?:\??bool\s+)?\$(?:required|force|strict|enforce)\w*\s*=\s*false\b/i;

// A handle() that passes a request without a user on first: `if (!$user || ...) { return $next($request); }`.
const PASSES_ANONYMOUS = /function\s+handle\s*\([^)]*\)[^{]*\{(?:(?!return)[\s\S])*?\bif\s*\(\s*(?:!\s*\$(?:user|request->user\(\))|is_null\s*\(\s*\$user\s*\)|\$user\s*===?\s*null)\b[^{;]*\)\s*\{?\s*return\s+\$next\s*\(/;
// Laravel's own: `auth.session` (AuthenticateSession) checks a signed-in user's session is still
// theirs and lets a request without one through.
const FRAMEWORK_OPTIONAL = new Set(["auth.session", "AuthenticateSession"]);

/**
 * A function telling whether a Laravel guard, as a route names it (`auth.api`, `auth.api:true`,
 * `RequireTwoFactorAuthentication`), lets callers without credentials through: it checks only
 * when asked, or passes a request without a user on before anything else.
 */
export function optionalLaravelMiddleware(project: Project | undefined, classFile: (name: string) => string | undefined): (guard: string) => boolean {
  let optional: Set<string> | undefined;
  const byClass = new Map<string, boolean>();
  return (guard) => {
    // Given any parameter (`auth.api:true`), the check is asked for.
    if (guard.includes(":")) return false;
    if (FRAMEWORK_OPTIONAL.has(guard) || (optional ??= read(project, classFile)).has(guard)) return true;
    const name = guard.split("\\").pop()!;
    if (!/^[A-Z]\w*$/.test(name)) return false;
    let passes = byClass.get(name);
    if (passes === undefined) {
      const file = classFile(name);
      const source = file === undefined ? undefined : project?.text(file);
      byClass.set(name, (passes = !!source && PASSES_ANONYMOUS.test(source)));
    }
    return passes;
  };
}

function read(project: Project | undefined, classFile: (name: string) => string | undefined): Set<string> {
  const optional = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!DECLARES_ALIASES.test(path)) continue;
    for (const m of phpWithoutComments(project!.text(path) ?? "").matchAll(ALIAS)) {
      const file = classFile(m[2]!.split("\\").pop()!);
      const source = file === undefined ? undefined : project!.text(file);
      if (source && (ASKED_FOR.test(source) || PASSES_ANONYMOUS.test(source))) optional.add(m[1]!);
    }
  }
  return optional;
}

/**
 * Laravel middleware that guard only when asked to: Cachet's `'auth.api' => ApiAuthentication::class`
 * whose `handle(Request $request, Closure $next, $required = false)` lets a caller without a
 * token through unless the route passes `auth.api:true`. Aliases are read where Laravel declares
 * them (app/Http/Kernel.php's `$routeMiddleware` / `$middlewareAliases`, bootstrap/app.php's
 * `->alias([...])`), the class where the project defines it.
 */
type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const DECLARES_ALIASES = /(?:^|\/)(?:app\/Http\/Kernel|bootstrap\/app)\.php$/;
const ALIAS = /['"]([\w.:-]+)['"]\s*=>\s*\\?([\w\\]+)::class/g;
// A handle() whose parameter after the request and the next closure turns the check on.
const ASKED_FOR = /function\s+handle\s*\([^)]*?\$\w+\s*,\s*(?:\\?Closure\s+)?\$\w+\s*,\s*(?:\??bool\s+)?\$(?:required|force|strict|enforce)\w*\s*=\s*false\b/i;

/** A function telling whether a Laravel guard, as a route names it (`auth.api`, `auth.api:true`), lets callers without credentials through. */
export function optionalLaravelMiddleware(project: Project | undefined, classFile: (name: string) => string | undefined): (guard: string) => boolean {
  let optional: Set<string> | undefined;
  return (guard) => {
    // Given any parameter (`auth.api:true`), the check is asked for.
    if (guard.includes(":")) return false;
    return (optional ??= read(project, classFile)).has(guard);
  };
}

function read(project: Project | undefined, classFile: (name: string) => string | undefined): Set<string> {
  const optional = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!DECLARES_ALIASES.test(path)) continue;
    for (const m of (project!.text(path) ?? "").matchAll(ALIAS)) {
      const file = classFile(m[2]!.split("\\").pop()!);
      const source = file === undefined ? undefined : project!.text(file);
      if (source && ASKED_FOR.test(source)) optional.add(m[1]!);
    }
  }
  return optional;
}

/**
 * Laravel's middleware aliases, where Laravel declares them: app/Http/Kernel.php's
 * `$routeMiddleware` / `$middlewareAliases`, bootstrap/app.php's `->alias([...])`. Each alias
 * (`'mfa-setup'`) to the class it stands for, without its namespace (`AuthenticatedOrPendingMfa`).
 */
import { phpWithoutComments } from "../../languages/php/strings.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const DECLARES_ALIASES = /(?:^|\/)(?:app\/Http\/Kernel|bootstrap\/app)\.php$/;
const ALIAS = /['"]([\w.:-]+)['"]\s*=>\s*\\?([\w\\]+)::class/g;

export function laravelMiddlewareAliases(project: Project | undefined): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const path of project?.listed ?? []) {
    if (!DECLARES_ALIASES.test(path)) continue;
    // An alias commented out is none.
    for (const m of phpWithoutComments(project!.text(path) ?? "").matchAll(ALIAS)) aliases.set(m[1]!, m[2]!.split("\\").pop()!);
  }
  return aliases;
}

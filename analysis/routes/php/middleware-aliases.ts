/**
 * Laravel's middleware aliases, as app/Http/Kernel.php's `$routeMiddleware` /
 * `$middlewareAliases` or bootstrap/app.php's `->alias([...])` declare them
 * (php/middleware-declarations.ts). Each alias (`'mfa-setup'`) to the class it stands for,
 * without its namespace (`AuthenticatedOrPendingMfa`).
 */
const ALIAS = /['"]([\w.:-]+)['"]\s*=>\s*\\?([\w\\]+)::class/g;

export function laravelMiddlewareAliases(declarations: readonly string[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const text of declarations) for (const m of text.matchAll(ALIAS)) aliases.set(m[1]!, m[2]!.split("\\").pop()!);
  return aliases;
}

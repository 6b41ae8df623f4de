/**
 * Laravel's middleware aliases, as app/Http/Kernel.php's `$routeMiddleware` /
 * `$middlewareAliases` or bootstrap/app.php's `->alias([...])` declare them
 * (php/middleware-declarations.ts). Each alias (`'mfa-setup'`) to the class it stands for,
 * without its namespace (`AuthenticatedOrPendingMfa`).
 */
const ALIAS = /['"]([\w.:-]+)['"]\s*=>\s*\\?([\w\\]+)::class/g;
// A service provider's `$router->aliasMiddleware('customer', AuthenticateCustomer::class)`.
const ALIASED = /\baliasMiddleware\s*\(\s*['"]([\w.:-]+)['"]\s*,\s*\\?([\w\\]+)::class/g;

export function laravelMiddlewareAliases(declarations: readonly string[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const text of declarations) for (const m of [...text.matchAll(ALIAS), ...text.matchAll(ALIASED)]) aliases.set(m[1]!, m[2]!.split("\\").pop()!);
  return aliases;
}

/**
 * Laravel's middleware aliases, as app/Http/Kernel.php's `$routeMiddleware` /
 * `$middlewareAliases` or bootstrap/app.php's `->alias([...])` declare them
 * (php/middleware-declarations.ts). Each alias (`'mfa-setup'`) to the class it stands for, as
 * qualified as the declaration or its imports say (`App\Http\Middleware\AuthenticatedOrPendingMfa`).
 */
const ALIAS = /['"]([\w.:-]+)['"]\s*=>\s*\\?([\w\\]+)::class/g;
// A service provider's `$router->aliasMiddleware('customer', AuthenticateCustomer::class)`.
const ALIASED = /\baliasMiddleware\s*\(\s*['"]([\w.:-]+)['"]\s*,\s*\\?([\w\\]+)::class/g;

// A class imported, under its name or another: `use Webkul\Admin\Http\Middleware\Bouncer as BouncerMiddleware;`.
const IMPORTED = /^[ \t]*use[ \t]+\\?([\w\\]+?)(?:[ \t]+as[ \t]+(\w+))?[ \t]*;/gm;

export function laravelMiddlewareAliases(declarations: readonly string[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const text of declarations) {
    const imported = new Map([...text.matchAll(IMPORTED)].map((m) => [m[2] ?? m[1]!.split("\\").pop()!, m[1]!]));
    for (const m of [...text.matchAll(ALIAS), ...text.matchAll(ALIASED)]) aliases.set(m[1]!, imported.get(m[2]!) ?? m[2]!.replace(/^\\/, ""));
  }
  return aliases;
}

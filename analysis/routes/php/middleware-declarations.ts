/**
 * The files where a Laravel app declares its middleware groups and aliases (app/Http/Kernel.php,
 * bootstrap/app.php, service providers that alias middleware), with their comments blanked: a member or an alias commented out is none.
 */
import { phpWithoutComments } from "../../languages/php/strings.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const DECLARES = /(?:^|\/)(?:app\/Http\/Kernel|bootstrap\/app)\.php$/;

// A package's service provider aliases its own (`$router->aliasMiddleware('customer', AuthenticateCustomer::class)`).
const PROVIDER = /ServiceProvider\.php$/;
const IMPORT = /^\s*use\s+[\w\\]+(?:\s+as\s+\w+)?\s*;/;

export function laravelMiddlewareDeclarations(project: Project | undefined): string[] {
  return [...(project?.listed ?? [])].flatMap((path) => {
    if (DECLARES.test(path)) return [phpWithoutComments(project!.text(path) ?? "")];
    if (!PROVIDER.test(path) || /(?:^|\/)(?:vendor|tests?)\//.test(path)) return [];
    const text = project!.text(path) ?? "";
    // Only its aliasing calls, and the imports that name their classes (`use ...\\Bouncer as BouncerMiddleware;`):
    // the rest of a provider (listeners, bindings) reads like declarations and is none.
    return text.includes("aliasMiddleware") ? [phpWithoutComments(text).split("\n").filter((line) => line.includes("aliasMiddleware") || IMPORT.test(line)).join("\n")] : [];
  });
}

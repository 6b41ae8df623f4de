/**
 * A package the PHP application requires (Laravel Passport, Livewire), whose provider draws routes
 * no file of the app holds: the manifest that requires it (the top composer.json outside vendor/),
 * the folder it is in, the line naming the package, and the major version composer.lock pins,
 * else the one the manifest asks for. A package only the lock names, required by another, counts.
 * Beside it, what the readers of such packages' routes share: the app's own code that may switch
 * them, a value of a package's configuration file, and the app's routes replacing them.
 */
import type { LinkedRoute } from "../link.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

export type RequiredPackage = { composer: string; root: string; line: number; major: number };

export function requiredPackage(project: Project | undefined, name: string): RequiredPackage | undefined {
  const listed = [...(project?.listed ?? [])];
  const composer = listed.filter((p) => /(?:^|\/)composer\.json$/.test(p) && !/(?:^|\/)vendor\//.test(p)).sort((a, b) => a.split("/").length - b.split("/").length)[0];
  const manifest = composer ? project!.text(composer) ?? "" : "";
  const escaped = name.replace(/[/.]/g, "\\$&");
  if (!composer) return undefined;
  const required = new RegExp(`"${escaped}"\\s*:\\s*"([^"]*)"`).exec(manifest);
  const lock = project!.text(composer.replace(/composer\.json$/, "composer.lock"));
  // A package another requires (Livewire under Filament) is installed and discovered all the same: the lock tells.
  const locked = lock && new RegExp(`"name"\\s*:\\s*"${escaped}"\\s*,\\s*"version"\\s*:\\s*"v?(\\d+)`).exec(lock)?.[1];
  if (!required && !locked) return undefined;
  return {
    composer,
    root: composer.includes("/") ? composer.slice(0, composer.lastIndexOf("/") + 1) : "",
    line: required ? manifest.slice(0, required.index).split("\n").length : 1,
    major: locked ? Number(locked) : Number(/(\d+)/.exec(required![1]!)?.[1] ?? NaN),
  };
}

/** The text of the app's PHP files below `root` in the given top folders (`["app", "bootstrap"]`). */
export function appSources(project: Project, root: string, folders: readonly string[]): string[] {
  const inFolders = new RegExp(String.raw`^(?:${folders.join("|")})\/.+\.php$`);
  return [...project.listed].filter((p) => p.startsWith(root) && inFolders.test(p.slice(root.length))).map((p) => project.text(p) ?? "");
}

/** A string a package's configuration file gives a key: `'prefix' => 'sanctum'`, or the default of the env() it reads. */
export function configString(config: string, key: string): string | undefined {
  return new RegExp(String.raw`['"]${key}['"]\s*=>\s*(?:env\(\s*['"]\w+['"]\s*,\s*)?['"]([\w\-/]*)['"]`).exec(config)?.[1];
}

/**
 * Whether a file switches a package's routes (`Passport::ignoreRoutes()`, `$registersJsonApiRoutes =
 * true`) in a service provider's `register()`: the package's provider draws its routes when it boots,
 * and Laravel boots the packages' providers before the app's, so a switch in `boot()` (Paymenter's
 * ignoreRoutes, 2FAuth's JSON API) comes too late to change them.
 */
export function inRegister(text: string, pattern: RegExp): boolean {
  for (const call of text.matchAll(new RegExp(pattern.source, "g"))) {
    const enclosing = [...text.slice(0, call.index).matchAll(/\bfunction\s+(\w+)\s*\(/g)].at(-1)?.[1];
    if (enclosing === "register") return true;
  }
  return false;
}

/**
 * Whether a route is not one a package draws (its file the manifest, as the readers here give it)
 * that a route of the app's own replaces at the same method and path: Laravel keeps the route
 * registered last, the app's (pinkary serving `POST /login` with Fortify's own controller).
 */
export function notReplacedPackageRoute(routes: readonly LinkedRoute[]): (route: LinkedRoute) => boolean {
  const drawn = (r: LinkedRoute) => r.framework === "laravel" && /(?:^|\/)composer\.json$/.test(r.file);
  const own = new Set(routes.filter((r) => !drawn(r)).map((r) => `${r.method} ${r.path}`));
  return (route) => !drawn(route) || !own.has(`${route.method} ${route.path}`);
}

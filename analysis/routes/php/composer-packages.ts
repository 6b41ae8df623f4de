/**
 * A package the PHP application requires (Laravel Passport, Livewire), whose provider draws routes
 * no file of the app holds: the manifest that requires it (the top composer.json outside vendor/),
 * the folder it is in, the line naming the package, and the major version composer.lock pins,
 * else the one the manifest asks for. A package only the lock names, required by another, counts.
 */
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

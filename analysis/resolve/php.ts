import type { FileFacts } from "../facts.ts";
import { dirOf, joinPath, type ProjectFiles } from "../project.ts";
import type { Resolution, Resolver } from "./resolution.ts";

type Autoload = { prefix: string; dirs: string[]; psr0: boolean };
type Composer = {
  autoload?: AutoloadSection;
  "autoload-dev"?: AutoloadSection;
  require?: object;
  "require-dev"?: object;
};
type AutoloadSection = { "psr-4"?: Record<string, string | string[]>; "psr-0"?: Record<string, string | string[]> };

/**
 * Resolves PHP imports. A class name goes through the PSR-4 (and PSR-0) maps of every
 * composer.json, `autoload` and `autoload-dev`, longest prefix first (App\Models\User with
 * "App\\" => "src/" is src/Models/User.php), then through the names files declare (their
 * classes, interfaces, traits, enums and functions); a name that is a declared namespace is a
 * package of its files (coarse). A name under a prefix the project maps or a namespace it
 * declares that matches nothing is unresolved; anything else is external: PHP's own classes
 * as "php", vendor classes as the composer package whose vendor and name match the namespace
 * (Psr\Log -> psr/log, Psr\Http\Message -> psr/http-message, FastRoute -> nikic/fast-route),
 * else the first two segments; a global name no package matches (`use function sprintf;`,
 * `use Exception;`) is PHP's own, "php". A path (require/include) is read against
 * the including file, then the repository root; paths into vendor/ are the "composer" package.
 */
export function phpResolver(project: ProjectFiles, facts: readonly FileFacts[]): Resolver {
  const autoloads: Autoload[] = [];
  const packages: string[] = [];
  for (const manifest of project.named("composer.json").sort()) {
    const composer = project.json(manifest) as Composer | undefined;
    if (!composer || typeof composer !== "object") continue;
    for (const section of [composer.autoload, composer["autoload-dev"]]) {
      for (const [psr0, map] of [[false, section?.["psr-4"]], [true, section?.["psr-0"]]] as const) {
        for (const [prefix, dirs] of Object.entries(map ?? {})) {
          const list = (Array.isArray(dirs) ? dirs : [dirs]).flatMap((d) => joinPath(dirOf(manifest), d) ?? []);
          autoloads.push({ prefix: prefix.replace(/^\\/, ""), dirs: list, psr0 });
        }
      }
    }
    for (const deps of [composer.require, composer["require-dev"]]) {
      packages.push(...Object.keys(deps ?? {}).filter((n) => n.includes("/")));
    }
  }
  autoloads.sort((a, b) => b.prefix.length - a.prefix.length);

  const declared = new Map<string, string>();
  const namespaces = new Map<string, Set<string>>();
  for (const file of facts) {
    if (file.language !== "php") continue;
    for (const name of file.declares ?? []) {
      const key = name.toLowerCase();
      if (!declared.has(key)) declared.set(key, file.path);
      const namespace = key.slice(0, Math.max(0, key.lastIndexOf("\\")));
      if (namespace) (namespaces.get(namespace) ?? namespaces.set(namespace, new Set()).get(namespace)!).add(file.path);
    }
  }
  const localHeads = new Set(
    [...declared.keys(), ...autoloads.map((a) => a.prefix.toLowerCase())].map((n) => n.split("\\")[0]!).filter(Boolean),
  );

  const source = (path: string | undefined): Resolution | undefined => {
    if (path === undefined || !project.has(path)) return undefined;
    return project.sources.has(path) ? { kind: "local", path } : { kind: "asset", path };
  };

  return (specifier, from) => {
    if (/[/.]/.test(specifier)) {
      if (/(^|\/)vendor\//.test(specifier)) return { kind: "external", name: "composer" };
      if (specifier.startsWith("/")) return { kind: "unresolved", reason: "absolute path" };
      const relative = specifier.startsWith("./") || specifier.startsWith("../");
      const found = source(joinPath(dirOf(from), specifier)) ??
        (relative ? undefined : source(joinPath("", specifier)));
      return found ??
        {
          kind: "unresolved",
          reason: relative && joinPath(dirOf(from), specifier) === undefined
            ? "outside the repository"
            : "no such file",
        };
    }
    const name = specifier.replace(/^\\/, "");
    const key = name.toLowerCase();
    let mapped = false;
    for (const { prefix, dirs, psr0 } of autoloads) {
      if (!key.startsWith(prefix.toLowerCase())) continue;
      mapped = true;
      const rest = (psr0 ? name : name.slice(prefix.length)).replace(/\\/g, "/") + ".php";
      for (const dir of dirs) {
        const found = source(joinPath(dir, rest));
        if (found) return found;
      }
    }
    const path = declared.get(key);
    if (path) return { kind: "local", path };
    const files = namespaces.get(key);
    if (files) return { kind: "package", paths: [...files].sort() };
    if (mapped || localHeads.has(key.split("\\")[0]!)) {
      return { kind: "unresolved", reason: `no file declares ${name}` };
    }
    return { kind: "external", name: externalName(name, packages) };
  };
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The composer package a vendor namespace most likely belongs to. */
function externalName(name: string, packages: readonly string[]): string {
  const segments = name.split("\\");
  const parts = segments.map(norm);
  // "http" + "message" for psr/http-message: a package name may span several segments.
  const joined = (from: number) => parts.slice(from).map((_, i) => parts.slice(from, from + i + 1).join(""));
  const afterVendor = new Set(joined(1));
  const fromStart = new Set(joined(0));
  const sameVendor = packages.filter((p) => norm(p.split("/")[0]!) === parts[0]);
  const strong = packages.filter((p) => {
    const [vendor, pkg] = p.split("/").map(norm);
    return (vendor === parts[0] && afterVendor.has(pkg!)) || fromStart.has(pkg!);
  });
  if (strong.length === 1) return strong[0]!;
  if (sameVendor.length === 1) return sameVendor[0]!;
  return segments.length === 1 ? "php" : segments.slice(0, 2).join("\\");
}

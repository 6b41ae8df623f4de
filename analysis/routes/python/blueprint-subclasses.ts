/**
 * Blueprints made from a class of the project's that extends Flask's `Blueprint` in another
 * module, under a name of its own (pgAdmin's `blueprint = DashboardModule(MODULE_NAME, __name__)`,
 * `class DashboardModule(PgAdminModule)`, `class PgAdminModule(Blueprint)`): a scanner reads one
 * file and cannot tell such a call makes a blueprint, so the routes decorated on it hang on
 * nothing. The blueprint's prefix is its `url_prefix=` argument, or the one the class's
 * `__init__` sets by default from the blueprint's name (`kwargs.setdefault('url_prefix', '/' + name)`).
 */
import { python } from "../../languages/python.ts";
import { strip } from "../../languages/strip.ts";
import type { FileRoutes, Registration } from "../registration.ts";
import { chainUp, projectClasses } from "./project-classes.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const FRAMEWORK = "flask";
const BLUEPRINT = /^(?:Blueprint|APIBlueprint)$/;
// `kwargs.setdefault('url_prefix', '/' + name)` in the class's __init__, `name` its first parameter.
const DEFAULT_PREFIX = /def[ \t]+__init__[ \t]*\([ \t]*self[ \t]*,[ \t]*(\w+)[\s\S]*?\bsetdefault[ \t]*\([ \t]*["']url_prefix["'][ \t]*,[ \t]*["']([^"']*)["'][ \t]*\+[ \t]*(\w+)[ \t]*\)/;

export function withBlueprintSubclasses(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): ReadonlyMap<string, FileRoutes> {
  if (!project) return files;
  // The files with Flask routes on a name no registration of theirs makes a router.
  const orphaned = [...files].flatMap(([file, routes]) => {
    const owners = file.endsWith(".py") ? orphanOwners(routes) : new Set<string>();
    return owners.size ? [{ file, routes, owners }] : [];
  });
  if (!orphaned.length) return files;
  // The project's classes are read (every Python file) only once a module makes a route's owner by a call.
  const classes = projectClasses(project);
  const blueprintClass = (name: string) => name !== "Blueprint" && chainUp(classes(), name, 8).some((up) => BLUEPRINT.test(up) && !classes().get(up));
  const result = new Map(files);
  for (const { file, routes, owners } of orphaned) {
    const text = project.text(file);
    if (text === undefined) continue;
    const { code } = strip(text, python.syntax);
    const added: Registration[] = [];
    for (const owner of owners) {
      const made = new RegExp(String.raw`^([ \t]*)${owner}[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*\(([^)]*)\)`, "m").exec(code);
      if (!made || made[1] || !blueprintClass(made[2]!)) continue;
      const args = text.slice(made.index + made[0].length - made[3]!.length - 1, made.index + made[0].length - 1);
      added.push({ type: "router", framework: FRAMEWORK, name: owner, prefix: prefixOf(args, made[2]!, classes(), text) ?? "", guards: [], line: lineAt(code, made.index) });
    }
    if (added.length) result.set(file, { ...routes, registrations: [...added, ...routes.registrations] });
  }
  return result;
}

/** The owners of a file's Flask routes that no registration of the file makes a router. */
function orphanOwners(routes: FileRoutes): Set<string> {
  const routers = new Set(routes.registrations.flatMap((r) => (r.type === "router" ? [r.name] : [])));
  return new Set(routes.registrations.flatMap((r) => (r.type === "route" && r.framework === FRAMEWORK && !routers.has(r.owner) && /^[A-Za-z_]\w*$/.test(r.owner) ? [r.owner] : [])));
}

/** The blueprint's prefix: `url_prefix=` given, else the default its class sets from the name given first. */
function prefixOf(args: string, cls: string, classes: ReturnType<ReturnType<typeof projectClasses>>, text: string): string | undefined {
  const given = /\burl_prefix[ \t]*=[ \t]*["']([^"']*)["']/.exec(args)?.[1];
  if (given !== undefined) return given;
  for (const up of chainUp(classes, cls, 8)) {
    const init = DEFAULT_PREFIX.exec(classes.get(up)?.text ?? "");
    if (!init || init[1] !== init[3]) continue;
    const first = args.split(",")[0]!.trim();
    const name = /^["']([^"']*)["']$/.exec(first)?.[1] ?? new RegExp(String.raw`^${first}[ \t]*=[ \t]*["']([^"']*)["']`, "m").exec(text)?.[1];
    return name === undefined ? undefined : `${init[2]}${name}`;
  }
  return undefined;
}

const lineAt = (code: string, index: number) => code.slice(0, index).split("\n").length;

/**
 * The files where a Laravel app declares its middleware groups and aliases (app/Http/Kernel.php,
 * bootstrap/app.php), with their comments blanked: a member or an alias commented out is none.
 */
import { phpWithoutComments } from "../../languages/php/strings.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const DECLARES = /(?:^|\/)(?:app\/Http\/Kernel|bootstrap\/app)\.php$/;

export function laravelMiddlewareDeclarations(project: Project | undefined): string[] {
  return [...(project?.listed ?? [])].filter((path) => DECLARES.test(path)).map((path) => phpWithoutComments(project!.text(path) ?? ""));
}

/**
 * A method called on a struct field whose struct another file of the package declares, filled in
 * before linking: `svc.apiKeyModule.RegisterRoutes(apiGroup, ...)`, with `type services struct {
 * apiKeyModule *apikey.Module }` in services.go, mounts what `apikey.Module`'s `RegisterRoutes`
 * registers. The scanner sees one file, so it names the call by the field
 * (`internal/bootstrap::services.apiKeyModule->RegisterRoutes`, see `fieldCall`); this reads the
 * package's structs and names the method of the field's type (`internal/apikey::Module.RegisterRoutes`).
 * A field or type not found leaves the method by its name alone (`*::RegisterRoutes`), as before.
 */
import { go } from "../../languages/go.ts";
import { strip } from "../../languages/strip.ts";
import { dirOf } from "../../project.ts";
import type { FileRoutes, Registration } from "../registration.ts";
import { goImportFolders } from "./import-folders.ts";
import { goFile } from "./source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const ARROW = "->";
// `#2`: the method's second router parameter, as the scanner numbers them.
const FIELD_CALL = /^(.*)::([A-Za-z_]\w*)\.([A-Za-z_]\w*)->([A-Za-z_]\w*(?:#\d+)?)$/;
const CONSTRUCTED_CALL = /^(.*)::([A-Za-z_]\w*)\(\)->([A-Za-z_]\w*(?:#\d+)?)$/;

/** The name the scanner gives a call of `method` on field `field` of struct `type` declared in package folder `scope`. */
export const fieldCall = (scope: string, type: string, field: string, method: string): string => `${scope}::${type}.${field}${ARROW}${method}`;

/**
 * The name the scanner gives a method of what a constructor of package folder `scope` returns
 * (`newAPIKeyHandler(enc, svc).Routes`): the constructor may be declared in another file, with a
 * result type its name does not tell (`*apikeyHandler`).
 */
export const constructedCall = (scope: string, constructor: string, method: string): string => `${scope}::${constructor}()${ARROW}${method}`;

/** The type a constructor is named for by Go's convention: `NewUsers` a `Users`, `newUsers` a `users`. */
export const conventionalType = (constructor: string): string | undefined => {
  const exported = /^New(\w+)$/.exec(constructor)?.[1];
  const unexported = /^new([A-Z]\w*)$/.exec(constructor)?.[1];
  return exported ?? (unexported && unexported[0]!.toLowerCase() + unexported.slice(1));
};

export function withGoFieldTypes(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  let resolve: ((name: string) => string) | undefined;
  const result = new Map<string, FileRoutes>();
  const marked = (r: Registration) => r.type === "use" && r.args.some((a) => a.includes(ARROW));
  for (const [file, routes] of files) {
    if (!file.endsWith(".go") || !routes.registrations.some(marked)) {
      result.set(file, routes);
      continue;
    }
    resolve ??= fieldTypes(project);
    const registrations = routes.registrations.map((r): Registration => (r.type === "use" && marked(r) ? { ...r, args: r.args.map((a) => (a.includes(ARROW) ? resolve!(a) : a)) } : r));
    result.set(file, { ...routes, registrations });
  }
  return result;
}

/** Names a field call by the method of the field's type, read from the package's files. */
function fieldTypes(project: Project | undefined): (name: string) => string {
  const listed = [...(project?.listed ?? [])];
  const folderOf = goImportFolders(listed, project);
  const packages = new Map<string, { fields: Map<string, string>; imports: Map<string, string>; code: string }[]>();
  const packageAt = (folder: string) => {
    let known = packages.get(folder);
    if (!known) {
      known = listed.filter((p) => p.endsWith(".go") && !p.endsWith("_test.go") && dirOf(p) === folder).flatMap((path) => {
        const text = project!.text(path);
        if (text === undefined) return [];
        const source = { ...strip(text, go.syntax), path, text };
        return [{ ...goFile(source), code: source.code }];
      });
      packages.set(folder, known);
    }
    return known;
  };
  return (name) => {
    const built = CONSTRUCTED_CALL.exec(name);
    if (built) {
      const [, scope, constructor, method] = built as unknown as [string, string, string, string];
      const declared = packageAt(scope).map((file) => new RegExp(String.raw`\bfunc\s+${constructor}\s*\([^)]*\)\s*\*?([A-Za-z_]\w*)\s*\{`).exec(file.code)?.[1]).find(Boolean);
      return `${scope}::${declared ?? conventionalType(constructor)}.${method}`;
    }
    const m = FIELD_CALL.exec(name);
    if (!m) return name;
    const [, scope, type, field, method] = m as unknown as [string, string, string, string, string];
    for (const file of packageAt(scope)) {
      const fieldType = file.fields.get(`${type}.${field}`);
      const typed = fieldType && /^\*?(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)$/.exec(fieldType);
      if (!typed) continue;
      const folder = typed[1] ? folderOf(file.imports.get(typed[1]) ?? "") : scope;
      if (folder !== undefined) return `${folder}::${typed[2]}.${method}`;
    }
    return `*::${method}`;
  };
}

import { dirOf } from "../project.ts";

/** A router the linker knows: its file, its name as registered and its framework. */
export type NamedRouter<T> = { file: string; name: string; framework: string; value: T };

/**
 * Finds routers by qualified names, written `scope::name`, for languages whose names cross
 * files without an import of the file that defines them: a Go package (every file of a
 * folder), a Kotlin or Java package, a Swift module, a C# namespace, a Rust module path.
 * Scanners register such routers under a name qualified by their own scope
 * (`internal/api::Register`, `internal/api::Handler.Routes` for a method) and refer to them
 * the same way when they know the scope. When the scope is an import specifier of the
 * referring file (`github.com/acme/app/api::Register`, `mod users::router`), the router is
 * looked for in the file that specifier resolves to, then in that file's folder (a Go import
 * names one file of its package), also as a method (`Routes` finds `Handler.Routes`). `*::name`
 * and a scope left unresolved fall back to the router of the framework with that name, or
 * of several, to the one nearest the referring file (one app of a repository holding several).
 * Names without `::` are not qualified: the lookup answers undefined.
 */
export function qualifiedLookup<T>(routers: readonly NamedRouter<T>[], resolve: (from: string, specifier: string) => string | undefined): (file: string, name: string, framework: string) => T | undefined {
  const byName = new Map<string, NamedRouter<T>[]>();
  const byFolder = new Map<string, NamedRouter<T>[]>();
  const byLocal = new Map<string, NamedRouter<T>[]>();
  const add = (map: Map<string, NamedRouter<T>[]>, key: string, r: NamedRouter<T>) => map.set(key, [...(map.get(key) ?? []), r]);
  for (const r of routers) {
    if (!r.name.includes("::")) continue;
    add(byName, `${r.framework}\0${r.name}`, r);
    add(byFolder, `${r.framework}\0${dirOf(r.file)}`, r);
    add(byLocal, `${r.framework}\0${localName(r.name)}`, r);
    const member = localName(r.name).split(".").at(-1)!;
    if (member !== localName(r.name)) {
      add(byLocal, `${r.framework}\0.${member}`, r);
      // `Type.`: a router method of the type, whatever its name (a class handed as a type argument).
      add(byLocal, `${r.framework}\0${localName(r.name).slice(0, -member.length)}`, r);
    }
  }
  return (file, name, framework) => {
    const cut = name.lastIndexOf("::");
    if (cut === -1) return undefined;
    const exact = byName.get(`${framework}\0${name}`);
    if (exact) return nearest(exact, file).value;
    const scope = name.slice(0, cut);
    const local = name.slice(cut + 2);
    const target = scope === "*" ? undefined : resolve(file, scope);
    if (target !== undefined) {
      const named = (byFolder.get(`${framework}\0${dirOf(target)}`) ?? []).filter((r) => localName(r.name) === local || localName(r.name).endsWith("." + local));
      const found = named.find((r) => r.file === target) ?? named[0];
      if (found) return found.value;
    }
    const named = byLocal.get(`${framework}\0${local}`) ?? byLocal.get(`${framework}\0.${local}`) ?? [];
    return closest(named, file)?.value;
  };
}

/** The name after the last `::`. */
const localName = (name: string): string => name.slice(name.lastIndexOf("::") + 2);

/** Of routers sharing one name (one per crate or module of a workspace), the one whose file shares the longest folder path with `file`. */
function nearest<T>(routers: readonly NamedRouter<T>[], file: string): NamedRouter<T> {
  return routers.reduce((best, r) => (score(r, file) > score(best, file) ? r : best));
}

/** The one router with a name, or of several, the one strictly nearest `file` (one app of a repository holding several); undefined when none is. */
function closest<T>(routers: readonly NamedRouter<T>[], file: string): NamedRouter<T> | undefined {
  if (routers.length <= 1) return routers[0];
  const scores = routers.map((r) => score(r, file));
  const best = Math.max(...scores);
  return scores.filter((s) => s === best).length === 1 ? routers[scores.indexOf(best)] : undefined;
}

/** How many folders a router's file shares with `file` (its own file counts most). */
function score<T>(router: NamedRouter<T>, file: string): number {
  if (router.file === file) return Infinity;
  const x = router.file.split("/");
  const y = file.split("/");
  let i = 0;
  while (i < x.length - 1 && i < y.length - 1 && x[i] === y[i]) i++;
  return i;
}

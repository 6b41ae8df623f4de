/**
 * The dependencies a FastAPI class-based view runs for every route of its class: attributes
 * written `user: User = Depends(get_current_user)` on the class or on a base it extends
 * (`class RecipeRoutes(BaseUserController)` in one module, `BaseUserController` in another),
 * as fastapi-utils' `@cbv(router)` and the projects that copy it make them. Bases are followed
 * by name through five levels.
 */
import type { ProjectClass } from "./project-classes.ts";

// `name: Type = Depends(dep)` (or Security), at the class body's own indentation.
const ATTRIBUTE = /^[ \t]+[A-Za-z_]\w*[ \t]*:[^=\n]+=[ \t]*(?:Depends|Security)[ \t]*\([^\n]*$/gm;

/** A function answering the text of the dependency attributes a class (by name) and its bases declare. */
export function classDependencies(classes: () => ReadonlyMap<string, ProjectClass>): (name: string) => string {
  const collect = (name: string, depth: number, seen: Set<string>): string => {
    const cls = classes().get(name);
    if (!cls || depth > 5 || seen.has(name)) return "";
    seen.add(name);
    const attributes = [...cls.body.matchAll(ATTRIBUTE)].map((a) => a[0]).join("\n");
    return [attributes, ...cls.bases.map((base) => collect(base, depth + 1, seen))].join("\n");
  };
  return (name) => collect(name, 0, new Set());
}

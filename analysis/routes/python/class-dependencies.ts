/**
 * The dependencies a FastAPI class-based view runs for every route of its class: attributes
 * written `user: User = Depends(get_current_user)` on the class or on a base it extends
 * (`class RecipeRoutes(BaseUserController)` in one module, `BaseUserController` in another),
 * as fastapi-utils' `@cbv(router)` and the projects that copy it make them. Classes are matched
 * by name across the project's Python files outside tests, through five levels of bases.
 */
import { python } from "../../languages/python.ts";
import { strip } from "../../languages/strip.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
type ClassInfo = { bases: string[]; attributes: string };

const CLASS = /^([ \t]*)class[ \t]+([A-Za-z_]\w*)[ \t]*(?:\(([^)]*)\))?[ \t]*:/gm;
// `name: Type = Depends(dep)` (or Security), at the class body's own indentation.
const ATTRIBUTE = /^[ \t]+[A-Za-z_]\w*[ \t]*:[^=\n]+=[ \t]*(?:Depends|Security)[ \t]*\([^\n]*$/gm;

/** A function answering the text of the dependency attributes a class (by name) and its bases declare. */
export function classDependencies(project: Project | undefined): (name: string) => string {
  let classes: Map<string, ClassInfo> | undefined;
  const collect = (name: string, depth: number, seen: Set<string>): string => {
    const info = classes!.get(name);
    if (!info || depth > 5 || seen.has(name)) return "";
    seen.add(name);
    return [info.attributes, ...info.bases.map((base) => collect(base, depth + 1, seen))].join("\n");
  };
  return (name) => {
    classes ??= read(project);
    return collect(name, 0, new Set());
  };
}

function read(project: Project | undefined): Map<string, ClassInfo> {
  const classes = new Map<string, ClassInfo>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)tests?\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    // A class may take its dependencies from bases in other modules: every file with a class counts.
    if (!text.includes("class ")) continue;
    const { code } = strip(text, python.syntax);
    const all = [...code.matchAll(CLASS)];
    all.forEach((m, i) => {
      const body = code.slice(m.index + m[0].length, all[i + 1]?.index ?? code.length);
      const attributes = [...body.matchAll(ATTRIBUTE)].map((a) => a[0]).join("\n");
      const bases = (m[3] ?? "").split(",").map((b) => b.trim().split(".").at(-1)!).filter((b) => /^[A-Za-z_]\w*$/.test(b));
      if (!classes.has(m[2]!)) classes.set(m[2]!, { bases, attributes });
    });
  }
  return classes;
}

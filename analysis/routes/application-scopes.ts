/**
 * A repository holding several applications of one framework (Spring Boot services, NestJS
 * apps of a monorepo): what one application declares for every route (a security rule, a
 * global prefix, a versioning) concerns its own routes. Given the applications' folders, each
 * such declaration is limited to its file's application (`in`) or kept out of the others'
 * (`notIn`), before linking. A file in no application (a shared library) is left as it is.
 */
import { innermostFolder } from "../project.ts";
import type { FileRoutes, Registration } from "./registration.ts";

type Global = Extract<Registration, { type: "global" }>;

export function withApplicationScopes(
  files: ReadonlyMap<string, FileRoutes>,
  roots: readonly string[],
  applies: (r: Registration) => r is Global,
  scoped: (r: Global, own: string, others: readonly string[], file: string) => Global,
): ReadonlyMap<string, FileRoutes> {
  if (roots.length < 2) return files;
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    const own = routes.registrations.some(applies) ? innermostFolder(roots, file) : undefined;
    if (own === undefined) {
      result.set(file, routes);
      continue;
    }
    // The other applications: not this one, nor one it sits in (a parent module whose application includes it).
    const others = roots.filter((r) => r !== own && r !== "" && !own.startsWith(`${r}/`));
    result.set(file, { ...routes, registrations: routes.registrations.map((r) => (applies(r) ? scoped(r, own, others, file) : r)) });
  }
  return result;
}

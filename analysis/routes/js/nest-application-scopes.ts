/**
 * A repository holding several NestJS applications (Novu's api, worker, ws and webhook apps): what
 * one application's bootstrap sets for every route (`app.setGlobalPrefix("v1")`,
 * `app.enableVersioning(...)`, `app.useGlobalGuards(...)`) is about its own routes, not those of
 * the applications beside it. Filled in before linking: an application is the folder of a
 * package.json whose entry file starts one (`NestFactory.create(`); each global setting is limited to
 * the application its file is in. Routes of a package that is no application (a shared library)
 * keep every application's guards, as the applications that import it serve them.
 */
import { innermostFolder } from "../../project.ts";
import type { FileRoutes, Registration } from "../registration.ts";
import { withApplicationScopes } from "../application-scopes.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// Where an application starts: its entry file (`main.ts`, `bootstrap.ts`, `server.ts`, `app.ts`, `index.ts`).
const BOOTSTRAP = /(?:^|\/)(?:main|bootstrap|server|app|index)\.[cm]?[jt]s$/;
const STARTS_APPLICATION = /\bNestFactory\s*\.\s*create(?:Microservice)?\s*(?:<[^>]*>)?\s*\(/;

export function withNestApplicationScopes(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): ReadonlyMap<string, FileRoutes> {
  const global = (r: Registration): r is Extract<Registration, { type: "global" }> => r.type === "global" && r.framework === "nestjs";
  if (!project || ![...files.values()].some((f) => f.registrations.some(global))) return files;
  // A prefix and a versioning hold in the application's folder; a guard stays out of the others'.
  return withApplicationScopes(files, applicationRoots(project), global, (r, own, others) => ({
    ...r,
    ...(r.prefix !== undefined || r.version ? { in: [own] } : {}),
    ...(r.guard && others.length ? { notIn: [...others] } : {}),
  }));
}

/**
 * The NestJS application a route's file is in (the folder of its package), or "" for a file of a
 * shared package or a repository of one application: two applications serving one path is no
 * duplicate.
 */
export function nestApplicationOf(project: Project | undefined): (file: string) => string {
  let roots: string[] | undefined;
  return (file) => {
    roots ??= project ? applicationRoots(project) : [];
    return roots.length < 2 ? "" : innermostFolder(roots, file) ?? "";
  };
}

// Per project: the before-linking step and the duplicates both ask, and each answer reads the entry files.
const rootsOf = new WeakMap<Project, string[]>();

/** The folders of the packages whose bootstrap file starts a NestJS application ("" for the repository's root). */
function applicationRoots(project: Project): string[] {
  let found = rootsOf.get(project);
  if (!found) rootsOf.set(project, (found = readApplicationRoots(project)));
  return found;
}

function readApplicationRoots(project: Project): string[] {
  const listed = [...project.listed];
  const packages = listed.filter((f) => /(?:^|\/)package\.json$/.test(f)).map((f) => f.replace(/\/?package\.json$/, ""));
  const roots = new Set<string>();
  for (const file of listed) {
    if (!BOOTSTRAP.test(file) || /(?:^|\/)(?:test|tests|__tests__|e2e)\//.test(file)) continue;
    const pkg = innermostFolder(packages, file);
    if (pkg === undefined || roots.has(pkg)) continue;
    if (STARTS_APPLICATION.test(project.text(file) ?? "")) roots.add(pkg);
  }
  return [...roots];
}

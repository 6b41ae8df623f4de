/**
 * FastAPI router classes a project derives from `APIRouter`: `class AdminAPIRouter(APIRouter)`
 * whose `__init__` passes `dependencies=[Depends(get_admin_user)]` to its base guards every
 * route of every router made from it. The scanner leaves the class's name among the router's
 * guards (frameworks/fastapi.ts); this reads what it stands for: the dependencies that guard,
 * and the others, which may guard through their own (dependency-guards.ts). A router class
 * not found in the project (a library's) stands for nothing.
 */
import { callArguments } from "../source.ts";
import { dependencyGuards, otherDependencies } from "./guards.ts";
import type { ProjectClass } from "./project-classes.ts";

const DEPENDENCIES = /\bdependencies\s*=\s*\[/g;

export type RouterClass = { guards: string[]; dependencies: string[] };

/** A function answering what a router class of the project (by name) guards with, or undefined for a name that is none. */
export function routerClasses(classes: () => ReadonlyMap<string, ProjectClass>): (name: string) => RouterClass | undefined {
  return (name) => {
    const cls = classes().get(name);
    if (!cls || !cls.bases.some((b) => b === "APIRouter" || b === "FastAPI")) return undefined;
    const found: RouterClass = { guards: [], dependencies: [] };
    for (const d of cls.body.matchAll(DEPENDENCIES)) {
      const open = d.index + d[0].length - 1;
      const list = { start: open, end: callArguments(cls.body, open).end };
      found.guards.push(...dependencyGuards(cls.body, list));
      found.dependencies.push(...otherDependencies(cls.body, list));
    }
    return found;
  };
}

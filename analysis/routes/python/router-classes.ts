/**
 * FastAPI router classes a project derives from `APIRouter`: `class AdminAPIRouter(APIRouter)`
 * whose `__init__` passes `dependencies=[Depends(get_admin_user)]` to its base guards every
 * route of every router made from it. The scanner leaves the class's name among the router's
 * guards (frameworks/fastapi.ts); this reads what it stands for: the dependencies that guard,
 * and the others, which may guard through their own (dependency-guards.ts). A router class
 * not found in the project (a library's) stands for nothing.
 */
import { python } from "../../languages/python.ts";
import { strip } from "../../languages/strip.ts";
import { callArguments } from "../source.ts";
import { dependencyGuards, otherDependencies } from "./guards.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const CLASS = /^([ \t]*)class[ \t]+([A-Z]\w*)[ \t]*\(([^)]*)\)[ \t]*:/gm;
const DEPENDENCIES = /\bdependencies\s*=\s*\[/g;

export type RouterClass = { guards: string[]; dependencies: string[] };

/** A function answering what a router class of the project (by name) guards with, or undefined for a name that is none. */
export function routerClasses(project: Project | undefined): (name: string) => RouterClass | undefined {
  let classes: Map<string, RouterClass> | undefined;
  return (name) => (classes ??= read(project)).get(name);
}

function read(project: Project | undefined): Map<string, RouterClass> {
  const classes = new Map<string, RouterClass>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)tests?\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("APIRouter")) continue;
    const { code } = strip(text, python.syntax);
    const all = [...code.matchAll(CLASS)];
    all.forEach((m, i) => {
      if (!/\b(?:APIRouter|FastAPI)\b/.test(m[3]!)) return;
      const body = { start: m.index + m[0].length, end: all[i + 1]?.index ?? code.length };
      const found: RouterClass = { guards: [], dependencies: [] };
      for (const d of code.slice(body.start, body.end).matchAll(DEPENDENCIES)) {
        const open = body.start + d.index + d[0].length - 1;
        const list = { start: open, end: callArguments(code, open).end };
        found.guards.push(...dependencyGuards(code, list));
        found.dependencies.push(...otherDependencies(code, list));
      }
      classes.set(m[2]!, found);
    });
  }
  return classes;
}

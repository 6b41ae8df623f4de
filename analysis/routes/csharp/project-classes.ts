/**
 * The app's C# files that may hold controllers or attribute classes, read once per analysis for
 * the passes before linking that look across files (base controllers, inherited actions): each
 * file stripped, its constants and its classes. Tests are left out.
 */
import { csharp } from "../../languages/csharp.ts";
import { strip } from "../../languages/strip.ts";
import type { RouteSource } from "../source.ts";
import { type CsClass, csharpClasses } from "./attributes.ts";
import { csharpConstants } from "./source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
export type CsFile = { path: string; source: RouteSource; constants: Map<string, string>; classes: CsClass[] };

// A test project's folder (`Shop.Tests/`, `Tests/`): its files are no part of the app.
export const TEST_PATH = /(^|\/)[^/]*Tests?\//;
const MAY_ROUTE = /Controller|Attribute\b|\[\s*(?:Route|Authorize)\b/;
const read = new WeakMap<object, CsFile[]>();
const qualifiedConstants = new WeakMap<object, Map<string, string>>();
const DECLARES_CONSTANT = /\bconst\s+string\b/;

export function csharpProjectFiles(project: Project | undefined): CsFile[] {
  if (!project) return [];
  let files = read.get(project);
  if (!files) {
    files = [];
    for (const path of project.listed) {
      if (!path.endsWith(".cs") || TEST_PATH.test(path)) continue;
      const text = project.text(path) ?? "";
      if (!MAY_ROUTE.test(text)) continue;
      const source = { ...strip(text, csharp.syntax), path, text };
      files.push({ path, source, constants: csharpConstants(source), classes: csharpClasses(source) });
    }
    read.set(project, files);
  }
  return files;
}

/**
 * The string constants of every C# file of the app by their class (`Constants.PrefixApi`), for
 * a template that names one of another file (`[Route(Constants.PrefixApi)]` on a base controller,
 * the constant in a shared project). Names alone are left out: another file's may differ.
 */
export function csharpQualifiedConstants(project: Project | undefined): Map<string, string> {
  if (!project) return new Map();
  let found = qualifiedConstants.get(project);
  if (!found) {
    found = new Map();
    for (const path of project.listed) {
      if (!path.endsWith(".cs") || TEST_PATH.test(path)) continue;
      const text = project.text(path) ?? "";
      if (!DECLARES_CONSTANT.test(text)) continue;
      for (const [name, value] of csharpConstants({ ...strip(text, csharp.syntax), path, text })) if (name.includes(".") && !found.has(name)) found.set(name, value);
    }
    qualifiedConstants.set(project, found);
  }
  return found;
}

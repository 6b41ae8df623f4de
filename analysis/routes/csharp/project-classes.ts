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

const TEST_PATH = /(^|\/)[^/]*Tests?\//;
const MAY_ROUTE = /Controller|Attribute\b|\[\s*(?:Route|Authorize)\b/;
const read = new WeakMap<object, CsFile[]>();

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

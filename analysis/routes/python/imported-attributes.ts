/**
 * A class attribute another module of the project gives a route's path: whoogle writes
 * `@app.route(f'/{Endpoint.search}')`, `Endpoint` an Enum of app/models/endpoint.py (`search =
 * 'search'`, its `__str__` the value) imported `from app.models.endpoint import Endpoint`. A
 * scanner reads one file, so it writes such an attribute as a placeholder naming the module's
 * path and the attribute (common/configured.ts); the string the class assigns it is looked up
 * before linking. So is a value a module assigns at its top by a name not written as a constant
 * (glances's `from glances import __apiversion__`, in `API_VERSION = __apiversion__` and
 * `f'/api/{self.API_VERSION}'`).
 */
import { configuredPlaceholder } from "../common/configured.ts";
import { dirOf } from "../../project.ts";
import type { RouteSource } from "../source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

export const IMPORTED_ATTRIBUTE = "pyattr";

// `from app.models.endpoint import Endpoint`, `from .models import Endpoint, Other as Alias`, `from x import (\n A,\n B\n)`.
const FROM_IMPORT = /^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]+)/gm;

/**
 * The file's constants, answering besides for `Class.attribute` where the file imports `Class`
 * from a module of the project by name: that attribute's placeholder (`app/models/endpoint.py#Endpoint.search`).
 */
export function withImportedAttributes(source: RouteSource, constants: Map<string, string>): Map<string, string> {
  const modules = new Map<string, string>();
  const values = new Map<string, string>();
  for (const m of source.code.matchAll(FROM_IMPORT)) {
    const from = m[1]!;
    // The module's path as a file of the repository ends: relative ones from the importing file's folder.
    const dots = /^\.*/.exec(from)![0].length;
    let folder = dots ? dirOf(source.path) : "";
    for (let up = 1; up < dots; up++) folder = dirOf(folder);
    const module = [folder, from.slice(dots).replace(/\./g, "/")].filter(Boolean).join("/");
    for (const part of m[2]!.replace(/[()]/g, "").split(",")) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name && /^[A-Z]\w*$/.test(alias ?? name)) modules.set(alias ?? name, `${module}#${name}`);
      // A module's own value by a name not written as a constant (`from glances import __apiversion__`);
      // an upper-case constant is followed when linking (python/prefixes.ts).
      else if (name && /^[a-z_]\w*$/.test(alias ?? name)) values.set(alias ?? name, `${module}#${name}`);
    }
  }
  if (!modules.size && !values.size) return constants;
  return new (class extends Map<string, string> {
    override get(key: string): string | undefined {
      const known = super.get(key);
      if (known !== undefined) return known;
      const value = values.get(key);
      if (value) return configuredPlaceholder(IMPORTED_ATTRIBUTE, value);
      const dotted = /^([A-Z]\w*)\.([A-Za-z_]\w*)$/.exec(key);
      const module = dotted ? modules.get(dotted[1]!) : undefined;
      return module ? configuredPlaceholder(IMPORTED_ATTRIBUTE, `${module}.${dotted![2]}`) : undefined;
    }
  })(constants);
}

/**
 * A function giving the string a class of the project assigns an attribute, or a module assigns a
 * name at its top, by its placeholder's name (`app/models/endpoint#Endpoint.search`, `glances#__apiversion__`):
 * the one value the module's files agree on.
 */
export function pythonClassAttributes(project: Project | undefined): (key: string) => string | undefined {
  const listed = [...(project?.listed ?? [])].filter((p) => p.endsWith(".py"));
  const memo = new Map<string, string | undefined>();
  return (key) => {
    if (memo.has(key)) return memo.get(key);
    const m = /^(.*)#(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)$/.exec(key);
    let value: string | undefined;
    if (m) {
      const [, module, cls, name] = m as unknown as [string, string, string | undefined, string];
      const read = (text: string) => (cls === undefined ? moduleValueOf(text, name) : attributeOf(text, cls, name));
      const values = new Set(moduleFiles(listed, module).flatMap((file) => read(project!.text(file) ?? "") ?? []));
      value = values.size === 1 ? [...values][0] : undefined;
    }
    memo.set(key, value);
    return value;
  };
}

/** The string literal a class assigns an attribute in its body: `search = 'search'`, `API: str = "/api"`. */
function attributeOf(text: string, cls: string, attribute: string): string | undefined {
  const header = new RegExp(String.raw`^([ \t]*)class[ \t]+${cls}\b[^\n]*:[ \t]*(?:#[^\n]*)?$`, "m").exec(text);
  if (!header) return undefined;
  const indent = header[1]!.length;
  const lines = text.slice(header.index + header[0].length).split("\n").slice(1);
  for (const line of lines) {
    if (line.trim() === "" || /^\s*#/.test(line)) continue;
    if (line.length - line.trimStart().length <= indent) break;
    const assigned = new RegExp(String.raw`^[ \t]+${attribute}[ \t]*(?::[^=\n]+)?=[ \t]*[rRuU]?(["'])(.*?)\1[ \t]*(?:#.*)?$`).exec(line);
    if (assigned) return assigned[2];
  }
  return undefined;
}

/** The module's file, under whatever source root: `app/models/endpoint.py` or its package's `__init__.py`. */
const moduleFiles = (listed: readonly string[], module: string): string[] =>
  listed.filter((p) => p === `${module}.py` || p.endsWith(`/${module}.py`) || p === `${module}/__init__.py` || p.endsWith(`/${module}/__init__.py`));

/** The string literal a module assigns a name at its top level: `__apiversion__ = '4'`. */
function moduleValueOf(text: string, name: string): string | undefined {
  return new RegExp(String.raw`^${name}[ \t]*(?::[^=\n]+)?=[ \t]*[rRuU]?(["'])(.*?)\1[ \t]*(?:#.*)?$`, "m").exec(text)?.[2];
}

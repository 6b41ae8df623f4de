/**
 * A Go path constant declared in another file: Go's scope for names is the package (a folder),
 * so `r.Get(ts2021UpgradePath, h)` in app.go may read `const ts2021UpgradePath = "/ts2021"` from
 * noise.go, and `r.Get(routes.Health, h)` a constant of another package of the module. A scanner
 * reads one file, so it writes a placeholder naming the package and the constant
 * (`goconst:<folder>#<Name>`, or `goconst:@<import path>#<Name>`); this looks it up before linking.
 */
import { dirOf } from "../../project.ts";
import { configuredPlaceholder } from "../common/configured.ts";
import { type GoModule, goModules, moduleFolder } from "../../resolve/go.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

/** The placeholder for constant `name` of the package in `dir`, or of the package imported as `importPath`. */
export const packageConstantPlaceholder = (name: string, where: { dir: string } | { importPath: string }): string =>
  configuredPlaceholder("goconst", `${"dir" in where ? where.dir : `@${where.importPath}`}#${name}`);

/** A function giving a package constant's string value by its placeholder's name; undefined unless the package declares it once. */
export function goPackageConstants(project: Project | undefined): (key: string) => string | undefined {
  const listed = [...(project?.listed ?? [])];
  let modules: GoModule[] | undefined;
  const memo = new Map<string, string | undefined>();
  return (key) => {
    if (memo.has(key)) return memo.get(key);
    const hash = key.lastIndexOf("#");
    const where = key.slice(0, hash);
    const name = key.slice(hash + 1);
    modules ??= goModules(listed.filter((p) => p === "go.mod" || p.endsWith("/go.mod")), (p) => project?.text(p));
    const dir = where.startsWith("@") ? moduleFolder(where.slice(1), modules)?.dir : where;
    const folderOf = (importPath: string) => moduleFolder(importPath, (modules ??= goModules(listed.filter((p) => p === "go.mod" || p.endsWith("/go.mod")), (p) => project?.text(p))))?.dir;
    const value = dir === undefined || !/^[A-Za-z_]\w*$/.test(name) ? undefined : declared(project!, listed, dir, name, folderOf);
    memo.set(key, value);
    return value;
  };
}

// A Go string literal, interpreted or raw.
const LITERAL = /^"((?:[^"\\\n]|\\.)*)"|^`([^`]*)`/;
// A declaration's value to the end of its line (a comment may follow): `"/x"`, `BasePath + "/:" + apiutil.IDKey`.
const VALUE = String.raw`((?:"(?:[^"\\\n]|\\.)*"|\`[^\`]*\`|[^\n/]|\/(?!\/))+?)[ \t]*(?:\/\/[^\n]*)?$`;
// A top-level `const (...)` or `var (...)` group: gofmt puts the closing parenthesis at column 0.
const GROUP = /^(?:const|var)[ \t]*\(([\s\S]*?)^\)/gm;
// `import apiutil "code.example.org/app/internal/api/util"`, or in a group; a package is named for its path's last part by default.
const IMPORT = /^[ \t]*(?:import[ \t]+)?([A-Za-z_]\w*[ \t]+)?"([^"]+)"[ \t]*$/gm;

/**
 * The one string value the package in `dir` gives `name` at its top level (`const name = "/x"`,
 * in a `const (...)` group, a `var`), literals joined with `+` and with other constants, of the
 * package or of another (`EmojiPath + "/:" + apiutil.IDKey`), read the same way.
 */
function declared(project: Project, listed: readonly string[], dir: string, name: string, folderOf: (importPath: string) => string | undefined, depth = 0): string | undefined {
  if (depth > 6) return undefined;
  const single = new RegExp(`^(?:const|var)[ \\t]+${name}(?:[ \\t]+string)?[ \\t]*=[ \\t]*${VALUE}`, "gm");
  const grouped = new RegExp(`^[ \\t]*${name}(?:[ \\t]+string)?[ \\t]*=[ \\t]*${VALUE}`, "gm");
  const values = new Set<string | undefined>();
  for (const path of listed) {
    if (!path.endsWith(".go") || path.endsWith("_test.go") || dirOf(path) !== dir) continue;
    const text = project.text(path);
    if (!text?.includes(name)) continue;
    const expressions = [...[...text.matchAll(single)].map((m) => m[1]!), ...[...text.matchAll(GROUP)].flatMap((group) => [...group[1]!.matchAll(grouped)].map((m) => m[1]!))];
    for (const expression of expressions) {
      values.add(joined(expression, (operand) => {
        const [pkg, constant] = operand.includes(".") ? operand.split(".") : [undefined, operand];
        const importPath = pkg ? [...text.matchAll(IMPORT)].find((m) => (m[1]?.trim() ?? m[2]!.split("/").at(-1)) === pkg)?.[2] : undefined;
        const folder = pkg ? (importPath ? folderOf(importPath) : undefined) : dir;
        return folder === undefined ? undefined : declared(project, listed, folder, constant!, folderOf, depth + 1);
      }));
    }
  }
  return values.size === 1 ? [...values][0] : undefined;
}

/** A constant expression's value: string literals and names (`Base`, `pkg.Name`) joined with `+`; undefined when a part is not known. */
function joined(expression: string, named: (name: string) => string | undefined): string | undefined {
  let rest = expression.trim();
  let value = "";
  while (rest) {
    const literal = LITERAL.exec(rest);
    const name = literal ? undefined : /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?/.exec(rest)?.[0];
    const part = literal ? literal[1] ?? literal[2]! : name ? named(name) : undefined;
    if (part === undefined) return undefined;
    value += part;
    rest = rest.slice((literal ?? [name!])[0].length).trim();
    if (!rest) break;
    if (!rest.startsWith("+")) return undefined;
    rest = rest.slice(1).trim();
  }
  return value;
}

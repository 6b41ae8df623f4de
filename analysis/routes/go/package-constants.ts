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
    const value = dir === undefined || !/^[A-Za-z_]\w*$/.test(name) ? undefined : declared(project!, listed, dir, name);
    memo.set(key, value);
    return value;
  };
}

// A Go string literal, interpreted or raw, then the end of the line (a comment may follow).
const STRING = `(?:"((?:[^"\\\\\\n]|\\\\.)*)"|\`([^\`]*)\`)[ \\t]*(?://[^\\n]*)?$`;
// A top-level `const (...)` or `var (...)` group: gofmt puts the closing parenthesis at column 0.
const GROUP = /^(?:const|var)[ \t]*\(([\s\S]*?)^\)/gm;

/** The one string value the package in `dir` gives `name` at its top level (`const name = "/x"`, in a `const (...)` group, a `var`). */
function declared(project: Project, listed: readonly string[], dir: string, name: string): string | undefined {
  const single = new RegExp(`^(?:const|var)[ \\t]+${name}(?:[ \\t]+string)?[ \\t]*=[ \\t]*${STRING}`, "gm");
  const grouped = new RegExp(`^[ \\t]*${name}(?:[ \\t]+string)?[ \\t]*=[ \\t]*${STRING}`, "gm");
  const values = new Set<string>();
  for (const path of listed) {
    if (!path.endsWith(".go") || path.endsWith("_test.go") || dirOf(path) !== dir) continue;
    const text = project.text(path);
    if (!text?.includes(name)) continue;
    for (const m of text.matchAll(single)) values.add(m[1] ?? m[2]!);
    for (const group of text.matchAll(GROUP)) for (const m of group[1]!.matchAll(grouped)) values.add(m[1] ?? m[2]!);
  }
  return values.size === 1 ? [...values][0] : undefined;
}

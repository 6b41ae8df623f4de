/**
 * The modules a file passes names on from, for the linker (link.ts `Reexports`): those the
 * import graph marks as re-exported (`export * from`, `export { x } from`, a Python package's
 * `__init__.py`), and a CommonJS module that is another module (`module.exports =
 * require("./routes")`, every name of it). Asked for `default`, only the modules a barrel names
 * its default from (`export { default } from "./documents"`, a folder's index), as `export *`
 * passes every name but that one. And a module that imports a name and exports it in a list
 * (`import { appRouter } from "./root"; export { appRouter };`), for that name, under the name it
 * was imported as (`import { router as record } from "./record"`). Texts are read once, and only
 * of barrels or of modules asked for a name they do not define.
 */
import type { Reexports, ResolveSpecifier } from "../link.ts";

const WHOLE_REEXPORT = /^\s*module\.exports\s*=\s*require\s*\(\s*["']([^"']+)["']\s*\)\s*;?\s*$/m;
const DEFAULT_REEXPORT = /\bexport\s*\{\s*default(?:\s+as\s+default)?\s*(?:,[^}]*)?\}\s*from\s*["']([^"']+)["']/g;
const JS_MODULE = /\.[cm]?js$/;
const SCRIPT = /\.[cm]?[jt]sx?$/;

export function barrelReexports(reexports: ReadonlyMap<string, readonly string[]>, resolve: ResolveSpecifier, text: (file: string) => string | undefined): Reexports {
  const wholeFrom = new Map<string, string[]>();
  const defaultFrom = new Map<string, string[]>();
  const whole = (file: string): readonly string[] => {
    let found = wholeFrom.get(file);
    if (!found) {
      const m = JS_MODULE.test(file) ? WHOLE_REEXPORT.exec(text(file) ?? "") : null;
      const target = m ? resolve(file, m[1]!) : undefined;
      wholeFrom.set(file, (found = target ? [target] : []));
    }
    return found;
  };
  // `import { appRouter } from "./root"` (or `{ router as appRouter }`) then `export { appRouter }`: the module it imports the name from, and the name there.
  const passedOn = (file: string, name: string | undefined): { file: string; name: string } | undefined => {
    if (name === undefined || !SCRIPT.test(file) || !/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
    const source = text(file) ?? "";
    const escaped = name.replace(/\$/g, "\\$");
    if (!new RegExp(String.raw`\bexport\s*\{[^}]*(?<![\w$])${escaped}(?![\w$])[^}]*\}(?!\s*from)`).test(source)) return undefined;
    const imported = new RegExp(String.raw`\bimport\s*\{([^}]*(?<![\w$])${escaped}(?![\w$])[^}]*)\}\s*from\s*["']([^"']+)["']`).exec(source);
    const target = imported ? resolve(file, imported[2]!) : undefined;
    if (!target) return undefined;
    const original = new RegExp(String.raw`(?:^|,)\s*([A-Za-z_$][\w$]*)\s+as\s+${escaped}\s*(?:,|$)`).exec(imported![1]!)?.[1];
    return { file: target, name: original ?? name };
  };
  const reexported: Reexports = (file, name) => {
    if (name !== "default") return [...(reexports.get(file) ?? []), ...whole(file), ...((passed) => (passed ? [passed.file] : []))(passedOn(file, name))];
    let found = defaultFrom.get(file);
    if (!found) {
      const named = reexports.has(file) ? [...(text(file) ?? "").matchAll(DEFAULT_REEXPORT)].map((m) => resolve(file, m[1]!)).filter((f): f is string => !!f) : [];
      defaultFrom.set(file, (found = [...named, ...whole(file)]));
    }
    return found;
  };
  reexported.renamed = passedOn;
  return reexported;
}

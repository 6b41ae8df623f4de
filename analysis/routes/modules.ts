import { dirOf, joinPath } from "../project.ts";

/**
 * Finds the module a route file names by path rather than by an import: Django's
 * `include("shop.urls")` (a dotted module, looked up as shop/urls.py nearest the including
 * file), Rails' `draw(:admin)` or Laravel's `require __DIR__."/admin.php"` (a path relative to
 * the file, "./routes/admin.rb"). Only files that register routes are candidates.
 */
export function moduleResolver(files: Iterable<string>): (from: string, specifier: string) => string | undefined {
  const known = new Set(files);
  return (from, specifier) => {
    if (/^\.\.?\//.test(specifier)) {
      const path = joinPath(dirOf(from), specifier);
      if (path === undefined) return undefined;
      const extension = /\.[^./]+$/.exec(from)?.[0] ?? "";
      return [path, path + extension].find((p) => known.has(p));
    }
    if (!from.endsWith(".py") || !/^[A-Za-z_][\w.]*$/.test(specifier)) return undefined;
    const stem = specifier.replace(/\./g, "/");
    const candidates = [...known].filter((f) => [`${stem}.py`, `${stem}/__init__.py`].some((end) => f === end || f.endsWith(`/${end}`)));
    // The nearest candidate: the one whose path agrees longest with the including file's folder.
    const closeness = (candidate: string) => {
      let i = 0;
      while (i < candidate.length && candidate[i] === from[i]) i++;
      return candidate.lastIndexOf("/", i);
    };
    // Beside it, a package wins over a module of the same name, as in Python.
    const isPackage = (candidate: string) => Number(candidate.endsWith("/__init__.py") || candidate === "__init__.py");
    return candidates.sort((a, b) => closeness(b) - closeness(a) || isPackage(b) - isPackage(a) || a.length - b.length)[0];
  };
}

/**
 * Django REST Framework permission classes of the project that let safe methods through, as
 * DRF's own `IsAuthenticatedOrReadOnly` does: a `has_permission` that answers True for
 * `request.method in SAFE_METHODS` before it checks anything else. On GET, HEAD and OPTIONS
 * such a permission guards nothing.
 */
type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const CLASS = /^class\s+([A-Za-z_]\w*)\s*\([^)]*\)\s*:/gm;
const SAFE_FIRST = /def\s+has_permission\s*\([^)]*\)\s*:\s*(?:#[^\n]*\s*|"""[\s\S]*?"""\s*)*if\s+request\.method\s+in\s+(?:\w+\.)?SAFE_METHODS\s*:\s*return\s+True\b/;

/** A function telling whether a permission class of the project lets safe methods through, read once on first use. */
export function readOnlyPermissions(project: Project | undefined): (name: string) => boolean {
  let names: Set<string> | undefined;
  return (name) => (names ??= read(project)).has(name.split(".").at(-1)!);
}

function read(project: Project | undefined): Set<string> {
  const names = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)(tests?|migrations)\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("has_permission")) continue;
    const classes = [...text.matchAll(CLASS)];
    classes.forEach((cls, i) => {
      const body = text.slice(cls.index, classes[i + 1]?.index ?? text.length);
      if (SAFE_FIRST.test(body)) names.add(cls[1]!);
    });
  }
  return names;
}

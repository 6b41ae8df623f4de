/**
 * Django REST Framework permission classes of the project that do not turn away a caller for
 * who they are, on some or all requests:
 * - those that let safe methods through, as DRF's own `IsAuthenticatedOrReadOnly` does: a
 *   `has_permission` that answers True for `request.method in SAFE_METHODS` before it checks
 *   anything else. On GET, HEAD and OPTIONS such a permission guards nothing;
 * - those that never look at the caller before the view runs: only a `has_object_permission`
 *   (DRF's `BasePermission.has_permission` lets every request in; the object's check decides
 *   what an anonymous caller may see of it), or a `has_permission` that reads nothing of the
 *   caller and calls nothing, and lets some request in (`if request.method != "POST": return True`,
 *   then a setting).
 *   Such a permission guards no route.
 */
type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// Classes at any depth: a viewset may declare its permission inside it (`class Permission(BasePermission)`).
const CLASS = /^[ \t]*class\s+([A-Za-z_]\w*)\s*\([^)]*\)\s*:/gm;
const SAFE_FIRST = /def\s+has_permission\s*\([^)]*\)\s*:\s*(?:#[^\n]*\s*|"""[\s\S]*?"""\s*)*if\s+request\.method\s+in\s+(?:\w+\.)?SAFE_METHODS\s*:\s*return\s+True\b/;

/** A function telling whether a permission class of the project lets safe methods through, read once on first use. */
export function readOnlyPermissions(project: Project | undefined): (name: string) => boolean {
  let names: Set<string> | undefined;
  return (name) => (names ??= read(project)).has(name.split(".").at(-1)!);
}

/** A function telling whether a permission class of the project never looks at the caller before the view runs. */
export function callerBlindPermissions(project: Project | undefined): (name: string) => boolean {
  let names: Set<string> | undefined;
  return (name) => (names ??= read(project, callerBlind)).has(name.split(".").at(-1)!);
}

function read(project: Project | undefined, holds: (body: string) => boolean = (body) => SAFE_FIRST.test(body)): Set<string> {
  const names = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)(tests?|migrations)\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("_permission")) continue;
    const classes = [...text.matchAll(CLASS)];
    classes.forEach((cls, i) => {
      const body = text.slice(cls.index, classes[i + 1]?.index ?? text.length);
      if (holds(body)) names.add(cls[1]!);
    });
  }
  return names;
}

// A permission class's own `has_permission`, and what in it reads the caller or hands the check on.
const HAS_PERMISSION = /^([ \t]*)def\s+has_permission\s*\([^)]*\)\s*(?:->\s*[^:\n]+)?:[^\n]*\n((?:\1[ \t]+[^\n]*\n|[ \t]*\n)*)/m;
const READS_CALLER = /\b(?:user|auth|token|session|perm\w*|key|is_authenticated|is_staff|is_superuser)\b|\w\s*\(/;

/** Whether a class body is a DRF permission that never looks at the caller before the view runs. */
function callerBlind(body: string): boolean {
  const header = body.split("\n")[0]!;
  if (!/\bhas_object_permission\b|\bhas_permission\b/.test(body) || !/Permission\b/.test(header)) return false;
  const own = HAS_PERMISSION.exec(body);
  // Without its own, it has its base's: DRF's BasePermission lets every request in; another's may not.
  // One that answers False for everyone refuses every caller: a guard still.
  return own ? !READS_CALLER.test(own[2]!) && /\breturn\s+True\b/.test(own[2]!) : /\(\s*(?:[\w.]*\.)?BasePermission\s*\)/.test(header);
}

/**
 * The classes of a project's Python files outside tests, by name, each with the names of its
 * bases (the last part of a dotted one, unless that is its own name: then its namesake's `file::Name`
 * where the module imports it from a module of the project) and its body in the file's code (comments and strings
 * blanked): what the readers of FastAPI's class-based routers and views look into. Read once,
 * on first use; the first class of a name wins.
 */
import { python } from "../../languages/python.ts";
import { strip } from "../../languages/strip.ts";
import { pythonBindings } from "./bindings.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

/** `body` is the class's code with comments and strings blanked; `text` the same span as written; `file` where it is. */
export type ProjectClass = { bases: string[]; body: string; text: string; file: string };

const CLASS = /^([ \t]*)class[ \t]+([A-Za-z_]\w*)[ \t]*(?:\(([^)]*)\))?[ \t]*:/gm;

/** The project's classes by name, as `get` answers them: what the readers of a class's chain need. */
export type ClassLookup = { get(name: string): ProjectClass | undefined };

// The classes whose name an earlier class of another file took, by the map that answers that one.
const namesakes = new WeakMap<ReadonlyMap<string, ProjectClass>, Map<string, ProjectClass[]>>();

// Each project's classes, read once however many readers ask.
const readOnce = new WeakMap<Project, Map<string, ProjectClass>>();

/** A function answering the project's classes by name, read on its first call (once per project). */
export function projectClasses(project: Project | undefined): () => ReadonlyMap<string, ProjectClass> {
  let classes: Map<string, ProjectClass> | undefined;
  return () => {
    if (classes) return classes;
    classes = project ? readOnce.get(project) : undefined;
    if (!classes) {
      classes = read(project);
      if (project) readOnce.set(project, classes);
    }
    return classes;
  };
}

/**
 * The project's classes as a module sees them: of two classes of one name in different modules
 * (Tabbycat's `UpdateEligibilityEditView` in participants/views.py and in breakqual/views.py),
 * the one of `file` itself, else the first.
 */
export function seenFrom(classes: ReadonlyMap<string, ProjectClass>, file: string): ClassLookup {
  const others = namesakes.get(classes);
  if (!others) return classes;
  return { get: (name) => (classes.get(name)?.file === file ? classes.get(name) : others.get(name)?.find((c) => c.file === file)) ?? classes.get(name) };
}

/** Whether more than one class of the project is named `name` and none of them in `file`: which one `file` means is not known. */
export function ambiguousFrom(classes: ReadonlyMap<string, ProjectClass>, file: string, name: string): boolean {
  const others = namesakes.get(classes)?.get(name) ?? [];
  return others.length > 0 && classes.get(name)?.file !== file && !others.some((c) => c.file === file);
}

/**
 * The names up the chain of `name`: itself, then its bases depth first in the order they are
 * written, each once, `depth` steps at most. Names no class of the project has (a framework's
 * base) are in it too, with nothing above them.
 */
export function chainUp(classes: ClassLookup, name: string, depth: number): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (current: string, at: number) => {
    if (seen.has(current) || at > depth) return;
    seen.add(current);
    order.push(current);
    for (const base of classes.get(current)?.bases ?? []) visit(base, at + 1);
  };
  visit(name, 0);
  return order;
}

function read(project: Project | undefined): Map<string, ProjectClass> {
  const classes = new Map<string, ProjectClass>();
  const later = new Map<string, ProjectClass[]>();
  const selfNamed: { name: string; cls: ProjectClass; imports: string }[] = [];
  namesakes.set(classes, later);
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)tests?\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("class ")) continue;
    const { code } = strip(text, python.syntax);
    const all = [...code.matchAll(CLASS)];
    all.forEach((m, i) => {
      const taken = classes.get(m[2]!);
      if (taken?.file === path) return;
      // A base of the class's own name is a library's class it extends (AWX's `ListAPIView(generics.ListAPIView,
      // GenericAPIView)`): kept qualified, so that it is not the class itself.
      const bases = (m[3] ?? "").split(",").map((b) => b.trim()).map((b) => (b.split(".").at(-1) === m[2] && b.includes(".") ? b : b.split(".").at(-1)!)).filter((b) => /^[A-Za-z_][\w.]*$/.test(b));
      // The body runs to the next class at its own indentation or less: a class nested in it is part of it.
      const end = all.slice(i + 1).find((next) => next[1]!.length <= m[1]!.length)?.index ?? code.length;
      const cls = { bases, body: code.slice(m.index + m[0].length, end), text: text.slice(m.index + m[0].length, end), file: path };
      if (taken) later.set(m[2]!, [...(later.get(m[2]!) ?? []), cls]);
      else classes.set(m[2]!, cls);
      // Only a base of its own name stays qualified (above): resolved below, once every class is read.
      if (bases.some((b) => b.includes("."))) selfNamed.push({ name: m[2]!, cls, imports: code });
    });
  }
  // A class extending its namesake of another module of the project (modoboa's v2 `AccountViewSet(core_v1_viewsets.AccountViewSet)`,
  // `from modoboa.core.api.v1 import viewsets as core_v1_viewsets`) extends that class, found by where the module imports it from.
  for (const { name, cls, imports } of selfNamed) {
    cls.bases = cls.bases.map((base) => {
      const qualifier = base.slice(0, base.lastIndexOf("."));
      const module = importedModule(imports, qualifier);
      const found = module && [classes.get(name), ...(later.get(name) ?? [])].find((c) => c && c !== cls && module.some((m) => c.file.endsWith(m) || c.file === m.slice(1)));
      if (!found) return base;
      classes.set(`${found.file}::${name}`, found);
      return `${found.file}::${name}`;
    });
  }
  return classes;
}

/**
 * Where a module imports the name it qualifies a base with, as its imports bind it (bindings.ts:
 * `from X import Y as Q`, `from X import Q`, `import X.Y as Q`): the file endings of that module
 * (`/modoboa/core/api/v1/viewsets.py` and its package's `__init__.py`). Relative imports are left out.
 */
function importedModule(code: string, qualifier: string): string[] | undefined {
  const specifier = pythonBindings({ code }).find((b) => b.local === qualifier)?.specifier;
  if (!specifier || specifier.startsWith(".")) return undefined;
  const path = `/${specifier.replace(/\./g, "/")}`;
  return [`${path}.py`, `${path}/__init__.py`];
}

// A view class's `decorators = [login_required]` (Flask's MethodView, Flask-RESTful's Resource),
// written in its body at the class's own level.
const DECORATORS = /^[ \t]+(?:method_)?decorators[ \t]*=[ \t]*[[(]([^\])]*)[\])]/m;

/**
 * A function answering the decorators a Flask view class inherits from the project's classes it
 * extends (`class AlertResource(BaseResource)` with `decorators = [login_required]` on
 * BaseResource, in another module), the nearest base that sets them; its own are read with it.
 */
export function inheritedDecorators(classes: () => ReadonlyMap<string, ProjectClass>): (cls: string) => string[] {
  const memo = new Map<string, string[]>();
  const visit = (name: string, depth: number): string[] | undefined => {
    if (depth > 5) return undefined;
    const cls = classes().get(name);
    if (!cls) return undefined;
    const own = DECORATORS.exec(cls.body);
    if (own) return own[1]!.split(",").map((d) => d.trim()).filter((d) => /^[A-Za-z_][\w.]*$/.test(d));
    for (const base of cls.bases) {
      const found = visit(base, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return (name) => {
    let found = memo.get(name);
    if (found === undefined) memo.set(name, (found = classes().get(name)?.bases.flatMap((b) => visit(b, 1) ?? []) ?? []));
    return found;
  };
}

// Django's access mixins: a view extending one turns away callers that fail its check (a user who
// is not signed in, lacks a permission, or fails the view's `test_func`).
const ACCESS_MIXIN = /^(?:LoginRequiredMixin|PermissionRequiredMixin|UserPassesTestMixin)$/;

// `def test_func(self): return self.request.user.is_authenticated and (...)`: no anonymous caller passes.
const REQUIRES_USER = /\bdef[ \t]+test_func[ \t]*\([^)]*\)[^:]*:\s*\n?\s*return[ \t]+(?:self\.)?request\.user\.is_authenticated[ \t]+and\b/;

// A mixin of the app's on Django's `AccessMixin` whose `dispatch` refuses a caller who fails a test of
// the user (`if not request.user.is_staff: return self.handle_no_permission()`, ephios' `StaffRequiredMixin`).
const DISPATCH_REFUSES = /\bdef[ \t]+dispatch\b[^\n]*\n(?:[^\n]*\n){0,3}?[ \t]+if[ \t]+not[ \t]+(?:self\.)?request\.user\.\w+[^\n]*:\s*\n[ \t]+(?:return[ \t]+self\.handle_no_permission\s*\(|raise[ \t]+PermissionDenied\b)/;
const refusesInDispatch = (cls: ProjectClass | undefined) => !!cls && cls.bases.includes("AccessMixin") && DISPATCH_REFUSES.test(cls.body);

/** Whether a class up the chain of `name` extends Django's `AccessMixin` or one of its access mixins (what accessMixinGuards reads). */
export function throughAccessMixin(classes: ClassLookup, name: string): boolean {
  return chainUp(classes, name, 8).some((current) => classes.get(current)?.bases.some((base) => base === "AccessMixin" || ACCESS_MIXIN.test(base)));
}

/**
 * A function answering the guard a Django view class takes from the project's classes it
 * extends, in any module: the class that brings one of Django's access mixins
 * (`AdministratorMixin(UserPassesTestMixin, ContextMixin)`, named for the guard), or one that
 * extends `AccessMixin` and refuses in its own `dispatch` (`StaffRequiredMixin`), or the mixin
 * itself when the view extends it. None when a class of its chain says it lets callers in
 * (`OptionalTournamentPageMixin`), unless the mixin's test requires a signed-in user first.
 */
export function accessMixinGuards(classes: () => ReadonlyMap<string, ProjectClass>, optional: (name: string) => boolean): (cls: string, file: string) => string[] {
  const memo = new Map<string, string[]>();
  return (cls, file) => {
    let found = memo.get(`${file}:${cls}`);
    if (found) return found;
    const seen = seenFrom(classes(), file);
    const chain = chainUp(seen, cls, 8);
    const bringer = chain.find((name) => seen.get(name)?.bases.some((b) => ACCESS_MIXIN.test(b)) || refusesInDispatch(seen.get(name)));
    const mixin = bringer === cls ? seen.get(cls)!.bases.find((b) => ACCESS_MIXIN.test(b)) ?? cls : bringer;
    // A class named as optional lets callers in, unless the mixin's own test requires a signed-in user first
    // (Tabbycat's `OptionalAssistantTournamentPageMixin` is optional about the page being on, not about the caller).
    const overridden = bringer !== undefined && chain.slice(0, chain.indexOf(bringer)).some((name) => /\bdef[ \t]+test_func\b/.test(seen.get(name)?.body ?? ""));
    const requiresUser = bringer !== undefined && !overridden && REQUIRES_USER.test(seen.get(bringer)?.body ?? "");
    // The view's own name says what it acts on (`FederatedGuestDeleteView` deletes a guest), not who may call it.
    found = mixin && (requiresUser || !chain.slice(1).some(optional)) ? [mixin] : [];
    memo.set(`${file}:${cls}`, found);
    return found;
  };
}

/** The body of a method the class defines itself: from its `def` to the next line at its indentation or less. */
export function methodBody(cls: ProjectClass, method: string): string | undefined {
  const def = new RegExp(String.raw`^([ \t]+)def[ \t]+${method}[ \t]*\(`, "m").exec(cls.body);
  if (!def) return undefined;
  const rest = cls.body.slice(def.index + def[0].length);
  const end = new RegExp(String.raw`\n(?!${def[1]}[ \t])(?=[ \t]*\S)`).exec(rest)?.index ?? rest.length;
  return rest.slice(0, end);
}

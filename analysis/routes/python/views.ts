import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { bases, classAttribute, type Definition, members } from "./definitions.ts";
import { decoratorGuards, djangoViewGuards, guardNames, handlerCheckGuards, isPythonGuard, permissionGuards } from "./guards.ts";

/** The method names a view class handles requests with, as in Django's View and Flask's MethodView. */
export const HANDLERS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

/** A class that may serve requests: its bases, handler methods and the guards of the whole class. */
/** `open`: the class declares itself open to anyone (`permission_classes = [AllowAny]`, or `()`), a public endpoint by design. */
export type ViewClass = { cls: Definition; bases: string[]; handlers: Definition[]; methods: Definition[]; guards: string[]; open?: boolean };

/**
 * The view classes of a file: classes with handler methods (`def get(self, request)`) or with
 * a base `isView` accepts. Guards of the class are its guard decorators and its `dispatch`'s,
 * `decorators` and `method_decorators` lists (Flask), `permission_classes` (DRF) and guard
 * mixins (`LoginRequiredMixin`).
 */
export function viewClasses(source: RouteSource, definitions: readonly Definition[], isView: (base: string) => boolean): ViewClass[] {
  const views: ViewClass[] = [];
  for (const cls of definitions) {
    if (cls.kind !== "class") continue;
    const methods = members(definitions, cls).filter((d) => d.kind === "def");
    const handlers = methods.filter((d) => HANDLERS.has(d.name));
    const written = bases(source, cls);
    if (!handlers.length && !written.some(isView)) continue;
    const attribute = (name: string) => classAttribute(source, definitions, cls, name);
    // A handler given another's definition (`post = get`): it serves that method too.
    for (const verb of HANDLERS) {
      const span = handlers.some((h) => h.name === verb) ? undefined : attribute(verb);
      const aliased = span && handlers.find((h) => h.name === source.code.slice(span.start, span.end).trim());
      if (aliased) handlers.push({ ...aliased, name: verb });
    }
    const lists = ["decorators", "method_decorators"].map(attribute).flatMap((span) => (span ? guardNames(source.code, span) : []));
    const permissions = attribute("permission_classes");
    const guards = [
      ...written.filter((b) => /Mixin$/.test(b) && isPythonGuard(b.split(".").at(-1)!)),
      ...written.flatMap(djangoViewGuards),
      ...decoratorGuards(source.code, cls.decorators),
      // Django's `dispatch` hands on every request: its decorators (`@method_decorator(login_required)`) guard them all.
      ...methods.filter((d) => d.name === "dispatch").flatMap((d) => decoratorGuards(source.code, d.decorators)),
      ...lists,
      ...(permissions ? permissionGuards(source.code, permissions) : []),
    ];
    // `[AllowAny]`, or no classes at all (`permission_classes = ()`): written so on purpose.
    const open = !!permissions && /^[[(]\s*(?:(?:[\w.]*\.)?AllowAny\s*,?\s*)?[\])]$/.test(source.code.slice(permissions.start, permissions.end).trim());
    views.push({ cls, bases: written, handlers, methods, guards: [...new Set(guards)], ...(open ? { open } : {}) });
  }
  return views;
}

/**
 * The view classes with the handler methods and guards they take from the module's own classes
 * they extend and do not override: `class QueryListResource(BaseQueryListResource)` serves the
 * base's `get` (Python's order: the first base's first).
 */
export function withLocalBases(views: readonly ViewClass[]): ViewClass[] {
  const local = new Map(views.map((v) => [v.cls.name, v]));
  return views.map((view) => {
    const handlers = [...view.handlers];
    const guards = [...view.guards];
    const seen = new Set([view.cls.name]);
    const visit = (from: ViewClass) => {
      for (const base of from.bases) {
        const parent = local.get(base.split(".").at(-1)!);
        if (!parent || seen.has(parent.cls.name)) continue;
        seen.add(parent.cls.name);
        for (const h of parent.handlers) if (!handlers.some((own) => own.name === h.name)) handlers.push(h);
        guards.push(...parent.guards);
        visit(parent);
      }
    };
    visit(view);
    return seen.size === 1 ? view : { ...view, handlers, guards: [...new Set(guards)] };
  });
}

/**
 * A view class as a router that serves only where a URL rule names it: one route per handler
 * method, each with its own guard decorators, and one for the methods its bases handle
 * (`inherited`) that it does not override; every method when it shows neither.
 */
export function viewRouter(source: RouteSource, framework: string, view: ViewClass, inherited: readonly string[] | undefined, name = view.cls.name): Registration[] {
  const { cls } = view;
  const route = (methods: string[], handler: string, guards: string[], line: number): Registration => ({ type: "route", framework, kind: "http", methods, path: "", handler, guards, owner: name, line, ...(view.open ? { anonymous: true } : {}) });
  const own = view.handlers.map((h) => {
    // Django hands the request first; Flask's is a global, its handlers take the URL's values after `self`.
    const accepts = handlerParameters(source, h, framework === "django" ? 2 : 1);
    return { ...route([h.name.toUpperCase()], `${cls.name}.${h.name}`, [...decoratorGuards(source.code, h.decorators), ...handlerCheckGuards(source, h)], h.line), ...(accepts ? { accepts } : {}) } as Registration;
  });
  const rest = (inherited ?? []).filter((m) => !view.handlers.some((h) => h.name.toUpperCase() === m));
  if (rest.length || !own.length) own.push(route(rest.length ? rest : ["ALL"], cls.name, [], cls.line));
  return [{ type: "router", framework, name, prefix: "", guards: view.guards, mountedOnly: true, line: cls.line }, ...own];
}

/**
 * How many parameters a handler method takes after its `leading` ones (`self`, and Django's
 * `request`: `def patch(self, request, slug, pk=None)` takes 2 and requires 1): Django and Flask
 * call it with one keyword per value the URL captures. Counted rather than named, as a custom
 * converter's parameter may be named otherwise in the path. Undefined when it takes any
 * (`**kwargs`), or when a decorator may hand it arguments (`@validate_args(...)`); a check
 * (`@allow_permission([...])`) passes them through.
 */
// A decorator that may hand the handler arguments of its own: `@validate_args(...)`, `@use_kwargs(...)`, `@inject`, `@parse_body`.
const ADDS_ARGUMENTS = /args|kwargs|inject|validate|parse|schema|body|query|param|load|provide/i;

function handlerParameters(source: RouteSource, handler: Definition, leading: number): { count: number; required: number } | undefined {
  if (handler.decorators.some((d) => ADDS_ARGUMENTS.test(d.name))) return undefined;
  const params = handler.params.map((p) => source.code.slice(p.start, p.end).trim()).filter(Boolean);
  if (params.length < leading || params.some((p) => p.startsWith("**"))) return undefined;
  const taken = params.slice(leading).filter((p) => !p.startsWith("*") && p !== "/");
  return { count: taken.length, required: taken.filter((p) => !/=/.test(p.replace(/:[^=]*/, ""))).length };
}

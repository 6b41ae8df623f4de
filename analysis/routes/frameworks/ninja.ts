import type { Framework } from "../framework.ts";
import { optionalByArguments } from "../paths.ts";
import { pythonBindings } from "../python/bindings.ts";
import { type Definition, pythonDefinitions } from "../python/definitions.ts";
import { dottedName, pythonArguments, pythonConstants, pythonValue, type Span, stringList } from "../python/values.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const FRAMEWORK = "ninja";
const VERBS = new Set(["get", "post", "put", "patch", "delete"]);
const USES_NINJA = /^[ \t]*(?:from[ \t]+ninja\b|import[ \t]+ninja\b)/m;
const CREATE = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.]+[ \t]*)?=[ \t]*(?:ninja[ \t]*\.[ \t]*)?(NinjaAPI|Router)[ \t]*\(/gm;
const ADD_ROUTER = /(?<![\w.])([A-Za-z_]\w*)\s*\.\s*add_router\s*\(/g;
// The list a urlconf entry is written in: `urlpatterns = [`, `urlpatterns += [`.
const URL_LIST = /^([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?\+?=[ \t]*[[(]/gm;
const SUBCLASS = /^[ \t]*class[ \t]+([A-Za-z_]\w*)[ \t]*\([ \t]*(?:ninja[ \t]*\.[ \t]*)?(?:NinjaAPI|Router)[ \t]*\)[ \t]*:/gm;
// `urls = api.urls`: the API's URLs kept under a name another module imports (`path("v1/", v1_api_urls)`).
const KEPT_URLS = /^([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*\.[ \t]*urls[ \t]*$/gm;
// `path("api/", api.urls)` in a Django urlconf serves an API under that path.
const URLS = /(?<![\w.])(?:path|re_path)\s*\(/g;

/**
 * Django Ninja: `NinjaAPI(auth=...)` and `Router(auth=...)`, operations declared by decorators
 * (`@router.get("/articles/{slug}", auth=TokenAuth())`, `@api.api_operation(["GET", "POST"],
 * "/x")`), `api.add_router("/api", router)` with the router as a name or as a dotted string
 * (`"articles.api.router"`), and the API served by a urlconf (`path("api/", api.urls)`). Routers
 * are named by their module (`apps/articles/api.py::router`), so a dotted string finds the
 * module as Django would. `auth=` guards unless it is `None` or made optional by its arguments.
 */
export const ninja: Framework = {
  id: FRAMEWORK,
  name: "Django Ninja",
  languages: ["python"],
  hint: /\bninja\b|\.urls\b/,
  scan(source) {
    const registrations: Registration[] = [];
    const constants = pythonConstants(source);
    const here = (name: string) => `${source.path}::${name}`;
    const routers = new Set<string>();
    if (USES_NINJA.test(source.code)) {
      // The module's own subclasses of NinjaAPI or Router (`class NinjaAPIWithIOCapture(NinjaAPI):`) make APIs too.
      const subclasses = [...source.code.matchAll(SUBCLASS)].map((m) => m[1]!);
      const create = subclasses.length ? new RegExp(CREATE.source.replace("(NinjaAPI|Router)", `(NinjaAPI|Router|${subclasses.join("|")})`), "gm") : CREATE;
      for (const m of source.code.matchAll(create)) {
        const { keywords } = pythonArguments(source.code, m.index + m[0].length - 1);
        routers.add(m[1]!);
        registrations.push({ type: "router", framework: FRAMEWORK, name: here(m[1]!), prefix: "", guards: authGuards(source, keywords.get("auth")), line: source.lineAt(m.index) });
      }
      for (const def of pythonDefinitions(source)) {
        if (def.kind === "def") registrations.push(...operations(source, def, constants, routers, here));
      }
    }
    const bindings = pythonBindings(source);
    /** A router named in this file: its own, or one imported (`from shop.api import router`). */
    const named = (name: string) => {
      if (routers.has(name)) return here(name);
      const bound = bindings.find((b) => b.local === name);
      if (!bound) return undefined;
      const dot = bound.specifier.lastIndexOf(".");
      return dot > 0 ? `${bound.specifier.slice(0, dot)}::${bound.specifier.slice(dot + 1)}` : undefined;
    };
    for (const m of source.code.matchAll(ADD_ROUTER)) {
      const owner = named(m[1]!);
      if (!owner) continue;
      const { positional, keywords } = pythonArguments(source.code, m.index + m[0].length - 1);
      const prefixSpan = keywords.get("prefix") ?? positional[0];
      const childSpan = keywords.get("router") ?? positional[1];
      const prefix = prefixSpan ? pythonValue(source, prefixSpan, constants) : undefined;
      if (prefix === undefined || !childSpan) continue;
      const dotted = pythonValue(source, childSpan, constants);
      const child = dotted !== undefined && /^[\w.]+\.\w+$/.test(dotted)
        ? `${dotted.slice(0, dotted.lastIndexOf("."))}::${dotted.slice(dotted.lastIndexOf(".") + 1)}`
        : named(dottedName(source.code, childSpan) ?? "");
      if (!child) continue;
      const guards = authGuards(source, keywords.get("auth"));
      registrations.push({ type: "use", framework: FRAMEWORK, owner, prefix, args: [child], specifiers: [], guards, mountOnly: true, line: source.lineAt(m.index) });
    }
    for (const m of source.code.matchAll(KEPT_URLS)) {
      if (!routers.has(m[2]!)) continue;
      registrations.push({ type: "router", framework: FRAMEWORK, name: here(m[1]!), prefix: "", guards: [], line: source.lineAt(m.index) });
      registrations.push({ type: "use", framework: FRAMEWORK, owner: here(m[1]!), prefix: "", args: [here(m[2]!)], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
    }
    for (const m of source.code.matchAll(URLS)) {
      const { positional } = pythonArguments(source.code, m.index + m[0].length - 1);
      const text = positional[1] && source.code.slice(positional[1].start, positional[1].end);
      // `api.urls`, or an imported name for an API's URLs (`from .v1_api import urls as v1_api_urls`).
      const api = text && (/^\s*([A-Za-z_][\w.]*)\.urls\s*$/.exec(text)?.[1] ?? (/^\s*([A-Za-z_]\w*)\s*$/.exec(text) && bindings.some((b) => b.local === text.trim() && /(?:^|\.)urls$/.test(b.specifier)) ? text.trim() : undefined));
      const prefix = positional[0] && pythonValue(source, positional[0], constants);
      const target = api && named(api);
      if (!target || prefix === undefined) continue;
      // Served by the Django URL list the entry is in (`urlpatterns`), under the prefixes that list is included with.
      const list = [...source.code.slice(0, m.index).matchAll(URL_LIST)].at(-1)?.[1] ?? "urlpatterns";
      const line = source.lineAt(m.index);
      registrations.push({ type: "router", framework: "django", name: list, prefix: "", guards: [], line });
      registrations.push({ type: "use", framework: "django", owner: list, prefix, args: [`${FRAMEWORK}:${target}`], specifiers: [], guards: [], mountOnly: true, line });
    }
    return registrations;
  },
};

/** The operations the decorators of one function declare on a router or API of this file. */
function operations(source: RouteSource, def: Definition, constants: Map<string, string>, routers: ReadonlySet<string>, here: (name: string) => string): Registration[] {
  const found: Registration[] = [];
  for (const d of def.decorators) {
    const dot = d.name.lastIndexOf(".");
    const owner = d.name.slice(0, dot);
    const verb = d.name.slice(dot + 1);
    if (dot < 0 || !d.args || !routers.has(owner) || !(VERBS.has(verb) || verb === "api_operation")) continue;
    const methods = verb === "api_operation"
      ? (d.args.positional[0] ? stringList(source, d.args.positional[0], constants).map((m) => m.toUpperCase()) : [])
      : [verb.toUpperCase()];
    const pathSpan = d.args.keywords.get("path") ?? d.args.positional[verb === "api_operation" ? 1 : 0];
    const path = pathSpan ? pythonValue(source, pathSpan, constants) : undefined;
    if (path === undefined || methods.length === 0) continue;
    found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler: def.name, guards: authGuards(source, d.args.keywords.get("auth")), owner: here(owner), line: d.line });
  }
  return found;
}

/** What `auth=` puts in front: each authenticator's name (`TokenAuth`), none for `None` or one made optional. */
function authGuards(source: RouteSource, span: Span | undefined): string[] {
  if (!span) return [];
  const text = source.code.slice(span.start, span.end).trim();
  if (text === "None" || text === "[]") return [];
  const items = text.startsWith("[") ? text.slice(1, -1).split(",") : [text];
  // A list passes when any one authenticator does: one that lets anyone in opens it all.
  if (items.some((item) => /^\s*(?:lambda\b|None\b)/.test(item) || optionalByArguments(/\((.*)\)/s.exec(item)?.[1] ?? ""))) return [];
  return items.map((item) => /^\s*([A-Za-z_][\w.]*)/.exec(item)?.[1]).filter((name): name is string => !!name);
}

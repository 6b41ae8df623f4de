import type { Framework } from "../framework.ts";
import { classAt, type Decorator, pythonDefinitions } from "../python/definitions.ts";
import { dottedName, type PyArguments, pythonArguments, pythonConstants, pythonValue, type Span, stringList } from "../python/values.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const FRAMEWORK = "pyramid";
const CONFIG_CALL = /(?<![\w.])([A-Za-z_][\w.]*)\s*\.\s*(add_route|add_view|add_static_view|set_default_permission)\s*\(/g;
const NO_PERMISSION = /^(?:NO_PERMISSION_REQUIRED|__no_permission_required__|(?:pyramid\.security\.)?NO_PERMISSION_REQUIRED)$/;

/** A route name's router: Pyramid binds views to routes by name, from any module. */
const routeRouter = (name: string) => `pyramid::${name}`;

type View = { methods: string[]; guards: string[]; anonymous: boolean };

/**
 * Pyramid: URL patterns declared by name (`config.add_route("article", "/api/articles/{slug}")`)
 * and the views bound to them from any module, by `@view_config(route_name=..., request_method=...,
 * permission=...)` (with a class's `@view_defaults`) or `config.add_view(view, route_name=...)`;
 * `add_static_view` serves a folder. A view's permission guards it; `set_default_permission`
 * guards every view that names none, and none that says `NO_PERMISSION_REQUIRED`.
 */
export const pyramid: Framework = {
  id: FRAMEWORK,
  name: "Pyramid",
  languages: ["python"],
  hint: /\b(?:add_route|view_config|add_view|view_defaults|add_static_view|set_default_permission)\b/,
  scan(source) {
    const constants = pythonConstants(source);
    const found: Registration[] = [];
    const value = (span: Span | undefined) => (span ? pythonValue(source, span, constants) : undefined);
    for (const m of source.code.matchAll(CONFIG_CALL)) {
      const { positional, keywords } = pythonArguments(source.code, m.index + m[0].length - 1);
      const line = source.lineAt(m.index);
      if (m[2] === "add_route") {
        const name = value(keywords.get("name") ?? positional[0]);
        const pattern = value(keywords.get("pattern") ?? positional[1]);
        if (name !== undefined && pattern !== undefined) found.push({ type: "router", framework: FRAMEWORK, name: routeRouter(name), prefix: pattern.startsWith("/") ? pattern : `/${pattern}`, guards: [], line });
      } else if (m[2] === "add_view") {
        const route = value(keywords.get("route_name"));
        const viewSpan = keywords.get("view") ?? positional[0];
        if (route === undefined) continue;
        const view = viewOf(source, constants, { positional: [], keywords });
        found.push(...routes(route, view, viewSpan ? dottedName(source.code, viewSpan) ?? "(inline)" : "(inline)", line));
      } else if (m[2] === "add_static_view") {
        const name = value(keywords.get("name") ?? positional[0]);
        if (name !== undefined && !/^https?:/.test(name)) found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: ["GET"], path: `/${name.replace(/^\/+/, "")}`, handler: "(static files)", guards: [], owner: "", line });
      } else {
        const permission = value(keywords.get("permission") ?? positional[0]);
        if (permission !== undefined && !NO_PERMISSION.test(permission)) found.push({ type: "global", framework: FRAMEWORK, guard: `permission(${permission})`, byDefault: true, line });
      }
    }
    const definitions = pythonDefinitions(source);
    for (const def of definitions) {
      const defaults = def.kind === "def" ? classAt(definitions, def.start)?.decorators.find((d) => isNamed(d, "view_defaults"))?.args : undefined;
      for (const d of def.decorators) {
        if (!isNamed(d, "view_config") || !d.args) continue;
        const merged: PyArguments = { positional: [], keywords: new Map([...(defaults?.keywords ?? []), ...d.args.keywords]) };
        const route = value(merged.keywords.get("route_name"));
        if (route === undefined) continue;
        const owner = def.kind === "def" ? classAt(definitions, def.start) : undefined;
        found.push(...routes(route, viewOf(source, constants, merged), owner ? `${owner.name}.${def.name}` : def.name, d.line));
      }
    }
    return found;
  },
};

const isNamed = (d: Decorator, name: string) => d.name === name || d.name.endsWith(`.${name}`);

/** The methods, permission and anonymity a view's arguments give. */
function viewOf(source: RouteSource, constants: Map<string, string>, args: PyArguments): View {
  const methodSpan = args.keywords.get("request_method");
  const methods = methodSpan ? stringList(source, methodSpan, constants).map((m) => m.toUpperCase()) : [];
  const permissionSpan = args.keywords.get("permission");
  const permission = permissionSpan ? pythonValue(source, permissionSpan, constants) ?? dottedName(source.code, permissionSpan) : undefined;
  const anonymous = permission !== undefined && NO_PERMISSION.test(permission);
  return { methods: methods.length ? methods : ["ALL"], guards: permission !== undefined && !anonymous ? [`permission(${permission})`] : [], anonymous };
}

function routes(route: string, view: View, handler: string, line: number): Registration[] {
  return [{ type: "route", framework: FRAMEWORK, kind: "http", methods: view.methods, path: "", handler, guards: view.guards, owner: routeRouter(route), line, ...(view.anonymous ? { anonymous: true } : {}) }];
}

/**
 * ASP.NET's named conventional routes: `endpoints.MapControllerRoute("Register", "register/", new
 * { controller = "Account", action = "Register" })` (and the older `routes.MapRoute(...)`) serve
 * one action at a path of its own, beside the default route's `/Account/Register`. Each is
 * read after linking and added as a copy of the action's routes (their methods and guards) at
 * the template. A template with `{action}` and a controller of its defaults (`"json/{action}"`,
 * `new { controller = "JsonApi" }`) serves each action of that controller at its name; one with
 * `{controller}` is a convention, left to the default one. A template's holes name constants, or a local
 * of the file as first declared (`var pattern = "";`, set again only under a setting). A route's
 * `HttpMethodRouteConstraint("PUT")` gives the method of an action that names none. An app that
 * maps named routes and no convention (no `{controller}` template, no `MapDefaultControllerRoute`:
 * BaGet) serves its conventionally routed actions only at their named routes.
 */
import { csharp } from "../../languages/csharp.ts";
import { strip } from "../../languages/strip.ts";
import type { LinkedRoute } from "../link.ts";
import { joinPaths } from "../paths.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { csharpQualifiedConstants, TEST_PATH } from "./project-classes.ts";
import { csharpConstants, csharpValue, namedArgument, template } from "./source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const MAP = /\.\s*(?:MapControllerRoute|MapRoute)\s*\(/g;
// `var pattern = "";`, `string prefix = "shop/";`: a local's first value.
const LOCAL = /(?<![\w.])(?:var|string)\s+([A-Za-z_]\w*)\s*=\s*(\$?@?"[^"\n]*")\s*;/g;

type NamedRoute = { controller: string; action: string; path: string; method?: string };
// A named route serving every action of its controller, each at the template with `{action}` its name.
const EACH_ACTION = "*";
// A default or area convention mapped without a template of the app's.
const DEFAULT_CONVENTION = /\b(?:MapDefaultControllerRoute|UseMvcWithDefaultRoute|MapAreaControllerRoute)\s*\(/;

/** A function giving each linked ASP.NET route its copies at the named routes that map its action. */
export function aspnetNamedRoutes(project: Project | undefined): <R extends LinkedRoute>(route: R) => R[] {
  let byHandler: Map<string, NamedRoute[]> | undefined;
  let conventions: string[] = [];
  let libraries: string[] = [];
  const read = () => {
    byHandler = new Map();
    const mapped = namedRoutes(project);
    conventions = mapped.conventions;
    libraries = mapped.libraries;
    for (const named of mapped.routes) {
      const handler = `${named.controller}Controller.${named.action}`;
      byHandler.set(handler, [...(byHandler.get(handler) ?? []), named]);
    }
  };
  return (route) => {
    if (route.framework !== "aspnet") return [route];
    if (!byHandler) read();
    // An action is named without its Async suffix (`GetAsync` is the action `Get`).
    const handler = route.handler.replace(/Async$/, "");
    const action = handler.slice(handler.lastIndexOf(".") + 1);
    const named = [...(byHandler!.get(handler) ?? []), ...(byHandler!.get(`${handler.slice(0, handler.lastIndexOf("."))}.${EACH_ACTION}`) ?? []).map((n) => ({ ...n, path: n.path.replace(/\{action\??\}/, action) }))];
    const copies = named.filter((n) => n.path !== route.path).map((n) => ({ ...route, path: n.path, ...(route.method === "ALL" && n.method ? { method: n.method } : {}) }));
    // The default convention serves the actions of the application (or the area) that maps it, and
    // those of the projects no application is made of, which an application loads (grandnode's plugins).
    const convention = conventions.some((folder) => route.file.startsWith(folder)) || (conventions.length > 0 && libraries.some((folder) => route.file.startsWith(folder)));
    const kept = convention || !byHandler!.size || !conventionalPath(route) ? [route] : [];
    return [...kept, ...copies];
  };
}

/** Whether a route is where the default convention serves its action: `/Controller/Action`, with `{id}`, or `/Controller` and `/` for an Index. */
function conventionalPath(route: LinkedRoute): boolean {
  const m = /^(\w+)Controller\.(\w+?)(?:Async)?$/.exec(route.handler);
  if (!m) return false;
  const [controller, action] = [m[1]!.toLowerCase(), m[2]!.toLowerCase()];
  const path = route.path.toLowerCase().replace(/\/\{id\??\}$/, "");
  return path === `/${controller}/${action}` || (action === "index" && (path === `/${controller}` || (controller === "home" && path === "/")));
}

/**
 * The named routes of one action the app's C# files map, and the folders whose controllers a
 * convention serves: the application's (the folder of the project file above the one mapping it),
 * or an area's (`Areas/Admin/`, for `Admin/{controller}/{action}/{id}` its registration maps).
 */
function namedRoutes(project: Project | undefined): { routes: NamedRoute[]; conventions: string[]; libraries: string[] } {
  const found: NamedRoute[] = [];
  const conventions = new Set<string>();
  const listed = [...(project?.listed ?? [])];
  const projectFolders = listed.filter((p) => p.endsWith(".csproj")).map((p) => p.slice(0, p.lastIndexOf("/") + 1));
  // Projects without an entry of their own (Program.cs, a Startup or OwinStartup class, Global.asax, Web.config): libraries an application loads.
  const libraries = projectFolders.filter((folder) => !listed.some((p) => p.startsWith(folder) && /^(?:[^/]+\/)?(?:Program\.cs|\w*Startup\.cs|Global\.asax(?:\.cs)?|[Ww]eb\.config)$/.test(p.slice(folder.length))));
  const servedBy = (file: string) => /^(.*?\bAreas\/[^/]+\/)/.exec(file)?.[1] ?? projectFolders.filter((f) => file.startsWith(f)).sort((a, b) => b.length - a.length)[0] ?? "";
  let qualified: Map<string, string> | undefined;
  const conventionNamed = (name: string | undefined) =>
    !!name && listed.some((file) => file.endsWith(".cs") && new RegExp(String.raw`\b${name}\s*=\s*@?"[^"\n]*\{controller\b`).test(project!.text(file) ?? ""));
  for (const path of listed) {
    if (!path.endsWith(".cs") || TEST_PATH.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (DEFAULT_CONVENTION.test(text)) conventions.add(servedBy(path));
    if (!/\bMap(?:Controller)?Route\s*\(/.test(text)) continue;
    const source: RouteSource = { ...strip(text, csharp.syntax), path, text };
    const constants = new Map([...(qualified ??= csharpQualifiedConstants(project)), ...csharpConstants(source)]);
    // Locals, in the text: the code has its strings blanked.
    for (const m of text.matchAll(LOCAL)) {
      const start = m.index + m[0].indexOf(m[2]!, m[1]!.length);
      if (!constants.has(m[1]!)) constants.set(m[1]!, csharpValue(source, constants, { start, end: start + m[2]!.length }) ?? "\0");
    }
    for (const m of source.code.matchAll(MAP)) {
      const { args } = callArguments(source.code, m.index + m[0].length - 1);
      const named = (name: string) => args.find((a) => new RegExp(`^\\s*${name}\\s*:`).test(source.code.slice(a.start, a.end)));
      const positional = args.filter((a) => !/^\s*\w+\s*:(?!:)/.test(source.code.slice(a.start, a.end)));
      const patternSpan = named("pattern") ?? named("url") ?? positional[1];
      const defaultsSpan = named("defaults") ?? positional[2];
      const written = patternSpan && csharpValue(source, constants, valueSpan(source, patternSpan));
      // A template of the convention's, or one not known here (which may be), maps controllers' actions by their names.
      // One not known here is a convention where a constant of that name holds one (not a wrapper's parameter, `url`).
      const unknownConvention = () => conventionNamed(/(\w+)\s*$/.exec(source.code.slice(patternSpan!.start, patternSpan!.end))?.[1]);
      if (patternSpan && (written === undefined ? unknownConvention() : /\{controller\b/.test(written))) conventions.add(/AreaRegistration\b/.test(text) ? /^(.*\/)/.exec(path)?.[1] ?? "" : servedBy(path));
      if (!patternSpan || !defaultsSpan) continue;
      if (written === undefined || written.includes("\0") || /\{controller\b/.test(written)) continue;
      const defaults = anonymousObject(source, valueSpan(source, defaultsSpan));
      const controller = defaults.get("controller");
      // `"json/{action}"` with `new { controller = "JsonApi" }`: each action of that controller, at its name.
      const action = /\{action\b/.test(written) ? EACH_ACTION : defaults.get("action");
      const constraints = named("constraints") ?? positional[3];
      const method = constraints && /\bHttpMethodRouteConstraint\s*\(\s*"([A-Za-z]+)"\s*\)/.exec(source.text.slice(constraints.start, constraints.end))?.[1]?.toUpperCase();
      if (controller && action) found.push({ controller, action, path: joinPaths("/", template(written).replace(/\{(\w+)\?\}/g, "{$1}")), ...(method ? { method } : {}) });
    }
  }
  return { routes: found, conventions: [...conventions], libraries };
}

/** The value of an argument, past its name when it has one (`pattern: "login/"`). */
function valueSpan(source: RouteSource, span: { start: number; end: number }): { start: number; end: number } {
  const name = /^\s*\w+\s*:(?!:)\s*/.exec(source.code.slice(span.start, span.end));
  return name ? { start: span.start + name[0].length, end: span.end } : span;
}

/** The string members of `new { controller = "Account", action = "Login" }`. */
function anonymousObject(source: RouteSource, span: { start: number; end: number }): Map<string, string> {
  const values = new Map<string, string>();
  const open = source.code.indexOf("{", span.start);
  if (!/^\s*new\s*\{/.test(source.code.slice(span.start, span.end)) || open < 0) return values;
  for (const part of callArguments(source.code, open).args) {
    if (!namedArgument(source, part)) continue;
    const m = /^\s*(\w+)\s*=\s*/.exec(source.code.slice(part.start, part.end))!;
    const value = csharpValue(source, new Map(), { start: part.start + m[0].length, end: part.end });
    if (value !== undefined) values.set(m[1]!.toLowerCase(), value);
  }
  return values;
}

/**
 * What an ASP.NET controller inherits, filled in before linking: the actions of the app's abstract
 * controllers it extends (`TagController : RestController<TagResource>` serves RestController's
 * `[RestGetById] GetResourceByIdWithErrorHandler` at `api/v3/tag/{id}`). The scanner writes an
 * abstract controller's routes under an owner of their own (INHERITED) and without its route
 * template; this copies them to every concrete controller that extends it, directly or through
 * other bases, with the controller's name, attributes and authorization (withBaseControllers then
 * gives the template), unless the controller declares an action of that name itself. The
 * abstract routes themselves are served nowhere.
 */
import { classAttributeEntries, INHERITED } from "../frameworks/aspnet.ts";
import { joinPrefix } from "../common/values.ts";
import type { FileRoutes, Registration, RouteRegistration } from "../registration.ts";
import { attribute, firstBase } from "./attributes.ts";
import { csharpProjectFiles } from "./project-classes.ts";
import { attributeValue, authorization, template } from "./source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
/**
 * `actions`: the controller's own, each with its number of parameters and whether it routes itself
 * (a verb or a template); an override that does not takes the base's.
 */
type Controller = { file: string; name: string; base: string | undefined; attributes: string[]; routes: string[]; guards: string[]; anonymous: boolean; actions: OwnAction[] };
type OwnAction = { name: string; arity: number; routes: boolean };
/** An abstract controller's action: its name, the line it starts on, its number of parameters, whether it routes itself. */
type BaseAction = { name: string; line: number; arity: number; routes: boolean };

// Attributes by which an action decides its routing itself: a verb, a template, or none at all (`[NonAction]` switches off the base's).
const ROUTING = /^(?:Http(?:Get|Post|Put|Patch|Delete|Head|Options)|Route|AcceptVerbs|NonAction)$/;

const MAX_DEPTH = 5;

export function withInheritedActions(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  const inherited = new Map<string, RouteRegistration[]>();
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    const own = routes.registrations.filter((r) => !(r.type === "route" && r.owner.startsWith(INHERITED)));
    for (const r of routes.registrations) {
      if (r.type !== "route" || !r.owner.startsWith(INHERITED)) continue;
      const base = r.owner.slice(INHERITED.length);
      inherited.set(base, [...(inherited.get(base) ?? []), r]);
    }
    result.set(file, own.length === routes.registrations.length ? routes : { ...routes, registrations: own });
  }
  if (!inherited.size) return result;
  const { controllers, abstractBases, baseActions } = projectControllers(project);
  const byName = new Map(controllers.map((c) => [c.name, c]));
  for (const controller of controllers) {
    const added: Registration[] = [];
    const overridden = new Set<string>();
    const taken = new Set<string>();
    let name = controller.base;
    for (let depth = 0; name && depth < MAX_DEPTH; depth++) {
      // The nearest base that declares an action gives it (its routes, one per verb or template).
      const declared = new Set<string>();
      for (const route of inherited.get(name) ?? []) {
        const action = route.handler.split(".")[1] ?? "";
        // Overloads are told apart by their number of parameters (Lidarr's `[NonAction] override
        // UpdateProvider(bulk)` switches off the bulk PUT, not `UpdateProvider(id, resource, forceSave)`).
        const arity = declaredAt(baseActions.get(name) ?? [], action, route.line)?.arity;
        const own = controller.actions.filter((a) => a.name === action && (arity === undefined || a.arity === arity));
        const key = `${action}/${arity ?? "?"}`;
        // An override with routing attributes of its own routes itself; one without takes the base's (ASP.NET reads them inherited).
        if (own.some((a) => a.routes) || taken.has(key)) continue;
        declared.add(key);
        if (own.length) overridden.add(`${controller.name}.${action}`);
        added.push(copied(route, controller, action));
      }
      for (const action of declared) taken.add(action);
      // An override there that routes itself, or is no action (`[NonAction] override GetResourceById` in
      // ReleaseControllerBase), hides the action of the bases above it, as the controller's own would.
      for (const a of baseActions.get(name) ?? []) if (a.routes) taken.add(`${a.name}/${a.arity}`);
      name = byName.get(name)?.base ?? abstractBases.get(name);
    }
    if (!added.length) continue;
    const known = result.get(controller.file);
    const own = (known?.registrations ?? []).filter((r) => !(r.type === "route" && overridden.has(r.handler)));
    result.set(controller.file, { registrations: [...own, ...added], bindings: known?.bindings ?? [] });
  }
  return result;
}

/** An abstract route as the controller's: its name, its attributes and authorization, its own template when it has one. */
function copied(route: RouteRegistration, controller: Controller, action: string): RouteRegistration {
  const { owner: _, attributes, ...rest } = route;
  const name = controller.name.replace(/Controller$/, "");
  const tokens = (t: string) => t.replace(/\[controller\]/gi, name).replace(/\[action\]/gi, action.replace(/Async$/, ""));
  const all = [...controller.attributes, ...(attributes ?? [])];
  const own = controller.routes[0];
  return {
    ...rest,
    owner: "",
    handler: `${controller.name}.${action}`,
    path: own !== undefined && !/^~?\//.test(route.path) ? template(tokens(joinPrefix(own, route.path))) : route.path,
    guards: controller.anonymous || route.anonymous ? route.guards : [...new Set([...controller.guards, ...route.guards])],
    ...(controller.base ? { base: controller.base } : {}),
    ...(all.length ? { attributes: all } : {}),
    ...(own !== undefined ? { ownTemplate: true } : {}),
  };
}

/**
 * The concrete controllers of the project that extend a class, with what they give the actions they
 * inherit, and the base each abstract class extends (`ProviderControllerBase : RestController<T>`).
 */
function projectControllers(project: Project | undefined): { controllers: Controller[]; abstractBases: Map<string, string | undefined>; baseActions: Map<string, BaseAction[]> } {
  const found: Controller[] = [];
  const abstractBases = new Map<string, string | undefined>();
  const baseActions = new Map<string, BaseAction[]>();
  for (const { path, source, constants, classes } of csharpProjectFiles(project)) {
    if (!/Controller/.test(source.text)) continue;
    for (const cls of classes) {
      const base = firstBase(cls.bases);
      if (cls.abstract) {
        abstractBases.set(cls.name, base);
        baseActions.set(cls.name, cls.actions.map((a) => ({ name: a.name, line: source.lineAt(a.start), arity: arity(a.parameters), routes: a.attributes.some((x) => ROUTING.test(x.name)) })));
      }
      if (cls.abstract || !base || attribute(cls.attributes, "NonController")) continue;
      found.push({
        file: path,
        name: cls.name,
        base,
        attributes: classAttributeEntries(source, constants, cls),
        routes: cls.attributes.filter((a) => a.name === "Route").map((a) => attributeValue(source, constants, a)).filter((v): v is string => v !== undefined),
        guards: cls.attributes.filter((a) => a.name === "Authorize").map((a) => authorization(source, constants, a.name, a.args)),
        anonymous: !!attribute(cls.attributes, "AllowAnonymous"),
        actions: cls.actions.map((a) => ({ name: a.name, arity: arity(a.parameters), routes: a.attributes.some((x) => ROUTING.test(x.name)) })),
      });
    }
  }
  return { controllers: found, abstractBases, baseActions };
}

/** The declaration of an action a route of it was read at: the nearest of that name starting at or before the route's line. */
function declaredAt(actions: readonly BaseAction[], name: string, line: number): BaseAction | undefined {
  let nearest: BaseAction | undefined;
  for (const a of actions) if (a.name === name && a.line <= line && (!nearest || a.line > nearest.line)) nearest = a;
  return nearest;
}

/** How many parameters a parameter list declares: its commas outside brackets, plus one (`Dictionary<int, string> map, int id = 0` is two). */
function arity(parameters: string): number {
  if (!parameters.trim()) return 0;
  let depth = 0;
  let count = 1;
  for (const c of parameters) {
    if (c === "<" || c === "(" || c === "[" || c === "{") depth++;
    else if (c === ">" || c === ")" || c === "]" || c === "}") depth--;
    else if (c === "," && depth === 0) count++;
  }
  return count;
}

import { ARGUMENT_SEPARATOR, attribute, type CsClass, csharpClasses, firstBase } from "../csharp/attributes.ts";
import { aspnetGlobals } from "../csharp/globals.ts";
import { attributeValue, authorization, csharpConstants, csharpValue, namedArgument, namespaceOf, template } from "../csharp/source.ts";
import type { Framework } from "../framework.ts";
import { joinPrefix } from "../common/values.ts";
import type { Registration } from "../registration.ts";
import type { Span } from "../js/objects.ts";
import type { RouteSource } from "../source.ts";
import { isGuardName, isOptionalGuardName } from "../paths.ts";

const VERBS: Record<string, string> = { HttpGet: "GET", HttpPost: "POST", HttpPut: "PUT", HttpDelete: "DELETE", HttpPatch: "PATCH", HttpHead: "HEAD", HttpOptions: "OPTIONS" };
const CONTROLLER = /\b(?:Controller|ControllerBase|ApiController|ODataController|EndpointBase(?:Async|Sync)?|Base(?:Async)?Endpoint)\b/;
const TEST_PATH = /(^|\/)[^/]*Tests?\//;

/**
 * ASP.NET Core controllers: class `[Route]` templates (several allowed) combined with action
 * `[HttpGet("{id}")]`/`[Route]`/`[AcceptVerbs]` templates (`/` or `~/` starts over), the
 * `[controller]`, `[action]` and `[area]` tokens, `v{version:apiVersion}` filled from
 * `[ApiVersion]`/`[MapToApiVersion]`, `[Authorize]` on the class and the action
 * (`[AllowAnonymous]` lifts the class's); controllers without attribute routes follow the
 * default convention `/{controller}/{action}/{id?}`; Ardalis ApiEndpoints classes are controllers
 * too. OData controllers route their actions named for a verb by OData's convention (`Post` at the
 * entity set named for the controller, `Patch(int key, ...)` at `Categories({key})`) and serve the
 * `$count` of the collections their actions answer. Program.cs globals come from csharp/globals.ts.
 */
export const aspnet: Framework = {
  id: "aspnet",
  name: "ASP.NET Core",
  languages: ["csharp"],
  hint: /\bController(?:Base)?\b|\bclass\s+\w+Controller\s*:\s*\w*Controller\b|\[Http(?:Get|Post|Put|Delete|Patch)\b|FallbackPolicy|RequireAuthorization|AuthorizeFilter|UsePathBase|\bclass\s+\w+\s*(?:\([^)]*\)\s*)?:\s*(?:[\w.]+\.)?Hub\b/,
  scan(source) {
    if (TEST_PATH.test(source.path)) return [];
    const constants = csharpConstants(source);
    const registrations: Registration[] = aspnetGlobals(source, constants, "aspnet");
    for (const cls of csharpClasses(source)) {
      // An abstract controller of the app's serves its actions in each controller that extends it
      // (csharp/inherited-actions.ts, before linking): written without its own route template, for now.
      if (cls.abstract && isControllerBase(cls)) {
        const routes = controllerRoutes(source, constants, { ...cls, attributes: cls.attributes.filter((a) => a.name !== "Route") }, true);
        registrations.push(...routes.map((r) => (r.type === "route" ? { ...r, owner: `${INHERITED}${cls.name}` } : r)));
      }
      if (!cls.abstract && HUB.test(cls.bases)) registrations.push(...hubRoutes(source, constants, cls));
      if (!isController(cls)) continue;
      registrations.push(...controllerRoutes(source, constants, cls));
    }
    return registrations;
  },
};

// A SignalR hub's base: `Hub`, `Hub<IChatClient>`, `Microsoft.AspNetCore.SignalR.Hub`, first or among others.
const HUB = /(?:^|,)\s*(?:[\w.]+\.)?Hub\s*(?:<[^>]*>\s*)?(?:,|$)/;

/**
 * A SignalR hub (`[Authorize] public class ChatHub : Hub`): the connection endpoint (a GET, upgraded to a
 * WebSocket or read as a stream) and its negotiation (`POST .../negotiate`), behind the class's [Authorize]
 * ([AllowAnonymous] lifts the app's policy). A router that serves only where `MapHub<ChatHub>("/chat")`
 * maps it (frameworks/minimal-api.ts), under that path.
 */
function hubRoutes(source: RouteSource, constants: ReadonlyMap<string, string>, cls: CsClass): Registration[] {
  const name = `${namespaceOf(source)}::${cls.name}`;
  const line = source.lineAt(cls.start);
  const guards = cls.attributes.filter((a) => a.name === "Authorize").map((a) => authorization(source, constants, a.name, a.args));
  const anonymous = !!attribute(cls.attributes, "AllowAnonymous");
  const route = (method: string, path: string): Registration => ({ type: "route", framework: "aspnet", kind: "http", methods: [method], path, handler: cls.name, guards, owner: name, line, ...(anonymous ? { anonymous } : {}) });
  return [{ type: "router", framework: "aspnet", name, prefix: "", guards: [], mountedOnly: true, line }, route("GET", ""), route("POST", "/negotiate")];
}

function isController(cls: CsClass): boolean {
  if (attribute(cls.attributes, "NonController") || cls.abstract) return false;
  // A controller of the app's own base class (`HomeController : BasePublicController`) is one by both names.
  return !!attribute(cls.attributes, "ApiController", "Controller") || CONTROLLER.test(cls.bases) || (cls.name.endsWith("Controller") && (/Controller\b/.test(cls.bases) || cls.actions.some((a) => a.attributes.some((x) => x.name in VERBS))));
}

/** A class controllers may extend: an abstract controller of the app's. */
const isControllerBase = (cls: CsClass): boolean => !attribute(cls.attributes, "NonController") && /Controller/.test(`${cls.name} ${cls.bases}`);

/** The owner of the routes an abstract controller's actions give the controllers extending it. */
export const INHERITED = "(inherited) ";

/** The app's attributes on a controller, with their arguments, which may route or authorize (read before linking). */
export function classAttributeEntries(source: RouteSource, constants: ReadonlyMap<string, string>, cls: CsClass): string[] {
  return cls.attributes.filter((a) => !KNOWN_ATTRIBUTES.has(a.name)).map((a) => {
    const args = a.args.filter((span) => !namedArgument(source, span)).map((span) => csharpValue(source, constants, span) ?? "");
    return `class:${a.name}${args.length ? `(${args.join(ARGUMENT_SEPARATOR)})` : ""}`;
  });
}

/** `abstract`: the routes of an abstract base, whose actions are routed by attribute as soon as one names a verb or a template. */
function controllerRoutes(source: RouteSource, constants: ReadonlyMap<string, string>, cls: CsClass, abstract = false): Registration[] {
  const value = (a: { args: readonly Span[] }) => attributeValue(source, constants, a);
  const controller = cls.name.replace(/Controller$/, "");
  const area = attribute(cls.attributes, "Area");
  const classRoutes = cls.attributes.filter((a) => a.name === "Route").map(value).filter((v): v is string => v !== undefined);
  // A class template held in a constant of another file (`[Route(ControllerRoutes.ApiRoute)]`): read before linking.
  const foreignTemplate = classRoutes.length ? undefined : cls.attributes.filter((a) => a.name === "Route").map((a) => /^\s*([A-Z]\w*(?:\.[A-Z]\w*)+)\s*$/.exec(source.code.slice(a.args[0]?.start ?? 0, a.args[0]?.end ?? 0))?.[1]).find((t) => t !== undefined);
  const versions = cls.attributes.filter((a) => a.name === "ApiVersion").map(value).filter((v): v is string => v !== undefined);
  const classGuards = [...cls.attributes.filter((a) => a.name === "Authorize").map((a) => authorization(source, constants, a.name, a.args)), ...filterGuards(source, cls.attributes)];
  const routedByAttribute = (a: (typeof cls.actions)[number]) => a.attributes.some((x) => x.name === "Route" || ((abstract || x.args.length) && x.name in VERBS) || customVerb(x.name));
  const controllerAttributed = classRoutes.length > 0 || foreignTemplate !== undefined || cls.actions.some(routedByAttribute);
  // Routing is decided per action: in a controller without a template of its own, an action with
  // none is served by the conventional route beside its attribute-routed siblings (an account
  // controller's `[Route("login")]` beside a plain `ForgotPassword()`). Not in an [ApiController],
  // which ASP.NET routes by attribute alone.
  const byConvention = (a: (typeof cls.actions)[number]) => !abstract && classRoutes.length === 0 && foreignTemplate === undefined && !routedByAttribute(a) && !attribute(cls.attributes, "ApiController");
  // A base class of the app's (`BaseApiController`) may give the template and authorization: read before linking.
  // So may the other parts of a partial class (`[Authorize]` on `partial class UIServerController : Controller`
  // in one file guards the actions its other files declare): the class itself stands for them.
  const inherits = baseClass(cls.bases) ?? (cls.partial ? cls.name : undefined);
  // Attributes of the app's that may route or authorize (`[ApiV1]`, `[PowerUser]`): read before linking.
  // With their arguments, which such an attribute may build its template from (`[V3ApiController("alttitle")]`).
  const classAttributes = [...classAttributeEntries(source, constants, cls), ...(foreignTemplate ? [`template:${foreignTemplate}`] : [])];
  // An OData controller: one extending ODataController, or whose routes address entities by key (`Categories({key})`).
  const odata = /\bODataController\b/.test(cls.bases) || cls.actions.some((a) => a.attributes.some((x) => (x.name in VERBS || x.name === "Route") && /^\w+\(\{\w+\}\)/.test(value(x) ?? "")));
  const found: Registration[] = [];
  for (const action of cls.actions) {
    if (attribute(action.attributes, "NonAction")) continue;
    // OData routes a controller's actions named for their verb by its own convention, not MVC's.
    const odataConvention = odata && ODATA_ACTION.test(action.name.replace(/Async$/, ""));
    const attributed = controllerAttributed && (!byConvention(action) || odataConvention);
    const verbs = action.attributes.filter((a) => a.name in VERBS || a.name === "AcceptVerbs");
    const routes = action.attributes.filter((a) => a.name === "Route").map(value);
    // A verb attribute of the app's (`[RestPutById]`): its method and template are read before linking.
    const ownVerbs = action.attributes.filter((a) => customVerb(a.name));
    if (attributed && verbs.length === 0 && routes.length === 0 && ownVerbs.length === 0) continue;
    // A public method answering an action result is an action; so is an `async Task` one writing its answer
    // itself (BaGet's `public async Task Upload(...)`), not an override of the controller's hooks.
    if (!attributed && !/IActionResult|ActionResult|ViewResult|JsonResult|ContentResult|RedirectResult|FileResult|PartialViewResult/.test(action.header) && !ANSWERS_ITSELF.test(action.header) && verbs.length === 0) continue;
    // `[AllowAnonymous]` on the action, or on the controller, bypasses every authorization: a base class's
    // `[Authorize]`, the action's own, global ones and the fallback policy (as ASP.NET Core does).
    // With their arguments as written where not known here (`[ApiPermissionOrAnonymous(PermissionIds.AppUpdate)]`): what they require.
    const attributes = [...classAttributes, ...action.attributes.filter((a) => !KNOWN_ATTRIBUTES.has(a.name) && !(a.name in VERBS) && !customVerb(a.name)).map((a) => {
      const args = a.args.filter((span) => !namedArgument(source, span)).map((span) => csharpValue(source, constants, span) ?? source.code.slice(span.start, span.end).trim());
      return `action:${a.name}${args.length ? `(${args.join(ARGUMENT_SEPARATOR)})` : ""}`;
    })];
    const anonymous = !!attribute(action.attributes, "AllowAnonymous") || !!attribute(cls.attributes, "AllowAnonymous");
    const guards = anonymous ? [] : [...classGuards, ...action.attributes.filter((a) => a.name === "Authorize").map((a) => authorization(source, constants, a.name, a.args)), ...filterGuards(source, action.attributes)];
    const own = action.attributes.filter((a) => a.name === "MapToApiVersion").map(value).filter((v): v is string => v !== undefined);
    const name = action.name.replace(/Async$/, "");
    const tokens = (t: string) => t.replace(/\[controller\]/gi, controller).replace(/\[action\]/gi, name).replace(/\[area\]/gi, area ? value(area) ?? "" : "");
    const templates: { methods: string[]; path: string | undefined; at: number; verb?: string }[] = [];
    // `[AcceptVerbs("GET", "HEAD")]`, or ASP.NET MVC 5's flags: `[AcceptVerbs(HttpVerbs.Get | HttpVerbs.Head)]`.
    const methods = (a: (typeof verbs)[number]) =>
      a.name === "AcceptVerbs"
        ? a.args.flatMap((s) => ((v) => (v ? [v.toUpperCase()] : [...source.code.slice(s.start, s.end).matchAll(/\bHttpVerbs\s*\.\s*(\w+)/g)].map((f) => f[1]!.toUpperCase())))(csharpValue(source, constants, s)))
        : [VERBS[a.name]!];
    const anyVerb = verbs.flatMap(methods);
    for (const v of verbs) if (v.args.length && value(v) !== undefined && v.name !== "AcceptVerbs") templates.push({ methods: methods(v), path: value(v), at: v.start });
    for (const [i, r] of routes.entries()) templates.push({ methods: anyVerb.length ? anyVerb : ["ALL"], path: r, at: action.attributes.filter((a) => a.name === "Route")[i]!.start });
    for (const v of ownVerbs) templates.push({ methods: [customVerb(v.name)!], path: "", at: v.start, verb: v.name });
    // An OData controller's action named for its verb serves its entity set by convention (`Post` at
    // `Categories`, `Patch(int key, ...)` at `Categories({key})`).
    // Replacing or removing takes a key: without one, such an action is routed to nothing.
    const keyed = /(?:^|[\s,(])(?:\[[^\]]*\]\s*)?[\w<>?]+\s+key\s*(?:[,=)]|$)/.test(action.parameters);
    const entitySet = odataConvention && !templates.some((t) => !t.verb) && anyVerb.length ? (keyed ? `${controller}({key})` : /^(?:Get|Post)$/.test(name) ? controller : undefined) : undefined;
    if (odataConvention && !templates.some((t) => !t.verb) && entitySet === undefined) continue;
    if (entitySet !== undefined) templates.push({ methods: anyVerb, path: entitySet, at: verbs[0]!.start });
    // An action with no template of its own serves its controller's path (with every method unless one is named),
    // beside what a verb attribute of the app's gives it.
    if (!templates.some((t) => !t.verb) && (anyVerb.length || !ownVerbs.length)) templates.push({ methods: anyVerb.length ? anyVerb : ["ALL"], path: attributed ? "" : conventional(action.parameters), at: verbs[0]?.start ?? action.start });
    // OData serves the count of a collection an action answers (`IQueryable<Discount>`) at its path's `$count`.
    if (odata && COLLECTION.test(action.header)) for (const t of [...templates]) if (t.path !== undefined && t.methods.includes("GET")) templates.push({ methods: ["GET"], path: joinPrefix(t.path, "$count"), at: t.at });
    // A conventionally routed controller of an area (`[Area("Catalog")]`) is served by the area's route, `{area}/{controller}/{action}/{id?}`.
    const areaName = area ? value(area) : undefined;
    const areaPrefix = areaName ? `${areaName}/` : "";
    const bases = attributed ? (classRoutes.length ? classRoutes : [""]) : [`${areaPrefix}${controller}/${name}`];
    // The default route's defaults (`{controller=Home}/{action=Index}/{id?}`): an Index action
    // also serves its controller's path, and HomeController's the root (of its area), without an id.
    const defaults = attributed || name !== "Index" ? [] : [`${areaPrefix}${controller}`, ...(controller === "Home" ? [areaPrefix] : [])];
    for (const t of templates) {
      if (t.path === undefined) continue;
      const absolute = /^~?\//.test(t.path);
      const paths = absolute ? [t.path] : bases.map((base) => joinPrefix(base, t.path!));
      if (!absolute && !attributed && !t.verb) paths.push(...defaults);
      for (const path of paths) {
        for (const version of versioned(tokens(path), own.length ? own : versions)) {
          const all = t.verb ? [...attributes, `verb:${t.verb}`] : attributes;
          found.push({ type: "route", framework: "aspnet", kind: "http", methods: t.methods, path: template(version), handler: `${cls.name}.${action.name}`, guards, owner: "", line: source.lineAt(t.at), ...(anonymous ? { anonymous: true } : {}), ...(inherits ? { base: inherits } : {}), ...(all.length ? { attributes: all } : {}), ...(inherits || all.length ? (classRoutes.length ? { ownTemplate: true } : attributed ? {} : { conventional: true, ...(areaName ? { ownArea: true } : {}) }) : {}) });
        }
      }
    }
  }
  return found;
}

// `public async Task Upload(`: an action that writes its answer to the response itself.
const ANSWERS_ITSELF = /^(?!.*\boverride\b).*\basync\s+Task\s+\w+\s*$/s;

// The actions OData routes by convention, by name, and what an action answering a collection returns.
const ODATA_ACTION = /^(?:Get|Post|Put|Patch|Delete)$/;
const COLLECTION = /\b(?:IQueryable|IEnumerable|ICollection|IList|IAsyncEnumerable|PageResult)\s*</;

/**
 * The authorization filters a controller or action runs through `[ServiceFilter(typeof(ApiAuthorizationFilter))]`
 * or `[TypeFilter(typeof(...))]`: the filter class, when it is named for a check (a caching or
 * logging filter is not).
 */
function filterGuards(source: RouteSource, attributes: readonly { name: string; args: readonly Span[] }[]): string[] {
  return attributes.flatMap((a) => {
    if (a.name !== "ServiceFilter" && a.name !== "TypeFilter") return [];
    const type = a.args[0] && /^\s*typeof\s*\(\s*(?:[\w.]+\.)?([A-Za-z_]\w*)\s*\)/.exec(source.code.slice(a.args[0].start, a.args[0].end))?.[1];
    return type && isGuardName(type) && !isOptionalGuardName(type) ? [type] : [];
  });
}

/** The method an action attribute of the app's is named for (`RestPutById` -> PUT), when it may be a verb attribute. */
function customVerb(name: string): string | undefined {
  if (KNOWN_ATTRIBUTES.has(name) || name in VERBS) return undefined;
  const verb = /^(?:[A-Z]\w*?)?(Get|Post|Put|Patch|Delete)(?:[A-Z]\w*)?$/.exec(name)?.[1];
  return verb?.toUpperCase();
}

// ASP.NET's own attributes and common ones of libraries: none of them is an app's route or authorization attribute.
const KNOWN_ATTRIBUTES = new Set(["Route", "Authorize", "AllowAnonymous", "ApiController", "Controller", "NonController", "NonAction", "Area", "ApiVersion", "MapToApiVersion", "AcceptVerbs", "Produces", "Consumes", "ProducesResponseType", "ApiExplorerSettings", "FromBody", "FromQuery", "FromRoute", "FromForm", "FromHeader", "FromServices", "ResponseCache", "EnableCors", "DisableCors", "EnableRateLimiting", "DisableRateLimiting", "RequestSizeLimit", "DisableRequestSizeLimit", "RequestFormLimits", "ValidateAntiForgeryToken", "IgnoreAntiforgeryToken", "AutoValidateAntiforgeryToken", "Obsolete", "SwaggerOperation", "SwaggerResponse", "SwaggerTag", "OpenApiOperation", "Description", "DisplayName", "ServiceFilter", "TypeFilter", "Filter", "Tags", "EndpointSummary", "EndpointDescription", "OutputCache", "RequireHttps", "FormatFilter", "ValidateModelState", "Consumes"]);

// The framework's controller types and interfaces, which give no template. `ApiController` is
// Web API 2's, but as often an app's own base of ASP.NET Core (`[Route(Constants.PrefixApi)]
// abstract class ApiController : Controller`): read as a base, which gives nothing when the
// repository does not declare it.
const FRAMEWORK_BASE = /^(?:Controller|ControllerBase|ODataController|EndpointBase\w*|Base(?:Async)?Endpoint|I[A-Z]\w*)$/;

/** The class a controller extends, when it is the app's own: the first base type, without its namespace and type arguments. */
function baseClass(bases: string): string | undefined {
  const first = firstBase(bases);
  return first && !FRAMEWORK_BASE.test(first) ? first : undefined;
}

/** The `{id?}` an action of a conventionally routed controller takes from the default route `{controller}/{action}/{id?}`: served with and without it. */
const conventional = (parameters: string): string => (/\bid\b/.test(parameters) ? "{id?}" : "");

/** A template with its API version filled in (`v{version:apiVersion}` with `[ApiVersion("1.0")]` is `v1`), once per version. */
function versioned(path: string, versions: readonly string[]): string[] {
  if (!/\{version:apiVersion\}/i.test(path) || versions.length === 0) return [path];
  return versions.map((v) => path.replace(/\{version:apiVersion\}/gi, v.replace(/\.0$/, "")));
}

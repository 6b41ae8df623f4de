/**
 * What an ASP.NET controller takes from the base classes of the app's it extends, filled in
 * before linking: `[Route("api/[controller]")]` and `[Authorize]` on `BaseApiController` serve
 * `RatingController : BaseApiController`'s `[HttpGet("overall")]` at `/api/Rating/overall`, for
 * signed-in callers. The nearest base with a template gives it (its `[controller]` is the derived
 * controller's name) unless the controller has its own; every base's `[Authorize]` guards, unless
 * the action or the controller allows anonymous callers.
 * Attribute classes of the app's count too: a route template one (`[ApiV1]`, a `RouteAttribute`
 * subclass, or `[V3ApiController("alttitle")]`, an `IRouteTemplateProvider` building its template
 * from its arguments), an authorization one, and a verb one on an action (`[RestPutById]`), whose
 * method and template the action takes; a verb attribute that turns out to be none routes nothing.
 * A conventionally routed controller under a base of an area (`[Area("Admin")]`) is served at that area's path.
 * A base not in the repository gives nothing, and the route keeps the path it was scanned with.
 * So does the controller's own template when it is a constant of another file (`[Route(ControllerRoutes.ApiRoute)]`),
 * read here from the project's constants.
 */
import { joinPrefix } from "../common/values.ts";
import { isGuardName, isOptionalGuardName } from "../paths.ts";
import type { FileRoutes, Registration } from "../registration.ts";
import { ARGUMENT_SEPARATOR, attribute, type CsClass, firstBase } from "./attributes.ts";
import { csharpProjectFiles, csharpQualifiedConstants } from "./project-classes.ts";
import { attributeValue, authorization, csharpValue, template } from "./source.ts";
import { callArguments } from "../source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
type Base = { templates: string[]; guards: string[]; parent: string | undefined; baseArguments: string[]; attributes: string[]; area?: string; provider?: TemplateProvider; httpMethods?: string[]; refuses?: true; apiVersion?: string };

/**
 * An attribute class of the app's that gives a route template (`VersionedApiControllerAttribute :
 * IRouteTemplateProvider` with `Template = $"api/v{version}/{resource}"`), or hands its arguments
 * to a base that does (`V3ApiControllerAttribute(string resource = "[controller]") : base(3, resource)`).
 * Each function reads a value with the constructor's parameters bound.
 */
type TemplateProvider = {
  parameters: { name: string; fallback?: (bound: Bound) => string | undefined }[];
  template?: (bound: Bound) => string | undefined;
  baseArguments: ((bound: Bound) => string | undefined)[];
};
type Bound = ReadonlyMap<string, string>;

// The framework's attribute classes that run a filter of the app's before the action.
const FILTER_ATTRIBUTE = /^(?:TypeFilterAttribute|ServiceFilterAttribute|ActionFilterAttribute)$/;
// A filter's own refusal of the caller: `context.Result = new UnauthorizedObjectResult(...)`, `new ForbidResult()`, a 401 or 403 status
// (`new StatusCodeResult(403)`, `new ObjectResult("") { StatusCode = 403 }`).
const FILTER_REFUSAL = /\.\s*Result\s*=\s*new\s+(?:Unauthorized(?:Object)?Result|ForbidResult|ChallengeResult|StatusCodeResult\s*\(\s*(?:40[13]|StatusCodes\s*\.\s*Status40[13]\w*)|(?:Object|Json|Content)Result\s*\([^)]*\)\s*\{\s*StatusCode\s*=\s*(?:40[13]|StatusCodes\s*\.\s*Status40[13]\w*))\b/;
// The filter interfaces an attribute class may implement itself, beside `ActionFilterAttribute`.
const FILTER_INTERFACE = /\bI(?:Async)?(?:Action|Authorization|Resource)Filter\b/;
// A class named public: `BasePublicController`, `PublicApiController` (a word of the name, not `Publication`).
const PUBLIC_CLASS = /(?:^|[a-z])Public(?=[A-Z])/;
// A chain of bases is short; a cycle (two partial classes naming each other) stops here.
const MAX_DEPTH = 5;

export function withBaseControllers(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  let bases: Map<string, Base> | undefined;
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!routes.registrations.some((r) => r.type === "route" && (r.base || r.attributes))) {
      result.set(file, routes);
      continue;
    }
    bases ??= baseClasses(project);
    const registrations = routes.registrations.flatMap((r): Registration[] => {
      if (r.type !== "route" || !(r.base || r.attributes)) return [r];
      const route = fromBase(r, bases!, csharpQualifiedConstants(project));
      return route ? [route] : [];
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

/** The route with what the app's classes give it; undefined when a verb attribute it was read for is none. */
function fromBase(route: Extract<Registration, { type: "route" }>, bases: ReadonlyMap<string, Base>, constants: ReadonlyMap<string, string>): Registration | undefined {
  const { base: first, attributes, conventional, ownTemplate, ownArea, ...rest } = route;
  // A verb attribute of the app's on the action (`[RestPutById]`, an `HttpPutAttribute` handing its base "{id:int?}"): its method and template.
  const verbName = (attributes ?? []).map((e) => /^verb:(\w+)$/.exec(e)?.[1]).find((n) => n !== undefined);
  const verb = verbName === undefined ? undefined : verbOf(bases.get(`${verbName}Attribute`) ?? bases.get(verbName));
  if (verbName !== undefined && !verb) return undefined;
  const own = verb ? joinPrefix(route.path, verb.template ?? "") : route.path;
  let templates: string[] = [];
  const guards: string[] = [];
  // The API versions the app's version attributes give (`[ApiV3]`), for a `v{version:apiVersion}` template.
  const versions: string[] = [];
  // An attribute class of the app's: `ApiV1Attribute : RouteAttribute` gives a template, `PowerUserAttribute : AuthorizeAttribute` guards.
  const custom = (entries: readonly string[]) => {
    for (const entry of entries) {
      // The controller's own template, a constant of another file (`template:ControllerRoutes.ApiRoute`).
      const foreign = /^template:([\w.]+)$/.exec(entry)?.[1];
      if (foreign !== undefined) {
        if (!templates.length && constants.has(foreign)) templates = [constants.get(foreign)!];
        continue;
      }
      const [, where, name, given] = /^(\w+):(\w+)(?:\((.*)\))?$/s.exec(entry) ?? [];
      if (!where || !name) continue;
      const cls = bases.get(`${name}Attribute`) ?? bases.get(name);
      if (!cls) continue;
      // One named as if it let anonymous callers in that is given what it requires
      // (`[ApiPermissionOrAnonymous(PermissionIds.AppUpdate)]`) still refuses a caller without it:
      // it is named with its arguments, which say so (guards-away.ts keeps it).
      if (cls.apiVersion) versions.push(cls.apiVersion);
      else if (authorizes(bases, cls, name)) guards.push(given && isOptionalGuardName(name) ? `${name}(${given})` : name);
      else if (cls.parent === "RouteAttribute" && where === "class" && !templates.length) templates = cls.templates.length ? cls.templates : cls.baseArguments;
      else if (where === "class" && !templates.length) {
        const provided = providedTemplate(bases, cls, given === undefined ? [] : given.split(ARGUMENT_SEPARATOR), 0);
        if (provided !== undefined) templates = [provided];
      }
    }
  };
  custom(attributes ?? []);
  let name: string | undefined = first;
  let area: string | undefined;
  // A controller under a base the app names public (GrandNode's `BasePublicController`) serves its
  // actions to anyone on purpose, as Django views under a `Public...Mixin` do: public where nothing guards them.
  let namedPublic = PUBLIC_CLASS.test(route.handler.split(".")[0] ?? "");
  for (let depth = 0; name && depth < MAX_DEPTH; depth++) {
    namedPublic ||= PUBLIC_CLASS.test(name);
    const base = bases.get(name);
    if (!base) break;
    if (!templates.length) templates = base.templates;
    area ??= base.area;
    custom(base.attributes.map((a) => `class:${a}`));
    guards.push(...base.guards);
    name = base.parent;
  }
  const [controller, action] = route.handler.split(".");
  const tokens = (t: string) => t.replace(/\[controller\]/gi, controller!.replace(/Controller$/, "")).replace(/\[action\]/gi, (action ?? "").replace(/Async$/, ""));
  // An action template starting with `/` or `~/` starts over; only one template is kept per route (the first).
  // A conventionally routed controller under a base of an area (`[Area("Admin")] class AdminController`) is served by the area's route.
  const routed = conventional && !ownArea && area && !templates.length ? joinPrefix(`/${area}`, own) : own;
  const path = templates.length && !ownTemplate && !/^~?\//.test(own) ? template(tokens(joinPrefix(templates[0]!, conventional ? "" : own))) : template(routed);
  return { ...rest, ...(verb ? { methods: verb.methods } : {}), path: versions.length ? path.replace(/\{version(?::apiVersion)?\}/gi, versions[0]!) : path, guards: route.anonymous ? route.guards : [...new Set([...guards, ...route.guards])], ...(namedPublic ? { declaredPublic: true } : {}) };
}

/**
 * Whether an attribute class of the app's extends `AuthorizeAttribute`, itself or through its bases
 * (`ApiPermissionOrAnonymousAttribute : ApiPermissionAttribute`), or is a filter attribute named for
 * an authorization (`AuthorizeAdminAttribute : TypeFilterAttribute`, running its `AuthorizeAdminFilter`),
 * or one whose filter answers 401 or 403 itself.
 */
function authorizes(bases: ReadonlyMap<string, Base>, cls: Base, name = ""): boolean {
  if (FILTER_ATTRIBUTE.test(cls.parent ?? "") && isGuardName(name) && !isOptionalGuardName(name)) return true;
  // A filter attribute that turns the caller away itself (`[InjectProvider(ProviderAdmin)]` answering 401), whatever its name.
  if (cls.refuses) return true;
  let current: Base | undefined = cls;
  for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
    if (current.parent === "AuthorizeAttribute") return true;
    current = current.parent ? bases.get(current.parent) : undefined;
  }
  return false;
}

/** The methods and template of a verb attribute class: one extending `HttpPutAttribute`, or an `IActionHttpMethodProvider`. */
function verbOf(cls: Base | undefined): { methods: string[]; template?: string } | undefined {
  if (!cls) return undefined;
  const template = cls.baseArguments[0] ?? cls.provider?.template?.(new Map());
  const extended = /^Http(Get|Post|Put|Patch|Delete|Head|Options)Attribute$/.exec(cls.parent ?? "")?.[1];
  const methods = extended ? [extended.toUpperCase()] : cls.httpMethods;
  return methods?.length ? { methods, ...(template !== undefined ? { template } : {}) } : undefined;
}

/** The template an app's attribute class gives with these arguments, through the bases it hands them to. */
function providedTemplate(bases: ReadonlyMap<string, Base>, cls: Base, args: readonly (string | undefined)[], depth: number): string | undefined {
  const provider = cls.provider;
  if (!provider || depth > MAX_DEPTH) return undefined;
  const bound = new Map<string, string>();
  for (const [i, parameter] of provider.parameters.entries()) {
    const value = args[i] ?? parameter.fallback?.(bound);
    if (value !== undefined) bound.set(parameter.name, value);
  }
  if (provider.template) return provider.template(bound);
  const handed = provider.baseArguments.map((argument) => argument(bound));
  if (cls.parent === "RouteAttribute") return handed[0];
  const parent = cls.parent ? bases.get(cls.parent) : undefined;
  return parent ? providedTemplate(bases, parent, handed, depth + 1) : undefined;
}

/** The project's C# classes by name, each with its route templates, its authorization and the class it extends. */
function baseClasses(project: Project | undefined): Map<string, Base> {
  const found = new Map<string, Base>();
  const appConstants = () => csharpQualifiedConstants(project);
  for (const { source, constants, classes } of csharpProjectFiles(project)) {
    let withApp: Map<string, string> | undefined;
    const elsewhere = () => (withApp ??= new Map([...appConstants(), ...constants]));
    for (const cls of classes) {
      const known = found.get(cls.name);
      if (!known) found.set(cls.name, read(source, constants, cls, elsewhere));
      // The parts of a partial class are one class: its attributes and bases are those of every part.
      else if (cls.partial) found.set(cls.name, merged(known, read(source, constants, cls, elsewhere)));
    }
  }
  return found;
}

function merged(a: Base, b: Base): Base {
  return {
    ...a,
    templates: a.templates.length ? a.templates : b.templates,
    guards: a.attributes.includes("AllowAnonymous") || b.attributes.includes("AllowAnonymous") ? [] : [...new Set([...a.guards, ...b.guards])],
    parent: a.parent ?? b.parent,
    area: a.area ?? b.area,
    attributes: [...new Set([...a.attributes, ...b.attributes])],
  };
}

function read(source: Parameters<typeof csharpValue>[0], constants: ReadonlyMap<string, string>, cls: CsClass, elsewhere: () => ReadonlyMap<string, string>): Base {
  // A template naming a constant of another file (`[Route(Constants.PrefixApi)]`) is read with the app's constants.
  const templates = cls.attributes.filter((a) => a.name === "Route").map((a) => attributeValue(source, constants, a) ?? attributeValue(source, elsewhere(), a)).filter((v): v is string => v !== undefined);
  const guards = attribute(cls.attributes, "AllowAnonymous") ? [] : cls.attributes.filter((a) => a.name === "Authorize").map((a) => authorization(source, constants, a.name, a.args));
  const parent = firstBase(cls.bases);
  // What a constructor hands its base: `public ApiV1Attribute() : base(ApiBase)`.
  const handed = new RegExp(`\\b${cls.name}\\s*\\([^)]*\\)\\s*:\\s*base\\s*\\(`).exec(source.code.slice(cls.body.start, cls.body.end));
  const first = handed ? callArguments(source.code, cls.body.start + handed.index + handed[0].length - 1).args[0] : undefined;
  const baseArgument = first ? csharpValue(source, constants, first) : undefined;
  // An API version attribute of the app's (`ApiV3Attribute : ApiVersionAttribute` handing its base `new ApiVersion(3, 0)` or "3.0").
  const version = first && parent === "ApiVersionAttribute" ? apiVersionOf(baseArgument ?? source.code.slice(first.start, first.end)) : undefined;
  const provider = /Attribute$/.test(cls.name) ? templateProvider(source, constants, cls) : undefined;
  // `IActionHttpMethodProvider`'s `HttpMethods => new[] { "GET" }`.
  const declared = /\bHttpMethods\s*(?:=>|\{\s*get\s*;\s*\}\s*=)\s*new\s*(?:\w+\s*)?\[\s*\]\s*\{([^}]*)\}/.exec(source.text.slice(cls.body.start, cls.body.end));
  const httpMethods = declared ? [...declared[1]!.matchAll(/"(\w+)"/g)].map((m) => m[1]!.toUpperCase()) : [];
  const areaAttribute = attribute(cls.attributes, "Area");
  // Named by a constant of another file too (`[Area(Constants.AreaAdmin)]`).
  const area = areaAttribute ? attributeValue(source, constants, areaAttribute) ?? attributeValue(source, elsewhere(), areaAttribute) : undefined;
  const filter = /Attribute$/.test(cls.name) && (FILTER_ATTRIBUTE.test(parent ?? "") || FILTER_INTERFACE.test(cls.bases));
  const refuses = filter && FILTER_REFUSAL.test(source.code.slice(cls.body.start, cls.body.end));
  return { templates, guards, parent, baseArguments: baseArgument ? [baseArgument] : [], attributes: cls.attributes.map((a) => a.name), ...(area ? { area } : {}), ...(provider ? { provider } : {}), ...(httpMethods.length ? { httpMethods } : {}), ...(refuses ? { refuses: true as const } : {}), ...(version ? { apiVersion: version } : {}) };
}

/** The version an `ApiVersion` is made with, as a path writes it: `new ApiVersion(3, 0)` and "3.0" are 3, `new ApiVersion(2, 1)` is 2.1. */
function apiVersionOf(written: string): string | undefined {
  const m = /^\s*(?:new\s+ApiVersion\s*\(\s*)?(\d+)(?:\s*[.,]\s*(\d+))?/.exec(written);
  return m ? (m[2] && m[2] !== "0" ? `${m[1]}.${m[2]}` : m[1]) : undefined;
}

/** How an attribute class makes its template: its constructor's parameters, its `Template`, the arguments it hands its base. */
function templateProvider(source: Parameters<typeof csharpValue>[0], constants: ReadonlyMap<string, string>, cls: CsClass): TemplateProvider | undefined {
  const { code } = source;
  const body = code.slice(cls.body.start, cls.body.end);
  const valueOf = (span: { start: number; end: number }) => (bound: Bound) => {
    const text = code.slice(span.start, span.end).trim();
    return /^\d+$/.test(text) ? text : csharpValue(source, new Map([...constants, ...bound]), span);
  };
  const constructor = new RegExp(`\\b${cls.name}\\s*\\(`).exec(body);
  const parameters = constructor ? callArguments(code, cls.body.start + constructor.index + constructor[0].length - 1) : undefined;
  const declared = (parameters?.args ?? []).map((span) => {
    const m = /^[\w.<>?[\]]+\s+([A-Za-z_]\w*)\s*(=)?/.exec(code.slice(span.start, span.end).trim());
    const at = code.indexOf("=", span.start);
    return m ? { name: m[1]!, ...(m[2] ? { fallback: valueOf({ start: at + 1, end: span.end }) } : {}) } : undefined;
  }).filter((p): p is NonNullable<typeof p> => !!p);
  const handed = parameters ? /^\s*:\s*base\s*\(/.exec(code.slice(parameters.end, parameters.end + 200)) : null;
  const baseArguments = handed && parameters ? callArguments(code, parameters.end + handed[0].length - 1).args.map(valueOf) : [];
  // Up to the `=` only: an interpolated string's `$` is blanked in the code, where its literal starts.
  const assigned = /\bTemplate\s*(?:=>|\{\s*get\s*;\s*\}\s*=|=(?!=))/.exec(body);
  // Properties the constructor sets from its parameters (`Version = version;`), which the template may read instead.
  const copies = [...body.matchAll(/\b([A-Z]\w*)\s*=\s*([a-z_]\w*)\s*;/g)].filter((m) => declared.some((p) => p.name === m[2]));
  const read = assigned ? valueOf({ start: cls.body.start + assigned.index + assigned[0].length, end: code.indexOf(";", cls.body.start + assigned.index) }) : undefined;
  const template = read && ((bound: Bound) => read(new Map([...bound, ...copies.flatMap((m) => (bound.has(m[2]!) ? [[m[1]!, bound.get(m[2]!)!] as const] : []))])));
  if (!template && !baseArguments.length) return undefined;
  return { parameters: declared, ...(template ? { template } : {}), baseArguments };
}

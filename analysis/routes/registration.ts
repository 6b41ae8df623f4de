import { z } from "zod";

/**
 * What one file says about its entry points, read once per file and cached with its facts.
 * A scanner reports what it sees locally; the linker (link.ts) puts the pieces together across
 * files: which router is mounted where, under which prefix, behind which guards.
 */
export const RouteKind = z.enum(["http", "fs", "client", "ws", "grpc", "graphql", "consumer", "job"]);
export type RouteKind = z.infer<typeof RouteKind>;

const base = {
  framework: z.string(),
  line: z.number().int(),
  /**
   * The settings (configuration keys, `HTTP.APIForService.Enable`) that must be on for the code
   * that registers this to run: written inside `if cfg.HTTP.APIForService.Enable { ... }`.
   */
  switchedOn: z.array(z.string()).optional(),
};

export const Registration = z.discriminatedUnion("type", [
  /** A route: methods and path relative to its owner (a router or app variable, a class). */
  z.object({
    type: z.literal("route"),
    ...base,
    kind: RouteKind,
    methods: z.array(z.string()),
    path: z.string(),
    handler: z.string(),
    guards: z.array(z.string()),
    /** The router or app variable the route hangs on; "" when the path is already complete. */
    owner: z.string(),
    /** A form of the path as written without one of its optional segments (Rails' `/search(/*q)` served at `/search`): it gives way to a route written for that path. */
    shortened: z.boolean().optional(),
    /** The host it is served for alone (Phoenix's `scope "/", host: "preview."`): routes of one path on other hosts do not compete with it. */
    host: z.string().optional(),
    /** The API version it declares (NestJS `@Version`); written into the path only under URI versioning. "" is version-neutral. */
    version: z.string().optional(),
    /**
     * The view the handler names (Django `views.UserView`, a DRF ViewSet): when it is a router
     * (a view class read in its own file), that router is served at this route's path instead.
     */
    view: z.string().optional(),
    /**
     * The handler may be a router itself, named (`entriesRouter`) or required in place
     * (`require("./treatments")(app, ctx)`): Express's `app.all("/entries*", entriesRouter)` hands
     * it every request that matches, with the path unchanged. When the linker finds a router
     * there, its routes are served at the owner's prefix and this route is not one of its own.
     */
    dispatch: z.object({ name: z.string().optional(), specifier: z.string().optional() }).optional(),
    /** A view class whose own guards guard this route, which is one of its actions (DRF's `ViewSet.as_view({"get": "list"})`). */
    actionOf: z.string().optional(),
    /**
     * A router whose prefix is the rest of the path, read when linking: a typed route
     * (`get<Articles.Id> { }`) takes its resource class's path, after its own block's. A list
     * is joined in order: a router's qualified name (with `::`) stands for its prefix, any other
     * part is a path as written (`APIRouter(prefix=f"{V1_URL_PREFIX}/system")` is the
     * constant's router, then `/system`).
     */
    pathFrom: z.union([z.string(), z.array(z.string())]).optional(),
    /**
     * The path after `pathFrom`'s prefix (`@Path("$USERS_PATH/login")` is `/login` after the constant),
     * in parts as `pathFrom`'s when it holds a constant of its own (`@router.get(CONNECTIONS)`),
     * without which the route is dropped. With `prefixUnknown`, a route whose `pathFrom` is not
     * found keeps this path and says its prefix is unknown; without, it is dropped.
     */
    pathRest: z.union([z.string(), z.array(z.string())]).optional(),
    /** The path is written after the plugin options' prefix (`opts.prefix + "users"`): the mount supplies it. */
    afterOptionsPrefix: z.boolean().optional(),
    /**
     * The path follows a prefix the code computes from a value not read (`options.BaseURL +
     * "/articles"`): the path is the rest, and the route says its prefix is unknown.
     */
    prefixUnknown: z.boolean().optional(),
    /**
     * The class of the app's its controller extends (ASP.NET `class RatingController :
     * BaseApiController`): that class's `[Authorize]` applies, and its `[Route]` when the
     * controller declares none (`ownTemplate`), filled in before linking
     * (csharp/base-controllers.ts). `path` is the action's own template then, or with
     * `conventional` the default route's, which a template of the base replaces.
     */
    base: z.string().optional(),
    /**
     * Attributes of the app's on the controller (`class:ApiV1`, with its arguments:
     * `class:V3ApiController(alttitle)`) or the action (`action:PowerUser`) that may be a route
     * template (a `RouteAttribute` subclass or a template provider) or an authorization (an
     * `AuthorizeAttribute` subclass), and a verb attribute of the app's (`verb:RestPutById`),
     * read with `base`.
     */
    attributes: z.array(z.string()).optional(),
    /**
     * The Devise module a route of `devise_for` belongs to (`users:unlocks`): drawn only when the
     * resource's model enables it (`devise ..., :lockable`), read before linking (ruby/devise-modules.ts);
     * `users:omniauth_callbacks:named` for one `only:` names, drawn as well where the model is not found.
     */
    deviseModule: z.string().optional(),
    ownTemplate: z.boolean().optional(),
    conventional: z.boolean().optional(),
    /** ASP.NET: the conventionally routed controller names its own area (`[Area("Catalog")]`), which a base's does not replace. */
    ownArea: z.boolean().optional(),
    /** The route lifts every guard above it (ASP.NET `[AllowAnonymous]`): only its own guards apply. */
    anonymous: z.boolean().optional(),
    /** Guards the route excludes by name wherever they are declared (Laravel's `withoutMiddleware('user')`, on it or a group around it). */
    without: z.array(z.string()).optional(),
    /**
     * The code declares the route public (a Go wrapper named so: `bouncer.PublicAccess(h)`)
     * without lifting the guards above it (a router's middleware still runs): public when none guards it.
     */
    declaredPublic: z.boolean().optional(),
    /** The code exempts it from CSRF checks (Django's `@csrf_exempt`): it is meant for callers from outside the site. */
    csrfExempt: z.boolean().optional(),
    /** The methods a route of every method was written for (a Django view acting on POST, rendering otherwise): see schema.ts. */
    handles: z.array(z.string()).optional(),
    /** Registered only under a setting the shipped configuration leaves off (common/switched-off.ts): not served, but the code has it. */
    offAsShipped: z.boolean().optional(),
    /**
     * How many parameters after the request a Django or Flask view's handler takes, and how many of
     * them it requires (`def patch(self, request, pk)`: 1 and 1): it serves only paths that capture
     * no more than it takes and no fewer than it requires. Absent when it takes any (`**kwargs`).
     */
    accepts: z.object({ count: z.number().int(), required: z.number().int() }).optional(),
    /**
     * Its path has a parameter a converter of the app's reads (Quay's `<apirepopath:repository>`),
     * which may hand the handler several values: the view's handlers are not judged by `accepts` under it.
     */
    convertedValues: z.boolean().optional(),
    /**
     * Functions a file-system route handler calls that may check the caller inside them
     * (`parseRequest(request, schema)`), read before linking (js/helper-guards.ts); for Go,
     * the wrappers around its handler (`WithUser(h)`), read after linking (go/wrapper-guards.ts).
     */
    helpers: z.array(z.string()).optional(),
    /**
     * The path the route declares for itself, apart from its routers' (a tRPC procedure's
     * `meta({ openapi: { path: "/users/{id}" } })`): served under an OpenAPI handler's endpoint
     * followed by it, whatever routers it is in (frameworks/trpc.ts).
     */
    declaredPath: z.string().optional(),
  }),
  /** A router object created in this file (`express.Router()`, `APIRouter(prefix=...)`). */
  z.object({
    type: z.literal("router"),
    ...base,
    name: z.string(),
    prefix: z.string(),
    guards: z.array(z.string()),
    /** Serves nothing until a route or mount names it: a view class (Django, DRF, Flask MethodView). */
    mountedOnly: z.boolean().optional(),
    /**
     * The prefix in parts, as a route's `pathFrom`: paths as written and constants of other modules by
     * qualified name (`APIRouter(prefix=settings.API_V1_STR)`, `FastAPI(root_path=config.API_ROOT_PATH)`),
     * found when linking, for the routes of every router mounted under it too. Until a constant is found
     * they say their prefix is unknown.
     */
    prefixFrom: z.array(z.string()).optional(),
    /** The router lifts every guard above it (a FastEndpoints group that allows anonymous callers): only its own apply. */
    anonymous: z.boolean().optional(),
    /**
     * A router a function is handed (a Huma API parameter): served under whatever its callers
     * hand it; when no caller is found (a registry filled at run time), its routes say their prefix is unknown.
     */
    handed: z.boolean().optional(),
    /**
     * Another name of a router, named as the file would name it: a Go router made as `pkg::fn@12`
     * and renamed for the function that returns it, or a function returning what another returns.
     */
    aliasOf: z.string().optional(),
    /** The app's own class a DRF router was made from (`NautobotUIViewSetRouter`), whose `routes` may replace DRF's (python/drf-custom-routers.ts). */
    routerClass: z.string().optional(),
    /** The alias is the struct field a Go router is embedded as (`auth::Handler.Router` of `type Handler struct { *mux.Router }`). */
    embedded: z.boolean().optional(),
    /**
     * A function of the app's that registers routes on the router it is handed, built from its
     * other arguments (NodeBB's `setupApiRoute(router, verb, name, middlewares, controller)` calls
     * `router[verb](name, ...)`): each route's method (an HTTP method, or the position of the
     * argument naming one), path (literal parts, and positions of the arguments spliced in) and
     * the guards the helper itself passes (`router[method](path, checkEtapiAuth, ...)`).
     * A call handing it a router (`handed`) registers those routes there.
     */
    helper: z.array(z.object({ method: z.union([z.string(), z.number()]), path: z.array(z.union([z.string(), z.number()])), guards: z.array(z.string()).optional() })).optional(),
    /**
     * A Go function of the app's that mounts the handler it is handed under the path it is handed
     * (navidrome's `func (s *Server) MountRouter(description, urlPath string, subRouter http.Handler)`
     * calling `r.Mount(urlPath, subRouter)`): on the router `owner`, under the path (literal parts
     * and positions of the arguments spliced in), the argument at position `child`. Its calls, in
     * whatever file, are mounts there (go/mount-wrappers.ts).
     */
    mountWrapper: z.object({ owner: z.string(), prefix: z.array(z.union([z.string(), z.number()])), child: z.number(), guards: z.array(z.string()) }).optional(),
  }),
  /**
   * `owner.use(prefix?, a, b)` and its likes: each argument is a router to mount (a local
   * router, or an imported one) or a middleware; the linker decides which.
   */
  z.object({
    type: z.literal("use"),
    ...base,
    owner: z.string(),
    prefix: z.string(),
    args: z.array(z.string()),
    /**
     * A module mounted by path rather than by a name (`require("./x")`, Django's include("app.urls")).
     * One ending in `/` is a folder whose modules are each mounted under their folder path (Fastify autoload);
     * one ending in `/*`, a folder whose modules are all mounted under the prefix itself.
     */
    specifiers: z.array(z.string()),
    /** The export a module mounted by path is taken by (`require("./x").router`), by its specifier; its default when absent. */
    specifierExports: z.record(z.string(), z.string()).optional(),
    guards: z.array(z.string()),
    /** The arguments are only ever mounted, never middleware (Fastify plugins, Hono sub-apps). */
    mountOnly: z.boolean().optional(),
    /** The prefix replaces the mounted router's own (Flask `register_blueprint(bp, url_prefix=...)`). */
    replacesPrefix: z.boolean().optional(),
    /** The options handed to what is mounted are not readable here (a variable): a prefix in them is unknown. */
    optionsUnknown: z.boolean().optional(),
    /** The prefix is only what is known of one computed from a value not read (imported.ts): its routes say so. */
    prefixUnknown: z.boolean().optional(),
    /** Made only under a setting the configuration the repository ships leaves off (common/switched-off.ts): what it mounts is marked so, and it guards nothing. */
    offAsShipped: z.boolean().optional(),
    /**
     * The arguments of a call handing a router to a function (`setupPageRoute(app, "/world", [mw],
     * controller)`): their values where literal, else null (the last one names the handler), and
     * the guards among the middleware lists it hands over. A route helper (router `helper`)
     * builds its routes from them.
     */
    handed: z.object({ args: z.array(z.string().nullable()), guards: z.array(z.string()) }).optional(),
    /**
     * What is mounted is each item of a sequence: one a function is handed (`def configure_blueprints(app,
     * blueprints): for bp in blueprints: app.register_blueprint(bp, ...)`), by the parameter, its function
     * and its position; or a list the module imports, or whose lists it walks (`for ns in ns_lists: for item
     * in ns: api.add_namespace(item, "/")`, items of items at depth 2). The items are found before linking
     * (python/blueprint-sequences.ts); until then the mount has no arguments.
     */
    eachOf: z.union([z.object({ parameter: z.string(), fn: z.string(), index: z.number() }), z.object({ sequence: z.string(), depth: z.number() })]).optional(),
  }),
  /** A name this file exports: `export default router`, `module.exports = router`, `export const r`. */
  z.object({ type: z.literal("export"), local: z.string(), as: z.string() }),
  /**
   * A prefix, guard or URI versioning that applies to every route of the framework (NestJS
   * setGlobalPrefix, useGlobalGuards, enableVersioning): under versioning, routes are served at
   * `{prefix}{version}`, with `defaultVersion` for routes that declare none.
   */
  z.object({
    type: z.literal("global"),
    ...base,
    prefix: z.string().optional(),
    guard: z.string().optional(),
    version: z.object({ prefix: z.string(), defaultVersion: z.string().optional() }).optional(),
    /** The routes `guard` is limited to (NestJS `consumer.apply(auth).forRoutes(...)`); every route when absent. */
    scope: z.array(z.object({ path: z.string(), method: z.string() })).optional(),
    /**
     * Routes `guard` does not apply to, though in its scope (Spring Security rules matched before
     * it, such as `permitAll`); with `prefix`, the routes served without it (NestJS
     * `setGlobalPrefix("api", { exclude: ["health"] })`).
     */
    except: z.array(z.object({ path: z.string(), method: z.string() })).optional(),
    /** The paths of `scope` and `except` are Ant patterns (Spring): `*` stays within one segment, `**` spans segments; else `*` spans them. */
    antPatterns: z.boolean().optional(),
    /** Regular expressions: routes whose full path one of them finds are left out of `guard` (Litestar's auth `exclude`). */
    exceptMatching: z.array(z.string()).optional(),
    /**
     * Folders (`org/acme/api/v1`) whose routes alone `prefix` (or `version`) applies to: Jersey
     * servlets mounted at different paths, each serving the packages it scans; the applications of
     * a NestJS monorepo. The most specific one that holds a route wins.
     */
    in: z.array(z.string()).optional(),
    /** Folders of other applications of the repository (Spring Boot services beside the one declaring the guard): routes declared under them are not its. */
    notIn: z.array(z.string()).optional(),
    /** A default: a route with a guard of its own of the same kind (`permission(edit)` for `permission(view)`) has that instead (Pyramid's default permission). */
    byDefault: z.boolean().optional(),
  }),
]);
export type Registration = z.infer<typeof Registration>;
export type RouteRegistration = Extract<Registration, { type: "route" }>;
export type RouterRegistration = Extract<Registration, { type: "router" }>;
export type UseRegistration = Extract<Registration, { type: "use" }>;

/**
 * A use's argument naming every router method called so (`each::InitRouter`): Go's
 * `for _, router := range groups { router.InitRouter(api) }` calls it on each element of a
 * list through their interface, so each type's method is mounted.
 */
export const EACH = "each::";

/** A name a file imports: `import users from "./users"` is { local: "users", specifier: "./users", imported: "default" }. */
export const Binding = z.object({ local: z.string(), specifier: z.string(), imported: z.string() });
export type Binding = z.infer<typeof Binding>;

export const FileRoutes = z.object({
  registrations: z.array(Registration),
  bindings: z.array(Binding),
  /** Frameworks whose scanner failed on this file: their routes are missing, the rest stands. */
  scanErrors: z.array(z.object({ framework: z.string(), message: z.string() })).optional(),
});
export type FileRoutes = z.infer<typeof FileRoutes>;

/** Entry points: routes found by the framework scanners, linked across files, with what they reach. */
import { isTestFile } from "../entry-points.ts";
import type { FileFacts } from "../facts.ts";
import type { Role } from "../roles.ts";
import type { Edge, Route, RoutesSection } from "../schema.ts";
import { contractAt, contractDrift, type ContractProject, findContracts } from "./contracts/mod.ts";
import { generatedServerRoutes } from "./contracts/generated-servers.ts";
import { aspnetNamedRoutes } from "./csharp/named-routes.ts";
import { gatewayFilterGuards } from "./jvm/gateway-filters.ts";
import { gatewayRoutes } from "./contracts/grpc-gateway.ts";
import { symfonyYamlRoutes } from "./php/yaml-routes.ts";
import { symfonyPhpRoutes } from "./php/configurator-routes.ts";
import { codeigniterAutoRoutes } from "./php/codeigniter-auto-routes.ts";
import { filamentPanelRoutes } from "./php/filament-panels.ts";
import { sailsRoutes } from "./js/sails-routes.ts";
import { boxAdminPrefix } from "./php/box-admin-prefix.ts";
import { webRootScripts } from "./php/web-root-scripts.ts";
import { passportRoutes } from "./php/passport-routes.ts";
import { notReplacedPackageRoute } from "./php/composer-packages.ts";
import { livewireRoutes } from "./php/livewire-routes.ts";
import { sanctumRoutes } from "./php/sanctum-routes.ts";
import { fortifyRoutes } from "./php/fortify-routes.ts";
import { yiiRoutes } from "./php/yii-routes.ts";
import { barrelReexports } from "./js/barrels.ts";
import { enforcedSecurity } from "./contracts/enforced-security.ts";
import { filesystemRoutes, type FsProject } from "./filesystem/mod.ts";
import { FS_EXPORTS } from "./frameworks/fs-exports.ts";
import { fillImportedValues } from "./js/imported.ts";
import { type LinkedRoute, linkRoutes } from "./link.ts";
import { moduleResolver } from "./modules.ts";
import { joinPaths, writesState } from "./paths.ts";
import type { FileRoutes, Registration, RouteRegistration } from "./registration.ts";
import { guardsAway } from "./guards-away.ts";
import { flaskClassChecks } from "./python/class-access-checks.ts";
import { withBlueprintSequences } from "./python/blueprint-sequences.ts";
import { drfDefaultPermissions } from "./python/drf-settings.ts";
import { djangoLoginMiddleware } from "./python/login-middleware.ts";
import { hanamiMounts } from "./ruby/hanami-mounts.ts";
import { withHelperGuards } from "./js/helper-guards.ts";
import { withoutOptionalGuards } from "./js/optional-guards.ts";
import { withBaseControllers } from "./csharp/base-controllers.ts";
import { withConfiguredValues } from "./common/configured.ts";
import { goFieldValues } from "./go/config-fields.ts";
import { withoutSwitchedOff } from "./common/switched-off.ts";
import { goHandlerMethods } from "./go/handler-methods.ts";
import { projectViewMethods } from "./python/project-views.ts";
import { inheritedActions } from "./python/inherited-actions.ts";
import { tornadoMethods } from "./frameworks/tornado.ts";
import { channelsConsumerGuards } from "./python/channels-consumers.ts";
import { nextAuthRoutes } from "./js/next-auth-routes.ts";
import { nextAppSignInGuards } from "./js/next-app-sign-in.ts";
import { ORPC, ORPC_OPENAPI_ENDPOINT, ORPC_RPC_ENDPOINT, orpcPaths } from "./frameworks/orpc.ts";
import { TRPC, TRPC_ENDPOINT, TRPC_OPENAPI_ENDPOINT, trpcPaths, trpcServed } from "./frameworks/trpc.ts";
import { rustModuleConstants } from "./rust/module-constants.ts";
import { goPackageConstants } from "./go/package-constants.ts";
import { swaggerBasePaths } from "./go/swagger-base.ts";
import { withGoFieldTypes } from "./go/field-types.ts";
import { withMountWrappers } from "./go/mount-wrappers.ts";
import { withPackageRouterWrappers } from "./go/package-router-wrappers.ts";
import { withPackageGrpcMethods } from "./go/grpc-package-methods.ts";
import { withServeHTTPDispatchers } from "./go/dispatchers.ts";
import { withStrippingHandlers } from "./go/stripping-handlers.ts";
import { goTaggedPackagesServed } from "./go/tagged-packages.ts";
import { micronautSecurityOff } from "./jvm/micronaut-security-off.ts";
import { mavenDefaultBuildServed } from "./jvm/maven-reactor.ts";
import { managementEndpointRoutes } from "./jvm/management-endpoints.ts";
import { djangoAppsServed } from "./python/installed-apps.ts";
import { djangoSettingSwitchedServed } from "./python/setting-switched-urls.ts";
import { withBlueprintSubclasses } from "./python/blueprint-subclasses.ts";
import { withCustomDrfRouters } from "./python/drf-custom-routers.ts";
import { withRootUrlconfs } from "./python/root-urlconfs.ts";
import { withInheritedActions } from "./csharp/inherited-actions.ts";
import { withDeviseModules } from "./ruby/devise-modules.ts";
import { withRailsEngineMounts } from "./ruby/engine-mounts.ts";
import { withGrapeMounts } from "./ruby/grape-mounts.ts";
import { withoutAdonisPassMiddleware } from "./js/adonis-middleware.ts";
import { springApplicationOf, withSpringApplicationScopes } from "./jvm/application-scopes.ts";
import { nestApplicationOf, withNestApplicationScopes } from "./js/nest-application-scopes.ts";
import { DOTNET_FRAMEWORKS, dotnetApplicationOf } from "./csharp/applications.ts";
import { pythonClassAttributes } from "./python/imported-attributes.ts";
import { pythonConfigValues } from "./python/config-values.ts";
import { pythonProjectOf } from "./python/projects.ts";
import { laravelConfigValues } from "./php/config-values.ts";
import { railsConfigValues } from "./ruby/route-translator.ts";
import { grapeIncludedPrefixes } from "./ruby/grape-defaults.ts";
import { expressMounts } from "./js/express-mounts.ts";
import { apiPlatformSegments } from "./php/api-platform-segments.ts";
import { withHandlerChecks } from "./js/handler-checks.ts";
import { withConfigPrefixes } from "./common/config-prefixes.ts";
import { sampleEnvPrefix, sampleEnvValue } from "./js/sample-env-prefix.ts";
import { eggConfigPrefix } from "./js/egg-config.ts";
import { routeAttributesPrefix } from "./php/route-attributes-prefix.ts";
import { contextPaths, propertyPlaceholders, servedPerApplication } from "./jvm/context-path.ts";
import { servletFilters } from "./jvm/servlet-filters.ts";
import { goWebSocketHandlers } from "./go/websocket-handlers.ts";
import { nextLocalePrefix } from "./js/next-locale-prefix.ts";
import { SOCKET_IO_ENGINE } from "./frameworks/websockets-js.ts";
import { BLAZOR_HUB } from "./frameworks/minimal-api.ts";
import { jvmConstantValues } from "./jvm/constants.ts";
import { webXmlPrefixes } from "./jvm/web-xml.ts";
import { playRoutes } from "./jvm/play-routes.ts";
import { apiPlatformPrefix } from "./php/api-platform-prefix.ts";
import { accessControl } from "./php/access-control.ts";
import { phoenixSocketAuth } from "./elixir/socket-connect.ts";
import { codeigniterMappedChecks } from "./php/codeigniter-mapped-routes.ts";
import { bladeHooks } from "./jvm/blade-hooks.ts";
import { containerParameters, symfonyParameters } from "./php/container-parameters.ts";
import { surenessFilter } from "./jvm/sureness.ts";
import { lowercaseUrls } from "./csharp/lowercase-urls.ts";
import { tokenTransformer } from "./csharp/token-transformer.ts";
import { laravelActionBodies, laravelActionsServed } from "./php/actions.ts";
import { symfonyImportPrefixes } from "./php/yaml-imports.ts";
import { railsActionsServed } from "./ruby/actions.ts";
import { conditionalControllersServed } from "./jvm/conditional-controllers.ts";
import { rustFeaturesServed } from "./rust/cfg-features.ts";
import { servedOnce } from "./alternatives.ts";
import { razorPageRoutes } from "./csharp/razor-pages.ts";
import { identityUiRoutes } from "./csharp/identity-ui.ts";

export { extractRoutes } from "./extract.ts";

// Frameworks whose routes name their middleware in the call (`router.get("/x", validatedRequest, handler)`).
const JS_MIDDLEWARE = new Set(["express", "hono", "koa"]);

// A folder of examples, samples or apps to try the product in, by that name alone; or a folder
// named for demos holding apps named so too (`sentinel-demo/sentinel-demo-jax-rs/`): a collection of them.
const EXAMPLES_FOLDER = /(^|\/)_?(?:examples?|samples?|playgrounds?)\/|(^|\/)[\w-]*(?:demo|example|sample)s?[\w-]*\/[\w-]*(?:demo|example|sample)s?[\w-]*\//i;

/**
 * The facts whose routes are the product's: an app in an examples/ folder, a fixture's, tooling's or
 * vendored code's are not served, unless the repository has no routes of its own (a collection
 * of examples). A module merely named for a demo (`jeecg-module-demo/`) may well be deployed:
 * its routes stay.
 */
export function productRouteFacts(facts: readonly FileFacts[], files: readonly { path: string; role: Role }[]): readonly FileFacts[] {
  const roles = new Map(files.map((f) => [f.path, f.role]));
  const aside = (path: string) => {
    const role = roles.get(path);
    return role === "fixture" || role === "vendored" || role === "tooling" || (role === "example" && EXAMPLES_FOLDER.test(path));
  };
  const routed = facts.filter((f) => f.routes?.registrations.some((r) => r.type === "route"));
  return routed.some((f) => !aside(f.path)) ? facts.filter((f) => !f.routes || !aside(f.path)) : facts;
}

/**
 * The `routes` section: every entry point with its full path, guards and what its handler's
 * file reaches; routes defined twice; write routes without a route-level guard when no
 * global guard exists. With the project's listing and manifests, file-system routes too, and
 * the contracts (OpenAPI, Swagger, GraphQL SDL, protobuf) with their drift from the code.
 */
export function routesSection(
  facts: readonly FileFacts[],
  edges: readonly Edge[],
  componentOf: Map<string, string>,
  project?: FsProject & ContractProject,
  integrationsOf: ReadonlyMap<string, readonly string[]> = new Map(),
): RoutesSection {
  const files = new Map<string, FileRoutes>();
  const handlers = new Map<string, RouteRegistration[]>();
  const isHandler = (r: FileRoutes["registrations"][number]): r is RouteRegistration => r.type === "route" && r.framework === FS_EXPORTS;
  // Routes in tests are fakes (msw, nock, stub servers), never the application's entry points.
  for (const f of facts) {
    if (!f.routes || isTestFile(f.path)) continue;
    handlers.set(f.path, f.routes.registrations.filter(isHandler));
    files.set(f.path, { ...f.routes, registrations: f.routes.registrations.filter((r) => !isHandler(r)) });
  }
  const bySpecifier = new Map<string, string>();
  const reexports = new Map<string, string[]>();
  for (const edge of edges) {
    bySpecifier.set(`${edge.from}\0${edge.specifier}`, edge.to);
    // What a Python package's __init__.py imports is a name of the package (`from .views import
    // UserView` there makes `from app.views import UserView` elsewhere work): a barrel, as `export *` is.
    if (edge.kind === "reexport" || /(^|\/)__init__\.py$/.test(edge.from)) reexports.set(edge.from, [...(reexports.get(edge.from) ?? []), edge.to]);
  }
  const byPath = moduleResolver(files.keys());
  const resolve = (from: string, specifier: string) => bySpecifier.get(`${from}\0${specifier}`) ?? byPath(from, specifier);
  const reexported = barrelReexports(reexports, resolve, (file) => project?.text(file));
  const access = project && { resolve, reexports: reexported, text: (file: string) => project.text(file), env: sampleEnvValue(project) };
  const bindings = (file: string) => files.get(file)?.bindings ?? [];
  const checked = access ? withHelperGuards(handlers, bindings, access) : handlers;
  // An Express (Hono, Koa) route's middleware named for nothing it checks (`validatedRequest`) is read the same way.
  if (access) {
    const named = new Map<string, RouteRegistration[]>();
    for (const [file, routes] of files) {
      const withHelpers = routes.registrations.filter((r): r is RouteRegistration => r.type === "route" && !!r.helpers?.length && JS_MIDDLEWARE.has(r.framework));
      if (withHelpers.length) named.set(file, withHelpers);
    }
    for (const [file, read] of withHelperGuards(named, bindings, access)) {
      const routes = files.get(file)!;
      const judged = new Map(named.get(file)!.map((r, i) => [r, read[i]!]));
      files.set(file, {
        ...routes,
        registrations: routes.registrations.map((r) => {
          if (r.type !== "route" || !judged.has(r)) return r;
          const { helpers: _read, ...route } = judged.get(r)!;
          return route;
        }),
      });
    }
  }
  // Routes a contract declares for the classes implementing code generated from it: linked as
  // the files' own, so that global guards and property placeholders apply to them as well.
  const contracts = project ? findContracts(project) : [];
  // A build may generate from a spec kept with the tests, which is no contract of the project's own.
  const operationsIn = (file: string) => (contracts.find((c) => c.file === file) ?? (project && contractAt(project, file)))?.operations;
  for (const { file, route } of [...generatedServerRoutes(project, operationsIn), ...gatewayRoutes(project), ...managementEndpointRoutes(project)]) {
    const known = files.get(file);
    files.set(file, { registrations: [...(known?.registrations ?? []), route], bindings: known?.bindings ?? [] });
  }
  // Registrations read from the project as a whole, beside what the scanners read in the same file.
  const beside = (found: readonly { file: string; registrations: Registration[] }[]) => {
    for (const { file, registrations } of found) {
      const own = files.get(file);
      files.set(file, { ...own, registrations: [...(own?.registrations ?? []), ...registrations], bindings: own?.bindings ?? [] });
    }
  };
  // Symfony's routes declared in YAML: route files are no source the scanners read.
  for (const { file, registrations } of symfonyYamlRoutes(project)) files.set(file, { registrations, bindings: [] });
  // Play's conf/routes: a route file of its own format, whatever the controllers are written in.
  for (const { file, registrations } of playRoutes(project)) files.set(file, { registrations, bindings: [] });
  // And in PHP (the RoutingConfigurator format), beside anything else a scanner read there.
  beside(symfonyPhpRoutes(project));
  for (const { file, registrations } of razorPageRoutes(project)) files.set(file, { registrations, bindings: [] });
  // The path a web.xml maps a JAX-RS servlet at, before the resources of its module.
  for (const { file, registrations } of webXmlPrefixes(project)) files.set(file, { registrations, bindings: [] });
  // CodeIgniter 4's auto routing serves controllers' methods that no route file names.
  beside(codeigniterAutoRoutes(project));
  // Yii 2 serves each web controller's actions by convention, with no route file.
  beside(yiiRoutes(project));
  // Filament's admin panels serve pages and resources that no route file names.
  beside(filamentPanelRoutes(project));
  // Sails maps its routes in config/routes.js, a module no scanner reads as routes, and guards them in config/policies.js.
  beside(sailsRoutes(project));
  // A PHP application without a router serves the scripts under its document root (Ampache's public/), unless a PHP router serves it.
  if (project) beside(webRootScripts(project, [...files].some(([file, f]) => file.endsWith(".php") && f.registrations.some((r) => r.type === "route"))));
  // Laravel Passport's OAuth routes, which its package's routes file draws.
  beside(passportRoutes(project));
  // Livewire's endpoint, script and signed upload routes, which its service provider draws.
  beside(livewireRoutes(project));
  // And Sanctum's CSRF cookie route.
  beside(sanctumRoutes(project));
  // Fortify's sign-in routes and the features its configuration turns on.
  beside(fortifyRoutes(project));
  // ASP.NET Core Identity's default UI pages, which no file of the app holds, beside what the file that adds it declares.
  const aspnetApp = [...files.values()].some((f) => f.registrations.some((r) => r.type === "route" && (r.framework === "aspnet" || r.framework === "razor-pages")));
  if (aspnetApp && project) beside(identityUiRoutes(project, [...project.listed].filter((f) => f.endsWith(".cs"))));
  // The calls of a Go function mounting the router it is handed, registrations a setting switches on that the shipped configuration leaves off, prefixes the app's configuration gives, what ASP.NET controllers inherit and take from their bases, the Devise modules a model enables, the Rails engines mounted whose routes the repository draws,
  // the types of Go struct fields a call goes through, a Go package's own router wrapper used in its other files, a Go gRPC server's methods in files beside its type's, the routers a Go ServeHTTP dispatcher hands requests to and those a handler serves under a prefix it strips, the routes of DRF router classes of the app's, the Django URLconfs no root URLconf includes, Flask blueprints made from the project's own Blueprint classes, AdonisJS named middleware that checks nobody, and the Spring applications each security rule is of.
  const beforeLinking = [withMountWrappers, withoutSwitchedOff, withConfigPrefixes, withInheritedActions, withBaseControllers, withDeviseModules, withRailsEngineMounts, withGrapeMounts, withGoFieldTypes, withPackageRouterWrappers, withPackageGrpcMethods, withServeHTTPDispatchers, withStrippingHandlers, withCustomDrfRouters, withRootUrlconfs, withBlueprintSubclasses, withoutAdonisPassMiddleware, withSpringApplicationScopes, withNestApplicationScopes];
  // Then the blueprints a Flask app factory registers from a sequence its callers hand it, which it takes imports to find.
  const prepared = withBlueprintSequences(beforeLinking.reduce((current: ReadonlyMap<string, FileRoutes>, step) => step(current, project), files), project, resolve);
  const configured = withConfiguredValues(prepared, () => ({ go: goFieldValues(project), goconst: goPackageConstants(project), swagger: swaggerBasePaths(project), py: pythonConfigValues(project), pyattr: pythonClassAttributes(project), laravel: laravelConfigValues(project), rails: railsConfigValues(project), grape: grapeIncludedPrefixes(project), expressmount: expressMounts(project), apiplatform: apiPlatformSegments(project), jvmconst: jvmConstantValues(prepared), rustconst: rustModuleConstants(project) }));
  const linked = [
    ...linkRoutes(access ? withHandlerChecks(withoutOptionalGuards(fillImportedValues(configured, access), access), access) : configured, resolve, reexported, propertyPlaceholders(project)),
    ...(project ? filesystemRoutes(project, (file) => checked.get(file) ?? []) : []),
  ];

  const reach = reachability(edges, componentOf, integrationsOf);
  // What the project's files say beside the route registrations, in order: paths configuration
  // puts in front (JVM properties and context paths, Symfony's imports and the container parameters in them, API Platform's prefix), URL casing, guards declared away, Micronaut Security turned off,
  // then Symfony's access_control and Sureness's exclusions for the routes still unguarded (their rules match full paths),
  // Phoenix sockets whose connect/3 refuses, CodeIgniter 3 URIs routes.php maps to a guarded action, and Blade's web hooks.
  // tRPC procedures join their routers' keys with dots under the endpoint a handler serves them at.
  // Read after configured values are filled in: an endpoint may be where an Express app mounts the handler (js/express-mounts.ts).
  const trpcMounts = [...configured].flatMap(([file, f]) => f.registrations.flatMap((r) => (r.type === "use" && r.framework === TRPC && (r.owner === TRPC_ENDPOINT || r.owner === TRPC_OPENAPI_ENDPOINT) ? [{ file, endpoint: { path: r.prefix, openapi: r.owner === TRPC_OPENAPI_ENDPOINT } }] : [])));
  const trpcEndpoints = trpcMounts.map((m) => m.endpoint);
  const orpcMounts = [...files].flatMap(([file, f]) => f.registrations.flatMap((r) => (r.type === "use" && r.framework === ORPC && (r.owner === ORPC_RPC_ENDPOINT || r.owner === ORPC_OPENAPI_ENDPOINT) ? [{ file, endpoint: { path: r.prefix, openapi: r.owner === ORPC_OPENAPI_ENDPOINT } }] : [])));
  // The modules that serve a tRPC router, by the endpoint each serves it at.
  const rpcDispatchers = new Map([...trpcMounts, ...orpcMounts].map((m) => [m.file, m.endpoint] as const));
  // Symfony's container parameters, in route paths and in access_control rules alike.
  const symfonyParametersOf = containerParameters(project);
  const afterLinking = [trpcPaths(trpcEndpoints), orpcPaths(orpcMounts.map((m) => m.endpoint)), servletFilters(project), goWebSocketHandlers(project), nextLocalePrefix(project), contextPaths(project), symfonyImportPrefixes(project), symfonyParameters(symfonyParametersOf), apiPlatformPrefix(project), hanamiMounts(project), sampleEnvPrefix(project), boxAdminPrefix(project), eggConfigPrefix(project), routeAttributesPrefix(project), tokenTransformer(project), lowercaseUrls(project), drfDefaultPermissions(project), djangoLoginMiddleware(project), flaskClassChecks(project), guardsAway(project), channelsConsumerGuards(project), nextAppSignInGuards(project), gatewayFilterGuards(project), micronautSecurityOff(project), accessControl(project, symfonyParametersOf), surenessFilter(project), phoenixSocketAuth(project), codeigniterMappedChecks(project), bladeHooks(project), enforcedSecurity(project, facts, contracts)];
  const railsServed = railsActionsServed(project);
  const laravelServed = laravelActionsServed(project);
  // A JVM controller that exists only under a configuration its application does not have serves nothing.
  const conditionalServed = conditionalControllersServed(project);
  // A Rust route compiled only under a cargo feature off by default is not served.
  const featureServed = rustFeaturesServed(project);
  // Nor is a Go route of a package that only files built with tags import.
  const goBuildServed = goTaggedPackagesServed(facts, edges, project && ((file) => project.text(file)));
  // Nor a JVM route of a Maven module only a profile off by default builds.
  const mavenServed = mavenDefaultBuildServed(project);
  // Nor a Django package's route of an app the project does not install.
  const djangoAppServed = djangoAppsServed(project);
  // Nor a Django pattern added under a setting off by default.
  const djangoSwitchServed = djangoSettingSwitchedServed(project);
  // Nor a tRPC procedure under a handler that does not serve it (an OpenAPI handler serves those declaring a path, alone).
  const trpcServedHere = trpcServed(trpcEndpoints);
  // A route of every method becomes one per method its handler serves, where the handler tells.
  const goMethods = goHandlerMethods(project);
  const djangoMethods = projectViewMethods(project);
  const tornadoHandlerMethods = tornadoMethods(project);
  // An ASP.NET action a named route maps (`MapControllerRoute("Login", "login/", new { controller = "Account", action = "Login" })`) is served there too.
  const aspnetNamed = aspnetNamedRoutes(project);
  // A Spring library module several applications include, each under its own context path, is served under each.
  const perApplication = servedPerApplication(project);
  // A DRF ViewSet's actions from mixins of other modules, beside its list route.
  const djangoActions = inheritedActions(project);
  const complete: Route[] = withoutViewEchoes(djangoActions(linked.filter((route) => railsServed(route) && laravelServed(route) && conditionalServed(route) && featureServed(route) && goBuildServed(route) && mavenServed(route) && djangoAppServed(route) && djangoSwitchServed(route) && trpcServedHere(route)))
    .flatMap(goMethods)
    .flatMap(djangoMethods)
    .flatMap(tornadoHandlerMethods)
    .flatMap(aspnetNamed)
    // NextAuth.js's catch-all route is the actions of its REST API.
    .flatMap(nextAuthRoutes))
    // After the echoes are gone: its copies share their file, line and path until put under their applications' paths.
    .flatMap(perApplication)
    .map(({ through: _, ...route }) => ({ ...afterLinking.reduce((r, step) => step(r), route), reaches: reach(route.file) }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method) || a.file.localeCompare(b.file));
  const kept = complete.filter(notHandedToHono(complete, project)).filter(notRpcDispatcher(complete, rpcDispatchers)).filter(oneSocketIoEngine()).filter(notReplacedPackageRoute(complete));
  // Routes registered under a setting left off as shipped are not served; a contract may still document them.
  const offAsShipped = (r: Route) => !!(r as Route & Pick<LinkedRoute, "offAsShipped">).offAsShipped;
  const items = kept.filter((r) => !offAsShipped(r));
  const switchedOff = kept.filter(offAsShipped);

  const globalGuard = items.some((r) => r.kind === "http" && r.guards.length > 0 && isAppLevel(r, items));
  const ref = (r: Route) => ({ method: r.method, path: r.path, file: r.file, line: r.line });
  const groups = new Map<string, Route[]>();
  // Two Spring Boot or NestJS applications, two .NET web apps or two Python projects of one repository serving one path are no conflict: each has its own.
  const application = springApplicationOf(project);
  const dotnetApplication = dotnetApplicationOf(project);
  const pythonProject = pythonProjectOf(project);
  const nestApplication = nestApplicationOf(project);
  for (const r of items) {
    // A route whose prefix is not known has no full path to share with another.
    if (r.kind !== "http" || r.prefixUnknown) continue;
    // Nor are routes of one path served for different hosts.
    const key = `${r.method} ${r.path} ${r.host ?? ""} ${r.framework === "spring" ? application(r.file) : r.framework === "nestjs" ? nestApplication(r.file) : DOTNET_FRAMEWORKS.has(r.framework) ? dotnetApplication(r.file) : r.file.endsWith(".py") ? pythonProject(r.file) : ""}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const duplicates = [...groups.values()]
    // The same handler drawn twice at one path (Rails' second `root ..., as: "home"`, adding a name) serves one thing: no conflict.
    .filter((g) => g.length > 1 && new Set(g.map((r) => `${r.file}:${r.line}`)).size > 1 && new Set(g.map((r) => (r.handler === "(inline)" ? `${r.file}:${r.line}` : r.handler))).size > 1 && !(project && servedOnce(g, (file) => project.text(file))))
    .map((g) => ({ method: g[0]!.method, path: g[0]!.path, routes: g.map(ref) }));
  const inert = doesNothing(project);
  const unguardedWrites = globalGuard ? [] : items
    .filter((r) => r.kind === "http" && writesState(r) && r.guards.length === 0 && !inert(r))
    .map((r) => ({ ...ref(r), handler: r.handler, ...(r.public ? { public: true } : {}), ...(r.csrfExempt ? { csrfExempt: true } : {}), ...(r.prefixUnknown ? { prefixUnknown: true } : {}), ...(r.checks ? { checks: r.checks } : {}) }));

  return {
    items,
    frameworks: [...new Set(items.map((r) => r.framework))].sort(),
    duplicates,
    unguardedWrites,
    globalGuard,
    contracts: contracts.map(({ operations, ...c }) => ({ ...c, operations: operations.map(({ method, path, line }) => ({ method, path, line })) })),
    drift: contractDrift(contracts, [...items, ...switchedOff], project?.listed ?? []),
  };
}

// A Next.js catch-all route module (`app/api/private/[...route]/route.ts`) exporting Hono's adapter (`export const GET = handle(app)`).
const CATCH_ALL_MODULE = /\[\[?\.\.\.\w+\]\]?\/route\.[cm]?[jt]sx?$/;
const HONO_ADAPTER = /\bfrom\s*["'](?:hono\/(?:vercel|nextjs)|@hono\/node-server\/vercel)["']/;

/**
 * Whether a route is more than the door of a Hono app: a Next.js catch-all that hands every
 * request to Hono's adapter, with the app's own routes found under its path, serves those, not
 * a route of its own.
 */
function notHandedToHono(items: readonly Route[], project: FsProject | undefined): (route: Route) => boolean {
  return (route) => {
    if (route.framework !== "next" || !CATCH_ALL_MODULE.test(route.file) || !HONO_ADAPTER.test(project?.text(route.file) ?? "")) return true;
    const under = route.path.replace(/\/\{\w+\}$/, "");
    return !items.some((other) => other.framework === "hono" && other.path.startsWith(`${under}/`));
  };
}

/**
 * A catch-all route (`/api/trpc/{trpc}`) of a module that serves a tRPC router is its procedures'
 * dispatcher: where they are listed (`POST /api/trpc/polls.comments.add`), each with its own
 * guard, the catch-all is no route of its own. So is an OpenAPI handler's (`/api/{trpc}`), whose
 * endpoint may be `/` as the paths its procedures declare hold the rest, and an oRPC handler's
 * (`app/api/[[...rest]]/route.ts`).
 */
function notRpcDispatcher(items: readonly Route[], dispatchers: ReadonlyMap<string, { path: string; openapi: boolean }>): (route: Route) => boolean {
  const rpc = (r: Route) => r.framework === TRPC || r.framework === ORPC;
  return (route) => {
    const endpoint = dispatchers.get(route.file);
    if (endpoint === undefined || rpc(route) || !/\/\{\w+\}$/.test(route.path)) return true;
    const under = joinPaths(route.path.replace(/\/\{\w+\}$/, ""));
    return (!endpoint.openapi && under !== joinPaths(endpoint.path)) || !items.some((other) => rpc(other) && other.path.startsWith(`${under}/`));
  };
}

/** Socket.IO's engine endpoint once per method and path: the gateways and namespaces of an app share one server. */
function oneSocketIoEngine(): (route: Route) => boolean {
  const seen = new Set<string>();
  return (route) => {
    if (route.handler !== SOCKET_IO_ENGINE) return true;
    const key = `${route.method} ${route.path}`;
    return !seen.has(key) && !!seen.add(key);
  };
}

/** A guard every route of the app shares counts as global: it was registered at the root. */
function isAppLevel(route: Route, items: readonly Route[]): boolean {
  const http = items.filter((r) => r.kind === "http" && r.framework === route.framework);
  return route.guards.some((guard) => http.every((r) => r.guards.includes(guard)));
}

/** Components and integrations a file reaches through runtime imports, itself included, memoised per file. */
function reachability(
  edges: readonly Edge[],
  componentOf: Map<string, string>,
  integrationsOf: ReadonlyMap<string, readonly string[]>,
): (file: string) => Route["reaches"] {
  const adjacency = new Map<string, string[]>();
  for (const e of edges) if (e.kind !== "type") (adjacency.get(e.from) ?? adjacency.set(e.from, []).get(e.from)!).push(e.to);
  const memo = new Map<string, Route["reaches"]>();
  return (file) => {
    const known = memo.get(file);
    if (known) return known;
    const seen = new Set([file]);
    const queue = [file];
    for (let i = 0; i < queue.length; i++) for (const next of adjacency.get(queue[i]!) ?? []) if (!seen.has(next)) (seen.add(next), queue.push(next));
    const components = [...new Set([...seen].map((f) => componentOf.get(f)).filter((c): c is string => !!c))].sort();
    const integrations = [...new Set([...seen].flatMap((f) => integrationsOf.get(f) ?? []))].sort();
    memo.set(file, { components, integrations });
    return { components, integrations };
  };
}

/**
 * A class view's route of a method the class handles itself is served by that handler: the view's
 * own route for it (`POST .../unrelease DrawUnreleaseView`, from the methods its chain serves,
 * beside `POST .../unrelease DrawUnreleaseView.post`) is the same route again, not a second one;
 * so is a route read twice over (a method the module saw the view inherit, and its chain served).
 */
function withoutViewEchoes<R extends { method: string; path: string; handler: string; file: string; line: number }>(routes: R[]): R[] {
  const handled = new Set(routes.map((r) => `${r.method} ${r.path} ${r.handler}`));
  const seen = new Set<string>();
  return routes.filter((r) => {
    if (/^(?:[a-z_]\w*\.)*[A-Z]\w*$/.test(r.handler) && handled.has(`${r.method} ${r.path} ${r.handler}.${r.method.toLowerCase()}`)) return false;
    const key = `${r.method} ${r.path} ${r.handler} ${r.file}:${r.line}`;
    return !seen.has(key) && !!seen.add(key);
  });
}

// Handlers named for answering 404: the catch-alls of an app.
const NOT_FOUND = /^(?:not_?found|page_?not_?found|render_?404|handle_?404|NotFound|notFound|error_?404)$/;

/**
 * Whether a route's handler does nothing: a Laravel action whose body is empty (Attendize's
 * `Api\EventsController@store`, left as the resource's placeholder), a redirect or a handler named
 * for answering 404 writes nothing, so its route is no unguarded write, whatever its method.
 */
function doesNothing(project: FsProject | undefined): (route: Route) => boolean {
  const body = project ? laravelActionBodies(project) : undefined;
  return (route) => {
    // A Rails route that only redirects (`match '/old' => redirect('/new'), via: [:get, :post]`) changes nothing.
    if (route.framework === "rails" && route.handler === "redirect") return true;
    // A real-time framework's transport (Socket.IO's engine, a Blazor app's circuit hub) carries messages to
    // handlers of their own (events, components): it acts on nothing itself.
    if (route.handler === SOCKET_IO_ENGINE || route.handler === BLAZOR_HUB) return true;
    // A catch-all answered with a 404 (Danbooru's `match "/", to: "static#not_found", via: %i[post put patch delete]`) changes nothing either.
    if (NOT_FOUND.test(route.handler.split(/[#.@:]/).at(-1) ?? "")) return true;
    if (!body || route.framework !== "laravel") return false;
    const code = body(route.handler);
    return code !== undefined && code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|#[^\n]*/g, "").trim() === "";
  };
}

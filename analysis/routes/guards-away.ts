/**
 * Guards declared away from the route, added after linking: a Rails controller's `before_action`,
 * a Hanami action's `before` callbacks (its own and the app's `controller.prepare`), a Laravel
 * controller constructor's `$this->middleware(...)`, an Axum or Actix handler's extractor arguments, a
 * Spring handler's parameter that a refusing argument resolver fills or that requires the
 * Authorization header, a Phoenix controller's
 * `plug ... when action in [...]`, a Go wrapper around the handler that refuses callers in its
 * body, a Tide, Actix or Axum handler that refuses them at its top, a JVM handler (or the
 * service method it hands the request to) that throws at its top without a signed-in user;
 * and guards that let some
 * calls through: Django REST Framework's `...OrReadOnly` permissions on safe methods (and the
 * project's own permissions that answer True to them first), guards named optional, Go
 * middleware that hands on a request without credentials, and Passport's local sign-in check.
 */
import type { ContractProject } from "./contracts/mod.ts";
import { laravelActionGuards } from "./php/controller-guards.ts";
import { laravelMiddlewareGroups } from "./php/middleware-groups.ts";
import { optionalLaravelMiddleware, refusingLaravelMiddleware } from "./php/optional-middleware.ts";
import { loadOnlyMiddleware, refusingMiddleware } from "./php/psr15-middleware.ts";
import { cakephpAuthGuards } from "./php/cakephp-auth.ts";
import { laravelMiddlewareAliases } from "./php/middleware-aliases.ts";
import { laravelActionBodies, phpClassFile, phpFilesByClass } from "./php/actions.ts";
import { laravelHandlerChecks } from "./php/handler-checks.ts";
import { laravelFormRequestChecks } from "./php/form-requests.ts";
import { symfonyDelegatedChecks } from "./php/symfony-delegated.ts";
import { codeigniterControllerChecks } from "./php/codeigniter-auto-routes.ts";
import { flarumActorChecks } from "./php/flarum-actor-checks.ts";
import { EXCEPT_ENDPOINTS, EXCEPT_PATHS, PARAMETER_GUARD } from "./frameworks/flask.ts";
import { laravelMiddlewareDeclarations } from "./php/middleware-declarations.ts";
import { isLaravelGuard } from "./frameworks/laravel.ts";
import type { LinkedRoute } from "./link.ts";
import { CANDIDATE, checksOtherThanCaller, isOptionalGuardName } from "./paths.ts";
import { guardingDependencies } from "./python/dependency-guards.ts";
import { projectDecoratorGuards } from "./python/decorator-guards.ts";
import { exempted, middlewareChecks } from "./python/middleware-guards.ts";
import { passportSignInGuards } from "./js/passport-sign-in.ts";
import { nestGuardClasses } from "./js/nest-guard-classes.ts";
import { conventionGuards } from "./csharp/convention-guards.ts";
import { routerClasses } from "./python/router-classes.ts";
import { classDependencies } from "./python/class-dependencies.ts";
import { accessMixinGuards, inheritedDecorators, projectClasses } from "./python/project-classes.ts";
import { dependencyGuards, isPythonGuard, otherDependencies } from "./python/guards.ts";
import { railsActionGuards } from "./ruby/controller-guards.ts";
import { controllerRoot } from "./ruby/controllers.ts";
import { hanamiActionGuards } from "./ruby/hanami-actions.ts";
import { type Crates, extractorGuards, libraryName, rustHandlerCheck, rustPassThroughMiddleware } from "./rust/handler-guards.ts";
import { phoenixActionGuards } from "./elixir/controller-plugs.ts";
import { elixirFunctionBodies, fetchOnlyPipelines } from "./elixir/plugs.ts";
import { goCandidateChecks, goDefinedWrappers, goHandlerChecks, goMiddlewareExemptions, goOptionalMiddleware, goWrapperChecks } from "./go/wrapper-guards.ts";
import { functionBodies, functionDefinitions } from "./function-bodies.ts";
import { composedGuards } from "./js/composed-decorators.ts";
import { authorizationHeaderGuards, refusingResolvers, resolverGuards } from "./jvm/argument-resolvers.ts";
import { jvmHandlerChecks } from "./jvm/handler-checks.ts";
import { interceptorRefuses } from "./jvm/interceptors.ts";
import { aspnetHandlerChecks } from "./csharp/handler-checks.ts";
import { callerBlindPermissions, readOnlyPermissions } from "./python/read-only-permissions.ts";
import { SCOPE_GUARD, utopiaGuestScopes } from "./frameworks/utopia.ts";
import { settingSwitchedGuards } from "./python/setting-switched-guards.ts";
import { settingChosenGuards } from "./python/setting-chosen-guards.ts";
import { TRPC, trpcGuardingBuilders } from "./frameworks/trpc.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Passport's local strategy checks the credentials a sign-in posts: it is the sign-in itself,
// open to anyone, not a guard in front of it (`LocalAuthGuard`, `passport.authenticate("local")`).
const SIGN_IN_CHECK = /(?:^|[(.\s])Local\w*Guard\b|(?:authenticate|AuthGuard)\(\s*["'`]?local\b|^(?:[\w$]+\.)?local(?:Auth)?$/;


/**
 * Guards with each candidate (`?Ability`, a name the scanner could not judge) decided: kept, its
 * mark taken off, where `guards` says the named check refuses callers; left out where not.
 */
const resolvedCandidates = (names: readonly string[], guards: (name: string) => boolean): string[] =>
  names.flatMap((name) => (!name.startsWith(CANDIDATE) ? [name] : guards(name.slice(CANDIDATE.length)) ? [name.slice(CANDIDATE.length)] : []));

/** A function that gives a linked route the guards its controller or handler declares. */
export function guardsAway(project: ContractProject | undefined): <R extends LinkedRoute>(route: R) => R {
  const read = (file: string) => (project?.has(file) ? project.text(file) : undefined);
  let phpClasses: Map<string, string[]> | undefined;
  let elixirModules: Map<string, string> | undefined;
  const classFile = (name: string) => phpClassFile((phpClasses ??= phpFilesByClass(project?.listed ?? [])), name);
  const goBodies = functionBodies(project, "go");
  const refuses = goWrapperChecks(goBodies);
  // Go middleware not named like a guard guards when its body refuses callers (`?SetupTokenMiddleware`).
  const candidateRefuses = goCandidateChecks(goBodies);
  // Go middleware that lets the paths a function of the app's names through (`!isPublicRoute(r)`).
  const exempts = goMiddlewareExemptions(goBodies);
  const letsAnonymousIn = goOptionalMiddleware(goBodies);
  const checksFirst = goHandlerChecks(functionDefinitions(project, "go"));
  const definedIn = goDefinedWrappers(project, goBodies);
  const checksItself = rustHandlerCheck(functionBodies(project, "rust"));
  // An Axum middleware named like a guard that hands every request on, having read who calls.
  const passesThrough = rustPassThroughMiddleware(functionBodies(project, "rust"));
  const extractors = extractorGuards(read, workspaceCrates(project));
  const laravelActions = laravelActionGuards(classFile, read);
  const laravelChecks = project ? laravelHandlerChecks(laravelActionBodies(project)) : () => [];
  const laravelFormRequests = project ? laravelFormRequestChecks(project) : () => ({ guards: [], checks: [] });
  const symfonyDelegated = project ? symfonyDelegatedChecks(project) : () => [];
  let declarations: string[] | undefined;
  const laravelDeclarations = () => (declarations ??= laravelMiddlewareDeclarations(project));
  let aliases: Map<string, string> | undefined;
  const laravelAliases = () => (aliases ??= laravelMiddlewareAliases(laravelDeclarations()));
  const laravelOptional = optionalLaravelMiddleware(project, classFile, laravelAliases);
  const laravelRefusing = refusingLaravelMiddleware(project, classFile);
  const slimLoadsOnly = loadOnlyMiddleware(project, classFile);
  const slimRefusing = refusingMiddleware(project, classFile);
  const cakephpAuth = cakephpAuthGuards(project);
  const laravelGroups = laravelMiddlewareGroups(laravelDeclarations);
  const resolved = refusingResolvers(project);
  const checksInBody = jvmHandlerChecks(project);
  const interceptorGuards = interceptorRefuses(project);
  const aspnetChecks = aspnetHandlerChecks(project);
  const readOnly = readOnlyPermissions(project);
  const callerBlind = callerBlindPermissions(project);
  const guardingDependency = guardingDependencies(project);
  const middlewareCheck = middlewareChecks(project);
  const settingChosen = settingChosenGuards(project);
  const passportSignIn = passportSignInGuards(project);
  const composed = composedGuards(project);
  const classes = projectClasses(project);
  const routerClassOf = routerClasses(classes);
  const classDependencyText = classDependencies(classes);
  const flaskInherited = inheritedDecorators(classes);
  const djangoAccessMixin = accessMixinGuards(classes, isOptionalGuardName);
  const trpcGuarding = trpcGuardingBuilders(project);
  const codeigniterChecks = codeigniterControllerChecks(project);
  const flarumChecks = flarumActorChecks(project, classFile);
  const railsActions = new Map<string, ReturnType<typeof railsActionGuards>>();
  const railsAction = (route: LinkedRoute) => {
    const key = `${route.file}\0${route.handler}`;
    let action = railsActions.get(key);
    if (!action) railsActions.set(key, (action = railsActionGuards(route.handler, read, controllerRoot(route.file, read, project!.listed))));
    return action;
  };
  const declared = (route: LinkedRoute): string[] => {
    if (!project) return [];
    // A Hanami app's routes are read by the Rails scanner; its actions are classes of their own.
    if (route.framework === "rails") return [...railsAction(route).guards, ...hanamiActionGuards(route.handler, route.file, read)];
    if (route.framework === "laravel") {
      // An action its controller does not guard that checks the caller at its top.
      // Its form request's authorize(), which Laravel runs before the action, as well.
      const guards = laravelActions(route.handler, route.file);
      return [...(guards.length ? guards : laravelChecks(route.handler)), ...laravelFormRequests(route.handler).guards];
    }
    if (route.framework === "axum" || route.framework === "actix") return [...extractors(route.handler, route.file), ...checksItself(route.handler)];
    // A Rocket request guard is an extractor too: `headers: Headers` whose `FromRequest` refuses.
    if (route.framework === "rocket") return extractors(route.handler, route.file);
    if (route.framework === "tide") return checksItself(route.handler);
    // A CakePHP action of a controller under the authentication component, unless it allows unauthenticated callers.
    if (route.framework === "cakephp") return cakephpAuth(route.handler, route.file);
    // An action nothing authorizes that checks the caller (or the key it sent) at its top.
    if (route.framework === "aspnet") return route.guards.length ? [] : aspnetChecks(route.file, route.line);
    // An action that hands its work to a method of its controller's, guarded by that method's checks.
    if (route.framework === "symfony") return route.guards.length ? [] : symfonyDelegated(route.handler);
    // A CodeIgniter controller whose constructor (its own or one it inherits) turns away callers not signed in.
    if (route.framework === "codeigniter") return route.guards.length ? [] : codeigniterChecks(route.handler, route.file);
    // A Flarum handler class that asserts its actor is signed in (or an administrator).
    if (route.framework === "flarum") return route.guards.length ? [] : flarumChecks(route.handler);
    // A Ktor or Javalin handler written in place that refuses at its top (`?: throw Unauthorized()`, `call.checkAdminKey(secret)`).
    if (route.framework === "ktor" || route.framework === "javalin") return route.guards.length ? [] : checksInBody(route.file, route.line, route.handler);
    if (route.framework === "spring" || route.framework === "jaxrs" || route.framework === "micronaut") {
      const text = route.framework === "spring" ? read(route.file) : undefined;
      const parameters = text ? [...resolverGuards(text, route.line, route.handler, resolved()), ...authorizationHeaderGuards(text, route.line, route.handler)] : [];
      // A check in the handler's body, or in the service it hands the request to, when nothing guards it before.
      return parameters.length || route.guards.length ? parameters : checksInBody(route.file, route.line, route.handler);
    }
    if (route.framework === "phoenix") return phoenixActionGuards(route.handler, (module) => (elixirModules ??= elixirModuleFiles(project)).get(module), read);
    if (route.framework === "fastapi") {
      return (route.helpers ?? []).flatMap((helper) => {
        if (guardingDependency(helper)) return [helper];
        // A class-based view's class: the dependencies of its attributes, its own and its bases'.
        const attributes = /^[A-Z]/.test(helper) ? classDependencyText(helper) : "";
        const span = { start: 0, end: attributes.length };
        return attributes ? [...dependencyGuards(attributes, span), ...otherDependencies(attributes, span).filter(guardingDependency)] : [];
      });
    }
    if (route.framework === "nestjs") return (route.helpers ?? []).flatMap(composed);
    // A tRPC procedure's builder whose middleware refuses callers without a user (`spaceProcedure`).
    if (route.framework === TRPC) return (route.helpers ?? []).filter(trpcGuarding);
    // A Django view class nothing else guards, guarded by an access mixin a class of the project it extends brings (`AdministratorMixin`).
    if (route.framework === "django" && /^[A-Z]/.test(route.handler)) return route.guards.length ? [] : djangoAccessMixin(route.handler.split(".")[0]!, route.file);
    // A Flask view class takes the `decorators` of the project's classes it extends (Flask-RESTful's BaseResource).
    if (route.framework === "flask") return flaskInherited(route.handler.split(".")[0]!).filter((d) => isPythonGuard(d.split(".").at(-1)!));
    return route.file.endsWith(".go") ? [...(route.helpers ?? []).filter(refuses), ...definedIn(route.handler).filter(refuses), ...checksFirst(route.handler, route.file)] : [];
  };
  // A Laravel middleware group (`api`) stands for its members; an alias (`mfa-setup`) for its
  // class (`AuthenticatedOrPendingMfa`), or one whose handle() turns away a caller it reads
  // (`user` for Krayin's Bouncer), but for one that sends signed-in users away
  // (`RedirectIfAuthenticated`); another name that guards nothing goes.
  const laravelAliasGuards = (name: string): boolean => {
    const qualified = laravelAliases().get(name.split(":")[0]!);
    const className = qualified?.split("\\").pop();
    return !!qualified && !!className && !/^RedirectIf/.test(className) && (isLaravelGuard(className) || laravelRefusing(qualified));
  };
  const laravelGuards = (names: readonly string[]): string[] =>
    names.flatMap((name) => (laravelGroups(name) ?? [name]).filter((member) => isLaravelGuard(member) || laravelAliasGuards(member)));
  // A FastAPI router class of the project's (`AdminAPIRouter`) stands for the dependencies it guards with;
  // a router's dependency not named like a guard (`?get_admin`) guards when its body refuses.
  const fastapiGuards = (names: readonly string[], path: string): string[] =>
    names.flatMap((name) => {
      if (name.startsWith(CANDIDATE)) {
        const candidate = name.slice(CANDIDATE.length);
        // The app's middleware: a guard where its class refuses, but for the paths it lets through first.
        const middleware = middlewareCheck(candidate);
        if (middleware) return middleware.refuses && !exempted(middleware, path) && !checksOtherThanCaller(candidate) ? [candidate] : [];
        return guardingDependency(candidate) ? [candidate] : [];
      }
      // Named like a check, but handing every request on while its secret is not configured: none as shipped.
      if (middlewareCheck(name)?.off) return [];
      // Defined twice, a setting choosing the one that lets every caller through or the one that checks: none as shipped.
      if (settingChosen(name)) return [];
      const routerClass = /^[A-Z]\w*Router$/.test(name) ? routerClassOf(name) ?? { guards: [], dependencies: [] } : undefined;
      return routerClass ? [...routerClass.guards, ...routerClass.dependencies.filter(guardingDependency)] : [name];
    });
  const elixirFunctionPlug = (name: string): string[] =>
    [...new Set((elixirModules ??= elixirModuleFiles(project!)).values())].flatMap((file) => elixirFunctionBodies(read(file) ?? "", name));
  const phoenixFetchOnly = fetchOnlyPipelines((module) => (elixirModules ??= elixirModuleFiles(project!)).get(module), read, elixirFunctionPlug);
  // A Phoenix pipeline whose auth plugs only fetch the caller checks nobody.
  const phoenixGuards = (route: LinkedRoute): string[] => {
    const fetchOnly = project ? phoenixFetchOnly(route.helpers ?? []) : new Set<string>();
    return route.guards.filter((g) => !fetchOnly.has(g));
  };
  // A decorator that lets every caller through while a setting off by default is off guards nothing as deployed.
  const switchedOff = settingSwitchedGuards(project);
  // A utopia-php route asking a scope guests hold lets anyone past the scope check.
  let guestScopes: Set<string> | undefined;
  const utopiaGuards = (guards: readonly string[]) => guards.filter((g) => !SCOPE_GUARD.exec(g)?.[1]!.split("|").some((s) => (guestScopes ??= utopiaGuestScopes(project)).has(s)));
  // A minimal-API route's `.RequireManagementKey()` guards where the app's method requires authorization.
  const convention = conventionGuards(project);
  // A NestJS global guard class not named like a check (`?Ability`) guards where its canActivate refuses.
  const nestGuard = nestGuardClasses(project);
  // A decorator of the project's not named like a check (`?access.global_admin`) guards where its definition refuses.
  const projectDecorator = projectDecoratorGuards(project);
  // A Flask URL value preprocessor guards only the routes that have the parameter it checks (`pull_project@project_id`);
  // a `before_request` hook, all but the view functions and the paths it lets through (`setup_g!login,get_token`, `check_perms~/login`).
  const flaskParameterGuards = (route: LinkedRoute): string[] =>
    resolvedCandidates(route.guards, projectDecorator).flatMap((g) => {
      const pathsAt = g.indexOf(EXCEPT_PATHS);
      if (pathsAt !== -1) return g.slice(pathsAt + 1).split(",").some((prefix) => route.path.startsWith(prefix)) ? [] : flaskParameterGuards({ ...route, guards: [g.slice(0, pathsAt)] });
      const except = g.indexOf(EXCEPT_ENDPOINTS);
      if (except !== -1) return g.slice(except + 1).split(",").includes(route.handler.split(".").at(-1)!) ? [] : [g.slice(0, except)];
      const at = g.indexOf(PARAMETER_GUARD);
      return at === -1 ? [g] : route.path.includes(`{${g.slice(at + 1)}}`) ? [g.slice(0, at)] : [];
    });
  return (given) => {
    // A Spring handler interceptor (`?AdminLoginInterceptor`) guards where its preHandle turns callers
    // away; one that checks only handlers with an annotation, where the route's has it.
    const intercepting = (type: string) => {
      const { refuses, onlyAnnotated } = interceptorGuards(type);
      return refuses && (!onlyAnnotated || given.guards.some((g) => g === onlyAnnotated || g.startsWith(`${onlyAnnotated}(`)));
    };
    const route = given.framework === "spring" && given.guards.some((g) => g.startsWith(CANDIDATE))
      ? { ...given, guards: resolvedCandidates(given.guards, intercepting) }
      : given;
    const own = route.framework === "laravel" ? laravelGuards(route.guards) : route.framework === "slim" ? resolvedCandidates(route.guards.filter((g) => !slimLoadsOnly(g)), slimRefusing) : route.framework === "fastapi" ? fastapiGuards(route.guards, route.path) : route.framework === "phoenix" ? phoenixGuards(route) : route.framework === "flask" ? flaskParameterGuards(route).filter((g) => !switchedOff(g)) : route.framework === "django" ? route.guards.filter((g) => !switchedOff(g)) : route.framework === "nestjs" ? resolvedCandidates(route.guards, nestGuard) : route.framework === "minimal-api" ? resolvedCandidates(route.guards, convention) : route.framework === "utopia" ? utopiaGuards(route.guards) : route.file.endsWith(".go") ? resolvedCandidates(route.guards, candidateRefuses) : route.guards;
    const found = declared(route);
    // A Rust extractor named as if optional was judged by its body: `MaybeUser` that refuses is a guard all the same.
    // An ASP.NET authorization attribute of the app's named as optional but given what it requires (base-controllers.ts).
    const judged = new Set(route.framework === "axum" || route.framework === "actix" || route.framework === "rocket" ? extractors(route.handler, route.file).filter(isOptionalGuardName) : route.framework === "aspnet" ? route.guards.filter((g) => /^(?!Authorize\()\w+\(.+\)$/s.test(g)) : []);
    const candidates = [...new Set([...own, ...found])];
    const guards = candidates
      .filter((g) => !(SAFE_METHODS.has(route.method) && (/OrReadOnly$/.test(g) || (route.framework === "django" && readOnly(g)))) && !(route.framework === "django" && callerBlind(g)) && !(isOptionalGuardName(g) && !judged.has(g)) && !SIGN_IN_CHECK.test(g) && !(route.file.endsWith(".go") && (letsAnonymousIn(g) || exempts(g, route.path))) && !(route.framework === "laravel" && laravelOptional(g)) && !(route.framework === "nestjs" && passportSignIn(g)) && !(route.framework === "axum" && passesThrough(g)));
    // The wrappers were read: they are not part of the route as reported.
    const { helpers: _, declaredPublic, ...rest } = route;
    // A route left unguarded is public when the code says so: a wrapper declares it public
    // (`bouncer.PublicAccess(h)`), its guard is named optional (`[ApiPermissionOrAnonymous]`, `auth.optional`:
    // anonymous callers are let in on purpose), or its Rails controller skips the guard for it
    // (`skip_before_action :authenticate_user!, only: :timezone`).
    const open = !guards.length && (declaredPublic || candidates.some((g) => isOptionalGuardName(g) && !judged.has(g)) || (route.framework === "rails" && !!project && railsAction(route).skipped));
    // Checks of the caller that may let one without an account through (a policy ability taking ?User): no guard, but no gap the analysis can be sure of.
    const checks = !guards.length && route.framework === "laravel" && project ? laravelFormRequests(route.handler).checks : [];
    return { ...rest, ...(open ? { public: true } : {}), ...(checks.length ? { checks } : {}), guards } as typeof route;
  };
}

/** Elixir modules by name (`RealWorldWeb.ArticleController` -> its file), from `defmodule` lines of the lib/ files. */
function elixirModuleFiles(project: ContractProject): Map<string, string> {
  const modules = new Map<string, string>();
  for (const path of project.listed) {
    if (!/\.ex$/.test(path) || /(^|\/)(test|deps)\//.test(path)) continue;
    for (const m of (project.text(path) ?? "").matchAll(/^[ \t]*defmodule[ \t]+([\w.]+)/gm)) if (!modules.has(m[1]!)) modules.set(m[1]!, path);
  }
  return modules;
}


/** The Rust crates of the workspace by the name their library is used by, from every Cargo.toml of the repository, read on first use. */
function workspaceCrates(project: ContractProject | undefined): Crates {
  let crates: Map<string, { base: string; files: string[] }> | undefined;
  return (name) => {
    if (!crates) {
      crates = new Map();
      const listed = [...(project?.listed ?? [])];
      for (const manifest of listed.filter((p) => p === "Cargo.toml" || p.endsWith("/Cargo.toml"))) {
        const library = libraryName(project!.text(manifest));
        const base = manifest.slice(0, -"Cargo.toml".length);
        if (library && !crates.has(library)) crates.set(library, { base, files: listed.filter((p) => p.startsWith(`${base}src/`) && p.endsWith(".rs")) });
      }
    }
    return crates.get(name);
  };
}

import { dirOf, joinPath } from "../project.ts";
import { folderModules } from "./folders.ts";
import { qualifiedLookup } from "./qualified.ts";
import { CANDIDATE, isGuardName, joinPaths, namedForAnonymous, normalizePath, optionalParameterForms } from "./paths.ts";
import { EACH, type FileRoutes, type Registration, type RouteKind, type RouteRegistration, type RouterRegistration, type UseRegistration } from "./registration.ts";

/** A route with its full path, as the linker produces it. */
export type LinkedRoute = {
  method: string;
  path: string;
  file: string;
  line: number;
  framework: string;
  handler: string;
  guards: string[];
  kind: RouteKind;
  /** Written after a prefix the options of an unreadable mount would give: the path lacks it. */
  prefixUnknown?: boolean;
  /** The code declares the route public (ASP.NET `[AllowAnonymous]`, a handler skipping its auth helper). */
  public?: boolean;
  /**
   * A wrapper around the handler declares it public (`bouncer.PublicAccess(h)`) without lifting
   * the guards above it: public when no guard is left once the guards declared away are read (guards-away.ts).
   */
  declaredPublic?: boolean;
  /** The code exempts it from CSRF checks (Django's `@csrf_exempt`). */
  csrfExempt?: boolean;
  /** The methods a route of every method was written for (a Django view acting on POST, rendering otherwise). */
  handles?: string[];
  /** Registered only under a setting the shipped configuration leaves off: not served, but the code has it (a contract listing it does not drift). */
  offAsShipped?: boolean;
  /** Checks of the caller that may let one without an account through, by design or by a setting (a Laravel policy ability taking `?User`). */
  checks?: string[];
  /** The host it is served for alone (Phoenix's `scope host: "preview."`). */
  host?: string;
  /** The functions around or called by the handler (a Go wrapper), whose bodies guardsAway reads, then drops this. */
  helpers?: string[];
  /** The path the route declares for itself apart from its routers' (trpc-openapi), which trpcPaths puts under its endpoint, then drops this. */
  declaredPath?: string;
  /** The application (its module's folder) that serves this copy of a library route several serve (jvm/context-path.ts servedPerApplication); contextPaths puts it under that one's path, then drops this. */
  servedBy?: string;
  /** The other files whose routers a Spring or Micronaut route is served through (a controller extending its base), whose class conditions hold for it too; dropped once read. */
  through?: string[];
};

type Node = {
  key: string;
  file: string;
  router: RouterRegistration | undefined;
  routes: RouteRegistration[];
  /** Middleware guards registered on the node, each under a prefix relative to it, and the file and line it was registered at. */
  guards: { prefix: string; name: string; file: string; line: number }[];
  mounts: { child: string; prefix: string; guards: string[]; replacesPrefix?: boolean; optionsUnknown?: boolean; prefixUnknown?: boolean; offAsShipped?: boolean; convertedValues?: boolean }[];
  /** Prefixes the router is mounted on itself under (chi's `r.Mount("/api", r)`): it serves everything there too. */
  selfMounts?: string[];
};

/**
 * The modules a file re-exports names of (`export * from`, `export { x } from`); asked for
 * `default`, only those it re-exports its default from by name (`export { default } from
 * "./documents"`), as `export *` passes every name but that one. `renamed`: the module and name
 * a name passed on under another was imported as (`import { router as record } from "./record";
 * export { record }`).
 */
export type Reexports = ((file: string, name?: string) => readonly string[]) & { renamed?: (file: string, name: string) => { file: string; name: string } | undefined };

/** Resolves an import specifier of a file to a repository file, through the graph's edges. */
export type ResolveSpecifier = (from: string, specifier: string) => string | undefined;

type Versioning = NonNullable<Extract<Registration, { type: "global" }>["version"]>;
/** `shortened`: the form of a path without one of its optional parameters (`optionalParameterForms`) or segments. */
type Emitted = LinkedRoute & { version?: string; anonymous?: boolean; shortened?: boolean };
type Global = Extract<Registration, { type: "global" }>;
type Child = { arg: string; child: Node | undefined; prefix: string; guards: string[] };

const MAX_DEPTH = 12;
/** Frameworks whose routes say the files of the routers they are served through (`through`): a class's conditions hold for what it inherits. */
const THROUGH = new Set(["spring", "micronaut"]);
/** Frameworks whose middleware applies only to what is registered after it (`app.use(guard)` then `app.get(...)`). */
const IN_ORDER = new Set(["express", "hono"]);

/**
 * Puts the registrations of every file together: routes hang on routers, routers are mounted
 * on other routers under prefixes (in the same file or across files, through imports and
 * exports), and guards apply to the scope they were registered in. Routes whose owner is not
 * a known router are dropped: `cache.get("/x", y)` is not a route. Names bind within one
 * framework, so Express reading `app.get()` in a Fastify file finds no Express `app`.
 * `reexports` lists the modules a file re-exports, so names pass through barrel files.
 */
export function linkRoutes(
  files: ReadonlyMap<string, FileRoutes>,
  resolve: ResolveSpecifier,
  reexports: Reexports = () => [],
  /** Completes a route's path from configuration (JVM property placeholders) before global guards match it. */
  complete: <R extends LinkedRoute>(route: R) => R = (route) => route,
): LinkedRoute[] {
  const nodes = new Map<string, Node>();
  const node = (file: string, name: string, framework: string): Node => {
    const key = `${framework}:${file}#${name}`;
    let found = nodes.get(key);
    if (!found) nodes.set(key, (found = { key, file, router: undefined, routes: [], guards: [], mounts: [] }));
    return found;
  };
  const exportsOf = new Map<string, Map<string, string>>();
  // Other names of routers, by their key: the router each names (in the file, or qualified) is found under it.
  const aliases = new Map<string, { file: string; name: string; framework: string; of: string }>();
  for (const [file, routes] of files) {
    const exported = new Map<string, string>();
    for (const r of routes.registrations) {
      if (r.type === "export") exported.set(r.as, r.local);
      if (r.type === "router" && r.aliasOf !== undefined) aliases.set(`${r.framework}:${file}#${r.name}`, { file, name: r.name, framework: r.framework, of: r.aliasOf });
      else if (r.type === "router") node(file, r.name, r.framework).router = r;
    }
    exportsOf.set(file, exported);
  }
  const frameworks = new Set([...nodes.values()].map((n) => n.router?.framework).filter((f): f is string => !!f));
  const named = [...nodes.values()].map((n) => ({ file: n.file, name: n.router!.name, framework: n.router!.framework, value: n }));
  let qualified = qualifiedLookup(named, resolve);

  /** The router node a name stands for in a file: a local router, or an imported one. */
  const lookup = (file: string, name: string, framework: string, depth = 0): Node | undefined => {
    if (depth > 5) return undefined;
    const key = `${framework}:${file}#${name}`;
    const local = nodes.get(key);
    if (local?.router) return local;
    // The router a function takes at a later position (`developerEndpoints(2)`), beside the function's own.
    const position = /^(.+)(\(\d+\))$/.exec(name);
    if (position) {
      const base = lookup(file, position[1]!, framework, depth + 1);
      const found = base && nodes.get(`${base.key}${position[2]}`);
      return found?.router ? found : undefined;
    }
    const alias = aliases.get(key);
    if (alias !== undefined) return lookup(file, alias.of, framework, depth + 1);
    const binding = files.get(file)?.bindings.find((b) => b.local === name);
    if (!binding) return member(file, name, framework, depth) ?? starred(file, name, framework, depth) ?? qualified(file, name, framework);
    const target = resolve(file, binding.specifier);
    return target ? exported(target, binding.imported, framework, depth + 1) : undefined;
  };
  /**
   * `routes.users` where `routes` is a whole module (`import * as routes`, `require("./routes")`):
   * its export `users`; where `routes` is an exported object (`const { routes } = require(...)`
   * of `module.exports = { routes: { users } }`): the export `routes.users`.
   */
  const member = (file: string, name: string, framework: string, depth: number): Node | undefined => {
    const dot = name.indexOf(".");
    const module = dot > 0 ? files.get(file)?.bindings.find((b) => b.local === name.slice(0, dot)) : undefined;
    const target = module && resolve(file, module.specifier);
    if (!target) return undefined;
    const whole = module.imported === "*" || module.imported === "default";
    return exported(target, whole ? name.slice(dot + 1) : `${module.imported}${name.slice(dot)}`, framework, depth + 1) ??
      (module.imported === "default" ? exported(target, `default${name.slice(dot)}`, framework, depth + 1) : undefined);
  };
  /** A name no import binds, in a module whose every name the file imports (Python's `from .s3.api import *`). */
  const starred = (file: string, name: string, framework: string, depth: number): Node | undefined => {
    for (const b of files.get(file)?.bindings ?? []) {
      const target = b.local === "*" ? resolve(file, b.specifier) : undefined;
      const found = target && exported(target, name, framework, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  const exported = (file: string, name: string, framework: string, depth: number): Node | undefined => {
    const local = exportsOf.get(file)?.get(name);
    const found = local ? lookup(file, local, framework, depth) : undefined;
    if (found) return found;
    // The module's one router, when what it exports by default is none itself (a class keeping
    // its router in a field, a factory making it).
    if (name === "default" || name === "*") {
      const routers = [...nodes.values()].filter((n) => n.file === file && n.router?.framework === framework);
      if (routers.length === 1) return routers[0];
    }
    return local ? undefined : lookup(file, name, framework, depth) ?? reexported(file, name, framework, depth);
  };
  /** A name a barrel file passes on (`export * from "./users"`): found in a module it re-exports. */
  const reexported = (file: string, name: string, framework: string, depth: number): Node | undefined => {
    if (depth > 5) return undefined;
    const renamed = reexports.renamed?.(file, name);
    for (const target of reexports(file, name)) {
      const found = exported(target, renamed?.file === target ? renamed.name : name, framework, depth + 1);
      if (found) return found;
    }
    return undefined;
  };

  // Other names, qualified ones too (`internal/v2::NewAPI` for what `humabridge::NewWithGroup` returns), found across files.
  if (aliases.size) {
    const resolved = [...aliases.values()].flatMap(({ file, name, framework, of }) => {
      const value = lookup(file, of, framework);
      return value ? [{ file, name, framework, value }] : [];
    });
    if (resolved.length) qualified = qualifiedLookup([...named, ...resolved], resolve);
  }

  // Modules a folder mount passes over are never registered: their routes are not served.
  const unloaded = new Set<string>();
  /** The modules a folder mount loads, each with its folder's prefix and the hooks of its folder and those above. */
  const folder = (file: string, specifier: string, framework: string): Child[] => {
    const flat = specifier.endsWith("*");
    const root = joinPath(dirOf(file), specifier.replace(/\/\*?$/, ""));
    if (root === undefined) return [];
    const modules = folderModules(root, files.keys());
    const hooks = modules.filter((m) => m.hooks).map((m) => ({ dir: m.dir, names: exported(m.file, "default", framework, 1)?.guards.map((g) => g.name) ?? [] }));
    for (const m of modules.filter((m) => m.skipped)) {
      const node = exported(m.file, "default", framework, 1);
      if (node) unloaded.add(node.key);
    }
    return modules.filter((m) => !m.hooks && !m.skipped).map((m) => ({
      arg: m.file,
      child: exported(m.file, "default", framework, 1),
      prefix: flat ? "" : m.prefix,
      guards: hooks.filter((h) => m.dir === h.dir || m.dir.startsWith(h.dir + "/")).flatMap((h) => h.names),
    }));
  };

  const standalone: Emitted[] = [];
  const globalPrefix = new Map<string, { prefix: string; in?: string[] }[]>();
  const prefixExcept = new Map<string, { path: string; method: string }[]>();
  const globalGuards = new Map<string, Global[]>();
  // Per framework, as the global prefixes: each versioning with the folders it is limited to, if any.
  const versioning = new Map<string, { prefix: Versioning; in?: string[] }[]>();
  const mounted = new Set<string>();
  // A route can hang on a router imported from another file (Flask's `@bp.route` on a blueprint of the package).
  const writtenIn = new Map<RouteRegistration, string>();
  const mount = (file: string, r: UseRegistration) => {
    const parent = lookup(file, r.owner, r.framework);
    if (!parent) return;
    const children: Child[] = [
      // `each::InitRouter`: a method called on each element of a list through their interface (Go's
      // `for _, router := range groups { router.InitRouter(api) }`): every router method of that name.
      ...r.args.filter((arg) => arg.startsWith(EACH)).flatMap((arg) =>
        named.filter((n) => n.framework === r.framework && n.name.endsWith(`.${arg.slice(EACH.length)}`) && n.name.includes("::")).map((n) => ({ arg, child: n.value, prefix: "", guards: [] }))
      ),
      // `ninja:module::api`: a router of another framework served by this one (Django Ninja's API in a Django urlconf).
      ...r.args.filter((arg) => !arg.startsWith(EACH)).map((arg) => {
        const other = /^([a-z][\w-]*):(?!:)(.+)$/.exec(arg);
        const framework = other && frameworks.has(other[1]!) ? other[1]! : r.framework;
        return { arg, child: lookup(file, framework === r.framework ? arg : other![2]!, framework), prefix: "", guards: [] };
      }),
      ...r.specifiers.flatMap((s): Child[] => {
        if (/\/\*?$/.test(s)) return folder(file, s, r.framework);
        const target = resolve(file, s);
        return [{ arg: s, child: target ? exported(target, r.specifierExports?.[s] ?? "default", r.framework, 1) : undefined, prefix: "", guards: [] }];
      }),
    ];
    // A candidate (`?SetupTokenMiddleware`) is judged after linking by its body (guards-away.ts).
    const middleware = r.mountOnly ? [] : children.filter((c) => !c.child).map((c) => c.arg).filter((arg) => isGuardName(arg) || arg.startsWith(CANDIDATE));
    for (const { child, prefix, guards } of children) {
      // A helper that registers routes on the router it is handed, from the call's arguments;
      // the routes it writes out in full, if any, are mounted as any function's are.
      if (child?.router?.helper && r.handed) {
        for (const route of helperCallRoutes(child.router.helper, r)) {
          parent.routes.push(route);
          writtenIn.set(route, file);
        }
      }
      if (child && child === parent && (prefix || r.prefix)) (parent.selfMounts ??= []).push(joinPaths(r.prefix, prefix));
      if (child && child !== parent) {
        parent.mounts.push({ child: child.key, prefix: prefix ? joinPaths(r.prefix, prefix) : r.prefix, guards: [...r.guards, ...middleware, ...guards], ...(r.replacesPrefix ? { replacesPrefix: true } : {}), ...(r.optionsUnknown ? { optionsUnknown: true } : {}), ...(r.prefixUnknown ? { prefixUnknown: true } : {}), ...(r.offAsShipped ? { offAsShipped: true } : {}) });
        mounted.add(child.key);
      }
    }
    if (r.offAsShipped) return;
    for (const name of [...middleware, ...r.guards]) parent.guards.push({ prefix: r.prefix, name, file, line: r.line });
  };
  const withPathFrom = (file: string, r: RouteRegistration): RouteRegistration | undefined => {
    // Each part is a path as written, or a router's (a constant's) qualified name, whose prefix it stands for.
    const resolved = (parts: string | string[] | undefined) => [parts ?? ""].flat().map((part) => (part.includes("::") ? lookup(file, part, r.framework)?.router?.prefix : part));
    const own = resolved(r.pathRest);
    if (own.some((part) => part === undefined)) return undefined;
    const prefix = resolved(r.pathFrom);
    // A prefix that is only probably there (an imported constant, `prefixUnknown` until found): the rest alone when it is not.
    if (prefix.some((part) => part === undefined)) return r.prefixUnknown ? { ...r, path: joinPaths(r.path, ...(own as string[])) } : undefined;
    const { prefixUnknown: _, ...known } = r;
    return { ...known, path: joinPaths(r.path, ...(prefix as string[]), ...(own as string[])) };
  };
  /** A route that is an action of a view class takes the class's guards: its own and those of its route for that action. */
  const withActionGuards = (file: string, r: RouteRegistration): RouteRegistration => {
    const view = lookup(file, r.actionOf!, r.framework);
    const action = view?.routes.find((own) => own.handler === r.handler);
    const guards = [...(view?.router?.guards ?? []), ...(action?.guards ?? [])];
    return guards.length ? { ...r, guards: [...new Set([...r.guards, ...guards])] } : r;
  };
  /** A route whose handler names a view router (a class-based view) serves that router's routes at its path. */
  const viewMount = (file: string, r: RouteRegistration): boolean => {
    const view = lookup(file, r.view!, r.framework);
    const parent = view?.router?.mountedOnly ? lookup(file, r.owner, r.framework) : undefined;
    if (!view || !parent || view === parent) return false;
    parent.mounts.push({ child: view.key, prefix: r.path, guards: r.guards, ...(r.convertedValues ? { convertedValues: true } : {}) });
    mounted.add(view.key);
    return true;
  };
  /** A route whose handler is a router (`app.all("/entries*", entriesRouter)`) serves that router's routes at its owner's prefix. */
  const dispatched = (file: string, r: RouteRegistration): boolean => {
    const { name, specifier } = r.dispatch!;
    const target = specifier === undefined ? undefined : resolve(file, specifier);
    const router = name !== undefined ? lookup(file, name, r.framework) : target ? exported(target, "default", r.framework, 1) : undefined;
    const parent = router ? lookup(file, r.owner, r.framework) : undefined;
    if (!router || !parent || router === parent) return false;
    parent.mounts.push({ child: router.key, prefix: "", guards: r.guards });
    mounted.add(router.key);
    return true;
  };
  const actions: [string, RouteRegistration][] = [];
  const addRoute = (file: string, r: RouteRegistration): void => {
    const route = r.pathFrom === undefined ? r : withPathFrom(file, r);
    if (!route) return; // its resource class is not known: nor is its path
    if (route.owner === "") standalone.push(...emit(route, file, "", route.guards));
    else if (lookup(file, route.owner, route.framework)?.routes.push(route)) writtenIn.set(route, file);
  };
  // Folder mounts read the hooks of the modules they load, so they wait until every hook is known.
  const folderMounts: [string, UseRegistration][] = [];
  for (const [file, routes] of files) {
    for (const r of routes.registrations) {
      if (r.type === "global") {
        if (r.prefix) {
          globalPrefix.set(r.framework, [...(globalPrefix.get(r.framework) ?? []), { prefix: r.prefix, ...(r.in ? { in: r.in } : {}) }]);
          if (r.except) prefixExcept.set(r.framework, r.except);
        }
        if (r.guard) globalGuards.set(r.framework, [...(globalGuards.get(r.framework) ?? []), r]);
        if (r.version) versioning.set(r.framework, [...(versioning.get(r.framework) ?? []), { prefix: r.version, ...(r.in ? { in: r.in } : {}) }]);
      } else if (r.type === "route") {
        if (r.view !== undefined && viewMount(file, r)) continue;
        if (r.dispatch !== undefined && dispatched(file, r)) continue;
        // An action of a view class waits for the class's own routes, which may be in a file read later.
        if (r.actionOf !== undefined) actions.push([file, r]);
        else addRoute(file, r);
      } else if (r.type === "use") {
        if (r.specifiers.some((s) => /\/\*?$/.test(s))) folderMounts.push([file, r]);
        else mount(file, r);
      }
    }
  }
  for (const [file, r] of actions) addRoute(file, withActionGuards(file, r));
  for (const [file, r] of folderMounts) mount(file, r);

  const linked: Emitted[] = [];
  const visited = new Set<string>();
  const walk = (current: Node, prefix: string, guards: string[], depth: number, path: Set<string>, replaced = false, optionsUnknown = false, again = true, prefixUnknown = false, offAsShipped = false, convertedValues = false) => {
    if (depth > MAX_DEPTH || path.has(current.key)) return;
    visited.add(current.key);
    // A prefix held in constants of other modules, each found by its qualified name.
    const from = current.router?.prefixFrom?.map((part) => (part.includes("::") ? lookup(current.file, part, current.router!.framework)?.router?.prefix : part));
    if (from?.includes(undefined) && !replaced) prefixUnknown = true;
    const ownPrefix = from && !from.includes(undefined) ? joinPaths(...(from as string[])) : current.router?.prefix ?? "";
    const base = joinPaths(prefix, replaced ? "" : ownPrefix);
    // Served a second time under each prefix it is mounted on itself under, once (that mount does not mount again).
    if (again) for (const self of current.selfMounts ?? []) walk(current, joinPaths(base, self), guards, depth + 1, path, true, optionsUnknown, false, prefixUnknown, offAsShipped, convertedValues);
    const ownGuards = current.router?.anonymous ? current.router.guards : [...guards, ...(current.router?.guards ?? [])];
    // The files of the routers this one is served through, for a JVM route a class of another file serves (below).
    let pathFiles: string[] | undefined;
    for (const route of current.routes) {
      const written = writtenIn.get(route) ?? current.file;
      // Express and Hono run middleware in the order it was registered: a route added before `app.use(guard)` is not behind it.
      const before = (g: Node["guards"][number]) => IN_ORDER.has(route.framework) && g.file === written && route.line < g.line;
      const scoped = current.guards.filter((g) => covers(g.prefix, route.path) && !before(g)).map((g) => g.name);
      const given = route.anonymous ? route.guards : [...ownGuards, ...scoped, ...route.guards];
      const emitted = emit(route, written, base, route.without ? given.filter((g) => !route.without!.includes(g)) : given, convertedValues);
      const named = current.router && namedForAnonymous(current.router.name) ? emitted.map((e) => ({ ...e, declaredPublic: true })) : emitted;
      // A JVM route a class of another file serves (a controller extending the base that declares it) is there only when that class is.
      const through = THROUGH.has(route.framework) ? (pathFiles ??= [...new Set([...path].map((key) => nodes.get(key)!.file))]).filter((f) => f !== written) : [];
      const marked = through.length ? named.map((e) => ({ ...e, through })) : named;
      const unknown = prefixUnknown || (optionsUnknown && route.afterOptionsPrefix) ? marked.map((e) => ({ ...e, prefixUnknown: true })) : marked;
      linked.push(...(offAsShipped ? unknown.map((e) => ({ ...e, offAsShipped: true })) : unknown));
    }
    const next = new Set(path).add(current.key);
    for (const mount of current.mounts) {
      const child = nodes.get(mount.child)!;
      const scoped = current.guards.filter((g) => covers(g.prefix, mount.prefix) && !mount.guards.includes(g.name)).map((g) => g.name);
      walk(child, joinPaths(base, mount.prefix), [...ownGuards, ...scoped, ...mount.guards], depth + 1, next, mount.replacesPrefix, optionsUnknown || !!mount.optionsUnknown, true, prefixUnknown || !!mount.prefixUnknown, offAsShipped || !!mount.offAsShipped, convertedValues || !!mount.convertedValues);
    }
  };
  for (const root of nodes.values()) if (!mounted.has(root.key) && !unloaded.has(root.key) && !root.router?.mountedOnly) walk(root, "", [], 0, new Set(), false, false, true, !!root.router?.handed);
  for (const root of cycleRoots(nodes, visited, (n) => unloaded.has(n.key) || !!n.router?.mountedOnly, (n) => exported(n.file, "default", n.router?.framework ?? "", 1) === n)) walk(root, "", [], 0, new Set());

  // A path's form without its optional parameter gives way to a route written for that path
  // (Ktor's `get { }` beside `get("{id?}") { }`): the framework picks the one written for it.
  const written = new Set([...linked, ...standalone].filter((r) => !r.shortened).map((r) => `${r.method} ${r.path}`));
  const kept = [...linked, ...standalone].filter((r) => !r.shortened || !written.has(`${r.method} ${r.path}`));
  const routes = kept.map(({ version, anonymous, shortened: _, ...emitted }) => {
    const uri = scopedFor(versioning.get(emitted.framework) ?? [], emitted.file);
    const served = uri ? version ?? uri.defaultVersion : undefined;
    const segment = served ? uri!.prefix + served : "";
    // Global guards match the route's own path (without the global prefix), completed first;
    // a global prefix may name a property too (Javalin's `contextPath = getProperty("context")`).
    const route = complete(emitted);
    const excluded = prefixExcept.get(route.framework)?.some((e) => (e.method === "ALL" || e.method === route.method) && pattern(e.path).test(route.path));
    const prefixed = route.kind === "http" ? joinPaths(excluded ? "" : prefixFor(globalPrefix.get(route.framework) ?? [], route.file), segment, route.path) : route.path;
    const completed = prefixed === route.path ? route : complete({ ...route, path: prefixed });
    return {
      ...completed,
      ...(anonymous ? { public: true } : {}),
      guards: anonymous ? route.guards : [...new Set([...globalFor(globalGuards.get(route.framework) ?? [], route), ...route.guards])],
    };
  });
  // One registration reached along two mounts that give it the same path (a router handed to a
  // function and also assigned its result) is one entry point: the one whose prefix is known,
  // when the other is reached from a router nothing is known to serve (a test's URLconf).
  const keyOf = (r: LinkedRoute) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.framework}`;
  const known = new Set(routes.filter((r) => !r.prefixUnknown).map(keyOf));
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = keyOf(r);
    if (seen.has(key) || (r.prefixUnknown && known.has(key))) return false;
    seen.add(key);
    return true;
  });
}

const HELPER_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "DEL", "OPTIONS", "HEAD", "ALL"]);

/**
 * The routes a route helper registers for one call (`setupApiRoute(router, "post", "/reauth/verify",
 * [mw], handler)`): each route whose method and path parts the call's arguments give as literals.
 */
function helperCallRoutes(helper: NonNullable<RouterRegistration["helper"]>, call: UseRegistration): RouteRegistration[] {
  const { args, guards } = call.handed!;
  const handler = args.at(-1) ?? "(inline)";
  return helper.flatMap(({ method, path, guards: own = [] }): RouteRegistration[] => {
    const verb = (typeof method === "number" ? args[method] : method)?.toUpperCase();
    const parts = path.map((part) => (typeof part === "number" ? args[part] : part));
    if (!verb || !HELPER_METHODS.has(verb) || parts.some((part) => part === null || part === undefined)) return [];
    return [{ type: "route", framework: call.framework, kind: "http", methods: [verb === "DEL" ? "DELETE" : verb], path: parts.join(""), handler, guards: [...own, ...guards], owner: call.owner, line: call.line }];
  });
}

/**
 * Routers mounted only by one another, which no root reaches: a urlconf's `urlpatterns` that
 * includes a list of plugin patterns, which a loop fills with another module's `urlpatterns`
 * (read as the file's own). Each such cycle is served from one member: the one its file
 * exports, else the first. A router mounted by one never served (a view class) stays unserved.
 */
function cycleRoots(nodes: ReadonlyMap<string, Node>, visited: ReadonlySet<string>, unserved: (n: Node) => boolean, exportedNode: (n: Node) => boolean): Node[] {
  const mounters = new Map<string, string[]>();
  for (const parent of nodes.values()) for (const m of parent.mounts) mounters.set(m.child, [...(mounters.get(m.child) ?? []), parent.key]);
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) for (const m of nodes.get(stack.pop()!)?.mounts ?? []) if (!seen.has(m.child)) stack.push((seen.add(m.child), m.child));
    return seen;
  };
  const roots: Node[] = [];
  const taken = new Set<string>();
  const candidates = [...nodes.values()].filter((n) => !visited.has(n.key) && mounters.has(n.key) && !unserved(n));
  for (const node of [...candidates.filter(exportedNode), ...candidates.filter((n) => !exportedNode(n))]) {
    if (taken.has(node.key)) continue;
    const reached = reach(node.key);
    const cycle = [...reached].filter((k) => reach(k).has(node.key));
    if (!reached.has(node.key) || !mounters.get(node.key)!.every((m) => reached.has(m)) || cycle.some((k) => unserved(nodes.get(k)!))) continue;
    roots.push(node);
    for (const k of reached) taken.add(k);
  }
  return roots;
}

/**
 * One linked route per method of a registration, and per form of a path with optional parameters;
 * `convertedValues`: a converter of the app's in the prefix may hand the handler any number of values.
 */
function emit(route: RouteRegistration, file: string, prefix: string, guards: string[], convertedValues = false): Emitted[] {
  const paths = route.kind === "http" ? optionalParameterForms(route.path) : [route.path];
  return route.methods.flatMap((method) => paths.flatMap((path, form) => (route.accepts && !convertedValues && !takes(route.accepts, joinPaths(prefix, path)) ? [] : [{
    method,
    ...(form < paths.length - 1 || route.shortened ? { shortened: true } : {}),
    // A WebSocket route at a path takes its router's prefix; a channel's topic (Phoenix's `room:*`) is no path.
    path: route.kind === "http" || route.kind === "fs" || route.kind === "client" || (route.kind === "ws" && path.startsWith("/")) ? joinPaths(prefix, path) : path,
    file,
    line: route.line,
    framework: route.framework,
    handler: route.handler,
    guards: [...new Set(guards)],
    kind: route.kind,
    ...(route.version === undefined ? {} : { version: route.version }),
    ...(route.anonymous ? { anonymous: true } : {}),
    ...(route.declaredPublic ? { declaredPublic: true } : {}),
    ...(route.helpers ? { helpers: route.helpers } : {}),
    ...(route.declaredPath ? { declaredPath: route.declaredPath } : {}),
    ...(route.prefixUnknown ? { prefixUnknown: true } : {}),
    ...(route.csrfExempt ? { csrfExempt: true } : {}),
    ...(route.handles ? { handles: route.handles } : {}),
    ...(route.offAsShipped ? { offAsShipped: true } : {}),
    ...(route.host ? { host: route.host } : {}),
  }])));
}

/**
 * Whether a handler taking so many parameters can serve a path: Django and Flask pass one keyword
 * per value the URL captures, so a URL capturing more than the handler takes, or fewer than it
 * requires, fails every request (a TypeError).
 */
function takes(accepts: NonNullable<RouteRegistration["accepts"]>, path: string): boolean {
  // A subtree (`/*`, Flask's `<path:path>`) captures one value too.
  const captured = [...path.matchAll(/\{\w+\}|\/\*(?=\/|$)/g)].length;
  return captured <= accepts.count && captured >= accepts.required;
}

/**
 * The global prefix of a route declared in `file`: of those limited to folders, the one with the
 * longest folder holding the file; else the last one that is not limited (as a later
 * `setGlobalPrefix` wins).
 */
function prefixFor(prefixes: readonly { prefix: string; in?: string[] }[], file: string): string {
  return scopedFor(prefixes, file) ?? "";
}

/** Of settings each limited to folders or not, the one for `file`: the longest folder holding it, else the last not limited. */
function scopedFor<T>(settings: readonly { prefix: T; in?: string[] }[], file: string): T | undefined {
  let best: { prefix: T; length: number } | undefined;
  for (const p of settings) {
    for (const dir of p.in ?? []) if ((dir === "" || file.startsWith(`${dir}/`) || file.includes(`/${dir}/`)) && dir.length > (best?.length ?? -1)) best = { prefix: p.prefix, length: dir.length };
  }
  return best ? best.prefix : settings.findLast((p) => !p.in)?.prefix;
}

/** The global guards that apply to a route: all but those scoped to other paths or methods. */
function globalFor(globals: readonly Global[], route: LinkedRoute): string[] {
  const matcher = (g: Global) => (s: { path: string; method: string }) => (s.method === "ALL" || s.method === route.method) && pattern(s.path, g.antPatterns).test(route.path);
  const found = (source: string) => {
    try {
      return new RegExp(source).test(route.path);
    } catch {
      return false; // a pattern JavaScript cannot read excludes nothing
    }
  };
  const kind = (guard: string) => guard.replace(/\(.*$/, "");
  const replaced = (g: Global) => !!g.byDefault && route.guards.some((own) => kind(own) === kind(g.guard!));
  const elsewhere = (g: Global) => !!g.notIn?.some((dir) => route.file.startsWith(`${dir}/`));
  const applies = (g: Global) => (!g.scope || g.scope.some(matcher(g))) && !g.except?.some(matcher(g)) && !g.exceptMatching?.some(found) && !replaced(g) && !elsewhere(g);
  return globals.filter(applies).map((g) => g.guard!);
}

/**
 * A path with `*` wildcards (`cats/*`, `ab*cd`, `(.*)`) as a regular expression over full paths;
 * as an Ant pattern (`ant`), `*` matches within one segment and `**` across segments.
 */
function pattern(path: string, ant = false): RegExp {
  const normal = normalizePath(path.replace(/\(\.\*\)/g, "*"));
  const escape = (p: string) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  const body = ant
    ? normal.split("**").map((part) => part.split("*").map(escape).join("[^/]*")).join(".*")
    : normal.split("*").map(escape).join(".*");
  return new RegExp(`^${body}$`);
}

/** Whether middleware registered under `prefix` runs for `path` (both relative to the same router). */
function covers(prefix: string, path: string): boolean {
  const p = joinPaths(prefix);
  return p === "/" || joinPaths(path) === p || joinPaths(path).startsWith(p + "/");
}

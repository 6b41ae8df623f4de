/**
 * Paths a JVM application's configuration puts before its routes, added after linking: Spring
 * Boot's `server.servlet.context-path` (`server.context-path` before Boot 2) and
 * `spring.mvc.servlet.path`, Quarkus's `quarkus.http.root-path` and the JAX-RS
 * `quarkus.resteasy.path` / `quarkus.rest.path`, Micronaut's `micronaut.server.context-path`.
 * They are read from the module's `src/main/resources/application.properties`, `.yml` or `.yaml`
 * (the base profile; a profile's file only overrides it where it runs), for the routes whose
 * files are in that module; when the base sets none and every profile's file sets the same, that.
 * A module of controllers that is no Spring Boot application (a library an application includes)
 * takes the one context path the applications that depend on it in the default build set
 * (maven-reactor.ts, gradle-build.ts), or else the one the repository's applications set; when
 * they set several, it is served under each (servedPerApplication). A value written as a placeholder
 * (`${API_PATH:/api}`) takes its default.
 * A module that sets none may take it from a file its classes name with `@PropertySource`, from a
 * Spring Cloud Config server of the repository (its `shared/<application name>.yml`), or be
 * served under a path by a gateway (gateway-prefixes.ts).
 */
import type { ContractProject } from "../contracts/mod.ts";
import { appConfigs, appOf, underPrefix } from "../app-configs.ts";
import type { LinkedRoute } from "../link.ts";
import { joinPaths } from "../paths.ts";
import { gatewayPrefixes } from "./gateway-prefixes.ts";
import { applicationRoots } from "./application-scopes.ts";
import { jvmBuild } from "./gradle-build.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

/** Each setting: the frameworks whose routes it prefixes (all JVM ones when undefined). */
const SETTINGS: { key: string; frameworks?: readonly string[] }[] = [
  { key: "server.servlet.context-path", frameworks: ["spring", "spring-security"] },
  { key: "server.context-path", frameworks: ["spring", "spring-security"] },
  { key: "spring.mvc.servlet.path", frameworks: ["spring", "spring-security"] },
  { key: "quarkus.http.root-path" },
  { key: "quarkus.resteasy.path", frameworks: ["jaxrs"] },
  { key: "quarkus.rest.path", frameworks: ["jaxrs"] },
  { key: "micronaut.server.context-path" },
];
const JVM_FRAMEWORKS = new Set(["spring", "spring-security", "jaxrs", "micronaut", "ktor", "javalin"]);
/** A module's base configuration file, its folder the first group ("" for the repository's root). */
export const APPLICATION_CONFIG = /^(?:(.*)\/)?src\/main\/resources\/application\.(?:properties|ya?ml)$/;
// A profile's file (`application-dev.yml`): read when the base sets no context path and every profile agrees.
const PROFILE_CONFIG = /^(?:(.*)\/)?src\/main\/resources\/application-[\w-]+\.(?:properties|ya?ml)$/;

/** A function that puts a linked route under its module's configured context path. */
export function contextPaths(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  const known = configuredPrefixes(project);
  if (!known) return (route) => route;
  const { modules, gateway, inLibrary, libraryPrefix } = known;
  return (route) => {
    if (route.kind !== "http" || !JVM_FRAMEWORKS.has(route.framework)) return route;
    // A library route one of several applications serves (servedPerApplication): under that one's path.
    const { servedBy, ...rest } = route;
    if (servedBy !== undefined) {
      const prefix = springPrefix(appOf(modules, `${servedBy}/`));
      return (prefix ? { ...rest, path: underPrefix(prefix, route.path) } : rest) as typeof route;
    }
    const own = appOf(modules, route.file);
    const library = !own && route.framework.startsWith("spring") && inLibrary(route.file);
    const prefix = own?.filter((p) => !p.frameworks || p.frameworks.includes(route.framework)).map((p) => p.value).join("/") || appOf(gateway, route.file) || (library ? libraryPrefix(route.file) : undefined);
    return prefix ? { ...route, path: underPrefix(prefix, route.path) } : route;
  };
}

/**
 * A function that makes a Spring route of a library module one route per context path of the
 * applications of the default build that include it, when they set more than one (MaxKey's
 * protocol endpoints, served by its sign-in server at /sign, its management API and its open
 * API): each copy says which application serves it (`servedBy`), and contextPaths puts it
 * under that one's path. A library whose applications agree keeps one route (contextPaths).
 */
export function servedPerApplication(project: Project | undefined): <R extends LinkedRoute>(route: R) => R[] {
  const known = configuredPrefixes(project);
  if (!known) return (route) => [route];
  return (route) => {
    if (route.kind !== "http" || !route.framework.startsWith("spring") || appOf(known.modules, route.file) || !known.inLibrary(route.file)) return [route];
    const serving = known.serving(route.file);
    const byPrefix = new Map<string, string>();
    for (const app of serving) if (!byPrefix.has(app.prefix)) byPrefix.set(app.prefix, app.root);
    return byPrefix.size > 1 ? [...byPrefix.values()].map((root) => ({ ...route, servedBy: root })) : [route];
  };
}

/** The context path the configuration of the module holding `file` sets for Spring's routes ("" for none). */
export function springContextPath(project: Project | undefined, file: string): string {
  const known = configuredPrefixes(project);
  return known ? springPrefix(appOf(known.modules, file)) : "";
}

// The context path a module's configuration sets for Spring's routes.
const springPrefix = (prefixes: readonly Prefix[] | undefined) => prefixes?.filter((p) => !p.frameworks || p.frameworks.includes("spring")).map((p) => p.value).join("/") ?? "";

type Configured = {
  modules: { root: string; value: Prefix[] }[];
  gateway: { root: string; value: string }[];
  /** Whether a file is in a module that is no Spring Boot application, in a repository that has some. */
  inLibrary: (file: string) => boolean;
  /** The context path of the applications that include a library file's module, when they agree. */
  libraryPrefix: (file: string) => string | undefined;
  /** The applications of the default build that include a library file's module, with the context path each sets ("" for none). */
  serving: (file: string) => { root: string; prefix: string }[];
};

// Per project: the context paths and the split per application both ask.
const configured = new WeakMap<Project, Configured | undefined>();

function configuredPrefixes(project: Project | undefined): Configured | undefined {
  if (!project) return readConfigured(undefined);
  if (!configured.has(project)) configured.set(project, readConfigured(project));
  return configured.get(project);
}

function readConfigured(project: Project | undefined): Configured | undefined {
  // Of a module's application.properties and .yml, the first listed speaks (Spring Boot too
  // lets .properties win).
  const base = appConfigs(project, APPLICATION_CONFIG, readPrefixes);
  const known = new Set(base.map((c) => c.root));
  const modules = [...base, ...agreedProfiles(project, known), ...configServerShared(project, known), ...propertySources(project, known)].sort((a, b) => b.root.length - a.root.length);
  // A module of controllers that is no application (a library an application module includes)
  // is served under the one context path the repository's applications set, if they set one.
  const values = new Set(modules.flatMap((m) => m.value.filter((p) => !p.frameworks || p.frameworks.includes("spring")).map((p) => p.value)));
  const only = values.size === 1 ? [...values][0] : undefined;
  // Whether a file is in a module that is no Spring Boot application, in a repository that has some (read when a route asks).
  let applications: string[] | undefined;
  const inLibrary = (file: string) => {
    applications ??= project ? applicationRoots(project) : [];
    return applications.length > 0 && !applications.some((root) => root === "" || file.startsWith(`${root}/`));
  };
  // A library's routes are served by the applications of the default build that depend on it
  // (its Maven reactor, or its Gradle build), each under the context path it sets.
  const byLibrary = new Map<string, { root: string; prefix: string }[] | undefined>();
  const serving = (file: string): { root: string; prefix: string }[] | undefined => {
    // Read on the first library route asked of (jvmBuild keeps it per project).
    const build = project && jvmBuild(project);
    const module = build?.moduleOf(file);
    if (!build || module === undefined) return undefined;
    if (!byLibrary.has(module)) {
      applications ??= project ? applicationRoots(project) : [];
      const apps = build.dependents(module).filter((d) => applications!.includes(d) && build.inDefaultBuild(d));
      byLibrary.set(module, apps.map((root) => ({ root, prefix: springPrefix(appOf(modules, `${root}/`)) })));
    }
    return byLibrary.get(module);
  };
  // The one context path those that set one agree on. When none of them sets one the analysis
  // can read (Nacos sets its own through property sources and placeholders), or the build names
  // no dependents, the one every application of the repository agrees on.
  const libraryPrefix = (file: string): string | undefined => {
    const apps = serving(file);
    if (!apps) return only;
    const set = new Set(apps.map((a) => a.prefix).filter(Boolean));
    return set.size === 0 ? only : set.size === 1 ? [...set][0] : undefined;
  };
  // A service a gateway of the repository serves under a path, when its own configuration sets none.
  const gateway = [...gatewayPrefixes(project)].map(([root, value]) => ({ root, value })).sort((a, b) => b.root.length - a.root.length);
  if (!modules.length && !gateway.length) return undefined;
  return { modules, gateway, inLibrary, libraryPrefix, serving: (file) => serving(file) ?? [] };
}

/** Any properties or YAML file of a module's resources: where a property a route's path names is set. */
const RESOURCES = /^(?:(.*)\/)?src\/main\/resources\/[^/]+\.(?:properties|ya?ml)$/;
const PLACEHOLDER = /\$\{([\w.-]+)(?::([^}]*))?\}/g;

/**
 * A function that fills the properties a JVM route's path names (`${context}`, Javalin's
 * `contextPath = getProperty("context")`) from its module's resource files, or their default
 * (`${key:default}`), or from another module's when only one sets it. A property set nowhere is
 * left out of the path, which then says its prefix is unknown.
 */
export function propertyPlaceholders(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  let files: ReturnType<typeof appConfigs<Map<string, string>>> | undefined;
  return (route) => {
    if (!route.path.includes("${") || !JVM_FRAMEWORKS.has(route.framework)) return route;
    files ??= appConfigs(project, RESOURCES, settingsOf);
    const mine = files.filter((f) => f.root === "" || route.file.startsWith(`${f.root}/`));
    let unknown = false;
    // A route declared in a shared module (an API interface another module's controller
    // implements) takes a property its own module does not set from the one module that does.
    const elsewhere = (key: string) => {
      const values = new Set(files!.filter((f) => f.value.has(key)).map((f) => f.value.get(key)!));
      return values.size === 1 ? [...values][0] : undefined;
    };
    const path = route.path.replace(PLACEHOLDER, (_, key: string, fallback: string | undefined) => {
      const value = mine.find((f) => f.value.has(key))?.value.get(key) ?? elsewhere(key) ?? fallback;
      if (value === undefined) unknown = true;
      return value ?? "";
    });
    return { ...route, path: joinPaths(path), ...(unknown ? { prefixUnknown: true } : {}) };
  };
}

type Prefix = { value: string; frameworks?: readonly string[] };

/**
 * The context paths of modules whose base configuration sets none but whose every profile file
 * (`application-dev.yml`, `application-prod.yml`) sets the same: the application runs under it
 * whichever profile is active.
 */
function agreedProfiles(project: Project | undefined, base: ReadonlySet<string>): { root: string; value: Prefix[] }[] {
  // `base`: the modules whose base file sets a context path; theirs stands.
  const byRoot = new Map<string, (Prefix[] | undefined)[]>();
  for (const path of project?.listed ?? []) {
    const m = PROFILE_CONFIG.exec(path);
    if (!m || !project!.has(path)) continue;
    const root = m[1] ?? "";
    byRoot.set(root, [...(byRoot.get(root) ?? []), readPrefixes(project!.text(path) ?? "", path)]);
  }
  const agreed: { root: string; value: Prefix[] }[] = [];
  for (const [root, profiles] of byRoot) {
    const keys = new Set(profiles.map((p) => JSON.stringify(p ?? null)));
    const [only] = profiles;
    if (keys.size === 1 && only && !base.has(root)) agreed.push({ root, value: only });
  }
  return agreed;
}

// A module's bootstrap or application file: where it names itself and the config server it asks.
const BOOTSTRAP = /^(?:(.*)\/)?src\/main\/resources\/(?:bootstrap|application)\.(?:properties|ya?ml)$/;
// A Spring Cloud Config server's native files, one per application: `config/src/main/resources/shared/account-service.yml`.
const SHARED = /(?:^|\/)src\/main\/resources\/(?:shared|config)\/([\w.-]+)\.(?:properties|ya?ml)$/;

/**
 * The context paths a Spring Cloud Config server of the repository hands its applications
 * (`spring.cloud.config.uri` in a service's bootstrap.yml, its settings in the server's
 * `shared/<spring.application.name>.yml`), for the modules whose own files set none.
 */
function configServerShared(project: Project | undefined, known: ReadonlySet<string>): { root: string; value: Prefix[] }[] {
  const listed = [...(project?.listed ?? [])];
  const shared = new Map<string, string>();
  for (const path of listed) {
    const name = SHARED.exec(path)?.[1];
    if (name && !shared.has(name)) shared.set(name, path);
  }
  if (!shared.size) return [];
  const found: { root: string; value: Prefix[] }[] = [];
  for (const path of listed) {
    const root = BOOTSTRAP.exec(path)?.[1] ?? (BOOTSTRAP.test(path) ? "" : undefined);
    if (root === undefined || known.has(root) || found.some((f) => f.root === root)) continue;
    const text = project!.text(path) ?? "";
    const settings = settingsOf(text, path);
    const name = settings.get("spring.application.name");
    const file = name && settings.has("spring.cloud.config.uri") ? shared.get(name) : undefined;
    const value = file && readPrefixes(project!.text(file) ?? "", file);
    if (value) found.push({ root, value });
  }
  return found;
}

// Spring binds properties relaxed: `server.servlet.contextPath` and `server.servlet.context-path` are one.
const canonical = (key: string) => key.replace(/[-_]/g, "").toLowerCase();

// `@PropertySource("classpath:nacos-server.properties")` on a class of the module: a file of its resources read as its configuration.
const PROPERTY_SOURCE = /@PropertySource\s*\(\s*(?:value\s*=\s*)?\{?\s*"classpath:\/?([\w./-]+\.(?:properties|ya?ml))"/g;
const JVM_SOURCE = /^(?:(.*)\/)?src\/main\/(?:java|kotlin)\/.+\.(?:java|kt)$/;

/** The context paths set in the files a module's classes name with `@PropertySource`, for the modules whose own files set none. */
function propertySources(project: Project | undefined, known: ReadonlySet<string>): { root: string; value: Prefix[] }[] {
  const found: { root: string; value: Prefix[] }[] = [];
  for (const path of project?.listed ?? []) {
    const m = JVM_SOURCE.exec(path);
    if (!m) continue;
    const root = m[1] ?? "";
    if (known.has(root) || found.some((f) => f.root === root)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("@PropertySource")) continue;
    for (const source of text.matchAll(PROPERTY_SOURCE)) {
      const file = `${root ? `${root}/` : ""}src/main/resources/${source[1]}`;
      const value = project!.has(file) ? readPrefixes(project!.text(file) ?? "", file) : undefined;
      if (value) {
        found.push({ root, value });
        break;
      }
    }
  }
  return found;
}

/** The context paths one configuration file sets, or undefined when it sets none. */
function readPrefixes(text: string, path: string): Prefix[] | undefined {
  const written = settingsOf(text, path);
  const settings = new Map([...written].map(([key, value]) => [canonical(key), value]));
  const prefixes: Prefix[] = [];
  for (const { key, frameworks } of SETTINGS) {
    const value = settings.get(canonical(key));
    const known = value && placeholderDefault(value);
    // A placeholder with no default is set where the application runs: nothing to add here.
    if (known && known !== "/" && !known.includes("${")) prefixes.push({ value: known, ...(frameworks ? { frameworks } : {}) });
  }
  return prefixes.length ? prefixes : undefined;
}

/** The settings a .properties, .yml or .yaml file holds, by dotted key. */
export function settingsOf(text: string, path: string): Map<string, string> {
  return path.endsWith(".properties") ? properties(text) : yaml(text);
}

/** `key=value` and `key: value` lines of a .properties file. */
export function properties(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^\s*([\w.-]+)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (m && !/^\s*[#!]/.test(line)) values.set(m[1]!, m[2]!);
  }
  return values;
}

/**
 * The dotted keys of a YAML file's block mappings with scalar values (what these settings use);
 * a block list of scalars (`include:` then `- health` lines) as its items joined by commas, as
 * Spring reads a list written on one line.
 */
export function yaml(text: string): Map<string, string> {
  const values = new Map<string, string>();
  const stack: { indent: number; key: string }[] = [];
  for (const line of text.split("\n")) {
    if (/^\s*(#|$)/.test(line) || /^---/.test(line)) continue;
    const item = /^\s*-\s+([^:#\s][^:#]*?)\s*(?:#.*)?$/.exec(line);
    if (item && stack.length) {
      const key = stack.map((s) => s.key).join(".");
      const scalar = item[1]!.replace(/^(["'])(.*)\1$/, "$2");
      values.set(key, values.has(key) ? `${values.get(key)},${scalar}` : scalar);
      continue;
    }
    const m = /^(\s*)([\w.-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    const indent = m[1]!.length;
    while (stack.length && stack.at(-1)!.indent >= indent) stack.pop();
    const key = [...stack.map((s) => s.key), m[2]!].join(".");
    const value = m[3]!.replace(/\s+#.*$/, "").replace(/^(["'])(.*)\1$/, "$2");
    if (value) values.set(key, value);
    else stack.push({ indent, key: m[2]! });
  }
  return values;
}

/** `${NAME:default}` -> default; anything else as written. */
export function placeholderDefault(value: string): string {
  const m = /^\$\{[\w.-]+:([^}]*)\}$/.exec(value);
  return m ? m[1]! : value;
}

/**
 * The management endpoints a JVM framework serves once the application depends on them, which
 * no source file of the project declares: Spring Boot Actuator's (`spring-boot-starter-actuator`:
 * under `/actuator`, those `management.endpoints.web.exposure.include` exposes, `health` alone by
 * default) and Micronaut's (`micronaut-management`: at the root, those enabled by default or by
 * `endpoints.<id>.enabled` / `endpoints.all.enabled`; a sensitive one refuses callers unless
 * `sensitive: false` says otherwise). They are read from the application's build file (or a parent
 * module's) and its `src/main/resources/application.properties` or `.yml`, and linked as the
 * application's own routes, so that its security rules and context path apply to them.
 */
import type { RouteRegistration } from "../registration.ts";
import { joinPaths } from "../paths.ts";
import { applicationRoots } from "./application-scopes.ts";
import { APPLICATION_CONFIG, placeholderDefault, settingsOf } from "./context-path.ts";
import { appConfigs } from "../app-configs.ts";
import { dirOf } from "../../project.ts";

type Project = { listed: Iterable<string>; has(path: string): boolean; text(path: string): string | undefined };
type Generated = { file: string; route: RouteRegistration };
type Endpoint = { id: string; routes: [method: string, path: string][]; needs?: RegExp };

const BUILD_FILES = ["pom.xml", "build.gradle", "build.gradle.kts"];
const ACTUATOR = /spring-boot-starter-actuator|spring-boot-actuator\b|starter[.-]actuator/;
const MICRONAUT_MANAGEMENT = /micronaut-management|micronaut\.management/;
const PROMETHEUS = /micrometer-registry-prometheus|registry[.-]prometheus/;
const MICROMETER = /micronaut-micrometer/;

// Spring Boot 3's web endpoints that need nothing beyond the actuator (and Prometheus, its registry).
const SPRING_ENDPOINTS: Endpoint[] = [
  { id: "health", routes: [["GET", "health"], ["GET", "health/{*path}"]] },
  { id: "info", routes: [["GET", "info"]] },
  { id: "beans", routes: [["GET", "beans"]] },
  { id: "conditions", routes: [["GET", "conditions"]] },
  { id: "configprops", routes: [["GET", "configprops"], ["GET", "configprops/{prefix}"]] },
  { id: "env", routes: [["GET", "env"], ["GET", "env/{toMatch}"]] },
  { id: "loggers", routes: [["GET", "loggers"], ["GET", "loggers/{name}"], ["POST", "loggers/{name}"]] },
  { id: "heapdump", routes: [["GET", "heapdump"]] },
  { id: "threaddump", routes: [["GET", "threaddump"]] },
  { id: "metrics", routes: [["GET", "metrics"], ["GET", "metrics/{requiredMetricName}"]] },
  { id: "scheduledtasks", routes: [["GET", "scheduledtasks"]] },
  { id: "mappings", routes: [["GET", "mappings"]] },
  { id: "shutdown", routes: [["POST", "shutdown"]] },
  { id: "prometheus", routes: [["GET", "prometheus"]], needs: PROMETHEUS },
];
// Off unless turned on (`management.endpoint.shutdown.enabled`, `endpoints.stop.enabled`).
const SPRING_OFF_BY_DEFAULT = new Set(["shutdown"]);

// Micronaut 4's built-in endpoints; `sensitive` ones refuse callers by default.
const MICRONAUT_ENDPOINTS: (Endpoint & { sensitive: boolean; off?: true })[] = [
  { id: "health", routes: [["GET", "health"], ["GET", "health/{selector}"]], sensitive: false },
  { id: "info", routes: [["GET", "info"]], sensitive: false },
  { id: "beans", routes: [["GET", "beans"]], sensitive: true },
  { id: "loggers", routes: [["GET", "loggers"], ["GET", "loggers/{name}"], ["POST", "loggers/{name}"]], sensitive: true },
  { id: "refresh", routes: [["POST", "refresh"]], sensitive: true },
  { id: "routes", routes: [["GET", "routes"]], sensitive: true },
  { id: "threaddump", routes: [["GET", "threaddump"]], sensitive: true },
  { id: "env", routes: [["GET", "env"], ["GET", "env/{propertySourceName}"]], sensitive: true, off: true },
  { id: "stop", routes: [["POST", "stop"]], sensitive: true, off: true },
  { id: "metrics", routes: [["GET", "metrics"], ["GET", "metrics/{name}"]], sensitive: false, needs: MICROMETER },
  { id: "prometheus", routes: [["GET", "prometheus"]], sensitive: false, needs: PROMETHEUS },
];
export const SENSITIVE_ENDPOINT = "micronaut sensitive endpoint";

export function managementEndpointRoutes(project: Project | undefined): Generated[] {
  if (!project) return [];
  const builds = [...project.listed].filter((f) => BUILD_FILES.includes(f.split("/").at(-1)!));
  if (!builds.some((f) => ACTUATOR.test(project.text(f) ?? "") || MICRONAUT_MANAGEMENT.test(project.text(f) ?? ""))) return [];
  // The build files of a module and of the modules above it (a parent pom declares for its children).
  const buildOf = (root: string) => builds.filter((f) => { const dir = dirOf(f); return dir === "" || dir === root || root.startsWith(`${dir}/`); }).map((f) => project.text(f) ?? "").join("\n");
  const springApps = new Set(applicationRoots(project));
  // Each module's base configuration: application.properties and application.yml both, the first listed (the
  // properties, as Spring reads them) winning a key both set, and named as the module's configuration.
  const configs = new Map<string, { file: string; settings: Map<string, string> }>();
  for (const { root, value } of appConfigs(project, APPLICATION_CONFIG, (text, file) => ({ file, settings: settingsOf(text, file) }))) {
    const known = configs.get(root);
    configs.set(root, known ? { file: known.file, settings: new Map([...value.settings, ...known.settings]) } : value);
  }
  // Spring Boot applications, and Micronaut ones (a module with its own application configuration).
  const roots = new Set([...springApps, ...builds.map(dirOf).filter((root) => configs.has(root))]);
  const routes: Generated[] = [];
  for (const root of roots) {
    const build = buildOf(root);
    const spring = springApps.has(root) && ACTUATOR.test(build);
    const micronaut = MICRONAUT_MANAGEMENT.test(build);
    if (!spring && !micronaut) continue;
    const config = configs.get(root);
    const settings = config ? withProfiles(project, config) : undefined;
    const setting = (key: string) => { const v = settings?.get(key); return v === undefined ? undefined : placeholderDefault(v).trim(); };
    const at = config?.file ?? builds.find((f) => dirOf(f) === root) ?? builds[0]!;
    const route = (framework: string, method: string, path: string, guards: string[]): Generated => ({
      file: at,
      route: { type: "route", framework, kind: "http", methods: [method], path, handler: "(management endpoint)", guards, owner: "", line: 1 },
    });
    if (spring) routes.push(...actuator(build, setting).map(([method, path]) => route("spring", method, path, [])));
    if (micronaut) routes.push(...micronautEndpoints(build, setting).map(([method, path, guards]) => route("micronaut", method, path, guards)));
  }
  return routes;
}

function actuator(build: string, setting: (key: string) => string | undefined): [string, string][] {
  const base = setting("management.endpoints.web.base-path") ?? "/actuator";
  const list = (key: string) => (setting(key) ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const include = setting("management.endpoints.web.exposure.include") === undefined ? ["health"] : list("management.endpoints.web.exposure.include");
  const exclude = new Set(list("management.endpoints.web.exposure.exclude"));
  const byDefault = setting("management.endpoints.enabled-by-default") !== "false";
  const enabled = (id: string) => {
    const own = setting(`management.endpoint.${id}.enabled`) ?? setting(`management.endpoint.${id}.access`);
    if (own !== undefined) return own !== "false" && own !== "none";
    return byDefault && !SPRING_OFF_BY_DEFAULT.has(id);
  };
  const exposed = SPRING_ENDPOINTS.filter((e) => (include.includes("*") || include.includes(e.id)) && !exclude.has(e.id) && enabled(e.id) && (!e.needs || e.needs.test(build)));
  if (!exposed.length) return [];
  const found: [string, string][] = exposed.flatMap((e) => e.routes.map(([method, path]): [string, string] => [method, joinPaths(base, path)]));
  // The discovery page at the base path lists them, unless the base is the root.
  if (base !== "/" && base !== "" && setting("management.endpoints.web.discovery.enabled") !== "false") found.unshift(["GET", joinPaths(base, "")]);
  return found;
}

function micronautEndpoints(build: string, setting: (key: string) => string | undefined): [string, string, string[]][] {
  const base = setting("endpoints.all.path") ?? "/";
  const all = setting("endpoints.all.enabled");
  const allSensitive = setting("endpoints.all.sensitive");
  const found: [string, string, string[]][] = [];
  for (const e of MICRONAUT_ENDPOINTS) {
    const own = setting(`endpoints.${e.id}.enabled`) ?? all;
    if (own === undefined ? e.off : own === "false") continue;
    if (e.needs && !e.needs.test(build)) continue;
    const sensitive = (setting(`endpoints.${e.id}.sensitive`) ?? allSensitive ?? String(e.sensitive)) !== "false";
    for (const [method, path] of e.routes) found.push([method, joinPaths(base, path), sensitive ? [SENSITIVE_ENDPOINT] : []]);
  }
  return found;
}

/**
 * A module's settings with those of the profiles it always runs with: the ones
 * `spring.profiles.include` names and the default of `spring.profiles.active`
 * (`${DB_ACTIVE:h2}`), each profile's file (`application-jmx.yml` beside `application.yml`)
 * over the base, as Spring Boot reads them (Dinky exposes its Actuator endpoints in its `jmx` profile).
 */
function withProfiles(project: Project, config: { file: string; settings: Map<string, string> }): Map<string, string> {
  const names = ["spring.profiles.include", "spring.profiles.active"].flatMap((key) => (placeholderDefault(config.settings.get(key) ?? "").split(",")).map((p) => p.trim()).filter((p) => /^[\w-]+$/.test(p)));
  if (!names.length) return config.settings;
  const folder = config.file.slice(0, config.file.lastIndexOf("/") + 1);
  const merged = new Map(config.settings);
  for (const name of names) {
    const file = ["properties", "yml", "yaml"].map((ext) => `${folder}application-${name}.${ext}`).find((f) => project.has(f));
    if (file) for (const [key, value] of settingsOf(project.text(file) ?? "", file)) merged.set(key, value);
  }
  return merged;
}

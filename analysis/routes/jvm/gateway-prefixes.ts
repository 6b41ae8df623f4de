/**
 * The path a Spring Cloud Gateway of the repository puts before a service's routes. A gateway
 * route `uri: lb://pig-upms-biz` with `predicates: [Path=/admin/**]` and no filter that rewrites
 * the path (StripPrefix, RewritePath, PrefixPath, SetPath) forwards `/admin/...` as it is: the
 * service serves under `/admin` (its context path set where the repository does not hold it,
 * a config server), and clients call it there. One that strips exactly that prefix
 * (`Path=/mall-admin/**` with `StripPrefix=1`) forwards `/mall-admin/brand/list` to the
 * service's `/brand/list`: clients call the service's routes under the prefix too, and those
 * are the addresses reported (mall-swarm's labels). The service is the module whose
 * `spring.application.name`, or whose pom's `artifactId` when the name is `@artifactId@`, the
 * route names.
 */
import { parse as parseYaml } from "yaml";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const CONFIG = /^(?:(.*)\/)?src\/main\/resources\/(?:application|bootstrap)(?:-[\w-]+)?\.ya?ml$/;
const REWRITES = /^(?:StripPrefix|RewritePath|PrefixPath|SetPath)\b/;

type GatewayRoute = { uri?: unknown; predicates?: unknown; filters?: unknown };

/** The modules (their folders) a gateway serves under a path, with that path. */
export function gatewayPrefixes(project: Project | undefined): Map<string, string> {
  const found = new Map<string, string>();
  const listed = [...(project?.listed ?? [])];
  const configs = listed.filter((p) => CONFIG.test(p));
  const byService = new Map<string, string>();
  for (const path of configs) {
    const text = project!.text(path) ?? "";
    if (!/\bgateway\b/.test(text) || !/lb:\/\/|https?:\/\//.test(text)) continue;
    let doc: unknown;
    try {
      doc = parseYaml(text.replace(/@(\w[\w.-]*)@/g, "$1"));
    } catch {
      continue;
    }
    for (const route of gatewayRoutes(doc)) {
      const service = typeof route.uri === "string" ? /^lb:\/\/([\w.-]+)/.exec(route.uri)?.[1] : undefined;
      const paths = (Array.isArray(route.predicates) ? route.predicates : []).flatMap((p) => (typeof p === "string" ? /^Path=(.*)$/.exec(p.trim())?.[1]?.split(",").map((s) => s.trim()) ?? [] : []));
      const filters = (Array.isArray(route.filters) ? route.filters : []).filter((f): f is string => typeof f === "string").map((f) => f.trim());
      const prefix = paths.length === 1 ? /^(\/[\w-]+(?:\/[\w-]+)*)\/\*\*$/.exec(paths[0]!)?.[1] : undefined;
      // `StripPrefix=1` taking off the whole prefix, and no other rewrite: the same address space.
      const strip = filters.map((f) => /^StripPrefix\s*=\s*(\d+)$/.exec(f)?.[1]).find(Boolean);
      const stripsPrefix = strip !== undefined && prefix !== undefined && Number(strip) === prefix.split("/").length - 1;
      const rewrites = filters.some((f) => REWRITES.test(f) && !(stripsPrefix && /^StripPrefix\b/.test(f)));
      if (service && prefix && !rewrites) byService.set(service, prefix);
    }
  }
  if (!byService.size) return found;
  // Each module by its application name, or its pom's artifactId.
  for (const path of configs) {
    const root = CONFIG.exec(path)![1] ?? "";
    if (found.has(root)) continue;
    const text = project!.text(path) ?? "";
    let name = /^[ \t]*application:[ \t]*\n[ \t]+name:[ \t]*['"]?([@\w.-]+)['"]?/m.exec(text)?.[1] ?? /^spring\.application\.name[ \t]*[=:][ \t]*(\S+)/m.exec(text)?.[1];
    if (name === "@artifactId@" || name === "${project.artifactId}") name = artifactId(project!.text(root ? `${root}/pom.xml` : "pom.xml"));
    const prefix = name ? byService.get(name) : undefined;
    if (prefix) found.set(root, prefix);
  }
  return found;
}

/** `spring.cloud.gateway.routes`, or `spring.cloud.gateway.server.webflux.routes` (Spring Cloud 2025). */
function gatewayRoutes(doc: unknown): GatewayRoute[] {
  const at = (value: unknown, ...keys: string[]): unknown => keys.reduce((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), value);
  const gateway = at(doc, "spring", "cloud", "gateway");
  const routes = at(gateway, "routes") ?? at(gateway, "server", "webflux", "routes") ?? at(gateway, "server", "webmvc", "routes");
  return Array.isArray(routes) ? routes.filter((r): r is GatewayRoute => !!r && typeof r === "object") : [];
}

/** The project's own artifactId in a pom: the first one outside its `<parent>`. */
function artifactId(pom: string | undefined): string | undefined {
  if (!pom) return undefined;
  const outside = pom.replace(/<parent>[\s\S]*?<\/parent>/, "").replace(/<dependencies>[\s\S]*$/, "");
  return /<artifactId>\s*([\w.-]+)\s*<\/artifactId>/.exec(outside)?.[1];
}


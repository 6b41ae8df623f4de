/**
 * A Spring Cloud Gateway's global filter that turns away a request without a token guards the
 * routes of the services behind it, but for the paths it lets through first:
 *
 *     public class AuthFilter implements GlobalFilter, Ordered {
 *       public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
 *         String path = exchange.getRequest().getURI().getPath();
 *         if (isSkip(path)) return chain.filter(exchange);
 *         String token = exchange.getRequest().getHeaders().getFirst(AuthProvider.AUTH_KEY);
 *         if (StringUtils.isBlank(token)) return unAuth(resp, "missing token");   // HttpStatus.UNAUTHORIZED
 *
 * The paths let through are the Ant patterns the filter's class holds, or a class of the
 * project's it names holds (`AuthProvider.getDefaultSkipUrl()`: `DEFAULT_SKIP_URL.add("/token/**")`),
 * or those of a white-list it is given from the repository's configuration and lets through any
 * path containing (sonic-server's `@Value("${filter.white-list}") List<String> whiteList`, then
 * `if (path.contains(white)) return chain.filter(exchange)`). Patterns kept in a config server
 * are not read. The services are the JVM route modules of the repository other than the gateway's own.
 */
import { settingsOf } from "./context-path.ts";
import type { LinkedRoute } from "../link.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const SOURCE = /\.(?:java|kt)$/;
const GLOBAL_FILTER = /\bclass\s+(\w+)[^{]*\bimplements\b[^{]*\bGlobalFilter\b/;
// Turning the request away as unauthenticated, and reading a credential to decide it.
// An answer of the app's own naming it counts (`new RespModel(RespEnum.UNAUTHORIZED)`).
const REFUSES = /\b(?:HttpStatus|\w+Enum|\w+Code)\s*\.\s*UNAUTHORIZED\b|\bsetRawStatusCode\s*\(\s*401\s*\)/;
const READS_CREDENTIAL = /[Tt]oken|Authorization|getHeaders\s*\(\s*\)\s*\.\s*getFirst|[Cc]laims|[Jj]wt/;
// A path pattern written as a string: `"/token/**"`, `"/menu/routes"`, `"/*/v3/api-docs/**"`.
const PATTERN = /"(\/[\w\-.*{}/]*)"/g;
// A class of the project's named for a static member (`AuthProvider.getDefaultSkipUrl()`).
const NAMED_CLASS = /\b([A-Z]\w*)\s*\.\s*[a-zA-Z_]\w*/g;
const JVM_ROUTES = new Set(["spring", "jaxrs", "micronaut"]);

/** A function that gives the routes of the services behind a refusing gateway filter its guard. */
export function gatewayFilterGuards(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  let filters: { name: string; module: string; open: RegExp[] }[] | undefined;
  const read = () => {
    filters = [];
    const listed = [...(project?.listed ?? [])].filter((p) => SOURCE.test(p) && p.includes("src/main/"));
    const byClass = new Map(listed.map((p) => [p.slice(p.lastIndexOf("/") + 1).replace(SOURCE, ""), p]));
    for (const path of listed) {
      const text = project!.text(path) ?? "";
      if (!text.includes("GlobalFilter") || !text.includes("org.springframework.cloud.gateway")) continue;
      const name = GLOBAL_FILTER.exec(text)?.[1];
      if (!name || !REFUSES.test(text) || !READS_CREDENTIAL.test(text)) continue;
      const named = [...new Set([...text.matchAll(NAMED_CLASS)].map((m) => m[1]!))].flatMap((c) => (byClass.has(c) && c !== name ? [project!.text(byClass.get(c)!) ?? ""] : []));
      const open = [text, ...named].flatMap((t) => [...t.matchAll(PATTERN)].map((m) => antPattern(m[1]!)));
      const key = whiteListKey(text);
      if (key) open.push(...configuredList(project!, [...project!.listed], key).map(containing));
      filters.push({ name, module: path.slice(0, path.indexOf("src/main/")), open });
    }
  };
  return (route) => {
    if (!JVM_ROUTES.has(route.framework)) return route;
    if (!filters) read();
    const guards = filters!.filter((f) => !route.file.startsWith(f.module) && !f.open.some((p) => p.test(route.path))).map((f) => f.name);
    return guards.length ? { ...route, guards: [...new Set([...route.guards, ...guards])] } : route;
  };
}

// `for (String white : whiteList) { if (path.contains(white)) return chain.filter(exchange); }`
const CONTAINS_LOOP = /\bfor\s*\(\s*String\s+(\w+)\s*:\s*(\w+)\s*\)\s*\{?\s*if\s*\([^\n]*?\.contains\s*\(\s*\1\s*\)\s*\)\s*\{?\s*return\s+chain\s*\.\s*filter\b/;
const CONFIG_FILE = /(?:^|\/)src\/main\/resources\/(?:application|bootstrap)(?:-[\w-]+)?\.(?:properties|ya?ml)$/;

/** The configuration key of the list a filter lets through every path containing one of: `@Value("${filter.white-list}") private List<String> whiteList;`. */
function whiteListKey(text: string): string | undefined {
  const list = CONTAINS_LOOP.exec(text)?.[2];
  return list && new RegExp(String.raw`@Value\s*\(\s*"\$\{([\w.-]+)(?::[^}]*)?\}"\s*\)\s*(?:(?:private|protected|public|final)\s+)*[\w<>, ]+\s+${list}\s*;`).exec(text)?.[1];
}

/** The comma-separated list a key gives in the repository's application configuration (a profile's file in a shared module too), when the files that set it agree. */
function configuredList(project: Project, listed: readonly string[], key: string): string[] {
  const values = new Set(listed.filter((p) => CONFIG_FILE.test(p)).map((p) => settingsOf(project.text(p) ?? "", p).get(key)).filter((v): v is string => v !== undefined));
  return values.size === 1 ? [...values][0]!.split(",").map((v) => v.trim()).filter(Boolean) : [];
}

/** A path let through wherever it appears in the request's path. */
const containing = (part: string): RegExp => new RegExp(part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

/** Spring's AntPathMatcher pattern as a regular expression: `**` any path, `*` and `{x}` one segment's part; `/x/**` matches `/x` too. */
function antPattern(pattern: string): RegExp {
  const body = pattern
    .split(/(\/\*\*|\*\*|\*|\{[^}]*\})/)
    .map((part) => (part === "/**" ? "(?:/.*)?" : part === "**" ? ".*" : part === "*" || part.startsWith("{") ? "[^/]*" : part.replace(/[.+?^$()[\]|\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}/?$`);
}

/**
 * A servlet filter of the app's that turns away callers without a session or token: a class
 * annotated `@WebFilter(urlPatterns = "/*")` that implements `Filter` (or extends
 * `OncePerRequestFilter`, `HttpFilter`), whose `doFilter` answers an error status, an error or
 * a redirect instead of passing the request on, on something it reads of the caller. It guards
 * the routes of its application its URL patterns cover, except those it lets through by their
 * URI: one it compares with `equals("/app/user/login")` (that path), or with `startsWith(...)`
 * (that path and below), including the paths its init parameters list
 * (`@WebInitParam(name = "filterPath", value = "/app/static#/app/v2/api-docs")`) for such a
 * check. The request URI includes the servlet's context path, which such a literal may start
 * with; the routes are compared before the context path is put before them. In a Spring Boot
 * application such a filter runs only where `@ServletComponentScan` registers it. A filter a
 * `FilterRegistrationBean` registers (`registration.setFilter(loginAuthenticationFilter);
 * registration.addUrlPatterns("/*")`, every URL without patterns) runs as well: the filter is the
 * class of the value handed to it (a field's type, or the class implementing that interface), and
 * a list of paths its `@Value` field reads from application.properties (Sentinel's
 * `auth.filter.exclude-urls=/,/auth/login`) is let through where its `doFilter` reads that field.
 */
import { closing } from "../../languages/curly.ts";
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";
import { callArguments } from "../source.ts";
import { isGuardName } from "../paths.ts";
import { settingsOf, springContextPath } from "./context-path.ts";
import { READS_CALLER, REFUSES } from "./interceptors.ts";
import { isJvmSource } from "./sources.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;
type Filter = { name: string; module: string; patterns: string[]; exact: Set<string>; prefixes: string[] };

const FRAMEWORKS = new Set(["spring", "jaxrs"]);
const WEB_FILTER = /@WebFilter\s*\(/g;
const FILTER_CLASS = /^(?:\s*@\w+(?:\s*\([^)]*\))?)*\s*(?:public\s+)?(?:final\s+)?class\s+(\w+)[^{]*\b(?:implements\s+[^{]*\bFilter\b|extends\s+(?:OncePerRequestFilter|HttpFilter|GenericFilterBean)\b)/;
const FILTER_METHOD = /\bdoFilter(?:Internal)?\s*\(/g;
const DOES_FILTER = /\bdoFilter(?:Internal)?\s*\(/;
// A refusal of a filter: what an interceptor does, or an error status of any kind (`setStatus(500)` and a body saying to sign in again).
const ERROR_STATUS = /\bsetStatus\s*\(\s*(?:[45]\d\d|HttpStatus\.(?!OK\b)\w+|HttpServletResponse\.SC_(?!OK\b)\w+)/;
// A URI let through: `requestUrl.equals("/app/user/login")`, `uri.startsWith(url)`; negated, it is one turned away.
const URI_TEST = /(!\s*)?\b[A-Za-z_][\w.]*(?:\s*\(\s*\))?\s*\.\s*(equals|equalsIgnoreCase|startsWith)\s*\(\s*("(?:[^"\\\n]|\\.)*"|[A-Za-z_]\w*)\s*\)/g;

/** A function that adds the guard of a refusing servlet filter to the routes it covers. */
export function servletFilters(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  // Read on the first JVM route: a project without any reads no file for it.
  let filters: Filter[] | undefined;
  return (route) => {
    if (!FRAMEWORKS.has(route.framework) || route.kind !== "http") return route;
    filters ??= readFilters(project);
    const own = filters.filter((f) => f.module === "" || route.file.startsWith(`${f.module}/`));
    // Controllers of a module the application depends on: the one application's filter there is.
    const applying = own.length ? own : filters.length === 1 ? filters : [];
    const guards = applying.filter((f) => covers(f, route.path)).map((f) => f.name);
    return guards.length ? { ...route, guards: [...new Set([...route.guards, ...guards])] } : route;
  };
}

function covers(filter: Filter, path: string): boolean {
  const matched = filter.patterns.some((p) => p === "/*" || p === path || (p.endsWith("/*") && (path === p.slice(0, -2) || path.startsWith(p.slice(0, -1)))));
  // The filter tests the URI as a string: `startsWith("/static")` lets `/static-files` through too.
  return matched && !filter.exact.has(path) && !filter.prefixes.some((p) => path.startsWith(p));
}

function readFilters(project: Project | undefined): Filter[] {
  if (!project) return [];
  const sources = [...project.listed].filter(isJvmSource);
  const texts = new Map(sources.map((path) => [path, project.text(path) ?? ""]));
  const scanned = [...texts.values()].some((text) => /@ServletComponentScan\b/.test(text));
  const bootApplication = [...texts.values()].some((text) => /@SpringBootApplication\b/.test(text));
  const found: Filter[] = registeredFilters(project, texts);
  // Spring Boot registers `@WebFilter` classes only under `@ServletComponentScan`; a servlet container does by itself.
  if (bootApplication && !scanned) return found;
  for (const [path, text] of texts) {
    if (!text.includes("@WebFilter")) continue;
    for (const m of text.matchAll(WEB_FILTER)) {
      const annotation = callArguments(text, m.index + m[0].length - 1);
      const declared = FILTER_CLASS.exec(text.slice(annotation.end, annotation.end + 600));
      if (!declared) continue;
      const body = filterBody(text);
      if (!body || !(REFUSES.test(body) || ERROR_STATUS.test(body)) || !READS_CALLER.test(body)) continue;
      const args = text.slice(m.index + m[0].length - 1, annotation.end);
      const patterns = literals(/(?:urlPatterns|value)\s*=\s*(\{[^}]*\}|"[^"]*")/.exec(args)?.[1] ?? (/^\(\s*(\{[^}]*\}|"[^"]*")/.exec(args)?.[1] ?? ""));
      if (!patterns.length) continue;
      // Init parameters' paths, split on what separates them in one value (`/a#/b`, `/a,/b`).
      const listed = [...args.matchAll(/@WebInitParam\s*\(([^)]*)\)/g)].flatMap((p) => literals(/value\s*=\s*((?:"[^"]*"\s*\+?\s*)+)/.exec(p[1]!)?.[1] ?? "").join("").split(/[#,;\s]+/));
      found.push({ name: declared[1]!, module: moduleOf(path), patterns, ...letThrough(body, springContextPath(project, path), listed) });
    }
  }
  return found;
}

/** A JVM module's folder: a source file's path above its src/main/java (or kotlin). */
const moduleOf = (path: string) => path.replace(/(?:^|\/)src\/main\/(?:java|kotlin)\/.*$/, "");

/**
 * The URIs a filter's `doFilter` lets through before its check: each it compares with `equals`
 * (that path) or `startsWith` (that path and below), `listed` being what a `startsWith` of a
 * name of its own stands for (its init parameters' paths), written without the context path.
 */
function letThrough(body: string, context: string, listed: readonly string[]): { exact: Set<string>; prefixes: string[] } {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const test of body.matchAll(URI_TEST)) {
    if (test[1]) continue;
    const values = test[3]!.startsWith('"') ? [test[3]!.slice(1, -1)] : test[2] === "startsWith" ? listed : [];
    for (const value of values.filter((v) => v.startsWith("/")).map((v) => withoutContext(v, context))) (test[2] === "startsWith" ? prefixes.push(value) : exact.add(value));
  }
  return { exact, prefixes };
}

/** The body of the file's `doFilter` (or `doFilterInternal`) method. */
function filterBody(text: string): string | undefined {
  for (const m of text.matchAll(FILTER_METHOD)) {
    const params = callArguments(text, m.index + m[0].length - 1);
    const open = /^[^;{]*\{/.exec(text.slice(params.end));
    if (open) return text.slice(params.end + open[0].length - 1, closing(text, params.end + open[0].length - 1));
  }
  return undefined;
}

const literals = (text: string) => [...text.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map((m) => m[1]!);

/** A URI as the routes' paths are before the context path is put before them: `/app/user/login` -> `/user/login`. */
function withoutContext(uri: string, context: string): string {
  const base = `/${context.split("/").filter(Boolean).join("/")}`;
  if (base === "/" || (uri !== base && !uri.startsWith(`${base}/`))) return uri;
  return uri.slice(base.length) || "/";
}

const TURNS_CALLER_AWAY = /\b40[13]\b|UNAUTHORI[SZ]ED|FORBIDDEN|\bsendRedirect\s*\(/i;
const READS_USER = /\bgetSession\s*\(|\btoken\b|\bAuthorization\b|\bgetPrincipal\s*\(|\bcurrentUser\b|\bgetAuthUser\s*\(|\bisLogin\w*\s*\(/i;
// `new FilterRegistrationBean<>(new JwtFilter())`, `new FilterRegistrationBean<Filter>()` then `setFilter(...)`.
const REGISTRATION = /\bnew\s+FilterRegistrationBean\s*(?:<[^<>]*>)?\s*\(/g;
// A field of a list a setting gives: `@Value("#{'${auth.filter.exclude-urls}'.split(',')}") private List<String> excludeUrls;`.
const LISTED_SETTING = /@Value\s*\(\s*"(?:#\{\s*'\$\{([\w.-]+)(?::[^}]*)?\}'\s*\.split\([^)]*\)\s*\}|\$\{([\w.-]+)(?::[^}]*)?\})"\s*\)\s*(?:(?:private|protected|public|final)\s+)*[\w.<>\[\], ]+?\s+(\w+)\s*;/g;

/** The refusing filters `FilterRegistrationBean`s register, with the URL patterns each is given. */
function registeredFilters(project: Project, texts: ReadonlyMap<string, string>): Filter[] {
  const found: Filter[] = [];
  for (const [path, text] of texts) {
    if (!text.includes("FilterRegistrationBean")) continue;
    for (const m of text.matchAll(REGISTRATION)) {
      // The bean method's statements after it, to its `return`.
      const returned = text.indexOf("return", m.index);
      const span = text.slice(m.index, returned === -1 ? m.index + 1500 : text.indexOf(";", returned) + 1);
      const handed = callArguments(span, span.indexOf("(")).args[0];
      const filterValue = (handed ? span.slice(handed.start, handed.end) : /\.\s*setFilter\s*\(\s*([^;]*?)\s*\)\s*;/.exec(span)?.[1] ?? "").trim();
      const filterClass = filterClassOf(filterValue, text, texts);
      if (!filterClass) continue;
      const body = filterBody(filterClass.text);
      // Turning callers away: 401 or 403, or a redirect; a filter answering 410 for a retired API (nacos's
      // ApiCompatibilityFilter) checks no caller, nor does one forwarding requests that answers 403 when that fails
      // (its DistroFilter): it must be named like a check or read a session, a token or a user.
      if (!body || !TURNS_CALLER_AWAY.test(body) || !READS_CALLER.test(body) || !(isGuardName(filterClass.name) || READS_USER.test(body))) continue;
      const given = [...span.matchAll(/\.\s*(?:addUrlPatterns|setUrlPatterns)\s*\(([^;]*)\)\s*;/g)];
      const patterns = given.flatMap((p) => literals(p[1]!));
      // Patterns given by constants are not known here: the filter is not placed.
      if (given.length && !patterns.length) continue;
      const module = moduleOf(path);
      const context = springContextPath(project, path);
      const { exact, prefixes } = letThrough(body, context, []);
      // And the paths of a list setting it reads, `/static/**` letting through all below /static.
      for (const value of listedSettings(project, module, filterClass.text, body)) {
        const wildcard = /\/\*\*?$/.exec(value);
        if (wildcard) prefixes.push(withoutContext(value.slice(0, wildcard.index) || "/", context));
        else exact.add(withoutContext(value, context));
      }
      found.push({ name: filterClass.name, module, patterns: patterns.length ? patterns : ["/*"], exact, prefixes });
    }
  }
  return found;
}

/**
 * The filter class a registration is handed: `new JwtFilter()`; a field or parameter of the
 * configuration class (`loginAuthenticationFilter`, of type `LoginAuthenticationFilter`), the class
 * of that name or the one implementing that interface; a bean method's return type (`jwtFilter()`).
 */
function filterClassOf(value: string, text: string, texts: ReadonlyMap<string, string>): { name: string; text: string } | undefined {
  const created = /^new\s+(\w+)/.exec(value)?.[1];
  const name = /^(?:this\s*\.\s*)?(\w+)\s*(\(\s*\))?$/.exec(value);
  const type = created
    ?? (name?.[2] ? new RegExp(`\\b(\\w+)(?:<[^<>]*>)?\\s+${name[1]}\\s*\\(\\s*\\)\\s*\\{`).exec(text)?.[1] : undefined)
    ?? (name && !name[2] ? new RegExp(`\\b(\\w+)(?:<[^<>]*>)?\\s+${name[1]}\\s*[;,)=]`).exec(text)?.[1] : undefined);
  if (!type) return undefined;
  const declaring = new RegExp(`\\bclass\\s+(\\w+)[^{]*\\b(?:implements\\s+[^{]*\\b${type}\\b|extends\\s+${type}\\b)`);
  let implementing: { name: string; text: string } | undefined;
  for (const source of texts.values()) {
    if (!source.includes(type) || !DOES_FILTER.test(source)) continue;
    if (new RegExp(`\\bclass\\s+${type}\\b`).test(source)) return { name: type, text: source };
    const m = declaring.exec(source);
    if (m && !implementing) implementing = { name: m[1]!, text: source };
  }
  return implementing;
}

/** The paths of the `@Value` list settings a filter's body reads, as its module's application.properties (or .yml) sets them. */
function listedSettings(project: Project, module: string, text: string, body: string): string[] {
  const fields = [...text.matchAll(LISTED_SETTING)].filter((m) => new RegExp(`\\b${m[3]}\\b`).test(body));
  if (!fields.length) return [];
  const base = module ? `${module}/` : "";
  const settings = [`${base}src/main/resources/application.properties`, `${base}src/main/resources/application.yml`, `${base}src/main/resources/application.yaml`]
    .flatMap((file) => (project.has(file) ? [settingsOf(project.text(file) ?? "", file)] : []));
  return fields.flatMap((m) => {
    const value = settings.map((s) => s.get((m[1] ?? m[2])!)).find((v) => v !== undefined) ?? "";
    return value.split(",").map((v) => v.trim()).filter((v) => v.startsWith("/"));
  });
}

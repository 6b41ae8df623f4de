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
 * application such a filter runs only where `@ServletComponentScan` registers it.
 */
import { closing } from "../../languages/curly.ts";
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";
import { callArguments } from "../source.ts";
import { springContextPath } from "./context-path.ts";
import { READS_CALLER, REFUSES } from "./interceptors.ts";
import { isJvmSource } from "./sources.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;
type Filter = { name: string; module: string; patterns: string[]; exact: Set<string>; prefixes: string[] };

const FRAMEWORKS = new Set(["spring", "jaxrs"]);
const WEB_FILTER = /@WebFilter\s*\(/g;
const FILTER_CLASS = /^(?:\s*@\w+(?:\s*\([^)]*\))?)*\s*(?:public\s+)?(?:final\s+)?class\s+(\w+)[^{]*\b(?:implements\s+[^{]*\bFilter\b|extends\s+(?:OncePerRequestFilter|HttpFilter|GenericFilterBean)\b)/;
const FILTER_METHOD = /\bdoFilter(?:Internal)?\s*\(/g;
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
  // Spring Boot registers `@WebFilter` classes only under `@ServletComponentScan`; a servlet container does by itself.
  if (bootApplication && !scanned) return [];
  const found: Filter[] = [];
  for (const [path, text] of texts) {
    if (!text.includes("@WebFilter")) continue;
    for (const m of text.matchAll(WEB_FILTER)) {
      const annotation = callArguments(text, m.index + m[0].length - 1);
      const declared = FILTER_CLASS.exec(text.slice(annotation.end, annotation.end + 600));
      if (!declared) continue;
      const body = filterBody(text);
      if (!body || !(REFUSES.test(body) || ERROR_STATUS.test(body)) || !READS_CALLER.test(body)) continue;
      const module = path.replace(/(?:^|\/)src\/main\/(?:java|kotlin)\/.*$/, "");
      const context = springContextPath(project, path);
      const args = text.slice(m.index + m[0].length - 1, annotation.end);
      const patterns = literals(/(?:urlPatterns|value)\s*=\s*(\{[^}]*\}|"[^"]*")/.exec(args)?.[1] ?? (/^\(\s*(\{[^}]*\}|"[^"]*")/.exec(args)?.[1] ?? ""));
      if (!patterns.length) continue;
      // Init parameters' paths, split on what separates them in one value (`/a#/b`, `/a,/b`).
      const listed = [...args.matchAll(/@WebInitParam\s*\(([^)]*)\)/g)].flatMap((p) => literals(/value\s*=\s*((?:"[^"]*"\s*\+?\s*)+)/.exec(p[1]!)?.[1] ?? "").join("").split(/[#,;\s]+/));
      const exact = new Set<string>();
      const prefixes: string[] = [];
      for (const test of body.matchAll(URI_TEST)) {
        if (test[1]) continue;
        const values = test[3]!.startsWith('"') ? [test[3]!.slice(1, -1)] : test[2] === "startsWith" ? listed : [];
        for (const value of values.filter((v) => v.startsWith("/")).map((v) => withoutContext(v, context))) (test[2] === "startsWith" ? prefixes.push(value) : exact.add(value));
      }
      found.push({ name: declared[1]!, module, patterns, exact, prefixes });
    }
  }
  return found;
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

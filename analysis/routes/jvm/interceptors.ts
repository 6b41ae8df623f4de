/**
 * Spring MVC's handler interceptors, the guard of many Spring applications without Spring
 * Security: `registry.addInterceptor(adminLoginInterceptor).addPathPatterns("/admin/**")
 * .excludePathPatterns("/admin/login")` in a `WebMvcConfigurer` runs the interceptor's
 * `preHandle` before every handler its patterns match. Each is a global guard over those paths,
 * named by the interceptor's class as a candidate (`?AdminLoginInterceptor`): it guards only
 * where that class's `preHandle` turns a caller away (`interceptorRefuses`), since interceptors
 * also count items in a cart or log requests.
 */
import { closing } from "../../languages/curly.ts";
import { staticValue } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import { CANDIDATE } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import type { JvmFile } from "./constants.ts";
import { isJvmSource } from "./sources.ts";

const ADD = /\baddInterceptor\s*\(/g;
const PATTERNS = /^\s*\.\s*(addPathPatterns|excludePathPatterns|order)\s*\(/;

/** The interceptors a configuration registers, as global guards over the paths each is added for and not excluded from. */
export function springInterceptors(source: RouteSource, file: JvmFile): Registration[] {
  const { code } = source;
  if (!/\bInterceptorRegistry\b/.test(code)) return [];
  const found: Registration[] = [];
  for (const m of code.matchAll(ADD)) {
    const call = callArguments(code, m.index + m[0].length - 1);
    const argument = call.args.at(-1);
    const type = argument && interceptorClass(code, code.slice(argument.start, argument.end).trim());
    if (!type) continue;
    const added: string[] = [];
    const excluded: string[] = [];
    let addsPaths = false;
    let end = call.end;
    for (let chained = PATTERNS.exec(code.slice(end)); chained; chained = PATTERNS.exec(code.slice(end))) {
      const next = callArguments(code, end + chained[0].length - 1);
      if (chained[1] === "addPathPatterns") addsPaths = true;
      if (chained[1] !== "order") (chained[1] === "addPathPatterns" ? added : excluded).push(...next.args.flatMap((a) => patterns(source, file, a)));
      end = next.end;
    }
    // Patterns given but not known here (`addPathPatterns(signUrlsArray)`, read from configuration at run time)
    // say the interceptor runs before some handlers, not which: it guards none the analysis can name.
    if (addsPaths && !added.length) continue;
    // Without `addPathPatterns`, an interceptor runs before every handler.
    const scope = antMatchers(added.length ? added : ["/**"]);
    found.push({
      type: "global",
      framework: "spring",
      line: source.lineAt(m.index),
      guard: `${CANDIDATE}${type}`,
      scope,
      ...(excluded.length ? { except: antMatchers(excluded) } : {}),
      antPatterns: true,
    });
  }
  return found;
}

/** Ant path patterns as a global guard's matchers, for one method or every one: `/admin/**` matches `/admin` itself too. */
export const antMatchers = (paths: readonly string[], method = "ALL") =>
  paths.flatMap((p) => (p.endsWith("/**") && p !== "/**" ? [p, p.slice(0, -3)] : [p])).map((path) => ({ path, method }));

/**
 * The class of the interceptor an argument names: `new AuthInterceptor(...)`, a field or variable
 * of its type (`private AdminLoginInterceptor adminLoginInterceptor;`, Kotlin's `val auth:
 * AuthInterceptor`), or a `@Bean` method returning it (`authInterceptor()`).
 */
function interceptorClass(code: string, argument: string): string | undefined {
  const made = /^new\s+([A-Z][\w.]*)\s*\(/.exec(argument);
  if (made) return made[1]!.split(".").at(-1);
  const named = /^(?:this\s*\.\s*)?([a-z_]\w*)\s*(\(\s*\))?$/.exec(argument);
  if (!named) return undefined;
  const name = named[1]!;
  const declared = named[2]
    ? new RegExp(String.raw`\b([A-Z]\w*)\s+${name}\s*\(\s*\)|\bfun\s+${name}\s*\(\s*\)\s*:\s*([A-Z]\w*)`).exec(code)
    : new RegExp(String.raw`\b([A-Z]\w*)(?:<[^>]*>)?\s+${name}\s*[;=),]|\b(?:val|var)\s+${name}\s*:\s*([A-Z]\w*)`).exec(code);
  return declared ? (declared[1] ?? declared[2]) : undefined;
}

/** The path patterns an argument gives: string literals (also inside `Arrays.asList(...)` or an array), a constant, or a list variable filled with `add`. */
function patterns(source: RouteSource, file: JvmFile, span: Span): string[] {
  const text = source.text.slice(span.start, span.end);
  const literals = [...text.matchAll(/"([^"\\\n]*)"/g)].map((m) => m[1]!);
  if (literals.length) return literals.filter((p) => p.startsWith("/"));
  const name = /^\s*([A-Za-z_][\w.]*)\s*$/.exec(text)?.[1];
  if (!name) return [];
  const constant = staticValue(source, span.start, span.end, file.constants, file.syntax);
  if (constant !== undefined) return [constant];
  // `List<String> excludes = new ArrayList<>(); excludes.add("/login");`, or one initialized with `Arrays.asList("/a", "/b")`.
  const escaped = name.replace(/\./g, "\\.");
  const filled = [...source.text.matchAll(new RegExp(String.raw`\b${escaped}\s*\.\s*add\s*\(\s*"([^"\\\n]*)"`, "g"))].map((m) => m[1]!);
  const initial = new RegExp(String.raw`\b${escaped}\s*=\s*(?:Arrays\s*\.\s*asList|List\s*\.\s*of|listOf|mutableListOf|arrayOf)\s*\(([^)]*)\)`).exec(source.text);
  return [...filled, ...[...(initial?.[1] ?? "").matchAll(/"([^"\\\n]*)"/g)].map((m) => m[1]!)].filter((p) => p.startsWith("/"));
}

// What a `preHandle` does to a caller it turns away: returns false, throws, redirects or answers 401/403.
// Or answers 401/403 through a helper of its class it returns (`return responseTransform(response, 401, "...")`).
export const REFUSES = /\breturn\s+false\b|\breturn\s+[\w.]+\s*\([^;]*\b40[13]\b|\bthrow\s+(?:new\s+)?\w+|\bsendRedirect\s*\(|\bsendError\s*\(|\bsetStatus\s*\(\s*(?:40[13]|HttpStatus\.(?:UNAUTHORIZED|FORBIDDEN)|HttpServletResponse\.SC_(?:UNAUTHORIZED|FORBIDDEN))/;
// What it decides by: the session's user, a token or key the request carries, a security library's subject, an auth service (`authService.check()`).
export const READS_CALLER = /\b\w*[Aa]uth\w*\s*\.\s*\w+\s*\(|\bgetSession\s*\(|\bgetHeader\s*\(|\bgetCookies\s*\(|\btoken\b|\bAuthorization\b|\bStpUtil\b|\bSecurityUtils\b|\bgetSubject\s*\(|\bisLogin\w*\s*\(|\bgetPrincipal\s*\(|\bcurrentUser\b|\blogin\w*\b/i;

/**
 * What the interceptor class of that name (in a file named for it) does in its `preHandle`:
 * whether it turns callers away (it refuses there, returning false, throwing or redirecting, on
 * something it reads of the caller), and when it does so only for handlers that carry an
 * annotation (`onlyAnnotated`: `method.getAnnotation(ApiPermission.class)`, with every handler
 * without it let through), that annotation's name. One whose first step lets every caller through
 * unless a setting that is off by default is on (`@Value("${oms.auth.openapi.enable:false}")
 * boolean enableOpenApiAuth` and `if (!enableOpenApiAuth) return true;`) turns none away as deployed.
 */
export function interceptorRefuses(project: { listed: Iterable<string>; text: (file: string) => string | undefined } | undefined): (type: string) => { refuses: boolean; onlyAnnotated?: string } {
  let files: Map<string, string> | undefined;
  const judged = new Map<string, { refuses: boolean; onlyAnnotated?: string }>();
  return (type) => {
    if (!project) return { refuses: false };
    files ??= new Map([...project.listed].flatMap((path) => {
      const name = /(?:^|\/)([A-Z]\w*)\.(?:java|kt)$/.exec(path)?.[1];
      return name && isJvmSource(path) ? [[name, path] as const] : [];
    }));
    let judgement = judged.get(type);
    if (judgement === undefined) {
      const text = files.get(type) ? project.text(files.get(type)!) ?? "" : "";
      const body = preHandle(text);
      const refuses = !!body && REFUSES.test(body) && READS_CALLER.test(body) && !offByDefault(text, body);
      const onlyAnnotated = refuses ? annotationChecked(body!) : undefined;
      judgement = { refuses, ...(onlyAnnotated ? { onlyAnnotated } : {}) };
      judged.set(type, judgement);
    }
    return judgement;
  };
}

// `final ApiPermission permission = method.getAnnotation(ApiPermission.class);` then `if (permission == null) { return true; }`.
const ANNOTATION_READ = /\b(\w+)\s*=\s*[\w.]*\.\s*(?:getAnnotation|getMethodAnnotation|findAnnotation)\s*\(\s*(?:[\w.]+\s*,\s*)?([A-Z]\w*)\s*(?:\.\s*class|::class(?:\.java)?)\s*\)/;

/** The annotation a `preHandle` requires of a handler before it checks anything: it lets through every handler without it. */
function annotationChecked(body: string): string | undefined {
  const read = ANNOTATION_READ.exec(body);
  if (!read) return undefined;
  const lets = new RegExp(String.raw`\bif\s*\(\s*(?:${read[1]}\s*==\s*null|null\s*==\s*${read[1]})\s*\)\s*\{?\s*return\s+true\b`).test(body.slice(read.index));
  return lets ? read[2] : undefined;
}

/** Whether a `preHandle` first lets every caller through unless a boolean setting of the class, off by default, is on. */
function offByDefault(text: string, body: string): boolean {
  const first = /^\{\s*if\s*\(\s*!\s*(?:this\s*\.\s*)?([a-z]\w*)\s*\)\s*\{?[^{}]*?\breturn\s+true\b/.exec(body);
  if (!first) return false;
  return new RegExp(String.raw`@Value\s*\(\s*"\$\{[^}:"]+:false\}"\s*\)\s*(?:private\s+|protected\s+|public\s+)?(?:boolean|Boolean)\s+${first[1]}\b`).test(text);
}

/** The body of a class's `preHandle` method, Java's or Kotlin's. */
function preHandle(text: string): string | undefined {
  const m = /\bpreHandle\s*\(/.exec(text);
  if (!m) return undefined;
  const params = callArguments(text, m.index + m[0].length - 1);
  const open = text.indexOf("{", params.end);
  return open === -1 ? undefined : text.slice(open, closing(text, open) + 1);
}

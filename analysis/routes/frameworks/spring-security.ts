import { configuredPlaceholder } from "../common/configured.ts";
import { staticValue } from "../common/values.ts";
import { foreignPrefix, type JvmFile } from "../jvm/constants.ts";
import { antMatchers } from "../jvm/interceptors.ts";
import type { Registration } from "../registration.ts";
import type { Span } from "../js/objects.ts";
import { callArguments, type RouteSource } from "../source.ts";

const RULE = /^\s*\.\s*(authenticated|fullyAuthenticated|hasRole|hasAnyRole|hasAuthority|hasAnyAuthority|hasIpAddress|access|denyAll|permitAll|anonymous|rememberMe)\s*\(/;
const PUBLIC = /^(?:permitAll|anonymous)$/;
const MATCHERS = /\b(?:requestMatchers|antMatchers|mvcMatchers|pathMatchers|regexMatchers)\s*\(/g;
// WebFlux's `.matchers(ServerWebExchangeMatchers.pathMatchers(HttpMethod.GET, "/a"), ...)`: one rule over several matchers.
const MATCHER_GROUP = /\.\s*matchers\s*\(/g;
const INNER_MATCHER = /\bpathMatchers\s*\(/g;
const ANY = /\b(?:anyRequest|anyExchange)\s*\(\s*\)/g;
const KOTLIN_RULE = /^(authenticated|fullyAuthenticated|hasRole|hasAnyRole|hasAuthority|hasAnyAuthority|access|denyAll|permitAll|anonymous)\b/;

type Matcher = { path: string; method: string };

// Where a filter chain is configured: a `configure(HttpSecurity)` override, a `SecurityFilterChain` bean.
const CHAIN_START = /\bconfigure\s*\(\s*(?:final\s+)?(?:HttpSecurity|ServerHttpSecurity)\b|\b(?:SecurityFilterChain|SecurityWebFilterChain)\s+\w+\s*\(|\bfun\s+\w+\s*\([^)]*\bHttpSecurity\b/g;
// The paths a chain is for: `http.antMatcher("/shop/**")`, Spring Security 6's `securityMatcher(...)`,
// and the older `http.requestMatchers().antMatchers("/api/**")`.
const CHAIN_SCOPE = /\.\s*(?:antMatcher|mvcMatcher|regexMatcher|securityMatcher|requestMatchers\s*\(\s*\)\s*\.\s*(?:antMatchers|mvcMatchers))\s*\(/g;
const ORDER = /@Order\s*\(\s*(?:value\s*=\s*)?(-?\d+)\s*\)/g;
// A WebSecurityConfigurerAdapter without @Order is ordered 100.
const DEFAULT_ORDER = 100;

/**
 * The filter chains of a configuration, from where each starts: the paths it is scoped to, if
 * any (its rules concern those alone), and its order (the last `@Order` since the previous chain).
 */
function filterChains(code: string, value: (start: number, end: number) => string | undefined): { start: number; scope?: Matcher[]; order: number }[] {
  const starts = [...code.matchAll(CHAIN_START)].map((m) => m.index);
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? code.length;
    CHAIN_SCOPE.lastIndex = start;
    const scoped = CHAIN_SCOPE.exec(code);
    const args = scoped && scoped.index < end ? spreadArrays(code, callArguments(code, scoped.index + scoped[0].length - 1).args) : undefined;
    // A chain for paths not read here concerns none we know: its rules decide nothing (an empty scope).
    const scope = args && matchers(args.map((a) => code.slice(a.start, a.end)), args.map((a) => value(a.start, a.end)));
    const order = [...code.slice(starts[i - 1] ?? 0, start).matchAll(ORDER)].at(-1)?.[1];
    return { start, ...(scope ? { scope } : {}), order: order === undefined ? DEFAULT_ORDER : Number(order) };
  });
}

/**
 * Matcher arguments with each array constant of the file spread into its items: Kotlin's
 * `requestMatchers(*PUBLIC_ENDPOINTS)` of `val PUBLIC_ENDPOINTS = arrayOf("/api/public/**", ...)`,
 * Java's `requestMatchers(WHITE_LIST)` of `String[] WHITE_LIST = { ... }`.
 */
function spreadArrays(code: string, args: readonly Span[]): Span[] {
  return args.flatMap((arg) => {
    const name = /^\s*\*?\s*([A-Za-z_]\w*)\s*$/.exec(code.slice(arg.start, arg.end))?.[1];
    if (!name) return [arg];
    const declared = new RegExp(String.raw`\b${name}\s*(?::\s*[\w<>?]+\s*)?=\s*(?:arrayOf|listOf|setOf|mutableListOf|List\s*\.\s*of|Set\s*\.\s*of|Arrays\s*\.\s*asList|new\s+String\s*\[\s*\]\s*)?\s*[({]`).exec(code);
    return declared ? callArguments(code, declared.index + declared[0].length - 1).args : [arg];
  });
}

// `web.ignoring().antMatchers(...)`, `web.ignoring().requestMatchers(...)`.
const IGNORED = /\bignoring\s*\(\s*\)\s*\.\s*(?:antMatchers|mvcMatchers|requestMatchers|regexMatchers)\s*\(/g;
const DECISION_MANAGER = /\bsetAccessDecisionManager\s*\(\s*([A-Za-z_]\w*)\s*\)/g;

const SHIRO = /ShiroFilterFactoryBean|ShiroFilterChainDefinition|FilterChainDefinition/;
const SHIRO_DEFINITION = /\b\w*(?:[Cc]hain\w*|[Dd]efinition\w*|filterMap|urlMap)\s*\.\s*(?:put|addPathDefinition)\s*\(/g;

/** The requests a matcher's arguments name: paths, narrowed by an `HttpMethod` first; a method alone matches every path. */
function matchers(texts: readonly string[], values: readonly (string | undefined)[]): Matcher[] {
  const method = texts[0] && /^\s*(?:HttpMethod\s*\.\s*)?(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|TRACE)\s*$/.exec(texts[0])?.[1];
  // Paths computed at run time (`anonymousUrls.get("GET").toArray(...)`) match routes not known: none of them here.
  if (method && texts.length > 1 && values.slice(1).every((v) => v === undefined)) return [];
  const paths = (method ? values.slice(1) : values).filter((p): p is string => p !== undefined);
  return antMatchers(paths.length ? paths : method ? ["/**"] : [], method);
}

/**
 * What a Spring configuration says about every route: the security filter chain's rules
 * (`anyRequest().authenticated()` is a guard of every route; `requestMatchers("/admin/**")
 * .hasRole("ADMIN")` a guard of the routes it matches, also with an `HttpMethod`; the Kotlin
 * DSL's `authorize(...)` alike), where the first rule that matches decides, so a guard skips
 * the routes earlier rules matched (`permitAll` ones too); and a path prefix added with
 * `configurer.addPathPrefix("/api", ...)`. Requests `web.ignoring()` names pass every rule; the app's own
 * decision manager set on the chain decides all the rest. Rules are named as written: `hasRole(ADMIN)`. Apache
 * Shiro's filter chain definitions are rules alike, first match first: `shiro(authc)`.
 */
export function springGlobals(source: RouteSource, file: JvmFile): Registration[] {
  const found: Registration[] = [];
  const { code } = source;
  const value = (start: number, end: number) => staticValue(source, start, end, file.constants, file.syntax);
  // A matcher's path may start with another file's constant (`NewUrl.USER_URL + "/currentUser"`): filled in before linking.
  const matcherPath = (start: number, end: number) => value(start, end) ?? constantPath(source, file, { start, end });
  for (const m of code.matchAll(/\baddPathPrefix\s*\(/g)) {
    const first = callArguments(code, m.index + m[0].length - 1).args[0];
    const prefix = first && value(first.start, first.end);
    if (prefix) found.push({ type: "global", framework: "spring", line: source.lineAt(m.index), prefix });
  }
  // Spring Security OAuth's resource server (`@EnableResourceServer` on a ResourceServerConfigurerAdapter)
  // that keeps the adapter's own `configure(HttpSecurity)`: every request needs a token.
  const resourceServer = /@EnableResourceServer\b/.exec(code);
  if (resourceServer && !/\bconfigure\s*\(\s*(?:final\s+)?HttpSecurity\b/.test(code)) {
    found.push({ type: "global", framework: "spring", line: source.lineAt(resourceServer.index), guard: "EnableResourceServer", antPatterns: true });
  }
  const shiro = SHIRO.test(code);
  if (!shiro && !/HttpSecurity|SecurityFilterChain|ServerHttpSecurity|SecurityWebFilterChain/.test(code)) return found;
  // The rules in order: the first that matches a request decides, so each guard skips what earlier rules matched.
  const rules: { at: number; matchers?: Matcher[]; guard?: string; ignored?: true }[] = [];
  // Apache Shiro's filter chain, in the order it is filled: `filterChainDefinitionMap.put("/admin/**", "authc")`
  // (a LinkedHashMap), or `chainDefinition.addPathDefinition("/login", "anon")`; `anon` lets anyone through.
  if (shiro) {
    for (const m of code.matchAll(SHIRO_DEFINITION)) {
      const [pattern, filters] = callArguments(code, m.index + m[0].length - 1).args.map((a) => value(a.start, a.end));
      if (pattern === undefined || filters === undefined || !pattern.startsWith("/")) continue;
      const names = filters.split(",").map((f) => f.trim()).filter(Boolean);
      rules.push({ at: m.index, matchers: matchers([`"${pattern}"`], [pattern]), guard: names.every((f) => f === "anon") ? undefined : `shiro(${names.join(",")})` });
    }
  }
  const ruleAfter = (from: number) => {
    const m = RULE.exec(code.slice(from, from + 200));
    if (!m) return undefined;
    const args = callArguments(code, from + m[0].length - 1).args.map((a) => value(a.start, a.end) ?? code.slice(a.start, a.end).trim());
    return { guard: PUBLIC.test(m[1]!) ? undefined : `${m[1]}(${args.join(",")})` };
  };
  const chains = filterChains(code, value);
  const chainAt = (at: number) => chains.findLast((c) => c.start <= at);
  // `web.ignoring().antMatchers("/css/**", "/verifyCode")`: requests no filter chain sees, so no rule guards them.
  for (const m of code.matchAll(IGNORED)) {
    const args = spreadArrays(code, callArguments(code, m.index + m[0].length - 1).args);
    rules.push({ at: m.index, matchers: matchers(args.map((a) => code.slice(a.start, a.end)), args.map((a) => matcherPath(a.start, a.end))), ignored: true });
  }
  // `object.setAccessDecisionManager(customUrlDecisionManager)` on the chain's FilterSecurityInterceptor (a
  // `withObjectPostProcessor`): the app's own decision manager decides every request of the chain, whatever
  // its rules say; one refusing anonymous callers is a guard of every route.
  for (const m of code.matchAll(DECISION_MANAGER)) {
    const scope = chainAt(m.index)?.scope;
    rules.push({ at: m.index, ...(scope ? { matchers: scope } : {}), guard: `AccessDecisionManager(${m[1]})` });
  }
  for (const m of code.matchAll(ANY)) {
    const rule = ruleAfter(m.index + m[0].length);
    // Any request of a chain scoped to some paths is any of those.
    const scope = chainAt(m.index)?.scope;
    if (rule) rules.push({ at: m.index, ...(scope ? { matchers: scope } : {}), ...rule });
  }
  for (const m of code.matchAll(MATCHERS)) {
    const { args: written, end } = callArguments(code, m.index + m[0].length - 1);
    const args = spreadArrays(code, written);
    const rule = ruleAfter(end);
    if (rule) rules.push({ at: m.index, matchers: matchers(args.map((a) => code.slice(a.start, a.end)), args.map((a) => matcherPath(a.start, a.end))), ...rule });
  }
  for (const m of code.matchAll(MATCHER_GROUP)) {
    const { args, end } = callArguments(code, m.index + m[0].length - 1);
    const rule = ruleAfter(end);
    if (!rule) continue;
    const grouped = args.flatMap((arg) => {
      const inner = new RegExp(INNER_MATCHER.source, "g").exec(code.slice(arg.start, arg.end));
      if (!inner) return [];
      const innerArgs = callArguments(code, arg.start + inner.index + inner[0].length - 1).args;
      return matchers(innerArgs.map((a) => code.slice(a.start, a.end)), innerArgs.map((a) => matcherPath(a.start, a.end)));
    });
    if (grouped.length) rules.push({ at: m.index, matchers: grouped, ...rule });
  }
  for (const m of code.matchAll(/\bauthorize\s*\(/g)) {
    const args = callArguments(code, m.index + m[0].length - 1).args;
    const last = args.at(-1);
    const name = last && KOTLIN_RULE.exec(code.slice(last.start, last.end))?.[1];
    if (!name || !last) continue;
    const inner = code.slice(last.start, last.end).includes("(") ? callArguments(code, code.indexOf("(", last.start)).args.map((a) => value(a.start, a.end) ?? "") : [];
    const targets = args.slice(0, -1);
    const any = targets.some((a) => /^\s*anyRequest\s*$/.test(code.slice(a.start, a.end)));
    const guard = PUBLIC.test(name) ? undefined : `${name}(${inner.join(",")})`;
    rules.push({ at: m.index, ...(any ? {} : { matchers: matchers(targets.map((a) => code.slice(a.start, a.end)), targets.map((a) => value(a.start, a.end))) }), guard });
  }
  // Chains in their order (`@Order(1)` first; an adapter without one comes at 100), rules in theirs within each.
  const orderOf = (at: number) => chainAt(at)?.order ?? DEFAULT_ORDER;
  rules.sort((a, b) => Number(!!b.ignored) - Number(!!a.ignored) || orderOf(a.at) - orderOf(b.at) || a.at - b.at);
  rules.forEach((rule, i) => {
    const earlier = rules.slice(0, i);
    if (!rule.guard || (rule.matchers && rule.matchers.length === 0) || earlier.some((r) => !r.matchers)) return;
    const except = earlier.flatMap((r) => r.matchers!);
    found.push({ type: "global", framework: "spring", line: source.lineAt(rule.at), guard: rule.guard, ...(rule.matchers ? { scope: rule.matchers } : {}), ...(except.length ? { except } : {}), antPatterns: true });
  });
  return found;
}

// `import static org.acme.constant.Url.*;`: the classes whose constants the file names bare.
const STATIC_WILDCARD = /^[ \t]*import\s+static\s+([\w.]+)\.([A-Z]\w*)\s*\.\s*\*\s*;/gm;

/**
 * A path starting with a constant of another file (`NewUrl.USER_URL + "/currentUser"`, or `APPLICATION_URL + "/*"`
 * under `import static ...Url.*`): a placeholder naming the constant's qualified name, or several to try
 * (`a|b`), then the rest as written. Undefined when the rest is not known either.
 */
function constantPath(source: RouteSource, file: JvmFile, span: { start: number; end: number }): string | undefined {
  const foreign = foreignPrefix(source, span, file);
  if (!foreign) return undefined;
  const name = foreign.constant.slice(foreign.constant.indexOf("::") + 2);
  const candidates = name.includes(".") ? [foreign.constant] : [foreign.constant, ...[...source.code.matchAll(STATIC_WILDCARD)].map((m) => `${m[1]}::${m[2]}.${name}`)];
  return configuredPlaceholder("jvmconst", candidates.join("|")) + foreign.rest;
}

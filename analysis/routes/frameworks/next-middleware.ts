import { objectProperties, type Span } from "../js/objects.ts";
import { jsConstants, stringList } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import { callArguments, type RouteSource } from "../source.ts";

/** Next.js middleware (`proxy.ts` since Next 16), at the app's root or in `src/`. */
export const MIDDLEWARE_FILE = /(?:^|\/)(?:src\/)?(?:middleware|proxy)\.[cm]?[jt]s$/;

/** Which paths a middleware pattern speaks of: where it runs, or which of those it protects or leaves public. */
export type PatternRole = "matcher" | "protected" | "public";

const CONFIG = /\bexport\s+const\s+config\s*(?::[^=]+)?=\s*\{/;
const WRAPPED = /\bexport\s+default\s+([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)\s*\(/;
const RENAMED = /\bexport\s*\{[^}]*\b([A-Za-z_$][\w$]*)\s+as\s+(?:middleware|proxy|default)\b[^}]*\}/;
const ROUTE_MATCHER = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*createRouteMatcher\s*\(/g;

/**
 * What a Next.js middleware guards: the patterns of `config.matcher` (every path when it has
 * none) and of Clerk's `createRouteMatcher` (protected, or public when so named), with the
 * auth-like wrapper or calls it runs (`withAuth`, `auth.protect()`, `export { auth as
 * middleware }`). Middleware that runs no such check (i18n, headers) guards nothing.
 */
export function middlewarePatterns(
  source: RouteSource,
  called: (span: Span) => string[],
): { role: PatternRole; path: string; guards: string[]; line: number }[] {
  const wrapper = WRAPPED.exec(source.code)?.[1] ?? RENAMED.exec(source.code)?.[1];
  const constants = jsConstants(source);
  const calls = [
    ...new Set([
      ...(wrapper && isGuardName(wrapper) ? [wrapper] : []),
      ...called({ start: 0, end: source.code.length }),
    ]),
  ];
  const redirect = calls.length ? undefined : signInRedirect(source, constants);
  const guards = redirect ? [redirect.guard] : calls;
  if (guards.length === 0) return [];
  const config = CONFIG.exec(source.code);
  const matcher = config ? objectProperties(source, config.index + config[0].length - 1).get("matcher") : undefined;
  const found: { role: PatternRole; path: string; guards: string[]; line: number }[] =
    (matcher ? patterns(source, matcher, constants) : ["/:path*"])
      .map((path) => ({ role: "matcher", path, guards, line: config ? source.lineAt(config.index) : 1 }));
  for (const path of redirect?.open ?? []) found.push({ role: "public", path, guards, line: redirect!.line });
  for (const m of source.code.matchAll(ROUTE_MATCHER)) {
    const list = callArguments(source.code, m.index + m[0].length - 1).args[0];
    const role: PatternRole = /public/i.test(m[1]!) ? "public" : "protected";
    for (const path of list ? patterns(source, list, constants) : []) {
      found.push({ role, path, guards, line: source.lineAt(m.index) });
    }
  }
  return found;
}

// `if (!token && path !== "/login" && !path.startsWith("/share/")) return NextResponse.redirect(new URL("/login", req.url))`:
// the check the Next.js documentation shows, without a helper named like one. Its condition asks
// for no caller (`!token`, `!session`, `!user`, `!isLoggedIn`) and names the paths left open.
const REFUSAL = /\bif\s*\(/g;
const NO_CALLER = /!\s*(?:await\s+)?[\w$.]*(?:token|session|user|auth|logged|signed|cookie)\w*(?![\w$(])/i;
const SIGN_IN_PATH = /["'`]\/(?:[\w-]+\/)*(?:log-?in|sign-?in|auth)\b[^"'`]*["'`]/i;
const RESPONDS = /\breturn\s+(?:NextResponse|Response)\s*\.\s*(?:redirect\s*\(|json\s*\([^;]*\bstatus\s*:\s*40[13]\b)/;

/**
 * The check a middleware makes itself: an `if` whose condition asks for no caller and whose body
 * sends the caller to sign in (or answers 401/403), with the paths its condition leaves open
 * (`path !== "/login"`, `!path.startsWith("/share/")`, `!publicPaths.includes(path)`).
 */
function signInRedirect(source: RouteSource, constants: Map<string, string>): { guard: string; open: string[]; line: number } | undefined {
  for (const m of source.code.matchAll(REFUSAL)) {
    const { args, end } = callArguments(source.code, m.index + m[0].length - 1);
    // Read in the text (strings kept), at the offsets of the code (comments and strings blanked).
    const condition = args[0] ? source.text.slice(args[0].start, args[0].end) : "";
    if (!args[0] || !NO_CALLER.test(source.code.slice(args[0].start, args[0].end))) continue;
    // The statement the `if` runs, or its block (`{ const url = new URL("/login", req.url); ...; return NextResponse.redirect(url); }`).
    const block = /^\s*\{/.exec(source.code.slice(end, end + 50));
    const bodyEnd = block ? callArguments(source.code, end + block[0].length - 1).end : end + source.code.slice(end, end + 400).split(";")[0]!.length;
    const body = source.code.slice(end, bodyEnd);
    const responds = RESPONDS.exec(body);
    if (!responds || (/redirect/.test(responds[0]) && !SIGN_IN_PATH.test(source.text.slice(end, bodyEnd)))) continue;
    const open = [
      ...[...condition.matchAll(/!==?\s*(["'`])(\/[^"'`]*)\1/g)].map((e) => e[2]!),
      ...[...condition.matchAll(/!\s*[\w$.]+\.startsWith\(\s*(["'`])(\/[^"'`]*)\1\s*\)/g)].map((e) => `${e[2]!.replace(/\/$/, "")}/:path*`),
      ...[...condition.matchAll(/!\s*([A-Za-z_$][\w$]*)\.(?:includes|has)\(/g)].flatMap((e) => listOf(source, e[1]!, constants)),
    ];
    return { guard: "(redirects callers without a session to sign in)", open, line: source.lineAt(m.index) };
  }
  return undefined;
}

/** The strings of a list the module declares (`const publicPaths = ["/login", "/register"]`). */
function listOf(source: RouteSource, name: string, constants: Map<string, string>): string[] {
  const declared = new RegExp(String.raw`\b(?:const|let|var)\s+${name.replace(/\$/g, "\\$")}\s*(?::[^=]+)?=\s*(?:new\s+Set\s*\(\s*)?(?=\[)`).exec(source.code);
  if (!declared) return [];
  const start = declared.index + declared[0].length;
  return stringList(source, { start, end: callArguments(source.code, start).end }, constants);
}

/** A pattern or a list of them; list items may be objects (`{ source: "/api/:path*", has: [...] }`). */
function patterns(source: RouteSource, span: Span, constants: Map<string, string>): string[] {
  const strings = stringList(source, span, constants);
  if (source.code[span.start] !== "[") return strings;
  const objects = [...source.code.slice(span.start, span.end).matchAll(/\{/g)].map((m) =>
    objectProperties(source, span.start + m.index).get("source")
  );
  return [...strings, ...objects.flatMap((s) => (s ? stringList(source, s, constants) : []))];
}

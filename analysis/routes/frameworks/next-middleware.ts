import { objectProperties, type Span } from "../js/objects.ts";
import { jsConstants, stringList } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { strip } from "../../languages/strip.ts";
import { javascriptSyntax } from "../../languages/javascript/syntax.ts";
import { splitOutsideBrackets } from "../common/operators.ts";

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
  // A check whose paths a predicate of the app's picks (`isAuthProtectedRoute(pathname) && !session`) is
  // read whatever else the module calls: those calls are the predicate and the function around the check.
  const found = signInRedirect(source, constants);
  const redirect = !calls.length || found?.predicates.length ? found : undefined;
  // Or a module of the app's it hands the other requests to (papermark's `return AppMiddleware(req)`
  // but for `/view/` and the like), whose check filesystem/next.ts reads where it is defined.
  const handed = !redirect && !calls.length ? handedOn(source) : undefined;
  const guards = redirect ? [redirect.guard] : handed ? [`${DELEGATE}${handed.callee}`] : calls;
  if (guards.length === 0) return [];
  const config = CONFIG.exec(source.code);
  const matcher = config ? objectProperties(source, config.index + config[0].length - 1).get("matcher") : undefined;
  const patterned: { role: PatternRole; path: string; guards: string[]; line: number }[] =
    (matcher ? patterns(source, matcher, constants) : ["/:path*"])
      .map((path) => ({ role: "matcher", path, guards, line: config ? source.lineAt(config.index) : 1 }));
  for (const path of redirect?.open ?? []) patterned.push({ role: "public", path, guards, line: redirect!.line });
  for (const path of handed?.open ?? []) patterned.push({ role: "public", path, guards, line: handed!.line });
  for (const path of redirect?.covered ?? []) patterned.push({ role: "protected", path, guards, line: redirect!.line });
  for (const { name, open } of redirect?.predicates ?? []) patterned.push({ role: open ? "public" : "protected", path: `${PREDICATE}${name}`, guards, line: redirect!.line });
  for (const m of source.code.matchAll(ROUTE_MATCHER)) {
    const list = callArguments(source.code, m.index + m[0].length - 1).args[0];
    const role: PatternRole = /public/i.test(m[1]!) ? "public" : "protected";
    for (const path of list ? patterns(source, list, constants) : []) {
      patterned.push({ role, path, guards, line: source.lineAt(m.index) });
    }
  }
  return patterned;
}

/** A guard standing for the check of a function the middleware hands requests to (`delegate:AppMiddleware`), read where it is defined. */
export const DELEGATE = "delegate:";

// `if (!path.startsWith("/view/") && !path.startsWith("/verify")) { return AppMiddleware(req); }`.
const HANDS_ON = /\bif\s*\(/g;

/** The function of the app's the middleware hands a request to, but for the paths the condition leaves out. */
function handedOn(source: RouteSource): { callee: string; open: string[]; line: number } | undefined {
  for (const m of source.code.matchAll(HANDS_ON)) {
    const { args, end } = callArguments(source.code, m.index + m[0].length - 1);
    const call = /^\s*\{?\s*return\s+(?:await\s+)?([A-Z][\w$]*)\s*\(\s*[\w$]+\s*(?:,\s*[\w$]+\s*)?\)/.exec(source.code.slice(end, end + 200));
    if (!args[0] || !call) continue;
    // Only a condition that names the paths it leaves out: another (`isAnalyticsPath(path)`, a host) hands on a few requests elsewhere.
    const open = conjuncts(source.text.slice(args[0].start, args[0].end)).map(openPath);
    if (open.every((p) => p !== undefined)) return { callee: call[1]!, open: open as string[], line: source.lineAt(m.index) };
  }
  return undefined;
}

/**
 * A pattern standing for the paths a predicate of the app's picks (`predicate:isAuthProtectedRoute`),
 * read where the predicate is defined (filesystem/next.ts).
 */
export const PREDICATE = "predicate:";

// `if (!token && path !== "/login" && !path.startsWith("/share/")) return NextResponse.redirect(new URL("/login", req.url))`:
// the check the Next.js documentation shows, without a helper named like one. Its condition asks
// for no caller (`!token`, `!session`, `!user`, `!isLoggedIn`) and names the paths it covers or leaves open.
const REFUSAL = /\bif\s*\(/g;
const NO_CALLER = /^!\s*(?:await\s+)?[\w$.?]*(?:token|session|user|auth|logged|signed|cookie)[\w$.?]*$/i;
// The sign-in page, its URL maybe built on the app's (`${WEBAPP_URL}/auth/login?callbackUrl=...`).
const SIGN_IN_PATH = /["'`](?:\$\{[^}]*\})?\/(?:[\w-]+\/)*(?:log-?in|sign-?in|auth)\b[^"'`]*["'`]/i;
const RESPONDS = /\breturn\s+(?:NextResponse|Response)\s*\.\s*(?:redirect\s*\(|json\s*\([^;]*\bstatus\s*:\s*40[13]\b)/;
const PATH = String.raw`(["'\`])(\/[^"'\`]*)\1`;
const OPEN_PATH = new RegExp(String.raw`^[\w$.]+\s*!==?\s*${PATH}$`);
const OPEN_PREFIX = new RegExp(String.raw`^!\s*[\w$.]+\.startsWith\(\s*${PATH}\s*\)$`);
const OPEN_LIST = /^!\s*([A-Za-z_$][\w$]*)\.(?:includes|has)\([^()]*\)$/;
// `path !== LOGIN_PATH`, the path a constant of the module holds.
const OPEN_CONSTANT = /^[\w$.]+\s*!==?\s*([A-Z_$][\w$]*)$/;
const COVERED_PATH = new RegExp(String.raw`^[\w$.]+\s*===?\s*${PATH}$`);
const COVERED_PREFIX = new RegExp(String.raw`^[\w$.]+\.startsWith\(\s*${PATH}\s*\)$`);
// A predicate of the app's on the path: `isAuthProtectedRoute(request.nextUrl.pathname)`, or its negation.
const PATH_PREDICATE = /^(!\s*)?([A-Za-z_$][\w$]*)\(\s*[\w$.?]*(?:path|url|pathname)[\w$.?]*\s*\)$/i;

type SignInCheck = { guard: string; open: string[]; covered: string[]; predicates: { name: string; open: boolean }[]; line: number };

/**
 * The check a middleware makes itself: an `if` whose condition asks for no caller and whose body
 * sends the caller to sign in (or answers 401/403), with the paths its condition leaves open
 * (`path !== "/login"`, `!path.startsWith("/share/")`, `!publicPaths.includes(path)`) or limits
 * it to (`path.startsWith("/dashboard")`). A condition with any other part (`isAuthenticatedPath`)
 * covers paths the analysis cannot tell: no check is read from it.
 */
function signInRedirect(source: RouteSource, constants: Map<string, string>): SignInCheck | undefined {
  for (const m of source.code.matchAll(REFUSAL)) {
    const { args, end } = callArguments(source.code, m.index + m[0].length - 1);
    if (!args[0]) continue;
    // The statement the `if` runs, or its block (`{ const url = new URL("/login", req.url); ...; return NextResponse.redirect(url); }`).
    const block = /^\s*\{/.exec(source.code.slice(end, end + 50));
    const bodyEnd = block ? callArguments(source.code, end + block[0].length - 1).end : end + source.code.slice(end, end + 400).split(";")[0]!.length;
    const responds = RESPONDS.exec(source.code.slice(end, bodyEnd));
    // Read in the text (strings kept), at the offsets of the code (comments and strings blanked).
    if (!responds || (/redirect/.test(responds[0]) && !signInPath(source.text.slice(end, bodyEnd), constants))) continue;
    const check: SignInCheck = { guard: "(redirects callers without a session to sign in)", open: [], covered: [], predicates: [], line: source.lineAt(m.index) };
    let asksForCaller = false;
    let unknown = false;
    for (const part of conjuncts(source.text.slice(args[0].start, args[0].end))) {
      let found: RegExpExecArray | null;
      const open = openPath(part);
      if (part.split("||").every((p) => NO_CALLER.test(unwrap(p)))) asksForCaller = true;
      else if (open !== undefined) check.open.push(open);
      else if ((found = OPEN_CONSTANT.exec(part)) && constants.get(found[1]!)?.startsWith("/")) check.open.push(constants.get(found[1]!)!);
      else if ((found = OPEN_LIST.exec(part))) check.open.push(...listOf(source, found[1]!, constants));
      else if ((found = COVERED_PATH.exec(part))) check.covered.push(found[2]!);
      else if ((found = COVERED_PREFIX.exec(part))) check.covered.push(`${found[2]!.replace(/\/$/, "")}/:path*`);
      else if ((found = PATH_PREDICATE.exec(part))) check.predicates.push({ name: found[2]!, open: !!found[1] });
      else unknown = true;
    }
    if (asksForCaller && !unknown) return check;
  }
  return undefined;
}

/** Whether a redirect's statements name the sign-in page: written there, or a constant of the module holding it (`new URL(LOGIN_PATH, req.url)`). */
function signInPath(text: string, constants: ReadonlyMap<string, string>): boolean {
  if (SIGN_IN_PATH.test(text)) return true;
  return [...text.matchAll(/\b[A-Z_$][\w$]*\b/g)].some((m) => SIGN_IN_PATH.test(JSON.stringify(constants.get(m[0]) ?? "")));
}

/** The path a part of a condition leaves open: `path !== "/login"`, or `!path.startsWith("/share/")` (`/share/:path*`, which matches `/share` too). */
function openPath(part: string): string | undefined {
  const path = OPEN_PATH.exec(part)?.[2];
  if (path !== undefined) return path;
  const prefix = OPEN_PREFIX.exec(part)?.[2];
  return prefix === undefined ? undefined : `${prefix.replace(/\/$/, "")}/:path*`;
}

/** The parts of a condition joined by `&&` outside parentheses, each without its outer parentheses. */
function conjuncts(condition: string): string[] {
  return splitOutsideBrackets(condition, (code, at) => (code.startsWith("&&", at) ? 2 : 0)).map(unwrap);
}

const unwrap = (part: string): string => {
  const trimmed = part.trim();
  return trimmed.startsWith("(") && callArguments(trimmed, 0).end === trimmed.length ? unwrap(trimmed.slice(1, -1)) : trimmed;
};

/**
 * The sign-in check a module of the middleware makes (dub's `AppMiddleware`, which the middleware
 * hands an app host's requests): its guard and the paths it leaves open, or undefined.
 */
export function moduleSignInCheck(path: string, text: string): Omit<SignInCheck, "line"> | undefined {
  const source = { ...strip(text, javascriptSyntax), path, text };
  return signInRedirect(source, jsConstants(source));
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

/**
 * Laravel middleware that guard nobody without a user:
 * - those that guard only when asked to: Cachet's `'auth.api' => ApiAuthentication::class`, whose
 *   `handle(Request $request, Closure $next, $required = false)` lets a caller without a token
 *   through unless the route passes `auth.api:true`;
 * - those that pass a request without a user on first;
 * - those that sign in the user a token names and turn nobody away (FreeScout's `TokenAuth`);
 * - those that act on signed-in users only (`if ($request->user()) { ... } return $next($request);`);
 * - those whose `handle()` never looks at the caller, such as BookStack's `'guard' =>
 *   CheckGuard::class`, which compares the configured sign-in method with its parameters.
 * An alias is read as its class (php/middleware-aliases.ts), the class where the project defines it.
 */
import { phpWithoutComments } from "../../languages/php/strings.ts";
import { callArguments } from "../source.ts";
import { projectParent } from "./controller-guards.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// A handle() whose parameter after the request and the next closure turns the check on.
const ASKED_FOR = /function\s+handle\s*\([^)]*?\$\w+\s*,\s*(?:\\?Closure\s+)?\$\w+\s*,\s*(?:\??bool\s+)?\$(?:required|force|strict|enforce)\w*\s*=\s*false\b/i;

// A handle() that passes a request without a user on first: `if (!$user || ...) { return $next($request); }`.
const PASSES_ANONYMOUS = /function\s+handle\s*\([^)]*\)[^{]*\{(?:(?!return)[\s\S])*?\bif\s*\(\s*(?:!\s*\$(?:user|request->user\(\))|is_null\s*\(\s*\$user\s*\)|\$user\s*===?\s*null)\b[^{;]*\)\s*\{?\s*return\s+\$next\s*\(/;
// A handle() that begins by asking whether there is a user: `if ($request->user()) {`, `if (Auth::check()) {`.
const IF_USER = /function\s+handle\s*\([^)]*\)[^{]*\{\s*if\s*\(\s*(?:\$\w+\s*=\s*)?(?:\$request\s*->\s*user\s*\(\s*\)|Auth\s*::\s*(?:check|user)\s*\(\s*\)|auth\s*\(\s*\)\s*->\s*(?:check|user)\s*\(\s*\))\s*\)\s*\{/;
// What a middleware that decides who may call reads or answers: the user (`$request->user()`,
// `Auth::`, `auth()`, a helper such as `userCan()`), a token or header, a refusal.
const READS_CALLER = /\buser\w*\s*\(|->\s*user\b|\bAuth\s*::|\bauth\s*\(|->\s*(?:check|guard|guest|bearerToken|header|hasValidSignature)\s*\(|\$_(?:SERVER|COOKIE)|token|session\s*\(\s*\)\s*->\s*(?:get|has)\s*\(|Unauthori[sz]ed|Authenticat|AccessDenied|\babort\s*\(|Gate\s*::/i;
// A middleware that signs in the user a request names (`Auth::login($user)`, `auth()->setUser(...)`), and
// what one that turns callers away does: aborts, answers 401/403, throws, redirects, hands on to the check it extends.
const SIGNS_IN = /\bAuth\s*::\s*(?:login|loginUsingId|onceUsingId|setUser)\s*\(|\bauth\s*\(\s*\)\s*->\s*(?:login|setUser)\s*\(/;
const REFUSES = /\babort(?:_if|_unless)?\s*\(|\b40[13]\b|Unauthori[sz]ed|Unauthenticated|AuthenticationException|AuthorizationException|AccessDenied|Forbidden|HTTP_FORBIDDEN|HTTP_UNAUTHORIZED|\bredirect\s*\(|Redirect\s*::|parent\s*::\s*handle\s*\(|->\s*authenticate\s*\(|\bthrow\b|->\s*\w*(?:error|denied|forbidden|unauthori[sz]ed)\w*\s*\(/i;
// A check that the caller is signed in, turned down: `if (! auth()->guard($guard)->check()) { return redirect()->route('login'); }`,
// `if (Auth::guest()) abort(401)`, `if (!$request->user()) { throw new AuthenticationException(); }`.
const SIGNED_IN = String.raw`(?:auth\s*\(\s*\)|Auth\s*::)\s*(?:->\s*)?(?:guard\s*\([^)]*\)\s*->\s*)?(?:check|user|id)\s*\(\s*\)|\$request\s*->\s*user\s*\(\s*\)`;
const GUEST = String.raw`(?:auth\s*\(\s*\)|Auth\s*::)\s*(?:->\s*)?(?:guard\s*\([^)]*\)\s*->\s*)?guest\s*\(\s*\)`;
const REFUSES_GUEST = new RegExp(String.raw`\bif\s*\(\s*(?:!\s*${SIGNED_IN}|${GUEST})\s*\)\s*\{?\s*(?:return\s+)?(?:redirect\s*\(|abort\s*\(|response\s*\(|throw\b|Redirect\s*::)`);

// A request that brings no key or token is turned down: `if (!$api_key) { ... throw new ApiException('AUTH_ERROR', ..., 401) }`,
// `if (!$request->bearerToken()) { return response()->json([...], 401); }`.
const REFUSES_WITHOUT_KEY = /\bif\s*\(\s*!\s*(?:\$\w*(?:api_?key|token)\w*|\$request\s*->\s*bearerToken\s*\(\s*\))\s*\)\s*\{[\s\S]{0,400}?(?:\bthrow\b|\babort\s*\(|\b401\b)/i;

// Laravel's own: `auth.session` (AuthenticateSession) checks a signed-in user's session is still
// theirs and lets a request without one through.
const FRAMEWORK_OPTIONAL = new Set(["auth.session", "AuthenticateSession"]);

/**
 * A handle() whose every check sits in an `if` that there is a user, followed by nothing but
 * `return $next($request);`: it acts on signed-in users (Pixelfed's `TwoFactorAuth` sends one
 * to the 2FA checkpoint) and lets a request without one through.
 */
function actsOnUsersOnly(source: string): boolean {
  const m = IF_USER.exec(source) ?? USER_READ_FIRST.exec(source);
  if (!m) return false;
  const close = callArguments(source, m.index + m[0].length - 1).end;
  return /^\s*return\s+\$next\s*\(\s*\$request\s*\)\s*;\s*\}/.test(source.slice(close));
}

// Or one that reads the user first and acts only when there is one, whatever else it asks
// (osu-web's VerifyUser: `$user = $this->auth->user(); if ($user !== null && !$user->isSessionVerified() && ...) {`).
const USER_READ_FIRST = /function\s+handle\s*\([^)]*\)[^{]*\{\s*\$(\w+)\s*=\s*[^;]*?(?:->\s*user|Auth\s*::\s*user)\s*\(\s*\)\s*;\s*if\s*\(\s*(?:\$\1\s*!==?\s*null|\$\1|!\s*is_null\s*\(\s*\$\1\s*\)|isset\s*\(\s*\$\1\s*\))\s*(?:&&[^{]*)?\)\s*\{/;

type Judged = { looksAway: boolean; optional: boolean; refuses: boolean };

/** How each middleware class of the project's treats a caller, read once per class where the project defines it. */
function middlewareClasses(project: Project | undefined, classFile: (name: string) => string | undefined): (name: string) => Judged {
  const byClass = new Map<string, Judged>();
  const judge = (name: string, depth: number): Judged => {
    let read = byClass.get(name);
    if (read === undefined) {
      const file = classFile(name);
      const text = file === undefined ? undefined : project?.text(file);
      const source = text === undefined ? "" : phpWithoutComments(text);
      const handles = /\bfunction\s+handle\s*\(/.test(source);
      // A class that defines no handle() of its own is judged as the project's class it extends
      // (osu-web's VerifyUserAlways, a VerifyUser); one extending Laravel's Authenticate is not judged.
      const parent = projectParent(source, classFile);
      if (!handles && parent && parent.file !== file && depth < 4) {
        read = judge(parent.name, depth + 1);
        byClass.set(name, read);
        return read;
      }
      // One that signs in whoever sends a token and turns nobody away (FreeScout's TokenAuth) guards nobody either.
      const loadsOnly = SIGNS_IN.test(source) && !REFUSES.test(source);
      const looksAway = handles && (!READS_CALLER.test(source) || loadsOnly || actsOnUsersOnly(source));
      const optional = handles && (ASKED_FOR.test(source) || PASSES_ANONYMOUS.test(source));
      // Refusing a request is not checking its caller (Invoice Ninja's SetDomainNameDb answers 403 for an unknown
      // tenant, ContactKeyLogin signs a contact in by a key): it must turn away a caller who is not signed in.
      read = { looksAway, optional, refuses: handles && !looksAway && !optional && (REFUSES_GUEST.test(source) || REFUSES_WITHOUT_KEY.test(source)) };
      byClass.set(name, read);
    }
    return read;
  };
  return (name) => judge(name, 0);
}

/**
 * A function telling whether a Laravel guard, as a route names it (`auth.api`, `auth.api:true`,
 * `guard:standard`, `RequireTwoFactorAuthentication`), lets callers without credentials
 * through: it never looks at the caller, checks only when asked, or passes a request without a
 * user on before anything else.
 */
export function optionalLaravelMiddleware(project: Project | undefined, classFile: (name: string) => string | undefined, aliases: () => ReadonlyMap<string, string>): (guard: string) => boolean {
  const classOf = middlewareClasses(project, classFile);
  return (guard) => {
    if (FRAMEWORK_OPTIONAL.has(guard)) return true;
    const [name, parameters] = [guard.split(":")[0]!, guard.includes(":")];
    const qualified = aliases().get(name) ?? name;
    if (!/^[A-Z]\w*$/.test(qualified.split("\\").pop()!)) return false;
    const read = classOf(qualified);
    // Given any parameter (`auth.api:true`), a check that waits to be asked for is asked for.
    return read.looksAway || (!parameters && read.optional);
  };
}

/**
 * A function telling whether a middleware class of the project's, whatever its name, turns away
 * a caller it reads: Krayin's `'user' => Bouncer::class`, whose handle() redirects to the sign-in
 * page unless `auth()->guard($guard)->check()`.
 */
export function refusingLaravelMiddleware(project: Project | undefined, classFile: (name: string) => string | undefined): (qualifiedName: string) => boolean {
  const classOf = middlewareClasses(project, classFile);
  return (className) => /^[A-Z]\w*$/.test(className.split("\\").pop()!) && classOf(className).refuses;
}

/**
 * Route paths written the one way the report uses: a leading slash, no trailing slash (but
 * "/"), no doubled slashes, and every parameter as `{name}` whatever the framework's syntax:
 * `:id`, `<id>`, `<int:id>`, `{id:int}`, `[id]`, `[...slug]`, `(?P<id>...)`, `*`; a trailing
 * `<path:rest>` as `*`.
 */
export function normalizePath(path: string): string {
  let p = path.trim();
  p = p.replace(/^\^/, "").replace(/\$$/, "");
  p = p.replace(/\(\?P<(\w+)>[^)]*\)/g, "{$1}");
  p = p.replace(/\[\[?\.\.\.(\w+)\]?\]/g, "{$1}");
  p = p.replace(/\[(\w+)\]/g, "{$1}");
  // Flask and Django write the converter first (`<int:id>`), Sanic the name (`<id:int>`).
  // A converter may take arguments (Werkzeug's `<any(lecture,meeting):event_type>`, `<string(length=2):code>`).
  p = p.replace(/<(\w+)\([^()<>]*\):(\w+)>/g, "{$2}");
  // Werkzeug's and Django's `path` converter at the end matches the rest, slashes and all: a subtree.
  p = p.replace(/<path:\w+>\/?$/, "*");
  // A converter of the app's own (`<apirepopath:repository>`) is Flask's order too, unless what follows is a Sanic type.
  p = p.replace(/<(\w+):(\w+)>/g, (_, a: string, b: string) => `{${FLASK_CONVERTERS.has(a) || !SANIC_TYPES.has(b) ? b : a}}`);
  p = p.replace(/<(\w+)>/g, "{$1}");
  p = bracedParameters(p);
  // `:id` after a separator; after a word or a parameter it is a literal, as in a Google-style custom verb (`/memos/{name}:archive`),
  // and so is a name after `::` (Lychee's `/Album::rename`).
  p = p.replace(/(?<![A-Za-z0-9}:]):(\w+)(?:\([^)]*\))?\??/g, "{$1}");
  p = p.replace(/(^|\/)\*(\w+)/g, "$1{$2}");
  p = "/" + p.replace(/^\/+/, "");
  p = p.replace(/\/{2,}/g, "/");
  if (p.length > 1) p = p.replace(/\/+$/, "");
  return p;
}

/**
 * `{id}`, `{id?}` and `{id:pattern}` (JAX-RS's `{id : pattern}`) written `{id}`; a pattern may hold
 * braces of its own (gorilla's `{post:[a-zA-Z0-9]{10}}`), so the parameter ends at the brace that
 * closes it. A parameter that is an optional ending of the path after another, its pattern a slash
 * and text that may be absent (CommaFeed's `{userId}{optionalTrailingFever : (/fever)?}{optionalTrailingSlash : (/)?}`),
 * is left out: the route is served without it.
 */
function bracedParameters(path: string): string {
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const m = path[i] === "{" ? /^\{[ \t]*(\w+)[ \t]*(:|\??\})/.exec(path.slice(i)) : null;
    if (!m) {
      out += path[i];
      continue;
    }
    let end = i + m[0].length - 1;
    if (m[2] === ":") {
      for (let depth = 1; depth > 0 && end + 1 < path.length; ) {
        end++;
        if (path[end] === "{") depth++;
        else if (path[end] === "}") depth--;
      }
    }
    // An ending: it follows more of its segment (another parameter), and its pattern may be nothing or
    // a slash and more; a whole segment (`/objects/info/{file:[^/]*}`) stays, whatever its pattern.
    const pattern = m[2] === ":" ? path.slice(i + m[0].length, end).trim() : "";
    const ending = i > 0 && path[i - 1] !== "/" && pattern.includes("/") && matchesNothing(pattern);
    if (!ending) out += `{${m[1]}}`;
    i = end;
  }
  return out;
}

/** Whether a route parameter's pattern matches the empty text (`(/fever)?`, `/?`); false for one this engine cannot read. */
function matchesNothing(pattern: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`).test("");
  } catch {
    return false;
  }
}

// Flask's and Django's path converters (`<int:id>`, `<str:username>`, `<slug:slug>`).
const FLASK_CONVERTERS = new Set(["string", "int", "float", "path", "uuid", "any", "str", "slug"]);
// Sanic's parameter types, written after the name (`<tag:str>`, `<year:ymd>`).
const SANIC_TYPES = new Set(["str", "strorempty", "int", "float", "alpha", "slug", "path", "ymd", "uuid", "ext", "number", "string"]);

/**
 * The paths a route with optional segments answers, each without and with the segment, nested
 * ones only with the one around them: Rails' `/top(/:length(/page/:page))`, Slim's and
 * FastRoute's `/news[/{year}[/{month}]]`, Express 5's `/p/:pad{/:rev}/export`.
 */
export function optionalSegmentForms(path: string, brackets: "()" | "[]" | "{}"): string[] {
  const [openChar, closeChar] = brackets;
  const open = path.indexOf(openChar!);
  if (open === -1) return [path];
  let depth = 0;
  let close = open;
  for (; close < path.length; close++) {
    if (path[close] === openChar) depth++;
    else if (path[close] === closeChar && --depth === 0) break;
  }
  const before = path.slice(0, open);
  const after = path.slice(close + 1);
  return [...new Set([...optionalSegmentForms(before + after, brackets), ...optionalSegmentForms(before + path.slice(open + 1, close) + after, brackets)])];
}

/**
 * The paths a route with optional parameters answers: Express's `/badge/:id/:duration?` and
 * Laravel's or ASP.NET's `{duration?}` match with and without the segment, so both are served.
 */
export function optionalParameterForms(path: string): string[] {
  const segments = path.split("/");
  const optional = segments.flatMap((s, i) => (OPTIONAL_PARAMETER.test(s) ? [i] : []));
  // A handful at most: each doubles the forms.
  if (!optional.length || optional.length > 3) return [path];
  const forms: string[] = [];
  for (let mask = 0; mask < 1 << optional.length; mask++) {
    forms.push(segments.filter((_, i) => !optional.includes(i) || (mask >> optional.indexOf(i)) & 1).join("/"));
  }
  return forms;
}

// `:id?`, `{id?}`, and ASP.NET's constrained `{id:int?}`.
const OPTIONAL_PARAMETER = /^(?::\w+\?|\{\w+(?::[^{}]*)?\?\})$/;

/** Joins prefixes and a path into one normalised path. */
export function joinPaths(...parts: string[]): string {
  return normalizePath(parts.filter((part) => part && part !== "/").map((part) => part.replace(/^\/+|\/+$/g, "")).join("/"));
}

/** The first segment of a path, for grouping: "/api/users/{id}" -> "/api". */
export const pathPrefix = (path: string): string => "/" + (path.split("/")[1] ?? "");

// Middleware and guard names that protect a route: the usual auth vocabulary of every framework.
// A session alone is no check: `session()`, `cookieSession`, scs's `LoadAndSave` and gin's
// `sessions.Sessions` load one for every caller; `requireSession`, `checkSession` turn callers away,
// as do `checkLogin`, Sa-Token's `@SaCheckLogin`, `require_logged_in_user` and a filter that
// sends an anonymous caller to sign in (`before_action :redirect_to_signin, unless: :signed_in?`),
// and a filter required for a sign-in of either kind (`login_or_feed_token_required`).
const GUARD_NAME = /guard|protect|privilege|require[ds]?[_-]?(user|login|role|admin|permission|scope|token|session|api[_-]?key|(?:logged|signed)[_-]?in|sign[_-]?in)|require[ds]?[_-]?\w+[_-]token\b|(?:check|valid(?:ate)?|has|must)[_-]?(?:user[_-]?)?(?:session|login)|(?:check|valid|has)[_-]?(?:[A-Za-z]+[_-]?)?api[_-]?key|check[_-]?(?:[A-Za-z]+[_-]?)?token\b|(?:login|token|admin)(?:_or_\w+?)?_required|sign(?:ature)?[_-]?required|permission|jwt|passport|verify(?![_-]?(?:$|[^A-Za-z_-]|body|input|params|query|request|data|form|schema|captcha|recaptcha|email|password|reset|(?:by[_-]?)?credentials|\w*identity[_-]?token))|ensure[_-]?(?:user|login|logged|signed|admin|role|permission|session)|must[_-]?be[_-]?(?:[a-z]+[_-])?(?:admin|owner|member|staff|user|subscriber|authenticated|(?:signed|logged)[_-]?in)\b|acl|rbac|role|authorize|secured|isadmin|isloggedin|(?:admin|restricted)[_-]?access\b|(admin|staff|member|users?|owner)s?[_-]?only|redirect[_-]?to[_-]?(?:sign[_-]?in|log[_-]?in)\b/i;

// Guards of other things than who calls: rate limits, feature flags, caches, maintenance mode,
// error handlers (`authErrorHandler` answers a failed check, it does not make one), and the set-up
// of an auth library (`passport.initialize()`, `passport.session()` restore a caller, refuse none).
// A CSRF check refuses a forged cross-site request, not an anonymous one: it is no guard either.
// So is an account lock after failed sign-ins (`Auth_LockMiddleware`): a limit on attempts.
// A rate limiter's options named for the endpoint they limit (`api.limiterOpts.PasskeyAuthentication`) and a check
// that a feature is on (`requireOAuthServerEnabled`) are no check of the caller either; nor is a call that
// reads a setting about sign-in (`resolveRuntimeAuthUiMode`, `getAuthConfig`, `authOptions`).
const NOT_AUTH = /(?:^|[^A-Za-z])(?:save|store|persist|clear)_?[Aa]uth|throttl|rate.?limit|limiter|feature.?(?:flag|access)|flag.?guard|cache|maintenance|timeout|logging|cors|csrf|error|initiali[sz]e|passport\.session\b|lock(?:out)?[_-]?middleware|[a-z]Enabled$|[a-z](?:Mode|Config|Options|Settings)$/i;

// Checks for the opposite: only callers without a session get through (`require_unauthenticated`,
// Laravel's `RedirectIfAuthenticated`, a `guest` middleware), or anyone does (`AllowAnonymous`).
const GUESTS = /(?:^|[^A-Za-z])un[_-]?auth|Unauth|guest|Guest|anonymous|Anonymous|if[_-]?authenticated|IfAuthenticated/;
// A single sign-on through another provider (`GithubSSOGuard`: Passport's strategy sends the caller
// to the provider and back; Ruby's OmniAuth, whose callback `check_valid_omniauth` reads, Elixir's Ueberauth): the way
// in, not a check of who calls. A provider's name alone says nothing: `GoogleAuthGuard` may check
// the app's own token.
// So are the steps of a sign-in the app runs itself: starting or polling a device or OAuth flow
// (`startDeviceAuth`, `pollDeviceAuthToken`), nuxt-auth-utils' `defineOAuthGitHubEventHandler` and
// the handling of the user it returns (`handleOAuthUser`), checking a one-time code (`verifyOTPForUser`), and the
// provider's address the caller is sent to (openid-client's `buildAuthorizationUrl`).
const SIGN_IN = /SSO|[Oo]mni[_-]?[Aa]uth|Ueberauth|^(?:start|begin|poll)[A-Z]\w*Auth|DeviceAuth|OAuth\w*(?:EventHandler|User)(?![a-z])|verify_?(?:OTP|Otp|otp)(?![a-z])|[Aa]uthori[sz](?:ation|e)_?(?:Url|URL|url|Uri|URI|uri)(?![a-z])/;

// Go's shorthand for "require" in middleware names (Gogs' and Gitea's `reqSignIn`, `reqToken()`, `reqSiteAdmin`);
// written in camel case only, as `req` alone is as often a request.
// Also the repository's and organization's roles: `reqRepoWriter`, `reqRepoAdmin`, `reqOrgMembership`.
const REQ_SHORTHAND = /(?:^|\.)req(?:Sign[Ii]n|Log[Ii]n|(?:Site)?Admin|Token|BasicAuth|Auth|(?:Repo|Org|Team)(?:Writer|Reader|Admin|Owner|Member(?:ship)?))(?![a-z])/;

/** Whether a middleware or decorator name looks like one that guards a route. */
// "auth" as a word of a name (`auth`, `requireAuth`, `basic_auth`, `AuthMiddleware`, `oauth2`,
// `isAuthenticated`) or ending one (`basicauth.New`, `keyauth`, `authz`), not inside another
// word: a product named Rauthy names its middleware `RauthyIpBlacklistMiddleware`, which checks
// no caller. Case matters here.
const AUTH_WORD = /(?:^|[^A-Za-z])[Aa]uth|[a-z\d]Auth|[Aa]uth[nz]?(?![a-z])|[Oo][Aa]uth|AUTH|[Aa]uthenticat|[Aa]uthori[sz]/;

// Devise's form of a filter that refuses callers who are not signed in: `authenticate_user!`, also in a name that
// says why it is the app's own (`omniauth_workaround_authenticate_user!`).
const DEVISE_FILTER = /authenticate_\w+!$/;

// Camel case for a required token (`RequiredCrossServiceTokenMiddleware`), where GUARD_NAME wants a separator.
const REQUIRED_TOKEN = /(?:^|[^A-Za-z]|[a-z])Require[ds]?[A-Z]\w*?Token(?=[A-Z_]|$)/;

// Camel case for a requirement of a kind of user (`requireInstallAdmin`, `requireSiteAdmin`, `requireOrgOwner`), a word between.
const REQUIRED_KIND = /(?:^|[^A-Za-z])require[ds]?[A-Z][a-z]+(?:Admin|Owner|Member|User|Login)s?(?![a-z])/;

/** Whether a name says what it checks is something other than who calls (a rate limit, a cache, CSRF): no guard, whatever its body refuses. */
export const checksOtherThanCaller = (name: string): boolean => NOT_AUTH.test(name);

export const isGuardName = (name: string): boolean =>
  (GUARD_NAME.test(name) || AUTH_WORD.test(name) || REQ_SHORTHAND.test(name) || REQUIRED_TOKEN.test(name) || REQUIRED_KIND.test(name)) && !NOT_AUTH.test(name) && !GUESTS.test(name) && (!SIGN_IN.test(name) || DEVISE_FILTER.test(name));

// Names of guards that read the caller when there is one and let everyone through:
// `auth.optional`, `authenticate_optional`, `JwtGuestAuthGuard`, `opt_auth`, `AuthOptPipeline`,
// `WebUserOrAnonymous`, and go-pkgz/auth's `authMiddleware.Trace` (its `Auth` is the one that refuses);
// and checks that apply only when a setting asks for them, off by default (Redmine's
// `check_if_login_required`, `session_auth_when_required`).
const OPTIONAL_GUARD_NAME = /[Oo]ptional|[Gg]uest|[Mm]aybe|(?:^|[^A-Za-z])opt(?:[^a-z]|$)|Opt(?=[A-Z_]|$)|Or_?[Aa]nonymous|\.Trace$|(?:if|when)_(?:login_|auth_)?required\b|(?:If|When)(?:Login|Auth)?Required\b/;

// Names that declare a route open to anyone on purpose: NestJS's `@Public()`, ASP.NET's
// `AllowAnonymous`, a Go wrapper around the handler (Portainer's `bouncer.PublicAccess(h)`).
const DECLARES_PUBLIC = /^(?:Public|IsPublic|PublicRoute|PublicEndpoint|PublicAccess|AllowAnonymous|Anonymous|AnonymousAccess|SkipAuth\w*|NoAuth|Unauthenticated|Unprotected)$/;

/** Whether a decorator's or wrapper's name (its last part: `bouncer.PublicAccess`) declares its route public. */
export const declaresPublic = (name: string): boolean => DECLARES_PUBLIC.test(name.split(".").at(-1)!);

// A router or group the code names for callers without an account (ente's `publicAPI :=
// server.Group("/")` beside its `privateAPI`, `publicRouter`, `unauthenticatedRoutes`).
const FOR_ANONYMOUS = /^(?:public|unauth(?:enticated)?|anonymous)(?:[A-Z_]|$)/;

/** Whether a router's or a group's name (its last part) says it serves callers without an account: what it serves unguarded is public on purpose. */
export const namedForAnonymous = (name: string): boolean => FOR_ANONYMOUS.test(name.split(/::|[.#@]/).pop() ?? "");

/** Whether a guard's name says it is optional (it lets anonymous callers through). */
export const isOptionalGuardName = (name: string): boolean => OPTIONAL_GUARD_NAME.test(name);

/**
 * The mark of a guard candidate: middleware (Go) or a router's dependency (FastAPI) not named
 * like a check, whose body decides after linking whether it guards (guards-away.ts).
 */
export const CANDIDATE = "?";

// Arguments that turn a guard into a reader of the caller's identity that lets everyone through:
// `AuthMiddleware(false)`, `authenticate(optional = true)`, `get_current_user(required=False)`,
// `jwt({ passthrough: true })`, `expressjwt({ credentialsRequired: false })`, `token_required(allow_anonymous=True)`,
// FastAPI's security schemes `HTTPBearer(auto_error=False)`, an option named for what it makes optional
// (FitTrackee's `require_auth(scopes=[...], optional_auth_user=True)`).
const OPTIONAL_ARGUMENTS = /^\s*false\s*$|\b(?:[a-z]+_)?optional(?:_[a-z]+)*\s*[:=]\s*(?:true|True)\b|\ballow_?anonymous\s*[:=]\s*(?:true|True)\b|\brequired\s*[:=]\s*(?:false|False)\b|\bauto_error\s*=\s*False\b|\bpassthrough\s*:\s*true\b|\bcredentialsRequired\s*:\s*false\b/;

/** Whether a guard call's arguments (the text between its parentheses) make it optional. */
export const optionalByArguments = (args: string): boolean => OPTIONAL_ARGUMENTS.test(args);

export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether a route changes state: its method writes, or it answers every method and was written for one that does. */
export const writesState = (route: { method: string; handles?: readonly string[] }): boolean =>
  WRITE_METHODS.has(route.method) || (route.method === "ALL" && !!route.handles?.some((m) => WRITE_METHODS.has(m)));

/** The guard of a handler that refuses a caller without credentials itself (JS handlers, Rust handlers). */
export const REFUSES_ANONYMOUS = "401 without credentials";

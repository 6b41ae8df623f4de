/**
 * Go guards read from their bodies, wherever the repository defines them. A wrapper around a
 * handler: `middleware.WithUser(ac.CreateArticle)` is guarded when `WithUser` answers 401 or 403
 * itself (`http.StatusUnauthorized`, `response.UnauthorizeError(w, ...)`); its name alone says
 * nothing of a check, so its body decides, and the route carries the wrapper's name as its guard.
 * A guard-named middleware that hands a request without credentials on guards nothing.
 */

import { closing } from "../../languages/curly.ts";
import { callArguments } from "../source.ts";

/** The bodies of the repository's Go functions by name (function-bodies.ts). */
type GoBodies = (name: string) => readonly string[];

// A refusal of the caller written in the wrapper: the status, or a helper named after it.
// An error of the app's named for it (`ErrNotLoggedIn`, `ErrBadAccessToken`, `ErrPermissionDenied`) counts, and so does
// turning away who is not an admin (`if u == nil || !u.IsAdmin() { ... }`) or returning a JWT
// middleware (`return echojwt.WithConfig(...)`), or verifying the request itself before the handler runs
// (Dendrite's `fclient.VerifyHTTPRequest(req, ...)`, a federation request's signature).
const REFUSES = /\b(?:Verify|Authenticate|Authorize)\w*\s*\(\s*(?:req|r|request)\s*[,)]|\b(?:echojwt|jwtware|jwtmiddleware)\.|\bmiddleware\.JWT(?:WithConfig)?\s*\(|\bStatus(?:Unauthorized|Forbidden)\b|\b40[13]\b|[Uu]nauthori[sz]|\bForbidden\w*\s*\(|\bErr\w*(?:NotLoggedIn|NotSignedIn|NotAuthenticated|AccessToken|LoginRequired|PermissionDenied|NotAuthori[sz]ed)\b|==\s*nil\s*\|\|\s*!\s*\w+\.Is(?:Admin|Staff|Superuser)\w*\s*\(/;

// A middleware may also send the caller to sign in (gonic's `http.Redirect(w, r, resolvePath("/admin/login"), http.StatusSeeOther)`);
// a handler doing so may be the sign-in step itself, so handlers are not judged by it.
// Or miniflux's `response.HTMLRedirect(w, r, loginRedirectURL(m.basePath, r.RequestURI))`.
const SENDS_TO_SIGN_IN = /Redirect\w*\s*\([^\n]*\blog_?in(?![a-z])/;
const wrapperRefuses = (body: string) => REFUSES.test(body) || SENDS_TO_SIGN_IN.test(body);

/** A function answering whether a wrapper (`pkg.Name`, `app.name`, `Name`) refuses callers in its body. */
export function goWrapperChecks(bodies: GoBodies): (wrapper: string) => boolean {
  return byBody(bodies, (found) => withDelegates(bodies, found).some(wrapperRefuses));
}

// What a middleware reads to know its caller: a credential, a session, the user it resolves, whether
// the caller is signed in (`isAuthenticated(r)`), or a policy decision on the caller (Casbin's `Enforce(sub, obj, act)`, an app's `authz.IsAllowed(...)`).
const READS_CALLER = /Authorization|Bearer|[Tt]oken|jwt|JWT|[Ss]ession|[Cc]ookie|[Cc]laims|[Aa]pi_?[Kk]ey|CurrentUser|[Pp]rincipal|\.(?:Enforce|IsAllowed)\w*\s*\(|\b[Ii]s(?:Authenticated|LoggedIn|SignedIn)\s*\(/;

/**
 * A function answering whether a middleware not named like a guard (`SetupTokenMiddleware`)
 * refuses callers for who they are: its body refuses, and reads a credential or the caller. A
 * gate on a setting (`if !uc.EnabledOriginalUserSystem { Forbidden }`) is no guard.
 */
export function goCandidateChecks(bodies: GoBodies): (middleware: string) => boolean {
  return byBody(bodies, (found) => withDelegates(bodies, found).some((body) => wrapperRefuses(body) && READS_CALLER.test(body)));
}

// A wrapper that hands its handler to another at once: `func (h *Handler) UserAPI(f) http.HandlerFunc { return h.UserAll(false, f, apiAuth) }`.
const DELEGATES = /^\{\s*return\s+(?:\w+\.)?([A-Za-z_]\w*)\s*\(/;

// A wrapper that wraps its handler in others, one after another: `h = bouncer.mwAuthenticatedUser(h)`.
const REWRAPS = /\b([A-Za-z_]\w*)\s*=\s*(?:\w+\.)?([A-Za-z_]\w*)\s*\(\s*\1\b/g;

/** Bodies, with those of the wrappers they hand on to, two steps at most. */
function withDelegates(bodies: GoBodies, found: readonly string[], depth = 0): string[] {
  if (depth >= 2) return [...found];
  return found.flatMap((body) => {
    const next = [DELEGATES.exec(body)?.[1], ...[...body.matchAll(REWRAPS)].map((m) => m[2])].filter((name): name is string => !!name && name !== "func");
    return [body, ...next.flatMap((name) => withDelegates(bodies, bodies(name), depth + 1))];
  });
}

/**
 * The name the bodies of a wrapper are looked up by: a method named with its receiver's type
 * (`webSessionMiddleware.handle`) is that type's alone, where the repository has it; else the
 * functions the name ends in (`app.authenticate`: every `authenticate`).
 */
function bodyName(bodies: GoBodies, qualified: string): string {
  return /^[A-Za-z_]\w*\.[A-Za-z_]\w*$/.test(qualified) && bodies(qualified).length ? qualified : qualified.split(".").at(-1)!;
}

/** What `holds` says of the bodies of the functions a name (`app.authenticate`) ends in, asked once per name. */
function byBody(bodies: GoBodies, holds: (bodies: readonly string[]) => boolean): (name: string) => boolean {
  const known = new Map<string, boolean>();
  return (qualified) => {
    const name = bodyName(bodies, qualified);
    let answer = known.get(name);
    if (answer === undefined) known.set(name, (answer = holds(bodies(name))));
    return answer;
  };
}

// A middleware that lets a caller without credentials through: an `if` on a missing header,
// token or cookie whose block hands the request on (`if header == "" { next.ServeHTTP(w, r);
// return }`, `if len(token) == 0 { ctx.Next(); return }`, `if tok == nil { c.Next(); return }`, `return next(c)`).
// It reads the caller when there is one.
const PASSES_ANONYMOUS = /\bif\s+(?:[^{\n]*(?:header|token|tok\b|auth|bearer|cookie|jwt|claims|cred|api_?key)[^{\n]*(?:==\s*""|==\s*nil|len\([^)]*\)\s*==\s*0)|len\([^)]*(?:header|token|tok\b|auth|bearer|cookie|jwt|claims|cred|api_?key)[^)]*\)\s*==\s*0)[^{\n]*\{[^}]*?(?:\bnext\s*\.\s*ServeHTTP\s*\(|\bnext\s*\(|\.\s*Next\s*\(\s*\))/i;

// Or one that lets a request for a public resource through before asking for credentials:
// `if isPull && !repo.IsPrivate && !conf.Auth.RequireSigninView { ...; return }` (Gogs' Git over HTTP).
const PASSES_PUBLIC = /\bif\s+[^{\n]*(?:!\s*[\w.]*\.IsPrivate\b|[\w.]*\.IsPublic\b)[^{\n]*\{/;

// Or one that lets every request through unless the site is set to require signing in (a private
// mode, off by default): `mustLogin := siteInfo.LoginRequired` then `if !mustLogin { ctx.Next(); return }`;
// or unless a setting switches the check on (`if !rt.HTTP.ProxyAuth.Enable { c.Next(); return }`).
const PASSES_UNLESS_REQUIRED = /\bif\s+!\s*[\w.]*(?:must_?log_?in|log_?in_?required|require_?log_?in|private_?mode|enabled?)\w*\s*\{[^}]*?(?:\bnext\s*\.\s*ServeHTTP\s*\(|\bnext\s*\(|\.\s*Next\s*\(\s*\))/i;

// A test that the request carries a credential or names a caller (`if token != "" {`, `if authHeader != "" {`, `if user != nil && ... {`).
const PRESENT = /\bif\s+[^{\n]*(?:token|cookie|header|auth|bearer|jwt|key|user|session|claims)[^{\n]*!=\s*(?:""|nil)[^{\n]*\{/gi;

/**
 * Or one that refuses only inside such tests: it checks a credential a request sends and lets a
 * request without one through (Fider's `User()`: a bad or stale token is answered 401, no token is anonymous).
 */
function refusesOnlyWhatIsSent(body: string): boolean {
  const refusals = [...body.matchAll(new RegExp(REFUSES.source, "g"))].map((m) => m.index);
  if (!refusals.length) return false;
  const blocks = [...body.matchAll(PRESENT)].map((m) => ({ start: m.index, end: closing(body, m.index + m[0].length - 1) }));
  return refusals.every((at) => blocks.some((b) => b.start < at && at < b.end));
}

// Handing the request on, and stopping it whatever the status.
const PASSES_ON = /\bnext\s*\.\s*ServeHTTP\s*\(|\bnext\s*\(|\.\s*Next\s*\(\s*\)/;
const ABORTS = /\.\s*Abort\w*\s*\(|\bhttp\.Error\s*\(|\.\s*(?:JSON|String|SendStatus|Status)\s*\(\s*(?:http\.Status|4\d\d)/;

/** Whether a middleware's body hands every request on: it passes it on, stops none, and returns only right after passing it on. */
function refusesNobody(body: string): boolean {
  return PASSES_ON.test(body) && !ABORTS.test(body) && !/\breturn\b/.test(body.replace(new RegExp(String.raw`(?:${PASSES_ON.source})\s*;?\s*return\b`, "g"), ""));
}

/** A function answering whether a middleware (`app.authenticate`) lets anonymous callers through, wherever the repository defines it. */
export function goOptionalMiddleware(bodies: GoBodies): (middleware: string) => boolean {
  return byBody(bodies, (found) => {
    // Of the functions of that name (`User()` beside a context's `User()` accessor), those that refuse are the middleware.
    const refusing = found.filter((body) => REFUSES.test(body));
    const judged = refusing.length ? refusing : found;
    // One that refuses nobody at all and hands every request on (siyuan's `jwtMiddleware`: it reads a token when one is sent) guards nothing either.
    if (found.length > 0 && !refusing.length && found.every(refusesNobody)) return true;
    return judged.length > 0 && judged.every((body) => PASSES_ANONYMOUS.test(body) || PASSES_PUBLIC.test(body) || PASSES_UNLESS_REQUIRED.test(body) || refusesOnlyWhatIsSent(body));
  });
}

// A handler that checks its caller before anything else and returns when the check fails:
// `if err := middleware.RequireLoggedInUser(deps, c); err != nil { return }`, `if !auth.Check(w, r) {
// return }`, or `user, err := requireUser(r)` followed by `if err != nil { ...; return }`. Only its
// first statement: a check further down guards one branch, not the route.
const CHECKS_FIRST = /^\{\s*(?:\/\/[^\n]*\s*)*if\s+(?:[\w\s,]+:?=\s*)?!?\s*([A-Za-z_][\w.]*)\s*\([^{]*\{[^}]*\breturn\b/;
const ASSIGNS_FIRST = /^\{\s*(?:\/\/[^\n]*\s*)*[\w\s,]+:?=\s*([A-Za-z_][\w.]*)\s*\([^\n]*\n\s*if\s+err\s*!=\s*nil\s*\{[^}]*\breturn\b/;
// The same, its arguments over several lines and its error named otherwise (GoToSocial's
// `authed, errWithCode := apiutil.TokenAuth(c,\n true, true, true, true,\n)` then `if errWithCode != nil { ...; return }`).
const ASSIGNED_CALL = /^\{\s*(?:\/\/[^\n]*\s*)*((?:[A-Za-z_]\w*\s*,\s*)*[A-Za-z_]\w*)\s*:?=\s*([A-Za-z_][\w.]*)\s*\(/;

/** Whether the call opening at `open` is told to require nothing: every flag it is given false (`TokenAuth(c, false, false)`). */
function requiresNothing(text: string, open: number): boolean {
  const flags = callArguments(text, open).args.slice(1).map((a) => text.slice(a.start, a.end).trim()).filter((a) => a === "true" || a === "false");
  return flags.length > 0 && flags.every((f) => f === "false");
}

/** The call a handler's first statement assigns an error from, returning when it is set; not one told to require nothing (`TokenAuth(c, false, false)`). */
function assignedCheck(body: string): string | undefined {
  const m = ASSIGNED_CALL.exec(body);
  if (!m) return undefined;
  if (requiresNothing(body, m[0].length - 1)) return undefined;
  const { end } = callArguments(body, m[0].length - 1);
  const names = m[1]!.split(",").map((n) => n.trim()).filter((n) => n !== "_");
  const next = new RegExp(String.raw`^\s*if\s+(${names.join("|")})\s*!=\s*nil\s*\{`).exec(body.slice(end));
  if (!next) return undefined;
  const open = end + next[0].length - 1;
  return /\breturn\b/.test(body.slice(open, closing(body, open))) ? m[2] : undefined;
}

// A call that checks who calls, by its name: `RequireLoggedInUser`, `authenticate`, `ensureAdmin`,
// `checkSession`; not one that only handles credentials posted to it (`parseAuthRequest` of a
// sign-in) or checks the input (`validateUserInput`).
// Or one named for the credentials it authenticates: `TokenAuth`, `BasicAuth`, `SessionAuth`.
const CALLER_CHECK = /^(?:auth|authenticat\w*|authori[sz]e\w*|(?:require|ensure|must)\w*(?:auth|user|login|admin|session|token|logged|signed)\w*|(?:check|verify)\w*(?:auth|login|session|token)\w*|(?:token|session|basic|bearer|key|api)auth)$/i;

// A call that verifies a signed token the request carries: `tokens.ParseToken([]byte(c.Query("token")), &payload)`, `jwt.Parse(raw, key)`.
const TOKEN_CHECK = /^(?:(?:parse|verify|validate|check)\w*(?:token|jwt|signature|claims)\w*|jwt\.Parse\w*)$/i;
// Statements before the first `if` that branch nowhere: assignments, declarations, calls, composite literals.
const BRANCHES = /\b(?:if|for|switch|select|go|defer|return)\b|\bfunc\s*\(/;

/**
 * The check a handler makes in its first `if`, after statements that branch nowhere (`manager :=
 * Extract(c)`, `token := tokens.Payload{}`): a call verifying a token the request carries, whose
 * failure returns (`if err := tokens.ParseToken(...); err != nil { abort; return }`), or a block
 * refusing the caller (401, 403) on a condition that reads its credentials (`auth :=
 * strings.SplitN(c.GetHeader("Authorization"), " ", 2)`, `if len(auth) != 2 { ... StatusUnauthorized ... }`).
 * The request's body read first (`if err := c.BindJSON(&params); err != nil { ...; return }`) is
 * no check, and the one after it may be a caller read from the token into a flag the `if` tests
 * (Open-IM's `ok, id, info = token_verify.GetUserIDFromToken(c.Request.Header.Get("token"), ...)`, then `if !ok { ...; return }`).
 */
function firstCheck(text: string): string | undefined {
  // Comments out of the way: their words (`// if the user...`) are no statements.
  const body = text.replace(/\/\/[^\n]*/g, "");
  let from = 1;
  for (let step = 0; step < 2; step++) {
    const at = /\bif\s/.exec(body.slice(from));
    if (!at) return undefined;
    const start = from + at.index;
    const before = body.slice(from, start);
    if (BRANCHES.test(before)) return undefined;
    const open = body.indexOf("{", start);
    if (open === -1) return undefined;
    const condition = body.slice(start, open);
    const end = closing(body, open);
    const block = body.slice(open, end);
    if (!/\breturn\b/.test(block)) return undefined;
    for (const call of condition.matchAll(/([A-Za-z_][\w.]*)\s*\(/g)) {
      const name = call[1]!;
      if (isCallerCheck(name)) return name;
    }
    // `if !ok {` after `ok, id, info = token_verify.GetUserIDFromToken(...)`.
    const flag = /^if\s+(?:!\s*([A-Za-z_]\w*)|([A-Za-z_]\w*)\s*!=\s*nil)\s*$/.exec(condition.trim())?.slice(1).find(Boolean);
    const assignment = flag ? new RegExp(String.raw`(?:^|[\s,])${flag}\s*(?:,[^=\n]*)?:?=\s*([A-Za-z_][\w.]*)\s*\(`).exec(before) : null;
    // Not net/http's `r.BasicAuth()`, which only reads what was sent (a sign-in then checks it): `ok` says a header was there.
    if (assignment && isCallerCheck(assignment[1]!) && !/(?:^|\.)BasicAuth$/.test(assignment[1]!) && !requiresNothing(before, assignment.index + assignment[0].length - 1)) return assignment[1];
    if (REFUSES.test(block) && READS_CALLER.test(body.slice(0, open))) return "(checks the caller in the handler)";
    // Reading the request's body first is no check: the next `if` may be.
    if (step > 0 || !BINDS_BODY.test(condition)) return undefined;
    from = end;
  }
  return undefined;
}

// A call that reads the request's body into a value: `c.BindJSON(&params)`, `c.ShouldBind(&form)`, `json.NewDecoder(r.Body).Decode(&v)`.
const BINDS_BODY = /\b(?:(?:Should)?Bind\w*|Decode|Unmarshal|ParseForm|ParseMultipartForm)\s*\(/;
// A call that reads the caller from a token: `GetUserIDFromToken`, `UserFromToken`, `ClaimsFromRequest`.
const FROM_TOKEN = /^\w*(?:User|Claims|Uid|Account)\w*From(?:Token|Header|Request|Context)$/i;

const isCallerCheck = (name: string): boolean => {
  const last = name.split(".").at(-1)!;
  return TOKEN_CHECK.test(last) || TOKEN_CHECK.test(name) || CALLER_CHECK.test(last) || FROM_TOKEN.test(last);
};

// A handler that only hands its request to another function of the app's: `{ m.getDomainPermissions(c, gtsmodel.DomainPermissionBlock) }`.
const HANDS_ON = /^\{\s*(?:[A-Za-z_]\w*\.)?([A-Za-z_]\w*)\s*\((?:[^()]|\([^()]*\))*\)\s*\}?\s*$/;

const MEASURED = /^([A-Za-z_]\w*)\s*:=\s*[A-Za-z_][\w.]*\([^()\n]*\)[ \t]*\n\s*defer\s+\1\.[A-Za-z_]\w*\(\)[ \t]*\n/;

// A value parsed from the request, its error named: `_, errWithCode := apiutil.ParseAPIVersion(`.
const PARSES_REQUEST = /^(?:[A-Za-z_]\w*\s*,\s*)?([A-Za-z_]\w*)\s*:?=\s*(?:[A-Za-z_]\w*\.)?Parse[A-Z]\w*\s*\(/;

/**
 * A body without the statements that only set values up before the work (`var requireScope
 * apiutil.Scope`, then `if permType == ... { requireScope = ... } else { ... }`): declarations,
 * if/else blocks that neither return nor answer, and values parsed from the request that return
 * when they are bad.
 */
function withoutSetUp(body: string): string {
  let at = 1;
  for (;;) {
    const rest = body.slice(at);
    const space = /^\s*(?:\/\/[^\n]*\s*)*/.exec(rest)![0].length;
    const declared = /^var\s+[A-Za-z_]\w*[^\n=]*\n/.exec(rest.slice(space));
    if (declared) {
      at += space + declared[0].length;
      continue;
    }
    // A measurement started and ended when the handler returns: `m := metrics.Start("/api/v0/count")` then `defer m.Done()`.
    const measured = MEASURED.exec(rest.slice(space));
    if (measured) {
      at += space + measured[0].length;
      continue;
    }
    // Parsing what the request names, returning on a bad value: `_, errWithCode := apiutil.ParseAPIVersion(c.Param(...), ...)`.
    const parsed = PARSES_REQUEST.exec(rest.slice(space));
    if (parsed) {
      const open = at + space + parsed[0].length - 1;
      const after = body.slice(closing(body, open) + 1);
      const check = new RegExp(String.raw`^\s*if\s+${parsed[1]}\s*!=\s*nil\s*\{`).exec(after);
      if (!check) break;
      const block = closing(body, open) + 1 + check[0].length - 1;
      at = closing(body, block) + 1;
      continue;
    }
    if (!/^if\s/.test(rest.slice(space))) break;
    // The same written in the if's own statement: `if _, errWithCode := apiutil.ParseAPIVersion(...); errWithCode != nil { ...; return }`.
    const parsedInIf = PARSES_REQUEST.exec(rest.slice(space + 2).trimStart());
    if (parsedInIf) {
      const open = at + space + rest.slice(space).indexOf(parsedInIf[0]) + parsedInIf[0].length - 1;
      const after = body.slice(closing(body, open));
      const check = new RegExp(String.raw`^\s*;\s*${parsedInIf[1]}\s*!=\s*nil\s*\{`).exec(after);
      if (!check) break;
      const block = closing(body, open) + check[0].length - 1;
      at = closing(body, block) + 1;
      continue;
    }
    // The if, and each else after it, set values only.
    let end = at + space;
    for (;;) {
      const open = body.indexOf("{", end);
      if (open === -1) return body;
      const close = closing(body, open);
      if (/\breturn\b|\.Abort|\bpanic\s*\(/.test(body.slice(open, close))) return `{${body.slice(at)}`;
      end = close;
      const elseAt = /^\s*else\s*(?:if\b[^{]*)?\{/.exec(body.slice(end));
      if (!elseAt) break;
      end += elseAt[0].length - 1;
    }
    at = end;
  }
  return `{${body.slice(at)}`;
}

/** The repository's Go functions by name, with the file each is defined in (function-bodies.ts). */
type GoDefinitions = (name: string) => readonly { file: string; body: string; method?: boolean }[];

const folderOf = (file: string) => file.slice(0, file.lastIndexOf("/") + 1);

/** A function answering the guard a Go handler (`api_v1.HandleListTags`) calls at its top, wherever the repository defines it. */
export function goHandlerChecks(definitions: GoDefinitions): (handler: string, file?: string) => string[] {
  const known = new Map<string, string[]>();
  // The check at the top of one body, past the values it sets up; or, one step down, of the function it hands the request to
  // (of its own package where it has one of that name: another package's may be a namesake).
  const checkOf = ({ file, body }: { file: string; body: string }, depth: number): string | undefined => {
    const top = withoutSetUp(body);
    const call = (CHECKS_FIRST.exec(top) ?? ASSIGNS_FIRST.exec(top))?.[1] ?? assignedCheck(top);
    if (call && CALLER_CHECK.test(call.split(".").at(-1)!)) return call;
    const first = firstCheck(body);
    if (first || depth > 0) return first;
    const handedTo = HANDS_ON.exec(body.replace(/\/\/[^\n]*/g, ""))?.[1];
    const all = handedTo ? definitions(handedTo) : [];
    const own = all.filter((d) => folderOf(d.file) === folderOf(file));
    const inner = (own.length ? own : all).map((d) => checkOf(d, depth + 1));
    return inner.length && inner.every((c) => c) ? inner[0] : undefined;
  };
  return (handler, file) => {
    const name = handler.split(".").at(-1)!;
    const all = definitions(name);
    // A method of the type whose routes the file mounts is most often defined beside them
    // (goatcounter's `api.export` in api.go, where `h.export` is registered; `backend.export` elsewhere).
    const beside = file === undefined ? [] : all.filter((d) => d.file === file);
    // A package's function named through its import (`friend.AddFriend`), beside namesakes of other
    // packages (a gRPC server's `AddFriend` method): the one in the folder the package is named for.
    const qualifier = /^([a-z]\w*)\.[A-Za-z_]\w*$/.exec(handler)?.[1];
    const inPackage = qualifier ? all.filter((d) => !d.method && (folderOf(d.file).endsWith(`/${qualifier}/`) || folderOf(d.file) === `${qualifier}/`)) : [];
    const candidates = beside.length ? beside : inPackage.length ? inPackage : all;
    const key = beside.length ? `${file}\0${name}` : inPackage.length ? `${qualifier}\0${name}` : name;
    let found = known.get(key);
    if (found === undefined) {
      const checks = candidates.map((d) => checkOf(d, 0));
      // Every function of that name checks first (methods of several types may share it).
      found = checks.length && checks.every((c) => c) ? [checks[0]!] : [];
      known.set(key, found);
    }
    return found;
  };
}

// A handler defined as a wrapped function: `var usersGetHandler = withAdmin(func(w, r, d) ...)`,
// or a function that returns one, `func renewHandler(d time.Duration) handleFunc { return withUser(func(...`.
const WRAPPED_VAR = /^var\s+([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w.]*)\s*\(\s*func\b/gm;
const RETURNS_WRAPPED = /^\{\s*return\s+([A-Za-z_][\w.]*)\s*\(\s*func\b/;

type Project = { listed: Iterable<string>; text: (file: string) => string | undefined };

/**
 * A function answering the wrappers a Go handler is defined in (`usersGetHandler` -> `withAdmin`),
 * wherever the repository defines it: a package variable or a function's returned value, so
 * that a route naming the handler is judged by what the wrapper does (goWrapperChecks).
 */
export function goDefinedWrappers(project: Project | undefined, bodies: GoBodies): (handler: string) => string[] {
  let variables: Map<string, string[]> | undefined;
  const read = (): Map<string, string[]> => {
    const found = new Map<string, string[]>();
    for (const path of project?.listed ?? []) {
      if (!path.endsWith(".go") || /_test\.go$|(^|\/)vendor\//.test(path)) continue;
      for (const m of (project!.text(path) ?? "").matchAll(WRAPPED_VAR)) found.set(m[1]!, [...(found.get(m[1]!) ?? []), m[2]!]);
    }
    return found;
  };
  return (handler) => {
    const name = handler.split(".").at(-1)!;
    const returned = bodies(name).map((body) => RETURNS_WRAPPED.exec(body)?.[1]).filter((w): w is string => !!w);
    return [...new Set([...((variables ??= read()).get(name) ?? []), ...returned])];
  };
}

// A function of the app's the middleware asks about the request before it refuses (`!isPublicRoute(r)`): named for
// letting some requests through.
const EXEMPTING_CALL = /!\s*([A-Za-z_]\w*(?:Public|Static|Allowed|Exempt|Skip|Open|Anonymous|Unauthenticated|NoAuth)\w*)\s*\(\s*(?:r|req|request)\b/g;
const STATIC_ASSET_CALL = /\bif\s+([A-Za-z_]\w*)\s*\(\s*(?:r|req|request)\s*\)\s*\{[^{}]*\bnext\s*\.\s*ServeHTTP\b/g;
const CASE_PATHS = /\bcase\s+((?:"\/[^"\n]*"\s*,?\s*)+):/g;
const EQUAL_PATH = /\b(?:path|Path|p|urlPath)\s*==\s*"(\/[^"\n]*)"/g;
const PREFIX_PATH = /\bHasPrefix\s*\(\s*[\w.]+\s*,\s*"(\/[^"\n]*)"\s*\)/g;

/**
 * The paths a Go middleware lets through without its check, by a function of the app's it asks
 * first (miniflux's session middleware: `if !request.IsAuthenticated(r) && !isPublicRoute(r) {
 * redirect to sign in }`, and `if isStaticAssetRoute(r) { next.ServeHTTP(w, r); return }`): the
 * paths that function names (`case "/", "/login":`, `path == "/offline"`) and the prefixes it
 * tests (`strings.HasPrefix(path, "/share/")`), those of the functions it calls in turn as well.
 */
export function goMiddlewareExemptions(bodies: GoBodies): (middleware: string, path: string) => boolean {
  const known = new Map<string, { paths: Set<string>; prefixes: string[] }>();
  const exemptions = (middleware: string) => {
    let found = known.get(middleware);
    if (!found) {
      const own = bodies(bodyName(bodies, middleware));
      const asked = own.length === 1 ? [...own[0]!.matchAll(EXEMPTING_CALL), ...own[0]!.matchAll(STATIC_ASSET_CALL)].map((m) => m[1]!) : [];
      found = { paths: new Set(), prefixes: [] };
      const read = (name: string, depth: number) => {
        for (const body of bodies(name)) {
          for (const m of body.matchAll(CASE_PATHS)) for (const p of m[1]!.matchAll(/"([^"]*)"/g)) found!.paths.add(p[1]!);
          for (const m of body.matchAll(EQUAL_PATH)) found!.paths.add(m[1]!);
          for (const m of body.matchAll(PREFIX_PATH)) found!.prefixes.push(m[1]!);
          if (depth < 1) for (const m of body.matchAll(/\b([A-Za-z_]\w*)\s*\(\s*(?:r|req|request)\s*\)/g)) if (m[1] !== name && bodies(m[1]!).length) read(m[1]!, depth + 1);
        }
      };
      for (const name of new Set(asked)) read(name, 0);
      known.set(middleware, found);
    }
    return found;
  };
  return (middleware, path) => {
    const { paths, prefixes } = exemptions(middleware);
    const bare = path.replace(/\/$/, "") || "/";
    return paths.has(path) || paths.has(bare) || prefixes.some((prefix) => path.startsWith(prefix) || `${bare}/` === prefix);
  };
}

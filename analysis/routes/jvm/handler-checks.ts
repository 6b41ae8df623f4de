/**
 * A JVM handler that turns away a caller without a signed-in user itself, at the top of its
 * body, or at the top of the service method it hands the request to at once (`return
 * articleService.deleteArticle(slug)`):
 *
 *     String currentUsername = JwtInterceptor.getCurrentUser();
 *     if (currentUsername == null) throw new BusinessException("user not logged in");
 *
 *     if (!StpUtil.isLogin()) { throw BusinessException("not logged in") }
 *     val user = currentUser() ?: throw UnauthorizedException()
 *
 * A call at the top whose name says so counts too (`authorization.requireLogin()`, in a CDI
 * decorator of the service). Only a value read from where the signed-in user is kept counts (a name like `currentUser`,
 * or a call like `getPrincipal()`), so `if (user == null) throw NotFound` after looking a user
 * up by name is no guard. The service is the class of the handler's field, or one implementing
 * that interface; the handler of a JAX-RS resource interface is in a class implementing it.
 */
import { closing } from "../../languages/curly.ts";
import { callArguments, lineStart } from "../source.ts";
import { isJvmSource } from "./sources.ts";

type Project = { listed: Iterable<string>; text: (file: string) => string | undefined };

/** Statements at the top of a body where a check counts. */
const TOP = 10;
/** Calls followed from a handler to the service (and its decorator) that checks. */
const MAX_HOPS = 3;
// An expression that reads the signed-in user (`JwtInterceptor.getCurrentUser()`,
// `SecurityContextHolder.getContext().getAuthentication()`), not one that merely passes it on
// (`profiles.find(name, currentUser)`).
const CURRENT_USER = /^(?:\w+(?:\(\s*\))?\s*\.\s*)*(?:getCurrentUser\w*|currentUser\w*|getLoginId\w*|getPrincipal|getUserPrincipal|getAuthentication|getContext|getSubject|authenticatedUser\w*|loggedInUser\w*)\s*\(/;
// A parameter annotated as the signed-in user: `@LoginUser Integer userId`, `@CurrentUser User me`,
// Spring Security's `@AuthenticationPrincipal`; its name is what the body tests.
const USER_PARAMETER = /@(?:[\w.]*\.)?(?:Login\w*|Current\w*|Auth\w*|\w*Principal|\w*User)\b(?:\s*\([^()]*\))?\s+(?:final\s+)?[\w.<>?\[\]]+\s+(\w+)/g;

// A name that says it holds the signed-in user.
const CURRENT_NAME = /^(?:current\w*|logged\w*|login\w*|auth\w*|principal\w*|signedIn\w*|me)$/i;
// A statement that is a call whose name says it turns away who is not signed in, or not the one
// named: `authorization.requireLogin()`, `requireUsername(name)`, `ensureAuthenticated()`,
// `articleAuthorization.authorizeDelete(slug)`.
// (`Objects.requireNonNull` is no such call.)
const GUARD_CALL = /^(?:[\w.]+\.)?(?:require(?:Login|LoggedIn|SignedIn|Authenticated|Auth\w*|User\w*|Role\w*|Permission\w*)|ensure(?:LoggedIn|SignedIn|Authenticated)|checkLogin|assertAuthenticated|authorize[A-Z]\w*)\s*\(/;
// A refusal that names itself: an exception for the unauthenticated (`throw Unauthorized()`,
// `throw new UnauthorizedException(...)`), or Ktor's `call.respond(HttpStatusCode.Unauthorized)`.
const AUTH_REFUSAL = /\bthrow\s+(?:new\s+)?(?:[\w.]+\.)?(?:Unauthori[sz]ed|Unauthenticated|NotAuthenticated|NotLoggedIn|NotSignedIn|AuthenticationRequired|LoginRequired)\w*\s*\(|\brespond\w*\s*\(\s*HttpStatusCode\s*\.\s*Unauthorized\b/;
// `!StpUtil.isLogin()`, `!isAuthenticated()`, `!subject.isAuthenticated()`, and a resource base class's
// `!authenticate()` (Teedy's: reads the request's principal, answers whether there is a user).
const NOT_SIGNED_IN = /!\s*[\w.]*\b(?:isLogin|isLoggedIn|isAuthenticated|isSignedIn|authenticate)\s*\(\s*\)/;

/** The check a route's handler (`Controller.method`, mapped at `line` of `file`) makes itself, named for the report, or none. */
export function jvmHandlerChecks(project: Project | undefined): (file: string, line: number, handler: string) => string[] {
  let classes: Map<string, string[]> | undefined; // class name -> files declaring or implementing it
  const implementing = (type: string) => (classes ??= classFiles(project)).get(type) ?? [];
  const bodiesIn = (type: string, method: string) =>
    implementing(type).flatMap((path) => {
      const text = project!.text(path) ?? "";
      const parts = methodParts(text, method, 0);
      return parts ? [{ text, ...parts }] : [];
    });
  /** Where a body refuses: its own top, or, when it hands the request on at once, the top of what it calls, a few calls deep. */
  const refusal = (text: string, body: string, name: string, depth: number, params = ""): string | undefined => {
    if (refusesAnonymous(body, params)) return name;
    // `return service.method(...)`, `service.method(...)`, `Type a = service.method(...)`, and little else.
    const delegate = /^\{\s*(?:return\s+|(?:(?:final\s+)?[\w.<>]+\s+|(?:val|var)\s+)\w+(?:\s*:\s*[\w.<>?]+)?\s*=\s*)?(?:this\.)?([a-z]\w*)\s*\.\s*([a-z]\w*)\s*\(/.exec(body);
    if (!delegate || depth >= MAX_HOPS || statements(body).length > 2) return undefined;
    const type = fieldType(text, delegate[1]!);
    if (!type) return undefined;
    for (const next of bodiesIn(type, delegate[2]!)) {
      const found = refusal(next.text, next.body, `${type}.${delegate[2]}`, depth + 1, next.params);
      if (found) return found;
    }
    return undefined;
  };
  // A function of the project by its name (`checkAdminKey`, `ApplicationCall.checkAdminKey`), when one file declares it.
  let functions: Map<string, string[]> | undefined;
  const declaring = (name: string) => (functions ??= functionFiles(project)).get(name) ?? [];
  /** The first call a statement makes (`call.checkAdminKey(secret)`, `requireAdmin()`), when a function of the project that refuses. */
  const refusingCall = (statement: string): string | undefined => {
    const called = /^(?:(?:val|var)\s+\w+\s*=\s*)?(?:[a-z]\w*\s*\.\s*)?([a-z]\w*)\s*\(/.exec(statement)?.[1];
    const files = called ? declaring(called) : [];
    if (files.length !== 1) return undefined;
    const text = project!.text(files[0]!) ?? "";
    // `fun ApplicationCall.checkAdminKey(secret: String) { ... }`: an extension is declared after its receiver.
    const header = new RegExp(String.raw`\bfun\s+(?:<[^>]*>\s*)?(?:[\w.<>?]+\.)?${called}\s*\(`).exec(text);
    const end = header ? callArguments(text, header.index + header[0].length - 1).end : -1;
    const open = header ? /^[^;{=]*\{/.exec(text.slice(end, end + 300)) : null;
    if (!open) return undefined;
    const start = end + open[0].length - 1;
    return statements(text.slice(start, closing(text, start))).slice(0, TOP).some((st) => AUTH_REFUSAL.test(st)) ? called : undefined;
  };
  return (file, line, handler) => {
    // A handler written in place (Ktor's `post("time/{timestamp}") { ... }`): the block opened on the route's line.
    if (handler === "(inline)") {
      const declared = project?.text(file);
      if (declared === undefined || !isJvmSource(file)) return [];
      // After the route call's arguments (a path may hold braces of its own: `"time/{timestamp}"`).
      // `get {` has no arguments at all.
      const from = lineStart(declared, line);
      const lead = /^[ \t]*[\w.]+[ \t]*([({])/.exec(declared.slice(from, from + 200));
      if (!lead) return [];
      const after = lead[1] === "(" ? callArguments(declared, from + lead[0].length - 1).end : from + lead[0].length - 1;
      const open = /^[ \t]*\{/.exec(declared.slice(after, after + 200)) ? declared.indexOf("{", after) : -1;
      if (open === -1) return [];
      const body = declared.slice(open, closing(declared, open));
      const top = statements(body).slice(0, TOP);
      const named = refusesAnonymous(body) ? "the handler" : top.map(refusingCall).find((c) => c !== undefined);
      return named ? [`${named} refuses without a signed-in user`] : [];
    }
    // A functional endpoint's handler is no method of a class (`handler::get`): not read here.
    if (!handler.includes(".")) return [];
    const [owner, method] = handler.split(".").slice(-2) as [string, string];
    const declared = project?.text(file);
    const own = declared === undefined ? undefined : methodParts(declared, method, lineStart(declared, line));
    // A JAX-RS resource interface maps the route; a class implementing it has the body.
    const [found] = own ? [{ text: declared!, ...own }] : bodiesIn(owner, method);
    const name = found && refusal(found.text, found.body, method, 0, found.params);
    return name ? [`${name} refuses without a signed-in user`] : [];
  };
}

/**
 * Whether the first statements of a body throw, or return a refusal, when no user is signed in.
 * `params`, the method's parameter list: one the framework fills with the signed-in user
 * (`@LoginUser Integer userId`, `@AuthenticationPrincipal User user`) holds it as a read does.
 */
function refusesAnonymous(body: string, params = ""): boolean {
  const top = statements(body).slice(0, TOP);
  const fromCurrentUser = new Set([...params.matchAll(USER_PARAMETER)].map((m) => m[1]!));
  for (const statement of top) {
    // `String currentUsername = JwtInterceptor.getCurrentUser()`, `val user = principal()`.
    const assigned = /^(?:(?:final\s+)?[\w.<>?]+\s+|(?:val|var)\s+)(\w+)(?:\s*:\s*[\w.<>?]+)?\s*=\s*([^]*)$/.exec(statement);
    if (assigned && CURRENT_USER.test(assigned[2]!.trim())) {
      if (/\?:\s*throw\b|\.orElseThrow\s*\(/.test(assigned[2]!)) return true;
      fromCurrentUser.add(assigned[1]!);
    }
    if (GUARD_CALL.test(statement)) return true;
    // `val principal = call.validatePrincipal(repository) ?: throw Unauthorized()`: refused by name.
    if (/\?:\s*(?:throw|return)\b/.test(statement) && AUTH_REFUSAL.test(statement)) return true;
    if (/^if\s*\(/.test(statement) && AUTH_REFUSAL.test(statement)) return true;
    const check = /^if\s*\(([^]*?)\)\s*\{?\s*(?:throw\b|return\b(?=[^;]*\b(?:un_?login|not_?log(?:ged_?)?in|need_?login|unauthori[sz]ed|forbidden|40[13])\b))/i.exec(statement);
    if (!check) continue;
    const condition = check[1]!;
    if (NOT_SIGNED_IN.test(condition)) return true;
    const name = missingValue(condition);
    if (name && (fromCurrentUser.has(name) || CURRENT_NAME.test(name))) return true;
  }
  return false;
}

/**
 * The name a condition finds missing: `x == null`, `null == x`, `StrUtil.isBlank(x)`,
 * `Objects.isNull(x)`, `x.isNullOrBlank()`, `x.isEmpty()`, `!x.isPresent()`.
 */
function missingValue(condition: string): string | undefined {
  const c = condition.trim();
  const m = /^(\w+)\s*==\s*null$|^null\s*==\s*(\w+)$|^[\w.]*\b(?:isBlank|isEmpty|isNull)\s*\(\s*(\w+)\s*\)$|^(\w+)\s*\.\s*(?:isNullOrBlank|isNullOrEmpty|isEmpty|isBlank)\s*\(\s*\)$|^!\s*(\w+)\s*\.\s*isPresent\s*\(\s*\)$/.exec(c);
  return m ? (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]) : undefined;
}

/** The statements of a `{ ... }` body, split at top-level `;` and line ends (Kotlin), blocks kept whole. */
function statements(body: string): string[] {
  const inner = body.slice(1, -1);
  const found: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === "{" || c === "(") depth++;
    else if (c === "}" || c === ")") {
      depth--;
      // An `if (...) { throw ... }` block ends its statement.
      if (depth === 0 && c === "}") (found.push(inner.slice(start, i + 1)), (start = i + 1));
    } else if ((c === ";" || c === "\n") && depth === 0) {
      found.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  found.push(inner.slice(start));
  return found.map((s) => s.replace(/\/\/[^\n]*/g, "").trim()).filter(Boolean);
}

/** The parameters and body of the method `name` declared at or after `from`: Java `Type name(...) {`, Kotlin `fun name(...) {`. */
function methodParts(text: string, name: string, from: number): { params: string; body: string } | undefined {
  const header = new RegExp(String.raw`(?:\bfun\s+|[\w>\]?]\s+)${name.replace(/\$/g, "\\$")}\s*\(`, "g");
  header.lastIndex = from;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const { end } = callArguments(text, m.index + m[0].length - 1);
    // After the parameters: a return type, `throws ...`, then the body (not `;` of an interface).
    const open = /^[^;{=]*\{/.exec(text.slice(end, end + 300));
    if (open) {
      const start = end + open[0].length - 1;
      return { params: text.slice(m.index + m[0].length, end), body: text.slice(start, closing(text, start)) };
    }
  }
  return undefined;
}

/** The declared type of a field or constructor parameter: Java `private final ArticleService articles;`, Kotlin `private val articles: ArticleService`. */
function fieldType(text: string, name: string): string | undefined {
  const java = new RegExp(String.raw`\b([A-Z]\w*)(?:<[^>]*>)?\s+${name}\s*[;,)=]`).exec(text);
  const kotlin = new RegExp(String.raw`\b(?:val|var)\s+${name}\s*:\s*([A-Z]\w*)`).exec(text);
  return (kotlin ?? java)?.[1];
}

/** Kotlin functions by name (an extension's receiver left out), and the files declaring each. */
function functionFiles(project: Project | undefined): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const path of project?.listed ?? []) {
    if (!isJvmSource(path)) continue;
    const text = project!.text(path) ?? "";
    for (const m of text.matchAll(/\bfun\s+(?:<[^>]*>\s*)?(?:[\w.<>?]+\.)?([a-z]\w*)\s*\(/g)) {
      const known = files.get(m[1]!) ?? [];
      if (!known.includes(path)) files.set(m[1]!, [...known, path]);
    }
  }
  return files;
}

/** JVM classes by name, and the interfaces and classes they implement or extend: the files declaring each. */
function classFiles(project: Project | undefined): Map<string, string[]> {
  const files = new Map<string, string[]>();
  const add = (name: string, path: string) => files.set(name, [...(files.get(name) ?? []), path]);
  for (const path of project?.listed ?? []) {
    if (!isJvmSource(path)) continue;
    const text = project!.text(path) ?? "";
    for (const m of text.matchAll(/\bclass\s+([A-Z]\w*)[^{]*?(?:\bimplements\s+([\w\s,.<>]+?)|:\s*([\w\s,.<>()]+?))?\s*\{/g)) {
      add(m[1]!, path);
      for (const parent of (m[2] ?? m[3] ?? "").split(",")) {
        const type = /([A-Z]\w*)\s*(?:<[^>]*>)?\s*(?:\(\s*\))?\s*$/.exec(parent.trim())?.[1];
        if (type) add(type, path);
      }
    }
  }
  return files;
}

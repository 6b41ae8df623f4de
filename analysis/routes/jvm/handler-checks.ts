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
 * Only a value read from where the signed-in user is kept counts (a name like `currentUser`,
 * or a call like `getPrincipal()`), so `if (user == null) throw NotFound` after looking a user
 * up by name is no guard. The service is the class of the handler's field, or one implementing
 * that interface.
 */
import { closing } from "../../languages/curly.ts";
import { callArguments } from "../source.ts";

type Project = { listed: Iterable<string>; text: (file: string) => string | undefined };

const JVM_FILE = /\.(?:java|kt)$/;
const SKIP = /(^|\/)(?:src\/test|test|tests|build|target)\//;
/** Statements at the top of a body where a check counts. */
const TOP = 10;
// An expression that reads the signed-in user (`JwtInterceptor.getCurrentUser()`,
// `SecurityContextHolder.getContext().getAuthentication()`), not one that merely passes it on
// (`profiles.find(name, currentUser)`).
const CURRENT_USER = /^(?:\w+(?:\(\s*\))?\s*\.\s*)*(?:getCurrentUser\w*|currentUser\w*|getLoginId\w*|getPrincipal|getUserPrincipal|getAuthentication|getContext|getSubject|authenticatedUser\w*|loggedInUser\w*)\s*\(/;
// A name that says it holds the signed-in user.
const CURRENT_NAME = /^(?:current\w*|logged\w*|login\w*|auth\w*|principal\w*|signedIn\w*|me)$/i;
// `!StpUtil.isLogin()`, `!isAuthenticated()`, `!subject.isAuthenticated()`.
const NOT_SIGNED_IN = /!\s*[\w.]*\b(?:isLogin|isLoggedIn|isAuthenticated|isSignedIn)\s*\(\s*\)/;

/** The check a route's handler (`Controller.method`, mapped at `line` of `file`) makes itself, named for the report, or none. */
export function jvmHandlerChecks(project: Project | undefined): (file: string, line: number, handler: string) => string[] {
  let classes: Map<string, string[]> | undefined; // class name -> files declaring or implementing it
  const implementing = (type: string) => (classes ??= classFiles(project)).get(type) ?? [];
  return (file, line, handler) => {
    const text = project?.text(file);
    const method = handler.split(".").at(-1)!;
    const body = text === undefined ? undefined : methodBody(text, method, offsetOfLine(text, line));
    if (text === undefined || body === undefined) return [];
    if (refusesAnonymous(body)) return [`${method} refuses without a signed-in user`];
    // `return service.method(...)` or `service.method(...)` and little else: the service's top.
    const delegate = /^\{\s*(?:return\s+)?(?:this\.)?([a-z]\w*)\s*\.\s*([a-z]\w*)\s*\(/.exec(body);
    if (!delegate || statements(body).length > 2) return [];
    const type = fieldType(text, delegate[1]!);
    if (!type) return [];
    for (const path of implementing(type)) {
      const service = project!.text(path);
      const serviceBody = service === undefined ? undefined : methodBody(service, delegate[2]!, 0);
      if (serviceBody && refusesAnonymous(serviceBody)) return [`${type}.${delegate[2]} refuses without a signed-in user`];
    }
    return [];
  };
}

/** Whether the first statements of a body throw when no user is signed in. */
function refusesAnonymous(body: string): boolean {
  const top = statements(body).slice(0, TOP);
  const fromCurrentUser = new Set<string>();
  for (const statement of top) {
    // `String currentUsername = JwtInterceptor.getCurrentUser()`, `val user = principal()`.
    const assigned = /^(?:(?:final\s+)?[\w.<>?]+\s+|(?:val|var)\s+)(\w+)(?:\s*:\s*[\w.<>?]+)?\s*=\s*([^]*)$/.exec(statement);
    if (assigned && CURRENT_USER.test(assigned[2]!.trim())) {
      if (/\?:\s*throw\b|\.orElseThrow\s*\(/.test(assigned[2]!)) return true;
      fromCurrentUser.add(assigned[1]!);
    }
    const check = /^if\s*\(([^]*?)\)\s*\{?\s*throw\b/.exec(statement);
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

/** The body of the method `name` declared at or after `from`: Java `Type name(...) {`, Kotlin `fun name(...) {`. */
function methodBody(text: string, name: string, from: number): string | undefined {
  const header = new RegExp(String.raw`(?:\bfun\s+|[\w>\]?]\s+)${name.replace(/\$/g, "\\$")}\s*\(`, "g");
  header.lastIndex = from;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const { end } = callArguments(text, m.index + m[0].length - 1);
    // After the parameters: a return type, `throws ...`, then the body (not `;` of an interface).
    const open = /^[^;{=]*\{/.exec(text.slice(end, end + 300));
    if (open) {
      const start = end + open[0].length - 1;
      return text.slice(start, closing(text, start));
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

/** JVM classes by name, and the interfaces and classes they implement or extend: the files declaring each. */
function classFiles(project: Project | undefined): Map<string, string[]> {
  const files = new Map<string, string[]>();
  const add = (name: string, path: string) => files.set(name, [...(files.get(name) ?? []), path]);
  for (const path of project?.listed ?? []) {
    if (!JVM_FILE.test(path) || SKIP.test(path)) continue;
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

function offsetOfLine(text: string, line: number): number {
  let offset = 0;
  for (let n = 1; n < line && offset !== -1; n++) offset = text.indexOf("\n", offset) + 1;
  return Math.max(0, offset - 1);
}

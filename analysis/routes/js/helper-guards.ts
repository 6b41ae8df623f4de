/**
 * Guards inside the helpers a file-system route handler calls: a Next.js handler that starts with
 * `const { auth, error } = await parseRequest(request, schema)` is guarded when `parseRequest`
 * (in its module, or the one it is imported from) calls an auth-like function (`checkAuth`);
 * the handler then carries that function's name as its guard. A call made with an option that
 * turns the check off (`{ skipAuth: true }`) was left out when the handler was scanned
 * (frameworks/fs-exports.ts). One level deep: the helper's own calls, not its helpers'.
 */
import { isGuardName } from "../paths.ts";
import type { Binding, RouteRegistration } from "../registration.ts";
import { CALLED, definedFunctionBody } from "./functions.ts";
import type { ModuleAccess } from "./imported.ts";

/** The handlers with the guards their helpers run added. */
export function withHelperGuards(
  handlers: ReadonlyMap<string, RouteRegistration[]>,
  bindingsOf: (file: string) => readonly Binding[],
  access: Pick<ModuleAccess, "resolve" | "text" | "reexports">,
): Map<string, RouteRegistration[]> {
  const checks = new Map<string, string[]>();
  const checksIn = (file: string, name: string): string[] => {
    const binding = bindingsOf(file).find((b) => b.local === name);
    const target = binding ? access.resolve(file, binding.specifier) : file;
    const exported = binding ? binding.imported : name;
    if (target === undefined || exported === "*") return [];
    return checksOf(target, exported, 0);
  };
  // The helper where its module defines it, or one it re-exports (`@/lib/auth`'s `export * from "./admin"`).
  const checksOf = (target: string, exported: string, depth: number): string[] => {
    const key = `${target}\0${exported}`;
    let found = checks.get(key);
    if (!found) {
      const text = access.text(target) ?? "";
      const body = definedFunctionBody(text, exported);
      found = body ? guardCalls(body, exported) : depth >= 2 ? [] : access.reexports(target).flatMap((next) => checksOf(next, exported, depth + 1));
      // A wrapper that hands the handler on with a middleware of its module (`withEmailAccount(scope, handler)`
      // returning `withMiddleware(handler, emailAccountMiddleware)`): that middleware's checks.
      if (body && !found.length) found = handedMiddleware(text, body, exported).flatMap((name) => guardCalls(definedFunctionBody(text, name)!, name));
      checks.set(key, found);
    }
    return found;
  };
  const result = new Map<string, RouteRegistration[]>();
  for (const [file, registrations] of handlers) {
    result.set(file, registrations.map((r) => {
      const inside = (r.helpers ?? []).flatMap((name) => checksIn(file, name));
      return inside.length ? { ...r, guards: [...new Set([...r.guards, ...inside])] } : r;
    }));
  }
  return result;
}

/**
 * A check of who calls, by its name, stricter than a route guard's name: inside a helper,
 * `jwt.verify` may check a cache token and `unauthorized()` builds the answer to a failed check;
 * `checkAuth`, `requireSession`, `getServerSession`, `authenticate` look the caller up, and
 * `verifyQstashSignature` checks that a scheduler or webhook sender signed the request.
 */
const CALLER_CHECK = /(?:check|require|ensure|verify|validate|get)[_-]?(?:auth|session|user|login)|authenticat|authoriz(?!ed)|getServerSession|currentUser|(?:check|verify|validate)\w*Signature/i;

// A helper's own refusal of a caller it looked up: a 401/403 answer, an Unauthorized error, a
// redirect to sign in (`if (!session?.user) return new Response("Unauthorized", { status: 401 })`).
const REFUSES = /\bstatus\s*:\s*40[13]\b|\.status\(\s*40[13]\s*\)|\b(?:Unauthori[sz]ed|Forbidden)(?:Error|Exception)?\b|\bredirect\([^)]*(?:log-?in|sign-?in)/i;
const READS_CALLER = /\b(?:session|user|token|auth\w*|api_?key|apiKey)\b/i;

/**
 * The auth-like functions the function `name` (or the default export, `default`) calls, read in
 * its `body`; else the function itself, when it looks the caller up and refuses (a wrapper such
 * as `withAdmin(handler)` answering 401 without a signed-in user).
 */
function guardCalls(body: string, name: string): string[] {
  const names = new Set<string>();
  for (const m of body.matchAll(CALLED)) {
    const called = m[1]!.split(".").at(-1)!;
    if (isGuardName(called) && CALLER_CHECK.test(called)) names.add(m[1]!);
  }
  if (names.size === 0 && READS_CALLER.test(body) && REFUSES.test(body)) names.add(name);
  return [...names];
}

/** The functions of the module (`emailAccountMiddleware`) a wrapper's body names as values, not calls, beside itself. */
function handedMiddleware(text: string, body: string, self: string): string[] {
  const named = new Set([...body.matchAll(/[,(]\s*([A-Za-z_$][\w$]*)\s*(?=[,)])/g)].map((m) => m[1]!));
  return [...named].filter((name) => name !== self && !/^(?:handler|req|request|options|scope|undefined|null|true|false)$/.test(name) && definedFunctionBody(text, name) !== undefined);
}

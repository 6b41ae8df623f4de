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
  access: Pick<ModuleAccess, "resolve" | "text">,
): Map<string, RouteRegistration[]> {
  const checks = new Map<string, string[]>();
  const checksIn = (file: string, name: string): string[] => {
    const binding = bindingsOf(file).find((b) => b.local === name);
    const target = binding ? access.resolve(file, binding.specifier) : file;
    const exported = binding ? binding.imported : name;
    if (target === undefined || exported === "*") return [];
    const key = `${target}\0${exported}`;
    let found = checks.get(key);
    if (!found) checks.set(key, (found = guardCalls(access.text(target) ?? "", exported)));
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
 * `checkAuth`, `requireSession`, `getServerSession`, `authenticate` look the caller up.
 */
const CALLER_CHECK = /(?:check|require|ensure|verify|validate|get)[_-]?(?:auth|session|user|login)|authenticat|authoriz(?!ed)|getServerSession|currentUser/i;

/** The auth-like functions the function `name` (or the default export, `default`) of `text` calls. */
function guardCalls(text: string, name: string): string[] {
  const body = definedFunctionBody(text, name);
  if (!body) return [];
  const names = new Set<string>();
  for (const m of body.matchAll(CALLED)) {
    const called = m[1]!.split(".").at(-1)!;
    if (isGuardName(called) && CALLER_CHECK.test(called)) names.add(m[1]!);
  }
  return [...names];
}

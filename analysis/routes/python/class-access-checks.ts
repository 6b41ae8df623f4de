/**
 * A Flask view that is a class of the project's runs an access check of its own before it
 * serves (Indico's request handlers: `RHProtected._check_access` raises `Forbidden` when
 * `session.user is None`; `RHAdminBase._check_access` calls `RHProtected._check_access(self)`
 * then refuses who is not an admin). The route is guarded by the nearest such method up the
 * class's chain when that method, or one it hands on to (`Class._check_access(self)`,
 * `self._require_user()`, `super()._check_access()`), refuses a request for who calls it. A
 * class that overrides the check without refusing anyone is not.
 */
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";
import { chainUp, type ClassLookup, methodBody, projectClasses, seenFrom } from "./project-classes.ts";

type Project = Pick<ContractProject, "listed" | "text">;

// The methods such views run before their handler; `dispatch_request`, Flask's own, runs it.
const CHECKS = ["_check_access", "_check_auth", "check_access", "check_auth", "check_permissions", "dispatch_request"];
// A refusal (raised, aborted, or a 401/403 answer returned instead of the handler's), and the caller it is about.
const REFUSES = /\braise\s+(?:\w+\.)*(?:Forbidden|Unauthorized|NotAuthorized|AccessDenied|PermissionDenied|NotAuthenticated)\b|\babort\s*\(\s*40[13]\b|\breturn\b[^\n]*,\s*40[13]\b|\bstatus(?:_code)?\s*=\s*40[13]\b/;
const CALLER = /\bsession\.user\b|\bcurrent_user\b|\bg\.user\b|\bself\.user\b|\brequest\.user\b|\b(?:self\.)?(?:is_authori[sz]ed|is_authenticated|get_current_user)\s*\(/;

export function flaskClassChecks(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  const classes = projectClasses(project);
  const memo = new Map<string, string | undefined>();
  return (route) => {
    // The class by its name, also through its module (`display.RHMyAbstractsExportPDF`), or a
    // resource's by its method's (`AppIndexApiView.get`).
    const parts = route.handler.split(".");
    const name = /^[a-z_]\w*$/.test(parts.at(-1)!) && parts.length > 1 ? parts.at(-2)! : parts.at(-1)!;
    if (route.framework !== "flask" || route.guards.length || !/^[A-Z]\w*$/.test(name)) return route;
    const key = `${route.file}\0${name}`;
    if (!memo.has(key)) {
      const lookup = seenFrom(classes(), route.file);
      memo.set(key, lookup.get(name) ? checkOf(lookup, name) : undefined);
    }
    const guard = memo.get(key);
    return guard ? { ...route, guards: [guard] } : route;
  };
}

/** The check the class runs before its handler, named `Class.method` where it refuses; undefined when none refuses. */
function checkOf(classes: ClassLookup, name: string): string | undefined {
  for (const method of CHECKS) {
    const found = refusal(classes, name, method, 0);
    if (found !== undefined) return found || undefined;
  }
  return undefined;
}

/**
 * Where the method that `name`'s chain runs for `method` refuses a caller (`Class.method`); "" when
 * the nearest definition refuses nobody; undefined when no class of the chain defines it.
 */
function refusal(classes: ClassLookup, name: string, method: string, depth: number): string | undefined {
  if (depth > 6) return "";
  for (const current of chainUp(classes, name, 8)) {
    const cls = classes.get(current);
    const body = cls && methodBody(cls, method);
    if (body === undefined) continue;
    if (REFUSES.test(body) && CALLER.test(body)) return `${current}.${method}`;
    // What it hands on to: another class's method (`RHProtected._check_access(self)`), its own (`self._require_user()`), its base's.
    for (const m of body.matchAll(/\b([A-Z]\w*)\.(\w+)\s*\(\s*self\b/g)) {
      const found = refusal(classes, m[1]!, m[2]!, depth + 1);
      if (found) return found;
    }
    for (const m of body.matchAll(/\bself\.(\w+)\s*\(/g)) {
      const found = m[1] === method ? undefined : refusal(classes, name, m[1]!, depth + 1);
      if (found) return found;
    }
    if (/\bsuper\s*\([^)]*\)\s*\.\s*\w+\s*\(/.test(body)) {
      for (const base of cls!.bases) {
        const found = refusal(classes, base, method, depth + 1);
        if (found) return found;
      }
    }
    return "";
  }
  return undefined;
}

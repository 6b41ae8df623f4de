/**
 * A Symfony action whose first statement calls a method of its controller or of the base it
 * extends (`return $this->_delete($request, $entity, $helper);`, an admin CRUD base, or
 * `$job = $this->validateJobAccess($jobId);`) is guarded by the checks that method makes
 * (`$this->denyAccessUnlessGranted('delete', $entity)`, or asking `isGranted(...)` and throwing
 * AccessDeniedException when refused), as an action is by its own
 * (frameworks/symfony.ts): the method runs before the action does anything else.
 */
import { phpMethodBodies } from "./actions.ts";

type Project = Parameters<typeof phpMethodBodies>[0];

// `return $this->_delete(...)`, `$job = $this->validateJobAccess($jobId);`, `$this->checkAccess();`: a method of its own
// first, after calls of PHP's own functions that touch nothing of the request (`set_time_limit(600);`).
const DELEGATES = /^\s*(?:[a-z_]\w*\s*\([^;{}$]*\)\s*;\s*)*(?:return\s+|\$\w+\s*=\s*)?\$this\s*->\s*(\w+)\s*\(/;
const CHECK = /\$this\s*->\s*denyAccessUnlessGranted\s*\(\s*(?:(["'])([^"']*)\1)?/g;
// Or asks the authorization checker and throws when it says no: `if (false === $this->authorizationChecker->isGranted('IS_AUTHENTICATED_FULLY')) { throw new AccessDeniedException(); }`.
const ASKS = /\bisGranted\s*\(\s*(["'])([^"']*)\1[^;{}]*\)\s*\{?\s*throw\s+(?:new\s+\\?(?:\w+\\)*AccessDenied\w*|\$this\s*->\s*createAccessDeniedException)\b/g;

export function symfonyDelegatedChecks(project: Project): (handler: string) => string[] {
  const body = phpMethodBodies(project);
  return (handler) => {
    const [className, action] = handler.split("::");
    if (!className || !action) return [];
    const own = body(className, action);
    const method = own === undefined ? undefined : DELEGATES.exec(own)?.[1];
    const delegated = method === undefined || method === action ? undefined : body(className, method);
    if (delegated === undefined) return [];
    return [...new Set([...[...delegated.matchAll(CHECK)].map((m) => `denyAccessUnlessGranted(${m[2] ?? ""})`), ...[...delegated.matchAll(ASKS)].map((m) => `isGranted(${m[2]})`)])];
  };
}

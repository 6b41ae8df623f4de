/**
 * A Laravel action whose form request turns a guest away. Laravel runs the `authorize()` of a
 * request class the action takes (`public function createAlbum(AddAlbumRequest $request)`)
 * before the action, answering 403 when it returns false. It refuses a caller without a user
 * when it checks for one itself (`Auth::check()`, `$this->user() !== null`) or compares a key the
 * request sends with a secret (`$this->header('X-API-Key') === $expected`), or when it asks a
 * policy (`Gate::check(AlbumPolicy::CAN_EDIT, ...)`, `$this->user()->can(...)`) for an ability
 * whose method takes a `User` that may not be null: Laravel denies a guest such an ability
 * without calling the method. A policy method taking `?User` decides for guests too, so the
 * route may answer them (Lychee's public albums): no guard.
 */
import { phpMethods, phpQualifiedName } from "./actions.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// A parameter of the action typed with a class: `AddAlbumRequest $request`.
const TYPED_PARAMETER = /(?:^|[(,])\s*(\\?[A-Za-z_]\w*(?:\\\w+)*)\s+&?\$\w+/g;
// Laravel's own request classes run no authorize() of the app's.
const FRAMEWORK_REQUEST = /^(?:Illuminate\\|Symfony\\|Psr\\)|^Request$/;
const CHECKS_CALLER = /\bAuth\s*::\s*check\s*\(\s*\)|\bauth\s*\(\s*\)\s*->\s*check\s*\(\s*\)|(?:\$this\s*->\s*user\s*\(\s*\)|Auth\s*::\s*user\s*\(\s*\))\s*!==?\s*null/;
// The caller taken (`$user = Auth::user();`), and an answer false without one: `return $user?->may_administrate === true;`, `return $user !== null && ...`.
const TAKES_USER = /\$(\w+)\s*=\s*(?:Auth\s*::\s*user|\$this\s*->\s*user|auth\s*\(\s*\)\s*->\s*user)\s*\(\s*\)\s*;/;
const needsUser = (body: string): boolean => {
  const user = TAKES_USER.exec(body)?.[1];
  return !!user && new RegExp(String.raw`\breturn\s+\$${user}\s*(?:\?->\s*\w+(?:\s*\([^)]*\))?\s*(?:===?\s*true\s*)?;|!==?\s*null\s*&&)`).test(body);
};
// A key the request sends, compared with a secret: `$this->header('X-API-Key', '') === $expected_key`, `hash_equals($secret, $this->bearerToken())`.
const SENT_KEY = /(?:\$this|\brequest\s*\(\s*\))\s*->\s*(?:header|bearerToken)\s*\(/;
const COMPARED = /===|\bhash_equals\s*\(/;
// An ability asked of a policy by its constant: `Gate::check(AlbumPolicy::CAN_EDIT, ...)`, `->can(PhotoPolicy::CAN_EDIT, ...)`.
const POLICY_ABILITY = /\b(?:Gate\s*::\s*(?:check|allows|authorize|inspect)|->\s*can)\s*\(\s*([A-Z]\w*(?:\\\w+)*)\s*::\s*([A-Z_][A-Z0-9_]*)\b/;
// A policy method's first parameter: a user that may not be null (`User $user`, not `?User $user` nor `User|null $user`).
const REQUIRED_USER = /^\s*(?:\\?[\w\\]*\\)?User\s+\$\w+\s*(?:,|$)/;

/**
 * What a Laravel action's form request checks: its guards (`AlbumPolicy::canEdit`,
 * `AddAlbumRequest::authorize`), and the abilities it asks that decide for guests too
 * (`AlbumPolicy::canUpload`, taking `?User`): checks of the caller that may let one without an
 * account through, by design or by a setting.
 */
export function laravelFormRequestChecks(project: Project): (handler: string) => { guards: string[]; checks: string[] } {
  const method = phpMethods(project);
  type Checks = { guards: string[]; checks: string[] };
  const none: Checks = { guards: [], checks: [] };
  const byRequest = new Map<string, Checks>();
  const checksOf = (request: string): Checks => {
    let found = byRequest.get(request);
    if (!found) byRequest.set(request, (found = requestChecks(request)));
    return found;
  };
  const requestChecks = (request: string): Checks => {
    const authorize = method(request, "authorize");
    if (!authorize) return none;
    // A check of the caller, or of a key the caller sends (a service's callback with its API key).
    if (CHECKS_CALLER.test(authorize.body) || needsUser(authorize.body) || (SENT_KEY.test(authorize.body) && COMPARED.test(authorize.body))) {
      return { guards: [`${request.split("\\").pop()}::authorize`], checks: [] };
    }
    const asked = POLICY_ABILITY.exec(authorize.body);
    if (!asked) return none;
    const source = project.text(authorize.file) ?? "";
    const policy = phpQualifiedName(source, asked[1]!);
    const ability = constantValue(project, policy, asked[2]!);
    const abilityMethod = ability ? method(policy, ability) : undefined;
    if (!abilityMethod) return none;
    const name = `${asked[1]}::${ability}`;
    return REQUIRED_USER.test(abilityMethod.parameters) ? { guards: [name], checks: [] } : { guards: [], checks: [name] };
  };
  const actionChecks = (handler: string): Checks => {
    // An invokable controller's action is `__invoke` (`Route::post('/Import', ImportFromServerController::class)`).
    const match = /^([\w\\]+)(?:@(\w+))?$/.exec(handler);
    const action = match && method(match[1]!, match[2] ?? "__invoke");
    if (!action) return none;
    const source = project.text(action.file) ?? "";
    const all = [...action.parameters.matchAll(TYPED_PARAMETER)].map((m) => phpQualifiedName(source, m[1]!)).filter((type) => !FRAMEWORK_REQUEST.test(type)).map(checksOf);
    return { guards: all.flatMap((c) => c.guards), checks: all.flatMap((c) => c.checks) };
  };
  // Asked twice per route (its guards, then its checks when it has none): the action is read once.
  const byHandler = new Map<string, Checks>();
  return (handler) => {
    let found = byHandler.get(handler);
    if (!found) byHandler.set(handler, (found = actionChecks(handler)));
    return found;
  };
}

/** The string a class constant holds (`public const CAN_EDIT = 'canEdit';`), read in the class's file. */
function constantValue(project: Project, className: string, name: string): string | undefined {
  const short = className.split("\\").pop()!;
  for (const path of project.listed) {
    if (!path.endsWith(`/${short}.php`) && path !== `${short}.php`) continue;
    const value = new RegExp(String.raw`\bconst\s+${name}\s*=\s*['"]([\w-]+)['"]`).exec(project.text(path) ?? "")?.[1];
    if (value) return value;
  }
  return undefined;
}

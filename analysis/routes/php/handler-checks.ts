/**
 * A Laravel action that checks its caller before it does anything else, when no middleware does:
 *
 *     public function verifyCredentials(Request $request)
 *     {
 *         abort_if(!$request->user(), 403);
 *
 * or `abort_unless(Auth::check(), 403)`, `if (!Auth::check()) { abort(403); }`,
 * `$this->authorize('update', $post)`, `Gate::authorize(...)`, possibly after taking the user
 * (`$user = $request->user();`). The action is read where the controller defines or inherits it
 * (php/actions.ts).
 */

import { isGuardName } from "../paths.ts";

// Reading the caller: `$request->user()`, `request()->user()`, `Auth::check()`, `auth()->id()`.
// Or the controller's own question of it: `$this->isLoggedIn()`, `self::currIsAdmin()`.
const CALLER = String.raw`(?:\$request\s*->\s*user\s*\(\s*\)|request\s*\(\s*\)\s*->\s*user\s*\(\s*\)|Auth\s*::\s*(?:check|user|id)\s*\(\s*\)|auth\s*\(\s*\)\s*->\s*(?:check|user|id)\s*\(\s*\)|(?:\$this\s*->|(?:self|static|parent)\s*::)\s*(?:is(?:Logged|Signed)In|isAuthenticated|(?:curr(?:ent)?)?IsAdmin|isAdmin)\s*\(\s*\))`;
const GUEST = String.raw`(?:Auth\s*::\s*guest\s*\(\s*\)|auth\s*\(\s*\)\s*->\s*guest\s*\(\s*\))`;
// The caller taken first: `$user = $request->user();`, `$pid = Auth::id();`.
const TAKES_CALLER = new RegExp(String.raw`^\s*\$(\w+)\s*=\s*${CALLER}\s*;`);
// A refusal of a request without a caller (not of one with a caller: `abort_if($request->user(), 404)`
// sends signed-in users away from a guest page): `abort_if(!$x, 403)`, `abort_if(!$enabled || !$x, 404)`, `abort_unless($x, 403)`,
// `abort_if(Auth::guest(), 403)`, `if (!$x) { abort(403); }`, `if (!$x) return redirect(...)`.
const refuses = (caller: string) =>
  new RegExp(
    String.raw`^\s*(?:abort_if\s*\(\s*(?:[^;]*?\|\|\s*)?(?:!\s*${caller}|${GUEST})|abort_unless\s*\(\s*${caller}|if\s*\(\s*(?:!\s*${caller}|${GUEST})\s*\)\s*\{?\s*(?:return\s+)?(?:abort\s*\(|redirect\s*\(|response\s*\(\s*\)\s*->\s*json\s*\([^;]*\b40[13]\b))`,
  );
const OWN_CHECK = /^\s*(?:\$this\s*->|(?:self|static|parent)\s*::)\s*(\w+)\s*\(\s*\)\s*;/;
// An authorization of its own: `$this->authorize(...)`, `Gate::authorize(...)`.
const AUTHORIZES = /^\s*(?:\$this\s*->\s*authorize\w*\s*\(|Gate\s*::\s*authorize\s*\()/;

/** The guards a Laravel action's body gives itself at its top: one that names the check, or none. */
export function laravelHandlerChecks(body: (handler: string) => string | undefined): (handler: string) => string[] {
  return (handler) => {
    const text = body(handler);
    if (text === undefined) return [];
    if (AUTHORIZES.test(text) || refuses(CALLER).test(text)) return ["(checks the caller in the action)"];
    // A check of the controller's own that refuses by itself: `self::ensureAdmin();`, `$this->requireLogin();`.
    const own = OWN_CHECK.exec(text)?.[1];
    if (own && isGuardName(own)) return [own];
    const taken = TAKES_CALLER.exec(text);
    return taken && refuses(String.raw`\$${taken[1]}\b`).test(text.slice(taken[0].length)) ? ["(checks the caller in the action)"] : [];
  };
}

import { closing } from "../../languages/curly.ts";
import { isGuardName, isOptionalGuardName } from "../paths.ts";
import { cancanActionGuard, cancanGuard } from "./cancan.ts";
import { punditGuard } from "./pundit.ts";
import { controllerChain, type ControllerRoot, filterActions, snake } from "./controllers.ts";

type Filter = { name: string; only?: Set<string>; except?: Set<string>; skip: boolean };

// `before_action :authenticate_user!, except: [:index, :show]`, `skip_before_action :x, only: :y`
// (`before_filter` in Rails 4 and older; `prepend_before_action` runs it first); a line ending in a comma goes on to the next
// (`before_action :require_user,\n  only: [:create]`).
// A symbol followed by `=>` is an option's key (`:only => [:edit]`), not a filter's name.
// The names may go on over lines too (`before_action :set_request,\n  :authenticate,\n  :set_params`).
const FILTER = /^[ \t]*(skip_)?(?:prepend_|append_)?before_(?:action|filter)(?:[ \t]+|[ \t]*\([ \t]*)(:[\w!?]+(?:[ \t]*,\s*:[\w!?]+(?![\w!?]|[ \t]*=>))*)((?:[^\n]*,[ \t]*\n)*[^\n]*)/gm;

// A filter named for loading the caller, not for requiring one: `authenticate_user` (without the
// bang), Rails 8's `restore_authentication` (what `allow_unauthenticated_access` runs: it resumes a
// session when the cookie has one), `load_`, `fetch_`, `set_` ones. Its body decides (refuses).
const LOADS = /^(?:authenticate|restore_|resume_|load_|fetch_|find_|set_)/;

/**
 * The guards a Rails controller puts before an action (`articles#create`): its own and its
 * parents' `before_action` filters named like a check, with `only:`/`except:` lists and
 * `skip_before_action`. By Ruby's convention a bang method enforces (`authenticate_user!`
 * redirects or raises) while `authenticate_user` only loads the user when there is one, so an
 * `authenticate...` (or `restore_...`, LOADS) filter without the bang is no guard, unless the chain defines it and its
 * body turns callers away (`return unauthorized if @current_user.nil?`, or a 401 rescued from
 * decoding a token it reads whether or not the request has one). `skipped`: a guard the chain
 * puts before other actions is skipped for this one (`skip_before_action :authenticate_user!,
 * only: :timezone`), so the code declares the action public. `text` reads a repository file.
 */
export function railsActionGuards(handler: string, text: (path: string) => string | undefined, where?: ControllerRoot): { guards: string[]; skipped: boolean } {
  const match = /^([\w/]+)#(\w+)$/.exec(handler);
  if (!match) return { guards: [], skipped: false };
  const [, controller, action] = match;
  // Parents first: a child's filters come after, and its skips win.
  const chain = controllerChain(controller!, text, where).sources.reverse();
  const { filterTexts, sources, nearestFirst } = withConcerns(chain, text);
  const guards = new Set<string>();
  let skipped = false;
  for (const filter of filterTexts.flatMap(filters)) {
    if (!applies(filter, action!)) continue;
    if (filter.skip) skipped = guards.delete(filter.name) || skipped;
    else if (isGuardName(filter.name)) {
      if (filter.name.endsWith("!") || (LOADS.test(filter.name) ? refuses(sources, filter.name) : !onlyForSignedIn(sources, filter.name) && !onlyAssigns(sources, filter.name))) guards.add(filter.name);
    } else {
      const check = turnsAway(sources, filter.name);
      if (check) guards.add(check);
    }
  }
  // CanCanCan's check, for an action its Ability does not grant a caller without a user.
  const cancan = cancanGuard(controller!, action!, filterTexts, text);
  if (cancan) guards.add(cancan);
  // Pundit's check, for an action that authorizes a record whose policy needs a caller.
  const body = methodBody(nearestFirst, action!);
  const pundit = body === undefined ? undefined : punditGuard(controller!, action!, body, text, { sources: nearestFirst, method: (name) => methodBody(nearestFirst, name) });
  if (pundit) guards.add(pundit);
  // CanCanCan's `authorize!` at the action's top, for what its Ability does not grant a caller without a user.
  const authorized = body === undefined ? undefined : cancanActionGuard(controller!, body, filterTexts, text);
  if (authorized) guards.add(authorized);
  // An action no filter guards that sends a caller without a user away itself, at its top.
  // Only an optional check before it (`check_if_login_required`, on when a setting asks) leaves it to the action as well.
  if ([...guards].every(isOptionalGuardName) && checksAtTop(sources, action!)) guards.add("(checks the caller in the action)");
  // A webhook no filter guards that checks its sender's signature itself.
  else if ([...guards].every(isOptionalGuardName) && body !== undefined && verifiesSignature(body)) guards.add("(verifies the request's signature)");
  return { guards: [...guards], skipped };
}

// A sender's signature checked before the payload is acted on: a provider's helper (Plaid's
// `validate_webhook!(header, body)`, `Stripe::Webhook.construct_event`, `verify_signature`), an HMAC
// compared in constant time (`secure_compare`), or the action rescuing a forged one
// (`rescue Stripe::SignatureVerificationError`).
const SIGNATURE_CHECK = /\b(?:validate_webhook|verify_\w*signature\w*|verify_webhook\w*|valid_signature\?|construct_event|secure_compare)\b|\brescue\b[^\n]*\bSignatureVerificationError\b/;

/** Whether an action's body checks the request's signature (in its first 25 lines). */
function verifiesSignature(body: string): boolean {
  return body.split("\n").filter((line) => line.trim() && !line.trim().startsWith("#")).slice(0, 25).some((line) => SIGNATURE_CHECK.test(line));
}

// A line of an action's top that turns away a caller without a user: `return redirect_to(new_user_session_path) if true_user.blank?`.
// Redmine's and OpenProject's current user is `User.current`.
const TESTS_USER = /\b(?:\w*user\w*|User\.current|signed_in\?|logged_in\?|authenticated\?|session\[)/;
const TOP_LINES = 8;

/** Whether action `name`, as the controller chain defines it, refuses a caller without a user in its first lines. */
function checksAtTop(sources: readonly string[], name: string): boolean {
  // The nearest definition: the controller's own before its parents'.
  const body = methodBody([...sources].reverse(), name);
  if (body === undefined) return false;
  // The body's own level: a refusal inside a branch (`if @user.private?`) turns away some callers of some records, not the route's.
  const indent = /^[ \t]*/.exec(body.split("\n").find((line) => line.trim()) ?? "")![0];
  const lines = body.split("\n").slice(0, TOP_LINES).filter((line) => line.trim() && /^[ \t]*/.exec(line)![0] === indent);
  const http = lines.findIndex((line) => HTTP_AUTHENTICATION.test(line));
  if (http !== -1 && !lines.slice(0, http).some((line) => ONLY_WHEN_PRESENT.test(line))) return true;
  if (lines.some((line) => REFUSAL.test(line) && WHEN_MISSING.test(line) && !REFUSES_SIGNED_IN.test(line) && TESTS_USER.test(line.replace(/new_user_session_path|user_session/g, "")))) return true;
  if (lines.some((line) => NOT_FOUND_UNLESS_SIGNED_IN.test(line))) return true;
  // A block for the caller who is not signed in, at the top, whose first lines refuse (`unless authenticated?` then `redirect_to ...; return`).
  const all = body.split("\n").filter((line) => line.trim());
  return all.slice(0, TOP_LINES).some((line, i) => /^[ \t]*/.exec(line)![0] === indent && NOT_SIGNED_IN_BLOCK.test(line) && all.slice(i + 1, i + 4).some((next) => REFUSAL.test(next)));
}

// What a filter does to a caller it turns away (answers 401/403, raises, redirects to sign in),
// on a line that decides it by who is missing: `head :unauthorized unless signed_in?`,
// `return unauthorized if @current_user.nil?`. A refusal for a bad token alone (in a rescue,
// under `if header.present?`) still lets anonymous callers through.
// An app's own helpers count by their words (`unauthorized_error`, `render_forbidden`).
const REFUSAL = /\b(?:unauthori[sz]ed|forbidden|401|403|render_40[13]|deny_access|raise|redirect_to|request_http_token_authentication|access_denied|not_authori[sz]ed|(?:ask|redirect|send)_to_(?:log_?in|sign_?in))\b|\b(?:render_)?(?:unauthori[sz]ed|forbidden)_(?:error|response|request)\b/i;
// Answering that nothing is there to a caller who is not signed in (`return head :not_found unless signed_in?`)
// hides the action from them; to a missing record (`head :not_found unless @user`) it does not.
const NOT_FOUND_UNLESS_SIGNED_IN = /\bhead[ \t(]+:?(?:not_found|404)\b[^\n]*\b(?:unless[ \t]+|if[ \t]+![ \t]*)(?:(?:authenticated|signed_in|logged_in|user_signed_in)\?|current_user\b)/;
// A predicate asking whether the caller is signed in: `authenticated?`, `user_signed_in?`.
const SIGNED_IN_PREDICATE = String.raw`(?:authenticated|signed_in|logged_in|user_signed_in)\?`;
// A caller test whose `||` runs a refusal or a sign-in: `authenticated? || ask_to_login(web: ...)`,
// `authenticated?(as: @info_request.user) || ask_to_login(...)`.
const OR_ELSE_REFUSES = new RegExp(String.raw`\b${SIGNED_IN_PREDICATE}(?:\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*\))?[ \t]*\|\|[ \t]*\w*(?:log_?in|sign_?in|unauthori[sz]ed|forbidden|deny|redirect_to|raise)`, "i");
// A block for the caller who is not signed in: `if !authenticated?`, `unless current_user`.
const NOT_SIGNED_IN_BLOCK = new RegExp(String.raw`^[ \t]*(?:if[ \t]+![ \t]*|unless[ \t]+)(?:${SIGNED_IN_PREDICATE}|@?current_user\b)[^\n]*$`);
const WHEN_MISSING = /\bunless\b|\bif\b[^\n]*(?:nil\?|blank\?|empty\?|!\s*@?\w)/;
// Rails' own HTTP authentication: the block runs with the credentials sent, and a request without
// them is answered 401 before it (`authenticate_or_request_with_http_basic do |name, password|`).
const HTTP_AUTHENTICATION = /\bauthenticate_or_request_with_http_(?:basic|token|digest)\b/;
// A token read only when the request has one: `if request.headers["Authorization"].present?`, `return unless token`.
const ONLY_WHEN_PRESENT = /\b(?:if|unless)\b[^\n]*(?:present\?|blank\?|nil\?|empty\?|token|header|authorization)/i;

/** The body of method `name` (a filter, an action) as the first of `sources` that defines it has it, or undefined. */
function methodBody(sources: readonly string[], name: string): string | undefined {
  const escaped = name.replace(/[!?]/g, "\\$&");
  const header = new RegExp(`^([ \\t]*)def[ \\t]+${escaped}(?![\\w!?])[^\\n]*\\n`, "m");
  for (const source of sources) {
    const m = header.exec(source);
    if (!m) continue;
    // The body runs to the `end` at the definition's own indentation.
    const rest = source.slice(m.index + m[0].length);
    const end = new RegExp(`^${m[1]}end\\b`, "m").exec(rest);
    return end ? rest.slice(0, end.index) : rest;
  }
  return undefined;
}

// A filter not named like a check may check all the same, at the top level of its body (not in a
// branch, nor in its `rescue`): a line answering 401/403 on a condition about the caller
// (Redmine's `render_403 unless @query.editable_by?(User.current)`), an `unless`/`if` about the
// caller or the key sent whose block answers so (`unless ... secure_compare(params[:key], ...)`
// -> `render plain: "Access denied", status: :forbidden`), or a call of a check on a line of its
// own (`authorize_global`). A 403 about the record alone (`render_403 unless @issue.visible?`) or
// deep in a branch (a permission to copy) is left to what the filter loads.
const TURNS_AWAY = /\brender_40[13]\b|\bdeny_access\b|\bhead[ \t(]+:?(?:forbidden|unauthorized)\b|\bstatus:?[ \t]*(?:=>[ \t]*)?:?(?:forbidden|unauthorized|40[13])\b|\brequest_http_token_authentication\b/;
const LOOKS_AT_CALLER = /\bUser\.current\b|\bcurrent_user\b|\blogged_in\?|\bsigned_in\?|\bauthenticated\?|\bsecure_compare\b|\bapi_key\b|\bparams\[:key\]|\btoken\b/;
const CALL = /^[ \t]*([a-z_]\w*[!?]?)[ \t]*(?:\(.*)?$/;
// A statement and the `unless`/`if` modifier after it.
const MODIFIER = /^[ \t]*(?!(?:if|unless)\b)(\S[^\n]*?)[ \t]+(?:unless|if)[ \t]+([^\n]+)$/;
// A predicate of the app's about the caller (`current_user_owns?(item)`, `current_user_can?`).
const CALLER_PREDICATE = /\bcurrent_user_\w+\?/;
// A route helper of the sign-in page: Devise's `new_user_session_path`, `login_url`, `signin_path`.
const SIGN_IN_PATH = /\b(?:new_\w*session|log_?in|sign_?in)_(?:path|url)\b/;
const RETURN_IF_SIGNED_IN = new RegExp(String.raw`^[ \t]*return[ \t]+if[ \t]+(?:@?current_user(?:\.present\?)?|${SIGNED_IN_PREDICATE}(?:\([^)\n]*\))?)[ \t]*$`);
// A refusal only of a caller who is signed in (`... if current_user`, `... if current_user && !admin`): a caller without one passes it.
const REFUSES_SIGNED_IN = new RegExp(String.raw`[ \t]+if[ \t]+(?:@?current_user(?:\.present\?)?|${SIGNED_IN_PREDICATE})[ \t]*(?:&&[^\n]*|\band\b[^\n]*)?$`);
const indentOf = (line: string) => /^[ \t]*/.exec(line)![0].length;

/** The guard filter `name` stands for (itself, or the check it calls), or undefined when its body checks nobody. */
function turnsAway(sources: readonly string[], name: string, depth = 0): string | undefined {
  const body = methodBody(sources, name);
  if (body === undefined || depth > 2) return undefined;
  const lines = body.split("\n").filter((line) => line.trim() && !line.trim().startsWith("#"));
  // `return unless current_user` first: what follows acts on a signed-in caller alone (huginn's `upgrade_warning`
  // calling `twitter_oauth_check`), and a caller without a user is let through.
  if (lines.length && RETURNS_UNLESS_SIGNED_IN.test(lines[0]!)) return undefined;
  const base = lines.length ? indentOf(lines[0]!) : 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = indentOf(line);
    if (indent < base) break; // its `rescue`
    if (indent > base) continue;
    // A refusal of the caller who IS signed in (`render_error status: :unauthorized if current_user`): a filter for guests, no check.
    if (REFUSES_SIGNED_IN.test(line) && REFUSAL.test(line.replace(REFUSES_SIGNED_IN, ""))) continue;
    if (TURNS_AWAY.test(line) && LOOKS_AT_CALLER.test(line)) return name;
    // A refusal under a modifier testing the caller (`access_denied(redirect: x) unless current_user_owns?(x)`).
    const modifier = MODIFIER.exec(line);
    if (modifier && REFUSAL.test(modifier[1]!) && (LOOKS_AT_CALLER.test(modifier[2]!) || CALLER_PREDICATE.test(modifier[2]!))) return name;
    // A guard clause letting the signed-in caller through, then a refusal for the rest (`return if authenticated?` and `redirect_to frontpage_url`).
    // The refusal may go through a helper of the app's handed the sign-in path (`redirect_to_path(new_user_session_path)`).
    if (RETURN_IF_SIGNED_IN.test(line) && lines.slice(i + 1).some((next) => indentOf(next) === base && (TURNS_AWAY.test(next) || /^[ \t]*(?:redirect_to|render|head)\b/.test(next) || SIGN_IN_PATH.test(next)))) return name;
    if (/^[ \t]*(?:unless|if)\b/.test(line) && LOOKS_AT_CALLER.test(line)) {
      // A block for the caller who is not signed in refuses by sending them anywhere (`unless logged_in?` ->
      // `redirect_to login_url`, as the Rails Tutorial's `logged_in_user` does); another caller test, by a 401/403.
      const refusal = NOT_SIGNED_IN_BLOCK.test(line) ? REFUSAL : TURNS_AWAY;
      for (let j = i + 1; j < lines.length && indentOf(lines[j]!) > base; j++) if (refusal.test(lines[j]!)) return name;
    }
    const call = CALL.exec(line)?.[1];
    if (call && call !== name && isGuardName(call) && !LOADS.test(call)) return call;
    // `if ... authorize else find_optional_project end`: a check in every branch, or a method of the chain that makes one.
    if (/^[ \t]*(?:unless|if)\b/.test(line)) {
      const check = everyBranchChecks(sources, name, lines, i, base, depth);
      if (check) return check;
    }
  }
  return undefined;
}

/** The check every branch of the `if` at line `at` (with an `else`) makes on a line of its own, directly or through a method of the chain. */
function everyBranchChecks(sources: readonly string[], name: string, lines: readonly string[], at: number, base: number, depth: number): string | undefined {
  const branches: string[][] = [[]];
  let otherwise = false;
  let end = at + 1;
  for (; end < lines.length && indentOf(lines[end]!) >= base; end++) {
    const line = lines[end]!;
    if (indentOf(line) > base) branches.at(-1)!.push(line);
    else if (/^[ \t]*(?:else|elsif)\b/.test(line)) {
      branches.push([]);
      if (/^[ \t]*else\b/.test(line)) otherwise = true;
    } else break; // its `end`, or the next statement
  }
  // Without an `else`, a request that takes no branch is checked by none.
  if (!otherwise || !/^[ \t]*end\b/.test(lines[end] ?? "")) return undefined;
  const checks = branches.map((branch) => {
    for (const line of branch) {
      const call = CALL.exec(line)?.[1];
      if (!call || call === name) continue;
      if (isGuardName(call) && !LOADS.test(call)) return call;
      const through = turnsAway(sources, call, depth + 1);
      if (through) return through;
    }
    return undefined;
  });
  return checks.every(Boolean) ? checks[0] : undefined;
}

// A first line that leaves a caller who is not signed in alone: `return unless current_user`, `return if current_user.nil?`.
const RETURNS_UNLESS_SIGNED_IN = /^[ \t]*return[ \t]+(?:unless[ \t]+(?:@?current_user|user_signed_in\?|logged_in\?|signed_in\?|session\[:user(?:_id)?\])|if[ \t]+(?:![ \t]*(?:@?current_user|user_signed_in\?|logged_in\?|signed_in\?)|@?current_user(?:\.nil\?|\.blank\?)))[ \t]*$/;
// A test that the caller is signed in: what follows it acts on a caller there is.
const SIGNED_IN = /\bif[ \t]+(?:session\[:user(?:_id)?\]|@?current_user\b|user_signed_in\?|logged_in\?|signed_in\?)/;
const SIGNED_IN_BLOCK = new RegExp(`^[ \\t]*${SIGNED_IN.source}[ \\t]*$`);

/**
 * Whether filter `name`, named like a check, acts only on a caller who is signed in: its body
 * tests for one (`if session[:user]`, `... if current_user`) and turns nobody away outside that
 * test (`authorize_web` loading the session's user and sending a suspended one away, `setup_user_auth`).
 * A body that refuses, runs HTTP authentication or calls another check anywhere else is a guard.
 */
function onlyForSignedIn(sources: readonly string[], name: string): boolean {
  const body = methodBody(sources, name);
  if (body === undefined || HTTP_AUTHENTICATION.test(body)) return false;
  // `return unless current_user` first: all after it acts on a caller who is signed in (Homeward Tails' `verify_person_in_org`).
  const first = body.split("\n").find((line) => line.trim() && !line.trim().startsWith("#"));
  if (first !== undefined && RETURNS_UNLESS_SIGNED_IN.test(first)) return true;
  if (!SIGNED_IN.test(body)) return false;
  let inside: number | undefined;
  for (const line of body.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const indent = indentOf(line);
    if (inside !== undefined && (indent > inside || /^[ \t]*end\b/.test(line))) {
      if (indent <= inside) inside = undefined;
      continue;
    }
    // An `else` or `elsif` of the test is the caller who is not signed in: read as the rest.
    inside = undefined;
    if (SIGNED_IN_BLOCK.test(line)) {
      inside = indent;
      continue;
    }
    const call = CALL.exec(line)?.[1];
    if (REFUSAL.test(line) || TURNS_AWAY.test(line) || (call && call !== name && isGuardName(call) && !LOADS.test(call))) return false;
  }
  return true;
}

// A line that only keeps a value: `@user ||= authenticated_user`, `@locale = params[:locale]`.
const ASSIGNMENT = /^[ \t]*@?\w+[ \t]*(?:\|\|=|=(?![=~>]))/;

/**
 * Whether the chain defines filter `name`, named like a check, with a body that only keeps
 * values (Alaveteli's `authentication_check` is `@user ||= authenticated_user`): it loads the
 * caller when there is one and turns nobody away.
 */
function onlyAssigns(sources: readonly string[], name: string): boolean {
  const lines = methodBody(sources, name)?.split("\n").filter((line) => line.trim() && !line.trim().startsWith("#"));
  return lines !== undefined && lines.length > 0 && lines.every((line) => ASSIGNMENT.test(line) && !REFUSAL.test(line) && !TURNS_AWAY.test(line));
}

/** Whether the controller chain defines filter `name` with a body that turns callers away. */
function refuses(sources: readonly string[], name: string): boolean {
  const body = methodBody(sources, name);
  if (body === undefined) return false;
  const lines = body.split("\n");
  if (lines.some((line) => (REFUSAL.test(line) && WHEN_MISSING.test(line)) || OR_ELSE_REFUSES.test(line))) return true;
  // A block for the caller who is not signed in that starts with a refusal (`if !authenticated?` then `ask_to_login(...)`).
  if (lines.some((line, i) => NOT_SIGNED_IN_BLOCK.test(line) && lines.slice(i + 1, i + 3).some((next) => REFUSAL.test(next)))) return true;
  // A refusal in the `else` of the test that lets a caller through (`if key.present? && secure_compare(key, expected) ... else unauthorized_error`).
  const otherwise = /^[ \t]*else[ \t]*$/m.exec(body);
  if (otherwise && body.slice(otherwise.index).split("\n").slice(1, 4).some((line) => REFUSAL.test(line))) return true;
  if (refusesAfterTheTest(body)) return true;
  // Rails' HTTP authentication, unless it is asked only of a request that sends credentials
  // (`if request.headers["Authorization"].present?` around it): then anonymous callers pass.
  const http = body.search(HTTP_AUTHENTICATION);
  if (http !== -1 && !ONLY_WHEN_PRESENT.test(body.slice(0, http))) return true;
  // One that decodes the token whatever the request carries and answers 401 when that fails
  // (`rescue JWT::DecodeError` -> `render ..., status: :unauthorized`) turns away a caller
  // without one as well: there is nothing to decode. Not when it decodes only a token present.
  const rescue = body.search(/^[ \t]*rescue\b/m);
  return rescue !== -1 && REFUSAL.test(body.slice(rescue)) && !ONLY_WHEN_PRESENT.test(body.slice(0, rescue));
}

/**
 * Whether the body ends every caller's way in a refusal, at its top level and on no condition,
 * that only a `return` inside a test lets a caller escape (`if key.present? && secure_compare(key,
 * expected) ... return true end` then `unauthorized_error`). A `return` at the top level before it
 * lets callers through on its own (`return if header.blank?`), and an abstract method's `raise
 * NotImplementedError` refuses nobody.
 */
function refusesAfterTheTest(body: string): boolean {
  const lines = body.split("\n").filter((line) => line.trim() && !line.trim().startsWith("#"));
  const base = lines.length ? indentOf(lines[0]!) : 0;
  for (const line of lines) {
    if (indentOf(line) !== base) continue;
    if (/^[ \t]*(?:return|rescue|ensure)\b/.test(line)) return false;
    if (REFUSAL.test(line) && !/\b(?:if|unless)\b|NotImplementedError/.test(line)) return true;
  }
  return false;
}

const INCLUDE = /^[ \t]*include[ \t]+([A-Z][\w:]*(?:[ \t]*,[ \t]*[A-Z][\w:]*)*)/gm;
const INCLUDED = /^([ \t]*)included[ \t]+do[ \t]*$/m;
const SELF_INCLUDED = /^([ \t]*)def[ \t]+self\.included[ \t]*\([ \t]*(\w+)[ \t]*\)[ \t]*$/m;
// A macro a concern defines for its controllers: `def skip_authentication(**options)` whose body
// skips (or adds) a filter with the options it is given (`def verify_session_before(**)` hands them on unnamed).
const MACRO = /^([ \t]*)def[ \t]+(?:self\.)?([a-z_]\w*)[ \t]*\([ \t]*\*\*(\w*)[ \t]*\)[ \t]*$/gm;

/**
 * The texts whose filters a controller chain runs, and the sources its filter methods may be
 * defined in: each controller with the `included do ... end` block (or the filters a plain module's
 * `self.included(base)` adds to `base`) of every concern it includes
 * (app/controllers/concerns/) put before its own filters, and the calls of a concern's macros
 * (`skip_authentication only: [:new]`) written out as the filters they skip or add.
 */
function withConcerns(chain: readonly string[], text: (path: string) => string | undefined): { filterTexts: string[]; sources: string[]; nearestFirst: string[] } {
  const concerns = new Map<string, string>();
  // Rails autoloads a concern from app/controllers/concerns, or by its namespace from app/controllers
  // (`OIDC::Concerns::TrustedPublisherCreation`); a concern's `included` block may include another.
  // A view helper included into a controller (`include SessionsHelper`, whose `signed_in_user` the
  // filters name) is autoloaded from app/helpers.
  const load = (name: string) =>
    concerns.get(name) ?? text(`app/controllers/concerns/${snake(name)}.rb`) ?? text(`app/controllers/${snake(name)}.rb`) ?? (name.endsWith("Helper") ? text(`app/helpers/${snake(name)}.rb`) : undefined);
  const includedBy = (source: string, seen: Set<string>, names: string[] = []): string[] =>
    [...source.matchAll(INCLUDE)].flatMap((m) => m[1]!.split(",").map((n) => n.trim())).flatMap((name) => {
      if (seen.has(name)) return [];
      seen.add(name);
      const concern = load(name);
      if (concern === undefined) return [];
      concerns.set(name, concern);
      names.push(name);
      const block = INCLUDED.exec(concern);
      if (block) {
        const body = blockBody(concern, block.index + block[0].length, block[1]!);
        return [...includedBy(body, seen, names), body];
      }
      // A plain module's hook: `def self.included(base)` calling `base.before_action :require_user!`.
      const hook = SELF_INCLUDED.exec(concern);
      if (!hook) return [];
      const calls = blockBody(concern, hook.index + hook[0].length, hook[1]!).split("\n").flatMap((line) => {
        const call = new RegExp(String.raw`^([ \t]*)${hook[2]}\s*\.\s*((?:prepend_|skip_)?before_action\b.*)$`).exec(line);
        return call ? [`${call[1]}${call[2]}`] : [];
      });
      return calls.length ? [calls.join("\n")] : [];
    });
  const included: string[][] = [];
  const filterTexts = chain.map((source) => {
    const names: string[] = [];
    const text = [...includedBy(source, new Set(), names), source].join("\n");
    included.push(names);
    return text;
  });
  // Where Ruby looks a method up: the class, then the modules it includes (the last included
  // first), then its parent and the parent's modules.
  const nearestFirst = chain.map((source, i) => [source, ...[...included[i]!].reverse().map((name) => concerns.get(name)!)]).reverse().flat();
  const macros = [...concerns.values()].flatMap((concern) => [...concern.matchAll(MACRO)].map((m) => ({ name: m[2]!, options: m[3]!, body: blockBody(concern, m.index + m[0].length, m[1]!) })));
  const written = filterTexts.map((filterText) => macros.reduce(writeOut, filterText));
  return { filterTexts: written, sources: [...chain, ...concerns.values()], nearestFirst };
}

/**
 * Each call of a macro in `text` replaced by its body, with the call's arguments for its
 * `**options`: `skip_authentication only: :new` becomes `skip_before_action :authenticate_user!, only: :new`.
 */
function writeOut(text: string, macro: { name: string; options: string; body: string }): string {
  const call = new RegExp(`^([ \\t]*)${macro.name}\\b[ \\t]*([^\\n]*)$`, "gm");
  const options = new RegExp(`,?[ \\t]*\\*\\*${macro.options}(?!\\w)`);
  return text.replace(call, (_, indent: string, args: string) =>
    macro.body.split("\n").map((line) => indent + line.replace(options, args.trim() ? `, ${args.trim()}` : "").trim()).join("\n"));
}

/** The lines of a `do`/`def` block from `start` to its `end` at the opening line's indentation. */
function blockBody(source: string, start: number, indent: string): string {
  const end = new RegExp(`^${indent}end\\b`, "m").exec(source.slice(start));
  return end ? source.slice(start, start + end.index) : source.slice(start);
}

// Rails' own `http_basic_authenticate_with name: ..., password: ..., except: :index`: a filter answering 401 without the credentials.
const HTTP_BASIC = /^[ \t]*http_basic_authenticate_with\b[ \t]*(\()?/gm;

// `before_action except: %i[create] do require_access_token %w[read] end`: a filter written as a block, named by the check it calls.
const FILTER_BLOCK = /^([ \t]*)before_action\b([^\n]*?)\bdo\b[^\n]*\n([\s\S]*?)^\1end\b/gm;

// `before_action :accept_terms, if: :logged_in?`, `if: -> { current_user.present? }`, `unless: :guest?`.
const SIGNED_IN_ONLY = /\bif:\s*(?:(?:->|lambda|proc)\s*\{\s*)?:?(?:logged_in|user_signed_in|signed_in|member_signed_in|admin_signed_in|authenticated|current_user|current_member)\b(?:\?|\s*\.\s*present\?)?|\bunless:\s*(?:(?:->|lambda|proc)\s*\{\s*)?:?(?:anonymous|guest|logged_out|signed_out)\??|\bunless:\s*(?:->|lambda|proc)\s*\{\s*current_user\s*\.\s*nil\?/;

// A condition's method that reads the app's settings (`Site.enabled?`, `Rails.configuration.x.sso`, `ENV["..."]`), not who calls.
const READS_SETTING = /\b[A-Z]\w*(?:::[A-Z]\w*)*\.\w+\?|\bENV\s*\[|\bENV\.fetch\b|\bRails\.(?:application\.)?config(?:uration)?\b|\bSettings?\b/;
const READS_CALLER = /\b(?:current_\w+|session|cookies|params|warden|signed_in\?|logged_in\?|user_signed_in\?|authenticated\?)\b/;

/** Whether a filter's options run it only where a method of the controller reading a setting says (`if: :site_protected?`). */
function switchedBySetting(source: string, options: string): boolean {
  const condition = /\b(?:if|unless):\s*:(\w+[?!]?)/.exec(options)?.[1];
  if (!condition) return false;
  const body = new RegExp(String.raw`^[ \t]*def[ \t]+${condition.replace(/[?!]/g, "\\$&")}[ \t]*\n([\s\S]*?)^[ \t]*end\b`, "m").exec(source)?.[1];
  return !!body && READS_SETTING.test(body) && !READS_CALLER.test(body);
}

function filters(source: string): Filter[] {
  const found: Filter[] = [];
  for (const m of source.matchAll(FILTER_BLOCK)) {
    const check = m[3]!.split("\n").map((line) => CALL.exec(line.replace(/^([ \t]*[a-z_]\w*[!?]?)[ \t]+\S.*$/, "$1"))?.[1]).find((call) => call && isGuardName(call) && !LOADS.test(call));
    if (!check) continue;
    const only = filterActions(m[2]!, "only");
    const except = filterActions(m[2]!, "except");
    found.push({ name: check, skip: false, ...(only ? { only } : {}), ...(except ? { except } : {}) });
  }
  for (const m of source.matchAll(FILTER)) {
    const names = m[2]!.split(",").map((s) => s.trim().slice(1));
    const only = filterActions(m[3]!, "only");
    const except = filterActions(m[3]!, "except");
    // A filter run only for a caller who is signed in turns no anonymous caller away; one a setting switches on
    // (`before_action :authenticate, if: :site_protected?`, the method reading `Site.protected?`) guards only under that setting.
    if (m[1] === undefined && (SIGNED_IN_ONLY.test(m[3]!) || switchedBySetting(source, m[3]!))) continue;
    for (const name of names) found.push({ name, skip: m[1] !== undefined, ...(only ? { only } : {}), ...(except ? { except } : {}) });
  }
  for (const m of source.matchAll(HTTP_BASIC)) {
    // Written in a method (`def self.require_admin(options = {})`), it guards only where that is called.
    if (insideMethod(source, m.index)) continue;
    const from = m.index + m[0].length;
    // Its options run to the closing parenthesis, or to the end of a line not ending in a comma.
    const options = m[1] ? source.slice(from, closing(source, from - 1) - 1) : /^(?:[^\n]*,[ \t]*\n)*[^\n]*/.exec(source.slice(from))![0];
    const only = filterActions(options, "only");
    const except = filterActions(options, "except");
    found.push({ name: "http_basic_authenticate_with", skip: false, ...(only ? { only } : {}), ...(except ? { except } : {}) });
  }
  return found;
}

/** Whether the line at `at` is in the body of a `def`: the nearest line above it indented less opens one. */
function insideMethod(source: string, at: number): boolean {
  const lines = source.slice(0, at).split("\n");
  const indent = /^[ \t]*/.exec(source.slice(at))![0].length;
  for (let i = lines.length - 2; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const own = /^[ \t]*/.exec(line)![0].length;
    if (own < indent) return /^[ \t]*def[ \t]/.test(line);
  }
  return false;
}

function applies(filter: Filter, action: string): boolean {
  if (filter.only && !filter.only.has(action)) return false;
  return !filter.except?.has(action);
}

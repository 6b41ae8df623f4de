import { splitOutsideBrackets } from "../common/operators.ts";
import { singular } from "../inflect.ts";
import { snake } from "./controllers.ts";

/**
 * Pundit: an action that calls `authorize record` (or `authorize record, :reply?`) is refused
 * unless the record's policy (`CommentPolicy`, `app/policies/comment_policy.rb`, and the classes
 * it inherits from: `ApplicationPolicy`) answers the action's query (`create?`) true for the
 * caller. A query that needs a caller (`user.is_member?`, or a predicate of the policy that does:
 * `unbanned?`) turns away one without an account, so the action is guarded; one that is `true`,
 * reads only the record, or lets a guest through (`user.is_anonymous?`, a branch of `||` without
 * the user) is not. `body` is the action's body as the controller defines it.
 */
export function punditGuard(controller: string, action: string, body: string, text: (path: string) => string | undefined, code?: ControllerCode): string | undefined {
  const call = AUTHORIZE.exec(body);
  if (!call) return undefined;
  // `authorize @draft if needs_authorization?`: a check the controller turns off (a subclass's
  // `needs_authorization?` answering false) is one only where the condition's method answers so.
  const modifier = MODIFIER.exec(call[2]!);
  if (modifier && code?.method(modifier[2]!)?.trim() !== (modifier[1] === "if" ? "true" : "false")) return undefined;
  const rest = modifier ? call[2]!.slice(0, modifier.index) : call[2]!;
  const query = QUERY.exec(rest)?.[1] ?? `${action}?`;
  // The policy the call names (`policy_class: EmailNotificationPolicy`), the record's, the class the controller
  // assigns the record from, else the controller's model's (an association, `CurrentUser.user.dmails`, is authorized by its model's policy).
  const named = /\bpolicy_class:[ \t]*(?:\w+::)*(\w+)/.exec(rest)?.[1];
  const assigned = code && assignedClass(call[1]!, code);
  let chain: string[] = [];
  const policy = [named, policyOf(call[1]!), assigned && `${assigned.split("::").at(-1)}Policy`, `${camel(singular(controller.split("/").at(-1)!))}Policy`].find((p) => p && (chain = policyChain(p, text)).length);
  return policy && needsCaller(chain, query, 0) ? `${policy}#${query}` : undefined;
}

/** The controller's code as its chain and concerns define it: `sources` and `method(name)`'s body, the nearest definition first. */
export type ControllerCode = { sources: readonly string[]; method: (name: string) => string | undefined };

// `if needs_authorization?` after the call: the condition, a method of the controller's.
const MODIFIER = /[ \t]+(if|unless)[ \t]+([a-z_]\w*\??)[ \t]*$/;

/**
 * The class an instance variable is loaded from where the controller assigns it: `@draft =
 * DraftItem.find(...)`, or through a method of its own answering the class (`@draft =
 * draft_class.find(...)` with `def draft_class; DraftItem; end`, which a subclass may override).
 */
function assignedClass(record: string, code: ControllerCode): string | undefined {
  const ivar = /^@(\w+)$/.exec(record)?.[1];
  if (!ivar) return undefined;
  const assignment = new RegExp(String.raw`^[ \t]*@${ivar}[ \t]*(?:\|\|)?=[ \t]*(?:([A-Z][\w:]*)|([a-z_]\w*))[ \t]*\.[ \t]*(?:find|find_by|new|create|friendly)\b`, "m");
  for (const source of code.sources) {
    const m = assignment.exec(source);
    if (!m) continue;
    if (m[1]) return m[1];
    const answered = code.method(m[2]!)?.trim();
    return answered && /^[A-Z][\w:]*$/.test(answered) ? answered : undefined;
  }
  return undefined;
}

// `authorize Comment.find(params[:id])`, `@post = authorize(Post.new(...), :create?)`, `authorize(@comment).save`:
// the record, then the rest of the line, whose last argument may name the query.
const AUTHORIZE = /(?<![\w.])authorize[ \t(]+(@?[\w:]+(?:\.user\b(?!\.))?)([^\n]*)/;
const QUERY = /,[ \t]*:(\w+\?)[ \t)]*(?:\.\w+[^\n]*)?$/;

/**
 * The policy class of the record an action authorizes, when the record says: `Comment.find(...)` is
 * `CommentPolicy`, `@pool` is `PoolPolicy`, the signed-in user (`CurrentUser.user`, `current_user`) `UserPolicy`, a symbol (`:dashboard`) its headless policy.
 */
function policyOf(record: string): string | undefined {
  if (/^(?:\w+\.user|current_user)$/.test(record)) return "UserPolicy";
  // A headless policy, named by a symbol (`authorize :dashboard, :show?` is `DashboardPolicy`; Jupiter's `authorize :user, :logged_in?`).
  const symbol = /^:(\w+)$/.exec(record)?.[1];
  if (symbol) return `${camel(symbol)}Policy`;
  const constant = /^([A-Z][\w:]*)/.exec(record)?.[1];
  const model = constant ?? (/^@(\w+)$/.exec(record)?.[1] ? camel(singular(record.slice(1))) : undefined);
  return model && `${model.split("::").at(-1)}Policy`;
}

const camel = (name: string) => name.split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");

/** The policy's source and its ancestors' (`< ApplicationPolicy`), nearest first. */
function policyChain(policy: string, text: (path: string) => string | undefined): string[] {
  const chain: string[] = [];
  let name: string | undefined = policy;
  while (name && chain.length < 5) {
    const source = text(`app/policies/${snake(name)}.rb`);
    if (source === undefined) break;
    chain.push(source);
    name = new RegExp(String.raw`class[ \t]+(?:\w+::)*${name}[ \t]*<[ \t]*(?:\w+::)*(\w+)`).exec(source)?.[1];
  }
  return chain;
}

// A condition that lets a caller without an account through: Pundit's nil user, or an app's guest user
// (`user.is_anonymous?`, but not `!user.is_anonymous?`, which needs an account).
const LETS_GUESTS = /(?<![\w.@!]\s*)user(?:\.|&\.)(?:is_anonymous\?|anonymous\?|guest\?|nil\?|blank\?)|\buser\.nil\?|\buser\s*==\s*nil\b|!\s*user\b(?![.&])|\bnot\s+user\b(?![.&])/;
// The caller: Pundit hands the policy `user`; also as Ruby 3.1's shorthand hash value (`find_by(event: record, user:)`).
const USER = /(?<![\w.@:])@?user\b(?![?!:])|(?<![\w.@:])user:(?=[ \t]*(?:[,)\]}]|$))/m;
// A predicate of the policy the query calls: `unbanned?`, `index?`.
const PREDICATE = /(?<![\w.:@])([a-z_]\w*\?)(?![\w(])/g;

/** Whether a query of the policy (with what it calls of the policy's own) refuses a caller without an account. */
function needsCaller(chain: readonly string[], query: string, depth: number): boolean {
  const body = queryBody(chain, query);
  if (body === undefined || depth > 4) return false;
  const code = body.replace(/#[^\n]*/g, "").trim();
  // A query answering false refuses everyone (Danbooru's `ReactionPolicy#create?`, a feature turned off).
  if (code === "false") return true;
  if (/^(?:true|record[\w.?]*)$/.test(code) || LETS_GUESTS.test(code)) return false;
  // Each branch of an `||` outside parentheses must need the caller; one of `&&` is enough.
  const branches = splitOutsideBrackets(code, (text, at) => (text.startsWith("||", at) || (/^or\b/.test(text.slice(at, at + 3)) && /\W/.test(text[at - 1] ?? " ")) ? 2 : 0));
  return branches.every((branch) => USER.test(branch) || [...branch.matchAll(PREDICATE)].some((m) => m[1] !== query && needsCaller(chain, m[1]!, depth + 1)));
}

/** The body of a query as the nearest class of the chain defines it: `def create?\n ... end`, `def create? = ...`, `alias_method :profile?, :show?` or `alias profile? show?`. */
function queryBody(chain: readonly string[], query: string): string | undefined {
  const name = query.replace(/\?/g, "\\?");
  for (const source of chain) {
    const inline = new RegExp(String.raw`^[ \t]*def[ \t]+${name}[ \t]*=[ \t]*([^\n]+)`, "m").exec(source);
    if (inline) return inline[1];
    const header = new RegExp(String.raw`^([ \t]*)def[ \t]+${name}[ \t]*(?:\(\))?[ \t]*\n`, "m").exec(source);
    if (header) {
      const rest = source.slice(header.index + header[0].length);
      const end = new RegExp(`^${header[1]}end\\b`, "m").exec(rest);
      return end ? rest.slice(0, end.index) : undefined;
    }
    // Or the `alias` keyword, its names bare or as symbols: `alias remove_logo? update?`.
    const alias = new RegExp(String.raw`alias_method[ \t(]+:${name}[ \t]*,[ \t]*:(\w+\?)|^[ \t]*alias[ \t]+:?${name}[ \t]+:?(\w+\?)`, "m").exec(source);
    if (alias) return `${alias[1] ?? alias[2]}`;
  }
  return undefined;
}

import { callArguments } from "../source.ts";
import { isGuardName, optionalByArguments } from "../paths.ts";
import { indentWidth } from "../../languages/nesting.ts";
import type { Decorator, Definition } from "./definitions.ts";
import type { RouteSource } from "../source.ts";
import type { Span } from "./values.ts";

// Python's own auth vocabulary on top of the shared one: FastAPI dependencies and Django/Flask decorators.
const PYTHON_GUARD = /(?:admins?|authed|users?|staff|members?|owners?|logged_?in|verified)_(?:only|required)|requires?_(?:admin|user|role|staff|superuser|permission|scope|auth)|current_?(?:active_?)?(?:user|superuser|admin)|superuser|api_?key|oauth2|token|login|logged_?in|permission|staff_member|is_?staff|signed_?in/i;

/** Whether a Python dependency, decorator, mixin or permission class name guards a route. */
export const isPythonGuard = (name: string): boolean => !NOT_GUARD.test(name) && (isGuardName(name) || PYTHON_GUARD.test(name));

// Names that lift a check rather than make one, or check the opposite (Flask-Security's
// `anonymous_user_required`: only callers without a session get through; Django 5.1's
// `login_not_required`, which lets a view through LoginRequiredMiddleware).
const NOT_GUARD = /exempt|allow_?any|^public|optional|^(?:get_?)?(?:db_?)?session|anonymous_\w*required|not_required/i;

// Django's own views that require a signed-in user (`@method_decorator(login_required)` in
// django.contrib.auth.views): used as they are, or as the base of a project's view.
const DJANGO_SIGNED_IN_VIEWS = /^(?:PasswordChangeView|PasswordChangeDoneView)$/;

/** The guard a Django view of the framework's own (`auth_views.PasswordChangeView`) brings, by its class name. */
export const djangoViewGuards = (name: string): string[] => (DJANGO_SIGNED_IN_VIEWS.test(name.split(".").at(-1)!) ? ["login_required"] : []);

/** Whether a name says it lifts a check (`allow_any`, `get_current_user_optional`) or is no check (`get_db_session`). */
export const isNamedNotGuard = (name: string): boolean => NOT_GUARD.test(name);

const DEPENDENCY = /\b(Depends|Security)\s*\(\s*(?:dependency\s*=\s*)?([A-Za-z_][\w.]*)?/g;

/**
 * The guards among FastAPI dependencies in an expression: `[Depends(verify_token)]`,
 * `Annotated[User, Depends(get_current_user)]`. `Security(...)` always guards; `Depends(get_db)`
 * only when the dependency is named like a check.
 */
export function dependencyGuards(code: string, span: Span): string[] {
  return dependencies(code, span).flatMap((d) => (d.guard ? [d.name] : []));
}

/**
 * The dependencies in an expression that are not guards by their own name, such as
 * `Depends(get_current_profile)`: a dependency of the project that depends on a guard in turn
 * guards too (dependency-guards.ts decides). One that its arguments make optional is none.
 */
export function otherDependencies(code: string, span: Span): string[] {
  return dependencies(code, span).flatMap((d) => (d.guard || d.optional ? [] : [d.name]));
}

function dependencies(code: string, span: Span): { name: string; guard: boolean; optional: boolean }[] {
  const found: { name: string; guard: boolean; optional: boolean }[] = [];
  const text = code.slice(span.start, span.end);
  for (const m of text.matchAll(DEPENDENCY)) {
    const name = m[2];
    if (!name) continue;
    // `Depends(get_current_user(required=False))`: the dependency reads a user if there is one.
    const after = m.index + m[0].length;
    const optional = text[after] === "(" && optionalByArguments(text.slice(after + 1, callArguments(text, after).end - 1));
    found.push({ name, guard: !optional && (m[1] === "Security" || isPythonGuard(name.split(".").at(-1)!)), optional });
  }
  return found;
}

/**
 * The guards a view's decorators attach: `@login_required`, `@jwt_required()`,
 * `@auth.login_required`, `@roles_required("admin")`; the guards wrapped by
 * `@method_decorator(login_required)`; the classes of `@permission_classes([IsAuthenticated])`.
 */
export function decoratorGuards(code: string, decorators: readonly Decorator[]): string[] {
  // `@token_required(allow_anonymous=True)`: the view says anonymous callers get through, so
  // the other checks stacked with it (`@authorize()` reading the token) cannot turn them away.
  if (decorators.some((d) => isPythonGuard(d.name.split(".").at(-1)!) && d.args && optionalByArguments(argumentsText(code, d.args)))) return [];
  return decorators.flatMap((d) => {
    const name = d.name.split(".").at(-1)!;
    const first = d.args?.positional[0];
    if (name === "permission_classes") return first ? permissionGuards(code, first) : [];
    // `@method_decorator(login_required)`, or named: `@method_decorator(name="get", decorator=staff_member_required())`.
    if (name === "method_decorator") {
      const wrapped = first ?? d.args?.keywords.get("decorator");
      return wrapped ? guardNames(code, wrapped) : [];
    }
    // Starlette's `@requires("authenticated")` turns anonymous callers away with its status_code,
    // unless that is a success (`status_code=200`): then they are served, only told less.
    // One taking a type first (Isso's `@requires(str, "uri")`) only checks a query parameter is there.
    if (name === "requires" && first && /^\s*(?:str|int|float|bool)\s*$/.test(code.slice(first.start, first.end))) return [];
    if (name === "requires") return d.args && !/^\s*2\d\d\s*$/.test(code.slice(d.args.keywords.get("status_code")?.start ?? 0, d.args.keywords.get("status_code")?.end ?? 0)) ? [d.name] : [];
    return isPythonGuard(name) ? [d.name] : [];
  });
}

/** A call's arguments as written, positional then keyword: what optionalByArguments reads. */
function argumentsText(code: string, args: NonNullable<Decorator["args"]>): string {
  const text = (span: Span) => code.slice(span.start, span.end);
  return [...args.positional.map(text), ...[...args.keywords].map(([key, span]) => `${key}=${text(span)}`)].join(", ");
}

const NAMES = /[A-Za-z_][\w.]*/g;

/** The guard-like names in an expression: `[login_required, cache_page(60)]` gives login_required. */
export function guardNames(code: string, span: Span): string[] {
  return [...code.slice(span.start, span.end).matchAll(NAMES)].map((m) => m[0]).filter((n) => isPythonGuard(n.split(".").at(-1)!));
}

/** Permission classes (`[IsAuthenticated, IsOwner]`, `IsAdminUser | IsStaff`): every class but AllowAny guards. */
export function permissionGuards(code: string, span: Span): string[] {
  return [...code.slice(span.start, span.end).matchAll(NAMES)].map((m) => m[0]).filter((n) => /^[A-Z]/.test(n.split(".").at(-1)!) && !NOT_GUARD.test(n));
}

// A handler that turns an anonymous caller away itself, at its top: `if request.user.is_anonymous:
// raise PermissionDenied()`, `if not request.user.is_authenticated: return Response(status=401)`,
// `if not current_user.is_authenticated: abort(401)`; or anyone but staff (`if not
// request.user.is_superuser:`, which an anonymous caller is not either).
const ANONYMOUS_TEST = /^\s*if\s+(?:(?:self\.)?request\.user\.is_anonymous|(?:\w+\.)?current_user\.is_anonymous|not\s+(?:(?:self\.)?request\.user\.(?:is_authenticated|is_superuser|is_staff)|(?:\w+\.)?current_user\.is_authenticated|(?:self\.)?request\.user))\s*:\s*(.*)$/;
// Or sends the caller away, to sign in (CKAN's `return tk.h.redirect_to(u'user.login')`) or
// elsewhere (Tandoor's `return HttpResponseRedirect(reverse('index'))`), or answers that nothing
// is there (OpenCVE's `raise Http404()`: hiding what an anonymous caller may not see).
const REFUSES = /\braise\s+(?:\w+\.)*(?:PermissionDenied|NotAuthenticated|AuthenticationFailed|Unauthorized|Forbidden|Http404|NotFound)\b|\babort\s*\(\s*40[134]\b|\breturn\b.*\b(?:40[13]|HTTP_40[13]\w*|HttpResponseForbidden|unauthorized|forbidden)\b|\breturn\s+(?:[\w.]+\.)?(?:redirect(?:_to)?|HttpResponseRedirect)\s*\(/i;

// A handler that checks the sender's signature before it acts (a webhook from Stripe, GitHub, Slack):
// `hmac.compare_digest(expected, sent)`, `verify_slack_signature(...)`, `stripe.Webhook.construct_event(...)`.
const SIGNATURE_CHECK = /\b(?:compare_digest|verify_\w*signature\w*|verify_webhook\w*|construct_event)\s*\(/;
// The exceptions a signed or encoded token raises when forged or expired: itsdangerous's, PyJWT's, cryptography's.
const BAD_SIGNATURE = /^\s*except\b[^:]*\b(?:BadSignature|SignatureExpired|BadTimeSignature|BadData|InvalidSignature|InvalidToken|ExpiredSignatureError|InvalidSignatureError|InvalidTokenError)\b[^:]*:\s*$/;
/** How a handler that checks its caller's signature is guarded. */
export const VERIFIES_SIGNATURE = "(verifies the request's signature)";

/**
 * `request.user` when a handler's first lines refuse an anonymous caller; VERIFIES_SIGNATURE when
 * its first lines check the sender's signature; else nothing.
 */
export function handlerCheckGuards(source: RouteSource, def: Definition): string[] {
  const lines = source.text.slice(def.start, def.end).split("\n");
  const first = lines.findIndex((l) => /\bdef\s/.test(l));
  const code = lines.slice(first + 1).filter((l) => l.trim() && !l.trim().startsWith("#"));
  if (code.slice(0, 25).some((l) => SIGNATURE_CHECK.test(l))) return [VERIFIES_SIGNATURE];
  // A signed token read in a `try` whose failure is refused (`except (SignatureExpired, BadSignature): raise Forbidden`).
  const signed = code.slice(0, 12).findIndex((l) => BAD_SIGNATURE.test(l));
  if (signed !== -1 && indentWidth(code[signed + 1] ?? "") > indentWidth(code[signed]!) && REFUSES.test(code[signed + 1]!)) return [VERIFIES_SIGNATURE];
  const body = code.slice(0, 6);
  for (let i = 0; i < body.length; i++) {
    const test = ANONYMOUS_TEST.exec(body[i]!);
    if (!test) continue;
    // The refusal on the same line (`if ...: raise X`) or in the two after it (a flashed message first).
    const inside = (line: string | undefined) => line !== undefined && indentWidth(line) > indentWidth(body[i]!) && REFUSES.test(line);
    if (REFUSES.test(test[1]!) || inside(body[i + 1]) || (indentWidth(body[i + 1] ?? "") > indentWidth(body[i]!) && inside(body[i + 2]))) return ["request.user"];
  }
  return [];
}

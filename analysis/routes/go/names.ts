import { CANDIDATE, declaresPublic, isGuardName, optionalByArguments } from "../paths.ts";
import { callArguments } from "../source.ts";
import { statementEnd } from "./chain.ts";
import type { Span } from "../js/objects.ts";

// Adapters that turn a function into a handler: the handler is their argument.
const ADAPTER = /^(?:http\.HandlerFunc|gin\.WrapF|gin\.WrapH|echo\.WrapHandler|adaptor\.HTTPHandlerFunc|adaptor\.HTTPHandler|adaptor\.HTTPMiddleware)$/;
const NAME = /^&?\s*([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*(\()?/;

/**
 * The handler an argument names, with the guards wrapped around it: `h.List`,
 * `requireAuth(http.HandlerFunc(admin))` is `admin` behind `requireAuth`, a call that returns
 * a handler (`s.handleIndex()`) is named by its callee, a literal function is "(inline)".
 */
export function goHandler(code: string, span: Span): GoHandler {
  const text = code.slice(span.start, span.end).trim();
  const m = NAME.exec(text);
  if (!m || m[1] === "func") return { handler: "(inline)", guards: [] };
  const name = m[1]!.replace(/\s+/g, "");
  if (!m[2]) {
    // A handler the function made before and held in a variable (`getKeys := httputil.MakeAuthAPI(..., func(...) {...})`): what it was made with.
    const held = /^[A-Za-z_]\w*$/.test(name) ? heldHandler(code, name, span.start) : undefined;
    if (!held) return { handler: name, guards: [] };
    const made = goHandler(code, held);
    return { ...made, handler: made.handler === "(inline)" ? name : made.handler };
  }
  const open = span.start + code.slice(span.start, span.end).indexOf("(", m.index + m[0].length - 1);
  const args = callArguments(code, open).args;
  if (ADAPTER.test(name) && args[0]) return goHandler(code, args[0]);
  if (name === "http.StripPrefix" && args[1]) return goHandler(code, args[1]);
  const last = name.split(".").at(-1)!;
  // Named as a handler (`oauthTokenHandler(b)`, `protectedDebugHandler(mux)`): it builds the handler, it wraps none.
  if (isGuardName(name) && args.length === 1 && !HANDLE.test(last) && !/Handler$/.test(last)) {
    const inner = goHandler(code, args[0]!);
    return { ...inner, guards: [name, ...inner.guards] };
  }
  // `middleware.WithUser(ac.CreateArticle)`: a wrapper around a handler, which may check the
  // caller inside (read after linking, go/wrapper-guards.ts). A constructor (`NewHandler(db)`)
  // builds the handler from a value: it is the handler.
  // A wrapper named so declares the route public (`bouncer.PublicAccess(h)`).
  if (args.length === 1 && !CONSTRUCTOR.test(last) && (CONVERTS.test(last) || !BUILDS_HANDLER.test(last)) && wrapsHandler(code.slice(args[0]!.start, args[0]!.end).trim())) {
    const inner = goHandler(code, args[0]!);
    return { ...inner, wrappers: [name, ...(inner.wrappers ?? [])], ...(declaresPublic(last) ? { open: true } : {}) };
  }
  // `httputil.MakeAuthAPI("sync", userAPI, func(req *http.Request, device *Device) ...{...})`: an
  // adapter of the app's own taking the handler written in place beside plain values. Named as
  // a guard, it is one; else its body may check the caller (Dendrite's `MakeAdminAPI`).
  // Or one named as a guard around a handler built by a call (`MakeAuthAPI("x", userAPI, eventRelationshipHandler(db))`).
  const lastText = args.length > 1 ? code.slice(args.at(-1)!.start, args.at(-1)!.end).trim() : "";
  const handed = args.length > 1
    ? args.findLast((a) => /^func\s*\(/.test(code.slice(a.start, a.end).trim())) ?? (isGuardName(name) && /^[A-Za-z_][\w.]*[Hh]andl\w*\s*(?:\(|$)/.test(lastText) ? args.at(-1) : undefined)
    : undefined;
  if (handed && !HANDLE.test(last) && !/Handler$/.test(last)) {
    const handler = /^func\s*\(/.test(code.slice(handed.start, handed.end).trim()) ? "(inline)" : goHandler(code, handed).handler;
    return isGuardName(name) ? { handler, guards: [name] } : { handler, guards: [], wrappers: [name], ...(declaresPublic(last) ? { open: true } : {}) };
  }
  // `ToHTTPHandler(deps, api.HandleLogin, middleware...)`: an adapter of the app's own that
  // takes its dependencies beside the handler, named as Go handlers are (`HandleX`, `XHandler`).
  // Or one that takes the handler beside plain values (`monkey(usersGetHandler, "/api/users")`).
  const values = args.filter((a) => !LITERAL.test(code.slice(a.start, a.end).trim()));
  const handlers = args.filter((a) => NAMED_HANDLER.test(code.slice(a.start, a.end).trim()));
  if (handlers.length !== 1 && values.length === 1 && HANDLER_VALUE.test(code.slice(values[0]!.start, values[0]!.end).trim())) handlers.splice(0, handlers.length, values[0]!);
  // What such an adapter takes after the handler is middleware (`chain.ToHandlerFunc(ctrl.HandleSelf(), userMW...)`).
  if (args.length > 1 && handlers.length === 1 && !CONSTRUCTOR.test(last)) {
    const inner = goHandler(code, handlers[0]!);
    const middleware = goGuards(code, args.slice(args.indexOf(handlers[0]!) + 1));
    return { ...inner, guards: [...middleware, ...inner.guards], wrappers: [name, ...(inner.wrappers ?? [])] };
  }
  // `NewMiddlewareChain(session.SessionGet, middlewares)` with `middlewares = []Middleware{ApiHeaders, AdminOnly}`
  // assigned before: a helper applying a list of middleware, held in a variable, to the handler it takes first.
  const list = args.length === 2 ? /^([A-Za-z_]\w*)$/.exec(code.slice(args[1]!.start, args[1]!.end).trim())?.[1] : undefined;
  const elements = list ? sliceElements(code, list, span.start) : undefined;
  if (elements && HANDLER_REFERENCE.test(code.slice(args[0]!.start, args[0]!.end).trim())) {
    const inner = goHandler(code, args[0]!);
    return { ...inner, guards: [...goGuards(code, elements), ...inner.guards], wrappers: [name, ...(inner.wrappers ?? [])] };
  }
  // `mid.Use(as.Users, mid.RequirePermission(p))`: a helper applying the middleware after it to the handler it takes first.
  if (APPLIES.test(last) && args.length > 1 && HANDLER_REFERENCE.test(code.slice(args[0]!.start, args[0]!.end).trim())) {
    const inner = goHandler(code, args[0]!);
    return { ...inner, guards: [...goGuards(code, args.slice(1)), ...inner.guards], wrappers: [name, ...(inner.wrappers ?? [])] };
  }
  return { handler: name, guards: [] };
}

/** The call a variable was last given before `at` in the same function (`name := pkg.Make(...)`), if any. */
function heldHandler(code: string, name: string, at: number): Span | undefined {
  const before = code.slice(Math.max(0, at - 20_000), at);
  const assigned = [...before.matchAll(new RegExp(String.raw`(?<![\w.])${name}\s*:?=(?!=)\s*`, "g"))].at(-1);
  // A function ends at a closing brace at the margin: a variable of another function is not this one's.
  if (!assigned || /\n\}/.test(before.slice(assigned.index))) return undefined;
  const start = at - before.length + assigned.index + assigned[0].length;
  const end = statementEnd(code, start);
  // The assignment is done before the use: in `h = setupCache(h)`, the `h` handed on is the earlier one.
  if (end > at || !/^&?[A-Za-z_][\w.]*\s*\(/.test(code.slice(start, start + 200))) return undefined;
  return { start, end };
}

const APPLIES = /^(?:Use|Chain|Wrap|Apply|With|Compose)$/;

/**
 * A handler reference, or wrappers of one nested a call each
 * (`bouncer.EdgeComputeOperation(httperror.LoggerHandler(h.edgeGroupCreate))`).
 */
function wrapsHandler(text: string, depth = 0): boolean {
  if (HANDLER_REFERENCE.test(text)) return true;
  const call = /^&?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\s*\(([^]*)\)$/.exec(text);
  if (!call || depth > 4) return false;
  const args = callArguments(`(${call[1]})`, 0).args;
  return args.length === 1 && wrapsHandler(call[1]!.trim(), depth + 1);
}

/** A handler's name, the guards around it, the wrappers whose bodies may hold more, whether one declares it public, and of the guards those of the middleware in front of it. */
export type GoHandler = { handler: string; guards: string[]; wrappers?: string[]; open?: boolean; middleware?: string[] };
const CONSTRUCTOR = /^(?:New|Make|Create|Build|Get|Must|Init)/;
// A method or function value (`ac.CreateArticle`, `h.list`, `getUser`), or a call building one (`s.handleIndex()`).
const HANDLER_REFERENCE = /^&?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(\))?$|^[a-z]\w*(?:\(\))?$/;
// Or a call that builds one (`v1Ctrl.HandleUserSelf()`).
const NAMED_HANDLER = /^&?[A-Za-z_]\w*\.(?:[Hh]andle\w*|\w*Handler)(?:\([^]*\))?$/;
// A function named for the handler it builds (`loginHandler(expiry)`, `s.handleIndex(tpl)`): its argument is a value, not a handler.
const BUILDS_HANDLER = /^handle[A-Z_]|Handler(?:Func)?$/;
// A handler built by a method named for it (`v1Ctrl.HandleAuthLogin(providers...)`) is no guard, whatever its name says.
const HANDLE = /^[Hh]andle[A-Z_]/;
// A conversion to a handler (`chain.ToHandlerFunc(h)`) wraps the handler it is given.
const CONVERTS = /^(?:To|As)[A-Z]/;
const LITERAL = /^(?:"[^"]*"|`[^`]*`|'[^']*'|-?\d[\w.]*|true|false|nil)$/;
// A function value or a call that builds one (`usersGetHandler`, `h.list`, `resourceDeleteHandler(fileCache)`).
const HANDLER_VALUE = /^&?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?:\([^()]*\))?$/;

/**
 * The name of a middleware argument without its arguments: `jwtauth.Verifier(tokenAuth)` is
 * `jwtauth.Verifier`. A call whose arguments make it optional (`AuthMiddleware(false)`) guards
 * nothing: undefined.
 */
export function goMiddleware(code: string, span: Span): string | undefined {
  const text = code.slice(span.start, span.end).trim();
  const m = NAME.exec(text);
  if (!m || m[1] === "func") return undefined;
  const name = m[1]!.replace(/\s+/g, "");
  if (m[2]) {
    const open = text.indexOf("(", m.index + m[0].length - 1);
    const inner = text.slice(open + 1, text.lastIndexOf(")"));
    if (optionalByArguments(inner)) return undefined;
    // A function of the app's binding the middleware it is handed first
    // (`bindMiddleware(middlewares.JWTAuthorization(config), config)`) stands for that middleware when it is a guard.
    const first = isGuardName(name) ? undefined : callArguments(code, span.start + code.slice(span.start, span.end).indexOf("(", m.index + m[0].length - 1)).args[0];
    const bound = first && goMiddleware(code, first);
    if (bound && isGuardName(bound)) return bound;
  }
  return name;
}

/**
 * The guard-like middleware among arguments. Middleware of the app's not named like a guard
 * (`SetupTokenMiddleware()`) is kept as a candidate, `?SetupTokenMiddleware`: what its body does
 * decides after linking (go/wrapper-guards.ts). Middleware named for another concern is none.
 */
export function goGuards(code: string, spans: readonly Span[]): string[] {
  return namedGuards(spreadSlices(code, spans).map((s) => goMiddleware(code, s)));
}

/** Middleware by name as guards: named like a check, or a candidate for its body to settle unless named for another concern. */
export function namedGuards(names: readonly (string | undefined)[]): string[] {
  return names.flatMap((n) => (!n ? [] : isGuardName(n) ? [n] : OTHER_CONCERN.test(n) ? [] : [`${CANDIDATE}${n}`]));
}

/**
 * Middleware arguments with each spread slice (`userMW...`) replaced by the elements of the slice
 * literal last assigned to that name before it (`userMW := []Middleware{a.mwAuthToken, a.mwTenant}`),
 * and `append(userMW, a.mwGroupOwner)...` by those and the ones appended. A slice built any
 * other way stays as written, a candidate by its name.
 */
function spreadSlices(code: string, spans: readonly Span[]): Span[] {
  return spans.flatMap((span) => {
    const text = code.slice(span.start, span.end).trim();
    if (!text.endsWith("...")) return [span];
    const named = /^([A-Za-z_]\w*)\s*\.\.\.$/.exec(text);
    if (named) return sliceElements(code, named[1]!, span.start) ?? [span];
    if (!/^append\s*\(/.test(text)) return [span];
    const [slice, ...appended] = callArguments(code, code.indexOf("(", span.start)).args;
    const name = slice && /^[A-Za-z_]\w*$/.exec(code.slice(slice.start, slice.end))?.[0];
    const elements = name ? sliceElements(code, name, span.start) : undefined;
    return elements ? [...elements, ...appended] : [span];
  });
}

/** The elements of the slice literal last assigned to `name` before `at`. */
function sliceElements(code: string, name: string, at: number): Span[] | undefined {
  const literal = [...code.slice(0, at).matchAll(new RegExp(`(?<![\\w.])${name}\\s*:?=\\s*\\[\\][\\w.*]+\\s*\\{`, "g"))].at(-1);
  return literal ? callArguments(code, literal.index + literal[0].length - 1).args : undefined;
}

// Logging, not a sign-in check (`LoggedInOnly`, `RequireLogin`).
const OTHER_CONCERN = /error|csrf|xsrf|cors|rate_?limit|throttl|limiter|recover|log(?!(?:ged)?_?in)|gzip|compress|cach|timeout|body_?limit|secure|header|trac|metric|request_?id|static|noStore|i18n|locale|lang|sentry|prometheus/i;

/**
 * A handler chain: the handler is the last argument (`order: "last"`, Gin, Fiber, chi) or the
 * first (Echo: `e.GET(path, h, mw...)`); the guards are the auth-like middleware around it.
 */
export function goHandlerChain(code: string, written: readonly Span[], order: "first" | "last"): GoHandler {
  // A chain handed as a slice (`m.Route("/info/refs", "GET", gitHTTP...)` with `gitHTTP := []macaron.Handler{auth, h}`) is its elements.
  const spans = spreadSlices(code, written);
  if (spans.length === 0) return { handler: "(inline)", guards: [] };
  const handler = order === "last" ? spans.at(-1)! : spans[0]!;
  const middleware = order === "last" ? spans.slice(0, -1) : spans.slice(1);
  const named = goHandler(code, handler);
  const before = goGuards(code, middleware);
  return { ...named, guards: [...before, ...named.guards], middleware: before };
}

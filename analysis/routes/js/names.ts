import { isGuardName, optionalByArguments } from "../paths.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { arrayElements, objectProperties } from "./objects.ts";
import { definedFunctionBody } from "./functions.ts";

/** A readable name for a handler or middleware argument: `auth`, `users.list`, `requireRole`, or "(inline)". */
export function argumentName(source: RouteSource, start: number, end: number): string {
  const text = source.code.slice(start, end).trim();
  const name = /^(?:new\s+)?([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)/.exec(text);
  if (!name || /^(async|function)$/.test(name[1]!) || /=>/.test(text.slice(0, 80)) && !/^[\w$.]+\s*\(/.test(text)) {
    return "(inline)";
  }
  return name[1]!.replace(/\s+/g, "");
}

const HEAD = /^(?:\.\.\.\s*)?(?:await\s+)?([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*(\()?/;
const COMBINATOR = /^(?:every|some|compose|combine)$/;

/**
 * The guard-like names in a middleware expression: `[auth, app.verifyJwt]`, `requireUser`,
 * `...adminOnly`, `requireRole("admin")`. A guard-combining call counts by its arguments when
 * they name guards (`fastify.auth([a, b])`, `every(a, b)`), so hooks read as the checks they
 * run; arguments of other calls are configuration, not middleware.
 */
export function guardNames(source: RouteSource, start: number, end: number, depth = 0): string[] {
  const elements = source.code[start] === "[" ? arrayElements(source, start) : [{ start, end }];
  const names = elements.flatMap((e): string[] => {
    // A list of the file's own, spread or named (`[...middlewares, requireAdmin]`, `const middlewares = [ensureLoggedIn]`).
    const list = depth < 3 ? /^(?:\.\.\.\s*)?([A-Za-z_$][\w$]*)$/.exec(source.code.slice(e.start, e.end).trim()) : null;
    const declared = list ? localArray(source, list[1]!, e.start) : undefined;
    if (declared) return guardNames(source, declared.start, declared.end, depth + 1);
    const head = HEAD.exec(source.code.slice(e.start, e.end));
    if (!head) return [];
    const name = head[1]!.replace(/\s+/g, "");
    const last = name.split(".").at(-1)!;
    if (head[2] && (isGuardName(last) || COMBINATOR.test(last))) {
      const open = e.start + head[0].length - 1;
      // `fastify.auth([allowAnonymous, verifyJwt])` passes when any one passes: one that lets
      // anonymous callers through makes the whole guard optional.
      if (LETS_ANONYMOUS_IN.test(source.code.slice(open, callArguments(source.code, open).end))) return [];
      const inner = callArguments(source.code, open).args.flatMap((a) => guardNames(source, a.start, a.end));
      if (inner.length) return inner;
    }
    return isGuardName(last) && !(head[2] && checksShape(source, e)) ? [name] : [];
  });
  return [...new Set(names)];
}

/** The array literal the nearest declaration of `name` before `at` holds (`const middlewares = [a, b];`). */
function localArray(source: RouteSource, name: string, at: number): { start: number; end: number } | undefined {
  const found = arrayDeclarations(source).get(name)?.findLast((open) => open < at);
  return found === undefined ? undefined : { start: found, end: callArguments(source.code, found).end };
}

// Also a choice of lists one of which is empty (`const clipperMiddleware = isElectron() ? [] : [auth.checkEtapiToken]`): the other.
const ARRAY_DECLARATION = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(?:[^;?\n]{1,200}\?\s*(?:\[\s*\]\s*:\s*)?)?\[/g;
const arraysOf = new WeakMap<RouteSource, Map<string, number[]>>();

/** Where each name of a file is declared an array literal (the `[`), read once per file: a route file may name thousands of middleware. */
function arrayDeclarations(source: RouteSource): Map<string, number[]> {
  let found = arraysOf.get(source);
  if (!found) {
    found = new Map();
    for (const m of source.code.matchAll(ARRAY_DECLARATION)) found.set(m[1]!, [...(found.get(m[1]!) ?? []), m.index + m[0].length - 1]);
    arraysOf.set(source, found);
  }
  return found;
}

const LETS_ANONYMOUS_IN = /\b\w*(?:[Aa]nonymous|[Oo]ptional|[Gg]uest)\w*\b/;

const INLINE = /^(?:async\s+)?(?:function\b|\([^()]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)/;

/**
 * The guard an inline hook function stands for, named after `label`: a one-call arrow names
 * the check it makes (`(req, reply) => req.isAdmin(reply)` is `req.isAdmin`); a block that
 * makes auth-like checks is `label` itself (`onRequest`). Undefined when it looks like no guard.
 */
export function inlineGuard(source: RouteSource, start: number, end: number, label: string): string | undefined {
  const text = source.code.slice(start, end);
  const head = INLINE.exec(text);
  if (!head) return undefined;
  const call = /^\s*(?:await\s+)?([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*\(/.exec(text.slice(head[0].length));
  if (call && !text.slice(head[0].length).trimStart().startsWith("{")) {
    const name = call[1]!.replace(/\s+/g, "");
    return isGuardName(name.split(".").at(-1)!) ? name : undefined;
  }
  const body = source.code.slice(start + head[0].length, end);
  const names = body.match(/[A-Za-z_$][\w$]*/g) ?? [];
  return (names.some((n) => isGuardName(n)) && TURNS_AWAY.test(body)) || ANSWERS_UNAUTHORIZED.test(body) ? label : undefined;
}

// A hook that answers 401 itself turns away callers, whatever its checks are named
// (`catch (e) { return reply.status(401).send(...) }` around `validateExportRequest(req.headers)`).
const ANSWERS_UNAUTHORIZED = /\.\s*(?:status|code)\s*\(\s*401\s*\)|\bstatus(?:Code)?\s*=\s*401\b/;

// What a hook that guards does with a caller it does not let in: throws, answers 401 or 403, or
// hands the request to a verifier that does. A hook that only reads or rewrites the
// Authorization header (`Token x` -> `Bearer x`) lets everyone through.
const TURNS_AWAY = /\bthrow\b|\b40[13]\b|unauthori[sz]ed|forbidden|\w*verify\w*\s*\(|\bauthenticate\w*\s*\(|\bdone\s*\(\s*(?!\)|null\b|undefined\b)[^)]/i;

// What a request validator is told to check: the request's parts and the responses allowed.
const REQUEST_PARTS = /^(?:body|query|params|headers|cookies|files|response|status)$/;

/**
 * A "guard" that checks the request's shape, not its caller: its options name only parts of the
 * request (`koaGuard({ body: z.object(...), query: ..., status: [200, 400] })`).
 */
function checksShape(source: RouteSource, span: { start: number; end: number }): boolean {
  const open = source.code.indexOf("(", span.start);
  if (open === -1 || open >= span.end) return false;
  const options = callArguments(source.code, open).args[0];
  if (!options || source.code[options.start] !== "{") return false;
  const keys = [...objectProperties(source, options.start).keys()];
  return keys.length > 0 && keys.every((key) => REQUEST_PARTS.test(key));
}

/** Whether an argument is a function written in place. */
export const isInline = (source: RouteSource, start: number, end: number): boolean =>
  INLINE.test(source.code.slice(start, end));

// A function written in place with its parameter list: `(req, res) => {`, `async function (req, res) {`, `req =>`.
const INLINE_PARAMETERS = /^\s*(?:async\s+)?(?:function\b\s*[\w$]*\s*\(([^)]*)\)|\(([^)]*)\)\s*=>|([A-Za-z_$][\w$]*)\s*=>)/;

/**
 * Whether an argument is a function written in place that takes no `next` (`(req, res) => res.redirect(...)`):
 * mounted with `use`, it ends every request it is handed, an endpoint rather than a middleware.
 */
export function endsRequests(source: RouteSource, span: { start: number; end: number }): boolean {
  const text = source.code.slice(span.start, span.end);
  const m = INLINE_PARAMETERS.exec(text);
  if (!m) {
    // A function of the module making one (`createRouteHandler(req => dir)`, whose body is `return async (req, res) => {...}`).
    const made = /^\s*([A-Za-z_$][\w$]*)\s*\(/.exec(text)?.[1];
    const body = made ? definedFunctionBody(source.code, made) : undefined;
    const returned = body ? /^\s*return\s+/m.exec(body) : null;
    return !!returned && terminalFunction(body!.slice(returned.index + returned[0].length));
  }
  return terminalParameters(m);
}

/** Whether a function written in place takes no `next`. */
const terminalFunction = (text: string): boolean => {
  const m = INLINE_PARAMETERS.exec(text);
  return !!m && terminalParameters(m);
};

function terminalParameters(m: RegExpExecArray): boolean {
  const params = (m[1] ?? m[2] ?? m[3] ?? "").split(",").map((p) => p.trim()).filter(Boolean);
  return params.length >= 1 && params.length <= 2 && !params.some((p) => p.startsWith("..."));
}

/** A guard called with arguments that make it optional: `verifyToken(false)`, `jwt({ credentialsRequired: false })`. */
export function optionalCall(source: RouteSource, span: { start: number; end: number }): boolean {
  const open = source.code.indexOf("(", span.start);
  return open !== -1 && open < span.end && optionalByArguments(source.code.slice(open + 1, callArguments(source.code, open).end - 1));
}

/** A middleware chain `(...middleware, handler)`: the handler is the last argument, guards the auth-like ones before it. */
export function handlerAndGuards(
  source: RouteSource,
  args: readonly { start: number; end: number }[],
): { handler: string; guards: string[]; helpers?: string[] } {
  const unwrapped = args.map((a) => unwrap(source, a));
  const names = unwrapped.map((a) => argumentName(source, a.start, a.end));
  // A middleware list (`[auth, admin]`, `[...middlewares]`) names its guards inside.
  const guards = names.slice(0, -1).flatMap((name, i) =>
    source.code[unwrapped[i]!.start] === "[" ? guardNames(source, unwrapped[i]!.start, unwrapped[i]!.end) : isGuardName(name) && !optionalCall(source, unwrapped[i]!) && !checksShape(source, unwrapped[i]!) ? [name] : [],
  );
  // The middleware named for nothing it checks (`validatedRequest`): js/helper-guards.ts reads their definitions.
  const helpers = unwrapped.slice(0, -1).flatMap((span) => {
    const elements = source.code[span.start] === "[" ? arrayElements(source, span.start) : [span];
    return elements.map((e) => source.code.slice(e.start, e.end).trim()).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && !isGuardName(name));
  });
  return { handler: names.at(-1) ?? "(inline)", guards, ...(helpers.length ? { helpers: [...new Set(helpers)].slice(0, 6) } : {}) };
}

// A wrapper that hands async errors on (`asyncHandler(auth.jwt)`, `catchAsync(users.create)`):
// the middleware or handler is its one argument.
const ASYNC_WRAPPER = /^(?:async[A-Z_]\w*|\w*Async\w*|catch[A-Z_]\w*|wrap(?:[A-Z_]\w*)?|tryCatch\w*)$/;

/** The argument an async-error wrapper call wraps, or the argument itself. */
function unwrap(source: RouteSource, span: { start: number; end: number }): { start: number; end: number } {
  const head = /^\s*([A-Za-z_$][\w$]*)\s*\(/.exec(source.code.slice(span.start, span.end));
  if (!head || !ASYNC_WRAPPER.test(head[1]!)) return span;
  const inner = callArguments(source.code, span.start + head[0].length - 1).args;
  return inner.length === 1 ? inner[0]! : span;
}

/**
 * A JavaScript handler that refuses an anonymous caller itself, in its first statements:
 * `const { loggedUser } = req; if (!loggedUser) throw new UnauthorizedError()`, or
 * `if (!req.user) return res.status(401).json(...)`, or `let session = validateSession(req, res); if (!session) return;`
 * (a check named for what it checks, handed the response to answer with). Express apps often put an optional
 * middleware in front of every route (it reads a token when there is one: optional-guards.ts
 * drops it) and leave the refusal to the handlers that need a user. Read before linking, for the
 * routes that have no guard of their own: the handler is found in the route's file (written in
 * place, or a function of the file) or in the module it is imported from.
 */
import { closing } from "../../languages/curly.ts";
import type { FileRoutes, Registration } from "../registration.ts";
import { isGuardName, REFUSES_ANONYMOUS } from "../paths.ts";
import { lineStart } from "../source.ts";
import { definedFunctionBody } from "./functions.ts";
import { JS_FILE, type ModuleAccess } from "./imported.ts";

/** How many statements of a handler's top are read: a refusal comes before the work. */
const FIRST_STATEMENTS = 6;

/**
 * The first `count` statements of a body (`{` first), each on one line: a statement ends at a
 * line break outside brackets, so a call's arguments or a destructuring written over several
 * lines (`const {\n teamId,\n} = req.query`) and an `if` with its block are one each.
 */
function firstStatements(body: string, count: number): string {
  const code = body.replace(/\/\/[^\n]*/g, "");
  const statements: string[] = [];
  let depth = 0;
  let start = 1;
  for (let i = 1; i < code.length && statements.length < count; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (--depth < 0) break;
    } else if (c === "\n" && depth === 0) {
      const statement = code.slice(start, i).trim();
      // A line ending in an operator or a dot goes on (`const session =\n await auth()`).
      if (statement && !/[=+\-*/&|?:.,]$/.test(statement)) {
        statements.push(statement.replace(/\s*\n\s*/g, " "));
        start = i + 1;
      }
    }
  }
  if (statements.length < count) {
    const rest = code.slice(start, code.length - 1).trim();
    if (rest) statements.push(rest.replace(/\s*\n\s*/g, " "));
  }
  return statements.join("\n");
}

/** The files' registrations, with the routes whose handler refuses anonymous callers guarded. */
export function withHandlerChecks(files: ReadonlyMap<string, FileRoutes>, access: Pick<ModuleAccess, "resolve" | "text">): Map<string, FileRoutes> {
  const refusing = new Map<string, string | undefined>();
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!JS_FILE.test(file) || !routes.registrations.some(unguardedRoute)) {
      result.set(file, routes);
      continue;
    }
    const registrations = routes.registrations.map((r): Registration => {
      if (!unguardedRoute(r)) return r;
      const key = r.handler === "(inline)" ? `${file}:${r.line}` : `${file}\0${r.handler}`;
      if (!refusing.has(key)) {
        const body = r.handler === "(inline)" ? inlineBody(access.text(file) ?? "", r.line) : handlerBody(routes, access, file, r.handler);
        refusing.set(key, body === undefined ? undefined : topRefusal(body) ?? refusingCallee(firstStatements(body, FIRST_STATEMENTS), (name) => handlerDefinition(routes, access, file, name), access));
      }
      const guard = refusing.get(key);
      return guard ? { ...r, guards: [guard] } : r;
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

// A function of the app's handed the request (`const { user } = await getSession(c)`, Hono's context `c`),
// whose own body refuses an unknown caller: it throws an unauthorised error or answers 401.
const HANDED_REQUEST = /(?:^|\n)\s*(?:(?:const|let|var)\s+[^=\n]+=\s*|return\s+)?(?:[\w$.]+\(\s*)?(?:await\s+)?([A-Za-z_$][\w$]*)\s*\(\s*(?:req|request|ctx|context|c)\s*[,)]/g;
const THROWS_UNAUTHORIZED = /\bthrow\s+(?:new\s+)?[^;\n]*\b(?:Unauthori[sz]ed|Unauthenticated|NotAuthenticated)\b|\b(?:status|sendStatus)\s*\(\s*401\s*\)|\bstatus\s*:\s*401\b/;

/**
 * The first function of the app's among a handler's first statements that refuses an unknown
 * caller: by its own body, or by a function of its module (or one its module imports) it hands
 * the request to first (`getActiveSessions(c)` starting with `const { user } = await getSession(c)`).
 */
function refusingCallee(top: string, definitionOf: (name: string) => Definition | undefined, access: Pick<ModuleAccess, "resolve" | "text">, depth = 0): string | undefined {
  for (const m of top.matchAll(HANDED_REQUEST)) {
    const name = m[1]!;
    // `getOptionalSession(c)` reads a caller without needing one.
    if (/optional|maybe/i.test(name)) continue;
    const definition = definitionOf(name);
    if (!definition) continue;
    if (THROWS_UNAUTHORIZED.test(definition.body)) return name;
    const inner = depth === 0 && refusingCallee(firstStatements(definition.body, FIRST_STATEMENTS), (callee) => moduleFunction(access, definition, callee), access, 1);
    if (inner) return name;
  }
  return undefined;
}

const unguardedRoute = (r: Registration): r is Extract<Registration, { type: "route" }> => r.type === "route" && r.kind === "http" && r.guards.length === 0;

const NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?$/;

/** The body of a named handler: `createArticle`, or `controller.create` (a module's export, an object's method). */
function handlerBody(routes: FileRoutes, access: Pick<ModuleAccess, "resolve" | "text">, file: string, handler: string): string | undefined {
  return handlerDefinition(routes, access, file, handler)?.body;
}

type Definition = { body: string; text: string; file: string };

/** A named handler's body and the module defining it. */
function handlerDefinition(routes: FileRoutes, access: Pick<ModuleAccess, "resolve" | "text">, file: string, handler: string): Definition | undefined {
  if (!NAME.test(handler)) return undefined;
  const [local, member] = handler.split(".") as [string, string | undefined];
  const binding = routes.bindings.find((b) => b.local === local);
  const target = binding ? access.resolve(file, binding.specifier) : file;
  const text = target === undefined ? undefined : access.text(target);
  if (text === undefined) return undefined;
  // `{ createArticle } = require(...)`, or a namespace or default export's member (`articles.create`).
  const name = !binding ? undefined : binding.imported === "*" || binding.imported === "default" ? member : binding.imported;
  const body = !binding ? (member ? methodBody(text, member) : definedFunctionBody(text, local)) : name ? definedFunctionBody(text, name) ?? methodBody(text, name) : undefined;
  return body === undefined ? undefined : { body, text, file: target! };
}

/** A function a module defines, or imports by name from another of the app's (`import { getSession } from "./get-session"`). */
function moduleFunction(access: Pick<ModuleAccess, "resolve" | "text">, module: { text: string; file: string }, name: string): Definition | undefined {
  const own = definedFunctionBody(module.text, name);
  if (own !== undefined) return { body: own, text: module.text, file: module.file };
  const specifier = new RegExp(String.raw`\bimport\s*(?:type\s+)?\{[^}]*\b${name.replace(/\$/g, "\\$")}\b[^}]*\}\s*from\s*["']([^"']+)["']`).exec(module.text)?.[1];
  const target = specifier === undefined ? undefined : access.resolve(module.file, specifier);
  const text = target === undefined ? undefined : access.text(target);
  const body = text === undefined ? undefined : definedFunctionBody(text, name);
  return body === undefined ? undefined : { body, text: text!, file: target! };
}

/** A method of an object or a class: `async create(req, res) {`, `create: async (req, res) => {`; or a CommonJS export: `exports.getMe = async (req, res) => {`. */
function methodBody(text: string, name: string): string | undefined {
  const escaped = name.replace(/\$/g, "\\$");
  const header = new RegExp(`(?:^|[\\s,{;])(?:(?:static|async|public|private|protected)\\s+)*${escaped}\\s*(?::\\s*(?:async\\s+)?(?:function\\b[^(]*)?)?\\((?:[^()]|\\([^()]*\\))*\\)\\s*(?::[^{=]+)?(?:=>)?\\s*\\{`).exec(text) ??
    new RegExp(`\\b(?:module\\.)?exports\\.${escaped}\\s*=\\s*(?:async\\s+)?(?:function\\b[^(]*)?\\((?:[^()]|\\([^()]*\\))*\\)\\s*(?:=>)?\\s*\\{`).exec(text);
  if (!header) return undefined;
  const open = header.index + header[0].length - 1;
  return text.slice(open, closing(text, open));
}

/** The body of the function written in place in the route call on `line`. */
function inlineBody(text: string, line: number): string | undefined {
  return lastArgumentBody(text, line) ?? nearBody(text, line);
}

/**
 * The function the route call on `line` is handed last, however far below its validators and
 * middleware put it (Hono's `.post("/2fa/enable", sValidator("json", z.object({...})), async (c) => {`).
 */
function lastArgumentBody(text: string, line: number): string | undefined {
  const start = lineStart(text, line);
  const call = /\.\s*(?:get|post|put|patch|delete|all|options|head|on)\s*\(/.exec(text.slice(start, text.indexOf("\n", start) === -1 ? text.length : text.indexOf("\n", start)));
  if (!call) return undefined;
  const open = start + call.index + call[0].length - 1;
  const end = closing(text, open) - 1;
  // The last argument starts after the last comma outside brackets, but a trailing one.
  let depth = 0;
  let last = open + 1;
  let previous = last;
  for (let i = open + 1; i < end; i++) {
    const c = text[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === "," && depth === 0) [previous, last] = [last, i + 1];
  }
  if (!text.slice(last, end).trim()) last = previous;
  const head = /^\s*(?:async\s+)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=>\s*\{|^\s*(?:async\s+)?function\b[^(]*\([^)]*\)\s*\{/.exec(text.slice(last, end));
  if (!head) {
    // An arrow answering an expression (`async (c) => c.json(await getAccounts(c))`): that expression, as a body of one statement.
    const concise = /^\s*(?:async\s+)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=>\s*(?!\{)/.exec(text.slice(last, end));
    return concise ? `{\n${text.slice(last + concise[0].length, end).trim()}\n}` : undefined;
  }
  const brace = last + head.index + head[0].length - 1;
  return text.slice(brace, closing(text, brace));
}

/** The first function written in place in the route call on `line` or the three lines after it. */
function nearBody(text: string, line: number): string | undefined {
  const start = lineStart(text, line);
  const end = text.indexOf("\n", lineStart(text, line + 3));
  const head = /(?:=>|\bfunction\b[^(]*\([^)]*\))\s*\{/.exec(text.slice(start, end === -1 ? text.length : end));
  if (!head) return undefined;
  const open = start + head.index + head[0].length - 1;
  return text.slice(open, closing(text, open));
}

// A secret the app is configured with: `process.env.INTERNAL_API_KEY`, `env.CRON_SECRET`.
const SECRET = String.raw`(?:process\.)?env\.[A-Z][A-Z0-9_]*`;

// `if (!user)`, `if (!req.user)`, `if (!req.isAuthenticated())`, `if (user == null)`, then a
// refusal of the caller: a thrown unauthorised error, a 401 answer, or `next(new UnauthorizedError())`.
// Or a response answered with 401 (`NextResponse.json({ error: "Unauthorized" }, { status: 401 })`, `new Response("Unauthorized", { status: 401 })`).
// The condition may go on after the negation (`if (!authHeader || !authHeader.startsWith("Bearer "))`), or compare
// what the caller sent with a secret of the app's (`if (token !== process.env.INTERNAL_API_KEY)`).
const REFUSAL = new RegExp(
  String.raw`\bif\s*\(\s*(?:!\s*([\w$.?]+)(?:\(\s*\))?(?:\s*\|\|[^{;\n]*)?|([\w$.?]+)\s*={2,3}\s*(?:null|undefined)|[\w$.?\[\]]+\s*!==?\s*(${SECRET}))\s*\)\s*\{?\s*` +
  String.raw`(?:return\s+)?(?:throw\s+(?:new\s+)?[\w$.]*(?:Unauthori[sz]ed|Unauthenticated|NotAuthenticated|Authentication)\w*\s*\(|` +
  String.raw`[\w$.]*\b(?:status|sendStatus)\s*\(\s*401\s*\)|next\s*\(\s*(?:new\s+)?[\w$.]*Unauthori[sz]ed\w*\s*\(|(?:throw\s+)?(?:createError|httpErrors?)\s*\(\s*(?:\{\s*status(?:Code)?\s*:\s*)?401\b|ctx\.throw\s*\(\s*401\b|` +
  String.raw`(?:new\s+)?[\w$.]*Response\b[\w$.]*\s*\([^;]*?\bstatus\s*:\s*401\b)`,
);
// What the request carries about its caller: `req.user`, `request.session.userId`, `ctx.state.user`, `res.locals.user`.
const FROM_REQUEST = /^(?:req|request|ctx|context|res\.locals)\./;

// A statement that is one call handed the request or its caller (`req.userId`): `await Auth.checkLoggedIn(req.userId);`.
const CHECK_CALLED = /(?:^|\n)\s*(?:await\s+)?(?:this\.)?([\w$]+(?:\.[\w$]+)*)\s*\(\s*(?:req|request|ctx|context)\b[^\n]*\)\s*;?\s*(?=\n|$)/g;

const CHECK_VERB = /^(?:check|verify|ensure|assert|require)[A-Z_]/;

const CHECK_REFUSED = /\bif\s*\(\s*!\s*(\(\s*)?(?:await\s+)?([\w$.]+)\s*\(\s*(?:req|request)\b[^()]*\)\s*(?:\)\s*)?\)\s*\{((?:[^{}]|\{[^{}]*\})*)\}/;
const REFUSED_ANSWER = /\bstatus\s*:\s*40[13]\b|\b(?:status|sendStatus)\s*\(\s*40[13]\s*\)|\bthrow\s+(?:new\s+)?[\w$.]*(?:Unauthori[sz]ed|Forbidden)/;

// A check whose answer is kept, handed the request's context: `const user = await this.userRoleManager.requiredAuthorizedUser(ctx, 'setting');`
// (cnpmcore's tegg controllers; the check throws for a caller it refuses). Named for requiring, not for getting: a getter may answer nothing.
const REQUIRED_KEPT = /(?:^|\n)\s*(?:const|let|var)\s+[^=\n]+=\s*(?:await\s+)?(?:this\.)?((?:[\w$]+\.)*[\w$]+)\s*\(\s*(?:req|request|ctx|context)\b/g;
const REQUIRING = /^(?:require|ensure|assert)[A-Z_]|^required[A-Z]/;
// What such a check requires of the caller: `requireTeamWriteAccess`, `requiredPackageMaintainer` (not `requireParam`).
const OF_THE_CALLER = /Access|Auth|User|Login|Permission|Role|Owner|Admin|Member|Maintainer|Session/;
const CALLER_ARGUMENT = /\(\s*(?:req|request|ctx|context)\s*\.\s*(?:user|userId|session|auth|state\s*\.\s*user)\b/;

// `let session = validateSession(req, res); if (!session) return;` (or `if (session) { ...work }`): a check handed the
// response answers the refusal itself.
const ANSWERED_BY_CHECK = /\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:await\s+)?([\w$.]+)\s*\(\s*(?:req|request)\s*,\s*(?:res|response)\s*[,)][^;\n]*;?\s*if\s*\(\s*(?:!\s*\1\s*\)\s*\{?\s*return\b|\1\s*\)\s*\{)/;

/**
 * How a handler's first statements refuse a caller the request carries no user or credentials
 * for: the check it hands the response to, or REFUSES_ANONYMOUS; undefined when they do not.
 */
function refusal(body: string): string | undefined {
  const top = firstStatements(body, FIRST_STATEMENTS);
  const answered = ANSWERED_BY_CHECK.exec(top);
  if (answered && isGuardName(answered[2]!.split(".").at(-1)!)) return answered[2]!;
  // A check that throws for a caller it refuses, handed what the request says of its caller:
  // `Authentication.checkBoardAccess(req.userId, boardId);`, `await requireAdmin(req)`.
  // A check named for anything is one of the caller when handed the caller (`checkUserId(req.userId)`).
  const called = [...top.matchAll(CHECK_CALLED)].find((c) => isGuardName(c[1]!.split(".").at(-1)!) || (CHECK_VERB.test(c[1]!.split(".").at(-1)!) && CALLER_ARGUMENT.test(c[0])));
  if (called) return called[1]!;
  // `if (!hasCronSecret(request)) { captureException(...); return new Response("Unauthorized", { status: 401 }) }`:
  // a check handed the request whose failure is answered 401 or 403, other statements of its block first.
  const refused = CHECK_REFUSED.exec(top);
  if (refused && REFUSED_ANSWER.test(refused[3]!)) return refused[2]!.split(".").at(-1)!;
  const kept = [...top.matchAll(REQUIRED_KEPT)].find((c) => {
    const name = c[1]!.split(".").at(-1)!;
    return REQUIRING.test(name) && (isGuardName(name) || OF_THE_CALLER.test(name));
  });
  if (kept) return kept[1]!.split(".").at(-1)!;
  return refusesAnonymous(top) ? REFUSES_ANONYMOUS : undefined;
}

// `if (!api.isAuthorized()) { log.debug(...); return res.status(403).json(...) }`: a check named for the caller's
// authorization answered 401 or 403, other statements of its block before the refusal.
const AUTHORIZATION_REFUSED = /\bif\s*\(\s*!\s*([\w$.?]+)\s*\(\s*\)\s*\)\s*\{(?:[^{}]|\{[^{}]*\})*?\b(?:status|sendStatus)\s*\(\s*40[13]\s*\)/;
const AUTHORIZATION_CHECK = /^is(?:Authori[sz]ed|Authenticated|LoggedIn|SignedIn|ValidApiKey|ValidToken)$/;

// `if (req.isAuthenticated()) { ...the work } else { return response.errorForbidden(req, res) }`: the whole handler
// under a test of the caller, whose other branch refuses.
const WORK_IF_SIGNED_IN = /^if\s*\(\s*(?:req|request)\.(?:isAuthenticated\s*\(\s*\)|user)\s*\)\s*\{[^]*\}\s*else\s*\{?\s*(?:return\s+)?[\w$.]*(?:error(?:Forbidden|Unauthori[sz]ed)|(?:status|sendStatus)\s*\(\s*40[13])\b/;

/** Whether the top of a handler refuses a caller the request carries no user or credentials for. */
function refusesAnonymous(top: string): boolean {
  if (WORK_IF_SIGNED_IN.test(top.trimStart())) return true;
  const m = REFUSAL.exec(top);
  if (!m) {
    const authorization = AUTHORIZATION_REFUSED.exec(top);
    const checked = authorization?.[1]!.replace(/\?/g, "");
    return !!checked && AUTHORIZATION_CHECK.test(checked.split(".").at(-1)!) && readsCaller(checked, top.slice(0, authorization!.index));
  }
  // Compared with the app's secret: the check of a credential itself.
  if (m[3]) return true;
  return readsCaller((m[1] ?? m[2]!).replace(/\?/g, ""), top.slice(0, m.index));
}

/** Whether what a check tests (`req.user`, `session`, `api.isAuthorized`) is the request's caller, or was taken from it in the statements `before` the check. */
function readsCaller(checked: string, before: string): boolean {
  if (FROM_REQUEST.test(checked)) return true;
  // A value taken from the request before the check: `const { loggedUser } = req`, `const user = req.user`.
  const root = checked.split(".")[0]!.replace(/\$/g, "\\$");
  if (new RegExp(String.raw`\b(?:const|let|var)\s+(?:\{[^}]*\b${root}\b[^}]*\}|${root})\s*=\s*(?:await\s+)?(?:req|request|ctx|context|res\.locals)\b`).test(before)) return true;
  // Or looked up by a call that reads the caller: named for it (`const session = await getServerSession(authOptions)`),
  // handed the request itself (`validate(req, res)`), or its headers (`receiver.verify({ signature: req.headers.get(...) })`),
  // or made from what the headers carry (`const { authorization } = req.headers; const api = new ServerApi(host, authorization, secret)`).
  // A record found by what the request's body names (`User.findOne({ name: req.body.name })`) is no caller.
  const looked = new RegExp(String.raw`\b(?:const|let|var)\s+(?:\{[^}]*\b${root}\b[^}]*\}|${root})\s*=\s*\(?\s*(?:await\s+)?(?:new\s+)?([\w$.]+)\s*\(([^;]*)`).exec(before);
  if (!looked) return false;
  const fromHeaders = /\b(?:const|let|var)\s+\{([^}]*)\}\s*=\s*(?:req|request)\.headers\b/.exec(before)?.[1]!.split(",").map((n) => n.trim().split(/\s*:\s*/).at(-1)!) ?? [];
  return CALLER_LOOKUP.test(looked[1]!) || /^\s*(?:req|request|ctx|context)\s*(?:,|\))/.test(looked[2]!) || /\b(?:req|request)\.headers\b/.test(looked[2]!) ||
    fromHeaders.some((name) => /^(?:authorization|token|apiKey|api_key|x-api-key|cookie)$/i.test(name) && new RegExp(String.raw`\b${name}\b`).test(looked[2]!));
}

// A call that looks its caller up: `getServerSession`, `auth()`, `getCurrentUser`, `validateSession`, `requireUser`, h3's `useSession(event)`.
const CALLER_LOOKUP = /(?:^|\.)(?:auth|currentUser|getCurrentUser|getUser|getSession|getServerSession|getServerAuthSession|validateSession|verifySession|requireUser|requireSession|getToken|use\w*Session)$|(?:check|require|ensure|verify|validate|get)[_-]?(?:auth|session|user|login)/i;

/**
 * Whether the first statements of a file-system route handler's body (`{` first) refuse a caller
 * without credentials: Next.js's `const session = await getServerSession(authOptions); if
 * (!session) return NextResponse.json(..., { status: 401 })`; or the check the handler hands the
 * response to. The same reading as for a routed handler's body.
 */
export function topRefusal(body: string): string | undefined {
  // A `try {` wrapping the whole handler holds its first statements.
  const inner = /^\{\s*try\s*\{/.exec(body) ? body.slice(body.indexOf("try") + 3).trimStart() : body;
  return refusal(inner);
}

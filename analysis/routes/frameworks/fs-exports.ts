import type { Framework } from "../framework.ts";
import { closing } from "../../languages/curly.ts";
import { CALLED } from "../js/functions.ts";
import { topRefusal } from "../js/handler-checks.ts";
import { argumentName } from "../js/names.ts";
import { isGuardName } from "../paths.ts";
import type { Registration, RouteRegistration } from "../registration.ts";
import { objectProperties, type Span } from "../js/objects.ts";
import { expressionEnd } from "../js/values.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { MIDDLEWARE_FILE, middlewarePatterns } from "./next-middleware.ts";

/** The framework id of the registrations below: read by the file-system stage, never linked. */
export const FS_EXPORTS = "fs-exports";

const VERBS = "GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ALL|fallback|get|post|put|patch|del|all|loader|action";
// `export default withMiddlewares({ GET: ..., POST: ... })`: a default handler made from handlers keyed by method.
const METHOD_MAP = /\bexport\s+default\s+[A-Za-z_$][\w$.]*\s*\(\s*\{\s*(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s*:/;
const FUNCTION = new RegExp(`\\bexport\\s+(?:async\\s+)?function\\s*\\*?\\s*(${VERBS})\\s*\\(`, "g");
const CONST = new RegExp(`\\bexport\\s+(?:const|let|var)\\s+(${VERBS})\\b\\s*(?::[^=;]+)?=\\s*`, "g");
const LIST = /\bexport\s*\{([^}]*)\}/g;
const ACTIONS = /\bexport\s+const\s+actions\b\s*(?::[^=;]+)?=\s*\{/g;
const DEFAULT =
  /\bexport\s+default\s+(?:async\s+)?(?:function\s*\*?\s*([A-Za-z_$][\w$]*)?|([A-Za-z_$][\w$]*)\s*[;\n(])?/g;
// Payload CMS's REST and GraphQL handlers (`export const POST = REST_POST(config)`, imported from
// `@payloadcms/next/routes`) serve its collections, each behind its `access` functions, which by
// default admit signed-in users only: the generated `app/(payload)/api/[...slug]/route.ts` is guarded.
const PAYLOAD_HANDLER = /^(?:REST|GRAPHQL)_[A-Z]+$/;
const PAYLOAD_ROUTES = /\bfrom\s*["']@payloadcms\/next\/routes["']/;
const PAYLOAD_ACCESS = "(Payload collection access: signed-in users unless a collection opens it)";
const COMPARED = /\bmethod\s*(?:===?|!==?)\s*(["'])|\bcase\s*(["'])/g;
// Where file-system frameworks keep their routes: app/, pages/, routes/, server/; Next's route.ts, SvelteKit's +server.ts.
const ROUTE_FILE = /(^|\/)(?:app|pages|routes|server)\/|(^|\/)(?:route|\+server)\.[cm]?[jt]sx?$/;
const MIDDLEWARE_HINT =
  /\bexport\s+const\s+actions\b|\bmatcher\b|\bas\s+(?:middleware|proxy)\b|\bexport\s+default\s+\w*(?:[Aa]uth|[Mm]iddleware)\w*\s*\(/;

/**
 * The request handlers a file-system route module exports, for the file-system stage to put
 * under the file's path: `export async function GET`, `export const POST = withAuth(...)`,
 * `export { handler as GET }`, Remix `loader`/`action`, SvelteKit form `actions` (POST each),
 * Astro's older `get`/`del`, the methods
 * a default handler compares `req.method` with, and whether there is a default export (a page).
 * Auth-like calls in the module (`await requireUserSession(event)`) are its guards.
 */
export const fsExports: Framework = {
  id: FS_EXPORTS,
  name: "File-system route modules",
  languages: ["javascript", "typescript"],
  paths: new RegExp(`${MIDDLEWARE_FILE.source}|${ROUTE_FILE.source}`),
  hint: new RegExp(
    `${MIDDLEWARE_HINT.source}|${METHOD_MAP.source}|\\bexport\\s+(?:async\\s+)?(?:function\\s*\\*?\\s*|const\\s+|let\\s+|var\\s+)(?:${VERBS})\\b|\\bas\\s+(?:GET|POST|PUT|PATCH|DELETE)\\b|\\bexport\\s*\\{[^}]*\\b(?:GET|POST|PUT|PATCH|DELETE)\\b|\\b(?:req|request)\\.method\\b|\\bdefine\\w*Handler\\b|\\beventHandler\\b|\\bexport\\s+default\\s+[A-Za-z_$][\\w$]*\\s*\\([^;]{0,300}?\\bmethods\\s*:|\\bexport\\s+default\\s+[\\w$.]+\\s*\\([^;]*?\\)\\s*\\.\\s*(?:use|get|post|put|patch|delete)\\s*\\(|["']next-connect["']`,
  ),
  scan(source) {
    const found: Registration[] = [];
    if (MIDDLEWARE_FILE.test(source.path)) {
      for (const p of middlewarePatterns(source, (span) => calledGuards(source, span))) {
        found.push({
          type: "route",
          framework: FS_EXPORTS,
          kind: "http",
          methods: ["ALL"],
          path: p.path,
          handler: p.role,
          guards: p.guards,
          owner: "",
          line: p.line,
        });
      }
      return found;
    }
    if (!ROUTE_FILE.test(source.path)) return [];
    const add = (kind: "http" | "fs", method: string, handler: string, at: number, span: Span, own: string[] = []) =>
      found.push(handlerRegistration(source, kind, method, handler, at, span, own));
    for (const m of source.code.matchAll(FUNCTION)) {
      const span = declaration(source, m.index);
      // A Remix action that branches on the request's method (`switch (method) { case "DELETE": ... }`) answers those methods.
      const methods = m[1] === "action" ? actionMethods(source, span) : [];
      for (const method of methods.length ? methods : [verb(m[1]!)]) add("http", method, m[1]!, m.index, span);
    }
    for (const m of source.code.matchAll(CONST)) {
      const start = m.index + m[0].length;
      const end = expressionEnd(source.code, start);
      // `export const GET = handler;`: the module's own handler, read where it is declared.
      const alias = /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(source.code.slice(start, end))?.[1];
      const declared = alias ? declarationOf(source, alias) : undefined;
      const wrapper = argumentName(source, start, Math.min(source.code.length, start + 200));
      const span = declared ?? { start, end };
      const methods = m[1] === "action" ? actionMethods(source, span) : [];
      const own = isGuardName(wrapper) ? [wrapper] : PAYLOAD_HANDLER.test(wrapper) && PAYLOAD_ROUTES.test(source.text) ? [PAYLOAD_ACCESS] : [];
      for (const method of methods.length ? methods : [verb(m[1]!)]) add("http", method, m[1]!, m.index, span, own);
    }
    for (const m of source.code.matchAll(LIST)) {
      for (const part of m[1]!.split(",")) {
        const [local, as] = part.trim().split(/\s+as\s+/).map((p) => p.trim());
        const name = as ?? local;
        if (!name || !new RegExp(`^(?:${VERBS})$`).test(name)) continue;
        const declared = declarationOf(source, local!);
        add("http", verb(name), local!, declared?.start ?? m.index, declared ?? { start: 0, end: 0 });
      }
    }
    // A default export made from handlers keyed by method (`export default withMiddlewares({ GET: ..., POST: ... })`):
    // each answers its method, guarded by the wrapper that makes it when named like a check (`createAuthedProjectAPIRoute`).
    for (const m of source.code.matchAll(new RegExp(METHOD_MAP.source, "g"))) {
      const open = m.index + m[0].lastIndexOf("{");
      for (const [name, span] of objectProperties(source, open)) {
        if (!/^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/.test(name)) continue;
        const wrapper = argumentName(source, span.start, Math.min(source.code.length, span.start + 200));
        add("http", name, `default.${name}`, span.start, span, isGuardName(wrapper) ? [wrapper] : []);
      }
    }
    for (const m of source.code.matchAll(ACTIONS)) {
      for (const [name, span] of objectProperties(source, m.index + m[0].length - 1)) {
        add("http", "POST", `actions.${name}`, span.start, span);
      }
    }
    for (const m of source.code.matchAll(DEFAULT)) {
      const handler = m[1] ?? m[2] ?? "default";
      const span = declaration(source, m.index);
      // `export default nc().use(cors).get(list).post(create)` (next-connect, or the app's factory of one), or
      // `handler.get(list)` on the one it exports: each verb a handler of its method, behind the checks `use`d before it.
      const links = m[2] ? verbLinks(source, m[2], m[0].endsWith("(") ? m.index + m[0].length - 1 : undefined) : [];
      if (links.length) {
        for (const link of links) add("http", link.method, `${handler}.${link.method.toLowerCase()}`, link.at, link.handler, link.guards);
        continue;
      }
      // `export default withZipline(handler, { methods: ["GET", "DELETE"], user: true })`: the methods its wrapper lets through,
      // guarded where the options ask for a signed-in caller.
      const allowed = wrapperMethods(source, m.index + m[0].length);
      if (allowed) {
        for (const method of allowed.methods) add("http", method, allowed.name ?? handler, m.index, allowed.handler ?? span, allowed.guards);
        continue;
      }
      add("fs", "GET", handler, m.index, span);
      // `export default handler;` exports a function the module declares before: its body compares the methods.
      found.push(...comparedMethods(source, handler, (m[2] && declarationOf(source, m[2])) || span));
    }
    return found;
  },
};

const H3_HANDLER = /^(?:define\w*Handler|eventHandler)$/;

const CHAINED_VERB = /^\s*\.\s*(get|post|put|patch|delete|head|options|all|use)\s*(?:<[^>()]*>\s*)?\(/;

/**
 * The handlers a next-connect style router answers with, by method: the verb calls chained on the
 * call the module exports by default (`open`, its `(`), or made on the exported name `name` in
 * statements of its own (`handler.use(auth); handler.get(list)`), each behind the checks passed
 * to `use` before it. None unless a verb is called so.
 */
function verbLinks(source: RouteSource, name: string, open: number | undefined): { method: string; at: number; handler: Span; guards: string[] }[] {
  const { code } = source;
  const found: { method: string; at: number; handler: Span; guards: string[] }[] = [];
  const guards: string[] = [];
  const chain = (from: number) => {
    let at = from;
    for (let m = CHAINED_VERB.exec(code.slice(at)); m; m = CHAINED_VERB.exec(code.slice(at))) {
      const { args, end } = callArguments(code, at + m[0].length - 1);
      if (m[1] === "use") guards.push(...args.map((a) => argumentName(source, a.start, a.end)).filter(isGuardName));
      else if (args.length) found.push({ method: verb(m[1]!), at: at + m[0].indexOf(m[1]!), handler: args.at(-1)!, guards: [...guards, ...args.slice(0, -1).map((a) => argumentName(source, a.start, a.end)).filter(isGuardName)] });
      at = end;
    }
  };
  if (open !== undefined) chain(callArguments(code, open).end);
  else for (const m of code.matchAll(new RegExp(String.raw`(?<![\w$.])${name.replace(/\$/g, "\\$")}(?=\s*\.\s*(?:get|post|put|patch|delete|head|options|all|use)\s*[(<])`, "g"))) chain(m.index + m[0].length);
  return found;
}

/**
 * One request handler of a route module: its method, and the guards it calls, or else the refusal
 * of a caller without credentials at its top (`tops`: the blocks to read for it, each `{` first;
 * by default the handler's body).
 */
function handlerRegistration(source: RouteSource, kind: "http" | "fs", method: string, handler: string, at: number, span: Span, own: string[] = [], tops?: readonly string[]): RouteRegistration {
  const { helpers, optsOut } = kind === "http" ? calledHelpers(source, span) : { helpers: [], optsOut: false };
  const called = [...new Set([...own, ...calledGuards(source, span)])];
  // A default export made by h3's handler makers (`defineEventHandler(async (event) => {...})`, an app's
  // `definePermissionEventHandler`) is Nitro's request handler, whose top may refuse too; another is a page's component.
  const handles = kind === "http" || H3_HANDLER.test(handler);
  const checked = handles && !called.length ? (tops ? tops.map(topRefusal).find((g) => g !== undefined) : bodyOf(source, span)) : undefined;
  return {
    type: "route",
    framework: FS_EXPORTS,
    kind,
    methods: [method],
    path: "",
    handler,
    guards: checked ? [checked] : called,
    owner: "",
    line: source.lineAt(at),
    ...(helpers.length ? { helpers } : {}),
    ...(optsOut ? { anonymous: true } : {}),
  };
}

// An option of a route wrapper asking for a signed-in caller (`user: true`, `login: true`, `admin: true`).
const SIGNED_IN_OPTION = /^(?:user|login|auth|authenticated|requireAuth|requireLogin|admin|administrator|session|loggedIn)$/;

/**
 * The methods a default export's wrapper lets through (`withZipline(handler, { methods: ["GET"], user: true })`),
 * the handler it wraps, and the options asking for a signed-in caller as guards (`withZipline(user)`); undefined when
 * the call names no methods. `after` is where the export's callee name ends.
 */
function wrapperMethods(source: RouteSource, after: number): { methods: string[]; name?: string; handler?: Span; guards: string[] } | undefined {
  const open = source.code.lastIndexOf("(", after);
  const callee = /([A-Za-z_$][\w$]*)\s*\($/.exec(source.code.slice(Math.max(0, open - 60), open + 1))?.[1];
  if (!callee || open < 0 || after - open > 2) return undefined;
  const args = callArguments(source.code, open).args;
  const options = args.find((a) => source.code[source.code.slice(a.start, a.end).search(/\S/) + a.start] === "{");
  if (!options) return undefined;
  const properties = objectProperties(source, source.code.slice(options.start, options.end).search(/\S/) + options.start);
  const listed = properties.get("methods");
  if (!listed) return undefined;
  const methods = [...source.code.slice(listed.start, listed.end).matchAll(/["'`]/g)].map((q) => source.stringAt(listed.start + q.index!)?.value?.toUpperCase()).filter((v): v is string => !!v && /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/.test(v));
  if (!methods.length) return undefined;
  const guards = [...properties].filter(([key, span]) => SIGNED_IN_OPTION.test(key) && /^\s*true\s*$/.test(source.code.slice(span.start, span.end))).map(([key]) => `${callee}(${key})`);
  const name = args[0] && /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(source.code.slice(args[0].start, args[0].end))?.[1];
  const declared = name ? declarationOf(source, name) : undefined;
  return { methods: [...new Set(methods)], ...(name ? { name } : {}), ...(declared ? { handler: declared } : {}), guards };
}

/**
 * The methods a default handler compares `req.method` with, each guarded as the top of its
 * branch (`if (req.method === "PATCH") { ... }`) or the handler's statements before the first
 * branch; a method the handler turns the others away for (`!==`) as the handler's top.
 */
function comparedMethods(source: RouteSource, handler: string, span: Span): RouteRegistration[] {
  const found: RouteRegistration[] = [];
  const compared = [...source.code.slice(span.start, span.end).matchAll(COMPARED)].flatMap((c) => {
    const literal = source.stringAt(span.start + c.index + c[0].length - 1)?.value ?? "";
    if (!/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/.test(literal)) return [];
    const at = span.start + c.index;
    return [{ literal, at, branch: /(?<!!)===?\s*$/.test(c[0].slice(0, -1)) ? branchOf(source, at) : undefined }];
  });
  const open = bodyOpen(source, span);
  const firstBranch = compared.find((c) => c.branch);
  const head = open !== undefined && firstBranch ? `${source.code.slice(open, firstBranch.branch!.ifAt)}}` : undefined;
  for (const { literal, at, branch } of compared) {
    const tops = branch ? [source.code.slice(branch.start, branch.end), ...(head ? [head] : [])] : undefined;
    found.push(handlerRegistration(source, "http", literal, handler, at, span, [], tops));
  }
  return found;
}

/**
 * The methods an action tells apart: those it compares the request's method with (`case "DELETE":`,
 * `request.method === "PUT"`), or tests with a helper (`isDelete(request)`, beside which the
 * action's other branches take form posts), or only the one it asserts (`assertIsDelete(request)`).
 */
function actionMethods(source: RouteSource, span: Span): string[] {
  const body = source.code.slice(span.start, span.end);
  const verbs = (list: string[]) => [...new Set(list.filter((m) => /^(?:POST|PUT|PATCH|DELETE)$/.test(m)))];
  const compared = verbs([...body.matchAll(COMPARED)].map((c) => source.stringAt(span.start + c.index + c[0].length - 1)?.value ?? ""));
  const tested = [...body.matchAll(METHOD_TEST)];
  const asserted = verbs(tested.filter((t) => t[1]).map((t) => t[2]!.toUpperCase()));
  if (asserted.length) return asserted;
  const helpers = verbs(tested.map((t) => t[2]!.toUpperCase()));
  return compared.length ? verbs([...compared, ...helpers]) : helpers.length ? verbs(["POST", ...helpers]) : [];
}

const METHOD_TEST = /(?<![\w$.])(?:(assertIs)|is)(Post|Put|Patch|Delete)\s*\(\s*request\b/g;

/**
 * The handlers of a function another module's route hands its requests to (a Next.js page
 * route's `export default limitsHandler`, or `return handleRoute(req, res)`): the methods it
 * compares `req.method` with, guarded as there. `name` is what the module exports it as
 * (`default` for its default export).
 */
export function delegatedHandlers(source: RouteSource, name: string): RouteRegistration[] {
  const escaped = name.replace(/\$/g, "\\$");
  const declared = name === "default"
    ? new RegExp(DEFAULT.source).exec(source.code)
    : new RegExp(String.raw`\bexport\s+(?:async\s+)?function\s*\*?\s*${escaped}\b|\bexport\s+(?:const|let|var)\s+${escaped}\b`).exec(source.code);
  if (!declared) return [];
  // `export default handler;` names a function of the module declared elsewhere in it.
  const named = name === "default" ? declared[2] : undefined;
  const span = named ? declarationOf(source, named) : declaration(source, declared.index);
  return span ? comparedMethods(source, name, span) : [];
}

/** The exports of one file-system route module, split into request handlers and the default export. */
export function moduleExports(
  registrations: readonly RouteRegistration[],
): { handlers: RouteRegistration[]; page: RouteRegistration | undefined } {
  const seen = new Set<string>();
  const key = (r: RouteRegistration) => `${r.methods[0]} ${r.handler}`;
  const handlers = registrations.filter((r) => r.kind === "http" && !seen.has(key(r)) && seen.add(key(r)));
  return { handlers, page: registrations.find((r) => r.kind === "fs") };
}

const verb = (name: string): string =>
  name === "loader"
    ? "GET"
    : name === "action"
    ? "POST"
    : name === "del"
    ? "DELETE"
    : name === "fallback"
    ? "ALL"
    : name.toUpperCase();

/**
 * The plain functions a handler calls that could check the caller inside them (`parseRequest(
 * request, schema)`): not auth-like by name (those are guards already), and not called with an
 * option that turns a check off (`{ skipAuth: true }`, `{ public: true }`): such a call says the
 * route is public on purpose (`optsOut`). The first few are kept; js/helper-guards.ts reads their
 * definitions.
 */
function calledHelpers(source: RouteSource, span: Span): { helpers: string[]; optsOut: boolean } {
  const names = new Set<string>();
  let optsOut = false;
  for (const m of source.code.slice(span.start, span.end).matchAll(HELPER_CALL)) {
    const name = m[1]!;
    if (isGuardName(name) || NOT_HELPERS.has(name) || names.size >= 6) continue;
    // Another route's handler (`await POST(req)` of /api/send, imported by Umami's pixel) answers a request the
    // handler builds; its refusal stops the handler only when the handler answers with it (`return POST(req)`).
    if (ROUTE_VERB.test(name) && !/\breturn\s+(?:await\s+)?$/.test(source.code.slice(Math.max(span.start, span.start + m.index - 20), span.start + m.index + m[0].indexOf(name)))) continue;
    const { end } = callArguments(source.code, span.start + m.index + m[0].length - 1);
    if (OPTS_OUT.test(source.code.slice(span.start + m.index, end))) optsOut = true;
    else names.add(name);
  }
  return { helpers: [...names], optsOut };
}

const HELPER_CALL = /(?<![\w$.]|function\s)(?:await\s+)?([A-Za-z_$][\w$]*)\s*\(/g;
const ROUTE_VERB = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;
const OPTS_OUT = /\b(?:skip\w*|public|anonymous|noAuth|allowAnonymous)\s*:\s*true\b/i;
const NOT_HELPERS = new Set(["if", "for", "while", "switch", "catch", "return", "function", "await", "typeof", "Number", "String", "Boolean", "Object", "Array", "JSON", "Promise", "Response", "Request", "URL", "Error", "Date", "Map", "Set", "fetch", "require", "import"]);

/** Auth-like functions called in a span of the module: `requireUserSession(event)`, `getServerSession(authOptions)`. */
function calledGuards(source: RouteSource, span: Span): string[] {
  const names = new Set<string>();
  for (const m of source.code.slice(span.start, span.end).matchAll(CALLED)) {
    if (!isGuardName(m[1]!.split(".").at(-1)!)) continue;
    // `authorized() { ... }` declares a method; only calls count.
    const { end } = callArguments(source.code, span.start + m.index + m[0].length - 1);
    if (!/^\s*(?::[^{;=]+)?\{/.test(source.code.slice(end, end + 100))) names.add(m[1]!);
  }
  return [...names];
}

/** The guard the top of the function a handler's span declares gives it (handler-checks.ts), if any. */
function bodyOf(source: RouteSource, span: Span): string | undefined {
  const open = bodyOpen(source, span);
  return open === undefined ? undefined : topRefusal(source.code.slice(open, closing(source.code, open)));
}

/** Where the body of the function a handler's span declares opens (its `{` after the parameters), if it has one. */
function bodyOpen(source: RouteSource, span: Span): number | undefined {
  const head = /\)\s*(?::[^{=;]*)?(?:=>\s*)?\{/.exec(source.code.slice(span.start, span.end));
  return head ? span.start + head.index + head[0].length - 1 : undefined;
}

/** The block of the `if` whose condition compares the method at `at` (`if (req.method === "PATCH") {`), if it is one, and where the `if` starts. */
function branchOf(source: RouteSource, at: number): (Span & { ifAt: number }) | undefined {
  const before = source.code.slice(Math.max(0, at - 120), at);
  const condition = /\bif\s*\([^{};]*$/.exec(before);
  if (!condition) return undefined;
  const ifAt = at - before.length + condition.index;
  const { end } = callArguments(source.code, ifAt + condition[0].indexOf("("));
  const brace = /^\s*\{/.exec(source.code.slice(end, end + 20));
  if (!brace) return undefined;
  const open = end + brace[0].length - 1;
  return { start: open, end: closing(source.code, open), ifAt };
}

/** The span of the module's declaration of `name` (`function handler(...) {...}`, `const handler = async (req) => ...`), if it has one. */
function declarationOf(source: RouteSource, name: string): Span | undefined {
  const declared = new RegExp(`\\b(?:function\\s*\\*?\\s*|(?:const|let|var)\\s+)${name.replace(/\$/g, "\\$")}(?![\\w$])`).exec(source.code);
  return declared ? declaration(source, declared.index) : undefined;
}

/** The span of the declaration starting at `at`: a function to the end of its body, anything else to the end of its expression. */
function declaration(source: RouteSource, at: number): Span {
  const fn = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\b[^(]*\(/.exec(source.code.slice(at, at + 300));
  if (fn) {
    const params = callArguments(source.code, at + fn[0].length - 1);
    const brace = source.code.indexOf("{", params.end);
    return { start: at, end: brace === -1 ? params.end : callArguments(source.code, brace).end };
  }
  const head = /^(?:export\s+)?(?:default\s+|(?:const|let|var)\s+[\w$]+\s*(?::[^=;]+)?=\s*)/.exec(
    source.code.slice(at, at + 300),
  );
  const start = at + (head?.[0].length ?? 0);
  return { start, end: expressionEnd(source.code, start) };
}

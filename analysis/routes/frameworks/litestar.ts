import type { Framework } from "../framework.ts";
import { bases, classAt, classAttribute, type Definition, pythonDefinitions } from "../python/definitions.ts";
import { isPythonGuard } from "../python/guards.ts";
import { dottedName, elements, type PyArguments, pythonArguments, pythonConstants, pythonValue, type Span, stringList } from "../python/values.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const FRAMEWORK = "litestar";
const VERBS = new Set(["get", "post", "put", "patch", "delete", "head", "route"]);
const CREATE = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.]+[ \t]*)?=[ \t]*(?:litestar[ \t]*\.[ \t]*)?(Litestar|Router)[ \t]*\(/gm;
// A security backend (`jwt_auth = JWTAuth[User, Token](..., exclude=[...])`): installed on the app,
// it authenticates every route but the paths its `exclude` patterns find and the handlers
// marked `exclude_from_auth`.
const BACKEND = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.[\], ]+[ \t]*)?=[ \t]*((?:JWT|JWTCookie|OAuth2PasswordBearer|Session)Auth)\b[ \t]*(?:\[[^\]\n]*\])?[ \t]*\(/gm;
const EXCLUDED = /\bexclude_from_auth\b["']?\s*:\s*True\b/;

/**
 * Litestar: route handler decorators (`@get("/x")`, `@post(path=...)`, `@route(..., http_method=[...])`)
 * on functions and on the methods of `Controller` classes (their `path` and `guards`), `Router(path=...,
 * route_handlers=[...])` and the `Litestar([...])` app mounting them by name across modules, and
 * `guards=[...]` at every level. A security backend (JWTAuth, SessionAuth...) guards every route
 * but those its `exclude` patterns find and those marked `exclude_from_auth`.
 */
export const litestar: Framework = {
  id: FRAMEWORK,
  name: "Litestar",
  languages: ["python"],
  hint: /\blitestar\b/,
  scan(source) {
    const constants = pythonConstants(source);
    const definitions = pythonDefinitions(source);
    const registrations: Registration[] = [];
    for (const cls of definitions) {
      if (cls.kind !== "class" || !bases(source, cls).some((b) => /(?:^|\.)Controller$/.test(b))) continue;
      const path = classAttribute(source, definitions, cls, "path");
      const guards = classAttribute(source, definitions, cls, "guards");
      registrations.push({ type: "router", framework: FRAMEWORK, name: cls.name, prefix: (path && pythonValue(source, path, constants)) ?? "", guards: guards ? names(source, guards) : [], mountedOnly: true, line: cls.line });
    }
    for (const def of definitions) {
      if (def.kind !== "def") continue;
      for (const d of def.decorators) {
        if (!VERBS.has(d.name.replace(/^litestar\./, ""))) continue;
        const owner = classAt(definitions, def.start);
        const routes = handlerRoutes(source, def, d.name.replace(/^litestar\./, ""), d.args, constants, owner?.name ?? def.name);
        // A function handler is mounted by its name; a controller's methods hang on the controller.
        if (!owner && routes.length) registrations.push({ type: "router", framework: FRAMEWORK, name: def.name, prefix: "", guards: [], mountedOnly: true, line: d.line });
        registrations.push(...routes.map((r) => ({ ...r, line: d.line })));
      }
    }
    for (const m of source.code.matchAll(CREATE)) registrations.push(...container(source, m[1]!, m[2]!, m.index + m[0].length - 1, constants));
    for (const m of source.code.matchAll(BACKEND)) {
      const { keywords } = pythonArguments(source.code, m.index + m[0].length - 1);
      const exclude = keywords.get("exclude");
      const patterns = exclude ? stringList(source, exclude, constants) : [];
      registrations.push({ type: "global", framework: FRAMEWORK, guard: m[2]!, ...(patterns.length ? { exceptMatching: patterns } : {}), line: source.lineAt(m.index) });
    }
    return registrations;
  },
};

/** The routes of one handler decorator: its paths (a list, or "/" when none), methods and guards. */
function handlerRoutes(source: RouteSource, def: Definition, verb: string, args: PyArguments | undefined, constants: Map<string, string>, owner: string): Extract<Registration, { type: "route" }>[] {
  const pathArg = args?.keywords.get("path") ?? args?.positional[0];
  const paths = pathArg ? (source.code[pathArg.start] === "[" ? stringList(source, pathArg, constants) : [pythonValue(source, pathArg, constants)].filter((p): p is string => p !== undefined)) : ["/"];
  const methodArg = args?.keywords.get("http_method");
  const methods = verb === "route"
    // `["PUT", "PATCH"]` or `[HttpMethod.PUT]`, read from the text as the code blanks strings.
    ? (methodArg ? [...source.text.slice(methodArg.start, methodArg.end).matchAll(/\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/gi)].map((m) => m[1]!.toUpperCase()) : [])
    : [verb.toUpperCase()];
  const guards = args?.keywords.get("guards");
  // `exclude_from_auth=True`, or the same in the handler's `opt` mapping (read from the text: the code blanks its strings).
  const excluded = args?.keywords.get("exclude_from_auth");
  const opt = args?.keywords.get("opt");
  const anonymous = (!!excluded && /^\s*True\b/.test(source.code.slice(excluded.start, excluded.end))) || (!!opt && EXCLUDED.test(source.text.slice(opt.start, opt.end)));
  return paths.map((path) => ({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler: owner === def.name ? def.name : `${owner}.${def.name}`, guards: guards ? names(source, guards) : [], owner, line: 0, ...(anonymous ? { anonymous: true } : {}) }));
}

/** `Router(path=..., route_handlers=[...], guards=[...])` or the `Litestar(...)` app: a router mounting handlers by name. */
function container(source: RouteSource, name: string, kind: string, open: number, constants: Map<string, string>): Registration[] {
  const { positional, keywords } = pythonArguments(source.code, open);
  const line = source.lineAt(open);
  const path = keywords.get("path") ?? (kind === "Router" ? positional[0] : undefined);
  const handlers = keywords.get("route_handlers") ?? (kind === "Router" ? positional[1] : positional[0]);
  const guards = keywords.get("guards");
  // Authentication middleware listed by name (`middleware=[AuthMiddleware]`) guards the whole app or router.
  const middleware = keywords.get("middleware");
  const members = handlers ? elements(source.code, handlers).map((span) => dottedName(source.code, span)).filter((m): m is string => !!m) : [];
  return [
    { type: "router", framework: FRAMEWORK, name, prefix: (path && pythonValue(source, path, constants)) ?? "", guards: [...(guards ? names(source, guards) : []), ...(middleware ? names(source, middleware).filter((n) => isPythonGuard(n.split(".").at(-1)!)) : [])], ...(kind === "Router" ? { mountedOnly: true } : {}), line },
    ...(members.length ? [{ type: "use" as const, framework: FRAMEWORK, owner: name, prefix: "", args: members, specifiers: [], guards: [], mountOnly: true, line }] : []),
  ];
}

/** The names in a list: `[requires_admin, owner_only]`. */
function names(source: RouteSource, span: Span): string[] {
  return elements(source.code, span).map((e) => dottedName(source.code, e) ?? source.code.slice(e.start, e.end).trim()).filter(Boolean);
}

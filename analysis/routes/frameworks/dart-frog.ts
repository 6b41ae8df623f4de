import type { Framework } from "../framework.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments } from "../source.ts";
import { FS_EXPORTS } from "./fs-exports.ts";

const HANDLER = /(?<![\w.])(?:Future\s*<\s*Response\s*>|FutureOr\s*<\s*Response\s*>|Response)\s+onRequest\s*\(\s*RequestContext\b/;
const MIDDLEWARE = /(?<![\w.])Handler\s+middleware\s*\(\s*Handler\b/;
// A method in pattern position: `case HttpMethod.get:`, `HttpMethod.put || HttpMethod.patch =>`.
const CASE = /\bHttpMethod\s*\.\s*(\w+)(?=\s*(?:=>|:|\|\||when\b))/g;
const SWITCH = /switch\s*\(\s*context\s*\.\s*request\s*\.\s*method\s*\)/;
// Middleware a `_middleware.dart` applies: `handler.use(bearerAuthentication<User>(...))`.
const USE = /\.\s*use\s*\(\s*([A-Za-z_]\w*)/g;
const REFUSED = /methodNotAllowed|\b405\b/;

/**
 * dart_frog route modules, for the file-system stage (filesystem/dart-frog.ts): the methods
 * an `onRequest(RequestContext context)` handler serves (the `HttpMethod` cases it switches
 * on `context.request.method` with; any method without them), and the auth-like middleware a
 * `_middleware.dart` applies (`bearerAuthentication<User>(...)`, `basicAuthentication`).
 */
export const dartFrog: Framework = {
  id: "dart-frog",
  name: "dart_frog route modules",
  languages: ["dart"],
  hint: /\bRequestContext\b|\bHandler\s+middleware\s*\(/,
  scan(source) {
    const found: Registration[] = [];
    const add = (methods: string[], handler: string, guards: string[], at: number) =>
      found.push({ type: "route", framework: FS_EXPORTS, kind: "http", methods, path: "", handler, guards, owner: "", line: source.lineAt(at) });
    const handler = HANDLER.exec(source.code);
    if (handler) {
      const switched = SWITCH.exec(source.code.slice(handler.index));
      const open = switched ? source.code.indexOf("{", handler.index + switched.index) : -1;
      const methods = open === -1 ? [] : served(source.code.slice(open + 1, callArguments(source.code, open).end - 1));
      for (const method of methods.length ? methods : ["ALL"]) add([method], "onRequest", [], handler.index);
    }
    const middleware = MIDDLEWARE.exec(source.code);
    if (middleware) {
      const open = source.code.indexOf("{", middleware.index);
      const end = open === -1 ? source.code.length : callArguments(source.code, open).end;
      const guards = [...source.code.slice(middleware.index, end).matchAll(USE)].map((m) => m[1]!).filter(isGuardName);
      add(["ALL"], "middleware", [...new Set(guards)], middleware.index);
    }
    return found;
  },
};

/**
 * The methods a switch on the request method serves: its `HttpMethod` cases, except those
 * whose arm only refuses the method (`Response(statusCode: HttpStatus.methodNotAllowed)`).
 * Cases that fall through to one arm share it.
 */
function served(block: string): string[] {
  const methods: string[] = [];
  let pending: string[] = [];
  let last = 0;
  const settle = (arm: string) => {
    if (!REFUSED.test(arm)) methods.push(...pending);
    pending = [];
  };
  for (const m of block.matchAll(CASE)) {
    const between = block.slice(last, m.index);
    if (pending.length && /\S/.test(between.replace(/\bcase\b|\|\||=>|:|,/g, ""))) settle(between);
    pending.push(m[1]!.toUpperCase());
    last = m.index + m[0].length;
  }
  const rest = block.slice(last);
  const next = rest.search(/\bcase\b|\bdefault\b|(?:^|,)\s*_\s*=>/);
  settle(next === -1 ? rest : rest.slice(0, next));
  return [...new Set(methods)];
}

import { joinPrefix } from "../common/values.ts";
import type { Framework } from "../framework.ts";
import { argumentName, handlerAndGuards } from "../js/names.ts";
import type { Span } from "../js/objects.ts";
import { pathConstants, spanPath } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { eggConfigPlaceholder } from "../js/egg-config.ts";

const FRAMEWORK = "egg";
const VERBS = new Set(["get", "post", "put", "patch", "delete", "del", "head", "options", "all"]);
// `const { router, controller } = app`, `const router = app.router`, `const api = router.namespace("/api", auth)`.
const DESTRUCTURED = /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*app\b/g;
const ASSIGNED = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*app\s*\.\s*router\b(?!\s*\.)/g;
const NAMESPACE = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$.]*)\s*\.\s*namespace\s*\(/g;

/**
 * Egg.js: its router file (`app/router.js`, or the files of `app/router/`) exports a function of
 * the app and registers on `app.router` (`const { router, controller } = app`):
 * `router.get([name,] path, ...middleware, controller.user.get)`, and
 * `router.namespace("/api", ...middleware)` sub-routers, `router.prefix(...)` (a path, or a
 * value of the app's configuration: js/egg-config.ts). A route's middleware named like a
 * check (`app.jwt`, `app.middleware.auth()`) guards it.
 */
export const egg: Framework = {
  id: FRAMEWORK,
  name: "Egg.js",
  languages: ["javascript", "typescript"],
  paths: /(?:^|\/)app\/router(?:\.[cm]?[jt]s$|\/)/,
  hint: /\brouter\s*\.\s*(?:get|post|put|patch|delete|del|all|namespace)\s*\(/,
  scan(source) {
    const constants = pathConstants(source);
    const code = source.code;
    const routers = new Map<string, { prefix: string; guards: string[] }>([["app.router", { prefix: "", guards: [] }]]);
    for (const m of code.matchAll(DESTRUCTURED)) {
      for (const part of m[1]!.split(",")) {
        const [key, alias] = part.split(":").map((p) => p.trim());
        if (key === "router") routers.set(alias || key, { prefix: "", guards: [] });
      }
    }
    for (const m of code.matchAll(ASSIGNED)) routers.set(m[1]!, { prefix: "", guards: [] });
    for (const m of code.matchAll(NAMESPACE)) {
      const parent = routers.get(m[2]!);
      if (!parent) continue;
      const args = callArguments(code, m.index + m[0].length - 1).args;
      const prefix = spanPath(source, args[0], constants);
      if (prefix === undefined) continue;
      const guards = args.slice(1).map((a) => argumentName(source, a.start, a.end)).filter(isGuardName);
      routers.set(m[1]!, { prefix: joinPrefix(parent.prefix, prefix), guards: [...parent.guards, ...guards] });
    }
    // `router.prefix("/api")`, or `router.prefix(config.prefix)` from the app's configuration (js/egg-config.ts).
    for (const [name, router] of routers) {
      const call = new RegExp(`(?<![\\w$.])${name.replace(/[.$]/g, "\\$&")}\\s*\\.\\s*prefix\\s*\\(`, "g");
      for (const m of code.matchAll(call)) {
        const arg = callArguments(code, m.index + m[0].length - 1).args[0];
        const configured = arg && /^(?:app\s*\.\s*)?config\s*\.\s*([\w.]+)$/.exec(code.slice(arg.start, arg.end).trim().replace(/\s+/g, ""));
        const prefix = configured ? eggConfigPlaceholder(configured[1]!) : spanPath(source, arg, constants);
        if (prefix !== undefined) router.prefix = joinPrefix(prefix, router.prefix);
      }
    }
    const found: Registration[] = [];
    for (const [name, router] of routers) {
      const call = new RegExp(`(?<![\\w$.])${name.replace(/[.$]/g, "\\$&")}\\s*\\.\\s*([a-z]+)\\s*\\(`, "g");
      for (const m of code.matchAll(call)) {
        if (!VERBS.has(m[1]!)) continue;
        const args = callArguments(code, m.index + m[0].length - 1).args;
        // An optional route name comes first: `router.get("home", "/", controller.home.index)`.
        const named = isString(source, args[0]) && isString(source, args[1]);
        const pathArg = named ? args[1] : args[0];
        const path = spanPath(source, pathArg, constants);
        const rest = args.slice(named ? 2 : 1);
        if (path === undefined || rest.length === 0) continue;
        const { handler, guards } = handlerAndGuards(source, rest);
        const method = m[1] === "del" ? "DELETE" : m[1] === "all" ? "ALL" : m[1]!.toUpperCase();
        found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method], path: joinPrefix(router.prefix, path), handler, guards: [...router.guards, ...guards], owner: "", line: source.lineAt(m.index) });
      }
    }
    return found;
  },
};

const isString = (source: RouteSource, span: Span | undefined): boolean => !!span && !!source.stringAt(span.start);

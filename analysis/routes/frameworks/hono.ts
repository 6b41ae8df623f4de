import type { Framework } from "../framework.ts";
import { chainedCalls, HANDED, NOT_HANDING, TYPE_ARGUMENTS } from "../js/calls.ts";
import { arrowAssignedName, type FunctionScope, functionScopes, scopeOf } from "../js/functions.ts";
import { argumentName, handlerAndGuards, inlineGuard, isInline } from "../js/names.ts";
import type { Span } from "../js/objects.ts";
import { pathConstants, pathList, spanPath, stringList, usePrefix } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { openapiCall, openapiDefinitions } from "./hono-openapi.ts";

const GENERICS = "(?:<(?:[^<>]|<[^<>]*>)*>)?";
// A Hono app: `new Hono()`, or one from a project's factory (`createRouter()`, `createApp()`).
const APP = `(?:new\\s+(?:OpenAPI)?Hono|create\\w*(?:Router|App))\\s*${GENERICS}\\s*\\(`;
// Declared (`const app = new Hono()`), or assigned to a variable declared before (`_app = new Hono()`, made once on the first request).
const CREATE = new RegExp(
  `(?:\\b(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*(?::[^=;]+)?=|\\bexport\\s+default|(?<![\\w$.])([A-Za-z_$][\\w$]*)\\s*\\?{0,2}=(?!=))\\s*${APP}`,
  "g",
);
const BASE = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*)\s*\.\s*basePath\s*\(/g;
const CALL = new RegExp(
  String.raw`\b([A-Za-z_$][\w$]*)\s*\.\s*(get|post|put|patch|delete|options|head|all|on|use|route|openapi|doc|doc31)\s*${TYPE_ARGUMENTS}\(`,
  "g",
);
const CHAIN = /^(get|post|put|patch|delete|options|head|all|on|use|route|openapi|doc|doc31|basePath)$/;
const FACTORY = new RegExp(`(?:\\breturn|=>)\\s*${APP}`, "g");
const RETURNED = /\breturn\s+([A-Za-z_$][\w$]*)\s*[;}\n]/g;
// A name given what a function returns: `export const slackRoute = createSlackRoute(config)`.
const MADE = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*([A-Za-z_$][\w$]*)\s*\(/g;

type Call = { name: string; args: Span[]; start: number };

/**
 * Hono: apps (`new Hono()`, `.basePath("/api")`, `app.basePath()` copies), `app.get(path,
 * ...middleware, handler)` and chains of them, `app.on(methods, paths, handler)`,
 * `app.route("/x", sub)` mounts, `app.use("/admin/*", basicAuth())` middleware guarding the
 * paths below, and @hono/zod-openapi's `app.openapi(route, handler)` (hono-openapi.ts) and
 * `app.doc("/openapi.json")`. A function that builds and returns a sub-app is a router named
 * after the function; one that is handed the app registers on its parameter.
 */
export const hono: Framework = {
  id: "hono",
  name: "Hono",
  languages: ["javascript", "typescript"],
  // `.route("/x", sub)` with two arguments is Hono's mount (Express's `route()` takes one); a
  // sub-app from the project's factory (`const tags = createRouter()`) names no Hono at all.
  hint: /Hono\b|\bcreateRoute\s*\(|\.openapi\s*\(|\.route\s*\(\s*["'`][^"'`\n]*["'`]\s*,|=\s*create\w*(?:Router|App)\s*(?:<[^>\n]*>)?\s*\(\s*\)/,
  scan(source) {
    const constants = pathConstants(source);
    const registrations: Registration[] = openapiDefinitions(source, constants);
    const apply = (owner: string, router: Extract<Registration, { type: "router" }> | undefined, call: Call) => {
      const line = source.lineAt(call.start);
      if (call.name === "basePath" && router) router.prefix = spanPath(source, call.args[0], constants) ?? router.prefix;
      else if (call.name === "use") registrations.push(use(source, owner, call.args, line, constants));
      else if (call.name === "route") {
        const prefix = spanPath(source, call.args[0], constants);
        const sub = call.args[1] && argumentName(source, call.args[1].start, call.args[1].end);
        // A prefix the code computes (`/v${apiVersion}`, a value of the environment's): the sub-app is
        // mounted there all the same, its routes saying their prefix is unknown rather than posing at the root.
        if (sub) {
          registrations.push({
            type: "use",
            framework: "hono",
            owner,
            prefix: prefix ?? "",
            args: [sub],
            specifiers: [],
            guards: [],
            mountOnly: true,
            line,
            ...(prefix === undefined ? { prefixUnknown: true } : {}),
          });
        }
      } else if (call.name === "openapi") registrations.push(...openapiCall(source, owner, call.args, line, constants));
      else if (call.name.startsWith("doc")) {
        const path = spanPath(source, call.args[0], constants);
        if (path !== undefined) {
          registrations.push({
            type: "route",
            framework: "hono",
            kind: "http",
            methods: ["GET"],
            path,
            handler: "(openapi document)",
            guards: [],
            owner,
            line,
          });
        }
      } else {for (const r of route(source, call.name, call.args, constants)) {
          registrations.push({ type: "route", framework: "hono", kind: "http", ...r, owner, line });
        }}
    };
    const routers = new Set<string>();
    const created = (name: string, at: number, open: number) => {
      const router = {
        type: "router" as const,
        framework: "hono",
        name,
        prefix: "",
        guards: [],
        line: source.lineAt(at),
      };
      registrations.push(router);
      routers.add(name);
      for (const call of chainedCalls(source.code, callArguments(source.code, open).end, CHAIN)) {
        apply(name, router, call);
      }
    };
    for (const m of source.code.matchAll(CREATE)) created(m[1] ?? m[2] ?? "default", m.index, m.index + m[0].length - 1);
    // Sub-apps built by a function (`export const users = (db) => new Hono().get(...)`) are named after it.
    let found: readonly FunctionScope[] | undefined;
    const scopes = () => (found ??= functionScopes(source));
    const enclosing = (at: number) => scopes().findLast((s) => s.bodyStart < at && at < s.bodyEnd)?.name;
    const factories = new Set<string>();
    for (const m of source.code.matchAll(FACTORY)) {
      const name = m[0].startsWith("=>")
        ? arrowAssignedName(source.code, m.index)
        : enclosing(m.index);
      if (!name) continue;
      created(name, m.index, m.index + m[0].length - 1);
      factories.add(name);
    }
    for (const m of source.code.matchAll(RETURNED)) {
      const name = routers.has(m[1]!) ? enclosing(m.index) : undefined;
      if (!name || routers.has(name)) continue;
      factories.add(name);
      const line = source.lineAt(m.index);
      registrations.push({ type: "router", framework: "hono", name, prefix: "", guards: [], line });
      registrations.push({
        type: "use",
        framework: "hono",
        owner: name,
        prefix: "",
        args: [m[1]!],
        specifiers: [],
        guards: [],
        mountOnly: true,
        line,
      });
    }
    // What a factory of the file's makes is the router it builds, mounted by that name (`app.route("/slack", slackRoute)`).
    // So is what an imported function makes, mounted here (`const apiRoutes = createApiRoutes(core); app.route("/api", apiRoutes)`).
    const mountedHere = (name: string) => new RegExp(String.raw`\.\s*route\s*\(\s*[^,()]+,\s*${name}\s*\)`).test(source.code);
    const imported = (name: string) => new RegExp(String.raw`\bimport\s+(?:type\s+)?(?:\{[^}]*\b${name}\b[^}]*\}|${name}\b)[^;]*?\bfrom\b`).test(source.code);
    for (const m of source.code.matchAll(MADE)) {
      if (routers.has(m[1]!) || factories.has(m[1]!)) continue;
      if (factories.has(m[2]!) || (mountedHere(m[1]!) && imported(m[2]!))) {
        registrations.push({ type: "router", framework: "hono", name: m[1]!, prefix: "", guards: [], aliasOf: m[2]!, line: source.lineAt(m.index) });
      }
    }
    for (const m of source.code.matchAll(BASE)) {
      const { args, end } = callArguments(source.code, m.index + m[0].length - 1);
      const line = source.lineAt(m.index);
      registrations.push({ type: "router", framework: "hono", name: m[1]!, prefix: "", guards: [], line });
      registrations.push({
        type: "use",
        framework: "hono",
        owner: m[2]!,
        prefix: spanPath(source, args[0], constants) ?? "",
        args: [m[1]!],
        specifiers: [],
        guards: [],
        mountOnly: true,
        line,
      });
      for (const call of chainedCalls(source.code, end, CHAIN)) apply(m[1]!, undefined, call);
    }
    // A function handed the app registers on its parameter, a router named after the function
    // (`export function registerGetMonitor(api: typeof monitorsApi) { return api.openapi(...) }`) where
    // it has a name, mounted where a caller hands it one (`registerGetMonitor(monitorsApi)`).
    const handedTo = new Map<string, string>();
    for (const m of source.code.matchAll(CALL)) {
      const { args, end } = callArguments(source.code, m.index + m[0].length - 1);
      let owner = m[1]!;
      const scope = routers.has(m[1]!) ? undefined : scopeOf(scopes(), m.index, m[1]!);
      if (scope && registers(source, m[2]!, args[0], constants)) {
        owner = scope.name && scope.name !== "default" ? scope.name : m[1]!;
        handedTo.set(`${scope.start}`, owner);
        if (!routers.has(owner)) {
          routers.add(owner);
          registrations.push({ type: "router", framework: "hono", name: owner, prefix: "", guards: [], line: source.lineAt(m.index) });
        }
      } else if (scope && handedTo.has(`${scope.start}`)) owner = handedTo.get(`${scope.start}`)!;
      for (const call of [{ name: m[2]!, args, start: m.index }, ...chainedCalls(source.code, end, CHAIN)]) {
        apply(owner, undefined, call);
      }
    }
    for (const m of source.code.matchAll(HANDED)) {
      if (!routers.has(m[2]!) || NOT_HANDING.test(m[1]!) || /\.(?:route|use|get|post|put|patch|delete|on|all|openapi|basePath|doc)$/.test(m[1]!)) continue;
      if (scopes().some((f) => f.start <= m.index && m.index < f.bodyStart)) continue;
      registrations.push({ type: "use", framework: "hono", owner: m[2]!, prefix: "", args: [m[1]!.replace(/\s+/g, "")], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
    }
    return registrations;
  },
};

type Found = { methods: string[]; path: string; handler: string; guards: string[] };

/** `app.get(path, ...middleware, handler)` and `app.on(methods, paths, ...middleware, handler)`. */
function route(source: RouteSource, name: string, args: Span[], constants: Map<string, string>): Found[] {
  const on = name === "on";
  const methods = on
    ? (args[0]
      ? stringList(source, args[0], constants).filter((m) => /^[A-Za-z]+$/.test(m)).map((m) => m.toUpperCase())
      : [])
    : [name.toUpperCase()];
  const pathArg = on ? args[1] : args[0];
  const paths = pathArg
    ? pathList(source, pathArg, constants).filter((p) => p.startsWith("/") || p.startsWith("${") || p === "*")
    : [];
  const rest = args.slice(on ? 2 : 1);
  if (methods.length === 0 || rest.length === 0) return [];
  // Hono writes a parameter's pattern after it (`:id{[0-9]+}`); the report keeps the name alone.
  return paths.map((path) => ({
    methods,
    path: path.replace(/(:\w+)\{[^/]*\}/g, "$1"),
    ...handlerAndGuards(source, rest),
  }));
}

/** `app.use([path,] ...middleware)`: the auth-like middleware guards what lies under the path (`/admin/*`). */
function use(
  source: RouteSource,
  owner: string,
  args: Span[],
  line: number,
  constants: Map<string, string>,
): Registration {
  const { prefix: path, rest } = usePrefix(source, args, constants);
  const guards = rest.flatMap((a) => {
    if (isInline(source, a.start, a.end)) {
      return [inlineGuard(source, a.start, a.end, "middleware")].filter((g): g is string => !!g);
    }
    const name = argumentName(source, a.start, a.end);
    return isGuardName(name) ? [name] : [];
  });
  const prefix = (path ?? "").replace(/\/?\*$/, "");
  return { type: "use", framework: "hono", owner, prefix, args: [], specifiers: [], guards, line };
}

/** Whether a call registers something (`x.route(...)`, `x.get("/path", ...)`), not `c.get("user")`. */
function registers(
  source: RouteSource,
  name: string,
  first: Span | undefined,
  constants: Map<string, string>,
): boolean {
  if (/^(?:route|use|on|openapi|doc|doc31)$/.test(name)) return true;
  const path = spanPath(source, first, constants);
  return path !== undefined && (path.startsWith("/") || path.startsWith("${"));
}


import type { Framework } from "../framework.ts";
import { chainedCalls, HANDED, NOT_HANDING, TYPE_ARGUMENTS } from "../js/calls.ts";
import { functionScopes, positionalParameters, routerFactories } from "../js/functions.ts";
import { forOfNames } from "../js/loops.ts";
import { argumentName, handlerAndGuards } from "../js/names.ts";
import { objectProperties, type Span } from "../js/objects.ts";
import { pathConstants, spanPath, usePrefix } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const CREATE =
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(?:(?:new\s+)?(Koa|[A-Za-z_$]*Router)\s*(?:<[^>]*>)?|require\s*\(\s*(["'])\s*\3\s*\))\s*\(/g;
const CALL = new RegExp(String.raw`\b([A-Za-z_$][\w$]*)\s*\.\s*(get|post|put|patch|delete|del|options|head|all|use|prefix)\s*${TYPE_ARGUMENTS}\(`, "g");
const CHAINED = /^(get|post|put|patch|delete|del|options|head|all|use)$/;
const EXPORTED =
  /\b(?:module\.exports\s*=|export\s+default)\s*([A-Za-z_$][\w$]*)\s*\.\s*(?:routes|middleware)\s*\(\s*\)/g;
// A function taking the app or a router (`function init(app: Koa = new Koa())`): it registers on it.
const PARAMETER = /[(,]\s*([A-Za-z_$][\w$]*)\s*:\s*(?:Koa|Router)\b(?:<[^>]*>)?\s*(?:=\s*new\s+(?:Koa|Router)\s*(?:<[^>]*>)?\s*\([^()]*\)\s*)?(?=[,)])/g;
// A rest parameter typed with a router (`...args: RouterInitArgs<T>`), and a call passing one on (`routes(...args)`).
const PASSES_ROUTER = /\.\.\.\s*[A-Za-z_$][\w$]*\s*:\s*[A-Za-z_$]*Router/;
const SPREAD_HANDED = /(?<![\w$.])([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)?)\s*\(\s*\.\.\.\s*([A-Za-z_$][\w$]*)\s*\)/g;
const USE_RENAMES = /\b(?:const|let)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*\(?\s*([A-Za-z_$][\w$]*)\s*(?:as\s+[^;]*?)?\)?\s*\.\s*use\s*\(/g;
// A parameter named for a router or an app.
const ROUTER_NAME = /^(?:app|api|router|[A-Za-z_$][\w$]*Router)$/;
// A function that may take a router as a parameter: `(router`, `...[router`, or unpack one (`const [router] = args`).
const HANDS_ROUTER = /[(,[]\s*(?:\.\.\.\s*)?\[?\s*[A-Za-z_$]*[Rr]outer\b/;
// koa-mount: `app.use(mount("/api", api))` serves `api` under the prefix.
const MOUNT = /^mount\s*\(/;

/**
 * Koa with @koa/router (or koa-router): routers (`new Router({ prefix })`), `router.get(
 * [name,] path, ...middleware, handler)` and chains of them, `router.prefix()`, nested
 * routers (`router.use("/x", other.routes())`) and `app.use(router.routes())`.
 */
export const koa: Framework = {
  id: "koa",
  name: "Koa",
  languages: ["javascript", "typescript"],
  // A module that only takes a router may never name Koa (`function adminUserRoutes(...args: RouterInitArgs<T>)`, `(...[router]: Args)`).
  hint: /koa|\.\.\.\s*(?:[A-Za-z_$][\w$]*\s*:\s*[A-Za-z_$]*Router|\[\s*[A-Za-z_$]*Router\b)/i,
  scan(source) {
    const registrations: Registration[] = [];
    const constants = pathConstants(source);
    const routers = new Map<string, Extract<Registration, { type: "router" }>>();
    // A name made again in another function (`const anonymousRouter = new Router()` in two
    // factories) is another router: known as `name@line` within that function.
    const shadows: { name: string; as: string; start: number; end: number }[] = [];
    const named = (name: string, at: number) => shadows.findLast((s) => s.name === name && s.start < at && at < s.end)?.as ?? name;
    for (const m of source.code.matchAll(CREATE)) {
      const open = m.index + m[0].length - 1;
      if (m[3] && !/^(?:@koa\/router|koa-router)$/.test(source.stringAt(m.index + m[0].indexOf(m[3]))?.value ?? "")) {
        continue;
      }
      const options = callArguments(source.code, open).args[0];
      const prefix = options && source.code[options.start] === "{"
        ? objectProperties(source, options.start).get("prefix")
        : undefined;
      const line = source.lineAt(m.index);
      let name = m[1]!;
      const within = routers.has(name) ? functionScopes(source).findLast((f) => f.bodyStart < m.index && m.index < f.bodyEnd) : undefined;
      if (within) shadows.push({ name, as: (name = `${name}@${line}`), start: within.bodyStart, end: within.bodyEnd });
      const router = {
        type: "router" as const,
        framework: "koa",
        name,
        prefix: spanPath(source, prefix, constants) ?? "",
        guards: [],
        line,
      };
      routers.set(router.name, router);
      registrations.push(router);
    }
    // A router of the file's that no constructor made: a parameter, or a function served where a router is handed to it.
    const addRouter = (name: string, line: number, mountedOnly?: true) => {
      if (routers.has(name)) return;
      const router = { type: "router" as const, framework: "koa", name, prefix: "", guards: [], ...(mountedOnly ? { mountedOnly } : {}), line };
      routers.set(name, router);
      registrations.push(router);
    };
    for (const m of source.code.matchAll(PARAMETER)) addRouter(m[1]!, source.lineAt(m.index));
    // A function that takes a router it did not make (`export default function logRoutes(...[router,
    // { queries }]: RouterInitArgs<T>) { router.get(...) }`) registers on a router named for it,
    // served where a caller hands it one (`logRoutes(managementRouter, tenant)`).
    const handsRouters = HANDS_ROUTER.test(source.code) || PASSES_ROUTER.test(source.code);
    const scopes = handsRouters ? functionScopes(source) : [];
    // koa-router's `use()` returns the router: `const experienceRouter = (anonymousRouter as Router<C>).use(a, b)` is another name of it.
    const renamed = new Map([...source.code.matchAll(USE_RENAMES)].map((m) => [m[1]!, m[2]!]));
    const ownerAt = (given: string, at: number): string => {
      const name = named(renamed.get(given) ?? given, at);
      if (routers.has(name) || !ROUTER_NAME.test(name)) return name;
      const taker = scopes.findLast((f) => f.bodyStart < at && at < f.bodyEnd && (f.params.includes(name) || positionalParameters(source, f)[f.params.length - 1] === name))?.name;
      if (!taker || taker === "constructor") return name;
      addRouter(taker, source.lineAt(at), true);
      return taker;
    };
    for (const m of source.code.matchAll(CALL)) {
      const owner = ownerAt(m[1]!, m.index);
      const { args, end } = callArguments(source.code, m.index + m[0].length - 1);
      const line = source.lineAt(m.index);
      if (m[2] === "prefix") {
        const router = routers.get(owner);
        if (router) router.prefix = spanPath(source, args[0], constants) ?? router.prefix;
        continue;
      }
      // `router.use(a.routes()).use(b.routes())`: chained mounts as well as chained routes.
      for (const call of [{ name: m[2]!, args }, ...chainedCalls(source.code, end, CHAINED)]) {
        const found = call.name === "use"
          ? use(source, owner, call.args, line, constants, (name) => named(name, m.index))
          : route(source, owner, call.name, call.args, line, constants);
        if (found) registrations.push(found);
      }
    }
    for (const m of handsRouters ? source.code.matchAll(HANDED) : []) {
      const callee = m[1]!.replace(/\s+/g, "");
      if (scopes.some((f) => f.start <= m.index && m.index < f.bodyStart) || NOT_HANDING.test(callee) || CHAINED.test(callee.split(".").at(-1)!)) continue;
      const router = ownerAt(m[2]!, m.index + m[0].length);
      if (routers.has(router)) registrations.push({ type: "use", framework: "koa", owner: router, prefix: "", args: [callee], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
    }
    // A function typed to take a router passes its arguments on (`function adminUserRoutes(...args:
    // RouterInitArgs<T>) { adminUserBasicsRoutes(...args) }`): what it is handed, they are too.
    for (const m of handsRouters ? source.code.matchAll(SPREAD_HANDED) : []) {
      const passer = scopes.findLast((f) => f.bodyStart < m.index && m.index < f.bodyEnd && f.params[0] === m[2]);
      if (!passer?.name || !/Router\b/.test(source.code.slice(passer.start, passer.bodyStart))) continue;
      addRouter(passer.name, passer.line, true);
      registrations.push({ type: "use", framework: "koa", owner: passer.name, prefix: "", args: [m[1]!.replace(/\s+/g, "")], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
    }
    // A factory returning the app or router it makes (`export default function initApis(tenant) { const apisApp = new Koa(); ...; return apisApp; }`).
    for (const { name, of, at } of routerFactories(source, routers)) {
      registrations.push({ type: "router", framework: "koa", name, prefix: "", guards: [], aliasOf: of, line: source.lineAt(at) });
    }
    for (const m of source.code.matchAll(EXPORTED)) registrations.push({ type: "export", local: m[1]!, as: "default" });
    return registrations;
  },
};

/** `router.get([name,] path, ...middleware, handler)`; a path may be an array of paths. */
function route(
  source: RouteSource,
  owner: string,
  method: string,
  args: Span[],
  line: number,
  constants: Map<string, string>,
): Registration | undefined {
  let rest = args;
  let path = spanPath(source, rest[0], constants);
  const second = spanPath(source, rest[1], constants);
  if (path !== undefined && !isPath(path) && second !== undefined && isPath(second)) {
    rest = rest.slice(1);
    path = second;
  }
  // A path without its leading slash (`router.post("documents.list", ...)`) is one, joined to
  // the prefix it is mounted under, when nothing after it is a path.
  if (path === undefined || !(isPath(path) || path === "" || path === "*" || BARE_PATH.test(path)) || rest.length < 2) return undefined;
  const verb = method === "del" ? "DELETE" : method.toUpperCase();
  return {
    type: "route",
    framework: "koa",
    kind: "http",
    methods: [verb],
    path,
    ...handlerAndGuards(source, rest.slice(1)),
    owner,
    line,
  };
}

/** `router.use([path,] ...middleware)`: `other.routes()` and `other.middleware()` mount `other`; the rest is middleware. */
function use(
  source: RouteSource,
  owner: string,
  args: Span[],
  line: number,
  constants: Map<string, string>,
  /** The router a name stands for where the call is. */
  named: (name: string) => string = (name) => name,
): Registration {
  const mounted = args.length === 1 && MOUNT.test(source.code.slice(args[0]!.start, args[0]!.end).trim());
  if (mounted) {
    const open = args[0]!.start + source.code.slice(args[0]!.start).indexOf("(");
    return use(source, owner, callArguments(source.code, open).args, line, constants, named);
  }
  const { prefix: path, rest } = usePrefix(source, args, constants);
  // A loop variable stands for each router of the list it walks.
  const names = rest
    .filter((a) => !/\.\s*allowedMethods\s*\(/.test(source.code.slice(a.start, a.end)))
    .flatMap((a) => {
      const name = argumentName(source, a.start, a.end).replace(/\.(?:routes|middleware)$/, "");
      if (name === "(inline)") return [];
      return ((/^[A-Za-z_$][\w$]*$/.test(name) && forOfNames(source, name, a.start)) || [name]).map(named);
    });
  return { type: "use", framework: "koa", owner, prefix: path ?? "", args: names, specifiers: [], guards: [], line };
}

const BARE_PATH = /^[\w.-]+(?:\/[\w.:{}*-]+)*$/;

/** A path, or a placeholder for one held in another module's constant. */
const isPath = (path: string) => path.startsWith("/") || path.startsWith("${");

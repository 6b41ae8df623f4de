import type { Framework } from "../framework.ts";
import { chainedCalls, TYPE_ARGUMENTS } from "../js/calls.ts";
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
  hint: /koa/i,
  scan(source) {
    const registrations: Registration[] = [];
    const constants = pathConstants(source);
    const routers = new Map<string, Extract<Registration, { type: "router" }>>();
    for (const m of source.code.matchAll(CREATE)) {
      const open = m.index + m[0].length - 1;
      if (m[3] && !/^(?:@koa\/router|koa-router)$/.test(source.stringAt(m.index + m[0].indexOf(m[3]))?.value ?? "")) {
        continue;
      }
      const options = callArguments(source.code, open).args[0];
      const prefix = options && source.code[options.start] === "{"
        ? objectProperties(source, options.start).get("prefix")
        : undefined;
      const router = {
        type: "router" as const,
        framework: "koa",
        name: m[1]!,
        prefix: spanPath(source, prefix, constants) ?? "",
        guards: [],
        line: source.lineAt(m.index),
      };
      routers.set(router.name, router);
      registrations.push(router);
    }
    for (const m of source.code.matchAll(PARAMETER)) {
      if (routers.has(m[1]!)) continue;
      const router = { type: "router" as const, framework: "koa", name: m[1]!, prefix: "", guards: [], line: source.lineAt(m.index) };
      routers.set(router.name, router);
      registrations.push(router);
    }
    for (const m of source.code.matchAll(CALL)) {
      const owner = m[1]!;
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
          ? use(source, owner, call.args, line, constants)
          : route(source, owner, call.name, call.args, line, constants);
        if (found) registrations.push(found);
      }
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
): Registration {
  const mounted = args.length === 1 && MOUNT.test(source.code.slice(args[0]!.start, args[0]!.end).trim());
  if (mounted) {
    const open = args[0]!.start + source.code.slice(args[0]!.start).indexOf("(");
    return use(source, owner, callArguments(source.code, open).args, line, constants);
  }
  const { prefix: path, rest } = usePrefix(source, args, constants);
  const names = rest
    .filter((a) => !/\.\s*allowedMethods\s*\(/.test(source.code.slice(a.start, a.end)))
    .map((a) => argumentName(source, a.start, a.end).replace(/\.(?:routes|middleware)$/, ""))
    .filter((n) => n !== "(inline)");
  return { type: "use", framework: "koa", owner, prefix: path ?? "", args: names, specifiers: [], guards: [], line };
}

const BARE_PATH = /^[\w.-]+(?:\/[\w.:{}*-]+)*$/;

/** A path, or a placeholder for one held in another module's constant. */
const isPath = (path: string) => path.startsWith("/") || path.startsWith("${");


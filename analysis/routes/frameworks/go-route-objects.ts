import { dirOf } from "../../project.ts";
import { guardedMount } from "../common/mounts.ts";
import type { Framework } from "../framework.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments } from "../source.ts";

const FRAMEWORK = "go-route-object";
// `func (h *Handler) Path() string {\n\treturn "/v2/apis.createApi"\n}` and its `Method()`.
// A method may be a constant: net/http's (`return http.MethodPost`), or the package's (`zen.CATCHALL`, any method).
const ACCESSOR = /\bfunc\s*\(\s*\w+\s+\*?([A-Z]\w*)\s*\)\s*(Path|Method)\s*\(\s*\)\s*string\s*\{\s*return\s+(?:"([^"\n]*)"|(?:\w+\.)?([A-Z]\w*))\s*\}/g;
const HTTP_METHOD = /^(?:Method)?(Get|Post|Put|Patch|Delete|Head|Options|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;
// The one route type of a package, by the name a constructor's caller mounts it (`v2PortalListKeys.New(db)`).
const THE_ROUTE = "(route)";
// `srv.RegisterRoute(protectedMiddlewares, &v2ApisCreateApi.Handler{...})`: a registrar handed a route value.
const REGISTER = /\.\s*(Register\w*|Add\w*Route\w*|Handle\w*Route\w*)\s*\(/g;
const VALUE = /^&?\s*([A-Za-z_]\w*)\s*\.\s*([A-Z]\w*)\s*\{/;
// `v2PortalListKeys.New(svc.Database)`: a constructor of the package's one route type.
const CONSTRUCTED = /^([A-Za-z_]\w*)\s*\.\s*(New\w*)\s*\(/;
const IMPORT = /^[ \t]*(?:([A-Za-z_]\w*)[ \t]+)?"([^"\n]+)"/gm;

/**
 * Go routes as values (Unkey's `zen`): a type whose `Method()` and `Path()` return literals is a
 * route (no method: any), served where a registrar is handed a value of it
 * (`srv.RegisterRoute(middlewares, &v2ApisCreateApi.Handler{...})`, or its package's constructor
 * `v2PortalListKeys.New(db)` where the package has one route type), under the middleware of the
 * list it is handed with, as far as that list is written in the same file (`protectedMiddlewares
 * := []zen.Middleware{..., withAuthentication}`): those named like a check guard it. A route
 * type no registrar is handed is not served.
 */
export const goRouteObjects: Framework = {
  id: FRAMEWORK,
  name: "Go (routes as values)",
  languages: ["go"],
  hint: /\)\s*(?:Path|Method)\s*\(\s*\)\s*string\s*\{|\.\s*Register\w*\s*\(\s*\w+\s*,\s*&/,
  scan(source) {
    const found: Registration[] = [];
    const { text } = source;
    const dir = dirOf(source.path);
    // The route types of this file.
    const types = new Map<string, { path?: string; method?: string; line: number }>();
    for (const m of text.matchAll(ACCESSOR)) {
      const entry = types.get(m[1]!) ?? { line: source.lineAt(m.index) };
      if (m[2] === "Path") entry.path = m[3];
      // A constant not naming a method (`CATCHALL`) answers any.
      else entry.method = m[3] ?? HTTP_METHOD.exec(m[4] ?? "")?.[1] ?? "";
      types.set(m[1]!, entry);
    }
    for (const [name, { path, method, line }] of types) {
      if (path === undefined || !path.startsWith("/") || method === undefined) continue;
      const router = `${dir}::${name}`;
      found.push({ type: "router", framework: FRAMEWORK, name: router, prefix: "", guards: [], mountedOnly: true, line });
      // Go 1.22's rest wildcard (`/{path...}`) is a subtree.
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method ? method.toUpperCase() : "ALL"], path: path.replace(/\{\w+\.\.\.\}$/, "*"), handler: `${name}.Handle`, guards: [], owner: router, line });
      if (types.size === 1) found.push({ type: "router", framework: FRAMEWORK, name: `${dir}::${THE_ROUTE}`, prefix: "", guards: [], mountedOnly: true, aliasOf: router, line });
    }
    // Registrars handed route values, under the file's own server.
    const imports = new Map([...text.matchAll(IMPORT)].map((m) => [m[1] ?? m[2]!.split("/").at(-1)!, m[2]!] as const));
    const server = `${source.path}#server`;
    for (const m of source.code.matchAll(REGISTER)) {
      const { args } = callArguments(source.code, m.index + m[0].length - 1);
      const value = args.map((a) => VALUE.exec(source.code.slice(a.start, a.end).trim()) ?? CONSTRUCTED.exec(source.code.slice(a.start, a.end).trim())).find((v) => v && imports.has(v[1]!));
      if (!value) continue;
      const list = args.length > 1 ? /^\s*([A-Za-z_]\w*)\s*$/.exec(source.code.slice(args[0]!.start, args[0]!.end))?.[1] : undefined;
      const guards = list ? listGuards(source.code, list, m.index) : [];
      if (!found.some((r) => r.type === "router" && r.name === server)) found.push({ type: "router", framework: FRAMEWORK, name: server, prefix: "", guards: [], line: source.lineAt(m.index) });
      const type = /^New/.test(value[2]!) && value[0].endsWith("(") ? THE_ROUTE : value[2]!;
      // The list guards this route alone: a router of its own in between (common/mounts.ts).
      found.push(...guardedMount(FRAMEWORK, server, "", `${imports.get(value[1]!)!}::${type}`, guards, source.lineAt(m.index)));
    }
    return found;
  },
};

/** The names in a middleware list written before `at` (`protectedMiddlewares := []zen.Middleware{..., withAuthentication}`) that name a check. */
function listGuards(code: string, list: string, at: number): string[] {
  const declared = [...code.slice(0, at).matchAll(new RegExp(String.raw`\b${list}\s*:?=\s*\[\]\s*[\w.*]+\s*\{`, "g"))].at(-1);
  if (!declared) return [];
  const { args } = callArguments(code, declared.index + declared[0].length - 1);
  return args.map((a) => /^\s*([A-Za-z_][\w.]*)\s*(?:\(|$)/.exec(code.slice(a.start, a.end))?.[1]).filter((n): n is string => !!n && isGuardName(n.split(".").at(-1)!));
}

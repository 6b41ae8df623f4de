import type { Framework } from "../framework.ts";
import { guardedMount } from "../common/mounts.ts";
import { staticValue } from "../common/values.ts";
import type { Registration } from "../registration.ts";
import { routeFns } from "../rust/attributes.ts";
import { wholeChain } from "../rust/chain.ts";
import { definedName, itemName, RUST_VALUES, rustFile, useDeclarations, type RustFile } from "../rust/source.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { closing } from "../../languages/curly.ts";
import { walkFunctions } from "../rust/walk.ts";
import { joinPaths } from "../paths.ts";

// Request guards that check who calls: parameter types such as `AuthUser`, `AdminUser`, `ApiKey`, `Claims`.
const GUARD_TYPE = /^&?(?:'\w+\s+)?([A-Z]\w*(?:Auth|User|Admin|ApiKey|Token|Session|Claims|Jwt|Guard)\w*|Auth\w*|Admin\w*|ApiKey\w*|Jwt\w*|User)\b(?!\s*<)/;

/**
 * Rocket: handlers marked `#[get("/<id>")]` (`#[route(GET, uri = "...")]` too), whose request
 * guards are auth-like parameter types (`user: AuthUser`), mounted with
 * `.mount("/api", routes![list, users::show])` on `rocket::build()` or on the instance a stage
 * receives (`AdHoc::on_ignite(.., |rocket| async { rocket.mount(...) })`). `<path..>` segments
 * are parameters; the query part of a route is not its path. A mount may also name a function
 * returning a list of routes (`api::core_routes()`, see `routeLists`).
 */
export const rocket: Framework = {
  id: "rocket",
  name: "Rocket",
  languages: ["rust"],
  hint: /\brocket\b/,
  scan(source) {
    const file = rustFile(source);
    const found: Registration[] = [];
    for (const r of routeFns(source, file)) {
      const name = itemName(file, r.fn);
      const guards = r.params.split(",").map((p) => GUARD_TYPE.exec(p.split(":").slice(1).join(":").trim())?.[1]).filter((g): g is string => !!g);
      const path = r.path.replace(/\?.*$/, "").replace(/<(\w+)\.\.>/g, "<$1>");
      found.push({ type: "router", framework: "rocket", name, prefix: "", guards: [], line: r.line });
      found.push({ type: "route", framework: "rocket", kind: "http", methods: r.methods.length ? r.methods : ["GET"], path, handler: r.fn, guards, owner: name, line: r.line });
    }
    let roots = 0;
    walkFunctions(source, file, {
      param: /^\s*Rocket\s*</,
      returns: /\bRocket\s*</,
      node: (name, at) => (found.push({ type: "router", framework: "rocket", name, prefix: "", guards: [], line: source.lineAt(at) }), { name, line: source.lineAt(at) }),
      chain: (chain, env, fresh) => {
        // rocket_okapi's `mount_endpoints_and_merged_docs! { rocket, "/0.8".to_owned(), settings, "/users" => users::routes(), ... }`:
        // each `prefix => routes` mounted on the instance named first, under the base path given second.
        const merged = chain.head === "mount_endpoints_and_merged_docs!" && chain.call && chain.call.length >= 3 ? chain.call : undefined;
        const mounts = merged
          ? merged.slice(3).flatMap((pair) => {
              const arrow = source.code.slice(pair.start, pair.end).indexOf("=>");
              return arrow === -1 ? [] : [{ base: merged[1], args: [{ start: pair.start, end: pair.start + arrow }, { start: pair.start + arrow + 2, end: pair.end }], start: pair.start }];
            })
          : chain.links.filter((l) => l.name === "mount").map((l) => ({ base: undefined, args: l.args, start: l.start }));
        if (mounts.length === 0) return undefined;
        const head = merged ? source.code.slice(merged[0]!.start, merged[0]!.end).trim() : chain.head;
        const node = env.get(head) ?? { name: `${fresh}#${++roots}`, line: source.lineAt(chain.start) };
        if (!env.has(head)) found.push({ type: "router", framework: "rocket", name: node.name, prefix: "", guards: [], line: node.line });
        const base = merged ? mountPrefix(source, merged[1]!, file) : { path: "", unknown: false };
        for (const m of mounts) {
          const own = m.args[0] && mountPrefix(source, m.args[0], file);
          const list = m.args[1] && wholeChain(source.code, m.args[1]);
          if (base === undefined || own === undefined || !list?.call) continue;
          const prefix = merged ? { path: joinPaths(base.path, own.path), unknown: base.unknown || own.unknown } : own;
          const line = source.lineAt(m.start);
          if (ROUTE_LIST_MACRO.test(list.head)) {
            for (const item of listedRoutes(source.code, list.call)) found.push(...guardedMount("rocket", node.name, prefix.path, itemName(file, item), [], line, prefix.unknown));
          } else if (list.links.length === 0 && list.call.length === 0) {
            // `api::core_routes()`: a function returning the routes (`routeLists`).
            found.push(...guardedMount("rocket", node.name, prefix.path, itemName(file, list.head), [], line, prefix.unknown));
          }
        }
        return node;
      },
    });
    found.push(...routeLists(source, file), ...reexports(source, file));
    return found;
  },
};

// `routes![a, b]`, and rocket_okapi's `openapi_get_routes![...]` and `openapi_get_routes_spec![...]`, which list routes alike.
const ROUTE_LIST_MACRO = /^(?:routes|openapi_get_routes|openapi_get_routes_spec)!$/;
const ROUTE_LIST_MACRO_CALL = /\b(?:routes|openapi_get_routes|openapi_get_routes_spec)!\s*\[/g;
// `fn routes() -> Vec<Route> {`, generic or not, or with rocket_okapi's spec beside it: `-> (Vec<Route>, OpenApi)`.
const ROUTE_LIST_FN = /\bfn\s+([A-Za-z_]\w*)\s*(?:<[^>]*>)?\s*\([^)]*\)\s*->\s*(?:Vec\s*<\s*(?:rocket\s*::\s*)?Route\s*>|\(\s*Vec\s*<\s*(?:rocket\s*::\s*)?Route\s*>\s*,\s*[\w:]*OpenApi\s*\))\s*\{/g;

/** The route names a list macro gives, past the settings rocket_okapi may name first (`openapi_get_routes_spec![settings: a, b]`). */
function listedRoutes(code: string, items: readonly { start: number; end: number }[]): string[] {
  return items.map((item, i) => {
    const text = code.slice(item.start, item.end).trim();
    return i === 0 ? text.replace(/^[A-Za-z_]\w*\s*:(?!:)\s*/, "") : text;
  });
}
// `routes.append(&mut folders::routes())`, `routes.extend(sends::routes())`.
const APPENDED_CALL = /\.\s*(?:append|extend)\s*\(\s*(?:&\s*mut\s+)?([A-Za-z_][\w:]*)\s*\(\s*\)/g;

/**
 * Functions that return a list of routes (`fn routes() -> Vec<Route>`), as routers served where
 * `.mount()` is given their call: the items of every `routes![...]` in their body, whichever
 * branch builds it, and the lists of the functions they append (`routes.append(&mut
 * folders::routes())`).
 */
function routeLists(source: RouteSource, file: RustFile): Registration[] {
  const found: Registration[] = [];
  for (const m of source.code.matchAll(ROUTE_LIST_FN)) {
    const open = m.index + m[0].length - 1;
    const body = source.code.slice(open, closing(source.code, open));
    const name = definedName(file, m[1]!, m.index);
    const line = source.lineAt(m.index);
    found.push({ type: "router", framework: "rocket", name, prefix: "", guards: [], mountedOnly: true, line });
    for (const list of body.matchAll(ROUTE_LIST_MACRO_CALL)) {
      const items = callArguments(source.code, open + list.index + list[0].length - 1).args;
      for (const item of listedRoutes(source.code, items)) found.push(...guardedMount("rocket", name, "", itemName(file, item), [], source.lineAt(open + list.index)));
    }
    for (const call of body.matchAll(APPENDED_CALL)) found.push(...guardedMount("rocket", name, "", itemName(file, call[1]!), [], source.lineAt(open + call.index)));
  }
  return found;
}

/**
 * A function re-exported under the module's own path (`pub use crate::api::{core::routes as
 * core_routes}`), as a router that stands for the function, for a `.mount()` that names it so.
 */
function reexports(source: RouteSource, file: RustFile): Registration[] {
  const found: Registration[] = [];
  for (const { name: alias, path, at } of useDeclarations(source.code, true)) {
    // Functions only: types and constants are named in CamelCase or capitals.
    if (!/^[a-z_]\w*$/.test(alias) || !/^[a-z_]/.test(path.at(-1)!)) continue;
    const name = [...file.module, alias].join("::");
    const line = source.lineAt(at);
    found.push({ type: "router", framework: "rocket", name, prefix: "", guards: [], mountedOnly: true, line }, ...guardedMount("rocket", name, "", itemName(file, path.join("::")), [], line));
  }
  return found;
}

/**
 * A mount's prefix: a literal or constant, or an array concatenated (`[basepath, "/api"].concat()`),
 * whose parts not read (a configured base path) make it known only in part.
 */
function mountPrefix(source: RouteSource, span: { start: number; end: number }, file: RustFile): { path: string; unknown: boolean } | undefined {
  // `"/0.8".to_owned()`: the literal as a String.
  const owned = /\.\s*(?:to_owned|to_string|into)\s*\(\s*\)\s*$/.exec(source.code.slice(span.start, span.end));
  if (owned) span = { start: span.start, end: span.start + owned.index };
  const value = staticValue(source, span.start, span.end, file.constants, RUST_VALUES);
  if (value !== undefined) return { path: value, unknown: false };
  const text = source.code.slice(span.start, span.end);
  if (!/^\s*\[[\s\S]*\]\s*\.\s*concat\s*\(\s*\)\s*$/.test(text)) return undefined;
  const open = span.start + text.indexOf("[");
  const parts = callArguments(source.code, open).args.map((part) => staticValue(source, part.start, part.end, file.constants, RUST_VALUES));
  return { path: parts.filter((p) => p !== undefined).join(""), unknown: parts.includes(undefined) };
}

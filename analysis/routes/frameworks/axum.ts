import type { Framework } from "../framework.ts";
import { configPlaceholder } from "../common/config-prefixes.ts";
import { guardedMount } from "../common/mounts.ts";
import { staticValue } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { type RustChain, wholeChain } from "../rust/chain.ts";
import { moduleConstantPlaceholder } from "../rust/module-constants.ts";
import { definedName, inTests, itemName, RUST_VALUES, rustFile, type RustFile } from "../rust/source.ts";
import { handlerName, middlewareGuard, walkFunctions } from "../rust/walk.ts";
import { callArguments, type RouteSource } from "../source.ts";

type Node = { name: string; line: number; items: Item[] };
type Item = { guards: string[]; emit(): Registration[] };
type Env = Map<string, Node>;

const VERBS = new Set(["get", "post", "put", "delete", "patch", "head", "options", "trace", "any"]);

/**
 * Axum: `Router::new()` chains and variables, `.route(path, get(h).post(h2))` (also `any`,
 * `on(MethodFilter::X, h)`, `*_service`), `.nest(prefix, router)` and `.merge(router)` with a
 * variable, a router written in place or a function returning one (in any module), and
 * `.layer(...)`/`.route_layer(...)` whose auth-like middleware guards the routes added before
 * it, as Axum applies layers. Test modules are skipped. utoipa-axum's `OpenApiRouter` is a
 * router too, and its `.routes(routes!(users::list, users::create))` serves each handler at the
 * method and path of its `#[utoipa::path(get, path = "/users")]`: each such handler is a router
 * of one route, named like the function, that only a `routes!` mounts (with actix-web, utoipa's
 * attribute only documents a route that actix's own attribute registers).
 */
export const axum: Framework = {
  id: "axum",
  name: "Axum",
  languages: ["rust"],
  hint: /\b(?:utoipa_)?axum\b|\bRouter::new\s*\(|\butoipa::path\b/,
  scan(source) {
    if (!/\b(?:utoipa_)?axum\b|\butoipa::path\b/.test(source.text)) return [];
    const file = rustFile(source);
    return [...new Walker(source, file).run(), ...utoipaHandlers(source, file)];
  },
};

const UTOIPA_PATH = /#\s*\[\s*utoipa::path\s*\(/g;
const FN_AFTER = /^\s*(?:#\s*\[[^\]]*\]\s*)*(?:pub(?:\s*\([^)]*\))?\s+)?(?:async\s+)?fn\s+([A-Za-z_]\w*)/;

/** The handlers a `#[utoipa::path(method, path = "...")]` describes, each a mounted-only router of its one route. */
function utoipaHandlers(source: RouteSource, file: RustFile): Registration[] {
  const { code } = source;
  const found: Registration[] = [];
  for (const m of code.matchAll(UTOIPA_PATH)) {
    if (inTests(file, m.index)) continue;
    const { args, end } = callArguments(code, m.index + m[0].length - 1);
    const fn = FN_AFTER.exec(code.slice(code.indexOf("]", end) + 1, end + 2000));
    const verb = args[0] && code.slice(args[0].start, args[0].end).trim().toLowerCase();
    const pathArg = args.find((a) => /^\s*path\s*=/.test(code.slice(a.start, a.end)));
    if (!fn || !verb || !VERBS.has(verb) || !pathArg) continue;
    const at = code.indexOf("=", pathArg.start) + 1;
    const path = staticValue(source, at, pathArg.end, file.constants, RUST_VALUES);
    if (path === undefined) continue;
    const name = definedName(file, fn[1]!, m.index);
    const line = source.lineAt(m.index);
    found.push(
      { type: "router", framework: "axum", name, prefix: "", guards: [], line, mountedOnly: true },
      { type: "route", framework: "axum", kind: "http", methods: [verb === "any" ? "ALL" : verb.toUpperCase()], path: path.replace(/\{\*(\w+)\}/g, "{$1}"), handler: fn[1]!, guards: [], owner: name, line },
    );
  }
  return found;
}

class Walker {
  private readonly nodes: Node[] = [];

  constructor(private readonly source: RouteSource, private readonly file: RustFile) {}

  run(): Registration[] {
    walkFunctions(this.source, this.file, { param: /^\s*(?:axum::|utoipa_axum::router::|aide::axum::)?(?:OpenApi|Api)?Router\b/, returns: /\b(?:OpenApi|Api)?Router\b/, node: (name, at) => this.node(name, at), chain: (chain, env, fresh) => this.router(chain, env, fresh), merge: (into, other, at) => into.items.push(this.mount(into, "", other.name, at)) });
    return this.nodes.flatMap((n) => [{ type: "router", framework: "axum", name: n.name, prefix: "", guards: [], line: n.line } satisfies Registration, ...n.items.flatMap((i) => i.emit())]);
  }

  private node(name: string, at: number): Node {
    const node = { name, line: this.source.lineAt(at), items: [] };
    this.nodes.push(node);
    return node;
  }

  /**
   * Whether a function called by its bare name builds a router: one this file defines returning a
   * `Router`, or one it imports (`use crate::routes::build_api_routes;`), named for the linker.
   */
  private definedHere(name: string): boolean {
    // Named for what it builds (`build_api_routes`, `api_router`, `app`): `get(handler)` and other imports are no router.
    if (!/^[a-z_]\w*$/.test(name) || !/(?:^|_)(?:routes?|router|app|api)(?:_|$)/.test(name)) return false;
    return new RegExp(`\\bfn\\s+${name}\\b[^{;]*->\\s*(?:axum::)?(?:OpenApi|Api)?Router\\b`).test(this.source.code) || new RegExp(`\\buse\\s+[^;]*\\b${name}\\b[^;]*;`).test(this.source.code);
  }

  /** The router a chain builds, registering its routes, mounts and layers; undefined when it builds none. */
  private router(chain: RustChain, env: Env, fresh: string): Node | undefined {
    let node: Node | undefined;
    if (/(?:^|::)(?:Router::new|OpenApiRouter::new|OpenApiRouter::with_openapi|ApiRouter::new)$/.test(chain.head) && chain.call) node = this.node(fresh, chain.start);
    else if (!chain.call && env.has(chain.head)) node = env.get(chain.head);
    else if (chain.call && (/::/.test(chain.head) || this.definedHere(chain.head)) && (chain.links.length || !/::/.test(chain.head)) && chain.links.every(keepsRoutes)) {
      // `let v1 = v1::router(cfg).with_state(state)`: a router another module's function makes, named for the linker.
      node = this.node(fresh, chain.start);
      node.items.push(this.mount(node, "", itemName(this.file, chain.head), chain.start));
      return node;
    }
    if (!node) return undefined;
    // Calls of the router's own methods; another (an extension trait's `negotiate_capabilities(caps)`,
    // `into_make_service()`) is passed over: what the chain registered before and after it stands.
    for (const link of chain.links) {
      if (link.name === "routes" && link.args[0]) {
        // routes!(users::list, users::create): each handler's own router (utoipaHandlers), as merged.
        const handlers = wholeChain(this.source.code, link.args[0]);
        if (handlers?.head === "routes!") {
          for (const h of handlers.call ?? []) {
            const name = this.source.code.slice(h.start, h.end).trim();
            if (/^[A-Za-z_][\w:]*$/.test(name)) node.items.push(this.mount(node, "", itemName(this.file, name), link.start));
          }
        }
        continue;
      }
      const value = () => (link.args[0] ? staticValue(this.source, link.args[0].start, link.args[0].end, this.file.constants, RUST_VALUES) : undefined);
      // aide's `api_route(path, get_with(h, docs))`, `api_route_with(path, ..., tag)` are routes as axum's.
      if ((link.name === "route" || link.name === "api_route" || link.name === "api_route_with") && link.args[1]) {
        const path = value();
        if (path !== undefined) for (const r of this.methods(link.args[1])) node.items.push(this.route(node, r.method, path, r.handler, r.guards, link.start));
      } else if ((NEST.test(link.name) && link.args[1]) || (link.name === "merge" && link.args[0])) {
        const nest = NEST.test(link.name);
        const prefix = nest ? value() : "";
        const child = this.child(link.args[nest ? 1 : 0]!, env);
        // A prefix not written here (`&self.config.server.path_prefix`): a configuration value to
        // read from the app's files, or unknown; the routes keep their own paths after it.
        const written = this.source.code.slice(link.args[0]!.start, link.args[0]!.end);
        const computed = prefix === undefined ? configKey(written) : undefined;
        // Or a constant another module of the crate declares (`use middleware::FEDERATION_ROUTES_PREFIX`).
        const constant = prefix === undefined && !computed ? moduleConstantPlaceholder(this.file, this.source.path, written) : undefined;
        if (child && prefix !== undefined) node.items.push(this.mount(node, prefix, child, link.start));
        else if (child) node.items.push(this.mount(node, computed ? configPlaceholder(computed) : constant ?? "", child, link.start, true));
      } else if (link.name === "layer" || link.name === "route_layer") {
        const guard = middlewareGuard(this.source.code, link.args[0]);
        if (guard) for (const item of node.items) item.guards.push(guard);
      }
    }
    return node;
  }

  /** What a nested or merged router is: a variable, a router written in place, or `users::router(state)` (named for the linker). */
  private child(span: Span, env: Env): string | undefined {
    const chain = wholeChain(this.source.code, span);
    if (!chain) return undefined;
    // Named by where it is written: two on one line (`.merge(basic_routes()).nest("/api", service_routes())`) are two routers.
    const inner = this.router(chain, env, `${this.file.module.join("::")}@${this.source.lineAt(span.start)}:${span.start}`);
    if (inner) return inner.name;
    return chain.call && chain.links.every(keepsRoutes) ? itemName(this.file, chain.head) : undefined;
  }

  /** `get(list).post(create)`: each method with its handler and the guards of method-router layers after it. */
  private methods(span: Span): { method: string; handler: string; guards: string[] }[] {
    const chain = wholeChain(this.source.code, span);
    if (!chain?.call) return [];
    const found: { method: string; handler: string; guards: string[] }[] = [];
    const add = (name: string, args: Span[]) => {
      // aide's `get_with(handler, docs)` takes the handler first.
      const documented = /_with$/.test(name);
      const verb = name.split("::").at(-1)!.replace(/_service$/, "").replace(/_with$/, "");
      const filter = verb === "on" && args[0] ? /MethodFilter::(\w+)/g : undefined;
      const last = documented ? args[0] : args.at(-1);
      const handler = last ? handlerName(this.source.code, last) : "(inline)";
      // A closure's parameters hold commas outside brackets (`|Path(id), headers: HeaderMap| ...`): it spans the arguments read.
      const checked = !documented && args.length ? closureCheck(this.source.code, { start: args[0]!.start, end: args.at(-1)!.end }) : undefined;
      const guards = checked ? [checked] : [];
      if (filter) for (const f of this.source.code.slice(args[0]!.start, args[0]!.end).matchAll(filter)) found.push({ method: f[1]!, handler, guards: [...guards] });
      else if (VERBS.has(verb)) found.push({ method: verb === "any" ? "ALL" : verb.toUpperCase(), handler, guards: [...guards] });
    };
    add(chain.head, chain.call);
    for (const link of chain.links) {
      if (link.name === "layer" || link.name === "route_layer") {
        const guard = middlewareGuard(this.source.code, link.args[0]);
        if (guard) for (const f of found) f.guards.push(guard);
      } else add(link.name, link.args);
    }
    return found;
  }

  private route(node: Node, method: string, path: string, handler: string, guards: string[], at: number): Item {
    const line = this.source.lineAt(at);
    const item: Item = { guards: [...guards], emit: () => [{ type: "route", framework: "axum", kind: "http", methods: [method], path: path.replace(/\/\*(\w+)/g, "/{$1}").replace(/\{\*(\w+)\}/g, "{$1}"), handler, guards: item.guards, owner: node.name, line }] };
    return item;
  }

  private mount(node: Node, prefix: string, child: string, at: number, prefixUnknown = false): Item {
    const line = this.source.lineAt(at);
    const item: Item = { guards: [], emit: () => guardedMount("axum", node.name, prefix, child, item.guards, line, prefixUnknown) };
    return item;
  }
}

// A statement calling a function and returning its error at once: `let build = auth_webhook::<P, Build>(&id, &headers, ip, &body).await?`.
const CHECKED_CALL = /^\s*(?:let\s+[^=;]+=\s*)?([A-Za-z_][\w:]*?)(?:::<[^;]*?>)?\s*\([^;]*\)\s*(?:\.await)?\s*\?\s*$/;

/**
 * The check an inline handler (a closure) makes of the request in its first statements, returning
 * the error when it fails (Komodo's webhooks: `auth_webhook::<P, Build>(&id, &headers, ip, &body).await?`):
 * a function named as a guard.
 */
function closureCheck(code: string, span: Span): string | undefined {
  const text = code.slice(span.start, span.end);
  const head = /^\s*(?:async\s+)?(?:move\s+)?\|/.exec(text);
  if (!head) return undefined;
  // The parameters end at the `|` outside brackets (a pattern may hold braces: `|Path(Id { id }), headers: HeaderMap|`).
  let depth = 0;
  let end = head[0].length;
  for (; end < text.length && !(depth === 0 && text[end] === "|"); end++) depth += "([{<".includes(text[end]!) ? 1 : ")]}>".includes(text[end]!) ? -1 : 0;
  const open = text.indexOf("{", end);
  if (open === -1) return undefined;
  for (const statement of text.slice(open + 1).split(";").slice(0, 4)) {
    const name = CHECKED_CALL.exec(statement)?.[1];
    if (name && isGuardName(name.split("::").at(-1)!)) return name;
  }
  return undefined;
}

/** `users::router().with_state(state)`, `dev::router().into()` (an axum router as aide's): the routes are the same. */
const keepsRoutes = (link: { name: string }) => link.name === "with_state" || link.name === "into";

// `nest(path, router)`, and aide's `nest_api_service(path, router)` (and axum's `nest_service`).
const NEST = /^nest(?:_api)?(?:_service)?$/;

/** The key of a configuration value written as a field path (`&self.config.server.path_prefix` -> `server.path_prefix`). */
function configKey(expression: string): string | undefined {
  return /^&?\s*(?:[\w]+\s*\.\s*)*?(?:config|settings|configuration|cfg|conf)\s*\.\s*([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*(?:\.\s*(?:clone|as_str|to_string)\s*\(\s*\))?$/.exec(expression.trim())?.[1]?.replace(/\s+/g, "");
}

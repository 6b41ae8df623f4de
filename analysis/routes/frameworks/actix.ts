import type { Framework } from "../framework.ts";
import { guardedMount } from "../common/mounts.ts";
import { staticValue } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { routeFns } from "../rust/attributes.ts";
import { type RustChain, wholeChain } from "../rust/chain.ts";
import { itemName, RUST_VALUES, rustFile, type RustFile } from "../rust/source.ts";
import { handlerName, middlewareGuard, walkFunctions } from "../rust/walk.ts";
import type { RouteSource } from "../source.ts";

/** `built`: the name the node was made under, which its registrations name until it takes its function's (walk.ts). */
type Node = { name: string; built: string; line: number; prefix: string; guards: string[]; found: Registration[] };

const SCOPE = /(?:^|::)(?:scope|Scope::new)$/;
const RESOURCE = /(?:^|::)(?:resource|Resource::new)$/;
const METHOD = /(?:^|::)(get|post|put|delete|patch|head|trace|route|method)$/;

/**
 * Actix Web: handlers marked `#[get("/x")]` (and `#[route(path, method = ...)]`, with
 * `wrap = "..."` middleware) registered with `.service(handler)`; `App::new()`,
 * `web::scope("/api")` and `web::resource("/x")` chains with `.route(path, web::get().to(h))`,
 * `.to(h)`, `.service(...)`, `.configure(config_fn)` (a `&mut ServiceConfig` function in any
 * module) and `.wrap(...)`, whose auth-like middleware guards everything in its scope.
 */
export const actix: Framework = {
  id: "actix",
  name: "Actix Web",
  languages: ["rust"],
  hint: /\bactix_web\b|\bactix-web\b/,
  scan: (source) => new Actix(source).registrations(),
};

const GRANTS = /^(?:protect|has_permissions|has_any_permission|has_roles|has_any_role)$/;

/** The routers of one file: attribute handlers, and the apps, scopes and resources its functions build. */
class Actix {
  private readonly nodes: Node[] = [];
  private readonly file: RustFile;

  constructor(private readonly source: RouteSource) {
    this.file = rustFile(source);
  }

  registrations(): Registration[] {
    for (const r of routeFns(this.source, this.file)) {
      const node = this.node(itemName(this.file, r.fn), 0, "");
      const wrap = r.named.get("wrap");
      // actix-web-grants: `#[protect("ROLE_ADMIN")]` (`has_permissions`, `has_roles` before 4.0) on the handler.
      const granted = r.attributes.filter((a) => GRANTS.test(a.split("::").at(-1)!));
      node.found.push({ type: "route", framework: "actix", kind: "http", methods: r.methods.length ? r.methods : ["ALL"], path: r.path, handler: r.fn, guards: [...(wrap && isGuardName(wrap) ? [wrap] : []), ...granted], owner: node.name, line: r.line });
      node.line = r.line;
    }
    walkFunctions(this.source, this.file, {
      param: /ServiceConfig\b/,
      returns: /\b(?:Scope|Resource|impl\s+HttpServiceFactory)\b/,
      node: (name, at) => this.node(name, at, ""),
      chain: (chain, env, fresh) => this.service(chain, env, fresh),
    });
    // A scope a function returns takes the function's name after its registrations were written with the name it was built under.
    const renamed = new Map(this.nodes.filter((n) => n.built !== n.name).map((n) => [n.built, n.name]));
    const named = (r: Registration): Registration =>
      !renamed.size ? r : r.type === "route" ? { ...r, owner: renamed.get(r.owner) ?? r.owner } : r.type === "use" ? { ...r, owner: renamed.get(r.owner) ?? r.owner, args: r.args.map((a) => renamed.get(a) ?? a) } : r;
    return this.nodes.flatMap((n) => [{ type: "router", framework: "actix", name: n.name, prefix: n.prefix, guards: n.guards, line: n.line } satisfies Registration, ...n.found.map(named)]);
  }

  private node(name: string, at: number, prefix: string): Node {
    const node: Node = { name, built: name, line: at ? this.source.lineAt(at) : 1, prefix, guards: [], found: [] };
    this.nodes.push(node);
    return node;
  }

  private value(span: Span | undefined): string | undefined {
    return span ? staticValue(this.source, span.start, span.end, this.file.constants, RUST_VALUES) : undefined;
  }

  /** The app, scope or resource a chain builds, with what it registers; undefined for any other chain. */
  private service(chain: RustChain, env: Map<string, Node>, fresh: string): Node | undefined {
    let node: Node | undefined;
    const resource = RESOURCE.test(chain.head);
    if (/(?:^|::)App::new$/.test(chain.head) && chain.call) node = this.node(fresh, chain.start, "");
    else if ((SCOPE.test(chain.head) || resource) && chain.call) {
      const prefix = this.value(chain.call[0]);
      if (prefix === undefined) return undefined;
      node = this.node(`${fresh}:${chain.start}`, chain.start, prefix);
    } else if (!chain.call && env.has(chain.head)) node = env.get(chain.head);
    if (!node) return undefined;
    for (const link of chain.links) {
      const line = this.source.lineAt(link.start);
      if (link.name === "service" && link.args[0]) {
        const inner = wholeChain(this.source.code, link.args[0]);
        // A handler (`users::get_user`), or a function building a scope (`api_services()`).
        const named = inner && inner.links.length === 0 && (!inner.call || inner.call.length === 0);
        const child = inner && (this.service(inner, env, `${fresh}:${link.start}`)?.name ?? (named ? itemName(this.file, inner.head) : undefined));
        if (child) node.found.push(...guardedMount("actix", node.name, "", child, [], line));
      } else if (link.name === "configure" && link.args[0]) {
        const target = configureTarget(this.source.code.slice(link.args[0].start, link.args[0].end));
        if (target) node.found.push(...guardedMount("actix", node.name, "", itemName(this.file, target), [], line));
      } else if (link.name === "route") {
        const path = resource ? "" : this.value(link.args[0]);
        const method = link.args[resource ? 0 : 1];
        if (path !== undefined && method) node.found.push(...this.routes(node, path, method, line));
      } else if ((link.name === "to" || link.name === "to_async") && resource && link.args[0]) {
        node.found.push({ type: "route", framework: "actix", kind: "http", methods: ["ALL"], path: "", handler: handlerName(this.source.code, link.args[0]), guards: [], owner: node.name, line });
      } else if (link.name === "wrap" || link.name === "wrap_fn") {
        const guard = middlewareGuard(this.source.code, link.args[0]);
        if (guard) node.guards.push(guard);
      }
    }
    return node;
  }

  /** `web::get().to(list)`, `web::route().guard(guard::Post()).to(h)`, `web::method(Method::PUT).to(h)`. */
  private routes(node: Node, path: string, span: Span, line: number): Registration[] {
    const chain = wholeChain(this.source.code, span);
    const verb = chain && METHOD.exec(chain.head)?.[1];
    if (!chain || !verb) return [];
    const text = this.source.code.slice(span.start, span.end);
    const method = verb === "route" || verb === "method" ? /(?:Method::|guard::)([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? "ALL" : verb.toUpperCase();
    // actix-web 1 named the handler of a future `to_async`.
    const to = chain.links.find((l) => l.name === "to" || l.name === "to_async");
    const handler = to?.args[0] ? handlerName(this.source.code, to.args[0]) : "(inline)";
    return [{ type: "route", framework: "actix", kind: "http", methods: [method], path, handler, guards: [], owner: node.name, line }];
  }
}

/**
 * The function `.configure()` hands its `ServiceConfig` to: `config_fn`, `module::configure::<B>`
 * (its generic arguments dropped), or the one a closure calls with its parameter first
 * (`|cfg| auth::configure_server::<B>(cfg, flag)`).
 */
function configureTarget(text: string): string | undefined {
  // Generic arguments go innermost first: `::<Backend<Sql>>`.
  let plain = text.trim();
  let before;
  do {
    before = plain;
    plain = plain.replace(/::\s*<[^<>]*>/g, "").replace(/<[^<>]*>/g, "");
  } while (plain !== before);
  if (/^[A-Za-z_][\w:]*$/.test(plain)) return plain;
  return /^(?:move\s+)?\|\s*(\w+)\s*(?::[^|]*)?\|\s*\{?\s*([A-Za-z_][\w:]*)\s*\(\s*\1\s*[,)]/.exec(plain)?.[2];
}

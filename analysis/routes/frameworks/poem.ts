import { closing } from "../../languages/curly.ts";
import type { Framework } from "../framework.ts";
import { guardedMount } from "../common/mounts.ts";
import { staticValue } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { type RustChain, wholeChain } from "../rust/chain.ts";
import { tailOf } from "../rust/functions.ts";
import { definedName, inTests, itemName, RUST_VALUES, rustFile, type RustFile } from "../rust/source.ts";
import { handlerName, middlewareGuard, walkFunctions } from "../rust/walk.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "poem";

type Node = { name: string; line: number; items: Item[]; mountedOnly?: boolean };
type Item = { guards: string[]; emit(): Registration[] };
type Env = Map<string, Node>;

const VERBS = new Set(["get", "post", "put", "delete", "patch", "head", "options", "connect", "trace"]);
// What an OpenAPI service serves besides its operations: its documentation pages and its document.
const SERVICE_PAGES = /^(?:swagger_ui|swagger_ui_html|rapidoc|redoc|stoplight_elements|openapi_explorer|scalar|spec_endpoint|spec_endpoint_yaml)$/;
// Poem's endpoints serving one file (GET only), and a folder's files (static serving, no route).
const FILE_ENDPOINT = /(?:^|::)(?:StaticFile|EmbeddedFile)Endpoint$/;
const FILES_ENDPOINT = /(?:^|::)(?:StaticFiles|EmbeddedFiles)Endpoint$/;
// Calls on an endpoint that keep what it serves: middleware, shared data, conversions.
const KEEPS = /^(?:with|with_if|around|data|into_endpoint|boxed|map_to_response|catch_error|catch_all_error|server|external_document|summary|description|license|contact|url_prefix)$/;

/**
 * Poem: `Route::new()` chains and variables, `.at(path, get(h).post(h2))` (a handler alone answers
 * every method), `.nest(prefix, endpoint)` and `.nest_no_strip` of a router, an OpenAPI service, a
 * function returning one or a local closure building one (`let endpoints = || Route::new()...`),
 * and an endpoint answering everything under the prefix; `.with(middleware)` and a wrapper named
 * like a check around an endpoint (`endpoint_auth(admin_app)`) guard what they hold.
 *
 * poem-openapi: each `#[OpenApi(prefix_path = "/x")] impl Api` is a router of the operations its
 * `#[oai(path = "/users/:id", method = "get")]` methods declare, served where an
 * `OpenApiService::new(Api, ...)` of it (or of a tuple of them, or of a function returning one) is
 * nested; an operation taking a security scheme (`auth: AuthedSession`) is guarded, an optional one
 * (`Option<...>`) not. The service's documentation pages and document are served where nested too.
 */
export const poem: Framework = {
  id: FRAMEWORK,
  name: "Poem",
  languages: ["rust"],
  hint: /\bpoem(?:_openapi)?\b/,
  scan(source) {
    if (!/\bpoem(?:_openapi)?\b/.test(source.text)) return [];
    const file = rustFile(source);
    return [...new Walker(source, file).run(), ...openApiImpls(source, file), ...openApiTuples(source, file)];
  },
};

const OPEN_API = /#\s*\[\s*OpenApi\b\s*(\([^\]]*\))?\s*\]\s*impl\s+([A-Za-z_]\w*)\s*\{/g;
const OAI = /#\s*\[\s*oai\s*\(/g;
const FN_AFTER = /^\s*(?:#\s*\[[^\]]*\]\s*)*(?:pub(?:\s*\([^)]*\))?\s+)?(?:async\s+)?fn\s+([A-Za-z_]\w*)\s*(?:<[^>{]*>)?\s*\(/;

/** The operations of each `#[OpenApi] impl`, a router of the type's qualified name, served where a service nests it. */
function openApiImpls(source: RouteSource, file: RustFile): Registration[] {
  const { code, text } = source;
  const found: Registration[] = [];
  for (const m of code.matchAll(OPEN_API)) {
    if (inTests(file, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const body = { start: open, end: closing(code, open) };
    const name = definedName(file, m[2]!, m.index);
    const attribute = m[1] ? text.slice(m.index, m.index + m[0].length) : "";
    const prefix = /\bprefix_path\s*=\s*"([^"]*)"/.exec(attribute)?.[1] ?? "";
    const line = source.lineAt(m.index);
    found.push({ type: "router", framework: FRAMEWORK, name, prefix: poemPath(prefix), guards: [], line, mountedOnly: true });
    OAI.lastIndex = body.start;
    for (let o = OAI.exec(code); o && o.index < body.end; o = OAI.exec(code)) {
      const args = callArguments(code, o.index + o[0].length - 1);
      const written = text.slice(o.index, args.end);
      const path = /\bpath\s*=\s*"([^"]*)"/.exec(written)?.[1];
      const methods = [...written.matchAll(/\bmethod\s*=\s*"(\w+)"/g)].map((x) => x[1]!.toUpperCase());
      const fn = FN_AFTER.exec(code.slice(code.indexOf("]", args.end) + 1, args.end + 3000));
      if (path === undefined || !methods.length || !fn) continue;
      const paramsOpen = code.indexOf("]", args.end) + 1 + fn.index + fn[0].length - 1;
      const params = code.slice(paramsOpen + 1, callArguments(code, paramsOpen).end - 1);
      const at = source.lineAt(o.index);
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods, path: poemPath(path), handler: `${m[2]}::${fn[1]}`, guards: securitySchemes(params), owner: name, line: at });
    }
  }
  return found;
}

/**
 * The security schemes an operation takes (`auth: AuthedSession`, `_token: ApiKeyAuth`), named like a
 * check; one taken as an `Option<...>` lets callers without credentials through.
 */
function securitySchemes(params: string): string[] {
  const found: string[] = [];
  for (const p of params.matchAll(/(?:^|,)\s*(?:mut\s+)?[A-Za-z_]\w*\s*:\s*([^,<]+(?:<[^>]*>)?)/g)) {
    const type = p[1]!.trim();
    if (/^Option\s*</.test(type)) continue;
    const name = /^&?\s*(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)\s*$/.exec(type)?.[1];
    if (name && isGuardName(name)) found.push(name);
  }
  return found;
}

/** `fn get() -> impl OpenApi { (auth::Api, info::Api) }`: a router of the function's qualified name serving each. */
function openApiTuples(source: RouteSource, file: RustFile): Registration[] {
  const { code } = source;
  const found: Registration[] = [];
  for (const m of code.matchAll(/\bfn\s+([A-Za-z_]\w*)\s*\(\s*\)\s*->\s*impl\s+OpenApi\s*\{/g)) {
    if (inTests(file, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const tail = tailOf(code, { start: open, end: closing(code, open) });
    const apis = tail ? apiTypes(code, tail) : [];
    if (!apis.length) continue;
    const name = definedName(file, m[1]!, m.index);
    const line = source.lineAt(m.index);
    found.push({ type: "router", framework: FRAMEWORK, name, prefix: "", guards: [], line, mountedOnly: true });
    for (const api of apis) found.push({ type: "use", framework: FRAMEWORK, owner: name, prefix: "", args: [itemName(file, api)], specifiers: [], guards: [], mountOnly: true, line });
  }
  return found;
}

/** The API types an expression names: `(auth::Api, info::Api)`, tuples of tuples (poem-openapi implements it for tuples of a few), `UsersApi`. */
function apiTypes(code: string, span: Span): string[] {
  const text = code.slice(span.start, span.end).trim();
  const parts = text.replace(/[()]/g, ",").split(",").map((p) => p.trim()).filter(Boolean);
  return parts.every((p) => /^[A-Za-z_][\w:]*$/.test(p) && /(?:^|::)[A-Z]\w*$/.test(p)) ? parts : [];
}

/** Poem's `:id` and `*path` segments, as `{id}` and `{path}`. */
const poemPath = (path: string): string => path.replace(/:(\w+)/g, "{$1}").replace(/\*(\w+)/g, "{$1}").replace(/<(\w+)>/g, "{$1}");

class Walker {
  private readonly nodes: Node[] = [];

  constructor(private readonly source: RouteSource, private readonly file: RustFile) {}

  run(): Registration[] {
    walkFunctions(this.source, this.file, { param: /^\s*(?:poem::)?Route\b/, returns: /\b(?:Route|impl\s+(?:IntoEndpoint|Endpoint)\b)/, node: (name, at) => this.node(name, at), chain: (chain, env, fresh) => this.router(chain, env, fresh) });
    return this.nodes.flatMap((n) => [{ type: "router", framework: FRAMEWORK, name: n.name, prefix: "", guards: [], line: n.line, ...(n.mountedOnly ? { mountedOnly: true } : {}) } satisfies Registration, ...n.items.flatMap((i) => i.emit())]);
  }

  private node(name: string, at: number): Node {
    const node: Node = { name, line: this.source.lineAt(at), items: [] };
    this.nodes.push(node);
    return node;
  }

  /** The router (or OpenAPI service) a chain builds, registering what it adds; undefined when it builds none. */
  private router(chain: RustChain, env: Env, fresh: string): Node | undefined {
    let node: Node | undefined;
    if (/(?:^|::)Route::new$/.test(chain.head) && chain.call) node = this.node(fresh, chain.start);
    else if (/(?:^|::)OpenApiService::new$/.test(chain.head) && chain.call?.[0]) {
      // A service serves where it is nested or run; one made only to write its document out (a `main.rs` printing the spec) serves nothing.
      node = this.node(fresh, chain.start);
      node.mountedOnly = true;
      const served = wholeChain(this.source.code, chain.call[0]);
      const apis = served?.call && !served.links.length ? [served.head] : apiTypes(this.source.code, chain.call[0]);
      for (const api of apis) node.items.push(this.mount(node, "", itemName(this.file, api), chain.start));
    } else if (!chain.call && env.has(chain.head)) {
      // `api_service.stoplight_elements()`, `api_service.spec_endpoint()`: a page of the service's, not its operations.
      const page = chain.links.find((l) => SERVICE_PAGES.test(l.name));
      if (page) {
        node = this.node(fresh, chain.start);
        node.items.push(this.route(node, "ALL", "", `OpenApiService.${page.name}`, [], chain.start));
      } else node = env.get(chain.head);
    } else if (/(?:^|::)Server::new$/.test(chain.head)) {
      // `Server::new(listener).run(app)`: what it runs is served at the root.
      const run = chain.links.find((l) => /^run(?:_with_graceful_shutdown)?$/.test(l.name) && l.args[0]);
      if (!run) return undefined;
      node = this.node(fresh, chain.start);
      node.items.push(...this.endpoint(node, "", run.args[0]!, env, fresh, false));
      return node;
    } else if (chain.call && !chain.call.length && /^[a-z_][\w:]*$/.test(chain.head)) {
      // `admin_api_app()`, `api::routes()`: a function of the app's making one, named for the linker;
      // a closure of the function's (`let at_warpgate_endpoints = || { ... Route::new()... }`), the router its body ends with.
      node = this.node(fresh, chain.start);
      node.items.push(this.mount(node, "", this.closureRouter(chain.head, fresh) ?? itemName(this.file, chain.head), chain.start));
    }
    if (!node) return undefined;
    for (const link of chain.links) {
      const value = () => (link.args[0] ? staticValue(this.source, link.args[0].start, link.args[0].end, this.file.constants, RUST_VALUES) : undefined);
      if (link.name === "at" && link.args[1]) {
        const path = value();
        if (path !== undefined) node.items.push(...this.endpoint(node, poemPath(path), link.args[1], env, fresh, false));
      } else if ((link.name === "nest" || link.name === "nest_no_strip") && link.args[1]) {
        const prefix = value();
        if (prefix !== undefined) node.items.push(...this.endpoint(node, poemPath(prefix), link.args[1], env, fresh, true));
      } else if (link.name === "with" || link.name === "around") {
        const guard = middlewareGuard(this.source.code, link.args[0]);
        if (guard) for (const item of node.items) item.guards.push(guard);
      }
    }
    return node;
  }

  /**
   * What an endpoint serves at `path`: a router or service mounted there, methods (`get(h).post(h2)`),
   * a handler answering every method, each behind the wrappers named like a check around it
   * (`endpoint_auth(h)`) and the middleware it is given (`.with(auth)`). Nested (`nest`), an endpoint
   * that is no router answers everything below the prefix.
   */
  private endpoint(node: Node, path: string, span: Span, env: Env, fresh: string, nested: boolean, guards: string[] = [], depth = 0): Item[] {
    const { code } = this.source;
    const chain = wholeChain(code, span);
    if (!chain || depth > 4) return [];
    const own = [...guards, ...chain.links.flatMap((l) => (l.name === "with" ? middlewareGuard(code, l.args[0]) ?? [] : []))];
    if (chain.call && VERBS.has(chain.head.split("::").at(-1)!)) {
      const add = (name: string, args: Span[]) => (VERBS.has(name) && args[0] ? [this.route(node, name.toUpperCase(), path, handlerName(code, args[0]), own, chain.start)] : []);
      return [...add(chain.head.split("::").at(-1)!, chain.call), ...chain.links.flatMap((l) => add(l.name, l.args))];
    }
    // `endpoint_auth(admin_api_app)`, `page_auth(catchall::catchall_endpoint)`: a check around what it holds.
    const wrapper = chain.head.split("::").at(-1)!;
    if (chain.call?.length === 1 && isGuardName(wrapper)) return this.endpoint(node, path, chain.call[0]!, env, fresh, nested, [...own, chain.head], depth + 1);
    const inner = this.router({ ...chain, links: chain.links.filter((l) => KEEPS.test(l.name) && l.name !== "with" && l.name !== "around") }, env, `${fresh}>${this.source.lineAt(chain.start)}:${chain.start}`);
    if (inner) return [this.mount(node, path, inner.name, chain.start, own)];
    // A handler (`crate::api::recordings::api_get_recording_stream`) or another endpoint: every method;
    // a file's (`EmbeddedFileEndpoint::new("index.html")`), GET; a folder's files are no route.
    const handler = !chain.call && !chain.links.length ? chain.head : chain.head.replace(/::new$/, "");
    if (FILES_ENDPOINT.test(handler)) return [];
    return [this.route(node, FILE_ENDPOINT.test(handler) ? "GET" : "ALL", nested ? `${path.replace(/\/$/, "")}/*` : path, handler, own, chain.start)];
  }

  /** The router a closure of the function ends with (`let endpoints = || { ...; Route::new()... }`), by the name the walk gives it. */
  private closureRouter(name: string, fresh: string): string | undefined {
    const { code } = this.source;
    const at = fresh.lastIndexOf("@");
    const owner = at === -1 ? fresh : fresh.slice(0, at);
    const declared = new RegExp(String.raw`\blet\s+${name}\s*=\s*(?:move\s+)?\|[^|]*\|\s*\{`).exec(code);
    if (!declared) return undefined;
    const open = declared.index + declared[0].length - 1;
    const tail = tailOf(code, { start: open, end: closing(code, open) });
    if (!tail || !/^Route\s*::\s*new\b/.test(code.slice(tail.start, tail.start + 20))) return undefined;
    return `${owner.split(">")[0]}@${this.source.lineAt(tail.start)}`;
  }

  private route(node: Node, method: string, path: string, handler: string, guards: string[], at: number): Item {
    const line = this.source.lineAt(at);
    const item: Item = { guards: [...guards], emit: () => [{ type: "route", framework: FRAMEWORK, kind: "http", methods: [method], path, handler, guards: [...new Set(item.guards)], owner: node.name, line }] };
    return item;
  }

  private mount(node: Node, prefix: string, child: string, at: number, guards: string[] = []): Item {
    const line = this.source.lineAt(at);
    const item: Item = { guards: [...guards], emit: () => guardedMount(FRAMEWORK, node.name, prefix, child, [...new Set(item.guards)], line) };
    return item;
  }
}

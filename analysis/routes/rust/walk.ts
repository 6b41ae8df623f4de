import { statementEnd } from "../common/values.ts";
import { closing } from "../../languages/curly.ts";
import { isGuardName } from "../paths.ts";
import type { Span } from "../js/objects.ts";
import type { RouteSource } from "../source.ts";
import { type RustChain, wholeChain } from "./chain.ts";
import { rustFunctions, tailOf } from "./functions.ts";
import { definedName, inTests, type RustFile } from "./source.ts";

/** A router a Rust scanner builds; its name may change to its function's when the function returns it. */
export type RustNode = { name: string; line: number };

/** How a Rust framework builds routers: which parameters and results are routers, and what a chain registers. */
export type RustBuilder<N extends RustNode> = {
  /** A parameter type that is a router of the framework (`Router`, `&mut web::ServiceConfig`). */
  param: RegExp;
  /** A result type that makes the function's returned router its own (`-> Router`, `-> Scope`). */
  returns: RegExp;
  node(name: string, at: number): N;
  /** The router a chain builds (registering what it adds), or undefined when it builds none. */
  chain(chain: RustChain, env: Map<string, N>, fresh: string): N | undefined;
  /** `into.merge(other)`: what `other` serves, `into` serves too (where the framework merges routers). */
  merge?(into: N, other: N, at: number): void;
};

const NAME = /(?<![\w:])[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*/g;

/**
 * Walks every function of a file for a Rust framework: router parameters are routers named
 * after their function (`crate::routes::config`), `let` bindings keep routers by name, chains
 * build them, and a router a function returns takes the function's qualified name, so that
 * `.nest("/api", api::router())` in another module finds it.
 */
export function walkFunctions<N extends RustNode>(source: RouteSource, file: RustFile, builder: RustBuilder<N>): void {
  const { code } = source;
  for (const fn of rustFunctions(source, file)) {
    const qualified = definedName(file, fn.name, fn.start);
    const env = new Map<string, N>();
    for (const p of fn.params.matchAll(/(?:mut\s+)?([A-Za-z_]\w*)\s*:\s*([^,]+)/g)) if (builder.param.test(p[2]!)) env.set(p[1]!, builder.node(qualified, fn.start));
    const created = new Map<number, N>();
    block(source, file, fn.body, env, created, qualified, builder);
    if (!builder.returns.test(fn.returns)) continue;
    let tail = tailOf(code, fn.body);
    // `if base_uri.is_empty() { app } else { ... nest(&base_uri, app) ... }`: the router as it is (block() passed the other branches over).
    const bare = tail && /^if\b/.test(code.slice(tail.start, tail.start + 3)) ? ifBranches(code, tail.start, tail.end).tails[0] : undefined;
    if (bare && env.has(code.slice(bare.start, bare.end).trim())) tail = bare;
    const returned = tail && (created.get(tail.start) ?? env.get(code.slice(tail.start, tail.end).trim()));
    if (returned && returned.name.includes("@")) returned.name = qualified;
  }
}

function block<N extends RustNode>(source: RouteSource, file: RustFile, span: Span, env: Map<string, N>, created: Map<number, N>, owner: string, builder: RustBuilder<N>): void {
  const { code } = source;
  const names = new RegExp(NAME.source, "g");
  names.lastIndex = span.start + 1;
  for (let m = names.exec(code); m && m.index < span.end; m = names.exec(code)) {
    if (inTests(file, m.index)) continue;
    const bind = /^let\s+(?:mut\s+)?([A-Za-z_]\w*)\s*(?::[^=;]+)?=\s*|^([A-Za-z_]\w*)\s*=(?![=>])\s*/.exec(code.slice(m.index, m.index + 200));
    let start = bind ? m.index + bind[0].length : m.index;
    // `let mut router = if base_path.is_empty() { Router::new().merge(api) } else { ... };`: the router its first
    // branch gives (the default: an empty base path). The other branches are that router under a prefix set
    // apart from the default (`Router::new().nest(&path_prefix, base_app)`): not read as a mount of their own.
    // A branch building a router of its own (`else { Router::new().merge(basic_routes()).nest("/api", service_routes()) }`,
    // beside a first branch for another kind of node) is another router the binding may hold: merged in, as both are the app's.
    let ifEnd = -1;
    let others: Span[] = [];
    if (bind && /^if\b/.test(code.slice(start, start + 3))) {
      ifEnd = statementEnd(code, start, ";");
      const branches = ifBranches(code, start, Math.min(ifEnd, span.end)).tails;
      if (branches[0]) start = branches[0].start;
      others = branches.slice(1).filter((b) => !mentionsRouter(code.slice(b.start, b.end), env));
    } else if (!bind && m[0] === "if") {
      // `if base_uri.is_empty() { app } else { Router::new().nest(&base_uri, app) }`: the router as it is, the default;
      // the other branches set it apart under a configured prefix, read as no mount of their own.
      const { tails, end } = ifBranches(code, m.index, span.end);
      if (tails[0] && env.has(code.slice(tails[0].start, tails[0].end).trim())) {
        names.lastIndex = end;
        continue;
      }
    }
    // `let api_service = { ...; OpenApiService::new(...) };`: the value the block ends with.
    let end = statementEnd(code, start, ";,");
    if (bind && code[start] === "{") {
      const tail = tailOf(code, { start, end: closing(code, start) });
      if (tail) ({ start, end } = { start: tail.start, end: tail.end });
    }
    const chain = wholeChain(code, { start, end });
    if (!chain) continue;
    const node = builder.chain(chain, env, `${owner}@${source.lineAt(start)}`);
    if (!node) continue;
    for (const other of others) {
      const otherChain = builder.merge && wholeChain(code, { start: other.start, end: statementEnd(code, other.start, ";,") });
      const merged = otherChain ? builder.chain(otherChain, env, `${owner}@${source.lineAt(other.start)}`) : undefined;
      if (merged && merged !== node) builder.merge!(node, merged, other.start);
    }
    created.set(start, node);
    if (bind) env.set((bind[1] ?? bind[2])!, node);
    names.lastIndex = Math.max(chain.end, ifEnd);
  }
}

/** A handler argument by its path (`users::list`), a closure as "(inline)". */
export function handlerName(code: string, span: Span): string {
  const text = code.slice(span.start, span.end).trim();
  return /^[A-Za-z_][\w:]*$/.test(text) ? text : "(inline)";
}

/**
 * The guard a middleware expression stands for (`.layer(...)`, `.wrap(...)`): the auth-like
 * middleware it builds (`HttpAuthentication::bearer(v)`, `RequireAuthLayer::new()`,
 * `login_required!(...)`), or the auth-like function it wraps (`from_fn(require_auth)`,
 * `from_fn_with_state(state, auth)`), also inside `ServiceBuilder::new().layer(a).layer(b)`.
 * Configuration values such as a CORS layer's `AUTHORIZATION` header are not guards.
 */
export function middlewareGuard(code: string, span: Span | undefined, depth = 0): string | undefined {
  const chain = span && depth < 4 ? wholeChain(code, span) : undefined;
  if (!chain) return undefined;
  const head = chain.head.replace(/!$/, "");
  const name = (s: Span) => code.slice(s.start, s.end).trim();
  if (/(?:^|::)(?:from_fn|from_fn_with_state|from_extractor|wrap_fn)$/.test(head)) {
    // The last argument is the function; generic arguments written on it (`authenticate_request::<KomodoAuthImpl, true>`,
    // whose comma splits the call's arguments) are not its name.
    const call = chain.call;
    const text = call?.length ? code.slice(call[0]!.start, call.at(-1)!.end).replace(/::<[^<>]*>/g, "") : "";
    const fn = text.split(",").at(-1)!.trim();
    return /^[A-Za-z_][\w:]*$/.test(fn) && isGuardName(fn) ? fn : undefined;
  }
  if (isGuardName(head) && !/^(?:axum|tower|tower_http|actix_web)::(?:middleware|http)$/.test(head)) return head;
  for (const link of chain.links) {
    const inner = link.name === "layer" ? middlewareGuard(code, link.args[0], depth + 1) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** The value of each branch of `if c { A } else if d { B } else { C }` from `at` (none past `end`), and where it ends. */
function ifBranches(code: string, at: number, end: number): { tails: Span[]; end: number } {
  const tails: Span[] = [];
  let pos = at;
  for (;;) {
    const open = code.indexOf("{", pos);
    if (open === -1 || open >= end) return { tails, end: pos };
    const close = closing(code, open);
    const tail = tailOf(code, { start: open, end: close });
    if (tail) tails.push(tail);
    const next = /^\s*else\s*(?:if\b)?/.exec(code.slice(close, end));
    if (!next) return { tails, end: close };
    pos = close + next[0].length;
  }
}

/** Whether an expression names a router the function already holds. */
const mentionsRouter = (text: string, env: ReadonlyMap<string, unknown>): boolean =>
  [...text.matchAll(/(?<![\w:.])[A-Za-z_]\w*(?![\w(:!])/g)].some((m) => env.has(m[0]));

import { closing } from "../../languages/curly.ts";
import type { Framework } from "../framework.ts";
import { guardedMount } from "../common/mounts.ts";
import { joinPrefix, staticValue, stringConstants, type ValueSyntax } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

type Ref = { node: string; prefix: string; guards: string[] };
type Link = { name: string; args: Span[]; closure?: Span; property?: boolean; start: number; end: number };

const VERBS: Record<string, string> = { get: "GET", post: "POST", put: "PUT", delete: "DELETE", patch: "PATCH", head: "HEAD", options: "OPTIONS" };
const BUILDER = /^(?:_\s+)?([A-Za-z_]\w*)\s*:\s*(?:any\s+)?(?:Application|RoutesBuilder|Routes|Router)\b/;
const FUNC = /(?<![\w.])func\s+([A-Za-z_]\w*)\s*(?:<[^>]*>)?\s*\(/g;
const TYPE = /(?<![\w.])(?:struct|class|extension|final\s+class|enum)\s+([A-Za-z_]\w*)[^{]*\{/g;
const TEST_PATH = /(^|\/)Tests\//;
const SWIFT: ValueSyntax = { name: /^(?:self\.)?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*/, interpolation: () => /\\\(([A-Za-z_][\w.]*)\)/g };
const CONSTANT = /(?<![\w.])(?:(?:private|fileprivate|internal|public|static)\s+)*let\s+([A-Za-z_]\w*)\s*(?::\s*String\s*)?=\s*/g;

/**
 * Vapor 4: routes on the app or on a `RoutesBuilder` (`app.get("users", ":id", use: show)`,
 * trailing-closure handlers, `on(.GET, ...)`), groups (`let api = app.grouped("api")`,
 * `app.group("api") { api in ... }`), middleware groups (`grouped(User.authenticator(),
 * User.guardMiddleware())`) as guards of what they contain, and `RouteCollection`s registered
 * with `register(collection: TodoController())` or functions called with the app
 * (`try routes(app)`), across the files of a module. Path components may be constants.
 */
export const vapor: Framework = {
  id: "vapor",
  name: "Vapor",
  languages: ["swift"],
  hint: /\bimport\s+Vapor\b|RouteCollection|RoutesBuilder/,
  scan(source) {
    if (TEST_PATH.test(source.path)) return [];
    return new Walker(source).run();
  },
};

class Walker {
  private readonly found: Registration[] = [];
  private readonly module: string;

  private readonly constants: Map<string, string>;

  constructor(private readonly source: RouteSource) {
    const m = /^(.*?(?:^|\/)Sources\/[^/]+)\//.exec(source.path);
    this.module = m ? m[1]! : "";
    this.constants = stringConstants(source, CONSTANT, SWIFT, { qualify: () => ["self"] });
  }

  run(): Registration[] {
    const { code } = this.source;
    const types = [...code.matchAll(TYPE)].map((m) => ({ name: m[1]!, start: m.index + m[0].length - 1, end: closing(code, m.index + m[0].length - 1) }));
    for (const m of code.matchAll(FUNC)) {
      const open = m.index + m[0].length - 1;
      const { args, end } = callArguments(code, open);
      const brace = code.indexOf("{", end);
      if (brace === -1) continue;
      const owner = types.filter((t) => t.start < m.index && m.index < t.end).at(-1)?.name;
      const node = `${this.module}::${m[1] === "boot" && owner ? owner : m[1]}`;
      const env = new Map<string, Ref>();
      for (const a of args) {
        const param = BUILDER.exec(code.slice(a.start, a.end).trim());
        if (param) env.set(param[1]!, { node, prefix: "", guards: [] });
      }
      if (env.size === 0) continue;
      this.found.push({ type: "router", framework: "vapor", name: node, prefix: "", guards: [], line: this.source.lineAt(m.index) });
      this.walk({ start: brace, end: closing(code, brace) }, env, owner);
    }
    return this.found;
  }

  /** Reads the statements of a block: bindings of groups, calls on builders, calls that pass a builder on. */
  private walk(span: Span, env: Map<string, Ref>, owner: string | undefined): void {
    const { code } = this.source;
    const ident = /(?<![\w.])[A-Za-z_]\w*/g;
    ident.lastIndex = span.start + 1;
    for (let m = ident.exec(code); m && m.index < span.end; m = ident.exec(code)) {
      const bind = /^(?:let|var)\s+([A-Za-z_]\w*)\s*(?::[^=\n]+)?=\s*/.exec(code.slice(m.index, m.index + 200));
      const at = bind ? m.index + bind[0].length : m.index;
      const head = /^[A-Za-z_]\w*/.exec(code.slice(at, at + 100))?.[0];
      if (!head) continue;
      const links = chain(code, at + head.length);
      const base = env.get(head);
      if (base && links.length) {
        const ref = this.links(base, links, env, owner);
        if (bind && ref) env.set(bind[1]!, ref);
        ident.lastIndex = links.at(-1)!.end;
        continue;
      }
      // `let protected = self.tokenProtectedRoute(with: api)`: a helper that returns a builder it was given, behind its guards.
      const direct = links.length === 0 && code[at + head.length] === "(" ? callArguments(code, at + head.length) : undefined;
      const helper = bind && !base ? (links.at(-1)?.args.length ? links.at(-1)! : direct ? { name: head, args: direct.args, end: direct.end } : undefined) : undefined;
      const given = helper?.args.map((a) => env.get(code.slice(a.start, a.end).replace(/^\s*\w+\s*:/, "").trim())).find((r) => r);
      if (helper && given) {
        env.set(bind![1]!, isGuardName(helper.name) ? { ...given, guards: [...given.guards, helper.name] } : given);
        ident.lastIndex = helper.end;
        continue;
      }
      const call = direct;
      const passed = call?.args.map((a) => env.get(code.slice(a.start, a.end).replace(/^\s*\w+\s*:/, "").trim())).find((r) => r);
      if (call && passed) {
        this.found.push(...guardedMount("vapor", passed.node, passed.prefix, `${this.module}::${head}`, passed.guards, this.source.lineAt(at)));
        ident.lastIndex = call.end;
      }
    }
  }

  /** Runs the calls of a chain on a builder; answers the group it ends on. */
  private links(start: Ref, links: readonly Link[], env: Map<string, Ref>, owner: string | undefined): Ref | undefined {
    const { code } = this.source;
    let ref = start;
    for (const link of links) {
      if (link.property) {
        if (link.name === "routes") continue;
        return undefined;
      }
      const verb = VERBS[link.name] ?? (link.name === "on" ? /^\s*\.([A-Z]+)/.exec(code.slice(link.args[0]?.start ?? 0, link.args[0]?.end ?? 0))?.[1] : undefined);
      const line = this.source.lineAt(link.start);
      if (verb) {
        const parts = this.components(link.name === "on" ? link.args.slice(1) : link.args);
        if (parts === undefined) return undefined;
        const handler = link.closure ? "(inline)" : this.handler(link.args, owner);
        this.found.push({ type: "route", framework: "vapor", kind: "http", methods: [verb], path: joinPrefix(ref.prefix, parts), handler, guards: ref.guards, owner: ref.node, line });
        return undefined;
      }
      if (link.name === "grouped" || link.name === "group") {
        const parts = this.components(link.args);
        ref = parts !== undefined ? { ...ref, prefix: joinPrefix(ref.prefix, parts) } : { ...ref, guards: [...ref.guards, ...this.middleware(link.args)] };
        if (link.name === "group" && link.closure) {
          const param = /^\{\s*\(?\s*([A-Za-z_]\w*)/.exec(code.slice(link.closure.start, link.closure.end))?.[1];
          this.walk(link.closure, param ? new Map([...env, [param, ref]]) : env, owner);
          return undefined;
        }
      } else if (link.name === "register") {
        const target = /(?:collection\s*:\s*)?([A-Za-z_]\w*)\s*\(/.exec(code.slice(link.args[0]?.start ?? 0, link.args[0]?.end ?? 0))?.[1];
        if (target) this.found.push(...guardedMount("vapor", ref.node, ref.prefix, `${this.module}::${target}`, ref.guards, line));
        return undefined;
      } else return undefined;
    }
    return ref;
  }

  /** Path components as a path (`"users", ":id"` is `users/:id`); undefined when one is not a path component. */
  private components(args: readonly Span[]): string | undefined {
    const parts: string[] = [];
    for (const a of args) {
      const text = this.source.code.slice(a.start, a.end).trim();
      if (/^[A-Za-z_]\w*\s*:/.test(text) && !text.startsWith("\"")) continue;
      const known = staticValue(this.source, a.start, a.end, this.constants, SWIFT);
      if (known !== undefined) parts.push(known === "**" ? "*" : known);
      else if (/^\.(?:catchall|anything)$/.test(text)) parts.push("*");
      else if (/^[A-Z]\w*\.parameter$/.test(text)) parts.push(`:${text[0]!.toLowerCase()}${text.slice(1, text.indexOf("."))}`);
      else if (/^\.parameter\s*\(/.test(text)) {
        const inner = callArguments(this.source.code, this.source.code.indexOf("(", a.start)).args[0];
        const name = inner && staticValue(this.source, inner.start, inner.end, this.constants, SWIFT);
        if (name === undefined) return undefined;
        parts.push(`:${name}`);
      }
      else return undefined;
    }
    return parts.join("/");
  }

  private middleware(args: readonly Span[]): string[] {
    return args.map((a) => /^[A-Za-z_][\w.]*/.exec(this.source.code.slice(a.start, a.end).trim())?.[0]).filter((n): n is string => !!n && isGuardName(n));
  }

  /** `use: index` and `use: self.index` in a collection name its method; other handlers by their text. */
  private handler(args: readonly Span[], owner: string | undefined): string {
    const use = args.map((a) => /^use\s*:\s*(.+)$/s.exec(this.source.code.slice(a.start, a.end).trim())?.[1]).find(Boolean);
    if (!use) return "(inline)";
    const name = use.replace(/^self\./, "").replace(/\(\)/g, "").replace(/\s+/g, "");
    return owner && !name.includes(".") ? `${owner}.${name}` : name;
  }
}

/** `.name(args) { closure }` links after an identifier; a call may be only a trailing closure (`app.get { req in }`). */
function chain(code: string, from: number): Link[] {
  const links: Link[] = [];
  let i = from;
  for (;;) {
    const m = /^\s*\.\s*([A-Za-z_]\w*)\s*/.exec(code.slice(i, i + 200));
    if (!m) return links;
    let end = i + m[0].length;
    let args: Span[] = [];
    if (code[end] === "(") {
      const call = callArguments(code, end);
      args = call.args;
      end = call.end;
    } else if (code[end] !== "{") {
      // A property on the way (`app.routes.grouped("api")`); its name ends the chain when it is not `routes`.
      links.push({ name: m[1]!, args, property: true, start: i + m[0].indexOf(m[1]!), end: i + m[0].trimEnd().length });
      i = i + m[0].trimEnd().length;
      continue;
    }
    const brace = /^[ \t]*\{/.exec(code.slice(end, end + 50));
    const closure = brace ? { start: end + brace[0].length - 1, end: closing(code, end + brace[0].length - 1) } : undefined;
    links.push({ name: m[1]!, args, ...(closure ? { closure } : {}), start: i + m[0].indexOf(m[1]!), end: closure?.end ?? end });
    i = closure?.end ?? end;
  }
}

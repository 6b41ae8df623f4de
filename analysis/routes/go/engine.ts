import { isGuardName, namedForAnonymous } from "../paths.ts";
import { EACH, type Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import type { Span } from "../js/objects.ts";
import { closing, openingBrace } from "../../languages/curly.ts";
import { type GoChain, join, parseChain, skip, statementEnd } from "./chain.ts";
import { type GoHandler, goHandlerChain, namedGuards } from "./names.ts";
import { filled, GoOutput, MARK, marker, type Template } from "./output.ts";
import { functionLiteral, goFile, type GoFile, STRUCT } from "./source.ts";
import { goContext } from "./context.ts";
import { constructedCall, conventionalType, fieldCall } from "./field-types.ts";
import { inDefaultBuild } from "./build-constraints.ts";
import type { GoContext, GoNode, GoRef, GoScope as Scope, GoSpec, GoType as Type } from "./types.ts";
import { switchKey, withSwitches } from "./switched-blocks.ts";

export type { GoContext, GoLink, GoNode, GoRef, GoSpec } from "./types.ts";


const HUMA_ADAPTER = /^github\.com\/danielgtaylor\/huma\/v2\/adapters\/huma\w+$/;

const KEYWORDS = new Set(["if", "else", "for", "range", "switch", "case", "default", "go", "defer", "select", "break", "continue", "goto", "fallthrough", "type", "struct", "interface", "map", "chan", "const", "package", "import", "nil", "true", "false", "func"]);

/**
 * The registrations of one Go file for one framework. Routers are followed through
 * variables, groups, closures, struct fields, package variables, functions that receive or
 * return a router and calls that pass one on. Across files, names are qualified by the
 * package folder (`internal/api::Register`, `internal/api::Handler.Routes`) or, when called
 * through an import, by the import path, which the linker resolves to the package's folder.
 */
export function scanGo(source: RouteSource, spec: GoSpec): Registration[] {
  if (!inDefaultBuild(source.text)) return [];
  const file = goFile(source);
  // A framework may span packages (GoFrame's `g.Server()` and `*ghttp.RouterGroup`): each import of one is the framework.
  const aliases = new Set([...file.imports].filter(([, path]) => spec.imports.test(path)).map(([alias]) => alias));
  // A file that does not import the framework can still register on a router field or package variable declared in another file of its package.
  return new Walker(source, file, spec, aliases).run();
}

class Walker {
  private readonly code: string;
  private readonly out: GoOutput;
  private readonly globals = new Map<string, GoRef>();
  private readonly wrapper: RouterWrapper;
  /** The routers of the route wrappers this file calls, as their templates were read on them. */
  private readonly wrappersCalled = new Set<GoNode>();

  constructor(private readonly source: RouteSource, private readonly file: GoFile, private readonly spec: GoSpec, private readonly aliases: ReadonlySet<string>) {
    this.code = source.code;
    this.out = new GoOutput(spec.id, source);
    this.wrapper = routerWrapper(source.code, file, (type) => this.isFrameworkRouterType(type));
  }

  run(): Registration[] {
    this.packageVariables();
    for (const [field, type] of this.file.fields) if (this.isRouterType(type)) this.out.node(`${this.file.scope}::${field}`, 0);
    // Wrappers first, so that calls to them written before them are read as routes; again while one
    // calls another (`h(r, "ping", f)` calls `hr`, which calls `addHandler`), each reading the others' last.
    const kept = this.out.mark();
    const wrappers = this.file.functions.flatMap((fn) => ((template) => (template ? [{ fn, template }] : []))(this.templateParameters(fn)));
    const calling = wrappers.some(({ fn }) => wrappers.some(({ fn: other }) => other !== fn && new RegExp(String.raw`(?<!\w)${other.name}\s*\(`).test(this.code.slice(fn.body.start, fn.body.end))));
    for (let pass = 0, count = -1; pass < (calling ? 4 : 1); pass++) {
      for (const { fn, template } of wrappers) (this.out.forget(`${this.file.scope}::${qualifiedName(fn)}`), this.function(fn, template));
      const now = [...this.out.templates.values()].reduce((n, t) => n + t.length, 0);
      if (now === count) break;
      count = now;
    }
    this.out.reset(kept);
    for (const fn of this.file.functions) this.function(fn);
    this.collectedFunctions();
    // A wrapper given its prefix as an argument and called with it here (oapi-codegen's
    // `RegisterHandlersWithBaseURL(router, si, "")`, navidrome's `api.R(r, "/song", ...)`): its routes
    // read without the argument are those calls' again.
    const registrations = this.out.registrations();
    const key = (r: Registration) => (r.type === "route" ? `${r.owner} ${r.methods.join(",")} ${r.path}` : "");
    const expanded = new Set(registrations.filter((r) => r.type === "route" && !r.prefixUnknown).map(key));
    const wrappersCalled = new Set([...this.wrappersCalled].map((node) => node.name));
    return withSwitches(this.source, registrations.filter((r) => !(r.type === "route" && r.prefixUnknown && (expanded.has(key(r)) || wrappersCalled.has(r.owner)))));
  }

  /**
   * The functions a package collects in a list (`routerCheckRole = append(routerCheckRole,
   * registerSysConfigRouter)`, in an `init()`) that a loop elsewhere calls with a router: each one
   * taking a router serves under the router the loop hands it (`list[]`, see callee).
   */
  private collectedFunctions(): void {
    for (const m of this.code.matchAll(/\b([A-Za-z_]\w*)\s*=\s*append\s*\(\s*\1\s*,([^()]*)\)/g)) {
      const collected = m[2]!.split(",").map((a) => a.trim()).filter((name) => this.file.functions.some((fn) => fn.name === name && !fn.receiver && fn.params.filter((p) => this.isRouterType(p.type)).length === 1));
      if (!collected.length) continue;
      // The list is the router the loop's file makes (see call): each file that collects into it mounts its own there.
      const list = { node: { name: `${this.file.scope}::${m[1]}[]`, line: 0, emit: false }, prefix: "", guards: [] };
      for (const name of collected) this.out.mount(list, "", `${this.file.scope}::${name}`, [], m.index);
    }
  }

  /**
   * A route wrapper's parameters by the marker each stands for in a template's path, when the
   * function may be one: it takes a string it uses as a call's first argument, or a router and a
   * string it uses at all (`r.HandleFunc("/"+path+".view", handle)`). The element a loop takes from a
   * variadic parameter (`for _, path := range paths`) stands for each of its values.
   */
  private templateParameters(fn: GoFile["functions"][number]): Map<string, string> | undefined {
    const body = this.code.slice(fn.body.start, fn.body.end);
    const takesRouter = fn.params.some((p) => this.isRouterType(p.type));
    const used = (name: string) => new RegExp(takesRouter ? String.raw`(?<![\w.])${name}\b` : String.raw`\(\s*${name}\b`).test(body);
    if (!fn.params.some((p) => /^(?:\.\.\.)?string$/.test(p.type) && used(p.name))) return undefined;
    const template = new Map(fn.params.map((p, i) => [p.name, marker(i, p.type.startsWith("..."))]));
    for (const p of fn.params.filter((p) => p.type === "...string")) {
      for (const m of body.matchAll(new RegExp(String.raw`\bfor\s+_\s*,\s*([A-Za-z_]\w*)\s*:=\s*range\s+${p.name}\b`, "g"))) template.set(m[1]!, template.get(p.name)!);
    }
    return template;
  }

  private function(fn: GoFile["functions"][number], template?: Map<string, string>): void {
    {
      const name = qualifiedName(fn);
      const scope: Scope = { env: new Map(this.globals), types: new Map(), name, created: new Set() };
      if (fn.receiver) scope.types.set(fn.receiver.name, { scope: this.file.scope, type: name.slice(0, name.lastIndexOf(".")) });
      const handles = (type: string) => !!this.spec.handle?.parameter.test(type);
      const routers = fn.params.filter((p) => this.isRouterType(p.type) || handles(p.type));
      routers.forEach((p, i) => {
        const node = this.out.node(`${this.file.scope}::${name}${routers.length > 1 ? `#${i + 1}` : ""}`, fn.start);
        // A Huma API is always made elsewhere: a function handed one serves under the router it was made on.
        if (this.spec.id === "huma") node.handed = true;
        scope.env.set(p.name, { node, prefix: "", guards: [], ...(handles(p.type) ? { callAs: this.spec.handle!.method } : {}) });
        if (template) (scope.parameters ??= new Map()).set(node, fn.params.indexOf(p));
      });
      for (const p of fn.params) if (!routers.includes(p)) this.typeOf(p.type, (t) => scope.types.set(p.name, t));
      if (template) scope.template = template;
      // Read in the text: the code has its strings blanked.
      const locals = localStrings(this.source.text.slice(fn.body.start, fn.body.end));
      if (locals.size) scope.locals = locals;
      this.block(fn.body, scope);
    }
  }

  private isRouterType(type: string): boolean {
    const bare = type.replace(/^\*/, "");
    return this.isFrameworkRouterType(type) || this.wrapper.types.has(bare) || !!this.spec.local?.types.has(bare);
  }

  private isFrameworkRouterType(type: string): boolean {
    const m = /^\*?([A-Za-z_]\w*)\.([A-Za-z_]\w*)$/.exec(type);
    return !!m && this.aliases.has(m[1]!) && this.spec.types.test(m[2]!);
  }

  /** A type written `pkg.T` or `T`, with the scope that declares it. */
  private typeOf(type: string, set: (t: Type) => void): void {
    const m = /^\*?(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)$/.exec(type);
    if (!m) return;
    const scope = m[1] ? this.file.imports.get(m[1]) : this.file.scope;
    if (scope) set({ scope, type: m[2]! });
  }

  /** `var r = gin.Default()` and `var r *gin.Engine` at the top level: routers every function of the package shares. */
  private packageVariables(): void {
    const outside = (at: number) => !this.file.functions.some((f) => f.start <= at && at < f.body.end);
    for (const m of this.code.matchAll(/(?<![\w.])var\s+([A-Za-z_]\w*)\s*(\*?[\w.]+)?\s*(=\s*)?/g)) {
      if (!outside(m.index)) continue;
      const name = `${this.file.scope}::${m[1]}`;
      if (m[3]) {
        const start = m.index + m[0].length;
        const ref = this.expression({ start, end: statementEnd(this.code, start) }, { env: this.globals, types: new Map(), name: "", created: new Set() });
        if (ref?.node && ref.node.emit && !ref.prefix) (ref.node.name = name, this.globals.set(m[1]!, ref));
      } else if (m[2] && this.isRouterType(m[2])) this.globals.set(m[1]!, { node: this.out.node(name, m.index), prefix: "", guards: [] });
    }
  }

  private block(span: Span, scope: Scope): void {
    const IDENT = /(?<![\w.])[A-Za-z_]\w*/g;
    let pos = span.start;
    const shadows = (scope.shadows ??= []);
    // A name a nested block declared again means what it meant before, past that block.
    const restore = (at: number) => {
      for (let i = shadows.length - 1; i >= 0; i--) {
        const shadow = shadows[i]!;
        if (shadow.end > at) continue;
        if (shadow.previous) scope.env.set(shadow.name, shadow.previous);
        else scope.env.delete(shadow.name);
        shadows.splice(i, 1);
      }
    };
    while (pos < span.end) {
      IDENT.lastIndex = pos;
      const m = IDENT.exec(this.code);
      if (!m || m.index >= span.end) break;
      restore(m.index);
      pos = m.index + m[0].length;
      const id = m[0];
      if (id === "return") this.returned(pos, scope);
      else if (id === "var") pos = this.declaration(pos, scope) ?? pos;
      else if (id === "func") {
        // A function literal run where it stands (`go func() { r := http.NewServeMux(); ... }()`): what
        // it declares is its own, and the router names outside it keep their meaning after it.
        const literal = functionLiteral(this.code, { start: m.index, end: span.end });
        if (literal && literal.body.end > literal.body.start) {
          this.block({ start: literal.body.start + 1, end: literal.body.end - 1 }, { ...scope, env: new Map(scope.env), types: new Map(scope.types) });
          pos = literal.body.end;
        }
      } else if (!KEYWORDS.has(id)) pos = this.statement(m.index, scope) ?? pos;
    }
  }

  /**
   * `return r`: a router created in this function is the one callers of the function get; so is
   * one returned in a struct of the app's that wraps it (`return &groupPrefixAPI{API: api}`).
   */
  private returned(at: number, scope: Scope): void {
    const rest = this.code.slice(at, at + 400);
    // `return r`, `return r, nil` or `return &c, nil`: a function's first result.
    const name = /^\s*&?\s*([A-Za-z_]\w*)\s*(?:,\s*[A-Za-z_]\w*\s*)*(?:[\n;}]|$)/.exec(rest)?.[1];
    const wrapped = name ? undefined : /^\s*&?\s*[A-Za-z_][\w.]*\s*\{/.exec(rest);
    const fields = wrapped ? callArguments(this.code, at + wrapped[0].length - 1).args.map((f) => /:\s*([A-Za-z_]\w*)\s*$/.exec(this.code.slice(f.start, f.end))?.[1]) : [name];
    const node = fields.map((n) => (n ? scope.env.get(n)?.node : undefined)).find((n) => n && scope.created.has(n));
    if (node) node.name = `${this.file.scope}::${scope.name}`;
    // `return webSessionMiddleware.handle(csrfMiddleware.handle(mux))`, `return logging(mux)`: the router the
    // wrappers hand on is the one callers get, behind the wrappers as its middleware.
    const around = !name && !wrapped ? wrappersAround(this.code, at) : undefined;
    const inner = around && scope.env.get(around.inner)?.node;
    if (around && inner && scope.created.has(inner)) {
      inner.name = `${this.file.scope}::${scope.name}`;
      // A method of a value the function made (`webSessionMiddleware := newWebSessionMiddleware(...)`) is named by the value's type.
      const typed = around.wrappers.map((w) => {
        const [value, method] = w.split(".");
        const made = method ? new RegExp(String.raw`\b${value}\s*:?=\s*&?\s*(?:([nN]ew)([A-Z]\w*)\s*\(|([A-Za-z_]\w*)\s*\{)`).exec(this.code.slice(0, at)) : null;
        const type = made ? (made[3] ?? (made[1] === "new" ? made[2]![0]!.toLowerCase() + made[2]!.slice(1) : made[2]!)) : undefined;
        return type ? `${type}.${method}` : w;
      });
      this.out.middleware({ node: inner, prefix: "", guards: [] }, "", namedGuards(typed), at);
    }
    // `return &ContextController{router: router}` with the router the function was handed: the field's
    // routes (`controller.router.Group("/context")` in the type's methods) are that router's.
    const type = wrapped ? /^\s*&?\s*([A-Za-z_]\w*)\s*\{/.exec(rest)?.[1] : undefined;
    if (type && wrapped) {
      for (const f of callArguments(this.code, at + wrapped[0].length - 1).args) {
        const kv = /^\s*([A-Za-z_]\w*)\s*:\s*([A-Za-z_]\w*)\s*$/.exec(this.code.slice(f.start, f.end));
        const handed = kv ? scope.env.get(kv[2]!) : undefined;
        if (handed?.node && !scope.created.has(handed.node)) this.out.mount(handed, "", `${this.file.scope}::${type}.${kv![1]}`, [], at);
      }
    }
    // `r := &Router{ds: ds}; r.Handler = r.routes(); return r`, of a struct embedding `http.Handler`: the value
    // serves the router its `Handler` field was set to.
    const served = name && !node ? scope.env.get(`${name}.Handler`) : undefined;
    const servedType = served?.node ? scope.types.get(name!) : undefined;
    if (served?.node && servedType && embedsHandler(this.code, servedType.type)) {
      if (scope.created.has(served.node)) served.node.name = `${this.file.scope}::${scope.name}`;
      else if (served.returned) this.out.alias(`${this.file.scope}::${scope.name}`, served.node.name, at);
    }
    // `api := bridge.NewWithGroup(...); return api`: this function returns the router that one does.
    const passed = !node && name ? scope.env.get(name) : undefined;
    if (passed?.returned && passed.fromFunction && passed.node) this.out.alias(`${this.file.scope}::${scope.name}`, passed.node.name, at);
    // `return sceneRoutes{finder: repo.Scene}.Routes()`: this function returns the router that method of the type makes.
    const built = /^\s*&?\s*([A-Za-z_]\w*)\s*\{/.exec(rest);
    if (built) {
      const close = closing(this.code, at + built[0].length - 1);
      const method = /^\s*\.\s*([A-Za-z_]\w*)\s*\(/.exec(this.code.slice(close, close + 200))?.[1];
      if (method) this.out.alias(`${this.file.scope}::${scope.name}`, `${this.file.scope}::${built[1]}.${method}`, at);
    }
  }

  private declaration(at: number, scope: Scope): number | undefined {
    const m = /^\s*([A-Za-z_]\w*)\s*(?:\*?[\w.]+\s*)?=(?!=)\s*/.exec(this.code.slice(at, at + 200));
    if (!m) return undefined;
    return this.assign(m[1]!, at + m[0].length, scope);
  }

  private assign(name: string, start: number, scope: Scope): number | undefined {
    const end = statementEnd(this.code, start);
    // A function literal is walked where it is used, with the router it is used on.
    if (/^\s*func\s*\(/.test(this.code.slice(start, start + 40)) && /^[A-Za-z_]\w*$/.test(name)) {
      (scope.closures ??= new Map()).set(name, { start, end });
      return end;
    }
    let typed = false;
    const ref = this.expression({ start, end }, scope, (t) => (typed = true, scope.types.set(name, t)));
    if (!ref) return typed ? end : undefined;
    // `if routePrefix != "/" { router = router.WithPrefix(routePrefix) }`: a prefix not known, taken
    // only under a condition (a setting's value other than its default), leaves the router as it was.
    if (ref.prefixUnknown && scope.env.has(name) && inIfBlock(this.code, start)) return end;
    const field = /^([A-Za-z_]\w*)\.([A-Za-z_]\w*)$/.exec(name);
    const owner = field ? scope.types.get(field[1]!) : undefined;
    if (owner && ref.node && scope.created.has(ref.node)) ref.node.name = `${owner.scope}::${owner.type}.${field![2]}`;
    scope.env.set(name, namedForAnonymous(name) ? { ...ref, open: true } : ref);
    return end;
  }

  /** A statement starting with an identifier: an assignment, a chain on a router, or a call that passes routers on. */
  private statement(at: number, scope: Scope): number | undefined {
    const chain = parseChain(this.code, at);
    const after = skip(this.code, chain.end, false);
    if (chain.links.every((l) => !l.args)) {
      const assign = /^(?:,\s*[A-Za-z_]\w*\s*)*:?=(?!=)\s*/.exec(this.code.slice(after, after + 100));
      if (assign) {
        const name = [chain.base, ...chain.links.map((l) => l.name)].join(".");
        // `APIv1 = router.Group(...)` with `var APIv1 *gin.RouterGroup` declared in another file of the
        // package: that package variable's routes are served under the group.
        const packageVariable = !assign[0].includes(":") && !chain.links.length && !scope.env.has(name) && !this.globals.has(name);
        // `api := api.PathPrefix("/auth").Subrouter()` inside `{ ... }`: the outer `api` again after the block.
        const previous = assign[0].includes(":") ? scope.env.get(name) : undefined;
        const end = this.assign(name, after + assign[0].length, scope);
        if (previous) scope.shadows?.push({ name, end: enclosingBlockEnd(this.code, at), previous });
        const ref = packageVariable ? scope.env.get(name) : undefined;
        if (ref?.node && !ref.returned && end !== undefined) this.out.mount(ref, "", `${this.file.scope}::${name}`, [], at);
        return end;
      }
    }
    return this.evaluate(chain, scope, true) ? chain.end : undefined;
  }

  /** The router an expression evaluates to, running the registrations it makes; `typed` learns the type it constructs. */
  private expression(span: Span, scope: Scope, typed?: (t: Type) => void): GoRef | undefined {
    let start = span.start;
    while (start < span.end && /[\s&*]/.test(this.code[start]!)) start++;
    if (!/[A-Za-z_]/.test(this.code[start] ?? "")) return undefined;
    // `router := s.Server.Handler.(*mux.Router)`: the server's router, asserted back from the handler it was set as: a router of its own here.
    const asserted = /^[A-Za-z_][\w.]*\s*\.\s*\(\s*(\*?[A-Za-z_]\w*\.[A-Za-z_]\w*)\s*\)\s*$/.exec(this.code.slice(start, span.end));
    if (asserted && this.isFrameworkRouterType(asserted[1]!)) {
      const node = this.out.node(`${this.file.scope}::${scope.name}@${this.source.lineAt(start)}`, start);
      scope.created.add(node);
      return { node, prefix: "", guards: [] };
    }
    const chain = parseChain(this.code, start);
    if (this.code[skip(this.code, chain.end, false)] === "{") return this.composite(chain, skip(this.code, chain.end, false), scope, typed);
    const ref = this.evaluate(chain, scope, false);
    if (typed && chain.links.length && chain.links.at(-1)!.args) {
      const last = chain.links.length === 1 && chain.links[0]!.name === "" ? chain.base : chain.links.at(-1)!.name;
      const pkg = chain.links.length === 2 || (chain.links.length === 1 && chain.links[0]!.name !== "") ? this.file.imports.get(chain.base) : this.file.scope;
      if (pkg && /^New[A-Z]/.test(last)) typed({ scope: pkg, type: last.slice(3) });
    }
    return ref;
  }

  /**
   * `&Server{router: mux.NewRouter()}`: routers created in a struct literal are its fields. A
   * struct of this file that embeds the framework's router (`&Handler{Router: mux.NewRouter()}`,
   * `type Handler struct { *mux.Router }`) is that router: the value it answers.
   */
  private composite(chain: GoChain, open: number, scope: Scope, typed?: (t: Type) => void): GoRef | undefined {
    const pkg = chain.links.length ? this.file.imports.get(chain.base) : this.file.scope;
    const type = chain.links.at(-1)?.name ?? chain.base;
    if (!pkg) return undefined;
    typed?.({ scope: pkg, type });
    const embedded = pkg === this.file.scope ? this.wrapper.embedded.get(type) : undefined;
    let value: GoRef | undefined;
    for (const part of callArguments(this.code, open).args) {
      const kv = /^([A-Za-z_]\w*)\s*:\s*/.exec(this.code.slice(part.start, part.end));
      if (!kv) continue;
      const ref = this.expression({ start: part.start + kv[0].length, end: part.end }, scope);
      if (ref?.node && scope.created.has(ref.node)) ref.node.name = `${pkg}::${type}.${kv[1]}`;
      if (ref?.node && kv[1] === embedded) {
        ref.node.embedded = `${pkg}::${type}.${embedded}`;
        value = ref;
      }
    }
    return value;
  }

  /** Runs a chain; answers the router it evaluates to (for assignments and arguments), or undefined when it is none. */
  private evaluate(chain: GoChain, scope: Scope, statement: boolean): GoRef | undefined {
    const { base, links } = chain;
    const ctx = this.context(scope);
    // A router made here, by the framework's constructor (`chi.NewRouter()`) or by the package's own wrapper's (`r := newRouter()`), and what is chained on it.
    const made = () => {
      const node = this.out.node(`${this.file.scope}::${scope.name}@${this.source.lineAt(chain.start)}`, chain.start);
      scope.created.add(node);
      const ref: GoRef = { node, prefix: "", guards: [] };
      return links.length > 1 ? this.spec.chain(ctx, ref, links.slice(1))?.ref ?? ref : ref;
    };
    if (this.spec.local?.constructors.has(base) && links[0]?.name === "" && links[0].args && !this.file.imports.has(base)) return made();
    if (this.aliases.has(base)) {
      const first = links[0];
      if (first?.args && this.spec.constructors.test(first.name)) return made();
      const result = this.spec.chain(ctx, undefined, links);
      if (result) return result.ref;
    }
    const target = this.target(chain, scope, statement);
    // A router's registering method as a value (`h := group.Handle`), to be called or handed on.
    const last = links.at(-1);
    if (target && target.consumed === links.length - 1 && !last!.args && last!.name === this.spec.handle?.method) return { ...target.ref, callAs: last!.name };
    if (target && target.consumed < links.length) {
      // A wrapper type's methods (`r.SubGroup(prefix, mw...)`) as the framework's they wrap; a
      // registering method held as a value (`attachHandler(method, path, h)`) as that method.
      const renamed = links.slice(target.consumed).map((l, i) =>
        i === 0 && l.name === "" && target.ref.callAs ? { ...l, name: target.ref.callAs } : this.wrapper.methods.has(l.name) ? { ...l, name: this.wrapper.methods.get(l.name)! } : l);
      const result = this.spec.chain(ctx, target.ref, renamed);
      if (result) {
        if (result.rebind && result.ref && statement) {
          const added = result.ref.guards.filter((g) => !target.ref.guards.includes(g));
          if (!target.shared) scope.env.set(target.key, result.ref);
          else if (added.length) this.out.middleware(target.ref, "", added, chain.start);
        }
        return result.ref ?? { prefix: "", guards: [] };
      }
    }
    if (target && target.consumed === links.length) return target.ref;
    return this.call(chain, scope, statement);
  }

  /**
   * The router a chain starts from: a variable (`r`, `s.api`), a router field of a struct of
   * this package (`s.router`, shared by its methods in every file), or, for a statement that
   * calls on an unknown name, a package variable declared in another file. `shared` routers
   * take middleware for all their routes rather than for the statements that follow.
   */
  private target(chain: GoChain, scope: Scope, statement: boolean): { ref: GoRef; key: string; consumed: number; shared: boolean } | undefined {
    const { base, links } = chain;
    let key = base;
    let consumed = 0;
    while (links[consumed] && !links[consumed]!.args && scope.env.has(`${key}.${links[consumed]!.name}`)) key += `.${links[consumed++]!.name}`;
    const ref = scope.env.get(key);
    const owner = scope.types.get(base);
    const field = links[0];
    // A field of a struct handed in from another package counts too (`routers.Client` of an
    // `httputil.Routers` parameter), and so does one taken as a value (`publicAPIMux := routers.Client`)
    // when it holds a router.
    const ofStruct = !!owner && !!field && !field.args && (!!links[1]?.args || (!statement && links.length === 1 && this.mayBeRouterField(owner, field.name)));
    // What a function returned is that struct when a field of it is read (`routers := httputil.NewRouters()`).
    if (ref && !(ofStruct && consumed === 0 && ref.returned)) return { ref, key, consumed, shared: key.includes(".") || (this.globals.get(key) === ref) };
    if (ofStruct) {
      const node = { name: `${owner!.scope}::${owner!.type}.${field!.name}`, line: 0, emit: false };
      return { ref: { node, prefix: "", guards: [] }, key: `${base}.${field!.name}`, consumed: 1, shared: true };
    }
    if (statement && !owner && !this.file.imports.has(base) && field?.args && field.name !== "") {
      const node = { name: `${this.file.scope}::${base}`, line: 0, emit: false };
      return { ref: { node, prefix: "", guards: [] }, key: base, consumed: 0, shared: true };
    }
    return undefined;
  }

  /**
   * Whether a struct's field taken as a value holds a router: by its type when this file declares
   * it, else by its struct's or its own name (`Routers.Client`, `conf.mux`): a field of a struct of
   * settings handed on (`cfg := &dendriteCfg.ClientAPI`) is none.
   */
  private mayBeRouterField(owner: Type, field: string): boolean {
    const type = owner.scope === this.file.scope ? this.file.fields.get(`${owner.type}.${field}`) : undefined;
    return type === undefined ? /rout|mux/i.test(`${owner.type}.${field}`) : this.isRouterType(type);
  }

  /** A call that is not on a router: passing routers to it mounts what it registers on them; an auth-like wrapper guards them. */
  private call(chain: GoChain, scope: Scope, statement: boolean): GoRef | undefined {
    const last = chain.links.at(-1);
    if (!last?.args) return undefined;
    const held = chain.links.length === 1 && last.name === "" ? scope.closures?.get(chain.base) : undefined;
    const literal = held && statement ? functionLiteral(this.code, held) : undefined;
    if (literal) {
      // `setup()`: a function literal of this function registers on the routers it captures.
      this.block(literal.body, scope);
      return { prefix: "", guards: [] };
    }
    if (this.spec.call?.(this.context(scope), last.args, chain.start)) return statement ? { prefix: "", guards: [] } : undefined;
    const callee = this.callee(chain, scope);
    // The functions a loop calls from a list the package collects (collectedFunctions): a router of their own.
    if (callee.endsWith("[]")) this.out.node(callee, chain.start);
    // A Huma API made on this router (`humaecho.NewWithGroup(e, g, config)`): the router serves its operations.
    const imported = this.file.imports.get(chain.base) ?? "";
    if (this.spec.id !== "huma" && HUMA_ADAPTER.test(imported) && chain.links.length === 1 && /^(?:New|NewWithGroup)$/.test(last.name)) {
      const served = last.args.map((a) => this.router(a, scope, false)).filter((r): r is GoRef => !!r).at(-1);
      if (served) this.out.mount(served, "", `huma:${this.file.scope}::${scope.name}@${this.source.lineAt(chain.start)}`, [], chain.start);
      return statement ? { prefix: "", guards: [] } : undefined;
    }
    const templates = this.out.templates.get(callee);
    if (templates && statement) return this.wrapped(templates, last.args, scope, chain.start);
    const routers = last.args.map((a) => this.router(a, scope, false)).filter((r): r is GoRef => !!r);
    // A wrapper type's constructor (`NewRouter(e.Group(""))`) gives the router it wraps.
    if (!statement && routers.length === 1 && chain.links.length === 1 && chain.links[0]!.name === "" && this.wrapper.constructors.has(chain.base)) return routers[0];
    // A check wrapping the router (`requireAuth(r)`); not a constructor handed it (`NewOAuthController(cfg, apiRouter)`).
    if (!statement && routers.length === 1 && isGuardName(last.name || chain.base) && !/^New[A-Z]/.test(last.name || chain.base)) {
      this.out.middleware(routers[0]!, "", [[chain.base, ...chain.links.map((l) => l.name)].filter(Boolean).join(".")], chain.start);
      return routers[0];
    }
    routers.forEach((ref, i) => this.out.mount(ref, "", `${callee}${routers.length > 1 ? `#${i + 1}` : ""}`, [], chain.start));
    if (statement) return routers.length > 0 ? { prefix: "", guards: [] } : undefined;
    // A package function's result (`pkg.F(...)`, `F(...)`), not a method's on some value (`e.Group(...)`).
    const fromFunction = chain.links.length === 1 && (chain.links[0]!.name === "" || this.file.imports.has(chain.base));
    return routers.length > 0 ? undefined : { node: { name: callee, line: 0, emit: false }, prefix: "", guards: [], returned: true, ...(fromFunction ? { fromFunction: true } : {}) };
  }

  /**
   * The routes of a call to a route wrapper: its templates with the arguments put in, on the
   * router the call passes when the wrapper takes one. Called from a wrapper being read as a
   * template, with an argument still a marker, they are that wrapper's templates.
   */
  private wrapped(templates: readonly Template[], args: readonly Span[], scope: Scope, at: number): GoRef {
    const ctx = this.context(scope);
    for (const t of templates) {
      // `api.R(r, "/song", model.MediaFile{}, false)`: what the wrapper registers only `if persistable` is not registered.
      const condition = t.when && args[t.when.index] ? this.code.slice(args[t.when.index]!.start, args[t.when.index]!.end).trim() : undefined;
      if (t.when && condition === String(!t.when.value)) continue;
      // Handed on from a wrapper's own parameter (`api.RX(r, pathPrefix, constructor, persistable)`): the condition is that one's.
      const handedOn = t.when && condition !== undefined ? scope.template?.get(condition) : undefined;
      const when = handedOn !== undefined ? { index: parseInt(handedOn.slice(1), 10), value: t.when!.value } : undefined;
      // `api.R(r, "/transcoding", ..., conf.Server.EnableTranscodingConfig)`: registered when that setting is on.
      const setting = t.when?.value && condition !== undefined ? switchKey(condition) : undefined;
      const paths = filled(t.path, args.length, (i) => ctx.value(args[i]));
      if (!paths) continue;
      const caller = t.router !== undefined && args[t.router] ? this.router(args[t.router]!, scope, false) : undefined;
      if (t.owner) this.wrappersCalled.add(t.owner);
      const handler = typeof t.handler === "number" ? args[t.handler] : undefined;
      const named: GoHandler = handler ? goHandlerChain(this.code, [handler], t.order) : { handler: String(t.handler), guards: [] };
      const owner = caller?.node ?? t.owner;
      const guards = [...new Set([...(caller?.guards ?? []), ...t.guards, ...named.guards])];
      for (const path of paths.map((p) => join(caller?.prefix ?? "", p))) {
        if (path.includes(MARK)) {
          const passed = handler && scope.template?.get(this.code.slice(handler.start, handler.end).trim());
          const router = caller?.node && scope.parameters?.get(caller.node);
          if (scope.template) this.out.template(`${this.file.scope}::${scope.name}`, { methods: t.methods, path, owner, guards, handler: passed ? parseInt(passed.slice(1), 10) : named.handler, order: t.order, ...(router !== undefined ? { router } : {}), ...(when ? { when } : {}) });
          continue;
        }
        this.out.route(() => ({ type: "route", framework: this.spec.id, kind: "http", methods: t.methods, path, handler: named.handler, guards, owner: owner?.name ?? "", line: this.source.lineAt(at), ...(named.wrappers ? { helpers: named.wrappers } : {}), ...(named.open ? { declaredPublic: true } : {}), ...(caller?.prefixUnknown ? { prefixUnknown: true } : {}), ...(setting ? { switchedOn: [setting] } : {}) }));
      }
    }
    return { prefix: "", guards: [] };
  }

  /** The qualified name of a called function: `pkg::F`, `scope::Type.Method`, or `*::Method` when the receiver's type is unknown. */
  private callee(chain: GoChain, scope: Scope): string {
    const names = chain.links.filter((l) => l.name !== "").map((l) => l.name);
    if (names.length === 0) {
      // `for _, f := range routerCheckRole { f(v1, auth) }`: each function the package collects in that list (collected below).
      const list = rangedList(this.code, chain.base, chain.start);
      return list ? `${this.file.scope}::${list}[]` : `${this.file.scope}::${chain.base}`;
    }
    if (chain.literal && names.length === 1) return `${this.file.scope}::${chain.base}.${names[0]}`;
    // A constructor's value, named for its type by Go's convention: `Newi18n().mount(r)` calls i18n's mount, `users.NewAPI().Routes()` users' API's.
    // A constructor's value (`Newi18n().mount(r)`, `newAPIKeyHandler(enc, svc).Routes`): the type it returns, read
    // before linking from the package's files (go/field-types.ts), else the one its name tells.
    if (conventionalType(chain.base) && chain.links[0]?.name === "" && chain.links[0].args && names.length === 1) return constructedCall(this.file.scope, chain.base, names[0]!);
    const imported = this.file.imports.get(chain.base);
    const madeThere = /^New(\w+)$/.exec(names[0] ?? "")?.[1];
    if (imported && madeThere && chain.links[0]?.args && names.length === 2) return `${imported}::${madeThere}.${names[1]}`;
    if (imported && names.length === 1) return `${imported}::${names[0]}`;
    const type = scope.types.get(chain.base);
    if (type && names.length === 1) return `${type.scope}::${type.type}.${names[0]}`;
    // The element of a list the loop ranges over: its method is called through an interface, on each type that has it.
    if (!type && names.length === 1 && rangedOver(this.code, chain.base, chain.start)) return `${EACH}${names[0]}`;
    // `a.Accounts.router()`: a field of a struct this file declares has a known type.
    const field = type && names.length === 2 && type.scope === this.file.scope ? this.file.fields.get(`${type.type}.${names[0]}`) : undefined;
    let typed: Type | undefined;
    if (field) this.typeOf(field, (t) => (typed = t));
    if (typed) return `${typed.scope}::${typed.type}.${names[1]}`;
    // A field of a struct another file of the package declares: its type is read before linking (go/field-types.ts).
    if (type && names.length === 2 && type.scope === this.file.scope) return fieldCall(type.scope, type.type, names[0]!, names[1]!);
    return `*::${names.at(-1)}`;
  }

  /** The router an argument is: a router expression, or with `calls`, also what a called function returns (`users.Routes()`). */
  private router(span: Span, scope: Scope, calls: boolean): GoRef | undefined {
    const text = this.code.slice(span.start, span.end);
    const first = text.search(/[A-Za-z_]/);
    if (first === -1 || !/^[\s&]*$/.test(text.slice(0, first)) || /^\s*func\b/.test(text)) return undefined;
    const chain = parseChain(this.code, span.start + first);
    if (this.code.slice(chain.end, span.end).trim()) return undefined;
    const ref = this.evaluate(chain, scope, false);
    // A variable holding what a package function returned is a Huma API (`api := humabridge.NewAPI(e, g)`):
    // elsewhere such values are middleware or handlers as often as routers, and a call handing one on is no mount.
    const humaApi = this.spec.id === "huma" && chain.links.length === 0 && ref?.fromFunction;
    return ref?.node && (calls || !ref.returned || humaApi) ? ref : undefined;
  }

  private context(scope: Scope): GoContext {
    return goContext({ source: this.source, file: this.file, out: this.out, framework: this.spec.id, router: (span, calls) => this.router(span, scope, calls), block: (span, inner) => this.block(span, inner), functionValue: (span) => this.functionValue(span, scope) }, scope);
  }

  /**
   * The qualified name of a function or method taken as a value, not called
   * (`newActionHandler(encoder, svc).Routes`, `h.Routes`, `apiRoutes`): the function whose router
   * parameter a call on it would bind. Undefined for anything else.
   */
  private functionValue(span: Span, scope: Scope): string | undefined {
    const text = this.code.slice(span.start, span.end);
    const first = text.search(/\S/);
    if (first === -1 || !/^[A-Za-z_]/.test(text.slice(first))) return undefined;
    const chain = parseChain(this.code, span.start + first);
    const last = chain.links.at(-1);
    if (this.code.slice(chain.end, span.end).trim() || (last && (last.args || last.name === ""))) return undefined;
    if (!last && (scope.env.has(chain.base) || this.file.imports.has(chain.base))) return undefined;
    // Named as a call of it would be.
    return this.callee({ ...chain, links: last ? [...chain.links.slice(0, -1), { ...last, args: [] }] : [{ name: "", args: [], start: chain.end, end: chain.end }] }, scope);
  }
}

/** Whether the file declares `type name struct { http.Handler; ... }`: a value of it serves as the handler it holds. */
function embedsHandler(code: string, name: string): boolean {
  const declared = new RegExp(String.raw`\btype\s+${name}\s+struct\s*\{`).exec(code);
  if (!declared) return false;
  const open = declared.index + declared[0].length - 1;
  return /(?:^|[\n;])\s*\*?http\.Handler\s*(?:[\n;]|$)/.test(code.slice(open + 1, closing(code, open) - 1));
}

/** A function's name as the walk qualifies it: `Type.Method` for a method, whatever its receiver is written as. */
function qualifiedName(fn: GoFile["functions"][number]): string {
  const receiver = fn.receiver ? fn.receiver.type.replace(/^\*/, "").replace(/\[.*$/, "") : undefined;
  return receiver ? `${receiver}.${fn.name}` : fn.name;
}

/** Whether the innermost block around `at` is an `if`'s (or its `else`'s). */
function inIfBlock(code: string, at: number): boolean {
  const open = openingBrace(code, at);
  return open !== -1 && /(?:\bif\b[^{};]*|\belse\s*)$/.test(code.slice(Math.max(0, open - 300), open));
}

/** The list a `for _, name := range list {` loop written shortly before `at` walks, when `name` is its element. */
function rangedList(code: string, name: string, at: number): string | undefined {
  return new RegExp(String.raw`\bfor\s+\w+\s*,\s*${name}\s*:=\s*range\s+([A-Za-z_]\w*)\s*\{[^}]*$`).exec(code.slice(Math.max(0, at - 400), at))?.[1];
}

/** Whether `name` is the element variable of a `for _, name := range ...` loop written shortly before `at`. */
function rangedOver(code: string, name: string, at: number): boolean {
  return new RegExp(String.raw`\bfor\s+\w+\s*,\s*${name}\s*:=\s*range\b[^{\n]*\{[^}]*$`).test(code.slice(Math.max(0, at - 400), at));
}

/**
 * A project's own router type wrapping the framework's (`type Router struct { *echo.Group }`),
 * as Go apps write to add their own handler signature: its values are routers; a function of
 * the file that builds one from a router (`func NewRouter(g *echo.Group) *Router { return
 * &Router{Group: g} }`) gives that router; its methods that make a group of the one they wrap
 * (`func (r *Router) SubGroup(prefix string, ...) *Router { ... r.Group.Group(prefix, ...) }`)
 * are the framework's `Group`. Its verb methods have the framework's names already.
 */
type RouterWrapper = { types: Set<string>; constructors: Set<string>; methods: Map<string, string>; embedded: Map<string, string> };

const EMBEDDED = /^\s*\*?([A-Za-z_]\w*\.[A-Za-z_]\w*)\s*$/;
const VERB_INTERFACE = /\btype\s+([A-Za-z_]\w*)\s+interface\s*\{/g;

function routerWrapper(code: string, file: GoFile, isFrameworkRouter: (type: string) => boolean): RouterWrapper {
  const types = new Set<string>();
  // The field an embedded router is set through: `*mux.Router` is the field `Router`.
  const embedded = new Map<string, string>();
  for (const m of code.matchAll(STRUCT)) {
    const open = m.index + m[0].length - 1;
    const router = code.slice(open + 1, closing(code, open) - 1).split(/[\n;]/).map((line) => EMBEDDED.exec(line)?.[1] ?? "").find(isFrameworkRouter);
    if (router === undefined) continue;
    types.add(m[1]!);
    embedded.set(m[1]!, router.split(".").at(-1)!);
  }
  // An interface of the file listing the framework's verbs (oapi-codegen's `type EchoRouter interface { GET(path string, ...) ... }`):
  // what is handed as one is a router.
  for (const m of code.matchAll(VERB_INTERFACE)) {
    const open = m.index + m[0].length - 1;
    if ((code.slice(open, closing(code, open)).match(/^\s*(?:GET|POST|PUT|PATCH|DELETE)\s*\(/gm) ?? []).length >= 2) types.add(m[1]!);
  }
  const wrapper: RouterWrapper = { types, constructors: new Set(), methods: new Map(), embedded };
  if (!types.size) return wrapper;
  for (const fn of file.functions) {
    const body = code.slice(fn.body.start, fn.body.end);
    const receiver = fn.receiver?.type.replace(/^\*/, "");
    if (!fn.receiver && fn.params.some((p) => isFrameworkRouter(p.type)) && [...types].some((t) => new RegExp(`\\breturn\\s*&?${t}\\s*\\{`).test(body))) wrapper.constructors.add(fn.name);
    const prefix = fn.params.find((p) => p.type === "string")?.name;
    if (receiver && types.has(receiver) && prefix && new RegExp(`\\.\\s*Group\\s*\\(\\s*${prefix}\\b`).test(body)) wrapper.methods.set(fn.name, "Group");
  }
  return wrapper;
}

// `webPath := "/"`, `var prefix = "/api"`: a string variable of a function, by its first declaration.
const LOCAL_STRING = /^[ \t]*(?:var[ \t]+)?([A-Za-z_]\w*)[ \t]*(?::=|(?:string[ \t]*)?=)[ \t]*"((?:[^"\\\n]|\\.)*)"[ \t]*$/gm;

/**
 * The string variables a function body declares with a literal, by the value they are declared
 * with: the default a later assignment from configuration (`if cfg.Path != "" { webPath = cfg.Path }`)
 * may change at run time, as a sample configuration's value is taken for a prefix read from it.
 */
function localStrings(body: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of body.matchAll(LOCAL_STRING)) if (!found.has(m[1]!)) found.set(m[1]!, m[2]!);
  return found;
}

/** Where the innermost block around `at` closes (the `}` after it), or the end of the code. */
function enclosingBlockEnd(code: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = code[i];
    if (c === "}") depth++;
    else if (c === "{" && depth-- === 0) return closing(code, i);
  }
  return code.length;
}

/**
 * The wrappers a returned expression puts around a name, outermost first: `a.handle(b.handle(mux))`
 * gives `a.handle`, `b.handle` around `mux`. Each call takes that one argument alone.
 */
function wrappersAround(code: string, at: number): { wrappers: string[]; inner: string } | undefined {
  const wrappers: string[] = [];
  let from = at;
  for (let depth = 0; depth < 4; depth++) {
    const call = /^\s*([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)?)\s*\(/.exec(code.slice(from, from + 200));
    if (!call) break;
    const { args } = callArguments(code, from + call[0].length - 1);
    if (args.length !== 1) return undefined;
    wrappers.push(call[1]!.replace(/\s+/g, ""));
    const arg = code.slice(args[0]!.start, args[0]!.end);
    const name = /^\s*([A-Za-z_]\w*)\s*$/.exec(arg)?.[1];
    if (name) return wrappers.length ? { wrappers, inner: name } : undefined;
    from = args[0]!.start;
  }
  return undefined;
}

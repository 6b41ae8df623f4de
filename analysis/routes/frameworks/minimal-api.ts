import { closing } from "../../languages/curly.ts";
import type { Framework } from "../framework.ts";
import { guardedMount } from "../common/mounts.ts";
import { statementEnd } from "../common/values.ts";
import { aspnetGlobals } from "../csharp/globals.ts";
import { pathGuard } from "../csharp/path-middleware.ts";
import { authorization, csharpConstants, csharpValue, namespaceOf, template } from "../csharp/source.ts";
import type { Span } from "../js/objects.ts";
import { CANDIDATE, isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

/**
 * A group: the app, a `MapGroup`, or the group an endpoint extension method receives. The last
 * knows its method's other parameters by position (`this` is 0), and maps a route at a path one of
 * them hands it (`MapGetAndPost(this IEndpointRouteBuilder e, string pattern, ...)`) as a `helper`.
 */
type Group = { name: string; prefix: string; guards: string[]; line: number; params?: ReadonlyMap<string, number>; helper?: Helper };
type Helper = NonNullable<Extract<Registration, { type: "router" }>["helper"]>;
type Ref = { group: Group };
/** One call of a chain; `types` are the simple names among its type arguments (`AddEndpoint<LoginEndpoint>()`). */
type Link = { name: string; args: Span[]; start: number; end: number; types?: string[] };

// Health checks (mapped, or the older middleware `UseHealthChecks("/health")`) and the Prometheus scrape answer any
// method (they map with `Map`); `MapOpenApi` serves the OpenAPI document.
const VERBS: Record<string, string> = { MapGet: "GET", MapPost: "POST", MapPut: "PUT", MapDelete: "DELETE", MapPatch: "PATCH", Map: "ALL", MapHealthChecks: "ALL", UseHealthChecks: "ALL", MapForwarder: "ALL", MapPrometheusScrapingEndpoint: "ALL", MapOpenApi: "GET" };
/** Where an endpoint mapped without a path is served. */
const DEFAULT_PATHS: Record<string, string> = { MapPrometheusScrapingEndpoint: "/metrics", MapOpenApi: "/openapi/{documentName}.json" };
// Endpoints whose arguments after the path are options, not a handler.
const NO_HANDLER = new Set(["UseHealthChecks", "MapHealthChecks", "MapOpenApi"]);
// The fallbacks and how many arguments they take without a pattern (`MapFallbackToPage("/_Host")`,
// `MapFallbackToPage("{*path:nonfile}", "/_Host")`). Not MapFallbackToFile: a single-page app's
// index.html, the browser's routes.
const FALLBACK_ARGUMENTS: Record<string, number> = { MapFallback: 1, MapFallbackToPage: 1, MapFallbackToController: 2 };
/** The handler named on a Blazor Server app's circuit hub, which carries its components' events. */
export const BLAZOR_HUB = "Blazor hub";
// The endpoints `MapIdentityApi<TUser>()` adds (ASP.NET Core Identity, .NET 8).
const IDENTITY = ["POST /register", "POST /login", "POST /refresh", "GET /confirmEmail", "POST /resendConfirmationEmail", "POST /forgotPassword", "POST /resetPassword", "POST /manage/2fa", "GET /manage/info", "POST /manage/info"];
const ROUTER_TYPE = /^(?:this\s+)?(?:IEndpointRouteBuilder|RouteGroupBuilder|WebApplication|IApplicationBuilder)\s+([A-Za-z_]\w*)$/;
// The modifiers are taken whole (a lookahead's capture, matched again) and the white space before
// them stays on their line: the return type's characters take words too, and splitting a run of
// modifiers between the two backtracked for half a minute on one file.
const METHOD = /(?:^|[;{}\]])[ \t]*(?=((?:(?:public|internal|private|protected|static|async)\s+)+))\1[\w<>?.,\s]+?\s([A-Za-z_]\w*)\s*\(/gm;
const CLASS = /(?<![\w.@])(?:class|record|struct)\s+([A-Za-z_]\w*)[^{;]*?\{/g;
// A field or property holding the app (`WebApplication _webService;`, `public required WebApplication App { get; init; }`),
// built in one method and mapped on in others.
const APP_FIELD = /(?:^|[;{}])\s*(?:(?:private|protected|internal|public|readonly|static|required)\s+)*WebApplication\??\s+([A-Za-z_]\w*)\s*(?=[;={])/g;
const TEST_PATH = /(^|\/)[^/]*Tests?\//;

/**
 * ASP.NET Core minimal APIs: `app.MapGet(...)` and the other verbs, `MapMethods` with several
 * methods, `Map` (any method), `MapGroup` groups (nested, stored in variables or chained),
 * `.RequireAuthorization()` on a route or a group (`.AllowAnonymous()` lifts it), YARP's
 * `MapForwarder`, the endpoints of `MapIdentityApi<T>()`, auth-like
 * endpoint filters, `UseEndpoints(e => ...)`, and endpoint extension methods (`this
 * IEndpointRouteBuilder app`, `this RouteGroupBuilder group`) mounted where they are called:
 * `app.MapGroup("/todos").MapTodosApi()` or `TodoEndpoints.Map(app)`, in any file.
 */
export const minimalApi: Framework = {
  id: "minimal-api",
  name: "ASP.NET Core minimal APIs",
  languages: ["csharp"],
  // `.Map\w*(`: the verbs, groups and the app's endpoint extension methods (`orders.MapOrdersApiV1()`).
  hint: /\.Map\w*\s*(?:<[^<>()]*>\s*)?\(|FallbackPolicy|UsePathBase|\.UseHealthChecks\s*\(/,
  scan(source) {
    if (TEST_PATH.test(source.path)) return [];
    const constants = csharpConstants(source);
    const found = new Walker(source, constants).run();
    return [...aspnetGlobals(source, constants, "minimal-api"), ...found];
  },
};

class Walker {
  private readonly groups: Group[] = [];
  private readonly found: Registration[] = [];
  private readonly ns: string;
  /**
   * Extension methods of this file that configure the group they are called on and return it
   * (`static RouteGroupBuilder WithPamDefaults(this RouteGroupBuilder group) { group.RequireAuthorization(...); return group; }`),
   * by name, with the guards they put on it.
   */
  private readonly configurers = new Map<string, string[]>();
  /** The file's methods with a body, by name: a middleware handed by its name is read there. */
  private readonly methods = new Map<string, Span>();

  constructor(private readonly source: RouteSource, private readonly constants: ReadonlyMap<string, string>) {
    this.ns = namespaceOf(source);
  }

  run(): Registration[] {
    const { code } = this.source;
    const classes = [...code.matchAll(CLASS)].map((m) => ({
      name: m[1]!,
      // The interfaces (and base class) it names: `class Acknowledgements : IEndpointV1`.
      bases: [.../^[^:]*:([^{]*)/.exec(m[0])?.[1]?.matchAll(/(?:^|,)\s*(?:[\w]+\s*\.\s*)*([A-Z]\w*)\s*(?=,|$|where\b)/g) ?? []].map((b) => b[1]!),
      start: m.index + m[0].length - 1,
      end: closing(code, m.index + m[0].length - 1),
    }));
    // Each method with a body, read once (the pattern is a costly one).
    const declared = [...code.matchAll(METHOD)].flatMap((m) => {
      const { args, end } = callArguments(code, m.index + m[0].length - 1);
      const body = /^\s*(?:\{|=>)/.exec(code.slice(end, end + 200));
      if (!body) return [];
      const start = end + body[0].length - 1;
      return [{ m, args, span: code[start] === "{" ? { start, end: closing(code, start) } : { start: start + 1, end: statementEnd(code, start + 1) } }];
    });
    // Extension methods that configure their group are known before any chain calls one, wherever it is in the file.
    for (const { m, args, span } of declared) this.configurer(m[2]!, args, span);
    for (const { m, span } of declared) if (!this.methods.has(m[2]!)) this.methods.set(m[2]!, span);
    // The app in a field of a class is one group for all its methods.
    const fields = new Map(classes.map((c) => [c, [...code.slice(c.start, c.end).matchAll(APP_FIELD)].map((f) => f[1]!)] as const));
    const fieldGroups = new Map<string, Ref>();
    for (const { m, args, span } of declared) {
      const params = args.map((a) => ROUTER_TYPE.exec(code.slice(a.start, a.end).trim())?.[1]).filter((p): p is string => !!p);
      // The match may begin at the class's own brace (the first member): that is inside it.
      const owner = classes.filter((c) => c.start <= m.index && m.index < c.end).at(-1);
      const env = new Map<string, Ref>();
      for (const field of owner ? fields.get(owner)! : []) {
        const key = `${owner!.name}.${field}`;
        if (!fieldGroups.has(key)) fieldGroups.set(key, { group: this.group(`${this.ns}::${key}`, "", owner!.start) });
        env.set(field, fieldGroups.get(key)!);
      }
      // The other parameters by position, for a method on one group that maps at a path it is handed.
      const others = params.length === 1 ? new Map(args.map((a, i) => [/([A-Za-z_]\w*)\s*(?:=[^,]*)?$/.exec(code.slice(a.start, a.end).trim())?.[1] ?? "", i] as const)) : undefined;
      params.forEach((p, i) => {
        const group = this.group(`${this.ns}::${owner ? `${owner.name}.` : ""}${m[2]}${params.length > 1 ? `#${i + 1}` : ""}`, "", m.index);
        if (others) group.params = others;
        env.set(p, { group });
        // Mounted where the implementers of its class's interfaces are, should reflection call them (`reflected`).
        for (const type of owner && params.length === 1 ? owner.bases : []) {
          this.found.push({ type: "use", framework: "minimal-api", owner: `*::${type}.${m[2]}()`, prefix: "", args: [group.name], specifiers: [], guards: [], mountOnly: true, line: group.line });
        }
      });
      this.block(span, env);
    }
    // Top-level statements (Program.cs) and code outside any method seen above.
    this.block({ start: 0, end: code.length }, new Map(), declared.map((d) => d.span));
    return [...this.groups.map((g): Registration => ({ type: "router", framework: "minimal-api", name: g.name, prefix: g.prefix, guards: g.guards, line: g.line, ...(g.helper ? { helper: g.helper } : {}) })), ...this.found];
  }

  /**
   * An extension method whose body returns the group it is called on (`this RouteGroupBuilder group`),
   * mapping nothing, configures it: the guards it requires of it (`configurers`).
   */
  private configurer(name: string, args: readonly Span[], span: Span): void {
    const { code } = this.source;
    const receiver = args.length === 1 ? /^\s*this\s+(?:RouteGroupBuilder|IEndpointRouteBuilder)\s+([A-Za-z_]\w*)\s*$/.exec(code.slice(args[0]!.start, args[0]!.end))?.[1] : undefined;
    if (!receiver || code[span.start] !== "{") return;
    const text = code.slice(span.start, span.end);
    if (!new RegExp(String.raw`\breturn\s+${receiver}\s*;`).test(text) || /\.Map\w*\s*(?:<[^<>()]*>\s*)?\(/.test(text)) return;
    const guards = [...text.matchAll(new RegExp(String.raw`(?<![\w.])${receiver}\s*\.\s*RequireAuthorization\s*\(`, "g"))].map((r) =>
      authorization(this.source, this.constants, "RequireAuthorization", callArguments(code, span.start + r.index + r[0].length - 1).args));
    this.configurers.set(name, guards);
  }

  private group(name: string, prefix: string, at: number): Group {
    const group: Group = { name, prefix, guards: [], line: this.source.lineAt(at) };
    this.groups.push(group);
    return group;
  }

  /** Reads the statements of a span in order; `skip` spans (method bodies read on their own) are passed over. */
  private block(span: Span, env: Map<string, Ref>, skip: readonly Span[] = []): void {
    const { code } = this.source;
    const ident = /(?<![\w.])[A-Za-z_]\w*/g;
    ident.lastIndex = span.start;
    for (let m = ident.exec(code); m && m.index < span.end; m = ident.exec(code)) {
      const inside = skip.find((s) => s.start <= m!.index && m!.index < s.end);
      if (inside) {
        ident.lastIndex = inside.end;
        continue;
      }
      const assign = /^\s*(?:[A-Za-z_][\w<>?]*\s+)?([A-Za-z_]\w*)\s*=(?![=>])\s*/.exec(code.slice(m.index, m.index + 200));
      if (m[0] === "var" || (assign && /^[A-Z]/.test(m[0]) && assign[0].includes(" "))) {
        const decl = /^(?:var|[A-Za-z_][\w<>?]*)\s+([A-Za-z_]\w*)\s*=(?![=>])\s*/.exec(code.slice(m.index, m.index + 200));
        if (decl) {
          const start = m.index + decl[0].length;
          const ref = this.expression(start, env);
          if (ref) env.set(decl[1]!, ref);
          if (ref) ident.lastIndex = statementEnd(code, start);
          continue;
        }
      }
      const end = this.statement(m.index, env);
      if (end !== undefined) ident.lastIndex = end;
    }
  }

  /** The group an expression evaluates to: the app (`builder.Build()`), a group variable, or a chain on one; runs what the chain registers. */
  private expression(at: number, env: Map<string, Ref>): Ref | undefined {
    const { code } = this.source;
    const head = /^[A-Za-z_]\w*/.exec(code.slice(at, at + 100))?.[0];
    if (!head) return undefined;
    const links = chain(code, at + head.length);
    if (head === "builder" && links[0]?.name === "Build" || head === "WebApplication" && links[0]?.name === "Create") {
      return { group: this.group(`${this.ns}::app@${this.source.lineAt(at)}`, "", at) };
    }
    const base = env.get(head);
    return base ? this.links(base, links, env) : undefined;
  }

  /** A statement that starts with an identifier: a chain on a group, or a call that passes a group on. */
  private statement(at: number, env: Map<string, Ref>): number | undefined {
    const { code } = this.source;
    const head = /^[A-Za-z_]\w*/.exec(code.slice(at, at + 100))![0];
    // `methodMap!.Invoke(...)`, `type.GetMethod("Map")!.Invoke(...)`.
    const invoked = /^(?:\s*\.\s*GetMethod\s*\([^;]*?\))?\s*!?\s*\.\s*Invoke\s*\(/.exec(code.slice(at + head.length, at + head.length + 300));
    if (invoked) return this.reflected(at, at + head.length + invoked[0].length - 1, env);
    // A static method called by its qualified name (`Endpoints.V1.RemoteControl.MapConditional(group, origin)`).
    const qualified = env.has(head) ? undefined : /^[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)+(?=\s*\.\s*[A-Za-z_]\w*\s*\()/.exec(code.slice(at, at + 200))?.[0];
    const links = chain(code, at + (qualified ?? head).length);
    const base = env.get(head);
    if (base && links.length) {
      this.links(base, links, env);
      return links.at(-1)!.end;
    }
    const call = links.at(-1);
    if (!call) return undefined;
    const passed = call.args.map((a) => env.get(code.slice(a.start, a.end).trim())).filter((r): r is Ref => !!r);
    if (passed.length === 0) return undefined;
    const callee = [(qualified ?? head).split(".").at(-1)!.trim(), ...links.map((l) => l.name)].filter((n) => n !== "()").slice(-2).join(".");
    passed.forEach((ref, i) => this.found.push(...guardedMount("minimal-api", ref.group.name, "", `*::${callee}${passed.length > 1 ? `#${i + 1}` : ""}`, [], this.source.lineAt(at))));
    return call.end;
  }

  /**
   * Endpoint classes found by reflection: every type implementing an interface, its static method
   * called with a group (`var m = type.GetMethod(nameof(IEndpointV1.Map)); m!.Invoke(null, [group]);`
   * over the types whose `ImplementedInterfaces` hold `typeof(IEndpointV1)`). The group mounts the
   * interface's implementers, which each class implementing it mounts its method under (`implementer`).
   */
  private reflected(at: number, open: number, env: Map<string, Ref>): number | undefined {
    const { code } = this.source;
    const { args, end } = callArguments(code, open);
    const handed = args[1] && /^(?:new\s*(?:object\s*)?\[\s*\]\s*\{|\[)\s*([A-Za-z_]\w*)\s*[\]}]$/.exec(code.slice(args[1].start, args[1].end).trim())?.[1];
    const ref = handed ? env.get(handed) : undefined;
    if (!ref) return end;
    // The method is the one the nearest `GetMethod` names, `nameof(IEndpointV1.Map)` or "Map"; the
    // type, the interface there or else the nearest `typeof(...)`.
    const from = Math.max(0, at - 2000);
    const before = code.slice(from, open);
    const getMethod = [...before.matchAll(/\bGetMethod\s*\(/g)].at(-1);
    const named = getMethod ? callArguments(code, from + getMethod.index + getMethod[0].length - 1).args[0] : undefined;
    const nameOf = named && /^\s*nameof\s*\(\s*(?:\w+\s*\.\s*)*?(\w+)\s*\.\s*(\w+)\s*\)\s*$/.exec(code.slice(named.start, named.end));
    const type = nameOf?.[1] ?? [...before.matchAll(/\btypeof\s*\(\s*(?:\w+\s*\.\s*)*(\w+)\s*\)/g)].at(-1)?.[1];
    const name = nameOf?.[2] ?? csharpValue(this.source, this.constants, named);
    if (!type || !name || !/^\w+$/.test(name)) return end;
    const implementers = this.group(`${this.ns}::${type}.${name}()`, "", at);
    this.found.push(...guardedMount("minimal-api", ref.group.name, "", implementers.name, [], implementers.line));
    return end;
  }

  /**
   * `app.Use(WebServiceApiMiddleware)` or `app.Use(async (context, next) => { ... })`: a middleware
   * that refuses callers without credentials guards the app's endpoints it covers, controllers' too
   * (csharp/path-middleware.ts).
   */
  private middleware(arg: Span, at: number): void {
    const { code } = this.source;
    const named = /^\s*([A-Za-z_]\w*)\s*$/.exec(code.slice(arg.start, arg.end))?.[1];
    const lambda = named ? undefined : /^\s*(?:async\s*)?\([^()]*\)\s*=>\s*\{/.exec(code.slice(arg.start, arg.end));
    const open = lambda ? arg.start + lambda[0].length - 1 : undefined;
    const body = named ? this.methods.get(named) : open !== undefined ? { start: open, end: closing(code, open) } : undefined;
    const guard = body && pathGuard(this.source, body);
    if (!guard) return;
    for (const framework of ["minimal-api", "aspnet"]) {
      this.found.push({ type: "global", framework, guard: named ?? "(middleware)", ...(guard.scope ? { scope: guard.scope } : {}), ...(guard.except.length ? { except: guard.except } : {}), line: this.source.lineAt(at) });
    }
  }

  /** `[Authorize(Roles = "Admin")] async (...) => ...`: attributes on a lambda handler guard its route. */
  private lambdaGuards(span: Span | undefined): string[] {
    const { code } = this.source;
    const guards: string[] = [];
    for (let i = span?.start ?? 0; span && code[i] === "["; i = callArguments(code, i).end, i += /^\s*/.exec(code.slice(i))![0].length) {
      for (const item of callArguments(code, i).args) {
        const head = /^Authorize\s*(\()?/.exec(code.slice(item.start, item.end));
        if (head) guards.push(authorization(this.source, this.constants, "Authorize", head[1] ? callArguments(code, item.start + head[0].length - 1).args : []));
      }
    }
    return guards;
  }

  /** Runs the calls of a chain on a group; answers the group the chain ends on. */
  private links(start: Ref, links: readonly Link[], env: Map<string, Ref>): Ref | undefined {
    const { code } = this.source;
    let ref: Ref | undefined = start;
    let route: Registration[] = [];
    let blazorComponents = false;
    for (const link of links) {
      if (!ref && route.length === 0) return undefined;
      const verb = VERBS[link.name];
      if (ref && (verb || link.name === "MapMethods")) {
        const path = link.args[0] ? csharpValue(this.source, this.constants, link.args[0]) : DEFAULT_PATHS[link.name];
        const methods = verb ? [verb] : methodList(this.source, this.constants, link.args[1]);
        const handedPath = path === undefined && link.args[0] ? ref.group.params?.get(code.slice(link.args[0].start, link.args[0].end).trim()) : undefined;
        if (handedPath !== undefined) {
          // The path is the method's parameter: each call of the method maps it (link.ts, `helper`).
          (ref.group.helper ??= []).push(...methods.map((method) => ({ method, path: [handedPath] })));
          return undefined;
        }
        if (path === undefined) return undefined;
        const handler = link.args.at(-1) && link.args.length > (verb ? 1 : 2) && !NO_HANDLER.has(link.name) ? handlerName(code, link.args.at(-1)!) : "(inline)";
        route = [{ type: "route", framework: "minimal-api", kind: "http", methods, path: template(path), handler, guards: this.lambdaGuards(link.args.at(-1)), owner: ref.group.name, line: this.source.lineAt(link.start) }];
        this.found.push(...route);
        ref = undefined;
      } else if (ref && FALLBACK_ARGUMENTS[link.name] !== undefined) {
        // A fallback answers every path no other endpoint does (a Blazor Server app's host page):
        // its own pattern when one comes before its target, else any path.
        const pattern = link.args.length > FALLBACK_ARGUMENTS[link.name]! ? csharpValue(this.source, this.constants, link.args[0]) : "{*path}";
        if (pattern === undefined) return undefined;
        const target = link.args.at(-1);
        const handler = !target ? "(fallback)" : link.name === "MapFallback" ? handlerName(code, target) : csharpValue(this.source, this.constants, target) ?? code.slice(target.start, target.end).trim();
        route = [{ type: "route", framework: "minimal-api", kind: "http", methods: ["ALL"], path: template(pattern), handler, guards: [], owner: ref.group.name, line: this.source.lineAt(link.start) }];
        this.found.push(...route);
        ref = undefined;
      } else if (ref && (link.name === "MapBlazorHub" || (link.name === "AddInteractiveServerRenderMode" && route.length === 0 && blazorComponents))) {
        // Blazor Server's circuit is a SignalR hub, at /_blazor unless MapBlazorHub names a path.
        const path = link.name === "MapBlazorHub" && link.args[0] && code[link.args[0].start] === '"' ? csharpValue(this.source, this.constants, link.args[0]) : "/_blazor";
        if (path === undefined) return undefined;
        const line = this.source.lineAt(link.start);
        this.found.push(
          { type: "route", framework: "minimal-api", kind: "http", methods: ["GET"], path: template(path), handler: BLAZOR_HUB, guards: [], owner: ref.group.name, line },
          { type: "route", framework: "minimal-api", kind: "http", methods: ["POST"], path: template(`${path.replace(/\/$/, "")}/negotiate`), handler: BLAZOR_HUB, guards: [], owner: ref.group.name, line },
        );
        ref = undefined;
      } else if (ref && link.name === "MapRazorComponents") {
        // `MapRazorComponents<App>()`: its `.AddInteractiveServerRenderMode()` below opens the Blazor hub.
        blazorComponents = true;
      } else if (ref && link.name === "MapIdentityApi") {
        for (const endpoint of IDENTITY) {
          const [method, path] = endpoint.split(" ");
          this.found.push({ type: "route", framework: "minimal-api", kind: "http", methods: [method!], path: path!, handler: "MapIdentityApi", guards: [], owner: ref.group.name, line: this.source.lineAt(link.start) });
        }
      } else if (ref && this.configurers.has(link.name)) {
        // The group itself, configured: its guards are the group's, and the chain goes on with it.
        ref.group.guards.push(...this.configurers.get(link.name)!);
      } else if (ref && link.name === "MapHub" && link.types?.length) {
        // A SignalR hub's endpoints, under the path it is mapped at (frameworks/aspnet.ts reads the hub).
        const path = csharpValue(this.source, this.constants, link.args[0]);
        if (path === undefined) return undefined;
        // `.RequireAuthorization("admin")` after it guards the hub's endpoints (ShokoServer's logging hub).
        const required = links.slice(links.indexOf(link) + 1).filter((l) => l.name === "RequireAuthorization").map((l) => authorization(this.source, this.constants, l.name, l.args));
        this.found.push(...guardedMount("minimal-api", ref.group.name, template(path), `aspnet:*::${link.types[0]}`, required, this.source.lineAt(link.start)));
        ref = undefined;
      } else if (ref && link.name === "MapGroup") {
        const prefix = csharpValue(this.source, this.constants, link.args[0]);
        if (prefix === undefined) return undefined;
        const group = this.group(`${ref.group.name}/${prefix}@${this.source.lineAt(link.start)}`, prefix, link.start);
        this.found.push(...guardedMount("minimal-api", ref.group.name, "", group.name, [], group.line));
        ref = { group };
      } else if (link.name === "RequireAuthorization" || (link.name === "AddEndpointFilter" && isGuardName(code.slice(link.start, link.end)))) {
        const guard = link.name === "RequireAuthorization" ? authorization(this.source, this.constants, link.name, link.args) : /<\s*([\w.]+)\s*>/.exec(code.slice(link.start, link.end))?.[1] ?? link.name;
        for (const r of route) if (r.type === "route") r.guards.push(guard);
        if (ref) ref.group.guards.push(guard);
      } else if (/^Require(?!Authorization$|Cors$|Host$|RateLimiting$)[A-Z]\w*$/.test(link.name) && !(ref && this.configurers.has(link.name))) {
        // The app's own requirement (`.RequireManagementKey()`): a guard where its method requires authorization (csharp/convention-guards.ts).
        const candidate = `${CANDIDATE}${link.name}`;
        for (const r of route) if (r.type === "route") r.guards.push(candidate);
        if (ref) ref.group.guards.push(candidate);
      } else if (link.name === "AllowAnonymous") {
        // The route leaves every guard: its own, its groups' and the fallback policy.
        for (const r of route) if (r.type === "route") (r.guards = [], r.anonymous = true);
      } else if (ref && link.name === "UseEndpoints" && link.args[0]) {
        const lambda = /^\s*\(?\s*([A-Za-z_]\w*)\s*\)?\s*=>\s*/.exec(code.slice(link.args[0].start, link.args[0].end));
        if (lambda) this.block({ start: link.args[0].start + lambda[0].length, end: link.args[0].end }, new Map([...env, [lambda[1]!, ref]]));
      } else if (ref && link.name === "Use" && link.args.length === 1) {
        this.middleware(link.args[0]!, link.start);
      } else if (ref && /^[A-Z]\w*$/.test(link.name) && !/^Map(?:Controllers|RazorPages|Fallback\w*|Hub|GrpcService|ControllerRoute|DefaultControllerRoute|Blazor\w*|OpenApi|Swagger\w*|Static\w*|Scalar\w*)$/.test(link.name)) {
        // Any other call on a group may be an endpoint extension method (`MapTodos()`,
        // `AddTagsRoutes()`): mounted when one of that name is found. The chain goes on with what it
        // returns, a group of its own on the group, so that `orders.MapOrdersApiV1().RequireAuthorization()`
        // guards the routes the method maps and not the others of `orders`.
        const returned = this.group(`${ref.group.name}/${link.name}()@${this.source.lineAt(link.start)}`, "", link.start);
        this.found.push(...guardedMount("minimal-api", ref.group.name, "", returned.name, [], returned.line));
        // What it is handed, should it map a route at a path it is given (`e.MapGetAndPost("/api/login", Login)`): the receiver, then the arguments.
        const handed = { args: [null, ...link.args.map((a, i) => (i === link.args.length - 1 ? handlerName(code, a) : csharpValue(this.source, this.constants, a) ?? null))], guards: [] };
        this.found.push({ type: "use", framework: "minimal-api", owner: returned.name, prefix: "", args: [`*::${link.name}`], specifiers: [], guards: [], mountOnly: true, handed, line: this.source.lineAt(link.start) });
        // A class named in its type arguments maps its endpoints on the group (`group.AddEndpoint<LoginEndpoint>()`
        // calls the class's static `MapEndpoint(group)`): its endpoint method, whatever its name.
        for (const type of link.types ?? []) this.found.push(...guardedMount("minimal-api", returned.name, "", `*::${type}.`, [], this.source.lineAt(link.start)));
        ref = { group: returned };
      }
    }
    return ref;
  }
}

/** `.Name(args)` links after an identifier, across lines (C# lets a chain continue on a line starting with a dot). */
function chain(code: string, from: number): Link[] {
  const links: Link[] = [];
  let i = from;
  for (;;) {
    const m = /^\s*\.\s*([A-Za-z_]\w*)\s*(?:<([^<>()]*(?:<[^<>()]*>[^<>()]*)*)>\s*)?\(/.exec(code.slice(i, i + 300));
    const call = !m && links.length === 0 ? /^\s*\(/.exec(code.slice(i, i + 20)) : undefined;
    if (!m && !call) return links;
    const open = i + (m ?? call)![0].length - 1;
    const { args, end } = callArguments(code, open);
    const types = m?.[2]?.split(",").map((t) => t.trim()).filter((t) => /^[A-Z]\w*$/.test(t));
    links.push({ name: m ? m[1]! : "()", args, start: i + (m ? m[0].indexOf(m[1]!) : 0), end, ...(types?.length ? { types } : {}) });
    i = end;
  }
}

/** The methods of `MapMethods(path, new[] { "GET", "POST" }, h)`; `HttpMethods.Get` counts as "GET". */
function methodList(source: RouteSource, constants: ReadonlyMap<string, string>, span: Span | undefined): string[] {
  if (!span) return ["ALL"];
  const named = /^\s*([A-Za-z_]\w*)\s*$/.exec(source.code.slice(span.start, span.end))?.[1];
  // An array of the file's (`static readonly string[] HTTP_METHODS = new string[] { "GET", "POST" };`), read where it is declared.
  const declared = named ? new RegExp(String.raw`\b${named}\s*=\s*(?=new\b[^;{]*\{|\[)`).exec(source.code) : undefined;
  if (declared) span = { start: declared.index + declared[0].length, end: statementEnd(source.code, declared.index + declared[0].length) };
  const text = source.code.slice(span.start, span.end);
  const open = text.includes("{") ? text.indexOf("{") : text.search(/\[(?!\s*\])/);
  const items = open === -1 ? [span] : callArguments(source.code, span.start + open).args;
  const methods = items.map((s) => csharpValue(source, constants, s) ?? /HttpMethods?\s*\.\s*(\w+)/.exec(source.code.slice(s.start, s.end))?.[1]).filter((m): m is string => !!m);
  return methods.length ? methods.map((m) => m.toUpperCase()) : ["ALL"];
}

/** A handler argument: a method group (`TodoHandlers.GetAll`) by its name, a lambda as "(inline)". */
function handlerName(code: string, span: Span): string {
  const text = code.slice(span.start, span.end).trim();
  return /^[A-Za-z_][\w.]*$/.test(text) ? text : "(inline)";
}

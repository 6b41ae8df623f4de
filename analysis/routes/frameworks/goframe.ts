import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { type GoContext, type GoLink, type GoRef, scanGo } from "../go/engine.ts";
import { goFile, STRUCT } from "../go/source.ts";
import { closing } from "../../languages/curly.ts";

const FRAMEWORK = "goframe";
const VERBS: Record<string, string> = { GET: "GET", POST: "POST", PUT: "PUT", DELETE: "DELETE", PATCH: "PATCH", HEAD: "HEAD", OPTIONS: "OPTIONS", CONNECT: "CONNECT", TRACE: "TRACE", ALL: "ALL" };
const META = /^\s*g\.Meta\s+`([^`]*)`/m;
// Package variables holding a controller (`Users = users{}`, `var Users = &users{}`, `new(users)`), alone or in a `var (...)` block.
const CONTROLLER_VARIABLE = /^(?:var\s+)?[ \t]*([A-Za-z_]\w*)\s*(?:\*?[A-Za-z_][\w.]*\s*)?=\s*(?:&\s*([A-Za-z_]\w*)\s*\{\s*\}|([A-Za-z_]\w*)\s*\{\s*\}|new\s*\(\s*([A-Za-z_]\w*)\s*\))/gm;

/**
 * GoFrame (gf v2): `g.Server()` and `s.Group("/api", func(group *ghttp.RouterGroup) {...})`,
 * nested groups each with their own `Middleware`, verbs (`group.GET`) and `BindHandler`; and
 * the standard router, `group.Bind(controller.Users)`: each method of the controller that takes
 * a request struct (`func (c *users) Login(ctx context.Context, req *v1.LoginReq)`) serves the
 * path and method of that struct's `g.Meta` tag (`path:"/users/login" method:"post"`). The
 * struct, the controller and the value bound are routers here, linked by name across packages.
 */
export const goframe: Framework = {
  id: FRAMEWORK,
  name: "GoFrame",
  languages: ["go"],
  hint: /"github\.com\/gogf\/gf|\bctx\s+context\.Context\s*,\s*req\s+\*/,
  scan(source) {
    // Controllers and request structs need not import GoFrame; only router code is walked.
    const routers = /"github\.com\/gogf\/gf/.test(source.text);
    return [
      ...(!routers ? [] : scanGo(source, { id: FRAMEWORK, imports: /^github\.com\/gogf\/gf(?:\/v\d+)?\/(?:frame\/g|net\/ghttp)$/, constructors: /^(?:Server|GetServer)$/, types: /^(?:Server|RouterGroup)$/, chain })),
      ...requestRoutes(source),
      ...controllers(source),
    ];
  },
};

function chain(ctx: GoContext, start: GoRef | undefined, links: readonly GoLink[]): { ref?: GoRef } | undefined {
  if (!start) return undefined;
  let ref = start;
  for (const link of links) {
    const args = link.args;
    if (!args) return undefined;
    const verb = VERBS[link.name];
    if (verb) {
      const path = ctx.value(args[0]);
      if (path === undefined || args.length < 2) return undefined;
      ctx.route(ref, [verb], path, args.slice(1), "last", link.start);
    } else if (link.name === "BindHandler") {
      // `"POST:/users"` names its method; a bare path serves every method.
      const pattern = ctx.value(args[0]);
      if (pattern === undefined || !args[1]) return undefined;
      const m = /^([A-Za-z]+):(\/.*)$/.exec(pattern);
      ctx.route(ref, [m ? m[1]!.toUpperCase() : "ALL"], m ? m[2]! : pattern, args.slice(1), "last", link.start);
    } else if (link.name === "Group") {
      const prefix = ctx.value(args[0]);
      if (prefix === undefined) return undefined;
      // A group is a router of its own: middleware added in it stays with its routes.
      const group = ctx.subrouter(ref, prefix, link.start);
      if (args[1]) ctx.closure(args[1], group);
      ref = group;
    } else if (link.name === "Middleware" || link.name === "Use" || link.name === "BindMiddlewareDefault") {
      ctx.middleware(ref, "", ctx.guards(args), link.start);
    } else if (link.name === "Bind") {
      for (const arg of args) ctx.mountValue(ref, "", arg, link.start);
    } else return link === links[0] ? undefined : { ref };
  }
  return { ref };
}

/** Structs with a `g.Meta` tag that names a path: a router each, serving that path. */
function requestRoutes(source: RouteSource): Registration[] {
  if (!source.code.includes("g.Meta")) return [];
  const file = goFile(source);
  const found: Registration[] = [];
  for (const m of source.code.matchAll(STRUCT)) {
    // Tags are strings, blank in the stripped code: read them from the text, at the same offsets.
    const body = source.text.slice(m.index + m[0].length, closing(source.code, m.index + m[0].length - 1) - 1);
    const tag = META.exec(body)?.[1];
    const path = tag && /(?:^|\s)path:"([^"]*)"/.exec(tag)?.[1];
    if (path === undefined || path === "") continue;
    const methods = (/(?:^|\s)method:"([^"]*)"/.exec(tag!)?.[1] ?? "").split(",").map((v) => v.trim().toUpperCase()).filter(Boolean);
    const name = `${file.scope}::${m[1]}`;
    const line = source.lineAt(m.index);
    found.push({ type: "router", framework: FRAMEWORK, name, prefix: "", guards: [], mountedOnly: true, line });
    found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: methods.length ? methods : ["ALL"], path, handler: m[1]!, guards: [], owner: name, line });
  }
  return found;
}

/**
 * Controllers: a method taking `(ctx context.Context, req *pkg.Req)` mounts the request struct
 * on its receiver's type; a package variable holding the type, and a function returning a new
 * one (`func NewV1() *ControllerV1 { return &ControllerV1{} }`), mount the type.
 */
function controllers(source: RouteSource): Registration[] {
  const file = goFile(source);
  const found: Registration[] = [];
  const router = (name: string, line: number) => found.push({ type: "router", framework: FRAMEWORK, name, prefix: "", guards: [], mountedOnly: true, line });
  const use = (owner: string, child: string, line: number) => found.push({ type: "use", framework: FRAMEWORK, owner, prefix: "", args: [child], specifiers: [], guards: [], mountOnly: true, line });
  const qualified = (type: string) => {
    const [pkg, name] = type.includes(".") ? type.split(".") as [string, string] : [undefined, type];
    const scope = pkg ? file.imports.get(pkg) : file.scope;
    return scope && `${scope}::${name}`;
  };
  const types = new Set<string>();
  for (const fn of file.functions) {
    const line = source.lineAt(fn.start);
    const request = fn.params[1]?.type.match(/^\*([A-Za-z_][\w.]*)$/)?.[1];
    if (fn.receiver && request && /context\.Context$/.test(fn.params[0]!.type)) {
      const receiver = `${file.scope}::${fn.receiver.type.replace(/^\*/, "")}`;
      const child = qualified(request);
      if (!child) continue;
      if (!types.has(receiver)) (types.add(receiver), router(receiver, line));
      use(receiver, child, line);
    } else if (!fn.receiver) {
      const made = /^\s*\{\s*return\s+&\s*([A-Za-z_]\w*)\s*\{\s*\}\s*\}/.exec(source.code.slice(fn.body.start, fn.body.end))?.[1];
      if (made) (router(`${file.scope}::${fn.name}`, line), use(`${file.scope}::${fn.name}`, `${file.scope}::${made}`, line));
    }
  }
  const inside = (at: number) => file.functions.some((f) => f.start <= at && at < f.body.end);
  for (const m of source.code.matchAll(CONTROLLER_VARIABLE)) {
    const type = m[2] ?? m[3] ?? m[4];
    if (!type || inside(m.index) || type === "struct") continue;
    const line = source.lineAt(m.index);
    router(`${file.scope}::${m[1]}`, line);
    use(`${file.scope}::${m[1]}`, `${file.scope}::${type}`, line);
  }
  return found;
}

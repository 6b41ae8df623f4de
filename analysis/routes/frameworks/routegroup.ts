import type { Framework } from "../framework.ts";
import { join } from "../go/chain.ts";
import { type GoContext, type GoLink, type GoRef, scanGo } from "../go/engine.ts";
import { servePattern } from "./nethttp.ts";
import { pingRoutes } from "../go/verbs.ts";

/**
 * go-pkgz/routegroup: bundles over Go's ServeMux (`routegroup.New(http.NewServeMux())`).
 * `Handle`/`HandleFunc` take Go 1.22 patterns (`"GET /users/{id}"`), `HandleRoot(method, h)`
 * serves the bundle's own path, `Mount(prefix)` and `Group()` are new bundles that keep the
 * middleware so far, `With(mw...)` one with more, `Use(mw...)` adds to the bundle's later
 * routes, and `Route(func(b *routegroup.Bundle) {...})` walks a closure on the bundle.
 */
export const routegroup: Framework = {
  id: "routegroup",
  name: "routegroup",
  languages: ["go"],
  hint: /"github\.com\/go-pkgz\/routegroup"|\*routegroup\.Bundle\b/,
  scan: (source) => scanGo(source, { id: "routegroup", imports: /^github\.com\/go-pkgz\/routegroup$/, constructors: /^New$/, types: /^Bundle$/, chain }),
};

function chain(ctx: GoContext, start: GoRef | undefined, links: readonly GoLink[]): { ref?: GoRef; rebind?: boolean } | undefined {
  if (!start) return undefined;
  let ref = start;
  let rebind = false;
  // `Use` on the bundle a variable holds changes that bundle; on one made in the same chain, only that one.
  let derived = false;
  for (const link of links) {
    const args = link.args;
    if (!args) return undefined;
    if (link.name === "Handle" || link.name === "HandleFunc") {
      const pattern = ctx.value(args[0]);
      const parsed = pattern === undefined ? undefined : servePattern(pattern);
      if (!parsed || !args[1]) return undefined;
      ctx.route(ref, [parsed.method ?? "ALL"], parsed.path, args.slice(1), "last", link.start);
    } else if (link.name === "HandleRoot" || link.name === "HandleRootFunc") {
      if (!args[1]) return undefined;
      ctx.route(ref, [ctx.value(args[0])?.toUpperCase() || "ALL"], "", args.slice(1), "last", link.start);
    } else if (link.name === "Use") {
      pingRoutes(ctx, ref, args, link.start);
      ref = { ...ref, guards: [...ref.guards, ...ctx.guards(args)] };
      rebind = !derived;
    } else if (link.name === "With") {
      ref = { ...ref, guards: [...ref.guards, ...ctx.guards(args)] };
      derived = true;
    } else if (link.name === "Group" && !args.length) {
      derived = true;
    } else if (link.name === "Mount" && args.length === 1) {
      const prefix = ctx.value(args[0]);
      if (prefix === undefined) return undefined;
      ref = { node: ref.node, prefix: join(ref.prefix, prefix), guards: ref.guards };
      derived = true;
    } else if (link.name === "Route" && args.length === 1 && /^\s*func\s*\(/.test(ctx.code.slice(args[0]!.start, args[0]!.end))) {
      ctx.closure(args[0]!, ref);
    } else return link === links[0] ? undefined : { ref, rebind };
  }
  return { ref, rebind };
}

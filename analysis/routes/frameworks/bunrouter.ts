import type { Framework } from "../framework.ts";
import { join } from "../go/chain.ts";
import { scanGo, type GoSpec } from "../go/engine.ts";
import { verbs } from "../go/verbs.ts";

const VERBS = verbs(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"], "ANY");
const isClosure = (code: string, span: { start: number; end: number } | undefined) => !!span && /^\s*func\s*\(/.test(code.slice(span.start, span.end));

/**
 * A bunrouter router's calls: the verbs and `Handle(method, path, h)` register a route;
 * `NewGroup(prefix, opts...)` is a group under the prefix, `WithGroup(prefix, func(g) {...})`
 * walks a closure on one, and `WithMiddleware(mw)` (or `Use(mw)`) is the same router with `mw`
 * in front of what is registered on it after, a guard when named like a check. Options
 * (`bunrouter.WithMiddleware(...)` passed to `New` or `NewGroup`) are read the same way.
 */
const chain: GoSpec["chain"] = (ctx, start, links) => {
  if (!start) return undefined;
  let ref = start;
  for (const link of links) {
    const args = link.args;
    if (!args) return undefined;
    const verb = VERBS[link.name];
    if (verb) {
      const path = ctx.path(args[0]);
      if (path === undefined || args.length < 2) return undefined;
      ctx.route(ref, [verb], path.path, args.slice(1), "last", link.start, path.prefixUnknown);
    } else if (link.name === "Handle") {
      const methods = ctx.strings(args[0])?.map((m) => m.toUpperCase());
      const path = ctx.path(args[1]);
      if (!methods || path === undefined) return undefined;
      ctx.route(ref, methods, path.path, args.slice(2), "last", link.start, path.prefixUnknown);
    } else if (link.name === "NewGroup" || link.name === "WithGroup") {
      const prefix = ctx.value(args[0]);
      if (prefix === undefined) return undefined;
      const closure = link.name === "WithGroup" ? args.at(-1) : undefined;
      const options = args.slice(1).filter((a) => a !== closure);
      const group = { node: ref.node, prefix: join(ref.prefix, prefix), guards: [...ref.guards, ...middlewareOptions(ctx, options)] };
      if (closure && isClosure(ctx.code, closure)) ctx.closure(closure, group);
      else ref = group;
    } else if (link.name === "WithMiddleware" || link.name === "Use") {
      ref = { ...ref, guards: [...ref.guards, ...ctx.guards(args)] };
    } else return link === links[0] ? undefined : { ref };
  }
  return { ref };
};

/** The guards of `bunrouter.WithMiddleware(mw)` options: `mw`, when named like a check. */
function middlewareOptions(ctx: Parameters<GoSpec["chain"]>[0], options: readonly { start: number; end: number }[]): string[] {
  return options.flatMap((o) => {
    const inner = /^\s*[A-Za-z_]\w*\s*\.\s*(?:WithMiddleware|Use)\s*\(/.exec(ctx.code.slice(o.start, o.end));
    return inner ? ctx.guards([{ start: o.start + inner[0].length, end: o.end - 1 }]) : [];
  });
}

/** uptrace/bunrouter: `bunrouter.New(...)` routers and their groups (see `chain`). */
export const bunrouter: Framework = {
  id: "bunrouter",
  name: "bunrouter",
  languages: ["go"],
  hint: /"github\.com\/uptrace\/bunrouter"/,
  scan: (source) => scanGo(source, { id: "bunrouter", imports: /^github\.com\/uptrace\/bunrouter$/, constructors: /^New$/, types: /^(?:Router|Group|CompatGroup|VerboseGroup)$/, chain }),
};

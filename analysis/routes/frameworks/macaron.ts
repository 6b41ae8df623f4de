import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import { type GoContext, type GoLink, type GoRef, scanGo } from "../go/engine.ts";
import { groupChain, verbs } from "../go/verbs.ts";

const VERBS = verbs(["Get", "Post", "Put", "Patch", "Delete", "Head", "Options", "Connect", "Trace"], "Any");
const groups = groupChain({ verbs: VERBS, order: "last", handle: /^Handle$/ });
const METHODS = /^\s*[A-Z]+(?:\s*,\s*[A-Z]+)*\s*$/;

/**
 * Macaron (`gopkg.in/macaron.v1`, `github.com/go-macaron/macaron`) and Flamego, its successor:
 * `m.Get(path, mw..., handler)`, `Any`; `m.Group("/admin", func() { m.Get(...) }, reqAdmin)`,
 * whose closure registers on the router it captures, under the group's prefix and behind its
 * middleware; `m.Combo("/avatar", mw...).Get(h).Post(h)`; `m.Route("/x", "GET,POST", h)`
 * (Flamego's `Routes`); `m.Router` handed to a function of the app's. A segment matching one of
 * literal alternatives (`/^:type(issues|pulls)$`) is a route per alternative; `/?:page` is optional.
 */
export const macaron: Framework = {
  id: "macaron",
  name: "Macaron",
  languages: ["go"],
  hint: /"(?:gopkg\.in\/macaron\.v1|github\.com\/go-macaron\/macaron)"/,
  scan: (source) => scanGo(source, { id: "macaron", imports: /^(?:gopkg\.in\/macaron\.v1|github\.com\/go-macaron\/macaron)$/, constructors: /^(?:New|Classic|NewWithLogger)$/, types: /^(?:Macaron|Router)$/, chain }),
};

export const flamego: Framework = {
  id: "flamego",
  name: "Flamego",
  languages: ["go"],
  hint: /"github\.com\/flamego\/flamego"/,
  scan: (source) => scanGo(source, { id: "flamego", imports: /^github\.com\/flamego\/flamego$/, constructors: /^(?:New|Classic|NewWithLogger)$/, types: /^(?:Flame|Router)$/, chain }),
};

function chain(ctx: GoContext, start: GoRef | undefined, links: readonly GoLink[]): { ref?: GoRef; rebind?: boolean } | undefined {
  if (!start) return undefined;
  // `m.Router`: the router a Macaron app embeds, handed to functions that register on it.
  const rest = links[0]?.name === "Router" && !links[0].args ? links.slice(1) : links;
  if (!rest.length) return { ref: start };
  const first = rest[0]!;
  if (!first.args) return undefined;
  if (first.name === "Combo") return combo(ctx, start, first.args, rest.slice(1));
  if ((first.name === "Route" || first.name === "Routes") && first.args.length >= 3) {
    // Macaron writes the path first (`Route("/x", "GET,POST", h)`), Flamego's `Route` the method.
    const [a, b] = [ctx.value(first.args[0]), ctx.value(first.args[1])];
    const [methods, path] = b !== undefined && METHODS.test(b) ? [b, a] : a !== undefined && METHODS.test(a) ? [a, b] : [];
    if (methods === undefined || path === undefined) return undefined;
    route(ctx, start, methods.split(",").map((m) => m.trim()), path, first.args.slice(2), first.start);
    return { ref: start };
  }
  const verb = VERBS[first.name];
  if (verb) {
    const path = ctx.value(first.args[0]);
    if (path === undefined || first.args.length < 2) return undefined;
    route(ctx, start, [verb], path, first.args.slice(1), first.start);
    return { ref: start };
  }
  return groups(ctx, start, rest);
}

/** `Combo(path, mw...).Get(h).Post(bind, h)`: each verb after it a route at the path, behind its middleware. */
function combo(ctx: GoContext, ref: GoRef, args: readonly Span[], links: readonly GoLink[]): { ref: GoRef } | undefined {
  const path = ctx.value(args[0]);
  if (path === undefined) return undefined;
  const guarded: GoRef = { ...ref, guards: [...ref.guards, ...ctx.guards(args.slice(1))] };
  for (const link of links) {
    const verb = VERBS[link.name];
    if (!verb || !link.args) break;
    route(ctx, guarded, [verb], path, link.args, link.start);
  }
  return { ref };
}

function route(ctx: GoContext, ref: GoRef, methods: string[], path: string, handlers: readonly Span[], at: number): void {
  for (const form of forms(path)) ctx.route(ref, methods, form, handlers, "last", at);
}

/**
 * The paths a Macaron pattern stands for: a segment that is a parameter matching one of literal
 * alternatives (`/^:type(issues|pulls)$`) is each alternative; an optional parameter (`/?:page`)
 * is written the way the linker serves with and without it; typed parameters (`:id:int`) lose the type.
 */
function forms(path: string): string[] {
  // A regular expression's anchors and escaped dots (`/compare/:before\\.\\.\\.:after`) are no part of the path.
  const bare = path.replace(/(^|\/)\^/, "$1").replace(/\$$/, "").replace(/\\+\./g, ".").replace(/\/\?:(\w+)/g, "/:$1?").replace(/:(\w+):(?:int|string)\b/g, ":$1");
  const alternatives = /:\w+\(((?:[\w-]+\|)+[\w-]+)\)/.exec(bare);
  if (!alternatives) return [bare];
  return alternatives[1]!.split("|").flatMap((literal) => forms(bare.slice(0, alternatives.index) + literal + bare.slice(alternatives.index + alternatives[0].length)));
}

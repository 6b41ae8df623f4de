import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import type { GoContext, GoLink, GoRef } from "../go/types.ts";
import type { Span } from "../js/objects.ts";
import { literalFields } from "../go/literal-fields.ts";

const SHORTHANDS: Record<string, string> = { Get: "GET", Post: "POST", Put: "PUT", Patch: "PATCH", Delete: "DELETE", Head: "HEAD", Options: "OPTIONS" };

/**
 * Huma (danielgtaylor/huma v2): operations registered on an API (`huma.Register(api,
 * huma.Operation{Method: http.MethodGet, Path: "/things/{id}"}, handler)`, the shorthands
 * `huma.Get(api, path, handler)`, and an app's own wrapper taking a `huma.Operation{...}`), and
 * APIs made by the adapters (`humachi.New(r, config)`, `humaecho.NewWithGroup(e, g, config)`),
 * which the router they are given serves (go/engine.ts mounts them there, for each router framework).
 */
export const huma: Framework = {
  id: "huma",
  name: "Huma",
  languages: ["go"],
  hint: /"github\.com\/danielgtaylor\/huma\/v2(?:\/adapters\/huma\w+)?"/,
  scan: (source) =>
    scanGo(source, { id: "huma", imports: /^github\.com\/danielgtaylor\/huma\/v2(?:\/adapters\/huma\w+)?$/, constructors: /^(?:New|NewWithGroup)$/, types: /^API$/, chain, call: operationCall }),
};

/** `huma.Register(api, op, h)` and `huma.Get(api, "/x", h)`, called on the package. */
function chain(ctx: GoContext, ref: GoRef | undefined, links: readonly GoLink[]): { ref?: GoRef } | undefined {
  const first = links[0];
  if (ref || !first?.args || links.length !== 1) return undefined;
  if (first.name === "Register") return registered(ctx, first.args, first.start) ? {} : undefined;
  const method = SHORTHANDS[first.name];
  const api = first.args[0] && ctx.router(first.args[0]);
  const path = ctx.path(first.args[1]);
  if (!method || !api || !path || !first.args[2]) return undefined;
  ctx.route(api, [method], path.path, [first.args[2]], "last", first.start, path.prefixUnknown);
  return {};
}

/** An app's own call that takes an operation literal (`Register(api, huma.Operation{...}, h)`, a wrapper of huma.Register). */
function operationCall(ctx: GoContext, args: readonly Span[], at: number): boolean {
  return registered(ctx, args, at);
}

/** Registers the operation among `args` on the API among them, handled by the argument after the operation. */
function registered(ctx: GoContext, args: readonly Span[], at: number): boolean {
  const index = args.findIndex((a) => /^\s*&?\s*[A-Za-z_]\w*\s*\.\s*Operation\s*\{/.test(ctx.code.slice(a.start, a.end)));
  const api = index > 0 ? ctx.router(args[0]!) : undefined;
  if (index < 0 || !api || !args[index + 1]) return false;
  const operation = args[index]!;
  const fields = literalFields(ctx, ctx.code.indexOf("{", operation.start));
  const method = ctx.value(fields.get("Method"))?.toUpperCase();
  const path = ctx.path(fields.get("Path"));
  if (!method || !path) return false;
  ctx.route(api, [method], path.path, [args[index + 1]!], "last", at, path.prefixUnknown);
  return true;
}

import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import { join } from "../go/chain.ts";
import { literalFields } from "../go/literal-fields.ts";
import type { GoContext, GoLink, GoRef } from "../go/types.ts";
import type { Span } from "../js/objects.ts";

const text = (ctx: GoContext, span: Span): string => ctx.code.slice(span.start, span.end).trim();
// `rest.WithPrefix("/api")`, `rest.WithJwt(c.Auth.AccessSecret)`: the options of one AddRoutes call.
const OPTION = /^[A-Za-z_]\w*\s*\.\s*(With\w+)\s*\(/;
// `rest.WithMiddlewares([]rest.Middleware{...}, []rest.Route{...}...)`, `rest.WithMiddleware(m, routes...)`.
const WITH_MIDDLEWARE = /^[A-Za-z_]\w*\s*\.\s*WithMiddlewares?\s*\(/;
// `[]rest.Route{ {...}, ... }` and one `rest.Route{...}`.
const ROUTES = /^(\[\]\s*)?[A-Za-z_]\w*\s*\.\s*Route\s*\{/;

/**
 * go-zero (zeromicro/go-zero `rest`): a server (`rest.MustNewServer(c.RestConf)`) serves the
 * route tables handed to `AddRoutes` (`[]rest.Route{{Method: http.MethodGet, Path: "/x/:id",
 * Handler: h}}`, as goctl writes them into `internal/handler/routes.go`) under the call's options:
 * `rest.WithPrefix` puts a prefix in front, `rest.WithJwt` (and `WithJwtTransition`) refuses a
 * caller without a valid token, and the middleware a table is wrapped in
 * (`rest.WithMiddlewares([]rest.Middleware{serverCtx.Authority}, ...)`) guards it when named like
 * a check, as `server.Use(m)` does every route of the server.
 */
export const goZero: Framework = {
  id: "go-zero",
  name: "go-zero",
  languages: ["go"],
  hint: /"github\.com\/zeromicro\/go-zero\/rest"/,
  scan: (source) => scanGo(source, { id: "go-zero", imports: /^github\.com\/zeromicro\/go-zero\/rest$/, constructors: /^(?:MustNewServer|NewServer)$/, types: /^Server$/, chain }),
};

function chain(ctx: GoContext, ref: GoRef | undefined, links: readonly GoLink[]): { ref?: GoRef; rebind?: boolean } | undefined {
  const link = links[0];
  if (!ref || !link?.args || links.length !== 1) return undefined;
  if (link.name === "Use") {
    ctx.middleware(ref, "", ctx.guards(link.args), link.start);
    return { ref };
  }
  if (link.name !== "AddRoutes" && link.name !== "AddRoute") return undefined;
  const [table, ...options] = link.args;
  if (!table) return undefined;
  let served: GoRef = ref;
  for (const option of options) {
    const name = OPTION.exec(text(ctx, option))?.[1];
    if (name === "WithPrefix") {
      const prefix = ctx.path(ctx.arguments(ctx.code.indexOf("(", option.start))[0]);
      if (!prefix) return undefined;
      served = { ...served, prefix: join(served.prefix, prefix.path), ...(prefix.prefixUnknown ? { prefixUnknown: true } : {}) };
    } else if (name === "WithJwt" || name === "WithJwtTransition") served = { ...served, guards: [...served.guards, `rest.${name}`] };
  }
  routes(ctx, served, table);
  return { ref };
}

/** Registers the routes of a table (or one route), through the middleware wrappers around it. */
function routes(ctx: GoContext, ref: GoRef, span: Span): void {
  const written = text(ctx, span).replace(/\.\.\.$/, "").trim();
  const start = span.start + ctx.code.slice(span.start, span.end).indexOf(written[0] ?? "");
  if (WITH_MIDDLEWARE.test(written)) {
    const [middleware, ...tables] = ctx.arguments(ctx.code.indexOf("(", start));
    if (!middleware) return;
    const listed = /^\[\]/.test(text(ctx, middleware)) ? ctx.arguments(ctx.code.indexOf("{", middleware.start)) : [middleware];
    const guarded = { ...ref, guards: [...ref.guards, ...ctx.guards(listed)] };
    for (const table of tables) routes(ctx, guarded, table);
    return;
  }
  const literal = ROUTES.exec(written);
  if (!literal) return;
  const open = ctx.code.indexOf("{", start + literal[0].length - 1);
  for (const route of literal[1] ? ctx.arguments(open) : [{ start: open, end: span.end }]) {
    const brace = ctx.code.indexOf("{", route.start);
    const fields = literalFields(ctx, brace);
    const method = ctx.value(fields.get("Method"))?.toUpperCase();
    const path = ctx.path(fields.get("Path"));
    const handler = fields.get("Handler");
    if (!method || !path || !handler) continue;
    ctx.route(ref, [method], path.path, [handler], "last", brace, path.prefixUnknown);
  }
}

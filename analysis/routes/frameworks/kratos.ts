import type { Framework } from "../framework.ts";
import { join } from "../go/chain.ts";
import { scanGo, type GoSpec } from "../go/engine.ts";
import { verbs } from "../go/verbs.ts";

const VERBS = verbs(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "CONNECT", "TRACE"], "Handle");

/**
 * A Kratos router's calls: `Route(prefix, filters...)` and `Group(prefix, filters...)` give a
 * router under the prefix, whose filters guard what is registered on it when named like a check;
 * the verbs register a route (`r.POST("/api/users/login", handler)`).
 */
const chain: GoSpec["chain"] = (ctx, start, links) => {
  if (!start) return undefined;
  let ref = start;
  for (const link of links) {
    const args = link.args;
    if (!args) return undefined;
    const verb = link.name === "Handle" ? undefined : VERBS[link.name];
    if (verb) {
      const path = ctx.path(args[0]);
      if (path === undefined || args.length < 2) return undefined;
      ctx.route(ref, [verb], path.path, args.slice(1), "first", link.start, path.prefixUnknown);
    } else if (link.name === "Route" || link.name === "Group") {
      const prefix = ctx.value(args[0]);
      if (prefix === undefined) return undefined;
      ref = { node: ref.node, prefix: join(ref.prefix, prefix), guards: [...ref.guards, ...ctx.guards(args.slice(1))] };
    } else return link === links[0] ? undefined : { ref };
  }
  return { ref };
};

/**
 * Kratos (go-kratos): the HTTP server of `transport/http` (`http.NewServer(...)`) and the
 * routers it hands out. Its routes are mostly written by protoc-gen-go-http from a service's
 * `google.api.http` annotations, into a `Register<Service>HTTPServer(s *http.Server, srv)`
 * function the application calls with its server: generated, and served all the same.
 */
export const kratos: Framework = {
  id: "kratos",
  name: "Kratos",
  languages: ["go"],
  hint: /"github\.com\/go-kratos\/kratos\/v2\/transport\/http"/,
  scan(source) {
    const registrations = scanGo(source, { id: "kratos", imports: /^github\.com\/go-kratos\/kratos\/v2\/transport\/http$/, constructors: /^NewServer$/, types: /^(?:Server|Router)$/, chain });
    // A generated handler (`_User_Login0_HTTP_Handler(srv)`) serves the service's method: `User.Login`.
    const lines = source.text.split("\n");
    return registrations.map((r) => {
      const generated = r.type === "route" ? GENERATED_HANDLER.exec(lines[r.line - 1] ?? "") : null;
      return generated && r.type === "route" ? { ...r, handler: `${generated[1]}.${generated[2]}` } : r;
    });
  },
};

const GENERATED_HANDLER = /\b_([A-Za-z]\w*?)_([A-Za-z]\w*?)\d+_HTTP_Handler\s*\(/;

import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import { groupChain, verbs } from "../go/verbs.ts";

// A router's `Route(prefix, filters...)` and `Group(prefix, filters...)` are groups under the
// prefix, whose filters guard what is registered on them when named like a check; `Handle(method,
// path, h)` and the verbs register routes.
const chain = groupChain({ verbs: verbs(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "CONNECT", "TRACE"], "Any"), order: "first", handle: /^Handle$/ });

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

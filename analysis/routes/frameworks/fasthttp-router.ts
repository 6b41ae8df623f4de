import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import { groupChain, verbs } from "../go/verbs.ts";

const chain = groupChain({ verbs: verbs(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "CONNECT", "TRACE"], "ANY"), order: "last", handle: /^Handle$/ });

/**
 * fasthttp/router (the router of fasthttp apps, Authelia's): `router.New()` routers and their
 * `Group(prefix)` groups, the verb methods (`r.GET(path, h)`), `ANY`, and `Handle` with the method
 * first; the handler's wrapper (`middleware1FA(h)`) guards it when named like a check.
 */
export const fasthttpRouter: Framework = {
  id: "fasthttp-router",
  name: "fasthttp/router",
  languages: ["go"],
  hint: /"github\.com\/fasthttp\/router"/,
  scan: (source) => scanGo(source, { id: "fasthttp-router", imports: /^github\.com\/fasthttp\/router$/, constructors: /^New$/, types: /^(?:Router|Group)$/, chain }),
};

import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import { groupChain, verbs } from "../go/verbs.ts";

// `Del` is its DELETE; `WithPrefix("/api/v1")` a group; `WithInstrumentation(...)` a router wrapping each handler, no guard.
const chain = groupChain({
  verbs: { ...verbs(["Get", "Post", "Put", "Patch", "Head", "Options"], "Any"), Del: "DELETE" },
  order: "last",
  handle: /^(?!)$/,
  names: { WithPrefix: "Group", WithInstrumentation: "With" },
});

/**
 * prometheus/common's `route` package, the httprouter wrapper Prometheus and Alertmanager serve
 * with: `route.New()` routers, the verb methods (`r.Get(path, h)`, `r.Del(...)`) and
 * `WithPrefix` groups, passed on to the functions that register on them (`api.Register(r)`).
 */
export const prometheusRoute: Framework = {
  id: "prometheus-route",
  name: "prometheus/common route",
  languages: ["go"],
  hint: /"github\.com\/prometheus\/common\/route"/,
  scan: (source) => scanGo(source, { id: "prometheus-route", imports: /^github\.com\/prometheus\/common\/route$/, constructors: /^New$/, types: /^Router$/, chain }),
};

import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import { groupChain, verbs } from "../go/verbs.ts";

const chain = groupChain({
  verbs: { ...verbs(["Get", "Post", "Put", "Patch", "Delete", "Head", "Options", "Connect", "Trace"], "Handle"), HandleFunc: "ALL" },
  order: "last",
  handle: /^Method(?:Func)?$/,
  heartbeat: true,
});

/**
 * chi: `chi.NewRouter()`, verbs, `Handle`/`HandleFunc` (any method), `Method`, sub-routers
 * written in place (`r.Route("/x", func(r chi.Router) {...})`, `r.Group(func(r chi.Router) {...})`),
 * `r.With(auth).Get(...)`, `r.Use(...)` and `r.Mount("/x", sub)` with a router or a function
 * returning one (`users.Routes()`), followed across files.
 */
export const chi: Framework = {
  id: "chi",
  name: "chi",
  languages: ["go"],
  hint: /"github\.com\/go-chi\/chi(?:\/v\d+)?"|\.(?:Get|Post|Put|Patch|Delete|Route|Mount)\s*\(\s*"\//,
  scan: (source) => scanGo(source, { id: "chi", imports: /^github\.com\/go-chi\/chi(?:\/v\d+)?$/, constructors: /^New(?:Router|Mux)$/, types: /^(?:Router|Mux)$/, chain }),
};

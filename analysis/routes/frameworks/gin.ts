import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import { groupChain, verbs } from "../go/verbs.ts";
import { withLibraryRoutes } from "../go/library-routes.ts";

const chain = groupChain({ verbs: verbs(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"], "Any"), order: "last", handle: /^Handle$/, match: /^Match$/ });

/**
 * Gin: `gin.Default()`/`gin.New()` engines, `r.Group("/v1", mw...)` groups, verbs with a
 * middleware chain ending in the handler, `Any`, `Handle` and `Match`, and `Use`, which guards
 * the routes registered after it; groups passed into functions are followed across files;
 * gin-contrib/pprof's `pprof.Register(r, prefix)` serves the profiler (go/library-routes.ts).
 */
export const gin: Framework = {
  id: "gin",
  name: "Gin",
  languages: ["go"],
  hint: /"github\.com\/gin-gonic\/gin"|\.(?:GET|POST|PUT|PATCH|DELETE|Group)\s*\(\s*"/,
  scan: (source) => withLibraryRoutes(source, scanGo(source, { id: "gin", imports: /^github\.com\/gin-gonic\/gin$/, constructors: /^(?:Default|New)$/, types: /^(?:Engine|RouterGroup|IRouter|IRoutes)$/, chain })),
};

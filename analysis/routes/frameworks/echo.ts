import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import { groupChain, verbs } from "../go/verbs.ts";

const chain = groupChain({ verbs: verbs(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "CONNECT", "TRACE"], "Any"), order: "first", handle: /^Add$/, match: /^Match$/ });

/**
 * Echo: `echo.New()`, `e.Group("/api", mw...)` groups, verbs whose handler comes first and
 * route middleware after it (`e.GET(path, h, auth)`), `Any`, `Add`, `Match`, and `Use`.
 */
export const echo: Framework = {
  id: "echo",
  name: "Echo",
  languages: ["go"],
  hint: /"github\.com\/labstack\/echo(?:\/v\d+)?"|\.(?:GET|POST|PUT|PATCH|DELETE|Group)\s*\(\s*"/,
  scan: (source) => scanGo(source, { id: "echo", imports: /^github\.com\/labstack\/echo(?:\/v\d+)?$/, constructors: /^New$/, types: /^(?:Echo|Group)$/, chain }),
};

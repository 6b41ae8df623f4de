import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import { groupChain, verbs } from "../go/verbs.ts";

const chain = groupChain({ verbs: verbs(["Get", "Post", "Put", "Patch", "Delete", "Head", "Options", "Connect", "Trace"], "All"), order: "last", handle: /^Add$/ });

/**
 * Fiber: `fiber.New()` apps, `app.Group("/api", mw...)`, `app.Route("/x", func(r fiber.Router) {...})`,
 * verbs with handlers last, `Add`, `Use` (with a path prefix it guards that subtree, with a
 * sub-app it mounts it) and `Mount`.
 */
export const fiber: Framework = {
  id: "fiber",
  name: "Fiber",
  languages: ["go"],
  hint: /"github\.com\/gofiber\/fiber(?:\/v\d+)?"|\.(?:Get|Post|Put|Patch|Delete|Group)\s*\(\s*"\//,
  scan: (source) => scanGo(source, { id: "fiber", imports: /^github\.com\/gofiber\/fiber(?:\/v\d+)?$/, constructors: /^New$/, types: /^(?:App|Router|Group)$/, chain }),
};

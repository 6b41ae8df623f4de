import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import { groupChain, verbs } from "../go/verbs.ts";

// `NewGroup(prefix, opts...)` is a group under the prefix, `WithGroup(prefix, func(g) {...})` walks
// a closure on one, and `WithMiddleware(mw)` is the same router with `mw` in front of what is
// registered on it, a guard when named like a check.
const chain = groupChain({
  verbs: verbs(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"], "ANY"),
  order: "last",
  handle: /^Handle$/,
  names: { NewGroup: "Group", WithGroup: "Group", WithMiddleware: "With" },
});

/** uptrace/bunrouter: `bunrouter.New(...)` routers and their groups (see `chain`). */
export const bunrouter: Framework = {
  id: "bunrouter",
  name: "bunrouter",
  languages: ["go"],
  hint: /"github\.com\/uptrace\/bunrouter"/,
  scan: (source) => scanGo(source, { id: "bunrouter", imports: /^github\.com\/uptrace\/bunrouter$/, constructors: /^New$/, types: /^(?:Router|Group|CompatGroup|VerboseGroup)$/, chain }),
};

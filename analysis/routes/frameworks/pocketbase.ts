import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import type { GoSpec } from "../go/types.ts";
import { groupChain, verbs } from "../go/verbs.ts";

const VERBS = verbs(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "SEARCH"], "Any");
// `Bind(apis.RequireAuth())` and `BindFunc(fn)` add middleware to a group as Gin's `Use` does.
const group = groupChain({ verbs: VERBS, order: "last", handle: /^Route$/, names: { Bind: "Use", BindFunc: "Use" } });

/**
 * The chain on a ServeEvent: its `Router` field is the router (`se.Router.GET(...)`,
 * `se.Router.Group("/api/x")`). A call after a verb binds middleware to that route alone
 * (`.BindFunc(requireAdminRole)`): not read, so it guards nothing here rather than the group.
 */
const chain: GoSpec["chain"] = (ctx, ref, links) => {
  const onRouter = links[0]?.name === "Router" && !links[0].args ? links.slice(1) : links;
  const verb = onRouter.findIndex((link) => link.name in VERBS || link.name === "Route");
  return group(ctx, ref, verb === -1 ? onRouter : onRouter.slice(0, verb + 1));
};

/**
 * PocketBase (v0.23 and later) as a Go framework: the routes an app adds in its serve hook
 * (`app.OnServe().BindFunc(func(se *core.ServeEvent) error { se.Router.GET("/hello", h) })`),
 * groups (`se.Router.Group("/api/x")`) and the middleware bound to them (`Bind(apis.RequireAuth())`).
 * PocketBase's own REST API is not listed.
 */
export const pocketbase: Framework = {
  id: "pocketbase",
  name: "PocketBase",
  languages: ["go"],
  hint: /"github\.com\/pocketbase\/pocketbase\/core"/,
  scan: (source) => scanGo(source, { id: "pocketbase", imports: /^github\.com\/pocketbase\/pocketbase\/core$/, constructors: /^(?!)$/, types: /^ServeEvent$/, chain }),
};

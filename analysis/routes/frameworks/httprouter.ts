import type { Framework } from "../framework.ts";
import { scanGo } from "../go/engine.ts";
import { groupChain, verbs } from "../go/verbs.ts";

const chain = groupChain({ verbs: verbs(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"], "Any"), order: "last", handle: /^(?:Handle|Handler|HandlerFunc)$/ });

/**
 * julienschmidt/httprouter: `httprouter.New()` routers, the verb methods (`r.GET(path, h)`) and
 * `Handle`, `Handler` and `HandlerFunc` with the method first (`http.MethodPost` or "POST");
 * the handler's wrapper (`requireUser(h)`) guards it when named like a check.
 */
export const httprouter: Framework = {
  id: "httprouter",
  name: "httprouter",
  languages: ["go"],
  hint: /"github\.com\/julienschmidt\/httprouter"/,
  scan: (source) => scanGo(source, { id: "httprouter", imports: /^github\.com\/julienschmidt\/httprouter$/, constructors: /^New$/, types: /^Router$/, chain }),
};

import { dirOf } from "../../project.ts";
import { configuredPlaceholder } from "../common/configured.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";

const FRAMEWORK = "go-swagger";
// `o.handlers["GET"]["/alerts/groups"] = alertgroup.NewGetAlertGroups(o.context, o.AlertgroupGetAlertGroupsHandler)`
const HANDLER = /\bo\.handlers\[\s*"([A-Z]+)"\s*\]\[\s*"([^"\n]*)"\s*\]\s*=\s*([\w.]+)/g;
// The API has security schemes when its contract has security definitions: `AuthenticatorsFor` then
// names them, rather than answering nil.
const NO_SCHEMES = /\bAuthenticatorsFor\s*\([^)]*\)\s*map\[string\]runtime\.Authenticator\s*\{\s*return\s+nil\s*\}/;
const SCHEMES = /\bAuthenticatorsFor\s*\(/;

/**
 * A go-swagger server (`swagger generate server`): the generated `restapi/operations/<name>_api.go`
 * fills a table of handlers by method and path, served under the contract's base path (in the
 * package's embedded spec, go/swagger-base.ts). Mounting the API's handler (`mux.Handle("/api/v2/",
 * api.Handler)`) hands its paths through as they are. Where the contract has security
 * definitions, the generated operations authorize each request before the app's handler: its
 * routes carry that check (`swagger-security`); a contract that secures only some operations is
 * not read here.
 */
export const goSwagger: Framework = {
  id: FRAMEWORK,
  name: "go-swagger",
  languages: ["go"],
  paths: /(?:^|\/)operations\/[^/]+_api\.go$/,
  contains: "o.handlers[",
  hint: /\bo\.handlers\[/,
  scan(source) {
    const base = configuredPlaceholder("swagger", dirOf(dirOf(source.path)));
    const guards = SCHEMES.test(source.code) && !NO_SCHEMES.test(source.code) ? ["swagger-security"] : [];
    const routes: Registration[] = [...source.text.matchAll(HANDLER)].map((m) => ({
      type: "route",
      framework: FRAMEWORK,
      kind: "http",
      methods: [m[1]!],
      path: `${base}${m[2]}`,
      handler: m[3]!,
      guards,
      owner: "api",
      line: source.lineAt(m.index),
    }));
    return routes.length ? [{ type: "router", framework: FRAMEWORK, name: "api", prefix: "", guards: [], line: 1 }, ...routes] : [];
  },
};

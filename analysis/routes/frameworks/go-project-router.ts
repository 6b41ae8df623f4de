import type { Framework } from "../framework.ts";
import { type GoContext, type GoLink, type GoRef, type GoSpec, scanGo } from "../go/engine.ts";
import type { RouteSource } from "../source.ts";
import { ROUTER_OWNERS } from "../go/router-packages.ts";
import { groupChain, verbs } from "../go/verbs.ts";

// The routers of the frameworks other scanners read, and packages that are no router at all.
const FRAMEWORK_PACKAGE = new RegExp(String.raw`^(?:net\/http|github\.com\/(?:${ROUTER_OWNERS})\/|github\.com\/prometheus\/common\/route$|gopkg\.in\/macaron|google\.golang\.org\/)`);
// A package of the project's own (or a library's) that is not one of those.
const PROJECT_PACKAGE = new RegExp(`^(?!${FRAMEWORK_PACKAGE.source.slice(1)})[\\w.-]+\\.[\\w.-]+\\/\\S+$`);

// Verb methods named either way: Fider's `r.Get(...)`, Ory's `public.GET(...)`; prometheus/common's route names DELETE `Del`.
const groups = groupChain({
  verbs: { ...verbs(["Get", "Post", "Put", "Patch", "Delete", "Head", "Options"], "Any"), ...verbs(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"], "Any"), Del: "DELETE" },
  order: "last",
  handle: /^Handle$/,
});

/**
 * A Go application's own router type, wrapping a framework's as Fider's `web.Engine` wraps
 * httprouter: a function handed one (`func routes(r *web.Engine)`, a type named `Engine`,
 * `Router`, `Group`, `RouterGroup`, `Mux` or `App`, or Ory's `RouterPublic`/`RouterAdmin`, of a package that is no framework the other
 * scanners read) registers routes with its verb methods (`r.Get("/posts/:number", h)`), makes
 * groups (`ui := r.Group()`, which shares the router's prefix and middleware so far) and adds
 * middleware for what follows (`ui.Use(middlewares.IsAuthenticated())`).
 */
export const goProjectRouter: Framework = {
  id: "go-router",
  name: "Go (the project's router)",
  languages: ["go"],
  // A verb with a literal path, or a parameter of a router type: a pointer, or an interface (`r httprouterx.Router`).
  hint: /\.\s*(?:Get|Post|Put|Patch|Delete)\s*\(\s*"\/|\*\w+\.Router\w*\b|[(,]\s*\w+\s+\w+\.Router\b|\)\s*\*?\w+\.I(?:Routes|Router)\b/,
  scan: (source) => scanGo(source, SPEC),
};

// A parameter a group's `Handle` is handed to: `attachHandler func(method string, path string, f ...gin.HandlerFunc) gin.IRoutes`.
const HANDLE_FUNCTION = /^func\s*\([^]*\)\s*\*?(?:[A-Za-z_]\w*\.)?(?:IRoutes|IRouter)$/;

const SPEC: GoSpec = { id: "go-router", imports: PROJECT_PACKAGE, constructors: /(?!)/, types: /^(?:Engine|Router|Group|RouterGroup|Mux|App|Router(?:Public|Admin|Private|Internal))$/, chain, handle: { method: "Handle", parameter: HANDLE_FUNCTION } };

/** A file read with its package's own router wrapper known (go/package-router-wrappers.ts): `r := newRouter()`, `func(r *router)`. */
export const scanWithPackageRouter = (source: RouteSource, local: NonNullable<GoSpec["local"]>) => scanGo(source, { ...SPEC, local });


function chain(ctx: GoContext, start: GoRef | undefined, given: readonly GoLink[]): { ref?: GoRef; rebind?: boolean } | undefined {
  if (!start) return undefined;
  // The router's own methods named for a group (GoToSocial's `r.AttachGroup("api")`) make one, and so
  // does prometheus/common's `r.WithPrefix("/api/v1")`.
  const links = given.map((l) => ((/^[A-Z]\w*Group$/.test(l.name) || l.name === "WithPrefix") && l.args?.length ? { ...l, name: "Group" } : l));
  // `r.Group()` with no prefix: a group of the same routes, with the middleware so far.
  if (links[0]?.name === "Group" && links[0].args?.length === 0) {
    const ref = { ...start };
    return links.length === 1 ? { ref } : groups(ctx, ref, links.slice(1));
  }
  return groups(ctx, start, links);
}

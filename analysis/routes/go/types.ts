import type { Span } from "../js/objects.ts";
import type { GoLink } from "./chain.ts";

export type { GoLink } from "./chain.ts";

/** A router the scanner saw: created here, a router parameter, or one named elsewhere (`emit: false`). */
/** `made`: the name the walk gave it where it was made, before a `return` renamed it for its function. */
/**
 * A router the walk made. `made`: the name it was made under; `embedded`: the name of the struct
 * field it is embedded as (`auth::Handler.Router`), by which a value of that type finds it.
 */
export type GoNode = { name: string; line: number; emit: boolean; made?: string; handed?: true; embedded?: string };

/**
 * Where routes registered through an expression land: a router, the prefix and the guards the
 * expression adds. No node: Go's default mux, whose paths are complete. `returned`: the router
 * a called function returns, if it returns one.
 */
/** A router as the walk holds it; `prefixUnknown` when its prefix follows a value not read (`r.Group(conf.BaseURL + "/api")`). */
/** `callAs`: the value is a router's registering method (`group.Handle`, a parameter typed as one): calling it calls that method. */
/** `open`: a group the code names for callers without an account (`publicAPI := server.Group("/")`): what it serves unguarded is public on purpose. */
export type GoRef = { node?: GoNode; prefix: string; guards: string[]; returned?: boolean; prefixUnknown?: boolean; fromFunction?: boolean; callAs?: string; open?: boolean };

/** What a framework's `chain` can ask of the walker while it reads one call chain. */
export type GoContext = {
  code: string;
  value(span: Span | undefined): string | undefined;
  /**
   * A route's path: its value, or, written after a prefix held in a field or variable not read
   * (`options.BaseURL + "/articles"`, as oapi-codegen generates), the rest with `prefixUnknown`.
   */
  path(span: Span | undefined): { path: string; prefixUnknown?: true } | undefined;
  /** `[]string{"GET", "POST"}` or one string. */
  strings(span: Span | undefined): string[] | undefined;
  /** `handler` names the handler when the arguments do not (Beego's `"get:Login"` names a method of the controller argument). */
  route(ref: GoRef, methods: string[], path: string, args: readonly Span[], order: "first" | "last", at: number, prefixUnknown?: boolean, handler?: string): void;
  /** Mounts the router an expression names (a variable, `users.Routes()`, `http.StripPrefix("/x", sub)`) under `prefix`. */
  mount(ref: GoRef, prefix: string, target: Span, at: number): void;
  /**
   * Mounts what a value names, by its qualified name, on `ref` under `prefix`: a package
   * variable (`controller.Users`), a constructor's result (`user.NewV1()`) or a literal
   * (`&Users{}`), which the framework's own registrations make routers.
   */
  mountValue(ref: GoRef, prefix: string, target: Span, at: number): void;
  /** A new router mounted on `ref` under `prefix` (gorilla's `Subrouter()`): its middleware is its own. */
  subrouter(ref: GoRef, prefix: string, at: number): GoRef;
  /** Walks a `func(r chi.Router) { ... }` argument, or a variable holding one, with its parameter bound to `ref`. */
  closure(target: Span, ref: GoRef): void;
  /** Whether an argument is a function literal or a variable of the function holding one (`webhookRoutes := func() {...}`). */
  isClosure(span: Span | undefined): boolean;
  /** Guards every route of the framework whose full path matches `pattern` (`/api/*`), in whatever file or router it is registered. */
  globalGuards(names: string[], pattern: string, at: number): void;
  /** Middleware that runs for every route of the router under `prefix`, whenever it was added. */
  middleware(ref: GoRef, prefix: string, names: string[], at: number): void;
  guards(spans: readonly Span[]): string[];
  /** The router an argument evaluates to, if any. */
  router(span: Span): GoRef | undefined;
  /** A router of this file known by a fixed name (Go's default mux). */
  named(name: string, at: number): GoRef;
  /** The argument spans of the call whose `(` is at `open`. */
  arguments(open: number): Span[];
};

/** A Go framework for the walker: its package, constructors and router types, and the meaning of calls on its routers. */
export type GoSpec = {
  id: string;
  /** The framework's import path. */
  imports: RegExp;
  /** Package functions that create a router: `New`, `Default`, `NewRouter`. */
  constructors: RegExp;
  /** Router type names after the package name: `Engine|RouterGroup|IRouter`. */
  types: RegExp;
  /**
   * The package's own router type wrapping a framework's, declared in another file of the
   * package (package-router-wrappers.ts): its name, written without a package, and the
   * package's functions that make one (`newRouter()`).
   */
  local?: { types: ReadonlySet<string>; constructors: ReadonlySet<string> };
  /**
   * Reads the calls of a chain on `ref` (on the package itself when undefined, as Go's
   * `http.HandleFunc`): returns the router the chain evaluates to, `rebind` when it changes
   * the variable it was called on (`r.Use(auth)`), undefined when the chain is not the framework's.
   */
  chain(ctx: GoContext, ref: GoRef | undefined, links: readonly GoLink[]): { ref?: GoRef; rebind?: boolean } | undefined;
  /** A call of the app's own that registers a route itself (Huma's operation literal handed to a wrapper): true when it did. */
  call?(ctx: GoContext, args: readonly Span[], at: number): boolean;
  /**
   * The router method that registers a route by method and path (`Handle`): its value, handed on
   * (`c.accounts.Route(group.Handle)`) to a parameter typed as a function returning the router
   * (`attachHandler func(method, path string, f ...gin.HandlerFunc) gin.IRoutes`), registers on that router.
   */
  handle?: { method: string; parameter: RegExp };
};

/** A Go type as the scope that declares it (a package folder or an import path) and its name. */
export type GoType = { scope: string; type: string };

/** What a walk knows inside one function: routers and typed values by name, and the routers it created. */
export type GoScope = {
  env: Map<string, GoRef>;
  types: Map<string, GoType>;
  name: string;
  created: Set<GoNode>;
  template?: Map<string, string>;
  /** A route wrapper's router parameters, read as a template: by their router, the index of the argument its callers pass theirs in. */
  parameters?: Map<GoNode, number>;
  /** Function literals the function holds in variables, walked where they are used (`m.Group("/hooks", webhookRoutes)`, `setup()`). */
  closures?: Map<string, Span>;
  /** The function's string variables by the literal they are declared with (`webPath := "/"`). */
  locals?: Map<string, string>;
  /** Routers a nested block declares again (`api := api.PathPrefix("/auth").Subrouter()` in `{ ... }`): the name's meaning before, back at the block's end. */
  shadows?: { name: string; end: number; previous: GoRef | undefined }[];
};

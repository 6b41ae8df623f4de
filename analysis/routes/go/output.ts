import { guardedMount } from "../common/mounts.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { join } from "./chain.ts";
import { CANDIDATE } from "../paths.ts";
import type { GoNode, GoRef } from "./types.ts";

/**
 * A route a wrapper function registers with a path it receives (`func (a *App) Get(path string, f
 * HandlerFunc) { a.Router.HandleFunc(path, f).Methods("GET") }`): calls to the wrapper are routes.
 * The path holds a marker per parameter; `handler` is the parameter index of the handler, if passed.
 */
export type Template = { methods: string[]; path: string; owner: GoNode | undefined; guards: string[]; handler: number | string; order: "first" | "last" };

export const MARK = "\u0001";

/**
 * The registrations a Go walk collects, written out at the end, when every router has its
 * final name (a router a function returns takes the function's name once the walk sees the
 * `return`). Routers are written once per name.
 */
export class GoOutput {
  private readonly nodes: GoNode[] = [];
  private readonly routes: (() => Registration)[] = [];
  private readonly mounts: (() => Registration[])[] = [];
  /** Route wrappers by their qualified name. */
  readonly templates = new Map<string, Template[]>();
  /** Functions that return what another function returns: their name, and that function's. */
  private readonly aliases: { name: string; of: string; line: number }[] = [];

  constructor(private readonly framework: string, private readonly source: RouteSource) {}

  node(name: string, at: number): GoNode {
    const node = { name, line: this.source.lineAt(at), emit: true, made: name };
    this.nodes.push(node);
    return node;
  }

  /** `name` returns the router `of` names (`func NewAPI(...) huma.API { api := bridge.New(...); return api }`). */
  alias(name: string, of: string, at: number): void {
    this.aliases.push({ name, of, line: this.source.lineAt(at) });
  }

  named(name: string): GoNode | undefined {
    return this.nodes.find((n) => n.name === name);
  }

  /** A registration whose owner is read when written out. */
  route(registration: () => Registration): void {
    this.routes.push(registration);
  }

  /**
   * Mounts a router (a node of this walk, or one named elsewhere) on `ref` under `prefix`, behind
   * the guards `ref` carries and `guards`. Both names are read when written out, as a router
   * a function returns is renamed then.
   */
  mount(ref: GoRef, prefix: string, child: GoNode | string, guards: readonly string[], at: number): void {
    // Candidates (middleware whose body decides, `?name`) stay on the routes registered on `ref` itself:
    // a router of their own between would change how a router handed back and mounted again is linked.
    const known = [...new Set([...ref.guards, ...guards])].filter((g) => !g.startsWith(CANDIDATE));
    this.mounts.push(() => guardedMount(this.framework, ref.node?.name ?? "", join(ref.prefix, prefix), typeof child === "string" ? child : child.name, known, this.source.lineAt(at), !!ref.prefixUnknown));
  }

  /** Middleware that guards every route of `ref`'s router under its prefix and `prefix`. */
  middleware(ref: GoRef, prefix: string, names: string[], at: number): void {
    this.routes.push(() => ({ type: "use", framework: this.framework, owner: ref.node?.name ?? "", prefix: join(ref.prefix, prefix), args: names, specifiers: [], guards: [], line: this.source.lineAt(at) }));
  }

  /** A point to go back to: what a dry walk (of route wrappers) added is dropped. */
  mark(): [number, number, number, number] {
    return [this.nodes.length, this.routes.length, this.mounts.length, this.aliases.length];
  }

  reset([nodes, routes, mounts, aliases]: [number, number, number, number]): void {
    this.nodes.length = nodes;
    this.routes.length = routes;
    this.mounts.length = mounts;
    this.aliases.length = aliases;
  }

  registrations(): Registration[] {
    const routers = [...new Map(this.nodes.filter((n) => n.emit).map((n) => [n.name, n])).values()];
    // A router renamed for the function that returns it is still found by the name it was made
    // under (`pkg::fn@12`), which another framework's walk of the file mounts (a Huma API on a group).
    const renamed = routers.filter((n) => n.made !== undefined && n.made !== n.name);
    // A router embedded in a struct (`type Handler struct { *mux.Router }`) is found by the field too, as a value of that type is mounted.
    const embedded = routers.filter((n) => n.embedded !== undefined && n.embedded !== n.name && n.embedded !== n.made);
    return [
      ...routers.map((n): Registration => ({ type: "router", framework: this.framework, name: n.name, prefix: "", guards: [], line: n.line, ...(n.handed ? { handed: true } : {}) })),
      ...renamed.map((n): Registration => ({ type: "router", framework: this.framework, name: n.made!, prefix: "", guards: [], aliasOf: n.name, line: n.line })),
      ...embedded.map((n): Registration => ({ type: "router", framework: this.framework, name: n.embedded!, prefix: "", guards: [], aliasOf: n.name, embedded: true, line: n.line })),
      ...this.aliases.map((a): Registration => ({ type: "router", framework: this.framework, name: a.name, prefix: "", guards: [], aliasOf: a.of, line: a.line })),
      ...this.routes.map((r) => r()),
      ...this.mounts.flatMap((m) => m()),
    ];
  }
}
